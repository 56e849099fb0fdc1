/*
 * kernel.c - the kernel benchmark: mink_query3/mink_query2 against
 * Bullet's btGjkEpaSolver2 and libccd's GJK+EPA and MPR, on the same
 * seeded pairs, with the exactness of every answer checked against an
 * independent reference.
 *
 * For each category the pairs are generated once (fixed seed), each
 * library builds its shapes before the clock starts, then one untimed
 * pass records the answers; then every library's timed passes run, the
 * libraries' passes interleaved (time_pending), each pass the pairs in
 * batches; the figure reported is the median over all batches of the mean
 * time per query in a batch (clock_gettime(CLOCK_MONOTONIC)).
 *
 * Usage: kernel [-s SCALE]   (SCALE multiplies the pair counts; default 1)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <ccd/config.h>

#include "bmath.h"
#include "oracle.h"
#include "mink_random.h"
#include "polyoracle.h"

#ifndef BENCH_HULL_BUILD
#define BENCH_HULL_BUILD 0
#endif

#define SEED 0x6d696e6b2d62656eULL /* "mink-ben" */
#define PI 3.14159265358979323846
/* Share of the pairs generated to overlap (the rest are apart). */
#define OVERLAP_SHARE 0.8
/* Exact: |value - ref| <= REL_TOL |ref| + ABS_TOL L, L the pair's size. */
#define REL_TOL 1e-9
#define ABS_TOL 1e-12
/* Timed work per library and category, in seconds (at least 3 passes). */
#define TIME_BUDGET 0.8
#define MIN_REPS 3
#define MAX_REPS 200
/* Untimed answer pass per library and category, in seconds at most. */
#define ANSWER_BUDGET 4.0

/* ---------------------------------------------------------------- */
/* seeded PRNG: xoshiro256**, seeded by splitmix64                   */

typedef mink_rng rng;

static uint64_t rng_next(rng *r) { return mink_rng_next(r); }
static double rng_unit(rng *r) { return mink_rng_unit(r); }
static double rng_range(rng *r, double lo, double hi) { return mink_rng_range(r, lo, hi); }
static int rng_int(rng *r, int lo, int hi) { return lo + (int)(rng_next(r) % (uint64_t)(hi - lo + 1)); }

static mink_vec3 rng_in_ball(rng *r)
{
	for (;;) {
		mink_vec3 v = bv(rng_range(r, -1, 1), rng_range(r, -1, 1), rng_range(r, -1, 1));
		if (bv_dot(v, v) <= 1)
			return v;
	}
}

static mink_vec3 rng_unit_vec(rng *r)
{
	for (;;) {
		mink_vec3 v = rng_in_ball(r);
		double n = bv_norm(v);
		if (n > 1e-3)
			return bv_scale(v, 1 / n);
	}
}

/* Uniform rotation (Shoemake), w first. */
static void rng_quat(rng *r, double *q)
{
	double u1 = rng_unit(r), u2 = 2 * PI * rng_unit(r), u3 = 2 * PI * rng_unit(r);
	double a = sqrt(1 - u1), b = sqrt(u1);
	q[0] = b * cos(u3);
	q[1] = a * sin(u2);
	q[2] = a * cos(u2);
	q[3] = b * sin(u3);
}

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);
	if (!p) {
		fprintf(stderr, "kernel: out of memory\n");
		exit(2);
	}
	return p;
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return (a > b) - (a < b);
}

static double median(double *v, int n)
{
	if (n == 0)
		return NAN;
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* ---------------------------------------------------------------- */
/* categories and their pairs                                        */

typedef enum cat_id {
	CAT_BOX,
	CAT_HULL_SMALL,
	CAT_HULL_LARGE,
	CAT_SPHERE,
	CAT_SPHERE_BOX,
	CAT_CAPSULE,
	CAT_CYL_CONE,
	CAT_POLY2,
	CAT_BOX_TRI,
	CAT_COUNT
} cat_id;

typedef struct cat_info {
	const char *name;
	int pairs; /* at scale 1 */
	int batch; /* queries per timed batch */
	const char *reference;
} cat_info;

static const cat_info CATS[CAT_COUNT] = {
	{"box-box", 5000, 50, "tests/oracle.c separating axes / feature distances (8 corners)"},
	{"hull-hull 8-64 pts", 2000, 20, "Minkowski-facet oracle (bench/polyoracle.c)"},
	{"hull-hull 500-2000 pts", 160, 4, "Minkowski-facet oracle (bench/polyoracle.c)"},
	{"sphere-sphere", 5000, 50, "analytic"},
	{"sphere-box", 5000, 50, "analytic"},
	{"capsule-capsule", 5000, 50, "analytic (segment-segment distance, tests/oracle.c)"},
	{"cylinder-cone", 2000, 20, "mink itself at tolerance 1e-14 (NOT independent)"},
	{"polygon-polygon 2D", 5000, 50, "tests/oracle.c 2D separating axes / distances"},
	{"box-triangle", 5000, 50, "tests/oracle.c separating axes / feature distances (corners)"},
};

typedef struct dataset {
	cat_id cat;
	int n;
	/* 3D */
	bench_pair *pairs;
	mink_vec3 **pts; /* hull point arrays (2 per pair), owned */
	mink_shape3 *ma, *mb;
	mink_pose3 *pa, *pb;
	mink_hull *hulls; /* 2 per pair, large hulls only */
	int hull_built;   /* mink_hull_build used */
	/* 2D */
	mink_shape2 *ma2, *mb2;
	mink_pose2 *pa2, *pb2;
	mink_vec2 **pts2;
	/* reference signed distance and the pair's size */
	double *ref;
	double *size;
	mink_vec3 *ref_normal;
	mink_vec3 *ref_pa, *ref_pb; /* cylinder-cone: the reference's witness points */
} dataset;

static double shape_radius(const bench_shape *s)
{
	switch (s->kind) {
	case BK_SPHERE:
		return s->radius;
	case BK_BOX:
		return sqrt(s->half[0] * s->half[0] + s->half[1] * s->half[1] + s->half[2] * s->half[2]);
	case BK_CAPSULE:
		return s->radius + s->half_height;
	case BK_CYLINDER:
	case BK_CONE:
		return sqrt(s->radius * s->radius + s->half_height * s->half_height);
	case BK_HULL:
	case BK_TRIANGLE: {
		double r = 0;
		for (int i = 0; i < s->npts; i++)
			r = fmax(r, bv_norm(s->pts[i]));
		return r;
	}
	}
	return 0;
}

static void random_pose(rng *r, bench_shape *s)
{
	rng_quat(r, s->quat);
	bm_from_quat(s->quat, s->rot);
}

/*
 * Places B relative to A along a random direction u: with S the sum of
 * the shapes' extents along u, B's centre goes to A's + t S u.  t > 1
 * guarantees separation (u separates); t < 1 overlaps along u and usually
 * overall; the reference decides (see build_dataset).
 */
static void place(rng *r, bench_pair *p, int overlap)
{
	mink_vec3 pa = bv(rng_range(r, -1, 1), rng_range(r, -1, 1), rng_range(r, -1, 1));
	mink_vec3 u = rng_unit_vec(r);
	memset(p->a.pos, 0, sizeof p->a.pos);
	memset(p->b.pos, 0, sizeof p->b.pos);
	double extent = bs_h(&p->a, u) + bs_h(&p->b, bv_scale(u, -1));
	double t = overlap ? rng_range(r, 0.4, 0.98) : rng_range(r, 1.02, 1.5);
	mink_vec3 pb = bv_add(pa, bv_scale(u, t * extent));
	p->a.pos[0] = pa.x, p->a.pos[1] = pa.y, p->a.pos[2] = pa.z;
	p->b.pos[0] = pb.x, p->b.pos[1] = pb.y, p->b.pos[2] = pb.z;
}

static mink_vec3 *random_hull_points(rng *r, int n, int on_surface)
{
	mink_vec3 *pts = xcalloc((size_t)n, sizeof *pts);
	mink_vec3 radii = bv(rng_range(r, 0.3, 1.0), rng_range(r, 0.3, 1.0), rng_range(r, 0.3, 1.0));
	for (int i = 0; i < n; i++) {
		mink_vec3 v = on_surface ? rng_unit_vec(r) : rng_in_ball(r);
		pts[i] = bv(v.x * radii.x, v.y * radii.y, v.z * radii.z);
	}
	return pts;
}

static void random_shape(rng *r, dataset *d, int i, int side, bench_kind kind, bench_shape *s)
{
	memset(s, 0, sizeof *s);
	s->kind = kind;
	switch (kind) {
	case BK_SPHERE:
		s->radius = rng_range(r, 0.2, 1.0);
		break;
	case BK_BOX:
		for (int k = 0; k < 3; k++)
			s->half[k] = rng_range(r, 0.2, 1.0);
		break;
	case BK_CAPSULE:
		s->radius = rng_range(r, 0.1, 0.5);
		s->half_height = rng_range(r, 0.1, 1.0);
		break;
	case BK_CYLINDER:
	case BK_CONE:
		s->radius = rng_range(r, 0.2, 1.0);
		s->half_height = rng_range(r, 0.2, 1.0);
		break;
	case BK_HULL: {
		int large = d->cat == CAT_HULL_LARGE;
		int n = large ? rng_int(r, 500, 2000) : rng_int(r, 8, 64);
		mink_vec3 *pts = random_hull_points(r, n, large);
		d->pts[2 * i + side] = pts;
		s->pts = pts;
		s->npts = n;
		break;
	}
	case BK_TRIANGLE:
		/* corners inside an ellipsoid as a small hull's points */
		s->pts = d->pts[2 * i + side] = random_hull_points(r, 3, 0);
		s->npts = 3;
		break;
	}
	random_pose(r, s);
}

static mink_shape3 to_mink(const bench_shape *s)
{
	mink_shape3 m;
	memset(&m, 0, sizeof m);
	switch (s->kind) {
	case BK_SPHERE:
		m.type = MINK_SPHERE;
		m.sphere.radius = s->radius;
		break;
	case BK_BOX:
		m.type = MINK_BOX;
		m.box.half_extents = bv(s->half[0], s->half[1], s->half[2]);
		break;
	case BK_CAPSULE:
		m.type = MINK_CAPSULE;
		m.capsule.radius = s->radius;
		m.capsule.half_height = s->half_height;
		break;
	case BK_CYLINDER:
		m.type = MINK_CYLINDER;
		m.cylinder.radius = s->radius;
		m.cylinder.half_height = s->half_height;
		break;
	case BK_CONE:
		m.type = MINK_CONE;
		m.cone.radius = s->radius;
		m.cone.half_height = s->half_height;
		break;
	case BK_HULL:
		m.type = MINK_HULL;
		m.hull.points = s->pts;
		m.hull.count = s->npts;
		break;
	case BK_TRIANGLE:
		m = mink_triangle3(s->pts[0], s->pts[1], s->pts[2]);
		break;
	}
	return m;
}

static mink_pose3 to_pose(const bench_shape *s)
{
	mink_pose3 p;
	p.position = bs_pos(s);
	p.rotation.w = s->quat[0];
	p.rotation.x = s->quat[1];
	p.rotation.y = s->quat[2];
	p.rotation.z = s->quat[3];
	return p;
}

static void world_points(const bench_shape *s, mink_vec3 *out)
{
	if (s->kind == BK_BOX) {
		for (int k = 0; k < 8; k++)
			out[k] = bs_world(s, bv(k & 1 ? s->half[0] : -s->half[0], k & 2 ? s->half[1] : -s->half[1],
			                        k & 4 ? s->half[2] : -s->half[2]));
	} else {
		for (int k = 0; k < s->npts; k++)
			out[k] = bs_world(s, s->pts[k]);
	}
}

/* ---- references ---- */

static double ref_boxes_bruteforce(const bench_pair *p)
{
	mink_vec3 a[8], b[8];
	int na = p->a.kind == BK_BOX ? 8 : p->a.npts, nb = p->b.kind == BK_BOX ? 8 : p->b.npts;
	world_points(&p->a, a);
	world_points(&p->b, b);
	oracle_sat sat;
	oracle_sat3(a, na, b, nb, &sat);
	if (sat.value > 0)
		return -sat.value;
	oracle_dist dist;
	oracle_dist3(a, na, b, nb, &dist);
	return dist.distance;
}

/* The polytope oracle on world points; NAN if a hull is degenerate. */
static double ref_poly(const bench_pair *p, mink_vec3 *normal)
{
	int na = p->a.kind == BK_BOX ? 8 : p->a.npts, nb = p->b.kind == BK_BOX ? 8 : p->b.npts;
	mink_vec3 *a = xcalloc((size_t)na, sizeof *a), *b = xcalloc((size_t)nb, sizeof *b);
	world_points(&p->a, a);
	world_points(&p->b, b);
	poly pa, pb;
	double v = NAN;
	if (poly_build(&pa, a, na) == 0 && poly_build(&pb, b, nb) == 0)
		v = poly_signed_distance(&pa, &pb, normal);
	poly_free(&pa);
	poly_free(&pb);
	free(a);
	free(b);
	return v;
}

static double ref_sphere_box(const bench_pair *p)
{
	const bench_shape *s = &p->a, *b = &p->b;
	mink_vec3 q = bm_tmul(b->rot, bv_sub(bs_pos(s), bs_pos(b)));
	double qa[3] = {q.x, q.y, q.z}, out2 = 0, inside = INFINITY;
	int outside = 0;
	for (int k = 0; k < 3; k++) {
		double e = fabs(qa[k]) - b->half[k];
		if (e > 0) {
			outside = 1;
			out2 += e * e;
		}
		inside = fmin(inside, -e);
	}
	return outside ? sqrt(out2) - s->radius : -(s->radius + inside);
}

static double ref_capsules(const bench_pair *p)
{
	mink_vec3 p1 = bs_world(&p->a, bv(0, 0, -p->a.half_height)), q1 = bs_world(&p->a, bv(0, 0, p->a.half_height));
	mink_vec3 p2 = bs_world(&p->b, bv(0, 0, -p->b.half_height)), q2 = bs_world(&p->b, bv(0, 0, p->b.half_height));
	mink_vec3 c1, c2;
	oracle_closest_segments(p1, q1, p2, q2, &c1, &c2);
	return bv_norm(bv_sub(c2, c1)) - p->a.radius - p->b.radius;
}

static mink_options reference_options(void)
{
	mink_options o = mink_default_options();
	o.tolerance = 1e-14;
	o.size_tolerance = 1e-16;
	o.max_gjk_iterations = 1000;
	o.max_epa_iterations = 100000;
	return o;
}

static int ref_cyl_cone_flagged; /* reference queries mink flagged approximate */

static double ref_mink_tight(const dataset *d, int i)
{
	mink_options o = reference_options();
	mink_result r;
	mink_query3(&d->ma[i], &d->pa[i], &d->mb[i], &d->pb[i], &o, &r);
	if (r.status == MINK_ERROR)
		return NAN;
	if (r.status != MINK_OK)
		ref_cyl_cone_flagged++;
	d->ref_normal[i] = r.normal;
	d->ref_pa[i] = r.point_a;
	d->ref_pb[i] = r.point_b;
	return r.distance;
}

/* A point of the cylinder or cone s near world point x: x clamped into it. */
static mink_vec3 clamp_round(const bench_shape *s, mink_vec3 x)
{
	mink_vec3 q = bm_tmul(s->rot, bv_sub(x, bs_pos(s)));
	double h = s->half_height;
	q.z = fmax(-h, fmin(h, q.z));
	double rho = sqrt(q.x * q.x + q.y * q.y);
	double r = s->kind == BK_CONE ? s->radius * (h - q.z) / (2 * h) : s->radius;
	if (rho > r) {
		q.x *= r / rho;
		q.y *= r / rho;
	}
	return bs_world(s, q);
}

/* ---- 2D ---- */

static mink_vec3 world2(const mink_pose2 *p, mink_vec2 v)
{
	double c = cos(p->angle), s = sin(p->angle);
	return bv(c * v.x - s * v.y + p->position.x, s * v.x + c * v.y + p->position.y, 0);
}

static double h2(const mink_vec2 *pts, int n, const mink_pose2 *p, mink_vec3 d)
{
	double m = -INFINITY;
	for (int i = 0; i < n; i++)
		m = fmax(m, bv_dot(world2(p, pts[i]), d));
	return m;
}

/* One random polygon pair with its reference; 1 when its state is `overlap`. */
static int make_poly2(rng *r, dataset *d, int i, int overlap)
{
	for (int side = 0; side < 2; side++) {
		int n = rng_int(r, 3, 16);
		double rx = rng_range(r, 0.3, 1.0), ry = rng_range(r, 0.3, 1.0);
		mink_vec2 *pts = xcalloc((size_t)n, sizeof *pts);
		for (int k = 0; k < n; k++) {
			mink_vec3 v;
			do
				v = bv(rng_range(r, -1, 1), rng_range(r, -1, 1), 0);
			while (bv_dot(v, v) > 1);
			pts[k].x = v.x * rx;
			pts[k].y = v.y * ry;
		}
		d->pts2[2 * i + side] = pts;
		mink_shape2 *s = side ? &d->mb2[i] : &d->ma2[i];
		memset(s, 0, sizeof *s);
		s->type = MINK_POLYGON2;
		s->polygon.points = pts;
		s->polygon.count = n;
		mink_pose2 *p = side ? &d->pb2[i] : &d->pa2[i];
		p->position.x = p->position.y = 0;
		p->angle = rng_range(r, 0, 2 * PI);
	}
	double phi = rng_range(r, 0, 2 * PI);
	mink_vec3 u = bv(cos(phi), sin(phi), 0);
	double extent = h2(d->pts2[2 * i], d->ma2[i].polygon.count, &d->pa2[i], u) +
	                h2(d->pts2[2 * i + 1], d->mb2[i].polygon.count, &d->pb2[i], bv_scale(u, -1));
	double t = overlap ? rng_range(r, 0.4, 0.98) : rng_range(r, 1.02, 1.5);
	d->pa2[i].position.x = rng_range(r, -1, 1);
	d->pa2[i].position.y = rng_range(r, -1, 1);
	d->pb2[i].position.x = d->pa2[i].position.x + t * extent * u.x;
	d->pb2[i].position.y = d->pa2[i].position.y + t * extent * u.y;

	/* reference */
	int na = d->ma2[i].polygon.count, nb = d->mb2[i].polygon.count;
	mink_vec2 *wa = xcalloc((size_t)na, sizeof *wa), *wb = xcalloc((size_t)nb, sizeof *wb);
	double ra = 0, rb = 0;
	for (int k = 0; k < na; k++) {
		mink_vec3 w = world2(&d->pa2[i], d->pts2[2 * i][k]);
		wa[k].x = w.x, wa[k].y = w.y;
		ra = fmax(ra, hypot(d->pts2[2 * i][k].x, d->pts2[2 * i][k].y));
	}
	for (int k = 0; k < nb; k++) {
		mink_vec3 w = world2(&d->pb2[i], d->pts2[2 * i + 1][k]);
		wb[k].x = w.x, wb[k].y = w.y;
		rb = fmax(rb, hypot(d->pts2[2 * i + 1][k].x, d->pts2[2 * i + 1][k].y));
	}
	oracle_sat sat;
	oracle_sat2(wa, na, wb, nb, &sat);
	if (sat.value > 0) {
		d->ref[i] = -sat.value;
	} else {
		oracle_dist dist;
		oracle_dist2(wa, na, wb, nb, &dist);
		d->ref[i] = dist.distance;
	}
	d->size[i] = ra + rb;
	free(wa);
	free(wb);
	return (d->ref[i] < 0) == overlap;
}

/* ---- dataset ---- */

/* The reference signed distance of pair i of a 3D dataset. */
static double reference(dataset *d, int i)
{
	const bench_pair *p = &d->pairs[i];
	switch (d->cat) {
	case CAT_BOX:
	case CAT_BOX_TRI:
		return ref_boxes_bruteforce(p);
	case CAT_HULL_SMALL:
	case CAT_HULL_LARGE:
		return ref_poly(p, &d->ref_normal[i]);
	case CAT_SPHERE:
		return bv_norm(bv_sub(bs_pos(&p->b), bs_pos(&p->a))) - p->a.radius - p->b.radius;
	case CAT_SPHERE_BOX:
		return ref_sphere_box(p);
	case CAT_CAPSULE:
		return ref_capsules(p);
	case CAT_CYL_CONE:
		return ref_mink_tight(d, i);
	default:
		return NAN;
	}
}

/*
 * Whether pair i (of n) is to overlap: random with probability
 * OVERLAP_SHARE, but exactly round(OVERLAP_SHARE n) pairs overlap.  A
 * candidate pair whose reference state differs is drawn again.
 */
static int want_overlap(rng *r, int i, int n, int *n_pen)
{
	int target = (int)lround(OVERLAP_SHARE * n);
	int want = rng_unit(r) < OVERLAP_SHARE;
	if (*n_pen >= target)
		want = 0;
	else if (i - *n_pen >= n - target)
		want = 1;
	*n_pen += want;
	return want;
}


static void build_dataset(dataset *d, cat_id cat, int n)
{
	memset(d, 0, sizeof *d);
	d->cat = cat;
	d->n = n;
	d->ref = xcalloc((size_t)n, sizeof *d->ref);
	d->size = xcalloc((size_t)n, sizeof *d->size);
	d->ref_normal = xcalloc((size_t)n, sizeof *d->ref_normal);
	d->ref_pa = xcalloc((size_t)n, sizeof *d->ref_pa);
	d->ref_pb = xcalloc((size_t)n, sizeof *d->ref_pb);
	rng r;
	mink_rng_seed(&r, SEED + (uint64_t)cat);
	int n_pen = 0;

	if (cat == CAT_POLY2) {
		d->ma2 = xcalloc((size_t)n, sizeof *d->ma2);
		d->mb2 = xcalloc((size_t)n, sizeof *d->mb2);
		d->pa2 = xcalloc((size_t)n, sizeof *d->pa2);
		d->pb2 = xcalloc((size_t)n, sizeof *d->pb2);
		d->pts2 = xcalloc(2 * (size_t)n, sizeof *d->pts2);
		for (int i = 0; i < n; i++) {
			int want = want_overlap(&r, i, n, &n_pen);
			while (!make_poly2(&r, d, i, want)) {
				free(d->pts2[2 * i]);
				free(d->pts2[2 * i + 1]);
			}
		}
		return;
	}

	static const bench_kind kinds[CAT_COUNT][2] = {
		[CAT_BOX] = {BK_BOX, BK_BOX},
		[CAT_HULL_SMALL] = {BK_HULL, BK_HULL},
		[CAT_HULL_LARGE] = {BK_HULL, BK_HULL},
		[CAT_SPHERE] = {BK_SPHERE, BK_SPHERE},
		[CAT_SPHERE_BOX] = {BK_SPHERE, BK_BOX},
		[CAT_CAPSULE] = {BK_CAPSULE, BK_CAPSULE},
		[CAT_CYL_CONE] = {BK_CYLINDER, BK_CONE},
		[CAT_BOX_TRI] = {BK_BOX, BK_TRIANGLE},
	};
	d->pairs = xcalloc((size_t)n, sizeof *d->pairs);
	d->pts = xcalloc(2 * (size_t)n, sizeof *d->pts);
	d->ma = xcalloc((size_t)n, sizeof *d->ma);
	d->mb = xcalloc((size_t)n, sizeof *d->mb);
	d->pa = xcalloc((size_t)n, sizeof *d->pa);
	d->pb = xcalloc((size_t)n, sizeof *d->pb);
	for (int i = 0; i < n; i++) {
		int want = want_overlap(&r, i, n, &n_pen);
		for (;;) {
			bench_pair *p = &d->pairs[i];
			random_shape(&r, d, i, 0, kinds[cat][0], &p->a);
			random_shape(&r, d, i, 1, kinds[cat][1], &p->b);
			place(&r, p, want);
			d->ma[i] = to_mink(&p->a);
			d->mb[i] = to_mink(&p->b);
			d->pa[i] = to_pose(&p->a);
			d->pb[i] = to_pose(&p->b);
			d->size[i] = shape_radius(&p->a) + shape_radius(&p->b);
			d->ref[i] = reference(d, i);
			if (!isnan(d->ref[i]) && (d->ref[i] < 0) == want)
				break;
			free(d->pts[2 * i]);
			free(d->pts[2 * i + 1]);
			d->pts[2 * i] = d->pts[2 * i + 1] = NULL;
		}
	}
#if BENCH_HULL_BUILD
	if (cat == CAT_HULL_LARGE) {
		d->hulls = xcalloc(2 * (size_t)n, sizeof *d->hulls);
		d->hull_built = 1;
		for (int i = 0; i < n; i++) {
			for (int side = 0; side < 2; side++) {
				const bench_shape *s = side ? &d->pairs[i].b : &d->pairs[i].a;
				mink_hull *h = &d->hulls[2 * i + side];
				if (mink_hull_build(s->pts, s->npts, h) != MINK_HULL_OK) {
					fprintf(stderr, "kernel: mink_hull_build failed on pair %d\n", i);
					exit(2);
				}
				if (side)
					d->mb[i] = mink_hull_shape(h, 0);
				else
					d->ma[i] = mink_hull_shape(h, 0);
			}
		}
	}
#endif
}

static void free_dataset(dataset *d)
{
	if (d->hulls)
		for (int i = 0; i < 2 * d->n; i++)
			mink_hull_free(&d->hulls[i]);
	if (d->pts)
		for (int i = 0; i < 2 * d->n; i++)
			free(d->pts[i]);
	if (d->pts2)
		for (int i = 0; i < 2 * d->n; i++)
			free(d->pts2[i]);
	free(d->hulls);
	free(d->pts);
	free(d->pts2);
	free(d->pairs);
	free(d->ma);
	free(d->mb);
	free(d->pa);
	free(d->pb);
	free(d->ma2);
	free(d->mb2);
	free(d->pa2);
	free(d->pb2);
	free(d->ref);
	free(d->size);
	free(d->ref_normal);
	free(d->ref_pa);
	free(d->ref_pb);
}

/* ---------------------------------------------------------------- */
/* mink runners                                                      */

typedef struct mink_ctx {
	const dataset *d;
	const mink_shape3 *ma, *mb;
	mink_options opt;
} mink_ctx;

static void answer_from(const mink_result *r, bench_answer *o)
{
	if (r->status == MINK_ERROR) {
		o->state = BS_FAILED;
		o->value = 0;
		return;
	}
	o->state = r->distance < 0 ? BS_OVERLAPPING : BS_SEPARATED;
	o->value = r->distance;
	o->normal[0] = r->normal.x;
	o->normal[1] = r->normal.y;
	o->normal[2] = r->normal.z;
}

static int mink_flagged; /* approximate results in the answer pass */
static int counting;     /* 1 during the answer pass */
static long mink_gjk_sum, mink_epa_sum; /* iterations in the answer pass */
static int mink_epa_max;

static void mink_run3(void *ctx, int begin, int end, bench_answer *out)
{
	mink_ctx *c = ctx;
	const dataset *d = c->d;
	for (int i = begin; i < end; i++) {
		mink_result r;
		mink_query3(&c->ma[i], &d->pa[i], &c->mb[i], &d->pb[i], &c->opt, &r);
		if (counting) {
			mink_flagged += r.status == MINK_APPROXIMATE;
			mink_gjk_sum += r.gjk_iterations;
			mink_epa_sum += r.epa_iterations;
			mink_epa_max = r.epa_iterations > mink_epa_max ? r.epa_iterations : mink_epa_max;
		}
		answer_from(&r, &out[i]);
	}
}

/* The same pairs, each queried REPEAT times back to back: what a query
 * costs when its data is already in the cache and the branch predictors
 * have seen it (the row "mink (repeated)", per query).  The other rows
 * take the pairs in order, each once per pass: mixed order. */
#define REPEAT 8
static void mink_run3_repeated(void *ctx, int begin, int end, bench_answer *out)
{
	mink_ctx *c = ctx;
	const dataset *d = c->d;
	for (int i = begin; i < end; i++) {
		mink_result r;
		for (int k = 0; k < REPEAT; k++)
			mink_query3(&c->ma[i], &d->pa[i], &c->mb[i], &d->pb[i], &c->opt, &r);
		answer_from(&r, &out[i]);
	}
}

static void mink_run2(void *ctx, int begin, int end, bench_answer *out)
{
	mink_ctx *c = ctx;
	const dataset *d = c->d;
	for (int i = begin; i < end; i++) {
		mink_result r;
		mink_query2(&d->ma2[i], &d->pa2[i], &d->mb2[i], &d->pb2[i], &c->opt, &r);
		if (counting) {
			mink_flagged += r.status == MINK_APPROXIMATE;
			mink_gjk_sum += r.gjk_iterations;
			mink_epa_sum += r.epa_iterations;
			mink_epa_max = r.epa_iterations > mink_epa_max ? r.epa_iterations : mink_epa_max;
		}
		answer_from(&r, &out[i]);
	}
}

/* ---------------------------------------------------------------- */
/* measurement and scoring                                           */

typedef struct row {
	const char *cat;
	const char *lib;
	int n_pen, n_sep;
	double ns;          /* median ns per query */
	int reps;
	int exact_pen, exact_sep;
	int nodist;         /* separated pairs detected without a distance */
	int wrong;          /* wrong state or no answer */
	int flagged;        /* mink: approximate status */
	int n_used, n_total; /* pairs answered (a slow library may do fewer) */
	double gjk_mean, epa_mean; /* mink: mean iterations */
	int epa_max;
	double med_rel, max_rel;
} row;

static row rows[64];
static int nrows;

/*
 * A library's timed passes on a category are run after every library has
 * answered, the libraries taking turns over one window of time
 * (time_pending).  These machines are shared, and their speed changes in
 * phases of a second or more (the same binary measured 399 and 656 ns a
 * box pair in back-to-back runs); one library measured after another may
 * land in another phase, so their ratio, which is what the targets are
 * stated in, would measure the machine.  Taking turns, each library's
 * passes are spread evenly over the same window.  Each turn starts with an
 * untimed pass, so that the timed ones find the caches as a run of that
 * library alone leaves them (the large hulls' walk records, 25 MB, stay in
 * a large L3 between passes of mink alone, not after a pass of Bullet).
 * Within a pass nothing changes: the pairs in order, in batches.
 */
typedef struct pending {
	row *rw;
	bench_run_fn fn;
	void *ctx;
	int batch;
	int div; /* queries per pair in a call (REPEAT for the repeated row) */
	double *means;
	int k;
} pending;

static pending queue[8];
static int nqueue;

/*
 * Runs the answer pass (answers into ans) and queues the timed passes,
 * TIME_BUDGET seconds of them (MIN_REPS to MAX_REPS).  A library too slow
 * to answer every pair within ANSWER_BUDGET seconds is measured and scored
 * on the pairs it answered by then (rw->n_used).
 */
static void answer_pass(row *rw, bench_run_fn fn, void *ctx, int n, int batch, int div,
                        bench_answer *ans)
{
	int used = 0;
	counting = 1;
	double t0 = now_s();
	while (used < n && now_s() - t0 < ANSWER_BUDGET) {
		int hi = used + batch < n ? used + batch : n;
		fn(ctx, used, hi, ans);
		used = hi;
	}
	double pass = now_s() - t0;
	counting = 0;
	int reps = (int)ceil(TIME_BUDGET / fmax(pass, 1e-9));
	reps = reps > MAX_REPS ? MAX_REPS : reps;
	if (reps < MIN_REPS)
		reps = pass > TIME_BUDGET ? 1 : MIN_REPS;
	rw->reps = reps;
	rw->n_used = used;
	pending *p = &queue[nqueue++];
	p->rw = rw;
	p->fn = fn;
	p->ctx = ctx;
	p->batch = batch;
	p->div = div;
	p->means = xcalloc((size_t)reps * (size_t)((used + batch - 1) / batch), sizeof *p->means);
	p->k = 0;
}

/* One timed pass of p: the mean ns per query of each batch. */
static void timed_pass(pending *p, bench_answer *scratch)
{
	int used = p->rw->n_used, batch = p->batch;
	for (int lo = 0; lo < used; lo += batch) {
		int hi = lo + batch < used ? lo + batch : used;
		double s = now_s();
		p->fn(p->ctx, lo, hi, scratch);
		double e = now_s();
		p->means[p->k++] = (e - s) / (double)(hi - lo) * 1e9 / p->div;
	}
}

/* The queued libraries' timed passes, in TURNS turns: in each, a library
 * runs an untimed pass and then its share of its timed passes (none and no
 * pass at all in turns where a library of few passes has no share).  Each
 * row's figure is the median over its batches of the mean ns per query in
 * a batch. */
#define TURNS 16
static void time_pending(int n)
{
	bench_answer *scratch = xcalloc((size_t)n, sizeof *scratch);
	double t0 = now_s();
	for (int r = 0; r < TURNS; r++)
		for (int i = 0; i < nqueue; i++) {
			pending *p = &queue[i];
			int share = (r + 1) * p->rw->reps / TURNS - r * p->rw->reps / TURNS;
			if (share == 0)
				continue;
			p->fn(p->ctx, 0, p->rw->n_used, scratch);
			for (int k = 0; k < share; k++)
				timed_pass(p, scratch);
		}
	for (int i = 0; i < nqueue; i++) {
		pending *p = &queue[i];
		p->rw->ns = median(p->means, p->k);
		fprintf(stderr, "  %-24s %-22s ... %.0f ns/query (%d passes)\n", p->rw->cat, p->rw->lib,
		        p->rw->ns, p->rw->reps);
		free(p->means);
	}
	fprintf(stderr, "  timed together in %.1f s\n", now_s() - t0);
	free(scratch);
	nqueue = 0;
}

static void score(const dataset *d, int n, const bench_answer *ans, row *rw)
{
	double *rel = xcalloc((size_t)n, sizeof *rel);
	int nrel = 0;
	rw->max_rel = 0;
	for (int i = 0; i < n; i++) {
		double ref = d->ref[i];
		if (isnan(ref))
			continue;
		const bench_answer *a = &ans[i];
		int pen = ref < 0;
		double tol = REL_TOL * fabs(ref) + ABS_TOL * d->size[i];
		if (pen)
			rw->n_pen++;
		else
			rw->n_sep++;
		int right_state = pen ? a->state == BS_OVERLAPPING
		                      : (a->state == BS_SEPARATED || a->state == BS_SEPARATED_NODIST);
		if (!right_state) {
			rw->wrong++;
			continue;
		}
		if (a->state == BS_SEPARATED_NODIST) {
			rw->nodist++;
			continue;
		}
		double err = fabs(a->value - ref);
		if (err <= tol) {
			if (pen)
				rw->exact_pen++;
			else
				rw->exact_sep++;
		}
		rel[nrel] = err / fabs(ref);
		rw->max_rel = fmax(rw->max_rel, rel[nrel]);
		nrel++;
	}
	rw->med_rel = median(rel, nrel);
	if (nrel == 0)
		rw->max_rel = NAN;
	free(rel);
}

/* A library's answer pass on the category, scored; its timing queued. */
static row *run_lib(const dataset *d, const char *lib, bench_run_fn fn, void *ctx, int div,
                    bench_answer *ans)
{
	row *rw = &rows[nrows++];
	memset(rw, 0, sizeof *rw);
	rw->cat = CATS[d->cat].name;
	rw->lib = lib;
	mink_flagged = 0;
	mink_gjk_sum = mink_epa_sum = 0;
	mink_epa_max = 0;
	answer_pass(rw, fn, ctx, d->n, CATS[d->cat].batch, div, ans);
	rw->n_total = d->n;
	score(d, rw->n_used, ans, rw);
	rw->flagged = mink_flagged;
	rw->gjk_mean = (double)mink_gjk_sum / rw->n_used;
	rw->epa_mean = (double)mink_epa_sum / rw->n_used;
	rw->epa_max = mink_epa_max;
	return rw;
}

/* Per library, how many overlapping cylinder-cone pairs its own normal
 * beats the reference on (a smaller support gap than the reference depth). */
static int beats_reference(const dataset *d, int n, const bench_answer *ans)
{
	int beaten = 0;
	for (int i = 0; i < n; i++) {
		if (!(d->ref[i] < 0) || ans[i].state != BS_OVERLAPPING)
			continue;
		mink_vec3 u = bv_unit(bv(ans[i].normal[0], ans[i].normal[1], ans[i].normal[2]));
		double g = fmin(bs_gap(&d->pairs[i], u), bs_gap(&d->pairs[i], bv_scale(u, -1)));
		double tol = REL_TOL * fabs(d->ref[i]) + ABS_TOL * d->size[i];
		if (g < -d->ref[i] - tol)
			beaten++;
	}
	return beaten;
}

/* ---------------------------------------------------------------- */
/* oracle self-check: polyoracle.c against tests/oracle.c            */

static void check_polyoracle(double scale)
{
	rng r;
	mink_rng_seed(&r, SEED ^ 0x5eedULL);
	int n = (int)(300 * scale) + 20, bad = 0, ok = 0;
	double worst = 0;
	dataset d;
	memset(&d, 0, sizeof d);
	d.cat = CAT_HULL_SMALL;
	d.pts = xcalloc(2 * (size_t)n, sizeof *d.pts);
	for (int i = 0; i < n; i++) {
		bench_pair p;
		if (i % 2) {
			random_shape(&r, &d, i, 0, BK_BOX, &p.a);
			random_shape(&r, &d, i, 1, BK_BOX, &p.b);
		} else {
			/* a few points only: tests/oracle.c is O(n^4) */
			for (int side = 0; side < 2; side++) {
				bench_shape *s = side ? &p.b : &p.a;
				memset(s, 0, sizeof *s);
				s->kind = BK_HULL;
				s->npts = rng_int(&r, 5, 12);
				s->pts = d.pts[2 * i + side] = random_hull_points(&r, s->npts, 0);
				random_pose(&r, s);
			}
		}
		place(&r, &p, rng_unit(&r) < OVERLAP_SHARE);
		mink_vec3 a[16], b[16];
		int na = p.a.kind == BK_BOX ? 8 : p.a.npts, nb = p.b.kind == BK_BOX ? 8 : p.b.npts;
		world_points(&p.a, a);
		world_points(&p.b, b);
		oracle_sat sat;
		oracle_sat3(a, na, b, nb, &sat);
		double brute;
		if (sat.value > 0) {
			brute = -sat.value;
		} else {
			oracle_dist dist;
			oracle_dist3(a, na, b, nb, &dist);
			brute = dist.distance;
		}
		double mine = ref_poly(&p, NULL);
		if (isnan(mine))
			continue;
		double err = fabs(mine - brute);
		worst = fmax(worst, err / fmax(fabs(brute), 1e-3));
		if (err <= 1e-12 * (1 + fabs(brute)))
			ok++;
		else
			bad++;
	}
	printf("Polytope oracle self-check against tests/oracle.c (boxes and 5-12 point hulls): "
	       "%d/%d agree within 1e-12, worst relative difference %.1e.\n\n", ok, ok + bad, worst);
	if (bad)
		fprintf(stderr, "kernel: WARNING: polytope oracle disagrees with tests/oracle.c on %d pairs\n", bad);
	for (int i = 0; i < 2 * n; i++)
		free(d.pts[i]);
	free(d.pts);
}

/* ---------------------------------------------------------------- */

static void fmt_count(char *buf, size_t len, int k, int n)
{
	if (n == 0)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%d/%d", k, n);
}

static void fmt_rate(char *buf, size_t len, double ns)
{
	double qps = 1e9 / ns;
	if (qps >= 1e6)
		snprintf(buf, len, "%.2f M", qps / 1e6);
	else
		snprintf(buf, len, "%.0f k", qps / 1e3);
}

static void fmt_sci(char *buf, size_t len, double v)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else if (v == 0)
		snprintf(buf, len, "0");
	else
		snprintf(buf, len, "%.0e", v);
}

static void print_table(void)
{
	printf("| category | library | pairs (overlap/apart) | median ns/query | queries/s "
	       "| exact depth | exact distance | wrong or failed | median rel. err | max rel. err |\n");
	printf("|---|---|---|--:|--:|--:|--:|--:|--:|--:|\n");
	for (int i = 0; i < nrows; i++) {
		row *r = &rows[i];
		char pen[32], sep[32], rate[32], med[32], mx[32];
		fmt_count(pen, sizeof pen, r->exact_pen, r->n_pen);
		if (r->nodist)
			snprintf(sep, sizeof sep, "n/a (no distance)");
		else
			fmt_count(sep, sizeof sep, r->exact_sep, r->n_sep);
		fmt_rate(rate, sizeof rate, r->ns);
		fmt_sci(med, sizeof med, r->med_rel);
		fmt_sci(mx, sizeof mx, r->max_rel);
		printf("| %s | %s | %d/%d | %.0f | %s | %s | %s | %d | %s | %s |\n", r->cat, r->lib,
		       r->n_pen, r->n_sep, r->ns, rate, pen, sep, r->wrong, med, mx);
	}
}

/* The first line of /proc/loadavg's first three fields, or "?". */
static void loadavg(char *buf, size_t len)
{
	snprintf(buf, len, "?");
	FILE *f = fopen("/proc/loadavg", "r");
	if (!f)
		return;
	double a, b, c;
	if (fscanf(f, "%lf %lf %lf", &a, &b, &c) == 3)
		snprintf(buf, len, "%.2f %.2f %.2f", a, b, c);
	fclose(f);
}

static void cpu_model(char *buf, size_t len)
{
	snprintf(buf, len, "unknown CPU");
	FILE *f = fopen("/proc/cpuinfo", "r");
	if (!f)
		return;
	char line[512];
	while (fgets(line, sizeof line, f)) {
		if (!strncmp(line, "model name", 10)) {
			char *p = strchr(line, ':');
			if (p) {
				p += 1 + (p[1] == ' ');
				p[strcspn(p, "\n")] = 0;
				snprintf(buf, len, "%s", p);
			}
			break;
		}
	}
	fclose(f);
}

int main(int argc, char **argv)
{
	double scale = 1.0;
	const char *only = NULL; /* -c: categories whose name contains this */
	int mink_only = 0;       /* -m: mink's rows only (for a profiler) */
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-s") && i + 1 < argc) {
			scale = atof(argv[++i]);
		} else if (!strcmp(argv[i], "-c") && i + 1 < argc) {
			only = argv[++i];
		} else if (!strcmp(argv[i], "-m")) {
			mink_only = 1;
		} else {
			fprintf(stderr, "usage: kernel [-s SCALE] [-c CATEGORY] [-m]\n");
			return 2;
		}
	}
	if (!(scale > 0))
		scale = 1;

	mink_options opt = mink_default_options();
	char cpu[256], load[64];
	cpu_model(cpu, sizeof cpu);
	loadavg(load, sizeof load);
	printf("## Kernel benchmark\n\n");
	printf("Machine: %ld cores, %s; one thread; load average at start %s.\n",
	       sysconf(_SC_NPROCESSORS_ONLN), cpu, load);
	printf("mink %s: mink_query3/mink_query2, default options (tolerance %g, size_tolerance %g, "
	       "max_gjk_iterations %d, max_epa_iterations %d).\n",
	       MINK_VERSION_STRING, opt.tolerance, opt.size_tolerance, opt.max_gjk_iterations,
	       opt.max_epa_iterations);
	printf("Bullet %d.%02d btGjkEpaSolver2, btScalar of %d bytes (%s precision), margins 0 "
	       "(sphere and capsule: Bullet's core point/segment with the radius as margin).\n",
	       bullet_version() / 100, bullet_version() % 100, bullet_scalar_size(),
	       bullet_scalar_size() == 8 ? "double" : "SINGLE");
#ifdef CCD_DOUBLE
	const char *ccd_prec = "double";
#else
	const char *ccd_prec = "SINGLE";
#endif
	printf("libccd (%s precision) ccdGJKPenetration and ccdMPRPenetration, %s.\n", ccd_prec,
	       ccd_settings());
	printf("Large hulls for mink: %s.\n",
	       BENCH_HULL_BUILD ? "mink_hull_build() + mink_hull_shape() (hill climbing over the adjacency)"
	                        : "plain MINK_HULL points (mink_hull_build() not available at build time)");
	printf("Seed %#llx; about %.0f%% of the pairs generated overlapping; exact means "
	       "|value - reference| <= %g |reference| + %g L (L: sum of the bounding radii).\n\n",
	       (unsigned long long)SEED, 100 * OVERLAP_SHARE, REL_TOL, ABS_TOL);

	check_polyoracle(scale);

	int cyl_beaten[4] = {0, 0, 0, 0}, cyl_consistent = 0, cyl_pen = 0, cyl_sep = 0, cyl_certified = 0;
	const char *cyl_libs[4] = {"mink", "Bullet", "libccd GJK+EPA", "libccd MPR"};

	for (int c = 0; c < CAT_COUNT; c++) {
		if (only && !strstr(CATS[c].name, only))
			continue;
		int n = (int)(CATS[c].pairs * scale);
		if (n < 8)
			n = 8;
		double t0 = now_s();
		dataset d;
		build_dataset(&d, (cat_id)c, n);
		fprintf(stderr, "%s: %d pairs, references in %.1f s\n", CATS[c].name, n, now_s() - t0);
		bench_answer *ans = xcalloc((size_t)n, sizeof *ans);

		mink_ctx mc = {&d, d.ma, d.mb, opt};
		row *mr = run_lib(&d, c == CAT_HULL_LARGE && d.hull_built ? "mink (hill climbing)" : "mink",
		                  c == CAT_POLY2 ? mink_run2 : mink_run3, &mc, 1, ans);
		if (c == CAT_CYL_CONE)
			cyl_beaten[0] = beats_reference(&d, mr->n_used, ans);
		if (c == CAT_BOX || c == CAT_HULL_SMALL || c == CAT_HULL_LARGE || c == CAT_BOX_TRI)
			run_lib(&d, "mink (repeated)", mink_run3_repeated, &mc, REPEAT, ans);
		if (c == CAT_POLY2 || mink_only) {
			time_pending(n);
			free(ans);
			free_dataset(&d);
			continue;
		}
		mink_shape3 *sa = NULL, *sb = NULL;
		mink_ctx sc = {&d, NULL, NULL, opt};
		if (c == CAT_HULL_LARGE && d.hull_built) {
			/* The same hulls without adjacency: support by scanning. */
			sa = xcalloc((size_t)n, sizeof *sa);
			sb = xcalloc((size_t)n, sizeof *sb);
			for (int i = 0; i < n; i++) {
				sa[i] = to_mink(&d.pairs[i].a);
				sb[i] = to_mink(&d.pairs[i].b);
			}
			sc.ma = sa;
			sc.mb = sb;
			run_lib(&d, "mink (scan)", mink_run3, &sc, 1, ans);
		}

		void *bt = bullet_prepare(d.pairs, n);
		row *br = run_lib(&d, "Bullet GJK+EPA", bullet_run, bt, 1, ans);
		if (c == CAT_CYL_CONE)
			cyl_beaten[1] = beats_reference(&d, br->n_used, ans);

		void *cc[2];
		for (int mpr = 0; mpr < 2; mpr++) {
			cc[mpr] = ccd_prepare(d.pairs, n, mpr);
			row *cr = run_lib(&d, mpr ? "libccd MPR" : "libccd GJK+EPA", ccd_run, cc[mpr], 1, ans);
			if (c == CAT_CYL_CONE)
				cyl_beaten[2 + mpr] = beats_reference(&d, cr->n_used, ans);
		}

		time_pending(n);
		bullet_free(bt);
		for (int mpr = 0; mpr < 2; mpr++)
			ccd_free(cc[mpr]);
		free(sa);
		free(sb);

		if (c == CAT_CYL_CONE) {
			for (int i = 0; i < n; i++) {
				if (!(d.ref[i] < 0))
					continue;
				cyl_pen++;
				double g = bs_gap(&d.pairs[i], d.ref_normal[i]);
				if (fabs(g + d.ref[i]) <= REL_TOL * fabs(d.ref[i]) + ABS_TOL * d.size[i])
					cyl_consistent++;
			}
			for (int i = 0; i < n; i++) {
				if (!(d.ref[i] > 0))
					continue;
				/* Apart: -gap(n) <= distance <= |y - x| for x in A, y in B. */
				mink_vec3 nn = d.ref_normal[i];
				double lo = -bs_gap(&d.pairs[i], nn);
				double hi = bv_norm(bv_sub(bs_support(&d.pairs[i].b, bv_scale(nn, -1)),
				                           bs_support(&d.pairs[i].a, nn)));
				double tol = REL_TOL * d.ref[i] + ABS_TOL * d.size[i];
				hi = fmin(hi, bv_norm(bv_sub(clamp_round(&d.pairs[i].b, d.ref_pb[i]),
				                             clamp_round(&d.pairs[i].a, d.ref_pa[i]))));
				cyl_sep++;
				if (hi - lo <= tol && d.ref[i] >= lo - tol && d.ref[i] <= hi + tol)
					cyl_certified++;
			}
		}
		free(ans);
		free_dataset(&d);
	}

	print_table();
	loadavg(load, sizeof load);
	printf("\nLoad average at the end: %s.\n\n", load);
	for (int i = 0; i < nrows; i++)
		if (rows[i].n_used < rows[i].n_total)
			printf("- %s, %s: too slow to answer every pair within %.0f s; measured and scored on "
			       "the first %d of %d pairs.\n",
			       rows[i].cat, rows[i].lib, ANSWER_BUDGET, rows[i].n_used, rows[i].n_total);
	for (int i = 0; i < nrows; i++)
		if (rows[i].flagged)
			printf("- %s, %s: %d results flagged approximate by mink.\n", rows[i].cat, rows[i].lib,
			       rows[i].flagged);
	printf("- mink's mean GJK / EPA iterations (largest EPA count): ");
	for (int i = 0, first = 1; i < nrows; i++) {
		if (strncmp(rows[i].lib, "mink", 4) || !strcmp(rows[i].lib, "mink (scan)") ||
		    !strcmp(rows[i].lib, "mink (repeated)"))
			continue;
		printf("%s%s %.1f / %.1f (%d)", first ? "" : "; ", rows[i].cat, rows[i].gjk_mean,
		       rows[i].epa_mean, rows[i].epa_max);
		first = 0;
	}
	printf(".\n");
	/* The ratios the targets are stated in, from this run alone. */
	printf("- mink's speed-up over Bullet (median ns/query, this run): ");
	for (int i = 0, first = 1; i < nrows; i++) {
		if (strcmp(rows[i].lib, "mink") && strcmp(rows[i].lib, "mink (hill climbing)"))
			continue;
		for (int j = 0; j < nrows; j++)
			if (!strcmp(rows[j].cat, rows[i].cat) && !strcmp(rows[j].lib, "Bullet GJK+EPA")) {
				printf("%s%s %.2fx", first ? "" : "; ", rows[i].cat, rows[j].ns / rows[i].ns);
				first = 0;
			}
	}
	printf(".\n- mink in mixed order over repeated order (1 = no penalty): ");
	for (int i = 0, first = 1; i < nrows; i++) {
		if (strcmp(rows[i].lib, "mink (repeated)"))
			continue;
		for (int j = 0; j < nrows; j++)
			if (!strcmp(rows[j].cat, rows[i].cat) &&
			    (!strcmp(rows[j].lib, "mink") || !strcmp(rows[j].lib, "mink (hill climbing)"))) {
				printf("%s%s %.2fx", first ? "" : "; ", rows[i].cat, rows[j].ns / rows[i].ns);
				first = 0;
			}
	}
	printf(".\n");
	printf("- References: ");
	for (int c = 0; c < CAT_COUNT; c++)
		printf("%s%s: %s", c ? "; " : "", CATS[c].name, CATS[c].reference);
	printf(".\n");
	printf("- cylinder-cone reference check: on %d/%d overlapping pairs the reference depth equals the "
	       "support gap along its own normal (independent analytic supports); a library's normal gave a "
	       "smaller gap than the reference depth on: ",
	       cyl_consistent, cyl_pen);
	for (int k = 0; k < 4; k++)
		printf("%s%s %d", k ? ", " : "", cyl_libs[k], cyl_beaten[k]);
	printf(" pairs; on %d/%d separated pairs the reference distance is certified by independent "
	       "bounds (-gap(n) <= d <= |y - x| with x in A, y in B: the reference's witness points "
	       "clamped into the shapes; both bounds within the tolerance of the reference); %d "
	       "reference queries were flagged approximate.\n",
	       cyl_certified, cyl_sep, ref_cyl_cone_flagged);
	return 0;
}
