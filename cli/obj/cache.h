/*
 * objcache.h - the convex hulls of OBJ files, for a whole run of mink.
 *
 * Each OBJ file is read once, whichever path reaches it (files are keyed
 * by their resolved path), and the hull of each of its parts (an object,
 * a group or all its vertices) is built once with mink_hull_build and
 * shared by every pair that names it.  Failures are kept too, so that a
 * missing file costs one look-up per record, not one open(2).  The cache
 * is thread-safe; what it hands out lives until cli_objcache_free.
 */
#ifndef CLI_OBJCACHE_H
#define CLI_OBJCACHE_H

#include "mink.h"
#include "obj/read.h"

/** Room for a cache message, NUL included. */
#define CLI_OBJCACHE_MSG_MAX 256

/** Most notes a hull can carry. */
#define CLI_OBJHULL_NOTES 2

/**
 * The hull of one part of an OBJ file, and what a result should say about
 * it: notes such as "non-convex mesh, its convex hull is used".
 */
typedef struct cli_objhull {
	mink_hull hull;
	int nonconvex; /**< a face of the mesh is not on its hull */
	/** NULL-terminated; notes[0] is NULL when there is nothing to say */
	const char *notes[CLI_OBJHULL_NOTES + 1];
	char text[CLI_OBJHULL_NOTES][96];
} cli_objhull;

/** Why a hull could not be had. */
typedef struct cli_objcache_error {
	/**
	 * "bad_obj": the file cannot be read or is not valid OBJ;
	 * "bad_shape": it has no such object or group, or no vertices.
	 */
	const char *code;
	/** "FILE:LINE: what", "FILE: strerror" or "FILE: what" */
	char message[CLI_OBJCACHE_MSG_MAX];
} cli_objcache_error;

typedef struct cli_objcache cli_objcache;

cli_objcache *cli_objcache_new(void);

/** Frees the cache and every hull it handed out. */
void cli_objcache_free(cli_objcache *c);

/**
 * The hull of part `object` (NULL: every vertex) of OBJ file `path`.  A
 * relative path is taken from directory `dir` (NULL or "": the current
 * directory) and shown so in messages.  Returns NULL with *err filled when
 * there is no such hull.
 */
const cli_objhull *cli_objcache_get(cli_objcache *c, const char *dir,
                                    const char *path, const char *object,
                                    cli_objcache_error *err);

/**
 * Builds the hull of a part and its notes (degenerate point sets,
 * duplicate vertices, a non-convex mesh).  Returns 0, or -1 when the
 * points are unfit for a hull (a coordinate beyond 1e100); exits on lack
 * of memory.  Release with cli_objhull_free.
 */
int cli_objhull_build(const cli_obj_part *part, cli_objhull *out);

void cli_objhull_free(cli_objhull *h);

/**
 * Whether every face of `part` lies on the boundary of its solid hull h
 * (within 1e-6 of the hull's size, so that coordinates written with a few
 * digits do not count).  A face that cuts into the hull, or a vertex of a
 * face strictly inside it, makes the mesh non-convex.  1 when convex.
 */
int cli_obj_faces_on_hull(const cli_obj_part *part, const mink_hull *h);

#endif /* CLI_OBJCACHE_H */
