/*
 * test_sat.c - the closed-form path of two boxes against the general one.
 *
 * Two boxes are answered by separating axes (lib/sat.c); the same boxes
 * written as hulls of their eight corners go through GJK and EPA.  On the
 * same pairs both must give the same depth, and normals that are the same
 * or equally deep (ties: the support gap of the corners along either
 * normal is the depth).  The corners' own separating-axis oracle
 * (tests/oracle.c) judges both.  Poses: random rotations and offsets,
 * then nearly aligned boxes (tilts of 1e-9 .. 1e-5 rad, where face and
 * edge axes nearly tie), at unit size and at 1e-6 and 1e6.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mink.h"
#include "oracle.h"
#include "testutil.h"

static void corners(mink_vec3 h, mink_quat q, mink_vec3 p, mink_vec3 *out)
{
	for (int i = 0; i < 8; i++) {
		mink_vec3 c = tu_v3(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z);
		out[i] = tu_add(tu_rotate(q, c), p);
	}
}

static void local_corners(mink_vec3 h, mink_vec3 *out)
{
	corners(h, (mink_quat){1, 0, 0, 0}, tu_v3(0, 0, 0), out);
}

/* Gap of the posed corners along n: min over B of n.x - max over A. */
static double gap(const mink_vec3 *a, const mink_vec3 *b, mink_vec3 n)
{
	return oracle_support_min3(b, 8, n) - oracle_support_max3(a, 8, n);
}

static long cases, ties;

/* closed: the pair must be answered in closed form (no edge pair of the
 * two boxes within 1e-6 rad of parallel, where GJK and EPA take over). */
static void one_pair(mink_vec3 ha, mink_quat qa, mink_vec3 pa, mink_vec3 hb, mink_quat qb,
                     mink_vec3 pb, int closed)
{
	mink_vec3 ca[8], cb[8], la[8], lb[8];
	corners(ha, qa, pa, ca);
	corners(hb, qb, pb, cb);
	oracle_sat sat;
	oracle_sat3(ca, 8, cb, 8, &sat);
	double size = tu_norm(ha) + tu_norm(hb) + tu_norm(tu_sub(pb, pa));
	/* Deep enough that the closed form answers (not touching). */
	if (!(sat.value > 1e-9 * size))
		return;
	cases++;
	local_corners(ha, la);
	local_corners(hb, lb);
	mink_shape3 boxa = mink_box(ha.x, ha.y, ha.z), boxb = mink_box(hb.x, hb.y, hb.z);
	mink_shape3 hulla = mink_hull_points(la, 8), hullb = mink_hull_points(lb, 8);
	mink_pose3 posea = {pa, qa}, poseb = {pb, qb};
	mink_result rs, re;
	mink_query3(&boxa, &posea, &boxb, &poseb, NULL, &rs);
	mink_query3(&hulla, &posea, &hullb, &poseb, NULL, &re);
	/* Exact in closed form; GJK and EPA converge to 1e-10 of the value. */
	double tol = closed ? 1e-12 * size : 2e-10 * sat.value + 1e-12 * size;
	CHECK(rs.status == MINK_OK, "closed form status %d", rs.status);
	CHECK(!closed || (rs.gjk_iterations == 0 && rs.epa_iterations == 0),
	         "boxes not answered in closed form (gjk %d, epa %d)", rs.gjk_iterations,
	         rs.epa_iterations);
	CHECK(fabs(rs.distance + sat.value) <= tol, "closed form depth %.17g, oracle %.17g",
	         -rs.distance, sat.value);
	/* EPA converges to the default tolerances: 1e-10 of the value. */
	double tol_epa = 2e-10 * fabs(re.distance) + tol;
	CHECK(fabs(rs.distance - re.distance) <= tol_epa, "closed form %.17g, EPA %.17g",
	      rs.distance, re.distance);
	/* Either normal is as deep as the answer: the same, or a tie. */
	double gs = gap(ca, cb, rs.normal), ge = gap(ca, cb, re.normal);
	CHECK(fabs(gs - rs.distance) <= tol, "gap along the closed form's normal %.17g, "
	         "distance %.17g", gs, rs.distance);
	CHECK(fabs(ge - rs.distance) <= tol_epa, "gap along EPA's normal %.17g, closed form "
	      "distance %.17g", ge, rs.distance);
	if (tu_norm(tu_sub(rs.normal, re.normal)) > 1e-9)
		ties++;
	/* The witness points on the boxes, their difference the distance. */
	CHECK(oracle_outside_hull3(ca, 8, rs.point_a) <= tol, "point_a outside A by %g",
	         oracle_outside_hull3(ca, 8, rs.point_a));
	CHECK(oracle_outside_hull3(cb, 8, rs.point_b) <= tol, "point_b outside B by %g",
	         oracle_outside_hull3(cb, 8, rs.point_b));
	mink_vec3 d = tu_sub(tu_sub(rs.point_b, rs.point_a), tu_scale(rs.normal, rs.distance));
	CHECK(tu_norm(d) <= tol, "point_b - point_a misses distance * normal by %g", tu_norm(d));
}

static mink_quat tilt(tu_rng *r, double angle)
{
	mink_vec3 u = tu_rng_unit_vec3(r);
	double s = sin(0.5 * angle);
	return (mink_quat){cos(0.5 * angle), u.x * s, u.y * s, u.z * s};
}

static void test_random(void **state)
{
	(void)state;
	tu_rng r;
	tu_rng_seed(&r, 20261123);
	tu_begin();
	cases = ties = 0;
	for (int i = 0; i < 20000; i++) {
		double scale = i % 3 == 0 ? 1.0 : i % 3 == 1 ? 1e-6 : 1e6;
		mink_vec3 ha = tu_scale(tu_rng_box(&r, 0.1, 1.0), scale);
		mink_vec3 hb = tu_scale(tu_rng_box(&r, 0.1, 1.0), scale);
		mink_quat qa = tu_rng_quat(&r), qb = tu_rng_quat(&r);
		mink_vec3 pa = tu_scale(tu_rng_box(&r, -1.0, 1.0), scale);
		mink_vec3 pb = tu_add(pa, tu_scale(tu_rng_box(&r, -1.2, 1.2), scale));
		tu_case("random boxes %d", i);
		one_pair(ha, qa, pa, hb, qb, pb, 1);
	}
	printf("boxes, random: %ld overlapping pairs, %ld normals differ by a tie\n", cases, ties);
	tu_end("boxes, random", cases);
}

static void test_nearly_aligned(void **state)
{
	(void)state;
	tu_rng r;
	tu_rng_seed(&r, 5);
	tu_begin();
	cases = ties = 0;
	static const double tilts[] = {0.0, 1e-9, 1e-8, 1e-7, 1e-6, 1e-5};
	for (int i = 0; i < 6000; i++) {
		double t = tilts[i % 6];
		mink_vec3 ha = tu_v3(0.5, 0.5, 0.5), hb = i % 2 ? tu_v3(0.5, 0.5, 0.5)
		                                                  : tu_rng_box(&r, 0.2, 0.7);
		mink_quat qa = tilt(&r, t), qb = tilt(&r, t);
		/* B stacked on A with a small overlap and a lateral offset. */
		mink_vec3 pa = tu_rng_box(&r, -1e-7, 1e-7);
		double depth = tu_rng_log_range(&r, 1e-8, 0.3);
		mink_vec3 pb = tu_add(pa, tu_v3(tu_rng_range(&r, -0.6, 0.6), tu_rng_range(&r, -0.6, 0.6),
		                                ha.z + hb.z - depth));
		tu_case("nearly aligned %d (tilt %g)", i, t);
		one_pair(ha, qa, pa, hb, qb, pb, t == 0.0);
	}
	printf("boxes, nearly aligned: %ld overlapping pairs, %ld normals differ by a tie\n", cases,
	       ties);
	tu_end("boxes, nearly aligned", cases);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_nearly_aligned),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
