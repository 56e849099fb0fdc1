/*
 * test_certify.c - certificates over many seeded random queries.
 *
 * Every result is checked without trusting EPA, with support functions
 * written here from scratch:
 *  - separated or touching: the planes through point_a and point_b normal to
 *    `normal` bound the two shapes (nothing of A beyond point_a's plane,
 *    nothing of B before point_b's);
 *  - penetrating: the support distance of A - B along `normal`, the exact
 *    translation of B along it that ends the overlap, equals depth (so B
 *    moved by depth + eps separates and by depth - eps does not, along n);
 *    moved by depth - eps along n the pair still overlaps (GJK, not EPA);
 *    for polytope pairs depth never exceeds the brute-force separating-axis
 *    depth;
 *  - no NaN, no error on valid input, point_b - point_a = distance * normal.
 *
 * Size: MINK_CERTIFY_N queries in 3D and as many in 2D (default 10^6 in 3D,
 * 2 * 10^5 in 2D, scaled by MINK_CERTIFY_N / 10^6); `make certify` runs
 * 10^7.
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

#define MAXP 24

typedef struct world_shape {
	mink_shape3 s;
	mink_pose3 pose;
	mink_vec3 pts[MAXP];
} world_shape;

/* Support of the shape's own core in local direction d (independent code). */
static mink_vec3 core_support(const mink_shape3 *s, mink_vec3 d)
{
	switch (s->type) {
	case MINK_SPHERE:
	case MINK_POINT:
		return tu_v3(0, 0, 0);
	case MINK_BOX: {
		mink_vec3 h = s->box.half_extents;
		return tu_v3(d.x < 0 ? -h.x : h.x, d.y < 0 ? -h.y : h.y, d.z < 0 ? -h.z : h.z);
	}
	case MINK_CAPSULE:
		return tu_v3(0, 0, d.z < 0 ? -s->capsule.half_height : s->capsule.half_height);
	case MINK_CYLINDER: {
		double l = hypot(d.x, d.y);
		double r = s->cylinder.radius;
		double z = d.z < 0 ? -s->cylinder.half_height : s->cylinder.half_height;
		return l > 0 ? tu_v3(r * d.x / l, r * d.y / l, z) : tu_v3(0, 0, z);
	}
	case MINK_CONE: {
		double l = hypot(d.x, d.y);
		double r = s->cone.radius, h = s->cone.half_height;
		mink_vec3 rim = l > 0 ? tu_v3(r * d.x / l, r * d.y / l, -h) : tu_v3(0, 0, -h);
		mink_vec3 apex = tu_v3(0, 0, h);
		return tu_dot(rim, d) > tu_dot(apex, d) ? rim : apex;
	}
	case MINK_ELLIPSOID: {
		mink_vec3 r = s->ellipsoid.radii;
		mink_vec3 e = tu_v3(r.x * d.x, r.y * d.y, r.z * d.z);
		double l = sqrt(tu_dot(e, e));
		return l > 0 ? tu_v3(r.x * e.x / l, r.y * e.y / l, r.z * e.z / l) : tu_v3(0, 0, 0);
	}
	case MINK_SEGMENT:
		return tu_dot(s->segment.points[0], d) >= tu_dot(s->segment.points[1], d)
		               ? s->segment.points[0] : s->segment.points[1];
	case MINK_TRIANGLE:
	case MINK_HULL: {
		const mink_vec3 *p = s->type == MINK_HULL ? s->hull.points : s->triangle.points;
		int n = s->type == MINK_HULL ? s->hull.count : 3;
		mink_vec3 best = p[0];
		for (int i = 1; i < n; i++)
			if (tu_dot(p[i], d) > tu_dot(best, d))
				best = p[i];
		return best;
	}
	}
	return tu_v3(0, 0, 0);
}

static double radius_of(const mink_shape3 *s)
{
	switch (s->type) {
	case MINK_SPHERE: return s->sphere.radius;
	case MINK_CAPSULE: return s->capsule.radius;
	default: return 0.0;
	}
}

/* max over the world shape of dot(x, n), n unit. */
static double world_h(const world_shape *w, mink_vec3 n)
{
	mink_vec3 dl = tu_rotate_inv(tu_quat_normalize(w->pose.rotation), n);
	mink_vec3 p = core_support(&w->s, dl);
	double m = radius_of(&w->s) + w->s.margin;
	return tu_dot(tu_to_world3(&w->pose, p), n) + m;
}

static void random_shape(tu_rng *r, world_shape *w, double scale, int kind)
{
	mink_shape3 *s = &w->s;
	s->margin = tu_rng_unit(r) < 0.25 ? scale * tu_rng_range(r, 0.0, 0.3) : 0.0;
	double lo = 0.05 * scale, hi = scale;
	switch (kind) {
	case 0: *s = tu_sphere(tu_rng_range(r, lo, hi)); break;
	case 1: *s = tu_box(tu_rng_range(r, lo, hi), tu_rng_range(r, lo, hi), tu_rng_range(r, lo, hi)); break;
	case 2: *s = tu_capsule(tu_rng_range(r, lo, hi), tu_rng_range(r, 0, hi)); break;
	case 3: *s = tu_cylinder(tu_rng_range(r, lo, hi), tu_rng_range(r, lo, hi)); break;
	case 4: *s = tu_cone(tu_rng_range(r, lo, hi), tu_rng_range(r, lo, hi)); break;
	case 5: *s = tu_ellipsoid(tu_rng_range(r, lo, hi), tu_rng_range(r, lo, hi), tu_rng_range(r, lo, hi)); break;
	case 6: s->type = MINK_POINT; break;
	case 7:
		s->type = MINK_SEGMENT;
		for (int i = 0; i < 2; i++)
			s->segment.points[i] = tu_scale(tu_rng_in_ball(r), scale);
		break;
	case 8:
		s->type = MINK_TRIANGLE;
		for (int i = 0; i < 3; i++)
			s->triangle.points[i] = tu_scale(tu_rng_in_ball(r), scale);
		break;
	default: {
		int n = tu_rng_int(r, 1, MAXP);
		for (int i = 0; i < n; i++)
			w->pts[i] = tu_scale(tu_rng_in_ball(r), scale);
		*s = tu_hull(w->pts, n);
		break;
	}
	}
	if (kind <= 5 && tu_rng_unit(r) < 0.25)
		s->margin = scale * tu_rng_range(r, 0.0, 0.3);
	else if (kind > 5 && tu_rng_unit(r) < 0.4)
		s->margin = scale * tu_rng_range(r, 0.0, 0.3);
}

static int is_polytope(const mink_shape3 *s)
{
	return s->margin == 0.0 &&
	       (s->type == MINK_BOX || s->type == MINK_POINT || s->type == MINK_SEGMENT ||
	        s->type == MINK_TRIANGLE || s->type == MINK_HULL);
}

/* World-space corners of a polytope shape, for the separating-axis oracle. */
static int corners(const world_shape *w, mink_vec3 *out)
{
	const mink_shape3 *s = &w->s;
	int n = 0;
	switch (s->type) {
	case MINK_BOX:
		for (int i = 0; i < 8; i++) {
			mink_vec3 h = s->box.half_extents;
			out[n++] = tu_v3(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z);
		}
		break;
	case MINK_POINT: out[n++] = tu_v3(0, 0, 0); break;
	case MINK_SEGMENT: out[n++] = s->segment.points[0]; out[n++] = s->segment.points[1]; break;
	case MINK_TRIANGLE:
		for (int i = 0; i < 3; i++)
			out[n++] = s->triangle.points[i];
		break;
	default:
		for (int i = 0; i < s->hull.count; i++)
			out[n++] = s->hull.points[i];
		break;
	}
	for (int i = 0; i < n; i++)
		out[i] = tu_to_world3(&w->pose, out[i]);
	return n;
}

static void print_v3(mink_vec3 v)
{
	printf("[%.17g, %.17g, %.17g]", v.x, v.y, v.z);
}

/* One side of a failing pair as a mink input shape (JSON), to reproduce it. */
static void print_shape(const world_shape *w)
{
	const mink_shape3 *s = &w->s;
	static const char *names[] = {"", "sphere", "box", "capsule", "cylinder", "cone",
	                              "ellipsoid", "point", "segment", "triangle", "hull"};
	printf("{\"type\": \"%s\"", names[s->type]);
	switch (s->type) {
	case MINK_SPHERE: printf(", \"radius\": %.17g", s->sphere.radius); break;
	case MINK_BOX: printf(", \"half_extents\": "); print_v3(s->box.half_extents); break;
	case MINK_CAPSULE:
	case MINK_CYLINDER:
	case MINK_CONE:
		printf(", \"radius\": %.17g, \"half_height\": %.17g", s->capsule.radius,
		       s->capsule.half_height);
		break;
	case MINK_ELLIPSOID: printf(", \"radii\": "); print_v3(s->ellipsoid.radii); break;
	case MINK_POINT: break;
	case MINK_SEGMENT:
	case MINK_TRIANGLE:
	case MINK_HULL: {
		const mink_vec3 *p = s->type == MINK_HULL ? s->hull.points
		                     : s->type == MINK_SEGMENT ? s->segment.points : s->triangle.points;
		int n = s->type == MINK_HULL ? s->hull.count : s->type == MINK_SEGMENT ? 2 : 3;
		printf(", \"points\": [");
		for (int i = 0; i < n; i++) {
			printf(i ? ", " : "");
			print_v3(p[i]);
		}
		printf("]");
		break;
	}
	}
	printf(", \"margin\": %.17g, \"position\": ", s->margin);
	print_v3(w->pose.position);
	printf(", \"rotation\": [%.17g, %.17g, %.17g, %.17g]}", w->pose.rotation.w,
	       w->pose.rotation.x, w->pose.rotation.y, w->pose.rotation.z);
}

static long certify_n(long dflt)
{
	const char *e = getenv("MINK_CERTIFY_N");
	long n = e ? atol(e) : 1000000;
	return n > 0 ? (long)((double)dflt * ((double)n / 1e6)) : dflt;
}

typedef struct certify_stats {
	long counts[3], approx, sat_checked;
	int max_epa;
} certify_stats;

static int is_smooth(const mink_shape3 *s)
{
	return s->type == MINK_CYLINDER || s->type == MINK_CONE || s->type == MINK_ELLIPSOID;
}

/* Queries one pair and checks its certificates; prints a reproducer (one
 * mink input record) when a check fails. */
static void certify_one3(const world_shape *A, const world_shape *B, double size, long id,
                         int sat_ok, certify_stats *st)
{
	mink_result res;
	tu_poison(&res);
	mink_query3(&A->s, &A->pose, &B->s, &B->pose, NULL, &res);
	int failures_before = tu_failures();
	if (!CHECK(res.status != MINK_ERROR && tu_result_finite(&res), "valid, finite result"))
		return;
	/* The size of the pair's coordinates sets the achievable precision. */
	double eps = 1e-9 * size + 64 * DBL_EPSILON * (tu_norm(A->pose.position) + tu_norm(B->pose.position));
	int smooth = is_smooth(&A->s) || is_smooth(&B->s);
	if (res.status == MINK_APPROXIMATE) {
		/* flagged best effort: the tight bounds do not apply */
		st->approx++;
		return;
	}
	st->counts[res.state]++;
	if (res.epa_iterations > st->max_epa)
		st->max_epa = res.epa_iterations;
	mink_vec3 nrm = res.normal;
	CHECK(fabs(tu_norm(nrm) - 1.0) < 1e-12, "unit normal");
	mink_vec3 gap = tu_sub(tu_sub(res.point_b, res.point_a), tu_scale(nrm, res.distance));
	CHECK(tu_norm(gap) <= eps, "point_b - point_a = distance * normal (off by %g)", tu_norm(gap));
	double ha = world_h(A, nrm);           /* A's extent along n */
	double lb = -world_h(B, tu_neg(nrm));  /* B's lowest point along n */
	if (res.state != MINK_PENETRATING) {
		CHECK(ha <= tu_dot(res.point_a, nrm) + eps, "A beyond point_a's plane by %g",
		      ha - tu_dot(res.point_a, nrm));
		CHECK(lb >= tu_dot(res.point_b, nrm) - eps, "B before point_b's plane by %g",
		      tu_dot(res.point_b, nrm) - lb);
		CHECK(res.distance >= 0.0, "non-negative distance");
	} else {
		/* the contact points lie on the shapes' support planes along n */
		CHECK(fabs(tu_dot(res.point_a, nrm) - ha) <= eps, "point_a off A's support plane by %g",
		      tu_dot(res.point_a, nrm) - ha);
		CHECK(fabs(tu_dot(res.point_b, nrm) - lb) <= eps, "point_b off B's support plane by %g",
		      tu_dot(res.point_b, nrm) - lb);
		double h = ha - lb; /* translation of B along n that ends the overlap */
		CHECK(fabs(h - res.depth) <= eps, "depth %.17g vs support distance %.17g", res.depth, h);
		/* GJK decides the sign of a near-contact between curved surfaces
		 * only to about 1e-8 of their size (the direction of a tiny v
		 * carries the rounding of the corners it comes from). */
		double e2 = smooth ? 10 * eps : eps;
		mink_pose3 moved = B->pose;
		moved.position = tu_add(moved.position, tu_scale(nrm, res.depth - 2 * e2));
		mink_result r2;
		mink_query3(&A->s, &A->pose, &B->s, &moved, NULL, &r2);
		CHECK(r2.state != MINK_SEPARATED, "moved by depth - eps the pair separates (%g)",
		      r2.distance);
		if (is_polytope(&A->s) && is_polytope(&B->s) && sat_ok) {
			mink_vec3 pa[MAXP + 8], pb[MAXP + 8];
			int na = corners(A, pa), nb = corners(B, pb);
			oracle_sat sat;
			oracle_sat3(pa, na, pb, nb, &sat);
			st->sat_checked++;
			CHECK(res.depth <= sat.value + eps, "depth %.17g above SAT depth %.17g",
			      res.depth, sat.value);
		}
	}
	if (tu_failures() > failures_before) {
		tu_print_result(&res);
		printf("reproducer: {\"id\": %ld, \"a\": ", id);
		print_shape(A);
		printf(", \"b\": ");
		print_shape(B);
		printf("}\n");
	}
}

static void test_certify3(void **state)
{
	(void)state;
	long n = certify_n(1000000);
	tu_rng r;
	tu_rng_seed(&r, 20261122);
	tu_begin();
	certify_stats st = {{0, 0, 0}, 0, 0, 0};
	long sat_checked = 0;
	for (long it = 0; it < n; it++) {
		world_shape A, B;
		double scale = tu_rng_log_range(&r, 1e-4, 1e4);
		int ka = tu_rng_int(&r, 0, 9), kb = tu_rng_int(&r, 0, 9);
		double scale_b = scale * (tu_rng_unit(&r) < 0.1 ? tu_rng_log_range(&r, 1e-2, 1e2) : 1.0);
		random_shape(&r, &A, scale, ka);
		random_shape(&r, &B, scale_b, kb);
		mink_vec3 far = tu_rng_unit(&r) < 0.1 ? tu_v3(1e6, -1e6, 1e6) : tu_v3(0, 0, 0);
		A.pose = tu_pose3(0, 0, 0, tu_rng_quat(&r));
		A.pose.position = tu_add(far, tu_scale(tu_rng_in_ball(&r), scale));
		B.pose = tu_pose3(0, 0, 0, tu_rng_quat(&r));
		B.pose.position = tu_add(far, tu_scale(tu_rng_in_ball(&r), 2.0 * scale));

		tu_case("3D #%ld kinds %d-%d scale %g", it, ka, kb, scale);
		double size = 2 * scale + 2 * scale_b + tu_norm(tu_sub(B.pose.position, A.pose.position));
		certify_one3(&A, &B, size, it, sat_checked < n / 50 + 200, &st);
		sat_checked = st.sat_checked;
	}
	printf("certify3: %ld queries: %ld separated, %ld touching, %ld penetrating, "
	       "%ld approximate, %ld SAT-checked, max EPA iterations %d\n",
	       n, st.counts[0], st.counts[1], st.counts[2], st.approx, st.sat_checked, st.max_epa);
	tu_end("certify3", n);
}

/*
 * Pairs that once failed a certificate in longer runs, kept as they were
 * drawn.  1157997 of the 10^7 run: a cylinder against a capsule 46 times
 * its radius long; GJK converged at the rounding level of that long
 * simplex and its confirmation was mistaken for a stall near contact, so
 * the normal came from a probe instead of v.
 */
static void test_certify_stored(void **state)
{
	(void)state;
	tu_begin();
	certify_stats st = {{0, 0, 0}, 0, 0, 0};
	world_shape A, B;
	A.s = tu_cylinder(229.30281362810325, 98.452526524547949);
	A.pose = tu_pose3(144.33173709830709, -110.50302765846571, -68.070925725434208,
	                  tu_quat(0.35081186997660019, 0.45324580875065468, -0.80341820708618306,
	                          0.16130236593400901));
	B.s = tu_capsule(566.02369615030921, 10571.987638670618);
	B.pose = tu_pose3(187.50848248293633, 141.90964969726824, -359.13672853253127,
	                  tu_quat(0.5577873995193815, 0.82951880611733642, 0.0037598019741310472,
	                          0.027525099894279981));
	tu_case("stored 1157997: cylinder vs long capsule");
	certify_one3(&A, &B, 2 * (229.3 + 98.5 + 566.0 + 10572.0), 1157997, 1, &st);
	CHECK(st.counts[MINK_PENETRATING] == 1, "answered ok, penetrating");
	tu_end("certify stored", 1);
}

static void random_shape2(tu_rng *r, mink_shape2 *s, mink_vec2 *pts, double scale, int kind)
{
	double lo = 0.05 * scale, hi = scale;
	switch (kind) {
	case 0: *s = tu_circle(tu_rng_range(r, lo, hi)); break;
	case 1: *s = tu_box2(tu_rng_range(r, lo, hi), tu_rng_range(r, lo, hi)); break;
	case 2: *s = tu_capsule2(tu_rng_range(r, lo, hi), tu_rng_range(r, 0, hi)); break;
	case 3:
		s->type = MINK_SEGMENT2;
		s->margin = 0;
		for (int i = 0; i < 2; i++)
			s->segment.points[i] = tu_v2(tu_rng_range(r, -hi, hi), tu_rng_range(r, -hi, hi));
		break;
	case 4: s->type = MINK_POINT2; s->margin = 0; break;
	default: {
		int n = tu_rng_int(r, 1, MAXP);
		for (int i = 0; i < n; i++)
			pts[i] = tu_v2(tu_rng_range(r, -hi, hi), tu_rng_range(r, -hi, hi));
		*s = tu_polygon(pts, n);
		break;
	}
	}
	if (tu_rng_unit(r) < 0.3)
		s->margin = scale * tu_rng_range(r, 0.0, 0.3);
}

static mink_vec2 core_support2(const mink_shape2 *s, mink_vec2 d)
{
	switch (s->type) {
	case MINK_BOX2:
		return tu_v2(d.x < 0 ? -s->box.half_extents.x : s->box.half_extents.x,
		             d.y < 0 ? -s->box.half_extents.y : s->box.half_extents.y);
	case MINK_CAPSULE2:
		return tu_v2(0, d.y < 0 ? -s->capsule.half_height : s->capsule.half_height);
	case MINK_SEGMENT2: {
		mink_vec2 p = s->segment.points[0], q = s->segment.points[1];
		return p.x * d.x + p.y * d.y >= q.x * d.x + q.y * d.y ? p : q;
	}
	case MINK_POLYGON2: {
		mink_vec2 b = s->polygon.points[0];
		for (int i = 1; i < s->polygon.count; i++) {
			mink_vec2 p = s->polygon.points[i];
			if (p.x * d.x + p.y * d.y > b.x * d.x + b.y * d.y)
				b = p;
		}
		return b;
	}
	default:
		return tu_v2(0, 0);
	}
}

static double world_h2(const mink_shape2 *s, const mink_pose2 *p, mink_vec3 n)
{
	mink_vec2 dl = tu_rotate2(-p->angle, tu_v2(n.x, n.y));
	mink_vec2 c = tu_to_world2(p, core_support2(s, dl));
	double m = s->margin + (s->type == MINK_CIRCLE2 ? s->circle.radius
	                        : s->type == MINK_CAPSULE2 ? s->capsule.radius : 0.0);
	return c.x * n.x + c.y * n.y + m;
}

static void test_certify2(void **state)
{
	(void)state;
	long n = certify_n(200000);
	tu_rng r;
	tu_rng_seed(&r, 7021122);
	tu_begin();
	long counts[3] = {0, 0, 0};
	for (long it = 0; it < n; it++) {
		mink_shape2 a, b;
		mink_vec2 pa[MAXP], pb[MAXP];
		double scale = tu_rng_log_range(&r, 1e-4, 1e4);
		int ka = tu_rng_int(&r, 0, 5), kb = tu_rng_int(&r, 0, 5);
		random_shape2(&r, &a, pa, scale, ka);
		random_shape2(&r, &b, pb, scale, kb);
		mink_pose2 qa = tu_pose2(tu_rng_range(&r, -scale, scale), tu_rng_range(&r, -scale, scale),
		                         tu_rng_range(&r, -4, 4));
		mink_pose2 qb = tu_pose2(tu_rng_range(&r, -2 * scale, 2 * scale),
		                         tu_rng_range(&r, -2 * scale, 2 * scale), tu_rng_range(&r, -4, 4));
		mink_result res;
		tu_poison(&res);
		mink_query2(&a, &qa, &b, &qb, NULL, &res);
		tu_case("2D #%ld kinds %d-%d scale %g", it, ka, kb, scale);
		if (!CHECK(res.status != MINK_ERROR && tu_result_finite(&res), "valid, finite result"))
			continue;
		counts[res.state]++;
		double eps = 1e-9 * 5 * scale;
		mink_vec3 nrm = res.normal;
		double ha = world_h2(&a, &qa, nrm), lb = -world_h2(&b, &qb, tu_neg(nrm));
		if (res.state != MINK_PENETRATING) {
			CHECK(ha <= tu_dot(res.point_a, nrm) + eps, "A beyond point_a's line");
			CHECK(lb >= tu_dot(res.point_b, nrm) - eps, "B before point_b's line");
		} else {
			CHECK(fabs((ha - lb) - res.depth) <= eps, "depth %.17g vs support distance %.17g",
			      res.depth, ha - lb);
			mink_pose2 moved = qb;
			moved.position.x += nrm.x * (res.depth - 2 * eps);
			moved.position.y += nrm.y * (res.depth - 2 * eps);
			mink_result r2;
			mink_query2(&a, &qa, &b, &moved, NULL, &r2);
			CHECK(r2.state != MINK_SEPARATED, "moved by depth - eps the pair separates");
		}
	}
	printf("certify2: %ld queries: %ld separated, %ld touching, %ld penetrating\n", n,
	       counts[0], counts[1], counts[2]);
	tu_end("certify2", n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_certify_stored),
		cmocka_unit_test(test_certify3),
		cmocka_unit_test(test_certify2),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
