/*
 * slice.c - a lower bound on the depth of a polytope in a cylinder or a
 * cone, by slices along its axis.
 *
 * The cylinder C is a disk of radius r (across its axis e) swept along a
 * segment of half length h (along e).  For a polytope core P,
 *
 *     P - C = Q + disk,   Q = (P - c) + segment(-h e, h e),
 *
 * Q a polytope, the disk across e.  Adding a disk across e keeps heights
 * along e, so the slice of P - C at height s is the slice Q_s of Q grown by
 * the disk, and the ball of radius t about the origin lies in P - C when
 * for every s in [-t, t] the disk of radius sqrt(t^2 - s^2) about the axis
 * point lies in Q_s + disk, that is when
 *
 *     r + sigma(s) >= sqrt(t^2 - s^2),
 *
 * sigma(s) the signed distance of the axis point in the polygon Q_s
 * (positive inside: the inner radius; negative outside: minus the
 * distance).  The depth is then the least over s of
 * sqrt(max(r + sigma(s), 0)^2 + s^2), and |s| past Q's heights.
 *
 * sigma is concave in s (sigma(s) is the least over unit u of the support
 * of Q_s along u, and Q's slices are a concave family), so its chord over
 * an interval lies below it: with sigma computed exactly at some heights,
 * the chords give a lower bound on the depth, exact wherever sigma is
 * linear between two heights, and the bound on each interval is the
 * minimum of a convex quadratic, in closed form.  Heights are the
 * vertices' first, then intervals whose bound is below the target are
 * halved, within a budget.
 *
 * A cone is no such sum (it is the hull of its apex and its base disk),
 * but its slices are still disks, of radius falling linearly to the apex:
 * P - C at height s is the union over the cone's heights t of P's slice
 * at s + t grown by the cone's disk at t.  sigma(s) is then bounded from
 * below over arcs of directions across the axis (cone_sigma, below); the
 * slices' concavity and the chords are as for the cylinder.
 *
 * This certifies what EPA cannot: a corner of a polytope on a cylinder's
 * or a cone's axis, where a whole arc of directions gives the same support
 * distance (a triangle's corner at a cylinder's axis and the depth the
 * radius; a triangle through a cone's axis and every normal across its
 * side), whose arc EPA's faces close only quadratically in their number.
 * Only answers EPA left uncertified ask for it.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "internal.h"

/* Polytope cores with at most this many points are sliced. */
#define SLICE_MAX_POINTS 16
/* Slices computed for one bound, at most. */
#define SLICE_BUDGET 256

/* Q's vertices: at most this many, and the points where pairs of them
 * cross a height. */
#define Q_MAX (2 * SLICE_MAX_POINTS)
#define CROSS_MAX (Q_MAX + Q_MAX * (Q_MAX - 1) / 2)

typedef struct slicer {
	/* Q's vertices in the cylinder's frame: (u, v) across the axis, w along. */
	double u[Q_MAX], v[Q_MAX], w[Q_MAX];
	int n;
	double p[CROSS_MAX][2]; /* one slice's points */
	int idx[2 * CROSS_MAX + 1];
} slicer;

/* qsort's order for mk_hull_chain2: by x, then y. */
static int pt_less(const void *a, const void *b)
{
	const double *x = a, *y = b;
	return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0;
}

/* The points of a polytope core in the query frame; 0 when not one. */
static int core_points(const mk_shape *s, mink_vec3 *out)
{
	int n = 0;
	switch (s->type) {
	case CORE_POINT:
		out[n++] = v3(0, 0, 0);
		break;
	case CORE_SEGMENT:
		out[n++] = s->corner[0];
		out[n++] = s->corner[1];
		break;
	case CORE_TRIANGLE:
		for (int i = 0; i < 3; i++)
			out[n++] = s->corner[i];
		break;
	case CORE_BOX:
		for (int i = 0; i < 8; i++)
			out[n++] = v3(i & 1 ? s->half.x : -s->half.x, i & 2 ? s->half.y : -s->half.y,
			              i & 4 ? s->half.z : -s->half.z);
		break;
	case CORE_POINTS3:
	case CORE_CLIMB3:
		if (s->count > SLICE_MAX_POINTS)
			return 0;
		for (int i = 0; i < s->count; i++)
			out[n++] = s->points3[i];
		break;
	default:
		return 0;
	}
	for (int i = 0; i < n; i++)
		out[i] = mk_place(s, out[i]);
	return n;
}

/*
 * The convex hull of Q's slice at height s (of the points where Q's
 * vertex pairs cross the height): its corners in S->p by the indices
 * S->idx[0 .. h-1], counter-clockwise, the first repeated at the end; h
 * is returned, 0 for an empty slice (one point: h = 2).
 */
static int slice_hull(slicer *S, double s)
{
	double (*p)[2] = S->p;
	int m = 0;
	for (int i = 0; i < S->n; i++) {
		if (S->w[i] == s) {
			p[m][0] = S->u[i];
			p[m++][1] = S->v[i];
		}
		for (int j = i + 1; j < S->n; j++) {
			double a = S->w[i] - s, b = S->w[j] - s;
			if ((a < 0.0 && b > 0.0) || (a > 0.0 && b < 0.0)) {
				double t = a / (a - b);
				p[m][0] = S->u[i] + t * (S->u[j] - S->u[i]);
				p[m++][1] = S->v[i] + t * (S->v[j] - S->v[i]);
			}
		}
	}
	if (m == 0)
		return 0;
	qsort(p, (size_t)m, sizeof *p, pt_less);
	int h = mk_hull_chain2(p, m, S->idx);
	if (h < 2) /* one point */
		S->idx[h++] = 0;
	return h;
}

/*
 * sigma(s): the signed distance of the origin in Q's slice at height s
 * (the hull of the points where Q's vertex pairs cross the height), or
 * -INFINITY when the slice is empty.
 */
static double sigma(slicer *S, double s)
{
	int h = slice_hull(S, s);
	if (h == 0)
		return -INFINITY;
	const double (*p)[2] = (const double (*)[2])S->p, o[2] = {0.0, 0.0};
	const int *idx = S->idx;
	/* A polygon with area (3 corners or more) can hold the origin. */
	double out = hypot(p[idx[0]][0], p[idx[0]][1]), in = INFINITY, scale = 0.0;
	int inside = h >= 4;
	for (int e = 0; e + 1 < h; e++) {
		const double *a = p[idx[e]], *b = p[idx[e + 1]];
		scale = fmax(scale, fmax(fabs(a[0]), fabs(a[1])));
		out = fmin(out, v3_len(v3_segment_closest(v3(a[0], a[1], 0.0), v3(b[0], b[1], 0.0),
		                                          v3(0.0, 0.0, 0.0))));
		double len = hypot(b[0] - a[0], b[1] - a[1]);
		double c = len > 0.0 ? mk_cross2(a, b, o) / len : -INFINITY;
		if (!(c >= 0.0))
			inside = 0;
		in = fmin(in, c);
	}
	/* Inside a convex polygon the nearest edge's line and the nearest
	 * edge are as far: where they are not, beyond the coordinates'
	 * rounding, the polygon has no area but its rounding, and the origin
	 * lies on its line outside it (the slices of a segment with a corner
	 * 1e-323 off its line made a sliver whose every edge the origin,
	 * 0.2 beyond its end, was on the left of: the bound came out 0.2 deep
	 * of a cylinder 1e6 across, and certified a depth 0.2 too great). */
	if (inside && out <= in + 64.0 * DBL_EPSILON * scale)
		return in;
	return out == 0.0 ? 0.0 : -out;
}

/*
 * The cone: the hull of its apex (height +h) and its base disk (radius r,
 * height -h), so P - C at height s is the union over t of P's slice at
 * s + t grown by the cone's disk at t, of radius rho(t) = r (h - t) / 2h.
 * Its support along a unit u across the axis is the largest over t of
 * h_{P_{s+t}}(u) + rho(t), and the axis point's depth in it the least
 * of that over u.  A lower bound: the heights t sampled (those where P's
 * vertices are, so that a vertex on the axis counts whole, and a grid),
 * and u taken over arcs, on each of which a slice's support is at least
 * the largest over its corners of their least projection on the arc;
 * the arc with the lowest bound is halved until the bound reaches need.
 */
#define CONE_T 40
#define TWO_PI 6.283185307179586476925
#define CONE_ARCS 128
/* Heights sliced for a cone, at most (each slice costs arcs of members). */
#define CONE_BUDGET 64

/* A slice of P grown by the cone's disk at one height: at most 64 corners
 * (a slice of a polytope of 16 points has at most 42). */
#define MEMBER_MAX 64
typedef struct member {
	double rho;
	int n;
	double x[MEMBER_MAX], y[MEMBER_MAX];
	double len[MEMBER_MAX], opp[MEMBER_MAX]; /* |corner|, its opposite direction's angle */
} member;

static double arc_least(const member *m, int nm, double a, double b)
{
	double ca = cos(a), sa = sin(a), cb = cos(b), sb = sin(b), best = -INFINITY;
	for (int k = 0; k < nm; k++) {
		double mv = -INFINITY;
		for (int i = 0; i < m[k].n; i++) {
			double val;
			if (!(m[k].len[i] > 0.0)) {
				val = 0.0;
			} else {
				/* the least of the corner's projection over the arc: at
				 * the opposite direction if the arc holds it, else at an
				 * end (the projection is unimodal on the circle) */
				double off = fmod(m[k].opp[i] - a, TWO_PI);
				if (off < 0.0)
					off += TWO_PI;
				val = off <= b - a ? -m[k].len[i]
				                   : fmin(m[k].x[i] * ca + m[k].y[i] * sa,
				                          m[k].x[i] * cb + m[k].y[i] * sb);
			}
			mv = fmax(mv, val);
		}
		best = fmax(best, mv + m[k].rho);
	}
	return best;
}

static double cone_sigma(slicer *S, double s, double r, double h, double need, member *m)
{
	double ts[CONE_T + 2 * SLICE_MAX_POINTS];
	int nt = 0, nm = 0;
	for (int i = 0; i < S->n; i++) {
		double t = S->w[i] - s;
		if (t >= -h && t <= h)
			ts[nt++] = t;
	}
	for (int k = 0; k <= CONE_T - 1; k++)
		ts[nt++] = -h + 2.0 * h * k / (CONE_T - 1);
	for (int j = 0; j < nt; j++) {
		int hh = slice_hull(S, s + ts[j]);
		if (hh == 0)
			continue;
		m[nm].rho = h > 0.0 ? r * (h - ts[j]) / (2.0 * h) : r;
		m[nm].n = 0;
		for (int i = 0; (i + 1 < hh || (hh == 1 && i == 0)) && m[nm].n < MEMBER_MAX; i++) {
			double x = S->p[S->idx[i]][0], y = S->p[S->idx[i]][1];
			m[nm].x[m[nm].n] = x;
			m[nm].y[m[nm].n] = y;
			m[nm].len[m[nm].n] = hypot(x, y);
			m[nm].opp[m[nm].n++] = atan2(y, x) + 0.5 * TWO_PI;
		}
		nm++;
	}
	if (nm == 0)
		return -INFINITY;
	double lo[CONE_ARCS], hi[CONE_ARCS], val[CONE_ARCS];
	int na = 8;
	for (int i = 0; i < na; i++) {
		lo[i] = TWO_PI * i / na;
		hi[i] = TWO_PI * (i + 1) / na;
		val[i] = arc_least(m, nm, lo[i], hi[i]);
	}
	for (;;) {
		int w = 0;
		for (int i = 1; i < na; i++)
			if (val[i] < val[w])
				w = i;
		if (val[w] >= need || na >= CONE_ARCS)
			return val[w];
		double mid = 0.5 * (lo[w] + hi[w]);
		lo[na] = mid;
		hi[na] = hi[w];
		hi[w] = mid;
		val[w] = arc_least(m, nm, lo[w], hi[w]);
		val[na] = arc_least(m, nm, lo[na], hi[na]);
		na++;
	}
}

/*
 * The least of sqrt(max(r + sig, 0)^2 + s^2) over s in [a, b], sig linear
 * from sa at a to sb at b: the least of a convex quadratic where r + sig
 * is positive, of s^2 where it is not.
 */
static double interval_bound(double r, double a, double sa, double b, double sb)
{
	double best = INFINITY;
	double slope = b > a ? (sb - sa) / (b - a) : 0.0;
	double c0 = r + sa - slope * a; /* r + sig(s) = c0 + slope s */
	/* where r + sig(s) <= 0: s^2 */
	double lo = a, hi = b;
	if (slope != 0.0) {
		double z = -c0 / slope; /* r + sig = 0 here */
		if (slope > 0.0)
			hi = fmin(b, z); /* non-positive for s <= z */
		else
			lo = fmax(a, z);
	} else if (c0 > 0.0) {
		lo = 1.0, hi = 0.0; /* nowhere */
	}
	if (lo <= hi) {
		double s = lo > 0.0 ? lo : hi < 0.0 ? hi : 0.0;
		best = fmin(best, fabs(s));
	}
	/* the quadratic (c0 + slope s)^2 + s^2, least at s* */
	double s = -c0 * slope / (1.0 + slope * slope);
	s = s < a ? a : s > b ? b : s;
	double q = c0 + slope * s;
	best = fmin(best, sqrt(fmax(q, 0.0) * fmax(q, 0.0) + s * s));
	return best;
}

double mk_slice_bound(const mk_shape *A, const mk_shape *B, double target)
{
	const mk_shape *C = B, *P = A;
	if (A->type == CORE_CYLINDER || A->type == CORE_CONE) {
		C = A;
		P = B;
	}
	if (C->type != CORE_CYLINDER && C->type != CORE_CONE)
		return -INFINITY;
	int cone = C->type == CORE_CONE;
	mink_vec3 pts[SLICE_MAX_POINTS];
	int np = core_points(P, pts);
	if (np == 0)
		return -INFINITY;
	/* The smooth shape's frame: its axis is its local z. */
	mink_vec3 e1 = v3(1, 0, 0), e2 = v3(0, 1, 0), e = v3(0, 0, 1), c = v3(0, 0, 0);
	if (!C->identity) {
		e1 = v3(C->rot.m[0][0], C->rot.m[1][0], C->rot.m[2][0]);
		e2 = v3(C->rot.m[0][1], C->rot.m[1][1], C->rot.m[2][1]);
		e = v3(C->rot.m[0][2], C->rot.m[1][2], C->rot.m[2][2]);
		c = C->pos;
	}
	double r = C->radius * C->scale, h = C->half_height * C->scale;
	slicer slices, *S = &slices; /* about 13 KB */
	S->n = 0;
	double hs[SLICE_BUDGET], sg[SLICE_BUDGET];
	int nh = 0;
	for (int i = 0; i < np; i++) {
		/* the cylinder: Q = (P - c) + segment(-h e, h e), in its frame
		 * (the difference B - A is -Q - disk: the same depth); the
		 * cone: P - c itself */
		mink_vec3 q = v3_sub(pts[i], c);
		double u = v3_dot(q, e1), v = v3_dot(q, e2), w = v3_dot(q, e);
		for (int k = -1; k <= 1; k += 2) {
			if (!cone || k > 0) {
				S->u[S->n] = u;
				S->v[S->n] = v;
				S->w[S->n] = cone ? w : w + k * h;
				S->n++;
			}
			hs[nh++] = w + k * h; /* the difference's vertices' heights */
		}
	}
	/* The heights, sorted, and 0 */
	hs[nh++] = 0.0;
	for (int i = 1; i < nh; i++) {
		double x = hs[i];
		int j = i - 1;
		while (j >= 0 && hs[j] > x) {
			hs[j + 1] = hs[j];
			j--;
		}
		hs[j + 1] = x;
	}
	int k = 0;
	for (int i = 0; i < nh; i++)
		if (k == 0 || hs[i] != hs[k - 1])
			hs[k++] = hs[i];
	nh = k;
	double smin = hs[0], smax = hs[nh - 1];
	if (!(smin < 0.0 && smax > 0.0))
		return -INFINITY; /* the origin's height is outside the difference */
	member *m = NULL;
	if (cone) {
		/* A rare path (answers EPA left uncertified): the grown slices'
		 * room, about 115 KB, from the heap. */
		m = malloc(sizeof *m * (CONE_T + SLICE_MAX_POINTS));
		if (!m)
			return -INFINITY;
	}
	for (int i = 0; i < nh; i++)
		sg[i] = cone ? cone_sigma(S, hs[i], r, h, sqrt(fmax(target * target - hs[i] * hs[i], 0.0)), m)
		             : sigma(S, hs[i]);
	double rr = cone ? 0.0 : r; /* the cone's disks are in sg */
	int used = nh;
	double bound = INFINITY;
	for (;;) {
		bound = fmin(-smin, smax); /* past its heights the slice is empty */
		int worst = -1;
		double worst_b = INFINITY;
		for (int i = 0; i + 1 < nh; i++) {
			double b = interval_bound(rr, hs[i], sg[i], hs[i + 1], sg[i + 1]);
			bound = fmin(bound, b);
			if (b < worst_b && hs[i + 1] - hs[i] > 1e-15 * (smax - smin)) {
				worst_b = b;
				worst = i;
			}
		}
		if (bound >= target || worst < 0 || used >= (cone ? CONE_BUDGET : SLICE_BUDGET) ||
		    nh >= SLICE_BUDGET)
			break;
		/* halve the worst interval */
		double mid = 0.5 * (hs[worst] + hs[worst + 1]);
		for (int i = nh; i > worst + 1; i--) {
			hs[i] = hs[i - 1];
			sg[i] = sg[i - 1];
		}
		hs[worst + 1] = mid;
		sg[worst + 1] = cone ? cone_sigma(S, mid, r, h, sqrt(fmax(target * target - mid * mid, 0.0)), m)
		                     : sigma(S, mid);
		nh++;
		used++;
	}
	free(m);
	return bound;
}
