/*
 * segments.c - two segment cores in closed form (capsules, segments, and a
 * sphere's centre against either).
 *
 * The cores are segments (a point is one of length 0), so A - B is at most
 * a parallelogram: flat, with no interior in space, and the signed core
 * distance is never negative.  It lies between two numbers this file
 * computes: the gap along any unit n (the least of B minus the most of A
 * along n: the signed distance is the largest gap over n) and |c2 - c1| for
 * any points c1 of A and c2 of B; the gap along the answer's normal must be
 * its distance.  The closest points of the two segments
 * (Ericson, "Real-Time Collision Detection", 2005, section 5.1.9) give both
 * at once; where the two numbers meet within the tolerance the answer is
 * certified, else the pair is solved once more in double-double (nearly
 * parallel segments close together), and else it goes to GJK as before.
 * Where the closest points are the lines' own the normal is across the
 * plane of their directions, and where they cross it ties with its
 * opposite: the side of B's middle, so that the two orders give opposite
 * normals.  Parallel segments that touch have a circle of normals: the one
 * towards B's middle across the line where there is one (coaxial ones are
 * the axial solver's).
 */
#include <math.h>

#include "internal.h"

/* B's middle less A's: the side a tie across the segments is broken to. */
static mink_vec3 middles(mink_vec3 p0, mink_vec3 p1, mink_vec3 q0, mink_vec3 q1)
{
	return v3_scale(v3_sub(v3_add(q0, q1), v3_add(p0, p1)), 0.5);
}

/* The core of a point or a segment as a segment in the query frame. */
static int segment_of(const mk_shape *s, mink_vec3 *p, mink_vec3 *q)
{
	if (s->type == CORE_POINT) {
		*p = *q = mk_place(s, v3(0, 0, 0));
		return 1;
	}
	if (s->type == CORE_SEGMENT) {
		*p = mk_place(s, s->corner[0]);
		*q = mk_place(s, s->corner[1]);
		return 1;
	}
	return 0;
}

static double clamp01(double x)
{
	return x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x;
}

/*
 * The parameters s on P0 + s u and t on Q0 + t v of a closest pair, with
 * a = u.u, b = u.v, c = v.v, d = u.w, e = v.w, w = P0 - Q0.  Parallel
 * segments that overlap along their lines take the middle of the overlap
 * (the same pair in either order).  Returns 1 when the pair is that of the
 * two lines (neither parallel nor clamped): c2 - c1 is then across both.
 */
static int closest_params(double a, double b, double c, double d, double e, double *sp,
                          double *tp)
{
	double s, t;
	int lines = 0;
	if (!(a > 0.0)) {
		s = 0.0;
		t = c > 0.0 ? clamp01(e / c) : 0.0;
	} else if (!(c > 0.0)) {
		t = 0.0;
		s = clamp01(-d / a);
	} else {
		double D = a * c - b * b;
		if (D > 1e-12 * a * c) {
			double free = (b * e - c * d) / D;
			s = clamp01(free);
			lines = s == free;
		} else {
			/* parallel: Q0 and Q1 at -d/a and (b - d)/a along A */
			double q0 = -d / a, q1 = (b - d) / a;
			double lo = fmax(0.0, fmin(q0, q1)), hi = fmin(1.0, fmax(q0, q1));
			s = lo <= hi ? 0.5 * (lo + hi) : fmax(q0, q1) < 0.0 ? 0.0 : 1.0;
		}
		t = (b * s + e) / c;
		if (t < 0.0) {
			t = 0.0;
			s = clamp01(-d / a);
			lines = 0;
		} else if (t > 1.0) {
			t = 1.0;
			s = clamp01((b - d) / a);
			lines = 0;
		}
	}
	*sp = s;
	*tp = t;
	return lines;
}

/*
 * Double-double arithmetic (Dekker 1971; Knuth's two-sum), for the second
 * try on nearly parallel segments close together: there the closest pair
 * is ill-conditioned along the segments (the parameters lose a factor of
 * sin^2 of the angle) and the normal, |c2 - c1| over a distance of 1e-9,
 * loses the rest; the gap along it then misses the distance by 1e-11 where
 * the tolerance allows 3e-13.  With the segments' differences exact and
 * the system solved in about 32 digits the pair and its normal are
 * accurate to the double's rounding again.
 */
typedef struct dd {
	double hi, lo;
} dd;

static dd dd_sum(double a, double b)
{
	double s = a + b, bb = s - a;
	return (dd){s, (a - (s - bb)) + (b - bb)};
}

static dd dd_norm(double hi, double lo)
{
	double s = hi + lo;
	return (dd){s, lo - (s - hi)};
}

static dd dd_add(dd x, dd y)
{
	dd s = dd_sum(x.hi, y.hi);
	return dd_norm(s.hi, s.lo + x.lo + y.lo);
}

static dd dd_neg(dd x)
{
	return (dd){-x.hi, -x.lo};
}

static dd dd_mul(dd x, dd y)
{
	double p = x.hi * y.hi;
	return dd_norm(p, fma(x.hi, y.hi, -p) + x.hi * y.lo + x.lo * y.hi);
}

static dd dd_div(dd x, dd y)
{
	double q = x.hi / y.hi;
	dd r = dd_add(x, dd_neg(dd_mul((dd){q, 0.0}, y)));
	return dd_norm(q, r.hi / y.hi);
}

static double dd_val(dd x)
{
	return x.hi + x.lo;
}

/* a - b for points given in doubles: exact. */
static void dd_diff3(mink_vec3 a, mink_vec3 b, dd r[3])
{
	r[0] = dd_sum(a.x, -b.x);
	r[1] = dd_sum(a.y, -b.y);
	r[2] = dd_sum(a.z, -b.z);
}

static dd dd_dot3(const dd a[3], const dd b[3])
{
	return dd_add(dd_add(dd_mul(a[0], b[0]), dd_mul(a[1], b[1])), dd_mul(a[2], b[2]));
}

static dd dd_clamp01(dd x)
{
	return x.hi < 0.0 ? (dd){0.0, 0.0} : dd_val(x) > 1.0 ? (dd){1.0, 0.0} : x;
}

/*
 * closest_params and the pair in double-double, for segments apart by
 * more than rounding: the pair c1, c2 (rounded), the normal along c2 - c1
 * and the distance.  The same branches as closest_params, but parallel
 * only below an angle of 1e-13 (the distance then varies along the
 * overlap by less than its rounding).
 */
static void closest_dd(mink_vec3 p0, mink_vec3 p1, mink_vec3 q0, mink_vec3 q1, mink_vec3 *c1,
                       mink_vec3 *c2, mink_vec3 *n, double *dist, mink_vec3 *across)
{
	dd u[3], v[3], w[3];
	dd_diff3(p1, p0, u);
	dd_diff3(q1, q0, v);
	dd_diff3(p0, q0, w);
	dd a = dd_dot3(u, u), b = dd_dot3(u, v), c = dd_dot3(v, v);
	dd d = dd_dot3(u, w), e = dd_dot3(v, w), s, t;
	const dd zero = {0.0, 0.0}, one = {1.0, 0.0};
	if (!(a.hi > 0.0)) {
		s = zero;
		t = c.hi > 0.0 ? dd_clamp01(dd_div(e, c)) : zero;
	} else if (!(c.hi > 0.0)) {
		t = zero;
		s = dd_clamp01(dd_div(dd_neg(d), a));
	} else {
		dd D = dd_add(dd_mul(a, c), dd_neg(dd_mul(b, b)));
		if (dd_val(D) > 1e-26 * a.hi * c.hi) {
			s = dd_clamp01(dd_div(dd_add(dd_mul(b, e), dd_neg(dd_mul(c, d))), D));
		} else {
			dd q0s = dd_div(dd_neg(d), a), q1s = dd_div(dd_add(b, dd_neg(d)), a);
			double lo = fmax(0.0, fmin(dd_val(q0s), dd_val(q1s)));
			double hi = fmin(1.0, fmax(dd_val(q0s), dd_val(q1s)));
			s = (dd){lo <= hi ? 0.5 * (lo + hi) : fmax(dd_val(q0s), dd_val(q1s)) < 0.0 ? 0.0 : 1.0,
			         0.0};
		}
		t = dd_div(dd_add(dd_mul(b, s), e), c);
		if (t.hi < 0.0) {
			t = zero;
			s = dd_clamp01(dd_div(dd_neg(d), a));
		} else if (dd_val(t) > 1.0) {
			t = one;
			s = dd_clamp01(dd_div(dd_add(b, dd_neg(d)), a));
		}
	}
	/* c2 - c1 = -w + t v - s u */
	dd r[3];
	for (int k = 0; k < 3; k++)
		r[k] = dd_add(dd_add(dd_neg(w[k]), dd_mul(t, v[k])), dd_neg(dd_mul(s, u[k])));
	*dist = sqrt(dd_val(dd_dot3(r, r)));
	*n = v3(dd_val(r[0]) / *dist, dd_val(r[1]) / *dist, dd_val(r[2]) / *dist);
	/* touching within rounding: across the plane, u x v to 32 digits */
	dd m[3];
	for (int k = 0; k < 3; k++) {
		int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
		m[k] = dd_add(dd_mul(u[k1], v[k2]), dd_neg(dd_mul(u[k2], v[k1])));
	}
	double ml = sqrt(dd_val(dd_dot3(m, m)));
	*across = ml > 0.0 ? v3(dd_val(m[0]) / ml, dd_val(m[1]) / ml, dd_val(m[2]) / ml)
	                   : v3(0, 0, 0);
	*c1 = v3(p0.x + dd_val(dd_mul(s, u[0])), p0.y + dd_val(dd_mul(s, u[1])),
	         p0.z + dd_val(dd_mul(s, u[2])));
	*c2 = v3(q0.x + dd_val(dd_mul(t, v[0])), q0.y + dd_val(dd_mul(t, v[1])),
	         q0.z + dd_val(dd_mul(t, v[2])));
}

/* The gap along unit n in double-double: the least of n.(q - p) over the
 * ends, each difference exact. */
static double gap_dd(mink_vec3 n, const mink_vec3 p[2], const mink_vec3 q[2])
{
	dd nn[3] = {{n.x, 0.0}, {n.y, 0.0}, {n.z, 0.0}};
	double best = INFINITY;
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 2; j++) {
			dd r[3];
			dd_diff3(q[j], p[i], r);
			best = fmin(best, dd_val(dd_dot3(nn, r)));
		}
	return best;
}

/* How far the gap may fall below the pair's length: the tolerance relative
 * to the distance to be reported, the length less the margins (two
 * capsules 1e-6 deep, 0.55 apart as segments, had taken 1e-10 of the 0.55:
 * the depth 4e-11 short, 4e-5 of it), or to the length where that is less,
 * and the size's share. */
static double answer_slack(const mk_tol *tol, double dist)
{
	/* (tol->margins is the two margins: segments are not smooth cores) */
	double d = fmin(fabs(dist - tol->margins), fabs(dist));
	return tol->rel * d + tol->abs + tol->eps;
}

int mk_solve_segments(const mk_shape *A, const mk_shape *B, const mk_tol *tol, mk_answer *ans)
{
	mink_vec3 p0, p1, q0, q1;
	if (!segment_of(A, &p0, &p1) || !segment_of(B, &q0, &q1))
		return 0;
	mink_vec3 u = v3_sub(p1, p0), v = v3_sub(q1, q0), w = v3_sub(p0, q0);
	double s, t;
	int lines = closest_params(v3_dot(u, u), v3_dot(u, v), v3_dot(v, v), v3_dot(u, w),
	                           v3_dot(v, w), &s, &t);
	mink_vec3 c1 = v3_mad(p0, u, s), c2 = v3_mad(q0, v, t);
	double dist = v3_len_safe(v3_sub(c2, c1));
	/* Across the plane of the two directions where the closest points are
	 * the lines' (on B's side of A's line: the sign of m.(q0 - p0)), and
	 * where they touch within rounding; otherwise along c2 - c1.  Touching,
	 * both sides of the plane tie: the one towards B's middle, which the
	 * two orders see alike in any frame (m itself when that is in the plane
	 * too).  The distance is |c2 - c1| in every case: an upper bound. */
	mink_vec3 m = v3_cross(u, v);
	double ml = v3_len_safe(m);
	int crossed = ml > 1e-9 * sqrt(v3_len2(u) * v3_len2(v));
	mink_vec3 n;
	if (crossed && (lines || !(dist > 4.0 * tol->eps))) {
		double off = v3_dot(m, v3_sub(q0, p0));
		if (!(dist > 4.0 * tol->eps)) {
			off = v3_dot(m, middles(p0, p1, q0, q1));
			if (!(fabs(off) > 4.0 * tol->eps * ml))
				off = 0.0; /* m = u x v: -m in the other order */
		}
		n = v3_scale(m, (off < 0.0 ? -1.0 : 1.0) / ml);
	} else if (dist > 4.0 * tol->eps) {
		n = v3_scale(v3_sub(c2, c1), 1.0 / dist);
	} else {
		/* Parallel and touching (or a point on a segment): every normal
		 * across the line ties, as a circle.  The one towards B's middle
		 * where that is off the line, else any (the orders may differ). */
		mink_vec3 l = v3_len2(u) >= v3_len2(v) ? u : v;
		double ll = v3_len_safe(l);
		if (!(ll > 0.0))
			return 0;
		l = v3_scale(l, 1.0 / ll);
		mink_vec3 mid = middles(p0, p1, q0, q1);
		mink_vec3 across = v3_mad(mid, l, -v3_dot(mid, l));
		double al = v3_len_safe(across);
		n = al > 4.0 * tol->eps ? v3_scale(across, 1.0 / al) : v3_any_orthogonal(l);
	}
	/* The gap along n bounds the signed distance from below, |c2 - c1|
	 * from above.  (0 bounds it from below too, A - B being flat, but
	 * the answer's normal must be one along which the gap is the
	 * distance: nearly collinear segments a rounding apart have a
	 * closest pair whose difference points anywhere.) */
	double gap = fmin(v3_dot(n, q0), v3_dot(n, q1)) - fmax(v3_dot(n, p0), v3_dot(n, p1));
	if (!(dist - gap <= answer_slack(tol, dist))) {
		/* Nearly parallel and close: once more in double-double. */
		const mink_vec3 pe[2] = {p0, p1}, qe[2] = {q0, q1};
		mink_vec3 mn;
		closest_dd(p0, p1, q0, q1, &c1, &c2, &n, &dist, &mn);
		if (!(dist > 4.0 * tol->eps)) {
			/* crossing: the side of B's middle, as above */
			if (!(v3_len2(mn) > 0.0))
				return 0;
			n = v3_dot(mn, middles(p0, p1, q0, q1)) < -4.0 * tol->eps ? v3_neg(mn) : mn;
		}
		gap = gap_dd(n, pe, qe);
		if (!(dist - gap <= answer_slack(tol, dist)))
			return 0;
	}
	mk_share_difference(&c1, &c2, v3_scale(n, -dist));
	ans->distance = dist - (A->margin + B->margin);
	ans->normal = n;
	ans->pa = v3_mad(c1, n, A->margin);
	ans->pb = v3_mad(c2, n, -B->margin);
	ans->gjk_it = 0;
	ans->epa_it = 0;
	ans->warning = MINK_WARN_NONE;
	return 1;
}
