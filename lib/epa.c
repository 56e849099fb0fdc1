/*
 * epa.c - what the expanding polytopes in 3D and 2D share (see epa.h).
 *
 * GJK hands over its final simplex, which may have fewer points than the
 * polytope needs or lie flat.  Degenerate dimensions are dropped first;
 * then probes orthogonal to what is left find new vertices.  A probe in
 * which A - B ends at the origin proves the shapes only touch and gives the
 * exact answer (flat and coplanar shapes, crossing segments).
 */
#include <math.h>

#include "epa.h"

/* Contact when the obstacle has (almost) no extent beyond the origin in
 * direction n: the shapes touch.  pa, pb from the simplex weights. */
void mk_touch_contact(const mk_simplex *s, mink_vec3 n, double h, mk_pen *out)
{
	mink_vec3 pa, pb;
	mk_simplex_points(s, &pa, &pb);
	/* h < 0: the shapes are apart by -h along n (GJK stalled short of
	 * proving it); the signed value is still exact. */
	out->depth = h;
	out->lower = -INFINITY; /* exact when not flagged; no separate bound */
	out->normal = n;
	out->pa = pa;
	out->pb = v3_mad(pa, n, -out->depth);
}

/*
 * Tries direction d (unit): if the obstacle reaches at most `flat` beyond
 * the origin along d, the shapes touch along d and *out is filled (1).
 * Otherwise the support point is returned in *w (0).
 */
int mk_probe(const mk_shape *A, const mk_shape *B, const mk_simplex *s, mink_vec3 d,
             double flat, mk_vertex *w, mk_pen *out)
{
	*w = mk_support_cso(A, B, d);
	double h = v3_dot(w->w, d);
	if (h <= flat) {
		mk_touch_contact(s, d, h, out);
		return 1;
	}
	return 0;
}

int mk_blow_up_point(const mk_shape *A, const mk_shape *B, mk_simplex *s,
                     const mink_vec3 *axes, int naxes, const mk_tol *tol, mk_pen *out)
{
	mk_vertex w;
	for (int i = 0; i < naxes; i++) {
		if (mk_probe(A, B, s, axes[i], tol->abs, &w, out))
			return 1;
		if (v3_len(v3_sub(w.w, s->v[0].w)) > tol->eps) {
			s->v[1] = w;
			s->bc[1] = 0.0;
			s->n = 2;
			return 0;
		}
	}
	/* A - B has no extent beyond the rounding level.  With a positive
	 * size_tolerance a probe fires first; with size_tolerance 0 a core of
	 * no extent beyond rounding (a box of 1e-20 in a pair of size 1) gets
	 * here: a touching contact, flagged. */
	mk_touch_contact(s, v3(1, 0, 0), 0.0, out);
	out->warning = MINK_WARN_DEGENERATE;
	return 1;
}

/* The sub-simplex (vertices idx[0..k-1]) nearest the origin, with weights. */
void mk_best_subsimplex(mk_simplex *s, const int (*idx)[3], int nsub, int k)
{
	mk_simplex best = *s;
	double bd = INFINITY;
	for (int m = 0; m < nsub; m++) {
		mk_simplex t;
		t.n = k;
		for (int i = 0; i < k; i++)
			t.v[i] = s->v[idx[m][i]];
		double d = v3_len2(mk_simplex_closest(&t));
		if (d < bd) {
			bd = d;
			best = t;
		}
	}
	*s = best;
}

void mk_collapse_segment(mk_simplex *s, double eps)
{
	if (s->n == 2 && !(v3_len(v3_sub(s->v[1].w, s->v[0].w)) > eps)) {
		s->n = 1;
		s->bc[0] = 1.0;
	}
}
