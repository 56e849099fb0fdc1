/*
 * epa3.c - the Expanding Polytope Algorithm in 3D.
 *
 * van den Bergen, "Proximity Queries and Penetration Depth Computation on
 * 3D Game Objects" (GDC 2001), with these choices:
 *  - GJK's final simplex of 1, 2 or 3 points is blown up to a polytope that
 *    contains the origin; on the way, a direction in which the obstacle has
 *    no extent beyond the origin proves the shapes only touch, and ends the
 *    query with the exact answer (flat and coplanar configurations);
 *  - a 3-point simplex becomes a tetrahedron with the support point on
 *    one side of it (the other side's when that one lies on the line of an
 *    edge): the origin lies on the triangle, a face of the tetrahedron,
 *    and the first step expands that face;
 *  - what the 2D version shares (the probes, the touching contact, the
 *    reduction of a degenerate simplex) lives in epa.c;
 *  - each step removes every face visible from the new support point and
 *    patches the horizon; the change is validated before it is committed,
 *    so a numerical failure leaves a consistent polytope and its best face;
 *  - termination on the gap between the upper bound (support distance) and
 *    the lower bound (closest face) with an absolute plus relative tolerance;
 *  - buffers for EPA_MAX_VERTS vertices on the stack: no allocation.  A
 *    search that fills them before its bounds meet, with iterations left,
 *    moves once to the heap with room for EPA_HEAP_VERTS and goes on
 *    (several equal minima of the support distance, such as an ellipsoid
 *    against itself turned by 90 degrees, need about 2000 vertices; two
 *    such ellipsoids apart by 0.7 of their length, a ring of nearly equal
 *    minima, up to 9300).  There the faces wait in a priority queue by
 *    distance, as the scan of every face would cost O(faces) a step.
 */
#include <float.h>
#include <stddef.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "epa.h"

#ifndef EPA_MAX_VERTS
#define EPA_MAX_VERTS 1024
#endif
#define EPA_MAX_FACES (2 * EPA_MAX_VERTS)
/* After this many steps EPA asks the concentric balls' bound as well. */
#define EPA_BALLS_AT 32
/* The heap's room, when the stack's is not enough (about 15 MB). */
#ifndef EPA_HEAP_VERTS
#define EPA_HEAP_VERTS 32768
#endif

typedef struct epa_face {
	int v[3];
	int adj[3];      /* face across edge (v[i], v[i+1]) */
	int adj_e[3];    /* which edge of that face it is */
	mink_vec3 n;     /* outward unit normal */
	double d;        /* signed distance of the plane from the origin; +inf once dead */
	int alive;
	int stamp;       /* visibility pass that classified this face */
	int visible;
	int closed;      /* its expansion failed: kept as a lower bound only */
	int gen;         /* which face this slot holds: its entries in the queue */
} epa_face;

typedef struct epa_edge {
	int a, b;
	int g, ge;
	mink_vec3 n;
	double d;
	int f;
} epa_edge;

/* mk_face_planes4 writes a plane as four doubles from n.x */
_Static_assert(offsetof(epa_edge, d) == offsetof(epa_edge, n) + 3 * sizeof(double),
               "epa_edge's n and d are adjacent");
_Static_assert(offsetof(epa_face, d) == offsetof(epa_face, n) + 3 * sizeof(double),
               "epa_face's n and d are adjacent");

/* The polytope, in arrays of room for max_v vertices and max_f faces
 * (with the scratch of one step): on the stack, or moved to the heap. */
typedef struct epa_poly {
	int max_v, max_f;
	mk_vertex *vert;
	int nv;
	epa_face *face;
	int nf;
	int *free_slots;
	int nfree;
	/* horizon bookkeeping, indexed by vertex */
	int *vstamp;
	/* Each slot's distance as the scan for the closest face reads it, in
	 * whole chunks of four (slots up to the next multiple of four past nf
	 * hold +inf): dall the plane's d of a live face, dsel the same for an
	 * open one; +inf otherwise (face_dist). */
	double *dall, *dsel;
	/* one step's scratch, indexed by face */
	int *visible, *stack;
	epa_edge *hz;
	void *heap; /* the heap block, or NULL */
	int gen;    /* faces made so far */
	/* In the heap's room only: the open faces by (d, slot), a binary
	 * min-heap with stale entries dropped as they come up, and the
	 * closed faces (lower bounds that stay while they live). */
	struct epa_qent { double d; int f, gen; } *q;
	int nq, max_q;
	int *closed, nclosed;
} epa_poly;

/* The stack's room: the arrays of poly_place, the ints in one block. */
typedef struct epa_room {
	double dall[EPA_MAX_FACES], dsel[EPA_MAX_FACES];
	epa_face face[EPA_MAX_FACES];
	epa_edge hz[EPA_MAX_FACES];
	mk_vertex vert[EPA_MAX_VERTS];
	int ints[4 * EPA_MAX_FACES + 4 + EPA_MAX_VERTS];
} epa_room;

/* Points P's arrays into room for mv vertices and mf faces: face[mf],
 * hz[mf], vert[mv] and ints[4 mf + 4 + mv] (free slots and visible faces
 * by face, the search stack of (face, edge) entries, and stamps by
 * vertex). */
static void poly_place(epa_poly *P, int mv, int mf, double *dall, double *dsel,
                       epa_face *face, epa_edge *hz, mk_vertex *vert, int *ints)
{
	P->dall = dall;
	P->dsel = dsel;
	P->max_v = mv;
	P->max_f = mf;
	P->face = face;
	P->hz = hz;
	P->vert = vert;
	P->free_slots = ints;
	P->visible = ints + mf;
	P->stack = ints + 2 * mf;
	P->vstamp = ints + 4 * mf + 4;
}

static void poly_on_stack(epa_poly *P, epa_room *r)
{
	poly_place(P, EPA_MAX_VERTS, EPA_MAX_FACES, r->dall, r->dsel, r->face, r->hz, r->vert,
	           r->ints);
	P->heap = NULL;
	P->nv = P->nf = P->nfree = 0;
	P->gen = 0;
	P->q = NULL;
	P->nq = P->max_q = P->nclosed = 0;
	P->closed = NULL;
}

/* Slot f's distances for the scan, from its face's state. */
static inline void face_dist(epa_poly *P, int f)
{
	const epa_face *F = &P->face[f];
	P->dall[f] = F->alive ? F->d : INFINITY;
	P->dsel[f] = F->alive && !F->closed ? F->d : INFINITY;
}

/* Queue entries ordered as the linear search picks faces: the least d,
 * then the lowest slot. */
static int q_less(const struct epa_qent *x, const struct epa_qent *y)
{
	return x->d < y->d || (x->d == y->d && x->f < y->f);
}

static void q_push(epa_poly *P, int f)
{
	struct epa_qent e = {P->face[f].d, f, P->face[f].gen};
	int i = P->nq++;
	MK_ASSERT(P->nq <= P->max_q);
	while (i > 0) {
		int up = (i - 1) / 2;
		if (!q_less(&e, &P->q[up]))
			break;
		P->q[i] = P->q[up];
		i = up;
	}
	P->q[i] = e;
}

static void q_pop(epa_poly *P)
{
	struct epa_qent e = P->q[--P->nq];
	int i = 0, n = P->nq;
	for (;;) {
		int c = 2 * i + 1;
		if (c >= n)
			break;
		if (c + 1 < n && q_less(&P->q[c + 1], &P->q[c]))
			c++;
		if (!q_less(&P->q[c], &e))
			break;
		P->q[i] = P->q[c];
		i = c;
	}
	if (n > 0)
		P->q[i] = e;
}

/* Whether an entry still stands for an open face. */
static int q_current(const epa_poly *P, const struct epa_qent *e)
{
	const epa_face *F = &P->face[e->f];
	return F->gen == e->gen && F->alive && !F->closed;
}

/* The queue anew from the open faces (and the closed list from the
 * closed ones): when the heap's room is taken, and when it fills up with
 * stale entries. */
static void q_rebuild(epa_poly *P)
{
	P->nq = 0;
	P->nclosed = 0;
	for (int f = 0; f < P->nf; f++) {
		const epa_face *F = &P->face[f];
		if (F->alive && F->closed)
			P->closed[P->nclosed++] = f;
		else if (F->alive)
			q_push(P, f);
	}
}

/* Moves the polytope to a heap block with room for EPA_HEAP_VERTS
 * vertices (indices stay valid: the arrays are copied as they are).
 * Returns 0 when it cannot (already there, or no memory). */
static int poly_grow(epa_poly *P)
{
	int mv = EPA_HEAP_VERTS, mf = 2 * EPA_HEAP_VERTS;
	if (P->heap || mv <= P->max_v)
		return 0;
	int mq = 2 * mf; /* the queue: room for stale entries too */
	size_t bytes = (size_t)mq * sizeof(struct epa_qent) + (size_t)(2 * mf) * sizeof(double) +
	               (size_t)mf * (sizeof(epa_face) + sizeof(epa_edge)) +
	               (size_t)mv * sizeof(mk_vertex) + (size_t)(5 * mf + 4 + mv) * sizeof(int);
	char *m = malloc(bytes);
	if (!m)
		return 0;
	epa_poly old = *P;
	/* Each array aligned as its elements: the larger elements first. */
	struct epa_qent *q = (struct epa_qent *)(void *)m;
	double *dall = (double *)(void *)(q + mq), *dsel = dall + mf;
	epa_face *face = (epa_face *)(void *)(dsel + mf);
	epa_edge *hz = (epa_edge *)(void *)(face + mf);
	mk_vertex *vert = (mk_vertex *)(void *)(hz + mf);
	int *ints = (int *)(void *)(vert + mv);
	poly_place(P, mv, mf, dall, dsel, face, hz, vert, ints);
	P->heap = m;
	P->q = q;
	P->max_q = mq;
	P->closed = ints + 4 * mf + 4 + mv;
	memcpy(P->face, old.face, (size_t)old.nf * sizeof *P->face);
	for (int f = 0; f < mf; f++)
		P->dall[f] = P->dsel[f] = INFINITY;
	for (int f = 0; f < old.nf; f++)
		face_dist(P, f);
	memcpy(P->vert, old.vert, (size_t)old.nv * sizeof *P->vert);
	memcpy(P->free_slots, old.free_slots, (size_t)old.nfree * sizeof *P->free_slots);
	memcpy(P->vstamp, old.vstamp, (size_t)old.nv * sizeof *P->vstamp);
	q_rebuild(P);
	return 1;
}

/*
 * mk_face_plane where the cross product's squared length over- or
 * underflows: the edges from a are scaled by a power of two first (scalbn:
 * exact, subnormals included), so that the product keeps its digits and
 * 1 / length stays finite.  Before, a triangle with edges of 1e-157 had a
 * cross product of subnormals and a normal of infinite length.
 */
static int plane_rescaled(mink_vec3 a, mink_vec3 b, mink_vec3 c, mink_vec3 *n, double *d)
{
	mink_vec3 ab = v3_sub(b, a), ac = v3_sub(c, a);
	double m = fmax(v3_maxabs(ab), v3_maxabs(ac));
	if (!(m > 0.0) || !(m < INFINITY))
		return 0;
	int k = -ilogb(m);
	ab = v3(scalbn(ab.x, k), scalbn(ab.y, k), scalbn(ab.z, k));
	ac = v3(scalbn(ac.x, k), scalbn(ac.y, k), scalbn(ac.z, k));
	double lmax;
	mink_vec3 nr = v3_cross_shortest(v3(0, 0, 0), ab, ac, &lmax);
	double l = v3_len(nr);
	if (!(l > 1e-14 * lmax) || !(l < INFINITY))
		return 0;
	*n = v3_scale(nr, 1.0 / l);
	*d = v3_dot(*n, a);
	return 1;
}

int mk_face_plane(mink_vec3 a, mink_vec3 b, mink_vec3 c, mink_vec3 *n, double *d)
{
	double lmax;
	mink_vec3 nr = v3_cross_shortest(a, b, c, &lmax);
	double l2 = v3_len2(nr);
	/* sqrt of the squared length unless that over- or underflowed */
	if (!(l2 > 1e-280 && l2 < 1e280))
		return plane_rescaled(a, b, c, n, d);
	double l = sqrt(l2);
	if (!(l > 1e-14 * lmax) || !(l < INFINITY))
		return 0;
	*n = v3_scale(nr, 1.0 / l);
	*d = v3_dot(*n, a);
	return 1;
}

/* Plane of triangle (i, j, k); returns 0 when it has no usable normal. */
static int face_plane(const epa_poly *P, int i, int j, int k, mink_vec3 *n, double *d)
{
	return mk_face_plane(P->vert[i].w, P->vert[j].w, P->vert[k].w, n, d);
}

#if MK_AVX2
#include <immintrin.h>

/* Three coordinates of four points, each read as four doubles from p[k]
 * (a mink_vec3 with at least one double after it), as x, y, z lanes. */
__attribute__((target("avx2"))) static void lanes3(const double *const p[4], __m256d *x,
                                                   __m256d *y, __m256d *z)
{
	__m256d r0 = _mm256_loadu_pd(p[0]), r1 = _mm256_loadu_pd(p[1]);
	__m256d r2 = _mm256_loadu_pd(p[2]), r3 = _mm256_loadu_pd(p[3]);
	__m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1);
	__m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3);
	*x = _mm256_permute2f128_pd(t0, t2, 0x20);
	*y = _mm256_permute2f128_pd(t1, t3, 0x20);
	*z = _mm256_permute2f128_pd(t0, t2, 0x31);
}

/* mk_face_plane for four triangles at once (epa.h). */
__attribute__((target("avx2"))) int mk_face_planes4(const double *const a[4],
                                                        const double *const b[4],
                                                        const double *const c[4],
                                                        double *const out[4], double dmin)
{
	__m256d ax, ay, az, bx, by, bz, cx, cy, cz;
	lanes3(a, &ax, &ay, &az);
	lanes3(b, &bx, &by, &bz);
	lanes3(c, &cx, &cy, &cz);
	__m256d abx = _mm256_sub_pd(bx, ax), aby = _mm256_sub_pd(by, ay), abz = _mm256_sub_pd(bz, az);
	__m256d bcx = _mm256_sub_pd(cx, bx), bcy = _mm256_sub_pd(cy, by), bcz = _mm256_sub_pd(cz, bz);
	__m256d cax = _mm256_sub_pd(ax, cx), cay = _mm256_sub_pd(ay, cy), caz = _mm256_sub_pd(az, cz);
#define MK_LEN2(x, y, z)                                                                       \
	_mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(x, x), _mm256_mul_pd(y, y)), _mm256_mul_pd(z, z))
	__m256d lab = MK_LEN2(abx, aby, abz), lbc = MK_LEN2(bcx, bcy, bcz), lca = MK_LEN2(cax, cay, caz);
	/* v3_cross_shortest: ab longest (ties to it) crosses bc, ca; else bc
	 * longest crosses ca, ab; else ab, bc */
	__m256d m1 = _mm256_and_pd(_mm256_cmp_pd(lab, lbc, _CMP_GE_OQ),
	                           _mm256_cmp_pd(lab, lca, _CMP_GE_OQ));
	__m256d m2 = _mm256_cmp_pd(lbc, lca, _CMP_GE_OQ);
	__m256d ux = _mm256_blendv_pd(_mm256_blendv_pd(abx, cax, m2), bcx, m1);
	__m256d uy = _mm256_blendv_pd(_mm256_blendv_pd(aby, cay, m2), bcy, m1);
	__m256d uz = _mm256_blendv_pd(_mm256_blendv_pd(abz, caz, m2), bcz, m1);
	__m256d vx = _mm256_blendv_pd(_mm256_blendv_pd(bcx, abx, m2), cax, m1);
	__m256d vy = _mm256_blendv_pd(_mm256_blendv_pd(bcy, aby, m2), cay, m1);
	__m256d vz = _mm256_blendv_pd(_mm256_blendv_pd(bcz, abz, m2), caz, m1);
	__m256d lmax = _mm256_blendv_pd(_mm256_blendv_pd(lca, lbc, m2), lab, m1);
	__m256d nx = _mm256_sub_pd(_mm256_mul_pd(uy, vz), _mm256_mul_pd(uz, vy));
	__m256d ny = _mm256_sub_pd(_mm256_mul_pd(uz, vx), _mm256_mul_pd(ux, vz));
	__m256d nz = _mm256_sub_pd(_mm256_mul_pd(ux, vy), _mm256_mul_pd(uy, vx));
	__m256d l2 = MK_LEN2(nx, ny, nz);
#undef MK_LEN2
	__m256d in = _mm256_and_pd(_mm256_cmp_pd(l2, _mm256_set1_pd(1e-280), _CMP_GT_OQ),
	                           _mm256_cmp_pd(l2, _mm256_set1_pd(1e280), _CMP_LT_OQ));
	if (_mm256_movemask_pd(in) != 15)
		return -1;
	__m256d l = _mm256_sqrt_pd(l2);
	__m256d ok = _mm256_and_pd(
		_mm256_cmp_pd(l, _mm256_mul_pd(_mm256_set1_pd(1e-14), lmax), _CMP_GT_OQ),
		_mm256_cmp_pd(l, _mm256_set1_pd(INFINITY), _CMP_LT_OQ));
	__m256d inv = _mm256_div_pd(_mm256_set1_pd(1.0), l);
	nx = _mm256_mul_pd(nx, inv);
	ny = _mm256_mul_pd(ny, inv);
	nz = _mm256_mul_pd(nz, inv);
	__m256d d = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(nx, ax), _mm256_mul_pd(ny, ay)),
	                          _mm256_mul_pd(nz, az));
	ok = _mm256_andnot_pd(_mm256_cmp_pd(d, _mm256_set1_pd(dmin), _CMP_LT_OQ), ok);
	/* back to one row (n, d) per lane */
	__m256d t0 = _mm256_unpacklo_pd(nx, ny), t1 = _mm256_unpackhi_pd(nx, ny);
	__m256d t2 = _mm256_unpacklo_pd(nz, d), t3 = _mm256_unpackhi_pd(nz, d);
	_mm256_storeu_pd(out[0], _mm256_permute2f128_pd(t0, t2, 0x20));
	_mm256_storeu_pd(out[1], _mm256_permute2f128_pd(t1, t3, 0x20));
	_mm256_storeu_pd(out[2], _mm256_permute2f128_pd(t0, t2, 0x31));
	_mm256_storeu_pd(out[3], _mm256_permute2f128_pd(t1, t3, 0x31));
	return _mm256_movemask_pd(ok);
}
#endif

/* The planes of the fan's new faces (hz[h].a, hz[h].b, iv) into hz[h].n
 * and hz[h].d: 0 when one has no usable normal, or leaves the origin
 * outside by more than tol_in.  Four at a time where the CPU has AVX2,
 * with the same bits. */
static int fan_planes(const epa_poly *P, epa_edge *hz, int nh, int iv, double tol_in)
{
	int h = 0;
#if MK_AVX2
	if (mk_have_avx2()) {
		const double *c = &P->vert[iv].w.x;
		const double *const cs[4] = {c, c, c, c};
		/* a last four short of edges repeats the last one */
		for (; h < nh; h += 4) {
			const double *as[4], *bs[4];
			double *out[4];
			for (int k = 0; k < 4; k++) {
				epa_edge *e = &hz[h + k < nh ? h + k : nh - 1];
				as[k] = &P->vert[e->a].w.x;
				bs[k] = &P->vert[e->b].w.x;
				out[k] = &e->n.x;
			}
			int m = mk_face_planes4(as, bs, cs, out, -tol_in);
			if (m < 0)
				break; /* this four and the rest one at a time */
			if (m != 15)
				return 0;
		}
	}
#endif
	for (; h < nh; h++) {
		if (!face_plane(P, hz[h].a, hz[h].b, iv, &hz[h].n, &hz[h].d))
			return 0;
		if (hz[h].d < -tol_in)
			return 0; /* the origin would fall outside */
	}
	return 1;
}

/* A free slot, or a new one; a new slot that starts a chunk of four
 * sets the chunk's distances to +inf (the scan reads whole chunks). */
static int face_alloc(epa_poly *P)
{
	if (P->nfree > 0)
		return P->free_slots[--P->nfree];
	if (P->nf >= P->max_f)
		return -1;
	int f = P->nf++;
	if ((f & 3) == 0)
		for (int i = f; i < f + 4; i++)
			P->dall[i] = P->dsel[i] = INFINITY;
	return f;
}

/* Builds the initial polytope, the tetrahedron of vertices 0-3: faces
 * given as vertex triples, oriented outwards from the centroid, each edge's
 * face across found and checked.  The four triples are one orientation of
 * the surface, so the faces turn all together or none (the tetrahedron's
 * handedness), and the adjacency is one of two tables: the face across
 * edge (a, b) is the one that lacks the face's third vertex, and holds the
 * edge as (b, a). */
static int poly_init(epa_poly *P)
{
	static const int tet[4][3] = {{0, 1, 2}, {0, 3, 1}, {0, 2, 3}, {1, 3, 2}};
	/* [turned][face][edge]: the face across, and which of its edges */
	static const int adj[2][4][3] = {{{1, 3, 2}, {2, 3, 0}, {0, 3, 1}, {1, 2, 0}},
	                                 {{2, 3, 1}, {0, 3, 2}, {1, 3, 0}, {0, 2, 1}}};
	static const int adj_e[2][4][3] = {{{2, 2, 0}, {2, 0, 0}, {2, 1, 0}, {1, 1, 1}},
	                                   {{2, 0, 0}, {2, 2, 0}, {2, 1, 0}, {1, 1, 1}}};
	mink_vec3 c = v3(0, 0, 0);
	for (int i = 0; i < 4; i++)
		c = v3_add(c, P->vert[i].w);
	c = v3_scale(c, 1.0 / 4);
	P->nf = 0;
	P->nfree = 0;
	int planes = 0; /* the four made at once */
#if MK_AVX2
	if (mk_have_avx2()) {
		const double *as[4], *bs[4], *cs[4];
		double *out[4];
		for (int t = 0; t < 4; t++) {
			as[t] = &P->vert[tet[t][0]].w.x;
			bs[t] = &P->vert[tet[t][1]].w.x;
			cs[t] = &P->vert[tet[t][2]].w.x;
			out[t] = &P->face[t].n.x;
		}
		int m = mk_face_planes4(as, bs, cs, out, -INFINITY);
		if (m >= 0 && m != 15)
			return 0;
		planes = m == 15;
	}
#endif
	int turned = 0;
	for (int t = 0; t < 4; t++) {
		int f = face_alloc(P);
		epa_face *F = &P->face[f];
		F->v[0] = tet[t][0];
		F->v[1] = tet[t][1];
		F->v[2] = tet[t][2];
		if (!planes && !face_plane(P, F->v[0], F->v[1], F->v[2], &F->n, &F->d))
			return 0;
		if (v3_dot(F->n, v3_sub(P->vert[F->v[0]].w, c)) < 0.0) {
			int tmp = F->v[1];
			F->v[1] = F->v[2];
			F->v[2] = tmp;
			F->n = v3_neg(F->n);
			F->d = -F->d;
			turned++;
		}
		F->alive = 1;
		F->stamp = 0;
		F->visible = 0;
		F->closed = 0;
		F->gen = P->gen++;
	}
	/* Some turned and some not: two faces hold an edge the same way
	 * round, and the surface is not closed. */
	if (turned != 0 && turned != 4)
		return 0;
	int k = turned == 4;
	for (int f = 0; f < 4; f++) {
		for (int e = 0; e < 3; e++) {
			P->face[f].adj[e] = adj[k][f][e];
			P->face[f].adj_e[e] = adj_e[k][f][e];
		}
		face_dist(P, f);
	}
	return 1;
}

/*
 * The faces seen from w (beyond tol_in), found by a depth-first search from
 * f0 over the adjacency, into visible[0 .. *nvis-1], and the edges between
 * them and the faces not seen, the horizon, into hz[0 .. return value-1]:
 * each edge (a, b) of a face seen, with the face g across it and which of
 * g's edges it is.  A face seen is entered through one of its edges and
 * left through the next two in their order round it (f0 through all
 * three), as a recursion would, with a stack of (face, edge) entries:
 * over a region of faces that is a disc, that order walks its boundary,
 * so the horizon comes out as one cycle in order, each edge starting
 * where the one before ended (horizon_is_cycle checks it).
 */
static int find_horizon(epa_poly *P, int f0, mink_vec3 w, int pass, double tol_in,
                        int *visible, int *nvis, epa_edge *hz)
{
	int *stack = P->stack;
	int top = 0, nh = 0, nv = 0;
	static const int next[3] = {1, 2, 0};

	P->face[f0].stamp = pass;
	P->face[f0].visible = 1;
	visible[nv++] = f0;
	stack[top++] = 4 * f0 + 2;
	stack[top++] = 4 * f0 + 1;
	stack[top++] = 4 * f0;
	while (top > 0) {
		int fe = stack[--top], f = fe >> 2, e = fe & 3;
		const epa_face *F = &P->face[f];
		int g = F->adj[e];
		epa_face *G = &P->face[g];
		if (G->stamp != pass) {
			G->stamp = pass;
			G->visible = v3_dot(G->n, v3_sub(w, P->vert[G->v[0]].w)) > tol_in;
			if (G->visible) {
				int ge = F->adj_e[e];
				visible[nv++] = g;
				MK_ASSERT(top + 2 <= 2 * P->max_f + 4);
				stack[top++] = 4 * g + next[next[ge]];
				stack[top++] = 4 * g + next[ge];
				continue;
			}
		}
		if (!G->visible) {
			MK_ASSERT(nh < P->max_f);
			hz[nh].a = F->v[e];
			hz[nh].b = F->v[next[e]];
			hz[nh].g = g;
			hz[nh].ge = F->adj_e[e];
			nh++;
		}
	}
	*nvis = nv;
	return nh;
}

/* The horizon must be one simple cycle, in order: each edge starts where
 * the one before ended (the last before the first), and no vertex starts
 * two edges.  A vertex's stamp is the last pass that saw it start an edge
 * (add_vertex clears it). */
static int horizon_is_cycle(epa_poly *P, const epa_edge *hz, int nh, int pass)
{
	int ok = nh >= 3 && hz[nh - 1].b == hz[0].a;
	for (int h = 0; h < nh; h++) {
		int a = hz[h].a;
		ok &= P->vstamp[a] != pass;
		P->vstamp[a] = pass;
		if (h + 1 < nh)
			ok &= hz[h].b == hz[h + 1].a;
	}
	return ok;
}

/* Replaces the visible faces by the fan of new faces from vertex iv to the
 * horizon (validated, with slots available), and stitches the adjacency:
 * each new face to the face across its horizon edge and to its two
 * neighbours in the fan, the faces of the edges before and after its own
 * on the cycle. */
static int patch(epa_poly *P, const int *visible, int nvis, epa_edge *hz, int nh, int iv)
{
	for (int i = 0; i < nvis; i++) {
		P->face[visible[i]].alive = 0;
		P->face[visible[i]].d = INFINITY;
		face_dist(P, visible[i]);
		P->free_slots[P->nfree++] = visible[i];
	}
	for (int h = 0; h < nh; h++) {
		int f = face_alloc(P);
		MK_ASSERT(f >= 0); /* poly_expand checked the room */
		if (f < 0)
			return -1;
		hz[h].f = f;
		epa_face *F = &P->face[f];
		F->v[0] = hz[h].a;
		F->v[1] = hz[h].b;
		F->v[2] = iv;
		F->n = hz[h].n;
		F->d = hz[h].d;
		F->alive = 1;
		F->stamp = 0;
		F->visible = 0;
		F->closed = 0;
		F->gen = P->gen++;
		face_dist(P, f);
	}
	if (P->q) {
		if (P->nq + nh > P->max_q)
			q_rebuild(P); /* drops the stale entries; the new faces are in */
		else
			for (int h = 0; h < nh; h++)
				q_push(P, hz[h].f);
	}
	for (int h = 0; h < nh; h++) {
		epa_face *F = &P->face[hz[h].f];
		int g = hz[h].g;
		F->adj[0] = g;
		F->adj_e[0] = hz[h].ge;
		P->face[g].adj[hz[h].ge] = hz[h].f;
		P->face[g].adj_e[hz[h].ge] = 0;
		F->adj[1] = hz[h + 1 < nh ? h + 1 : 0].f; /* across (b, w) */
		F->adj_e[1] = 2;                          /* its (w, b) */
		F->adj[2] = hz[h > 0 ? h - 1 : nh - 1].f; /* across (w, a) */
		F->adj_e[2] = 1;                          /* its (a, w) */
	}
	return 1;
}

/*
 * Adds vertex iv, seen beyond face f0.  Returns 1 on success, 0 when the
 * patch would be invalid (the polytope is then left unchanged), -1 when
 * out of capacity.
 */
static int poly_expand(epa_poly *P, int f0, int iv, int pass, double tol_in)
{
	int *visible = P->visible;
	int nvis;
	epa_edge *hz = P->hz;
	int nh = find_horizon(P, f0, P->vert[iv].w, pass, tol_in, visible, &nvis, hz);
	if (!horizon_is_cycle(P, hz, nh, pass))
		return 0;

	/* Validate every new face before touching the polytope. */
	if (!fan_planes(P, hz, nh, iv, tol_in))
		return 0;
	if (nh > P->nfree + nvis + (P->max_f - P->nf))
		return -1;
	return patch(P, visible, nvis, hz, nh, iv);
}

static int add_vertex(epa_poly *P, mk_vertex v)
{
	if (P->nv >= P->max_v)
		return -1;
	P->vert[P->nv] = v;
	P->vstamp[P->nv] = -1;
	return P->nv++;
}

/* A face as it was when its support distance was measured: kept by value,
 * since the face itself may be expanded away afterwards. */
typedef struct epa_cand {
	mk_vertex v[3];
	mink_vec3 n;
	double d;     /* the plane's distance from the origin (lower bound there) */
	double h;     /* support distance of A - B along n (an upper bound) */
	mk_vertex w;  /* the support point along n */
} epa_cand;

/* Barycentric weights of the origin's projection on the plane (n, d) of
 * triangle a, b, c; the return value is the smallest (negative when the
 * projection is outside). */
static double tri_bary(mink_vec3 a, mink_vec3 b, mink_vec3 c, mink_vec3 n, double d,
                       double l[3])
{
	mink_vec3 p = v3_scale(n, d);
	l[0] = v3_dot(v3_cross(v3_sub(b, p), v3_sub(c, p)), n);
	l[1] = v3_dot(v3_cross(v3_sub(c, p), v3_sub(a, p)), n);
	l[2] = v3_dot(v3_cross(v3_sub(a, p), v3_sub(b, p)), n);
	double sum = l[0] + l[1] + l[2];
	if (!(sum > 0.0)) {
		l[0] = l[1] = l[2] = 1.0 / 3.0;
		return -INFINITY;
	}
	for (int i = 0; i < 3; i++)
		l[i] /= sum;
	return fmin(l[0], fmin(l[1], l[2]));
}

/*
 * Contact from the face of the best upper bound: the origin's projection in
 * barycentric form, applied to the shapes' own support points.  Faces in
 * its plane (a triangulated polygon of the obstacle) tie on distance, so
 * the one that actually contains the projection is chosen among them.
 */
static void face_contact(const epa_poly *P, const epa_cand *c, double slack, mk_pen *out)
{
	const mk_vertex *V[3] = {&c->v[0], &c->v[1], &c->v[2]};
	double l[3];
	double score = tri_bary(V[0]->w, V[1]->w, V[2]->w, c->n, c->d, l);
	for (int f = 0; f < P->nf && score < 0.0; f++) {
		const epa_face *G = &P->face[f];
		if (!G->alive || G->d > c->d + slack || v3_dot(G->n, c->n) < 1.0 - 1e-12)
			continue;
		double m[3];
		const mk_vertex *g0 = &P->vert[G->v[0]], *g1 = &P->vert[G->v[1]],
		                *g2 = &P->vert[G->v[2]];
		double sc = tri_bary(g0->w, g1->w, g2->w, G->n, G->d, m);
		if (sc > score) {
			score = sc;
			V[0] = g0;
			V[1] = g1;
			V[2] = g2;
			l[0] = m[0];
			l[1] = m[1];
			l[2] = m[2];
		}
	}
	for (int i = 0; i < 3; i++)
		l[i] = fmax(l[i], 0.0);
	double sum = l[0] + l[1] + l[2];
	for (int i = 0; i < 3; i++)
		l[i] /= sum;
	out->pa = v3_add(v3_add(v3_scale(V[0]->a, l[0]), v3_scale(V[1]->a, l[1])),
	                 v3_scale(V[2]->a, l[2]));
	out->pb = v3_add(v3_add(v3_scale(V[0]->b, l[0]), v3_scale(V[1]->b, l[1])),
	                 v3_scale(V[2]->b, l[2]));
	/*
	 * Report the support distance h along the normal, the upper bound: it is
	 * exactly the translation of B along n that ends the overlap, so depth
	 * and normal certify each other even on smooth shapes, where the normal
	 * is only known to the square root of the gap.  The two points share
	 * the difference (the gap along n, rounding or clamping across it) to
	 * keep pa - pb = depth * n exactly.
	 */
	mink_vec3 n = c->n;
	/* Onto each shape's support plane along n (w holds the support points
	 * along n): on a curved core the face's points lie below the surface by
	 * up to the gap; on a flat part of it this puts them on the surface. */
	out->pa = mk_onto_plane(out->pa, n, c->w.a);
	out->pb = mk_onto_plane(out->pb, n, c->w.b);
	double depth = c->h > 0.0 ? c->h : 0.0;
	mk_share_difference(&out->pa, &out->pb, v3_scale(n, depth));
	out->depth = depth;
	out->normal = n;
}

/* Deterministic sign for a direction whose two senses are equally good. */
static mink_vec3 canonical(mink_vec3 n)
{
	double m = n.x;
	if (fabs(n.y) > fabs(m))
		m = n.y;
	if (fabs(n.z) > fabs(m))
		m = n.z;
	return m < 0.0 ? v3_neg(n) : n;
}

static double dist_to_line(mink_vec3 p, mink_vec3 a, mink_vec3 u)
{
	mink_vec3 ap = v3_sub(p, a);
	return v3_len(v3_sub(ap, v3_scale(u, v3_dot(ap, u))));
}

/* Drops degenerate dimensions of GJK's final simplex (flat tetrahedron,
 * collinear triangle, coincident segment ends), keeping the origin in it. */
static void reduce_degenerate(mk_simplex *s, double eps)
{
	if (s->n == 4) {
		mink_vec3 a = s->v[0].w, b = s->v[1].w, c = s->v[2].w, d = s->v[3].w;
		double scale = v3_len(v3_sub(b, a)) * v3_len(v3_sub(c, a)) * v3_len(v3_sub(d, a));
		if (!(fabs(v3_vol6(a, b, c, d)) > 1e-13 * scale)) {
			static const int tri[4][3] = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
			mk_best_subsimplex(s, tri, 4, 3);
		}
	}
	if (s->n == 3) {
		mink_vec3 a = s->v[0].w, b = s->v[1].w, c = s->v[2].w;
		mink_vec3 ab = v3_sub(b, a), ac = v3_sub(c, a);
		if (!(v3_len(v3_cross(ab, ac)) > 1e-13 * v3_len(ab) * v3_len(ac))) {
			static const int seg[3][3] = {{0, 1, 0}, {1, 2, 0}, {0, 2, 0}};
			mk_best_subsimplex(s, seg, 3, 2);
		}
	}
	mk_collapse_segment(s, eps);
}

/* A 2-point simplex (a segment through the origin) becomes a triangle by
 * probing the four directions orthogonal to it; 1 when a probe settled the
 * answer in *out. */
static int blow_up_segment(const mk_shape *A, const mk_shape *B, mk_simplex *s,
                           const mk_tol *tol, mk_pen *out)
{
	mk_vertex w;
	mink_vec3 a = s->v[0].w;
	mink_vec3 u = v3_normalize_or(v3_sub(s->v[1].w, a), v3(1, 0, 0));
	mink_vec3 d1 = v3_any_orthogonal(u);
	mink_vec3 d2 = v3_cross(u, d1);
	mink_vec3 dirs[4] = {d1, v3_neg(d1), d2, v3_neg(d2)};
	for (int i = 0; i < 4 && s->n == 2; i++) {
		if (mk_probe(A, B, s, dirs[i], tol->abs, &w, out))
			return 1;
		if (dist_to_line(w.w, a, u) > tol->eps) {
			s->v[2] = w;
			s->bc[2] = 0.0;
			s->n = 3;
		}
	}
	if (s->n == 2) {
		mk_touch_contact(s, canonical(d1), 0.0, out);
		out->warning = MINK_WARN_DEGENERATE;
		return 1;
	}
	return 0;
}

/* A 3-point simplex (a triangle the origin lies on) becomes a tetrahedron
 * with the support point on one side of it; 1 when a probe settled the
 * answer in *out. */
static int blow_up_triangle(const mk_shape *A, const mk_shape *B, mk_simplex *s,
                            const mk_tol *tol, epa_poly *P, mk_pen *out)
{
	mk_vertex w;
	mink_vec3 a = s->v[0].w, b = s->v[1].w, c = s->v[2].w;
	mink_vec3 n = canonical(v3_normalize_or(v3_cross(v3_sub(b, a), v3_sub(c, a)),
	                                        v3(0, 0, 1)));
	if (mk_probe(A, B, s, n, tol->abs, &w, out))
		return 1;
	mk_vertex wm;
	if (mk_probe(A, B, s, v3_neg(n), tol->abs, &wm, out))
		return 1;
	/* The origin lies on triangle abc; the side of w makes a tetrahedron
	 * with the origin on its face, which the first step expands. */
	s->v[3] = w;
	s->bc[3] = 0.0;
	s->n = 4;
	P->nv = 0;
	for (int i = 0; i < 4; i++)
		add_vertex(P, s->v[i]);
	/* w on the line of an edge leaves a face without a plane: the
	 * other side's support point makes the tetrahedron instead. */
	if (!poly_init(P)) {
		s->v[3] = wm;
		P->vert[3] = wm;
	}
	return 0;
}

/*
 * Blows the simplex up to a tetrahedron around the origin, in P.  Each probe
 * either finds a new vertex off the current flat, or shows that the
 * obstacle ends at the origin in that direction: then the shapes touch and
 * that is the exact answer (1, in *out).
 */
static int blow_up(const mk_shape *A, const mk_shape *B, mk_simplex *s, const mk_tol *tol,
                   epa_poly *P, mk_pen *out)
{
	if (s->n == 1) {
		static const mink_vec3 axes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0},
		                                  {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
		if (mk_blow_up_point(A, B, s, axes, 6, tol, out))
			return 1;
	}
	if (s->n == 2 && blow_up_segment(A, B, s, tol, out))
		return 1;
	if (s->n == 3 && blow_up_triangle(A, B, s, tol, P, out))
		return 1;

	P->nv = 0;
	for (int i = 0; i < 4; i++)
		add_vertex(P, s->v[i]);
	if (!poly_init(P)) {
		mk_touch_contact(s, v3(1, 0, 0), 0.0, out);
		out->warning = MINK_WARN_DEGENERATE;
		return 1;
	}
	return 0;
}

/*
 * The concentric balls' lower bound on the depth (mk_ball_bound) about the
 * best face's support points, or the shapes' origins before there is one.
 * Where the support distance has a continuum of minimisers (a corner at a
 * cylinder's centre), the polytope's own bound never closes, and this one
 * is exact.
 */
static double ball_bound(const mk_shape *A, const mk_shape *B, const epa_cand *c)
{
	if (c->h < INFINITY)
		return mk_ball_bound(A, B, c->w.a, c->w.b, 3, 0);
	return mk_ball_bound(A, B, A->pos, B->pos, 3, 0);
}

/*
 * The closest open face: the first slot of the least dsel, or -1 when
 * every face is closed; *lower the least dall, the polytope's lower bound.
 * Four slots at a time where the CPU has AVX2: the least of each lane,
 * folded, then the first slot that holds it.  Both forms pass over a NaN
 * as the comparison d < least does, and read the same slots in chunks of
 * four, so they pick the same face.
 */
static int closest_scalar(const epa_poly *P, double *lower)
{
	int n = (P->nf + 3) & ~3, best = -1;
	double low = INFINITY, bd = INFINITY;
	for (int f = 0; f < n; f++) {
		double d = P->dall[f], e = P->dsel[f];
		low = d < low ? d : low;
		int take = e < bd;
		best = take ? f : best;
		bd = take ? e : bd;
	}
	*lower = low;
	return best;
}

#if MK_AVX2
__attribute__((target("avx2"))) static double fold_min(__m256d v)
{
	__m128d lo = _mm256_castpd256_pd128(v), hi = _mm256_extractf128_pd(v, 1);
	lo = _mm_min_pd(hi, lo);
	return _mm_cvtsd_f64(_mm_min_sd(_mm_unpackhi_pd(lo, lo), lo));
}

__attribute__((target("avx2"))) static int closest_avx2(const epa_poly *P, double *lower)
{
	int n = (P->nf + 3) & ~3;
	__m256d la = _mm256_set1_pd(INFINITY), ls = la;
	for (int f = 0; f < n; f += 4) {
		/* min(x, acc) is acc where x is NaN */
		la = _mm256_min_pd(_mm256_loadu_pd(P->dall + f), la);
		ls = _mm256_min_pd(_mm256_loadu_pd(P->dsel + f), ls);
	}
	*lower = fold_min(la);
	double bd = fold_min(ls);
	if (!(bd < INFINITY))
		return -1;
	__m256d want = _mm256_set1_pd(bd);
	for (int f = 0; f < n; f += 4) {
		int m = _mm256_movemask_pd(_mm256_cmp_pd(_mm256_loadu_pd(P->dsel + f), want, _CMP_EQ_OQ));
		if (m)
			return f + __builtin_ctz((unsigned)m);
	}
	return -1;
}

static int closest_face(const epa_poly *P, double *lower)
{
	if (mk_have_avx2())
		return closest_avx2(P, lower);
	return closest_scalar(P, lower);
}
#else
static int closest_face(const epa_poly *P, double *lower)
{
	return closest_scalar(P, lower);
}
#endif

/*
 * Expands the closest open face until its support distance meets it.
 * Every support distance h measured along a unit n is an upper bound on
 * the depth (translating B by h along n ends the overlap), and the
 * closest face of the polytope, which lies inside A - B, a lower bound:
 * the answer is the best upper bound (in *bestc), certified when the lower
 * bound (returned) meets it.  A face whose expansion fails numerically is
 * closed: it still bounds the depth from below, and the others go on
 * expanding, so one bad face never ends the search with its own guess.
 */
static double expand(const mk_shape *A, const mk_shape *B, const mk_tol *tol, epa_poly *P,
                     epa_cand *bestc, mk_pen *out)
{
	int pass = 0;
	bestc->h = INFINITY;
	double lower = -INFINITY, balls = -INFINITY;
	for (;;) {
		int best = -1;
		lower = INFINITY;
		if (P->q) {
			/* The same face the scan below picks, from the queue. */
			while (P->nq > 0 && !q_current(P, &P->q[0]))
				q_pop(P);
			if (P->nq > 0) {
				best = P->q[0].f;
				lower = P->q[0].d;
			}
			for (int i = 0; i < P->nclosed; i++) {
				const epa_face *F = &P->face[P->closed[i]];
				if (F->alive && F->d < lower)
					lower = F->d;
			}
		} else {
			best = closest_face(P, &lower);
		}
		if (best < 0)
			break; /* every face closed */
		const epa_face *F = &P->face[best];
		mk_vertex w = mk_support_cso(A, B, F->n);
		double h = v3_dot(w.w, F->n);
		double slack = tol->rel * fabs(F->d) + tol->abs;
		int done = h - F->d <= slack;
		/* The converged face is preferred to an earlier one within the
		 * tolerance: it contains the origin's projection, so its contact
		 * lies on the shapes. */
		if (h < bestc->h || (done && h <= bestc->h + slack)) {
			for (int i = 0; i < 3; i++)
				bestc->v[i] = P->vert[F->v[i]];
			bestc->n = F->n;
			bestc->d = F->d;
			bestc->h = h;
			bestc->w = w;
		}
		if (done)
			break;
		/* The balls' bound, asked once a search is long (a continuum of
		 * minimisers: any support distance measured on it is exact, and
		 * the balls' bound too where it is tight) and again when the
		 * stack's room runs out; certified when it meets the best. */
		if (out->iterations == EPA_BALLS_AT)
			balls = fmax(balls, ball_bound(A, B, bestc));
		if (bestc->h - balls <= mk_slack(tol, bestc->h))
			break;
		/* A support point that is already a corner of the face: the face
		 * lies on the boundary, only rounding kept the gap open. */
		if (v3_same(w.w, P->vert[F->v[0]].w) || v3_same(w.w, P->vert[F->v[1]].w) ||
		    v3_same(w.w, P->vert[F->v[2]].w))
			break;
		if (out->iterations >= tol->max_epa) {
			out->warning = MINK_WARN_EPA_ITERATIONS;
			break;
		}
		int iv = add_vertex(P, w);
		int r = iv < 0 ? -1 : poly_expand(P, best, iv, ++pass, tol->eps);
		if (r < 0) {
			/* Out of room: the balls' bound may certify the best answer
			 * already; else the search goes on in the heap's room. */
			if (iv >= 0)
				P->nv--;
			if (P->heap == NULL) {
				balls = fmax(balls, ball_bound(A, B, bestc));
				if (bestc->h - balls <= mk_slack(tol, bestc->h))
					break;
				/* For a polytope in a cylinder or a cone the slices'
				 * bound, asked only as far as the stop below needs: it
				 * certifies nothing here, the refinement's normal gets
				 * the exact bound (certify_by_balls). */
				mink_vec3 wa = bestc->h < INFINITY ? bestc->w.a : A->pos;
				mink_vec3 wb = bestc->h < INFINITY ? bestc->w.b : B->pos;
				mink_vec3 wn = bestc->h < INFINITY ? bestc->n : v3(0, 0, 1);
				double near = bestc->h - 1e-3 * fabs(bestc->h);
				balls = fmax(balls, mk_slice_bound(A, B, near));
				/* and a point of one on the other's axis, a ring */
				if ((A->smooth || B->smooth) && !(balls >= near))
					balls = fmax(balls,
					             mk_ring_bound(A, B, wn, wa, wb, near,
					                           mk_slack(tol, bestc->h), NULL));
				/* Near a curved pair's minimiser the balls' bound is
				 * close but the polytope's normal is not exact: a
				 * continuum of minimisers, which more vertices do not
				 * resolve; the refinement on the support function does,
				 * and the caller's balls then certify it. */
				if ((A->smooth || B->smooth) &&
				    (bestc->h - balls <= 1e-3 * fabs(bestc->h) || balls >= near)) {
					out->warning = MINK_WARN_EPA_CAPACITY;
					break;
				}
			}
			if (poly_grow(P))
				continue; /* the same step again, with room */
			out->warning = MINK_WARN_EPA_CAPACITY;
			break;
		}
		if (r == 0) {
			P->nv--;
			P->face[best].closed = 1;
			face_dist(P, best);
			if (P->q && P->nclosed < P->max_f)
				P->closed[P->nclosed++] = best;
			else if (P->q)
				q_rebuild(P);
		}
		out->iterations++;
	}
	return fmax(lower, balls);
}

void mk_epa3(const mk_shape *A, const mk_shape *B, const mk_simplex *s0,
             const mk_tol *tol, mk_pen *out)
{
	epa_room room;
	epa_poly P;
	mk_simplex s = *s0;

	poly_on_stack(&P, &room);
	out->iterations = 0;
	out->warning = MINK_WARN_NONE;
	out->lower = -INFINITY;
	reduce_degenerate(&s, tol->eps);
	if (blow_up(A, B, &s, tol, &P, out))
		return;

	epa_cand bestc;
	double lower = expand(A, B, tol, &P, &bestc, out);
	/* Certified when the lower bound meets the best upper bound; a closed
	 * face below it leaves a gap the search could not close. */
	if (out->warning == MINK_WARN_NONE &&
	    !(bestc.h - lower <= mk_slack(tol, bestc.h)))
		out->warning = MINK_WARN_DEGENERATE;
	face_contact(&P, &bestc, tol->rel * fabs(bestc.d) + tol->abs, out);
	out->lower = lower;
	free(P.heap);
}
