/*
 * far.c - the closest pair of two cores far apart, found in coordinates
 * taken from a point of each.
 *
 * Two shapes a distance D apart whose closest points lie on nearly
 * parallel flat features (a cap over a box's face, a triangle over a
 * cone's base, a point over a face) have a closest pair that moves across
 * the features by e while their distance moves by e^2 / 2D: 1e6 apart, the
 * pair may be a whole unit off where the distance is exact, and no solver
 * that judges by distances (GJK's gap, EPA's, the support distance along a
 * normal) can see it.  Nor do the pair's own coordinates: a point 1e6 from
 * the origin is rounded to 1e-10, and on a feature 1 wide that rounding of
 * its height is worth 0.014 across it.
 *
 * So the pair is sought again by GJK on K = (A - a0) - (B - b0), where a0
 * and b0 are the supports along the solver's normal: K's points are
 * differences of support points in each shape's own frame, turned into the
 * query frame, small and exact to their own size's rounding, and the
 * distance of A and B is that of K from x0 = b0 - a0, the one large
 * vector.  Candidates are compared by |x0 - c|^2 - |x0 - u|^2 =
 * (c - u).(c + u - 2 x0), exact to D times their distance times the
 * rounding, and GJK's gap (x0 - u).(k - u) is exact to D times K's
 * rounding: where it ends on its gap or on a support point met before,
 * the pair u is within the square root of twice that gap of the closest
 * (|u - x0|^2 / 2 is convex with modulus 1).  The closest point on each
 * simplex is the projection of x0 onto the affine hull of the subset whose
 * weights all come out positive and that is nearest, over every subset of
 * at most three points.  Its limit is the rounding of the support points'
 * heights, eps times K's size: on a rim it moves the point along the rim
 * by the square root of that times D over the rim's curvature, about 1e-9
 * of the size 100 apart, and the search may end with its gap open where
 * no simplex comes nearer by the rounding of the projections.
 *
 * mk_pair_residual judges a pair by the pair itself: the nearest point of
 * each shape to the other's point, in closed form in the shape's own frame
 * where it has one, else by the same search from a point.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "internal.h"

/* A point of K, with the points of A - a0 and B - b0 it is made of. */
typedef struct far_point {
	mink_vec3 k, a, b;
} far_point;

/* scale R (l - l0): a local difference turned into the query frame. */
static mink_vec3 place_diff(const mk_shape *s, mink_vec3 l, mink_vec3 l0)
{
	mink_vec3 d = v3_sub(l, l0);
	if (!s->identity)
		d = m3_mul(&s->rot, d);
	return v3_scale(d, s->scale);
}

/* |x0 - c|^2 - |x0 - u|^2, exact to the rounding of c - u times x0's
 * length: the points compared are near one another */
static double nearer(mink_vec3 c, mink_vec3 u, mink_vec3 x0)
{
	return v3_dot(v3_sub(c, u), v3_sub(v3_add(c, u), v3_scale(x0, 2.0)));
}

/*
 * The point of the hull of p[idx[0..m)] nearest x0 where it is the
 * projection of x0 onto their affine hull with every weight positive: 1
 * with the weights in w and the point in *c.  (A tetrahedron never holds
 * it: x0 lies outside K.)
 */
static int project_subset(const far_point *p, const int *idx, int m, mink_vec3 x0, double *w,
                          mink_vec3 *c)
{
	mink_vec3 o = p[idx[0]].k, r = v3_sub(x0, o);
	if (m == 1) {
		w[0] = 1.0;
		*c = o;
		return 1;
	}
	mink_vec3 e1 = v3_sub(p[idx[1]].k, o);
	if (m == 2) {
		double den = v3_dot(e1, e1), t = v3_dot(r, e1);
		if (!(den > 0.0) || !(t > 0.0) || !(t < den))
			return 0;
		t /= den;
		w[0] = 1.0 - t;
		w[1] = t;
		*c = v3_mad(o, e1, t);
		return 1;
	}
	mink_vec3 e2 = v3_sub(p[idx[2]].k, o);
	double g11 = v3_dot(e1, e1), g12 = v3_dot(e1, e2), g22 = v3_dot(e2, e2);
	double r1 = v3_dot(r, e1), r2 = v3_dot(r, e2);
	double det = g11 * g22 - g12 * g12;
	/* (a sliver's plane is left to its edges) */
	if (!(det > 1e-12 * g11 * g22))
		return 0;
	double s = (r1 * g22 - r2 * g12) / det, t = (r2 * g11 - r1 * g12) / det;
	if (!(s > 0.0) || !(t > 0.0) || !(s + t < 1.0))
		return 0;
	w[0] = 1.0 - s - t;
	w[1] = s;
	w[2] = t;
	*c = v3_add(o, v3_add(v3_scale(e1, s), v3_scale(e2, t)));
	return 1;
}

/* Of the subsets of the simplex p[0..m), the one whose point is nearest
 * x0: its indices in idx, weights in w and size in *k, the point in *c,
 * nearer(c, u, x0) returned (INFINITY if none). */
static double nearest_subset(const far_point *p, int m, mink_vec3 u, mink_vec3 x0, int *idx,
                             double *w, int *k, mink_vec3 *c)
{
	double best = INFINITY;
	*k = 0;
	for (int mask = 1; mask < (1 << m); mask++) {
		int sub[4], n = 0;
		for (int i = 0; i < m; i++)
			if (mask & (1 << i))
				sub[n++] = i;
		double ww[3];
		mink_vec3 cc;
		if (n > 3 || !project_subset(p, sub, n, x0, ww, &cc))
			continue;
		double q = nearer(cc, u, x0);
		if (q < best) {
			best = q;
			*k = n;
			*c = cc;
			for (int i = 0; i < n; i++) {
				idx[i] = sub[i];
				w[i] = ww[i];
			}
		}
	}
	return best;
}

int mk_far_pair(const mk_shape *A, const mk_shape *B, mink_vec3 *n, double *core, mink_vec3 *pa,
                mink_vec3 *pb)
{
	mink_vec3 a0 = mk_support_local(A, mk_local_dir(A, *n));
	mink_vec3 b0 = mk_support_local(B, mk_local_dir(B, v3_neg(*n)));
	mink_vec3 x0 = v3_sub(mk_place(B, b0), mk_place(A, a0));
	far_point p[4] = {{v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0)}};
	double w[4] = {1.0};
	int m = 1, converged = 0;
	mink_vec3 u = v3(0, 0, 0);
	for (int it = 0; it < 64; it++) {
		mink_vec3 d = v3_sub(x0, u);
		far_point s;
		s.a = place_diff(A, mk_support_local(A, mk_local_dir(A, d)), a0);
		s.b = place_diff(B, mk_support_local(B, mk_local_dir(B, v3_neg(d))), b0);
		s.k = v3_sub(s.a, s.b);
		/* how much nearer x0 along d the support comes: above f(u) - f*
		 * for f = |u - x0|^2 / 2; its rounding is d's length times the
		 * points' */
		double gap = v3_dot(d, v3_sub(s.k, u));
		double floor = 4.0 * DBL_EPSILON * v3_len(d) *
		               (v3_len(v3_sub(s.k, u)) + DBL_EPSILON * (v3_len(s.k) + v3_len(u)));
		if (!(gap > floor)) {
			converged = gap == gap;
			break;
		}
		int seen = 0;
		for (int i = 0; i < m; i++)
			seen |= v3_same(p[i].k, s.k);
		if (seen) {
			converged = 1;
			break;
		}
		p[m] = s;
		int idx[3], k;
		double wk[3];
		mink_vec3 c = u;
		if (!(nearest_subset(p, m + 1, u, x0, idx, wk, &k, &c) < 0.0)) {
			/* no progress, the gap still open: the last simplex stands,
			 * at the rounding of the projections */
			converged = 2;
			break;
		}
		far_point q[3];
		for (int i = 0; i < k; i++)
			q[i] = p[idx[i]];
		for (int i = 0; i < k; i++) {
			p[i] = q[i];
			w[i] = wk[i];
		}
		m = k;
		u = c;
	}
	if (!converged)
		return 0;
	mink_vec3 da = v3(0, 0, 0), db = v3(0, 0, 0);
	for (int i = 0; i < m; i++) {
		da = v3_mad(da, p[i].a, w[i]);
		db = v3_mad(db, p[i].b, w[i]);
	}
	/* The normal and distance of the points themselves, as placed: each
	 * on its shape to its own rounding, their difference the distance
	 * along the normal to the last bits (x0 - u differs from it by the
	 * points' rounding, 1e-10 at 1e6, which sharing it would put off the
	 * shapes). */
	mink_vec3 qa = v3_add(mk_place(A, a0), da), qb = v3_add(mk_place(B, b0), db);
	mink_vec3 diff = v3_sub(qb, qa);
	double len = v3_len_safe(diff);
	if (!(len > 0.0) || !isfinite(len))
		return 0;
	*n = v3_scale(diff, 1.0 / len);
	*core = len;
	*pa = qa;
	*pb = qb;
	return converged;
}

/* The query-frame point x as a core. */
static mk_shape point_core(mink_vec3 x)
{
	mk_shape pt;
	memset(&pt, 0, sizeof pt);
	pt.type = CORE_POINT;
	pt.rot = m3_identity();
	pt.pos = x;
	pt.scale = 1.0;
	return pt;
}

/* The point of core s nearest the query-frame point x, by mk_far_pair
 * from p, a point of s, into *q: 1 where the search ends on its gap. */
static int nearest_on(const mk_shape *s, mink_vec3 p, mink_vec3 x, mink_vec3 *q)
{
	mk_shape pt = point_core(x);
	mink_vec3 n = v3_normalize_or(v3_sub(x, p), v3(0, 0, 1)), y;
	double d;
	return mk_far_pair(s, &pt, &n, &d, q, &y) == 1;
}

/* The point of triangle abc nearest p by its Voronoi regions (Ericson,
 * "Real-Time Collision Detection", 5.1.5). */
static mink_vec3 triangle_regions(mink_vec3 a, mink_vec3 b, mink_vec3 c, mink_vec3 p)
{
	mink_vec3 ab = v3_sub(b, a), ac = v3_sub(c, a), ap = v3_sub(p, a);
	double d1 = v3_dot(ab, ap), d2 = v3_dot(ac, ap);
	if (d1 <= 0.0 && d2 <= 0.0)
		return a;
	mink_vec3 bp = v3_sub(p, b);
	double d3 = v3_dot(ab, bp), d4 = v3_dot(ac, bp);
	if (d3 >= 0.0 && d4 <= d3)
		return b;
	double vc = d1 * d4 - d3 * d2;
	if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0)
		return v3_mad(a, ab, d1 / (d1 - d3));
	mink_vec3 cp = v3_sub(p, c);
	double d5 = v3_dot(ab, cp), d6 = v3_dot(ac, cp);
	if (d6 >= 0.0 && d5 <= d6)
		return c;
	double vb = d5 * d2 - d1 * d6;
	if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0)
		return v3_mad(a, ac, d2 / (d2 - d6));
	double va = d3 * d6 - d5 * d4;
	if (va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0)
		return v3_mad(b, v3_sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6)));
	double den = 1.0 / (va + vb + vc);
	return v3_add(a, v3_add(v3_scale(ab, vb * den), v3_scale(ac, vc * den)));
}

/* a * b - c * d to about an ulp of the result (Kahan's difference of
 * products: the rounding of c * d recovered by an fma). */
static double diff_prod(double a, double b, double c, double d)
{
	double cd = c * d;
	return fma(a, b, -cd) + fma(-c, d, cd);
}

/*
 * The foot of p on the plane of triangle abc, where it lies within the
 * triangle (1, in *q).  The normal's components are differences of
 * products that cancel on a sliver (a point on the face of a triangle
 * 3e6 long and 0.7 wide was read 0.02 off it, where the regions' weights
 * lost it too): each is taken to an ulp of itself.  The height and the
 * sides are measured from the corner nearest p.
 */
static int triangle_foot(mink_vec3 a, mink_vec3 b, mink_vec3 c, mink_vec3 p, mink_vec3 *q)
{
	const mink_vec3 v[3] = {a, b, c};
	mink_vec3 e = v3_sub(b, a), f = v3_sub(c, a);
	mink_vec3 n = v3(diff_prod(e.y, f.z, e.z, f.y), diff_prod(e.z, f.x, e.x, f.z),
	                 diff_prod(e.x, f.y, e.y, f.x));
	double ln = v3_len_safe(n);
	if (!(ln > 0.0) || !(ln < INFINITY))
		return 0;
	n = v3_scale(n, 1.0 / ln);
	int o = 0;
	double near = INFINITY;
	for (int i = 0; i < 3; i++) {
		double d = v3_len2(v3_sub(p, v[i]));
		if (d < near) {
			near = d;
			o = i;
		}
	}
	mink_vec3 x = v3_mad(p, n, -v3_dot(n, v3_sub(p, v[o])));
	/* within each side: not beyond its outward normal in the plane */
	for (int i = 0; i < 3; i++) {
		mink_vec3 u = v[i], w = v[(i + 1) % 3];
		mink_vec3 from = v3_len2(v3_sub(x, u)) <= v3_len2(v3_sub(x, w)) ? u : w;
		if (!(v3_dot(v3_cross(v3_sub(w, u), n), v3_sub(x, from)) <= 0.0))
			return 0;
	}
	*q = x;
	return 1;
}

/* The point of triangle abc nearest p: the foot on its plane where that
 * lies within it (triangle_foot); else by its Voronoi regions, unless an
 * edge's nearest point is nearer by more than the rounding of the squared
 * distances.  The regions are told by products of dot products, which
 * lose a sliver (a point on an edge of a triangle 3e6 long and 0.4 wide
 * was read 49.8 off it); the distances cannot tell points far away apart
 * (3e7 away, 0.19 along an edge is 6e-10 farther), the regions can. */
static mink_vec3 triangle_nearest(mink_vec3 a, mink_vec3 b, mink_vec3 c, mink_vec3 p)
{
	mink_vec3 foot;
	if (triangle_foot(a, b, c, p, &foot))
		return foot;
	const mink_vec3 e[3][2] = {{a, b}, {b, c}, {c, a}};
	mink_vec3 edge = p;
	double de = INFINITY;
	for (int i = 0; i < 3; i++) {
		mink_vec3 q = v3_segment_closest(e[i][0], e[i][1], p);
		double d = v3_len2(v3_sub(q, p));
		if (d < de) {
			edge = q;
			de = d;
		}
	}
	mink_vec3 r = triangle_regions(a, b, c, p);
	double dr = v3_len2(v3_sub(r, p));
	return de < dr - 8.0 * DBL_EPSILON * dr ? edge : r;
}

/* The point of core s nearest x in closed form, in s's own frame: a
 * box's, a cylinder's and a segment's are what mk_keep_within keeps (a
 * clamp, the height and the radius clamped, the nearest of the segment); a
 * triangle's by triangle_nearest (mk_keep_within leaves a point within
 * the rounding of the plane where it is, and the residual is read to less),
 * a cone's the nearest of its meridian triangle, a point's the point: 1
 * with it in *q, else 0. */
static int nearest_closed(const mk_shape *s, mink_vec3 x, mink_vec3 *q)
{
	mink_vec3 l = mk_unplace(s, x), o;
	switch (s->type) {
	case CORE_BOX:
	case CORE_CYLINDER:
	case CORE_SEGMENT:
		return mk_keep_within(s, v3(0, 0, 1), x, q);
	case CORE_POINT:
		o = v3(0, 0, 0);
		break;
	case CORE_ELLIPSOID:
		/* (the root search of its foot, mk_ellipsoid_nearest: the
		 * generic search from a point failed on one with radii 1e6
		 * apart) */
		*q = mk_ellipsoid_nearest(s, x);
		return v3_isfinite(*q);
	case CORE_TRIANGLE:
		o = triangle_nearest(s->corner[0], s->corner[1], s->corner[2], l);
		break;
	case CORE_CONE: {
		double rho = hypot(l.x, l.y), h = s->half_height;
		mink_vec3 m = triangle_nearest(v3(0, -h, 0), v3(s->radius, -h, 0), v3(0, h, 0),
		                               v3(rho, l.z, 0));
		double f = rho > 0.0 ? m.x / rho : 0.0;
		o = v3(l.x * f, l.y * f, m.y);
		break;
	}
	default:
		return 0;
	}
	*q = mk_place(s, o);
	return 1;
}

/* The point of core s nearest x: in closed form, else by the search from
 * p, a point of s (nearest_on); 0 where neither finds it. */
static int nearest_point(const mk_shape *s, mink_vec3 p, mink_vec3 x, mink_vec3 *q)
{
	return nearest_closed(s, x, q) || nearest_on(s, p, x, q);
}

/* The outward normal (S's own frame) of S's flat face that looks most
 * along local direction d: a box's face, a cylinder's cap, a cone's base,
 * a triangle's side; 0 where S has none that way. */
static int face_normal(const mk_shape *S, mink_vec3 d, mink_vec3 *m)
{
	switch (S->type) {
	case CORE_BOX: {
		double ax = fabs(d.x), ay = fabs(d.y), az = fabs(d.z);
		if (ax >= ay && ax >= az)
			*m = v3(d.x < 0.0 ? -1.0 : 1.0, 0, 0);
		else if (ay >= az)
			*m = v3(0, d.y < 0.0 ? -1.0 : 1.0, 0);
		else
			*m = v3(0, 0, d.z < 0.0 ? -1.0 : 1.0);
		return 1;
	}
	case CORE_CYLINDER:
		*m = v3(0, 0, d.z < 0.0 ? -1.0 : 1.0);
		return 1;
	case CORE_CONE:
		*m = v3(0, 0, -1);
		return d.z < 0.0;
	case CORE_TRIANGLE: {
		mink_vec3 c = v3_cross(v3_sub(S->corner[1], S->corner[0]),
		                       v3_sub(S->corner[2], S->corner[0]));
		double l = v3_len_safe(c);
		if (!(l > 0.0))
			return 0;
		*m = v3_scale(c, (v3_dot(c, d) < 0.0 ? -1.0 : 1.0) / l);
		return 1;
	}
	default:
		return 0;
	}
}

int mk_face_pair(const mk_shape *S, const mk_shape *O, mink_vec3 d, mink_vec3 *ps,
                 mink_vec3 *po)
{
	mink_vec3 m;
	if (!face_normal(S, mk_local_dir(S, d), &m))
		return 0;
	mink_vec3 f = S->identity ? m : m3_mul(&S->rot, m);
	*po = mk_support(O, v3_neg(f));
	return nearest_closed(S, *po, ps);
}

/* B's point nearest A's point nearest b: one round of alternating
 * projections; 0 where a nearest point has no closed form. */
static int round_trip(const mk_shape *A, const mk_shape *B, mink_vec3 b, mink_vec3 *a1,
                      mink_vec3 *b1)
{
	return nearest_closed(A, b, a1) && nearest_closed(B, *a1, b1);
}

/* How much a round shrinks a step of B's point by `probe` along t from
 * b, a fixed point: the second round's over the first's (the first
 * takes the point back onto B), or the first's over the probe where
 * that is already down to the rounding. */
static double round_rate(const mk_shape *A, const mk_shape *B, mink_vec3 b, mink_vec3 t,
                         double probe, double still)
{
	mink_vec3 a1, q1, q2;
	if (!round_trip(A, B, v3_mad(b, t, probe), &a1, &q1))
		return INFINITY;
	double e1 = v3_len_safe(v3_sub(q1, b));
	if (e1 <= 8.0 * still)
		return e1 / probe;
	if (!round_trip(A, B, q1, &a1, &q2))
		return INFINITY;
	return v3_len_safe(v3_sub(q2, b)) / e1;
}

int mk_alternate_pair(const mk_shape *A, const mk_shape *B, mink_vec3 n, mink_vec3 *pa,
                      mink_vec3 *pb, int rounds, double still)
{
	mink_vec3 a = *pa, b = *pb, a1, b1;
	int k = 0;
	for (; k < rounds; k++) {
		if (!round_trip(A, B, b, &a1, &b1))
			return 0;
		double step = fmax(v3_len_safe(v3_sub(a1, a)), v3_len_safe(v3_sub(b1, b)));
		a = a1;
		b = b1;
		if (step <= still)
			break;
	}
	if (k == rounds)
		return 0;
	/* A fixed point to the rounding is the limit only where a round
	 * shrinks what is left at least twice in every direction across
	 * the normal: where the sets slide along each other or nearly touch
	 * across it the rounds creep, and stop short of the limit with a
	 * step below the rounding (3e-4 short, along a line tangent to a
	 * rim seen along the normal, 3e5 away). */
	mink_vec3 t1, t2;
	mink_tangents(n, &t1, &t2);
	double probe = 1e4 * still;
	if (!(round_rate(A, B, b, t1, probe, still) <= 0.5 &&
	      round_rate(A, B, b, t2, probe, still) <= 0.5))
		return 0;
	*pa = a;
	*pb = b;
	return 1;
}

double mk_core_offset(const mk_shape *s, mink_vec3 x)
{
	mink_vec3 q;
	if (s->type == CORE_ELLIPSOID) {
		/* (a radius of 0, a flat ellipsoid: its points have that
		 * coordinate 0) */
		mink_vec3 l = mk_unplace(s, x);
		double lv[3] = {l.x, l.y, l.z}, rv[3] = {s->radii.x, s->radii.y, s->radii.z}, e = 0.0;
		for (int i = 0; i < 3; i++)
			e += rv[i] > 0.0 ? (lv[i] / rv[i]) * (lv[i] / rv[i]) : (lv[i] != 0.0 ? INFINITY : 0.0);
		if (e <= 1.0)
			return 0.0;
		q = mk_ellipsoid_nearest(s, x);
		/* (NaN, not 0, is the failure: a point just outside by
		 * rounding may be its own nearest point, and was taken for
		 * infinitely far) */
		double d2 = v3_len2(v3_sub(q, x));
		return d2 > 0.0 ? v3_len_safe(v3_sub(q, x)) : d2 == 0.0 ? 0.0 : INFINITY;
	}
	if (!nearest_point(s, s->pos, x, &q))
		return INFINITY;
	double d = v3_len_safe(v3_sub(q, x));
	return d == d ? d : INFINITY;
}

/*
 * The distance of l from the boundary of the hull of p[n], by brute force:
 * the least over the triangles of three of them (the hull's faces are
 * among them, and every one lies within the hull).  A point inside counts
 * by its depth: the answers' points lie on the boundary, and telling
 * inside from outside by the nearest point's direction fails where that
 * is the rounding's (2.5e-8 beside a triangle 1 across and 8 from the
 * origin, it was read inside).
 */
static double points_offset(const mink_vec3 *p, int n, mink_vec3 l)
{
	mink_vec3 q = p[0];
	double best = v3_len2(v3_sub(p[0], l));
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			mink_vec3 e = v3_segment_closest(p[i], p[j], l);
			double d = v3_len2(v3_sub(e, l));
			if (d < best) {
				best = d;
				q = e;
			}
			for (int k = j + 1; k < n; k++) {
				mink_vec3 t = triangle_nearest(p[i], p[j], p[k], l);
				double dt = v3_len2(v3_sub(t, l));
				if (dt < best) {
					best = dt;
					q = t;
				}
			}
		}
	double d = v3_len_safe(v3_sub(l, q));
	return d == d ? d : INFINITY;
}

static int few_points(const mk_shape *s)
{
	return s->type == CORE_POINTS3 && s->count >= 1 && s->count <= MK_EXACT_SET;
}

/* A larger set's distance from x, by GJK from the point to the set, to a
 * tolerance of 1e-14 of their reach: 0 where x lies within or on it (the
 * search of mk_core_offset is for far pairs, and misses near ones). */
static double gjk_offset(const mk_shape *s, mink_vec3 x)
{
	mk_shape pt = point_core(x);
	double reach = s->bound + v3_len_safe(v3_sub(x, s->pos));
	mk_tol tol;
	memset(&tol, 0, sizeof tol);
	tol.rel = 1e-12;
	tol.abs = tol.core_abs = 1e-14 * reach;
	tol.eps = 8.0 * DBL_EPSILON * reach;
	tol.size = reach;
	tol.max_gjk = 128;
	mk_gjk_out g;
	mk_gjk(s, &pt, &tol, &g);
	return g.contained ? 0.0 : g.dist;
}

double mk_exact_offset(const mk_shape *s, mink_vec3 x)
{
	if (few_points(s))
		return points_offset(s->points3, s->count, mk_unplace(s, x));
	if (s->type == CORE_POINTS3 || s->type == CORE_CLIMB3)
		return gjk_offset(s, x);
	return mk_core_offset(s, x);
}

double mk_offset_within(const mk_shape *s, mink_vec3 x, mink_vec3 d, double enough)
{
	if (s->type == CORE_POINTS2)
		return 0.0;
	if (!few_points(s))
		return mk_exact_offset(s, x);
	const mink_vec3 *p = s->points3;
	int n = s->count, m = 0;
	mink_vec3 u = mk_local_dir(s, d), t[MK_EXACT_SET];
	double top = -INFINITY, reach = 0.0;
	for (int i = 0; i < n; i++) {
		top = fmax(top, v3_dot(p[i], u));
		reach = fmax(reach, v3_maxabs(p[i]));
	}
	for (int i = 0; i < n; i++)
		if (v3_dot(p[i], u) >= top - 1e-6 * reach)
			t[m++] = p[i];
	mink_vec3 l = mk_unplace(s, x);
	double b = m > 0 ? points_offset(t, m, l) : INFINITY;
	return b <= enough ? b : points_offset(p, n, l);
}

double mk_point_off(const mk_shape *s, mink_vec3 x)
{
	double d = mk_core_offset(s, x);
	return d < INFINITY || s->smooth ? d : 0.0;
}

/* One round of alternating projections: B's point nearest a, then A's
 * nearest that; 0 where a nearest point is not found. */
static int project_round(const mk_shape *A, const mk_shape *B, mink_vec3 a, mink_vec3 b,
                         mink_vec3 *qa, mink_vec3 *qb)
{
	return nearest_point(B, b, a, qb) && nearest_point(A, a, *qb, qa) && v3_isfinite(*qa) &&
	       v3_isfinite(*qb);
}

int mk_project_pair(const mk_shape *A, const mk_shape *B, double still, mink_vec3 *pa,
                    mink_vec3 *pb)
{
	mink_vec3 a, a1, b1, a2, b2;
	if (!nearest_point(A, *pa, *pa, &a))
		return 0;
	if (!project_round(A, B, a, *pb, &a1, &b1))
		return 0;
	for (int k = 0; k < 32; k++) {
		mink_vec3 d1 = v3_sub(a1, a);
		if (!(v3_len_safe(d1) > still))
			break;
		if (!project_round(A, B, a1, b1, &a2, &b2))
			return 0;
		mink_vec3 d2 = v3_sub(a2, a1);
		/* Rounds that move the point along one line by a steady ratio
		 * r (a flat feature against a curved one, where the map
		 * contracts by the square of the cosine of their angle: 0.5 a
		 * round over a needle-thin ellipsoid) are summed as the
		 * geometric series they make, a2 + d2 r / (1 - r), and the
		 * sum projected again; kept where the pair comes out no
		 * longer (alternating projections never lengthen it). */
		double dd = v3_dot(d1, d1), r = v3_dot(d2, d1) / dd;
		a = a1;
		a1 = a2;
		b1 = b2;
		if (r > 0.0 && r < 0.95 &&
		    v3_len2(v3_sub(d2, v3_scale(d1, r))) <= 1e-4 * v3_len2(d2)) {
			mink_vec3 x = v3_mad(a2, d2, r / (1.0 - r)), xa, xb;
			if (project_round(A, B, x, b2, &xa, &xb) &&
			    v3_len_safe(v3_sub(xb, xa)) <= v3_len_safe(v3_sub(b2, a2))) {
				a = a2;
				a1 = xa;
				b1 = xb;
			}
		}
	}
	*pa = a1;
	*pb = b1;
	return 1;
}

double mk_pair_residual(const mk_shape *A, const mk_shape *B, mink_vec3 pa, mink_vec3 pb)
{
	mink_vec3 qa, qb;
	if (!nearest_point(A, pa, pb, &qa) || !nearest_point(B, pb, pa, &qb))
		return NAN;
	return fmax(v3_len_safe(v3_sub(qa, pa)), v3_len_safe(v3_sub(qb, pb)));
}
