/*
 * test_analytic.c - hand-computed cases with exact answers.
 *
 * Every case states the expected signed distance, normal and contact points
 * worked out by hand, and is run in both orders (A, B) and (B, A): swapping
 * the shapes must negate the normal and swap the points.  Polytope and
 * sphere-swept cases are exact to 1e-9.  For contacts on a curved core
 * (cylinder side, cone side, ellipsoid) the distance is asserted to 1e-8
 * relative; the normal and points only to 1e-5, because a distance
 * converged to the documented tolerance (1e-10 relative) fixes the
 * direction of a curved contact only to about the square root of that.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mink.h"
#include "testutil.h"

#define EXACT 1e-9
#define SMOOTH_DIST_REL 1e-8
#define SMOOTH_POINT 1e-5

static const double PI = 3.14159265358979323846;

static long cases;

typedef struct tol {
	double dist_abs, dist_rel, point;
} tol;

static const tol exact_tol = {EXACT, 0.0, EXACT};
static const tol smooth_tol = {1e-12, SMOOTH_DIST_REL, SMOOTH_POINT};

static mink_state state_of(double d)
{
	return d < 0 ? MINK_PENETRATING : d > 0 ? MINK_SEPARATED : MINK_TOUCHING;
}

static mink_result query3(const mink_shape3 *a, const mink_pose3 *pa, const mink_shape3 *b,
                          const mink_pose3 *pb)
{
	mink_result r;
	tu_poison(&r);
	mink_status st = mink_query3(a, pa, b, pb, NULL, &r);
	CHECK(st == r.status, "returned status %d but result status %d", (int)st,
	      (int)r.status);
	cases++;
	return r;
}

static mink_result query2(const mink_shape2 *a, const mink_pose2 *pa, const mink_shape2 *b,
                          const mink_pose2 *pb)
{
	mink_result r;
	tu_poison(&r);
	mink_status st = mink_query2(a, pa, b, pb, NULL, &r);
	CHECK(st == r.status, "returned status %d but result status %d", (int)st,
	      (int)r.status);
	cases++;
	return r;
}

static void check_tangents_match(const mink_result *r)
{
	mink_vec3 t0, t1;
	mink_tangents(r->normal, &t0, &t1);
	CHECK_VEC3("tangent[0] vs mink_tangents(normal)", r->tangent[0], t0, 1e-15);
	CHECK_VEC3("tangent[1] vs mink_tangents(normal)", r->tangent[1], t1, 1e-15);
}

/* One order of a 3D case with a unique contact. */
static void once3(const char *name, const char *order, const mink_shape3 *a, mink_pose3 pa,
                  const mink_shape3 *b, mink_pose3 pb, double d, mink_vec3 n,
                  mink_vec3 xa, mink_vec3 xb, tol t)
{
	tu_case("%s %s", name, order);
	mink_result r = query3(a, &pa, b, &pb);
	if (!CHECK_RESULT3(&r, &pa, &pb, EXACT))
		return;
	CHECK_NEAR("distance", r.distance, d, t.dist_abs, t.dist_rel);
	CHECK(r.state == state_of(d), "state %d, want %d", (int)r.state, (int)state_of(d));
	CHECK_VEC3("normal", r.normal, n, t.point);
	CHECK_VEC3("point_a", r.point_a, xa, t.point);
	CHECK_VEC3("point_b", r.point_b, xb, t.point);
	CHECK_VEC3("local_a", r.local_a, tu_to_local3(&pa, xa), t.point);
	CHECK_VEC3("local_b", r.local_b, tu_to_local3(&pb, xb), t.point);
	check_tangents_match(&r);
}

/* A 3D case with a unique contact, in both orders. */
static void case3(const char *name, mink_shape3 a, mink_pose3 pa, mink_shape3 b,
                  mink_pose3 pb, double d, mink_vec3 n, mink_vec3 xa, mink_vec3 xb, tol t)
{
	once3(name, "(a, b)", &a, pa, &b, pb, d, n, xa, xb, t);
	once3(name, "(b, a)", &b, pb, &a, pa, d, tu_neg(n), xb, xa, t);
}

static int in_box(mink_vec3 p, mink_vec3 lo, mink_vec3 hi, double eps)
{
	return p.x >= lo.x - eps && p.x <= hi.x + eps && p.y >= lo.y - eps &&
	       p.y <= hi.y + eps && p.z >= lo.z - eps && p.z <= hi.z + eps;
}

/*
 * A 3D case whose contact is a patch (face on face, edge on face): the
 * distance and normal are unique, point_a must lie in the world box
 * [lo, hi] (the patch), point_b = point_a + distance * normal.  Returns the
 * (a, b) result for further checks.
 */
static mink_result patch3(const char *name, mink_shape3 a, mink_pose3 pa, mink_shape3 b,
                          mink_pose3 pb, double d, mink_vec3 n, mink_vec3 lo, mink_vec3 hi,
                          tol t)
{
	mink_result first;
	for (int swap = 0; swap < 2; swap++) {
		tu_case("%s %s", name, swap ? "(b, a)" : "(a, b)");
		mink_result r = swap ? query3(&b, &pb, &a, &pa) : query3(&a, &pa, &b, &pb);
		if (!swap)
			first = r;
		if (!CHECK_RESULT3(&r, swap ? &pb : &pa, swap ? &pa : &pb, EXACT))
			continue;
		CHECK_NEAR("distance", r.distance, d, t.dist_abs, t.dist_rel);
		CHECK(r.state == state_of(d), "state %d, want %d", (int)r.state,
		      (int)state_of(d));
		CHECK_VEC3("normal", r.normal, swap ? tu_neg(n) : n, t.point);
		mink_vec3 on_a = swap ? r.point_b : r.point_a;
		CHECK(in_box(on_a, lo, hi, t.point),
		      "contact point on A (%.17g, %.17g, %.17g) outside the patch "
		      "[%g, %g] x [%g, %g] x [%g, %g]",
		      on_a.x, on_a.y, on_a.z, lo.x, hi.x, lo.y, hi.y, lo.z, hi.z);
		check_tangents_match(&r);
	}
	return first;
}

static void once2(const char *name, const char *order, const mink_shape2 *a, mink_pose2 pa,
                  const mink_shape2 *b, mink_pose2 pb, double d, mink_vec3 n,
                  mink_vec3 xa, mink_vec3 xb, tol t)
{
	tu_case("%s %s", name, order);
	mink_result r = query2(a, &pa, b, &pb);
	if (!CHECK_RESULT2(&r, &pa, &pb, EXACT))
		return;
	CHECK_NEAR("distance", r.distance, d, t.dist_abs, t.dist_rel);
	CHECK(r.state == state_of(d), "state %d, want %d", (int)r.state, (int)state_of(d));
	CHECK_VEC3("normal", r.normal, n, t.point);
	CHECK_VEC3("point_a", r.point_a, xa, t.point);
	CHECK_VEC3("point_b", r.point_b, xb, t.point);
	CHECK_VEC3("local_a", r.local_a, tu_to_local2(&pa, xa), t.point);
	CHECK_VEC3("local_b", r.local_b, tu_to_local2(&pb, xb), t.point);
}

static void case2(const char *name, mink_shape2 a, mink_pose2 pa, mink_shape2 b,
                  mink_pose2 pb, double d, mink_vec3 n, mink_vec3 xa, mink_vec3 xb)
{
	once2(name, "(a, b)", &a, pa, &b, pb, d, n, xa, xb, exact_tol);
	once2(name, "(b, a)", &b, pb, &a, pa, d, tu_neg(n), xb, xa, exact_tol);
}

static void patch2(const char *name, mink_shape2 a, mink_pose2 pa, mink_shape2 b,
                   mink_pose2 pb, double d, mink_vec3 n, mink_vec3 lo, mink_vec3 hi)
{
	for (int swap = 0; swap < 2; swap++) {
		tu_case("%s %s", name, swap ? "(b, a)" : "(a, b)");
		mink_result r = swap ? query2(&b, &pb, &a, &pa) : query2(&a, &pa, &b, &pb);
		if (!CHECK_RESULT2(&r, swap ? &pb : &pa, swap ? &pa : &pb, EXACT))
			continue;
		CHECK_NEAR("distance", r.distance, d, EXACT, 0);
		CHECK(r.state == state_of(d), "state %d, want %d", (int)r.state,
		      (int)state_of(d));
		CHECK_VEC3("normal", r.normal, swap ? tu_neg(n) : n, EXACT);
		mink_vec3 on_a = swap ? r.point_b : r.point_a;
		CHECK(in_box(on_a, lo, hi, EXACT),
		      "contact point on A (%.17g, %.17g) outside the patch [%g, %g] x [%g, %g]",
		      on_a.x, on_a.y, lo.x, hi.x, lo.y, hi.y);
	}
}

static mink_pose3 at(double x, double y, double z)
{
	return tu_pose3(x, y, z, tu_quat_identity());
}

static mink_vec3 V(double x, double y, double z) { return tu_v3(x, y, z); }

/* ---- spheres ---- */

static void test_sphere_sphere(void **state)
{
	(void)state;
	tu_begin();
	long before = cases;
	mink_shape3 s1 = tu_sphere(1.0), s05 = tu_sphere(0.5);

	case3("spheres overlapping", s1, at(0, 0, 0), s05, at(1.2, 0, 0), -0.3, V(1, 0, 0),
	      V(1, 0, 0), V(0.7, 0, 0), exact_tol);
	case3("spheres apart", s1, at(0, 0, 0), s05, at(0, 3, 0), 1.5, V(0, 1, 0), V(0, 1, 0),
	      V(0, 2.5, 0), exact_tol);
	/* radii 0.25 and 2, centres 2 apart along (0.6, 0, -0.8) */
	case3("spheres different radii", tu_sphere(0.25), at(1, -1, 2), tu_sphere(2.0),
	      at(2.2, -1, 0.4), -0.25, V(0.6, 0, -0.8), V(1.15, -1, 1.8), V(1.0, -1, 2.0),
	      exact_tol);

	/* rotated poses: the local points are the world offsets rotated back */
	{
		mink_vec3 n = V(2.0 / 3, 2.0 / 3, 1.0 / 3);
		mink_vec3 ca = V(1, 2, 3), cb = tu_add(ca, tu_scale(n, 1.7));
		mink_pose3 pa = tu_pose3(ca.x, ca.y, ca.z, tu_quat_axis_angle(V(1, 2, 3), 0.7));
		mink_pose3 pb =
		        tu_pose3(cb.x, cb.y, cb.z, tu_quat_axis_angle(V(-1, 0.5, 0.2), 2.1));
		case3("spheres rotated", s1, pa, s05, pb, 0.2, n, tu_add(ca, n),
		      tu_sub(cb, tu_scale(n, 0.5)), exact_tol);
		/* the local point of a rotated sphere is not the world offset */
		mink_vec3 la = tu_to_local3(&pa, tu_add(ca, n));
		assert_true(tu_dist(la, n) > 0.1);
	}

	/* quaternions need not be normalised: (2,0,0,0) is the identity and
	 * (0,0,0,5) a half turn about z */
	case3("spheres unnormalised quaternions", s1, tu_pose3(0, 0, 0, tu_quat(2, 0, 0, 0)),
	      s05, tu_pose3(3, 0, 0, tu_quat(0, 0, 0, 5)), 1.5, V(1, 0, 0), V(1, 0, 0),
	      V(2.5, 0, 0), exact_tol);
	{
		mink_pose3 pa = at(0, 0, 0), pb = tu_pose3(3, 0, 0, tu_quat(0, 0, 0, 5));
		mink_result r = query3(&s1, &pa, &s05, &pb);
		CHECK_VEC3("local_b under a half turn", r.local_b, V(0.5, 0, 0), EXACT);
	}

	/* a zero radius sphere is a point */
	case3("point sphere inside sphere", tu_sphere(0.0), at(0.2, 0, 0), s1, at(0, 0, 0),
	      -0.8, V(-1, 0, 0), V(0.2, 0, 0), V(1, 0, 0), exact_tol);

	/* concentric: the depth is r1 + r2 along any direction */
	{
		tu_case("concentric spheres");
		mink_pose3 p = at(0.3, 0.3, 0.3);
		mink_result r = query3(&s1, &p, &s05, &p);
		if (CHECK_RESULT3(&r, &p, &p, EXACT)) {
			CHECK_NEAR("distance", r.distance, -1.5, EXACT, 0);
			CHECK_NEAR("|point_a - centre|", tu_dist(r.point_a, p.position), 1.0,
			           EXACT, 0);
			CHECK_NEAR("|point_b - centre|", tu_dist(r.point_b, p.position), 0.5,
			           EXACT, 0);
		}
	}
	tu_end("sphere-sphere", cases - before);
}

static void test_sphere_box(void **state)
{
	(void)state;
	tu_begin();
	long before = cases;
	mink_shape3 box = tu_box(1, 2, 3);
	mink_pose3 o = at(0, 0, 0);

	case3("box face, overlapping", box, o, tu_sphere(0.5), at(1.3, 0.5, -1), -0.2,
	      V(1, 0, 0), V(1, 0.5, -1), V(0.8, 0.5, -1), exact_tol);
	case3("box face, apart", box, o, tu_sphere(0.5), at(0, 2.75, 1), 0.25, V(0, 1, 0),
	      V(0, 2, 1), V(0, 2.25, 1), exact_tol);
	/* the centre is 0.5 from the edge x = 1, y = 2 along (0.6, 0.8, 0) */
	case3("box edge, apart", box, o, tu_sphere(0.3), at(1.3, 2.4, 0.5), 0.2,
	      V(0.6, 0.8, 0), V(1, 2, 0.5), V(1.12, 2.16, 0.5), exact_tol);
	/* the centre is 0.3 from the corner (1, 2, 3) along (2, 1, 2) / 3 */
	mink_vec3 nc = V(2.0 / 3, 1.0 / 3, 2.0 / 3);
	mink_vec3 cc = V(1.2, 2.1, 3.2);
	case3("box corner, overlapping", box, o, tu_sphere(0.5), at(cc.x, cc.y, cc.z), -0.2, nc,
	      V(1, 2, 3), tu_sub(cc, tu_scale(nc, 0.5)), exact_tol);
	{
		/* the same in a rotated, translated box */
		mink_pose3 p = tu_pose3(-2, 0.5, 4, tu_quat_axis_angle(V(0.3, -1, 0.4), 1.1));
		mink_vec3 c = tu_to_world3(&p, cc);
		case3("rotated box corner, overlapping", box, p, tu_sphere(0.5),
		      tu_pose3(c.x, c.y, c.z, tu_quat_axis_angle(V(1, 1, 0), -0.4)), -0.2,
		      tu_rotate(p.rotation, nc), tu_to_world3(&p, V(1, 2, 3)),
		      tu_to_world3(&p, tu_sub(cc, tu_scale(nc, 0.5))), exact_tol);
	}
	/* centre inside: the nearest face (+x, 0.3 away) gives the normal */
	case3("centre inside, +x face", box, o, tu_sphere(0.2), at(0.7, 0.3, -0.5), -0.5,
	      V(1, 0, 0), V(1, 0.3, -0.5), V(0.5, 0.3, -0.5), exact_tol);
	/* faces: x 0.9, y 0.4, z 2.8 away: -y wins */
	case3("centre inside, -y face", box, o, tu_sphere(0.25), at(0.1, -1.6, 0.2), -0.65,
	      V(0, -1, 0), V(0.1, -2, 0.2), V(0.1, -1.35, 0.2), exact_tol);
	{
		/* local centre (0.2, 0.3, -2.6): faces 0.8, 1.7, 0.4 away: -z wins */
		mink_pose3 p = tu_pose3(3, -1, 0.5, tu_quat_axis_angle(V(-0.2, 0.7, 1), 2.5));
		mink_vec3 c = tu_to_world3(&p, V(0.2, 0.3, -2.6));
		case3("centre inside rotated box, -z face", box, p, tu_sphere(0.1),
		      tu_pose3(c.x, c.y, c.z, tu_quat_identity()), -0.5,
		      tu_rotate(p.rotation, V(0, 0, -1)), tu_to_world3(&p, V(0.2, 0.3, -3)),
		      tu_to_world3(&p, V(0.2, 0.3, -2.5)), exact_tol);
	}
	tu_end("sphere-box", cases - before);
}

/* ---- capsules ---- */

static void test_capsule_capsule(void **state)
{
	(void)state;
	tu_begin();
	long before = cases;
	mink_quat z_to_x = tu_quat_axis_angle(V(0, 1, 0), PI / 2);
	mink_quat z_to_y = tu_quat_axis_angle(V(1, 0, 0), -PI / 2);
	mink_shape3 c05 = tu_capsule(0.5, 1.0), c03 = tu_capsule(0.3, 1.0);

	case3("capsules end to end", c05, at(0, 0, 0), c05, at(0, 0, 2.9), -0.1, V(0, 0, 1),
	      V(0, 0, 1.5), V(0, 0, 1.4), exact_tol);
	case3("capsules crossed, overlapping", c05, at(0, 0, 0), c03,
	      tu_pose3(0, 0.7, 0, z_to_x), -0.1, V(0, 1, 0), V(0, 0.5, 0), V(0, 0.4, 0),
	      exact_tol);
	case3("capsules crossed, apart", c05, at(0, 0, 0), c03,
	      tu_pose3(0.2, 1.5, 0.3, z_to_x), 0.7, V(0, 1, 0), V(0, 0.5, 0.3),
	      V(0, 1.2, 0.3), exact_tol);
	/* A along x, B along y 1 above: cores meet at x = 0.3, y = 0 */
	case3("capsules skew, both rotated", tu_capsule(0.4, 1.0), tu_pose3(0, 0, 0, z_to_x),
	      tu_capsule(0.35, 1.0), tu_pose3(0.3, -0.2, 1.0, z_to_y), 0.25, V(0, 0, 1),
	      V(0.3, 0, 0.4), V(0.3, 0, 0.65), exact_tol);
	/* core ends (0, 0, 1) and (0.6, 0, 1.8), 1 apart along (0.6, 0, 0.8) */
	case3("capsules parallel, end regions", c05, at(0, 0, 0), c03, at(0.6, 0, 2.8), 0.2,
	      V(0.6, 0, 0.8), V(0.3, 0, 1.4), V(0.42, 0, 1.56), exact_tol);
	/* side by side: the closest points form a segment z in [-0.5, 1] */
	patch3("capsules parallel, side by side", c05, at(0, 0, 0), c03, at(1.0, 0, 0.5), 0.2,
	       V(1, 0, 0), V(0.5, 0, -0.5), V(0.5, 0, 1), exact_tol);
	tu_end("capsule-capsule", cases - before);
}

/* ---- boxes ---- */

static void test_box_box(void **state)
{
	(void)state;
	tu_begin();
	long before = cases;
	mink_shape3 a = tu_box(1, 1, 1), h = tu_box(0.5, 0.5, 0.5);
	mink_pose3 o = at(0, 0, 0);

	/* overlaps: x 0.2, y 1.3, z 1.4 */
	patch3("boxes overlapping along x", a, o, h, at(1.3, 0.2, 0.1), -0.2, V(1, 0, 0),
	       V(1, -0.3, -0.4), V(1, 0.7, 0.6), exact_tol);
	/* overlaps: x 1.4, y 0.3, z 1.2 */
	patch3("boxes overlapping along -y", a, o, h, at(0.1, -1.2, 0.3), -0.3, V(0, -1, 0),
	       V(-0.4, -1, -0.2), V(0.6, -1, 0.8), exact_tol);
	/* overlaps: x 1.3, y 1.3, z 0.2 */
	patch3("boxes overlapping along z", a, o, tu_box(0.5, 0.6, 0.7), at(0.2, 0.3, 1.5),
	       -0.2, V(0, 0, 1), V(-0.3, -0.3, 1), V(0.7, 0.9, 1), exact_tol);
	/* a (2, 1, 1) box turned a quarter about z spans y in [-2, 2] */
	patch3("rotated box overlapping along y", tu_box(2, 1, 1),
	       tu_pose3(0, 0, 0, tu_quat_axis_angle(V(0, 0, 1), PI / 2)), h, at(0.2, 2.3, 0),
	       -0.2, V(0, 1, 0), V(-0.3, 2, -0.5), V(0.7, 2, 0.5), exact_tol);
	/* separated along x by 0.25 */
	patch3("boxes apart along x", a, o, h, at(-1.75, 0.2, 0.1), 0.25, V(-1, 0, 0),
	       V(-1, -0.3, -0.4), V(-1, 0.7, 0.6), exact_tol);
	{
		/* a corner of B, turned to point along -x, 0.1 into A's face x = 1 */
		mink_quat q = tu_quat_axis_angle(V(0, -1, 1), acos(-1.0 / sqrt(3.0)));
		mink_pose3 pb = tu_pose3(1 + 0.5 * sqrt(3.0) - 0.1, 0.2, -0.3, q);
		mink_vec3 corner = tu_to_world3(&pb, V(0.5, 0.5, 0.5));
		assert_true(tu_dist(corner, V(0.9, 0.2, -0.3)) < 1e-12);
		case3("box corner into box face", a, o, h, pb, -0.1, V(1, 0, 0), V(1, 0.2, -0.3),
		      corner, exact_tol);
	}
	tu_end("box-box", cases - before);
}

static void test_margins(void **state)
{
	(void)state;
	tu_begin();
	long before = cases;
	mink_shape3 box = tu_box(0.5, 0.5, 0.5);
	box.margin = 0.1;
	mink_pose3 o = at(0, 0, 0);

	/* the swept face is at x = 0.6 */
	case3("margin box face, apart", box, o, tu_sphere(0.3), at(1.0, 0.2, -0.1), 0.1,
	      V(1, 0, 0), V(0.6, 0.2, -0.1), V(0.7, 0.2, -0.1), exact_tol);
	case3("margin box face, overlapping", box, o, tu_sphere(0.3), at(0.85, 0, 0), -0.05,
	      V(1, 0, 0), V(0.6, 0, 0), V(0.55, 0, 0), exact_tol);
	/* the core edge (0.5, 0.5, z) is 0.5 from the centre along (0.6, 0.8, 0) */
	case3("margin box edge, apart", box, o, tu_sphere(0.2), at(0.8, 0.9, 0), 0.2,
	      V(0.6, 0.8, 0), V(0.56, 0.58, 0), V(0.68, 0.74, 0), exact_tol);
	{
		mink_shape3 s = tu_sphere(0.3);
		s.margin = 0.2;
		case3("margin sphere", s, o, tu_sphere(0.5), at(0, 0, 1.2), 0.2, V(0, 0, 1),
		      V(0, 0, 0.5), V(0, 0, 0.7), exact_tol);
	}
	{
		mink_shape3 b2 = tu_box(0.5, 0.5, 0.5);
		b2.margin = 0.05;
		/* swept faces at x = 0.6 and x = 1.3 - 0.55 */
		patch3("margin boxes face to face", box, o, b2, at(1.3, 0, 0), 0.15, V(1, 0, 0),
		       V(0.6, -0.5, -0.5), V(0.6, 0.5, 0.5), exact_tol);
	}
	{
		/* a margin on a hull: a unit tetrahedron corner swept by 0.25 */
		static const mink_vec3 tet[4] = {{0, 0, 0}, {-1, 0, 0}, {0, -1, 0}, {0, 0, -1}};
		mink_shape3 t = tu_hull(tet, 4);
		t.margin = 0.25;
		mink_vec3 n = tu_normalize(V(1, 1, 1));
		mink_vec3 c = tu_scale(n, 0.75);
		case3("margin hull vertex", t, o, tu_sphere(0.25), at(c.x, c.y, c.z), 0.25, n,
		      tu_scale(n, 0.25), tu_scale(n, 0.5), exact_tol);
	}
	tu_end("margins", cases - before);
}

/* ---- 2D ---- */

static mink_pose2 at2(double x, double y) { return tu_pose2(x, y, 0.0); }

static void test_2d(void **state)
{
	(void)state;
	tu_begin();
	long before = cases;
	mink_shape2 c1 = tu_circle(1.0), c05 = tu_circle(0.5);

	case2("circles apart", c1, at2(0, 0), c05, at2(1.2, 1.6), 0.5, V(0.6, 0.8, 0),
	      V(0.6, 0.8, 0), V(0.9, 1.2, 0));
	case2("circles overlapping", c1, at2(0, 0), c05, at2(0.6, 0.8), -0.5, V(0.6, 0.8, 0),
	      V(0.6, 0.8, 0), V(0.3, 0.4, 0));
	case2("circles rotated", c1, tu_pose2(1, -2, 0.7), tu_circle(0.4),
	      tu_pose2(0.04, -1.28, -2.0), -0.2, V(-0.8, 0.6, 0), V(0.2, -1.4, 0),
	      V(0.36, -1.52, 0));

	/* overlaps: x 0.2, y 0.8 */
	patch2("boxes overlapping along x", tu_box2(1, 0.5), at2(0, 0), tu_box2(0.5, 0.5),
	       at2(1.3, 0.2), -0.2, V(1, 0, 0), V(1, -0.3, 0), V(1, 0.5, 0));
	/* a box turned 45 degrees with its lowest corner 0.1 into A's top face */
	case2("box corner into box", tu_box2(1, 0.5), at2(0, 0), tu_box2(0.5, 0.5),
	      tu_pose2(0, 0.5 + 0.5 * sqrt(2.0) - 0.1, PI / 4), -0.1, V(0, 1, 0),
	      V(0, 0.5, 0), V(0, 0.4, 0));
	{
		/* the same turned by 0.3 and moved, 0.25 apart */
		mink_pose2 pa = tu_pose2(2, 1, 0.3);
		mink_vec2 cb = tu_to_world2(&pa, tu_v2(0, 0.5 + 0.5 * sqrt(2.0) + 0.25));
		mink_vec2 n = tu_rotate2(0.3, tu_v2(0, 1));
		case2("rotated box corner, apart", tu_box2(1, 0.5), pa, tu_box2(0.5, 0.5),
		      tu_pose2(cb.x, cb.y, 0.3 + PI / 4), 0.25, tu_v2to3(n),
		      tu_v2to3(tu_to_world2(&pa, tu_v2(0, 0.5))),
		      tu_v2to3(tu_to_world2(&pa, tu_v2(0, 0.75))));
	}

	/* a capsule turned +90 degrees: its core runs along x from -1 to 1 */
	mink_shape2 cap = tu_capsule2(0.25, 1.0);
	mink_pose2 pc = tu_pose2(0, 0, PI / 2);
	case2("capsule side, circle apart", cap, pc, c05, at2(0.5, 1.0), 0.25, V(0, 1, 0),
	      V(0.5, 0.25, 0), V(0.5, 0.5, 0));
	case2("capsule end, circle apart", cap, pc, c05, at2(-1.6, 0.8), 0.25, V(-0.6, 0.8, 0),
	      V(-1.15, 0.2, 0), V(-1.3, 0.4, 0));
	case2("capsule side, circle overlapping", cap, pc, c05, at2(0.3, -0.6), -0.15,
	      V(0, -1, 0), V(0.3, -0.25, 0), V(0.3, -0.1, 0));
	{
		mink_shape2 b = tu_box2(0.5, 0.5);
		b.margin = 0.1;
		case2("margin box, circle apart", b, at2(0, 0), tu_circle(0.3), at2(1, 0.2), 0.1,
		      V(1, 0, 0), V(0.6, 0.2, 0), V(0.7, 0.2, 0));
	}
	{
		/* a polygon given in no particular order, with an inner point */
		static const mink_vec2 sq[5] = {{1, 1}, {-1, -1}, {0.2, 0.1}, {1, -1}, {-1, 1}};
		case2("polygon vs circle", tu_polygon(sq, 5), at2(0, 0), c05, at2(0.3, 1.4), -0.1,
		      V(0, 1, 0), V(0.3, 1, 0), V(0.3, 0.9, 0));
	}
	tu_end("2D", cases - before);
}

/* ---- curved cores ---- */

static void test_smooth(void **state)
{
	(void)state;
	tu_begin();
	long before = cases;
	mink_shape3 slab = tu_box(2, 2, 0.5);
	mink_pose3 o = at(0, 0, 0);
	mink_shape3 cyl = tu_cylinder(0.5, 1.0), cone = tu_cone(0.5, 1.0);

	{
		/* standing on the slab, 0.1 deep: the contact is the base disc */
		mink_result r = patch3("cylinder standing on a box", slab, o, cyl,
		                       at(0.3, -0.2, 1.4), -0.1, V(0, 0, 1), V(-0.2, -0.7, 0.5),
		                       V(0.8, 0.3, 0.5), exact_tol);
		tu_case("cylinder standing on a box");
		CHECK(hypot(r.point_a.x - 0.3, r.point_a.y + 0.2) <= 0.5 + EXACT,
		      "point_a (%.17g, %.17g) outside the base disc", r.point_a.x, r.point_a.y);
	}
	/* lying along y, 0.05 deep: the contact is the line x = 0.1 */
	patch3("cylinder lying on a box", slab, o, cyl,
	       tu_pose3(0.1, 0.2, 0.95, tu_quat_axis_angle(V(1, 0, 0), PI / 2)), -0.05,
	       V(0, 0, 1), V(0.1, -0.8, 0.5), V(0.1, 1.2, 0.5), smooth_tol);
	case3("sphere at a cylinder side", cyl, o, tu_sphere(0.3), at(1.0, 0, 0.2), 0.2,
	      V(1, 0, 0), V(0.5, 0, 0.2), V(0.7, 0, 0.2), smooth_tol);
	{
		mink_pose3 p = tu_pose3(1, 2, -1, tu_quat_axis_angle(V(1, -2, 0.5), 0.9));
		mink_vec3 c = tu_to_world3(&p, V(1.0, 0, 0.2));
		case3("sphere at a rotated cylinder side", cyl, p, tu_sphere(0.3),
		      tu_pose3(c.x, c.y, c.z, tu_quat_identity()), 0.2,
		      tu_rotate(p.rotation, V(1, 0, 0)), tu_to_world3(&p, V(0.5, 0, 0.2)),
		      tu_to_world3(&p, V(0.7, 0, 0.2)), smooth_tol);
	}
	/* beyond the rim (0.5, 0, 1), 0.3 away along (0.6, 0, 0.8) */
	case3("sphere beyond a cylinder rim", cyl, o, tu_sphere(0.1), at(0.68, 0, 1.24), 0.2,
	      V(0.6, 0, 0.8), V(0.5, 0, 1), V(0.62, 0, 1.16), smooth_tol);

	case3("sphere above a cone apex", cone, o, tu_sphere(0.3), at(0, 0, 1.5), 0.2,
	      V(0, 0, 1), V(0, 0, 1), V(0, 0, 1.2), exact_tol);
	{
		/* the slant through (0.5, 0, -1) and (0, 0, 1) has normal (4, 0, 1)/sqrt 17 */
		mink_vec3 n = tu_normalize(V(4, 0, 1));
		mink_vec3 foot = V(0.25, 0, 0);
		mink_vec3 c = tu_add(foot, tu_scale(n, 0.5));
		case3("sphere at a cone side", cone, o, tu_sphere(0.3), at(c.x, c.y, c.z), 0.2, n,
		      foot, tu_add(foot, tu_scale(n, 0.2)), smooth_tol);
	}
	{
		mink_result r = patch3("cone base on a box", slab, o, cone, at(0, 0, 1.4), -0.1,
		                       V(0, 0, 1), V(-0.5, -0.5, 0.5), V(0.5, 0.5, 0.5), exact_tol);
		tu_case("cone base on a box");
		CHECK(hypot(r.point_a.x, r.point_a.y) <= 0.5 + EXACT,
		      "point_a (%.17g, %.17g) outside the base disc", r.point_a.x, r.point_a.y);
	}

	mink_shape3 ell = tu_ellipsoid(1, 2, 3);
	case3("sphere above an ellipsoid", ell, o, tu_sphere(0.5), at(0, 0, 3.7), 0.2,
	      V(0, 0, 1), V(0, 0, 3), V(0, 0, 3.2), smooth_tol);
	case3("ellipsoid tip into a box", ell, o, tu_box(0.5, 0.5, 0.5), at(1.4, 0, 0), -0.1,
	      V(1, 0, 0), V(1, 0, 0), V(0.9, 0, 0), smooth_tol);
	{
		mink_pose3 p = tu_pose3(-3, 0.5, 2, tu_quat_axis_angle(V(2, 1, -1), -1.3));
		mink_vec3 c = tu_to_world3(&p, V(0, 2.5, 0));
		case3("sphere beside a rotated ellipsoid", ell, p, tu_sphere(0.25),
		      tu_pose3(c.x, c.y, c.z, tu_quat_identity()), 0.25,
		      tu_rotate(p.rotation, V(0, 1, 0)), tu_to_world3(&p, V(0, 2, 0)),
		      tu_to_world3(&p, V(0, 2.25, 0)), smooth_tol);
	}
	tu_end("curved cores", cases - before);
}

/* ---- touching ---- */

static void touching3(const char *name, mink_shape3 a, mink_pose3 pa, mink_shape3 b,
                      mink_pose3 pb, mink_vec3 n)
{
	tu_case("%s", name);
	mink_result r = query3(&a, &pa, &b, &pb);
	if (!CHECK_RESULT3(&r, &pa, &pb, 1e-12))
		return;
	CHECK_NEAR("distance", r.distance, 0.0, 1e-12, 0);
	CHECK(r.state == MINK_TOUCHING || fabs(r.distance) <= 1e-12,
	      "state %d with distance %.17g", (int)r.state, r.distance);
	CHECK_VEC3("normal", r.normal, n, EXACT);
}

static void test_touching(void **state)
{
	(void)state;
	tu_begin();
	long before = cases;
	mink_shape3 u = tu_box(0.5, 0.5, 0.5);
	touching3("unit boxes face to face", u, at(0, 0, 0), u, at(1, 0, 0), V(1, 0, 0));
	touching3("unit boxes, offset faces", u, at(0, 0, 0), u, at(0.25, -0.25, -1),
	          V(0, 0, -1));
	touching3("unit spheres", tu_sphere(1), at(0, 0, 0), tu_sphere(1), at(0, 2, 0),
	          V(0, 1, 0));
	touching3("box and sphere", tu_box(1, 1, 1), at(0, 0, 0), tu_sphere(0.5),
	          at(0, 0, 1.5), V(0, 0, 1));
	{
		tu_case("2D unit boxes");
		mink_shape2 b = tu_box2(0.5, 0.5);
		mink_pose2 pa = at2(0, 0), pb = at2(1, 0.25);
		mink_result r = query2(&b, &pa, &b, &pb);
		if (CHECK_RESULT2(&r, &pa, &pb, 1e-12)) {
			CHECK_NEAR("distance", r.distance, 0.0, 1e-12, 0);
			CHECK(r.state == MINK_TOUCHING || fabs(r.distance) <= 1e-12,
			      "state %d with distance %.17g", (int)r.state, r.distance);
			CHECK_VEC3("normal", r.normal, V(1, 0, 0), EXACT);
		}
	}
	tu_end("touching", cases - before);
}

/* ---- invalid input ---- */

static void expect_error3(const char *name, mink_shape3 a, mink_pose3 pa, mink_shape3 b,
                          mink_pose3 pb, mink_error want)
{
	for (int swap = 0; swap < 2; swap++) {
		tu_case("%s %s", name, swap ? "(as b)" : "(as a)");
		mink_result r = swap ? query3(&b, &pb, &a, &pa) : query3(&a, &pa, &b, &pb);
		CHECK(r.status == MINK_ERROR, "status %d, want MINK_ERROR", (int)r.status);
		CHECK(r.error == want, "error %d, want %d", (int)r.error, (int)want);
		CHECK(tu_result_finite(&r), "NaN or infinity in an error result");
	}
}

static void expect_error2(const char *name, mink_shape2 a, mink_pose2 pa, mink_shape2 b,
                          mink_pose2 pb, mink_error want)
{
	for (int swap = 0; swap < 2; swap++) {
		tu_case("%s %s", name, swap ? "(as b)" : "(as a)");
		mink_result r = swap ? query2(&b, &pb, &a, &pa) : query2(&a, &pa, &b, &pb);
		CHECK(r.status == MINK_ERROR, "status %d, want MINK_ERROR", (int)r.status);
		CHECK(r.error == want, "error %d, want %d", (int)r.error, (int)want);
		CHECK(tu_result_finite(&r), "NaN or infinity in an error result");
	}
}

static void test_invalid(void **state)
{
	(void)state;
	tu_begin();
	long before = cases;
	const double nan = NAN, inf = INFINITY;
	mink_shape3 good = tu_sphere(1.0);
	mink_pose3 o = at(0, 0, 0), far = at(5, 0, 0);

	struct {
		const char *name;
		mink_shape3 s;
	} bad[12];
	int nbad = 0;
	static const mink_vec3 pts_nan[4] = {{0, 0, 0}, {1, 0, 0}, {0, NAN, 0}, {0, 0, 1}};
	static const mink_vec3 pts_ok[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	bad[nbad].name = "negative radius";
	bad[nbad++].s = tu_sphere(-1.0);
	bad[nbad].name = "NaN radius";
	bad[nbad++].s = tu_sphere(nan);
	bad[nbad].name = "infinite radius";
	bad[nbad++].s = tu_sphere(inf);
	bad[nbad].name = "negative half extent";
	bad[nbad++].s = tu_box(1, -0.5, 1);
	bad[nbad].name = "negative capsule half height";
	bad[nbad++].s = tu_capsule(0.5, -1);
	bad[nbad].name = "NaN ellipsoid radius";
	bad[nbad++].s = tu_ellipsoid(1, nan, 1);
	bad[nbad].name = "hull with 0 points";
	bad[nbad++].s = tu_hull(pts_ok, 0);
	bad[nbad].name = "hull with a NaN point";
	bad[nbad++].s = tu_hull(pts_nan, 4);
	bad[nbad].name = "negative margin";
	bad[nbad].s = tu_box(1, 1, 1);
	bad[nbad++].s.margin = -0.1;
	bad[nbad].name = "NaN margin";
	bad[nbad].s = tu_sphere(1);
	bad[nbad++].s.margin = nan;
	bad[nbad].name = "unknown type";
	bad[nbad].s = tu_sphere(1);
	bad[nbad++].s.type = (mink_shape3_type)99;
	for (int i = 0; i < nbad; i++) {
		expect_error3(bad[i].name, bad[i].s, o, good, far, MINK_ERR_BAD_SHAPE);
		tu_case("mink_shape3_check: %s", bad[i].name);
		CHECK(mink_shape3_check(&bad[i].s) == MINK_ERR_BAD_SHAPE,
		      "mink_shape3_check returned %d", (int)mink_shape3_check(&bad[i].s));
	}
	tu_case("mink_shape3_check of valid shapes");
	CHECK(mink_shape3_check(&good) == MINK_ERR_NONE, "valid sphere rejected");
	{
		mink_shape3 h = tu_hull(pts_ok, 4), z = tu_box(0, 0, 0);
		CHECK(mink_shape3_check(&h) == MINK_ERR_NONE, "valid hull rejected");
		CHECK(mink_shape3_check(&z) == MINK_ERR_NONE, "zero-size box rejected");
	}

	expect_error3("NaN position", good, at(0, nan, 0), good, far, MINK_ERR_BAD_POSE);
	expect_error3("infinite position", good, at(inf, 0, 0), good, far, MINK_ERR_BAD_POSE);
	expect_error3("zero quaternion", good, tu_pose3(0, 0, 0, tu_quat(0, 0, 0, 0)), good,
	              far, MINK_ERR_BAD_POSE);
	expect_error3("NaN quaternion", good, tu_pose3(0, 0, 0, tu_quat(1, nan, 0, 0)), good,
	              far, MINK_ERR_BAD_POSE);

	mink_shape2 g2 = tu_circle(1.0);
	mink_pose2 o2 = at2(0, 0), far2 = at2(5, 0);
	expect_error2("negative circle radius", tu_circle(-0.5), o2, g2, far2,
	              MINK_ERR_BAD_SHAPE);
	expect_error2("NaN box half extent", tu_box2(nan, 1), o2, g2, far2, MINK_ERR_BAD_SHAPE);
	expect_error2("polygon with 0 points", tu_polygon(NULL, 0), o2, g2, far2,
	              MINK_ERR_BAD_SHAPE);
	{
		mink_shape2 s = tu_box2(1, 1);
		s.margin = -1;
		expect_error2("negative 2D margin", s, o2, g2, far2, MINK_ERR_BAD_SHAPE);
		tu_case("mink_shape2_check");
		CHECK(mink_shape2_check(&s) == MINK_ERR_BAD_SHAPE, "negative margin accepted");
		CHECK(mink_shape2_check(&g2) == MINK_ERR_NONE, "valid circle rejected");
	}
	expect_error2("NaN angle", g2, tu_pose2(0, 0, nan), g2, far2, MINK_ERR_BAD_POSE);
	expect_error2("infinite angle", g2, tu_pose2(0, 0, inf), g2, far2, MINK_ERR_BAD_POSE);
	/* |angle| > MINK_MAX_COORD, as mink.h says (the CLI refused it, the
	 * library answered) */
	expect_error2("angle of 1e101", g2, tu_pose2(0, 0, 1e101), g2, far2, MINK_ERR_BAD_POSE);
	expect_error2("angle of -1e101", g2, far2, g2, tu_pose2(0, 0, -1e101), MINK_ERR_BAD_POSE);
	expect_error2("NaN 2D position", g2, tu_pose2(nan, 0, 0), g2, far2, MINK_ERR_BAD_POSE);
	tu_end("invalid input", cases - before);
}

/* ---- the small API ---- */

static void test_api(void **state)
{
	(void)state;
	tu_begin();
	long n = 0;
	mink_options opt = mink_default_options();
	tu_case("default options");
	CHECK(opt.tolerance == 1e-10 && opt.size_tolerance == 1e-13 &&
	              opt.max_gjk_iterations == 256 && opt.max_epa_iterations == 32768,
	      "defaults %g %g %d %d", opt.tolerance, opt.size_tolerance, opt.max_gjk_iterations,
	      opt.max_epa_iterations);

	tu_case("names");
	CHECK(strcmp(mink_status_name(MINK_OK), "ok") == 0, "status name");
	CHECK(strcmp(mink_status_name(MINK_APPROXIMATE), "approximate") == 0, "status name");
	CHECK(strcmp(mink_status_name(MINK_ERROR), "error") == 0, "status name");
	CHECK(strcmp(mink_state_name(MINK_SEPARATED), "separated") == 0, "state name");
	CHECK(strcmp(mink_state_name(MINK_TOUCHING), "touching") == 0, "state name");
	CHECK(strcmp(mink_state_name(MINK_PENETRATING), "penetrating") == 0, "state name");
	CHECK(strcmp(mink_warning_name(MINK_WARN_NONE), "none") == 0, "warning name");
	CHECK(strcmp(mink_warning_name(MINK_WARN_GJK_ITERATIONS), "gjk_iterations") == 0,
	      "warning name");
	CHECK(strcmp(mink_warning_name(MINK_WARN_EPA_ITERATIONS), "epa_iterations") == 0,
	      "warning name");
	CHECK(strcmp(mink_warning_name(MINK_WARN_EPA_CAPACITY), "epa_capacity") == 0,
	      "warning name");
	CHECK(strcmp(mink_warning_name(MINK_WARN_DEGENERATE), "degenerate") == 0,
	      "warning name");
	CHECK(strcmp(mink_error_name(MINK_ERR_NONE), "none") == 0, "error name");
	CHECK(strcmp(mink_error_name(MINK_ERR_BAD_SHAPE), "bad_shape") == 0, "error name");
	CHECK(strcmp(mink_error_name(MINK_ERR_BAD_POSE), "bad_pose") == 0, "error name");
	CHECK(strcmp(mink_error_name(MINK_ERR_BAD_OPTIONS), "bad_options") == 0, "error name");

	/* options out of range are an error of the query, not an answer (an
	 * infinite tolerance stopped GJK at once, and its guess was `ok`;
	 * a GJK cap of 0 gave `touching`) */
	{
		mink_shape3 a = tu_box(1, 2, 3), b = tu_sphere(0.5);
		mink_pose3 pa = tu_pose3(0, 0, 0, tu_quat(1, 0, 0, 0));
		mink_pose3 pb = tu_pose3(3, 1, 0, tu_quat(1, 0, 0, 0));
		mink_shape2 a2 = tu_box2(1, 2), b2 = tu_box2(0.5, 0.5);
		mink_pose2 qa = tu_pose2(0, 0, 0), qb = tu_pose2(3, 1, 0.3);
		for (int k = 0; k < 16; k++) {
			mink_options o = mink_default_options();
			const char *what = "";
			switch (k) {
			case 0: o.tolerance = INFINITY; what = "tolerance inf"; break;
			case 1: o.tolerance = NAN; what = "tolerance nan"; break;
			case 2: o.tolerance = -1e-10; what = "tolerance < 0"; break;
			case 3: o.size_tolerance = INFINITY; what = "size tolerance inf"; break;
			case 4: o.size_tolerance = -0.5; what = "size tolerance < 0"; break;
			case 5: o.contact_tolerance = NAN; what = "contact tolerance nan"; break;
			case 6: o.contact_tolerance = -INFINITY; what = "contact tolerance -inf"; break;
			case 7: o.max_gjk_iterations = 0; what = "no GJK iteration"; break;
			case 8: o.max_epa_iterations = -3; what = "EPA iterations < 0"; break;
			case 9: o.max_contacts = 0; what = "no contact"; break;
			case 10: o.max_contacts = MINK_MAX_CONTACTS + 1; what = "17 contacts"; break;
			/* the edges of the ranges are valid */
			case 11: o.tolerance = DBL_MAX; what = "tolerance DBL_MAX"; break;
			case 12: o.size_tolerance = 0; what = "size tolerance 0"; break;
			case 13: o.max_contacts = MINK_MAX_CONTACTS; what = "16 contacts"; break;
			case 14: o.max_gjk_iterations = 1; o.max_epa_iterations = 1; what = "caps of 1"; break;
			default: o.contact_tolerance = 0; what = "contact tolerance 0"; break;
			}
			int bad = k <= 10;
			tu_case("options: %s", what);
			mink_result r3, r2;
			tu_poison(&r3);
			tu_poison(&r2);
			mink_status s3 = mink_query3(&a, &pa, &b, &pb, &o, &r3);
			mink_status s2 = mink_query2(&a2, &qa, &b2, &qb, &o, &r2);
			n += 2;
			CHECK((mink_options_check(&o) == MINK_ERR_BAD_OPTIONS) == bad, "check %d",
			      mink_options_check(&o));
			if (bad) {
				CHECK(s3 == MINK_ERROR && r3.status == MINK_ERROR &&
				          r3.error == MINK_ERR_BAD_OPTIONS,
				      "3D status %d error %d", r3.status, r3.error);
				CHECK(s2 == MINK_ERROR && r2.status == MINK_ERROR &&
				          r2.error == MINK_ERR_BAD_OPTIONS,
				      "2D status %d error %d", r2.status, r2.error);
			} else {
				CHECK(s3 != MINK_ERROR && s2 != MINK_ERROR, "valid options refused: %d %d",
				      r3.error, r2.error);
			}
		}
		CHECK(mink_options_check(NULL) == MINK_ERR_BAD_OPTIONS, "NULL options");
	}

	/* explicit default options give the same answer as NULL */
	{
		tu_case("explicit default options");
		mink_shape3 a = tu_box(1, 2, 3), b = tu_capsule(0.3, 0.8);
		mink_pose3 pa = tu_pose3(0.1, 0.2, 0.3, tu_quat_axis_angle(V(1, 1, 1), 0.5));
		mink_pose3 pb = tu_pose3(1.2, 1.9, -0.4, tu_quat_axis_angle(V(0, 1, 1), -1));
		mink_result r1, r2;
		tu_poison(&r1);
		tu_poison(&r2);
		mink_query3(&a, &pa, &b, &pb, NULL, &r1);
		mink_query3(&a, &pa, &b, &pb, &opt, &r2);
		CHECK(r1.status == MINK_OK && r2.status == MINK_OK, "status %d %d",
		      (int)r1.status, (int)r2.status);
		CHECK(r1.distance == r2.distance, "distance %.17g vs %.17g", r1.distance,
		      r2.distance);
		n += 2;
	}

	/* tangents: orthonormal, right-handed, deterministic */
	tu_rng rng;
	tu_rng_seed(&rng, 0x6d696e6b01ULL);
	for (int i = 0; i < 2000; i++) {
		mink_vec3 nv;
		if (i < 6)
			nv = V(i == 0 ? 1 : i == 1 ? -1 : 0, i == 2 ? 1 : i == 3 ? -1 : 0,
			       i == 4 ? 1 : i == 5 ? -1 : 0);
		else if (i < 500)
			/* near the axes, where naive choices lose precision */
			nv = tu_normalize(tu_add(V(i % 3 == 0 ? 1 : 0, i % 3 == 1 ? -1 : 0,
			                           i % 3 == 2 ? 1 : 0),
			                         tu_scale(tu_rng_unit_vec3(&rng), 1e-9 * (i % 7))));
		else
			nv = tu_rng_unit_vec3(&rng);
		tu_case("mink_tangents #%d n = (%.17g, %.17g, %.17g)", i, nv.x, nv.y, nv.z);
		mink_vec3 t0, t1, u0, u1;
		mink_tangents(nv, &t0, &t1);
		mink_tangents(nv, &u0, &u1);
		CHECK_NEAR("|t0|", tu_norm(t0), 1, 1e-14, 0);
		CHECK_NEAR("|t1|", tu_norm(t1), 1, 1e-14, 0);
		CHECK_NEAR("t0.t1", tu_dot(t0, t1), 0, 1e-14, 0);
		CHECK_NEAR("t0.n", tu_dot(t0, nv), 0, 1e-14, 0);
		CHECK_NEAR("t1.n", tu_dot(t1, nv), 0, 1e-14, 0);
		CHECK_VEC3("t0 x t1", tu_cross(t0, t1), nv, 1e-14);
		CHECK(memcmp(&t0, &u0, sizeof t0) == 0 && memcmp(&t1, &u1, sizeof t1) == 0,
		      "not deterministic");
		n++;
	}
	tu_end("api", n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sphere_sphere), cmocka_unit_test(test_sphere_box),
		cmocka_unit_test(test_capsule_capsule), cmocka_unit_test(test_box_box),
		cmocka_unit_test(test_margins),         cmocka_unit_test(test_2d),
		cmocka_unit_test(test_smooth),          cmocka_unit_test(test_touching),
		cmocka_unit_test(test_invalid),         cmocka_unit_test(test_api),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	printf("test_analytic: %ld queries\n", cases);
	return rc;
}
