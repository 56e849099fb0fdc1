/*
 * bmath.h - small vector math and the support functions of the benchmark
 * shapes, written independently of lib/ (C only).
 */
#ifndef BENCH_BMATH_H
#define BENCH_BMATH_H

#include <math.h>

#include "bench.h"

static inline mink_vec3 bv(double x, double y, double z)
{
	mink_vec3 v = {x, y, z};
	return v;
}
static inline mink_vec3 bv_add(mink_vec3 a, mink_vec3 b) { return bv(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline mink_vec3 bv_sub(mink_vec3 a, mink_vec3 b) { return bv(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline mink_vec3 bv_scale(mink_vec3 a, double s) { return bv(a.x * s, a.y * s, a.z * s); }
static inline double bv_dot(mink_vec3 a, mink_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline mink_vec3 bv_cross(mink_vec3 a, mink_vec3 b)
{
	return bv(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline double bv_norm(mink_vec3 a) { return sqrt(bv_dot(a, a)); }
static inline mink_vec3 bv_unit(mink_vec3 a)
{
	double n = bv_norm(a);
	return n > 0 ? bv_scale(a, 1.0 / n) : bv(1, 0, 0);
}

/** R v, R row-major. */
static inline mink_vec3 bm_mul(const double *r, mink_vec3 v)
{
	return bv(r[0] * v.x + r[1] * v.y + r[2] * v.z,
	          r[3] * v.x + r[4] * v.y + r[5] * v.z,
	          r[6] * v.x + r[7] * v.y + r[8] * v.z);
}
/** R^T v. */
static inline mink_vec3 bm_tmul(const double *r, mink_vec3 v)
{
	return bv(r[0] * v.x + r[3] * v.y + r[6] * v.z,
	          r[1] * v.x + r[4] * v.y + r[7] * v.z,
	          r[2] * v.x + r[5] * v.y + r[8] * v.z);
}

/** The rotation matrix of a unit quaternion (w, x, y, z). */
static inline void bm_from_quat(const double *q, double *r)
{
	double w = q[0], x = q[1], y = q[2], z = q[3];
	r[0] = 1 - 2 * (y * y + z * z); r[1] = 2 * (x * y - w * z);     r[2] = 2 * (x * z + w * y);
	r[3] = 2 * (x * y + w * z);     r[4] = 1 - 2 * (x * x + z * z); r[5] = 2 * (y * z - w * x);
	r[6] = 2 * (x * z - w * y);     r[7] = 2 * (y * z + w * x);     r[8] = 1 - 2 * (x * x + y * y);
}

static inline mink_vec3 bs_pos(const bench_shape *s) { return bv(s->pos[0], s->pos[1], s->pos[2]); }

/** Local point to world. */
static inline mink_vec3 bs_world(const bench_shape *s, mink_vec3 p)
{
	return bv_add(bm_mul(s->rot, p), bs_pos(s));
}

/** Support point of the shape in its own frame along local direction d. */
static inline mink_vec3 bs_local_support(const bench_shape *s, mink_vec3 d)
{
	switch (s->kind) {
	case BK_SPHERE:
		return bv_scale(bv_unit(d), s->radius);
	case BK_BOX:
		return bv(d.x < 0 ? -s->half[0] : s->half[0], d.y < 0 ? -s->half[1] : s->half[1],
		          d.z < 0 ? -s->half[2] : s->half[2]);
	case BK_CAPSULE:
		return bv_add(bv(0, 0, d.z < 0 ? -s->half_height : s->half_height),
		              bv_scale(bv_unit(d), s->radius));
	case BK_CYLINDER: {
		double rho = sqrt(d.x * d.x + d.y * d.y);
		double k = rho > 0 ? s->radius / rho : 0;
		return bv(d.x * k, d.y * k, d.z < 0 ? -s->half_height : s->half_height);
	}
	case BK_CONE: {
		double rho = sqrt(d.x * d.x + d.y * d.y);
		double apex = s->half_height * d.z;
		double rim = s->radius * rho - s->half_height * d.z;
		if (apex >= rim)
			return bv(0, 0, s->half_height);
		double k = rho > 0 ? s->radius / rho : 0;
		return bv(d.x * k, d.y * k, -s->half_height);
	}
	case BK_HULL:
	case BK_TRIANGLE: {
		int best = 0;
		double bd = bv_dot(s->pts[0], d);
		for (int i = 1; i < s->npts; i++) {
			double t = bv_dot(s->pts[i], d);
			if (t > bd) {
				bd = t;
				best = i;
			}
		}
		return s->pts[best];
	}
	}
	return bv(0, 0, 0);
}

/** World support point along world direction d. */
static inline mink_vec3 bs_support(const bench_shape *s, mink_vec3 d)
{
	return bs_world(s, bs_local_support(s, bm_tmul(s->rot, d)));
}

/** max over the shape of x.d (world). */
static inline double bs_h(const bench_shape *s, mink_vec3 d)
{
	return bv_dot(bs_support(s, d), d);
}

/** The gap max_A x.n - min_B y.n along unit n: >= the depth for every n. */
static inline double bs_gap(const bench_pair *p, mink_vec3 n)
{
	return bs_h(&p->a, n) + bs_h(&p->b, bv_scale(n, -1));
}

#endif /* BENCH_BMATH_H */
