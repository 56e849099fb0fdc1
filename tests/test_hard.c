/*
 * test_hard.c - the configurations where GJK/EPA implementations are known
 * to fail (touching, coincident, flat, thin, nested, degenerate simplices,
 * near-parallel faces, duplicate and coplanar hull points, smooth shapes),
 * each with its exact expected answer, at scales 2^-13 .. 2^13 (about
 * 1e-4 .. 1e4) and far from the origin (offset 1e6).
 *
 * Scales and offsets are powers of two or integers so that every position
 * in a case is exactly representable and the expected values are exact;
 * combinations whose positions would round are skipped.
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

static const double SCALES[] = {0x1p-13, 0x1p-7, 1.0, 0x1p7, 0x1p13};
static const double OFFSETS[] = {0.0, 1e6};
#define NSCALES (int)(sizeof SCALES / sizeof SCALES[0])
#define NOFFSETS (int)(sizeof OFFSETS / sizeof OFFSETS[0])

/* x survives being added to the offset without rounding. */
static int exact_at(double offset, double x)
{
	return (offset + x) - offset == x;
}

static mink_pose3 at(double x, double y, double z)
{
	return tu_pose3(x, y, z, tu_quat_identity());
}

/* Checks state, distance and normal of a 3D result with exact expectations.
 * Tolerance: 1e-9 relative to the value plus a few ulps of the coordinates. */
static double normal_tol = 1e-7;

static void expect3(const mink_result *r, const mink_pose3 *pa, const mink_pose3 *pb,
                    mink_state state, double distance, mink_vec3 normal, double size)
{
	double coord = size + tu_norm(pa->position) + tu_norm(pb->position);
	double tol = 1e-9 * fabs(distance) + 32 * DBL_EPSILON * coord;
	if (!CHECK(r->status == MINK_OK, "status %s (%s)", mink_status_name(r->status),
	           mink_warning_name(r->warning))) {
		tu_print_result(r);
		return;
	}
	CHECK(r->state == state, "state %s, want %s", mink_state_name(r->state),
	      mink_state_name(state));
	CHECK_NEAR("distance", r->distance, distance, tol, 0.0);
	if (tu_norm(normal) > 0.0) {
		double ang = acos(fmin(1.0, tu_dot(r->normal, normal)));
		if (!CHECK(ang <= normal_tol, "normal off by %g rad", ang))
			tu_print_result(r);
	}
	CHECK_RESULT3(r, pa, pb, 1e-9 * size + 64 * DBL_EPSILON * coord);
}

/* Face-on-face stacked boxes: overlap, exact touch, tiny separation. */
static void test_stacked_boxes(void **state)
{
	(void)state;
	tu_begin();
	long n = 0;
	const double deltas[] = {0x1p-10, 0x1p-20, 0x1p-30, 0x1p-40, 0.0, -0x1p-40, -0x1p-20};
	for (int si = 0; si < NSCALES; si++)
		for (int oi = 0; oi < NOFFSETS; oi++)
			for (int di = 0; di < (int)(sizeof deltas / sizeof deltas[0]); di++) {
				double s = SCALES[si], off = OFFSETS[oi], d = deltas[di] * s;
				double z = 1.5 * s - d;
				if (!exact_at(off, z) || !exact_at(off, 0.25 * s))
					continue;
				mink_shape3 a = tu_box(s, s, s), b = tu_box(0.5 * s, 0.5 * s, 0.5 * s);
				mink_pose3 pa = at(off, off, off), pb = at(off + 0.25 * s, off, off + z);
				mink_result r;
				tu_case("stacked s %g off %g overlap %g", s, off, d);
				mink_query3(&a, &pa, &b, &pb, NULL, &r);
				mink_state st = d > 0 ? MINK_PENETRATING : d < 0 ? MINK_SEPARATED : MINK_TOUCHING;
				expect3(&r, &pa, &pb, st, -d, tu_v3(0, 0, 1), 2 * s);
				/* the contact lies on the overlap of the faces */
				if (d >= 0) {
					CHECK(fabs(r.point_a.z - (off + s)) <= 1e-9 * s + 64 * DBL_EPSILON * (off + s),
					      "point_a on A's top face");
					CHECK(r.point_a.x >= off - 0.25 * s - 1e-9 * s &&
					              r.point_a.x <= off + s + 1e-9 * s,
					      "point_a within the overlap of the faces");
				}
				n++;
				/* the same in 2D */
				mink_shape2 a2 = tu_box2(s, s), b2 = tu_box2(0.5 * s, 0.5 * s);
				mink_pose2 qa = tu_pose2(off, off, 0), qb = tu_pose2(off + 0.25 * s, off + z, 0);
				mink_query2(&a2, &qa, &b2, &qb, NULL, &r);
				CHECK(r.status == MINK_OK && r.state == st, "2D state %s", mink_state_name(r.state));
				CHECK_NEAR("2D distance", r.distance, -d, 32 * DBL_EPSILON * (2 * s + 2 * off), 1e-9);
				CHECK(r.normal.y > 1 - 1e-14, "2D normal +y");
				n++;
			}
	tu_end("stacked boxes", n);
}

/* Vertex-face, edge-edge and vertex-vertex touching, from rotated boxes. */
static void test_touching_features(void **state)
{
	(void)state;
	tu_begin();
	long n = 0;
	for (int si = 0; si < NSCALES; si++) {
		double s = SCALES[si];
		mink_shape3 box = tu_box(s, s, s);
		mink_pose3 pa = at(0, 0, 0);
		/* edge-edge: A's top edge along x (45 deg about x), B's bottom edge
		 * along y (45 deg about y), touching at one point */
		mink_pose3 ea = tu_pose3(0, 0, 0, tu_quat_axis_angle(tu_v3(1, 0, 0), PI / 4));
		mink_pose3 eb = tu_pose3(0, 0, 2 * sqrt(2) * s, tu_quat_axis_angle(tu_v3(0, 1, 0), PI / 4));
		mink_result r;
		tu_case("edge-edge s %g", s);
		mink_query3(&box, &ea, &box, &eb, NULL, &r);
		CHECK(r.status == MINK_OK && fabs(r.distance) <= 1e-14 * s, "edge-edge distance %g", r.distance);
		CHECK(fabs(r.normal.z) > 1 - 1e-7, "edge-edge normal along z");
		n++;
		/* vertex-face: B's corner (rotation taking (1,1,1) to -z) on A's top */
		mink_vec3 axis = tu_normalize(tu_cross(tu_v3(1, 1, 1), tu_v3(0, 0, -1)));
		double ang = acos(-1.0 / sqrt(3.0));
		mink_pose3 vb = tu_pose3(0.1 * s, 0.2 * s, s + sqrt(3.0) * s, tu_quat_axis_angle(axis, ang));
		tu_case("vertex-face s %g", s);
		mink_query3(&box, &pa, &box, &vb, NULL, &r);
		CHECK(r.status == MINK_OK && fabs(r.distance) <= 1e-14 * s, "vertex-face distance %g", r.distance);
		CHECK(r.normal.z > 1 - 1e-7, "vertex-face normal +z");
		CHECK(fabs(r.point_a.x - 0.1 * s) < 1e-12 * s && fabs(r.point_a.y - 0.2 * s) < 1e-12 * s,
		      "vertex-face contact at the vertex");
		n++;
		/* vertex-vertex: two corners meeting on the diagonal */
		mink_pose3 wb = at(2 * s, 2 * s, 2 * s);
		tu_case("vertex-vertex s %g", s);
		mink_query3(&box, &pa, &box, &wb, NULL, &r);
		CHECK(r.status == MINK_OK && r.state == MINK_TOUCHING && r.distance == 0.0,
		      "vertex-vertex touching, distance %g", r.distance);
		CHECK_VEC3("vertex-vertex point", r.point_a, tu_v3(s, s, s), 1e-15 * s);
		n++;
	}
	tu_end("touching features", n);
}

/* Identical coincident shapes. */
static void test_coincident(void **state)
{
	(void)state;
	tu_begin();
	long n = 0;
	for (int si = 0; si < NSCALES; si++)
		for (int oi = 0; oi < NOFFSETS; oi++) {
			double s = SCALES[si], off = OFFSETS[oi];
			mink_pose3 p = at(off, -off, off);
			mink_result r;
			mink_shape3 box = tu_box(s, 2 * s, 3 * s);
			tu_case("coincident boxes s %g off %g", s, off);
			mink_query3(&box, &p, &box, &p, NULL, &r);
			expect3(&r, &p, &p, MINK_PENETRATING, -2 * s, tu_v3(0, 0, 0), 6 * s);
			CHECK(fabs(r.normal.x) > 1 - 1e-12, "along the thinnest axis");
			n++;
			mink_shape3 sph = tu_sphere(s);
			tu_case("coincident spheres s %g off %g", s, off);
			mink_query3(&sph, &p, &sph, &p, NULL, &r);
			expect3(&r, &p, &p, MINK_PENETRATING, -2 * s, tu_v3(0, 0, 0), 2 * s);
			n++;
			mink_vec3 pts[6] = {{s, 0, 0}, {-s, 0, 0}, {0, 2 * s, 0}, {0, -2 * s, 0},
			                    {0, 0, 3 * s}, {0, 0, -3 * s}};
			mink_shape3 hull = tu_hull(pts, 6);
			oracle_sat sat;
			mink_vec3 w[6];
			for (int i = 0; i < 6; i++)
				w[i] = tu_to_world3(&p, pts[i]);
			oracle_sat3(w, 6, w, 6, &sat);
			tu_case("coincident hulls s %g off %g", s, off);
			mink_query3(&hull, &p, &hull, &p, NULL, &r);
			expect3(&r, &p, &p, MINK_PENETRATING, -sat.value, tu_v3(0, 0, 0), 6 * s);
			n++;
			mink_shape2 b2 = tu_box2(s, 2 * s);
			mink_pose2 q = tu_pose2(off, off, 0);
			mink_query2(&b2, &q, &b2, &q, NULL, &r);
			CHECK(r.status == MINK_OK && r.state == MINK_PENETRATING, "2D coincident");
			CHECK_NEAR("2D coincident depth", r.depth, 2 * s, 32 * DBL_EPSILON * (s + off), 1e-12);
			n++;
		}
	tu_end("coincident", n);
}

/* A small sphere, box or point deep inside a box: the nearest face decides. */
static void test_nested(void **state)
{
	(void)state;
	tu_begin();
	long n = 0;
	for (int si = 0; si < NSCALES; si++)
		for (int oi = 0; oi < NOFFSETS; oi++) {
			double s = SCALES[si], off = OFFSETS[oi];
			mink_shape3 big = tu_box(s, 2 * s, 4 * s);
			mink_pose3 pa = at(off, off, off);
			/* centre at (0.25, 1.5, 0.5) s: nearest face is +y at 0.5 s */
			mink_pose3 pb = at(off + 0.25 * s, off + 1.5 * s, off + 0.5 * s);
			mink_result r;
			mink_shape3 small = tu_sphere(0.125 * s);
			tu_case("sphere in box s %g off %g", s, off);
			mink_query3(&big, &pa, &small, &pb, NULL, &r);
			expect3(&r, &pa, &pb, MINK_PENETRATING, -(0.5 + 0.125) * s, tu_v3(0, 1, 0), 8 * s);
			n++;
			mink_shape3 cube = tu_box(0.125 * s, 0.125 * s, 0.125 * s);
			tu_case("box in box s %g off %g", s, off);
			mink_query3(&big, &pa, &cube, &pb, NULL, &r);
			expect3(&r, &pa, &pb, MINK_PENETRATING, -(0.5 + 0.125) * s, tu_v3(0, 1, 0), 8 * s);
			n++;
			mink_shape3 pt = mink_point3();
			tu_case("point in box s %g off %g", s, off);
			mink_query3(&big, &pa, &pt, &pb, NULL, &r);
			expect3(&r, &pa, &pb, MINK_PENETRATING, -0.5 * s, tu_v3(0, 1, 0), 8 * s);
			n++;
			mink_shape2 b2 = tu_box2(s, 2 * s), c2 = tu_circle(0.125 * s);
			mink_pose2 qa = tu_pose2(off, off, 0), qb = tu_pose2(off + 0.25 * s, off + 1.5 * s, 0);
			mink_query2(&b2, &qa, &c2, &qb, NULL, &r);
			CHECK(r.status == MINK_OK && r.state == MINK_PENETRATING && r.normal.y > 1 - 1e-12,
			      "2D circle in box");
			CHECK_NEAR("2D circle in box depth", r.depth, 0.625 * s, 32 * DBL_EPSILON * (s + off), 1e-9);
			n++;
		}
	tu_end("nested", n);
}

/* Flat shapes in 3D: coplanar squares, triangles, segments, flat hulls. */
static void test_flat(void **state)
{
	(void)state;
	tu_begin();
	long n = 0;
	for (int si = 0; si < NSCALES; si++) {
		double s = SCALES[si];
		mink_result r;
		/* coplanar overlapping squares: true depth 0 along the plane normal */
		mink_shape3 sq = tu_box(s, s, 0);
		mink_pose3 pa = at(0, 0, 0), pb = at(0.5 * s, 0.25 * s, 0);
		tu_case("coplanar squares s %g", s);
		mink_query3(&sq, &pa, &sq, &pb, NULL, &r);
		expect3(&r, &pa, &pb, MINK_TOUCHING, 0.0, tu_v3(0, 0, 0), 2 * s);
		CHECK(fabs(r.normal.z) > 1 - 1e-12, "normal along the plane normal");
		n++;
		/* coplanar triangles */
		mink_shape3 tri = mink_triangle3(tu_v3(0, 0, 0), tu_v3(s, 0, 0), tu_v3(0, s, 0));
		pb = at(0.25 * s, 0.25 * s, 0);
		tu_case("coplanar triangles s %g", s);
		mink_query3(&tri, &pa, &tri, &pb, NULL, &r);
		expect3(&r, &pa, &pb, MINK_TOUCHING, 0.0, tu_v3(0, 0, 0), 2 * s);
		n++;
		/* a flat hull (square of points) crossing a box: leaves upwards */
		mink_vec3 q[5] = {{-0.5 * s, -0.5 * s, 0}, {0.5 * s, -0.5 * s, 0}, {0.5 * s, 0.5 * s, 0},
		                  {-0.5 * s, 0.5 * s, 0}, {0, 0, 0}};
		mink_shape3 flat = tu_hull(q, 5), box = tu_box(s, s, s);
		pb = at(0, 0, 0.75 * s);
		tu_case("flat hull in box s %g", s);
		mink_query3(&box, &pa, &flat, &pb, NULL, &r);
		expect3(&r, &pa, &pb, MINK_PENETRATING, -0.25 * s, tu_v3(0, 0, 1), 2 * s);
		n++;
		/* a segment through a box, nearest exit along -x */
		mink_shape3 seg = mink_segment3(tu_v3(0, 0, -2 * s), tu_v3(0, 0, 2 * s));
		pb = at(-0.75 * s, 0, 0);
		tu_case("segment through box s %g", s);
		mink_query3(&box, &pa, &seg, &pb, NULL, &r);
		expect3(&r, &pa, &pb, MINK_PENETRATING, -0.25 * s, tu_v3(-1, 0, 0), 4 * s);
		n++;
		/* crossed segments touching at a point */
		mink_shape3 sx = mink_segment3(tu_v3(-s, 0, 0), tu_v3(s, 0, 0));
		mink_shape3 sy = mink_segment3(tu_v3(0, -s, 0), tu_v3(0, s, 0));
		tu_case("crossed segments s %g", s);
		mink_query3(&sx, &pa, &sy, &pa, NULL, &r);
		expect3(&r, &pa, &pa, MINK_TOUCHING, 0.0, tu_v3(0, 0, 0), 2 * s);
		CHECK(fabs(r.normal.z) > 1 - 1e-12, "crossed segments: normal z");
		n++;
	}
	tu_end("flat", n);
}

/* Thin plates and needles against boxes and cylinders. */
static void test_thin(void **state)
{
	(void)state;
	tu_begin();
	long n = 0;
	for (int si = 0; si < NSCALES; si++) {
		double s = SCALES[si];
		double t = 0x1p-11 * s; /* half thickness, ~5e-4 s: plates 1e-3 thick */
		mink_shape3 plate = tu_box(s, s, t), box = tu_box(0.5 * s, 0.5 * s, 0.5 * s);
		mink_pose3 pa = at(0, 0, 0);
		mink_pose3 pb = at(0.125 * s, 0, 0.5 * s + t - 0x1p-13 * s);
		mink_result r;
		tu_case("plate under box s %g", s);
		mink_query3(&plate, &pa, &box, &pb, NULL, &r);
		expect3(&r, &pa, &pb, MINK_PENETRATING, -0x1p-13 * s, tu_v3(0, 0, 1), 2 * s);
		n++;
		mink_shape3 cyl = tu_cylinder(0.5 * s, 0.5 * s);
		tu_case("plate under cylinder s %g", s);
		mink_query3(&plate, &pa, &cyl, &pb, NULL, &r);
		expect3(&r, &pa, &pb, MINK_PENETRATING, -0x1p-13 * s, tu_v3(0, 0, 1), 2 * s);
		n++;
		/* a needle pushed into a box side */
		mink_shape3 needle = tu_box(s, t, t);
		mink_pose3 pn = at(-1.5 * s + 0x1p-12 * s, 0.125 * s, 0);
		tu_case("needle into box s %g", s);
		mink_query3(&box, &pa, &needle, &pn, NULL, &r);
		expect3(&r, &pa, &pn, MINK_PENETRATING, -0x1p-12 * s, tu_v3(-1, 0, 0), 3 * s);
		n++;
	}
	tu_end("thin", n);
}

/* Near-parallel faces: B tilted by a tiny angle resting on A. */
static void test_near_parallel(void **state)
{
	(void)state;
	tu_begin();
	long n = 0;
	const double angles[] = {1e-4, 1e-8, 1e-12};
	const double gaps[] = {1e-6, 1e-10, -1e-10, -1e-6};
	for (int si = 0; si < NSCALES; si++)
		for (int ai = 0; ai < 3; ai++)
			for (int gi = 0; gi < 4; gi++) {
				double s = SCALES[si], th = angles[ai], g = gaps[gi] * s;
				mink_quat q = tu_quat_axis_angle(tu_v3(1, 0, 0), th);
				mink_shape3 box = tu_box(s, s, s);
				/* lowest point of the tilted B over the corners, by the test's own rotation */
				double low = INFINITY;
				for (int c = 0; c < 8; c++) {
					mink_vec3 k = tu_v3(c & 1 ? s : -s, c & 2 ? s : -s, c & 4 ? s : -s);
					low = fmin(low, tu_rotate(q, k).z);
				}
				double zb = s - low + g;
				mink_pose3 pa = at(0, 0, 0), pb = tu_pose3(0, 0, zb, q);
				double want = (zb + low) - s; /* distance from the test's rounding */
				mink_result r;
				tu_case("near-parallel s %g angle %g gap %g", s, th, g);
				mink_query3(&box, &pa, &box, &pb, NULL, &r);
				CHECK(r.status == MINK_OK, "ok");
				CHECK(r.state == (g > 0 ? MINK_SEPARATED : MINK_PENETRATING), "state %s",
				      mink_state_name(r.state));
				CHECK_NEAR("distance", r.distance, want, 64 * DBL_EPSILON * s, 1e-9);
				CHECK(fabs(r.normal.z) > 1 - 1e-7 || g > 0, "normal along z");
				n++;
			}
	tu_end("near-parallel", n);
}

/* A small sphere and a point sliding under a box face: the normal must
 * stay the face's normal all the way to the edge. */
static void test_sliding(void **state)
{
	(void)state;
	tu_begin();
	long n = 0;
	mink_shape3 box = mink_box(1, 1, 1), sph = mink_sphere(0.01), pt = mink_point3();
	mink_pose3 pa = at(0, 0, 0);
	for (int i = 0; i <= 1000; i++) {
		double x = -0.98 + 1.96 * i / 1000.0;
		mink_pose3 pb = at(x, 0.3, 1.0 - 0.005);
		mink_result r;
		tu_case("sliding sphere x %g", x);
		mink_query3(&box, &pa, &sph, &pb, NULL, &r);
		CHECK(r.status == MINK_OK && r.normal.z > 1 - 1e-12, "normal stays +z");
		CHECK_NEAR("depth", r.depth, 0.015, 1e-15, 1e-9);
		mink_query3(&box, &pa, &pt, &pb, NULL, &r);
		CHECK(r.status == MINK_OK && r.normal.z > 1 - 1e-12, "point: normal stays +z");
		CHECK_NEAR("point depth", r.depth, 0.005, 1e-15, 1e-9);
		n += 2;
	}
	mink_shape2 b2 = tu_box2(1, 1), c2 = tu_circle(0.01);
	for (int i = 0; i <= 1000; i++) {
		double x = -0.98 + 1.96 * i / 1000.0;
		mink_pose2 qa = tu_pose2(0, 0, 0), qb = tu_pose2(x, 1.0 - 0.005, 0);
		mink_result r;
		mink_query2(&b2, &qa, &c2, &qb, NULL, &r);
		CHECK(r.status == MINK_OK && r.normal.y > 1 - 1e-12, "2D normal stays +y");
		n++;
	}
	tu_end("sliding", n);
}

/* GJK simplices of 1, 2 and 3 points handed to EPA: a point, a segment and
 * a triangle resting exactly on a box face, then pushed in. */
static void test_small_simplices(void **state)
{
	(void)state;
	tu_begin();
	long n = 0;
	for (int si = 0; si < NSCALES; si++) {
		double s = SCALES[si];
		mink_shape3 box = tu_box(s, s, s);
		mink_shape3 sph = tu_sphere(0.25 * s), cap = tu_capsule(0.25 * s, 0.5 * s);
		mink_shape3 tri = mink_triangle3(tu_v3(-0.5 * s, -0.5 * s, 0),
		                                 tu_v3(0.5 * s, -0.5 * s, 0), tu_v3(0, 0.5 * s, 0));
		mink_pose3 pa = at(0, 0, 0);
		/* sphere centre exactly on the face: depth = radius */
		mink_pose3 p1 = at(0.25 * s, 0.5 * s, s);
		mink_result r;
		tu_case("sphere centre on face s %g", s);
		mink_query3(&box, &pa, &sph, &p1, NULL, &r);
		expect3(&r, &pa, &p1, MINK_PENETRATING, -0.25 * s, tu_v3(0, 0, 1), 2 * s);
		n++;
		/* capsule axis lying in the face (x axis): rotate z to x */
		mink_pose3 p2 = tu_pose3(0, 0.25 * s, s, tu_quat_axis_angle(tu_v3(0, 1, 0), PI / 2));
		tu_case("capsule axis on face s %g", s);
		mink_query3(&box, &pa, &cap, &p2, NULL, &r);
		expect3(&r, &pa, &p2, MINK_PENETRATING, -0.25 * s, tu_v3(0, 0, 1), 2 * s);
		n++;
		/* triangle lying on the face, then pushed in by s/8 */
		mink_pose3 p3 = at(0, 0, s), p4 = at(0, 0, s - 0.125 * s);
		tu_case("triangle on face s %g", s);
		mink_query3(&box, &pa, &tri, &p3, NULL, &r);
		expect3(&r, &pa, &p3, MINK_TOUCHING, 0.0, tu_v3(0, 0, 1), 2 * s);
		mink_query3(&box, &pa, &tri, &p4, NULL, &r);
		expect3(&r, &pa, &p4, MINK_PENETRATING, -0.125 * s, tu_v3(0, 0, 1), 2 * s);
		n += 2;
	}
	tu_end("small simplices", n);
}

/* Hulls with duplicate, coplanar and collinear points against the oracle. */
static void test_messy_hulls(void **state)
{
	(void)state;
	tu_rng r;
	tu_rng_seed(&r, 99);
	tu_begin();
	long n = 0;
	for (int t = 0; t < 300; t++) {
		mink_vec3 a[40], b[40];
		int na = 0, nb = 0;
		/* A: cube corners + points on its faces + duplicates + edge points */
		for (int c = 0; c < 8; c++)
			a[na++] = tu_v3(c & 1 ? 1 : -1, c & 2 ? 1 : -1, c & 4 ? 1 : -1);
		for (int k = 0; k < 12; k++) {
			mink_vec3 p = tu_v3(tu_rng_range(&r, -1, 1), tu_rng_range(&r, -1, 1), 1);
			a[na++] = k % 3 == 0 ? tu_v3(p.x, 1, p.z) : k % 3 == 1 ? tu_v3(1, p.y, p.x) : p;
		}
		for (int k = 0; k < 4; k++) {
			int j = tu_rng_int(&r, 0, na - 1);
			a[na++] = a[j];
		}
		for (int k = 0; k < 4; k++)
			a[na++] = tu_v3(tu_rng_range(&r, -1, 1), -1, -1);
		/* B: a random tetrahedron-ish cloud with collinear points */
		mink_vec3 c0 = tu_rng_in_ball(&r), c1 = tu_rng_in_ball(&r);
		for (int k = 0; k < 6; k++)
			b[nb++] = tu_add(c0, tu_scale(tu_sub(c1, c0), k / 5.0));
		for (int k = 0; k < 8; k++)
			b[nb++] = tu_rng_in_ball(&r);
		b[nb++] = b[0];
		mink_shape3 ha = tu_hull(a, na), hb = tu_hull(b, nb);
		mink_pose3 pa = tu_pose3(0, 0, 0, tu_rng_quat(&r));
		mink_vec3 d = tu_scale(tu_rng_unit_vec3(&r), tu_rng_range(&r, 0, 1.5));
		mink_pose3 pb = tu_pose3(d.x, d.y, d.z, tu_rng_quat(&r));
		mink_vec3 wa[40], wb[40];
		for (int i = 0; i < na; i++)
			wa[i] = tu_to_world3(&pa, a[i]);
		for (int i = 0; i < nb; i++)
			wb[i] = tu_to_world3(&pb, b[i]);
		oracle_sat sat;
		oracle_sat3(wa, na, wb, nb, &sat);
		mink_result res;
		tu_case("messy hulls #%d", t);
		mink_query3(&ha, &pa, &hb, &pb, NULL, &res);
		CHECK(res.status == MINK_OK, "ok");
		if (sat.value > 1e-9) {
			CHECK(res.state == MINK_PENETRATING, "penetrating");
			CHECK_NEAR("depth", res.depth, sat.value, 1e-12, 1e-9);
			n++;
		} else if (sat.value < -1e-9) {
			CHECK(res.state == MINK_SEPARATED, "separated");
			n++;
		}
	}
	tu_end("messy hulls", n);
}

/* Smooth shapes against boxes and each other, where the answer is exact. */
static void test_smooth(void **state)
{
	(void)state;
	tu_begin();
	long n = 0;
	for (int si = 0; si < NSCALES; si++) {
		double s = SCALES[si], d = 0x1p-7 * s;
		mink_shape3 box = tu_box(s, s, s);
		mink_pose3 pa = at(0, 0, 0);
		mink_result r;
		struct {
			const char *name;
			mink_shape3 shape;
			mink_quat q;
			double low; /* extent below its centre along -z */
		} cases[] = {
			{"cylinder upright", tu_cylinder(0.5 * s, 0.5 * s), tu_quat_identity(), 0.5 * s},
			{"cylinder lying", tu_cylinder(0.5 * s, 0.75 * s), tu_quat_axis_angle(tu_v3(1, 0, 0), PI / 2), 0.5 * s},
			{"cone apex down", tu_cone(0.5 * s, 0.5 * s), tu_quat_axis_angle(tu_v3(1, 0, 0), PI), 0.5 * s},
			{"cone base down", tu_cone(0.5 * s, 0.5 * s), tu_quat_identity(), 0.5 * s},
			{"ellipsoid", tu_ellipsoid(0.75 * s, 0.5 * s, 0.25 * s), tu_quat_identity(), 0.25 * s},
		};
		for (int c = 0; c < 5; c++) {
			mink_pose3 pb = tu_pose3(0.125 * s, -0.25 * s, s + cases[c].low - d, cases[c].q);
			tu_case("%s on box s %g", cases[c].name, s);
			mink_query3(&box, &pa, &cases[c].shape, &pb, NULL, &r);
			expect3(&r, &pa, &pb, MINK_PENETRATING, -d, tu_v3(0, 0, 1), 2 * s);
			n++;
		}
		/* ellipsoid on ellipsoid along their common axis */
		mink_shape3 e1 = tu_ellipsoid(0.5 * s, 0.75 * s, s), e2 = tu_ellipsoid(s, 0.5 * s, 0.25 * s);
		mink_pose3 pb = at(0, 0, 1.25 * s - d);
		tu_case("ellipsoids s %g", s);
		mink_query3(&e1, &pa, &e2, &pb, NULL, &r);
		/* Between two curved surfaces the depth is stationary in the
		 * normal: a depth within the tolerance (1e-10 relative) fixes the
		 * normal only to about its square root. */
		normal_tol = 1e-5;
		expect3(&r, &pa, &pb, MINK_PENETRATING, -d, tu_v3(0, 0, 1), 2 * s);
		normal_tol = 1e-7;
		printf("  smooth s %g: ellipsoid-ellipsoid EPA iterations %d\n", s, r.epa_iterations);
		n++;
		/* cylinder on cylinder, flat faces */
		mink_shape3 cyl = tu_cylinder(0.5 * s, 0.5 * s);
		tu_case("cylinders s %g", s);
		pb = at(0.25 * s, 0, s - d);
		mink_query3(&cyl, &pa, &cyl, &pb, NULL, &r);
		expect3(&r, &pa, &pb, MINK_PENETRATING, -d, tu_v3(0, 0, 1), 2 * s);
		n++;
	}
	tu_end("smooth", n);
}

/* Far beyond the usual scales: 2^-300 (1e-90) and 2^300 (2e90).  Squares and
 * cubes of such coordinates leave the double range; the answers must not. */
static void test_extreme_scales(void **state)
{
	(void)state;
	tu_begin();
	long n = 0;
	const double scales[] = {0x1p-300, 0x1p-150, 0x1p150, 0x1p300};
	for (int si = 0; si < 4; si++) {
		double s = scales[si], d = 0x1p-10 * s;
		mink_pose3 pa = at(0, 0, 0);
		mink_result r;
		mink_shape3 box = tu_box(s, s, s), small = tu_box(0.5 * s, 0.5 * s, 0.5 * s);
		mink_pose3 pb = at(0.25 * s, 0, 1.5 * s - d);
		tu_case("extreme stacked boxes s %g", s);
		mink_query3(&box, &pa, &small, &pb, NULL, &r);
		expect3(&r, &pa, &pb, MINK_PENETRATING, -d, tu_v3(0, 0, 1), 2 * s);
		n++;
		mink_shape3 sph = tu_sphere(s), cap = tu_capsule(0.5 * s, s);
		pb = at(0, 1.25 * s, 0.5 * s);
		tu_case("extreme sphere-capsule s %g", s);
		mink_query3(&sph, &pa, &cap, &pb, NULL, &r);
		expect3(&r, &pa, &pb, MINK_PENETRATING, -0.25 * s, tu_v3(0, 1, 0), 3 * s);
		n++;
		mink_shape3 ell = tu_ellipsoid(0.75 * s, 0.5 * s, 0.25 * s);
		pb = at(0.125 * s, -0.25 * s, s + 0.25 * s - d);
		tu_case("extreme ellipsoid on box s %g", s);
		mink_query3(&box, &pa, &ell, &pb, NULL, &r);
		expect3(&r, &pa, &pb, MINK_PENETRATING, -d, tu_v3(0, 0, 1), 2 * s);
		n++;
		pb = at(3 * s, 0, 0);
		tu_case("extreme separated boxes s %g", s);
		mink_query3(&box, &pa, &box, &pb, NULL, &r);
		expect3(&r, &pa, &pb, MINK_SEPARATED, s, tu_v3(1, 0, 0), 4 * s);
		n++;
		mink_shape2 b2 = tu_box2(s, s), c2 = tu_circle(0.5 * s);
		mink_pose2 qa = tu_pose2(0, 0, 0), qb = tu_pose2(0, 1.5 * s - d, 0);
		mink_query2(&b2, &qa, &c2, &qb, NULL, &r);
		CHECK(r.status == MINK_OK && r.state == MINK_PENETRATING && r.normal.y > 1 - 1e-12,
		      "2D extreme s %g", s);
		CHECK_NEAR("2D extreme depth", r.depth, d, 0, 1e-9);
		n++;
	}
	tu_end("extreme scales", n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stacked_boxes),
		cmocka_unit_test(test_touching_features),
		cmocka_unit_test(test_coincident),
		cmocka_unit_test(test_nested),
		cmocka_unit_test(test_flat),
		cmocka_unit_test(test_thin),
		cmocka_unit_test(test_near_parallel),
		cmocka_unit_test(test_sliding),
		cmocka_unit_test(test_small_simplices),
		cmocka_unit_test(test_messy_hulls),
		cmocka_unit_test(test_smooth),
		cmocka_unit_test(test_extreme_scales),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
