/*
 * test_oracle3.c - random 3D convex pairs against the brute-force oracles.
 *
 * Seeded random hulls (4..12 points, random sizes, rotations and
 * positions) are queried with MINK_HULL shapes and compared with the
 * separating-axis oracle (overlapping pairs) and the feature-pair distance
 * oracle (separated pairs).  Also: boxes against the hulls of their
 * corners; degenerate point sets (1, 2, 3 points, coplanar, repeated);
 * sphere-swept shapes (spheres, capsules, hulls and boxes with margins),
 * whose answer is the oracle's answer for their cores minus the radii;
 * hulls given with hundreds of extra inner points, against the oracle on
 * their extreme points; pairs in contact or within 1e-10 of it; and the
 * options (loose tolerances, iteration caps).  The first failing cases are
 * printed as JSON pairs that the mink tool reads, to reproduce them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mink.h"
#include "oracle.h"
#include "testutil.h"

enum {
	MAXP = 32,
	MAXBIG = 600,
	N_OVERLAP = 1000,
	N_SEPARATED = 1000,
	N_BOX = 250,
	N_DEGENERATE = 200,
	N_SWEPT = 1000,
	N_INTERIOR = 300,
	N_TOUCHING = 1400,
	N_OPTIONS = 200
};

#define DEPTH_REL 1e-9   /* depth and distance, relative */
#define SIZE_ABS 1e-12   /* absolute floor, times the pair's size */
#define NORMAL_TOL 1e-6
#define POINT_TOL 1e-7   /* closest points where unique, times the size */
#define PLANE_REL 1e-9   /* support planes, relative to the coordinates */

enum kind { K_HULL, K_BOX, K_PRIM, K_SPHERE, K_CAPSULE };

/*
 * A convex shape and its core, the point set the oracles see: a hull, a
 * box and its corners, a point/segment/triangle, a sphere (core: its
 * centre) or a capsule (core: its segment), any of them swept by a margin.
 */
typedef struct body {
	enum kind kind;
	mink_vec3 local[MAXP];
	mink_vec3 world[MAXP];
	int n;
	int full;            /* the core spans 3D */
	mink_vec3 half;      /* box half extents */
	double r, hh;        /* sphere or capsule radius, capsule half height */
	double margin;
	const mink_vec3 *big; /* if set, mink gets these nbig points instead: */
	int nbig;             /* the same hull with extra inner points */
	mink_pose3 pose;
	double radius;       /* of the core about the pose position */
} body;

/* The radius the core is swept by. */
static double sweep(const body *b)
{
	return b->margin + (b->kind == K_SPHERE || b->kind == K_CAPSULE ? b->r : 0.0);
}

/* The body as mink sees it: as the hull of its core swept by sweep()
 * (as_hull), or as its own kind. */
static mink_shape3 shape_of(const body *b, int as_hull)
{
	mink_shape3 s = b->big ? tu_hull(b->big, b->nbig) : tu_hull(b->local, b->n);
	if (as_hull) {
		s.margin = sweep(b);
		return s;
	}
	switch (b->kind) {
	case K_HULL:
		break;
	case K_BOX:
		s = tu_box(b->half.x, b->half.y, b->half.z);
		break;
	case K_PRIM:
		memset(&s, 0, sizeof s);
		s.type = b->n == 1 ? MINK_POINT : b->n == 2 ? MINK_SEGMENT : MINK_TRIANGLE;
		for (int i = 0; i < b->n && b->n > 1; i++) {
			if (b->n == 2)
				s.segment.points[i] = b->local[i];
			else
				s.triangle.points[i] = b->local[i];
		}
		break;
	case K_SPHERE:
		s = tu_sphere(b->r);
		break;
	case K_CAPSULE:
		s = tu_capsule(b->r, b->hh);
		break;
	}
	s.margin = b->margin;
	return s;
}

static void place(body *b)
{
	b->radius = 0;
	for (int i = 0; i < b->n; i++) {
		b->world[i] = tu_to_world3(&b->pose, b->local[i]);
		b->radius = fmax(b->radius, tu_norm(b->local[i]));
	}
}

static void random_pose(tu_rng *r, body *b, double spread)
{
	mink_vec3 p = tu_rng_box(r, -spread, spread);
	b->pose = tu_pose3(p.x, p.y, p.z, tu_rng_quat(r));
}

static void clear(body *b, enum kind k)
{
	b->kind = k;
	b->full = 0;
	b->r = b->hh = b->margin = 0;
	b->big = NULL;
	b->nbig = 0;
}

/* Whether the points span 3D: some point clearly off the plane of some
 * well-shaped triple. */
static int spans3(const mink_vec3 *p, int n)
{
	double scale = oracle_radius3(p, n, p[0]);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			for (int k = j + 1; k < n; k++) {
				mink_vec3 u = tu_sub(p[j], p[i]), v = tu_sub(p[k], p[i]);
				mink_vec3 c = tu_cross(u, v);
				double len = tu_norm(c);
				if (!(len > 1e-6 * tu_norm(u) * tu_norm(v)))
					continue;
				for (int m = 0; m < n; m++) {
					double off = fabs(tu_dot(c, tu_sub(p[m], p[i])));
					if (off > 1e-6 * len * scale)
						return 1;
				}
			}
	return 0;
}

/*
 * 4..12 points in a box, on an ellipsoid, in a ball, or on a coarse grid
 * (with exactly coplanar faces, collinear and repeated points), of varied
 * size.
 */
static void random_hull(tu_rng *r, body *b)
{
	clear(b, K_HULL);
	b->full = 1;
	b->n = tu_rng_int(r, 4, 12);
	double s = tu_rng_int(r, 0, 9) == 0 ? tu_rng_log_range(r, 0.02, 50.0)
	                                    : tu_rng_log_range(r, 0.2, 5.0);
	mink_vec3 ax = tu_scale(tu_rng_box(r, 0.3, 1.0), s);
	mink_vec3 off = tu_scale(tu_rng_in_ball(r), 0.3 * s);
	int thin = tu_rng_int(r, 0, 19);
	if (thin == 0) /* a plate */
		ax.z *= tu_rng_log_range(r, 1e-3, 1e-1);
	else if (thin == 1) { /* a needle */
		ax.y *= tu_rng_log_range(r, 1e-3, 1e-1);
		ax.z *= tu_rng_log_range(r, 1e-3, 1e-1);
	}
	int kind = tu_rng_int(r, 0, 3);
	do {
		for (int i = 0; i < b->n; i++) {
			mink_vec3 v;
			if (kind == 0)
				v = tu_rng_box(r, -1, 1);
			else if (kind == 1)
				v = tu_rng_unit_vec3(r);
			else if (kind == 2)
				v = tu_rng_in_ball(r);
			else {
				double gx = 0.5 * tu_rng_int(r, -2, 2);
				double gy = 0.5 * tu_rng_int(r, -2, 2);
				v = tu_v3(gx, gy, 0.5 * tu_rng_int(r, -2, 2));
			}
			b->local[i] = tu_add(off, tu_v3(v.x * ax.x, v.y * ax.y, v.z * ax.z));
		}
	} while (!spans3(b->local, b->n));
}

static void random_box(tu_rng *r, body *b)
{
	clear(b, K_BOX);
	b->full = 1;
	b->n = 8;
	double s = tu_rng_log_range(r, 0.2, 4.0);
	b->half = tu_scale(tu_rng_box(r, 0.2, 1.0), s);
	for (int i = 0; i < 8; i++)
		b->local[i] = tu_v3(i & 1 ? b->half.x : -b->half.x, i & 2 ? b->half.y : -b->half.y,
		                    i & 4 ? b->half.z : -b->half.z);
}

/* Point sets that do not span 3D, or repeat points. */
static void random_degenerate(tu_rng *r, body *b)
{
	clear(b, K_HULL);
	double s = tu_rng_log_range(r, 0.3, 3.0);
	int kind = tu_rng_int(r, 0, 4);
	switch (kind) {
	case 0: /* one point, at the local origin so that it is a MINK_POINT */
	case 1: /* a segment */
	case 2: /* a triangle */
		b->kind = K_PRIM;
		b->n = kind + 1;
		for (int i = 0; i < b->n; i++)
			b->local[i] = kind == 0 ? tu_v3(0, 0, 0) : tu_scale(tu_rng_in_ball(r), s);
		break;
	case 3: { /* 4..8 coplanar points */
		b->n = tu_rng_int(r, 4, 8);
		mink_vec3 u = tu_rng_unit_vec3(r);
		mink_vec3 v = tu_normalize(tu_cross(u, tu_rng_unit_vec3(r)));
		for (int i = 0; i < b->n; i++) {
			double su = s * tu_rng_range(r, -1, 1);
			double sv = s * tu_rng_range(r, -1, 1);
			b->local[i] = tu_add(tu_scale(u, su), tu_scale(v, sv));
		}
		break;
	}
	default: /* a solid hull with every point given twice */
		random_hull(r, b);
		for (int i = 0; i < b->n; i++)
			b->local[b->n + i] = b->local[i];
		b->n *= 2;
		break;
	}
}

/* A sphere, a capsule, or a hull or box with a margin (or none). */
static void random_swept(tu_rng *r, body *b)
{
	int kind = tu_rng_int(r, 0, 3);
	double margin = tu_rng_int(r, 0, 1) ? 0.0 : tu_rng_log_range(r, 1e-3, 0.5);
	switch (kind) {
	case 0:
		clear(b, K_SPHERE);
		b->r = tu_rng_log_range(r, 0.05, 1.5);
		b->n = 1;
		b->local[0] = tu_v3(0, 0, 0);
		break;
	case 1:
		clear(b, K_CAPSULE);
		b->r = tu_rng_log_range(r, 0.05, 1.0);
		b->hh = tu_rng_int(r, 0, 9) == 0 ? 0.0 : tu_rng_range(r, 0.05, 1.5);
		b->n = 2;
		b->local[0] = tu_v3(0, 0, -b->hh);
		b->local[1] = tu_v3(0, 0, b->hh);
		break;
	case 2:
		random_hull(r, b);
		break;
	default:
		random_box(r, b);
		break;
	}
	b->margin = margin;
}

/* A random hull, or a box, given to mink with up to 500 more points inside
 * or on it (convex combinations of its points; for a box also the lattice
 * of its face centres, edge midpoints and centre), shuffled. */
static void random_with_interior(tu_rng *r, body *b, mink_vec3 *big)
{
	int is_box = tu_rng_int(r, 0, 2) == 0;
	if (is_box)
		random_box(r, b);
	else
		random_hull(r, b);
	b->kind = K_HULL;
	int m = 0;
	for (int i = 0; i < b->n; i++)
		big[m++] = b->local[i];
	if (is_box && tu_rng_int(r, 0, 1) == 0)
		for (int i = 0; i < 27; i++)
			if (i != 0 && i != 2 && i != 6 && i != 8 && i != 18 && i != 20 && i != 24 &&
			    i != 26) /* not a corner */
				big[m++] = tu_v3(b->half.x * (i % 3 - 1),
				                 b->half.y * (i / 3 % 3 - 1),
				                 b->half.z * (i / 9 - 1));
	int extra = tu_rng_int(r, 20, 500);
	for (int k = 0; k < extra && m < MAXBIG; k++) {
		/* a random convex combination of 1..4 of the points */
		int parts = tu_rng_int(r, 1, 4);
		double w[4], sum = 0;
		for (int j = 0; j < parts; j++)
			sum += w[j] = tu_rng_range(r, 0.01, 1.0);
		mink_vec3 p = tu_v3(0, 0, 0);
		for (int j = 0; j < parts; j++)
			p = tu_add(p, tu_scale(b->local[tu_rng_int(r, 0, b->n - 1)], w[j] / sum));
		big[m++] = p;
	}
	for (int i = m - 1; i > 0; i--) {
		int j = tu_rng_int(r, 0, i);
		mink_vec3 t = big[i];
		big[i] = big[j];
		big[j] = t;
	}
	b->big = big;
	b->nbig = m;
}

static void print_points(const mink_vec3 *p, int n)
{
	for (int i = 0; i < n; i++)
		print_error("%s[%.17g, %.17g, %.17g]", i ? ", " : "", p[i].x, p[i].y, p[i].z);
}

static void print_shape(const char *key, const body *b, int as_hull)
{
	const mink_pose3 *p = &b->pose;
	mink_shape3 s = shape_of(b, as_hull);
	print_error("\"%s\": {", key);
	switch (s.type) {
	case MINK_BOX:
		print_error("\"type\": \"box\", \"half_extents\": [%.17g, %.17g, %.17g]",
		            s.box.half_extents.x, s.box.half_extents.y, s.box.half_extents.z);
		break;
	case MINK_SPHERE:
		print_error("\"type\": \"sphere\", \"radius\": %.17g", s.sphere.radius);
		break;
	case MINK_CAPSULE:
		print_error("\"type\": \"capsule\", \"radius\": %.17g, \"half_height\": %.17g",
		            s.capsule.radius, s.capsule.half_height);
		break;
	case MINK_POINT:
		print_error("\"type\": \"point\"");
		break;
	case MINK_SEGMENT:
		print_error("\"type\": \"segment\", \"points\": [");
		print_points(s.segment.points, 2);
		print_error("]");
		break;
	case MINK_TRIANGLE:
		print_error("\"type\": \"triangle\", \"points\": [");
		print_points(s.triangle.points, 3);
		print_error("]");
		break;
	default:
		print_error("\"type\": \"hull\", \"points\": [");
		print_points(s.hull.points, s.hull.count);
		print_error("]");
		break;
	}
	if (s.margin != 0)
		print_error(", \"margin\": %.17g", s.margin);
	print_error(", \"position\": [%.17g, %.17g, %.17g], "
	            "\"rotation\": [%.17g, %.17g, %.17g, %.17g]}",
	            p->position.x, p->position.y, p->position.z, p->rotation.w, p->rotation.x,
	            p->rotation.y, p->rotation.z);
}

static int dumped;

/* Prints the pair as a mink input record, for the first few failures. */
static void dump(const char *id, const body *a, int a_hull, const body *b, int b_hull)
{
	if (dumped++ >= 6)
		return;
	print_error("reproducer (one NDJSON record for the mink tool):\n");
	print_error("{\"id\": \"%s\", \"dim\": 3, ", id);
	print_shape("a", a, a_hull);
	print_error(", ");
	print_shape("b", b, b_hull);
	print_error("}\n");
}

static mink_result run_opt(const body *a, int a_hull, const body *b, int b_hull,
                           const mink_options *opt)
{
	mink_shape3 sa = shape_of(a, a_hull), sb = shape_of(b, b_hull);
	mink_result r;
	tu_poison(&r);
	mink_status st = mink_query3(&sa, &a->pose, &sb, &b->pose, opt, &r);
	CHECK(st == r.status, "returned %d, result status %d", (int)st, (int)r.status);
	return r;
}

static mink_result run(const body *a, int a_hull, const body *b, int b_hull)
{
	return run_opt(a, a_hull, b, b_hull, NULL);
}

static double size_of(const body *a, const body *b)
{
	return fmax(1.0, a->radius + b->radius + sweep(a) + sweep(b));
}

/*
 * Checks a pair against the oracle answers for the cores: the depth of
 * overlapping cores plus the sweeps (dist == NULL), or the distance of
 * separated cores minus the sweeps.  Returns the number of failed checks.
 */
static int check_pair(const body *a, int a_hull, const body *b, int b_hull,
                      const oracle_sat *sat, const oracle_dist *dist)
{
	int before = tu_failures();
	double S = size_of(a, b), RA = sweep(a), RB = sweep(b);
	double coord = S + tu_norm(a->pose.position) + tu_norm(b->pose.position);
	double want;
	mink_vec3 n, pa = {0, 0, 0}, pb = {0, 0, 0};
	int n_known, p_known = 0;
	if (!dist) {
		n = sat->axis;
		want = -(sat->value + RA + RB);
		n_known = sat->unique;
	} else {
		/* the direction between closest points is unique even when
		 * they are not */
		n = tu_scale(tu_sub(dist->point_b, dist->point_a), 1.0 / dist->distance);
		want = dist->distance - RA - RB;
		n_known = 1;
		p_known = dist->unique;
		pa = tu_add(dist->point_a, tu_scale(n, RA));
		pb = tu_sub(dist->point_b, tu_scale(n, RB));
	}
	mink_result r = run(a, a_hull, b, b_hull);
	if (CHECK_RESULT3(&r, &a->pose, &b->pose, 1e-9 * S)) {
		if (want < -SIZE_ABS * S)
			CHECK(r.state == MINK_PENETRATING, "state %d, want penetrating",
			      (int)r.state);
		else if (want > SIZE_ABS * S)
			CHECK(r.state == MINK_SEPARATED, "state %d, want separated", (int)r.state);
		CHECK_NEAR("distance vs oracle", r.distance, want, SIZE_ABS * S, DEPTH_REL);
		if (n_known)
			CHECK_VEC3("normal vs oracle", r.normal, n, NORMAL_TOL);
		if (p_known) {
			CHECK_VEC3("point_a vs oracle", r.point_a, pa, POINT_TOL * S);
			CHECK_VEC3("point_b vs oracle", r.point_b, pb, POINT_TOL * S);
		}
		/* along the normal, B moved by -distance touches A */
		double amax = oracle_support_max3(a->world, a->n, r.normal) + RA;
		double bmin = oracle_support_min3(b->world, b->n, r.normal) - RB;
		CHECK_NEAR("separating translation along normal", amax - bmin, -want,
		           SIZE_ABS * S, DEPTH_REL);
		/* the contact points are on the support planes, inside the bodies */
		CHECK_NEAR("point_a.normal vs max over A", tu_dot(r.point_a, r.normal), amax,
		           PLANE_REL * coord, 0);
		CHECK_NEAR("point_b.normal vs min over B", tu_dot(r.point_b, r.normal), bmin,
		           PLANE_REL * coord, 0);
		if (a->full) {
			double out = oracle_outside_hull3(a->world, a->n, r.point_a);
			CHECK(out <= RA + PLANE_REL * coord, "point_a %.3g outside A", out - RA);
		}
		if (b->full) {
			double out = oracle_outside_hull3(b->world, b->n, r.point_b);
			CHECK(out <= RB + PLANE_REL * coord, "point_b %.3g outside B", out - RB);
		}
	}
	int bad = tu_failures() - before;
	if (bad) {
		if (dist)
			print_error("  oracle: core distance %.17g, sweeps %.17g + %.17g, "
			            "unique %d (second %.17g)\n",
			            dist->distance, RA, RB, dist->unique, dist->second);
		else
			print_error("  oracle: core depth %.17g, sweeps %.17g + %.17g, "
			            "axis (%.17g, %.17g, %.17g) unique %d (second %.17g)\n",
			            sat->value, RA, RB, sat->axis.x, sat->axis.y, sat->axis.z,
			            sat->unique, sat->second);
		tu_print_result(&r);
	}
	return bad;
}

static mink_vec3 centroid(const mink_vec3 *p, int n)
{
	mink_vec3 c = tu_v3(0, 0, 0);
	for (int i = 0; i < n; i++)
		c = tu_add(c, p[i]);
	return tu_scale(c, 1.0 / n);
}

/* Moves B along d by t and refreshes its world points. */
static void shift(body *b, mink_vec3 d, double t)
{
	b->pose.position = tu_add(b->pose.position, tu_scale(d, t));
	place(b);
}

/*
 * Places B near A with overlapping cores (want_overlap) or separated
 * cores, by rejection against the oracle; a fifth of the pairs are then
 * pushed to a shallow depth, or pulled to a small gap (between the swept
 * surfaces when there are sweeps, which then overlap or not by a hair).
 * Fills the oracle answers; returns the number of draws.
 */
static int arrange(tu_rng *r, body *a, body *b, int want_overlap, oracle_sat *sat,
                   oracle_dist *dist)
{
	double sweeps = sweep(a) + sweep(b);
	memset(sat, 0, sizeof *sat);
	memset(dist, 0, sizeof *dist);
	for (int attempt = 1;; attempt++) {
		/* the draw below succeeds often; a stuck loop is a test bug */
		assert_true(attempt < 1000);
		random_pose(r, a, 10.0);
		place(a);
		/* centroids together, then B moved off by a fraction of the
		 * sum of the radii about the centroids */
		b->pose.rotation = tu_rng_quat(r);
		b->pose.position = tu_v3(0, 0, 0);
		place(b);
		mink_vec3 ca = centroid(a->world, a->n), cb = centroid(b->world, b->n);
		double reach = oracle_radius3(a->world, a->n, ca) +
		               oracle_radius3(b->world, b->n, cb) + sweeps;
		reach = fmax(reach, 0.25); /* two single points have no extent */
		/* with centroids together, the cores overlap: thin shapes
		 * need ever smaller offsets */
		double t = want_overlap ? tu_rng_range(r, 0.0, 0.5 / (1 + attempt / 10.0))
		                        : tu_rng_range(r, 0.3, 1.3);
		shift(b, tu_sub(ca, cb), 1.0);
		shift(b, tu_rng_unit_vec3(r), t * reach);
		if (want_overlap) {
			oracle_sat3(a->world, a->n, b->world, b->n, sat);
			if (!(sat->value > 1e-6 * reach))
				continue;
			if (tu_rng_int(r, 0, 4) == 0) {
				/* shallow: the depth drops by exactly the push */
				double keep = sat->value * tu_rng_log_range(r, 1e-6, 1e-2);
				shift(b, sat->axis, sat->value - keep);
				oracle_sat3(a->world, a->n, b->world, b->n, sat);
				if (!(sat->value > 1e-9 * reach))
					continue;
			}
			return attempt;
		}
		/* two sets too small to have candidate axes (a point and a
		 * segment) never overlap in general position */
		if (!oracle_separated3(a->world, a->n, b->world, b->n))
			continue;
		oracle_dist3(a->world, a->n, b->world, b->n, dist);
		if (tu_rng_int(r, 0, 4) == 0) {
			/* moving B along the closest direction changes the gap by
			 * exactly the move */
			mink_vec3 n = tu_normalize(tu_sub(dist->point_b, dist->point_a));
			double s = tu_rng_log_range(r, 1e-6, 1e-2);
			double target = sweeps > 0 ? sweeps * (1 + (tu_rng_int(r, 0, 1) ? s : -s))
			                           : dist->distance * s;
			shift(b, n, target - dist->distance);
			if (!oracle_separated3(a->world, a->n, b->world, b->n))
				continue;
			oracle_dist3(a->world, a->n, b->world, b->n, dist);
		}
		if (!(dist->distance > 1e-9 * reach))
			continue;
		return attempt;
	}
}

/* (b, a), each as its own kind: the oracle answers with the roles swapped. */
static int check_swapped(const body *a, const body *b, const oracle_dist *dist, int overlap)
{
	oracle_sat s2;
	oracle_dist d2 = *dist;
	memset(&s2, 0, sizeof s2);
	if (overlap)
		oracle_sat3(b->world, b->n, a->world, a->n, &s2);
	d2.point_a = dist->point_b;
	d2.point_b = dist->point_a;
	return check_pair(b, 0, a, 0, &s2, overlap ? NULL : &d2);
}

static void test_overlapping_hulls(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x4f564c3344ULL);
	body a, b;
	oracle_sat sat;
	oracle_dist dist;
	int unique = 0, failed = 0;
	long attempts = 0;
	for (int i = 0; i < N_OVERLAP; i++) {
		random_hull(&r, &a);
		random_hull(&r, &b);
		attempts += arrange(&r, &a, &b, 1, &sat, &dist);
		unique += sat.unique;
		tu_case("overlapping hulls #%d", i);
		if (check_pair(&a, 1, &b, 1, &sat, NULL)) {
			char id[64];
			snprintf(id, sizeof id, "overlap3-%d", i);
			dump(id, &a, 1, &b, 1);
			failed++;
		}
	}
	print_message("overlapping hulls: %d pairs (%ld drawn), %d with a unique axis, "
	              "%d failed\n",
	              N_OVERLAP, attempts, unique, failed);
	assert_true(unique > N_OVERLAP / 2);
	tu_end("overlapping hulls", N_OVERLAP);
}

static void test_separated_hulls(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x5345503344ULL);
	body a, b;
	oracle_sat sat;
	oracle_dist dist;
	int unique = 0, failed = 0;
	long attempts = 0;
	for (int i = 0; i < N_SEPARATED; i++) {
		random_hull(&r, &a);
		random_hull(&r, &b);
		attempts += arrange(&r, &a, &b, 0, &sat, &dist);
		unique += dist.unique;
		tu_case("separated hulls #%d", i);
		if (check_pair(&a, 1, &b, 1, &sat, &dist)) {
			char id[64];
			snprintf(id, sizeof id, "separated3-%d", i);
			dump(id, &a, 1, &b, 1);
			failed++;
		}
	}
	print_message("separated hulls: %d pairs (%ld drawn), %d with unique closest points, "
	              "%d failed\n",
	              N_SEPARATED, attempts, unique, failed);
	assert_true(unique > N_SEPARATED / 2);
	tu_end("separated hulls", N_SEPARATED);
}

/* Boxes as MINK_BOX against the hulls of their corners and the oracles. */
static void test_boxes(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x424f583344ULL);
	body a, b;
	oracle_sat sat;
	oracle_dist dist;
	long n = 0;
	int failed = 0;
	for (int i = 0; i < 4 * N_BOX; i++) {
		int overlap = i % 2 == 0, both_boxes = (i / 2) % 2 == 0;
		random_box(&r, &a);
		if (both_boxes)
			random_box(&r, &b);
		else
			random_hull(&r, &b);
		arrange(&r, &a, &b, overlap, &sat, &dist);
		int bad = 0;
		/* box as box, box as hull of its corners, and (b, a) */
		for (int k = 0; k < 3; k++) {
			int a_hull = k == 1;
			tu_case("%s %s #%d, %s", overlap ? "overlapping" : "separated",
			        both_boxes ? "box-box" : "box-hull", i,
			        k == 0 ? "boxes" : k == 1 ? "corner hulls" : "swapped");
			if (k < 2)
				bad += check_pair(&a, a_hull, &b, a_hull, &sat,
				                  overlap ? NULL : &dist);
			else
				bad += check_swapped(&a, &b, &dist, overlap);
			n++;
		}
		/* box and corner hull agree with each other */
		tu_case("box vs corner hull #%d", i);
		mink_result rb = run(&a, 0, &b, 0), rh = run(&a, 1, &b, 1);
		double S = size_of(&a, &b);
		bad += !CHECK_NEAR("box vs corner hull distance", rb.distance, rh.distance,
		                   SIZE_ABS * S, DEPTH_REL);
		if (overlap ? sat.unique : 1)
			bad += !CHECK_VEC3("box vs corner hull normal", rb.normal, rh.normal,
			                   NORMAL_TOL);
		if (bad) {
			char id[64];
			snprintf(id, sizeof id, "box3-%d", i);
			dump(id, &a, 0, &b, 0);
			failed++;
		}
	}
	print_message("boxes: %d pairs, %ld queries, %d failed\n", 4 * N_BOX, n, failed);
	tu_end("boxes vs corner hulls", n);
}

/* Hulls of 1, 2, 3 points, of coplanar points, and with repeated points. */
static void test_degenerate_hulls(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x4445473344ULL);
	body a, b;
	oracle_sat sat;
	oracle_dist dist;
	long n = 0;
	int failed = 0;
	for (int i = 0; i < 2 * N_DEGENERATE; i++) {
		int overlap = i % 2 == 0;
		random_degenerate(&r, &a);
		if (tu_rng_int(&r, 0, 3) == 0)
			random_degenerate(&r, &b);
		else
			random_hull(&r, &b);
		/* two lower-dimensional sets rarely overlap: only ask for it
		 * when one is solid */
		if (overlap && !b.full && !a.full)
			overlap = 0;
		arrange(&r, &a, &b, overlap, &sat, &dist);
		/* as hulls, then points, segments and triangles as such */
		for (int as_hull = 1; as_hull >= 0; as_hull--) {
			if (!as_hull && a.kind != K_PRIM && b.kind != K_PRIM)
				break;
			tu_case("%s degenerate #%d (%d and %d points%s)",
			        overlap ? "overlapping" : "separated", i, a.n, b.n,
			        as_hull ? ", as hulls" : ", as primitives");
			int bad = check_pair(&a, as_hull, &b, as_hull, &sat,
			                     overlap ? NULL : &dist);
			n++;
			if (bad) {
				char id[64];
				snprintf(id, sizeof id, "degenerate3-%d", i);
				dump(id, &a, as_hull, &b, as_hull);
				failed++;
			}
		}
	}
	print_message("degenerate sets: %d pairs, %ld queries, %d failed\n", 2 * N_DEGENERATE, n,
	              failed);
	tu_end("degenerate hulls", n);
}

/* Spheres, capsules, and hulls and boxes with margins: the oracles on the
 * cores, minus the sweeps; each pair also as hulls of the cores with the
 * sweep as margin, and swapped. */
static void test_swept(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x5357503344ULL);
	body a, b;
	oracle_sat sat;
	oracle_dist dist;
	long n = 0;
	int failed = 0, penetrating = 0, core_overlap = 0;
	for (int i = 0; i < N_SWEPT; i++) {
		random_swept(&r, &a);
		random_swept(&r, &b);
		/* cores overlap only if one is solid */
		int overlap = (a.full || b.full) && tu_rng_int(&r, 0, 2) == 0;
		arrange(&r, &a, &b, overlap, &sat, &dist);
		core_overlap += overlap;
		penetrating += overlap || dist.distance < sweep(&a) + sweep(&b);
		int bad = 0;
		for (int k = 0; k < 3; k++) {
			tu_case("swept #%d (kinds %d, %d), %s", i, (int)a.kind, (int)b.kind,
			        k == 0 ? "as such" : k == 1 ? "as swept hulls" : "swapped");
			if (k < 2)
				bad += check_pair(&a, k, &b, k, &sat, overlap ? NULL : &dist);
			else
				bad += check_swapped(&a, &b, &dist, overlap);
			n++;
		}
		if (bad) {
			char id[64];
			snprintf(id, sizeof id, "swept3-%d", i);
			dump(id, &a, 0, &b, 0);
			failed++;
		}
	}
	print_message("swept shapes: %d pairs (%d penetrating, %d with overlapping cores), "
	              "%ld queries, %d failed\n",
	              N_SWEPT, penetrating, core_overlap, n, failed);
	assert_true(penetrating > N_SWEPT / 4 && penetrating < 3 * N_SWEPT / 4);
	tu_end("swept shapes", n);
}

/* Hulls given with many inner points: the same answers as their extreme
 * points. */
static void test_interior_points(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x494e543344ULL);
	static mink_vec3 big_a[MAXBIG], big_b[MAXBIG];
	body a, b;
	oracle_sat sat;
	oracle_dist dist;
	long points = 0;
	int failed = 0;
	for (int i = 0; i < N_INTERIOR; i++) {
		int overlap = i % 2 == 0;
		random_with_interior(&r, &a, big_a);
		if (tu_rng_int(&r, 0, 1))
			random_with_interior(&r, &b, big_b);
		else
			random_hull(&r, &b);
		points += a.nbig;
		arrange(&r, &a, &b, overlap, &sat, &dist);
		tu_case("%s hulls with inner points #%d (%d and %d points)",
		        overlap ? "overlapping" : "separated", i, a.nbig, b.big ? b.nbig : b.n);
		if (check_pair(&a, 1, &b, 1, &sat, overlap ? NULL : &dist)) {
			char id[64];
			snprintf(id, sizeof id, "interior3-%d", i);
			dump(id, &a, 1, &b, 1);
			failed++;
		}
	}
	print_message("hulls with inner points: %d pairs (A has %ld points on average), "
	              "%d failed\n",
	              N_INTERIOR, points / N_INTERIOR, failed);
	tu_end("hulls with inner points", N_INTERIOR);
}

/*
 * A pair in contact or nearly (|distance| around 1e-10 of the size or
 * less), against the oracles on the pair as it is: the distance to 1e-12
 * of the size; along the reported normal the bodies must be separated by
 * exactly the reported distance (a wrong normal needs a larger move) with
 * the contact points on the support planes; and when the pair touches or
 * barely overlaps and a single face of A - B passes through the origin,
 * the normal is that face's (not when vertex meets vertex or edge).
 * Counts the states seen and the normals checked; returns the number of
 * failed checks.
 */
static int check_contact(const char *id, const body *a, const body *b, int as_hull,
                         int states[3], int *unique)
{
	oracle_sat sat;
	oracle_dist dist;
	oracle_sat3(a->world, a->n, b->world, b->n, &sat);
	double want = -sat.value;
	if (oracle_separated3(a->world, a->n, b->world, b->n) == 1) {
		oracle_dist3(a->world, a->n, b->world, b->n, &dist);
		want = dist.distance;
	}
	double S = size_of(a, b);
	int before = tu_failures();
	mink_result res = run(a, as_hull, b, as_hull);
	if (CHECK_RESULT3(&res, &a->pose, &b->pose, 1e-9 * S)) {
		CHECK_NEAR("distance", res.distance, want, 1e-12 * S, 0);
		if (want >= 1e-11 * S)
			CHECK(res.state == MINK_SEPARATED, "state %d, want separated",
			      (int)res.state);
		if (want <= -1e-11 * S)
			CHECK(res.state == MINK_PENETRATING, "state %d, want penetrating",
			      (int)res.state);
		double amax = oracle_support_max3(a->world, a->n, res.normal);
		double bmin = oracle_support_min3(b->world, b->n, res.normal);
		CHECK_NEAR("separating translation along normal", amax - bmin, -res.distance,
		           1e-9 * S, 0);
		double coord = S + tu_norm(a->pose.position) + tu_norm(b->pose.position);
		CHECK_NEAR("point_a.normal vs max over A", tu_dot(res.point_a, res.normal), amax,
		           PLANE_REL * coord, 0);
		CHECK_NEAR("point_b.normal vs min over B", tu_dot(res.point_b, res.normal), bmin,
		           PLANE_REL * coord, 0);
		if (want <= 0 && want >= -1e-12 * S && sat.unique) {
			CHECK_VEC3("normal vs the face through the origin", res.normal, sat.axis,
			           NORMAL_TOL);
			++*unique;
		}
		if (res.state >= MINK_SEPARATED && res.state <= MINK_PENETRATING)
			states[res.state]++;
	}
	int bad = tu_failures() - before;
	if (bad) {
		print_error("  oracle: distance %.17g, SAT value %.17g, second %.17g\n", want,
		            sat.value, sat.second);
		tu_print_result(&res);
		dump(id, a, as_hull, b, as_hull);
	}
	return bad;
}

/*
 * Pairs brought into contact, up to the rounding of the positions, then
 * moved apart or together by a tiny gap g (0, +-1e-14, +-1e-12, +-1e-10
 * times the size): boxes face to face, and hulls moved along their closest
 * direction (pushed, hulls meeting vertex to vertex or edge may stay apart
 * or overlap by less than the push: the oracles judge the final pair).
 */
static void test_touching(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x544f553344ULL);
	static const double gaps[] = {0, 1e-14, -1e-14, 1e-12, -1e-12, 1e-10, -1e-10};
	const int ngaps = (int)(sizeof gaps / sizeof gaps[0]);
	body a, b;
	oracle_sat sat;
	oracle_dist dist;
	int failed = 0, unique = 0, states[3] = {0, 0, 0};
	for (int i = 0; i < N_TOUCHING; i++) {
		int boxes = i % 2 == 0;
		double g = gaps[i / 2 % ngaps];
		if (boxes) {
			/* same orientation, B's face on A's +x face, offset sideways */
			random_box(&r, &a);
			random_box(&r, &b);
			random_pose(&r, &a, 10.0);
			b.pose.rotation = a.pose.rotation;
			place(&a); /* the radii, which size_of reads */
			place(&b);
			g *= size_of(&a, &b);
			double oy = tu_rng_range(&r, -0.9, 0.9) * a.half.y;
			double oz = tu_rng_range(&r, -0.9, 0.9) * a.half.z;
			mink_vec3 off = tu_v3(a.half.x + b.half.x + g, oy, oz);
			b.pose.position = tu_to_world3(&a.pose, off);
			place(&a);
			place(&b);
		} else {
			random_hull(&r, &a);
			random_hull(&r, &b);
			arrange(&r, &a, &b, 0, &sat, &dist);
			g *= size_of(&a, &b);
			mink_vec3 n = tu_normalize(tu_sub(dist.point_b, dist.point_a));
			shift(&b, n, g - dist.distance);
		}
		char id[64];
		snprintf(id, sizeof id, "touching3-%d", i);
		tu_case("%s, gap %g #%d", boxes ? "boxes" : "hulls", g / size_of(&a, &b), i);
		failed += check_contact(id, &a, &b, !boxes, states, &unique) > 0;
	}
	print_message("pairs in contact: %d (%d with a unique normal checked; states: "
	              "%d separated, %d touching, %d penetrating), %d failed\n",
	              N_TOUCHING, unique, states[0], states[1], states[2], failed);
	assert_true(unique > N_TOUCHING / 5);
	tu_end("pairs in contact", N_TOUCHING);
}

/*
 * Options: with loose tolerances the error stays within the documented
 * bound (tolerance * |value| + size_tolerance * size); with caps of one
 * iteration the results are flagged approximate with the matching
 * warning and still keep every convention.
 */
static void test_options(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x4f50543344ULL);
	body a, b;
	oracle_sat sat;
	oracle_dist dist;
	int warned[MINK_WARN_DEGENERATE + 1] = {0};
	long n = 0;
	for (int i = 0; i < N_OPTIONS; i++) {
		int overlap = i % 2 == 0;
		random_hull(&r, &a);
		random_hull(&r, &b);
		arrange(&r, &a, &b, overlap, &sat, &dist);
		double want = overlap ? -sat.value : dist.distance;
		double S = size_of(&a, &b);
		int before = tu_failures();

		mink_options loose = mink_default_options();
		loose.tolerance = 1e-4;
		loose.size_tolerance = 1e-6;
		tu_case("%s hulls #%d, tolerance 1e-4", overlap ? "overlapping" : "separated", i);
		mink_result res = run_opt(&a, 1, &b, 1, &loose);
		n++;
		if (CHECK_RESULT3(&res, &a.pose, &b.pose, 1e-9 * S))
			CHECK_NEAR("distance", res.distance, want, 1e-6 * S + 1e-12 * S, 1e-4);

		for (int k = 0; k < 2; k++) {
			mink_options capped = mink_default_options();
			if (k == 0)
				capped.max_gjk_iterations = 1;
			else
				capped.max_epa_iterations = 1;
			tu_case("%s hulls #%d, one %s iteration",
			        overlap ? "overlapping" : "separated", i, k == 0 ? "GJK" : "EPA");
			res = run_opt(&a, 1, &b, 1, &capped);
			n++;
			if (!CHECK_FLAGGED3(&res, &a.pose, &b.pose, 1e-9 * S))
				continue;
			if (res.status == MINK_APPROXIMATE) {
				warned[res.warning]++;
				CHECK(k == 0 || res.warning != MINK_WARN_GJK_ITERATIONS,
				      "GJK iterations warning with the GJK cap at its default");
				CHECK(k == 1 || res.warning != MINK_WARN_EPA_ITERATIONS,
				      "EPA iterations warning with the EPA cap at its default");
			} else {
				CHECK_NEAR("distance", res.distance, want, SIZE_ABS * S, DEPTH_REL);
			}
		}
		if (tu_failures() > before) {
			char id[64];
			snprintf(id, sizeof id, "options3-%d", i);
			dump(id, &a, 1, &b, 1);
		}
	}
	print_message("options: %d pairs, %ld queries; with one GJK or EPA iteration: "
	              "%d gjk_iterations, %d epa_iterations, %d epa_capacity, %d degenerate "
	              "warnings\n",
	              N_OPTIONS, n, warned[MINK_WARN_GJK_ITERATIONS],
	              warned[MINK_WARN_EPA_ITERATIONS], warned[MINK_WARN_EPA_CAPACITY],
	              warned[MINK_WARN_DEGENERATE]);
	/* one iteration cannot finish most random pairs; EPA runs on the
	 * overlapping half only */
	assert_true(warned[MINK_WARN_GJK_ITERATIONS] > N_OPTIONS / 4);
	assert_true(warned[MINK_WARN_EPA_ITERATIONS] > N_OPTIONS / 8);
	tu_end("options", n);
}

/* The oracles themselves, on cubes with known answers. */
static void test_oracle_self(void **state)
{
	(void)state;
	tu_begin();
	mink_vec3 a[8], b[8];
	for (int i = 0; i < 8; i++) {
		a[i] = tu_v3(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
		b[i] = tu_add(tu_scale(a[i], 0.5), tu_v3(1.3, 0.2, -0.1));
	}
	oracle_sat s;
	oracle_sat3(a, 8, b, 8, &s);
	tu_case("oracle SAT on cubes");
	CHECK_NEAR("depth", s.value, 0.2, 1e-15, 0);
	CHECK_VEC3("axis", s.axis, tu_v3(1, 0, 0), 1e-15);
	CHECK(s.unique, "not unique");
	for (int i = 0; i < 8; i++)
		b[i] = tu_add(b[i], tu_v3(0.7, 0.9, 0));
	oracle_sat3(a, 8, b, 8, &s);
	CHECK(s.value < 0, "separated cubes overlap: %g", s.value);
	oracle_dist d;
	oracle_dist3(a, 8, b, 8, &d);
	tu_case("oracle distance on cubes");
	/* B spans x in [1.5, 2.5], y in [0.6, 1.6]: the gap is along x only */
	CHECK_NEAR("distance", d.distance, 0.5, 1e-15, 0);
	CHECK(!d.unique, "a face-face contact reported unique");
	/* a corner against a face */
	mink_vec3 t[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	mink_vec3 p[1] = {{0.2, 0.3, -0.4}};
	oracle_dist3(t, 4, p, 1, &d);
	CHECK_NEAR("point below a face", d.distance, 0.4, 1e-15, 0);
	CHECK_VEC3("closest on the face", d.point_a, tu_v3(0.2, 0.3, 0), 1e-15);
	CHECK(d.unique, "point-face contact not unique");
	mink_vec3 e1[2] = {{-1, 0, 0}, {1, 0, 0}}, e2[2] = {{0.3, -1, 2}, {0.3, 1, 2}};
	oracle_dist3(e1, 2, e2, 2, &d);
	CHECK_NEAR("crossed segments", d.distance, 2.0, 1e-15, 0);
	CHECK_VEC3("crossed segments point", d.point_a, tu_v3(0.3, 0, 0), 1e-15);
	CHECK_NEAR("outside", oracle_outside_hull3(a, 8, tu_v3(1.5, 0, 0)), 0.5, 1e-15, 0);
	CHECK_NEAR("inside", oracle_outside_hull3(a, 8, tu_v3(0.5, 0, 0)), -0.5, 1e-15, 0);
	/* The nearest point on a sliver (a corner of 1e-5 rad), turned and
	 * moved: above it, beside its long edge and beyond its sharp corner,
	 * 1e-9 away.  A barycentric form that divides by the squared area
	 * loses the distance entirely here. */
	mink_quat q = tu_quat_axis_angle(tu_v3(0.3, -0.5, 0.8), 0.7);
	mink_vec3 o = tu_v3(0.25, -1.5, 2.0);
	double w = 1e-5;
	mink_vec3 sl[3] = {{0, 0, 0}, {1, 0, 0}, {1, w, 0}};
	for (int i = 0; i < 3; i++)
		sl[i] = tu_add(tu_rotate(q, sl[i]), o);
	mink_vec3 probe[3] = {{0.9, 0.45 * w, 1e-9}, {0.5, -1e-9, 0}, {-1e-9, 0, 0}};
	mink_vec3 foot[3] = {{0.9, 0.45 * w, 0}, {0.5, 0, 0}, {0, 0, 0}};
	for (int i = 0; i < 3; i++) {
		mink_vec3 pw = tu_add(tu_rotate(q, probe[i]), o);
		mink_vec3 c = oracle_closest_on_triangle(pw, sl[0], sl[1], sl[2]);
		CHECK_NEAR("sliver distance", tu_norm(tu_sub(pw, c)), 1e-9, 1e-15, 0);
		CHECK_VEC3("sliver nearest point", c, tu_add(tu_rotate(q, foot[i]), o), 1e-15);
	}
	tu_end("oracle self-check", 9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_oracle_self),
		cmocka_unit_test(test_overlapping_hulls),
		cmocka_unit_test(test_separated_hulls),
		cmocka_unit_test(test_boxes),
		cmocka_unit_test(test_degenerate_hulls),
		cmocka_unit_test(test_swept),
		cmocka_unit_test(test_interior_points),
		cmocka_unit_test(test_touching),
		cmocka_unit_test(test_options),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
