/*
 * test_oracle2.c - random 2D convex pairs against the brute-force oracles.
 *
 * The 2D counterpart of test_oracle3.c: seeded random MINK_POLYGON2 pairs
 * (3..12 points in any order, inner points included) against the
 * separating-axis oracle when they overlap and the point-segment oracle
 * when apart; MINK_BOX2 against the polygon of its corners; points,
 * segments, collinear and repeated points; circles, capsules and polygons
 * and boxes with margins (the oracles on the cores, minus the radii);
 * polygons given with hundreds of inner points; pairs brought exactly
 * into contact.
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
	N_TOUCHING = 2000
};

#define DEPTH_REL 1e-9
#define SIZE_ABS 1e-12
#define NORMAL_TOL 1e-6
#define POINT_TOL 1e-7
#define PLANE_REL 1e-9

static const double TWO_PI = 6.283185307179586476925286766559;

enum kind { K_POLY, K_BOX, K_PRIM, K_CIRCLE, K_CAPSULE };

/* A convex 2D shape and its core (see test_oracle3.c). */
typedef struct body {
	enum kind kind;
	mink_vec2 local[MAXP];
	mink_vec2 world[MAXP];
	mink_vec3 world3[MAXP]; /* the world points with z = 0 */
	int n;
	int full;        /* the core spans 2D */
	mink_vec2 half;  /* box half extents */
	double r, hh;    /* circle or capsule radius, capsule half height */
	double margin;
	const mink_vec2 *big; /* if set, mink gets these nbig points instead */
	int nbig;
	mink_pose2 pose;
	double radius;   /* of the core about the pose position */
} body;

static double sweep(const body *b)
{
	return b->margin + (b->kind == K_CIRCLE || b->kind == K_CAPSULE ? b->r : 0.0);
}

static mink_shape2 shape_of(const body *b, int as_polygon)
{
	mink_shape2 s = b->big ? tu_polygon(b->big, b->nbig) : tu_polygon(b->local, b->n);
	if (as_polygon) {
		s.margin = sweep(b);
		return s;
	}
	switch (b->kind) {
	case K_POLY:
		break;
	case K_BOX:
		s = tu_box2(b->half.x, b->half.y);
		break;
	case K_PRIM:
		memset(&s, 0, sizeof s);
		s.type = b->n == 1 ? MINK_POINT2 : MINK_SEGMENT2;
		if (b->n == 2) {
			s.segment.points[0] = b->local[0];
			s.segment.points[1] = b->local[1];
		}
		break;
	case K_CIRCLE:
		s = tu_circle(b->r);
		break;
	case K_CAPSULE:
		s = tu_capsule2(b->r, b->hh);
		break;
	}
	s.margin = b->margin;
	return s;
}

static void place(body *b)
{
	b->radius = 0;
	for (int i = 0; i < b->n; i++) {
		b->world[i] = tu_to_world2(&b->pose, b->local[i]);
		b->world3[i] = tu_v2to3(b->world[i]);
		b->radius = fmax(b->radius, hypot(b->local[i].x, b->local[i].y));
	}
}

static void clear(body *b, enum kind k)
{
	b->kind = k;
	b->full = 0;
	b->r = b->hh = b->margin = 0;
	b->big = NULL;
	b->nbig = 0;
}

/* Whether the points span 2D: some point off the line of some pair. */
static int spans2(const mink_vec2 *p, int n)
{
	double scale = 0;
	for (int i = 0; i < n; i++)
		scale = fmax(scale, hypot(p[i].x - p[0].x, p[i].y - p[0].y));
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			double dx = p[j].x - p[i].x, dy = p[j].y - p[i].y, len = hypot(dx, dy);
			if (!(len > 1e-6 * scale))
				continue;
			for (int k = 0; k < n; k++) {
				double off = fabs(dx * (p[k].y - p[i].y) - dy * (p[k].x - p[i].x));
				if (off > 1e-6 * len * scale)
					return 1;
			}
		}
	return 0;
}

/* 3..12 points in a box, on an ellipse, in a disc or on a coarse grid. */
static void random_polygon(tu_rng *r, body *b)
{
	clear(b, K_POLY);
	b->full = 1;
	b->n = tu_rng_int(r, 3, 12);
	double s = tu_rng_int(r, 0, 9) == 0 ? tu_rng_log_range(r, 0.02, 50.0)
	                                    : tu_rng_log_range(r, 0.2, 5.0);
	double ax = s * tu_rng_range(r, 0.3, 1.0), ay = s * tu_rng_range(r, 0.3, 1.0);
	mink_vec3 off = tu_scale(tu_rng_in_ball(r), 0.3 * s);
	if (tu_rng_int(r, 0, 9) == 0) /* a sliver */
		ay *= tu_rng_log_range(r, 1e-3, 1e-1);
	int kind = tu_rng_int(r, 0, 3);
	do {
		for (int i = 0; i < b->n; i++) {
			double x, y;
			if (kind == 0) {
				x = tu_rng_range(r, -1, 1);
				y = tu_rng_range(r, -1, 1);
			} else if (kind == 1) {
				double t = tu_rng_range(r, 0, TWO_PI);
				x = cos(t);
				y = sin(t);
			} else if (kind == 2) {
				do {
					x = tu_rng_range(r, -1, 1);
					y = tu_rng_range(r, -1, 1);
				} while (x * x + y * y > 1);
			} else {
				x = 0.5 * tu_rng_int(r, -2, 2);
				y = 0.5 * tu_rng_int(r, -2, 2);
			}
			b->local[i] = tu_v2(off.x + ax * x, off.y + ay * y);
		}
	} while (!spans2(b->local, b->n));
}

static void random_box(tu_rng *r, body *b)
{
	clear(b, K_BOX);
	b->full = 1;
	b->n = 4;
	double s = tu_rng_log_range(r, 0.2, 4.0);
	double hx = s * tu_rng_range(r, 0.2, 1.0);
	double hy = s * tu_rng_range(r, 0.2, 1.0);
	b->half = tu_v2(hx, hy);
	for (int i = 0; i < 4; i++)
		b->local[i] = tu_v2(i & 1 ? b->half.x : -b->half.x, i & 2 ? b->half.y : -b->half.y);
}

/* A point, a segment, collinear points, or a polygon with repeated points. */
static void random_degenerate(tu_rng *r, body *b)
{
	clear(b, K_POLY);
	double s = tu_rng_log_range(r, 0.3, 3.0);
	int kind = tu_rng_int(r, 0, 3);
	switch (kind) {
	case 0: /* one point at the local origin: a MINK_POINT2 */
		b->kind = K_PRIM;
		b->n = 1;
		b->local[0] = tu_v2(0, 0);
		break;
	case 1: /* a segment */
		b->kind = K_PRIM;
		b->n = 2;
		for (int i = 0; i < 2; i++) {
			mink_vec3 v = tu_scale(tu_rng_in_ball(r), s);
			b->local[i] = tu_v2(v.x, v.y);
		}
		break;
	case 2: { /* 3..8 collinear points */
		b->n = tu_rng_int(r, 3, 8);
		double t = tu_rng_range(r, 0, TWO_PI);
		for (int i = 0; i < b->n; i++) {
			double u = s * tu_rng_range(r, -1, 1);
			b->local[i] = tu_v2(u * cos(t), u * sin(t));
		}
		break;
	}
	default: /* a solid polygon with every point given twice */
		random_polygon(r, b);
		for (int i = 0; i < b->n; i++)
			b->local[b->n + i] = b->local[i];
		b->n *= 2;
		break;
	}
}

/* A circle, a capsule, or a polygon or box with a margin (or none). */
static void random_swept(tu_rng *r, body *b)
{
	int kind = tu_rng_int(r, 0, 3);
	double margin = tu_rng_int(r, 0, 1) ? 0.0 : tu_rng_log_range(r, 1e-3, 0.5);
	switch (kind) {
	case 0:
		clear(b, K_CIRCLE);
		b->r = tu_rng_log_range(r, 0.05, 1.5);
		b->n = 1;
		b->local[0] = tu_v2(0, 0);
		break;
	case 1:
		clear(b, K_CAPSULE);
		b->r = tu_rng_log_range(r, 0.05, 1.0);
		b->hh = tu_rng_int(r, 0, 9) == 0 ? 0.0 : tu_rng_range(r, 0.05, 1.5);
		b->n = 2;
		b->local[0] = tu_v2(0, -b->hh);
		b->local[1] = tu_v2(0, b->hh);
		break;
	case 2:
		random_polygon(r, b);
		break;
	default:
		random_box(r, b);
		break;
	}
	b->margin = margin;
}

/* A polygon or box given with up to 500 more points inside or on it. */
static void random_with_interior(tu_rng *r, body *b, mink_vec2 *big)
{
	int is_box = tu_rng_int(r, 0, 2) == 0;
	if (is_box)
		random_box(r, b);
	else
		random_polygon(r, b);
	b->kind = K_POLY;
	int m = 0;
	for (int i = 0; i < b->n; i++)
		big[m++] = b->local[i];
	if (is_box && tu_rng_int(r, 0, 1) == 0)
		for (int i = 0; i < 9; i++)
			if (i % 2 == 1 || i == 4) /* side midpoints and the centre */
				big[m++] = tu_v2(b->half.x * (i % 3 - 1), b->half.y * (i / 3 - 1));
	int extra = tu_rng_int(r, 20, 500);
	for (int k = 0; k < extra && m < MAXBIG; k++) {
		int parts = tu_rng_int(r, 1, 3);
		double w[3], sum = 0;
		for (int j = 0; j < parts; j++)
			sum += w[j] = tu_rng_range(r, 0.01, 1.0);
		mink_vec2 p = tu_v2(0, 0);
		for (int j = 0; j < parts; j++) {
			mink_vec2 q = b->local[tu_rng_int(r, 0, b->n - 1)];
			p.x += q.x * w[j] / sum;
			p.y += q.y * w[j] / sum;
		}
		big[m++] = p;
	}
	for (int i = m - 1; i > 0; i--) {
		int j = tu_rng_int(r, 0, i);
		mink_vec2 t = big[i];
		big[i] = big[j];
		big[j] = t;
	}
	b->big = big;
	b->nbig = m;
}

static void print_points(const mink_vec2 *p, int n)
{
	for (int i = 0; i < n; i++)
		print_error("%s[%.17g, %.17g]", i ? ", " : "", p[i].x, p[i].y);
}

static void print_shape(const char *key, const body *b, int as_polygon)
{
	mink_shape2 s = shape_of(b, as_polygon);
	print_error("\"%s\": {", key);
	switch (s.type) {
	case MINK_BOX2:
		print_error("\"type\": \"box\", \"half_extents\": [%.17g, %.17g]",
		            s.box.half_extents.x, s.box.half_extents.y);
		break;
	case MINK_CIRCLE2:
		print_error("\"type\": \"circle\", \"radius\": %.17g", s.circle.radius);
		break;
	case MINK_CAPSULE2:
		print_error("\"type\": \"capsule\", \"radius\": %.17g, \"half_height\": %.17g",
		            s.capsule.radius, s.capsule.half_height);
		break;
	case MINK_POINT2:
		print_error("\"type\": \"point\"");
		break;
	case MINK_SEGMENT2:
		print_error("\"type\": \"segment\", \"points\": [");
		print_points(s.segment.points, 2);
		print_error("]");
		break;
	default:
		print_error("\"type\": \"polygon\", \"points\": [");
		print_points(s.polygon.points, s.polygon.count);
		print_error("]");
		break;
	}
	if (s.margin != 0)
		print_error(", \"margin\": %.17g", s.margin);
	print_error(", \"position\": [%.17g, %.17g], \"rotation\": %.17g}",
	            b->pose.position.x, b->pose.position.y, b->pose.angle);
}

static int dumped;

static void dump(const char *id, const body *a, int a_poly, const body *b, int b_poly)
{
	if (dumped++ >= 6)
		return;
	print_error("reproducer (one NDJSON record for the mink tool):\n");
	print_error("{\"id\": \"%s\", \"dim\": 2, ", id);
	print_shape("a", a, a_poly);
	print_error(", ");
	print_shape("b", b, b_poly);
	print_error("}\n");
}

static mink_result run(const body *a, int a_poly, const body *b, int b_poly)
{
	mink_shape2 sa = shape_of(a, a_poly), sb = shape_of(b, b_poly);
	mink_result r;
	tu_poison(&r);
	mink_status st = mink_query2(&sa, &a->pose, &sb, &b->pose, NULL, &r);
	CHECK(st == r.status, "returned %d, result status %d", (int)st, (int)r.status);
	return r;
}

static double size_of(const body *a, const body *b)
{
	return fmax(1.0, a->radius + b->radius + sweep(a) + sweep(b));
}

static double pos_norm(const body *b) { return hypot(b->pose.position.x, b->pose.position.y); }

/* As in test_oracle3.c: the oracle answers for the cores, with the sweeps. */
static int check_pair(const body *a, int a_poly, const body *b, int b_poly,
                      const oracle_sat *sat, const oracle_dist *dist)
{
	int before = tu_failures();
	double S = size_of(a, b), RA = sweep(a), RB = sweep(b);
	double coord = S + pos_norm(a) + pos_norm(b);
	double want;
	mink_vec3 n, pa = {0, 0, 0}, pb = {0, 0, 0};
	int n_known, p_known = 0;
	if (!dist) {
		n = sat->axis;
		want = -(sat->value + RA + RB);
		n_known = sat->unique;
	} else {
		n = tu_scale(tu_sub(dist->point_b, dist->point_a), 1.0 / dist->distance);
		want = dist->distance - RA - RB;
		n_known = 1;
		p_known = dist->unique;
		pa = tu_add(dist->point_a, tu_scale(n, RA));
		pb = tu_sub(dist->point_b, tu_scale(n, RB));
	}
	mink_result r = run(a, a_poly, b, b_poly);
	if (CHECK_RESULT2(&r, &a->pose, &b->pose, 1e-9 * S)) {
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
		double amax = oracle_support_max3(a->world3, a->n, r.normal) + RA;
		double bmin = oracle_support_min3(b->world3, b->n, r.normal) - RB;
		CHECK_NEAR("separating translation along normal", amax - bmin, -want,
		           SIZE_ABS * S, DEPTH_REL);
		CHECK_NEAR("point_a.normal vs max over A", tu_dot(r.point_a, r.normal), amax,
		           PLANE_REL * coord, 0);
		CHECK_NEAR("point_b.normal vs min over B", tu_dot(r.point_b, r.normal), bmin,
		           PLANE_REL * coord, 0);
		if (a->full) {
			double out = oracle_outside_hull2(a->world, a->n, r.point_a);
			CHECK(out <= RA + PLANE_REL * coord, "point_a %.3g outside A", out - RA);
		}
		if (b->full) {
			double out = oracle_outside_hull2(b->world, b->n, r.point_b);
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
			            "axis (%.17g, %.17g) unique %d (second %.17g)\n",
			            sat->value, RA, RB, sat->axis.x, sat->axis.y, sat->unique,
			            sat->second);
		tu_print_result(&r);
	}
	return bad;
}

static void shift(body *b, mink_vec3 d, double t)
{
	b->pose.position.x += d.x * t;
	b->pose.position.y += d.y * t;
	place(b);
}

static mink_vec3 centroid(const mink_vec3 *p, int n)
{
	mink_vec3 c = tu_v3(0, 0, 0);
	for (int i = 0; i < n; i++)
		c = tu_add(c, p[i]);
	return tu_scale(c, 1.0 / n);
}

static mink_vec3 random_dir2(tu_rng *r)
{
	double t = tu_rng_range(r, 0, TWO_PI);
	return tu_v3(cos(t), sin(t), 0);
}

static void random_pose(tu_rng *r, body *b)
{
	double x = tu_rng_range(r, -10, 10);
	double y = tu_rng_range(r, -10, 10);
	b->pose = tu_pose2(x, y, tu_rng_range(r, -3.2, 3.2));
}

/* As in test_oracle3.c: overlapping or separated cores by rejection, a
 * fifth of the pairs then pushed to a shallow depth or a small gap. */
static int arrange(tu_rng *r, body *a, body *b, int want_overlap, oracle_sat *sat,
                   oracle_dist *dist)
{
	double sweeps = sweep(a) + sweep(b);
	memset(sat, 0, sizeof *sat);
	memset(dist, 0, sizeof *dist);
	for (int attempt = 1;; attempt++) {
		assert_true(attempt < 1000);
		random_pose(r, a);
		place(a);
		b->pose = tu_pose2(0, 0, tu_rng_range(r, -3.2, 3.2));
		place(b);
		mink_vec3 ca = centroid(a->world3, a->n), cb = centroid(b->world3, b->n);
		double reach = oracle_radius3(a->world3, a->n, ca) +
		               oracle_radius3(b->world3, b->n, cb) + sweeps;
		reach = fmax(reach, 0.25);
		/* with centroids together, the cores overlap: thin shapes
		 * need ever smaller offsets */
		double t = want_overlap ? tu_rng_range(r, 0.0, 0.5 / (1 + attempt / 10.0))
		                        : tu_rng_range(r, 0.3, 1.3);
		shift(b, tu_sub(ca, cb), 1.0);
		shift(b, random_dir2(r), t * reach);
		if (want_overlap) {
			oracle_sat2(a->world, a->n, b->world, b->n, sat);
			if (!(sat->value > 1e-6 * reach))
				continue;
			if (tu_rng_int(r, 0, 4) == 0) {
				double keep = sat->value * tu_rng_log_range(r, 1e-6, 1e-2);
				shift(b, sat->axis, sat->value - keep);
				oracle_sat2(a->world, a->n, b->world, b->n, sat);
				if (!(sat->value > 1e-9 * reach))
					continue;
			}
			return attempt;
		}
		/* two sets too small to have candidate axes (a point and a
		 * segment) never overlap in general position */
		if (!oracle_separated2(a->world, a->n, b->world, b->n))
			continue;
		oracle_dist2(a->world, a->n, b->world, b->n, dist);
		if (tu_rng_int(r, 0, 4) == 0) {
			mink_vec3 n = tu_normalize(tu_sub(dist->point_b, dist->point_a));
			double s = tu_rng_log_range(r, 1e-6, 1e-2);
			double target = sweeps > 0 ? sweeps * (1 + (tu_rng_int(r, 0, 1) ? s : -s))
			                           : dist->distance * s;
			shift(b, n, target - dist->distance);
			if (!oracle_separated2(a->world, a->n, b->world, b->n))
				continue;
			oracle_dist2(a->world, a->n, b->world, b->n, dist);
		}
		if (!(dist->distance > 1e-9 * reach))
			continue;
		return attempt;
	}
}

static void test_overlapping_polygons(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x4f564c3244ULL);
	body a, b;
	oracle_sat sat;
	oracle_dist dist;
	int unique = 0, failed = 0;
	long attempts = 0;
	for (int i = 0; i < N_OVERLAP; i++) {
		random_polygon(&r, &a);
		random_polygon(&r, &b);
		attempts += arrange(&r, &a, &b, 1, &sat, &dist);
		unique += sat.unique;
		tu_case("overlapping polygons #%d", i);
		if (check_pair(&a, 1, &b, 1, &sat, NULL)) {
			char id[64];
			snprintf(id, sizeof id, "overlap2-%d", i);
			dump(id, &a, 1, &b, 1);
			failed++;
		}
	}
	print_message("overlapping polygons: %d pairs (%ld drawn), %d with a unique axis, "
	              "%d failed\n",
	              N_OVERLAP, attempts, unique, failed);
	assert_true(unique > N_OVERLAP / 2);
	tu_end("overlapping polygons", N_OVERLAP);
}

static void test_separated_polygons(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x5345503244ULL);
	body a, b;
	oracle_sat sat;
	oracle_dist dist;
	int unique = 0, failed = 0;
	long attempts = 0;
	for (int i = 0; i < N_SEPARATED; i++) {
		random_polygon(&r, &a);
		random_polygon(&r, &b);
		attempts += arrange(&r, &a, &b, 0, &sat, &dist);
		unique += dist.unique;
		tu_case("separated polygons #%d", i);
		if (check_pair(&a, 1, &b, 1, &sat, &dist)) {
			char id[64];
			snprintf(id, sizeof id, "separated2-%d", i);
			dump(id, &a, 1, &b, 1);
			failed++;
		}
	}
	print_message("separated polygons: %d pairs (%ld drawn), %d with unique closest "
	              "points, %d failed\n",
	              N_SEPARATED, attempts, unique, failed);
	assert_true(unique > N_SEPARATED / 2);
	tu_end("separated polygons", N_SEPARATED);
}

/* (b, a): the oracle answers with the roles swapped. */
static int check_swapped(const body *a, const body *b, const oracle_dist *dist, int overlap)
{
	oracle_sat s2;
	oracle_dist d2 = *dist;
	memset(&s2, 0, sizeof s2);
	if (overlap)
		oracle_sat2(b->world, b->n, a->world, a->n, &s2);
	d2.point_a = dist->point_b;
	d2.point_b = dist->point_a;
	return check_pair(b, 0, a, 0, &s2, overlap ? NULL : &d2);
}

static void test_boxes(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x424f583244ULL);
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
			random_polygon(&r, &b);
		arrange(&r, &a, &b, overlap, &sat, &dist);
		int bad = 0;
		for (int k = 0; k < 3; k++) {
			tu_case("%s %s #%d, %s", overlap ? "overlapping" : "separated",
			        both_boxes ? "box-box" : "box-polygon", i,
			        k == 0 ? "boxes" : k == 1 ? "corner polygons" : "swapped");
			if (k < 2)
				bad += check_pair(&a, k, &b, k, &sat, overlap ? NULL : &dist);
			else
				bad += check_swapped(&a, &b, &dist, overlap);
			n++;
		}
		tu_case("box vs corner polygon #%d", i);
		mink_result rb = run(&a, 0, &b, 0), rp = run(&a, 1, &b, 1);
		double S = size_of(&a, &b);
		bad += !CHECK_NEAR("box vs corner polygon distance", rb.distance, rp.distance,
		                   SIZE_ABS * S, DEPTH_REL);
		if (overlap ? sat.unique : 1)
			bad += !CHECK_VEC3("box vs corner polygon normal", rb.normal, rp.normal,
			                   NORMAL_TOL);
		if (bad) {
			char id[64];
			snprintf(id, sizeof id, "box2-%d", i);
			dump(id, &a, 0, &b, 0);
			failed++;
		}
	}
	print_message("boxes: %d pairs, %ld queries, %d failed\n", 4 * N_BOX, n, failed);
	tu_end("boxes vs corner polygons", n);
}

static void test_degenerate_polygons(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x4445473244ULL);
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
			random_polygon(&r, &b);
		/* two sets without area overlap only by accident */
		if (overlap && !b.full && !a.full)
			overlap = 0;
		arrange(&r, &a, &b, overlap, &sat, &dist);
		for (int as_poly = 1; as_poly >= 0; as_poly--) {
			if (!as_poly && a.kind != K_PRIM && b.kind != K_PRIM)
				break;
			tu_case("%s degenerate #%d (%d and %d points%s)",
			        overlap ? "overlapping" : "separated", i, a.n, b.n,
			        as_poly ? ", as polygons" : ", as primitives");
			int bad = check_pair(&a, as_poly, &b, as_poly, &sat,
			                     overlap ? NULL : &dist);
			n++;
			if (bad) {
				char id[64];
				snprintf(id, sizeof id, "degenerate2-%d", i);
				dump(id, &a, as_poly, &b, as_poly);
				failed++;
			}
		}
	}
	print_message("degenerate sets: %d pairs, %ld queries, %d failed\n", 2 * N_DEGENERATE,
	              n, failed);
	tu_end("degenerate polygons", n);
}

static void test_swept(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x5357503244ULL);
	body a, b;
	oracle_sat sat;
	oracle_dist dist;
	long n = 0;
	int failed = 0, penetrating = 0, core_overlap = 0;
	for (int i = 0; i < N_SWEPT; i++) {
		random_swept(&r, &a);
		random_swept(&r, &b);
		int overlap = (a.full || b.full) && tu_rng_int(&r, 0, 2) == 0;
		arrange(&r, &a, &b, overlap, &sat, &dist);
		core_overlap += overlap;
		penetrating += overlap || dist.distance < sweep(&a) + sweep(&b);
		int bad = 0;
		for (int k = 0; k < 3; k++) {
			tu_case("swept #%d (kinds %d, %d), %s", i, (int)a.kind, (int)b.kind,
			        k == 0 ? "as such" : k == 1 ? "as swept polygons" : "swapped");
			if (k < 2)
				bad += check_pair(&a, k, &b, k, &sat, overlap ? NULL : &dist);
			else
				bad += check_swapped(&a, &b, &dist, overlap);
			n++;
		}
		if (bad) {
			char id[64];
			snprintf(id, sizeof id, "swept2-%d", i);
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

static void test_interior_points(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x494e543244ULL);
	static mink_vec2 big_a[MAXBIG], big_b[MAXBIG];
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
			random_polygon(&r, &b);
		points += a.nbig;
		arrange(&r, &a, &b, overlap, &sat, &dist);
		tu_case("%s polygons with inner points #%d (%d and %d points)",
		        overlap ? "overlapping" : "separated", i, a.nbig, b.big ? b.nbig : b.n);
		if (check_pair(&a, 1, &b, 1, &sat, overlap ? NULL : &dist)) {
			char id[64];
			snprintf(id, sizeof id, "interior2-%d", i);
			dump(id, &a, 1, &b, 1);
			failed++;
		}
	}
	print_message("polygons with inner points: %d pairs (A has %ld points on average), "
	              "%d failed\n",
	              N_INTERIOR, points / N_INTERIOR, failed);
	tu_end("polygons with inner points", N_INTERIOR);
}

/* As in test_oracle3.c: a pair in contact or nearly, against the oracles
 * on the pair as it is; returns the number of failed checks. */
static int check_contact(const char *id, const body *a, const body *b, int as_poly,
                         int states[3], int *unique)
{
	oracle_sat sat;
	oracle_dist dist;
	oracle_sat2(a->world, a->n, b->world, b->n, &sat);
	double want = -sat.value;
	if (oracle_separated2(a->world, a->n, b->world, b->n) == 1) {
		oracle_dist2(a->world, a->n, b->world, b->n, &dist);
		want = dist.distance;
	}
	double S = size_of(a, b);
	int before = tu_failures();
	mink_result res = run(a, as_poly, b, as_poly);
	if (CHECK_RESULT2(&res, &a->pose, &b->pose, 1e-9 * S)) {
		CHECK_NEAR("distance", res.distance, want, 1e-12 * S, 0);
		if (want >= 1e-11 * S)
			CHECK(res.state == MINK_SEPARATED, "state %d, want separated",
			      (int)res.state);
		if (want <= -1e-11 * S)
			CHECK(res.state == MINK_PENETRATING, "state %d, want penetrating",
			      (int)res.state);
		double amax = oracle_support_max3(a->world3, a->n, res.normal);
		double bmin = oracle_support_min3(b->world3, b->n, res.normal);
		CHECK_NEAR("separating translation along normal", amax - bmin, -res.distance,
		           1e-9 * S, 0);
		double coord = S + pos_norm(a) + pos_norm(b);
		CHECK_NEAR("point_a.normal vs max over A", tu_dot(res.point_a, res.normal), amax,
		           PLANE_REL * coord, 0);
		CHECK_NEAR("point_b.normal vs min over B", tu_dot(res.point_b, res.normal), bmin,
		           PLANE_REL * coord, 0);
		/* touching or barely overlapping: the edge of least depth */
		if (want <= 0 && want >= -1e-12 * S && sat.unique) {
			CHECK_VEC3("normal vs the edge through the origin", res.normal, sat.axis,
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
		dump(id, a, as_poly, b, as_poly);
	}
	return bad;
}

/*
 * Pairs brought into contact, then moved apart or together by a tiny gap
 * (0, +-1e-14, +-1e-12, +-1e-10 times the size): boxes side to side, and
 * polygons moved along their closest direction (a vertex pushed onto a
 * vertex may stay apart or overlap by less than the push: the oracles
 * judge the final pair).
 */
static void test_touching(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x544f553244ULL);
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
			/* same orientation, B's side on A's +x side, offset along it */
			random_box(&r, &a);
			random_box(&r, &b);
			random_pose(&r, &a);
			b.pose.angle = a.pose.angle;
			place(&a); /* the radii, which size_of reads */
			place(&b);
			g *= size_of(&a, &b);
			mink_vec2 off = tu_v2(a.half.x + b.half.x + g,
			                      tu_rng_range(&r, -0.9, 0.9) * a.half.y);
			b.pose.position = tu_to_world2(&a.pose, off);
			place(&a);
			place(&b);
		} else {
			random_polygon(&r, &a);
			random_polygon(&r, &b);
			arrange(&r, &a, &b, 0, &sat, &dist);
			g *= size_of(&a, &b);
			mink_vec3 n = tu_normalize(tu_sub(dist.point_b, dist.point_a));
			shift(&b, n, g - dist.distance);
		}
		char id[64];
		snprintf(id, sizeof id, "touching2-%d", i);
		tu_case("%s, gap %g #%d", boxes ? "boxes" : "polygons", g / size_of(&a, &b), i);
		failed += check_contact(id, &a, &b, !boxes, states, &unique) > 0;
	}
	print_message("pairs in contact: %d (%d with a unique normal checked; states: "
	              "%d separated, %d touching, %d penetrating), %d failed\n",
	              N_TOUCHING, unique, states[0], states[1], states[2], failed);
	assert_true(unique > N_TOUCHING / 5);
	tu_end("pairs in contact", N_TOUCHING);
}

static void test_oracle_self(void **state)
{
	(void)state;
	tu_begin();
	mink_vec2 a[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}, b[4];
	for (int i = 0; i < 4; i++)
		b[i] = tu_v2(0.5 * a[i].x + 1.3, 0.5 * a[i].y + 0.2);
	oracle_sat s;
	oracle_sat2(a, 4, b, 4, &s);
	tu_case("oracle SAT on squares");
	CHECK_NEAR("depth", s.value, 0.2, 1e-15, 0);
	CHECK_VEC3("axis", s.axis, tu_v3(1, 0, 0), 1e-15);
	CHECK(s.unique, "not unique");
	mink_vec2 p[1] = {{0.3, 1.5}};
	oracle_dist d;
	oracle_dist2(a, 4, p, 1, &d);
	tu_case("oracle distance");
	CHECK_NEAR("point above a side", d.distance, 0.5, 1e-15, 0);
	CHECK_VEC3("closest on the side", d.point_a, tu_v3(0.3, 1, 0), 1e-15);
	CHECK(d.unique, "point-side contact not unique");
	for (int i = 0; i < 4; i++)
		b[i].x += 0.7;
	oracle_dist2(a, 4, b, 4, &d);
	CHECK_NEAR("side to side", d.distance, 0.5, 1e-15, 0);
	CHECK(!d.unique, "a side-side contact reported unique");
	CHECK_NEAR("outside", oracle_outside_hull2(a, 4, tu_v3(1.5, 0, 0)), 0.5, 1e-15, 0);
	CHECK_NEAR("inside", oracle_outside_hull2(a, 4, tu_v3(0.25, 0.5, 0)), -0.5, 1e-15, 0);
	tu_end("oracle self-check", 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_oracle_self),
		cmocka_unit_test(test_overlapping_polygons),
		cmocka_unit_test(test_separated_polygons),
		cmocka_unit_test(test_boxes),
		cmocka_unit_test(test_degenerate_polygons),
		cmocka_unit_test(test_swept),
		cmocka_unit_test(test_interior_points),
		cmocka_unit_test(test_touching),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
