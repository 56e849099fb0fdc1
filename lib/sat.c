/*
 * sat.c - two boxes, exactly, by separating axes.
 *
 * Two boxes overlap unless one of 15 axes separates them: the 3 face
 * normals of each and the 9 cross products of an edge direction of one
 * with one of the other (Gottschalk, Lin and Manocha 1996).  When they
 * overlap, the penetration depth is the smallest overlap over the same 15
 * axes: the Minkowski difference of two boxes is a polytope whose face
 * normals are exactly those axes, and the depth is the distance from the
 * origin to its nearest face.  That is a closed form: a few hundred
 * operations where GJK and EPA build a polytope of A - B (about 60% of a
 * box pair's time went to EPA's bookkeeping), and exact - the overlap
 * along an axis is a sum of products, not the end of an iteration.
 *
 * The least overlap wins, decided in double-double arithmetic among the
 * axes that plain doubles cannot tell apart: two nearly parallel boxes
 * have face and edge axes whose overlaps differ by less than the rounding
 * of a sum, yet whose normals differ by the tilt and whose witness points
 * differ by the tilt times the size (MuJoCo's BoxBoxSize05: an edge axis
 * deeper by 7e-16 than a face, points 2e-8 apart).  Ties go to the faces
 * of A, then those of B, then the edge pairs in order.  Edge pairs whose
 * cross product is shorter than 1e-12 (parallel edges) are left out: the
 * face axes already cover those directions.  Between 1e-12 and 1e-6 the
 * axis is known only to the rounding of the rotation over its length, and
 * the pair goes to GJK and EPA instead.
 *
 * The witness points: for a face axis, the other box's deepest vertex and
 * its projection on the face, then moved into the contact patch by the
 * manifold (lib/manifold.c); for an edge axis, the closest points of the
 * two supporting edges.  Touching boxes (the least overlap within the
 * rounding level) are left to GJK, whose touching rules they need; apart
 * boxes are answered here when two points certify the widest gap
 * (boxes_apart), else by GJK.
 */
#include <math.h>

#include "internal.h"

/* Closest points of the segments p + s u (|s| <= a) and q + t v (|t| <= b),
 * u and v unit and not parallel. */
static void edge_points(mink_vec3 p, mink_vec3 u, double a, mink_vec3 q, mink_vec3 v,
                        double b, mink_vec3 *x, mink_vec3 *y)
{
	mink_vec3 r = v3_sub(p, q);
	double uv = v3_dot(u, v), ur = v3_dot(u, r), vr = v3_dot(v, r);
	double den = 1.0 - uv * uv;
	double s = den > 0.0 ? (uv * vr - ur) / den : 0.0;
	s = fmin(fmax(s, -a), a);
	double t = fmin(fmax(vr + uv * s, -b), b);
	s = fmin(fmax(uv * t - ur, -a), a);
	*x = v3_mad(p, u, s);
	*y = v3_mad(q, v, t);
}

/* The corner of a box (centre c, axes ax, half extents h) farthest along d,
 * and the sign of each axis there. */
static mink_vec3 corner(mink_vec3 c, const mink_vec3 *ax, const double *h, mink_vec3 d,
                        double *sg)
{
	mink_vec3 p = c;
	for (int i = 0; i < 3; i++) {
		sg[i] = v3_dot(ax[i], d) >= 0.0 ? 1.0 : -1.0;
		p = v3_mad(p, ax[i], sg[i] * h[i]);
	}
	return p;
}

/* ---- double-double arithmetic (Dekker 1971; fma for the products) ---- */

typedef struct dd {
	double hi, lo;
} dd;

static dd dd_of(double x)
{
	return (dd){x, 0.0};
}

static dd dd_add(dd a, dd b)
{
	double s = a.hi + b.hi, bb = s - a.hi;
	double e = (a.hi - (s - bb)) + (b.hi - bb) + a.lo + b.lo;
	double hi = s + e;
	return (dd){hi, e - (hi - s)};
}

static dd dd_mul(dd a, dd b)
{
	double p = a.hi * b.hi;
	double e = fma(a.hi, b.hi, -p) + (a.hi * b.lo + a.lo * b.hi);
	double hi = p + e;
	return (dd){hi, e - (hi - p)};
}

static dd dd_neg(dd a)
{
	return (dd){-a.hi, -a.lo};
}

static dd dd_abs(dd a)
{
	return a.hi < 0.0 || (a.hi == 0.0 && a.lo < 0.0) ? dd_neg(a) : a;
}

static dd dd_div(dd a, dd b)
{
	double q = a.hi / b.hi;
	dd r = dd_add(a, dd_neg(dd_mul(b, dd_of(q))));
	double q2 = r.hi / b.hi;
	double hi = q + q2;
	return (dd){hi, q2 - (hi - q)};
}

static dd dd_sqrt(dd a)
{
	if (!(a.hi > 0.0))
		return dd_of(0.0);
	double x = sqrt(a.hi);
	dd r = dd_add(a, dd_neg(dd_mul(dd_of(x), dd_of(x))));
	double c = r.hi / (2.0 * x);
	double hi = x + c;
	return (dd){hi, c - (hi - x)};
}

static int dd_less(dd a, dd b)
{
	return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}

/*
 * The overlap of the boxes along axis k (0-2: A's faces, 3-5: B's, 6-14:
 * edge pairs), in double-double from the same data the fast pass reads:
 * the fast pass's roundings (a few ulps of the size) can order two axes
 * wrongly when their overlaps differ by less, and the answer's normal and
 * points depend on which one wins.
 */
static dd overlap_dd(const double *a, const double *b, const mat3 *r, mink_vec3 t, int k)
{
	double tt[3] = {t.x, t.y, t.z};
	dd l[3];
	if (k < 3) {
		for (int m = 0; m < 3; m++)
			l[m] = dd_of(m == k ? 1.0 : 0.0);
	} else if (k < 6) {
		for (int m = 0; m < 3; m++)
			l[m] = dd_of(r->m[m][k - 3]);
	} else {
		/* e_i x c_j: the components of c_j, exactly */
		int i = (k - 6) / 3, j = (k - 6) % 3, i1 = (i + 1) % 3, i2 = (i + 2) % 3;
		l[i] = dd_of(0.0);
		l[i1] = dd_of(-r->m[i2][j]);
		l[i2] = dd_of(r->m[i1][j]);
	}
	dd o = dd_of(0.0), tl = dd_of(0.0), len2 = dd_of(0.0);
	for (int m = 0; m < 3; m++) {
		o = dd_add(o, dd_mul(dd_of(a[m]), dd_abs(l[m])));
		tl = dd_add(tl, dd_mul(dd_of(tt[m]), l[m]));
		len2 = dd_add(len2, dd_mul(l[m], l[m]));
	}
	for (int j = 0; j < 3; j++) {
		dd lc = dd_of(0.0);
		for (int m = 0; m < 3; m++)
			lc = dd_add(lc, dd_mul(l[m], dd_of(r->m[m][j])));
		o = dd_add(o, dd_mul(dd_of(b[j]), dd_abs(lc)));
	}
	o = dd_add(o, dd_neg(dd_abs(tl)));
	return k < 6 ? o : dd_div(o, dd_sqrt(len2));
}

/* Clips the polygon p[0..n-1] (3D points) to coordinate m of at most lim
 * (sign +1) or at least -lim (sign -1); returns the new count. */
static int clip_side(mink_vec3 *p, int n, int m, double sign, double lim)
{
	mink_vec3 q[8];
	int k = 0;
	for (int i = 0; i < n; i++) {
		mink_vec3 x = p[i], y = p[(i + 1) % n];
		double dx = sign * (&x.x)[m] - lim, dy = sign * (&y.x)[m] - lim;
		if (dx <= 0.0 && k < 8)
			q[k++] = x;
		if (((dx < 0.0 && dy > 0.0) || (dx > 0.0 && dy < 0.0)) && k < 8)
			q[k++] = v3_add(x, v3_scale(v3_sub(y, x), dx / (dx - dy)));
	}
	for (int i = 0; i < k; i++)
		p[i] = q[i];
	return k;
}

/*
 * The face of the reference box (half extents hr, in its own frame) along
 * axis k on side sigma, and the incident box (centre c, unit axes u[],
 * half extents hi, in the reference frame) apart beyond it.  The incident
 * feature nearest the face - its corner, or the edge or face its corners
 * span within feps of that height - is clipped to the face's rectangle;
 * the clipped point nearest the face and its foot on the face are the
 * witnesses (*pi, *pr).  0 when nothing of the feature lies over the face.
 */
static int face_witness(const double *hr, int k, double sigma, mink_vec3 c, const mink_vec3 *u,
                        const double *hi, double feps, mink_vec3 *pr, mink_vec3 *pi)
{
	int fr[3], nf = 0;
	mink_vec3 base = c;
	for (int m = 0; m < 3; m++) {
		double d = sigma * (&u[m].x)[k];
		if (2.0 * hi[m] * fabs(d) <= feps)
			fr[nf++] = m;
		else
			base = v3_mad(base, u[m], d > 0.0 ? -hi[m] : hi[m]);
	}
	if (nf == 3)
		return 0;
	mink_vec3 p[8];
	int n = 1;
	p[0] = base;
	if (nf == 1) {
		p[0] = v3_mad(base, u[fr[0]], -hi[fr[0]]);
		p[1] = v3_mad(base, u[fr[0]], hi[fr[0]]);
		n = 2;
	} else if (nf == 2) {
		mink_vec3 e = v3_scale(u[fr[0]], hi[fr[0]]), f = v3_scale(u[fr[1]], hi[fr[1]]);
		p[0] = v3_sub(v3_sub(base, e), f);
		p[1] = v3_sub(v3_add(base, e), f);
		p[2] = v3_add(v3_add(base, e), f);
		p[3] = v3_add(v3_sub(base, e), f);
		n = 4;
	}
	for (int m = 0; m < 3 && n > 0; m++)
		if (m != k) {
			n = clip_side(p, n, m, 1.0, hr[m]);
			n = clip_side(p, n, m, -1.0, hr[m]);
		}
	if (n == 0)
		return 0;
	int best = 0;
	for (int i = 1; i < n; i++)
		if (sigma * (&p[i].x)[k] < sigma * (&p[best].x)[k])
			best = i;
	*pi = p[best];
	*pr = p[best];
	(&pr->x)[k] = sigma * hr[k];
	return 1;
}

/*
 * Two boxes apart: the gap along any unit direction is a lower bound on
 * their distance, so when two points of the boxes lie that gap apart
 * along one of the 15 axes, the gap is the distance, exactly.  Such points
 * exist when the closest features are a corner over a face (the corner's
 * projection lies on the face; the face's axis) or two edges crossing (the
 * closest points of their lines lie on both edges; the edges' axis).  GJK
 * reaches those answers only to its own tolerance, and on two nearly
 * parallel faces (a box hovering over a box, tilted by 1e-9) not even
 * that.  Corner to edge and corner to corner: GJK's (returns 0).
 *
 * Witness for axis k (0-2: A's faces, 3-5: B's, 6-14: edge pairs) with
 * unit axis l; 1 with the points, the normal and the distance when the
 * points certify the gap.
 */
static int apart_witness(const double *a, const double *b, const mink_vec3 *ea,
                         const mink_vec3 *eb, mink_vec3 t, int k, mink_vec3 l, double feps,
                         mink_vec3 *pa, mink_vec3 *pb, mink_vec3 *n_out, double *dist)
{
	double sa[3], sb[3];
	/* the normal from A towards B */
	mink_vec3 n = v3_dot(t, l) >= 0.0 ? l : v3_neg(l);
	if (k < 3) {
		/* A's face, B's nearest feature over it */
		double sigma = (&t.x)[k] >= 0.0 ? 1.0 : -1.0;
		if (!face_witness(a, k, sigma, t, eb, b, feps, pa, pb))
			return 0;
	} else if (k < 6) {
		/* B's face, A's nearest feature over it: in B's frame */
		int j = k - 3;
		mink_vec3 c = v3(-v3_dot(t, eb[0]), -v3_dot(t, eb[1]), -v3_dot(t, eb[2]));
		mink_vec3 u[3];
		for (int m = 0; m < 3; m++)
			u[m] = v3(v3_dot(ea[m], eb[0]), v3_dot(ea[m], eb[1]), v3_dot(ea[m], eb[2]));
		double sigma = (&c.x)[j] >= 0.0 ? 1.0 : -1.0;
		mink_vec3 qb, qa;
		if (!face_witness(b, j, sigma, c, u, a, feps, &qb, &qa))
			return 0;
		*pa = v3_add(t, v3_add(v3_add(v3_scale(eb[0], qa.x), v3_scale(eb[1], qa.y)),
		                       v3_scale(eb[2], qa.z)));
		*pb = v3_add(t, v3_add(v3_add(v3_scale(eb[0], qb.x), v3_scale(eb[1], qb.y)),
		                       v3_scale(eb[2], qb.z)));
	} else {
		/* the two supporting edges, crossing */
		int i = (k - 6) / 3, j = (k - 6) % 3;
		mink_vec3 ca = corner(v3(0, 0, 0), ea, a, n, sa), cb = corner(t, eb, b, v3_neg(n), sb);
		ca = v3_mad(ca, ea[i], -sa[i] * a[i]);
		cb = v3_mad(cb, eb[j], -sb[j] * b[j]);
		mink_vec3 r = v3_sub(ca, cb), u = ea[i], v = eb[j];
		double uv = v3_dot(u, v), ur = v3_dot(u, r), vr = v3_dot(v, r);
		double den = 1.0 - uv * uv;
		if (!(den > 0.0))
			return 0;
		double s = (uv * vr - ur) / den, tv = vr + uv * s;
		if (!(fabs(s) <= a[i]) || !(fabs(tv) <= b[j]))
			return 0;
		*pa = v3_mad(ca, u, s);
		*pb = v3_mad(cb, v, tv);
	}
	*dist = v3_dot(v3_sub(*pb, *pa), n);
	*n_out = n;
	return *dist > 0.0;
}

/* The unit axis k (as in apart_witness) of B's rotation r. */
static mink_vec3 sat_axis(const mink_vec3 *ea, const mink_vec3 *eb, const double (*r)[3],
                          const double *len, int k)
{
	static const int next[3] = {1, 2, 0}, prev[3] = {2, 0, 1};
	if (k < 3)
		return ea[k];
	if (k < 6)
		return eb[k - 3];
	int i = (k - 6) / 3, j = (k - 6) % 3, i1 = next[i], i2 = prev[i];
	mink_vec3 l;
	double *lc = &l.x;
	lc[i] = 0.0;
	lc[i1] = -r[i2][j] / len[k];
	lc[i2] = r[i1][j] / len[k];
	return l;
}

/*
 * The answer from the cores' signed distance along unit n (from A towards
 * B; -depth when overlapping) and a pair of their points that far apart
 * along it: pb - pa is made exactly core * n, the rounding shared by both
 * points, and the margins move each point out along n.
 */
static int sat_answer(const mk_shape *A, const mk_shape *B, mink_vec3 n, double core,
                      mink_vec3 pa, mink_vec3 pb, mk_answer *ans)
{
	mk_share_difference(&pa, &pb, v3_scale(n, -core));
	ans->gjk_it = 0;
	ans->epa_it = 0;
	ans->warning = MINK_WARN_NONE;
	ans->normal = n;
	ans->distance = core - (A->margin + B->margin);
	ans->pa = v3_mad(pa, n, A->margin);
	ans->pb = v3_mad(pb, n, -B->margin);
	return 1;
}

/* Apart: the axes of the widest gap (within rounding of it), in order,
 * until one's points certify it. */
static int boxes_apart(const mk_shape *A, const mk_shape *B, const double *a, const double *b,
                       const mink_vec3 *ea, const mink_vec3 *eb, mink_vec3 t,
                       const double *over, const double *len, const int *used,
                       const mk_tol *tol, mk_answer *ans)
{
	int low = 0;
	for (int k = 1; k < 15; k++)
		if (used[k] && over[k] < over[low])
			low = k;
	for (int k = 0; k < 15; k++) {
		if (!used[k] || !(over[k] <= over[low] + tol->eps))
			continue;
		mink_vec3 pa, pb, n;
		double dist;
		if (!apart_witness(a, b, ea, eb, t, k, sat_axis(ea, eb, B->rot.m, len, k),
		                   4.0 * tol->eps, &pa, &pb, &n, &dist))
			continue;
		return sat_answer(A, B, n, dist, pa, pb, ans);
	}
	return 0;
}

/* The edge-pair axes' pass over the boxes (see sat_boxes). */
typedef struct edge_pass {
	const double *a, *b;
	const double (*r)[3], (*ar)[3];
	const double *tt;
	double *over, *len;
	int *used;
	int apart;
	double eps4;
} edge_pass;

#if defined(__GNUC__)
#define MK_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define MK_ALWAYS_INLINE inline
#endif

/*
 * Edge pair e_i x c_j, in the closed form of Gottschalk et al.: the
 * components of c_j, so only the length needs a square root.  Returns 1
 * when GJK must answer instead (a nearly parallel pair that overlaps, or a
 * touching axis), else 0.
 */
static MK_ALWAYS_INLINE int edge_axis(edge_pass *p, int i, int j)
{
	int k = 6 + 3 * i + j, i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3,
	    j2 = (j + 2) % 3;
	const double(*r)[3] = p->r, (*ar)[3] = p->ar;
	double len2 = r[i1][j] * r[i1][j] + r[i2][j] * r[i2][j];
	/* Parallel edges: the face axes cover them.  Nearly parallel ones:
	 * the axis's direction is the rounding of R's entries over the length
	 * (1e-16 / 1e-9 = 1e-7 rad): GJK's when overlapping; left out when
	 * apart (a certificate needs no particular axis). */
	p->used[k] = len2 > 1e-24;
	if (!p->used[k])
		return 0;
	if (len2 <= 1e-12) {
		p->used[k] = 0;
		return !p->apart;
	}
	double ra = p->a[i1] * ar[i2][j] + p->a[i2] * ar[i1][j];
	double rb = p->b[j1] * ar[i][j2] + p->b[j2] * ar[i][j1];
	double tl = p->tt[i2] * r[i1][j] - p->tt[i1] * r[i2][j];
	p->len[k] = sqrt(len2);
	p->over[k] = (ra + rb - fabs(tl)) / p->len[k];
	if (!p->apart && !(p->over[k] > p->eps4)) {
		if (!(p->over[k] < -p->eps4))
			return 1;
		p->apart = 1;
	}
	return 0;
}

static int sat_boxes(const mk_shape *A, const mk_shape *B, const mk_tol *tol, mk_answer *ans)
{
	double a[3] = {A->half.x * A->scale, A->half.y * A->scale, A->half.z * A->scale};
	double b[3] = {B->half.x * B->scale, B->half.y * B->scale, B->half.z * B->scale};
	mink_vec3 ea[3] = {v3(1, 0, 0), v3(0, 1, 0), v3(0, 0, 1)}, eb[3];
	mink_vec3 t = B->pos;
	double ar[3][3], tt[3] = {t.x, t.y, t.z}, over[15], len[15];
	int used[15];
	for (int j = 0; j < 3; j++)
		eb[j] = v3(B->rot.m[0][j], B->rot.m[1][j], B->rot.m[2][j]);
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			ar[i][j] = fabs(B->rot.m[i][j]);

	/* The fast pass: every axis in plain doubles. */
	for (int i = 0; i < 3; i++) {
		over[i] = a[i] + b[0] * ar[i][0] + b[1] * ar[i][1] + b[2] * ar[i][2] - fabs(tt[i]);
		used[i] = 1;
	}
	for (int j = 0; j < 3; j++) {
		over[3 + j] = a[0] * ar[0][j] + a[1] * ar[1][j] + a[2] * ar[2][j] + b[j] -
		              fabs(v3_dot(t, eb[j]));
		used[3 + j] = 1;
	}
	/* Touching along a face axis: GJK's, whose touching rules it needs.
	 * Apart along one: the exact answer if two points certify the widest
	 * gap (apart_witness), GJK's otherwise. */
	int face = 0;
	for (int k = 1; k < 6; k++)
		if (over[k] < over[face])
			face = k;
	int apart = over[face] < -4.0 * tol->eps;
	if (!apart && !(over[face] > 4.0 * tol->eps))
		return 0;
	/* The edge pairs' axes. */
	const double(*r)[3] = B->rot.m;
	edge_pass ep = {a, b, r, ar, tt, over, len, used, apart, 4.0 * tol->eps};
	/* Written out, so that every index is a constant. */
	if (edge_axis(&ep, 0, 0) || edge_axis(&ep, 0, 1) || edge_axis(&ep, 0, 2) ||
	    edge_axis(&ep, 1, 0) || edge_axis(&ep, 1, 1) || edge_axis(&ep, 1, 2) ||
	    edge_axis(&ep, 2, 0) || edge_axis(&ep, 2, 1) || edge_axis(&ep, 2, 2))
		return 0;
	apart = ep.apart;
	if (apart)
		return boxes_apart(A, B, a, b, ea, eb, t, over, len, used, tol, ans);
	/* The least overlap and the next: axes within the fast pass's rounding
	 * of the least are decided again in double-double, ties to the earlier
	 * axis. */
	int best = 0;
	double second = INFINITY;
	for (int k = 1; k < 15; k++) {
		if (!used[k])
			continue;
		/* as `if (over[k] < over[best]) second = over[best], best = k;
		 * else if (over[k] < second) second = over[k]`, without jumps:
		 * over[best] <= second throughout, so the new second is the
		 * greater of over[best] and min(second, over[k]) either way */
		int less = over[k] < over[best];
		double kept = over[k] < second ? over[k] : second;
		second = kept > over[best] ? kept : over[best];
		best = less ? k : best;
	}
	double depth = over[best];
	if (second <= over[best] + tol->eps) {
		dd low = overlap_dd(a, b, &B->rot, t, best);
		for (int k = 0; k < 15; k++) {
			if (k == best || !used[k] || !(over[k] <= over[best] + tol->eps))
				continue;
			dd o = overlap_dd(a, b, &B->rot, t, k);
			if (dd_less(o, low) || (!dd_less(low, o) && k < best)) {
				low = o;
				best = k;
			}
		}
		depth = low.hi;
	}
	int kind = best < 3 ? 0 : best < 6 ? 1 : 2;
	int bi = best < 3 ? best : best < 6 ? 0 : (best - 6) / 3;
	int bj = best < 3 ? 0 : best < 6 ? best - 3 : (best - 6) % 3;
	mink_vec3 axis = sat_axis(ea, eb, r, len, best);

	/* The normal from A towards B. */
	mink_vec3 n = v3_dot(t, axis) >= 0.0 ? axis : v3_neg(axis);
	mink_vec3 pa, pb, o0 = v3(0, 0, 0);
	double sa[3], sb[3];
	if (kind == 0) {
		pb = corner(t, eb, b, v3_neg(n), sb);
		pa = v3_mad(pb, n, depth);
	} else if (kind == 1) {
		pa = corner(o0, ea, a, n, sa);
		pb = v3_mad(pa, n, -depth);
	} else {
		mink_vec3 ca = corner(o0, ea, a, n, sa), cb = corner(t, eb, b, v3_neg(n), sb);
		/* the edges run through the corners' midpoints along ea[bi], eb[bj] */
		ca = v3_mad(ca, ea[bi], -sa[bi] * a[bi]);
		cb = v3_mad(cb, eb[bj], -sb[bj] * b[bj]);
		edge_points(ca, ea[bi], a[bi], cb, eb[bj], b[bj], &pa, &pb);
	}
	return sat_answer(A, B, n, -depth, pa, pb, ans);
}

/* ---- boxes, triangles and segments: the same axes, by their corners ---- */

/* A box, triangle or segment core in the query frame: its corners, the
 * unit normals of its faces (a triangle's one; a box's three, each for two
 * faces; a segment has none) and the directions of its edges (a triangle's
 * or segment's e[i] runs from v[i] to the next corner; a box's are its unit
 * axes). */
typedef struct sat_poly {
	mink_vec3 v[8], f[3], e[3];
	int nv, nf, ne, box;
	double half[3]; /* a box's half extents (scaled) */
	mink_vec3 c;    /* a box's centre */
} sat_poly;

/* 0 for a triangle whose corners are nearly collinear (no normal) and a
 * segment of no length. */
static int sat_poly_of(const mk_shape *s, sat_poly *p)
{
	p->box = 0;
	if (s->type == CORE_SEGMENT) {
		p->v[0] = mk_place(s, s->corner[0]);
		p->v[1] = mk_place(s, s->corner[1]);
		p->e[0] = v3_sub(p->v[1], p->v[0]);
		p->nv = 2;
		p->nf = 0;
		p->ne = 1;
		double e2 = v3_len2(p->e[0]);
		return e2 > 0.0 && e2 < INFINITY;
	}
	if (s->type == CORE_BOX) {
		double h[3] = {s->half.x, s->half.y, s->half.z};
		for (int k = 0; k < 8; k++)
			p->v[k] = mk_place(s, v3(k & 1 ? h[0] : -h[0], k & 2 ? h[1] : -h[1],
			                         k & 4 ? h[2] : -h[2]));
		for (int i = 0; i < 3; i++) {
			p->f[i] = s->identity ? v3(i == 0, i == 1, i == 2)
			                      : v3(s->rot.m[0][i], s->rot.m[1][i], s->rot.m[2][i]);
			p->e[i] = p->f[i];
			p->half[i] = h[i] * s->scale;
		}
		p->c = mk_place(s, v3(0, 0, 0));
		p->nv = 8;
		p->nf = p->ne = 3;
		p->box = 1;
		return 1;
	}
	for (int k = 0; k < 3; k++)
		p->v[k] = mk_place(s, s->corner[k]);
	for (int i = 0; i < 3; i++)
		p->e[i] = v3_sub(p->v[(i + 1) % 3], p->v[i]);
	/* (the pair is scaled to near unit size: fourth powers are safe) */
	mink_vec3 m = v3_cross(p->e[0], v3_sub(p->v[2], p->v[0]));
	double m2 = v3_len2(m);
	if (!(m2 > 1e-12 * v3_len2(p->e[0]) * v3_len2(p->e[2])) || !(m2 < INFINITY))
		return 0;
	p->f[0] = v3_scale(m, 1.0 / sqrt(m2));
	p->nv = 3;
	p->nf = 1;
	p->ne = 3;
	return 1;
}

/* The extent of p along l: the least and greatest of its corners' dots, and
 * which corners reach them (the first). */
static void sat_extent(const sat_poly *p, mink_vec3 l, double *lo, double *hi, int *ilo, int *ihi)
{
	*lo = *hi = v3_dot(p->v[0], l);
	*ilo = *ihi = 0;
	for (int k = 1; k < p->nv; k++) {
		double t = v3_dot(p->v[k], l);
		if (t < *lo) {
			*lo = t;
			*ilo = k;
		}
		if (t > *hi) {
			*hi = t;
			*ihi = k;
		}
	}
}

/* The extent of p along l, a box's from its centre and half extents. */
static inline void sat_span(const sat_poly *p, mink_vec3 l, double *lo, double *hi)
{
	if (p->box) {
		double c = v3_dot(p->c, l);
		double r = p->half[0] * fabs(v3_dot(p->f[0], l)) + p->half[1] * fabs(v3_dot(p->f[1], l)) +
		           p->half[2] * fabs(v3_dot(p->f[2], l));
		*lo = c - r;
		*hi = c + r;
		return;
	}
	double t0 = v3_dot(p->v[0], l), t1 = v3_dot(p->v[1], l);
	double l01 = t0 < t1 ? t0 : t1, h01 = t0 < t1 ? t1 : t0;
	if (p->nv == 2) {
		*lo = l01;
		*hi = h01;
		return;
	}
	double t2 = v3_dot(p->v[2], l);
	*lo = l01 < t2 ? l01 : t2;
	*hi = h01 > t2 ? h01 : t2;
}

/* An edge of p along direction index i that reaches furthest along n: its
 * two ends.  A triangle's edge i; a box's edge along axis i through the
 * corner furthest along n. */
static void sat_edge(const sat_poly *p, int i, mink_vec3 n, mink_vec3 *x0, mink_vec3 *x1)
{
	if (!p->box) {
		*x0 = p->v[i];
		*x1 = p->v[(i + 1) % p->nv];
		return;
	}
	int k = 0;
	for (int m = 0; m < 3; m++)
		if (m != i && v3_dot(p->f[m], n) >= 0.0)
			k |= 1 << m;
	*x0 = p->v[k];
	*x1 = p->v[k | 1 << i];
}

void mk_segment_points(mink_vec3 p0, mink_vec3 p1, mink_vec3 q0, mink_vec3 q1, mink_vec3 *x,
                       mink_vec3 *y)
{
	mink_vec3 u = v3_sub(p1, p0), v = v3_sub(q1, q0);
	double lu = v3_len_safe(u), lv = v3_len_safe(v);
	/* (an edge of no length, a box flat in two axes, is its point: its
	 * direction was 0 / 0, and a NaN reached the result) */
	if (!(lu > 0.0) || !(lv > 0.0)) {
		*x = lu > 0.0 ? v3_segment_closest(p0, p1, q0) : p0;
		*y = v3_segment_closest(q0, q1, *x);
		return;
	}
	mink_vec3 pc = v3_scale(v3_add(p0, p1), 0.5), qc = v3_scale(v3_add(q0, q1), 0.5);
	edge_points(pc, v3_scale(u, 1.0 / lu), 0.5 * lu, qc, v3_scale(v, 1.0 / lv), 0.5 * lv, x, y);
}

#define SAT_AXES (3 + 3 + 9)

static int sat_polytopes(const mk_shape *A, const mk_shape *B, const mk_tol *tol, mk_answer *ans)
{
	sat_poly pa, pb;
	if (!sat_poly_of(A, &pa) || !sat_poly_of(B, &pb))
		return 0;
	/* Every candidate axis: the faces of A, of B, the edge pairs; each
	 * with its overlap (the least of the two senses), the sense from A
	 * towards B, and how far its direction may be off by rounding. */
	mink_vec3 axis[SAT_AXES];
	double over[SAT_AXES], unsure[SAT_AXES];
	int kind[SAT_AXES], ia[SAT_AXES], ib[SAT_AXES], na = 0;
	double eps4 = 4.0 * tol->eps;
	for (int i = 0; i < pa.nf; i++, na++) {
		axis[na] = pa.f[i];
		kind[na] = 0;
		ia[na] = i;
		unsure[na] = 0.0;
	}
	for (int j = 0; j < pb.nf; j++, na++) {
		axis[na] = pb.f[j];
		kind[na] = 1;
		ib[na] = j;
		unsure[na] = 0.0;
	}
	double ea2[3], eb2[3];
	for (int i = 0; i < pa.ne; i++)
		ea2[i] = v3_len2(pa.e[i]);
	for (int j = 0; j < pb.ne; j++)
		eb2[j] = v3_len2(pb.e[j]);
	for (int i = 0; i < pa.ne; i++)
		for (int j = 0; j < pb.ne; j++) {
			mink_vec3 c = v3_cross(pa.e[i], pb.e[j]);
			double c2 = v3_len2(c), e2 = ea2[i] * eb2[j];
			/* Parallel edges: the faces' axes cover them. */
			if (!(c2 > 1e-24 * e2) || !(c2 < INFINITY))
				continue;
			double lc = sqrt(c2);
			axis[na] = v3_scale(c, 1.0 / lc);
			kind[na] = 2;
			ia[na] = i;
			ib[na] = j;
			/* its direction is the edges' rounding over sin(angle) */
			unsure[na] = 1e-15 * sqrt(e2) / lc * tol->size;
			na++;
		}
	int best = -1;
	for (int k = 0; k < na; k++) {
		double alo, ahi, blo, bhi;
		sat_span(&pa, axis[k], &alo, &ahi);
		sat_span(&pb, axis[k], &blo, &bhi);
		double plus = ahi - blo, minus = bhi - alo;
		over[k] = minus < plus ? minus : plus;
		/* Apart or touching along an axis: GJK's (its touching rules). */
		if (!(over[k] > eps4))
			return 0;
		if (minus < plus)
			axis[k] = v3_neg(axis[k]);
		if (best < 0 || over[k] < over[best])
			best = k;
	}
	if (best < 0)
		return 0;
	/* Another axis within the rounding of the least, in another direction,
	 * leaves the normal in doubt: GJK and EPA decide. */
	for (int k = 0; k < na; k++) {
		if (k == best || !(over[k] <= over[best] + 2.0 * eps4 + unsure[k] + unsure[best]))
			continue;
		if (v3_len_safe(v3_cross(axis[k], axis[best])) > 1e-12)
			return 0;
	}
	mink_vec3 n = axis[best];
	double depth = over[best];
	mink_vec3 xa, xb;
	double lo, hi;
	int ilo, ihi;
	if (kind[best] == 0) {
		/* A's face: B's deepest corner, and its foot on the face */
		sat_extent(&pb, n, &lo, &hi, &ilo, &ihi);
		xb = pb.v[ilo];
		xa = v3_mad(xb, n, depth);
	} else if (kind[best] == 1) {
		sat_extent(&pa, n, &lo, &hi, &ilo, &ihi);
		xa = pa.v[ihi];
		xb = v3_mad(xa, n, -depth);
	} else {
		mink_vec3 a0, a1, b0, b1;
		sat_edge(&pa, ia[best], n, &a0, &a1);
		sat_edge(&pb, ib[best], v3_neg(n), &b0, &b1);
		mk_segment_points(a0, a1, b0, b1, &xa, &xb);
	}
	return sat_answer(A, B, n, -depth, xa, xb, ans);
}

int mk_sat(const mk_shape *A, const mk_shape *B, const mk_tol *tol, mk_answer *ans)
{
	int a = A->type, b = B->type;
	if (a == CORE_BOX && b == CORE_BOX)
		return sat_boxes(A, B, tol, ans);
	int ok_a = a == CORE_BOX || a == CORE_TRIANGLE || a == CORE_SEGMENT;
	int ok_b = b == CORE_BOX || b == CORE_TRIANGLE || b == CORE_SEGMENT;
	/* two segments never overlap with a depth: lib/segments.c's */
	if (!ok_a || !ok_b || (a == CORE_SEGMENT && b == CORE_SEGMENT))
		return 0;
	return sat_polytopes(A, B, tol, ans);
}
