/*
 * test_poses.c - invariance under a common rigid motion and far from the
 * origin.
 *
 * A pair rotated by a common rotation must give the same signed distance
 * (1e-9 relative), the normal and contact points rotated accordingly and
 * the same local points.  The rotated pair moved by 1e6 (and -1e6) on
 * every axis must give the same distance (1e-9 relative), normal and local
 * points: mink works in A's frame, so the distance from the origin must
 * not cost precision.  The positions of the moved pairs are first snapped
 * to a grid on which adding +-1e6 is exact, so that the far pair is exactly
 * the near pair moved.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>

#include "mink.h"
#include "oracle.h"
#include "testutil.h"

#define DIST_REL 1e-9
#define SIZE_ABS 1e-12
#define NORMAL_TOL 1e-7
#define POINT_TOL 1e-7
#define FAR 1e6
#define ROTATIONS 5

enum { MAXP = 12, MAXPAIRS = 64, RANDOM_PAIRS = 10 };

static const double PI = 3.14159265358979323846;

/* Hull and polygon points live here, for the lifetime of the test. */
static mink_vec3 pts3[MAXPAIRS][2][MAXP];
static mink_vec2 pts2[MAXPAIRS][2][MAXP];

typedef struct pair3 {
	char name[64];
	mink_shape3 a, b;
	mink_pose3 pa, pb;
	int unique; /* the normal and the contact points are unique */
	double size;
} pair3;

typedef struct pair2 {
	char name[64];
	mink_shape2 a, b;
	mink_pose2 pa, pb;
	int unique;
	double size;
} pair2;

static mink_vec3 V(double x, double y, double z) { return tu_v3(x, y, z); }

/* Rounds to a multiple of 2^-30: such numbers plus or minus 1e6 are exact. */
static double snap(double x) { return ldexp(nearbyint(ldexp(x, 30)), -30); }

static mink_result q3(const pair3 *p, const mink_pose3 *pa, const mink_pose3 *pb)
{
	mink_result r;
	tu_poison(&r);
	mink_query3(&p->a, pa, &p->b, pb, NULL, &r);
	return r;
}

static mink_result q2(const pair2 *p, const mink_pose2 *pa, const mink_pose2 *pb)
{
	mink_result r;
	tu_poison(&r);
	mink_query2(&p->a, pa, &p->b, pb, NULL, &r);
	return r;
}

/* got (from a moved pair) against ref (the same pair before the move). */
static void compare(const mink_result *got, const mink_result *ref, int unique, double size,
                    mink_vec3 normal, mink_vec3 point_a, mink_vec3 point_b)
{
	CHECK_NEAR("distance", got->distance, ref->distance, SIZE_ABS * size, DIST_REL);
	CHECK(got->state == ref->state || fabs(ref->distance) <= SIZE_ABS * size,
	      "state %d, before the move %d", (int)got->state, (int)ref->state);
	if (!unique)
		return;
	CHECK_VEC3("normal", got->normal, normal, NORMAL_TOL);
	CHECK_VEC3("point_a", got->point_a, point_a, POINT_TOL * size);
	CHECK_VEC3("point_b", got->point_b, point_b, POINT_TOL * size);
	CHECK_VEC3("local_a", got->local_a, ref->local_a, POINT_TOL * size);
	CHECK_VEC3("local_b", got->local_b, ref->local_b, POINT_TOL * size);
}

static long run_pair3(const pair3 *p, tu_rng *rng)
{
	long n = 0;
	tu_case("%s", p->name);
	mink_result r0 = q3(p, &p->pa, &p->pb);
	n++;
	if (!CHECK_RESULT3(&r0, &p->pa, &p->pb, 1e-9 * p->size))
		return n;
	for (int k = 0; k < ROTATIONS; k++) {
		mink_quat q = tu_rng_quat(rng);
		mink_pose3 pa = p->pa, pb = p->pb;
		pa.position = tu_rotate(q, pa.position);
		pb.position = tu_rotate(q, pb.position);
		pa.rotation = tu_quat_mul(q, pa.rotation);
		pb.rotation = tu_quat_mul(q, pb.rotation);
		tu_case("%s, rotation %d", p->name, k);
		mink_result r1 = q3(p, &pa, &pb);
		n++;
		if (!CHECK_RESULT3(&r1, &pa, &pb, 1e-9 * p->size))
			continue;
		compare(&r1, &r0, p->unique, p->size, tu_rotate(q, r0.normal),
		        tu_rotate(q, r0.point_a), tu_rotate(q, r0.point_b));

		/* snapped near the origin, then moved far */
		pa.position = V(snap(pa.position.x), snap(pa.position.y), snap(pa.position.z));
		pb.position = V(snap(pb.position.x), snap(pb.position.y), snap(pb.position.z));
		mink_result rs = q3(p, &pa, &pb);
		n++;
		if (!CHECK_RESULT3(&rs, &pa, &pb, 1e-9 * p->size))
			continue;
		for (int t = 0; t < 14; t++) {
			/* the 8 corners (+-1e6, +-1e6, +-1e6), then +-1e6 on each axis */
			mink_vec3 T;
			if (t < 8)
				T = V(t & 1 ? FAR : -FAR, t & 2 ? FAR : -FAR, t & 4 ? FAR : -FAR);
			else
				T = V(t == 8 ? FAR : t == 9 ? -FAR : 0,
				      t == 10 ? FAR : t == 11 ? -FAR : 0,
				      t == 12 ? FAR : t == 13 ? -FAR : 0);
			mink_pose3 fa = pa, fb = pb;
			fa.position = tu_add(fa.position, T);
			fb.position = tu_add(fb.position, T);
			/* the move is exact */
			assert_true(tu_sub(fa.position, T).x == pa.position.x &&
			            tu_sub(fb.position, T).z == pb.position.z);
			tu_case("%s, rotation %d, moved by (%g, %g, %g)", p->name, k, T.x, T.y,
			        T.z);
			mink_result rf = q3(p, &fa, &fb);
			n++;
			/* world points far away carry the rounding of 1e6 */
			if (!CHECK_RESULT3(&rf, &fa, &fb, 1e-9 * p->size + 1e-9))
				continue;
			compare(&rf, &rs, p->unique, p->size, rs.normal, tu_add(rs.point_a, T),
			        tu_add(rs.point_b, T));
		}
	}
	return n;
}

static mink_vec3 rot2(double angle, mink_vec3 v)
{
	return tu_v2to3(tu_rotate2(angle, tu_v2(v.x, v.y)));
}

static long run_pair2(const pair2 *p, tu_rng *rng)
{
	long n = 0;
	tu_case("%s", p->name);
	mink_result r0 = q2(p, &p->pa, &p->pb);
	n++;
	if (!CHECK_RESULT2(&r0, &p->pa, &p->pb, 1e-9 * p->size))
		return n;
	for (int k = 0; k < ROTATIONS; k++) {
		double th = tu_rng_range(rng, -PI, PI);
		mink_pose2 pa = p->pa, pb = p->pb;
		pa.position = tu_rotate2(th, pa.position);
		pb.position = tu_rotate2(th, pb.position);
		pa.angle += th;
		pb.angle += th;
		tu_case("%s, rotation %d", p->name, k);
		mink_result r1 = q2(p, &pa, &pb);
		n++;
		if (!CHECK_RESULT2(&r1, &pa, &pb, 1e-9 * p->size))
			continue;
		compare(&r1, &r0, p->unique, p->size, rot2(th, r0.normal), rot2(th, r0.point_a),
		        rot2(th, r0.point_b));

		pa.position = tu_v2(snap(pa.position.x), snap(pa.position.y));
		pb.position = tu_v2(snap(pb.position.x), snap(pb.position.y));
		mink_result rs = q2(p, &pa, &pb);
		n++;
		if (!CHECK_RESULT2(&rs, &pa, &pb, 1e-9 * p->size))
			continue;
		for (int t = 0; t < 8; t++) {
			mink_vec2 T = t < 4 ? tu_v2(t & 1 ? FAR : -FAR, t & 2 ? FAR : -FAR)
			                    : tu_v2(t == 4 ? FAR : t == 5 ? -FAR : 0,
			                            t == 6 ? FAR : t == 7 ? -FAR : 0);
			mink_pose2 fa = pa, fb = pb;
			fa.position = tu_v2(fa.position.x + T.x, fa.position.y + T.y);
			fb.position = tu_v2(fb.position.x + T.x, fb.position.y + T.y);
			tu_case("%s, rotation %d, moved by (%g, %g)", p->name, k, T.x, T.y);
			mink_result rf = q2(p, &fa, &fb);
			n++;
			if (!CHECK_RESULT2(&rf, &fa, &fb, 1e-9 * p->size + 1e-9))
				continue;
			compare(&rf, &rs, p->unique, p->size, rs.normal,
			        tu_add(rs.point_a, tu_v2to3(T)), tu_add(rs.point_b, tu_v2to3(T)));
		}
	}
	return n;
}

/* ---- the 3D pairs ---- */

static int add3(pair3 *list, int n, const char *name, mink_shape3 a, mink_pose3 pa,
                mink_shape3 b, mink_pose3 pb, int unique)
{
	assert_true(n < MAXPAIRS);
	pair3 *p = &list[n];
	snprintf(p->name, sizeof p->name, "%s", name);
	p->a = a;
	p->b = b;
	p->pa = pa;
	p->pb = pb;
	p->unique = unique;
	p->size = 4.0;
	return n + 1;
}

static mink_pose3 pose3(double x, double y, double z, mink_vec3 axis, double angle)
{
	return tu_pose3(x, y, z, tu_quat_axis_angle(axis, angle));
}

/* Random hulls placed by the oracles: overlapping or apart, with the
 * uniqueness of the answer from the oracle. */
static int add_random_hulls(pair3 *list, int n, tu_rng *r, int overlap)
{
	for (int made = 0; made < RANDOM_PAIRS;) {
		mink_vec3 *la = pts3[n][0], *lb = pts3[n][1];
		mink_vec3 wa[MAXP], wb[MAXP];
		int na = tu_rng_int(r, 4, MAXP), nb = tu_rng_int(r, 4, MAXP);
		double sa = tu_rng_log_range(r, 0.3, 2.0), sb = tu_rng_log_range(r, 0.3, 2.0);
		for (int i = 0; i < na; i++)
			la[i] = tu_scale(tu_rng_in_ball(r), sa);
		for (int i = 0; i < nb; i++)
			lb[i] = tu_scale(tu_rng_in_ball(r), sb);
		mink_vec3 p = tu_rng_box(r, -3, 3);
		mink_pose3 pa = tu_pose3(p.x, p.y, p.z, tu_rng_quat(r));
		mink_vec3 dir = tu_rng_unit_vec3(r);
		double t = overlap ? tu_rng_range(r, 0, 0.5) : tu_rng_range(r, 0.8, 1.5);
		mink_vec3 d = tu_scale(dir, (sa + sb) * t);
		mink_pose3 pb = tu_pose3(pa.position.x + d.x, pa.position.y + d.y,
		                         pa.position.z + d.z, tu_rng_quat(r));
		for (int i = 0; i < na; i++)
			wa[i] = tu_to_world3(&pa, la[i]);
		for (int i = 0; i < nb; i++)
			wb[i] = tu_to_world3(&pb, lb[i]);
		oracle_sat sat;
		oracle_sat3(wa, na, wb, nb, &sat);
		int unique;
		if (overlap) {
			if (!(sat.value > 1e-3))
				continue;
			unique = sat.unique;
		} else {
			if (!(sat.value < 0))
				continue;
			oracle_dist dist;
			oracle_dist3(wa, na, wb, nb, &dist);
			if (!(dist.distance > 1e-3))
				continue;
			unique = dist.unique;
		}
		char name[64];
		snprintf(name, sizeof name, "random hulls %s #%d",
		         overlap ? "overlapping" : "apart", made);
		n = add3(list, n, name, tu_hull(la, na), pa, tu_hull(lb, nb), pb, unique);
		made++;
	}
	return n;
}

static void test_poses3(void **state)
{
	(void)state;
	tu_begin();
	static pair3 list[MAXPAIRS];
	int n = 0;
	tu_rng rng;
	tu_rng_seed(&rng, 0x504f534533ULL);

	/* B's corner turned to point along -x, into A's face x = 1 */
	mink_pose3 corner = pose3(1 + 0.5 * sqrt(3.0) - 0.1, 0.2, -0.3, V(0, -1, 1),
	                          acos(-1.0 / sqrt(3.0)));
	n = add3(list, n, "box corner into box", tu_box(1, 1, 1), pose3(0, 0, 0, V(0, 0, 1), 0),
	         tu_box(0.5, 0.5, 0.5), corner, 1);
	corner.position.x -= 0.0999;
	n = add3(list, n, "box corner barely into box", tu_box(1, 1, 1),
	         pose3(0, 0, 0, V(0, 0, 1), 0), tu_box(0.5, 0.5, 0.5), corner, 1);
	n = add3(list, n, "boxes overlapping along x (face contact)", tu_box(1, 1, 1),
	         pose3(0.5, -1, 2, V(1, 0, 0), 0), tu_box(0.5, 0.5, 0.5),
	         pose3(1.8, -0.8, 2.1, V(1, 0, 0), 0), 0);
	n = add3(list, n, "boxes skew, apart", tu_box(1, 0.5, 0.25),
	         pose3(0, 0, 0, V(1, 2, 3), 0.4), tu_box(0.3, 0.6, 0.9),
	         pose3(2.1, 1.0, -0.5, V(-1, 1, 0), 1.2), 0);
	n = add3(list, n, "capsules skew, overlapping", tu_capsule(0.4, 1.0),
	         pose3(0, 0, 0, V(0, 1, 0), PI / 2), tu_capsule(0.35, 1.0),
	         pose3(0.3, -0.2, 0.7, V(1, 0, 0), -PI / 2), 1);
	n = add3(list, n, "capsules skew, apart by 1e-4", tu_capsule(0.4, 1.0),
	         pose3(0, 0, 0, V(0, 1, 0), PI / 2), tu_capsule(0.35, 1.0),
	         pose3(0.3, -0.2, 0.7501, V(1, 0, 0), -PI / 2), 1);
	n = add3(list, n, "spheres overlapping", tu_sphere(1), pose3(0.1, 0.2, 0.3, V(1, 0, 0), 1),
	         tu_sphere(0.5), pose3(1.2, 0.9, -0.1, V(0, 0, 1), 2), 1);
	n = add3(list, n, "spheres apart by 1e-3", tu_sphere(1), pose3(0, 0, 0, V(1, 0, 0), 0),
	         tu_sphere(0.5), pose3(0.6 * 1.501, 0, 0.8 * 1.501, V(0, 0, 1), 2), 1);
	n = add3(list, n, "sphere at a box corner", tu_box(1, 2, 3),
	         pose3(-0.5, 0.5, 1, V(1, 1, 0), 0.3), tu_sphere(0.5),
	         pose3(1.2, 2.1, 3.2, V(1, 0, 0), 0), 1);
	n = add3(list, n, "tilted capsule end into a box", tu_box(2, 2, 0.5),
	         pose3(0, 0, 0, V(0, 0, 1), 0), tu_capsule(0.3, 1.0),
	         pose3(0.2, 0.1, 0.5 + 0.3 + sin(0.2) - 0.05, V(0, 1, 0), PI / 2 - 0.2), 1);
	n = add3(list, n, "capsule across a box edge", tu_box(1, 1, 1),
	         pose3(0, 0, 0, V(0, 0, 1), 0.2), tu_capsule(0.25, 2.0),
	         pose3(1.0, 1.0, 0.3, V(1, -1, 0.3), 1.1), 1);
	int fixed = n;
	n = add_random_hulls(list, n, &rng, 1);
	n = add_random_hulls(list, n, &rng, 0);

	long cases = 0;
	int unique = 0;
	for (int i = 0; i < n; i++) {
		unique += list[i].unique;
		cases += run_pair3(&list[i], &rng);
	}
	print_message("3D poses: %d pairs (%d hand-made, %d random; %d with a unique contact), "
	              "%ld queries\n",
	              n, fixed, n - fixed, unique, cases);
	assert_true(unique >= n / 2);
	tu_end("3D poses", cases);
}

/* ---- the 2D pairs ---- */

static int add2(pair2 *list, int n, const char *name, mink_shape2 a, mink_pose2 pa,
                mink_shape2 b, mink_pose2 pb, int unique)
{
	assert_true(n < MAXPAIRS);
	pair2 *p = &list[n];
	snprintf(p->name, sizeof p->name, "%s", name);
	p->a = a;
	p->b = b;
	p->pa = pa;
	p->pb = pb;
	p->unique = unique;
	p->size = 4.0;
	return n + 1;
}

static int add_random_polygons(pair2 *list, int n, tu_rng *r, int overlap)
{
	for (int made = 0; made < RANDOM_PAIRS;) {
		mink_vec2 *la = pts2[n][0], *lb = pts2[n][1];
		mink_vec2 wa[MAXP], wb[MAXP];
		int na = tu_rng_int(r, 3, MAXP), nb = tu_rng_int(r, 3, MAXP);
		double sa = tu_rng_log_range(r, 0.3, 2.0), sb = tu_rng_log_range(r, 0.3, 2.0);
		for (int i = 0; i < na; i++) {
			mink_vec3 v = tu_rng_box(r, -sa, sa);
			la[i] = tu_v2(v.x, v.y);
		}
		for (int i = 0; i < nb; i++) {
			mink_vec3 v = tu_rng_box(r, -sb, sb);
			lb[i] = tu_v2(v.x, v.y);
		}
		mink_vec3 p = tu_rng_box(r, -3, 3);
		mink_pose2 pa = tu_pose2(p.x, p.y, tu_rng_range(r, -PI, PI));
		double t = tu_rng_range(r, -PI, PI);
		double len = (sa + sb) *
		             (overlap ? tu_rng_range(r, 0, 0.6) : tu_rng_range(r, 1.0, 2.0));
		mink_pose2 pb = tu_pose2(pa.position.x + len * cos(t), pa.position.y + len * sin(t),
		                         tu_rng_range(r, -PI, PI));
		for (int i = 0; i < na; i++)
			wa[i] = tu_to_world2(&pa, la[i]);
		for (int i = 0; i < nb; i++)
			wb[i] = tu_to_world2(&pb, lb[i]);
		oracle_sat sat;
		oracle_sat2(wa, na, wb, nb, &sat);
		int unique;
		if (overlap) {
			if (!(sat.value > 1e-3))
				continue;
			unique = sat.unique;
		} else {
			if (!(sat.value < 0))
				continue;
			oracle_dist dist;
			oracle_dist2(wa, na, wb, nb, &dist);
			if (!(dist.distance > 1e-3))
				continue;
			unique = dist.unique;
		}
		char name[64];
		snprintf(name, sizeof name, "random polygons %s #%d",
		         overlap ? "overlapping" : "apart", made);
		n = add2(list, n, name, tu_polygon(la, na), pa, tu_polygon(lb, nb), pb, unique);
		made++;
	}
	return n;
}

static void test_poses2(void **state)
{
	(void)state;
	tu_begin();
	static pair2 list[MAXPAIRS];
	int n = 0;
	tu_rng rng;
	tu_rng_seed(&rng, 0x504f534532ULL);
	double lift = 0.5 + 0.5 * sqrt(2.0);

	n = add2(list, n, "box corner into box", tu_box2(1, 0.5), tu_pose2(0, 0, 0),
	         tu_box2(0.5, 0.5), tu_pose2(0.1, lift - 0.1, PI / 4), 1);
	n = add2(list, n, "box corner 1e-4 above box", tu_box2(1, 0.5), tu_pose2(0, 0, 0),
	         tu_box2(0.5, 0.5), tu_pose2(0.1, lift + 1e-4, PI / 4), 1);
	n = add2(list, n, "boxes side to side", tu_box2(1, 0.5), tu_pose2(0.5, 0.5, 0),
	         tu_box2(0.5, 0.5), tu_pose2(1.8, 0.7, 0), 0);
	n = add2(list, n, "circles overlapping", tu_circle(1), tu_pose2(0.1, 0.2, 1),
	         tu_circle(0.5), tu_pose2(1.2, 0.9, 2), 1);
	n = add2(list, n, "circles apart by 1e-3", tu_circle(1), tu_pose2(0, 0, 0), tu_circle(0.5),
	         tu_pose2(0.6 * 1.501, 0.8 * 1.501, 0), 1);
	n = add2(list, n, "tilted capsule end into a box", tu_box2(2, 0.5), tu_pose2(0, 0, 0),
	         tu_capsule2(0.3, 1.0), tu_pose2(0.2, 0.5 + 0.3 + sin(0.2) - 0.05, -(PI / 2 - 0.2)),
	         1);
	n = add2(list, n, "circle at a box corner", tu_box2(1, 2), tu_pose2(-0.5, 0.5, 0.3),
	         tu_circle(0.5), tu_pose2(0.9, 3.0, 0), 1);
	int fixed = n;
	n = add_random_polygons(list, n, &rng, 1);
	n = add_random_polygons(list, n, &rng, 0);

	long cases = 0;
	int unique = 0;
	for (int i = 0; i < n; i++) {
		unique += list[i].unique;
		cases += run_pair2(&list[i], &rng);
	}
	print_message("2D poses: %d pairs (%d hand-made, %d random; %d with a unique contact), "
	              "%ld queries\n",
	              n, fixed, n - fixed, unique, cases);
	assert_true(unique >= n / 2);
	tu_end("2D poses", cases);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_poses3),
		cmocka_unit_test(test_poses2),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
