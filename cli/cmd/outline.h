/*
 * outline.h - the outline of a posed shape in a plane, for `mink render`.
 *
 * An outline is the convex polygon of the shape's projection onto a plane
 * spanned by two orthonormal directions (3D) or of the shape itself (2D),
 * in that plane's coordinates.  It is 1 or 2 points long for a point or
 * a segment seen edge-on.
 */
#ifndef CLI_OUTLINE_H
#define CLI_OUTLINE_H

#include <stddef.h>

#include "mink.h"

/** A point of a plane. */
typedef struct cli_pt {
	double x, y;
} cli_pt;

/** A list of points; start from {0}, release p with free(). */
typedef struct cli_pts {
	cli_pt *p;
	size_t n, cap;
} cli_pts;

/** Appends the point (x, y) to l. */
void cli_pts_add(cli_pts *l, double x, double y);

/**
 * The convex hull of l, counter-clockwise, in place; collinear and
 * repeated points dropped, so 1 or 2 points remain for a point or a
 * segment.
 */
void cli_hull2(cli_pts *l);

/** The coordinates of p along ex and ey: p seen in their plane. */
cli_pt cli_project(mink_vec3 p, mink_vec3 ex, mink_vec3 ey);

/**
 * The outline of 3D shape s in pose p, seen in the plane of ex and ey
 * (orthonormal), into out, which starts empty: counter-clockwise, without
 * collinear points.
 */
void cli_outline3(const mink_shape3 *s, const mink_pose3 *p, mink_vec3 ex,
                  mink_vec3 ey, cli_pts *out);

/** The same for 2D shape s in pose p, in world coordinates. */
void cli_outline2(const mink_shape2 *s, const mink_pose2 *p, cli_pts *out);

#endif /* CLI_OUTLINE_H */
