/*
 * test_hull.c - mink_hull_build and hill-climbing support.
 *
 * The hull is checked against its definition, not against qhull: every
 * input point lies behind every face plane, every vertex is an input point,
 * faces are outward and form a closed surface (V - E + F = 2, every edge in
 * two faces), and the adjacency is exactly the faces' edges.  Queries with
 * hill climbing must equal the same queries scanning every point.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mink.h"
#include "testutil.h"
#include "../lib/internal.h"

static void check_hull(const mink_vec3 *pts, int n, const mink_hull *h)
{
	/* vertices are input points, bit for bit */
	for (int v = 0; v < h->count; v++) {
		int found = 0;
		for (int i = 0; i < n && !found; i++)
			found = memcmp(&pts[i], &h->points[v], sizeof pts[i]) == 0;
		CHECK(found, "hull vertex %d is an input point", v);
	}
	double ext = 0.0;
	for (int i = 0; i < n; i++)
		ext = fmax(ext, tu_norm(pts[i]));
	/* every input point behind every face plane */
	for (int f = 0; f < h->face_count; f++) {
		mink_vec3 a = h->points[h->faces[3 * f]], b = h->points[h->faces[3 * f + 1]],
		          c = h->points[h->faces[3 * f + 2]];
		mink_vec3 nn = tu_cross(tu_sub(b, a), tu_sub(c, a));
		double l = tu_norm(nn);
		if (l == 0.0)
			continue; /* a sliver of a triangulated coplanar facet */
		nn = tu_scale(nn, 1.0 / l);
		double worst = -INFINITY;
		for (int i = 0; i < n; i++)
			worst = fmax(worst, tu_dot(tu_sub(pts[i], a), nn));
		CHECK(worst <= 1e-12 * ext, "a point is %g beyond face %d", worst, f);
	}
	/* closed 2-manifold: each directed edge once, its reverse once */
	long e = 0;
	for (int f = 0; f < h->face_count; f++)
		for (int j = 0; j < 3; j++) {
			int a = h->faces[3 * f + j], b = h->faces[3 * f + (j + 1) % 3];
			int rev = 0;
			for (int g = 0; g < h->face_count; g++)
				for (int k = 0; k < 3; k++)
					rev += h->faces[3 * g + k] == b && h->faces[3 * g + (k + 1) % 3] == a;
			CHECK(rev == 1, "edge %d-%d has %d reverse edges", a, b, rev);
			e++;
			int adj = 0;
			for (int k = h->adjacency_start[a]; k < h->adjacency_start[a + 1]; k++)
				adj += h->adjacency[k] == b;
			CHECK(adj == 1, "adjacency of %d lists %d once", a, b);
		}
	CHECK(h->count - e / 2 + h->face_count == 2, "Euler: V %d E %ld F %d", h->count, e / 2,
	      h->face_count);
	CHECK(h->adjacency_start[h->count] == e, "adjacency holds every edge");
}

static void test_hull_random(void **state)
{
	(void)state;
	tu_rng r;
	tu_rng_seed(&r, 4242);
	tu_begin();
	long cases = 0;
	for (int t = 0; t < 200; t++) {
		int n = tu_rng_int(&r, 4, 300);
		mink_vec3 *p = malloc(sizeof *p * (size_t)n);
		int surface = t % 2;
		for (int i = 0; i < n; i++) {
			p[i] = surface ? tu_rng_unit_vec3(&r) : tu_rng_in_ball(&r);
			if (i > 3 && tu_rng_unit(&r) < 0.1)
				p[i] = p[tu_rng_int(&r, 0, i - 1)]; /* duplicates */
		}
		mink_hull h;
		tu_case("hull #%d n %d", t, n);
		mink_hull_status st = mink_hull_build(p, n, &h);
		CHECK(st == MINK_HULL_OK, "status %d", st);
		CHECK(h.dim == 3, "solid");
		if (st == MINK_HULL_OK)
			check_hull(p, n, &h);
		mink_hull_free(&h);
		free(p);
		cases++;
	}
	tu_end("hull_random", cases);
}

static void test_hull_degenerate(void **state)
{
	(void)state;
	tu_begin();
	mink_vec3 one[3] = {{1, 2, 3}, {1, 2, 3}, {1, 2, 3}};
	mink_vec3 line[4] = {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {0.5, 0.5, 0.5}};
	mink_vec3 plane[5] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0.5, 0.5, 0}};
	mink_vec3 bad[2] = {{0, 0, 0}, {NAN, 0, 0}};
	mink_hull h;
	CHECK(mink_hull_build(one, 3, &h) == MINK_HULL_DEGENERATE && h.dim == 0 && h.count == 1 &&
	              h.duplicates == 2, "one point");
	mink_hull_free(&h);
	CHECK(mink_hull_build(line, 4, &h) == MINK_HULL_DEGENERATE && h.dim == 1 && h.count == 4,
	      "collinear");
	mink_hull_free(&h);
	CHECK(mink_hull_build(plane, 5, &h) == MINK_HULL_DEGENERATE && h.dim == 2, "coplanar");
	/* a degenerate hull is still a valid shape: a unit square vs a box */
	mink_shape3 sq = mink_hull_shape(&h, 0.0), box = tu_box(1, 1, 1);
	mink_pose3 pa = tu_pose3(0, 0, 0, tu_quat_identity());
	mink_pose3 pb = tu_pose3(0.5, 0.5, 0.75, tu_quat_identity());
	mink_result res;
	mink_query3(&sq, &pa, &box, &pb, NULL, &res);
	CHECK(res.status == MINK_OK && fabs(res.depth - 0.25) < 1e-12, "square under a box: depth %g",
	      res.depth);
	mink_hull_free(&h);
	CHECK(mink_hull_build(bad, 2, &h) == MINK_HULL_INVALID, "NaN rejected");
	CHECK(mink_hull_build(NULL, 0, &h) == MINK_HULL_INVALID, "empty rejected");
	tu_end("hull_degenerate", 6);
}

/* Hill climbing must give the answers of the plain scan. */
static void test_hull_climb_equals_scan(void **state)
{
	(void)state;
	tu_rng r;
	tu_rng_seed(&r, 777);
	tu_begin();
	long cases = 0;
	for (int t = 0; t < 40; t++) {
		int n = tu_rng_int(&r, 40, 3000);
		mink_vec3 *p = malloc(sizeof *p * (size_t)n);
		for (int i = 0; i < n; i++)
			p[i] = tu_scale(tu_rng_unit_vec3(&r), tu_rng_range(&r, 0.9, 1.0));
		mink_hull h;
		CHECK(mink_hull_build(p, n, &h) == MINK_HULL_OK, "built");
		mink_shape3 climb = mink_hull_shape(&h, 0.0);
		mink_shape3 scan = climb;
		scan.hull.adjacency = NULL;
		scan.hull.adjacency_start = NULL;
		for (int q = 0; q < 50; q++) {
			mink_shape3 other = q % 2 ? tu_box(0.3, 0.5, 0.7) : climb;
			mink_pose3 pa = tu_pose3(0, 0, 0, tu_rng_quat(&r));
			mink_vec3 d = tu_scale(tu_rng_unit_vec3(&r), tu_rng_range(&r, 0.0, 2.6));
			mink_pose3 pb = tu_pose3(d.x, d.y, d.z, tu_rng_quat(&r));
			mink_result r1, r2;
			mink_query3(&climb, &pa, &other, &pb, NULL, &r1);
			mink_query3(&scan, &pa, q % 2 ? &other : &scan, &pb, NULL, &r2);
			tu_case("climb #%d/%d n %d", t, q, n);
			CHECK(r1.status == MINK_OK && r2.status == MINK_OK, "ok");
			CHECK(r1.state == r2.state, "same state");
			CHECK_NEAR("distance", r1.distance, r2.distance, 1e-12, 1e-9);
			cases++;
		}
		mink_hull_free(&h);
		free(p);
	}
	tu_end("climb_equals_scan", cases);
}

/*
 * The walk block (mk_walk) must take hill climbing's very path: the same
 * vertex for every direction, ties included, from the same warm start.  Two
 * cores of one built hull, one climbing over the walk block and one over
 * the adjacency (its walk removed), get the same directions in turn: random
 * ones, the axes, and on a hull of two stacked rims (whole rims tie along
 * its axis, pairs of rim points across it) those directions exactly.  A
 * support of A - B with both on walk blocks climbs the two in turn, a step
 * of each: two more cores of the hull, as A and B, must end where each
 * climb ends alone (along d and along -d, climbs of different lengths).
 */
static void test_hull_walk_equals_climb(void **state)
{
	(void)state;
	tu_rng r;
	tu_rng_seed(&r, 4242);
	tu_begin();
	long cases = 0;
	for (int t = 0; t < 60; t++) {
		int rims = t % 3 == 0, n = rims ? 2 * tu_rng_int(&r, 32, 400) : tu_rng_int(&r, 64, 4000);
		mink_vec3 *p = malloc(sizeof *p * (size_t)n);
		for (int i = 0; i < n; i++) {
			if (rims) {
				double a = 6.283185307179586 * (i / 2) / (n / 2);
				p[i] = (mink_vec3){cos(a), sin(a), i % 2 ? 0.5 : -0.5};
			} else {
				p[i] = tu_scale(tu_rng_unit_vec3(&r), tu_rng_range(&r, 0.9, 1.0));
			}
		}
		mink_hull h;
		CHECK(mink_hull_build(p, n, &h) == MINK_HULL_OK, "built");
		mink_shape3 pub = mink_hull_shape(&h, 0.0);
		mk_scratch sw, sc, sa, sb, sc2;
		mk_shape walk, climb, wa, wb, climb2;
		CHECK(mk_shape_from3(&pub, &walk, &sw) == MINK_ERR_NONE, "core");
		CHECK(mk_shape_from3(&pub, &climb, &sc) == MINK_ERR_NONE, "core");
		CHECK(mk_shape_from3(&pub, &wa, &sa) == MINK_ERR_NONE, "core");
		CHECK(mk_shape_from3(&pub, &wb, &sb) == MINK_ERR_NONE, "core");
		CHECK(mk_shape_from3(&pub, &climb2, &sc2) == MINK_ERR_NONE, "core");
		if (h.count < MK_CLIMB_MIN_POINTS) {
			mink_hull_free(&h);
			free(p);
			continue;
		}
		CHECK(walk.type == CORE_CLIMB3 && walk.walk != NULL, "walks");
		climb.walk = NULL;
		climb2.walk = NULL;
		for (int q = 0; q < 400; q++) {
			mink_vec3 d;
			int k = q % 8;
			if (k < 6)
				d = (mink_vec3){k == 0 ? 1 : k == 1 ? -1 : 0, k == 2 ? 1 : k == 3 ? -1 : 0,
				                k == 4 ? 1 : k == 5 ? -1 : 0};
			else
				d = tu_rng_unit_vec3(&r);
			if (q % 5 == 0)
				d = tu_scale(d, 1e-3); /* length does not matter */
			mink_vec3 a = mk_support_local(&walk, d), b = mk_support_local(&climb, d);
			tu_case("walk #%d/%d n %d vertices %d", t, q, n, h.count);
			CHECK(memcmp(&a, &b, sizeof a) == 0, "same point");
			CHECK(sw.cursor == sc.cursor, "same vertex");
			CHECK(memcmp(&a, &h.points[sw.cursor], sizeof a) == 0, "the cursor's point");
			mk_vertex v = mk_support_cso(&wa, &wb, d);
			mink_vec3 b2 = mk_support_local(&climb2, v3_neg(d));
			CHECK(memcmp(&v.a, &a, sizeof a) == 0 && sa.cursor == sc.cursor, "A's climb");
			CHECK(memcmp(&v.b, &b2, sizeof b2) == 0 && sb.cursor == sc2.cursor, "B's climb");
			cases++;
		}
		mink_hull_free(&h);
		free(p);
	}
	tu_end("walk_equals_climb", cases);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hull_random),
		cmocka_unit_test(test_hull_degenerate),
		cmocka_unit_test(test_hull_climb_equals_scan),
		cmocka_unit_test(test_hull_walk_equals_climb),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
