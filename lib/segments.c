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
 * certified, and otherwise the pair goes to GJK as before.  Where the
 * closest points are inside both segments the normal is across the plane
 * of their directions, and where they cross it ties with its opposite: the
 * side of B's middle, so that the two orders give opposite normals.  Collinear
 * segments that touch have a circle of normals: the axial solver's, or
 * GJK's.
 */
#include <math.h>

#include "internal.h"

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
			mink_vec3 mid = v3_scale(v3_sub(v3_add(q0, q1), v3_add(p0, p1)), 0.5);
			off = v3_dot(m, mid);
			if (!(fabs(off) > 4.0 * tol->eps * ml))
				off = 0.0; /* m = u x v: -m in the other order */
		}
		n = v3_scale(m, (off < 0.0 ? -1.0 : 1.0) / ml);
	} else if (dist > 4.0 * tol->eps) {
		n = v3_scale(v3_sub(c2, c1), 1.0 / dist);
	} else {
		return 0; /* parallel and touching, or a point: a circle of normals */
	}
	/* The gap along n bounds the signed distance from below, |c2 - c1|
	 * from above.  (0 bounds it from below too, A - B being flat, but
	 * the answer's normal must be one along which the gap is the
	 * distance: nearly collinear segments a rounding apart have a
	 * closest pair whose difference points anywhere.) */
	double gap = fmin(v3_dot(n, q0), v3_dot(n, q1)) - fmax(v3_dot(n, p0), v3_dot(n, p1));
	if (!(dist - gap <= mk_slack(tol, dist)))
		return 0;
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
