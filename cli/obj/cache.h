/*
 * cache.h - the convex hulls of OBJ files, for a whole run of mink.
 *
 * Each OBJ file is read once, whichever path reaches it (files are keyed
 * by their resolved path), and the hull of each of its parts (an object,
 * a group or all its vertices) is built once with mink_hull_build and
 * shared by every pair that names it.  Failures are kept too, so that a
 * missing file costs one look-up per record, not one open(2).  The cache
 * is thread-safe; what it hands out lives until cli_objcache_free.
 */
#ifndef CLI_OBJ_CACHE_H
#define CLI_OBJ_CACHE_H

#include "obj/hull.h"

/** Room for a cache message, NUL included. */
#define CLI_OBJCACHE_MSG_MAX 256

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

#endif /* CLI_OBJ_CACHE_H */
