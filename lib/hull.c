/*
 * hull.c - convex hull of a point set (libqhull_r) and the vertex
 * adjacency used for hill-climbing support.
 *
 * The hull's vertices are input points copied bit for bit: qhull only
 * decides which points are vertices, it never moves them.  Degenerate sets
 * (one point, collinear, coplanar) are recognised here before qhull sees
 * them and keep their distinct points, which is all a support function
 * needs.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libqhull_r/qhull_ra.h>

#include "internal.h"

void mink_hull_free(mink_hull *h)
{
	if (!h)
		return;
	free(h->points);
	free(h->adjacency_start);
	free(h->adjacency);
	free(h->faces);
	free(h->dir_seed);
	free(h->walk);
	memset(h, 0, sizeof *h);
}

mink_shape3 mink_hull_shape(const mink_hull *h, double margin)
{
	mink_shape3 s;
	memset(&s, 0, sizeof s);
	s.type = MINK_HULL;
	s.margin = margin;
	s.hull.points = h->points;
	s.hull.count = h->count;
	s.hull.adjacency_start = h->adjacency_start;
	s.hull.adjacency = h->adjacency;
	s.hull.built = h;
	return s;
}

static int cmp_vec3(const void *pa, const void *pb)
{
	const mink_vec3 *a = pa, *b = pb;
	if (a->x != b->x)
		return a->x < b->x ? -1 : 1;
	if (a->y != b->y)
		return a->y < b->y ? -1 : 1;
	if (a->z != b->z)
		return a->z < b->z ? -1 : 1;
	return 0;
}

static int cmp_int(const void *pa, const void *pb)
{
	int a = *(const int *)pa, b = *(const int *)pb;
	return (a > b) - (a < b);
}

/* The exponent ex that makes the points' largest coordinate less than 1
 * in magnitude times 2^-ex (an exact scaling): affine_dim and qhull work on
 * the points so scaled, where squares and products of four coordinates
 * neither overflow (a solid hull of 1e78 came back flat) nor underflow
 * (tiny hulls were flat or had faces turned inside out), and a hull and
 * its scaled copy get the same faces. */
static int unit_exponent(const mink_vec3 *p, int n)
{
	double top = 0.0;
	for (int i = 0; i < n; i++)
		top = fmax(top, v3_maxabs(p[i]));
	int ex = 0;
	(void)frexp(top, &ex);
	return ex;
}

/* v times 2^e, exactly: a factor 2^e as a double would be infinite for the
 * exponents of subnormal points (beyond 1023). */
static mink_vec3 v3_ldexp(mink_vec3 v, int e)
{
	return v3(ldexp(v.x, e), ldexp(v.y, e), ldexp(v.z, e));
}

/* Affine dimension of p[0..n-1] (distinct points), relative to extent;
 * ex from unit_exponent. */
static int affine_dim(const mink_vec3 *p, int n, int ex)
{
	if (n < 2)
		return 0;
	mink_vec3 o = v3_ldexp(p[0], -ex);
	int i1 = 0;
	double best = 0.0;
	for (int i = 1; i < n; i++) {
		double d = v3_len2(v3_sub(v3_ldexp(p[i], -ex), o));
		if (d > best) {
			best = d;
			i1 = i;
		}
	}
	double ext = sqrt(best);
	if (!(ext > 0.0))
		return 0;
	mink_vec3 u = v3_scale(v3_sub(v3_ldexp(p[i1], -ex), o), 1.0 / ext);
	int i2 = -1;
	best = 0.0;
	for (int i = 0; i < n; i++) {
		mink_vec3 d = v3_sub(v3_ldexp(p[i], -ex), o);
		double off = v3_len(v3_sub(d, v3_scale(u, v3_dot(d, u))));
		if (off > best) {
			best = off;
			i2 = i;
		}
	}
	if (!(best > 1e-12 * ext))
		return 1;
	mink_vec3 nrm =
	    v3_normalize_or(v3_cross(u, v3_sub(v3_ldexp(p[i2], -ex), o)), v3(0, 0, 1));
	best = 0.0;
	for (int i = 0; i < n; i++)
		best = fmax(best, fabs(v3_dot(v3_sub(v3_ldexp(p[i], -ex), o), nrm)));
	return best > 1e-12 * ext ? 3 : 2;
}

/* Fills faces and adjacency from qhull's triangulated facets. */
static mink_hull_status run_qhull(const mink_vec3 *pts, int n, int ex, mink_hull *h)
{
	mink_hull_status st = MINK_HULL_DEGENERATE;
	coordT *coords = malloc(sizeof(coordT) * 3 * (size_t)n);
	int *vid = malloc(sizeof(int) * (size_t)n);
	char *msg = NULL;
	size_t msglen = 0;
	/* qhull reports through a FILE; keep its words in memory, not on stderr. */
	FILE *err = open_memstream(&msg, &msglen);
	if (!coords || !vid || !err) {
		free(coords);
		free(vid);
		if (err)
			fclose(err);
		free(msg);
		return MINK_HULL_NOMEM;
	}
	/* qhull sees the points scaled by 2^-ex (unit_exponent) */
	for (int i = 0; i < n; i++) {
		coords[3 * i] = ldexp(pts[i].x, -ex);
		coords[3 * i + 1] = ldexp(pts[i].y, -ex);
		coords[3 * i + 2] = ldexp(pts[i].z, -ex);
		vid[i] = -1;
	}

	qhT qh_qh;
	qhT *qh = &qh_qh;
	QHULL_LIB_CHECK
	qh_zero(qh, err);
	char options[] = "qhull Qt";
	int exitcode = qh_new_qhull(qh, 3, n, coords, False, options, NULL, err);
	if (!exitcode) {
		facetT *facet;
		vertexT *vertex, **vertexp;
		int nv = 0, nf = 0;
		FORALLvertices {
			int id = qh_pointid(qh, vertex->point);
			if (id >= 0 && id < n && vid[id] < 0)
				vid[id] = nv++;
		}
		FORALLfacets {
			if (facet->simplicial)
				nf++;
		}
		h->points = malloc(sizeof(mink_vec3) * (size_t)(nv > 0 ? nv : 1));
		h->faces = malloc(sizeof(int) * 3 * (size_t)(nf > 0 ? nf : 1));
		int *edges = malloc(sizeof(int) * 6 * (size_t)(nf > 0 ? nf : 1));
		if (!h->points || !h->faces || !edges) {
			free(edges);
			st = MINK_HULL_NOMEM;
			goto done;
		}
		for (int i = 0; i < n; i++)
			if (vid[i] >= 0)
				h->points[vid[i]] = pts[i];
		h->count = nv;
		/* faces oriented on the scaled points: the raw ones' cross
		 * products underflow for tiny hulls */
		int f = 0;
		FORALLfacets {
			if (!facet->simplicial)
				continue;
			int t[3], k = 0;
			FOREACHvertex_(facet->vertices) {
				if (k < 3)
					t[k] = vid[qh_pointid(qh, vertex->point)];
				k++;
			}
			if (k != 3)
				continue;
			/* Orient counter-clockwise seen from outside, by qhull's normal. */
			mink_vec3 a = v3_ldexp(h->points[t[0]], -ex), b = v3_ldexp(h->points[t[1]], -ex),
			          c = v3_ldexp(h->points[t[2]], -ex);
			mink_vec3 nn = v3_cross(v3_sub(b, a), v3_sub(c, a));
			mink_vec3 qn = v3(facet->normal[0], facet->normal[1], facet->normal[2]);
			if (v3_dot(nn, qn) < 0.0) {
				int tmp = t[1];
				t[1] = t[2];
				t[2] = tmp;
			}
			for (int j = 0; j < 3; j++) {
				h->faces[3 * f + j] = t[j];
				edges[6 * f + 2 * j] = t[j];
				edges[6 * f + 2 * j + 1] = t[(j + 1) % 3];
			}
			f++;
		}
		h->face_count = f;
		/* CSR adjacency: each directed face edge (a, b) makes b a
		 * neighbour of a; every hull edge appears in both directions. */
		h->adjacency_start = calloc((size_t)nv + 1, sizeof(int));
		h->adjacency = malloc(sizeof(int) * 3 * (size_t)(f > 0 ? f : 1));
		if (!h->adjacency_start || !h->adjacency) {
			free(edges);
			st = MINK_HULL_NOMEM;
			goto done;
		}
		for (int e = 0; e < 3 * f; e++)
			h->adjacency_start[edges[2 * e] + 1]++;
		for (int v = 0; v < nv; v++)
			h->adjacency_start[v + 1] += h->adjacency_start[v];
		int *fill = calloc((size_t)nv + 1, sizeof(int));
		if (!fill) {
			free(edges);
			st = MINK_HULL_NOMEM;
			goto done;
		}
		for (int e = 0; e < 3 * f; e++) {
			int a = edges[2 * e];
			h->adjacency[h->adjacency_start[a] + fill[a]++] = edges[2 * e + 1];
		}
		free(fill);
		free(edges);
		for (int v = 0; v < nv; v++) {
			int lo = h->adjacency_start[v], cnt = h->adjacency_start[v + 1] - lo;
			qsort(h->adjacency + lo, (size_t)cnt, sizeof(int), cmp_int);
		}
		st = f >= 4 ? MINK_HULL_OK : MINK_HULL_DEGENERATE;
	}
done:
	qh_freeqhull(qh, !qh_ALL);
	int curlong, totlong;
	qh_memfreeshort(qh, &curlong, &totlong);
	fclose(err);
	free(msg);
	free(coords);
	free(vid);
	return st;
}

/* A record's place in the walk block: its vertex's direction from the
 * centroid on a cube map of 64^2 cells a face, the cells of a face in
 * Z order (nearby cells, nearby places), ties by vertex. */
typedef struct walk_key {
	unsigned key;
	int v;
} walk_key;

static int cmp_walk_key(const void *pa, const void *pb)
{
	const walk_key *a = pa, *b = pb;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return (a->v > b->v) - (a->v < b->v);
}

/* A record's doubles: x, y, z, the vertex and degree, the neighbours,
 * rounded up to whole cache lines (8 doubles; a vertex of at most eight
 * neighbours, nearly all, takes one line). */
static size_t walk_size(int degree)
{
	return (4 + (size_t)(degree + 1) / 2 + 7) / 8 * 8;
}

static unsigned z_order(unsigned i, unsigned j)
{
	unsigned k = 0;
	for (int b = 0; b < 8; b++)
		k |= ((i >> b) & 1u) << (2 * b + 1) | ((j >> b) & 1u) << (2 * b);
	return k;
}

mk_walk *mk_walk_build(const mink_vec3 *points, int count, const int *adj_start, const int *adj,
                       const int *dir_seed, int dir_res)
{
	enum { RES = 64 };
	int cells = 6 * dir_res * dir_res;
	size_t nrec = 0;
	for (int v = 0; v < count; v++)
		nrec += walk_size(adj_start[v + 1] - adj_start[v]);
	/* the records from a cache line's start (malloc promises 16 bytes) */
	size_t head = (sizeof(mk_walk) + 63) / 64 * 64 + 48;
	char *m = malloc(head + nrec * sizeof(double) + (size_t)(cells + count) * sizeof(int));
	walk_key *order = malloc(sizeof(walk_key) * (size_t)count);
	if (!m || !order) {
		free(m);
		free(order);
		return NULL;
	}
	mk_walk *w = (mk_walk *)(void *)m;
	w->rec = (double *)(void *)(m + head - (size_t)((uintptr_t)(m + head) % 64));
	w->seed = (int *)(void *)(w->rec + nrec);
	w->rec_of = w->seed + cells;

	mink_vec3 c = v3(0, 0, 0);
	for (int v = 0; v < count; v++)
		c = v3_add(c, points[v]);
	c = v3_scale(c, 1.0 / count);
	for (int v = 0; v < count; v++) {
		int cell = mk_dir_cell(v3_sub(points[v], c), RES);
		unsigned f = (unsigned)(cell / (RES * RES)), i = (unsigned)(cell / RES % RES),
		         j = (unsigned)(cell % RES);
		order[v].key = f << 16 | z_order(i, j);
		order[v].v = v;
	}
	qsort(order, (size_t)count, sizeof *order, cmp_walk_key);
	int off = 0;
	for (int k = 0; k < count; k++) {
		int v = order[k].v;
		w->rec_of[v] = off;
		off += (int)walk_size(adj_start[v + 1] - adj_start[v]);
	}
	for (int v = 0; v < count; v++) {
		double *r = w->rec + w->rec_of[v];
		int deg = adj_start[v + 1] - adj_start[v];
		r[0] = points[v].x;
		r[1] = points[v].y;
		r[2] = points[v].z;
		int *h = (int *)(void *)(r + 3);
		h[0] = v;
		h[1] = deg;
		for (int k = 0; k < deg; k++)
			h[2 + k] = w->rec_of[adj[adj_start[v] + k]];
		for (int k = 2 + deg; k < 2 * ((int)walk_size(deg) - 3); k++)
			h[k] = 0;
	}
	for (int k = 0; k < cells; k++)
		w->seed[k] = w->rec_of[dir_seed[k]];
	free(order);
	return w;
}

mink_hull_status mink_hull_build(const mink_vec3 *points, int n, mink_hull *out)
{
	memset(out, 0, sizeof *out);
	if (!points || n < 1)
		return MINK_HULL_INVALID;
	for (int i = 0; i < n; i++)
		if (!v3_isfinite(points[i]) || v3_maxabs(points[i]) > MINK_MAX_COORD)
			return MINK_HULL_INVALID;
	out->input_count = n;

	/* Distinct points, in a deterministic order. */
	mink_vec3 *u = malloc(sizeof(mink_vec3) * (size_t)n);
	if (!u)
		return MINK_HULL_NOMEM;
	memcpy(u, points, sizeof(mink_vec3) * (size_t)n);
	qsort(u, (size_t)n, sizeof(mink_vec3), cmp_vec3);
	int m = 0;
	for (int i = 0; i < n; i++)
		if (m == 0 || cmp_vec3(&u[m - 1], &u[i]) != 0)
			u[m++] = u[i];
	out->duplicates = n - m;
	int ex = unit_exponent(u, m);
	out->dim = affine_dim(u, m, ex);

	mink_hull_status st = MINK_HULL_DEGENERATE;
	if (out->dim == 3 && m >= 4) {
		st = run_qhull(u, m, ex, out);
		if (st == MINK_HULL_NOMEM) {
			free(u);
			mink_hull_free(out);
			return st;
		}
		if (st != MINK_HULL_OK) {
			/* qhull saw the set as flat after all: keep it as points. */
			free(out->points);
			free(out->faces);
			free(out->adjacency_start);
			free(out->adjacency);
			out->points = NULL;
			out->faces = NULL;
			out->adjacency_start = out->adjacency = NULL;
			out->face_count = 0;
			st = MINK_HULL_DEGENERATE;
		}
	}
	if (st == MINK_HULL_OK) {
		free(u);
		out->interior = m - out->count;
		out->radius = mk_points_radius(out->points, out->count);
		mk_climb_seeds(out->points, out->adjacency_start, out->adjacency, out->seed,
		               &out->seed_bound);
		int res = out->count >= MK_DIR_FINE_POINTS ? 2 * MK_DIR_RES : MK_DIR_RES;
		out->dir_res = res;
		out->dir_seed = malloc(sizeof(int) * 6 * (size_t)(res * res));
		if (!out->dir_seed) {
			mink_hull_free(out);
			return MINK_HULL_NOMEM;
		}
		mk_climb_table(out->points, out->adjacency_start, out->adjacency, out->seed[0], res,
		               out->dir_seed);
		out->walk = mk_walk_build(out->points, out->count, out->adjacency_start,
		                          out->adjacency, out->dir_seed, res);
		if (!out->walk) {
			mink_hull_free(out);
			return MINK_HULL_NOMEM;
		}
		return st;
	}
	out->points = u;
	out->count = m;
	out->interior = 0;
	out->radius = mk_points_radius(u, m);
	return MINK_HULL_DEGENERATE;
}
