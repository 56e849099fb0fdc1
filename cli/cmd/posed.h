/*
 * posed.h - support points of posed shapes, for `mink gen` (extents)
 * and `mink render` (outlines).
 *
 * The library keeps its support functions private; these follow the
 * shapes' definitions in DESIGN.md.  They use no libm function but sqrt,
 * which IEEE 754 rounds correctly, so what gen computes with them is the
 * same on every machine.
 */
#ifndef CLI_CMD_POSED_H
#define CLI_CMD_POSED_H

#include "mink.h"

/* Small vector helpers for the subcommands' geometry. */
static inline mink_vec3 cli_v3(double x, double y, double z)
{
	mink_vec3 r = {x, y, z};

	return r;
}

static inline mink_vec2 cli_v2(double x, double y)
{
	mink_vec2 r = {x, y};

	return r;
}

static inline double cli_dot3(mink_vec3 a, mink_vec3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

/** q scaled to unit length (q must not be zero). */
mink_quat cli_quat_unit(mink_quat q);

/** v rotated by the unit quaternion q. */
mink_vec3 cli_rotate3(mink_quat q, mink_vec3 v);

/** v rotated by the inverse of the unit quaternion q. */
mink_vec3 cli_unrotate3(mink_quat q, mink_vec3 v);

/**
 * The point of shape s in pose p (world space) farthest along d (d != 0),
 * margin included.  The pose's quaternion need not be unit.
 */
mink_vec3 cli_support3(const mink_shape3 *s, const mink_pose3 *p, mink_vec3 d);

/**
 * The 2D counterpart: s at `position`, turned by the rotation whose cosine
 * and sine are c and sn (given, so that callers choose how to get them).
 */
mink_vec2 cli_support2(const mink_shape2 *s, mink_vec2 position, double c,
                       double sn, mink_vec2 d);

/** A point inside s (or on it, when it is flat), in its own frame. */
mink_vec3 cli_center3(const mink_shape3 *s);

/** A point inside s (or on it, when it is flat), in its own frame. */
mink_vec2 cli_center2(const mink_shape2 *s);

/**
 * The vertices of a polytope shape in its own frame (box corners, hull,
 * segment and triangle points, the point), margin not included: the
 * first `max` are written to out, and their number is returned (which may
 * be more than max: call again with room for all).  Returns -1 for
 * a smooth shape (sphere, capsule, cylinder, cone, ellipsoid), whose
 * outline must be sampled with cli_support3.
 */
int cli_vertices3(const mink_shape3 *s, mink_vec3 *out, int max);

/** The 2D counterpart of cli_vertices3 (-1 for circles and capsules). */
int cli_vertices2(const mink_shape2 *s, mink_vec2 *out, int max);

#endif /* CLI_CMD_POSED_H */
