/*
 * test_makers.c - the shape makers of mink.h make the shapes they say.
 *
 * Each maker is compared with the shape written out field by field, is a
 * valid shape, and gives the distance that geometry gives by hand in a
 * query: two spheres at distance d are d - r1 - r2 apart, a point beyond a
 * box face is as far as the face, and so on.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "mink.h"
#include "testutil.h"

/* The fields the type of a reads, equal in b (margins included). */
static int same3(const mink_shape3 *a, const mink_shape3 *b)
{
	if (a->type != b->type || a->margin != b->margin)
		return 0;
	switch (a->type) {
	case MINK_SPHERE:
		return a->sphere.radius == b->sphere.radius;
	case MINK_BOX:
		return a->box.half_extents.x == b->box.half_extents.x &&
		       a->box.half_extents.y == b->box.half_extents.y &&
		       a->box.half_extents.z == b->box.half_extents.z;
	case MINK_CAPSULE:
		return a->capsule.radius == b->capsule.radius &&
		       a->capsule.half_height == b->capsule.half_height;
	case MINK_CYLINDER:
		return a->cylinder.radius == b->cylinder.radius &&
		       a->cylinder.half_height == b->cylinder.half_height;
	case MINK_CONE:
		return a->cone.radius == b->cone.radius && a->cone.half_height == b->cone.half_height;
	case MINK_ELLIPSOID:
		return a->ellipsoid.radii.x == b->ellipsoid.radii.x &&
		       a->ellipsoid.radii.y == b->ellipsoid.radii.y &&
		       a->ellipsoid.radii.z == b->ellipsoid.radii.z;
	case MINK_POINT:
		return 1;
	case MINK_SEGMENT:
		for (int i = 0; i < 2; i++)
			if (tu_dist(a->segment.points[i], b->segment.points[i]) != 0.0)
				return 0;
		return 1;
	case MINK_TRIANGLE:
		for (int i = 0; i < 3; i++)
			if (tu_dist(a->triangle.points[i], b->triangle.points[i]) != 0.0)
				return 0;
		return 1;
	case MINK_HULL:
		return a->hull.points == b->hull.points && a->hull.count == b->hull.count &&
		       a->hull.adjacency_start == b->hull.adjacency_start &&
		       a->hull.adjacency == b->hull.adjacency;
	}
	return 0;
}

static int same2(const mink_shape2 *a, const mink_shape2 *b)
{
	if (a->type != b->type || a->margin != b->margin)
		return 0;
	switch (a->type) {
	case MINK_CIRCLE2:
		return a->circle.radius == b->circle.radius;
	case MINK_BOX2:
		return a->box.half_extents.x == b->box.half_extents.x &&
		       a->box.half_extents.y == b->box.half_extents.y;
	case MINK_CAPSULE2:
		return a->capsule.radius == b->capsule.radius &&
		       a->capsule.half_height == b->capsule.half_height;
	case MINK_SEGMENT2:
		for (int i = 0; i < 2; i++)
			if (a->segment.points[i].x != b->segment.points[i].x ||
			    a->segment.points[i].y != b->segment.points[i].y)
				return 0;
		return 1;
	case MINK_POINT2:
		return 1;
	case MINK_POLYGON2:
		return a->polygon.points == b->polygon.points && a->polygon.count == b->polygon.count;
	}
	return 0;
}

/* The distance from a (at the origin) to b at position (x, y, z), both
 * unrotated, checked against `want`, with the result's conventions. */
static void expect3(const char *what, const mink_shape3 *a, const mink_shape3 *b, double x,
                    double y, double z, double want)
{
	mink_pose3 pa = tu_pose3(0, 0, 0, tu_quat_identity());
	mink_pose3 pb = tu_pose3(x, y, z, tu_quat_identity());
	mink_result r;
	tu_case("%s, b at (%g, %g, %g)", what, x, y, z);
	mink_query3(a, &pa, b, &pb, NULL, &r);
	CHECK(r.status == MINK_OK, "status %s", mink_status_name(r.status));
	CHECK_NEAR("distance", r.distance, want, 1e-12, 1e-12);
	CHECK_RESULT3(&r, &pa, &pb, 1e-9);
}

static void expect2(const char *what, const mink_shape2 *a, const mink_shape2 *b, double x,
                    double y, double want)
{
	mink_pose2 pa = tu_pose2(0, 0, 0);
	mink_pose2 pb = tu_pose2(x, y, 0);
	mink_result r;
	tu_case("%s, b at (%g, %g)", what, x, y);
	mink_query2(a, &pa, b, &pb, NULL, &r);
	CHECK(r.status == MINK_OK, "status %s", mink_status_name(r.status));
	CHECK_NEAR("distance", r.distance, want, 1e-12, 1e-12);
	CHECK_RESULT2(&r, &pa, &pb, 1e-9);
}

static void check3(const char *what, mink_shape3 got, mink_shape3 want)
{
	tu_case("%s", what);
	CHECK(same3(&got, &want), "the maker's shape differs from the one written out");
	CHECK(mink_shape3_check(&got) == MINK_ERR_NONE, "not a valid shape");
}

static void check2(const char *what, mink_shape2 got, mink_shape2 want)
{
	tu_case("%s", what);
	CHECK(same2(&got, &want), "the maker's shape differs from the one written out");
	CHECK(mink_shape2_check(&got) == MINK_ERR_NONE, "not a valid shape");
}

static void test_makers3_are_the_shapes_written_out(void **state)
{
	(void)state;
	tu_begin();
	static const mink_vec3 cube[8] = {{-1, -1, -1}, {1, -1, -1}, {-1, 1, -1}, {1, 1, -1},
	                                  {-1, -1, 1},  {1, -1, 1},  {-1, 1, 1},  {1, 1, 1}};
	mink_vec3 p = {1, 2, 3}, q = {-4, 5, -6}, r = {7, -8, 9};
	check3("sphere", mink_sphere(0.5), (mink_shape3){.type = MINK_SPHERE, .sphere = {0.5}});
	check3("box", mink_box(1, 2, 3),
	       (mink_shape3){.type = MINK_BOX, .box = {.half_extents = {1, 2, 3}}});
	check3("capsule", mink_capsule(0.5, 2),
	       (mink_shape3){.type = MINK_CAPSULE, .capsule = {.radius = 0.5, .half_height = 2}});
	check3("cylinder", mink_cylinder(0.5, 2),
	       (mink_shape3){.type = MINK_CYLINDER, .cylinder = {.radius = 0.5, .half_height = 2}});
	check3("cone", mink_cone(0.5, 2),
	       (mink_shape3){.type = MINK_CONE, .cone = {.radius = 0.5, .half_height = 2}});
	check3("ellipsoid", mink_ellipsoid(1, 2, 3),
	       (mink_shape3){.type = MINK_ELLIPSOID, .ellipsoid = {.radii = {1, 2, 3}}});
	check3("point", mink_point3(), (mink_shape3){.type = MINK_POINT});
	check3("segment", mink_segment3(p, q),
	       (mink_shape3){.type = MINK_SEGMENT, .segment = {.points = {p, q}}});
	check3("triangle", mink_triangle3(p, q, r),
	       (mink_shape3){.type = MINK_TRIANGLE, .triangle = {.points = {p, q, r}}});
	check3("hull of points", mink_hull_points(cube, 8),
	       (mink_shape3){.type = MINK_HULL, .hull = {.points = cube, .count = 8}});
	tu_end("3D makers as written out", 10);
}

static void test_makers2_are_the_shapes_written_out(void **state)
{
	(void)state;
	tu_begin();
	static const mink_vec2 square[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
	mink_vec2 p = {1, 2}, q = {-3, 4};
	check2("circle", mink_circle(0.5), (mink_shape2){.type = MINK_CIRCLE2, .circle = {0.5}});
	check2("box", mink_box2(1, 2),
	       (mink_shape2){.type = MINK_BOX2, .box = {.half_extents = {1, 2}}});
	check2("capsule", mink_capsule2(0.5, 2),
	       (mink_shape2){.type = MINK_CAPSULE2, .capsule = {.radius = 0.5, .half_height = 2}});
	check2("segment", mink_segment2(p, q),
	       (mink_shape2){.type = MINK_SEGMENT2, .segment = {.points = {p, q}}});
	check2("point", mink_point2(), (mink_shape2){.type = MINK_POINT2});
	check2("polygon", mink_polygon(square, 4),
	       (mink_shape2){.type = MINK_POLYGON2, .polygon = {.points = square, .count = 4}});
	tu_end("2D makers as written out", 6);
}

static void test_makers3_give_the_analytic_distances(void **state)
{
	(void)state;
	tu_begin();
	static const mink_vec3 cube[8] = {{-1, -1, -1}, {1, -1, -1}, {-1, 1, -1}, {1, 1, -1},
	                                  {-1, -1, 1},  {1, -1, 1},  {-1, 1, 1},  {1, 1, 1}};
	mink_shape3 pt = mink_point3();
	mink_shape3 s1 = mink_sphere(0.5), s2 = mink_sphere(0.25);
	/* two spheres at distance d: d - r1 - r2, apart and overlapping */
	expect3("spheres", &s1, &s2, 0, 2, 0, 1.25);
	expect3("spheres", &s1, &s2, 0.3, 0, 0.4, -0.25);
	mink_shape3 box = mink_box(1, 2, 3);
	expect3("box face x", &box, &pt, 5, 0, 0, 4);
	expect3("box face y", &box, &pt, 0, -2.5, 0, 0.5);
	expect3("box face z", &box, &s2, 0, 0, 5, 1.75);
	mink_shape3 cap = mink_capsule(0.5, 1);
	expect3("capsule end", &cap, &pt, 0, 0, 4, 2.5);
	expect3("capsule side", &cap, &pt, 3, 0, 0.5, 2.5);
	mink_shape3 cyl = mink_cylinder(1, 2);
	expect3("cylinder side", &cyl, &pt, 4, 0, 0, 3);
	expect3("cylinder cap", &cyl, &pt, 0.5, 0, -5, 3);
	mink_shape3 cone = mink_cone(1, 1);
	expect3("cone apex", &cone, &pt, 0, 0, 3, 2);
	expect3("cone base", &cone, &pt, 0, 0.5, -3, 2);
	mink_shape3 ell = mink_ellipsoid(1, 2, 3);
	expect3("ellipsoid x", &ell, &pt, 5, 0, 0, 4);
	expect3("ellipsoid y", &ell, &pt, 0, 6, 0, 4);
	expect3("ellipsoid z", &ell, &pt, 0, 0, -7, 4);
	expect3("points", &pt, &pt, 3, 4, 0, 5);
	mink_shape3 seg = mink_segment3(tu_v3(-1, 0, 0), tu_v3(1, 0, 0));
	expect3("segment middle", &seg, &pt, 0, 2, 0, 2);
	expect3("segment end", &seg, &pt, 3, 0, 0, 2);
	mink_shape3 tri = mink_triangle3(tu_v3(0, 0, 0), tu_v3(1, 0, 0), tu_v3(0, 1, 0));
	expect3("triangle face", &tri, &pt, 0.25, 0.25, 2, 2);
	mink_shape3 hull = mink_hull_points(cube, 8);
	expect3("hull of a cube", &hull, &pt, 3, 0.5, 0, 2);
	/* a margin set afterwards sweeps the shape: a point with margin r is
	 * a sphere of radius r */
	mink_shape3 swept = mink_point3();
	swept.margin = 0.5;
	expect3("swept point", &swept, &s2, 3, 0, 0, 2.25);
	tu_end("3D makers against analytic distances", 20);
}

static void test_makers2_give_the_analytic_distances(void **state)
{
	(void)state;
	tu_begin();
	static const mink_vec2 square[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
	mink_shape2 pt = mink_point2();
	mink_shape2 c1 = mink_circle(1), c2 = mink_circle(0.5);
	expect2("circles", &c1, &c2, 3, 0, 1.5);
	expect2("circles", &c1, &c2, 0.6, 0.8, -0.5);
	mink_shape2 box = mink_box2(1, 2);
	expect2("box", &box, &pt, 0, 5, 3);
	expect2("box", &box, &pt, -4, 0, 3);
	mink_shape2 cap = mink_capsule2(0.5, 1);
	expect2("capsule end", &cap, &pt, 0, 4, 2.5);
	expect2("capsule side", &cap, &pt, 3, 0.5, 2.5);
	mink_shape2 seg = mink_segment2(tu_v2(-1, 0), tu_v2(1, 0));
	expect2("segment", &seg, &pt, 0, 3, 3);
	expect2("points", &pt, &pt, 3, 4, 5);
	mink_shape2 poly = mink_polygon(square, 4);
	expect2("polygon", &poly, &pt, 4, 0.5, 3);
	tu_end("2D makers against analytic distances", 9);
}

/* The 0.1 spellings name the same kinds; MINK_MAX_COORD is the limit the
 * checks apply. */
static void test_old_spellings_and_the_coordinate_limit(void **state)
{
	(void)state;
	tu_begin();
	tu_case("aliases");
	CHECK(MINK_CIRCLE == MINK_CIRCLE2, "MINK_CIRCLE is not MINK_CIRCLE2");
	CHECK(MINK_POLYGON == MINK_POLYGON2, "MINK_POLYGON is not MINK_POLYGON2");
	tu_case("limit");
	mink_shape3 big = mink_sphere(MINK_MAX_COORD), over = mink_sphere(2 * MINK_MAX_COORD);
	CHECK(mink_shape3_check(&big) == MINK_ERR_NONE, "a radius of MINK_MAX_COORD is rejected");
	CHECK(mink_shape3_check(&over) == MINK_ERR_BAD_SHAPE,
	      "a radius beyond MINK_MAX_COORD is accepted");
	mink_shape2 wide = mink_box2(1, 2 * MINK_MAX_COORD);
	CHECK(mink_shape2_check(&wide) == MINK_ERR_BAD_SHAPE,
	      "a half extent beyond MINK_MAX_COORD is accepted");
	tu_end("spellings and limit", 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_makers3_are_the_shapes_written_out),
		cmocka_unit_test(test_makers2_are_the_shapes_written_out),
		cmocka_unit_test(test_makers3_give_the_analytic_distances),
		cmocka_unit_test(test_makers2_give_the_analytic_distances),
		cmocka_unit_test(test_old_spellings_and_the_coordinate_limit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
