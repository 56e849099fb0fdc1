/*
 * epa2.c - the Expanding Polytope Algorithm in the plane.
 *
 * The polygon variant (as popularised by winter.dev's 2D EPA), made exact:
 * no slop is added to the depth, termination uses the same gap test as the
 * 3D version, a GJK simplex of 1 or 2 points is blown up (or proves the
 * shapes only touch), and the polygon lives in a fixed-capacity buffer.
 */
#include <math.h>
#include <string.h>

#include "epa.h"

#define EPA2_MAX_VERTS 512

typedef struct poly2 {
	mk_vertex v[EPA2_MAX_VERTS]; /* counter-clockwise */
	int n;
} poly2;

/* Outward normal and distance of edge (v[i], v[i+1]); 0 if it has none. */
static int edge_plane(const poly2 *P, int i, mink_vec3 *nrm, double *d)
{
	mink_vec3 a = P->v[i].w, b = P->v[(i + 1) % P->n].w;
	mink_vec3 e = v3_sub(b, a);
	double l = hypot(e.x, e.y);
	if (!(l > 0.0) || !isfinite(l))
		return 0;
	*nrm = v3(e.y / l, -e.x / l, 0.0);
	*d = 0.5 * (v3_dot(*nrm, a) + v3_dot(*nrm, b));
	return 1;
}


/* Where the projection p falls along edge (v[i], v[i+1]): 0 and 1 at its ends. */
static double edge_param(const poly2 *P, int i, mink_vec3 p)
{
	mink_vec3 a = P->v[i].w, b = P->v[(i + 1) % P->n].w;
	mink_vec3 ab = v3_sub(b, a);
	double l2 = v3_dot(ab, ab);
	return l2 > 0.0 ? v3_dot(v3_sub(p, a), ab) / l2 : 0.0;
}

static double cross2(mink_vec3 a, mink_vec3 b)
{
	return a.x * b.y - a.y * b.x;
}

static int same(mink_vec3 a, mink_vec3 b)
{
	return a.x == b.x && a.y == b.y;
}

/*
 * Drops a collinear triangle to its edge nearest the origin and blows the
 * simplex up to a triangle with the origin on it, by probes orthogonal to
 * what is left; 1 when a probe showed the shapes only touch (the exact
 * answer, in *out).
 */
static int blow_up(const mk_shape *A, const mk_shape *B, mk_simplex *s, const mk_tol *tol,
                   mk_pen *out)
{
	const double flat = tol->abs;
	mk_vertex w;

	if (s->n >= 3) {
		mink_vec3 ab = v3_sub(s->v[1].w, s->v[0].w), ac = v3_sub(s->v[2].w, s->v[0].w);
		if (!(fabs(cross2(ab, ac)) > 1e-12 * hypot(ab.x, ab.y) * hypot(ac.x, ac.y))) {
			/* collinear: keep the edge nearest the origin */
			static const int seg[3][3] = {{0, 1, 0}, {1, 2, 0}, {0, 2, 0}};
			mk_best_subsimplex(s, seg, 3, 2);
		}
	}
	mk_collapse_segment(s, tol->eps);
	if (s->n == 1) {
		static const mink_vec3 axes[4] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}};
		if (mk_blow_up_point(A, B, s, axes, 4, tol, out))
			return 1;
	}
	if (s->n == 2) {
		mink_vec3 u = v3_normalize_or(v3_sub(s->v[1].w, s->v[0].w), v3(1, 0, 0));
		mink_vec3 d = v3(-u.y, u.x, 0.0);
		if (mk_probe(A, B, s, d, flat, &w, out))
			return 1;
		mk_vertex wm;
		if (mk_probe(A, B, s, v3_neg(d), flat, &wm, out))
			return 1;
		/* Triangle with the origin on its edge (v0, v1); the first step
		 * expands that edge towards wm. */
		s->v[2] = w;
		s->n = 3;
	}
	return 0;
}

/* The closest edge when the expansion stopped: its index, outward normal
 * and distance from the origin, and the support distance along it. */
typedef struct edge_cand {
	int e;
	mink_vec3 n;
	double d, h;
} edge_cand;

/*
 * Expands the polygon at its closest edge until the support distance along
 * that edge's normal meets it (or a cap is reached: flagged in *out).
 * Returns 0 when no edge has a normal.
 */
static int expand(const mk_shape *A, const mk_shape *B, const mk_tol *tol, poly2 *P,
                  edge_cand *c, mk_pen *out)
{
	int best;
	mink_vec3 bn = v3(1, 0, 0);
	double bd, h;
	mk_vertex w;
	for (;;) {
		best = -1;
		bd = INFINITY;
		for (int i = 0; i < P->n; i++) {
			mink_vec3 nrm;
			double d;
			if (edge_plane(P, i, &nrm, &d) && d < bd) {
				bd = d;
				bn = nrm;
				best = i;
			}
		}
		if (best < 0)
			return 0;
		w = mk_support_cso(A, B, bn);
		h = v3_dot(w.w, bn);
		if (h - bd <= tol->rel * fabs(bd) + tol->abs)
			break;
		/* A support point already at the edge's end: nothing to refine. */
		if (same(w.w, P->v[best].w) || same(w.w, P->v[(best + 1) % P->n].w))
			break;
		if (out->iterations >= tol->max_epa) {
			out->warning = MINK_WARN_EPA_ITERATIONS;
			break;
		}
		if (P->n >= EPA2_MAX_VERTS) {
			out->warning = MINK_WARN_EPA_CAPACITY;
			break;
		}
		memmove(&P->v[best + 2], &P->v[best + 1],
		        (size_t)(P->n - best - 1) * sizeof P->v[0]);
		P->v[best + 1] = w;
		P->n++;
		out->iterations++;
	}
	c->e = best;
	c->n = bn;
	c->d = bd;
	c->h = h;
	return 1;
}

/*
 * The contact of the closest edge: the origin's projection on the best
 * edge; a straight edge of the obstacle is often split into collinear
 * pieces (a vertex of one shape against an edge of the other), and the
 * piece that contains the projection gives points on both shapes.
 */
static void edge_contact(const poly2 *P, const edge_cand *c, const mk_tol *tol, mk_pen *out)
{
	int best = c->e;
	mink_vec3 bn = c->n;
	double bd = c->d, h = c->h;
	mink_vec3 p = v3_scale(bn, bd);
	double slack = mk_slack(tol, bd);
	int e = best;
	double t = edge_param(P, best, p), viol = fmax(-t, t - 1.0);
	for (int i = 0; i < P->n && viol > 0.0; i++) {
		mink_vec3 nrm;
		double d;
		if (i == best || !edge_plane(P, i, &nrm, &d) || v3_dot(nrm, bn) < 1.0 - 1e-12 ||
		    fabs(d - bd) > slack)
			continue;
		double ti = edge_param(P, i, p), vi = fmax(-ti, ti - 1.0);
		if (vi < viol) {
			viol = vi;
			t = ti;
			e = i;
		}
	}
	const mk_vertex *a = &P->v[e], *b = &P->v[(e + 1) % P->n];
	t = fmin(fmax(t, 0.0), 1.0);
	out->pa = v3_add(v3_scale(a->a, 1.0 - t), v3_scale(b->a, t));
	out->pb = v3_add(v3_scale(a->b, 1.0 - t), v3_scale(b->b, t));
	/* The support distance along the normal, as in 3D (see epa3.c). */
	double depth = h > 0.0 ? h : 0.0;
	mk_share_difference(&out->pa, &out->pb, v3_scale(bn, depth));
	out->depth = depth;
	out->lower = bd;
	out->normal = bn;
}

void mk_epa2(const mk_shape *A, const mk_shape *B, const mk_simplex *s0,
             const mk_tol *tol, mk_pen *out)
{
	poly2 P;
	mk_simplex s = *s0;

	out->iterations = 0;
	out->warning = MINK_WARN_NONE;
	out->lower = -INFINITY;
	if (blow_up(A, B, &s, tol, out))
		return;

	/* The triangle, counter-clockwise. */
	P.n = 3;
	P.v[0] = s.v[0];
	P.v[1] = s.v[1];
	P.v[2] = s.v[2];
	if (cross2(v3_sub(P.v[1].w, P.v[0].w), v3_sub(P.v[2].w, P.v[0].w)) < 0.0) {
		P.v[1] = s.v[2];
		P.v[2] = s.v[1];
	}

	edge_cand c;
	if (!expand(A, B, tol, &P, &c, out)) {
		mk_touch_contact(&s, v3(1, 0, 0), 0.0, out);
		out->warning = MINK_WARN_DEGENERATE;
		return;
	}
	edge_contact(&P, &c, tol, out);
}
