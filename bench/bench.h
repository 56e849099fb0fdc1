/*
 * bench.h - what the kernel benchmark's C driver and its peers share.
 *
 * A pair is described once, library-neutrally (kind, dimensions, pose),
 * and every library under test builds its own shapes from that
 * description before the clock starts.  Included from C and from C++
 * (the Bullet peer), so it holds only plain declarations.
 */
#ifndef BENCH_H
#define BENCH_H

#include "mink.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The shape kinds of the 3D categories. */
typedef enum bench_kind {
	BK_SPHERE,
	BK_BOX,
	BK_CAPSULE,  /* axis = local z */
	BK_CYLINDER, /* axis = local z */
	BK_CONE,     /* axis = local z, apex at +half_height, base at -half_height */
	BK_HULL,     /* convex hull of pts[0..npts-1] (local frame) */
	BK_TRIANGLE  /* the triangle pts[0..2] (npts = 3) */
} bench_kind;

/** A 3D shape in its pose. */
typedef struct bench_shape {
	bench_kind kind;
	double radius;      /* sphere, capsule, cylinder, cone */
	double half_height; /* capsule, cylinder, cone */
	double half[3];     /* box half extents */
	const mink_vec3 *pts; /* hull points, local frame */
	int npts;
	double pos[3];
	double quat[4]; /* unit quaternion w, x, y, z */
	double rot[9];  /* the same rotation, row-major */
} bench_shape;

typedef struct bench_pair {
	bench_shape a, b;
} bench_pair;

/** What a library answered for one pair. */
typedef enum bench_state {
	BS_FAILED = -1,     /* no usable answer */
	BS_SEPARATED = 0,   /* `value` is the distance (> 0) */
	BS_OVERLAPPING = 1, /* `value` is minus the depth */
	BS_SEPARATED_NODIST = 2 /* separation detected, no distance computed */
} bench_state;

typedef struct bench_answer {
	int state;        /* a bench_state */
	double value;     /* signed distance: negative = penetration depth */
	double normal[3]; /* from A towards B, when the library gives one */
} bench_answer;

/** Runs the queries of pairs begin..end-1, answers into out[begin..end-1]. */
typedef void (*bench_run_fn)(void *ctx, int begin, int end, bench_answer *out);

/* ---- Bullet peer (peer_bullet.cc) ---- */

/** Builds Bullet shapes and transforms for n pairs (not timed). */
void *bullet_prepare(const bench_pair *pairs, int n);
/** btGjkEpaSolver2 queries; a bench_run_fn. */
void bullet_run(void *ctx, int begin, int end, bench_answer *out);
void bullet_free(void *ctx);
/** sizeof(btScalar): 8 for the double-precision build. */
int bullet_scalar_size(void);
/** Bullet's version number, e.g. 324. */
int bullet_version(void);

/* ---- libccd peer (peer_ccd.c) ---- */

/** Prepares libccd objects for n pairs (not timed); mpr selects MPR. */
void *ccd_prepare(const bench_pair *pairs, int n, int mpr);
void ccd_run(void *ctx, int begin, int end, bench_answer *out);
void ccd_free(void *ctx);
/** The settings used, for the report. */
const char *ccd_settings(void);

#ifdef __cplusplus
}
#endif

#endif /* BENCH_H */
