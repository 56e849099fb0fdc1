/*
 * internal.h - what the rooms of lib/ share; not installed.
 *
 * Every query runs in the frame of shape A (Box2D does the same): B is
 * carried there by a relative rotation and translation, so precision does
 * not depend on how far the pair sits from the world origin.
 */
#ifndef MINK_INTERNAL_H
#define MINK_INTERNAL_H

#include "mink.h"
#include "vec.h"

/*
 * MK_ASSERT(cond): an invariant of the code, not a check of input (input
 * is checked and reported through the result's status).  It is checked
 * when MINK_DEBUG is defined and in builds with AddressSanitizer or UBSan
 * (gcc: __SANITIZE_ADDRESS__; clang: __has_feature), where a failure
 * prints file:line and the condition and aborts.  Otherwise it compiles to
 * nothing and cond is not evaluated.
 */
#if defined(MINK_DEBUG) || defined(__SANITIZE_ADDRESS__)
#define MK_ASSERT_ON 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define MK_ASSERT_ON 1
#endif
#endif

#ifdef MK_ASSERT_ON
#include <stdio.h>
#include <stdlib.h>
static inline void mk_assert_fail(const char *file, int line, const char *cond)
{
	fprintf(stderr, "%s:%d: mink: assertion failed: %s\n", file, line, cond);
	abort();
}
#define MK_ASSERT(cond) ((cond) ? (void)0 : mk_assert_fail(__FILE__, __LINE__, #cond))
#else
/* sizeof keeps the operands "used" without evaluating them */
#define MK_ASSERT(cond) ((void)sizeof(!(cond)))
#endif

/* x86-64 (SSE2 always): the two-lane scans.  MK_AVX2 where the compiler
 * can also build AVX2 functions (target attributes), which run only when
 * mk_have_avx2() says the CPU has it: the four-lane scans (lib/shape.c)
 * and EPA's search for its closest face (lib/epa3.c). */
#if defined(__SSE2__) && defined(__x86_64__)
#define MK_SSE2 1
#else
#define MK_SSE2 0
#endif
#if MK_SSE2 && (defined(__GNUC__) || defined(__clang__))
#define MK_AVX2 1
#else
#define MK_AVX2 0
#endif

/* The core of a shape: what is left once the sphere-swept radius is off.
 * The fields of mk_shape each kind reads are named after it. */
typedef enum core_type {
	CORE_POINT,     /* the origin */
	CORE_SEGMENT,   /* corner[0], corner[1] */
	CORE_TRIANGLE,  /* corner[0..2] */
	CORE_BOX,       /* half (z = 0 for 2D boxes) */
	CORE_POINTS3,   /* points3[count] */
	CORE_CLIMB3,    /* points3[count] with adjacency: hill-climbing support */
	CORE_POINTS2,   /* points2[count], z = 0 */
	CORE_CYLINDER,  /* radius, half_height */
	CORE_CONE,      /* radius, half_height */
	CORE_ELLIPSOID  /* radii */
} core_type;

typedef struct mk_shape {
	core_type type;
	int smooth;        /* the core is curved: EPA converges, not terminates */
	/* What the core is, in its own frame (see core_type for which kind
	 * reads which): */
	mink_vec3 half;    /* a box's half extents */
	mink_vec3 radii;   /* an ellipsoid's radii */
	double radius;     /* a cylinder's or cone's radius */
	double half_height; /* a cylinder's or cone's half height (apex at +) */
	mink_vec3 corner[3]; /* a segment's two ends, a triangle's three corners */
	const mink_vec3 *points3; /* a hull's points (caller-owned) */
	const double *soa; /* CORE_POINTS3: the same points as x[m], y[m], z[m]
	                      (m = soa_m; query scratch) for the AVX2 scan, or
	                      NULL */
	int soa_m;         /* mk_soa_stride(count), or the other shape's if that
	                      is greater (mk_soa_same_stride) */
	const mink_vec2 *points2; /* a polygon's points (caller-owned) */
	int count;         /* of points3 or points2 */
	const int *adj_start, *adj; /* hull vertex adjacency (CSR) */
	int *cursor;       /* CORE_CLIMB3: vertex of the last support (warm start) */
	int seed[6];       /* CORE_CLIMB3: extreme vertices along +-x, +-y, +-z */
	const int *dir_seed; /* CORE_CLIMB3 of a built hull: a cube map of extreme */
	int dir_res;       /* vertices, 6 * dir_res^2 cells (mk_dir_cell); or NULL */
	const struct mk_walk *walk; /* CORE_CLIMB3 of a built hull: its walk block */
	int *walk_cursor;  /* the record of *cursor's vertex there */
	double margin;     /* total swept radius (radius of sphere/capsule + margin) */
	double bound;      /* bounding radius of the swept shape about its origin */
	/* Placement in the query frame: x_frame = rot * x_local + pos. */
	mat3 rot;
	mink_vec3 pos;
	int identity;      /* rot = I and pos = 0 */
	/* A power of two applied to support points (pos, margin and bound are
	 * stored scaled), 1 but for a point set of a pair far from unit size
	 * whose scaled copy found no memory (query.c, bake_scale: the cores
	 * of such pairs carry their scale in their own numbers).  Exact. */
	double scale;
} mk_shape;

/* Hulls with at least this many points and an adjacency use hill climbing.
 * Measured by bench/support.c (hull of points on a sphere vs a box, gcc and
 * clang -O2, axis-seeded climb): the scan wins by 21% at 8 points and 13%
 * at 32, they tie at 56, the climb wins by 6% at 64, 1.4x at 128, 5x at
 * 1000 and 83x at 100 000. */
#define MK_CLIMB_MIN_POINTS 64

/* Cells per face edge of a built hull's cube map of climbing starts
 * (6 * 8^2 = 384 directions, about 10 degrees apart; bench/support.c),
 * twice as many per edge (1536 cells) on hulls of MK_DIR_FINE_POINTS
 * vertices or more: there a climb from the coarse map's start takes about
 * two steps, each a wait on memory in mixed order (DESIGN.md). */
#ifndef MK_DIR_RES
#define MK_DIR_RES 8
#endif
#define MK_DIR_FINE_POINTS 600

/*
 * A built hull's walk block (mink_hull.walk): each vertex's point, its index
 * and its neighbours in one record, the neighbours named by their records'
 * offsets, so that a step of hill climbing waits for one load from memory
 * (the neighbours' records, all at once) instead of three in a row (the
 * adjacency's start, then the list, then each neighbour's point).  The
 * records lie in the order of their directions on a cube map, so that
 * neighbours share cache lines.  Record at offset r (in doubles) of rec:
 * x, y, z, then int32 vertex, degree and the neighbours' offsets, padded to
 * a double.  The neighbours are in adjacency's order and the cells' starts
 * are dir_seed's vertices: the walk takes support_climb's very path.
 */
typedef struct mk_walk {
	int *seed;    /* [6 dir_res^2]: the record of dir_seed's vertex */
	int *rec_of;  /* [count]: each vertex's record */
	double *rec;
} mk_walk;

/* The walk block of a hull with adjacency and dir_seed, in one allocation
 * (free() releases it); NULL when out of memory. */
mk_walk *mk_walk_build(const mink_vec3 *points, int count, const int *adj_start, const int *adj,
                       const int *dir_seed, int dir_res);

/* The largest |p[i]| (0 for n = 0), robust to tiny coordinates. */
double mk_points_radius(const mink_vec3 *p, int n);
/* The first of p[0, n) with the greatest p.d (n >= 1). */
mink_vec3 mk_support_points3(const mink_vec3 *p, int n, mink_vec3 d);
/* The same point's index, from xyz = x[m], y[m], z[m] (the same points,
 * padded with p[0] to m, a multiple of four at least mk_soa_stride(n)),
 * four at a time: only when mk_have_avx2() (n >= 5). */
int mk_support_soa3(const double *xyz, int m, mink_vec3 d);
/* The indices i < n of the points of such a copy whose dot with d is at
 * least lim, in order, the first max of them in at[]; returns how many. */
int mk_soa_above(const double *xyz, int m, int n, mink_vec3 d, double lim, int *at, int max);
/* Both of two such scans of one stride m, in one loop: *ia along da in a,
 * *ib along db in b. */
void mk_support_soa3_pair(const double *a, const double *b, int m, mink_vec3 da, mink_vec3 db,
                          int *ia, int *ib);
int mk_have_avx2(void);

/* A lower bound on the signed inner distance of query-frame point o in
 * core s (inside: the radius of a ball about o in the core; outside: minus
 * the distance to it), in the plane when dim is 2 (lib/shape.c). */
double mk_inner_distance(const mk_shape *s, mink_vec3 o, int dim);

/* The outward normal (query frame) at the nearest boundary point of a
 * cylinder's or a cone's core to o inside it; 0 when o is outside or s
 * another kind (lib/shape.c). */
int mk_inner_normal(const mk_shape *s, mink_vec3 o, mink_vec3 *n);

/* The point of an ellipsoid core nearest the query-frame point o outside
 * it (the foot of the normal through o); o itself inside it or for other
 * cores (lib/shape.c). */
mink_vec3 mk_ellipsoid_nearest(const mk_shape *s, mink_vec3 o);

/* A boundary point of ellipsoid core s near query-frame point o inside it:
 * its foot, from the root of the inner distance's dual (ellipsoid_inner),
 * put on the boundary; 0 where o is not inside or no point is found. */
int mk_ellipsoid_inner_foot(const mk_shape *s, mink_vec3 o, mink_vec3 *foot);
/* The distance of the query-frame point o from an ellipsoid core's
 * surface, inside or out; 0 for other cores (lib/shape.c). */
double mk_ellipsoid_offset(const mk_shape *s, mink_vec3 o);

/* Concentric inscribed balls about p, q, their midpoint and the shapes'
 * origins: a lower bound on the depth of A and B (lib/shape.c).  With
 * exact set, an ellipsoid's ball is the largest about the point (a root
 * search) instead of the ball of its least radius. */
double mk_ball_bound(const mk_shape *A, const mk_shape *B, mink_vec3 p, mink_vec3 q, int dim,
                     int exact);

/* A lower bound on the depth of the cores of a cylinder or a cone and a
 * polytope of at most 16 points (either order), by slices along the axis,
 * refined until it reaches target or its budget; -INFINITY for other pairs
 * (lib/slice.c). */
double mk_slice_bound(const mk_shape *A, const mk_shape *B, double target);

/* A lower bound on the depth of core O in the cylinder or cone core S, by
 * the circle of S's side normals and O's clearances from S's ends, refined
 * until it comes within goal of the least support distance found on the
 * circle or budget supports are taken; S's normal of that least into
 * *m_best; -INFINITY where S is neither or O passes an end (lib/slice.c). */
double mk_circle_bound(const mk_shape *S, const mk_shape *O, double goal, int budget,
                       mink_vec3 *m_best);

/* The search of mk_ring_bound about a spheroid and any other core: f the
 * support distance of A - B at the answer's normal n on entry; where the
 * search meets a lower one, that and its normal. */
typedef struct mk_ring_off {
	double f;
	mink_vec3 n;
} mk_ring_off;

/* A lower bound on the depth of the cores of A and B where one is a body
 * of revolution and the other's point given (pa of A, pb of B: their
 * supports along n and -n), or a nearby support, lies on its axis within
 * err: target when it reaches that, else -INFINITY (lib/axial.c).  With
 * off, where one is a spheroid, the other anywhere: the target then falls
 * with each lower support distance found, as far below it as it began. */
double mk_ring_bound(const mk_shape *A, const mk_shape *B, mink_vec3 n, mink_vec3 pa,
                     mink_vec3 pb, double target, double err, mk_ring_off *off);

/* Point hulls of 5 to MK_SOA_MAX points are scanned four points at a time
 * from a copy of their coordinates in three arrays, where the CPU has AVX2:
 * each array of mk_soa_stride(count), a multiple of four, padded with the
 * first point.  MK_SOA_MAX is a multiple of four. */
#define MK_SOA_MAX 256
static inline int mk_soa_stride(int n) { return (n + 3) & ~3; }

/* Per-query scratch of one shape: the hill-climbing warm start, the
 * coordinates' copy of the four-lane scan. */
typedef struct mk_scratch {
	int cursor;
	int walk_cursor; /* the cursor's record in a built hull's walk block */
	double soa[3 * MK_SOA_MAX];
} mk_scratch;

/* The core of a public shape that passed mk_shape3_check(s, 0), in its own
 * frame (identity placement), with the per-query scratch it may point into.
 * It checks a hull's points without adjacency itself, in the pass that
 * measures them (MINK_ERR_BAD_SHAPE when one is not finite and in range). */
mink_error mk_shape_from3(const mink_shape3 *s, mk_shape *out, mk_scratch *scratch);
/* A's and B's copies for the four-lane scan (both non-NULL) given one
 * stride, the greater: the shorter's padded further with its first point
 * (lib/shape.c). */
void mk_soa_same_stride(mk_shape *A, mk_shape *B);
/* mink_shape3_check, with the scan of a hull's points or without it. */
mink_error mk_shape3_check(const mink_shape3 *s, int points);
void mk_shape_from2(const mink_shape2 *s, mk_shape *out);
/* A hull's six axis-extreme vertices (climbed from vertex 0) and the
 * largest of their distances from the origin. */
void mk_climb_seeds(const mink_vec3 *points, const int *adj_start, const int *adj, int seed[6],
                    double *bound);
/* The cell of direction d in a cube map of res^2 cells per face; the
 * direction at the centre of a cell (mk_dir_of_cell). */
int mk_dir_cell(mink_vec3 d, int res);
mink_vec3 mk_dir_of_cell(int cell, int res);
/* Fills table[6 * res^2] with the extreme vertex for each cell's centre. */
void mk_climb_table(const mink_vec3 *points, const int *adj_start, const int *adj, int start,
                    int res, int *table);

/* Support point of the core in local direction d (need not be unit). */
mink_vec3 mk_support_local(const mk_shape *s, mink_vec3 d);

/* A point of the core's own frame in the query frame: pos + scale R x. */
static inline mink_vec3 mk_place(const mk_shape *s, mink_vec3 x)
{
	if (s->identity)
		return v3_scale(x, s->scale);
	return v3_mad(s->pos, m3_mul(&s->rot, x), s->scale);
}

/* A point of the query frame in the core's own frame: mk_place undone. */
static inline mink_vec3 mk_unplace(const mk_shape *s, mink_vec3 x)
{
	return v3_scale(m3_tmul(&s->rot, v3_sub(x, s->pos)), 1.0 / s->scale);
}

/* A query-frame direction in the core's own frame (unscaled). */
static inline mink_vec3 mk_local_dir(const mk_shape *s, mink_vec3 d)
{
	return s->identity ? d : m3_tmul(&s->rot, d);
}

/* Support point of the core in the query frame. */
static inline mink_vec3 mk_support(const mk_shape *s, mink_vec3 d)
{
	return mk_place(s, mk_support_local(s, mk_local_dir(s, d)));
}

/* (a - o) x (b - o) in the plane: positive when o, a, b turn left. */
static inline double mk_cross2(const double *o, const double *a, const double *b)
{
	return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/*
 * The convex hull of n >= 1 plane points sorted by x, then y (Andrew's
 * monotone chain): their indices counter-clockwise in idx (room for
 * 2n + 1), the first repeated at the end.  Returns how many indices that
 * is (lib/manifold.c).
 */
int mk_hull_chain2(const double (*u)[2], int n, int *idx);

/*
 * A core's support in one direction as the refinement (lib/refine.c) sees
 * it: the support point, the Jacobian of the support map and the nearest
 * kink of the support function.  Where the support is a flat feature (a
 * face, an edge, a cap or a side line), the support function is not
 * differentiable: its minimiser may sit exactly on the kink, which is a
 * set of directions d given here in the query frame.
 */
typedef enum mk_feature_kind {
	MK_FEATURE_POINT,  /* no kink within the tolerance: the support is unique */
	MK_FEATURE_CIRCLE, /* an edge or side line: directions with d . c = k */
	MK_FEATURE_FACE    /* a face or cap: the one direction d = c */
} mk_feature_kind;

typedef struct mk_feature {
	mink_vec3 p;          /* support point, as mk_support gives it */
	mat3 J;               /* d p / d d at unit d: symmetric, J d = 0 */
	mk_feature_kind kind;
	mink_vec3 c;          /* unit axis of the circle, or the face normal */
	double k;             /* the circle's height d . c (0: a great circle) */
	double ks;            /* its radius sqrt(1 - k^2), from the shape's own
	                         numbers (a flat cone's k is 1 - 2e-12) */
	double off;           /* how far unit d is from the kink (sine-like) */
	mink_vec3 edge[2];    /* circle kinks the refinement tries beside this
	                         one, by their axes (or 0): a face's two edges
	                         at the support corner, the nearer to d first;
	                         a hull vertex's edge circle: its next near tie
	                         off that edge */
} mk_feature;

/* Support of the core in unit direction d (query frame), with its Jacobian
 * and the nearest kink within `tol` (in the units of `off`). */
void mk_support_feature(const mk_shape *s, mink_vec3 d, double tol, mk_feature *f);

/* Newton refinement of the normal of a 3D pair with a curved core
 * (lib/refine.c): on entry n, core (signed core distance) and pa, pb (on
 * the cores) are the GJK/EPA answer; on exit they are the answer at the
 * refined normal, or at n, whichever has the smaller support distance. */
void mk_refine(const mk_shape *A, const mk_shape *B, mink_vec3 *n, double *core,
               mink_vec3 *pa, mink_vec3 *pb);

/* A vertex of the configuration-space obstacle A - B, with its parents. */
typedef struct mk_vertex {
	mink_vec3 w, a, b; /* w = a - b */
} mk_vertex;

/* mk_support_cso for two built hulls that climb over their walk blocks,
 * the two climbs interleaved (lib/shape.c): the same points. */
mk_vertex mk_support_cso_walk(const mk_shape *A, const mk_shape *B, mink_vec3 d);
/* mk_support_cso for two scanned point sets whose copies share a stride
 * (mk_soa_same_stride), both scans in one loop: the same points. */
mk_vertex mk_support_cso_soa(const mk_shape *A, const mk_shape *B, mink_vec3 d);

static inline mk_vertex mk_support_cso(const mk_shape *A, const mk_shape *B, mink_vec3 d)
{
	if (A->walk && B->walk)
		return mk_support_cso_walk(A, B, d);
	if (A->soa && B->soa && A->soa_m == B->soa_m)
		return mk_support_cso_soa(A, B, d);
	mk_vertex v;
	v.a = mk_support(A, d);
	v.b = mk_support(B, v3_neg(d));
	v.w = v3_sub(v.a, v.b);
	return v;
}

typedef struct mk_simplex {
	mk_vertex v[4];
	double bc[4]; /* barycentric weights of the closest point */
	int n;
} mk_simplex;

/* Tolerances of one query, in length units. */
typedef struct mk_tol {
	double rel;     /* relative to the value */
	double abs;     /* size_tolerance * size */
	double core_abs; /* size_tolerance * the cores' size (margins left out):
	                    GJK's share (lib/gjk.c, gjk_slack) */
	double eps;     /* rounding level of the pair: a few ulps of its size */
	double size;
	double margins; /* the margins' sum where both cores are polytopes, else
	                   0: a core distance's relative tolerance is taken on
	                   the distance less it, the value reported */
	int max_gjk, max_epa;
} mk_tol;

/* How far apart two bounds on a value v may be for it to count as
 * certified: the tolerance relative to v, the size's share, rounding. */
static inline double mk_slack(const mk_tol *tol, double v)
{
	return tol->rel * fabs(v) + tol->abs + tol->eps;
}

typedef struct mk_gjk_out {
	mk_simplex s;
	mink_vec3 v;       /* closest point of A - B to the origin */
	double dist;       /* |v| */
	int contained;     /* origin within eps of the simplex: overlap or touch */
	int iterations;
	int capped;        /* stopped by the iteration cap */
	double lower;      /* best lower bound on the distance (> 0 proves separation) */
	double lower_v;    /* the lower bound measured along the reported v */
	mink_vec3 lower_dir; /* the v along which `lower` was measured */
	int converged;     /* stopped on the gap test or at the rounding level */
	int noisy;         /* converged only to the rounding level: v's direction
	                      may be off where |v| is tiny */
} mk_gjk_out;

void mk_gjk(const mk_shape *A, const mk_shape *B, const mk_tol *tol, mk_gjk_out *out);

/* Closest point of a simplex to the origin: reduces s, sets s->bc, returns it. */
mink_vec3 mk_simplex_closest(mk_simplex *s);

/* What EPA (3D or 2D) gives back: the contact in the query frame. */
typedef struct mk_pen {
	double depth;      /* signed: < 0 when a probe found the shapes apart */
	mink_vec3 normal;  /* unit; direction B must move to separate (A to B) */
	mink_vec3 pa, pb;  /* on the cores; pa - pb = depth * normal */
	double lower;      /* a lower bound on depth (-inf: none) */
	int iterations;
	mink_warning warning;
} mk_pen;

void mk_epa3(const mk_shape *A, const mk_shape *B, const mk_simplex *s,
             const mk_tol *tol, mk_pen *out);
void mk_epa2(const mk_shape *A, const mk_shape *B, const mk_simplex *s,
             const mk_tol *tol, mk_pen *out);

/* ---- lib/contact.c: from the closest feature to the reported contact ---- */

/* The pair's answer in A's frame. */
typedef struct mk_answer {
	double distance;
	mink_vec3 normal, pa, pb;
	int gjk_it, epa_it;
	mink_warning warning;
	/* pa and pb are the closest pair to their rounding, not only to the
	 * distance's tolerance (lib/far.c): the patch's deepest contact */
	int exact_pair;
	/* pa and pb a closest pair of a curved shape and another, found by
	 * alternating projections (project_apart, lib/query.c): a curved
	 * point's contact keeps them */
	int projected;
	/* overlapping, its value certified by its bounds alone: its points
	 * are checked on the shapes once the patch is found (lib/query.c) */
	int check_points;
	/* the solver's pair before the refinement (surface points), where
	 * the refinement moved its points off the shapes: the patch's
	 * deepest contact is weighed against it (lib/query.c) */
	int has_alt;
	mink_vec3 alt_pa, alt_pb;
} mk_answer;

/* The points on A and on B that the simplex's weights give (the witness sum
 * of Box2D's b2ComputeWitnessPoints): pa - pb is its closest point. */
void mk_simplex_points(const mk_simplex *s, mink_vec3 *pa, mink_vec3 *pb);

/* Moves pa and pb in opposite senses by half of what their difference
 * misses d, so that pa - pb = d to the last rounding: the two points share
 * the rounding of the weights, a clamp or a gap, and
 * point_b - point_a = distance * normal holds as the contract says. */
void mk_share_difference(mink_vec3 *pa, mink_vec3 *pb, mink_vec3 d);
/* Closest points x on [p0, p1] and y on [q0, q1], two segments that are
 * not parallel (sat.c). */
void mk_segment_points(mink_vec3 p0, mink_vec3 p1, mink_vec3 q0, mink_vec3 q1, mink_vec3 *x,
                       mink_vec3 *y);
/* x, a point of s's support plane along d (query frame), kept within the
 * core where its shape makes that a cheap projection (refine.c). */
mink_vec3 mk_keep_on_core(const mk_shape *s, mink_vec3 d, mink_vec3 x);
/* The same, 1 with the point in *out where the core has a feature to keep
 * it within (a box, a cylinder, a cone, a segment, a triangle, a hull's
 * face of at most RF_FACE_MAX corners), else 0. */
int mk_keep_within(const mk_shape *s, mink_vec3 d, mink_vec3 x, mink_vec3 *out);
/* The same, a hull's face gathered from its corners within reach of its
 * support plane (and within its own rounding). */
int mk_keep_within_reach(const mk_shape *s, mink_vec3 d, mink_vec3 x, double reach,
                         mink_vec3 *out);
/* The same, onto the support feature along d: a box's, and a cylinder's or
 * cone's side line where d lies along it to the rounding. */
int mk_keep_on_feature(const mk_shape *s, mink_vec3 d, mink_vec3 x, double reach,
                       mink_vec3 *out);

/* Two cores far apart: GJK again on the differences of their support
 * points from their supports along *n, which keep the pair exact across
 * nearly parallel flat features.  n, core and the pair are replaced, and
 * it returns 1 where it ends on its gap or a support point met before,
 * 2 where it ends with the gap open, no simplex nearer by the rounding of
 * its projections, else 0 (lib/far.c). */
int mk_far_pair(const mk_shape *A, const mk_shape *B, mink_vec3 *n, double *core, mink_vec3 *pa,
                mink_vec3 *pb);
/* How far a pair (pa on core A, pb on core B) is from being a closest
 * pair: the greater distance of pa from A's point nearest pb and of pb
 * from B's nearest pa (0 for a closest pair of convex sets), NaN where a
 * nearest point is not found to its rounding (lib/far.c). */
double mk_pair_residual(const mk_shape *A, const mk_shape *B, mink_vec3 pa, mink_vec3 pb);
/* Alternating projections from pa (put onto A first): B's point nearest
 * it, A's nearest that, and so on, steady runs summed as their geometric
 * series (Aitken), until a round moves A's point by at most `still`, 32
 * rounds at most; the last pair into *pa, *pb (points of the cores, their
 * distance never growing from the first round on).  0 where a nearest
 * point is not found (lib/far.c). */
int mk_project_pair(const mk_shape *A, const mk_shape *B, double still, mink_vec3 *pa,
                    mink_vec3 *pb);
/* A pair from a flat face of S that looks most along the query-frame
 * direction d (towards O): O's support point against the face's normal
 * into *po, S's point nearest it into *ps (closed form); 1 where S has
 * such a face (a box's, a cylinder's cap, a cone's base, a triangle), a
 * candidate for the closest pair of two far, nearly parallel features
 * whose support distance cannot place it (lib/far.c). */
int mk_face_pair(const mk_shape *S, const mk_shape *O, mink_vec3 d, mink_vec3 *ps,
                 mink_vec3 *po);
/* Alternating projections from the pair (*pa, *pb), whose normal is n:
 * A's point nearest B's, then B's nearest that, until neither moves more
 * than `still` within `rounds`, and where a round then shrinks a step
 * across n at least twice (so that the pair is within the rounding of
 * their limit, a closest pair): 1, the pair into *pa and *pb; else 0, as
 * where a shape has no closed-form nearest point (hulls, ellipsoids;
 * lib/far.c).  Fast where the features lie apart across the normal (a
 * rim beside an edge), slow where they slide along each other (a line
 * along a rim it nearly touches) or face each other (mk_face_pair). */
int mk_alternate_pair(const mk_shape *A, const mk_shape *B, mink_vec3 n, mink_vec3 *pa,
                      mink_vec3 *pb, int rounds, double still);

/* The distance of the query-frame point x from core s: 0 inside it, to
 * its rounding; INFINITY where the nearest point is not found (a hull's,
 * by mk_far_pair; lib/far.c). */
double mk_core_offset(const mk_shape *s, mink_vec3 x);

/* mk_core_offset, but for a point set of at most MK_EXACT_SET points the
 * distance from its hull's boundary (a point inside counts by its depth),
 * by brute force over its triangles, and for a larger 3D set its distance
 * by GJK from the point (0 inside): the search may miss by much (a point
 * on a prism 102 long and 0.004 across was read 5e-4 off it). */
#define MK_EXACT_SET 16
double mk_exact_offset(const mk_shape *s, mink_vec3 x);
/* mk_exact_offset, where a point no farther than `enough` need not be
 * measured exactly: the points of the set's top face along d (and any
 * within a millionth of its reach below it) are tried first, whose hull
 * lies within the set's, and where x lies within `enough` of theirs, that
 * distance is returned (the answers' points on a face: a few triangles,
 * not all of them).  A larger 3D set: mk_exact_offset; a plane set: 0,
 * not measured. */
double mk_offset_within(const mk_shape *s, mink_vec3 x, mink_vec3 d, double enough);

/* mk_core_offset, but 0 where a point set's search finds no distance (a
 * point on it: its touching search need not end on its gap): on a
 * polytope the answers' points are its support points or carried onto
 * its support plane. */
double mk_point_off(const mk_shape *s, mink_vec3 x);

/* p moved along unit n onto the plane through s normal to n (a shape's
 * support plane, s its support point along n). */
mink_vec3 mk_onto_plane(mink_vec3 p, mink_vec3 n, mink_vec3 s);

/* A pair of polytope cores that GJK left uncertified apart (nearly
 * parallel faces, whose supports along v tie to the rounding level): the
 * nearest pair of the features within a slop of the bounds' gap along n
 * is found by brute force, and where the support gap along its direction
 * meets its distance within the tolerance, it replaces the answer (n,
 * core, pa, pb in the query frame).  Returns 1 when it is certified. */
int mk_polish_apart(const mk_shape *A, const mk_shape *B, int dim, const mk_tol *tol,
                    mink_vec3 *n, double *core, mink_vec3 *pa, mink_vec3 *pb);

/* One point of the contact patch in the query frame (lib/manifold.c). */
typedef struct mk_contact {
	mink_vec3 pa, pb; /* on A's and B's surfaces: pb - pa = distance * normal */
	double distance;
} mk_contact;

/* The contact patch of an answered pair (A, B as the solver had them: a
 * pair far from unit size scaled, see mk_shape.scale; in the query
 * frame): up to o->max_contacts points in out[], deepest first, the first
 * with the answer's distance.  `size` is the pair's extent and `eps` its
 * rounding level.  Apart, a patch whose points certify a smaller distance
 * (its support gap along the normal meets it) replaces the answer's
 * distance and clears its warning.  Returns the number of points (>= 1). */
int mk_manifold(const mk_shape *A, const mk_shape *B, int dim, mk_answer *ans,
                double eps, double size, const mink_options *o, mk_contact *out);

/* The result of an answer: its state (within eps of contact it is touching,
 * the points met halfway), the points in world space (A's frame turned by
 * ra and moved to origin) and in each shape's own frame (B placed in A's),
 * the normal in world space and its tangents.  3D and 2D (z = 0, one
 * tangent: the normal turned +90 degrees); the count points of the patch the
 * same way. */
void mk_contact_result3(mink_result *out, const mk_answer *ans, double eps, const mat3 *ra,
                        mink_vec3 origin, const mk_shape *B,
                        const mk_contact *patch, int count);
void mk_contact_result2(mink_result *out, const mk_answer *ans, double eps, const mat3 *ra,
                        mink_vec3 origin, const mk_shape *B,
                        const mk_contact *patch, int count);

/* ---- lib/query.c and lib/axial.c: which solver answers ---- */

/* Two 3D cores by separating axes (lib/sat.c): two boxes in closed form,
 * overlapping or certified apart; a box, triangle or segment core against
 * another of them (not two segments) when they overlap.  1 with *ans filled
 * (normal, distance, points on the swept surfaces); 0 for GJK to answer:
 * other kinds, touching within tol->eps, apart uncertified, or the normal
 * in doubt. */
int mk_sat(const mk_shape *A, const mk_shape *B, const mk_tol *tol, mk_answer *ans);

/* Two point or segment cores (not both points) in closed form, when the
 * closest points certify themselves; 0 otherwise (lib/segments.c). */
int mk_solve_segments(const mk_shape *A, const mk_shape *B, const mk_tol *tol, mk_answer *ans);

/* Solves a pair of unit size (lib/query.c): the closed form of two points,
 * the coaxial solver, or GJK, EPA and the refinement.  *eps_out is the
 * rounding level of the pair, below which a distance is contact. */
void mk_solve_unit(const mk_shape *A, const mk_shape *B, int dim, const mink_options *o,
                   mk_answer *ans, double *eps_out);

/* Coaxial bodies of revolution (lib/axial.c): when both cores turn about
 * one axis (within the tolerance), solves their plane section in 2D and
 * returns 1 with the certified answer; 0 when the pair is not such or the
 * section could not be certified. */
int mk_solve_axial(const mk_shape *A, const mk_shape *B, const mink_options *o,
                   double tol_rel, double tol_abs, mk_answer *ans);

#endif /* MINK_INTERNAL_H */
