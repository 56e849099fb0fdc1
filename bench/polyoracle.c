/*
 * polyoracle.c - Minkowski-facet oracle for large polytopes (see
 * polyoracle.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <libqhull_r/qhull_ra.h>

#include "bmath.h"
#include "oracle.h"
#include "polyoracle.h"

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p) {
		fprintf(stderr, "kernel: out of memory\n");
		exit(2);
	}
	return p;
}

#define PI 3.14159265358979323846

typedef struct edge_rec {
	int lo, hi, face;
} edge_rec;

static int cmp_edge(const void *pa, const void *pb)
{
	const edge_rec *a = pa, *b = pb;
	if (a->lo != b->lo)
		return a->lo < b->lo ? -1 : 1;
	if (a->hi != b->hi)
		return a->hi < b->hi ? -1 : 1;
	return (a->face > b->face) - (a->face < b->face);
}

int poly_build(poly *p, const mink_vec3 *pts, int n)
{
	qhT qh_qh;
	qhT *qh = &qh_qh;
	facetT *facet;
	vertexT *vertex, **vertexp;
	coordT *coords = xmalloc(3 * (size_t)n * sizeof *coords);
	for (int i = 0; i < n; i++) {
		coords[3 * i] = pts[i].x;
		coords[3 * i + 1] = pts[i].y;
		coords[3 * i + 2] = pts[i].z;
	}
	p->v = pts;
	p->nv = n;
	p->nf = p->ne = 0;
	p->tri = p->edge = p->ef = NULL;
	p->fn = NULL;

	qh_zero(qh, stderr);
	char opts[] = "qhull Qt";
	int rc = qh_new_qhull(qh, 3, n, coords, False, opts, NULL, stderr);
	if (rc == 0) {
		int cap = qh->num_facets, nf = 0;
		p->tri = xmalloc(3 * (size_t)cap * sizeof *p->tri);
		p->fn = xmalloc((size_t)cap * sizeof *p->fn);
		mink_vec3 *qn = xmalloc((size_t)cap * sizeof *qn);
		FORALLfacets {
			int k = 0, idx[3];
			FOREACHvertex_(facet->vertices) {
				if (k < 3)
					idx[k] = qh_pointid(qh, vertex->point);
				k++;
			}
			if (k != 3 || nf == cap)
				continue;
			mink_vec3 q = bv(facet->normal[0], facet->normal[1], facet->normal[2]);
			mink_vec3 e1 = bv_sub(pts[idx[1]], pts[idx[0]]);
			mink_vec3 e2 = bv_sub(pts[idx[2]], pts[idx[0]]);
			mink_vec3 c = bv_cross(e1, e2);
			double len = bv_norm(c);
			/* The exact-coordinate normal, unless the triangle is a sliver. */
			mink_vec3 nrm = len > 1e-12 * bv_norm(e1) * bv_norm(e2) ? bv_scale(c, 1 / len) : q;
			if (bv_dot(nrm, q) < 0)
				nrm = bv_scale(nrm, -1);
			for (int j = 0; j < 3; j++)
				p->tri[3 * nf + j] = idx[j];
			p->fn[nf] = nrm;
			qn[nf] = q;
			nf++;
		}
		p->nf = nf;

		/* Edges: each appears in exactly two triangles. */
		edge_rec *er = xmalloc(3 * (size_t)nf * sizeof *er);
		for (int f = 0; f < nf; f++)
			for (int j = 0; j < 3; j++) {
				int u = p->tri[3 * f + j], w = p->tri[3 * f + (j + 1) % 3];
				er[3 * f + j].lo = u < w ? u : w;
				er[3 * f + j].hi = u < w ? w : u;
				er[3 * f + j].face = f;
			}
		qsort(er, 3 * (size_t)nf, sizeof *er, cmp_edge);
		p->edge = xmalloc(3 * (size_t)nf * sizeof *p->edge);
		p->ef = xmalloc(3 * (size_t)nf * sizeof *p->ef);
		int ne = 0;
		for (int i = 0; i + 1 < 3 * nf; i++) {
			if (er[i].lo != er[i + 1].lo || er[i].hi != er[i + 1].hi)
				continue;
			int f0 = er[i].face, f1 = er[i + 1].face;
			i++;
			/* Triangles cut from one merged qhull facet share its
			 * normal: their common edge is not an edge of the hull. */
			if (qn[f0].x == qn[f1].x && qn[f0].y == qn[f1].y && qn[f0].z == qn[f1].z)
				continue;
			p->edge[2 * ne] = er[i].lo;
			p->edge[2 * ne + 1] = er[i].hi;
			p->ef[2 * ne] = f0;
			p->ef[2 * ne + 1] = f1;
			ne++;
		}
		p->ne = ne;
		free(er);
		free(qn);
	}
	qh_freeqhull(qh, !qh_ALL);
	int curlong, totlong;
	qh_memfreeshort(qh, &curlong, &totlong);
	free(coords);
	return rc == 0 && p->nf >= 4 ? 0 : -1;
}

void poly_free(poly *p)
{
	free(p->tri);
	free(p->fn);
	free(p->edge);
	free(p->ef);
	p->tri = p->edge = p->ef = NULL;
	p->fn = NULL;
}

/* Index of the point minimising x.d. */
static int argmin_dot(const mink_vec3 *v, int n, mink_vec3 d, double *val)
{
	int best = 0;
	double m = bv_dot(v[0], d);
	for (int i = 1; i < n; i++) {
		double t = bv_dot(v[i], d);
		if (t < m) {
			m = t;
			best = i;
		}
	}
	*val = m;
	return best;
}

static double max_dot(const mink_vec3 *v, int n, mink_vec3 d)
{
	double m = bv_dot(v[0], d);
	for (int i = 1; i < n; i++) {
		double t = bv_dot(v[i], d);
		if (t > m)
			m = t;
	}
	return m;
}

static double tri_dist(mink_vec3 a, mink_vec3 b, mink_vec3 c)
{
	return bv_norm(oracle_closest_on_triangle(bv(0, 0, 0), a, b, c));
}

typedef struct epair {
	int ea, eb;
} epair;

double poly_signed_distance(const poly *a, const poly *b, mink_vec3 *normal)
{
	double best = INFINITY;
	mink_vec3 best_n = bv(1, 0, 0);
	int *vb = xmalloc((size_t)a->nf * sizeof *vb); /* B's support vertex per face of A */
	int *va = xmalloc((size_t)b->nf * sizeof *va); /* A's support vertex per face of B */

	for (int f = 0; f < a->nf; f++) {
		mink_vec3 n = a->fn[f];
		const int *t = &a->tri[3 * f];
		double ha = fmax(bv_dot(a->v[t[0]], n), fmax(bv_dot(a->v[t[1]], n), bv_dot(a->v[t[2]], n)));
		double lb;
		vb[f] = argmin_dot(b->v, b->nv, n, &lb);
		if (ha - lb < best) {
			best = ha - lb;
			best_n = n;
		}
	}
	for (int g = 0; g < b->nf; g++) {
		mink_vec3 m = b->fn[g];
		const int *t = &b->tri[3 * g];
		double hb = fmax(bv_dot(b->v[t[0]], m), fmax(bv_dot(b->v[t[1]], m), bv_dot(b->v[t[2]], m)));
		double la;
		va[g] = argmin_dot(a->v, a->nv, m, &la);
		if (hb - la < best) {
			best = hb - la;
			best_n = bv_scale(m, -1);
		}
	}

	/* Edge pairs whose Gauss arcs (A's, and B's negated) cross. */
	mink_vec3 *mid_b = xmalloc((size_t)b->ne * sizeof *mid_b);
	double *ang_b = xmalloc((size_t)b->ne * sizeof *ang_b);
	double ang_b_max = 0;
	for (int j = 0; j < b->ne; j++) {
		mink_vec3 c = bv_scale(b->fn[b->ef[2 * j]], -1), d = bv_scale(b->fn[b->ef[2 * j + 1]], -1);
		mid_b[j] = bv_unit(bv_add(c, d));
		ang_b[j] = acos(fmin(1.0, bv_dot(mid_b[j], c)));
		ang_b_max = fmax(ang_b_max, ang_b[j]);
	}
	epair *ep = NULL;
	int nep = 0, cap = 0;
	const double eps = 1e-12;
	for (int i = 0; i < a->ne; i++) {
		mink_vec3 an = a->fn[a->ef[2 * i]], bn = a->fn[a->ef[2 * i + 1]];
		mink_vec3 mid = bv_unit(bv_add(an, bn));
		double ang = acos(fmin(1.0, bv_dot(mid, an)));
		double lim = cos(fmin(PI, ang + ang_b_max + 1e-6));
		mink_vec3 bxa = bv_cross(bn, an);
		for (int j = 0; j < b->ne; j++) {
			if (bv_dot(mid, mid_b[j]) < lim)
				continue;
			mink_vec3 c = bv_scale(b->fn[b->ef[2 * j]], -1), d = bv_scale(b->fn[b->ef[2 * j + 1]], -1);
			mink_vec3 dxc = bv_cross(d, c);
			double cba = bv_dot(c, bxa), dba = bv_dot(d, bxa);
			double adc = bv_dot(an, dxc), bdc = bv_dot(bn, dxc);
			if (!(cba * dba < eps && adc * bdc < eps && cba * bdc > -eps))
				continue;
			if (nep == cap) {
				cap = cap ? 2 * cap : 256;
				ep = realloc(ep, (size_t)cap * sizeof *ep);
				if (!ep)
					abort();
			}
			ep[nep].ea = i;
			ep[nep].eb = j;
			nep++;
		}
	}
	for (int k = 0; k < nep; k++) {
		const int *ea = &a->edge[2 * ep[k].ea], *eb = &b->edge[2 * ep[k].eb];
		mink_vec3 da = bv_sub(a->v[ea[1]], a->v[ea[0]]);
		mink_vec3 db = bv_sub(b->v[eb[1]], b->v[eb[0]]);
		mink_vec3 c = bv_cross(da, db);
		double len = bv_norm(c);
		if (!(len > 1e-14 * bv_norm(da) * bv_norm(db)))
			continue;
		mink_vec3 n = bv_scale(c, 1 / len);
		mink_vec3 an = a->fn[a->ef[2 * ep[k].ea]], bn = a->fn[a->ef[2 * ep[k].ea + 1]];
		if (bv_dot(n, bv_add(an, bn)) < 0)
			n = bv_scale(n, -1);
		double lb;
		argmin_dot(b->v, b->nv, n, &lb);
		double gap = max_dot(a->v, a->nv, n) - lb;
		if (gap < best) {
			best = gap;
			best_n = n;
		}
	}

	double result;
	if (best > 0) {
		result = -best;
		if (normal)
			*normal = best_n;
	} else {
		/* Apart: the nearest facet of A - B to the origin. */
		double dist = INFINITY;
		for (int f = 0; f < a->nf; f++) {
			const int *t = &a->tri[3 * f];
			mink_vec3 y = b->v[vb[f]];
			dist = fmin(dist, tri_dist(bv_sub(a->v[t[0]], y), bv_sub(a->v[t[1]], y),
			                           bv_sub(a->v[t[2]], y)));
		}
		for (int g = 0; g < b->nf; g++) {
			const int *t = &b->tri[3 * g];
			mink_vec3 x = a->v[va[g]];
			dist = fmin(dist, tri_dist(bv_sub(x, b->v[t[0]]), bv_sub(x, b->v[t[1]]),
			                           bv_sub(x, b->v[t[2]])));
		}
		for (int k = 0; k < nep; k++) {
			const int *ea = &a->edge[2 * ep[k].ea], *eb = &b->edge[2 * ep[k].eb];
			mink_vec3 p00 = bv_sub(a->v[ea[0]], b->v[eb[0]]);
			mink_vec3 p10 = bv_sub(a->v[ea[1]], b->v[eb[0]]);
			mink_vec3 p11 = bv_sub(a->v[ea[1]], b->v[eb[1]]);
			mink_vec3 p01 = bv_sub(a->v[ea[0]], b->v[eb[1]]);
			dist = fmin(dist, fmin(tri_dist(p00, p10, p11), tri_dist(p00, p11, p01)));
		}
		result = dist;
	}
	free(ep);
	free(mid_b);
	free(ang_b);
	free(vb);
	free(va);
	return result;
}
