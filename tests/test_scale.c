/*
 * test_scale.c - every answer scales with its pair.
 *
 * Multiplying every length of a pair (positions, sizes, points, margins)
 * by a power of two 2^k is exact in binary, and so is every step of a
 * computation whose tolerances are relative to the pair's size: the answer
 * must be the first one's numbers times 2^k (distance, depth, the points
 * and local points of the result and of every contact), with the same
 * normal, tangents, state and contact count.  That is an oracle needing no
 * geometry, and it finds what other oracles miss at their one scale: an
 * absolute constant, or a product of lengths that overflows for
 * coordinates near the accepted 1e100 (or underflows for tiny ones) and
 * sends the computation down another path.
 *
 * The pairs: every pair of kinds (3D: sphere, box, capsule, cylinder,
 * cone, ellipsoid, point, segment, triangle, hulls given by points and
 * built, of 12 and of 300 points; some with margins; 2D: circle, box,
 * capsule, segment, point, polygons of 4 and 300 points) in structured
 * poses, where patches have several points and ties are common (axis
 * turns, a face or an edge of B parallel to one of A, B above A
 * overlapping, touching and apart, centred and off centre), and in random
 * poses.  The same pairs moved by an exact offset give the
 * same numbers in the shapes' frames (mink solves B placed in A's frame)
 * and the world points moved.  The scales 2^k:
 *  - k from -700 to 328 (coordinates from 1e-211 to 1e99): the same bits
 *    times 2^k (mink solves a pair far from unit size scaled to it, and
 *    every scaling by a power of two is exact);
 *  - k = -1000 (coordinates near 1e-301): numbers near zero (a contact's
 *    gap of a rounding) scale back to subnormal numbers and lose bits, so
 *    the same state and contact count, and the distance and every
 *    contact within 1e-12 of the size, the whole patch asked for (all
 *    contacts) and taken as a set (where contacts tie for deepest, such a
 *    rounding may put another first and keep others in a reduction);
 *  - k = -1040 and -1062, pairs of subnormal size (coordinates near 1e-313
 *    and 1e-320), whose own numbers round: the distance to within what
 *    that rounding moves the shapes (compare_subnormal).  Such pairs came
 *    back as numeric errors, or touching, before their scaling was capped
 *    at 2^1023 and v3_len_safe scaled them up before dividing.
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
#include <string.h>

#include "mink.h"
#include "testutil.h"

static const int scales[] = {-1062, -1040, -1000, -700, -330, -300, -200,
                             -97,   -40,   -1,    1,    40,   97,   200, 300, 328};
#define NSCALES (int)(sizeof scales / sizeof scales[0])
#define EXACT_K 700
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ---- the shapes, as length data that scales ---- */

enum { NPTS = 12, NBIG = 300 };

typedef struct spec3 {
	mink_shape3 s;
	mink_vec3 pts[NBIG]; /* a hull's points */
	mink_hull built;
	int is_built;
} spec3;

static void hexprism(mink_vec3 *p, double r, double hh)
{
	for (int i = 0; i < 6; i++)
		for (int j = 0; j < 2; j++)
			p[2 * i + j] = tu_v3(r * cos(i * M_PI / 3), r * sin(i * M_PI / 3), j ? hh : -hh);
}

/* The 3D kinds of the structured poses; the random ones add two hulls of
 * 300 points (given, and built: climbed without the walk block when
 * scaled), more than a scaled copy takes on the stack. */
enum { K3 = 12, K3_ALL = 14 };

/* n points on a sphere of radius r (a spiral: all of them vertices). */
static void sphere_points(mink_vec3 *p, int n, double r)
{
	for (int i = 0; i < n; i++) {
		double z = 1.0 - (2.0 * i + 1.0) / n, rho = sqrt(1.0 - z * z), t = 2.399963 * i;
		p[i] = tu_v3(r * rho * cos(t), r * rho * sin(t), r * z);
	}
}

/* sp's first n points as a hull: given, or built (a solid hull at every
 * scale, checked; a failed build leaves the points given). */
static void hull3(spec3 *sp, int n, int built, int e)
{
	if (!built) {
		sp->s = tu_hull(sp->pts, n);
		return;
	}
	mink_hull_status st = mink_hull_build(sp->pts, n, &sp->built);
	CHECK(st == MINK_HULL_OK, "a hull of %d points at scale 2^%d: status %d", n, e, st);
	sp->is_built = 1;
	sp->s = st == MINK_HULL_OK ? mink_hull_shape(&sp->built, 0.0) : tu_hull(sp->pts, n);
}

/* Kind k of the 3D list, its lengths times 2^e. */
static void make3(spec3 *sp, int k, int e)
{
	double u = ldexp(1.0, e);
	memset(sp, 0, sizeof *sp);
	mink_shape3 *s = &sp->s;
	switch (k) {
	case 0: *s = tu_sphere(0.4 * u); break;
	case 1: *s = tu_box(0.5 * u, 0.4 * u, 0.3 * u); break;
	case 2: *s = tu_capsule(0.2 * u, 0.5 * u); break;
	case 3: *s = tu_cylinder(0.4 * u, 0.3 * u); break;
	case 4: *s = tu_cone(0.4 * u, 0.3 * u); break;
	case 5: *s = tu_ellipsoid(0.5 * u, 0.4 * u, 0.3 * u); break;
	case 6: *s = mink_point3(); break;
	case 7: *s = mink_segment3(tu_v3(-0.5 * u, 0, 0), tu_v3(0.5 * u, 0, 0)); break;
	case 8:
		*s = mink_triangle3(tu_v3(-0.5 * u, -0.4 * u, 0), tu_v3(0.5 * u, -0.4 * u, 0),
		                   tu_v3(0, 0.5 * u, 0));
		break;
	case 9: /* a hexagonal prism by its points */
	case 10: /* the same, built */
		hexprism(sp->pts, 0.5 * u, 0.25 * u);
		hull3(sp, NPTS, k == 10, e);
		break;
	case 11: /* a rounded box */
		*s = tu_box(0.4 * u, 0.3 * u, 0.2 * u);
		s->margin = 0.1 * u;
		break;
	case 12: /* a ball of 300 points, given */
	case 13: /* the same, built */
		sphere_points(sp->pts, NBIG, 0.5 * u);
		hull3(sp, NBIG, k == 13, e);
		break;
	}
}

static void free3(spec3 *sp)
{
	if (sp->is_built)
		mink_hull_free(&sp->built);
}

enum { K2 = 8 };

typedef struct spec2 {
	mink_shape2 s;
	mink_vec2 pts[NBIG];
} spec2;

static void make2(spec2 *sp, int k, int e)
{
	double u = ldexp(1.0, e);
	memset(sp, 0, sizeof *sp);
	mink_shape2 *s = &sp->s;
	switch (k) {
	case 0: *s = tu_circle(0.4 * u); break;
	case 1: *s = tu_box2(0.5 * u, 0.3 * u); break;
	case 2: *s = tu_capsule2(0.2 * u, 0.5 * u); break;
	case 3: *s = mink_segment2(tu_v2(-0.5 * u, 0), tu_v2(0.5 * u, 0)); break;
	case 4: *s = mink_point2(); break;
	case 5:
		sp->pts[0] = tu_v2(-0.5 * u, -0.3 * u);
		sp->pts[1] = tu_v2(0.5 * u, -0.3 * u);
		sp->pts[2] = tu_v2(0.6 * u, 0.3 * u);
		sp->pts[3] = tu_v2(-0.4 * u, 0.3 * u);
		*s = tu_polygon(sp->pts, 4);
		break;
	case 6:
		*s = tu_box2(0.4 * u, 0.2 * u);
		s->margin = 0.1 * u;
		break;
	default: /* a polygon of 300 points */
		for (int i = 0; i < NBIG; i++)
			sp->pts[i] = tu_v2(0.5 * u * cos(2 * M_PI * i / NBIG), 0.4 * u * sin(2 * M_PI * i / NBIG));
		*s = tu_polygon(sp->pts, NBIG);
		break;
	}
}

/* ---- comparing an answer with the first one scaled ---- */

static long n_cases, n_total, n_queries, n_ties;

static int same_bits(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

static int same_vec(mink_vec3 a, mink_vec3 b)
{
	return same_bits(a.x, b.x) && same_bits(a.y, b.y) && same_bits(a.z, b.z);
}

static mink_vec3 up(mink_vec3 v, int k)
{
	return tu_v3(ldexp(v.x, k), ldexp(v.y, k), ldexp(v.z, k));
}

/* Whether contact c of `got` matches contact w of `want` (scaled) within
 * tol. */
static int contact_near(const mink_contact *c, const mink_contact *w, int k, double tol)
{
	return tu_dist(c->point_a, up(w->point_a, k)) <= tol &&
	       tu_dist(c->point_b, up(w->point_b, k)) <= tol &&
	       fabs(c->distance - ldexp(w->distance, k)) <= tol;
}

/*
 * At a subnormal scale the pair's own numbers round to multiples of 2^-1074
 * (0.3 * 2^-1062 keeps 12 bits): the pair is not the one at scale 1 times
 * 2^k, but each shape is within a few such units of it, and the distance
 * moves by no more than the shapes do.  So: a valid answer, the distance
 * within 1e-12 of the size plus 64 units of 2^-1074, the state the same
 * where the distance is beyond that, and a unit normal.
 */
static void compare_subnormal(const char *label, const mink_result *base, const mink_result *r,
                              int k, double size)
{
	double want = ldexp(base->distance, k), tol = ldexp(1e-12 * size, k) + 64 * DBL_TRUE_MIN;
	CHECK(r->status == MINK_OK && fabs(r->distance - want) <= tol &&
	          (fabs(want) <= tol || r->state == base->state) &&
	          fabs(tu_norm(r->normal) - 1.0) <= 1e-15 && r->contact_count >= 1,
	      "%s, scale 2^%d: status %d error %d state %d distance %.17g; want %.17g (tol %.3g), "
	      "state %d", label, k, r->status, r->error, r->state, r->distance, want, tol,
	      base->state);
}

static void compare(const char *label, const mink_result *base, const mink_result *r, int k,
                    double size)
{
	n_queries++;
	if (k < DBL_MIN_EXP - 1) {
		compare_subnormal(label, base, r, k, size);
		return;
	}
	if (!CHECK(r->status == base->status && r->state == base->state &&
	               r->contact_count == base->contact_count,
	           "%s, scale 2^%d: status %d state %d %d contacts; at scale 1: %d %d %d", label, k,
	           r->status, r->state, r->contact_count, base->status, base->state,
	           base->contact_count))
		return;
	if (r->status == MINK_ERROR)
		return;
	if (abs(k) <= EXACT_K) {
		int ok = same_bits(r->distance, ldexp(base->distance, k)) &&
		         same_bits(r->depth, ldexp(base->depth, k)) && same_vec(r->normal, base->normal) &&
		         same_vec(r->point_a, up(base->point_a, k)) &&
		         same_vec(r->point_b, up(base->point_b, k)) &&
		         same_vec(r->local_a, up(base->local_a, k)) &&
		         same_vec(r->local_b, up(base->local_b, k));
		if (r->dim == 3)
			ok = ok && same_vec(r->tangent[0], base->tangent[0]) &&
			     same_vec(r->tangent[1], base->tangent[1]);
		for (int i = 0; i < r->contact_count && ok; i++) {
			const mink_contact *c = &r->contacts[i], *w = &base->contacts[i];
			ok = same_bits(c->distance, ldexp(w->distance, k)) &&
			     same_vec(c->point_a, up(w->point_a, k)) &&
			     same_vec(c->point_b, up(w->point_b, k)) &&
			     same_vec(c->local_a, up(w->local_a, k)) &&
			     same_vec(c->local_b, up(w->local_b, k));
		}
		CHECK(ok, "%s, scale 2^%d: not the answer at scale 1 times 2^%d (distance %.17g, "
		      "want %.17g; point_a %.17g %.17g %.17g, want %.17g %.17g %.17g)",
		      label, k, k, r->distance, ldexp(base->distance, k), r->point_a.x, r->point_a.y,
		      r->point_a.z, ldexp(base->point_a.x, k), ldexp(base->point_a.y, k),
		      ldexp(base->point_a.z, k));
		return;
	}
	/* near the ends of the range: the same answer to 1e-12 of the size */
	double tol = ldexp(1e-12 * size, k);
	int ok = fabs(r->distance - ldexp(base->distance, k)) <= tol &&
	         tu_dist(r->normal, base->normal) <= 1e-12;
	int used[MINK_MAX_CONTACTS] = {0}, first = -1;
	for (int i = 0; i < r->contact_count && ok; i++) {
		int hit = -1;
		for (int j = 0; j < base->contact_count && hit < 0; j++)
			if (!used[j] && contact_near(&r->contacts[i], &base->contacts[j], k, tol))
				hit = j;
		ok = hit >= 0;
		if (ok)
			used[hit] = 1;
		if (i == 0)
			first = hit;
	}
	if (ok && first > 0)
		n_ties++; /* another of the deepest first */
	if (!CHECK(ok, "%s, scale 2^%d: distance %.17g, want %.17g (tol %.3g), or a contact not "
	           "among those at scale 1", label, k, r->distance, ldexp(base->distance, k), tol))
		for (int i = 0; i < r->contact_count; i++)
			print_message("  contact %d: %.17g %.17g %.17g, %.17g; at scale 1 %.17g %.17g "
			              "%.17g, %.17g\n", i, ldexp(r->contacts[i].point_a.x, -k),
			              ldexp(r->contacts[i].point_a.y, -k),
			              ldexp(r->contacts[i].point_a.z, -k),
			              ldexp(r->contacts[i].distance, -k), base->contacts[i].point_a.x,
			              base->contacts[i].point_a.y, base->contacts[i].point_a.z,
			              base->contacts[i].distance);
}

/* The same pair moved by t: every number of the answer in the shapes'
 * frames the same bits (mink solves B placed in A's frame, and moving
 * both poses by an exact offset leaves that placement as it was), the
 * world points moved by t to their rounding. */
static void compare_moved(const char *label, const mink_result *base, const mink_result *r,
                          mink_vec3 t)
{
	n_queries++;
	double ulp = 4.0 * DBL_EPSILON * fmax(fabs(t.x), fmax(fabs(t.y), fabs(t.z)));
	int ok = r->status == base->status && r->state == base->state &&
	         r->contact_count == base->contact_count && same_bits(r->distance, base->distance) &&
	         same_vec(r->normal, base->normal) && same_vec(r->local_a, base->local_a) &&
	         same_vec(r->local_b, base->local_b) &&
	         tu_dist(r->point_a, tu_add(base->point_a, t)) <= ulp &&
	         tu_dist(r->point_b, tu_add(base->point_b, t)) <= ulp;
	for (int i = 0; i < r->contact_count && ok; i++) {
		const mink_contact *c = &r->contacts[i], *w = &base->contacts[i];
		ok = same_bits(c->distance, w->distance) && same_vec(c->local_a, w->local_a) &&
		     same_vec(c->local_b, w->local_b) &&
		     tu_dist(c->point_a, tu_add(w->point_a, t)) <= ulp;
	}
	CHECK(ok, "%s, moved by %g %g %g: distance %.17g, want %.17g; local_a %.17g %.17g %.17g, "
	      "want %.17g %.17g %.17g", label, t.x, t.y, t.z, r->distance, base->distance,
	      r->local_a.x, r->local_a.y, r->local_a.z, base->local_a.x, base->local_a.y,
	      base->local_a.z);
}

/* x on the grid of 2^-30: moved by the offsets below, exactly. */
static double snap(double x)
{
	return ldexp(nearbyint(ldexp(x, 30)), -30);
}

/* The pair's size at scale 1: its extents plus the distance of the poses. */
static double size3(mink_vec3 pa, mink_vec3 pb)
{
	return 2.0 + tu_dist(pa, pb);
}

/* ---- the poses ---- */

static const double gaps[] = {-0.1, 0.0, 0.1};

static mink_quat turn(int i)
{
	double r = sqrt(0.5);
	switch (i) {
	case 0: return tu_quat(1, 0, 0, 0);
	case 1: return tu_quat(r, r, 0, 0);
	case 2: return tu_quat(r, 0, r, 0);
	case 3: return tu_quat(r, 0, 0, r);
	default: return tu_quat(cos(0.3), 0, 0, sin(0.3));
	}
}

static void pair3(int ka, int kb, mink_quat qa, mink_vec3 pa, mink_quat qb, mink_vec3 pb,
                  const char *what)
{
	char label[160];
	snprintf(label, sizeof label, "3D kinds %d and %d, %s, B at %.3g %.3g %.3g", ka, kb, what,
	         pb.x, pb.y, pb.z);
	spec3 A, B;
	make3(&A, ka, 0);
	make3(&B, kb, 0);
	mink_pose3 PA = {pa, qa}, PB = {pb, qb};
	mink_options all = mink_default_options();
	all.max_contacts = MINK_MAX_CONTACTS;
	mink_result base[2];
	mink_query3(&A.s, &PA, &B.s, &PB, NULL, &base[0]);
	mink_query3(&A.s, &PA, &B.s, &PB, &all, &base[1]);
	/* moved: B's position on a grid that the offset keeps exact */
	mink_vec3 t = tu_v3(1024.0, -512.0, 256.0);
	mink_pose3 GA = PA, GB = {tu_v3(snap(pb.x), snap(pb.y), snap(pb.z)), qb}, MA = GA, MB = GB;
	MA.position = tu_add(GA.position, t);
	MB.position = tu_add(GB.position, t);
	mink_result g, m;
	mink_query3(&A.s, &GA, &B.s, &GB, NULL, &g);
	mink_query3(&A.s, &MA, &B.s, &MB, NULL, &m);
	compare_moved(label, &g, &m, t);
	free3(&A);
	free3(&B);
	n_cases++;
	n_total++;
	for (int i = 0; i < NSCALES; i++) {
		int k = scales[i], whole = abs(k) > EXACT_K;
		make3(&A, ka, k);
		make3(&B, kb, k);
		mink_pose3 SA = {up(pa, k), qa}, SB = {up(pb, k), qb};
		mink_result r;
		mink_query3(&A.s, &SA, &B.s, &SB, whole ? &all : NULL, &r);
		compare(label, &base[whole], &r, k, size3(pa, pb));
		free3(&A);
		free3(&B);
	}
}

static void pair2(int ka, int kb, double angle, double x, double y, const char *what)
{
	char label[160];
	snprintf(label, sizeof label, "2D kinds %d and %d, %s, B at %.3g %.3g", ka, kb, what, x, y);
	spec2 A, B;
	make2(&A, ka, 0);
	make2(&B, kb, 0);
	mink_pose2 PA = tu_pose2(0, 0, 0), PB = tu_pose2(x, y, angle);
	mink_options all = mink_default_options();
	all.max_contacts = MINK_MAX_CONTACTS;
	mink_result base[2];
	mink_query2(&A.s, &PA, &B.s, &PB, NULL, &base[0]);
	mink_query2(&A.s, &PA, &B.s, &PB, &all, &base[1]);
	mink_pose2 GB = tu_pose2(snap(x), snap(y), angle), MA = tu_pose2(1024.0, -512.0, 0),
	           MB = tu_pose2(snap(x) + 1024.0, snap(y) - 512.0, angle);
	mink_result g, m;
	mink_query2(&A.s, &PA, &B.s, &GB, NULL, &g);
	mink_query2(&A.s, &MA, &B.s, &MB, NULL, &m);
	compare_moved(label, &g, &m, tu_v3(1024.0, -512.0, 0.0));
	n_cases++;
	n_total++;
	for (int i = 0; i < NSCALES; i++) {
		int k = scales[i], whole = abs(k) > EXACT_K;
		make2(&A, ka, k);
		make2(&B, kb, k);
		mink_pose2 SA = tu_pose2(0, 0, 0), SB = tu_pose2(ldexp(x, k), ldexp(y, k), angle);
		mink_result r;
		mink_query2(&A.s, &SA, &B.s, &SB, whole ? &all : NULL, &r);
		compare(label, &base[whole], &r, k, 2.0 + hypot(x, y));
	}
}

static void test_structured3(void **state)
{
	(void)state;
	tu_begin();
	n_cases = 0;
	for (int ka = 0; ka < K3; ka++)
		for (int kb = 0; kb < K3; kb++)
			for (int ta = 0; ta < 3; ta++)
				for (int tb = 0; tb < 5; tb++)
					for (int g = 0; g < 3; g++)
						for (int off = 0; off < 2; off++) {
							double lat = off ? 0.3 : 0.0;
							char what[40];
							snprintf(what, sizeof what, "turns %d and %d", ta, tb);
							pair3(ka, kb, turn(ta), tu_v3(0, 0, 0), turn(tb),
							      tu_v3(lat, 0.1 * lat, 0.6 + gaps[g]), what);
						}
	tu_end("3D structured", n_cases);
}

static void test_random3(void **state)
{
	(void)state;
	tu_begin();
	n_cases = 0;
	tu_rng rng;
	tu_rng_seed(&rng, 20261127);
	for (int i = 0; i < 1500; i++) {
		int ka = tu_rng_int(&rng, 0, K3_ALL - 1);
		int kb = tu_rng_int(&rng, 0, K3_ALL - 1);
		mink_quat qa = tu_rng_quat(&rng);
		mink_quat qb = tu_rng_quat(&rng);
		mink_vec3 pb = tu_rng_box(&rng, -1.0, 1.0);
		pair3(ka, kb, qa, tu_v3(0, 0, 0), qb, pb, "random");
	}
	tu_end("3D random", n_cases);
}

static void test_pairs2(void **state)
{
	(void)state;
	tu_begin();
	n_cases = 0;
	static const double angles[] = {0.0, M_PI / 2, M_PI / 4, 0.3};
	for (int ka = 0; ka < K2; ka++)
		for (int kb = 0; kb < K2; kb++)
			for (int a = 0; a < 4; a++)
				for (int g = 0; g < 3; g++)
					for (int off = 0; off < 2; off++)
						pair2(ka, kb, angles[a], off ? 0.3 : 0.0, 0.6 + gaps[g],
						      "structured");
	tu_rng rng;
	tu_rng_seed(&rng, 11272026);
	for (int i = 0; i < 2000; i++) {
		int ka = tu_rng_int(&rng, 0, K2 - 1);
		int kb = tu_rng_int(&rng, 0, K2 - 1);
		double ang = tu_rng_range(&rng, -M_PI, M_PI);
		double x = tu_rng_range(&rng, -1.0, 1.0), y = tu_rng_range(&rng, -1.0, 1.0);
		pair2(ka, kb, ang, x, y, "random");
	}
	tu_end("2D", n_cases);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_structured3),
		cmocka_unit_test(test_random3),
		cmocka_unit_test(test_pairs2),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	printf("scale: %ld pairs, %ld scaled queries, %ld answers with another of the deepest "
	       "contacts first\n", n_total, n_queries, n_ties);
	return rc;
}
