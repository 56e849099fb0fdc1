/*
 * test_noalloc.c - no heap allocation per query.
 *
 * This program defines malloc, calloc, realloc, free and the aligned
 * allocators itself, forwarding to glibc's __libc_* entry points and
 * counting the calls made while a window is open; glibc supports such a
 * replacement and routes its own internal allocations (qsort's, say)
 * through it too.  Then 10 000 mink_query3 and 10 000 mink_query2 calls
 * over every pair of shape kinds, margins, deep overlaps, touching and
 * separated poses, small hulls, large hulls scanned and large hulls with
 * hill-climbing adjacency, must allocate nothing.
 *
 * Sanitizers (ASan, TSan, MSan) replace the allocator themselves: there
 * the tests are skipped, with a message.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mink.h"
#include "testutil.h"

enum { QUERIES = 10000 };

/* What the counting allocator counts: calls while `counting` is set. */
static volatile int counting;
static volatile long allocations;

#ifndef SANITIZED

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);
extern void __libc_free(void *p);
extern void *__libc_memalign(size_t align, size_t size);

static void note(void)
{
	if (counting)
		allocations++;
}

void *malloc(size_t size)
{
	note();
	return __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
	note();
	return __libc_calloc(n, size);
}

void *realloc(void *p, size_t size)
{
	note();
	return __libc_realloc(p, size);
}

void free(void *p)
{
	if (p)
		note();
	__libc_free(p);
}

void *aligned_alloc(size_t align, size_t size)
{
	note();
	return __libc_memalign(align, size);
}

int posix_memalign(void **out, size_t align, size_t size)
{
	void *p;

	note();
	if (align < sizeof(void *) || (align & (align - 1)) != 0)
		return EINVAL;
	p = __libc_memalign(align, size);
	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}

void *memalign(size_t align, size_t size);

void *memalign(size_t align, size_t size)
{
	note();
	return __libc_memalign(align, size);
}

#endif /* !SANITIZED */

/* A small seeded generator (xorshift64*), the same on every machine. */
static uint64_t rng = 0x9E3779B97F4A7C15ULL;

static double unit(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (double)((rng * 2685821657736338717ULL) >> 11) * 0x1p-53;
}

static double range(double lo, double hi)
{
	return lo + (hi - lo) * unit();
}

static mink_vec3 vec3(double r)
{
	return (mink_vec3){range(-r, r), range(-r, r), range(-r, r)};
}

static mink_quat quat(void)
{
	mink_quat q = {range(-1, 1), range(-1, 1), range(-1, 1), range(-1, 1)};

	if (q.w == 0 && q.x == 0 && q.y == 0 && q.z == 0)
		q.w = 1;
	return q;
}

enum { SMALL = 12, LARGE = 2000, KINDS3 = 12, KINDS2 = 6 };

static mink_vec3 small_pts[2][SMALL], large_pts[LARGE];
static mink_vec2 poly_pts[2][SMALL];
static mink_hull built;

/* Shape kind k (all of mink_shape3_type, then three kinds of hulls). */
static mink_shape3 shape3(int k, int side)
{
	mink_shape3 s;

	memset(&s, 0, sizeof s);
	s.margin = unit() < 0.25 ? range(0, 0.3) : 0;
	switch (k) {
	case 0:
		s.type = MINK_SPHERE;
		s.sphere.radius = range(0.1, 1);
		break;
	case 1:
		s.type = MINK_BOX;
		s.box.half_extents = (mink_vec3){range(0.1, 1), range(0.1, 1), range(0.1, 1)};
		break;
	case 2:
		s.type = MINK_CAPSULE;
		s.capsule.radius = range(0.1, 1);
		s.capsule.half_height = range(0, 1);
		break;
	case 3:
		s.type = MINK_CYLINDER;
		s.cylinder.radius = range(0.1, 1);
		s.cylinder.half_height = range(0.1, 1);
		break;
	case 4:
		s.type = MINK_CONE;
		s.cone.radius = range(0.1, 1);
		s.cone.half_height = range(0.1, 1);
		break;
	case 5:
		s.type = MINK_ELLIPSOID;
		s.ellipsoid.radii = (mink_vec3){range(0.1, 1), range(0.1, 1), range(0.1, 1)};
		break;
	case 6:
		s.type = MINK_POINT;
		break;
	case 7:
		s.type = MINK_SEGMENT;
		s.segment.points[0] = vec3(1);
		s.segment.points[1] = vec3(1);
		break;
	case 8:
		s.type = MINK_TRIANGLE;
		for (int i = 0; i < 3; i++)
			s.triangle.points[i] = vec3(1);
		break;
	case 9: /* a small hull, scanned */
		s.type = MINK_HULL;
		for (int i = 0; i < SMALL; i++)
			small_pts[side][i] = vec3(1);
		s.hull.points = small_pts[side];
		s.hull.count = 4 + (int)(unit() * (SMALL - 4));
		break;
	case 10: /* a large hull, scanned */
		s.type = MINK_HULL;
		s.hull.points = large_pts;
		s.hull.count = LARGE;
		break;
	default: /* a large hull with hill-climbing adjacency */
		s = mink_hull_shape(&built, s.margin);
		break;
	}
	return s;
}

static mink_shape2 shape2(int k, int side)
{
	mink_shape2 s;

	memset(&s, 0, sizeof s);
	s.margin = unit() < 0.25 ? range(0, 0.3) : 0;
	switch (k) {
	case 0:
		s.type = MINK_CIRCLE2;
		s.circle.radius = range(0.1, 1);
		break;
	case 1:
		s.type = MINK_BOX2;
		s.box.half_extents = (mink_vec2){range(0.1, 1), range(0.1, 1)};
		break;
	case 2:
		s.type = MINK_CAPSULE2;
		s.capsule.radius = range(0.1, 1);
		s.capsule.half_height = range(0, 1);
		break;
	case 3:
		s.type = MINK_SEGMENT2;
		s.segment.points[0] = (mink_vec2){range(-1, 1), range(-1, 1)};
		s.segment.points[1] = (mink_vec2){range(-1, 1), range(-1, 1)};
		break;
	case 4:
		s.type = MINK_POINT2;
		break;
	default:
		s.type = MINK_POLYGON2;
		for (int i = 0; i < SMALL; i++)
			poly_pts[side][i] = (mink_vec2){range(-1, 1), range(-1, 1)};
		s.polygon.points = poly_pts[side];
		s.polygon.count = 1 + (int)(unit() * SMALL);
		break;
	}
	return s;
}

/* Where B goes: often deep inside A, sometimes on A, else anywhere. */
static mink_vec3 offset(int i, double *scale)
{
	switch (i % 5) {
	case 0:
		*scale = 0;
		return (mink_vec3){0, 0, 0}; /* concentric */
	case 1:
		*scale = 0.3;
		break;
	default:
		*scale = 2.5;
		break;
	}
	return vec3(*scale);
}

static int setup(void **state)
{
	(void)state;
	for (int i = 0; i < LARGE; i++) {
		/* points near a sphere: every one of them a hull vertex, or nearly */
		mink_vec3 v = vec3(1);
		double n = sqrt(v.x * v.x + v.y * v.y + v.z * v.z);

		if (n == 0) {
			v = (mink_vec3){1, 0, 0};
			n = 1;
		}
		large_pts[i] = (mink_vec3){v.x / n, v.y / n, v.z / n};
	}
	return mink_hull_build(large_pts, LARGE, &built) == MINK_HULL_OK ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	mink_hull_free(&built);
	return 0;
}

static void skip_if_sanitized(void)
{
#ifdef SANITIZED
	print_message("skipped: a sanitizer replaces malloc, so allocations "
	              "cannot be counted in this build\n");
	skip();
#endif
}

/* The counter itself counts: otherwise zero below would prove nothing. */
static void test_counter_counts(void **state)
{
	(void)state;
	skip_if_sanitized();
	{
		void *(*volatile do_malloc)(size_t) = malloc;
		void (*volatile do_free)(void *) = free;
		void *p;

		allocations = 0;
		counting = 1;
		p = do_malloc(24);
		do_free(p);
		counting = 0;
		assert_int_equal(allocations, 2);
	}
}

static void test_query3_no_alloc(void **state)
{
	mink_options opt = mink_default_options();
	long errors = 0, touching = 0;

	(void)state;
	skip_if_sanitized();
	allocations = 0;
	for (int i = 0; i < QUERIES; i++) {
		int ka = i % KINDS3, kb = i / KINDS3 % KINDS3;
		mink_shape3 a = shape3(ka, 0), b = shape3(kb, 1);
		double scale;
		mink_pose3 pa = {vec3(1e3), quat()}, pb;
		mink_result res;

		/* a far from the origin, b placed relative to it */
		mink_vec3 d = offset(i, &scale);

		pb.position = (mink_vec3){pa.position.x + d.x, pa.position.y + d.y,
		                          pa.position.z + d.z};
		pb.rotation = i % 7 == 0 ? pa.rotation : quat();
		counting = 1;
		mink_query3(&a, &pa, &b, &pb, &opt, &res);
		counting = 0;
		errors += res.status == MINK_ERROR;
		touching += res.state != MINK_SEPARATED;
	}
	print_message("%d 3D queries, %ld overlapping or touching: %ld "
	              "allocations\n", QUERIES, touching, allocations);
	assert_int_equal(allocations, 0);
	assert_int_equal(errors, 0);
	assert_true(touching > QUERIES / 10);
}

static void test_query2_no_alloc(void **state)
{
	mink_options opt = mink_default_options();
	long errors = 0, touching = 0;

	(void)state;
	skip_if_sanitized();
	allocations = 0;
	for (int i = 0; i < QUERIES; i++) {
		int ka = i % KINDS2, kb = i / KINDS2 % KINDS2;
		mink_shape2 a = shape2(ka, 0), b = shape2(kb, 1);
		double scale;
		mink_vec3 d = offset(i, &scale);
		mink_pose2 pa = {{range(-1e3, 1e3), range(-1e3, 1e3)}, range(-4, 4)};
		mink_pose2 pb = {{pa.position.x + d.x, pa.position.y + d.y},
		                 i % 7 == 0 ? pa.angle : range(-4, 4)};
		mink_result res;

		counting = 1;
		mink_query2(&a, &pa, &b, &pb, &opt, &res);
		counting = 0;
		errors += res.status == MINK_ERROR;
		touching += res.state != MINK_SEPARATED;
	}
	print_message("%d 2D queries, %ld overlapping or touching: %ld "
	              "allocations\n", QUERIES, touching, allocations);
	assert_int_equal(allocations, 0);
	assert_int_equal(errors, 0);
	assert_true(touching > QUERIES / 10);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counter_counts),
		cmocka_unit_test(test_query3_no_alloc),
		cmocka_unit_test(test_query2_no_alloc),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
