/*
 * gjk.c - the Gilbert-Johnson-Keerthi distance algorithm.
 *
 * Distance form with the termination tests of van den Bergen (2003,
 * "Collision Detection in Interactive 3D Environments", 4.3): stop when the
 * gap |v|^2 - v.w between the upper and lower bounds is within tolerance,
 * when a support point repeats, or when |v| fails to decrease strictly (a
 * NaN fails that test too), with a hard iteration cap on top.  The closest
 * point of each simplex uses the Voronoi-region tests of Ericson ("Real-Time
 * Collision Detection", 5.1.2, 5.1.5, 5.1.6), with explicit fallbacks for
 * degenerate (collinear, coplanar) simplices.
 */
#include <float.h>
#include <math.h>

#include "internal.h"

static mink_vec3 keep1(mk_simplex *s, int i)
{
	s->v[0] = s->v[i];
	s->bc[0] = 1.0;
	s->n = 1;
	return s->v[0].w;
}

/* Closest point on segment (v[i], v[j]); leaves a 1- or 2-simplex in s. */
static mink_vec3 closest_segment_ij(mk_simplex *s, int i, int j)
{
	mink_vec3 a = s->v[i].w, b = s->v[j].w;
	mink_vec3 ab = v3_sub(b, a);
	double t = -v3_dot(a, ab);
	double den = v3_dot(ab, ab);
	if (t <= 0.0 || !(den > 0.0))
		return keep1(s, i);
	if (t >= den)
		return keep1(s, j);
	double u = t / den;
	mk_vertex vi = s->v[i], vj = s->v[j];
	s->v[0] = vi;
	s->v[1] = vj;
	s->bc[0] = 1.0 - u;
	s->bc[1] = u;
	s->n = 2;
	/* v = ab x (a x b) / |ab|^2: the triple product keeps the direction of
	 * a tiny v exact where a + u * ab would round it away (a long segment
	 * passing close to the origin, as nearly parallel faces make). */
	mink_vec3 v = v3_scale(v3_cross(ab, v3_cross(a, b)), 1.0 / den);
	if (!v3_isfinite(v))
		v = v3_add(v3_scale(a, 1.0 - u), v3_scale(b, u));
	return v;
}

static mink_vec3 closest_triangle_ijk(mk_simplex *s, int i, int j, int k);

/* Fallback for a degenerate triangle: the best of its three edges. */
static mink_vec3 closest_triangle_edges(mk_simplex *s, int i, int j, int k)
{
	const int e[3][2] = {{i, j}, {j, k}, {i, k}};
	mk_simplex best = *s;
	mink_vec3 bv = v3(0, 0, 0);
	double bd = INFINITY;
	for (int m = 0; m < 3; m++) {
		mk_simplex t = *s;
		mink_vec3 v = closest_segment_ij(&t, e[m][0], e[m][1]);
		double d = v3_len2(v);
		if (d < bd) {
			bd = d;
			bv = v;
			best = t;
		}
	}
	*s = best;
	return bv;
}

static double l1(mink_vec3 a)
{
	return fabs(a.x) + fabs(a.y) + fabs(a.z);
}

/*
 * Ericson, RTCD 5.1.5, with the query point at the origin.  An edge's
 * region test is a difference of products, va, vb or vc, whose rounding
 * grows with the corners: for a sliver 2e6 long passing 1e-3 from the
 * origin the terms are 1e24 and the answer 3e6, and the test took the
 * long edge while the origin faced the middle.  Where a test's sign is
 * within its rounding (16 eps times the bound of its terms by the L1
 * norms), the edge is not taken on its word: the projection's signed
 * areas below decide, outside the best of the edges, inside the nearer
 * of that and the interior's point.
 */
static mink_vec3 closest_triangle_ijk(mk_simplex *s, int i, int j, int k)
{
	mink_vec3 a = s->v[i].w, b = s->v[j].w, c = s->v[k].w;
	mink_vec3 ab = v3_sub(b, a), ac = v3_sub(c, a);
	mk_vertex va_ = s->v[i], vb_ = s->v[j], vc_ = s->v[k];

	double d1 = -v3_dot(ab, a), d2 = -v3_dot(ac, a);
	if (d1 <= 0.0 && d2 <= 0.0)
		return keep1(s, i);
	double d3 = -v3_dot(ab, b), d4 = -v3_dot(ac, b);
	if (d3 >= 0.0 && d4 <= d3)
		return keep1(s, j);
	double vc = d1 * d4 - d3 * d2;
	double lab = l1(ab) * l1(ac) * 16.0 * DBL_EPSILON;
	int unsure = 0;
	/* (a == b passes every other test of edge ab, vc = d1 = d3 = 0, while
	 * the answer lies on edge ac) */
	if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {
		if (vc < -lab * l1(a) * l1(b))
			return closest_segment_ij(s, i, j);
		unsure = 1;
	}
	double d5 = -v3_dot(ab, c), d6 = -v3_dot(ac, c);
	if (d6 >= 0.0 && d5 <= d6)
		return keep1(s, k);
	double vb = d5 * d2 - d1 * d6;
	if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {
		if (vb < -lab * l1(a) * l1(c))
			return closest_segment_ij(s, i, k);
		unsure = 1;
	}
	double va = d3 * d6 - d5 * d4;
	if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) {
		if (va < -lab * l1(b) * l1(c))
			return closest_segment_ij(s, j, k);
		unsure = 1;
	}

	mink_vec3 n = v3_cross(ab, ac);
	double nn = v3_dot(n, n);
	double sum = va + vb + vc;
	/* Collinear or nearly so: the region tests above are not reliable. */
	if (!(nn > 1e-24 * v3_dot(ab, ab) * v3_dot(ac, ac)) || !(sum > 0.0))
		return closest_triangle_edges(s, i, j, k);
	if (unsure) {
		/* A sliver's normal from its two long edges carries their
		 * rounding times their length (a triangle 2e6 long and 1e-3
		 * wide: its plane 0.02 off at the origin); from the two
		 * shortest, whose cross product is not a cancellation, it does
		 * not. */
		double lmax2;
		mink_vec3 m = v3_cross_shortest(a, b, c, &lmax2);
		if (v3_dot(m, n) < 0.0)
			m = v3_neg(m);
		double mm = v3_dot(m, m);
		if (mm > 0.0 && isfinite(mm)) {
			n = m;
			nn = mm;
		}
	}
	/* The projection onto the plane is more accurate than the weighted sum,
	 * and weights from signed areas about it more accurate than va, vb, vc
	 * (whose products cancel badly on the slivers smooth shapes produce). */
	mink_vec3 p = v3_scale(n, v3_dot(a, n) / nn);
	double la = v3_dot(n, v3_cross(v3_sub(b, p), v3_sub(c, p)));
	double lb = v3_dot(n, v3_cross(v3_sub(c, p), v3_sub(a, p)));
	double lc = v3_dot(n, v3_cross(v3_sub(a, p), v3_sub(b, p)));
	double lsum = la + lb + lc;
	/* The region tests above classify slivers by rounding; the signed areas
	 * about the projection are orientation tests that do not: if they put
	 * the projection outside, the answer lies on an edge. */
	if (!(la >= 0.0 && lb >= 0.0 && lc >= 0.0 && lsum > 0.0))
		return closest_triangle_edges(s, i, j, k);
	if (unsure) {
		/* inside, but by tests of the rounding's size: the nearer of it
		 * and the best edge */
		mk_simplex e = *s;
		mink_vec3 q = closest_triangle_edges(&e, i, j, k);
		if (v3_len2(q) < v3_len2(p)) {
			*s = e;
			return q;
		}
	}
	s->v[0] = va_;
	s->v[1] = vb_;
	s->v[2] = vc_;
	s->bc[0] = la / lsum;
	s->bc[1] = lb / lsum;
	s->bc[2] = lc / lsum;
	s->n = 3;
	return p;
}

/* Ericson, RTCD 5.1.6: the origin against each face of the tetrahedron. */
static mink_vec3 closest_tetra(mk_simplex *s)
{
	mink_vec3 a = s->v[0].w, b = s->v[1].w, c = s->v[2].w, d = s->v[3].w;
	double vol = v3_vol6(a, b, c, d);
	double scale = v3_len(v3_sub(b, a)) * v3_len(v3_sub(c, a)) * v3_len(v3_sub(d, a));
	/* Flat only at the rounding level: a thin tetrahedron still decides
	 * the side of the origin reliably, and smooth shapes produce thin ones
	 * when they barely overlap. */
	int flat = !(fabs(vol) > 16.0 * DBL_EPSILON * scale);
	/* face (i, j, k) and the opposite vertex o */
	static const int f[4][4] = {{0, 1, 2, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {1, 3, 2, 0}};
	int outside[4];
	int any = 0;
	for (int m = 0; m < 4; m++) {
		mink_vec3 p = s->v[f[m][0]].w, q = s->v[f[m][1]].w, r = s->v[f[m][2]].w;
		mink_vec3 o = s->v[f[m][3]].w;
		mink_vec3 n = v3_cross(v3_sub(q, p), v3_sub(r, p));
		double so = v3_dot(v3_sub(o, p), n);
		double sp = -v3_dot(p, n);
		outside[m] = flat || sp * so < 0.0;
		any |= outside[m];
	}
	if (!any) {
		double la = v3_vol6(v3(0, 0, 0), b, c, d) / vol;
		double lb = v3_vol6(a, v3(0, 0, 0), c, d) / vol;
		double lc = v3_vol6(a, b, v3(0, 0, 0), d) / vol;
		s->bc[0] = la;
		s->bc[1] = lb;
		s->bc[2] = lc;
		s->bc[3] = 1.0 - la - lb - lc;
		return v3(0, 0, 0);
	}
	mk_simplex best = *s;
	mink_vec3 bv = v3(0, 0, 0);
	double bd = INFINITY;
	for (int m = 0; m < 4; m++) {
		if (!outside[m])
			continue;
		mk_simplex t = *s;
		mink_vec3 v = closest_triangle_ijk(&t, f[m][0], f[m][1], f[m][2]);
		double dd = v3_len2(v);
		if (dd < bd) {
			bd = dd;
			bv = v;
			best = t;
		}
	}
	*s = best;
	return bv;
}

mink_vec3 mk_simplex_closest(mk_simplex *s)
{
	switch (s->n) {
	case 1:
		s->bc[0] = 1.0;
		return s->v[0].w;
	case 2:
		return closest_segment_ij(s, 0, 1);
	case 3:
		return closest_triangle_ijk(s, 0, 1, 2);
	default:
		return closest_tetra(s);
	}
}

/*
 * Near contact the direction of a tiny v carries the rounding of the
 * corners it was computed from (about eps |corner| / |v| radians), and so
 * does the lower bound measured along it.  The plane of the simplex (or of
 * a segment simplex and the latest support point), when the obstacle lies
 * on one side of it, has a direction computed from differences of corners
 * alone, without that cancellation: its lower bound, measured by one more
 * support query, is recorded when it is better.
 */
static void polish_plane(const mk_shape *A, const mk_shape *B, mink_vec3 p, mink_vec3 q,
                         mink_vec3 r, mk_gjk_out *out)
{
	mink_vec3 n = v3_cross(v3_sub(q, p), v3_sub(r, p));
	double l = v3_len(n);
	if (!(l > 0.0) || !isfinite(l))
		return;
	n = v3_scale(n, 1.0 / l);
	if (v3_dot(n, p) < 0.0)
		n = v3_neg(n);
	mk_vertex m = mk_support_cso(A, B, v3_neg(n));
	double lower = v3_dot(n, m.w);
	if (lower > out->lower) {
		out->lower = lower;
		out->lower_dir = n;
	}
}

static void polish_direction(const mk_shape *A, const mk_shape *B, const mk_simplex *s,
                             const mk_vertex *w, mk_gjk_out *out)
{
	if (s->n == 3) {
		polish_plane(A, B, s->v[0].w, s->v[1].w, s->v[2].w, out);
		return;
	}
	if (s->n != 2)
		return;
	/* A segment: the plane through it and the latest support point, and
	 * through it and the supports along v tilted either way about it (the
	 * corners of the face the segment lies on, when w repeated one of its
	 * ends). */
	mink_vec3 a = s->v[0].w, b = s->v[1].w;
	polish_plane(A, B, a, b, w->w, out);
	mink_vec3 v = mk_simplex_closest(&(mk_simplex){.v = {s->v[0], s->v[1]}, .n = 2});
	mink_vec3 u = v3_normalize_or(v3_sub(b, a), v3(0, 0, 0));
	mink_vec3 vn = v3_normalize_or(v, v3(0, 0, 0));
	mink_vec3 t = v3_cross(u, vn);
	for (int k = -1; k <= 1; k += 2) {
		mink_vec3 d = v3_mad(vn, t, 1e-6 * k);
		mk_vertex x = mk_support_cso(A, B, v3_neg(d));
		polish_plane(A, B, a, b, x.w, out);
	}
}

/* How far GJK's bounds on the core distance dist may be apart for it to
 * stop: the tolerance relative to the distance to be reported, the core
 * distance less the margins (a capsule 1e-11 into a box is not apart),
 * or to the core distance where that is less (a box 4.3 from the centre
 * of a ball of radius 1e6, 1e6 deep: 1e-10 of the depth stopped GJK at
 * 1e-4, the normal 8e-4 off, the ball's contact 800 off), and the size's
 * share. */
static double gjk_slack(const mk_tol *tol, double dist)
{
	return tol->rel * fmin(fabs(dist - tol->margins), fabs(dist)) + tol->core_abs;
}

/* Fresh starts allowed when the simplex stops making progress. */
#define GJK_MAX_RESTARTS 4
/* Steps allowed where |v| stood still but the simplex grew. */
#define GJK_MAX_LEVEL 8

/*
 * A stuck simplex next to a face of A - B whose corners tie along v to
 * the rounding level (a box's face turned a hair under a segment): the
 * supports along v give the same corners again and never the rest of the
 * face.  The supports along v tilted four ways by 1e-6 radian reach the
 * face's corners around v; the triangle of three of them (with the
 * support along v) nearest the origin, when nearer than v, is a simplex
 * to go on from.  Returns 1 and sets *s, *v, *d2 when one is.
 */
static int probe_face(const mk_shape *A, const mk_shape *B, const mk_vertex *w, mink_vec3 v,
                      double dist2, mk_simplex *s, mink_vec3 *vout, double *d2out)
{
	mink_vec3 vn = v3_normalize_or(v, v3(0, 0, 0));
	if (!(v3_len2(vn) > 0.0))
		return 0;
	mink_vec3 t1 = v3_any_orthogonal(vn), t2 = v3_cross(vn, t1);
	mk_vertex x[5];
	x[0] = *w;
	x[1] = mk_support_cso(A, B, v3_neg(v3_mad(vn, t1, 1e-6)));
	x[2] = mk_support_cso(A, B, v3_neg(v3_mad(vn, t2, 1e-6)));
	x[3] = mk_support_cso(A, B, v3_neg(v3_mad(vn, t1, -1e-6)));
	x[4] = mk_support_cso(A, B, v3_neg(v3_mad(vn, t2, -1e-6)));
	int found = 0;
	double best = dist2;
	for (int i = 0; i < 5; i++)
		for (int j = i + 1; j < 5; j++)
			for (int k = j + 1; k < 5; k++) {
				mk_simplex t = {.v = {x[i], x[j], x[k]}, .n = 3};
				mink_vec3 c = mk_simplex_closest(&t);
				double c2 = v3_len2(c);
				if (c2 < best) {
					best = c2;
					*s = t;
					*vout = c;
					found = 1;
				}
			}
	*d2out = best;
	return found;
}

/* The closest simplex met before a fresh start, kept in case the searches
 * after it end farther away. */
typedef struct gjk_best {
	mk_simplex s;
	mink_vec3 v;
	double d2;    /* |v|^2 */
	double lower; /* the lower bound measured along v */
} gjk_best;

/*
 * Out of fresh starts: within the rounding of the corners (a few ulps of
 * them, and the gap with them), v is the answer.  The plane of the simplex
 * may still confirm |v|.
 */
static void stall(const mk_shape *A, const mk_shape *B, const mk_simplex *s,
                  const mk_vertex *w, double gap, double dist, const mk_tol *tol,
                  mk_gjk_out *out)
{
	double m2 = v3_len2(w->w);
	for (int i = 0; i < s->n; i++)
		m2 = fmax(m2, v3_len2(s->v[i].w));
	out->converged = gap <= 16.0 * DBL_EPSILON * m2;
	out->noisy = 1;
	polish_direction(A, B, s, w, out);
	if (out->lower >= dist - gjk_slack(tol, dist))
		out->converged = 1;
}

void mk_gjk(const mk_shape *A, const mk_shape *B, const mk_tol *tol, mk_gjk_out *out)
{
	/* Start towards B: A's support towards B minus B's towards A is a
	 * good first guess of the closest point of A - B. */
	mink_vec3 d0 = B->pos;
	if (!(v3_len2(d0) > 0.0))
		d0 = v3(1, 0, 0);
	mk_simplex s;
	s.n = 1;
	s.v[0] = mk_support_cso(A, B, d0);
	s.bc[0] = 1.0;
	mink_vec3 v = s.v[0].w;
	double dist2 = v3_len2(v);
	double eps2 = tol->eps * tol->eps;
	int it = 0, restarts = 0, level = 0;
	gjk_best best = {s, v, dist2, -INFINITY};
	double cur_lower = -INFINITY;

	out->contained = 0;
	out->capped = 0;
	out->lower = -INFINITY;
	out->lower_dir = v;
	out->converged = 0;
	out->noisy = 0;
	for (;;) {
		if (dist2 <= eps2) {
			out->contained = 1;
			break;
		}
		if (it >= tol->max_gjk) {
			out->capped = 1;
			break;
		}
		it++;
		mk_vertex w = mk_support_cso(A, B, v3_neg(v));
		double dist = sqrt(dist2);
		double vw = v3_dot(v, w.w);
		double gap = dist2 - vw;
		/* The plane through w normal to v bounds the distance from below. */
		cur_lower = vw / dist;
		if (cur_lower > out->lower) {
			out->lower = cur_lower;
			out->lower_dir = v;
		}
		if (gap <= dist * gjk_slack(tol, dist)) {
			out->converged = 1;
			break;
		}
		/* In exact arithmetic a positive gap means w is new and the simplex
		 * with it gets strictly closer.  A repeated w or no progress means
		 * rounding got in the way: typically a sliver simplex built from
		 * nearly parallel faces. */
		int stuck = 0;
		for (int i = 0; i < s.n; i++)
			stuck |= v3_same(s.v[i].w, w.w);
		mk_simplex ns = s;
		mink_vec3 nv = v;
		double nd2 = dist2;
		if (!stuck) {
			/* a tetrahedron either contains the origin (dist2 = 0, ended
			 * above) or was reduced to its nearest face */
			MK_ASSERT(ns.n < 4);
			ns.v[ns.n++] = w;
			nv = mk_simplex_closest(&ns);
			nd2 = v3_len2(nv);
			stuck = !(nd2 < dist2); /* a NaN fails too */
			/* A simplex that kept every corner and gained w while |v|
			 * stood still to its rounding has still moved v: a segment
			 * from a corner near the origin to one 1e6 away turns v by
			 * more than it shortens it (1e-18 of |v|^2), and the support
			 * along the turned v is another.  A few such steps are
			 * allowed a query. */
			if (stuck && ns.n > s.n && level < GJK_MAX_LEVEL &&
			    nd2 <= dist2 * (1.0 + 8.0 * DBL_EPSILON) && !v3_same(nv, v)) {
				stuck = 0;
				level++;
			}
			/* Nearer than a support plane already measured: not a
			 * point of A - B but the rounding of a sliver's (a needle
			 * 2e6 long beside a segment: 1.4e-5 nearer) */
			if (!stuck && out->lower > 0.0 &&
			    sqrt(nd2) < out->lower - gjk_slack(tol, out->lower))
				stuck = 1;
		}
		if (stuck) {
			if (dist2 < best.d2) {
				best.s = s;
				best.v = v;
				best.d2 = dist2;
				best.lower = cur_lower;
			}
			if (probe_face(A, B, &w, v, dist2, &ns, &nv, &nd2)) {
				s = ns;
				v = nv;
				dist2 = nd2;
				continue;
			}
			if (restarts < GJK_MAX_RESTARTS && isfinite(v3_len2(w.w))) {
				/* Drop the stale corners and start again from w alone,
				 * keeping the best answer so far. */
				restarts++;
				s.n = 1;
				s.v[0] = w;
				s.bc[0] = 1.0;
				v = w.w;
				dist2 = v3_len2(v);
				continue;
			}
			stall(A, B, &s, &w, gap, dist, tol, out);
			break;
		}
		s = ns;
		v = nv;
		dist2 = nd2;
	}
	out->lower_v = cur_lower;
	if (!out->contained && best.d2 < dist2) {
		s = best.s;
		v = best.v;
		dist2 = best.d2;
		out->lower_v = best.lower;
		/* a stalled simplex: only good to the rounding level */
		out->converged = 1;
		out->noisy = 1;
		mk_vertex w = mk_support_cso(A, B, v3_neg(v));
		polish_direction(A, B, &s, &w, out);
	}
	out->s = s;
	out->v = v;
	out->dist = sqrt(dist2);
	out->iterations = it;
}
