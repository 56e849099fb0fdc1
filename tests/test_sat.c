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

/* Two boxes of random sizes and orientations, at scale 1, 1e-6 or 1e6 by
 * turn (i % 3); b's centre within `spread` (times the scale) of a's on each
 * axis. */
struct box_pose {
	mink_vec3 ha, pa, hb, pb;
	mink_quat qa, qb;
};

static struct box_pose random_pose(tu_rng *r, int i, double spread)
{
	double scale = i % 3 == 0 ? 1.0 : i % 3 == 1 ? 1e-6 : 1e6;
	struct box_pose x;
	x.ha = tu_scale(tu_rng_box(r, 0.1, 1.0), scale);
	x.hb = tu_scale(tu_rng_box(r, 0.1, 1.0), scale);
	x.qa = tu_rng_quat(r);
	x.qb = tu_rng_quat(r);
	x.pa = tu_scale(tu_rng_box(r, -1.0, 1.0), scale);
	x.pb = tu_add(x.pa, tu_scale(tu_rng_box(r, -spread, spread), scale));
	return x;
}

static void test_random(void **state)
{
	(void)state;
	tu_rng r;
	tu_rng_seed(&r, 20261123);
	tu_begin();
	cases = ties = 0;
	for (int i = 0; i < 20000; i++) {
		struct box_pose x = random_pose(&r, i, 1.2);
		tu_case("random boxes %d", i);
		one_pair(x.ha, x.qa, x.pa, x.hb, x.qb, x.pb, 1);
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

/*
 * Two boxes apart: the distance against the corners' feature oracle (every
 * corner against every triangle of the other's corners, every edge against
 * every edge), which needs no separating axis and no iteration.  Poses: B
 * over A's top face, turned about the vertical (yaw) and tilted about a
 * horizontal axis by 0 to 0.1 rad - nearly parallel faces, where GJK's
 * simplex stalls short of the distance -, its centre over A's face, over an
 * edge and beyond a corner (edge to face, edge to edge, corner to corner),
 * gaps from 1e-6 to 1 of the size, at unit size and at 1e-6 and 1e6; then
 * random poses.  The answer must be ok, within 1e-12 of the size of the
 * oracle, its normal as good (the gap of the corners along it is the
 * distance), its points the distance apart along it and on the boxes -
 * within the contact tolerance (1e-9 of the size by default): the points
 * are the deepest contact's, and a face tilted by less than that counts as
 * flat in the contact patch (lib/manifold.c).
 */
static long apart_cases, apart_closed;

static void apart_pair(mink_vec3 ha, mink_quat qa, mink_vec3 pa, mink_vec3 hb, mink_quat qb,
                       mink_vec3 pb)
{
	mink_vec3 ca[8], cb[8];
	corners(ha, qa, pa, ca);
	corners(hb, qb, pb, cb);
	if (!oracle_separated3(ca, 8, cb, 8))
		return;
	oracle_dist od;
	oracle_dist3(ca, 8, cb, 8, &od);
	double size = tu_norm(ha) + tu_norm(hb) + tu_norm(tu_sub(pb, pa));
	if (!(od.distance > 1e-9 * size))
		return;
	apart_cases++;
	mink_shape3 boxa = mink_box(ha.x, ha.y, ha.z), boxb = mink_box(hb.x, hb.y, hb.z);
	mink_pose3 posea = {pa, qa}, poseb = {pb, qb};
	mink_result r;
	mink_query3(&boxa, &posea, &boxb, &poseb, NULL, &r);
	apart_closed += r.gjk_iterations == 0;
	double tol = 1e-12 * size;
	CHECK(r.status == MINK_OK && r.state == MINK_SEPARATED, "status %s, state %s, warning %s",
	      mink_status_name(r.status), mink_state_name(r.state), mink_warning_name(r.warning));
	CHECK(fabs(r.distance - od.distance) <= tol, "distance %.17g, oracle %.17g (off by %.3g "
	      "of the size)", r.distance, od.distance, fabs(r.distance - od.distance) / size);
	double g = gap(ca, cb, r.normal);
	CHECK(fabs(g - od.distance) <= tol, "gap along the normal %.17g, oracle distance %.17g",
	      g, od.distance);
	double ct = mink_default_options().contact_tolerance * size;
	CHECK(oracle_outside_hull3(ca, 8, r.point_a) <= ct, "point_a outside A by %g",
	      oracle_outside_hull3(ca, 8, r.point_a));
	CHECK(oracle_outside_hull3(cb, 8, r.point_b) <= ct, "point_b outside B by %g",
	      oracle_outside_hull3(cb, 8, r.point_b));
	mink_vec3 d = tu_sub(tu_sub(r.point_b, r.point_a), tu_scale(r.normal, r.distance));
	CHECK(tu_norm(d) <= tol, "point_b - point_a misses distance * normal by %g", tu_norm(d));
}

static void test_apart(void **state)
{
	(void)state;
	tu_rng r;
	tu_rng_seed(&r, 0x61706172);
	tu_begin();
	apart_cases = apart_closed = 0;
	static const double tilts[] = {0.0, 1e-13, 1e-11, 2.7e-10, 1e-9, 3e-9, 1e-7, 1e-5, 1e-3, 0.1};
	static const double axes[4][3] = {{1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {1, 0.3, 0}};
	static const double yaws[] = {0, 17, 45, 90};
	static const double offs[4][2] = {{0, 0}, {0.5, 0.3}, {1.1, 0.2}, {1.2, 1.3}};
	static const double gaps[] = {1e-6, 1e-3, 0.05, 1};
	static const double scales[] = {1, 1e-6, 1e6};
	long n = 0;
	for (int t = 0; t < 10; t++)
		for (int a = 0; a < 4; a++)
			for (int y = 0; y < 4; y++)
				for (int o = 0; o < 4; o++)
					for (int g = 0; g < 4; g++, n++) {
						double sc = scales[n % 3], th = n % 2 ? -tilts[t] : tilts[t];
						mink_vec3 ha = tu_scale(tu_v3(0.5, 0.5, 0.5), sc);
						mink_vec3 hb = n % 4 < 2 ? ha : tu_scale(tu_v3(0.35, 0.5, 0.2), sc);
						mink_vec3 ax = tu_v3(axes[a][0], axes[a][1], axes[a][2]);
						mink_quat qb = tu_quat_mul(tu_quat_axis_angle(ax, th),
						                           tu_quat_axis_angle(tu_v3(0, 0, 1),
						                                              yaws[y] * 3.14159265358979323846 / 180));
						/* B's lowest point at the gap above A's top face */
						mink_vec3 lb[8];
						corners(hb, qb, tu_v3(0, 0, 0), lb);
						double low = oracle_support_min3(lb, 8, tu_v3(0, 0, 1));
						mink_vec3 pb = tu_v3(offs[o][0] * ha.x, offs[o][1] * ha.y,
						                     ha.z - low + gaps[g] * sc);
						mink_quat qa = {1, 0, 0, 0};
						tu_case("apart: tilt %g axis %d yaw %g offset %d gap %g scale %g", th,
						        a, yaws[y], o, gaps[g], sc);
						apart_pair(ha, qa, tu_v3(0, 0, 0), hb, qb, pb);
						/* the same pair in a random frame, and swapped */
						mink_quat qf = tu_rng_quat(&r);
						mink_vec3 pf = tu_scale(tu_rng_box(&r, -1.0, 1.0), sc);
						apart_pair(ha, qf, pf, hb, tu_quat_mul(qf, qb),
						           tu_add(tu_rotate(qf, pb), pf));
						apart_pair(hb, tu_quat_mul(qf, qb), tu_add(tu_rotate(qf, pb), pf), ha,
						           qf, pf);
					}
	for (int i = 0; i < 20000; i++) {
		struct box_pose x = random_pose(&r, i, 3.0);
		tu_case("apart: random boxes %d", i);
		apart_pair(x.ha, x.qa, x.pa, x.hb, x.qb, x.pb);
	}
	printf("boxes apart: %ld pairs, %ld answered in closed form\n", apart_cases, apart_closed);
	tu_end("boxes apart", apart_cases);
}

/*
 * Boxes, triangles and segments (lib/sat.c, mk_sat_polytopes): the same
 * checks on their corners.  A shape is a box (half extents h), a triangle
 * (corners t[3]) or a segment (ends t[0], t[1]) in its own frame, then
 * posed.
 */
enum { FLAT_BOX, FLAT_TRIANGLE, FLAT_SEGMENT };

typedef struct flat_shape {
	int kind;
	mink_vec3 h, t[3];
} flat_shape;

static int flat_corners(const flat_shape *s, mink_quat q, mink_vec3 p, mink_vec3 *out)
{
	if (s->kind == FLAT_BOX) {
		corners(s->h, q, p, out);
		return 8;
	}
	int n = s->kind == FLAT_TRIANGLE ? 3 : 2;
	for (int i = 0; i < n; i++)
		out[i] = tu_add(tu_rotate(q, s->t[i]), p);
	return n;
}

static mink_shape3 flat_mink(const flat_shape *s, int as_hull, mink_vec3 *room)
{
	int n = flat_corners(s, (mink_quat){1, 0, 0, 0}, tu_v3(0, 0, 0), room);
	if (as_hull)
		return mink_hull_points(room, n);
	if (s->kind == FLAT_SEGMENT)
		return mink_segment3(s->t[0], s->t[1]);
	return s->kind == FLAT_TRIANGLE ? mink_triangle3(s->t[0], s->t[1], s->t[2])
	                                : mink_box(s->h.x, s->h.y, s->h.z);
}

/* How far p lies outside the posed shape (corners c[n]). */
static double outside(const mink_vec3 *c, int n, mink_vec3 p)
{
	if (n == 8)
		return oracle_outside_hull3(c, 8, p);
	if (n == 2)
		return tu_norm(tu_sub(p, oracle_closest_on_segment(p, c[0], c[1])));
	return tu_norm(tu_sub(p, oracle_closest_on_triangle(p, c[0], c[1], c[2])));
}

static long flat_cases, flat_closed, flat_ties;
static double flat_out; /* the worst contact outside a shape, in ct */

/* closed: the pair must be answered by separating axes. */
static void flat_pair(const flat_shape *sa, mink_quat qa, mink_vec3 pa, const flat_shape *sb,
                      mink_quat qb, mink_vec3 pb, int closed)
{
	mink_vec3 ca[8], cb[8], la[8], lb[8];
	int na = flat_corners(sa, qa, pa, ca), nb = flat_corners(sb, qb, pb, cb);
	oracle_sat sat;
	oracle_sat3(ca, na, cb, nb, &sat);
	double ra = 0, rb = 0;
	for (int i = 0; i < na; i++)
		ra = fmax(ra, tu_norm(tu_sub(ca[i], pa)));
	for (int i = 0; i < nb; i++)
		rb = fmax(rb, tu_norm(tu_sub(cb[i], pb)));
	double size = ra + rb + tu_norm(tu_sub(pb, pa));
	if (!(sat.value > 1e-9 * size))
		return;
	flat_cases++;
	mink_shape3 a = flat_mink(sa, 0, la), b = flat_mink(sb, 0, lb);
	mink_shape3 ha = flat_mink(sa, 1, la), hb = flat_mink(sb, 1, lb);
	mink_pose3 posea = {pa, qa}, poseb = {pb, qb};
	mink_result rs, re;
	mink_query3(&a, &posea, &b, &poseb, NULL, &rs);
	mink_query3(&ha, &posea, &hb, &poseb, NULL, &re);
	int by_axes = rs.gjk_iterations == 0 && rs.epa_iterations == 0;
	flat_closed += by_axes;
	double tol = by_axes ? 1e-12 * size : 2e-10 * sat.value + 1e-12 * size;
	CHECK(rs.status == MINK_OK, "status %s (%s)", mink_status_name(rs.status),
	      mink_warning_name(rs.warning));
	CHECK(!closed || by_axes, "not answered by separating axes (gjk %d, epa %d)",
	      rs.gjk_iterations, rs.epa_iterations);
	CHECK(fabs(rs.distance + sat.value) <= tol, "depth %.17g, oracle %.17g", -rs.distance,
	      sat.value);
	double tol_epa = 2e-10 * fabs(re.distance) + tol;
	CHECK(fabs(rs.distance - re.distance) <= tol_epa, "separating axes %.17g, EPA %.17g",
	      rs.distance, re.distance);
	double gs = oracle_support_min3(cb, nb, rs.normal) - oracle_support_max3(ca, na, rs.normal);
	double ge = oracle_support_min3(cb, nb, re.normal) - oracle_support_max3(ca, na, re.normal);
	CHECK(fabs(gs - rs.distance) <= tol, "gap along the normal %.17g, distance %.17g", gs,
	      rs.distance);
	CHECK(fabs(ge - rs.distance) <= tol_epa, "gap along EPA's normal %.17g, distance %.17g",
	      ge, rs.distance);
	if (tu_norm(tu_sub(rs.normal, re.normal)) > 1e-9)
		flat_ties++;
	/* The points are the deepest contact's: on the shapes within the
	 * contact tolerance, as every contact (a face tilted by less counts as
	 * flat in the patch, lib/manifold.c). */
	double ct = mink_default_options().contact_tolerance * size;
	CHECK(outside(ca, na, rs.point_a) <= ct, "point_a outside A by %g",
	      outside(ca, na, rs.point_a));
	CHECK(outside(cb, nb, rs.point_b) <= ct, "point_b outside B by %g",
	      outside(cb, nb, rs.point_b));
	mink_vec3 d = tu_sub(tu_sub(rs.point_b, rs.point_a), tu_scale(rs.normal, rs.distance));
	CHECK(tu_norm(d) <= tol, "point_b - point_a misses distance * normal by %g", tu_norm(d));
	/* Every contact lies within the contact tolerance of both shapes,
	 * next to a sharp corner too (lib/manifold.c, settle). */
	double cpt = ct + 1e-14 * size;
	for (int k = 0; k < rs.contact_count; k++) {
		const mink_contact *c = &rs.contacts[k];
		double oa = outside(ca, na, c->point_a), ob = outside(cb, nb, c->point_b);
		flat_out = fmax(flat_out, fmax(oa, ob) / ct);
		CHECK(oa <= cpt && ob <= cpt, "contact %d off the shapes (%g, %g)", k, oa, ob);
		CHECK(c->distance >= rs.distance - tol, "contact %d deeper than the result", k);
	}
}

static flat_shape random_flat(tu_rng *r, int kind, double scale)
{
	flat_shape s;
	s.kind = kind;
	s.h = tu_scale(tu_rng_box(r, 0.1, 1.0), scale);
	for (int i = 0; i < 3; i++)
		s.t[i] = tu_scale(tu_rng_box(r, -1.0, 1.0), scale);
	return s;
}

static void test_triangles(void **state)
{
	(void)state;
	tu_rng r;
	tu_rng_seed(&r, 0x7472690a);
	tu_begin();
	flat_cases = flat_closed = flat_ties = 0;
	flat_out = 0;
	/* Random poses: every pair of kinds but two boxes (lib/sat.c's closed
	 * form) and two segments (they never overlap with a depth). */
	static const int kinds[7][2] = {{0, 1}, {1, 0}, {1, 1}, {0, 2}, {2, 0}, {1, 2}, {2, 1}};
	for (int i = 0; i < 42000; i++) {
		double scale = i % 3 == 0 ? 1.0 : i % 3 == 1 ? 1e-6 : 1e6;
		int k = (i / 3) % 7;
		flat_shape sa = random_flat(&r, kinds[k][0], scale), sb = random_flat(&r, kinds[k][1], scale);
		mink_quat qa = tu_rng_quat(&r), qb = tu_rng_quat(&r);
		mink_vec3 pa = tu_scale(tu_rng_box(&r, -1.0, 1.0), scale);
		mink_vec3 pb = tu_add(pa, tu_scale(tu_rng_box(&r, -0.6, 0.6), scale));
		tu_case("random %d (kinds %d)", i, k);
		flat_pair(&sa, qa, pa, &sb, qb, pb, 1);
	}
	/* A triangle lying on a box's face, tilted by 0 to 1e-3 rad, sunk by
	 * 1e-8 to 0.3, its frame turned or not about the face's normal (edges
	 * parallel to the box's), in a random frame half the time; swapped. */
	static const double tilts[] = {0.0, 1e-12, 1e-9, 1e-7, 1e-5, 1e-3};
	for (int i = 0; i < 12000; i++) {
		double t = tilts[i % 6];
		flat_shape box = random_flat(&r, FLAT_BOX, 1.0), tri = random_flat(&r, FLAT_TRIANGLE, 1.0);
		for (int c = 0; c < 3; c++)
			tri.t[c].z = 0.0;
		if (i % 4 == 0) { /* a right triangle along the axes */
			tri.t[0] = tu_v3(-0.4, -0.3, 0);
			tri.t[1] = tu_v3(0.5, -0.3, 0);
			tri.t[2] = tu_v3(-0.4, 0.6, 0);
		}
		mink_quat yaw = i % 3 == 0 ? (mink_quat){1, 0, 0, 0}
		                            : tu_quat_axis_angle(tu_v3(0, 0, 1), tu_rng_range(&r, 0, 6.3));
		mink_quat qt = tu_quat_mul(tilt(&r, t), yaw);
		double depth = tu_rng_log_range(&r, 1e-8, 0.3);
		mink_vec3 lt[3];
		flat_corners(&tri, qt, tu_v3(0, 0, 0), lt);
		double low = oracle_support_min3(lt, 3, tu_v3(0, 0, 1));
		mink_vec3 pt = tu_v3(tu_rng_range(&r, -0.8, 0.8) * box.h.x,
		                     tu_rng_range(&r, -0.8, 0.8) * box.h.y, box.h.z - low - depth);
		mink_quat qf = i % 2 ? tu_rng_quat(&r) : (mink_quat){1, 0, 0, 0};
		mink_vec3 pf = i % 2 ? tu_rng_box(&r, -1.0, 1.0) : tu_v3(0, 0, 0);
		tu_case("triangle on a box %d (tilt %g)", i, t);
		flat_pair(&box, qf, pf, &tri, tu_quat_mul(qf, qt), tu_add(tu_rotate(qf, pt), pf), 0);
		flat_pair(&tri, tu_quat_mul(qf, qt), tu_add(tu_rotate(qf, pt), pf), &box, qf, pf, 0);
	}
	/* A segment (a capsule's core) through a box's face or a triangle,
	 * tilted from the normal by 0 to 1e-3 rad or from the face by 1e-12 to
	 * 1e-6 rad (nearly lying in it), in a random frame half the time. */
	static const double lean[] = {0.0, 1e-12, 1e-9, 1e-6, 1e-3, 1.5707963267948966 - 1e-6,
	                              1.5707963267948966 - 1e-9, 1.5707963267948966 - 1e-12};
	for (int i = 0; i < 16000; i++) {
		double t = lean[i % 8];
		flat_shape base = random_flat(&r, i % 16 < 8 ? FLAT_BOX : FLAT_TRIANGLE, 1.0);
		if (base.kind == FLAT_TRIANGLE)
			for (int c = 0; c < 3; c++)
				base.t[c].z = base.h.z;
		flat_shape seg = {FLAT_SEGMENT, tu_v3(0, 0, 0), {tu_v3(0, 0, -0.5), tu_v3(0, 0, 0.5)}};
		seg.t[1].z = tu_rng_range(&r, 0.1, 1.0);
		mink_quat qs = tu_quat_mul(tu_quat_axis_angle(tu_v3(0, 0, 1), tu_rng_range(&r, 0, 6.3)),
		                           tu_quat_axis_angle(tu_v3(1, 0, 0), t));
		mink_vec3 ps = tu_v3(tu_rng_range(&r, -0.3, 0.3), tu_rng_range(&r, -0.3, 0.3),
		                     base.h.z + tu_rng_range(&r, -0.4, 0.1));
		mink_quat qf = i % 2 ? tu_rng_quat(&r) : (mink_quat){1, 0, 0, 0};
		mink_vec3 pf = i % 2 ? tu_rng_box(&r, -1.0, 1.0) : tu_v3(0, 0, 0);
		tu_case("segment through a face %d (lean %g)", i, t);
		flat_pair(&base, qf, pf, &seg, tu_quat_mul(qf, qs), tu_add(tu_rotate(qf, ps), pf), 0);
		flat_pair(&seg, tu_quat_mul(qf, qs), tu_add(tu_rotate(qf, ps), pf), &base, qf, pf, 0);
	}
	printf("boxes, triangles and segments: %ld overlapping pairs, %ld by separating axes, %ld "
	       "normals differ by a tie; contacts outside a shape by up to %.3g of the contact "
	       "tolerance\n", flat_cases, flat_closed, flat_ties, flat_out);
	tu_end("boxes, triangles and segments", flat_cases);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_nearly_aligned),
		cmocka_unit_test(test_apart),
		cmocka_unit_test(test_triangles),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
