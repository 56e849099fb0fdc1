/*
 * test_smooth.c - curved pairs against an independent minimiser of the
 * support function.
 *
 * For any pair the signed distance is -min F(n) over unit n, with
 * F(n) = h_A(n) + h_B(-n) the support function of A - B, and the
 * minimiser is the normal.  The oracle here evaluates F from closed forms
 * of the support functions written for this file (swept surfaces
 * included), searches a Fibonacci grid of directions and polishes the best
 * ones by Nelder-Mead in gnomonic coordinates with restarts (derivative
 * free, so kinks of F do not stop it).  Nothing here calls lib/ but the
 * public query.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mink.h"
#include "oracle.h"
#include "testutil.h"

#define PI 3.14159265358979323846

/* ---- the oracle ---- */

/* Support value of a shape's swept surface in local unit direction d. */
static double local_h(const mink_shape3 *s, mink_vec3 d)
{
	double dxy = hypot(d.x, d.y), h = 0.0;
	switch (s->type) {
	case MINK_SPHERE:
		h = s->sphere.radius;
		break;
	case MINK_BOX:
		h = s->box.half_extents.x * fabs(d.x) + s->box.half_extents.y * fabs(d.y) +
		    s->box.half_extents.z * fabs(d.z);
		break;
	case MINK_CAPSULE:
		h = s->capsule.radius + s->capsule.half_height * fabs(d.z);
		break;
	case MINK_CYLINDER:
		h = s->cylinder.radius * dxy + s->cylinder.half_height * fabs(d.z);
		break;
	case MINK_CONE:
		h = fmax(s->cone.half_height * d.z, s->cone.radius * dxy - s->cone.half_height * d.z);
		break;
	case MINK_ELLIPSOID: {
		mink_vec3 r = s->ellipsoid.radii;
		h = tu_norm(tu_v3(r.x * d.x, r.y * d.y, r.z * d.z));
		break;
	}
	case MINK_SEGMENT:
		h = fmax(tu_dot(d, s->segment.points[0]), tu_dot(d, s->segment.points[1]));
		break;
	case MINK_TRIANGLE:
		h = fmax(tu_dot(d, s->triangle.points[0]),
		         fmax(tu_dot(d, s->triangle.points[1]), tu_dot(d, s->triangle.points[2])));
		break;
	case MINK_HULL:
		h = -INFINITY;
		for (int i = 0; i < s->hull.count; i++)
			h = fmax(h, tu_dot(d, s->hull.points[i]));
		break;
	default:
		break;
	}
	return h + s->margin;
}

/* A support point of the swept surface (local), for unit d; *unique is 0
 * when d is within `near` of a direction with a flat support. */
static mink_vec3 local_p(const mink_shape3 *s, mink_vec3 d, double near, int *unique)
{
	double dxy = hypot(d.x, d.y);
	mink_vec3 u = dxy > 0 ? tu_v3(d.x / dxy, d.y / dxy, 0) : tu_v3(0, 0, 0);
	mink_vec3 p = tu_v3(0, 0, 0);
	*unique = 1;
	switch (s->type) {
	case MINK_CYLINDER:
		p = tu_add(tu_scale(u, s->cylinder.radius),
		           tu_v3(0, 0, d.z >= 0 ? s->cylinder.half_height : -s->cylinder.half_height));
		*unique = dxy > near && fabs(d.z) > near;
		break;
	case MINK_CONE: {
		double r = s->cone.radius, hh = s->cone.half_height;
		mink_vec3 rim = tu_add(tu_scale(u, r), tu_v3(0, 0, -hh));
		p = hh * d.z > r * dxy - hh * d.z ? tu_v3(0, 0, hh) : rim;
		*unique = fabs(2 * hh * d.z - r * dxy) > near * (r + hh) && !(dxy <= near && d.z < 0);
		break;
	}
	case MINK_ELLIPSOID: {
		mink_vec3 r = s->ellipsoid.radii;
		double l = tu_norm(tu_v3(r.x * d.x, r.y * d.y, r.z * d.z));
		p = tu_v3(r.x * r.x * d.x / l, r.y * r.y * d.y / l, r.z * r.z * d.z / l);
		break;
	}
	case MINK_BOX: {
		mink_vec3 e = s->box.half_extents;
		p = tu_v3(d.x >= 0 ? e.x : -e.x, d.y >= 0 ? e.y : -e.y, d.z >= 0 ? e.z : -e.z);
		*unique = fabs(d.x) > near && fabs(d.y) > near && fabs(d.z) > near;
		break;
	}
	default:
		*unique = 0;
		break;
	}
	return tu_add(p, tu_scale(d, s->margin));
}

typedef struct pair3 {
	mink_shape3 a, b;
	mink_pose3 pa, pb;
} pair3;

static double shape_h(const mink_shape3 *s, const mink_pose3 *p, mink_vec3 n)
{
	return local_h(s, tu_rotate_inv(p->rotation, n)) + tu_dot(p->position, n);
}

static mink_vec3 shape_p(const mink_shape3 *s, const mink_pose3 *p, mink_vec3 n, double near,
                         int *unique)
{
	mink_vec3 l = local_p(s, tu_rotate_inv(p->rotation, n), near, unique);
	return tu_add(tu_rotate(p->rotation, l), p->position);
}

/* F(n) for unit n: the support distance of A - B along n. */
static double F(const pair3 *q, mink_vec3 n)
{
	return shape_h(&q->a, &q->pa, n) + shape_h(&q->b, &q->pb, tu_neg(n));
}

static double bound_radius(const mink_shape3 *s)
{
	double r = 0;
	switch (s->type) {
	case MINK_SPHERE: r = s->sphere.radius; break;
	case MINK_BOX: r = tu_norm(s->box.half_extents); break;
	case MINK_CAPSULE: r = s->capsule.radius + s->capsule.half_height; break;
	case MINK_CYLINDER: r = hypot(s->cylinder.radius, s->cylinder.half_height); break;
	case MINK_CONE: r = hypot(s->cone.radius, s->cone.half_height); break;
	case MINK_ELLIPSOID: {
		mink_vec3 v = s->ellipsoid.radii;
		r = fmax(v.x, fmax(v.y, v.z));
		break;
	}
	case MINK_SEGMENT:
		r = fmax(tu_norm(s->segment.points[0]), tu_norm(s->segment.points[1]));
		break;
	case MINK_TRIANGLE:
		r = fmax(tu_norm(s->triangle.points[0]),
		         fmax(tu_norm(s->triangle.points[1]), tu_norm(s->triangle.points[2])));
		break;
	default: break;
	}
	return r + s->margin;
}

static double pair_size(const pair3 *q)
{
	return bound_radius(&q->a) + bound_radius(&q->b) + tu_dist(q->pa.position, q->pb.position);
}

static void basis(mink_vec3 n, mink_vec3 *t1, mink_vec3 *t2)
{
	mink_vec3 e = fabs(n.x) < 0.6 ? tu_v3(1, 0, 0) : tu_v3(0, 1, 0);
	*t1 = tu_normalize(tu_cross(n, e));
	*t2 = tu_cross(n, *t1);
}

typedef struct gnomonic {
	const pair3 *q;
	mink_vec3 c, t1, t2;
} gnomonic;

static mink_vec3 g_dir(const gnomonic *g, double u, double v)
{
	return tu_normalize(tu_add(g->c, tu_add(tu_scale(g->t1, u), tu_scale(g->t2, v))));
}

static double g_f(const gnomonic *g, const double *x)
{
	return F(g->q, g_dir(g, x[0], x[1]));
}

/* Nelder-Mead (Nelder and Mead 1965; coefficients 1, 2, 1/2, 1/2) on the
 * plane tangent at g->c, from a simplex of size `step`; returns the best. */
static double nelder_mead(const gnomonic *g, double step, double *best)
{
	double x[3][2] = {{0, 0}, {step, 0}, {0, step}}, f[3];
	for (int i = 0; i < 3; i++)
		f[i] = g_f(g, x[i]);
	for (int it = 0; it < 400; it++) {
		/* order: 0 best, 2 worst */
		for (int i = 0; i < 3; i++)
			for (int j = i + 1; j < 3; j++)
				if (f[j] < f[i]) {
					double t = f[i];
					f[i] = f[j];
					f[j] = t;
					for (int k = 0; k < 2; k++) {
						t = x[i][k];
						x[i][k] = x[j][k];
						x[j][k] = t;
					}
				}
		double size = fmax(fabs(x[1][0] - x[0][0]) + fabs(x[1][1] - x[0][1]),
		                   fabs(x[2][0] - x[0][0]) + fabs(x[2][1] - x[0][1]));
		if (size < 1e-15)
			break;
		double m[2] = {0.5 * (x[0][0] + x[1][0]), 0.5 * (x[0][1] + x[1][1])};
		double r[2] = {2 * m[0] - x[2][0], 2 * m[1] - x[2][1]};
		double fr = g_f(g, r);
		if (fr < f[0]) {
			double e[2] = {3 * m[0] - 2 * x[2][0], 3 * m[1] - 2 * x[2][1]};
			double fe = g_f(g, e);
			if (fe < fr) {
				x[2][0] = e[0], x[2][1] = e[1], f[2] = fe;
			} else {
				x[2][0] = r[0], x[2][1] = r[1], f[2] = fr;
			}
		} else if (fr < f[1]) {
			x[2][0] = r[0], x[2][1] = r[1], f[2] = fr;
		} else {
			double c[2] = {0.5 * (m[0] + x[2][0]), 0.5 * (m[1] + x[2][1])};
			double fc = g_f(g, c);
			if (fc < f[2]) {
				x[2][0] = c[0], x[2][1] = c[1], f[2] = fc;
			} else {
				for (int i = 1; i < 3; i++) {
					x[i][0] = 0.5 * (x[0][0] + x[i][0]);
					x[i][1] = 0.5 * (x[0][1] + x[i][1]);
					f[i] = g_f(g, x[i]);
				}
			}
		}
	}
	int b = 0;
	for (int i = 1; i < 3; i++)
		if (f[i] < f[b])
			b = i;
	best[0] = x[b][0];
	best[1] = x[b][1];
	return f[b];
}

/* Nelder-Mead restarted about c (F there fc) with turned simplices until
 * it stops improving: the least F found, its direction in *n_out. */
static double descend(const pair3 *q, mink_vec3 c, double fc, mink_vec3 *n_out)
{
	double step = 0.05;
	for (int round = 0; round < 60 && step > 1e-14; round++) {
		gnomonic g = {q, c, tu_v3(0, 0, 0), tu_v3(0, 0, 0)};
		mink_vec3 t1, t2;
		basis(c, &t1, &t2);
		double a = 0.7 * round; /* turn the simplex each round */
		g.t1 = tu_add(tu_scale(t1, cos(a)), tu_scale(t2, sin(a)));
		g.t2 = tu_cross(c, g.t1);
		double x[2];
		double f = nelder_mead(&g, step, x);
		if (f < fc) {
			c = g_dir(&g, x[0], x[1]);
			fc = F(q, c);
			step = fmax(hypot(x[0], x[1]), step * 0.1);
		} else {
			step *= 0.3;
		}
	}
	*n_out = c;
	return fc;
}

/* min F and its minimiser: grid, then descend from the best points of the
 * grid and from the directions extra[0 .. nextra-1]. */
static double oracle_min_from(const pair3 *q, const mink_vec3 *extra, int nextra,
                              mink_vec3 *n_out)
{
	enum { GRID = 4000, STARTS = 4 };
	mink_vec3 start[STARTS];
	double fs[STARTS];
	for (int i = 0; i < STARTS; i++)
		fs[i] = INFINITY;
	double golden = PI * (3.0 - sqrt(5.0));
	for (int i = 0; i < GRID; i++) {
		double z = 1.0 - (2.0 * i + 1.0) / GRID, rr = sqrt(1.0 - z * z);
		mink_vec3 n = tu_v3(rr * cos(golden * i), rr * sin(golden * i), z);
		double f = F(q, n);
		int w = 0;
		for (int k = 1; k < STARTS; k++)
			if (fs[k] > fs[w])
				w = k;
		if (f < fs[w]) {
			fs[w] = f;
			start[w] = n;
		}
	}
	double fbest = INFINITY;
	mink_vec3 nbest = start[0];
	for (int s = 0; s < STARTS + nextra; s++) {
		mink_vec3 c = s < STARTS ? start[s] : extra[s - STARTS], n;
		double fc = descend(q, c, s < STARTS ? fs[s] : F(q, c), &n);
		if (fc < fbest) {
			fbest = fc;
			nbest = n;
		}
	}
	*n_out = nbest;
	return fbest;
}

static double oracle_min(const pair3 *q, mink_vec3 *n_out)
{
	return oracle_min_from(q, NULL, 0, n_out);
}

/* ---- pairs ---- */

static mink_shape3 random_curved(tu_rng *r, double scale)
{
	int k = tu_rng_int(r, 0, 2);
	double a = tu_rng_range(r, 0.2, 1.0) * scale;
	double b = tu_rng_range(r, 0.2, 1.0) * scale;
	double c = tu_rng_range(r, 0.2, 1.0) * scale;
	mink_shape3 s = k == 0 ? tu_cylinder(a, b) : k == 1 ? tu_cone(a, b) : tu_ellipsoid(a, b, c);
	if (tu_rng_unit(r) < 0.3)
		s.margin = tu_rng_range(r, 0.0, 0.3) * scale;
	return s;
}

/* A random curved pair: overlapping (t < 1), near contact or apart. */
static pair3 random_pair(tu_rng *r, int mode)
{
	pair3 q;
	q.a = random_curved(r, 1.0);
	q.b = random_curved(r, 1.0);
	q.pa = tu_pose3(0, 0, 0, tu_rng_quat(r));
	q.pa.position = tu_rng_box(r, -1.0, 1.0);
	q.pb = tu_pose3(0, 0, 0, tu_rng_quat(r));
	mink_vec3 u = tu_rng_unit_vec3(r);
	q.pb.position = q.pa.position;
	/* extents of both along u from their origins */
	double ext = F(&q, u);
	double t = mode == 0 ? tu_rng_range(r, 0.4, 0.98)
	         : mode == 1 ? 1.0 + tu_rng_log_range(r, 1e-9, 1e-3)
	                     : tu_rng_range(r, 1.02, 1.5);
	q.pb.position = tu_add(q.pa.position, tu_scale(u, ext * t));
	return q;
}

static mink_result run(const pair3 *q)
{
	mink_result res;
	tu_poison(&res);
	mink_query3(&q->a, &q->pa, &q->b, &q->pb, NULL, &res);
	return res;
}

/* The checks every curved answer must pass against the oracle; returns the
 * distance error relative to the size through *err. */
static void check_against(const pair3 *q, const mink_result *res, double fo, double *err)
{
	double size = pair_size(q);
	double want = -fo;
	*err = fabs(res->distance - want) / size;
	CHECK(res->status == MINK_OK, "status %d (warning %d)", res->status, res->warning);
	CHECK_NEAR("distance vs oracle", res->distance, want, 1e-11 * size, 0);
	/* the distance is the support distance along the reported normal */
	CHECK_NEAR("distance vs F(normal)", res->distance, -F(q, res->normal), 1e-13 * size, 0);
	/* never above the oracle's optimum by more than rounding */
	CHECK(F(q, res->normal) <= fo + 1e-13 * size, "normal worse than the oracle's by %.3g",
	      (F(q, res->normal) - fo) / size);
	/* witness points: the support points along the normal where unique */
	int ua, ub;
	mink_vec3 sa = shape_p(&q->a, &q->pa, res->normal, 1e-7, &ua);
	mink_vec3 sb = shape_p(&q->b, &q->pb, tu_neg(res->normal), 1e-7, &ub);
	if (ua && res->state != MINK_TOUCHING)
		CHECK(tu_dist(res->point_a, sa) <= 1e-12 * size, "point_a off the support by %.3g",
		      tu_dist(res->point_a, sa) / size);
	if (ub && res->state != MINK_TOUCHING)
		CHECK(tu_dist(res->point_b, sb) <= 1e-12 * size, "point_b off the support by %.3g",
		      tu_dist(res->point_b, sb) / size);
	/* on the support planes in any case */
	CHECK_NEAR("point_a . n", tu_dot(res->point_a, res->normal),
	           shape_h(&q->a, &q->pa, res->normal), 1e-12 * size, 0);
	CHECK_NEAR("point_b . n", tu_dot(res->point_b, res->normal),
	           -shape_h(&q->b, &q->pb, tu_neg(res->normal)), 1e-12 * size, 0);
	/* two ellipsoids: F is smooth, the normal is its unique stationary
	 * point, so the tangential part of the support point of A - B is the
	 * angle's error times the curvature (of order the size) */
	if (q->a.type == MINK_ELLIPSOID && q->b.type == MINK_ELLIPSOID && res->distance > 0) {
		mink_vec3 s = tu_sub(sa, sb), n = res->normal;
		mink_vec3 g = tu_sub(s, tu_scale(n, tu_dot(s, n)));
		CHECK(tu_norm(g) <= 1e-10 * size, "stationarity %.3g", tu_norm(g) / size);
	}
}

static void check_against_oracle(const pair3 *q, const mink_result *res, double *err)
{
	mink_vec3 no;
	check_against(q, res, oracle_min(q, &no), err);
}

#ifndef SMOOTH_NO_MAIN

static void test_random_curved_pairs(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x5eed5);
	double worst = 0;
	long cases = 0;
	for (int mode = 0; mode < 3; mode++)
		for (int i = 0; i < 120; i++) {
			pair3 q = random_pair(&r, mode);
			tu_case("mode %d pair %d (types %d %d)", mode, i, q.a.type, q.b.type);
			mink_result res = run(&q);
			CHECK_RESULT3(&res, &q.pa, &q.pb, 1e-12 * pair_size(&q));
			double err;
			check_against_oracle(&q, &res, &err);
			worst = fmax(worst, err);
			cases++;
		}
	print_message("worst distance error %.3g of the size\n", worst);
	tu_end("random curved pairs", cases);
}

/* Two identical shapes in the same pose: the depth is the shape's minimum
 * width (the least translation that separates a convex body from its
 * copy); checked against the oracle and closed forms. */
static void coincident(mink_shape3 a, mink_shape3 b, double want)
{
	pair3 q;
	q.a = a;
	q.b = b;
	mink_quat rot = tu_quat_normalize(tu_quat(0.9, 0.1, 0.3, 0.2));
	q.pa = tu_pose3(1, -2, 3, rot);
	q.pb = q.pa;
	mink_result res = run(&q);
	double size = pair_size(&q);
	CHECK_FLAGGED3(&res, &q.pa, &q.pb, 1e-12 * size);
	mink_vec3 no;
	double fo = oracle_min(&q, &no);
	CHECK_NEAR("oracle vs closed form", fo, want, 1e-11 * size, 0);
	CHECK(res.state == MINK_PENETRATING, "state %d", res.state);
	CHECK_NEAR("depth", res.depth, fo, 1e-11 * size, 0);
	CHECK_NEAR("depth vs F(normal)", res.depth, F(&q, res.normal), 1e-13 * size, 0);
}

static void test_coincident(void **state)
{
	(void)state;
	tu_begin();
	/* cylinder r = 5, half height 5: width 2 min(r, h) = 10 */
	tu_case("cylinders");
	coincident(tu_cylinder(5, 5), tu_cylinder(5, 5), 10.0);
	tu_case("flat cylinders");
	coincident(tu_cylinder(5, 2), tu_cylinder(5, 2), 4.0);
	/* cone r, h (half height): the axial section is a triangle of base 2r
	 * and height 2h; its least altitude, onto a slant side of length
	 * sqrt(r^2 + 4h^2), is 2 * (2rh) / sqrt(r^2 + 4h^2) */
	tu_case("cones");
	coincident(tu_cone(5, 5), tu_cone(5, 5), 20.0 / sqrt(5.0));
	tu_case("cylinder and cone");
	pair3 q = {tu_cylinder(5, 5), tu_cone(5, 5), tu_pose3(0, 0, 0, tu_quat_identity()),
	           tu_pose3(0, 0, 0, tu_quat_identity())};
	mink_vec3 no;
	coincident(q.a, q.b, oracle_min(&q, &no));
	tu_end("coincident shapes", 4);
}

static void test_touching_ellipsoids(void **state)
{
	(void)state;
	/* FCL's shapeIntersection ellipsoid pair: radii (20, 40, 50), centres
	 * 40 apart along x: they touch at (20, 0, 0). */
	mink_shape3 e = tu_ellipsoid(20, 40, 50);
	mink_pose3 pa = tu_pose3(0, 0, 0, tu_quat_identity());
	mink_pose3 pb = tu_pose3(40, 0, 0, tu_quat_identity());
	mink_result res;
	mink_query3(&e, &pa, &e, &pb, NULL, &res);
	assert_int_equal(res.status, MINK_OK);
	assert_int_equal(res.state, MINK_TOUCHING);
	assert_double_near(res.distance, 0.0, 0.0, 0);
	assert_double_near(res.normal.x, 1.0, 1e-15, 0);
	/* turned about x, and B turned about x: still touching at one point */
	tu_begin();
	for (int i = 0; i < 16; i++) {
		pair3 q;
		q.a = e;
		q.b = tu_ellipsoid(10 + i, 30, 25);
		q.pa = tu_pose3(0, 0, 0, tu_quat_axis_angle(tu_v3(1, 0, 0), 0.3 * i));
		q.pb = tu_pose3(30 + i, 0, 0, tu_quat_axis_angle(tu_v3(1, 0, 0), -0.7 * i));
		tu_case("turned %d", i);
		mink_query3(&q.a, &q.pa, &q.b, &q.pb, NULL, &res);
		CHECK(res.status == MINK_OK && res.state == MINK_TOUCHING, "state %d status %d",
		      res.state, res.status);
		CHECK_NEAR("distance", res.distance, 0.0, 1e-12 * pair_size(&q), 0);
	}
	tu_end("touching ellipsoids", 16);
}

/* Cone and ellipsoid on a large flat box: the normal is the box's face
 * normal and the witness on the curved shape is its support point. */
static void test_on_flat_box(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 77);
	long cases = 0;
	for (int i = 0; i < 200; i++) {
		pair3 q;
		q.a = tu_box(100, 100, 1);
		q.b = i % 2 ? tu_cone(tu_rng_range(&r, 0.5, 2), tu_rng_range(&r, 0.5, 2))
		            : tu_ellipsoid(tu_rng_range(&r, 0.5, 2), tu_rng_range(&r, 0.5, 2),
		                           tu_rng_range(&r, 0.5, 2));
		if (i % 4 >= 2)
			q.b.margin = 0.1;
		q.pa = tu_pose3(0, 0, 0, tu_quat_identity());
		if (i % 3 == 0)
			q.pa.rotation = tu_rng_quat(&r);
		q.pb = tu_pose3(0, 0, 0, tu_rng_quat(&r));
		/* B's lowest point along the face normal at a set gap */
		mink_vec3 up = tu_rotate(q.pa.rotation, tu_v3(0, 0, 1));
		double gap = tu_rng_range(&r, -0.5, 0.5);
		mink_vec3 lateral = tu_rotate(q.pa.rotation, tu_v3(tu_rng_range(&r, -5, 5),
		                                                   tu_rng_range(&r, -5, 5), 0));
		double low = shape_h(&q.b, &q.pb, tu_neg(up));
		q.pb.position = tu_add(lateral, tu_scale(up, 1.0 + gap + low));
		tu_case("pair %d gap %g", i, gap);
		mink_result res = run(&q);
		double size = pair_size(&q);
		CHECK_RESULT3(&res, &q.pa, &q.pb, 1e-12 * size);
		CHECK(tu_dist(res.normal, up) <= 1e-14, "normal off the face normal by %.3g",
		      tu_dist(res.normal, up));
		CHECK_NEAR("distance", res.distance, gap, 1e-12 * size, 0);
		int ub;
		mink_vec3 sb = shape_p(&q.b, &q.pb, tu_neg(res.normal), 1e-7, &ub);
		CHECK(tu_dist(res.point_b, sb) <= 1e-12 * size, "point_b off the support by %.3g",
		      tu_dist(res.point_b, sb) / size);
		cases++;
	}
	tu_end("curved shapes on a flat box", cases);
}

/* Pairs overlapping by 1e-12 of their size along a known normal (x): the
 * shapes meet tip to tip, so the exact distance is set by the placement.
 * They must never come back separated. */
static void test_tiny_overlaps(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 1234);
	long cases = 0;
	/* a cone with its apex along +x, or an ellipsoid; B an ellipsoid */
	for (int i = 0; i < 200; i++) {
		pair3 q;
		double ax;
		mink_quat qa = tu_quat_axis_angle(tu_v3(1, 0, 0), tu_rng_range(&r, 0, 6.3));
		if (i % 2) {
			double hh = tu_rng_range(&r, 0.3, 1);
			q.a = tu_cone(tu_rng_range(&r, 0.3, 1), hh);
			qa = tu_quat_mul(qa, tu_quat_axis_angle(tu_v3(0, 1, 0), PI / 2));
			ax = hh;
		} else {
			q.a = tu_ellipsoid(tu_rng_range(&r, 0.3, 1), tu_rng_range(&r, 0.3, 1),
			                   tu_rng_range(&r, 0.3, 1));
			ax = q.a.ellipsoid.radii.x;
		}
		q.b = tu_ellipsoid(tu_rng_range(&r, 0.3, 1), tu_rng_range(&r, 0.3, 1),
		                   tu_rng_range(&r, 0.3, 1));
		double bx = q.b.ellipsoid.radii.x;
		q.pa = tu_pose3(0, 0, 0, qa);
		q.pb = tu_pose3(0, 0, 0, tu_quat_axis_angle(tu_v3(1, 0, 0), tu_rng_range(&r, 0, 6.3)));
		double size0 = bound_radius(&q.a) + bound_radius(&q.b) + ax + bx;
		double overlap = (i % 4 < 2 ? 1e-12 : 1e-11) * size0;
		q.pb.position = tu_v3(ax + bx - overlap, 0, 0);
		tu_case("pair %d overlap %.3g", i, overlap);
		mink_result res = run(&q);
		CHECK(res.status == MINK_OK, "status %d", res.status);
		CHECK(res.state != MINK_SEPARATED, "separated by %.3g", res.distance);
		CHECK_NEAR("distance", res.distance, -overlap, 1e-13 * size0, 0);
		cases++;
	}
	tu_end("tiny overlaps", cases);
}

/* Random curved pairs brought into contact along the oracle's normal and
 * then pushed 1e-12 of their size further: F at that normal is exactly the
 * overlap, and where the curvature exceeds the push, its minimum too. */
static void test_tiny_overlaps_random(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 4321);
	long cases = 0;
	for (int i = 0; i < 150; i++) {
		pair3 q = random_pair(&r, 1);
		mink_vec3 no;
		double fo = oracle_min(&q, &no), size = pair_size(&q);
		double overlap = (i % 2 ? 1e-12 : 3e-12) * size;
		q.pb.position = tu_add(q.pb.position, tu_scale(no, fo - overlap));
		tu_case("pair %d overlap %.3g", i, overlap);
		double want = -F(&q, no);
		mink_result res = run(&q);
		CHECK(res.status == MINK_OK, "status %d", res.status);
		CHECK(res.state != MINK_SEPARATED, "separated by %.3g", res.distance);
		CHECK_NEAR("distance", res.distance, want, 2e-13 * size, 0);
		cases++;
	}
	tu_end("tiny overlaps of random pairs", cases);
}

/* The least of F on the circle of directions at angle th from unit u
 * (frame u, t1, t2): a grid of 128, then golden sections about the best
 * two. */
static mink_vec3 polar_dir(mink_vec3 u, mink_vec3 t1, mink_vec3 t2, double th, double ps)
{
	double st = sin(th);
	return tu_add(tu_scale(u, cos(th)),
	              tu_add(tu_scale(t1, st * cos(ps)), tu_scale(t2, st * sin(ps))));
}

static double circle_min(const pair3 *q, mink_vec3 u, mink_vec3 t1, mink_vec3 t2, double th,
                         mink_vec3 *n_out)
{
	enum { K = 128 };
	double f[K];
#define RING_DIR(ps) polar_dir(u, t1, t2, th, ps)
	for (int k = 0; k < K; k++)
		f[k] = F(q, RING_DIR(2 * PI * k / K));
	double best = INFINITY;
	for (int round = 0; round < 2; round++) {
		int w = -1;
		for (int k = 0; k < K; k++)
			if (f[k] < INFINITY && (w < 0 || f[k] < f[w]))
				w = k;
		double lo = 2 * PI * (w - 1) / K, hi = 2 * PI * (w + 1) / K;
		f[w] = INFINITY;
		for (int it = 0; it < 60; it++) {
			double a = hi - 0.618033988749895 * (hi - lo), b = lo + 0.618033988749895 * (hi - lo);
			if (F(q, RING_DIR(a)) < F(q, RING_DIR(b)))
				hi = b;
			else
				lo = a;
		}
		double v = F(q, RING_DIR(0.5 * (lo + hi)));
		if (v < best) {
			best = v;
			*n_out = RING_DIR(0.5 * (lo + hi));
		}
	}
#undef RING_DIR
	return best;
}

/* min F by nested searches in polar angle about u and angle around it:
 * where F is constant along arcs about u and kinked across them, which
 * defeats a simplex search in the plane. */
static double oracle_about_axis(const pair3 *q, mink_vec3 u, mink_vec3 *n_out)
{
	enum { T = 90 };
	mink_vec3 t1, t2, n;
	basis(u, &t1, &t2);
	double m[T + 1], best = INFINITY;
	for (int i = 0; i <= T; i++)
		m[i] = circle_min(q, u, t1, t2, PI * i / T, &n);
	for (int round = 0; round < 2; round++) {
		int w = 0;
		for (int i = 1; i <= T; i++)
			if (m[i] < m[w])
				w = i;
		double lo = PI * (w > 0 ? w - 1 : 0) / T, hi = PI * (w < T ? w + 1 : T) / T;
		m[w] = INFINITY;
		for (int it = 0; it < 60; it++) {
			double a = hi - 0.618033988749895 * (hi - lo), b = lo + 0.618033988749895 * (hi - lo);
			if (circle_min(q, u, t1, t2, a, &n) < circle_min(q, u, t1, t2, b, &n))
				hi = b;
			else
				lo = a;
		}
		double v = circle_min(q, u, t1, t2, 0.5 * (lo + hi), &n);
		if (v < best) {
			best = v;
			*n_out = n;
		}
	}
	return best;
}

/*
 * A cone's apex or a capsule's segment end on the axis of a body of
 * revolution (a cone, a cylinder, an ellipsoid with two equal radii), the
 * axes at any angle: the least
 * support distance is taken on a whole arc of the circle of directions at
 * one angle from the axis, which no finite polytope closes (the axial
 * solver takes coaxial pairs only).  Every answer must be certified and
 * exact, at the default tolerances and at 1e-12 with none of the size's;
 * both orders.
 */
static void test_apex_on_axis(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0xa9e);
	long cases = 0;
	double worst = 0;
	/* MINK_APEX_N pairs (make certify runs 3000); 96 by default */
	const char *env = getenv("MINK_APEX_N");
	int count = env && atoi(env) > 0 ? atoi(env) : 96;
	for (int i = 0; i < count; i++) {
		pair3 q;
		int k = i % 3;
		double ra = tu_rng_range(&r, 0.3, 1.0), ha = tu_rng_range(&r, 0.3, 1.0);
		q.a = k == 0 ? tu_cone(ra, ha) : k == 1 ? tu_cylinder(ra, ha) : tu_ellipsoid(ra, ra, ha);
		/* B a cone, or a capsule with the end of its segment there */
		double rb = tu_rng_range(&r, 0.2, 0.8), hb = tu_rng_range(&r, 0.2, 0.8);
		q.b = i % 6 < 3 ? tu_cone(rb, hb) : tu_capsule(0.5 * rb, hb);
		if (i % 4 == 1)
			q.a.margin = tu_rng_range(&r, 0.01, 0.2);
		if (i % 4 >= 2)
			q.b.margin = tu_rng_range(&r, 0.01, 0.2);
		q.pa = tu_pose3(0, 0, 0, tu_rng_quat(&r));
		q.pa.position = tu_rng_box(&r, -1.0, 1.0);
		/* B's apex or end (its local (0, 0, hh)) at a point of A's axis inside A,
		 * B's axis turned from A's by 20 .. 160 degrees */
		double t = tu_rng_range(&r, -0.8, 0.8) * ha;
		mink_vec3 axis = tu_rotate(q.pa.rotation, tu_v3(0, 0, 1));
		mink_vec3 apex = tu_add(q.pa.position, tu_scale(axis, t));
		double tilt = tu_rng_range(&r, 20.0, 160.0) * PI / 180.0;
		mink_vec3 side = tu_rotate(q.pa.rotation,
		                           tu_v3(cos(0.7 * i), sin(0.7 * i), 0));
		mink_quat turn = tu_quat_axis_angle(side, tilt);
		mink_quat qb = tu_quat_mul(turn, q.pa.rotation);
		q.pb = tu_pose3(0, 0, 0, qb);
		q.pb.position = tu_sub(apex, tu_rotate(qb, tu_v3(0, 0, hb)));
		for (int order = 0; order < 2; order++) {
			pair3 p = q;
			if (order) {
				p.a = q.b, p.pa = q.pb;
				p.b = q.a, p.pb = q.pa;
			}
			tu_case("pair %d order %d (kind %d, tilt %.1f deg)", i, order, k, tilt * 180 / PI);
			mink_result res = run(&p);
			CHECK_RESULT3(&res, &p.pa, &p.pb, 1e-12 * pair_size(&p));
			/* the better of two oracles (every value of F bounds its
			 * least from above) */
			mink_vec3 no;
			double err, fo = fmin(oracle_min(&p, &no), oracle_about_axis(&p, axis, &no));
			check_against(&p, &res, fo, &err);
			worst = fmax(worst, err);
			/* a tighter tolerance, none of the size's: still certified */
			mink_options tight = mink_default_options();
			tight.tolerance = 1e-12;
			tight.size_tolerance = 0.0;
			mink_result rt;
			mink_query3(&p.a, &p.pa, &p.b, &p.pb, &tight, &rt);
			CHECK(rt.status == MINK_OK, "tolerance 1e-12: status %d (warning %d)", rt.status,
			      rt.warning);
			CHECK_NEAR("tolerance 1e-12: distance", rt.distance, res.distance,
			           1e-12 * fabs(res.distance) + 1e-15 * pair_size(&p), 0);
			cases++;
		}
	}
	print_message("worst distance error %.3g of the size\n", worst);
	tu_end("a cone's apex on an axis", cases);
}

/* min F over the circle at angle th from u, densely: a grid of 2048 and
 * golden sections about its six least local minima (about an axis near a
 * small shape F varies little round the circle and has many minima). */
static double dense_circle_min(const pair3 *q, mink_vec3 u, double th, mink_vec3 *n_out)
{
	enum { K = 2048, KEEP = 6 };
	static double f[K];
	mink_vec3 t1, t2;
	basis(u, &t1, &t2);
	for (int k = 0; k < K; k++)
		f[k] = F(q, polar_dir(u, t1, t2, th, 2 * PI * k / K));
	int keep[KEEP], nk = 0;
	for (int k = 0; k < K; k++) {
		if (!(f[k] <= f[(k + 1) % K] && f[k] <= f[(k + K - 1) % K]))
			continue;
		if (nk < KEEP) {
			keep[nk++] = k;
			continue;
		}
		int w = 0;
		for (int j = 1; j < KEEP; j++)
			if (f[keep[j]] > f[keep[w]])
				w = j;
		if (f[k] < f[keep[w]])
			keep[w] = k;
	}
	double best = INFINITY;
	for (int j = 0; j < nk; j++) {
		double lo = 2 * PI * (keep[j] - 1) / K, hi = 2 * PI * (keep[j] + 1) / K;
		for (int it = 0; it < 60; it++) {
			double a = hi - 0.618033988749895 * (hi - lo), b = lo + 0.618033988749895 * (hi - lo);
			if (F(q, polar_dir(u, t1, t2, th, a)) < F(q, polar_dir(u, t1, t2, th, b)))
				hi = b;
			else
				lo = a;
		}
		mink_vec3 n = polar_dir(u, t1, t2, th, 0.5 * (lo + hi));
		double v = F(q, n);
		if (v < best) {
			best = v;
			*n_out = n;
		}
	}
	return best;
}

/* The oracle's least F for a pair with a body of revolution of axis u:
 * the minimiser's, and about the axis (oracle_about_axis); with th >= 0
 * also the circle of normals at th from it searched densely
 * (dense_circle_min); with ends also along the axis both ways. */
static double axis_oracle(const pair3 *q, mink_vec3 u, double th, int ends)
{
	mink_vec3 no;
	double fo = fmin(oracle_min(q, &no), oracle_about_axis(q, u, &no));
	if (th >= 0.0)
		fo = fmin(fo, dense_circle_min(q, u, th, &no));
	if (ends)
		fo = fmin(fo, fmin(F(q, u), F(q, tu_neg(u))));
	return fo;
}

/*
 * Both orders of q, each certified and exact against axis_oracle about
 * axis (th as there; in the swapped order B's side has the normals -n, so
 * the axis is -axis): the distance the oracle's and F's along its normal
 * (within ftol of the size, or of the tolerance below where ftol < 0),
 * the points on their support planes.  The tolerance is the query's own
 * (1e-10 of the depth, 1e-13 of the size), twice over: a flat ring leaves
 * the normal's angle free to their square root, and the support point of
 * a small shape whose side lies along the ring with it, so the points are
 * held to the support planes, not to a support point (on them to the
 * distance's own tolerance: a box at a tie had both points 3.7e-10 off
 * them, 7.3 deep).  Counts into *cases and *flagged, the worst distance
 * error over the size into *worst.
 */
static void certified_about_axis(const pair3 *q, mink_vec3 axis, double th, double ftol,
                                 const char *what, long *cases, long *flagged, double *worst)
{
	for (int order = 0; order < 2; order++) {
		pair3 p = *q;
		mink_vec3 u = axis;
		if (order) {
			p.a = q->b, p.pa = q->pb;
			p.b = q->a, p.pb = q->pa;
			u = tu_neg(axis);
		}
		tu_case("%s, order %d", what, order);
		mink_result res = run(&p);
		if (res.status != MINK_OK)
			(*flagged)++;
		double fo = axis_oracle(&p, u, th, 1);
		double size = pair_size(&p), tol = 2e-10 * fabs(fo) + 2e-13 * size;
		CHECK(res.status == MINK_OK, "status %d (warning %d)", res.status, res.warning);
		CHECK_NEAR("distance vs oracle", res.distance, -fo, tol, 0);
		CHECK_NEAR("distance vs F(normal)", res.distance, -F(&p, res.normal),
		           ftol < 0.0 ? tol : ftol * size, 0);
		CHECK_NEAR("point_a . n", tu_dot(res.point_a, res.normal),
		           shape_h(&p.a, &p.pa, res.normal), tol, 0);
		CHECK_NEAR("point_b . n", tu_dot(res.point_b, res.normal),
		           -shape_h(&p.b, &p.pb, tu_neg(res.normal)), tol, 0);
		*worst = fmax(*worst, fabs(res.distance + fo) / size);
		(*cases)++;
	}
}

/*
 * A small shape (an ellipsoid, a cylinder, a cone, a capsule, a box or a
 * ball, 1e-9 to 1e-3 of the radius) deep in a cylinder or a cone 1 to 1e6
 * across, 1e-12 to 1e-3 of the radius from its axis: the least support
 * distance lies on the circle of the side's normals (across the axis, or
 * along the cone's slant), nearly the same all round it, where EPA's faces
 * run out.  Of these 400 answers 76 were flagged approximate (the worst
 * 5.1e-10 of the size too deep) before the circle's own bound
 * (lib/slice.c, mk_circle_bound).  Oracle: the least of the searches over the sphere and
 * about the axis, of a dense search of that circle, and of F along the
 * axis; every answer certified and exact; both orders.
 */
static void deep_sweep(uint64_t seed, int mode, int count, const char *what)
{
	int tie = mode == 1, poke = mode == 2, coax = mode == 3;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, seed);
	long cases = 0, flagged = 0;
	double worst = 0;
	for (int i = 0; i < count; i++) {
		pair3 q;
		int cone = i % 2, kind = i / 2 % 6;
		double ra = tu_rng_log_range(&r, 1.0, 1e6);
		double ha = tu_rng_log_range(&r, 0.1, 10.0) * ra;
		q.a = cone ? tu_cone(ra, ha) : tu_cylinder(ra, ha);
		double s = tu_rng_log_range(&r, 1e-9, 1e-3) * ra;
		double s2 = tu_rng_range(&r, 0.3, 1.0) * s;
		double s3 = tu_rng_range(&r, 0.3, 1.0) * s;
		q.b = kind == 0 ? tu_ellipsoid(s, s2, s3)
		    : kind == 1 ? tu_cylinder(s, s2)
		    : kind == 2 ? tu_cone(s, s2)
		    : kind == 3 ? tu_capsule(s, s2)
		    : kind == 4 ? tu_box(s, s2, s3)
		                : tu_sphere(s);
		q.pa = tu_pose3(0, 0, 0, tu_rng_quat(&r));
		q.pa.position = tu_rng_box(&r, -1.0, 1.0);
		double off = tu_rng_log_range(&r, 1e-12, 1e-3) * ra;
		double turn = tu_rng_range(&r, 0.0, 2 * PI);
		double z = tu_rng_range(&r, -0.25, 0.25) * ha;
		if (tie) {
			/* where the side and the nearer end are as deep, to 1e-9 to
			 * 1e-2: a cylinder's r = h - |z|, a cone's slant ks (h - z) =
			 * h + z, its base */
			double ks = ra / hypot(ra, 2.0 * ha);
			double at = cone ? ha * (ks - 1.0) / (1.0 + ks) : (ha - ra) * (z < 0.0 ? -1.0 : 1.0);
			double rel = tu_rng_log_range(&r, 1e-9, 1e-2);
			z = at * (1.0 + (tu_rng_unit(&r) < 0.5 ? rel : -rel));
		}
		mink_quat qb = tu_rng_quat(&r);
		if (poke) {
			/* long along the axis, within 1e-12 to 1e-3 rad of it, and
			 * out through an end by 5% to 95% of its length: a needle,
			 * a bar, a capsule, a cylinder or a cone, 1e-9 to 1e-3 of
			 * the radius across or up to nine tenths of it */
			int k5 = i / 2 % 10;
			double len = tu_rng_range(&r, 0.6, 1.5) * ha;
			double wide = tu_rng_range(&r, 0.1, 0.9) * ra;
			if (i % 4 >= 2)
				s = wide, s2 = tu_rng_range(&r, 0.3, 1.0) * wide;
			q.b = k5 % 5 == 0 ? tu_ellipsoid(s, s2, len)
			    : k5 % 5 == 1 ? tu_box(s, s2, len)
			    : k5 % 5 == 2 ? tu_capsule(s, len)
			    : k5 % 5 == 3 ? tu_cylinder(s, len)
			                  : tu_cone(s, len);
			double tilt = tu_rng_log_range(&r, 1e-12, 1e-3);
			double out = tu_rng_range(&r, 0.05, 0.95) * len;
			z = (ha + out - len) * (k5 < 5 ? 1.0 : -1.0);
			qb = tu_quat_axis_angle(tu_v3(cos(turn + 1.0), sin(turn + 1.0), 0.0), tilt);
		}
		if (coax) {
			/* as wide as 0.1 to 0.9 of the radius, within 1e-12 to 1e-3
			 * rad of the axis: a disc or a needle of revolution, a
			 * cylinder or a cone, nearly coaxial and all inside */
			double wide = tu_rng_range(&r, 0.1, 0.9) * ra;
			double len = tu_rng_range(&r, 0.05, 0.6) * ha;
			int k3 = i / 2 % 4;
			q.b = k3 == 0 ? tu_ellipsoid(wide, wide, len)
			    : k3 == 1 ? tu_ellipsoid(0.3 * len, len, 0.3 * len)
			    : k3 == 2 ? tu_cylinder(wide, len)
			              : tu_cone(wide, len);
			double tilt = tu_rng_log_range(&r, 1e-12, 1e-3);
			/* (the needle's own axis is its y) */
			qb = tu_quat_mul(tu_quat_axis_angle(tu_v3(cos(turn + 1.0), sin(turn + 1.0), 0.0), tilt),
			                 k3 == 1 ? tu_quat_axis_angle(tu_v3(1, 0, 0), 0.5 * PI) : tu_quat_identity());
			z = tu_rng_range(&r, -0.2, 0.2) * ha;
		}
		mink_vec3 at = tu_v3(off * cos(turn), off * sin(turn), z);
		q.pb = tu_pose3(0, 0, 0, tu_quat_mul(q.pa.rotation, qb));
		q.pb.position = tu_add(q.pa.position, tu_rotate(q.pa.rotation, at));
		mink_vec3 axis = tu_rotate(q.pa.rotation, tu_v3(0, 0, 1));
		/* the side's normals: at a right angle to the axis, or at the
		 * slant's angle from it */
		double th = cone ? acos(ra / hypot(ra, 2.0 * ha)) : 0.5 * PI;
		char label[160];
		snprintf(label, sizeof label,
		         "pair %d: kind %d, size %.3g in a %s r %.17g hh %.17g, %.3g off its axis",
		         i, kind, s, cone ? "cone" : "cylinder", ra, ha, off);
		certified_about_axis(&q, axis, th, 1e-13, label, &cases, &flagged, &worst);
	}
	print_message("worst distance error %.3g of the size; %ld flagged\n", worst, flagged);
	tu_end(what, cases);
}

static void test_deep_near_axis(void **state)
{
	(void)state;
	deep_sweep(0xdee9, 0, 200, "a small shape deep in a cylinder or a cone near its axis");
}

/*
 * The same where the side and the nearer end are about as deep: the
 * bound's clearance from the end is the core's far end, not its point
 * nearest that end, and fell short by the core's height; the patches
 * between the circle's arcs and the axis, each bounded by the greatest of
 * its points' sinusoids (lib/slice.c, patch_bound), do not.  Of these 240
 * answers 26 were flagged before the patches.
 */
static void test_deep_at_a_tie(void **state)
{
	(void)state;
	deep_sweep(0x71e, 1, 120, "a small shape deep in a cylinder or a cone, the side as deep as an end");
}

/*
 * A needle, a bar, a capsule, a cylinder or a cone along the axis of a
 * cylinder or a cone, out through an end: the circle's bound had asked for
 * clearances from both ends, which such a core does not have, and gave up;
 * its patches between the arcs and the axis need none (along each meridian
 * the bound m . (x - p) holds for any point p of the core); where the
 * least lies off the circle, on a ring of its own, the patches measure the
 * support distance where their bound is least and take the core's support
 * point there; and a cylinder's or a cone's rims bound it by chords
 * (lib/slice.c, rim_on_arc), where the sinusoids of their points close the
 * ring only quadratically in the arcs.  Of these 400 answers 26 were
 * flagged approximate before, 14 with the patches alone.
 */
static void test_out_through_an_end(void **state)
{
	(void)state;
	deep_sweep(0x90e, 2, 200, "a long core along a cylinder's or a cone's axis, out through an end");
}

/*
 * A disc or a needle of revolution (an ellipsoid with two equal radii), a
 * cylinder or a cone as wide as 0.1 to 0.9 of the radius, nearly coaxial
 * (1e-12 to 1e-3 rad) inside a cylinder or a cone: the least lies on the
 * ring of the side's normals, where the sinusoids of the core's own points
 * fall off by its radius times the square of the arcs; its parts of
 * revolution bound it by lines in u = m . f instead (lib/slice.c,
 * rim_on_arc), and along the meridians by points that move with them
 * (part_on_patch).  Of these 400 answers 56 were flagged before, 30 with
 * the rims alone (cylinders and cones), 2 with the triangle inequality
 * along the meridians (a needle in a cone, both orders), none now.
 */
static void test_coaxial_inside(void **state)
{
	(void)state;
	deep_sweep(0xc0a, 3, 200, "a core of revolution nearly coaxial inside a cylinder or a cone");
}

/* How far local point l lies outside shape s (0 inside), in closed form;
 * an ellipsoid's by its least radius, a lower bound. */
/*
 * How far local point l lies outside the ellipsoid of radii r: its foot x,
 * x_i = r_i^2 l_i / (r_i^2 + t), where t >= 0 makes x lie on the surface
 * (the sum of (x_i / r_i)^2 falls from above 1 to 0 as t grows), found by
 * bisection in units of the largest radius.  0 inside.
 */
static double ellipsoid_outside(mink_vec3 r, mink_vec3 l)
{
	double m = fmax(r.x, fmax(r.y, r.z));
	double rv[3] = {r.x / m, r.y / m, r.z / m}, lv[3] = {l.x / m, l.y / m, l.z / m};
	double q = 0.0;
	for (int i = 0; i < 3; i++)
		q += rv[i] > 0.0 ? (lv[i] / rv[i]) * (lv[i] / rv[i]) : (lv[i] != 0.0 ? INFINITY : 0.0);
	if (q <= 1.0)
		return 0.0;
	double lo = 0.0, hi = 1.0, x[3];
	for (;;) {
		double g = 0.0;
		for (int i = 0; i < 3; i++) {
			double e = rv[i] * lv[i] / (rv[i] * rv[i] + hi);
			g += e * e;
		}
		if (g <= 1.0)
			break;
		hi *= 2.0;
	}
	for (int k = 0; k < 200; k++) {
		double t = 0.5 * (lo + hi), g = 0.0;
		for (int i = 0; i < 3; i++) {
			double e = rv[i] * lv[i] / (rv[i] * rv[i] + t);
			g += e * e;
		}
		if (g > 1.0)
			lo = t;
		else
			hi = t;
	}
	double d2 = 0.0;
	for (int i = 0; i < 3; i++) {
		x[i] = rv[i] * rv[i] * lv[i] / (rv[i] * rv[i] + hi);
		d2 += (x[i] - lv[i]) * (x[i] - lv[i]);
	}
	return sqrt(d2) * m;
}

/* The distance of l from the boundary of the hull of pts[n] (n >= 3): the
 * least over the triangles of three points (the boundary's faces are
 * among them, and each lies within the hull), a point inside counting by
 * its depth (the answers' points lie on the boundary; the facets'
 * planes, oracle_outside_hull3, take a flat hull's near-facets for
 * facets). */
static double off_hull_boundary(const mink_vec3 *pts, int n, mink_vec3 l)
{
	double d = INFINITY;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			for (int k = j + 1; k < n; k++)
				d = fmin(d, tu_dist(l, oracle_closest_on_triangle(l, pts[i], pts[j],
				                                                  pts[k])));
	return d;
}

static double outside_local(const mink_shape3 *s, mink_vec3 l)
{
	double d = 0.0, rho = hypot(l.x, l.y);
	switch (s->type) {
	case MINK_SPHERE:
		d = tu_norm(l) - s->sphere.radius;
		break;
	case MINK_BOX: {
		mink_vec3 e = s->box.half_extents;
		d = tu_norm(tu_v3(fmax(fabs(l.x) - e.x, 0), fmax(fabs(l.y) - e.y, 0),
		                  fmax(fabs(l.z) - e.z, 0)));
		break;
	}
	case MINK_CAPSULE: {
		double hh = s->capsule.half_height;
		d = tu_norm(tu_v3(l.x, l.y, l.z - fmax(-hh, fmin(hh, l.z)))) - s->capsule.radius;
		break;
	}
	case MINK_CYLINDER:
		d = hypot(fmax(rho - s->cylinder.radius, 0), fmax(fabs(l.z) - s->cylinder.half_height, 0));
		break;
	case MINK_CONE: {
		/* the meridian triangle (0, -h), (r, -h), (0, h) */
		double r = s->cone.radius, hh = s->cone.half_height;
		if (l.z >= -hh && 2 * hh * rho + r * (l.z - hh) <= 0)
			break;
		double px[3] = {0, r, 0}, pz[3] = {-hh, -hh, hh};
		d = INFINITY;
		for (int k = 0; k < 3; k++) {
			double ux = px[(k + 1) % 3] - px[k], uz = pz[(k + 1) % 3] - pz[k];
			double t = ((rho - px[k]) * ux + (l.z - pz[k]) * uz) / (ux * ux + uz * uz);
			t = fmax(0, fmin(1, t));
			d = fmin(d, hypot(px[k] + t * ux - rho, pz[k] + t * uz - l.z));
		}
		break;
	}
	case MINK_TRIANGLE:
		d = tu_dist(l, oracle_closest_on_triangle(l, s->triangle.points[0], s->triangle.points[1],
		                                          s->triangle.points[2]));
		break;
	case MINK_SEGMENT: {
		mink_vec3 p0 = s->segment.points[0], e = tu_sub(s->segment.points[1], p0);
		double l2 = tu_dot(e, e), t = l2 > 0 ? tu_dot(tu_sub(l, p0), e) / l2 : 0;
		d = tu_dist(l, tu_add(p0, tu_scale(e, fmax(0, fmin(1, t)))));
		break;
	}
	case MINK_ELLIPSOID:
		d = ellipsoid_outside(s->ellipsoid.radii, l);
		break;
	case MINK_HULL:
		d = off_hull_boundary(s->hull.points, s->hull.count, l);
		break;
	default:
		break;
	}
	return fmax(d - s->margin, 0.0);
}

static double outside(const mink_shape3 *s, const mink_pose3 *p, mink_vec3 x)
{
	return outside_local(s, tu_rotate_inv(p->rotation, tu_sub(x, p->position)));
}

/* A result of s0 in pose p0 against s1 in p1 is flagged, or right: its
 * distance -fo (the oracle's least F), its points on the shapes, to 1e-9
 * of the size.  1 where it is `ok`; the errors found into the worsts. */
static int flagged_or_right(const mink_result *res, const mink_shape3 *s0, const mink_pose3 *p0,
                            const mink_shape3 *s1, const mink_pose3 *p1, double fo, double size,
                            double *worst, double *worst_point)
{
	if (!CHECK_FLAGGED3(res, p0, p1, 1e-9 * size) || res->status != MINK_OK)
		return 0;
	*worst = fmax(*worst, fabs(res->distance + fo) / size);
	CHECK_NEAR("distance vs oracle", res->distance, -fo, 1e-9 * size, 0);
	double oa = outside(s0, p0, res->point_a), ob = outside(s1, p1, res->point_b);
	*worst_point = fmax(*worst_point, fmax(oa, ob) / size);
	CHECK(oa <= 1e-9 * size, "point_a %.3g of the size off A", oa / size);
	CHECK(ob <= 1e-9 * size, "point_b %.3g of the size off B", ob / size);
	return 1;
}

/* Both orders of pair q (the oracle's least F fo): each result flagged or
 * right (flagged_or_right), labelled `what` and its order. */
static void both_orders(const pair3 *q, double fo, double size, const char *what, long *cases,
                        long *ok, double *worst, double *worst_point)
{
	for (int order = 0; order < 2; order++) {
		mink_result res;
		tu_poison(&res);
		const mink_shape3 *s0 = order ? &q->b : &q->a, *s1 = order ? &q->a : &q->b;
		const mink_pose3 *p0 = order ? &q->pb : &q->pa, *p1 = order ? &q->pa : &q->pb;
		mink_query3(s0, p0, s1, p1, NULL, &res);
		tu_case("%s, order %d", what, order);
		(*cases)++;
		*ok += flagged_or_right(&res, s0, p0, s1, p1, fo, size, worst, worst_point);
	}
}

/* The end of a sweep through both_orders: its counts and worsts, then
 * tu_end with its title. */
static void sweep_end(const char *what, const char *title, long cases, long ok, double worst,
                      double worst_point)
{
	print_message("%s: %ld of %ld results ok; worst distance %.3g, point %.3g of the size\n",
	              what, ok, cases, worst, worst_point);
	tu_end(title, cases);
}

/* The pose at position p and turn q, scaled by k, then turned by g and
 * moved by `move` (a found pair's neighbours, moved as a whole). */
static mink_pose3 moved_pose(mink_quat g, mink_vec3 move, double k, mink_vec3 p, mink_quat q)
{
	mink_vec3 at = tu_add(tu_rotate(g, tu_scale(p, k)), move);
	return tu_pose3(at.x, at.y, at.z, tu_quat_mul(g, q));
}

/*
 * GJK stopped after one to three iterations: the refinement and the
 * certificates then begin far from the answer.  A result is flagged, or
 * right: its distance the oracle's and its points on the shapes.  Before,
 * a refinement that carried a point along a normal far from the answer
 * left it off its shape (a cone 0.365 from a hull, GJK capped at 2: its
 * point 0.005 outside the cone), and the distance of that pair bounded
 * the distance from above; and a circle's bound on the depth that proved
 * no overlap bounded it from above too (a segment 0.858 from a cone,
 * certified 0.847 at most): 3.6e-3 of the size off, and points 0.2 off
 * their shapes, with status ok.
 */
static void test_capped_iterations(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0xca99ed);
	long cases = 0, ok = 0;
	double worst = 0, worst_point = 0;
	for (int i = 0; i < 240; i++) {
		pair3 q = random_pair(&r, i % 3);
		int kind = tu_rng_int(&r, 0, 3);
		if (kind == 3) {
			double hx = tu_rng_range(&r, 0.2, 1.0);
			double hy = tu_rng_range(&r, 0.2, 1.0);
			double hz = tu_rng_range(&r, 0.2, 1.0);
			q.b = tu_box(hx, hy, hz);
		}
		mink_vec3 no;
		double fo = oracle_min(&q, &no), size = pair_size(&q);
		for (int cap = 1; cap <= 3; cap++) {
			mink_options o = mink_default_options();
			o.max_gjk_iterations = cap;
			mink_result res;
			tu_poison(&res);
			mink_query3(&q.a, &q.pa, &q.b, &q.pb, &o, &res);
			tu_case("pair %d (types %d %d), GJK capped at %d", i, q.a.type, q.b.type, cap);
			cases++;
			ok += flagged_or_right(&res, &q.a, &q.pa, &q.b, &q.pb, fo, size, &worst, &worst_point);
		}
	}
	print_message("GJK capped at 1 to 3: %ld of %ld results ok; worst distance %.3g, point "
	              "%.3g of the size\n",
	              ok, cases, worst, worst_point);
	/* many are still answered (271 of the 720): the refinement and the
	 * bounds finish what GJK began */
	assert_true(ok > cases / 5);
	tu_end("GJK capped", cases);
}

/*
 * A segment across a cylinder's side, overlapping, where its crossing
 * with the side line seen along the radial normal lies just beyond or
 * before a cap (the fuzz pair: a segment across a cylinder 1e6 wide, the
 * crossing 0.25 beyond the cap).  Beyond it the minimiser leaves the
 * side line's kink, where the two rims tie, for the rim's side of it by
 * an angle the depth barely sees (1.1e-6 rad, the depth lower by 2.5e-7
 * of 292892): the refinement, from the side of the kink where the
 * rounding put it, stopped on the kink, and the contact was carried 0.25
 * beyond the cap.  Scales 1 to 1e6, the crossing 0 to 1e-3 of the radius
 * either side of the cap, either cap, both orders.  A result is flagged,
 * or right: its distance the oracle's, its points on the shapes.
 */
static void test_segment_by_cap(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x5e6ca9);
	static const double scales[3] = {1.0, 1e3, 1e6};
	static const double beyond[7] = {-1e-3, -1e-6, -1e-9, 0.0, 1e-9, 1e-6, 1e-3};
	long cases = 0, ok = 0;
	double worst = 0, worst_point = 0;
	for (int i = 0; i < 84; i++) {
		double sc = scales[i % 3], eps = beyond[(i / 3) % 7];
		double rad = tu_rng_range(&r, 0.5, 2.0) * sc, hh = tu_rng_range(&r, 0.5, 2.0) * sc;
		double phi = tu_rng_range(&r, 0.0, 2 * PI), alpha = tu_rng_range(&r, 0.2, 1.4);
		double deep = tu_rng_range(&r, 0.02, 0.5) * rad;
		int top = tu_rng_int(&r, 0, 1);
		mink_quat turn = tu_rng_quat(&r);
		mink_vec3 at = tu_rng_box(&r, -sc, sc);
		/* in the cylinder's frame: the radial direction, the tangent, the
		 * crossing point at depth `deep` inside the side, eps beyond the
		 * cap along the axis */
		mink_vec3 rh = tu_v3(cos(phi), sin(phi), 0), th = tu_v3(-sin(phi), cos(phi), 0);
		double zc = (top ? 1 : -1) * (hh + eps * rad);
		mink_vec3 c = tu_add(tu_scale(rh, rad - deep), tu_v3(0, 0, zc));
		mink_vec3 u = tu_add(tu_scale(th, cos(alpha)), tu_v3(0, 0, sin(alpha)));
		pair3 q;
		q.a = tu_cylinder(rad, hh);
		q.b = mink_segment3(tu_sub(c, tu_scale(u, 2 * rad)), tu_add(c, tu_scale(u, 2 * rad)));
		q.pa = tu_pose3(at.x, at.y, at.z, turn);
		q.pb = q.pa;
		mink_vec3 no;
		double fo = oracle_min(&q, &no), size = pair_size(&q);
		char what[128];
		snprintf(what, sizeof what, "pair %d (scale %g, %g of the radius beyond the %s cap)", i,
		         sc, eps, top ? "top" : "bottom");
		both_orders(&q, fo, size, what, &cases, &ok, &worst, &worst_point);
	}
	print_message("a segment by a cap: %ld of %ld results ok; worst distance %.3g, point %.3g "
	              "of the size\n",
	              ok, cases, worst, worst_point);
	assert_true(ok == cases);
	tu_end("a segment across a side by a cap", cases);
}

/*
 * The fuzz pair of the same family the refinement alone does not resolve:
 * a triangle's corner 0.1 beyond a cylinder's cap, seen along the side's
 * normal, 1e6 across and 999 999 deep.  The minimiser lies 4e-6 rad off
 * the side line's kink, the depth lower there by 3e-15 of itself; along
 * the normal found, the corner's partner on the cylinder lay 0.1 beyond
 * the cap, status ok.  Then such an answer was flagged; since the normal
 * the bounds turn to is refined (certify_by_balls), it is answered: ok in
 * both orders, the depth the reference's, the contacts on the shapes.
 */
static void test_corner_by_cap(void **state)
{
	(void)state;
	tu_begin();
	pair3 q;
	q.a = tu_cylinder(1000000.0000059686, 1000000.0000059686);
	q.pa = tu_pose3(-0.2, -0.75, -0.75, tu_quat(0.70710678118654757, 0, 0.70710678118654757, 0));
	q.b = mink_triangle3(tu_v3(-0.3, -0.75, -0.5), tu_v3(-0.5, -1000000, -0.5),
	                     tu_v3(0.70710678118654757, 999999.99999374722, 1e-9));
	q.pb = tu_pose3(-0.3, 0, -0.70710678118654757,
	                tu_quat(0, 0.70710678118654757, 0.70710678118654757, 0));
	double size = pair_size(&q);
	for (int order = 0; order < 2; order++) {
		mink_result res;
		tu_poison(&res);
		const mink_shape3 *s0 = order ? &q.b : &q.a, *s1 = order ? &q.a : &q.b;
		const mink_pose3 *p0 = order ? &q.pb : &q.pa, *p1 = order ? &q.pa : &q.pb;
		mink_query3(s0, p0, s1, p1, NULL, &res);
		tu_case("a triangle's corner by a cylinder's cap, order %d", order);
		if (!CHECK_FLAGGED3(&res, p0, p1, 1e-9 * size))
			continue;
		CHECK(res.status == MINK_OK, "status %s (%s)", mink_status_name(res.status),
		      mink_warning_name(res.warning));
		/* 999999.4023162081: the least overlap, by Nelder-Mead in double
		 * from the answer's normal (outside this test) */
		CHECK_NEAR("depth", res.depth, 999999.4023162081, 1e-9 * size, 0);
		for (int i = 0; i < res.contact_count; i++) {
			double oa = outside(s0, p0, res.contacts[i].point_a);
			double ob = outside(s1, p1, res.contacts[i].point_b);
			CHECK(oa <= 1e-9 * size && ob <= 1e-9 * size,
			      "contact %d: %.3g off A, %.3g off B", i, oa, ob);
		}
	}
	tu_end("a triangle's corner by a cylinder's cap", 2);
}

/*
 * A triangle deep in a cylinder or a cone, out through its flat end (a
 * cap, the base), its top edge nearly square to the axis and the shadow
 * of its top corner along the axis just beyond the rim or just inside.
 * Beyond it the least depth leaves the axis, the flat end's kink, for the
 * rim's side by about the edge's tilt, where the rim meets the edge: along
 * the axis the depth is right to the tolerance but the corner's partner
 * on the end lies beyond the rim (the fuzz pair: 1e6 across, the shadow
 * 0.75 beyond, the contact 0.75 off the cylinder, status ok; the search
 * had turned to the axis, whose depth its bounds certified).  Scales 1 to
 * 1e6, the shadow -1e-3 to 1e-3 of the radius beyond the rim, the edge
 * tilted 1e-9 to 1e-5, both orders.  A result is flagged, or right: its
 * distance the oracle's, its points on the shapes.
 */
static void test_corner_over_cap(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0xc0a7e5);
	static const double scales[3] = {1.0, 1e3, 1e6};
	static const double beyond[6] = {-1e-3, -1e-7, 0.0, 1e-7, 1e-5, 1e-3};
	static const double tilts[3] = {1e-9, 1e-7, 1e-5};
	long cases = 0, ok = 0;
	double worst = 0, worst_point = 0;
	for (int i = 0; i < 108; i++) {
		double sc = scales[i % 3], delta = beyond[(i / 3) % 6], tilt = tilts[(i / 18) % 3];
		int cone = i >= 54;
		double rad = sc, hh = tu_rng_range(&r, 0.6, 1.0) * sc;
		double deep = tu_rng_range(&r, 0.05, 0.4) * hh, past = tu_rng_range(&r, 1e-3, 0.2) * sc;
		double phi = tu_rng_range(&r, 0.0, 2 * PI);
		mink_vec3 off0 = tu_rng_box(&r, -0.05 * sc, 0.05 * sc);
		mink_vec3 off1 = tu_rng_box(&r, -0.05 * sc, 0.05 * sc);
		mink_quat turn = tu_rng_quat(&r);
		mink_vec3 at = tu_rng_box(&r, -sc, sc);
		/* in the end's frame, the end at z = -hh: the corner at the top,
		 * its shadow delta of the radius beyond the rim; one corner below
		 * the end, past it; the third near the axis, the edge from it to
		 * the top corner tilted by `tilt` */
		double zt = -hh + deep;
		mink_vec3 top = tu_v3((1 + delta) * rad * cos(phi), (1 + delta) * rad * sin(phi),
		                      zt + tilt * rad);
		mink_vec3 low = tu_v3(off1.x, off1.y, -hh - past);
		mink_vec3 mid = tu_v3(off0.x, off0.y, zt);
		pair3 q;
		q.a = cone ? tu_cone(rad, hh) : tu_cylinder(rad, hh);
		q.b = mink_triangle3(mid, low, top);
		q.pa = tu_pose3(at.x, at.y, at.z, turn);
		q.pb = q.pa;
		mink_vec3 no;
		double fo = oracle_min(&q, &no), size = pair_size(&q);
		char what[128];
		snprintf(what, sizeof what,
		         "pair %d (%s, scale %g, shadow %g of the radius beyond, tilt %g)", i,
		         cone ? "cone" : "cylinder", sc, delta, tilt);
		both_orders(&q, fo, size, what, &cases, &ok, &worst, &worst_point);
	}
	sweep_end("a corner over a cap", "a triangle's corner over a flat end",
	          cases, ok, worst, worst_point);
}

/*
 * The fuzz pair of test_corner_over_cap itself and its neighbours: a
 * triangle through a cylinder as wide as it is long, out through its
 * bottom cap by 0.1 (of 1e6) and past its side by the top corner, so that
 * the escapes through the cap and through the side tie to 2.4e-7 of the
 * size and EPA, out of room on the side's curve, ends in the side's
 * basin; the bounds then turn the answer to the axis.  The corner's
 * shadow along the axis -1 to 3 beyond the rim, the edge to it rising by
 * 0.05 to 1, the whole pair at scales 1 to 1e6 (in units of 1e6), turned
 * and moved anywhere, both orders: flagged, or right, with the points on
 * the shapes.  Before, 0.75 beyond, the contact lay 0.75 off the cap.
 */
static void test_corner_over_cap_fuzz(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0xf022ca9);
	static const double scales[3] = {1.0, 1e3, 1e6};
	static const double beyond[6] = {-1.0, -0.1, 0.0, 0.1, 0.75, 3.0};
	static const double rises[3] = {0.05, 0.25, 1.0};
	const double R = 1000000.0000059686;
	long cases = 0, ok = 0;
	double worst = 0, worst_point = 0;
	for (int i = 0; i < 54; i++) {
		double k = scales[i % 3] / 1e6, delta = beyond[(i / 3) % 6], rise = rises[(i / 18) % 3];
		mink_quat turn = tu_rng_quat(&r);
		mink_vec3 at = tu_rng_box(&r, -k * 1e6, k * 1e6);
		pair3 q;
		q.a = tu_cylinder(R * k, R * k);
		q.b = mink_triangle3(tu_v3(-0.5429 * k, 0.45 * k, -0.85 * k),
		                     tu_v3(0.7071 * k, 0.25 * k, -1000000.1 * k),
		                     tu_v3(-0.0429 * k, (R + delta) * k, (-0.85 + rise) * k));
		q.pa = tu_pose3(at.x, at.y, at.z, turn);
		q.pb = q.pa;
		/* the grid's starts miss the cap's narrow basin: its axis too */
		mink_vec3 no, axis[2] = {tu_rotate(turn, tu_v3(0, 0, 1)), tu_rotate(turn, tu_v3(0, 0, -1))};
		double fo = oracle_min_from(&q, axis, 2, &no), size = pair_size(&q);
		char what[128];
		snprintf(what, sizeof what, "pair %d (scale %g, shadow %g beyond, rise %g)", i, k * 1e6,
		         delta, rise);
		both_orders(&q, fo, size, what, &cases, &ok, &worst, &worst_point);
	}
	sweep_end("the fuzz corner over a cap", "the fuzz pair's corner over a cap",
	          cases, ok, worst, worst_point);
}

/*
 * Long edges beside flat and needle ellipsoids (radii up to 1e9 apart),
 * apart, with the answer known: in the ellipsoid's frame, a point s of its
 * surface, its normal u and P = s + D u; a segment or a triangle's edge
 * through P across u (P in its middle, near an end, or at its end), the
 * triangle's third corner beyond P's support plane, the triangle seen edge
 * on or nearly face on; the edge in a frame of its own.  The offset body
 * of the ellipsoid by D is convex with normal u at P, so the edge's line
 * lies outside it, the triangle beyond its support plane: the distance is
 * D.  Each result is flagged or right: the distance D, each point on its
 * shape (the ellipsoid's by its exact foot), and the points' own distance
 * D, to 1e-9 of the size.  It passed before the projections of
 * test_edge_by_flat_ellipsoid too: that pair's conditioning, its foot near
 * the rim of the thin side, is not among these draws.
 */
static void test_edge_by_needle(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0xed9e5);
	static const double mids[3] = {1e-1, 1e-2, 1e-4};
	static const double thins[3] = {1e-1, 1e-3, 1e-5};
	static const double gaps[3] = {1e-4, 1e-2, 0.2};
	static const double aways[3] = {1e-6, 1e-3, 0.3};
	long cases = 0, ok = 0;
	double worst = 0, worst_point = 0, worst_pair = 0;
	for (int i = 0; i < 972; i++) {
		double sc = i % 2 ? 1.0 : 1e3, mid = mids[(i / 2) % 3], thin = thins[(i / 6) % 3] * mid;
		double D = gaps[(i / 18) % 3] * sc;
		int kind = (i / 54) % 3; /* 0 a segment, 1 a triangle, 2 a triangle's corner at P */
		int flip = (i / 162) % 2;
		double rv[3] = {sc, mid * sc, thin * sc};
		int perm = tu_rng_int(&r, 0, 2);
		mink_vec3 radii = tu_v3(rv[perm], rv[(perm + 1 + flip) % 3], rv[(perm + 2 - flip) % 3]);
		/* a point of the surface (the image of a point of the unit
		 * sphere: anywhere along a needle, not at its tips only, as
		 * supports along uniform directions would be) and its normal
		 * u, along which it is the support point */
		mink_vec3 v = tu_rng_unit_vec3(&r);
		mink_vec3 sp = tu_v3(radii.x * v.x, radii.y * v.y, radii.z * v.z);
		mink_vec3 u = tu_normalize(tu_v3(v.x / radii.x, v.y / radii.y, v.z / radii.z));
		mink_vec3 P = tu_add(sp, tu_scale(u, D));
		mink_vec3 w = tu_normalize(tu_cross(u, tu_rng_unit_vec3(&r)));
		double L = tu_rng_range(&r, 1.0, 30.0) * sc;
		/* (one draw a statement: the order of two in one expression is
		 * the compiler's) */
		int near_end = tu_rng_unit(&r) < 0.5;
		double f = tu_rng_range(&r, near_end ? 1e-3 : 0.05, near_end ? 1e-2 : 0.95);
		if (kind == 2)
			f = 0.0;
		mink_vec3 e0 = tu_sub(P, tu_scale(w, f * L)), e1 = tu_add(P, tu_scale(w, (1.0 - f) * L));
		/* the third corner away from the ellipsoid, its triangle seen
		 * edge on or nearly face on (a sliver, tilted by th) */
		double away = aways[(i / 324) % 3] * L, along = tu_rng_range(&r, -1.0, 1.0) * L;
		if (tu_rng_unit(&r) < 0.5)
			along *= 0.01;
		double th = tu_rng_range(&r, -1.5, 1.5);
		mink_vec3 out = tu_add(tu_scale(u, cos(th)), tu_scale(tu_cross(u, w), sin(th)));
		mink_vec3 third = tu_add(P, tu_add(tu_scale(out, away), tu_scale(w, along)));
		mink_quat turn = tu_rng_quat(&r), turn_b = tu_rng_quat(&r);
		mink_vec3 at = tu_rng_box(&r, -10.0 * sc, 10.0 * sc);
		mink_vec3 at_b = tu_add(at, tu_rng_box(&r, -L, L));
		pair3 q;
		q.a = tu_ellipsoid(radii.x, radii.y, radii.z);
		q.pa = tu_pose3(at.x, at.y, at.z, turn);
		q.pb = tu_pose3(at_b.x, at_b.y, at_b.z, turn_b);
		/* the corners in the edge's own frame, elsewhere and turned */
		mink_vec3 c[3] = {e0, e1, third};
		for (int k = 0; k < 3; k++)
			c[k] = tu_rotate_inv(turn_b, tu_sub(tu_add(tu_rotate(turn, c[k]), at), at_b));
		q.b = kind == 0 ? mink_segment3(c[0], c[1]) : mink_triangle3(c[0], c[1], c[2]);
		double size = pair_size(&q);
		for (int order = 0; order < 2; order++) {
			mink_result res;
			tu_poison(&res);
			const mink_shape3 *s0 = order ? &q.b : &q.a, *s1 = order ? &q.a : &q.b;
			const mink_pose3 *p0 = order ? &q.pb : &q.pa, *p1 = order ? &q.pa : &q.pb;
			mink_query3(s0, p0, s1, p1, NULL, &res);
			tu_case("pair %d (%s, radii %g %g %g, %g apart), order %d", i,
			        kind == 0 ? "segment" : kind == 1 ? "triangle" : "triangle's corner",
			        radii.x, radii.y, radii.z, D, order);
			cases++;
			if (!flagged_or_right(&res, s0, p0, s1, p1, -D, size, &worst, &worst_point))
				continue;
			ok++;
			double pair = tu_dist(res.point_a, res.point_b);
			worst_pair = fmax(worst_pair, fabs(pair - D) / size);
			CHECK_NEAR("the points' distance", pair, D, 1e-9 * size, 0);
		}
	}
	print_message("edges by needles: %ld of %ld results ok; worst distance %.3g, point %.3g, "
	              "pair %.3g of the size\n",
	              ok, cases, worst, worst_point, worst_pair);
	CHECK(ok >= cases * 9 / 10, "%ld of %ld results ok", ok, cases);
	tu_end("long edges by flat and needle ellipsoids", cases);
}

/*
 * The pair of a sweep of extreme ellipsoids (test_edge_by_needle misses
 * it) and its neighbours: a sliver triangle's edge 3e4 long, 190 from an
 * ellipsoid of radii 1000, 0.1 and 0.001, its foot near the rim of the
 * thin side, where the support moves by 1e9 per radian of the normal.  The
 * pair as found, its far corner drawn in or out along the edge, scaled by
 * 1e-3 to 1e3, turned and moved as a whole, both orders: flagged, or
 * right against the minimiser, with the points on the shapes (the
 * ellipsoid's by its exact foot).  Before, the refinement's normal, right
 * to the distance's tolerance, left the ellipsoid's point 0.16 off it.
 */
static void test_edge_by_flat_ellipsoid(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0xf1a7e11);
	static const double scales[3] = {1.0, 1e-3, 1e3};
	static const double reach[3] = {1.0, 0.5, 2.0};
	const mink_vec3 c0 = tu_v3(-423.75265, -0.0425537504, 30941.5674);
	const mink_vec3 c1 = tu_v3(0.000266071875, 0.0453766599, 315.617442);
	const mink_vec3 c2 = tu_v3(-0.0686679947, 0.0154288834, -3.44335786);
	const mink_quat qa = tu_quat_normalize(tu_quat(-0.327201191, -0.559111285, -0.303581843,
	                                               -0.698693077));
	const mink_quat qb = tu_quat_normalize(tu_quat(0.463465327, 0.784791737, -0.391678629,
	                                               0.126054243));
	const mink_vec3 pa = tu_v3(-7039.04651, 67789.1932, 38326.924);
	const mink_vec3 pb = tu_v3(-7030.60804, 67769.9476, 38094.8825);
	long cases = 0, ok = 0;
	double worst = 0, worst_point = 0;
	for (int i = 0; i < 27; i++) {
		double k = scales[i % 3], f = reach[(i / 3) % 3];
		/* the first of each scale and reach as found, the others turned
		 * and moved as a whole */
		mink_quat g = i < 9 ? tu_quat_identity() : tu_rng_quat(&r);
		mink_vec3 move = i < 9 ? tu_v3(0, 0, 0) : tu_rng_box(&r, -1e5 * k, 1e5 * k);
		mink_vec3 far = tu_add(c2, tu_scale(tu_sub(c0, c2), f));
		pair3 q;
		q.a = mink_triangle3(tu_scale(far, k), tu_scale(c1, k), tu_scale(c2, k));
		q.b = tu_ellipsoid(1000.0 * k, 0.1 * k, 0.001 * k);
		q.pa = moved_pose(g, move, k, pa, qa);
		q.pb = moved_pose(g, move, k, pb, qb);
		mink_vec3 no;
		double fo = oracle_min(&q, &no), size = pair_size(&q);
		char what[128];
		snprintf(what, sizeof what, "pair %d (scale %g, far corner at %g)", i, k, f);
		both_orders(&q, fo, size, what, &cases, &ok, &worst, &worst_point);
	}
	sweep_end("an edge by a flat ellipsoid", "a sliver's edge by a flat ellipsoid",
	          cases, ok, worst, worst_point);
}

/*
 * A fuzz pair and its neighbours: a sliver triangle along a cylinder's
 * axis (1e6 across and 1e6 long), near the axis, out through its cap, one
 * corner a little beyond the cap.  It escapes across the side, and seen
 * along the side's normal that corner lies beyond the rim; the least lies
 * 1.1e-6 rad towards the cap, where that corner and the one deep inside tie
 * (the depth there 7.6e-7 below the side's), the contact on the rim.  The
 * corner 0.1 to 3 beyond the cap, scales 1 to 1e6 (in units of 1e6),
 * turned and moved, both orders: flagged or right, the points on the
 * shapes.  Before, the corner carried along the side's normal put the
 * cylinder's contact 1.23 beyond its rim.
 */
static void test_sliver_out_through_cap(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x511ca9);
	static const double scales[3] = {1.0, 1e3, 1e6};
	static const double beyond[3] = {0.1, 0.95, 3.0};
	const double R = 1000000.0000059686;
	long cases = 0, ok = 0;
	double worst = 0, worst_point = 0;
	for (int i = 0; i < 54; i++) {
		double k = scales[i % 3] / 1e6, up = beyond[(i / 3) % 3];
		int turned = i >= 9;
		mink_quat turn = turned ? tu_rng_quat(&r) : tu_quat_identity();
		mink_vec3 at = turned ? tu_rng_box(&r, -k * 1e6, k * 1e6) : tu_v3(0, 0, 0);
		pair3 q;
		q.a = tu_cylinder(R * k, R * k);
		/* in the cylinder's frame */
		q.b = mink_triangle3(tu_v3(-0.35 * k, 0.55 * k, (R + up) * k),
		                     tu_v3(-0.35 * k, 0.35 * k, (2.0 * R + 0.2) * k),
		                     tu_v3(-0.85 * k, 1.557 * k, 0.2 * k));
		q.pa = tu_pose3(at.x, at.y, at.z, turn);
		q.pb = q.pa;
		mink_vec3 no;
		double fo = oracle_min(&q, &no), size = pair_size(&q);
		char what[128];
		snprintf(what, sizeof what, "pair %d (scale %g, corner %g beyond the cap)", i, k * 1e6,
		         up);
		both_orders(&q, fo, size, what, &cases, &ok, &worst, &worst_point);
	}
	sweep_end("a sliver out through a cap", "a sliver along an axis out through a cap",
	          cases, ok, worst, worst_point);
}

/*
 * Polytopes along a cylinder's or a cone's axis, near it, out through an
 * end, with corners a little beyond the end (1e-3 to 30 of the size's
 * units), far beyond it and deep inside: triangles (one or two corners a
 * little beyond) and segments, radii 1 to 1e6, turned and moved as a
 * whole, both orders; flagged, or right with the points on the shapes.
 * They escape across the side, and seen along the side's normal the
 * corners a little beyond lie beyond the rim: the least is off that
 * normal by an angle the depth cannot see (test_sliver_out_through_cap).
 * Before the climb and the refinement from it, 6 of these checks failed
 * (points 4e-8 to 8.7e-7 of the size off); 4000 pairs drawn the same way
 * and checked by closed-form distances had 20 answers so, and have 2 (a
 * cylinder's rim carried 2e-8 and 3.4e-8 of the size off;
 * test_valley_out_through_cap).
 */
static void test_polytope_out_through_an_end(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x0e7d5);
	static const double scales[3] = {1.0, 1e3, 1e6};
	static const double radii[4] = {1.0, 0.5, 2.0, 10.0};
	static const double heights[4] = {1.0, 0.5, 2.0, 0.1};
	static const double past[5] = {1e-3, 0.1, 0.95, 3.0, 30.0};
	long cases = 0, ok = 0;
	double worst = 0, worst_point = 0;
	for (int i = 0; i < 720; i++) {
		/* (each drawn on its own: cycled by the index, the choices
		 * went together, and no cylinder half as wide as long was 1e6
		 * across) */
		double sc = scales[tu_rng_int(&r, 0, 2)];
		double ra = radii[tu_rng_int(&r, 0, 3)] * sc;
		double ha = heights[tu_rng_int(&r, 0, 3)] * sc;
		int cone = tu_rng_unit(&r) < 1.0 / 3.0, kind = tu_rng_int(&r, 0, 2);
		int n = kind == 1 ? 2 : 3;
		double top = tu_rng_unit(&r) < 0.3 ? -ha : ha, sg = top > 0 ? 1.0 : -1.0;
		mink_vec3 p[3];
		for (int k = 0; k < n; k++) {
			/* the first a little beyond the end, the second far beyond
			 * it (a little beyond too for the third kind; for a segment,
			 * deep inside), the last inside */
			double x = tu_rng_range(&r, -2.0, 2.0);
			x *= pow(10.0, -(double)tu_rng_int(&r, 0, 3));
			double y = tu_rng_range(&r, -2.0, 2.0);
			y *= pow(10.0, -(double)tu_rng_int(&r, 0, 3));
			double z = k == 0 || (k == 1 && kind == 2)
			               ? top + sg * past[tu_rng_int(&r, 0, 4)] * tu_rng_unit(&r)
			           : k == 1 && n > 2 ? top + sg * tu_rng_range(&r, 0.2, 1.5) * ha
			                             : top - sg * tu_rng_range(&r, 0.2, 1.9) * ha;
			p[k] = tu_v3(x, y, z);
		}
		pair3 q;
		q.a = cone ? tu_cone(ra, ha) : tu_cylinder(ra, ha);
		q.b = kind == 1 ? mink_segment3(p[0], p[1]) : mink_triangle3(p[0], p[1], p[2]);
		mink_vec3 at = tu_rng_box(&r, -sc, sc);
		q.pa = tu_pose3(at.x, at.y, at.z, tu_rng_quat(&r));
		q.pb = q.pa;
		/* the minimiser's grid, and the side's circle of normals and the
		 * axis searched densely (the grid alone missed the least by 5e-5
		 * of 400, off a cone's slant) */
		mink_vec3 axis = tu_rotate(q.pa.rotation, tu_v3(0, 0, 1));
		double th = cone ? acos(ra / hypot(ra, 2.0 * ha)) : 0.5 * PI;
		double fo = axis_oracle(&q, axis, th, 1);
		double size = pair_size(&q);
		char what[160];
		snprintf(what, sizeof what, "pair %d (%s in a %s r %g hh %g, out through %s end)", i,
		         kind == 1 ? "segment" : "triangle", cone ? "cone" : "cylinder",
		         ra, ha, top > 0 ? "the top" : "the bottom");
		both_orders(&q, fo, size, what, &cases, &ok, &worst, &worst_point);
	}
	sweep_end("polytopes out through an end", "polytopes near an axis out through an end",
	          cases, ok, worst, worst_point);
}

/*
 * A pair of test_polytope_out_through_an_end's kind, drawn outside the
 * tests, and its neighbours: a triangle near a cylinder's axis (1e3 across
 * and long), out through its cap, one corner 3.2e-4 beyond it.  Its depths
 * form a valley: 1.5e-4 rad along it they differ by 6.4e-9.  The climb
 * from the answer's normal ends 2.6e-10 above the least, and the
 * refinement from there slid back along the valley.  The corner 3.2e-4
 * beyond, and 1e-6 and 1e-2, scales 1e-3 to 1e3 of the pair, turned and
 * moved, both orders: flagged, or right with the points on the shapes
 * (the oracle: the minimiser, the axis and the side's circle).  Before,
 * the rim's point lay 6.4e-7 of the size off.
 */
static void test_valley_out_through_cap(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x7a11e7);
	static const double scales[3] = {1.0, 1e-3, 1e3};
	static const double beyond[3] = {0.00031547, 1e-6, 1e-2};
	const mink_quat q0 = tu_quat_normalize(tu_quat(0.23861632011, -0.865418491169, 0.433998966385,
	                                               0.075881381757));
	const mink_vec3 p0 = tu_v3(-317.906047071, 221.40720884, -462.914274435);
	long cases = 0, ok = 0;
	double worst = 0, worst_point = 0;
	for (int i = 0; i < 27; i++) {
		double k = scales[i % 3], up = beyond[(i / 3) % 3];
		mink_quat g = i < 9 ? tu_quat_identity() : tu_rng_quat(&r);
		mink_vec3 move = i < 9 ? tu_v3(0, 0, 0) : tu_rng_box(&r, -1e3 * k, 1e3 * k);
		pair3 q;
		q.a = tu_cylinder(1000.0 * k, 1000.0 * k);
		/* in the cylinder's frame */
		q.b = mink_triangle3(tu_v3(-0.000436847710047 * k, -0.0208887533912 * k, (1000.0 + up) * k),
		                     tu_v3(-1.09314156329 * k, -0.168316257902 * k, 2492.58351616 * k),
		                     tu_v3(-1.38696557134 * k, 0.000598398604263 * k, -880.858980499 * k));
		q.pa = moved_pose(g, move, k, p0, q0);
		q.pb = q.pa;
		mink_vec3 axis = tu_rotate(q.pa.rotation, tu_v3(0, 0, 1));
		double fo = axis_oracle(&q, axis, 0.5 * PI, 0);
		double size = pair_size(&q);
		char what[128];
		snprintf(what, sizeof what, "pair %d (scale %g, corner %g beyond the cap)", i, k, up);
		both_orders(&q, fo, size, what, &cases, &ok, &worst, &worst_point);
	}
	sweep_end("a valley out through a cap", "a triangle's valley of depths out through a cap",
	          cases, ok, worst, worst_point);
}

/*
 * Two pairs of test_polytope_out_through_an_end's kind, drawn outside the
 * tests, and their neighbours: sliver triangles along a cylinder's axis,
 * one corner 6.7 (of 5e5) and 0.78 (of 2e6) beyond an end.  Seen along the
 * side's normal, the triangle's edge and the side line miss each other;
 * the least lies where the rim meets the triangle's face (7e-12 of the
 * depth lower).  The manifold kept the triangle's corner over the side,
 * and its point carried along n lay 6.7 beyond the cap, where the solver's
 * own pair lay on both shapes; in the second pair, its measure of a point
 * on the triangle's edge (Voronoi regions told by products of dot
 * products) read 49.8 off it.  Scales 1 to 1e-6, turned and moved, both
 * orders: flagged, or right with the points on the shapes.  Before, 24 of
 * these 48 checks failed (points up to 4.2e-6 of the size off).
 *
 * Two more found pairs of the kind (a triangle 2.6 beyond a cap 1e6
 * across, a hull of six points 1.1 beyond one): their answers were turned
 * to the side's normal, certified by value, and the repair of a point off
 * its shape was asked only of answers not turned.  The corner carried
 * along the side's normal lay 2.7 and 1.1 beyond the cap, with status ok.
 * Before, 38 checks of their 48 cases failed (points 7.7e-7 and 5.3e-7
 * of the size off).
 */
static void test_sliver_edge_beyond_end(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x5e1d6e);
	static const double scales[3] = {1.0, 1e-3, 1e-6};
	static const double radius[4] = {500000.0, 1000000.0, 1000000.0, 500000.0};
	static const double half[4] = {500000.0, 2000000.0, 1000000.0, 2000000.0};
	static const int corners[4] = {3, 3, 3, 6};
	static const double corner[4][6][3] = {
		{{0.00188549800424, 0.0940692726714, 500006.676135},
		 {1.21523068158, -0.000688854271549, 882902.308346},
		 {0.792265626699, 0.0402896533071, -173688.287724}},
		{{0.0162569709069, -0.0189423751329, -2000000.77909},
		 {-0.000515658969021, 0.44606347932, -3288511.65284},
		 {0.000566683560359, 0.124223776117, 1034692.06681}},
		{{0.00119658308261, -0.0016994148022, 1000002.64674},
		 {-0.768556569381, -0.0767112158607, 2088263.64218},
		 {0.0496690665628, 0.0903423673807, -218076.456549}},
		{{0.000770767664508, 0.00167803915457, 2000001.09407},
		 {0.00162236312634, 0.000953067272979, 4728730.20498},
		 {1.51820120943, 0.0986764476831, -1117415.84122},
		 {0.434123514848, -0.145025641104, 2955450.15981},
		 {0.144724812039, -0.00169714841143, 222809.589227},
		 {1.01501765521, 0.00107061836313, -799883.90643}}};
	static const double turn[4][4] = {
		{-0.819282930492, 0.322978502612, -0.115829710482, 0.459395085764},
		{-0.569325230934, -0.646472936102, -0.505516070399, 0.0489390118237},
		{0.805719488055, -0.456262975653, 0.231538866422, 0.298378881545},
		{-0.571075277003, -0.381840775746, 0.0347537846738, -0.725853170018}};
	static const double place[4][3] = {{-840103.323211, 484139.765057, -563960.53903},
	                                   {725610.572976, -731984.270548, 335610.474082},
	                                   {160990.722003, -470207.092, -758559.120797},
	                                   {183516.600084, 320625.546699, 196643.534746}};
	long cases = 0, ok = 0;
	double worst = 0, worst_point = 0;
	for (int i = 0; i < 48; i++) {
		int w = i % 4;
		double k = scales[(i / 4) % 3];
		int moved = i >= 12;
		mink_quat g = moved ? tu_rng_quat(&r) : tu_quat_identity();
		mink_vec3 move = moved ? tu_rng_box(&r, -half[w] * k, half[w] * k) : tu_v3(0, 0, 0);
		const double(*c)[3] = corner[w];
		mink_vec3 pts[6];
		for (int j = 0; j < corners[w]; j++)
			pts[j] = tu_v3(c[j][0] * k, c[j][1] * k, c[j][2] * k);
		pair3 q;
		q.a = tu_cylinder(radius[w] * k, half[w] * k);
		/* in the cylinder's frame */
		q.b = corners[w] == 3 ? mink_triangle3(pts[0], pts[1], pts[2])
		                      : tu_hull(pts, corners[w]);
		const double *tw = turn[w];
		mink_quat q0 = tu_quat_normalize(tu_quat(tw[0], tw[1], tw[2], tw[3]));
		q.pa = moved_pose(g, move, k, tu_v3(place[w][0], place[w][1], place[w][2]), q0);
		q.pb = q.pa;
		mink_vec3 axis = tu_rotate(q.pa.rotation, tu_v3(0, 0, 1));
		double fo = axis_oracle(&q, axis, 0.5 * PI, 1);
		double size = pair_size(&q);
		char what[128];
		snprintf(what, sizeof what, "pair %d (found pair %d, scale %g)", i, w, k);
		both_orders(&q, fo, size, what, &cases, &ok, &worst, &worst_point);
	}
	sweep_end("a sliver's edge beyond an end", "a sliver's edge beyond a cylinder's end", cases,
	          ok, worst, worst_point);
}

/*
 * Two found pairs of flat discs crossing, and their neighbours: a cone
 * 200 across and 2e-6 thick through a cylinder as wide and 0.02 thick,
 * 50.8 deep, and a cone 2e5 across and 0.002 thick through a needle cone
 * 2000 long.  The patch, the cone's rim point against the cylinder's
 * short side line, carried the cone's point along the line off the cone
 * (by 3.6e-8 and 1e-7 of the size), where the solver's pair lay on the
 * shapes: status ok.  Scales 1e-3 to 1e3, turned and moved, both orders: flagged, or
 * right with the points on the shapes.  Before, 18 of these 48 checks
 * failed (points up to 5.7e-8 of the size off).
 */
static void test_discs_crossing(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0xd15c5);
	static const double scales[3] = {1.0, 1e-3, 1e3};
	/* (kind 0 cone, 1 cylinder) radius, half height, turn, place */
	static const int kind[2][2] = {{0, 1}, {0, 0}};
	static const double size[2][2][2] = {{{100.0, 1e-6}, {100.0, 0.01}},
	                                     {{10.0, 1000.0}, {100000.0, 0.001}}};
	static const double turn[2][2][4] = {
		{{0.1260211, 0.100503023, 0.911173765, 0.379183589},
		 {-0.609480174, -0.0810282138, -0.77363808, 0.153141981}},
		{{-0.643529835, 0.309186408, 0.199541529, 0.671160409},
		 {0.682233946, -0.395186994, 0.411973377, -0.45679538}}};
	static const double place[2][2][3] = {
		{{68.1536172, -143.822499, -10.3052849}, {92.5142959, -71.2376223, 2.35041545}},
		{{-80798.6845, 92868.9654, -55398.1554}, {-81361.1789, 93081.473, -55082.0026}}};
	long cases = 0, ok = 0;
	double worst = 0, worst_point = 0;
	for (int i = 0; i < 24; i++) {
		int w = i % 2;
		double k = scales[(i / 2) % 3];
		int moved = i >= 6;
		mink_quat g = moved ? tu_rng_quat(&r) : tu_quat_identity();
		mink_vec3 move = moved ? tu_rng_box(&r, -100.0 * k, 100.0 * k) : tu_v3(0, 0, 0);
		pair3 q;
		mink_shape3 *sh[2] = {&q.a, &q.b};
		mink_pose3 *po[2] = {&q.pa, &q.pb};
		for (int j = 0; j < 2; j++) {
			const double *z = size[w][j], *t = turn[w][j], *p = place[w][j];
			double ra = z[0] * k, hh = z[1] * k;
			*sh[j] = kind[w][j] ? tu_cylinder(ra, hh) : tu_cone(ra, hh);
			*po[j] = moved_pose(g, move, k, tu_v3(p[0], p[1], p[2]),
			                    tu_quat_normalize(tu_quat(t[0], t[1], t[2], t[3])));
		}
		mink_vec3 no;
		double fo = oracle_min(&q, &no), sz = pair_size(&q);
		char what[128];
		snprintf(what, sizeof what, "pair %d (found pair %d, scale %g)", i, w, k);
		both_orders(&q, fo, sz, what, &cases, &ok, &worst, &worst_point);
	}
	sweep_end("discs crossing", "flat discs crossing", cases, ok, worst, worst_point);
}

/*
 * Flat hulls lying on a disc (a thin cylinder's cap, a thin cone's base and
 * slant), their lowest corner just beyond the rim or just inside it, at
 * every scale, in a random common pose, of 3 to 9 points and (one in four)
 * 17 to 41.  A result is flagged, or right:
 * its distance the oracle's, its points on the shapes.  Before, the
 * refinement put a point on its shape's support plane beside the shape,
 * where the normal was a rounding off the minimiser's (a triangle's corner
 * 0.03 beyond the rim of a disc 1e6 across: its point 0.013 beside the
 * triangle; a hull 1.6e-8 above a flat cone's slant, 1000 across: its
 * point 0.32 beside the hull), and the patch carried a corner beyond the
 * rim onto the cap (1.3e-9 beyond it, 3.5e-9 of the size), with status
 * ok, where the solver's pair lay on both; and a face of more than 32
 * points was not kept within, so that the refinement's contact stayed at
 * the disc's centre, 985 beside a hull of 41 points.
 */
static void test_flat_on_rim(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0xf1a7);
	static const double scales[5] = {1e-3, 1.0, 1.0, 1e3, 1e6};
	static const double thin[4] = {1e-1, 1e-3, 1e-6, 1e-9};
	long cases = 0, ok = 0;
	double worst = 0, worst_point = 0;
	for (int i = 0; i < 400; i++) {
		double k = scales[tu_rng_int(&r, 0, 4)];
		double ra = k * pow(10.0, -tu_rng_int(&r, 0, 2));
		double hh = ra * thin[tu_rng_int(&r, 0, 3)];
		int cone = tu_rng_int(&r, 0, 2) == 2;
		int above = cone ? 0 : tu_rng_int(&r, 0, 1);
		double cap = above ? hh : -hh, side = above ? 1.0 : -1.0;
		/* the lowest corner: its depth through the cap, beside the rim */
		double pen = hh * pow(10.0, tu_rng_range(&r, -3.0, 0.3));
		double ph = tu_rng_range(&r, 0.0, 2.0 * PI);
		double sign = tu_rng_int(&r, 0, 2) ? 1.0 : -1.0;
		double rr = ra * (1.0 + sign * pow(10.0, tu_rng_range(&r, -12.0, -5.0)));
		mink_vec3 pts[41];
		pts[0] = tu_v3(rr * cos(ph), rr * sin(ph), cap - side * pen);
		/* (one in four a hull of 17 to 41 points, a face of more than 32) */
		int n = i % 4 == 3 ? 17 + tu_rng_int(&r, 0, 24) : 1 + tu_rng_int(&r, 2, 8);
		double thick = hh * pow(10.0, tu_rng_range(&r, -2.0, 1.0));
		double ext = ra * pow(10.0, tu_rng_range(&r, -3.0, 0.3));
		for (int j = 1; j < n; j++) {
			double a = ph + PI + tu_rng_range(&r, -1.2, 1.2);
			double d = ext * tu_rng_range(&r, 0.2, 1.0);
			double up = thick * tu_rng_range(&r, 0.05, 1.0);
			pts[j] = tu_v3(pts[0].x + d * cos(a), pts[0].y + d * sin(a),
			               pts[0].z + side * up);
		}
		mink_quat g = tu_rng_quat(&r);
		mink_vec3 at = tu_rng_box(&r, -k, k);
		pair3 q;
		q.a = cone ? tu_cone(ra, hh) : tu_cylinder(ra, hh);
		q.b = tu_hull(pts, n);
		q.pa = q.pb = tu_pose3(at.x, at.y, at.z, g);
		/* (the oracle's descent also from the disc's axis, both ways:
		 * flat on the cap, its valley is narrower than the grid's
		 * cells) */
		mink_vec3 axis[2] = {tu_rotate(g, tu_v3(0, 0, 1)), tu_rotate(g, tu_v3(0, 0, -1))};
		mink_vec3 no;
		double fo = oracle_min_from(&q, axis, 2, &no), sz = pair_size(&q);
		char what[128];
		snprintf(what, sizeof what, "pair %d (%s, %d points, scale %g)", i,
		         cone ? "cone" : "cylinder", n, k);
		both_orders(&q, fo, sz, what, &cases, &ok, &worst, &worst_point);
	}
	sweep_end("flat on rim", "flat hulls on a disc by its rim", cases, ok, worst, worst_point);
}

/* The distance of local point l from the boundary of the mesh cone of k
 * rim points (cos, sin, -1/2) and the apex (0, 0, 1/2): the least over its
 * faces' triangles (the base as a fan), a point inside by its depth. */
static double mesh_cone_off(int k, mink_vec3 l)
{
	mink_vec3 apex = tu_v3(0, 0, 0.5), p0 = tu_v3(1, 0, -0.5);
	double d = INFINITY;
	for (int j = 0; j < k; j++) {
		double a0 = 2.0 * PI * j / k, a1 = 2.0 * PI * (j + 1) / k;
		mink_vec3 q0 = tu_v3(cos(a0), sin(a0), -0.5), q1 = tu_v3(cos(a1), sin(a1), -0.5);
		d = fmin(d, tu_dist(l, oracle_closest_on_triangle(l, apex, q0, q1)));
		if (j > 0 && j + 1 < k)
			d = fmin(d, tu_dist(l, oracle_closest_on_triangle(l, p0, q0, q1)));
	}
	return d;
}

/*
 * A cylinder tilted under the base of a mesh cone of 48, 100 or 200 rim
 * points, by its rim, just apart or just overlapping: flagged, or right
 * (the points on the shapes, the mesh's by its own faces; the oracle's
 * distance, one pair in four).  Before, the patch took a base of more than 32 corners as 32 of
 * them, and turned the cylinder's rim until its contact lay within that
 * inscribed polygon, which carried a contact on the base off it (2e-5);
 * and the refinement left its point 985 beside a face of more than 32.
 */
static void test_mesh_cone_base(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0xba5e);
	static const int rims[3] = {48, 100, 200};
	static mink_vec3 pts[3][201];
	for (int m = 0; m < 3; m++) {
		for (int j = 0; j < rims[m]; j++) {
			double a = 2.0 * PI * j / rims[m];
			pts[m][j] = tu_v3(cos(a), sin(a), -0.5);
		}
		pts[m][rims[m]] = tu_v3(0, 0, 0.5);
	}
	long cases = 0, ok = 0;
	double worst = 0, worst_point = 0;
	for (int i = 0; i < 600; i++) {
		int m = i % 3, k = rims[m];
		double ra = tu_rng_range(&r, 0.1, 0.5);
		double hh = tu_rng_range(&r, 0.1, 0.5);
		double ph = tu_rng_range(&r, 0.0, 2.0 * PI);
		double near = pow(10.0, tu_rng_range(&r, -4.0, -1.0));
		double rho = 1.0 - near - ra * tu_rng_range(&r, -0.5, 1.0);
		double tilt = tu_rng_range(&r, 0.01, 0.3);
		double ax = tu_rng_range(&r, 0.0, 2.0 * PI);
		double sign = tu_rng_int(&r, 0, 1) ? 1.0 : -1.0;
		double gap = sign * pow(10.0, tu_rng_range(&r, -6.0, -2.0));
		pair3 q;
		q.a = tu_hull(pts[m], k + 1);
		q.b = tu_cylinder(ra, hh);
		q.pa = tu_pose3(0, 0, 0, tu_quat_identity());
		q.pb = tu_pose3(rho * cos(ph), rho * sin(ph), -0.5 - hh - ra * sin(tilt) - gap,
		                tu_quat(cos(0.5 * tilt), sin(0.5 * tilt) * cos(ax),
		                        sin(0.5 * tilt) * sin(ax), 0.0));
		/* (the oracle's least F, which costs a hundred queries on these
		 * hulls, for one pair in four: the points are what is asked) */
		mink_vec3 no;
		double fo = i % 4 == 0 ? oracle_min(&q, &no) : NAN, size = pair_size(&q);
		for (int order = 0; order < 2; order++) {
			mink_result res;
			tu_poison(&res);
			if (order)
				mink_query3(&q.b, &q.pb, &q.a, &q.pa, NULL, &res);
			else
				mink_query3(&q.a, &q.pa, &q.b, &q.pb, NULL, &res);
			tu_case("pair %d (%d rim points), order %d", i, k, order);
			cases++;
			const mink_pose3 *p0 = order ? &q.pb : &q.pa, *p1 = order ? &q.pa : &q.pb;
			if (!CHECK_FLAGGED3(&res, p0, p1, 1e-9 * size) || res.status != MINK_OK)
				continue;
			ok++;
			if (fo == fo) {
				worst = fmax(worst, fabs(res.distance + fo) / size);
				CHECK_NEAR("distance vs oracle", res.distance, -fo, 1e-9 * size, 0);
			}
			mink_vec3 on_mesh = order ? res.point_b : res.point_a;
			mink_vec3 on_cyl = order ? res.point_a : res.point_b;
			double om = mesh_cone_off(k, on_mesh), oc = outside(&q.b, &q.pb, on_cyl);
			worst_point = fmax(worst_point, fmax(om, oc) / size);
			CHECK(om <= 1e-9 * size, "the mesh's point %.3g of the size off it",
			      om / size);
			CHECK(oc <= 1e-9 * size, "the cylinder's point %.3g of the size off it",
			      oc / size);
		}
	}
	sweep_end("mesh cone base", "a cylinder under a mesh cone's base by its rim", cases, ok,
	          worst, worst_point);
}

/*
 * Two found pairs and their neighbours (scaled, and moved as a whole): a
 * flat hull of 31 or 41 points on a flat cone's slant by its rim, 1e-10
 * and 1e-14 thin.  A result is flagged, or right: the oracle's distance,
 * the points on the shapes.  Before, the refinement left the hull's point
 * 1e-9 beside it (5e-9 of the size): where it leaves its points off the
 * shapes, the solver's pair stands where it lies nearer, and a set of more
 * than 16 points was not measured (its search misses near points).
 */
static void test_large_flat_hull_on_slant(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x5a1a);
	/* (the hulls' points, in the pose's frame) */
	static const double pts0[31][3] = {
		{-0.0631669204443, 0.0775238037545, -9.86707622836e-11},
		{-0.0629691020742, 0.0775371659423, -1.03707305824e-10},
		{-0.0632596808208, 0.0773234528875, -1.02186774455e-10},
		{-0.0631063876011, 0.0773411127395, -1.03141080116e-10},
		{-0.0630245667518, 0.0774931742369, -1.01819311176e-10},
		{-0.0632037514025, 0.0774065329754, -1.00885948565e-10},
		{-0.0630230581004, 0.0773665044039, -1.01422731579e-10},
		{-0.0631431136121, 0.0773668257958, -1.01147531132e-10},
		{-0.0630886635902, 0.0774686129091, -1.01348161976e-10},
		{-0.0632010296645, 0.0773807888621, -1.04000501436e-10},
		{-0.0631021447389, 0.0774598520137, -1.02400505004e-10},
		{-0.0630987802899, 0.0774489801997, -9.97782389913e-11},
		{-0.0631397039004, 0.0773744260182, -1.00423471025e-10},
		{-0.06309760075, 0.0774410615113, -1.029864208e-10},
		{-0.0630816949535, 0.0773670461081, -1.0370672315e-10},
		{-0.0630784998344, 0.0773764885404, -1.04101254389e-10},
		{-0.0631877220459, 0.0773483893905, -1.01147117902e-10},
		{-0.063081407373, 0.0773357028554, -9.99020905982e-11},
		{-0.0631677580145, 0.0774335098028, -1.03553378397e-10},
		{-0.0630702087777, 0.0775484701241, -1.04102994657e-10},
		{-0.0630029116759, 0.0775065352744, -1.02148961009e-10},
		{-0.063198335457, 0.0774328629591, -9.98615362171e-11},
		{-0.0631071610009, 0.0774838097331, -1.01067538813e-10},
		{-0.0629807673111, 0.0774630970141, -1.00155541937e-10},
		{-0.0631126731864, 0.0774054730877, -1.03729455846e-10},
		{-0.0631696317843, 0.0773221389002, -1.01770040224e-10},
		{-0.0630346516728, 0.0774646869389, -1.00835710933e-10},
		{-0.0631124406263, 0.0774969011907, -9.94079769867e-11},
		{-0.0630886396908, 0.0774015372356, -1.00342372653e-10},
		{-0.0630167588699, 0.0774559784623, -1.02309338952e-10},
		{-0.0631915540966, 0.0773296889574, -1.02858982863e-10},
	};
	static const double pts1[41][3] = {
		{8.86246484092e-06, -4.63213956476e-06, -5.94835234887e-15},
		{8.84475492002e-06, -4.64563297834e-06, -1.14914426139e-14},
		{8.85347993902e-06, -4.62581748526e-06, -1.02822965182e-14},
		{8.85161232221e-06, -4.6386604368e-06, -7.9730342966e-15},
		{8.85466605824e-06, -4.63048952048e-06, -1.0637655137e-14},
		{8.83249846425e-06, -4.63549521488e-06, -7.61808306413e-15},
		{8.84281875354e-06, -4.63440083969e-06, -9.59758938711e-15},
		{8.86359648006e-06, -4.62042187943e-06, -1.05739420444e-14},
		{8.85005782902e-06, -4.60181486357e-06, -1.23888165391e-14},
		{8.85882048697e-06, -4.61582589988e-06, -9.06014477624e-15},
		{8.84480809075e-06, -4.62009938996e-06, -1.26812812335e-14},
		{8.84780406537e-06, -4.64285032931e-06, -1.13918038438e-14},
		{8.84421755554e-06, -4.64384796652e-06, -1.21687195277e-14},
		{8.83686880071e-06, -4.62516188485e-06, -8.08510511691e-15},
		{8.85148486964e-06, -4.60398690827e-06, -8.20697559577e-15},
		{8.85530812658e-06, -4.62283333868e-06, -7.67318413727e-15},
		{8.85204302982e-06, -4.62750062818e-06, -1.06498919214e-14},
		{8.85659802206e-06, -4.60181448948e-06, -1.28211191177e-14},
		{8.85644262909e-06, -4.63555628088e-06, -1.21146522483e-14},
		{8.8429033593e-06, -4.6492191081e-06, -1.27720805776e-14},
		{8.84985372422e-06, -4.6357374558e-06, -7.91810808067e-15},
		{8.84041986332e-06, -4.62434349743e-06, -1.14843883814e-14},
		{8.85055775592e-06, -4.62663810499e-06, -9.34102896332e-15},
		{8.83208253204e-06, -4.62797907605e-06, -6.8537774033e-15},
		{8.85564780326e-06, -4.62935102485e-06, -6.97307886488e-15},
		{8.85466418871e-06, -4.62954505582e-06, -8.5788227554e-15},
		{8.83451634084e-06, -4.62074439376e-06, -8.24071190879e-15},
		{8.84028997767e-06, -4.62996678771e-06, -1.22054274555e-14},
		{8.84483852672e-06, -4.64666484225e-06, -7.17443381698e-15},
		{8.85269113668e-06, -4.61847405557e-06, -8.57702112155e-15},
		{8.85933564229e-06, -4.60587421867e-06, -1.01077310882e-14},
		{8.84551218965e-06, -4.63587094318e-06, -8.82456678007e-15},
		{8.85941972374e-06, -4.60780361563e-06, -7.29404935972e-15},
		{8.84390462043e-06, -4.63294168565e-06, -6.71861400542e-15},
		{8.84868460894e-06, -4.61289223163e-06, -1.21499709786e-14},
		{8.83788555262e-06, -4.62511600922e-06, -1.12661568399e-14},
		{8.84359676405e-06, -4.63703707509e-06, -6.36919096499e-15},
		{8.84015160356e-06, -4.64460788122e-06, -8.60881031977e-15},
		{8.8425187795e-06, -4.64309284932e-06, -1.12732228219e-14},
		{8.83057045029e-06, -4.63794539593e-06, -1.00871263983e-14},
		{8.83447488749e-06, -4.61544031549e-06, -1.07345371653e-14},
	};
	static const int count[2] = {31, 41};
	static const double cone[2][2] = {{0.1, 1e-10}, {1e-05, 1e-14}};
	static const double turn[2][4] = {
		{-0.151300785647, 0.652874452822, -0.698482994894, 0.25096718303},
		{0.0194616804455, -0.22537233773, -0.688647351463, 0.688907379626}};
	static const double place[2][3] = {{0.62217517276, 0.398221185697, -0.421794427423},
	                                   {-7.99320657637e-05, 0.000347317141084,
	                                    7.48147995741e-05}};
	static const double scales[3] = {1.0, 1e-3, 1e3};
	long cases = 0, ok = 0;
	double worst = 0, worst_point = 0;
	for (int i = 0; i < 24; i++) {
		int w = i % 2, n = count[w];
		double k = scales[(i / 2) % 3];
		int moved = i >= 6;
		mink_quat g = moved ? tu_rng_quat(&r) : tu_quat_identity();
		mink_vec3 move = moved ? tu_rng_box(&r, -k, k) : tu_v3(0, 0, 0);
		mink_vec3 pts[41];
		for (int j = 0; j < n; j++) {
			const double *c = w ? pts1[j] : pts0[j];
			pts[j] = tu_v3(c[0] * k, c[1] * k, c[2] * k);
		}
		const double *t = turn[w], *p = place[w];
		mink_quat q0 = tu_quat_normalize(tu_quat(t[0], t[1], t[2], t[3]));
		pair3 q;
		q.a = tu_hull(pts, n);
		q.b = tu_cone(cone[w][0] * k, cone[w][1] * k);
		q.pa = q.pb = moved_pose(g, move, k, tu_v3(p[0], p[1], p[2]), q0);
		mink_vec3 no;
		double fo = oracle_min(&q, &no), sz = pair_size(&q);
		char what[128];
		snprintf(what, sizeof what, "pair %d (found pair %d, scale %g)", i, w, k);
		both_orders(&q, fo, sz, what, &cases, &ok, &worst, &worst_point);
	}
	sweep_end("large flat hull on a slant", "large flat hulls on a flat cone's slant", cases,
	          ok, worst, worst_point);
}

/* A found pair's shape: kind (0 cylinder, 1 cone, 2 spheroid of radii
 * radius, radius, half), its sizes, position and turn. */
typedef struct thin_part {
	int kind;
	double radius, half, at[3], turn[4];
} thin_part;

static mink_shape3 thin_shape(const thin_part *t, double k)
{
	double ra = t->radius * k, hh = t->half * k;
	if (t->kind == 3)
		return tu_capsule(ra, hh);
	if (t->kind == 2)
		return tu_ellipsoid(ra, ra, hh);
	return t->kind ? tu_cone(ra, hh) : tu_cylinder(ra, hh);
}

/* Both orders of pair q (the oracle's least F fo), each certified and
 * exact to the query's tolerances twice over, its points on the shapes. */
static void strict_orders(const pair3 *q, double fo, double size, const char *what, long *cases,
                          long *flagged, double *worst)
{
	double tol = 2e-10 * fabs(fo) + 2e-13 * size;
	for (int order = 0; order < 2; order++) {
		pair3 p = *q;
		if (order) {
			p.a = q->b, p.pa = q->pb;
			p.b = q->a, p.pb = q->pa;
		}
		tu_case("%s, order %d", what, order);
		mink_result res = run(&p);
		(*cases)++;
		if (res.status != MINK_OK)
			(*flagged)++;
		CHECK(res.status == MINK_OK, "status %d (warning %d)", res.status, res.warning);
		CHECK_NEAR("distance vs oracle", res.distance, -fo, tol, 0);
		double oa = outside(&p.a, &p.pa, res.point_a);
		double ob = outside(&p.b, &p.pb, res.point_b);
		CHECK(oa <= 1e-9 * size, "point_a %.3g of the size off A", oa / size);
		CHECK(ob <= 1e-9 * size, "point_b %.3g of the size off B", ob / size);
		*worst = fmax(*worst, fabs(res.distance + fo) / size);
	}
}

/* Found pairs (A, B) of a thin shape along a wide one's axis and their
 * neighbours: scales 1e-3 to 1e3, turned and moved (9 of every 12 poses),
 * both orders; each result flagged, or right with its points on the
 * shapes (the oracle: the minimiser and the wide shape's axis); strict,
 * each certified too (strict_orders; the oracle with the circle across
 * the axis searched densely as well). */
static void thin_sweep(const thin_part (*found)[2], int nfound, unsigned seed, const char *what,
                       const char *title, int strict)
{
	tu_rng r;
	tu_rng_seed(&r, seed);
	static const double scales[3] = {1.0, 1e-3, 1e3};
	long cases = 0, ok = 0, flagged = 0;
	double worst = 0, worst_point = 0;
	for (int i = 0; i < 9 * nfound; i++) {
		int w = i % nfound;
		double k = scales[(i / nfound) % 3];
		int moved = i >= 3 * nfound;
		mink_quat g = moved ? tu_rng_quat(&r) : tu_quat_identity();
		mink_vec3 move = moved ? tu_rng_box(&r, -10.0 * k, 10.0 * k) : tu_v3(0, 0, 0);
		pair3 q;
		mink_shape3 *sh[2] = {&q.a, &q.b};
		mink_pose3 *po[2] = {&q.pa, &q.pb};
		for (int j = 0; j < 2; j++) {
			const double *t = found[w][j].turn, *p = found[w][j].at;
			*sh[j] = thin_shape(&found[w][j], k);
			*po[j] = moved_pose(g, move, k, tu_v3(p[0], p[1], p[2]),
			                    tu_quat_normalize(tu_quat(t[0], t[1], t[2], t[3])));
		}
		/* the wide shape's axis: the least, searched about it too */
		int outer = found[w][0].radius > found[w][1].radius ? 0 : 1;
		mink_vec3 axis = tu_rotate(po[outer]->rotation, tu_v3(0, 0, 1));
		double fo = axis_oracle(&q, axis, strict ? 0.5 * PI : -1.0, 1);
		double size = pair_size(&q);
		char label[128];
		snprintf(label, sizeof label, "pair %d (found pair %d, scale %g)", i, w, k);
		if (strict)
			strict_orders(&q, fo, size, label, &cases, &flagged, &worst);
		else
			both_orders(&q, fo, size, label, &cases, &ok, &worst, &worst_point);
	}
	if (strict) {
		print_message("%s: worst distance error %.3g of the size; %ld flagged\n", what,
		              worst, flagged);
		tu_end(title, cases);
		return;
	}
	sweep_end(what, title, cases, ok, worst, worst_point);
}

/*
 * Thin cylinders and cones along a cylinder's or a cone's axis, out through
 * an end (drawn outside the tests, 26 of 12 000 such pairs answered with
 * a point off its shape), and their neighbours: a needle 2e-3 thin in a
 * cone 27 across, out through its base; a cone 1.5e-5 across in a
 * cylinder; a cone 1.3e-6 across in a cone; a cone 2.7e-4 across in a
 * cylinder.  The depths form a ring of nearly equal values about the
 * axis, and the normal on it is off the least by an angle the depth
 * cannot see: the outer shape's rim point, carried along it, lay beside
 * the thin one's side line (3.2e-4 beside the needle, 0.15 of its
 * radius).  Now the rim point is turned along the rim onto the line seen
 * along n, as against a polytope's edge.  Before, 28 of these 72 checks
 * failed (points up to 4.1e-6 of the size off).
 */
static void test_thin_through_an_end(void **state)
{
	(void)state;
	tu_begin();
	static const thin_part found[4][2] = {
	{{0, 0.0020610670701214796, 45.93628810574422,
	  {24.388893761876318, -28.046116662987735, -5.345380341501442},
	  {-0.03491878539731262, -0.5007160045547744, 0.5651081356219323, -0.654764809884422}},
	 {1, 26.829965553525128, 40.73889028987595,
	  {1.701382325265711, 0.4862649928124281, -0.1864159305572448},
	  {-0.5007160045551035, 0.03491878539682951, 0.6547648098844208, 0.5651081356216721}}},
	{{0, 1.3538424615858682, 0.875811761753476, {0, 0, 0}, {1, 0, 0, 0}},
	 {1, 1.4617707111531247e-05, 1.241857391655031,
	  {-3.9173057118839095e-10, 1.302829679532678e-08, 0.41814484646193883},
	  {2.659587015766609e-12, 1.0, 0.0, 7.594360686251028e-13}}},
	{{1, 0.21534095254250002, 0.3096215722337086,
	  {-1.2298730008964383, 2.6629614748308903, 0.5058761726069418},
	  {0.6883572215416712, 0.6287900798684564, -0.1454607159431745, -0.3311020252546792}},
	 {1, 1.3063758722745016e-06, 0.42443877065520086,
	  {-1.0698940779916537, 2.8625545905790353, 0.4625692104420177},
	  {-0.6883572215416712, -0.6287900798684564, 0.1454607159431745, 0.3311020252546792}}},
	{{1, 0.00026860996285466704, 18.621570406794365,
	  {11.809009862219916, -3.1089485614751817, -1.120201521744053},
	  {0.708323839879877, -0.036563093932784486, -0.6938777038080586, -0.12439537844286934}},
	 {0, 10.99218061996299, 17.789309359570016,
	  {2.6894807542298578, -1.0073915892434264, -0.798135589228699},
	  {-0.036563093932784486, -0.708323839879877, 0.12439537844286934, -0.6938777038080586}}},
	};
	thin_sweep(found, 4, 0x7417e4d, "thin shapes through an end",
	           "thin cylinders and cones out through an end", 0);
}

/*
 * Thin cylinders and cones along a spheroid's axis, out through its pole
 * (drawn outside the tests: 29 of 6000 such pairs answered with a point off
 * its shape), and their neighbours: a cone 1.8e-6 across in a spheroid of
 * radii 0.87 and 1.18, a cone 1.8e-4 across in one of 49 and 59, a
 * cylinder 3.4e-3 across in one of 4.6 and 3.1, a cylinder 1.6e-5 across
 * in one of 0.39 and 0.72.  As above, the normal is on a ring of nearly
 * equal depths, and the equator's point carried along it lay beside the
 * thin shape (5e-5 beside the first cone).  Now the thin shape's point,
 * carried back onto the spheroid, is taken where that pair lies nearer the
 * shapes.  Before, 41 of these 72 checks failed (points up to 1.6e-5 of
 * the size off).
 */
static void test_thin_through_a_pole(void **state)
{
	(void)state;
	tu_begin();
	static const thin_part found[4][2] = {
	{{1, 8.787288436291001e-07, 1.6432661794132541,
	  {-2.7662962150008648, 2.3849222041611826, 1.996726525705201},
	  {0.6124926160024561, 0.09426799966352488, -0.2947122861681303, 0.7274001704450306}},
	 {2, 0.8651968074836176, 1.1761615036111484,
	  {-2.837344932376296, 2.2122093542315158, 2.2533140019140667},
	  {0.09426799966352488, -0.6124926160024561, -0.7274001704450306, -0.2947122861681303}}},
	{{2, 48.876752023726645, 58.84102150902041,
	  {0.43922881517578016, 2.5063149844411274, -0.175722980757826},
	  {0.16068877413254753, -0.031579035307081546, 0.24621244217331054, 0.9552807523005514}},
	 {1, 9.000801836181891e-05, 60.104155469402826,
	  {1.0747063854318926, 18.755611317584197, 29.470976144071333},
	  {0.16068877413254753, -0.031579035307081546, 0.24621244217331054, 0.9552807523005514}}},
	{{0, 0.001690360454238005, 4.600691780566432,
	  {-3.847726011991179, -1.576827409683653, -2.9157952248228867},
	  {-0.1267518030661559, -0.7604007432276156, 0.39307190945629866, 0.5012176813668362}},
	 {2, 4.644599422530964, 3.0944659243832153,
	  {-2.07979794056125, -1.9896626730348852, -1.9611041131375018},
	  {-0.1267518030661559, -0.7604007432276156, 0.39307190945629866, 0.5012176813668362}}},
	{{2, 0.39347264217786215, 0.7238769434532445,
	  {2.8969227741271144, 1.767437842935748, 2.2245131888590883},
	  {-0.6899929728690906, -0.03975359517190667, 0.22255488596616513, 0.6876035716855824}},
	 {0, 7.93205913616984e-06, 0.9208182425167013,
	  {2.7117552137587806, 1.8960034935699446, 2.6840018808406887},
	  {-0.6899929728690906, -0.03975359517190667, 0.22255488596616513, 0.6876035716855824}}},
	};
	thin_sweep(found, 4, 0x7e1e5, "thin shapes through a pole",
	           "thin cylinders and cones out through a spheroid's pole", 0);
}

/*
 * A needle spheroid or a cone nearly on a spheroid's axis, deep (drawn
 * outside the tests, 7 of 2000 such nearly coaxial pairs answered with a
 * point off its shape), and their neighbours: a needle 0.03 across and 3
 * long in a spheroid 26 across, 16.6 deep, whose axial solver's section
 * put the needle's point 2e-5 off it (2.3e-7 of the size); a cone 44
 * across 564 deep in a spheroid, whose refined normal carried its rim
 * point 7.7e-6 off.  Now such an answer takes the support points along
 * its normal, one carried onto the other shape, where that pair lies
 * nearer the shapes.  Flagged, or right with the points on the shapes.
 * Before, 73 checks of these 72 answers failed (points up to 4.8e-5 of
 * the size off).
 */
static void test_near_a_spheroids_axis(void **state)
{
	(void)state;
	static const thin_part found[][2] = {
		{{2, 0.0032324605521266265, 0.014769831548545734,
		  {-0.003446114756932072, 0.003113367636977495, -0.0016177266581637911},
		  {-0.21926803591011837, -0.13449870454909874,
		   -0.8056197837470594, 0.5336744240996326}},
		 {2, 4.870381102104388e-05, 0.005222554860288135,
		  {-0.0017895452315478942, -0.004144103003950891, -0.0042575602511453585},
		  {-0.2192680359118441, -0.13449870454684454,
		   -0.8056197837514572, 0.5336744240928532}}},
		{{2, 25.696492645263415, 45.82386107861361,
		  {-24.107498294043992, 40.067244999550375, -41.68119778095146},
		  {-0.46045430180894836, 0.6127683411093909,
		   -0.5285339819981824, 0.36489536301907693}},
		 {2, 0.03242594197596322, 3.080055196553686,
		  {-54.0792697362334, 34.336060062463844, -31.743290913380314},
		  {-0.46045430180839525, 0.6127683411090968,
		   -0.5285339819986474, 0.3648953630195952}}},
		{{2, 697.4605364560584, 3061.33212437362,
		  {1280.8855691852038, -864.3674921695917, -723.7504536222839},
		  {0.5017726364795497, -0.7392557083905464,
		   -0.4358951798711359, 0.1082617709880224}},
		 {1, 20.898915873975348, 123.86861613259588,
		  {1798.8757524929865, -1425.693387995456, -313.6913761930987},
		  {0.5017726364673986, -0.739255708386542,
		   -0.4358951798861925, 0.10826177101106207}}},
		{{2, 596.0499264883421, 1174.069942325563,
		  {700.1474490831333, 110.19194817529927, -511.77838366003965},
		  {0.5370480114820996, -0.0075766268499231175,
		   -0.5123322788180854, -0.6701027265798635}},
		 {1, 22.02041332253907, 15.167308021197021,
		  {465.4948250009206, 412.01983186725226, -305.46070725247887},
		  {0.537065193926634, -0.007538830119466741,
		   -0.5123339751685273, -0.6700880848075061}}},
	};
	thin_sweep(found, 4, 0x5fe7a15, "near a spheroid's axis",
	           "needles and cones deep near a spheroid's axis", 0);
}

/*
 * A capsule nearly coaxial with a spheroid, deep in it (drawn outside the
 * tests: of 6000 nearly coaxial bodies of revolution with a spheroid, these
 * were among the answers flagged approximate), and their neighbours: a
 * capsule 18 across turned 2e-4 at the centre of a spheroid 600 across.
 * Near the ring of nearly equal depths the least lies along a valley about
 * the axis whose floor, where the capsule's support moves from one end to
 * the other, leans across it; the ring search's cells, depth first, walked
 * the valley down 1e-9 a cell and ran out.  Now a descent along the ring
 * (steps about the axis, the least across it by golden sections) lowers
 * the target first.  Every answer certified and exact, its points on the
 * shapes; both orders.  Before, 62 of these 72 answers were flagged (the
 * worst 3.9e-9 of the size off).
 */
static void test_capsule_near_spheroids_axis(void **state)
{
	(void)state;
	static const thin_part found[][2] = {
		{{2, 299.0785980751042, 517.2247376197058,
		  {17.096660477594913, -28.72710253087315, -76.07891190001293},
		  {0.26137658676594444, -0.313703118636494,
		   0.5870363333012761, 0.6990429004235117}},
		 {3, 9.058233099007037, 6.749096130628502,
		  {17.09666046618564, -28.72710253502364, -76.07891187733468},
		  {0.26143423224481865, -0.3136432740156335,
		   0.5870764753577533, 0.6990144855128781}}},
		{{2, 29.798653179836325, 54.29629497812706,
		  {30.35161445226009, 39.89797235450768, 45.17236469994885},
		  {-0.05286383434748909, -0.38361063591832667,
		   -0.9062112539890617, 0.16979239727381992}},
		 {3, 3.304814544670209, 12.992069762122458,
		  {30.35161445226009, 39.89797235450768, 45.17236469994885},
		  {-0.052914379799270043, -0.38360132839266264,
		   -0.9062099566237684, 0.16980460471315592}}},
		{{2, 71.10523924284854, 113.01845722900681,
		  {-89.15077967274732, -54.10509501139758, -122.34252496922109},
		  {-0.42283655018027744, -0.6129036801497821,
		   -0.15561573096609108, 0.649108677315582}},
		 {3, 11.844037091249643, 1.7948971841318853,
		  {-89.15077967281569, -54.10509501134396, -122.34252496925494},
		  {-0.4227010940006377, -0.6129884838067698,
		   -0.15546292685810276, 0.6491534350395549}}},
		{{2, 0.09422145254354625, 0.2772277774762711,
		  {-0.10761868252100762, 0.17706959444144904, -0.06400106368472079},
		  {-0.08279414579493713, -0.6644032067866064,
		   0.5833146816397627, 0.45984507218982235}},
		 {3, 0.0015700219075383019, 0.009174376738249621,
		  {-0.10761868251508183, 0.17706959445367382, -0.06400106368291034},
		  {-0.08280369828925561, -0.6644055741553395,
		   0.5833102142285982, 0.4598455986062304}}},
	};
	thin_sweep(found, 4, 0xca95, "capsules nearly coaxial",
	           "capsules nearly coaxial in a spheroid", 1);
}

/*
 * A cone's apex in a spheroid near its axis (drawn outside the tests: the
 * cone on the spheroid's axis, its apex 0.74 deep, both 1e-9 off the
 * axis), and its neighbours: the apex off the axis by 1e-9 to 1e-3, scales
 * 1e-3 to 1e3, turned and moved, both orders.  The apex's depths form a
 * ring of nearly equal values about the axis; the axial solver's section
 * put the spheroid's point 7.8e-7 off it.  Now an answer with a point off
 * its shape, whose deepest point lies inside an ellipsoid, is that point's
 * foot where the support distance meets its inner distance.  Flagged, or
 * right with the points on the shapes.  Before, 23 of these 72 checks
 * failed (points up to 2.8e-8 of the size off).
 */
static void test_apex_in_spheroid(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0xa9e85);
	static const double scales[3] = {1.0, 1e-3, 1e3};
	static const double offs[3] = {1e-9, 1e-6, 1e-3};
	const mink_quat qa = tu_quat_normalize(tu_quat(-0.7898717601919164, -0.5960277181149802,
	                                               0.08345734996691831, -0.11784919357582632));
	const mink_quat qb = tu_quat_normalize(tu_quat(0.5960277181149802, -0.7898717601919164,
	                                               -0.11784919357582632, -0.08345734996691831));
	const mink_vec3 pa = tu_v3(1.242461518498681, -9.190595588783426, 6.852333073183004);
	const mink_vec3 pb0 = tu_v3(1.2679146769575584, -12.021869654254667, 7.664011242847491);
	long cases = 0, ok = 0;
	double worst = 0, worst_point = 0;
	for (int i = 0; i < 36; i++) {
		double k = scales[i % 3], off = offs[(i / 3) % 3];
		int moved = i >= 9;
		mink_quat g = moved ? tu_rng_quat(&r) : tu_quat_identity();
		mink_vec3 move = moved ? tu_rng_box(&r, -10.0 * k, 10.0 * k) : tu_v3(0, 0, 0);
		/* the cone moved across the spheroid's axis by off (the pair was
		 * drawn 1e-9 off: that much again, at most) */
		mink_vec3 across = tu_rotate(qa, tu_v3(1, 0, 0));
		mink_vec3 pb = tu_add(pb0, tu_scale(across, off - 1e-9));
		pair3 q;
		q.a = tu_ellipsoid(1.0649034502115338 * k, 1.0649034502115338 * k,
		                   1.9219409664883003 * k);
		q.b = tu_cone(0.36181230885232585 * k, 1.796368340639214 * k);
		q.pa = moved_pose(g, move, k, pa, qa);
		q.pb = moved_pose(g, move, k, pb, qb);
		mink_vec3 axis = tu_rotate(q.pa.rotation, tu_v3(0, 0, 1));
		double fo = axis_oracle(&q, axis, -1.0, 0);
		double size = pair_size(&q);
		char what[128];
		snprintf(what, sizeof what, "pair %d (scale %g, %g off the axis)", i, k, off);
		both_orders(&q, fo, size, what, &cases, &ok, &worst, &worst_point);
	}
	sweep_end("an apex in a spheroid", "a cone's apex in a spheroid near its axis", cases, ok,
	          worst, worst_point);
}

/*
 * A small shape (an ellipsoid, a cylinder, a cone, a capsule, a box, a ball
 * or a hull of eight points, 1e-9 to 1e-3 of the radius) at the centre of
 * a spheroid or on its axis, exactly or 1e-12 to 1e-6 of the radius off
 * it, the spheroid prolate or oblate about its x, y or z, 1e-3 to 1e3
 * across; and a capsule, a cylinder or a cone along that axis, up to 0.3
 * of the radius across and half the length long, turned off it by 0 or
 * 1e-12 to 1e-6 rad, or out through both poles and turned by 1e-6 to
 * 1e-3 rad.  Prolate, the equator is a ring of nearly equal
 * depths, which EPA's faces close only quadratically, and the balls about
 * the small shape fall short by its size: the search about the spheroid's
 * axis bounds each cell by the section's lines and the other shape's
 * support there, and turns to a lower support distance where it meets
 * one, taking first the cells where the support distance falls; a
 * spheroid about x or y is a body of revolution to the axial solver too.
 * Oracle: the least of the searches over the sphere and about the axis,
 * of a dense search of the equator's circle, and of F along the axis;
 * every answer certified and exact; both orders.  Before, 72 of these 336
 * answers were flagged, the worst distance 6.1e-8 of the size off; with
 * the core's support at the cell's centre alone, and the cells in a fixed
 * order, 2 (4.8e-8).
 */
static void test_small_in_spheroid(void **state)
{
	(void)state;
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, 0x5fe701d);
	long cases = 0, flagged = 0;
	double worst = 0;
	for (int i = 0; i < 168; i++) {
		pair3 q;
		int kind = i % 7, along = i / 7 % 3, coax = i >= 84, poles = i >= 126;
		double ra = tu_rng_log_range(&r, 1e-3, 1e3);
		/* prolate, one in five oblate */
		double rc = i % 5 == 4 ? tu_rng_range(&r, 0.3, 0.95)
		                       : tu_rng_log_range(&r, 1.05, 10.0);
		rc *= ra;
		q.a = along == 0 ? tu_ellipsoid(rc, ra, ra)
		    : along == 1 ? tu_ellipsoid(ra, rc, ra)
		                 : tu_ellipsoid(ra, ra, rc);
		double s = tu_rng_log_range(&r, 1e-9, 1e-3) * ra;
		double s2 = tu_rng_range(&r, 0.3, 1.0) * s;
		double s3 = tu_rng_range(&r, 0.3, 1.0) * s;
		mink_vec3 pts[8];
		for (int k = 0; k < 8; k++)
			pts[k] = tu_rng_box(&r, -s, s);
		q.b = kind == 0 ? tu_ellipsoid(s, s2, s3)
		    : kind == 1 ? tu_cylinder(s, s2)
		    : kind == 2 ? tu_cone(s, s2)
		    : kind == 3 ? tu_capsule(s, s2)
		    : kind == 4 ? tu_box(s, s2, s3)
		    : kind == 5 ? tu_sphere(s)
		                : tu_hull(pts, 8);
		q.pa = tu_pose3(0, 0, 0, tu_rng_quat(&r));
		q.pa.position = tu_rng_box(&r, -ra, ra);
		mink_vec3 ax = along == 0   ? tu_v3(1, 0, 0)
		             : along == 1 ? tu_v3(0, 1, 0)
		                          : tu_v3(0, 0, 1);
		mink_vec3 t1, t2;
		basis(ax, &t1, &t2);
		/* at the centre, or along the axis; on it or just off it */
		double z = tu_rng_unit(&r) < 0.5 ? 0.0 : tu_rng_range(&r, -0.6, 0.6) * rc;
		double off = tu_rng_unit(&r) < 0.3 ? 0.0 : tu_rng_log_range(&r, 1e-12, 1e-6) * ra;
		double turn = tu_rng_range(&r, 0.0, 2 * PI);
		mink_vec3 across = tu_add(tu_scale(t1, cos(turn)), tu_scale(t2, sin(turn)));
		mink_vec3 at = tu_add(tu_scale(ax, z), tu_scale(across, off));
		q.pb = tu_pose3(0, 0, 0, tu_rng_quat(&r));
		if (coax) {
			/* a capsule, a cylinder or a cone along the axis, 1e-9 to
			 * 0.3 of the radius across and up to half the spheroid's
			 * length, turned off the axis by 0 or 1e-12 to 1e-6 rad */
			double len = tu_rng_range(&r, 0.05, 0.5) * rc;
			double tilt = 0.0;
			if (tu_rng_unit(&r) >= 0.3)
				tilt = tu_rng_log_range(&r, 1e-12, 1e-6);
			if (poles) {
				/* or out through both poles, turned 1e-6 to 1e-3 rad,
				 * its middle near the centre */
				len = tu_rng_range(&r, 1.05, 2.0) * rc;
				tilt = tu_rng_log_range(&r, 1e-6, 1e-3);
				z = tu_rng_range(&r, -0.1, 0.1) * rc;
				off = tu_rng_log_range(&r, 1e-9, 1e-4) * ra;
				at = tu_add(tu_scale(ax, z), tu_scale(across, off));
			}
			s = tu_rng_log_range(&r, 1e-9, 0.3) * ra;
			q.b = kind % 3 == 0 ? tu_capsule(s, len)
			    : kind % 3 == 1 ? tu_cylinder(s, len)
			                    : tu_cone(s, len);
			mink_quat onto = along == 0   ? tu_quat_axis_angle(tu_v3(0, 1, 0), 0.5 * PI)
			               : along == 1 ? tu_quat_axis_angle(tu_v3(1, 0, 0), -0.5 * PI)
			                            : tu_quat_identity();
			mink_quat tilted = tu_quat_mul(tu_quat_axis_angle(across, tilt), onto);
			q.pb.rotation = tu_quat_mul(q.pa.rotation, tilted);
		}
		q.pb.position = tu_add(q.pa.position, tu_rotate(q.pa.rotation, at));
		mink_vec3 axis = tu_rotate(q.pa.rotation, ax);
		/* (F along the normal to the tolerance: a point on a prolate
		 * spheroid's axis has a ring of feet at a tilt from its equator,
		 * and a tilt off by the tolerance's square root raises F by the
		 * tolerance, a ball 3.5e-10 across by 7e-11 of the depth) */
		char label[200];
		snprintf(label, sizeof label,
		         "pair %d: kind %d%s, size %.3g in a spheroid %.17g, %.17g about its "
		         "axis %d, %.3g along it, %.3g off it",
		         i, kind, coax ? " along the axis" : "", s, ra, rc, along, z, off);
		certified_about_axis(&q, axis, 0.5 * PI, -1.0, label, &cases, &flagged, &worst);
	}
	print_message("worst distance error %.3g of the size; %ld flagged\n", worst, flagged);
	tu_end("a small shape at a spheroid's centre or on its axis", cases);
}

/*
 * A spheroid (prolate or oblate, 1e-3 to 1e3 across) and a thick body of
 * revolution at its centre nearly along its axis: a spheroid, a cylinder,
 * a cone or a capsule, 1e-3 to 0.9 of the radius across, turned off the
 * axis by 0 or 1e-9 to 1e-4 rad and moved off it by 0 or 1e-12 to 1e-6 of
 * the radius (found among drawn pairs: 6% of these were flagged, their
 * values right).  The depths form a ring about the axis, nearly equal, and
 * the search about it bounded the other shape's support by its points,
 * fixed in each cell: a rim of radius r turning with the cell's psi is
 * lost by r psi^2 / 8, a ring exact to the slack needed 2 pi sqrt(r /
 * (8 slack)) cells.  The point turned with psi about the other's own axis
 * loses only the tilt's share, to second order.  Oracle: the least of the
 * searches over the sphere and about the axis, of a dense search of the
 * equator's circle, and of F along the axis; every answer certified and
 * exact; both orders.  Before, 82 of these 320 answers were flagged.
 * (Turned by 1.6e-4, a capsule nearly as long as the spheroid is still
 * flagged, as are needles through both poles: see DESIGN.md.)
 */
static void thick_sweep(uint64_t seed, int near, int count, const char *title)
{
	tu_begin();
	tu_rng r;
	tu_rng_seed(&r, seed);
	long cases = 0, flagged = 0;
	double worst = 0;
	for (int i = 0; i < count; i++) {
		pair3 q;
		int kind = i % 4;
		double ra = tu_rng_log_range(&r, 1e-3, 1e3);
		double rc = i % 5 == 4 ? tu_rng_range(&r, 0.3, 0.95)
		                       : tu_rng_log_range(&r, 1.05, 5.0);
		rc *= ra;
		/* (near: one of the equal radii off by 1e-15.5 to 1e-10.5 of
		 * itself, either way) */
		double rb0 = ra;
		if (near) {
			double e = tu_rng_log_range(&r, pow(10.0, -15.5), pow(10.0, -10.5));
			rb0 = ra * (1.0 + (i % 2 ? e : -e));
		}
		q.a = tu_ellipsoid(ra, rb0, rc);
		double rb = tu_rng_log_range(&r, 1e-3, 0.9) * ra;
		double hb = tu_rng_log_range(&r, 1e-3, 1.0) * ra;
		q.b = kind == 0 ? tu_ellipsoid(rb, rb, hb)
		    : kind == 1 ? tu_cylinder(rb, hb)
		    : kind == 2 ? tu_cone(rb, hb)
		                : tu_capsule(rb, hb);
		double tilt = 0.0;
		if (tu_rng_unit(&r) >= 0.2)
			tilt = tu_rng_log_range(&r, 1e-9, 1e-4);
		double off = 0.0;
		if (tu_rng_unit(&r) >= 0.3)
			off = tu_rng_log_range(&r, 1e-12, 1e-6) * ra;
		double turn = tu_rng_range(&r, 0.0, 2 * PI);
		double turn2 = tu_rng_range(&r, 0.0, 2 * PI);
		q.pa = tu_pose3(0, 0, 0, tu_rng_quat(&r));
		q.pa.position = tu_rng_box(&r, -ra, ra);
		mink_quat tilted = tu_quat_axis_angle(tu_v3(cos(turn), sin(turn), 0), tilt);
		q.pb = tu_pose3(0, 0, 0, tu_quat_mul(q.pa.rotation, tilted));
		mink_vec3 at = tu_v3(off * cos(turn2), off * sin(turn2), 0);
		q.pb.position = tu_add(q.pa.position, tu_rotate(q.pa.rotation, at));
		mink_vec3 axis = tu_rotate(q.pa.rotation, tu_v3(0, 0, 1));
		char label[200];
		snprintf(label, sizeof label,
		         "pair %d: kind %d, %.3g by %.3g, in an ellipsoid %.17g, %.17g, %.17g, "
		         "turned %.3g, %.3g off the axis", i, kind, rb, hb, ra, rb0, rc, tilt, off);
		certified_about_axis(&q, axis, 0.5 * PI, -1.0, label, &cases, &flagged, &worst);
	}
	print_message("worst distance error %.3g of the size; %ld flagged\n", worst, flagged);
	tu_end(title, cases);
}

static void test_thick_near_spheroids_axis(void **state)
{
	(void)state;
	thick_sweep(0x7b1c4a, 0, 160, "a thick body of revolution nearly along a spheroid's axis");
}

/*
 * The same in an ellipsoid two of whose radii are equal but for 1e-15.5 to
 * 1e-10.5 of either (a spheroid's radii rounded; a fuzz input had 1e6 and
 * 1e6 + 4.8e-6): it is no body of revolution, and the search about the
 * axis was not asked.  Now the spheroid of the lesser radius, inside it,
 * gives the sections' lines (a lower bound within the difference), and
 * the support distances stay the ellipsoid's own.  Of drawn pairs so
 * (4000, `ss`'s kind), 934 were flagged, some 1.3e-6 of the depth too
 * deep; 41 are.  Before, 72 of these 160 answers were flagged (values up
 * to 9.9e-9 of the size off).
 */
static void test_nearly_a_spheroid(void **state)
{
	(void)state;
	thick_sweep(0x5b1e0d, 1, 80, "a thick body of revolution in a nearly spheroidal ellipsoid");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_curved_pairs),
		cmocka_unit_test(test_coincident),
		cmocka_unit_test(test_touching_ellipsoids),
		cmocka_unit_test(test_on_flat_box),
		cmocka_unit_test(test_tiny_overlaps),
		cmocka_unit_test(test_tiny_overlaps_random),
		cmocka_unit_test(test_apex_on_axis),
		cmocka_unit_test(test_deep_near_axis),
		cmocka_unit_test(test_deep_at_a_tie),
		cmocka_unit_test(test_out_through_an_end),
		cmocka_unit_test(test_coaxial_inside),
		cmocka_unit_test(test_capped_iterations),
		cmocka_unit_test(test_segment_by_cap),
		cmocka_unit_test(test_corner_by_cap),
		cmocka_unit_test(test_corner_over_cap),
		cmocka_unit_test(test_corner_over_cap_fuzz),
		cmocka_unit_test(test_edge_by_needle),
		cmocka_unit_test(test_edge_by_flat_ellipsoid),
		cmocka_unit_test(test_sliver_out_through_cap),
		cmocka_unit_test(test_polytope_out_through_an_end),
		cmocka_unit_test(test_valley_out_through_cap),
		cmocka_unit_test(test_sliver_edge_beyond_end),
		cmocka_unit_test(test_discs_crossing),
		cmocka_unit_test(test_flat_on_rim),
		cmocka_unit_test(test_mesh_cone_base),
		cmocka_unit_test(test_large_flat_hull_on_slant),
		cmocka_unit_test(test_thin_through_an_end),
		cmocka_unit_test(test_thin_through_a_pole),
		cmocka_unit_test(test_apex_in_spheroid),
		cmocka_unit_test(test_near_a_spheroids_axis),
		cmocka_unit_test(test_capsule_near_spheroids_axis),
		cmocka_unit_test(test_small_in_spheroid),
		cmocka_unit_test(test_thick_near_spheroids_axis),
		cmocka_unit_test(test_nearly_a_spheroid),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

#endif /* SMOOTH_NO_MAIN */
