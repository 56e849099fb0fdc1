/*
 * shape.c - support functions of every shape kind, 2D and 3D, and the
 * translation of public shapes into cores plus a swept radius.
 *
 * Spheres, circles and capsules become a point or a segment swept by their
 * radius, so GJK/EPA run on polytopes and the radius is added exactly
 * afterwards (Jolt, Coal and MuJoCo do the same).
 */
#include <float.h>
#include <math.h>
#include <stddef.h>

#include "internal.h"

#if MK_SSE2
#include <emmintrin.h>
#endif

_Static_assert(sizeof(mink_vec3) == 3 * sizeof(double), "mink_vec3 is three packed doubles");

#if MK_SSE2
/*
 * Two points at q (48 bytes: x0 y0 z0 x1 y1 z1) against e = (ex, ey, ez):
 * the lanes hold x0 ex + y0 ey + z0 ez and the same for the second point,
 * each rounded as v3_dot rounds it ((x ex + y ey) + z ez).  exy, ezx, eyz
 * are (ex, ey), (ez, ex), (ey, ez); with e the points themselves (square),
 * the squared lengths, as v3_len2 rounds them.
 */
static inline __m128d pair_sums(__m128d a, __m128d b, __m128d c)
{
	/* a = (x0 ex, y0 ey), b = (z0 ez, x1 ex), c = (y1 ey, z1 ez) */
	return _mm_add_pd(_mm_add_pd(_mm_shuffle_pd(a, b, 2), _mm_shuffle_pd(a, c, 1)),
	                  _mm_shuffle_pd(b, c, 2));
}
#endif

/*
 * The first of p[0, n) with the greatest p.d.  On x86-64 two points at a
 * time in the lanes of SSE2 registers: the 48 bytes of a pair are three
 * loads, multiplied by (dx, dy), (dz, dx), (dy, dz), and regrouped so that
 * each lane sums its point's products in v3_dot's order ((x dx + y dy) +
 * z dz): the same roundings, hence the same point as the scalar loop, ties
 * to the first (each lane keeps its first greatest, the lower index wins
 * between equal lanes), and p[0] kept when its product is NaN, as there.
 * The loop carries no branch, only a max (and a blend of indices), not a
 * compare-and-jump whose outcome the points' order makes unpredictable.
 */
mink_vec3 mk_support_points3(const mink_vec3 *p, int n, mink_vec3 d)
{
	int best = 0;
	double bd = v3_dot(p[0], d);
#if MK_SSE2
	if (n >= 5) {
		const double *q = &p[1].x;
		__m128d dxy = _mm_set_pd(d.y, d.x), dzx = _mm_set_pd(d.x, d.z), dyz = _mm_set_pd(d.z, d.y);
		__m128d top = _mm_set1_pd(bd), at = _mm_set_pd(2, 1), which = _mm_setzero_pd();
		__m128d two = _mm_set1_pd(2);

		/* Pairs from p[1]; an odd point left over is taken with the one
		 * before it, seen twice: a lane that sees a point again keeps its
		 * first greatest, so the answer is the same. */
		for (int i = 1; i < n; i += 2, q += 6) {
			if (i + 2 > n) {
				q -= 3;
				at = _mm_sub_pd(at, _mm_set1_pd(1));
			}
			__m128d dot = pair_sums(_mm_mul_pd(_mm_loadu_pd(q), dxy),
			                        _mm_mul_pd(_mm_loadu_pd(q + 2), dzx),
			                        _mm_mul_pd(_mm_loadu_pd(q + 4), dyz));
			__m128d gt = _mm_cmpgt_pd(dot, top);

			top = _mm_max_pd(dot, top); /* dot where dot > top, else top (NaN kept) */
			which = _mm_or_pd(_mm_and_pd(gt, at), _mm_andnot_pd(gt, which));
			at = _mm_add_pd(at, two);
		}
		/* The greater lane, ties to the lower index, without a jump: in
		 * the low lanes, one = (hi > lo) or (hi == lo and its index less). */
		__m128d top_hi = _mm_unpackhi_pd(top, top), which_hi = _mm_unpackhi_pd(which, which);
		__m128d one = _mm_or_pd(_mm_cmpgt_sd(top_hi, top),
		                        _mm_and_pd(_mm_cmpeq_sd(top_hi, top), _mm_cmplt_sd(which_hi, which)));
		best = _mm_cvttsd_si32(_mm_or_pd(_mm_and_pd(one, which_hi), _mm_andnot_pd(one, which)));
		return p[best];
	}
#endif
	for (int i = 1; i < n; i++) {
		double t = v3_dot(p[i], d);
		if (t > bd) {
			bd = t;
			best = i;
		}
	}
	return p[best];
}

#if MK_AVX2
#include <immintrin.h>

/* Asked at every query (a load and a test of what libgcc found at start):
 * a flag cached here would be shared between threads without a lock. */
int mk_have_avx2(void)
{
	return __builtin_cpu_supports("avx2") != 0;
}

/*
 * mk_support_points3 four points at a time, from the points' coordinates
 * in three arrays of stride m, a multiple of four (soa_prepare pads them
 * with p[0]): three loads, three products and two sums in v3_dot's order
 * make four dots, rounded as the scalar loop rounds them.  As there, p[0]
 * starts every lane and a lane takes a point only when its dot is greater
 * (so a NaN dot is passed over, and a NaN start kept): the pad, p[0]
 * again, never is.  The lanes fold to the greatest, ties to the lower
 * index: the first of the greatest.  Whole chunks of four, so the one
 * branch is the loop's own (a tail re-reading the last four points cost a
 * mispredicted branch a scan, some 20 a query of small hulls in mixed
 * order).
 */
typedef struct soa_lanes {
	__m256d top, which;
} soa_lanes;

__attribute__((target("avx2"))) static inline soa_lanes soa_begin(const double *xyz, int m,
                                                                 mink_vec3 d)
{
	soa_lanes l;
	l.top = _mm256_set1_pd(xyz[0] * d.x + xyz[m] * d.y + xyz[2 * m] * d.z);
	l.which = _mm256_setzero_pd();
	return l;
}

/* The dots of points i .. i+3 with (dx, dy, dz), in v3_dot's order. */
__attribute__((target("avx2"))) static inline __m256d soa_dot(const double *xyz, int m, int i,
                                                             __m256d dx, __m256d dy,
                                                             __m256d dz)
{
	return _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_loadu_pd(xyz + i), dx),
	                                   _mm256_mul_pd(_mm256_loadu_pd(xyz + m + i), dy)),
	                     _mm256_mul_pd(_mm256_loadu_pd(xyz + 2 * m + i), dz));
}

/* Points i .. i+3 (at: their indices) into the lanes. */
__attribute__((target("avx2"))) static inline void soa_step(soa_lanes *l, const double *xyz,
                                                           int m, int i, __m256d dx,
                                                           __m256d dy, __m256d dz, __m256d at)
{
	__m256d dot = soa_dot(xyz, m, i, dx, dy, dz);
	__m256d gt = _mm256_cmp_pd(dot, l->top, _CMP_GT_OQ);
	l->top = _mm256_max_pd(dot, l->top); /* dot where dot > top, else top (NaN kept) */
	l->which = _mm256_blendv_pd(l->which, at, gt);
}

/* Four lanes to two, two to one: the upper taken where it is greater, or
 * equal with a lower index. */
__attribute__((target("avx2"))) static inline int soa_fold(soa_lanes l)
{
	__m128d t0 = _mm256_castpd256_pd128(l.top), t1 = _mm256_extractf128_pd(l.top, 1);
	__m128d w0 = _mm256_castpd256_pd128(l.which), w1 = _mm256_extractf128_pd(l.which, 1);
	__m128d one = _mm_or_pd(_mm_cmpgt_pd(t1, t0), _mm_and_pd(_mm_cmpeq_pd(t1, t0), _mm_cmplt_pd(w1, w0)));
	t0 = _mm_blendv_pd(t0, t1, one);
	w0 = _mm_blendv_pd(w0, w1, one);
	t1 = _mm_unpackhi_pd(t0, t0);
	w1 = _mm_unpackhi_pd(w0, w0);
	one = _mm_or_pd(_mm_cmpgt_sd(t1, t0), _mm_and_pd(_mm_cmpeq_sd(t1, t0), _mm_cmplt_sd(w1, w0)));
	return _mm_cvttsd_si32(_mm_blendv_pd(w0, w1, one));
}

__attribute__((target("avx2"))) int mk_support_soa3(const double *xyz, int m, mink_vec3 d)
{
	__m256d dx = _mm256_set1_pd(d.x), dy = _mm256_set1_pd(d.y), dz = _mm256_set1_pd(d.z);
	__m256d at = _mm256_set_pd(3, 2, 1, 0), four = _mm256_set1_pd(4);
	soa_lanes l = soa_begin(xyz, m, d);
	for (int i = 0; i < m; i += 4) {
		soa_step(&l, xyz, m, i, dx, dy, dz, at);
		at = _mm256_add_pd(at, four);
	}
	return soa_fold(l);
}

/* The points i < n of the copy (stride m) whose dot with d is at least
 * lim, in index order: the first max of them into at[], the count
 * returned.  The dots are v3_dot's, as in the scan. */
__attribute__((target("avx2"))) int mk_soa_above(const double *xyz, int m, int n, mink_vec3 d,
                                                double lim, int *at, int max)
{
	__m256d dx = _mm256_set1_pd(d.x), dy = _mm256_set1_pd(d.y), dz = _mm256_set1_pd(d.z);
	__m256d lv = _mm256_set1_pd(lim);
	int kept = 0;
	for (int i = 0; i < n; i += 4) {
		__m256d dot = soa_dot(xyz, m, i, dx, dy, dz);
		unsigned bits = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(dot, lv, _CMP_GE_OQ));
		if (n - i < 4)
			bits &= (1u << (n - i)) - 1; /* the pad */
		while (bits) {
			if (kept < max)
				at[kept] = i + __builtin_ctz(bits);
			kept++;
			bits &= bits - 1;
		}
	}
	return kept;
}

/* Two scans of the same stride in one loop: a along da, b along db.  The
 * two chains of greatest dots advance side by side, and the loop ends
 * once (two loops each ended on a jump the predictor rarely gets right
 * when the sizes change from query to query, and the second scan began
 * only after it). */
__attribute__((target("avx2"))) void mk_support_soa3_pair(const double *a, const double *b,
                                                         int m, mink_vec3 da, mink_vec3 db,
                                                         int *ia, int *ib)
{
	__m256d ax = _mm256_set1_pd(da.x), ay = _mm256_set1_pd(da.y), az = _mm256_set1_pd(da.z);
	__m256d bx = _mm256_set1_pd(db.x), by = _mm256_set1_pd(db.y), bz = _mm256_set1_pd(db.z);
	__m256d at = _mm256_set_pd(3, 2, 1, 0), four = _mm256_set1_pd(4);
	soa_lanes la = soa_begin(a, m, da), lb = soa_begin(b, m, db);
	for (int i = 0; i < m; i += 4) {
		soa_step(&la, a, m, i, ax, ay, az, at);
		soa_step(&lb, b, m, i, bx, by, bz, at);
		at = _mm256_add_pd(at, four);
	}
	*ia = soa_fold(la);
	*ib = soa_fold(lb);
}
#else

int mk_have_avx2(void)
{
	return 0;
}

int mk_support_soa3(const double *xyz, int m, mink_vec3 d)
{
	int best = 0;
	double bd = xyz[0] * d.x + xyz[m] * d.y + xyz[2 * m] * d.z;
	for (int i = 1; i < m; i++) {
		double t = xyz[i] * d.x + xyz[m + i] * d.y + xyz[2 * m + i] * d.z;
		if (t > bd) {
			bd = t;
			best = i;
		}
	}
	return best;
}

void mk_support_soa3_pair(const double *a, const double *b, int m, mink_vec3 da, mink_vec3 db,
                          int *ia, int *ib)
{
	*ia = mk_support_soa3(a, m, da);
	*ib = mk_support_soa3(b, m, db);
}

int mk_soa_above(const double *xyz, int m, int n, mink_vec3 d, double lim, int *at, int max)
{
	int kept = 0;
	for (int i = 0; i < n; i++)
		if (xyz[i] * d.x + xyz[m + i] * d.y + xyz[2 * m + i] * d.z >= lim) {
			if (kept < max)
				at[kept] = i;
			kept++;
		}
	return kept;
}
#endif

static mink_vec3 support_points2(const mink_vec2 *p, int n, mink_vec3 d)
{
	int best = 0;
	double bd = p[0].x * d.x + p[0].y * d.y;
	for (int i = 1; i < n; i++) {
		double t = p[i].x * d.x + p[i].y * d.y;
		if (t > bd) {
			bd = t;
			best = i;
		}
	}
	return v3(p[best].x, p[best].y, 0.0);
}

/* Unit direction of (x, y), or zero; robust to tiny and huge inputs. */
static void unit2(double x, double y, double *ux, double *uy)
{
	double m = fmax(fabs(x), fabs(y));
	if (!(m > 0.0)) {
		*ux = 0.0;
		*uy = 0.0;
		return;
	}
	x /= m;
	y /= m;
	double l = sqrt(x * x + y * y);
	*ux = x / l;
	*uy = y / l;
}

/*
 * Hill climbing over the hull's vertex graph (steepest ascent), warm-started
 * at the previous answer: successive GJK/EPA directions are close, so a few
 * steps usually suffice.  A vertex no neighbour improves on is a global
 * maximum of a linear function over a convex polytope.
 */
static mink_vec3 support_climb(const mk_shape *s, mink_vec3 d)
{
	const mink_vec3 *p = s->points3;
	int v = *s->cursor;
	double best = v3_dot(p[v], d);
	/* EPA's directions jump about: start from the best of the previous
	 * answer and the extreme vertex of the nearest direction the build
	 * tabled (or, without a table, of the six axes). */
	if (s->dir_seed) {
		int u = s->dir_seed[mk_dir_cell(d, s->dir_res)];
		double t = v3_dot(p[u], d);
		if (t > best) {
			best = t;
			v = u;
		}
	} else {
		for (int k = 0; k < 6; k++) {
			double t = v3_dot(p[s->seed[k]], d);
			if (t > best) {
				best = t;
				v = s->seed[k];
			}
		}
	}
	for (;;) {
		int moved = 0;
		for (int k = s->adj_start[v]; k < s->adj_start[v + 1]; k++) {
			int u = s->adj[k];
			double t = v3_dot(p[u], d);
			if (t > best) {
				best = t;
				v = u;
				moved = 1;
				break;
			}
		}
		if (!moved)
			break;
	}
	*s->cursor = v;
	return p[v];
}

/* support_climb on the walk block (mk_walk): the same start, the same
 * neighbours in the same order, the same comparisons, so the same path and
 * the same vertex; a step reads one record and its neighbours' records.
 * A climb's state is its record and that vertex's height. */
typedef struct walk_climb {
	const double *rec;
	mink_vec3 d;
	int r;
	double best;
} walk_climb;

static inline void walk_start(walk_climb *c, const mk_shape *s, mink_vec3 d)
{
	const double *rec = s->walk->rec;
	int r = *s->walk_cursor;
	double best = rec[r] * d.x + rec[r + 1] * d.y + rec[r + 2] * d.z;
	int u = s->walk->seed[mk_dir_cell(d, s->dir_res)];
	double t = rec[u] * d.x + rec[u + 1] * d.y + rec[u + 2] * d.z;
	if (t > best) {
		best = t;
		r = u;
	}
	c->rec = rec;
	c->d = d;
	c->r = r;
	c->best = best;
}

/* One step: to the first neighbour higher than the vertex; 0 at the top. */
static inline int walk_step(walk_climb *c)
{
	const double *rec = c->rec;
	const int *h = (const int *)(const void *)(rec + c->r + 3);
	int deg = h[1];
	for (int k = 0; k < deg; k++) {
		int q = h[2 + k];
		double t = rec[q] * c->d.x + rec[q + 1] * c->d.y + rec[q + 2] * c->d.z;
		if (t > c->best) {
			c->best = t;
			c->r = q;
			return 1;
		}
	}
	return 0;
}

static inline mink_vec3 walk_end(const walk_climb *c, const mk_shape *s)
{
	const double *rec = c->rec;
	*s->walk_cursor = c->r;
	*s->cursor = ((const int *)(const void *)(rec + c->r + 3))[0];
	return v3(rec[c->r], rec[c->r + 1], rec[c->r + 2]);
}

static mink_vec3 support_walk(const mk_shape *s, mink_vec3 d)
{
	walk_climb c;
	walk_start(&c, s, d);
	while (walk_step(&c))
		;
	return walk_end(&c, s);
}

/* Both climbs of a support of A - B, a step of each in turn: the two
 * chains of reads are independent, so one's cache misses wait alongside
 * the other's instead of after them.  Each climb takes the path it takes
 * alone. */
mk_vertex mk_support_cso_walk(const mk_shape *A, const mk_shape *B, mink_vec3 d)
{
	walk_climb ca, cb;
	mink_vec3 nd = v3_neg(d);
	walk_start(&ca, A, mk_local_dir(A, d));
	walk_start(&cb, B, mk_local_dir(B, nd));
	int ua = 1, ub = 1;
	while (ua & ub) {
		ua = walk_step(&ca);
		ub = walk_step(&cb);
	}
	while (ua && walk_step(&ca))
		;
	while (ub && walk_step(&cb))
		;
	mk_vertex v;
	v.a = mk_place(A, walk_end(&ca, A));
	v.b = mk_place(B, walk_end(&cb, B));
	v.w = v3_sub(v.a, v.b);
	return v;
}

mk_vertex mk_support_cso_soa(const mk_shape *A, const mk_shape *B, mink_vec3 d)
{
	mink_vec3 nd = v3_neg(d);
	int ia, ib;
	mk_support_soa3_pair(A->soa, B->soa, A->soa_m, mk_local_dir(A, d),
	                     mk_local_dir(B, nd), &ia, &ib);
	mk_vertex v;
	v.a = mk_place(A, A->points3[ia]);
	v.b = mk_place(B, B->points3[ib]);
	v.w = v3_sub(v.a, v.b);
	return v;
}

/*
 * Gives A's and B's copies for the four-lane scan one stride, the greater
 * (the shorter's arrays moved up and padded with its first point, which
 * never wins), so that supports of A - B scan both in one loop.
 */
void mk_soa_same_stride(mk_shape *A, mk_shape *B)
{
	mk_shape *s = A->soa_m < B->soa_m ? A : B;
	int m0 = s->soa_m, m = A->soa_m < B->soa_m ? B->soa_m : A->soa_m;
	if (m0 == m)
		return;
	double *xyz = (double *)s->soa; /* the query's scratch */
	mink_vec3 p0 = s->points3[0];
	memmove(xyz + 2 * m, xyz + 2 * m0, sizeof(double) * (size_t)m0);
	memmove(xyz + m, xyz + m0, sizeof(double) * (size_t)m0);
	for (int i = m0; i < m; i++) {
		xyz[i] = p0.x;
		xyz[m + i] = p0.y;
		xyz[2 * m + i] = p0.z;
	}
	s->soa_m = m;
}

/*
 * The extreme vertices along +-x, +-y, +-z, found by climbing from vertex
 * 0 in that order, and the largest of their distances from the origin: the
 * size of the hull within a factor sqrt(3), without a scan of every point
 * (it only scales tolerances).  mink_hull_build() stores both, so that
 * queries on a built hull need not climb for them again.
 */
static void shape_init(mk_shape *c, double margin);

int mk_dir_cell(mink_vec3 d, int res)
{
	double ax = fabs(d.x), ay = fabs(d.y), az = fabs(d.z), m, u, w;
	int f;
	if (ax >= ay && ax >= az) {
		f = d.x < 0.0;
		m = ax;
		u = d.y;
		w = d.z;
	} else if (ay >= az) {
		f = 2 + (d.y < 0.0);
		m = ay;
		u = d.z;
		w = d.x;
	} else {
		f = 4 + (d.z < 0.0);
		m = az;
		u = d.x;
		w = d.y;
	}
	if (!(m > 0.0) || !(m < INFINITY))
		return 0;
	int i = (int)((u / m + 1.0) * 0.5 * res), j = (int)((w / m + 1.0) * 0.5 * res);
	i = i < 0 ? 0 : i >= res ? res - 1 : i;
	j = j < 0 ? 0 : j >= res ? res - 1 : j;
	return (f * res + i) * res + j;
}

mink_vec3 mk_dir_of_cell(int cell, int res)
{
	int j = cell % res, i = (cell / res) % res, f = cell / (res * res);
	double m = f % 2 ? -1.0 : 1.0, u = (2.0 * i + 1.0) / res - 1.0, w = (2.0 * j + 1.0) / res - 1.0;
	switch (f / 2) {
	case 0: return v3(m, u, w);
	case 1: return v3(w, m, u);
	default: return v3(u, w, m);
	}
}

/* A bare climbing shape over a hull's points and adjacency, every seed at
 * `start`, its cursor in *cursor: what the tables below are built with. */
static void climb_shape(mk_shape *c, const mink_vec3 *points, const int *adj_start,
                        const int *adj, int start, int *cursor)
{
	shape_init(c, 0.0);
	c->type = CORE_CLIMB3;
	c->points3 = points;
	c->adj_start = adj_start;
	c->adj = adj;
	*cursor = start;
	c->cursor = cursor;
	for (int i = 0; i < 6; i++)
		c->seed[i] = start;
}

void mk_climb_table(const mink_vec3 *points, const int *adj_start, const int *adj, int start,
                    int res, int *table)
{
	mk_shape c;
	int cursor;
	climb_shape(&c, points, adj_start, adj, start, &cursor);
	for (int k = 0; k < 6 * res * res; k++) {
		(void)support_climb(&c, mk_dir_of_cell(k, res));
		table[k] = cursor;
	}
}

void mk_climb_seeds(const mink_vec3 *points, const int *adj_start, const int *adj, int seed[6],
                    double *bound)
{
	static const mink_vec3 axes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0},
	                                  {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
	mk_shape c;
	int cursor;
	climb_shape(&c, points, adj_start, adj, 0, &cursor);
	for (int i = 0; i < 6; i++) {
		c.bound = fmax(c.bound, v3_len_safe(support_climb(&c, axes[i])));
		c.seed[i] = cursor;
	}
	for (int i = 0; i < 6; i++)
		seed[i] = c.seed[i];
	*bound = c.bound;
}

mink_vec3 mk_support_local(const mk_shape *s, mink_vec3 d)
{
	switch (s->type) {
	case CORE_POINT:
		return v3(0, 0, 0);
	case CORE_SEGMENT:
		return v3_dot(v3_sub(s->corner[1], s->corner[0]), d) > 0.0 ? s->corner[1]
		                                                             : s->corner[0];
	case CORE_TRIANGLE:
		return mk_support_points3(s->corner, 3, d);
	case CORE_BOX:
		return v3(sign_by(s->half.x, d.x), sign_by(s->half.y, d.y), sign_by(s->half.z, d.z));
	case CORE_POINTS3:
		if (s->soa)
			return s->points3[mk_support_soa3(s->soa, s->soa_m, d)];
		return mk_support_points3(s->points3, s->count, d);
	case CORE_CLIMB3:
		if (s->walk)
			return support_walk(s, d);
		return support_climb(s, d);
	case CORE_POINTS2:
		return support_points2(s->points2, s->count, d);
	case CORE_CYLINDER: {
		double ux, uy;
		unit2(d.x, d.y, &ux, &uy);
		return v3(s->radius * ux, s->radius * uy,
		          d.z >= 0.0 ? s->half_height : -s->half_height);
	}
	case CORE_CONE: {
		double ux, uy;
		unit2(d.x, d.y, &ux, &uy);
		mink_vec3 apex = v3(0, 0, s->half_height);
		mink_vec3 rim = v3(s->radius * ux, s->radius * uy, -s->half_height);
		return v3_dot(rim, d) > v3_dot(apex, d) ? rim : apex;
	}
	case CORE_ELLIPSOID: {
		/* s(d) = D^2 d / |D d| with D = diag(radii); scaled against overflow. */
		double m = v3_maxabs(d);
		if (!(m > 0.0))
			return v3(s->radii.x, 0, 0);
		mink_vec3 e = v3(d.x / m * s->radii.x, d.y / m * s->radii.y, d.z / m * s->radii.z);
		double l = v3_len_safe(e);
		if (!(l > 0.0))
			return v3(0, 0, 0);
		return v3(s->radii.x * e.x / l, s->radii.y * e.y / l, s->radii.z * e.z / l);
	}
	}
	return v3(0, 0, 0);
}

/*
 * ---- Supports with Jacobians and kinks, for lib/refine.c ----
 *
 * All in the core's own frame with a unit direction d; mk_support_feature
 * carries the answer to the query frame.  The Jacobian of a support map s
 * is the Hessian of the support function h(d) = d . s(d): symmetric,
 * positive semi-definite and zero along d (h is 1-homogeneous).
 */

static mat3 m3_zero(void)
{
	mat3 z = {{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}};
	return z;
}

/* A point on a circle of radius r about z, reached by the xy part of d:
 * s = r u with u = d_xy / |d_xy|, so J = (r / |d_xy|) (I_xy - u u^T). */
static void rim_jacobian(double r, mink_vec3 d, mat3 *J)
{
	double ux, uy, q = hypot(d.x, d.y);
	if (!(r > 0.0) || !(q > 0.0))
		return;
	unit2(d.x, d.y, &ux, &uy);
	double a = r / q;
	J->m[0][0] = a * uy * uy;
	J->m[0][1] = J->m[1][0] = -a * ux * uy;
	J->m[1][1] = a * ux * ux;
}

static void set_kink(mk_feature *f, mk_feature_kind kind, mink_vec3 c, double k, double off)
{
	f->edge[0] = f->edge[1] = v3(0, 0, 0);
	f->kind = kind;
	f->c = c;
	f->k = k;
	f->ks = sqrt((1.0 - k) * (1.0 + k));
	f->off = off;
}

/*
 * Of the points p[0..n) other than the support point q along d, the one
 * nearest to a tie with q: the least height below q over the distance to
 * it (the sine of the angle between d and the great circle of directions
 * where the two tie), in *off.  -1 when every point is q.
 */
static int nearest_tie(const mink_vec3 *p, int n, mink_vec3 q, mink_vec3 d, double *off)
{
	double hq = v3_dot(q, d);
	int best = -1;
	*off = INFINITY;
	for (int i = 0; i < n; i++) {
		double l = v3_len(v3_sub(p[i], q));
		if (!(l > 0.0))
			continue;
		double o = (hq - v3_dot(p[i], d)) / l;
		if (o < *off) {
			*off = o;
			best = i;
		}
	}
	return best;
}

/* The unit direction from p to q (distinct). */
static mink_vec3 unit_to(mink_vec3 p, mink_vec3 q)
{
	return v3_scale(v3_sub(q, p), 1.0 / v3_len(v3_sub(q, p)));
}

/* Triangle: its plane, else an edge whose line d is (nearly) orthogonal to
 * while the third corner lies below. */
static void triangle_kink(const mink_vec3 *p, mink_vec3 d, double tol, mk_feature *f)
{
	mink_vec3 m = v3_cross(v3_sub(p[1], p[0]), v3_sub(p[2], p[0]));
	double lm = v3_len_safe(m);
	if (lm > 0.0) {
		m = v3_scale(m, 1.0 / lm);
		double off = v3_len(v3_cross(d, m));
		if (off <= tol) {
			set_kink(f, MK_FEATURE_FACE, v3_dot(d, m) >= 0.0 ? m : v3_neg(m), 0.0, off);
			/* The edges from the support corner, the one whose tie
			 * is nearest first: the refinement tries their circles
			 * too (as a hull face's). */
			double o;
			int i = nearest_tie(p, 3, f->p, d, &o);
			if (i >= 0) {
				f->edge[0] = unit_to(f->p, p[i]);
				for (int j = 0; j < 3; j++)
					if (j != i && v3_len(v3_sub(p[j], f->p)) > 0.0)
						f->edge[1] = unit_to(f->p, p[j]);
			}
			return;
		}
	} else {
		/* No area (collinear or repeated corners): a segment, its longest
		 * edge, whose kink the loop below misses where the support is a
		 * repeated corner (the third corner ties it instead of lying
		 * below). */
		int k = 0;
		double best = -1.0;
		for (int i = 0; i < 3; i++) {
			double l = v3_len2(v3_sub(p[(i + 1) % 3], p[i]));
			if (l > best) {
				best = l;
				k = i;
			}
		}
		mink_vec3 e = v3_normalize_or(v3_sub(p[(k + 1) % 3], p[k]), v3(0, 0, 0));
		double off = fabs(v3_dot(d, e));
		if (v3_len2(e) > 0.0 && off <= tol)
			set_kink(f, MK_FEATURE_CIRCLE, e, 0.0, off);
		return;
	}
	for (int i = 0; i < 3; i++) {
		mink_vec3 a = p[i], b = p[(i + 1) % 3], c = p[(i + 2) % 3];
		mink_vec3 e = v3_normalize_or(v3_sub(b, a), v3(0, 0, 0));
		double off = fabs(v3_dot(d, e));
		if (v3_len2(e) > 0.0 && off <= tol && v3_dot(c, d) < v3_dot(a, d)) {
			set_kink(f, MK_FEATURE_CIRCLE, e, 0.0, off);
			return;
		}
	}
}

/*
 * A hull's kink near d, found from its points: the vertex q of the support
 * and the others' heights below it, each over its distance to q (the sine
 * of the angle between d and the great circle of directions where that
 * vertex ties with q).  One near tie is an edge (a circle of normals); two
 * that span a plane with q, a face (one normal).
 */
static void hull_kink(const mink_vec3 *p, int n, mink_vec3 d, double tol, mk_feature *f)
{
	mink_vec3 q = f->p;
	double hq = v3_dot(q, d);
	double o1;
	int i1 = nearest_tie(p, n, q, d, &o1);
	if (i1 < 0 || !(o1 <= tol))
		return;
	mink_vec3 e = v3_normalize_or(v3_sub(p[i1], q), v3(0, 0, 0));
	/* A second near tie off the line of the first: a face, if the plane
	 * of the three supports the hull (near ties of an irregular hull need
	 * not share a face).  The few nearest ties are tried. */
	double prev_off = -INFINITY;
	int prev_i = -1;
	mink_vec3 second = v3(0, 0, 0);
	for (int tries = 0; tries < 4; tries++) {
		int i2 = -1;
		double o2 = INFINITY;
		mink_vec3 m2 = v3(0, 0, 0);
		for (int i = 0; i < n; i++) {
			mink_vec3 u = v3_sub(p[i], q);
			mink_vec3 m = v3_cross(e, u);
			double lm = v3_len(m);
			if (!(lm > 1e-9 * v3_len(u)))
				continue;
			double off = (hq - v3_dot(p[i], d)) / v3_len(u);
			/* past the ones tried: ties broken by index */
			if (off < prev_off || (off == prev_off && i <= prev_i))
				continue;
			if (off < o2) {
				o2 = off;
				i2 = i;
				m2 = v3_scale(m, 1.0 / lm);
			}
		}
		if (i2 < 0 || !(o2 <= tol))
			break;
		/* (the nearest tie off the first's line: where no face is met,
		 * the vertex's other edge near d, whose circle the refinement
		 * tries too) */
		mink_vec3 u2 = unit_to(q, p[i2]);
		if (tries == 0)
			second = u2;
		mink_vec3 m = v3_dot(m2, d) >= 0.0 ? m2 : v3_neg(m2);
		double top = v3_dot(q, m);
		int supports = 1;
		for (int i = 0; i < n && supports; i++) {
			double t = v3_dot(p[i], m) - top;
			supports = t <= 1e-12 * (fabs(top) + v3_len(v3_sub(p[i], q)));
		}
		if (supports) {
			set_kink(f, MK_FEATURE_FACE, m, 0.0, v3_len(v3_cross(d, m)));
			f->edge[0] = e;
			f->edge[1] = u2;
			return;
		}
		prev_off = o2;
		prev_i = i2;
	}
	set_kink(f, MK_FEATURE_CIRCLE, e, 0.0, fabs(v3_dot(d, e)));
	f->edge[0] = second;
}

static void feature_local(const mk_shape *s, mink_vec3 d, double tol, mk_feature *f)
{
	f->p = mk_support_local(s, d);
	f->J = m3_zero();
	set_kink(f, MK_FEATURE_POINT, v3(0, 0, 0), 0.0, INFINITY);
	double dxy = hypot(d.x, d.y);
	mink_vec3 z = v3(0, 0, 1);
	switch (s->type) {
	case CORE_POINT:
	case CORE_POINTS2:
		return;
	case CORE_POINTS3:
	case CORE_CLIMB3:
		hull_kink(s->points3, s->count, d, tol, f);
		return;
	case CORE_SEGMENT: {
		mink_vec3 e = v3_normalize_or(v3_sub(s->corner[1], s->corner[0]), v3(0, 0, 0));
		double off = fabs(v3_dot(d, e));
		if (v3_len2(e) > 0.0 && off <= tol)
			set_kink(f, MK_FEATURE_CIRCLE, e, 0.0, off);
		return;
	}
	case CORE_TRIANGLE:
		triangle_kink(s->corner, d, tol, f);
		return;
	case CORE_BOX: {
		/* Each axis of non-zero extent across which d's component is
		 * (nearly) zero: one such axis is an edge along it, two a face. */
		double dc[3] = {d.x, d.y, d.z}, ext[3] = {s->half.x, s->half.y, s->half.z};
		int marked[3], nm = 0, free_axis = -1;
		double off = 0.0;
		for (int i = 0; i < 3; i++) {
			marked[i] = ext[i] > 0.0 && fabs(dc[i]) <= tol;
			if (marked[i]) {
				nm++;
				off = fmax(off, fabs(dc[i]));
			} else {
				free_axis = i;
			}
		}
		mink_vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
		if (nm == 2) {
			mink_vec3 c = axes[free_axis];
			set_kink(f, MK_FEATURE_FACE, dc[free_axis] >= 0.0 ? c : v3_neg(c), 0.0, off);
			/* The face's two edge circles, the nearer first, which
			 * the refinement tries too (as a hull face's). */
			int e = -1;
			for (int i = 0; i < 3; i++)
				if (marked[i] && (e < 0 || fabs(dc[i]) < fabs(dc[e])))
					e = i;
			f->edge[0] = axes[e];
			for (int i = 0; i < 3; i++)
				if (marked[i] && i != e)
					f->edge[1] = axes[i];
		} else if (nm == 1) {
			for (int i = 0; i < 3; i++)
				if (marked[i])
					set_kink(f, MK_FEATURE_CIRCLE, axes[i], 0.0, off);
		}
		return;
	}
	case CORE_CYLINDER:
		rim_jacobian(s->radius, d, &f->J);
		if (s->radius > 0.0 && dxy <= tol)
			set_kink(f, MK_FEATURE_FACE, d.z >= 0.0 ? z : v3_neg(z), 0.0, dxy);
		else if (s->half_height > 0.0 && fabs(d.z) <= tol)
			set_kink(f, MK_FEATURE_CIRCLE, z, 0.0, fabs(d.z));
		return;
	case CORE_CONE: {
		/* The slant line from the apex (0, 0, h) to a rim point r u at
		 * z = -h is the support along d = (2h u + r z) / hypot(r, 2h):
		 * the kink is the circle d_z = r / hypot(r, 2h). */
		if (f->p.x != 0.0 || f->p.y != 0.0) /* the rim, not the apex */
			rim_jacobian(s->radius, d, &f->J);
		double len = hypot(s->radius, 2.0 * s->half_height), k = s->radius / len;
		if (s->radius > 0.0 && dxy <= tol && (d.z < 0.0 || s->half_height == 0.0)) {
			set_kink(f, MK_FEATURE_FACE, d.z >= 0.0 ? z : v3_neg(z), 0.0, dxy);
		} else if (s->half_height > 0.0 && fabs(d.z - k) <= tol) {
			set_kink(f, MK_FEATURE_CIRCLE, z, k, fabs(d.z - k));
			/* (taken from k, a flat cone's circle was 5e-11 rad off
			 * its slant, and a disc's rim above it 1.5e-3 off) */
			f->ks = 2.0 * s->half_height / len;
		}
		return;
	}
	case CORE_ELLIPSOID: {
		/* s = D^2 d / |D d| with D = diag(radii): J = D (I - e e^T) D / |D d|,
		 * e = D d / |D d|.  A zero radius flattens it: a disc (face) or a
		 * segment (edge). */
		mink_vec3 r = s->radii;
		mink_vec3 e = v3(r.x * d.x, r.y * d.y, r.z * d.z);
		double l = v3_len_safe(e);
		if (l > 0.0) {
			e = v3_scale(e, 1.0 / l);
			double rr[3] = {r.x, r.y, r.z}, ee[3] = {e.x, e.y, e.z};
			/* 1 - e_i^2 as the other two squares: at a flat one's rim
			 * (e_i within 1e-18 of 1) the difference was all rounding,
			 * and a disc's stiffness across its rim came out 0 */
			for (int i = 0; i < 3; i++)
				for (int j = 0; j < 3; j++)
					f->J.m[i][j] = rr[i] *
					               (i == j ? ee[(i + 1) % 3] * ee[(i + 1) % 3] +
					                             ee[(i + 2) % 3] * ee[(i + 2) % 3]
					                       : -ee[i] * ee[j]) *
					               rr[j] / l;
		}
		double rc[3] = {r.x, r.y, r.z}, dc[3] = {d.x, d.y, d.z};
		int zero = 0, zi = -1, nzi = -1;
		double rest = 0.0;
		for (int i = 0; i < 3; i++) {
			if (rc[i] == 0.0) {
				zero++;
				zi = i;
			} else {
				nzi = i;
				rest += dc[i] * dc[i];
			}
		}
		mink_vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
		rest = sqrt(rest);
		if (zero == 1 && rest <= tol)
			set_kink(f, MK_FEATURE_FACE, dc[zi] >= 0.0 ? axes[zi] : v3_neg(axes[zi]),
			         0.0, rest);
		else if (zero == 2 && rest <= tol)
			set_kink(f, MK_FEATURE_CIRCLE, axes[nzi], 0.0, rest);
		return;
	}
	}
}

void mk_support_feature(const mk_shape *s, mink_vec3 d, double tol, mk_feature *f)
{
	/* The same placement as mk_support: x = pos + scale * R x_local. */
	if (s->identity) {
		feature_local(s, d, tol, f);
		f->p = v3_scale(f->p, s->scale);
	} else {
		feature_local(s, m3_tmul(&s->rot, d), tol, f);
		f->p = v3_mad(s->pos, m3_mul(&s->rot, f->p), s->scale);
		f->c = m3_mul(&s->rot, f->c);
		f->edge[0] = m3_mul(&s->rot, f->edge[0]);
		f->edge[1] = m3_mul(&s->rot, f->edge[1]);
		mat3 t; /* R J R^T */
		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 3; j++)
				t.m[i][j] = f->J.m[i][0] * s->rot.m[j][0] + f->J.m[i][1] * s->rot.m[j][1] +
				            f->J.m[i][2] * s->rot.m[j][2];
		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 3; j++)
				f->J.m[i][j] = s->rot.m[i][0] * t.m[0][j] + s->rot.m[i][1] * t.m[1][j] +
				               s->rot.m[i][2] * t.m[2][j];
	}
	if (s->scale != 1.0)
		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 3; j++)
				f->J.m[i][j] *= s->scale;
}

/* The comparisons are false for NaN, and infinities exceed the bound. */
static int finite_size(double x)
{
	return x >= 0.0 && x <= MINK_MAX_COORD;
}

static int finite_coord(double x)
{
	return fabs(x) <= MINK_MAX_COORD;
}

static int finite_v3(mink_vec3 v)
{
	return finite_coord(v.x) && finite_coord(v.y) && finite_coord(v.z);
}

/* All coordinates finite and within MINK_MAX_COORD, in one branch-free pass:
 * the comparison is false for NaN, and infinities exceed the bound. */
static int points_ok(const mink_vec3 *p, int n)
{
	int bad = 0, i = 0;
#if MK_SSE2
	/* Two points (six coordinates) at a time: |x| <= max in every lane. */
	__m128d sign = _mm_set1_pd(-0.0), max = _mm_set1_pd(MINK_MAX_COORD);
	__m128d ok = _mm_cmpeq_pd(max, max);
	for (const double *q = &p[0].x; i + 2 <= n; i += 2, q += 6) {
		ok = _mm_and_pd(ok, _mm_cmple_pd(_mm_andnot_pd(sign, _mm_loadu_pd(q)), max));
		ok = _mm_and_pd(ok, _mm_cmple_pd(_mm_andnot_pd(sign, _mm_loadu_pd(q + 2)), max));
		ok = _mm_and_pd(ok, _mm_cmple_pd(_mm_andnot_pd(sign, _mm_loadu_pd(q + 4)), max));
	}
	bad = _mm_movemask_pd(ok) != 3;
#endif
	for (; i < n; i++)
		bad |= !(fabs(p[i].x) <= MINK_MAX_COORD) | !(fabs(p[i].y) <= MINK_MAX_COORD) |
		       !(fabs(p[i].z) <= MINK_MAX_COORD);
	return !bad;
}

mink_error mink_shape3_check(const mink_shape3 *s)
{
	return mk_shape3_check(s, 1);
}

mink_error mk_shape3_check(const mink_shape3 *s, int points)
{
	if (!s || !finite_size(s->margin))
		return MINK_ERR_BAD_SHAPE;
	switch (s->type) {
	case MINK_SPHERE:
		return finite_size(s->sphere.radius) ? MINK_ERR_NONE : MINK_ERR_BAD_SHAPE;
	case MINK_BOX: {
		mink_vec3 h = s->box.half_extents;
		return finite_size(h.x) && finite_size(h.y) && finite_size(h.z)
		               ? MINK_ERR_NONE : MINK_ERR_BAD_SHAPE;
	}
	case MINK_CAPSULE:
	case MINK_CYLINDER:
	case MINK_CONE:
		/* the three share one layout */
		return finite_size(s->capsule.radius) && finite_size(s->capsule.half_height)
		               ? MINK_ERR_NONE : MINK_ERR_BAD_SHAPE;
	case MINK_ELLIPSOID: {
		mink_vec3 r = s->ellipsoid.radii;
		return finite_size(r.x) && finite_size(r.y) && finite_size(r.z)
		               ? MINK_ERR_NONE : MINK_ERR_BAD_SHAPE;
	}
	case MINK_POINT:
		return MINK_ERR_NONE;
	case MINK_SEGMENT:
		return finite_v3(s->segment.points[0]) && finite_v3(s->segment.points[1])
		               ? MINK_ERR_NONE : MINK_ERR_BAD_SHAPE;
	case MINK_TRIANGLE:
		for (int i = 0; i < 3; i++)
			if (!finite_v3(s->triangle.points[i]))
				return MINK_ERR_BAD_SHAPE;
		return MINK_ERR_NONE;
	case MINK_HULL:
		if (!s->hull.points || s->hull.count < 1)
			return MINK_ERR_BAD_SHAPE;
		if (!s->hull.adjacency_start != !s->hull.adjacency)
			return MINK_ERR_BAD_SHAPE;
		/* A hull with adjacency comes from mink_hull_build, which checked
		 * its points: a scan here would cost what hill climbing saves. */
		if (s->hull.adjacency || !points)
			return MINK_ERR_NONE;
		return points_ok(s->hull.points, s->hull.count) ? MINK_ERR_NONE : MINK_ERR_BAD_SHAPE;
	}
	return MINK_ERR_BAD_SHAPE;
}

mink_error mink_shape2_check(const mink_shape2 *s)
{
	if (!s || !finite_size(s->margin))
		return MINK_ERR_BAD_SHAPE;
	switch (s->type) {
	case MINK_CIRCLE2:
		return finite_size(s->circle.radius) ? MINK_ERR_NONE : MINK_ERR_BAD_SHAPE;
	case MINK_BOX2:
		return finite_size(s->box.half_extents.x) && finite_size(s->box.half_extents.y)
		               ? MINK_ERR_NONE : MINK_ERR_BAD_SHAPE;
	case MINK_CAPSULE2:
		return finite_size(s->capsule.radius) && finite_size(s->capsule.half_height)
		               ? MINK_ERR_NONE : MINK_ERR_BAD_SHAPE;
	case MINK_SEGMENT2:
		for (int i = 0; i < 2; i++)
			if (!finite_coord(s->segment.points[i].x) ||
			    !finite_coord(s->segment.points[i].y))
				return MINK_ERR_BAD_SHAPE;
		return MINK_ERR_NONE;
	case MINK_POINT2:
		return MINK_ERR_NONE;
	case MINK_POLYGON2:
		if (!s->polygon.points || s->polygon.count < 1)
			return MINK_ERR_BAD_SHAPE;
		for (int i = 0; i < s->polygon.count; i++)
			if (!finite_coord(s->polygon.points[i].x) ||
			    !finite_coord(s->polygon.points[i].y))
				return MINK_ERR_BAD_SHAPE;
		return MINK_ERR_NONE;
	}
	return MINK_ERR_BAD_SHAPE;
}

double mk_points_radius(const mink_vec3 *p, int n)
{
	/* Checked coordinates are at most MINK_MAX_COORD (1e100): squares cannot
	 * overflow.  Only a set of tiny points, whose squares underflow, needs
	 * the slow way. */
	double m2 = 0.0;
	int i = 0;
#if MK_SSE2
	/* Two squared lengths at a time (pair_sums), the same roundings. */
	__m128d top = _mm_setzero_pd();
	for (const double *q = &p[0].x; i + 2 <= n; i += 2, q += 6) {
		__m128d a = _mm_loadu_pd(q), b = _mm_loadu_pd(q + 2), c = _mm_loadu_pd(q + 4);
		top = _mm_max_pd(pair_sums(_mm_mul_pd(a, a), _mm_mul_pd(b, b), _mm_mul_pd(c, c)), top);
	}
	double lane[2];
	_mm_storeu_pd(lane, top);
	m2 = lane[1] > lane[0] ? lane[1] : lane[0];
#endif
	for (; i < n; i++) {
		double t = v3_len2(p[i]);
		m2 = t > m2 ? t : m2;
	}
	if (m2 > 1e-280)
		return sqrt(m2);
	double m = 0.0;
	for (i = 0; i < n; i++) {
		double t = v3_len_safe(p[i]);
		m = t > m ? t : m;
	}
	return m;
}

#if MK_AVX2
/*
 * One pass over a hull's points for the four-lane scan: their coordinates
 * copied to xyz = x[m], y[m], z[m] (m = mk_soa_stride(n), the rest p[0]
 * again), *radius = mk_points_radius(p, n) (the
 * greatest squared length is the same number in any order), and 1 when
 * every coordinate passes points_ok's test.  Four points are six loads of
 * two coordinates, regrouped into x, y and z by three shuffles.
 */
__attribute__((target("avx2"))) static int soa_prepare(const mink_vec3 *p, int n, double *xyz,
                                                       double *radius)
{
	int m = mk_soa_stride(n);
	double *x = xyz, *y = xyz + m, *z = xyz + 2 * m;
	__m256d sign = _mm256_set1_pd(-0.0), max = _mm256_set1_pd(MINK_MAX_COORD);
	__m256d ok = _mm256_castsi256_pd(_mm256_set1_epi64x(-1)), top = _mm256_setzero_pd();
	int i = 0;
	for (const double *q = &p[0].x; i + 4 <= n; i += 4, q += 12) {
		/* (x0 y0 | x2 y2), (z0 x1 | z2 x3), (y1 z1 | y3 z3) */
		__m256d r0 = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(q)),
		                                  _mm_loadu_pd(q + 6), 1);
		__m256d r1 = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(q + 2)),
		                                  _mm_loadu_pd(q + 8), 1);
		__m256d r2 = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(q + 4)),
		                                  _mm_loadu_pd(q + 10), 1);
		__m256d vx = _mm256_shuffle_pd(r0, r1, 0xA), vy = _mm256_shuffle_pd(r0, r2, 0x5),
		        vz = _mm256_shuffle_pd(r1, r2, 0xA);
		_mm256_storeu_pd(x + i, vx);
		_mm256_storeu_pd(y + i, vy);
		_mm256_storeu_pd(z + i, vz);
		ok = _mm256_and_pd(ok, _mm256_cmp_pd(_mm256_andnot_pd(sign, vx), max, _CMP_LE_OQ));
		ok = _mm256_and_pd(ok, _mm256_cmp_pd(_mm256_andnot_pd(sign, vy), max, _CMP_LE_OQ));
		ok = _mm256_and_pd(ok, _mm256_cmp_pd(_mm256_andnot_pd(sign, vz), max, _CMP_LE_OQ));
		__m256d len2 = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(vx, vx), _mm256_mul_pd(vy, vy)),
		                             _mm256_mul_pd(vz, vz));
		top = _mm256_max_pd(len2, top);
	}
	int good = _mm256_movemask_pd(ok) == 15;
	double lane[4];
	_mm256_storeu_pd(lane, top);
	double m2 = fmax(fmax(lane[0], lane[1]), fmax(lane[2], lane[3]));
	for (; i < n; i++) {
		x[i] = p[i].x;
		y[i] = p[i].y;
		z[i] = p[i].z;
		good &= fabs(p[i].x) <= MINK_MAX_COORD && fabs(p[i].y) <= MINK_MAX_COORD &&
		        fabs(p[i].z) <= MINK_MAX_COORD;
		double t = v3_len2(p[i]);
		m2 = t > m2 ? t : m2;
	}
	for (; i < m; i++) {
		x[i] = p[0].x;
		y[i] = p[0].y;
		z[i] = p[0].z;
	}
	/* as mk_points_radius: tiny points the slow way */
	*radius = m2 > 1e-280 ? sqrt(m2) : mk_points_radius(p, n);
	return good;
}
#else
static int soa_prepare(const mink_vec3 *p, int n, double *xyz, double *radius)
{
	int m = mk_soa_stride(n);
	for (int i = 0; i < m; i++) {
		xyz[i] = p[i < n ? i : 0].x;
		xyz[m + i] = p[i < n ? i : 0].y;
		xyz[2 * m + i] = p[i < n ? i : 0].z;
	}
	*radius = mk_points_radius(p, n);
	return points_ok(p, n);
}
#endif

/* Fills the core of a checked 3D shape, in its own frame. */
/* The fields every core reads; the rest are set per type. */
static void shape_init(mk_shape *c, double margin)
{
	c->smooth = 0;
	c->margin = margin;
	c->bound = 0.0;
	c->count = 0;
	c->points3 = NULL;
	c->points2 = NULL;
	c->adj_start = c->adj = NULL;
	c->cursor = NULL;
	c->soa = NULL;
	c->soa_m = 0;
	c->walk = NULL;
	c->walk_cursor = NULL;
	c->dir_seed = NULL;
	c->dir_res = 0;
	c->rot = m3_identity();
	c->pos = v3(0, 0, 0);
	c->identity = 1;
	c->scale = 1.0;
}

mink_error mk_shape_from3(const mink_shape3 *s, mk_shape *out, mk_scratch *scratch)
{
	mk_shape *c = out; /* filled in place: the struct is large */
	shape_init(c, s->margin);
	switch (s->type) {
	case MINK_SPHERE:
		c->type = CORE_POINT;
		c->margin += s->sphere.radius;
		break;
	case MINK_BOX:
		c->type = CORE_BOX;
		c->half = s->box.half_extents;
		c->bound = v3_len_safe(c->half);
		break;
	case MINK_CAPSULE:
		/* (of no height, a sphere: its contact is its centre's, which a
		 * segment of no length, taken by its end, left 4.5e-6 off the
		 * centre of an ellipsoid) */
		c->type = s->capsule.half_height == 0.0 ? CORE_POINT : CORE_SEGMENT;
		c->corner[0] = v3(0, 0, -s->capsule.half_height);
		c->corner[1] = v3(0, 0, s->capsule.half_height);
		c->margin += s->capsule.radius;
		c->bound = s->capsule.half_height;
		break;
	case MINK_CYLINDER:
	case MINK_CONE:
		c->type = s->type == MINK_CYLINDER ? CORE_CYLINDER : CORE_CONE;
		c->smooth = 1;
		c->radius = s->cylinder.radius;
		c->half_height = s->cylinder.half_height;
		c->bound = hypot(c->radius, c->half_height);
		if (c->radius == 0.0) {
			/* No radius: the segment of its axis, or its centre, the
			 * same set, answered exactly as polytopes are (a cone of
			 * neither, a point 1e6 from a cylinder's side, came back
			 * 1.0 deeper than it is) */
			c->smooth = 0;
			c->type = c->half_height == 0.0 ? CORE_POINT : CORE_SEGMENT;
			c->corner[0] = v3(0, 0, -c->half_height);
			c->corner[1] = v3(0, 0, c->half_height);
			c->bound = c->half_height;
		}
		break;
	case MINK_ELLIPSOID:
		/* Three equal radii: a sphere, whose depth and distance are its
		 * centre's (a cone 4 from the centre of one of radius 1e6 was
		 * answered 0.0045 too deep as an ellipsoid: its support, a
		 * rounding of 1e6 per radian, leaves the refined normal 1e-4
		 * off where the depth is flat to 1e-9). */
		if (s->ellipsoid.radii.x == s->ellipsoid.radii.y &&
		    s->ellipsoid.radii.y == s->ellipsoid.radii.z) {
			c->type = CORE_POINT;
			c->margin += s->ellipsoid.radii.x;
			break;
		}
		c->type = CORE_ELLIPSOID;
		c->smooth = 1;
		c->radii = s->ellipsoid.radii;
		c->bound = v3_maxabs(c->radii);
		break;
	case MINK_POINT:
		c->type = CORE_POINT;
		break;
	case MINK_SEGMENT:
		c->type = CORE_SEGMENT;
		c->corner[0] = s->segment.points[0];
		c->corner[1] = s->segment.points[1];
		c->bound = mk_points_radius(c->corner, 2);
		break;
	case MINK_TRIANGLE:
		c->type = CORE_TRIANGLE;
		for (int i = 0; i < 3; i++)
			c->corner[i] = s->triangle.points[i];
		c->bound = mk_points_radius(c->corner, 3);
		break;
	case MINK_HULL:
		c->type = CORE_POINTS3;
		c->points3 = s->hull.points;
		c->count = s->hull.count;
		if (s->hull.adjacency_start && s->hull.adjacency &&
		    c->count >= MK_CLIMB_MIN_POINTS && scratch) {
			c->type = CORE_CLIMB3;
			c->adj_start = s->hull.adjacency_start;
			c->adj = s->hull.adjacency;
			c->cursor = &scratch->cursor;
			const mink_hull *h = s->hull.built;
			if (h && h->points == s->hull.points && h->count == s->hull.count &&
			    h->adjacency_start == s->hull.adjacency_start &&
			    h->adjacency == s->hull.adjacency) {
				for (int i = 0; i < 6; i++)
					c->seed[i] = h->seed[i];
				c->bound = h->seed_bound;
				c->dir_seed = h->dir_seed;
				c->dir_res = h->dir_res;
				if (h->walk) {
					c->walk = h->walk;
					c->walk_cursor = &scratch->walk_cursor;
					scratch->walk_cursor = c->walk->rec_of[h->seed[5]];
				}
			} else {
				mk_climb_seeds(s->hull.points, s->hull.adjacency_start,
				               s->hull.adjacency, c->seed, &c->bound);
			}
			/* the warm start where the last seed's climb ended */
			scratch->cursor = c->seed[5];
		} else if (scratch && c->count >= 5 && c->count <= MK_SOA_MAX && mk_have_avx2()) {
			/* The radius, the copy for the four-lane scan and, for points
			 * no build checked, their check, in one pass. */
			if (!soa_prepare(c->points3, c->count, scratch->soa, &c->bound) &&
			    !s->hull.adjacency)
				return MINK_ERR_BAD_SHAPE;
			c->soa = scratch->soa;
			c->soa_m = mk_soa_stride(c->count);
		} else {
			if (!s->hull.adjacency && !points_ok(c->points3, c->count))
				return MINK_ERR_BAD_SHAPE;
			/* A built hull's radius was measured once, at build time. */
			const mink_hull *h = s->hull.built;
			c->bound = h && h->points == s->hull.points && h->count == s->hull.count
			                   ? h->radius
			                   : mk_points_radius(c->points3, c->count);
		}
		break;
	}
	c->bound += c->margin;
	return MINK_ERR_NONE;
}

/* Fills the core of a checked 2D shape, in its own frame (z = 0). */
void mk_shape_from2(const mink_shape2 *s, mk_shape *out)
{
	mk_shape c;
	shape_init(&c, s->margin);
	switch (s->type) {
	case MINK_CIRCLE2:
		c.type = CORE_POINT;
		c.margin += s->circle.radius;
		break;
	case MINK_BOX2:
		c.type = CORE_BOX;
		c.half = v3(s->box.half_extents.x, s->box.half_extents.y, 0.0);
		c.bound = v3_len_safe(c.half);
		break;
	case MINK_CAPSULE2:
		c.type = CORE_SEGMENT;
		c.corner[0] = v3(0, -s->capsule.half_height, 0);
		c.corner[1] = v3(0, s->capsule.half_height, 0);
		c.margin += s->capsule.radius;
		c.bound = s->capsule.half_height;
		break;
	case MINK_SEGMENT2:
		c.type = CORE_SEGMENT;
		c.corner[0] = v3(s->segment.points[0].x, s->segment.points[0].y, 0);
		c.corner[1] = v3(s->segment.points[1].x, s->segment.points[1].y, 0);
		c.bound = mk_points_radius(c.corner, 2);
		break;
	case MINK_POINT2:
		c.type = CORE_POINT;
		break;
	case MINK_POLYGON2:
		c.type = CORE_POINTS2;
		c.points2 = s->polygon.points;
		c.count = s->polygon.count;
		for (int i = 0; i < c.count; i++)
			c.bound = fmax(c.bound, hypot(c.points2[i].x, c.points2[i].y));
		break;
	}
	c.bound += c.margin;
	c.rot = m3_identity();
	c.identity = 1;
	*out = c;
}

/* ---------------------------------------------------------------------
 * Inscribed balls: a lower bound on a core's signed inner distance.
 * ------------------------------------------------------------------- */

/* Distance from o to segment [p, q]. */
static double segment_distance(mink_vec3 o, mink_vec3 p, mink_vec3 q)
{
	return v3_len(v3_sub(o, v3_segment_closest(p, q, o)));
}

/* Distance from o to triangle pqr: to its plane where o projects inside,
 * else to the nearest edge (a degenerate triangle: the edges). */
static double triangle_distance(mink_vec3 o, mink_vec3 p, mink_vec3 q, mink_vec3 r)
{
	double edges = fmin(segment_distance(o, p, q),
	                    fmin(segment_distance(o, q, r), segment_distance(o, r, p)));
	mink_vec3 n = v3_cross(v3_sub(q, p), v3_sub(r, p));
	double nn = v3_len2(n);
	if (nn > 0.0) {
		double s0 = v3_dot(v3_cross(v3_sub(q, p), v3_sub(o, p)), n);
		double s1 = v3_dot(v3_cross(v3_sub(r, q), v3_sub(o, q)), n);
		double s2 = v3_dot(v3_cross(v3_sub(p, r), v3_sub(o, r)), n);
		double sum = s0 + s1 + s2;
		/* Inside: the distance to the projection, as the point of the
		 * triangle the signed areas weigh, not the plane's distance.
		 * The two agree inside, and the point is on the triangle, so its
		 * distance is never below the true one, which the balls' bound
		 * needs: on a needle (two corners 6.6e-13 apart) a point on its
		 * line, 1.7e-6 beyond its end, had every signed area 0 or a
		 * rounding above, was inside, and 0 from it. */
		if (s0 >= 0.0 && s1 >= 0.0 && s2 >= 0.0 && sum > 0.0) {
			mink_vec3 x = v3_scale(v3_add(v3_add(v3_scale(p, s1), v3_scale(q, s2)),
			                              v3_scale(r, s0)),
			                       1.0 / sum);
			return fmin(edges, v3_len(v3_sub(o, x)));
		}
	}
	return edges;
}

/* Signed distance of (x, y) to the rectangle |x| <= hx, |y| <= hy:
 * inside, minus the distance to its boundary. */
static double rect_distance(double x, double y, double hx, double hy)
{
	double qx = fabs(x) - hx, qy = fabs(y) - hy;
	if (qx <= 0.0 && qy <= 0.0)
		return fmax(qx, qy);
	return hypot(fmax(qx, 0.0), fmax(qy, 0.0));
}

/* Signed distance of (rho, z), rho >= 0, to a cone's meridian section:
 * the triangle (0, -h), (r, -h), (0, h) (apex at +h), whose side on the
 * axis is no boundary of the cone. */
static double cone_distance(double rho, double z, double r, double h)
{
	double len = hypot(r, 2.0 * h);
	/* the slant line's outward normal (2h, r) / len, through (0, h); a
	 * cone of no radius and no height is its apex, which no point is
	 * inside (its side taken as 0 put every point below the apex on its
	 * boundary, and the balls' bound certified a depth 1.0 short) */
	double side = len > 0.0 ? (2.0 * h * rho + r * (z - h)) / len : INFINITY;
	double base = -h - z;
	/* (rho <= r follows from the two where h > 0; a flat cone's slant is
	 * its base, and without it every point of the base's plane was
	 * inside: the balls' bound about a point 0.39 off the axis of a
	 * cylinder 1e6 wide certified a depth 0.39 too deep) */
	if (side <= 0.0 && base <= 0.0 && rho <= r)
		return fmax(side, base);
	mink_vec3 o = v3(rho, z, 0);
	return fmin(segment_distance(o, v3(0, -h, 0), v3(r, -h, 0)),
	            segment_distance(o, v3(r, -h, 0), v3(0, h, 0)));
}

/* The point of the ellipsoid of radii a (at most 1) nearest l, outside
 * it, into x: x_i = a_i^2 l_i / (a_i^2 + t) where
 * sum (a_i l_i / (a_i^2 + t))^2 = 1, decreasing in t > 0 (bisection).
 * 0 where l is not finite. */
static int ellipsoid_foot(const double *a, const double *l, double *x)
{
	double len = sqrt(l[0] * l[0] + l[1] * l[1] + l[2] * l[2]);
	if (!(len < INFINITY))
		return 0;
	double lo = 0.0, hi = len; /* G(len) <= 0: every a_i <= 1 */
	for (int it = 0; it < 80; it++) {
		double t = 0.5 * (lo + hi);
		if (!(t > lo && t < hi))
			break;
		double g = -1.0;
		for (int i = 0; i < 3; i++) {
			double e = a[i] * l[i] / (a[i] * a[i] + t);
			g += e * e;
		}
		if (g > 0.0)
			lo = t;
		else
			hi = t;
	}
	for (int i = 0; i < 3; i++)
		x[i] = a[i] > 0.0 ? a[i] * a[i] * l[i] / (a[i] * a[i] + hi) : 0.0;
	return 1;
}

/* Point lv and radii av (an ellipsoid's own frame) in units of the
 * largest radius, into l and a, that unit in *am, and the point's level
 * sum (l_i / a_i)^2 (a zero radius: 0 or infinite); NaN where the radii
 * have no finite positive largest. */
static double ellipsoid_units(mink_vec3 lv, mink_vec3 av, double *a, double *l, double *am)
{
	*am = fmax(av.x, fmax(av.y, av.z));
	if (!(*am > 0.0) || !(*am < INFINITY))
		return NAN;
	a[0] = av.x / *am;
	a[1] = av.y / *am;
	a[2] = av.z / *am;
	l[0] = lv.x / *am;
	l[1] = lv.y / *am;
	l[2] = lv.z / *am;
	double q = 0.0;
	for (int i = 0; i < 3; i++)
		q += a[i] > 0.0 ? (l[i] / a[i]) * (l[i] / a[i]) : (l[i] != 0.0 ? INFINITY : 0.0);
	return q;
}

/* The root in [0, amin) of ellipsoid_inner's F, bisected to the rounding:
 * F < 0 at *lo, F >= 0 at *hi (amin the least radius a_i). */
static void inner_root(const double *a, const double *l, double amin, double *lo, double *hi)
{
	*lo = 0.0;
	*hi = amin;
	for (int it = 0; it < 80; it++) {
		double mu = 0.5 * (*lo + *hi);
		if (!(mu > *lo && mu < *hi))
			break;
		double f = -1.0;
		for (int i = 0; i < 3; i++)
			if (l[i] != 0.0) {
				double t = l[i] * a[i] / ((a[i] - mu) * (a[i] + mu));
				f += t * t;
			}
		if (f < 0.0)
			*lo = mu;
		else
			*hi = mu;
	}
}

/*
 * The signed inner distance of point l in the ellipsoid of radii a (its
 * own frame), from below and exact to rounding: the distance to the
 * boundary inside, minus the distance to the ellipsoid outside.
 *
 * Inside, the nearest boundary point minimises |x - l|^2 over the
 * complement, sum (x_i / a_i)^2 >= 1: one quadratic constraint, so the
 * Lagrangian dual has no gap (the S-lemma), and with x_i = l_i a_i^2 /
 * (a_i^2 - mu^2) the dual function is
 *     g(mu) = mu^2 (1 - sum l_i^2 / ((a_i - mu)(a_i + mu))),
 * concave in lambda = mu^2 on [0, min a_i^2): every mu gives
 * g(mu) <= distance^2, and its maximum, where
 *     F(mu) = sum (l_i a_i / ((a_i - mu)(a_i + mu)))^2 - 1
 * changes sign (F increases), is the distance squared.  So the bisection
 * on F may stop anywhere: what it returns is a bound, made safe against
 * the rounding of g (a point near the boundary has g small beside its
 * terms).  (a_i - mu)(a_i + mu) keeps its relative accuracy where mu
 * nears a radius, which a_i^2 - mu^2 would not.
 * Outside, the nearest point is x_i = l_i a_i^2 / (a_i^2 + t) where
 * sum (a_i l_i / (a_i^2 + t))^2 = 1 (decreasing in t > 0); x is pulled
 * into the ellipsoid, and |x - l| bounds the distance from above.
 * In units of the largest radius, so that no square overflows.
 */
static double ellipsoid_inner(mink_vec3 lv, mink_vec3 av)
{
	const double u = DBL_EPSILON;
	double a[3], l[3], am, q = ellipsoid_units(lv, av, a, l, &am);
	if (!(q == q))
		return -INFINITY;
	double amin = fmin(a[0], fmin(a[1], a[2]));
	if (amin > 0.0 && q < 1.0) {
		double lo, hi;
		inner_root(a, l, amin, &lo, &hi);
		double best = 0.0;
		double mus[2] = {lo, hi};
		for (int k = 0; k < 2; k++) {
			double mu = mus[k], sum = 0.0;
			if (!(mu < amin))
				continue;
			for (int i = 0; i < 3; i++)
				if (l[i] != 0.0)
					sum += l[i] * l[i] / ((a[i] - mu) * (a[i] + mu));
			/* each term within 6u, the sum within 8u of its value */
			double g = (mu * mu) * ((1.0 - sum) - 9.0 * u * (sum + 1.0)) * (1.0 - 4.0 * u);
			best = fmax(best, g);
		}
		return sqrt(best) * (1.0 - 2.0 * u) * am;
	}
	/* outside (or on a flat ellipsoid): a point of it, and its distance */
	double x[3], qx = 0.0;
	if (!ellipsoid_foot(a, l, x))
		return -INFINITY;
	for (int i = 0; i < 3; i++)
		qx += a[i] > 0.0 ? (x[i] / a[i]) * (x[i] / a[i]) : 0.0;
	double shrink = (qx > 1.0 ? 1.0 / sqrt(qx) : 1.0) * (1.0 - 8.0 * u);
	double d2 = 0.0;
	for (int i = 0; i < 3; i++) {
		double e = x[i] * shrink - l[i];
		d2 += e * e;
	}
	return -sqrt(d2) * (1.0 + 4.0 * u) * am;
}

double mk_ellipsoid_offset(const mk_shape *s, mink_vec3 o)
{
	if (s->type != CORE_ELLIPSOID)
		return 0.0;
	return fabs(ellipsoid_inner(mk_unplace(s, o), s->radii)) * s->scale;
}

mink_vec3 mk_ellipsoid_nearest(const mk_shape *s, mink_vec3 o)
{
	if (s->type != CORE_ELLIPSOID)
		return o;
	double a[3], l[3], am, x[3], q = ellipsoid_units(mk_unplace(s, o), s->radii, a, l, &am);
	if (!(q > 1.0) || !ellipsoid_foot(a, l, x))
		return o;
	return mk_place(s, v3(x[0] * am, x[1] * am, x[2] * am));
}

int mk_ellipsoid_inner_foot(const mk_shape *s, mink_vec3 o, mink_vec3 *foot)
{
	if (s->type != CORE_ELLIPSOID)
		return 0;
	double a[3], l[3], am, q = ellipsoid_units(mk_unplace(s, o), s->radii, a, l, &am);
	if (!(q < 1.0))
		return 0;
	double amin = fmin(a[0], fmin(a[1], a[2]));
	if (!(amin > 0.0))
		return 0;
	/* the root of ellipsoid_inner's F, and its point */
	double lo, hi, x[3], qx = 0.0;
	inner_root(a, l, amin, &lo, &hi);
	for (int i = 0; i < 3; i++) {
		x[i] = l[i] * a[i] * a[i] / ((a[i] - lo) * (a[i] + lo));
		qx += (x[i] / a[i]) * (x[i] / a[i]);
	}
	/* onto the boundary (on the medial axis the root is no foot, and
	 * the point found is then farther than the inner distance) */
	if (!(qx > 0.0) || !(qx < INFINITY))
		return 0;
	double k = am / sqrt(qx);
	*foot = mk_place(s, v3(x[0] * k, x[1] * k, x[2] * k));
	return v3_isfinite(*foot);
}

/*
 * A lower bound on the signed inner distance of frame point o in core s:
 * the radius of a ball about o inside the core (its distance to the
 * boundary), or minus the distance from o to the core when outside.  In
 * 2D the plane's distance.  Exact for points, segments, triangles, boxes,
 * cylinders and cones; an ellipsoid contains the ball of its least radius,
 * or with exact set its distance is found (ellipsoid_inner, a root
 * search); a point set gives minus the distance to its nearest point
 * (-inf for the large hulls that climb: no scan of every point).
 */
static double inner_distance(const mk_shape *s, mink_vec3 o, int dim, int exact)
{
	mink_vec3 l = mk_unplace(s, o);
	double d = -INFINITY;
	/* (no z is dropped in 2D: the plane's points and a 2D shape's frame
	 * have none, and the axial solver's sections are 3D cores turned into
	 * the plane, whose own z is their axis: with it dropped a flat disc
	 * held the centre of a ball 1 away from it, and the balls' bound
	 * certified a depth 0.0088 too deep) */
	switch (s->type) {
	case CORE_POINT:
		d = -v3_len(l);
		break;
	case CORE_SEGMENT:
		d = -segment_distance(l, s->corner[0], s->corner[1]);
		break;
	case CORE_TRIANGLE:
		d = -triangle_distance(l, s->corner[0], s->corner[1], s->corner[2]);
		break;
	case CORE_BOX: {
		double q = rect_distance(l.x, l.y, s->half.x, s->half.y);
		if (dim == 2)
			d = -q;
		else {
			double qz = fabs(l.z) - s->half.z;
			if (q <= 0.0 && qz <= 0.0)
				d = -fmax(q, qz);
			else
				d = -hypot(fmax(q, 0.0), fmax(qz, 0.0));
		}
		break;
	}
	case CORE_CYLINDER:
		d = -rect_distance(hypot(l.x, l.y), l.z, s->radius, s->half_height);
		break;
	case CORE_CONE:
		d = -cone_distance(hypot(l.x, l.y), l.z, s->radius, s->half_height);
		break;
	case CORE_ELLIPSOID:
		d = fmin(s->radii.x, fmin(s->radii.y, s->radii.z)) - v3_len(l);
		if (exact)
			d = fmax(d, ellipsoid_inner(l, s->radii));
		break;
	case CORE_POINTS3:
		for (int i = 0; i < s->count; i++)
			d = fmax(d, -v3_len(v3_sub(l, s->points3[i])));
		break;
	case CORE_CLIMB3:
		break; /* a scan of every point would cost more than it gains */
	case CORE_POINTS2:
		for (int i = 0; i < s->count; i++)
			d = fmax(d, -hypot(l.x - s->points2[i].x, l.y - s->points2[i].y));
		break;
	}
	return d * s->scale;
}

double mk_inner_distance(const mk_shape *s, mink_vec3 o, int dim)
{
	return inner_distance(s, o, dim, 0);
}

/*
 * The outward normal, in the query frame, at the boundary point of a
 * cylinder's or a cone's core nearest to the query-frame point o inside
 * it: the side or the cap whose distance mk_inner_distance took (the cap
 * where they tie).  0 when o lies outside or s is another kind.
 */
int mk_inner_normal(const mk_shape *s, mink_vec3 o, mink_vec3 *n)
{
	if (s->type != CORE_CYLINDER && s->type != CORE_CONE)
		return 0;
	mink_vec3 l = mk_unplace(s, o);
	double rho = hypot(l.x, l.y), r = s->radius, h = s->half_height;
	mink_vec3 radial = rho > 0.0 ? v3(l.x / rho, l.y / rho, 0.0) : v3(1, 0, 0);
	mink_vec3 m;
	if (s->type == CORE_CYLINDER) {
		double side = r - rho, cap = h - fabs(l.z);
		if (!(side >= 0.0 && cap >= 0.0))
			return 0;
		m = cap <= side ? v3(0, 0, l.z < 0.0 ? -1.0 : 1.0) : radial;
	} else {
		double len = hypot(r, 2.0 * h);
		if (!(len > 0.0))
			return 0;
		double side = -(2.0 * h * rho + r * (l.z - h)) / len, base = h + l.z;
		if (!(side >= 0.0 && base >= 0.0))
			return 0;
		m = base <= side ? v3(0, 0, -1)
		                 : v3(radial.x * 2.0 * h / len, radial.y * 2.0 * h / len, r / len);
	}
	*n = m3_mul(&s->rot, m);
	return 1;
}

/*
 * Concentric inscribed balls: a lower bound on the depth of A and B.  If
 * A holds the ball of radius ra about o and B the ball of radius rb about
 * the same o, separating them takes at least ra + rb.  Tried about p, q,
 * their midpoint and the two shapes' origins; the largest sum (-inf when
 * none is known).
 */
double mk_ball_bound(const mk_shape *A, const mk_shape *B, mink_vec3 p, mink_vec3 q, int dim,
                     int exact)
{
	mink_vec3 at[5] = {p, q, v3_scale(v3_add(p, q), 0.5), A->pos, B->pos};
	double bound = -INFINITY;
	for (int i = 0; i < 5; i++)
		bound = fmax(bound, inner_distance(A, at[i], dim, exact) +
		                        inner_distance(B, at[i], dim, exact));
	return bound;
}
