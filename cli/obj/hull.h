/*
 * hull.h - the convex hull of one part of an OBJ file, with the notes a
 * result carries about it (a flat or non-convex mesh, duplicate vertices).
 */
#ifndef CLI_OBJ_HULL_H
#define CLI_OBJ_HULL_H

#include "mink.h"
#include "obj/read.h"

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

#endif /* CLI_OBJ_HULL_H */
