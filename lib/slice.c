/*
 * slice.c - a lower bound on the depth of a polytope in a cylinder or a
 * cone, by slices along its axis; and of any core deep in one, by the
 * circle of its side's normals (mk_circle_bound, at the end).
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
#include <string.h>
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

/* ---- any core in a cylinder or a cone: the circle of its side's normals ---- */

/*
 * The cylinder's or the cone's side normals form a circle,
 *
 *     m(phi) = kr (cos phi e1 + sin phi e2) + ks e,
 *
 * across the axis (kr 1, ks 0) or along the cone's slant (kr = 2h / l,
 * ks = r / l, l its slant length), on which the smooth shape S's support is
 * K = r (the cylinder) or ks h (the cone) past its centre c: the support
 * distance there is D(phi) = K + h_O'(-m(phi)), O' the other core O less c.
 *
 * Off the circle, along the meridian of phi from m(phi) to the axis e (or
 * to -e), m = a m(phi) + b e with a, b >= 0 and a + b >= 1, and S's support
 * point is one (the top rim's or the apex, the bottom rim's), so its support
 * is linear there: a K + b h.  Since h_O'(x + y) >= h_O'(x) - h_O'(-y),
 *
 *     D(m) >= a D(phi) + b (h - h_O'(e))      (and h_O'(-e) towards -e),
 *
 * and the depth is at least the least of D on the circle and the clearances
 * h - h_O'(e), h - h_O'(-e) of O' from S's ends.  Where O' passes an end
 * (no clearance there) or the bound falls short, the patches between the
 * arcs and +-e bound it instead (patch_bound).
 *
 * D on the circle: every point p of O' gives D(phi) >= f_p(phi) =
 * K - m(phi) . p, a sinusoid, equal to D where p is the support.  Between
 * two sampled normals the greater of their support points' sinusoids bounds
 * D from below, least at an end, where they cross, or at one's own least;
 * the arc of least bound is split there, as EPA splits its closest face.
 * Exact at a polytope's kinks and quadratic in the arcs on curves, so it
 * closes where EPA's faces cannot: O deep in S near its axis, where the
 * circle is a ring of nearly equal minima.
 */
#define ARC_MAX 192

/* O's parts of revolution, in S's frame: centre o, axis f, and radii a
 * across f and c along it (an ellipsoid's; a rim of radius w is a = w, c
 * = 0; a cone's apex a = c = 0): the support along -m is -m . o + g(m . f),
 * g(u) = sqrt(a^2 + (c^2 - a^2) u^2). */
typedef struct ring_rim {
	double o[3], f[3], a, c;
} ring_rim;

static double rim_g(const ring_rim *g, double u)
{
	return sqrt(fmax(g->a * g->a + (g->c * g->c - g->a * g->a) * u * u, 0.0));
}

typedef struct arc_ring {
	double kr, ks, K;
	mink_vec3 e1, e2, e, c;
	ring_rim rim[2];
	int nrim;
	double phi[ARC_MAX], px[ARC_MAX], py[ARC_MAX], pz[ARC_MAX], d[ARC_MAX];
	double lb[ARC_MAX], split[ARC_MAX]; /* arc i: from i to i + 1 */
	int n;
} arc_ring;

/* Angle t moved by whole turns into [a, a + 2 pi]. */
static double turn_from(double t, double a)
{
	return a + remainder(t - a - 3.141592653589793, 6.283185307179586) + 3.141592653589793;
}

/* The index of the least of v[0 .. n), the first of ties. */
static int least_of(const double *v, int n)
{
	int k = 0;
	for (int i = 1; i < n; i++)
		if (v[i] < v[k])
			k = i;
	return k;
}

static double ring_f(const arc_ring *R, int i, double phi)
{
	return R->K - R->kr * (cos(phi) * R->px[i] + sin(phi) * R->py[i]) - R->ks * R->pz[i];
}

static mink_vec3 ring_normal(const arc_ring *R, double phi)
{
	return v3_add(v3_add(v3_scale(R->e1, R->kr * cos(phi)), v3_scale(R->e2, R->kr * sin(phi))),
	              v3_scale(R->e, R->ks));
}

/* A vector of the query frame in S's frame (e1, e2, e), into q. */
static void ring_coords(const arc_ring *R, mink_vec3 v, double *q)
{
	q[0] = v3_dot(v, R->e1);
	q[1] = v3_dot(v, R->e2);
	q[2] = v3_dot(v, R->e);
}

/* O's support along -m(phi), into sample i (its phi, its point in S's
 * frame, D there). */
static void ring_sample(arc_ring *R, const mk_shape *O, int i, double phi)
{
	mink_vec3 m = ring_normal(R, phi);
	double q[3];
	ring_coords(R, v3_sub(mk_support(O, v3_neg(m)), R->c), q);
	R->phi[i] = phi;
	R->px[i] = q[0];
	R->py[i] = q[1];
	R->pz[i] = q[2];
	R->d[i] = ring_f(R, i, phi);
}

/*
 * A part of revolution of O over the arc [a, b] (a rim of radius w: its
 * support along -m(phi) is -m . o + w |P m|, P the projection across its
 * axis f, and |P m| = sqrt(1 - u^2)): g(u) with u = m . f, a sinusoid in
 * phi.  Over the range [lo, hi] that u takes on the arc g is at least a
 * line alpha + beta u: the chord where g is concave (c < a: a rim, a
 * disc), the tangent at the middle where it is convex (a needle).  The part
 * then bounds D there as a point would, p = o - beta f, with an offset
 * alpha: D(phi) >= K + alpha - m(phi) . p.  The loss is quadratic in the
 * range of u, which round a part nearly square to the axis is small
 * however long the arc (a cylinder, a cone or an ellipsoid along the axis
 * of another, where the sinusoids of its own points close the ring only
 * quadratically in the arcs).
 */
/* The range [*lo, *hi] of u = m(phi) . f over the arc [a, b]. */
static void u_range(const arc_ring *R, const ring_rim *g, double a, double b, double *lo,
                    double *hi)
{
	double A = R->kr * g->f[0], B = R->kr * g->f[1], C = R->ks * g->f[2];
	double ua = A * cos(a) + B * sin(a) + C, ub = A * cos(b) + B * sin(b) + C;
	double l = fmin(ua, ub), h = fmax(ua, ub), len = hypot(A, B);
	double at = turn_from(atan2(B, A), a);
	if (at >= a && at <= b)
		h = C + len;
	at = turn_from(atan2(B, A) + 3.141592653589793, a);
	if (at >= a && at <= b)
		l = C - len;
	*lo = fmax(l, -1.0);
	*hi = fmin(h, 1.0);
}

static void rim_on_arc(const arc_ring *R, const ring_rim *g, double a, double b, double *p,
                       double *off)
{
	double lo, hi;
	u_range(R, g, a, b, &lo, &hi);
	double k2 = g->c * g->c - g->a * g->a, alpha, beta;
	if (k2 <= 0.0) {
		/* the chord's slope, (g(hi) - g(lo)) / (hi - lo) without the
		 * difference */
		double gl = rim_g(g, lo), gh = rim_g(g, hi);
		beta = gl + gh > 0.0 ? k2 * (hi + lo) / (gl + gh) : 0.0;
		alpha = gl - beta * lo;
	} else {
		double um = 0.5 * (lo + hi), gm = rim_g(g, um);
		beta = gm > 0.0 ? k2 * um / gm : 0.0;
		alpha = gm - beta * um;
	}
	for (int k = 0; k < 3; k++)
		p[k] = g->o[k] - beta * g->f[k];
	*off = alpha;
}

/* The least over [a, b] of the greatest of samples i's and j's sinusoids
 * and O's rims' (rim_on_arc), and where. */
static void arc_bound(arc_ring *R, int k, int i, int j, double a, double b)
{
	enum { NF = 2 + 2 };
	double px[NF], py[NF], pz[NF], off[NF];
	int nf = 0;
	px[nf] = R->px[i], py[nf] = R->py[i], pz[nf] = R->pz[i], off[nf++] = 0.0;
	px[nf] = R->px[j], py[nf] = R->py[j], pz[nf] = R->pz[j], off[nf++] = 0.0;
	for (int r = 0; r < R->nrim; r++) {
		double q[3];
		rim_on_arc(R, &R->rim[r], a, b, q, &off[nf]);
		px[nf] = q[0], py[nf] = q[1], pz[nf++] = q[2];
	}
	double cand[2 + NF * NF];
	int nc = 0;
	cand[nc++] = a;
	cand[nc++] = b;
	for (int u = 0; u < nf; u++) {
		for (int v = u + 1; v < nf; v++) {
			/* where they cross: A cos + B sin = C */
			double A = R->kr * (px[u] - px[v]), B = R->kr * (py[u] - py[v]);
			double C = off[u] - off[v] - R->ks * (pz[u] - pz[v]), len = hypot(A, B);
			if (len > 0.0 && fabs(C) <= len) {
				double at = atan2(B, A), dt = acos(C / len);
				cand[nc++] = at + dt;
				cand[nc++] = at - dt;
			}
		}
		/* each one's least: along its point across the axis */
		cand[nc++] = atan2(py[u], px[u]);
	}
	double best = INFINITY, where = 0.5 * (a + b);
	for (int q = 0; q < nc; q++) {
		double x = cand[q];
		/* into [a, b], where it lies */
		if (q >= 2) {
			x = turn_from(x, a);
			if (!(x >= a && x <= b))
				continue;
		}
		double c = cos(x), sn = sin(x), g = -INFINITY;
		for (int u = 0; u < nf; u++)
			g = fmax(g, R->K + off[u] - R->kr * (c * px[u] + sn * py[u]) - R->ks * pz[u]);
		if (g < best) {
			best = g;
			where = x;
		}
	}
	R->lb[k] = best;
	/* split strictly inside: the middle where the least is at an end */
	double w = b - a;
	if (!(where > a + 1e-3 * w && where < b - 1e-3 * w))
		where = 0.5 * (a + b);
	R->split[k] = where;
}

/* Where arc i ends: the next sample's phi, or a full turn for the last. */
static double ring_end(const arc_ring *R, int i)
{
	return i + 1 < R->n ? R->phi[i + 1] : 6.283185307179586;
}

/* Arc i split at phi: a sample inserted after i (those after it move up),
 * both arcs' bounds made again, the coordinates' scale kept; the new
 * sample's index. */
static int ring_split(arc_ring *R, const mk_shape *O, int i, double phi, double *scale)
{
	double a = R->phi[i], b = ring_end(R, i);
	int k = i + 1;
	for (int q = R->n; q > k; q--) {
		R->phi[q] = R->phi[q - 1];
		R->px[q] = R->px[q - 1];
		R->py[q] = R->py[q - 1];
		R->pz[q] = R->pz[q - 1];
		R->d[q] = R->d[q - 1];
		R->lb[q] = R->lb[q - 1];
		R->split[q] = R->split[q - 1];
	}
	R->n++;
	ring_sample(R, O, k, phi);
	*scale = fmax(*scale, fabs(R->px[k]) + fabs(R->py[k]) + fabs(R->pz[k]) + fabs(R->K));
	arc_bound(R, i, i, k, a, phi);
	arc_bound(R, k, k, k + 1 < R->n ? k + 1 : 0, phi, b);
	return k;
}

/* The least over phi in [a, b] of K - m(phi) . p: K - ks pz less kr times
 * the greatest of p's part across the axis along the arc's directions. */
static double ring_arc_least(const arc_ring *R, double px, double py, double pz, double a,
                             double b)
{
	double far = fmax(cos(a) * px + sin(a) * py, cos(b) * px + sin(b) * py);
	double at = atan2(py, px);
	at = turn_from(at, a);
	if (at >= a && at <= b)
		far = fmax(far, hypot(px, py));
	return R->K - R->ks * pz - R->kr * far;
}

/* A patch's points: the arc's two, O's nearest each end, the arc's own
 * (arc_patches), and O's rims */
#define PATCH_OWN 4
#define PATCH_POINTS (4 + PATCH_OWN + 4)

/*
 * The patches off the circle, between arc [a, b] and the axis (sense +1,
 * towards e) or -e (sense -1): along each meridian the smooth shape's
 * support point x is one (a rim's, or the apex), and for every point p of
 * O', D(m) >= m . (x - p).  With m = (sin(th - s) m(phi) + sin s (+-e)) /
 * sin th, th the angle from m(phi) to +-e, that is at least A_p cos s +
 * C_p sin s, A_p the least over the arc of K - m(phi) . p (>= 0 or not),
 * B_p = h -+ p_z, C_p = (B_p - A_p cos th) / sin th.  The least over s of
 * the greatest over p, at an end, where two cross, or at one's own least.
 * Where the side and an end are about as deep, the clearance (the core's
 * far end, not its point nearest that end) fell short by the core's
 * height; these do not.
 */
static double patch_bound(const arc_ring *R, const double *A, const double *B, int np, int sense,
                          double *s_at)
{
	double cth = sense * R->ks, sth = R->kr, th = atan2(sth, cth);
	double C[PATCH_POINTS];
	for (int i = 0; i < np; i++)
		C[i] = (B[i] - A[i] * cth) / sth;
	double cand[2 + PATCH_POINTS * PATCH_POINTS];
	int nc = 0;
	cand[nc++] = 0.0;
	cand[nc++] = th;
	for (int i = 0; i < np; i++) {
		for (int j = i + 1; j < np; j++) {
			/* (A_i - A_j) cos s + (C_i - C_j) sin s = 0 */
			double s0 = atan2(-(A[i] - A[j]), C[i] - C[j]);
			cand[nc++] = s0;
			cand[nc++] = s0 + 3.141592653589793;
		}
		cand[nc++] = atan2(C[i], A[i]) + 3.141592653589793;
	}
	double least = INFINITY;
	for (int c = 0; c < nc; c++) {
		double s = cand[c];
		if (c >= 2) {
			s = turn_from(s, 0.0);
			if (!(s >= 0.0 && s <= th))
				continue;
		}
		double g = -INFINITY;
		for (int i = 0; i < np; i++)
			g = fmax(g, A[i] * cos(s) + C[i] * sin(s));
		if (g < least) {
			least = g;
			*s_at = s;
		}
	}
	return least;
}

/* The support distance along m, if less than *best (then *m_best = m);
 * and O's support point along -m, in S's frame, into q. */
static void probe(const arc_ring *R, const mk_shape *S, const mk_shape *O, mink_vec3 m,
                  double *best, mink_vec3 *m_best, double *q)
{
	mink_vec3 p = mk_support(O, v3_neg(m));
	double d = v3_dot(m, v3_sub(mk_support(S, m), p));
	if (d < *best) {
		*best = d;
		*m_best = m;
	}
	ring_coords(R, v3_sub(p, R->c), q);
}

/*
 * A part of revolution over the patches of arc [a, b], by a point that
 * moves with the meridian: p = o - a cos(lam) h(phi) + c sin(lam) f, h(phi)
 * the unit direction of m(phi) across f, a point of the part (of its
 * surface, or its disc) at latitude lam.  Along the meridian of phi, with m
 * = (sin(th - s) m(phi) + sin s e') / sin th, D(m) >= m . (x - p) =
 * (sin(th - s) A' + sin s B') / sin th, where, u = m(phi) . f,
 *
 *     A' = K - m(phi) . o + a cos(lam) sqrt(1 - u^2) - c sin(lam) u,
 *     B' = h - e' . o + a cos(lam) (e' . m(phi) - (e' . f) u) / sqrt(1 - u^2)
 *          - c sin(lam) (e' . f),
 *
 * both functions of u alone past the sinusoid m(phi) . o.  Over the arc
 * A' is at least its chord in u (it is concave there), taken as a point
 * with an offset, and B' at least its least over u's range (at an end or
 * where (ks - fz u) / sqrt(1 - u^2) turns).  Unlike the triangle
 * inequality, it loses nothing of a needle's length along the meridians
 * (a needle through both caps of a thin cylinder).  Returns 0 where u's
 * range reaches +-1 (m(phi) along f: no direction across it).
 */
static int part_on_patch(const arc_ring *R, const ring_rim *g, double a, double b, double lam,
                         double h, double *A, double *B)
{
	double lo, hi;
	u_range(R, g, a, b, &lo, &hi);
	if (!(hi < 1.0 - 1e-6 && lo > -1.0 + 1e-6))
		return 0;
	double ca = g->a * cos(lam), sc = g->c * sin(lam);
	double ql = sqrt(1.0 - lo * lo), qh = sqrt(1.0 - hi * hi);
	/* the chord of ca sqrt(1 - u^2) - sc u */
	double beta = -ca * (hi + lo) / (ql + qh) - sc;
	double alpha = ca * ql - sc * lo - beta * lo;
	double q[3];
	for (int k = 0; k < 3; k++)
		q[k] = g->o[k] - beta * g->f[k];
	*A = ring_arc_least(R, q[0], q[1], q[2], a, b) + alpha;
	for (int k = 0; k < 2; k++) {
		double sense = k ? -1.0 : 1.0, fz = g->f[2];
		double u[3] = {lo, hi, lo};
		int nu = 2;
		if (R->ks != 0.0 && fz / R->ks > lo && fz / R->ks < hi)
			u[nu++] = fz / R->ks;
		double least = INFINITY;
		for (int t = 0; t < nu; t++)
			least = fmin(least, ca * sense * (R->ks - fz * u[t]) / sqrt(1.0 - u[t] * u[t]));
		B[k] = h - sense * g->o[2] - sc * sense * fz + least;
	}
	return 1;
}

/*
 * The least of the patches of arc i, with the arc's two points, O's points
 * nearest each end (pe) and PATCH_OWN more of the arc's own (xp, the
 * latest first).  Where the least lies off the circle, on a ring of its
 * own (a core out through an end, its side as deep as the end's rim), none
 * of the first four may be O's support there: the support distance is
 * measured where the patch's bound is least (along the meridian of the
 * arc's middle), into *best, and O's support point there joins xp; three
 * times over, the best of the bounds kept.
 */
static double arc_patches(const arc_ring *R, const mk_shape *S, const mk_shape *O, int i,
                          const double (*pe)[3], double h, double (*xp)[3], double *lam,
                          double *best, mink_vec3 *m_best, double *scale)
{
	int j = i + 1 < R->n ? i + 1 : 0;
	double a = R->phi[i], b = ring_end(R, i), lb = -INFINITY;
	mink_vec3 mid = ring_normal(R, 0.5 * (a + b));
	/* Each point's and part's terms, A (the arc's) and B for each sense:
	 * the arc's two points and O's nearest each end, then the arc's own
	 * (xp, each round), then O's parts of revolution by points moving
	 * with the meridian (a rim's at its own latitude, an ellipsoid's at
	 * its equator and at the latitude of the arc's latest support point,
	 * *lam, each round). */
	double A[PATCH_POINTS], B[2][PATCH_POINTS], pz[4 + PATCH_OWN];
	double arc_pts[2][3] = {{R->px[i], R->py[i], R->pz[i]}, {R->px[j], R->py[j], R->pz[j]}};
	const double *fixed[4] = {arc_pts[0], arc_pts[1], pe[0], pe[1]};
	for (int q = 0; q < 4; q++) {
		A[q] = ring_arc_least(R, fixed[q][0], fixed[q][1], fixed[q][2], a, b);
		pz[q] = fixed[q][2];
	}
	double ra0[2], rb0[2][2];
	int ok0[2] = {0, 0};
	for (int r = 0; r < R->nrim; r++)
		ok0[r] = part_on_patch(R, &R->rim[r], a, b, 0.0, h, &ra0[r], rb0[r]);
	for (int round = 0; round < 3; round++) {
		int np = 4;
		for (int q = 0; q < PATCH_OWN; q++, np++) {
			A[np] = ring_arc_least(R, xp[q][0], xp[q][1], xp[q][2], a, b);
			pz[np] = xp[q][2];
		}
		for (int k = 0; k < 2; k++)
			for (int q = 0; q < np; q++)
				B[k][q] = h - (k ? -1 : 1) * pz[q];
		for (int r = 0; r < R->nrim; r++) {
			if (ok0[r]) {
				A[np] = ra0[r];
				B[0][np] = rb0[r][0];
				B[1][np++] = rb0[r][1];
			}
			double rb[2];
			if (R->rim[r].c > 0.0 && part_on_patch(R, &R->rim[r], a, b, *lam, h, &A[np], rb)) {
				B[0][np] = rb[0];
				B[1][np++] = rb[1];
			}
		}
		double v[2], s[2] = {0.0, 0.0};
		for (int k = 0; k < 2; k++)
			v[k] = patch_bound(R, A, B[k], np, k ? -1 : 1, &s[k]);
		lb = fmax(lb, fmin(v[0], v[1]));
		/* the lesser patch's least: m = (sin(th - s) m(phi) + sin s (+-e)) / sin th */
		int k = v[1] < v[0], sense = k ? -1 : 1;
		double th = atan2(R->kr, sense * R->ks);
		mink_vec3 e = k ? v3_neg(R->e) : R->e;
		mink_vec3 m = v3_scale(v3_add(v3_scale(mid, sin(th - s[k])), v3_scale(e, sin(s[k]))),
		                       1.0 / sin(th));
		memmove(xp[1], xp[0], (PATCH_OWN - 1) * sizeof xp[0]);
		probe(R, S, O, m, best, m_best, xp[0]);
		*scale = fmax(*scale, fabs(xp[0][0]) + fabs(xp[0][1]) + fabs(xp[0][2]) + fabs(R->K) + h);
		/* the latitude of that point on an ellipsoid's part */
		if (R->nrim == 1 && R->rim[0].c > 0.0) {
			const ring_rim *g = &R->rim[0];
			double z = 0.0;
			for (int t = 0; t < 3; t++)
				z += (xp[0][t] - g->o[t]) * g->f[t];
			*lam = asin(fmax(-1.0, fmin(1.0, z / g->c)));
		}
	}
	return lb;
}

/* O's parts of revolution (ring_rim) into R->rim; how many. */
static int rim_parts(const mk_shape *O, arc_ring *R)
{
	mink_vec3 axis;
	double a[2], c[2], z[2];
	int n = 0;
	if (O->type == CORE_CYLINDER || O->type == CORE_CONE) {
		axis = v3(0, 0, 1);
		for (int k = 0; k < 2; k++) {
			z[k] = k ? -O->half_height : O->half_height;
			a[k] = O->type == CORE_CONE && k == 0 ? 0.0 : O->radius;
			c[k] = 0.0;
		}
		n = 2;
	} else if (O->type == CORE_ELLIPSOID) {
		mink_vec3 r = O->radii;
		if (r.x == r.y)
			axis = v3(0, 0, 1), a[0] = r.x, c[0] = r.z;
		else if (r.x == r.z)
			axis = v3(0, 1, 0), a[0] = r.x, c[0] = r.y;
		else if (r.y == r.z)
			axis = v3(1, 0, 0), a[0] = r.y, c[0] = r.x;
		else
			return 0;
		z[0] = 0.0;
		n = 1;
	} else {
		return 0;
	}
	mink_vec3 f = O->identity ? axis : m3_mul(&O->rot, axis);
	for (int k = 0; k < n; k++) {
		ring_rim *g = &R->rim[k];
		ring_coords(R, v3_sub(mk_place(O, v3_scale(axis, z[k])), R->c), g->o);
		ring_coords(R, f, g->f);
		g->a = a[k] * O->scale;
		g->c = c[k] * O->scale;
	}
	return n;
}

double mk_circle_bound(const mk_shape *S, const mk_shape *O, double goal, int budget,
                       mink_vec3 *m_best)
{
	if (S->type != CORE_CYLINDER && S->type != CORE_CONE)
		return -INFINITY;
	arc_ring ring, *R = &ring; /* about 12 KB */
	double r = S->radius * S->scale, h = S->half_height * S->scale;
	R->e1 = v3(1, 0, 0);
	R->e2 = v3(0, 1, 0);
	R->e = v3(0, 0, 1);
	R->c = v3(0, 0, 0);
	if (!S->identity) {
		R->e1 = v3(S->rot.m[0][0], S->rot.m[1][0], S->rot.m[2][0]);
		R->e2 = v3(S->rot.m[0][1], S->rot.m[1][1], S->rot.m[2][1]);
		R->e = v3(S->rot.m[0][2], S->rot.m[1][2], S->rot.m[2][2]);
		R->c = S->pos;
	}
	if (S->type == CORE_CONE) {
		double l = hypot(r, 2.0 * h);
		if (!(l > 0.0))
			return -INFINITY;
		R->kr = 2.0 * h / l;
		R->ks = r / l;
		R->K = R->ks * h;
	} else {
		R->kr = 1.0;
		R->ks = 0.0;
		R->K = r;
	}
	/* O's clearances from S's ends */
	double top = h - v3_dot(v3_sub(mk_support(O, R->e), R->c), R->e);
	double bottom = h + v3_dot(v3_sub(mk_support(O, v3_neg(R->e)), R->c), R->e);
	double ends = fmin(top, bottom);
	if (isnan(ends))
		return -INFINITY;
	/* O's parts of revolution, where O is a cylinder or a cone (its rims,
	 * the apex one of no radius: its support is the greater of theirs) or
	 * an ellipsoid with two equal radii */
	double scale = fabs(R->K) + fabs(h);
	R->nrim = rim_parts(O, R);
	for (int k = 0; k < R->nrim; k++) {
		const ring_rim *g = &R->rim[k];
		/* (the line's and its point's rounding: the radii twice) */
		scale = fmax(scale, fabs(g->o[0]) + fabs(g->o[1]) + fabs(g->o[2]) +
		                        2.0 * (g->a + g->c) + fabs(R->K));
	}
	enum { START = 16 };
	R->n = START;
	for (int i = 0; i < START; i++)
		ring_sample(R, O, i, i * (6.283185307179586 / START));
	for (int i = 0; i < START; i++)
		scale = fmax(scale, fabs(R->px[i]) + fabs(R->py[i]) + fabs(R->pz[i]) + fabs(R->K));
	for (int i = 0; i < START; i++) {
		int j = (i + 1) % START;
		arc_bound(R, i, i, j, R->phi[i], i + 1 < START ? R->phi[j] : 6.283185307179586);
	}
	int best = 0;
	for (int i = 1; i < R->n; i++)
		if (R->d[i] < R->d[best])
			best = i;
	double lower = -INFINITY;
	for (int used = 0;; used++) {
		int worst = least_of(R->lb, R->n);
		/* each sinusoid rounds by a few ulps of the coordinates */
		lower = R->lb[worst] - 16.0 * DBL_EPSILON * scale;
		if (R->d[best] - lower <= goal || used >= budget || R->n >= ARC_MAX)
			break;
		/* split arc worst at its least: the samples after it move up */
		if (!(ring_end(R, worst) - R->phi[worst] > 1e-14))
			break;
		int k = ring_split(R, O, worst, R->split[worst], &scale);
		if (best >= k)
			best++;
		if (R->d[k] < R->d[best])
			best = k;
	}
	*m_best = ring_normal(R, R->phi[best]);
	/* (a + b >= 1 passes the lesser on only where both are positive) */
	if (!(lower > 0.0))
		return -INFINITY;
	double round = 16.0 * DBL_EPSILON * scale, bound = fmin(lower, ends - round);
	if (bound >= R->d[best] - goal || !(R->kr > 1e-6))
		return bound;
	/* short of it (an end about as deep as the side): the patches, with
	 * O's points nearest each end besides the arcs' own */
	double pe[2][3];
	for (int k = 0; k < 2; k++) {
		ring_coords(R, v3_sub(mk_support(O, k ? R->e : v3_neg(R->e)), R->c), pe[k]);
		scale = fmax(scale, fabs(pe[k][0]) + fabs(pe[k][1]) + fabs(pe[k][2]) + fabs(R->K) + h);
	}
	/* The least may lie off the circle, on a ring of its own (a core out
	 * through an end): the support distance is measured too where each
	 * patch's bound is least, and the best of all kept. */
	double pb[ARC_MAX], xp[ARC_MAX][PATCH_OWN][3], lam[ARC_MAX], d_best = R->d[best];
	for (int i = 0; i < R->n; i++) {
		lam[i] = 0.0;
		for (int k = 0; k < PATCH_OWN; k++)
			memcpy(xp[i][k], pe[k % 2], sizeof xp[i][k]);
		pb[i] = arc_patches(R, S, O, i, pe, h, xp[i], &lam[i], &d_best, m_best, &scale);
	}
	for (int used = 0;; used++) {
		int worst = least_of(pb, R->n);
		/* (16 ulps of the coordinates for each sinusoid's rounding, as
		 * above) */
		double patches = pb[worst] - 16.0 * DBL_EPSILON * scale;
		if (patches >= d_best - goal || used >= budget || R->n >= ARC_MAX ||
		    !(ring_end(R, worst) - R->phi[worst] > 1e-14))
			return fmax(bound, patches);
		/* the worst arc halved: its points' sinusoids fall off less */
		int k = ring_split(R, O, worst, 0.5 * (R->phi[worst] + ring_end(R, worst)), &scale);
		for (int q = R->n - 1; q > k; q--) {
			pb[q] = pb[q - 1];
			lam[q] = lam[q - 1];
			memcpy(xp[q], xp[q - 1], sizeof xp[q]);
		}
		/* the new arc's own points are its parent's (k may be past
		 * those there were: the last arc split) */
		memcpy(xp[k], xp[worst], sizeof xp[k]);
		lam[k] = lam[worst];
		pb[worst] = arc_patches(R, S, O, worst, pe, h, xp[worst], &lam[worst], &d_best, m_best, &scale);
		pb[k] = arc_patches(R, S, O, k, pe, h, xp[k], &lam[k], &d_best, m_best, &scale);
		if (R->d[k] < d_best) {
			d_best = R->d[k];
			*m_best = ring_normal(R, R->phi[k]);
		}
	}
}
