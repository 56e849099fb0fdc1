/*
 * test_scans.c - the library's scans over a hull's points give what a
 * plain loop gives, to the bit.
 *
 * mk_support_points3 (the first point with the greatest p.d),
 * mk_points_radius (the largest |p|) and the coordinate check behind
 * mink_shape3_check work on two points at a time where the target has the
 * vector registers for it, and mk_support_soa3 on four at a time from the
 * coordinates in three arrays where the CPU has AVX2.  Each is compared here with the obvious scalar
 * loop, written out again, on point sets made to stress the lanes and the
 * order: every count from 1 to 40 (odd and even tails), ties between
 * points (duplicates, a face perpendicular to d, all points equal), the
 * greatest point first, last and in either lane, zero and tiny and huge
 * coordinates, and a NaN or an infinite direction.  EPA's face planes
 * likewise: mk_face_plane and its four-lane form against the plane written
 * out plainly.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "../lib/epa.h"
#include "../lib/internal.h"

enum { MAX_N = 40, ROUNDS = 3000 };

static uint64_t state = 0x5eed5ca45ULL;

static uint64_t next(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

static double uniform(double lo, double hi)
{
	return lo + (hi - lo) * (double)(next() >> 11) * 0x1p-53;
}

/* The reference loops, as plain as they come. */
static int first_greatest(const mink_vec3 *p, int n, mink_vec3 d)
{
	int best = 0;
	double bd = p[0].x * d.x + p[0].y * d.y + p[0].z * d.z;
	for (int i = 1; i < n; i++) {
		double t = p[i].x * d.x + p[i].y * d.y + p[i].z * d.z;
		if (t > bd) {
			bd = t;
			best = i;
		}
	}
	return best;
}

static double largest_length(const mink_vec3 *p, int n)
{
	double m2 = 0.0;
	for (int i = 0; i < n; i++) {
		double t = p[i].x * p[i].x + p[i].y * p[i].y + p[i].z * p[i].z;
		m2 = t > m2 ? t : m2;
	}
	return sqrt(m2);
}

static int all_within(const mink_vec3 *p, int n)
{
	for (int i = 0; i < n; i++)
		if (!(fabs(p[i].x) <= MINK_MAX_COORD && fabs(p[i].y) <= MINK_MAX_COORD &&
		      fabs(p[i].z) <= MINK_MAX_COORD))
			return 0;
	return 1;
}

/* A point set of one of several kinds, n points. */
static void make_points(mink_vec3 *p, int n, int kind)
{
	double scale = kind == 5 ? 1e-150 : kind == 6 ? 1e90 : 1.0;
	for (int i = 0; i < n; i++) {
		switch (kind) {
		case 0: /* random */
		default:
			p[i] = v3(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
			break;
		case 1: /* a few distinct points, many duplicates */
			p[i] = v3((double)(next() % 3), (double)(next() % 2), 1.0);
			break;
		case 2: /* all equal */
			p[i] = v3(0.25, -0.5, 2.0);
			break;
		case 3: /* a face z = 1 and points below it */
			p[i] = v3(uniform(-1, 1), uniform(-1, 1), next() % 2 ? 1.0 : uniform(-1, 0.5));
			break;
		case 4: /* integers: many exact ties along any integer direction */
			p[i] = v3((double)(next() % 5) - 2, (double)(next() % 5) - 2, (double)(next() % 5) - 2);
			break;
		case 5:
		case 6:
			p[i] = v3(scale * uniform(-1, 1), scale * uniform(-1, 1), scale * uniform(-1, 1));
			break;
		}
	}
	/* Sometimes the greatest point sits at a chosen place. */
	if (n > 1 && next() % 3 == 0) {
		int at = (int)(next() % (uint64_t)n);
		p[at] = v3(3 * scale, 3 * scale, 3 * scale);
	}
}

static mink_vec3 make_direction(int k)
{
	switch (k % 8) {
	case 0:
		return v3(0, 0, 1);
	case 1:
		return v3(1, 1, 1);
	case 2:
		return v3(-1, 0, 0);
	case 3:
		return v3(0, 0, 0);
	case 4:
		return v3(NAN, 1, 0);
	case 5:
		return v3(INFINITY, 0, 0);
	default:
		return v3(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
	}
}

static void test_support_is_the_first_greatest(void **st)
{
	(void)st;
	mink_vec3 p[MAX_N];
	double xyz[3 * (MAX_N + 7)];
	long cases = 0, bad = 0, soa_cases = 0;
	int soa = mk_have_avx2();
	for (int round = 0; round < ROUNDS; round++)
		for (int n = 1; n <= MAX_N; n++) {
			int kind = round % 7;
			make_points(p, n, kind);
			if (round % 11 == 0)
				p[0].x = NAN; /* p[0]'s value NaN: the loop keeps p[0] */
			mink_vec3 d = make_direction(round + n);
			int want = first_greatest(p, n, d);
			mink_vec3 got = mk_support_points3(p, n, d);
			cases++;
			if (soa && n >= 5) {
				/* the four-lane scan of the coordinates' copy: the very
				 * index, with the pad of its own stride or one more
				 * chunk of p[0] (the stride of a longer partner) */
				int m = mk_soa_stride(n) + (round % 3 == 1 ? 4 : 0);
				for (int i = 0; i < m; i++) {
					xyz[i] = p[i < n ? i : 0].x;
					xyz[m + i] = p[i < n ? i : 0].y;
					xyz[2 * m + i] = p[i < n ? i : 0].z;
				}
				int at = mk_support_soa3(xyz, m, d);
				/* and in one loop with a scan of the same points along
				 * -d, which must find -d's own first greatest */
				int ia, ib;
				mink_vec3 e = {-d.x, -d.y, -d.z};
				mk_support_soa3_pair(xyz, xyz, m, d, e, &ia, &ib);
				/* the points within t of the top, in order, as the plain
				 * loop of v3_dot finds them: none to all, NaN passed over */
				double top = v3_dot(p[want], d), t = round % 5 == 0 ? 0.0 : 0.3 * (round % 4);
				int above[MAX_N], na = 0;
				for (int i = 0; i < n; i++)
					if (v3_dot(p[i], d) >= top - t)
						above[na++] = i;
				int got_at[8], got_n = mk_soa_above(xyz, m, n, d, top - t, got_at, 8);
				if ((got_n != na || memcmp(got_at, above, sizeof(int) * (size_t)(na < 8 ? na : 8))) &&
				    bad++ < 5)
					print_message("points above: n %d kind %d round %d: got %d, want %d\n", n,
					              kind, round, got_n, na);
				soa_cases++;
				if ((at != want || ia != want || ib != first_greatest(p, n, e)) && bad++ < 5)
					print_message("support (four lanes): n %d kind %d round %d: got point %d "
					              "(pair: %d, along -d %d), want point %d (along -d %d)\n",
					              n, kind, round, at, ia, ib, want, first_greatest(p, n, e));
			}
			/* the same point (by value: equal points are one answer) */
			if (memcmp(&got, &p[want], sizeof got) != 0 && bad++ < 5)
				print_message("support: n %d kind %d round %d: got (%g %g %g), "
				              "want point %d (%g %g %g)\n",
				              n, kind, round, got.x, got.y, got.z, want, p[want].x,
				              p[want].y, p[want].z);
		}
	print_message("support scan: %ld cases (%ld of them four lanes too), %ld wrong\n", cases,
	              soa_cases, bad);
	assert_int_equal(bad, 0);
}

static void test_radius_is_the_largest_length(void **st)
{
	(void)st;
	mink_vec3 p[MAX_N];
	long cases = 0, bad = 0;
	for (int round = 0; round < ROUNDS; round++)
		for (int n = 1; n <= MAX_N; n++) {
			int kind = round % 7;
			make_points(p, n, kind);
			double want = largest_length(p, n), got = mk_points_radius(p, n);
			/* A query's core of the hull: its radius from the pass that
			 * copies the coordinates for the four-lane scan, where it does. */
			static mk_scratch scratch;
			mk_shape core;
			mink_shape3 s = {0};
			s.type = MINK_HULL;
			s.hull.points = p;
			s.hull.count = n;
			int built = mk_shape_from3(&s, &core, &scratch) == MINK_ERR_NONE;
			int ok = memcmp(&got, &want, sizeof got) == 0;
			if (kind == 5) {
				/* squares underflow: the scaled way, within its rounding */
				want = 0.0;
				for (int i = 0; i < n; i++)
					want = fmax(want, hypot(hypot(p[i].x, p[i].y), p[i].z));
				ok = fabs(got - want) <= 1e-15 * want;
			}
			ok = ok && built && memcmp(&core.bound, &got, sizeof got) == 0;
			/* the copy: the points, then p[0] up to the stride */
			int m = mk_soa_stride(n);
			if (core.soa)
				for (int i = 0; i < m; i++) {
					const mink_vec3 *q = &p[i < n ? i : 0];
					ok = ok && memcmp(&core.soa[i], &q->x, sizeof(double)) == 0 &&
					     memcmp(&core.soa[m + i], &q->y, sizeof(double)) == 0 &&
					     memcmp(&core.soa[2 * m + i], &q->z, sizeof(double)) == 0;
				}
			cases++;
			if (!ok && bad++ < 5)
				print_message("radius: n %d round %d: got %.17g want %.17g\n", n, round,
				              got, want);
		}
	print_message("radius scan: %ld cases, %ld wrong\n", cases, bad);
	assert_int_equal(bad, 0);
}

static void test_check_finds_every_bad_coordinate(void **st)
{
	(void)st;
	static const double bad_values[] = {NAN, INFINITY, -INFINITY, 2 * MINK_MAX_COORD,
	                                    -1.5 * MINK_MAX_COORD};
	mink_vec3 p[MAX_N];
	long cases = 0, bad = 0;
	for (int round = 0; round < 400; round++)
		for (int n = 1; n <= MAX_N; n++) {
			make_points(p, n, round % 7);
			/* none, or one bad coordinate at any point and axis */
			if (round % 2) {
				int at = (int)(next() % (uint64_t)n), axis = (int)(next() % 3);
				double v = bad_values[next() % 5];
				if (axis == 0)
					p[at].x = v;
				else if (axis == 1)
					p[at].y = v;
				else
					p[at].z = v;
			}
			mink_shape3 s = {0};
			s.type = MINK_HULL;
			s.hull.points = p;
			s.hull.count = n;
			int want = all_within(p, n), got = mink_shape3_check(&s) == MINK_ERR_NONE;
			/* and as mink_query3 checks: the points where the core is
			 * made, in the pass that copies them where there is one */
			static mk_scratch scratch;
			mk_shape core;
			int query = mk_shape3_check(&s, 0) == MINK_ERR_NONE &&
			            mk_shape_from3(&s, &core, &scratch) == MINK_ERR_NONE;
			cases++;
			if ((got != want || query != want) && bad++ < 5)
				print_message("check: n %d round %d: got %d (query %d) want %d\n", n, round,
				              got, query, want);
		}
	print_message("coordinate check: %ld cases, %ld wrong\n", cases, bad);
	assert_int_equal(bad, 0);
}

/* The plane of a triangle, written out plainly: the cross product of the
 * two edges other than the longest (the first of ab, bc, ca among equal
 * longest), its length, the unit normal and its distance; *in whether the
 * squared length lies where the library takes its plain square root. */
static int plain_plane(mink_vec3 a, mink_vec3 b, mink_vec3 c, mink_vec3 *n, double *d, int *in)
{
	double e[3][3] = {{b.x - a.x, b.y - a.y, b.z - a.z},
	                  {c.x - b.x, c.y - b.y, c.z - b.z},
	                  {a.x - c.x, a.y - c.y, a.z - c.z}};
	double len[3];
	for (int i = 0; i < 3; i++)
		len[i] = e[i][0] * e[i][0] + e[i][1] * e[i][1] + e[i][2] * e[i][2];
	int longest = 2;
	if (len[0] >= len[1] && len[0] >= len[2])
		longest = 0;
	else if (len[1] >= len[2])
		longest = 1;
	const double *u = e[(longest + 1) % 3], *v = e[(longest + 2) % 3];
	double x = u[1] * v[2] - u[2] * v[1], y = u[2] * v[0] - u[0] * v[2],
	       z = u[0] * v[1] - u[1] * v[0];
	double l2 = x * x + y * y + z * z;
	*in = l2 > 1e-280 && l2 < 1e280;
	double l = sqrt(l2);
	if (!(l > 1e-14 * len[longest]) || !(l < INFINITY))
		return 0;
	n->x = x * (1.0 / l);
	n->y = y * (1.0 / l);
	n->z = z * (1.0 / l);
	*d = n->x * a.x + n->y * a.y + n->z * a.z;
	return 1;
}

/* A corner of the test's triangles: (kind) random, small integers (ties
 * between edge lengths), slivers, coincident corners, tiny or huge scales
 * (out of the plain square root's range), NaN or infinity. */
static void make_triangle(mink_vec3 t[3], int kind)
{
	for (int i = 0; i < 3; i++) {
		t[i].x = uniform(-1, 1);
		t[i].y = uniform(-1, 1);
		t[i].z = uniform(-1, 1);
	}
	if (kind == 1)
		for (int i = 0; i < 3; i++) {
			t[i].x = (double)(int)(next() % 5) - 2;
			t[i].y = (double)(int)(next() % 5) - 2;
			t[i].z = (double)(int)(next() % 3) - 1;
		}
	if (kind == 2) { /* a sliver: c on ab's line, off by up to 1e-12 */
		double s = uniform(-0.5, 1.5), off = uniform(0, 1e-12);
		t[2].x = t[0].x + s * (t[1].x - t[0].x) + off;
		t[2].y = t[0].y + s * (t[1].y - t[0].y);
		t[2].z = t[0].z + s * (t[1].z - t[0].z);
	}
	if (kind == 3)
		t[next() % 3] = t[next() % 3];
	if (kind == 4 || kind == 5) { /* scales 1e-160 .. 1e160 */
		double sc = pow(10.0, (double)(int)(next() % 321) - 160);
		for (int i = 0; i < 3; i++) {
			t[i].x *= sc;
			t[i].y *= sc;
			t[i].z *= sc;
		}
	}
	if (kind == 6) {
		static const double odd[] = {NAN, INFINITY, -INFINITY, 1e300};
		double v = odd[next() % 4];
		int at = (int)(next() % 3), axis = (int)(next() % 3);
		if (axis == 0)
			t[at].x = v;
		else if (axis == 1)
			t[at].y = v;
		else
			t[at].z = v;
	}
}

static int same_bits(double x, double y)
{
	return memcmp(&x, &y, sizeof x) == 0;
}

/* EPA's face planes (lib/epa3.c): mk_face_plane, and the four-lane form
 * where the CPU has AVX2, against the plain plane, to the bit. */
static void test_face_planes_are_the_plain_ones(void **st)
{
	(void)st;
	long cases = 0, bad = 0, lanes = 0, fallbacks = 0;
	static const double dmins[] = {-INFINITY, -1e-10, 0.0, 0.3};
	for (int round = 0; round < 40000; round++) {
		mink_vec3 t[4][3];
		mink_vec3 want_n[4];
		double want_d[4], dmin = dmins[next() % 4];
		int want_ok[4], in[4], all_in = 1;
		for (int k = 0; k < 4; k++) {
			make_triangle(t[k], (round + k) % 7);
			want_ok[k] = plain_plane(t[k][0], t[k][1], t[k][2], &want_n[k], &want_d[k], &in[k]);
			all_in &= in[k];
			mink_vec3 n;
			double d;
			int ok = mk_face_plane(t[k][0], t[k][1], t[k][2], &n, &d);
			cases++;
			/* out of range the library rescales first: the normal is
			 * then only checked to be of unit length */
			int wrong = ok != want_ok[k] && in[k];
			if (ok && want_ok[k] && in[k])
				wrong = !same_bits(n.x, want_n[k].x) || !same_bits(n.y, want_n[k].y) ||
				        !same_bits(n.z, want_n[k].z) || !same_bits(d, want_d[k]);
			if (ok && !in[k])
				wrong = !(fabs(n.x * n.x + n.y * n.y + n.z * n.z - 1) < 1e-15) ||
				        !isfinite(d);
			if (wrong && bad++ < 5)
				print_message("mk_face_plane: round %d lane %d: ok %d want %d, corners "
				              "%a %a %a / %a %a %a / %a %a %a\n",
				              round, k, ok, want_ok[k], t[k][0].x, t[k][0].y, t[k][0].z,
				              t[k][1].x, t[k][1].y, t[k][1].z, t[k][2].x, t[k][2].y, t[k][2].z);
		}
#if MK_AVX2
		if (!mk_have_avx2())
			continue;
		/* each corner with a double after it, as EPA's vertices have */
		double corner[4][3][4], out[4][4];
		const double *a[4], *b[4], *c[4];
		double *o[4];
		for (int k = 0; k < 4; k++) {
			for (int i = 0; i < 3; i++) {
				corner[k][i][0] = t[k][i].x;
				corner[k][i][1] = t[k][i].y;
				corner[k][i][2] = t[k][i].z;
				corner[k][i][3] = uniform(-1, 1);
			}
			a[k] = corner[k][0];
			b[k] = corner[k][1];
			c[k] = corner[k][2];
			o[k] = out[k];
			for (int i = 0; i < 4; i++)
				out[k][i] = -7.0;
		}
		int m = mk_face_planes4(a, b, c, o, dmin);
		lanes += 4;
		int wrong = 0;
		if (!all_in) {
			fallbacks++;
			wrong = m != -1;
			for (int k = 0; k < 4; k++)
				for (int i = 0; i < 4; i++)
					wrong |= out[k][i] != -7.0;
		} else {
			for (int k = 0; k < 4; k++) {
				int want_bit = want_ok[k] && !(want_d[k] < dmin);
				wrong |= ((m >> k) & 1) != want_bit;
				if (want_bit)
					wrong |= !same_bits(out[k][0], want_n[k].x) ||
					         !same_bits(out[k][1], want_n[k].y) ||
					         !same_bits(out[k][2], want_n[k].z) ||
					         !same_bits(out[k][3], want_d[k]);
			}
		}
		if (wrong && bad++ < 5)
			print_message("mk_face_planes4: round %d: lanes %d\n", round, m);
#endif
	}
	print_message("face planes: %ld single, %ld in four lanes (%ld fours out of range), "
	              "%ld wrong\n",
	              cases, lanes, fallbacks, bad);
	assert_int_equal(bad, 0);
}

/* The core of s placed at the frame's origin, unturned: 1, or 0 where s is
 * refused. */
static int core_in_frame(const mink_shape3 *s, mk_shape *core)
{
	static mk_scratch scratch;
	if (mk_shape_from3(s, core, &scratch) != MINK_ERR_NONE)
		return 0;
	core->rot = m3_identity();
	core->pos = v3(0, 0, 0);
	core->identity = 1;
	return 1;
}

/*
 * mk_core_offset, a point's distance from a core, on points whose answer
 * is known: a support point along d is on the core (0, to the rounding of
 * its coordinates), the same carried out along d by t is t away (d lies
 * in the normal cone there, so the support point is its nearest), and
 * half of it, inside, is 0 (to the rounding of a projection).
 * Ellipsoids, cylinders, cones and boxes of sizes 1e-6 to 1e6.  Before, a
 * point just outside an ellipsoid by its rounding that was its own
 * nearest point was taken for infinitely far (a zero distance read as the
 * failure): 40 of 1000 ellipsoids' support points, and answers with such a
 * point were not certified.
 */
static void test_offset_of_known_points(void **st)
{
	(void)st;
	long cases = 0, bad = 0;
	for (int i = 0; i < 4000; i++) {
		double sc = pow(10.0, (double)(i % 13) - 6.0);
		double a = sc * uniform(0.1, 1.1);
		double b = sc * uniform(0.1, 1.1);
		double c = sc * uniform(0.1, 1.1);
		mink_shape3 s;
		switch (i % 4) {
		case 0: s = mink_ellipsoid(a, b, c); break;
		case 1: s = mink_cylinder(a, b); break;
		case 2: s = mink_cone(a, b); break;
		default: s = mink_box(a, b, c); break;
		}
		mk_shape core;
		if (!core_in_frame(&s, &core)) {
			bad++;
			continue;
		}
		double dx = uniform(-1.0, 1.0);
		double dy = uniform(-1.0, 1.0);
		double dz = uniform(-1.0, 1.0);
		mink_vec3 d = v3(dx, dy, dz);
		d = v3_scale(d, 1.0 / v3_len(d));
		mink_vec3 x = mk_support(&core, d);
		double size = a + b + c, t = 0.25 * size;
		double on = mk_core_offset(&core, x);
		double out = mk_core_offset(&core, v3_mad(x, d, t));
		double in = mk_core_offset(&core, v3_scale(x, 0.5));
		int ok = on <= 1e-15 * size && fabs(out - t) <= 1e-13 * size && in <= 1e-15 * size;
		cases++;
		if (!ok && bad++ < 5)
			print_message("offset: shape %d (case %d): on %.3g, out %.17g for %.17g, in %.3g\n",
			              i % 4, i, on, out, t, in);
	}
	print_message("core offsets: %ld cases, %ld wrong\n", cases, bad);
	assert_int_equal(bad, 0);
}

/*
 * mk_core_offset on sliver triangles (widths 1e-4 to 1e-8 of their
 * length, up to 3e6 long, turned and moved): a point on an edge is on the
 * triangle (0, to the rounding of its coordinates), and one carried out
 * of an edge across it, in the plane, by t is t away.  Before, the
 * nearest point came from Voronoi regions told by products of dot
 * products, which lose a sliver: a point on an edge of a triangle 3e6 long
 * and 0.4 wide was read 49.8 off it (the manifold then took a pair off a
 * cylinder for one on it).
 */
static void test_offset_on_slivers(void **st)
{
	(void)st;
	long cases = 0, bad = 0;
	static const double widths[4] = {1e-4, 1e-6, 1e-7, 1e-8};
	for (int i = 0; i < 2000; i++) {
		double len = 3.0 * pow(10.0, (double)(i % 7));
		double w = len * widths[(i / 7) % 4];
		double u = uniform(0.1, 0.9);
		double qw = uniform(-1.0, 1.0);
		double qx = uniform(-1.0, 1.0);
		double qy = uniform(-1.0, 1.0);
		double qz = uniform(-1.0, 1.0);
		double ql = sqrt(qw * qw + qx * qx + qy * qy + qz * qz);
		mat3 rot = m3_from_quat((mink_quat){qw / ql, qx / ql, qy / ql, qz / ql});
		double mx = uniform(-len, len);
		double my = uniform(-len, len);
		double mz = uniform(-len, len);
		mink_vec3 move = v3(mx, my, mz);
		mink_vec3 c[3] = {v3(0, 0, 0), v3(len, 0, 0), v3(u * len, w, 0)};
		for (int k = 0; k < 3; k++)
			c[k] = v3_add(m3_mul(&rot, c[k]), move);
		mink_shape3 s = mink_triangle3(c[0], c[1], c[2]);
		mk_shape core;
		if (!core_in_frame(&s, &core)) {
			bad++;
			continue;
		}
		mink_vec3 m = v3_cross(v3_sub(c[1], c[0]), v3_sub(c[2], c[0]));
		m = v3_scale(m, 1.0 / v3_len(m));
		for (int e = 0; e < 3; e++) {
			mink_vec3 a = c[e], b = c[(e + 1) % 3], o = c[(e + 2) % 3];
			double f = uniform(0.05, 0.95);
			mink_vec3 x = v3_mad(a, v3_sub(b, a), f);
			/* across the edge, in the plane, away from the third corner */
			mink_vec3 out = v3_cross(v3_sub(b, a), m);
			out = v3_scale(out, 1.0 / v3_len(out));
			if (v3_dot(out, v3_sub(o, a)) > 0.0)
				out = v3_neg(out);
			double t = 0.1 * w;
			double on = mk_core_offset(&core, x);
			double off = mk_core_offset(&core, v3_mad(x, out, t));
			int ok = on <= 1e-14 * len && fabs(off - t) <= 1e-3 * t + 1e-14 * len;
			cases++;
			if (!ok && bad++ < 5)
				print_message("sliver %d (width %g of %g), edge %d: on %.3g, "
				              "out %.17g for %.17g\n",
				              i, w, len, e, on, off, t);
		}
		/* inside the face, and carried off it along its normal */
		for (int k = 0; k < 3; k++) {
			double f1 = uniform(0.05, 0.9);
			double f2 = uniform(0.05, 0.95) * (1.0 - f1);
			mink_vec3 x = v3_add(c[0], v3_add(v3_scale(v3_sub(c[1], c[0]), f1),
			                                  v3_scale(v3_sub(c[2], c[0]), f2)));
			double t = k == 0 ? 0.0 : (k == 1 ? 1e-9 : 1e-3) * len;
			double off = mk_core_offset(&core, v3_mad(x, m, t));
			int ok = fabs(off - t) <= 1e-3 * t + 1e-14 * len;
			cases++;
			if (!ok && bad++ < 5)
				print_message("sliver %d (width %g of %g), inside, %g off: "
				              "read %.17g\n", i, w, len, t, off);
		}
	}
	print_message("sliver offsets: %ld cases, %ld wrong\n", cases, bad);
	assert_int_equal(bad, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_support_is_the_first_greatest),
		cmocka_unit_test(test_radius_is_the_largest_length),
		cmocka_unit_test(test_check_finds_every_bad_coordinate),
		cmocka_unit_test(test_face_planes_are_the_plain_ones),
		cmocka_unit_test(test_offset_of_known_points),
		cmocka_unit_test(test_offset_on_slivers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
