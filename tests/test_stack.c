/*
 * test_stack.c - a query fits in the stack mink.h promises.
 *
 * A query works on the stack (no allocation per query), and mink.h states
 * how much it needs: MINK_QUERY_STACK.  Threads are made with that in
 * mind (musl's default is 128 KB), so the figure must hold.  Here the
 * queries with the deepest call chains run on a thread whose stack is a
 * buffer painted with a pattern beforehand; afterwards the lowest byte the
 * thread changed gives how deep the stack went, which must be within the
 * promise:
 *  - pairs whose EPA outgrows its room and asks the slices' or the ring's
 *    bound (smooth pairs one inside the other, a cone's apex on a cone's
 *    axis: tests/test_regressions.c);
 *  - hull pairs far from unit size, solved on scaled copies of the points;
 *  - a hull whose face of 200 vertices rests on a box (the manifold's
 *    large-face path);
 *  - every pair of 3D kinds in random poses, and 2D polygons.
 *
 * Sanitizers enlarge every frame: there the test is skipped, with a
 * message.  The figure is for the library as its Makefile builds it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mink.h"
#include "testutil.h"

#define PI 3.14159265358979323846
/* The thread's whole stack: far more than the promise, so that a query
 * that broke it is measured rather than crashes. */
#define ROOM ((size_t)8 << 20)
#define PAINT 0xa5

#ifndef SANITIZED
/* The thread's queries; what it found is read after it is joined. */
typedef struct work {
	int queries, valid;
} work;

static mink_vec3 hull_pts[2][400];
static mink_vec2 poly_pts[2][40];

static void count(work *w, const mink_result *r)
{
	w->queries++;
	w->valid += r->status != MINK_ERROR;
}

static void run3(work *w, const mink_shape3 *a, const mink_pose3 *pa, const mink_shape3 *b,
                 const mink_pose3 *pb)
{
	mink_result r;
	mink_query3(a, pa, b, pb, NULL, &r);
	count(w, &r);
	mink_query3(b, pb, a, pa, NULL, &r);
	count(w, &r);
}

static mink_shape3 kind3(int k, int side, tu_rng *rng)
{
	switch (k) {
	case 0:
		return tu_sphere(0.5);
	case 1:
		return tu_box(0.5, 0.3, 0.2);
	case 2:
		return tu_capsule(0.2, 0.4);
	case 3:
		return tu_cylinder(0.4, 0.5);
	case 4:
		return tu_cone(0.4, 0.5);
	case 5:
		return tu_ellipsoid(0.6, 0.45, 0.3);
	default: {
		int n = k == 6 ? 12 : 300;
		for (int i = 0; i < n; i++)
			hull_pts[side][i] = tu_scale(tu_rng_in_ball(rng), 0.6);
		return tu_hull(hull_pts[side], n);
	}
	}
}

static void *queries(void *arg)
{
	work *w = arg;
	tu_rng rng;
	tu_rng_seed(&rng, 0x5ac4);
	mink_pose3 o = tu_pose3(0, 0, 0, tu_quat_identity());

	/* EPA past its room: smooth pairs one inside the other */
	mink_shape3 seg = {0};
	seg.type = MINK_SEGMENT;
	seg.segment.points[0] = tu_v3(-0.5, 0, 0);
	seg.segment.points[1] = tu_v3(0.5, 0, 0);
	mink_shape3 ell = tu_ellipsoid(0.6, 0.45, 0.3), cap = tu_capsule(0.25, 0.35);
	mink_pose3 y40 = tu_pose3(0, 0, 0, tu_quat_axis_angle(tu_v3(0, 1, 0), 40 * PI / 180));
	mink_pose3 y230 = tu_pose3(0, 0, 0, tu_quat_axis_angle(tu_v3(0, 1, 0), 230 * PI / 180));
	run3(w, &seg, &y40, &ell, &o);
	run3(w, &cap, &y230, &ell, &o);
	/* ... and a cone's apex on a cone's axis: the slices' bound */
	mink_shape3 ca = tu_cone(0.45, 0.5), cb = tu_cone(0.35, 0.4);
	cb.margin = 0.1;
	mink_pose3 pb = tu_pose3(0, 0.2, 0, tu_quat_axis_angle(tu_v3(1, 0, 0), 150 * PI / 180));
	run3(w, &ca, &o, &cb, &pb);

	/* hulls far from unit size: scaled copies of their points */
	for (int s = 0; s < 2; s++) {
		double scale = s ? 1e-30 : 1e30;
		for (int side = 0; side < 2; side++)
			for (int i = 0; i < 256; i++)
				hull_pts[side][i] = tu_scale(tu_rng_in_ball(&rng), scale);
		mink_shape3 ha = tu_hull(hull_pts[0], 256), hb = tu_hull(hull_pts[1], 256);
		mink_pose3 p = tu_pose3(0.3 * scale, 0, 0, tu_rng_quat(&rng));
		run3(w, &ha, &o, &hb, &p);
	}

	/* a face of 200 vertices on a box: a prism's cap */
	for (int i = 0; i < 200; i++) {
		double t = 2 * PI * i / 200;
		hull_pts[0][2 * i] = tu_v3(cos(t), sin(t), 0.5);
		hull_pts[0][2 * i + 1] = tu_v3(cos(t), sin(t), -0.5);
	}
	mink_shape3 prism = tu_hull(hull_pts[0], 400), slab = tu_box(2, 2, 0.25);
	mink_pose3 above = tu_pose3(0, 0, 0.7, tu_quat_identity());
	run3(w, &prism, &o, &slab, &above);

	/* every pair of 3D kinds, random poses */
	for (int i = 0; i < 8 * 8 * 4; i++) {
		mink_shape3 a = kind3(i % 8, 0, &rng), b = kind3(i / 8 % 8, 1, &rng);
		mink_pose3 pa = tu_pose3(0, 0, 0, tu_rng_quat(&rng));
		mink_vec3 t = tu_scale(tu_rng_in_ball(&rng), 1.2);
		mink_pose3 q = tu_pose3(t.x, t.y, t.z, tu_rng_quat(&rng));
		run3(w, &a, &pa, &b, &q);
	}

	/* 2D polygons */
	for (int i = 0; i < 64; i++) {
		for (int side = 0; side < 2; side++)
			for (int k = 0; k < 40; k++) {
				mink_vec3 v = tu_rng_in_ball(&rng);
				poly_pts[side][k] = tu_v2(v.x, v.y);
			}
		mink_shape2 a = tu_polygon(poly_pts[0], 40), b = tu_polygon(poly_pts[1], 40);
		mink_pose2 pa = tu_pose2(0, 0, 0), q = tu_pose2(0.3, 0.1, tu_rng_range(&rng, 0, 6));
		mink_result r;
		mink_query2(&a, &pa, &b, &q, NULL, &r);
		count(w, &r);
	}
	return NULL;
}
#endif

static void test_query_stack(void **state)
{
	(void)state;
#ifdef SANITIZED
	printf("skipped: sanitizers enlarge the frames this test measures\n");
	skip();
#else
	unsigned char *stack = aligned_alloc(4096, ROOM);
	assert_non_null(stack);
	memset(stack, PAINT, ROOM);
	pthread_attr_t attr;
	pthread_t th;
	work w = {0, 0};
	assert_int_equal(pthread_attr_init(&attr), 0);
	assert_int_equal(pthread_attr_setstack(&attr, stack, ROOM), 0);
	assert_int_equal(pthread_create(&th, &attr, queries, &w), 0);
	assert_int_equal(pthread_join(th, NULL), 0);
	pthread_attr_destroy(&attr);
	/* the stack grows down from stack + ROOM (glibc keeps the thread's own
	 * descriptor and TLS at the top, a few KB counted here too) */
	size_t low = 0;
	while (low < ROOM && stack[low] == PAINT)
		low++;
	size_t used = ROOM - low;
	free(stack);
	printf("%d queries (%d valid) went %zu bytes deep (%.0f KB); MINK_QUERY_STACK is %.0f KB\n",
	       w.queries, w.valid, used, used / 1024.0, MINK_QUERY_STACK / 1024.0);
	assert_int_equal(w.valid, w.queries);
	assert_true(used <= (size_t)MINK_QUERY_STACK);
#endif
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_query_stack),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
