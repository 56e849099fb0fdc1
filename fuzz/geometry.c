/*
 * geometry.c - fuzz target: one 3D query against independent oracles.
 *
 * The input's bytes become two shapes of any kind (hulls of 1 to 12
 * points), margins and poses.  Lengths come mostly from a palette of round
 * values (0, 1e-12 to 1e6, thirds, halves), some nudged by a few units in
 * the last place, where ties and touching live; rotations mostly from
 * quarter and eighth turns; a few raw doubles, which may be invalid.  Then:
 *  - invalid input is an error record, never MINK_ERR_NUMERIC;
 *  - a valid result is finite, its normal unit, and for status ok:
 *    its distance is -F(normal), where F(n) = h_A(n) + h_B(-n) is the
 *    support distance of A - B, computed here from closed forms;
 *  - no direction does better: F(normal) is at most F's minimum found by a
 *    search of this file's own (Fibonacci directions, the shapes' axes,
 *    then a pattern search on the sphere);
 *  - polytope pairs (boxes, points, segments, triangles, hulls) equal the
 *    brute-force oracle of tests/oracle.c (separating axes, feature pairs);
 *  - each contact: point_b - point_a = distance * normal, none deeper than
 *    the result, the first as deep, each point on its shape (within the
 *    tolerance) and not beyond its shape's support plane.
 * Tolerances are 1e-9 of the pair's size (the bounding radii and margins)
 * and of the distance (mink's own are 1e-13 and 1e-10), plus the rounding
 * of the positions.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "mink.h"
#include "oracle.h"

#define PI 3.14159265358979323846
#define MAXP 12

typedef struct rd {
	const uint8_t *p;
	size_t n;
} rd;

static unsigned byte(rd *r)
{
	if (r->n == 0)
		return 0;
	r->n--;
	return *r->p++;
}

static double raw(rd *r)
{
	uint64_t b = 0;
	for (int i = 0; i < 8; i++)
		b = b << 8 | byte(r);
	double x;
	memcpy(&x, &b, sizeof x);
	return x;
}

static const double palette[20] = {0,    1,    0.5,   2,    0.25,  0.1,  1.0 / 3, 0.7071067811865476,
                                   1e-3, 1e-6, 1e-9,  1e-12, 1e3, 1e6,  3,       10,
                                   0.2,  0.3,  0.75,  1.5};

/* A signed length. */
static double value(rd *r)
{
	unsigned b = byte(r);
	if (b >= 248)
		return raw(r);
	double v = palette[b % 20] * ((b / 20) % 2 ? -1.0 : 1.0);
	if (b >= 200) /* nudged by up to 128 units of 2^-44 */
		v *= 1.0 + ((int)byte(r) - 128) * 0x1p-44;
	return v;
}

static double length(rd *r)
{
	return fabs(value(r));
}

/* Three values in order (a function's arguments, or an initialiser's
 * expressions, are read in an order each compiler picks). */
static mink_vec3 vec(rd *r)
{
	mink_vec3 v;
	v.x = value(r);
	v.y = value(r);
	v.z = value(r);
	return v;
}

static mink_vec3 lengths(rd *r)
{
	mink_vec3 v = vec(r);
	v.x = fabs(v.x);
	v.y = fabs(v.y);
	v.z = fabs(v.z);
	return v;
}

/* ---- small vector helpers, written here ---- */

static mink_vec3 v3(double x, double y, double z)
{
	mink_vec3 v = {x, y, z};
	return v;
}
static mink_vec3 add(mink_vec3 a, mink_vec3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static mink_vec3 sub(mink_vec3 a, mink_vec3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static mink_vec3 scale(mink_vec3 a, double s) { return v3(a.x * s, a.y * s, a.z * s); }
static double dot(mink_vec3 a, mink_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
/* (without squares, which underflow for lengths below 1e-154) */
static double norm(mink_vec3 a) { return hypot(hypot(a.x, a.y), a.z); }
static mink_vec3 cross(mink_vec3 a, mink_vec3 b)
{
	return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

/* The rotation matrix of a quaternion, normalised here. */
typedef struct frame {
	double m[3][3];
	mink_vec3 pos;
} frame;

static frame frame_of(const mink_pose3 *p)
{
	mink_quat q = p->rotation;
	double l = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
	double w = q.w / l, x = q.x / l, y = q.y / l, z = q.z / l;
	frame f = {{{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
	            {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
	            {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}},
	           p->position};
	return f;
}

static mink_vec3 to_local(const frame *f, mink_vec3 v) /* R^T v */
{
	return v3(f->m[0][0] * v.x + f->m[1][0] * v.y + f->m[2][0] * v.z,
	          f->m[0][1] * v.x + f->m[1][1] * v.y + f->m[2][1] * v.z,
	          f->m[0][2] * v.x + f->m[1][2] * v.y + f->m[2][2] * v.z);
}

static mink_vec3 to_world(const frame *f, mink_vec3 v) /* R v + pos */
{
	return v3(f->m[0][0] * v.x + f->m[0][1] * v.y + f->m[0][2] * v.z + f->pos.x,
	          f->m[1][0] * v.x + f->m[1][1] * v.y + f->m[1][2] * v.z + f->pos.y,
	          f->m[2][0] * v.x + f->m[2][1] * v.y + f->m[2][2] * v.z + f->pos.z);
}

/* ---- the shapes ---- */

typedef struct side {
	mink_shape3 s;
	mink_pose3 pose;
	frame f;
	mink_vec3 pts[MAXP]; /* a polytope's corners, local */
	int npts;            /* 0 for curved kinds */
	double radius;       /* of the core about its origin */
} side;

static mink_quat rotation(rd *r)
{
	static const double h = 0.7071067811865476;
	static const mink_quat fixed[6] = {{1, 0, 0, 0}, {h, h, 0, 0},   {h, 0, h, 0},
	                                   {h, 0, 0, h}, {0, h, h, 0},   {0.9238795325112867, 0, 0, 0.3826834323650898}};
	unsigned k = byte(r) % 8;
	if (k < 6)
		return fixed[k];
	mink_quat q;
	if (k == 6) {
		q.w = value(r);
		q.x = value(r);
		q.y = value(r);
		q.z = value(r);
	} else {
		mink_vec3 a = vec(r);
		double t = value(r), l = norm(a);
		if (!(l > 0) || !isfinite(l))
			a = v3(0, 0, 1), l = 1;
		q.w = cos(t / 2);
		q.x = sin(t / 2) * a.x / l;
		q.y = sin(t / 2) * a.y / l;
		q.z = sin(t / 2) * a.z / l;
	}
	double l = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
	if (!(l > 1e-150) || !isfinite(l))
		return fixed[0];
	q.w /= l;
	q.x /= l;
	q.y /= l;
	q.z /= l;
	return q;
}

static void make_side(rd *r, side *d)
{
	memset(d, 0, sizeof *d);
	mink_shape3 *s = &d->s;
	switch (byte(r) % 10) {
	case 0:
		s->type = MINK_SPHERE;
		s->sphere.radius = length(r);
		break;
	case 1:
		s->type = MINK_BOX;
		s->box.half_extents = lengths(r);
		break;
	case 2:
		s->type = MINK_CAPSULE;
		s->capsule.radius = length(r);
		s->capsule.half_height = length(r);
		break;
	case 3:
		s->type = MINK_CYLINDER;
		s->cylinder.radius = length(r);
		s->cylinder.half_height = length(r);
		break;
	case 4:
		s->type = MINK_CONE;
		s->cone.radius = length(r);
		s->cone.half_height = length(r);
		break;
	case 5:
		s->type = MINK_ELLIPSOID;
		s->ellipsoid.radii = lengths(r);
		break;
	case 6:
		s->type = MINK_POINT;
		break;
	case 7:
		s->type = MINK_SEGMENT;
		s->segment.points[0] = vec(r);
		s->segment.points[1] = vec(r);
		break;
	case 8:
		s->type = MINK_TRIANGLE;
		for (int i = 0; i < 3; i++)
			s->triangle.points[i] = vec(r);
		break;
	default:
		s->type = MINK_HULL;
		d->npts = 1 + (int)(byte(r) % MAXP);
		for (int i = 0; i < d->npts; i++)
			d->pts[i] = vec(r);
		s->hull.points = d->pts;
		s->hull.count = d->npts;
		break;
	}
	if (byte(r) & 1)
		s->margin = length(r);
	d->pose.position = byte(r) & 1 ? vec(r) : v3(0, 0, 0);
	d->pose.rotation = rotation(r);
}

/* The polytope kinds' corners (local), and every kind's bounding radius;
 * 0 when the shape is not finite (then only the error is checked). */
static int describe(side *d)
{
	const mink_shape3 *s = &d->s;
	mink_vec3 e = s->box.half_extents;
	switch (s->type) {
	case MINK_BOX:
		d->npts = 0;
		for (int i = 0; i < 8; i++)
			d->pts[d->npts++] = v3(i & 1 ? e.x : -e.x, i & 2 ? e.y : -e.y, i & 4 ? e.z : -e.z);
		break;
	case MINK_POINT:
		d->npts = 1;
		d->pts[0] = v3(0, 0, 0);
		break;
	case MINK_SEGMENT:
		d->npts = 2;
		d->pts[0] = s->segment.points[0];
		d->pts[1] = s->segment.points[1];
		break;
	case MINK_TRIANGLE:
		d->npts = 3;
		for (int i = 0; i < 3; i++)
			d->pts[i] = s->triangle.points[i];
		break;
	default:
		break;
	}
	double r = 0;
	switch (s->type) {
	case MINK_SPHERE: r = s->sphere.radius; break;
	case MINK_CAPSULE: r = s->capsule.radius + s->capsule.half_height; break;
	case MINK_CYLINDER: r = hypot(s->cylinder.radius, s->cylinder.half_height); break;
	case MINK_CONE: r = hypot(s->cone.radius, s->cone.half_height); break;
	case MINK_ELLIPSOID:
		r = fmax(s->ellipsoid.radii.x, fmax(s->ellipsoid.radii.y, s->ellipsoid.radii.z));
		break;
	default:
		for (int i = 0; i < d->npts; i++)
			r = fmax(r, norm(d->pts[i]));
		break;
	}
	d->radius = r;
	d->f = frame_of(&d->pose);
	return isfinite(r) && r <= 1e8 && isfinite(s->margin) && s->margin <= 1e8 &&
	       norm(d->pose.position) <= 1e8;
}

/* The core's support value along local unit direction u. */
static double core_h(const side *d, mink_vec3 u)
{
	const mink_shape3 *s = &d->s;
	double uxy = hypot(u.x, u.y);
	switch (s->type) {
	case MINK_SPHERE: return s->sphere.radius;
	case MINK_CAPSULE: return s->capsule.radius + s->capsule.half_height * fabs(u.z);
	case MINK_CYLINDER: return s->cylinder.radius * uxy + s->cylinder.half_height * fabs(u.z);
	case MINK_CONE:
		return fmax(s->cone.half_height * u.z, s->cone.radius * uxy - s->cone.half_height * u.z);
	case MINK_ELLIPSOID: {
		mink_vec3 q = s->ellipsoid.radii;
		return norm(v3(q.x * u.x, q.y * u.y, q.z * u.z));
	}
	default: {
		double m = -INFINITY;
		for (int i = 0; i < d->npts; i++)
			m = fmax(m, dot(d->pts[i], u));
		return m;
	}
	}
}

/* The shape's support value along world unit direction n. */
static double h(const side *d, mink_vec3 n)
{
	return core_h(d, to_local(&d->f, n)) + dot(d->f.pos, n) + d->s.margin;
}

/* How far a local point lies outside the core (<= 0 inside), for the
 * curved kinds and the flat ones; hulls by the oracle's facets. */
static double outside(const side *d, mink_vec3 x)
{
	const mink_shape3 *s = &d->s;
	double xy = hypot(x.x, x.y);
	switch (s->type) {
	case MINK_SPHERE: return norm(x) - s->sphere.radius;
	case MINK_BOX: {
		mink_vec3 e = s->box.half_extents;
		return fmax(fabs(x.x) - e.x, fmax(fabs(x.y) - e.y, fabs(x.z) - e.z));
	}
	case MINK_CAPSULE: {
		double hh = s->capsule.half_height;
		return norm(sub(x, v3(0, 0, fmax(-hh, fmin(hh, x.z))))) - s->capsule.radius;
	}
	case MINK_CYLINDER:
		return fmax(xy - s->cylinder.radius, fabs(x.z) - s->cylinder.half_height);
	case MINK_CONE: {
		double rr = s->cone.radius, hh = s->cone.half_height;
		double side_d = (2 * hh * xy - rr * (hh - x.z)) / fmax(hypot(2 * hh, rr), 1e-300);
		return fmax(side_d, fmax(-hh - x.z, x.z - hh));
	}
	case MINK_ELLIPSOID: {
		mink_vec3 q = s->ellipsoid.radii;
		double m = fmin(q.x, fmin(q.y, q.z));
		if (!(m > 1e-6 * d->radius))
			return -INFINITY; /* flat: not checked */
		double t = norm(v3(x.x / q.x, x.y / q.y, x.z / q.z));
		return (t - 1) * m;
	}
	case MINK_POINT: return norm(x);
	case MINK_SEGMENT:
		return norm(sub(x, oracle_closest_on_segment(x, d->pts[0], d->pts[1])));
	case MINK_TRIANGLE:
		return norm(sub(x, oracle_closest_on_triangle(x, d->pts[0], d->pts[1], d->pts[2])));
	default:
		if (oracle_separated3(&x, 1, d->pts, d->npts) != 1)
			return 0.0;
		oracle_dist od;
		oracle_dist3(&x, 1, d->pts, d->npts, &od);
		return od.distance;
	}
}

/* The least and greatest nonzero lengths a shape is given by (sizes,
 * edges, its margin), into *lo and *hi. */
static void lengths_of(const side *d, double *lo, double *hi)
{
	const mink_shape3 *s = &d->s;
	double v[8];
	int n = 0;
	switch (s->type) {
	case MINK_SPHERE: v[n++] = s->sphere.radius; break;
	case MINK_BOX:
		v[n++] = s->box.half_extents.x;
		v[n++] = s->box.half_extents.y;
		v[n++] = s->box.half_extents.z;
		break;
	case MINK_CAPSULE: v[n++] = s->capsule.radius; v[n++] = s->capsule.half_height; break;
	case MINK_CYLINDER: v[n++] = s->cylinder.radius; v[n++] = s->cylinder.half_height; break;
	case MINK_CONE: v[n++] = s->cone.radius; v[n++] = s->cone.half_height; break;
	case MINK_ELLIPSOID:
		v[n++] = s->ellipsoid.radii.x;
		v[n++] = s->ellipsoid.radii.y;
		v[n++] = s->ellipsoid.radii.z;
		break;
	default:
		/* (every point's step to the next: a hull of ten points whose
		 * last lay 1e6 away, its first six within 1e-3 to 1, passed as
		 * well conditioned, and its second contact, 1.01e-9 of the size
		 * off, was reported) */
		for (int i = 0; i < d->npts; i++) {
			double l = norm(sub(d->pts[i], d->pts[(i + 1) % d->npts]));
			if (l > 0) {
				*lo = fmin(*lo, l);
				*hi = fmax(*hi, l);
			}
		}
		break;
	}
	v[n++] = s->margin;
	for (int i = 0; i < n; i++)
		if (v[i] > 0) {
			*lo = fmin(*lo, v[i]);
			*hi = fmax(*hi, v[i]);
		}
}

static int polytope(const side *d)
{
	return d->s.type == MINK_BOX || d->s.type == MINK_POINT || d->s.type == MINK_SEGMENT ||
	       d->s.type == MINK_TRIANGLE || d->s.type == MINK_HULL;
}

/* ---- the search for F's minimum ---- */

typedef struct pair {
	side a, b;
} pair;

static double F(const pair *q, mink_vec3 n)
{
	return h(&q->a, n) + h(&q->b, scale(n, -1));
}

/* A pattern search on the sphere from n: steps in the tangent plane,
 * halved when none improves (or after 16 moves of one length). */
static double polish(const pair *q, mink_vec3 n, double f)
{
	for (double step = 0.05; step > 1e-13; step *= 0.5) {
		for (int improved = 1, moves = 0; improved && moves < 16; moves++) {
			improved = 0;
			mink_vec3 t1 = fabs(n.x) < 0.6 ? cross(n, v3(1, 0, 0)) : cross(n, v3(0, 1, 0));
			t1 = scale(t1, 1 / norm(t1));
			mink_vec3 t2 = cross(n, t1);
			for (int k = 0; k < 8; k++) {
				double a = k * PI / 4;
				mink_vec3 m = add(n, add(scale(t1, step * cos(a)), scale(t2, step * sin(a))));
				m = scale(m, 1 / norm(m));
				double g = F(q, m);
				if (g < f) {
					f = g;
					n = m;
					improved = 1;
					break;
				}
			}
		}
	}
	return f;
}

static double search_min(const pair *q)
{
	enum { FIB = 600, SEEDS = 3 };
	double best[SEEDS];
	mink_vec3 at[SEEDS];
	for (int i = 0; i < SEEDS; i++)
		best[i] = INFINITY, at[i] = v3(0, 0, 1);
	mink_vec3 cand[FIB + 14];
	int nc = 0;
	for (int i = 0; i < FIB; i++) {
		double z = 1 - (2 * i + 1.0) / FIB, r = sqrt(1 - z * z), t = i * 2.399963229728653;
		cand[nc++] = v3(r * cos(t), r * sin(t), z);
	}
	for (int k = 0; k < 3; k++) {
		mink_vec3 ea = v3(q->a.f.m[0][k], q->a.f.m[1][k], q->a.f.m[2][k]);
		mink_vec3 eb = v3(q->b.f.m[0][k], q->b.f.m[1][k], q->b.f.m[2][k]);
		cand[nc++] = ea;
		cand[nc++] = scale(ea, -1);
		cand[nc++] = eb;
		cand[nc++] = scale(eb, -1);
	}
	mink_vec3 c = sub(q->b.f.pos, q->a.f.pos);
	if (norm(c) > 0) {
		cand[nc++] = scale(c, 1 / norm(c));
		cand[nc++] = scale(c, -1 / norm(c));
	}
	for (int i = 0; i < nc; i++) {
		double f = F(q, cand[i]);
		for (int j = 0; j < SEEDS; j++)
			if (f < best[j]) {
				for (int k = SEEDS - 1; k > j; k--)
					best[k] = best[k - 1], at[k] = at[k - 1];
				best[j] = f;
				at[j] = cand[i];
				break;
			}
	}
	double m = best[0];
	for (int j = 0; j < SEEDS; j++)
		if (isfinite(best[j]))
			m = fmin(m, polish(q, at[j], best[j]));
	return m;
}

/* The point nearest the centroid of n points. */
static int central(const mink_vec3 *p, int n)
{
	mink_vec3 c = v3(0, 0, 0);
	for (int i = 0; i < n; i++)
		c = add(c, scale(p[i], 1.0 / n));
	int best = 0;
	for (int i = 1; i < n; i++)
		if (norm(sub(p[i], c)) < norm(sub(p[best], c)))
			best = i;
	return best;
}

/* How wide points p lie along unit c. */
static double width_along(const mink_vec3 *p, int n, mink_vec3 c)
{
	double lo = INFINITY, hi = -INFINITY;
	for (int i = 0; i < n; i++) {
		double t = dot(p[i], c);
		lo = fmin(lo, t);
		hi = fmax(hi, t);
	}
	return hi - lo;
}

/* The exact signed distance of two polytope cores (tests/oracle.c). */
static double exact_core(const pair *q)
{
	mink_vec3 wa[MAXP], wb[MAXP];
	for (int i = 0; i < q->a.npts; i++)
		wa[i] = to_world(&q->a.f, q->a.pts[i]);
	for (int i = 0; i < q->b.npts; i++)
		wb[i] = to_world(&q->b.f, q->b.pts[i]);
	/* The oracles square and multiply coordinates: shapes of 1e-98 had
	 * their cross products' squares underflow, and two segments crossing
	 * at the origin came out 2.6e-98 apart.  Measured in units of a power
	 * of two near the largest coordinate (exact), then scaled back. */
	double big = 0;
	for (int i = 0; i < q->a.npts; i++)
		big = fmax(big, fmax(fabs(wa[i].x), fmax(fabs(wa[i].y), fabs(wa[i].z))));
	for (int i = 0; i < q->b.npts; i++)
		big = fmax(big, fmax(fabs(wb[i].x), fmax(fabs(wb[i].y), fabs(wb[i].z))));
	int ex = big > 0 && isfinite(big) ? ilogb(big) : 0;
	for (int i = 0; i < q->a.npts; i++)
		wa[i] = scale(wa[i], ldexp(1.0, -ex));
	for (int i = 0; i < q->b.npts; i++)
		wb[i] = scale(wb[i], ldexp(1.0, -ex));
	if (q->a.npts == 1 && q->b.npts == 1)
		return ldexp(norm(sub(wb[0], wa[0])), ex);
	/* The separating-axis candidates are complete only when A - B is
	 * solid; a flat A - B (two segments, coplanar flat shapes) holds the
	 * origin on its boundary if at all: depth 0, else the feature pairs'
	 * distance. */
	mink_vec3 e[2 * MAXP];
	int ne = 0;
	/* (edges from the corner nearest the centroid: from a corner 1e6
	 * away they are all but parallel, and a solid hull looked flat) */
	int ca = central(wa, q->a.npts), cb = central(wb, q->b.npts);
	for (int i = 0; i < q->a.npts; i++)
		if (i != ca)
			e[ne++] = sub(wa[i], wa[ca]);
	for (int i = 0; i < q->b.npts; i++)
		if (i != cb)
			e[ne++] = sub(wb[i], wb[cb]);
	/* Flat when A - B all but lies in a plane two of the edges span: its
	 * least width across such a plane (A's and B's added), against the
	 * longest edge, below 1e-10, so that a depth of half that width is
	 * well within the check's tolerance.  (The edges' own greatest
	 * width, against 1e-9, took a box 0.002 thick crossing a box 2e6
	 * long and 2e-6 thick for flat, touching; it is 0.001001 deep, and
	 * the tolerance 0.001.)
	 * (The sine of the most solid corner measured angles, not widths: a
	 * segment 1e6 long crossing a sliver triangle 2 wide at 2e-6 rad made
	 * a corner of sine 4e-12, a prism 0.03 thick, and the pair, 0.0138
	 * deep, was taken for flat and measured 0.0138 apart.) */
	double thin = INFINITY, longest = 0;
	mink_vec3 u[2 * MAXP]; /* the edges brought to unit size by powers of two */
	for (int i = 0; i < ne; i++) {
		longest = fmax(longest, norm(e[i]));
		double m = fmax(fabs(e[i].x), fmax(fabs(e[i].y), fabs(e[i].z)));
		int k = m > 0 ? -ilogb(m) : 0;
		u[i] = v3(scalbn(e[i].x, k), scalbn(e[i].y, k), scalbn(e[i].z, k));
	}
	for (int j = 0; j < ne; j++)
		for (int k = j + 1; k < ne; k++) {
			/* (of the edges at unit size: an edge of 1e-298 crossed
			 * with one of 1 had a subnormal length, its inverse
			 * overflowed, and a NaN width passed for flat) */
			mink_vec3 c = cross(u[j], u[k]);
			double lc = norm(c), w = 0;
			if (!(lc > 1e-200))
				continue;
			c = scale(c, 1 / lc);
			w = width_along(wa, q->a.npts, c) + width_along(wb, q->b.npts, c);
			thin = fmin(thin, w);
		}
	if (!(thin > 1e-10 * longest)) {
		oracle_dist od;
		oracle_dist3(wa, q->a.npts, wb, q->b.npts, &od);
		return ldexp(od.distance, ex);
	}
	return ldexp(oracle_signed3(wa, q->a.npts, wb, q->b.npts), ex);
}

/* ---- the pair as a mink input record (MINK_FUZZ_DUMP set) ---- */

static void dump_vec(const char *name, mink_vec3 v)
{
	fprintf(stderr, ",\"%s\":[%.17g,%.17g,%.17g]", name, v.x, v.y, v.z);
}

static void dump_points(const mink_vec3 *p, int n)
{
	fprintf(stderr, ",\"points\":[");
	for (int i = 0; i < n; i++)
		fprintf(stderr, "%s[%.17g,%.17g,%.17g]", i ? "," : "", p[i].x, p[i].y, p[i].z);
	fprintf(stderr, "]");
}

/* A body of revolution's type, radius and half height. */
static void dump_axial(const char *type, double radius, double half_height)
{
	fprintf(stderr, "\"%s\",\"radius\":%.17g,\"half_height\":%.17g", type, radius,
	        half_height);
}

static void dump_side(const char *name, const side *d)
{
	const mink_shape3 *s = &d->s;
	fprintf(stderr, "\"%s\":{\"type\":", name);
	switch (s->type) {
	case MINK_SPHERE:
		fprintf(stderr, "\"sphere\",\"radius\":%.17g", s->sphere.radius);
		break;
	case MINK_BOX:
		fprintf(stderr, "\"box\"");
		dump_vec("half_extents", s->box.half_extents);
		break;
	case MINK_CAPSULE:
		dump_axial("capsule", s->capsule.radius, s->capsule.half_height);
		break;
	case MINK_CYLINDER:
		dump_axial("cylinder", s->cylinder.radius, s->cylinder.half_height);
		break;
	case MINK_CONE:
		dump_axial("cone", s->cone.radius, s->cone.half_height);
		break;
	case MINK_ELLIPSOID:
		fprintf(stderr, "\"ellipsoid\"");
		dump_vec("radii", s->ellipsoid.radii);
		break;
	case MINK_POINT:
		fprintf(stderr, "\"point\"");
		break;
	case MINK_SEGMENT:
		fprintf(stderr, "\"segment\"");
		dump_points(s->segment.points, 2);
		break;
	case MINK_TRIANGLE:
		fprintf(stderr, "\"triangle\"");
		dump_points(s->triangle.points, 3);
		break;
	case MINK_HULL:
		fprintf(stderr, "\"hull\"");
		dump_points(s->hull.points, s->hull.count);
		break;
	default:
		fprintf(stderr, "\"?\"");
		break;
	}
	if (s->margin != 0)
		fprintf(stderr, ",\"margin\":%.17g", s->margin);
	dump_vec("position", d->pose.position);
	fprintf(stderr, ",\"rotation\":[%.17g,%.17g,%.17g,%.17g]}", d->pose.rotation.w,
	        d->pose.rotation.x, d->pose.rotation.y, d->pose.rotation.z);
}

static void check_near(double got, double want, double tol, const char *what)
{
	if (!(fabs(got - want) <= tol)) {
		fprintf(stderr, "%s: got %.17g, want %.17g, tolerance %.3g\n", what, got, want, tol);
		fuzz_check(0, what);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	rd r = {data, size};
	pair q;
	make_side(&r, &q.a);
	make_side(&r, &q.b);
	if (getenv("MINK_FUZZ_DUMP")) {
		fprintf(stderr, "{\"id\":1,\"dim\":3,");
		dump_side("a", &q.a);
		fprintf(stderr, ",");
		dump_side("b", &q.b);
		fprintf(stderr, "}\n");
	}
	mink_result res;
	mink_status st = mink_query3(&q.a.s, &q.a.pose, &q.b.s, &q.b.pose, NULL, &res);
	fuzz_check(st == res.status, "returned status differs from the result's");
	if (st == MINK_ERROR) {
		fuzz_check(res.error == MINK_ERR_BAD_SHAPE || res.error == MINK_ERR_BAD_POSE,
		           "an error other than bad input");
		return 0;
	}
	int finite = describe(&q.a) & describe(&q.b);
	double vals[] = {res.distance, res.depth, res.normal.x, res.normal.y, res.normal.z,
	                 res.point_a.x, res.point_a.y, res.point_a.z, res.point_b.x, res.point_b.y,
	                 res.point_b.z};
	for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++)
		fuzz_check(isfinite(vals[i]), "a result that is not finite");
	fuzz_check(fabs(norm(res.normal) - 1) <= 1e-12, "normal not unit");
	fuzz_check(res.contact_count >= 1 && res.contact_count <= 4, "contact count out of range");
	if (!finite || st != MINK_OK)
		return 0;

	double L = q.a.radius + q.b.radius + q.a.s.margin + q.b.s.margin;
	/* mink's own: 1e-10 of the value plus 1e-13 of the size */
	double tol = 1e-9 * (L + fabs(res.distance)) + 4e-16 * (norm(q.a.f.pos) + norm(q.b.f.pos)) +
	             1e-300;
	mink_vec3 n = res.normal;
	check_near(res.distance, -F(&q, n), tol, "distance is not -F(normal)");
	double fmin_found = search_min(&q);
	if (!(F(&q, n) <= fmin_found + tol)) {
		fprintf(stderr, "F(normal) %.17g, a direction found with %.17g\n", F(&q, n), fmin_found);
		fuzz_check(0, "a direction does better than the normal");
	}
	if (polytope(&q.a) && polytope(&q.b)) {
		double e = exact_core(&q);
		if (!isnan(e))
			check_near(res.distance, e - q.a.s.margin - q.b.s.margin, tol,
			           "distance differs from the polytope oracle");
	}
	/* Contacts are checked on pairs whose nonzero lengths are within 1e3 of
	 * each other.  Beyond, the contact points are ill-conditioned: an
	 * ellipsoid of radii 10 and 1e-12, a cone of radius 1e6 and height
	 * 0.25, a sliver triangle 1000 long and 0.3 wide, move their support
	 * point by the normal's rounding times their ratio (squared), and
	 * their contact points go astray by up to 1e-7 of the pair's size,
	 * where the distance and the normal, checked above, are right. */
	double lo = INFINITY, hi = 0;
	lengths_of(&q.a, &lo, &hi);
	lengths_of(&q.b, &lo, &hi);
	if (hi > 1e3 * lo)
		return 0;
	double ha = h(&q.a, n), hb = h(&q.b, scale(n, -1));
	/* A contact is on its shape to mink's contact tolerance, 1e-9 of the
	 * pair's size (the radii and the positions' distance; mink(5)). */
	double S = L + norm(sub(q.a.f.pos, q.b.f.pos));
	double ctol = fmax(tol, 1e-9 * S) + 64 * DBL_EPSILON * S;
	for (int i = 0; i < res.contact_count; i++) {
		const mink_contact *c = &res.contacts[i];
		fuzz_check(isfinite(c->distance) && isfinite(norm(c->point_a)) && isfinite(norm(c->point_b)),
		           "a contact that is not finite");
		if (i == 0)
			check_near(c->distance, res.distance, tol, "first contact's distance");
		fuzz_check(c->distance >= res.distance - tol, "a contact deeper than the result");
		check_near(norm(sub(sub(c->point_b, c->point_a), scale(n, c->distance))), 0, tol,
		           "point_b - point_a is not distance * normal");
		fuzz_check(dot(n, c->point_a) <= ha + tol, "point_a beyond A's support plane");
		fuzz_check(-dot(n, c->point_b) <= hb + tol, "point_b beyond B's support plane");
		double oa = outside(&q.a, to_local(&q.a.f, sub(c->point_a, q.a.f.pos))) - q.a.s.margin;
		double ob = outside(&q.b, to_local(&q.b.f, sub(c->point_b, q.b.f.pos))) - q.b.s.margin;
		if (!(oa <= ctol) || !(ob <= ctol)) {
			fprintf(stderr, "contact %d: %.3g outside A, %.3g outside B\n", i, oa, ob);
			fuzz_check(0, "a contact point off its shape");
		}
	}
	return 0;
}
