/*
 * vec.h - private small-vector math on value structs (Box2D style).
 */
#ifndef MINK_VEC_H
#define MINK_VEC_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "mink.h"

static inline mink_vec3 v3(double x, double y, double z)
{
	mink_vec3 r = {x, y, z};
	return r;
}

static inline mink_vec3 v3_add(mink_vec3 a, mink_vec3 b)
{
	return v3(a.x + b.x, a.y + b.y, a.z + b.z);
}

static inline mink_vec3 v3_sub(mink_vec3 a, mink_vec3 b)
{
	return v3(a.x - b.x, a.y - b.y, a.z - b.z);
}

static inline mink_vec3 v3_scale(mink_vec3 a, double s)
{
	return v3(a.x * s, a.y * s, a.z * s);
}

static inline mink_vec3 v3_neg(mink_vec3 a)
{
	return v3(-a.x, -a.y, -a.z);
}

/* a + b * s */
static inline mink_vec3 v3_mad(mink_vec3 a, mink_vec3 b, double s)
{
	return v3(a.x + b.x * s, a.y + b.y * s, a.z + b.z * s);
}

/* d >= 0 ? h : -h without a jump (a sign of d the data makes random is no
 * branch a predictor learns): the sign bit of h flipped unless d >= 0, which
 * is what -h is, for every h. */
static inline double sign_by(double h, double d)
{
	uint64_t bits;
	memcpy(&bits, &h, sizeof bits);
	bits ^= (uint64_t)!(d >= 0.0) << 63;
	memcpy(&h, &bits, sizeof h);
	return h;
}

static inline double v3_dot(mink_vec3 a, mink_vec3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

static inline mink_vec3 v3_cross(mink_vec3 a, mink_vec3 b)
{
	return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

static inline double v3_len2(mink_vec3 a)
{
	return v3_dot(a, a);
}

static inline double v3_len(mink_vec3 a)
{
	return sqrt(v3_dot(a, a));
}

/* The point of segment pq nearest to x (p for a segment of length 0). */
static inline mink_vec3 v3_segment_closest(mink_vec3 p, mink_vec3 q, mink_vec3 x)
{
	mink_vec3 d = v3_sub(q, p);
	double l2 = v3_len2(d);
	double t = l2 > 0.0 ? v3_dot(v3_sub(x, p), d) / l2 : 0.0;
	return v3_mad(p, d, fmin(fmax(t, 0.0), 1.0));
}

static inline double v3_maxabs(mink_vec3 a)
{
	double m = fabs(a.x);
	if (fabs(a.y) > m)
		m = fabs(a.y);
	if (fabs(a.z) > m)
		m = fabs(a.z);
	return m;
}

/*
 * Length without overflow or underflow of the squares: scale by the largest
 * component first.  Used where inputs may be tiny or huge.
 */
static inline double v3_len_safe(mink_vec3 a)
{
	double m = v3_maxabs(a);
	if (m == 0.0 || !isfinite(m))
		return m;
	double back = 1.0;
	if (m < 0x1p-1000) { /* 1 / m could overflow: first up by 2^1000, exactly */
		a = v3_scale(a, 0x1p1000);
		m *= 0x1p1000;
		back = 0x1p-1000;
	}
	return back * (m * v3_len(v3_scale(a, 1.0 / m)));
}

/* Unit vector of a, or `fallback` when a has no usable direction. */
static inline mink_vec3 v3_normalize_or(mink_vec3 a, mink_vec3 fallback)
{
	double l = v3_len_safe(a);
	if (!(l > 0.0) || !isfinite(l))
		return fallback;
	if (l < 0x1p-1000) { /* 1 / l could overflow: first up by 2^1000, exactly */
		a = v3_scale(a, 0x1p1000);
		l *= 0x1p1000;
	}
	return v3_scale(a, 1.0 / l);
}

static inline int v3_isfinite(mink_vec3 a)
{
	return isfinite(a.x) && isfinite(a.y) && isfinite(a.z);
}

/* Bitwise the same point (0 and -0 alike). */
static inline int v3_same(mink_vec3 a, mink_vec3 b)
{
	return a.x == b.x && a.y == b.y && a.z == b.z;
}

/* Signed six-fold volume of (p, q, r, t). */
static inline double v3_vol6(mink_vec3 p, mink_vec3 q, mink_vec3 r, mink_vec3 t)
{
	return v3_dot(v3_sub(q, p), v3_cross(v3_sub(r, p), v3_sub(t, p)));
}

/* A deterministic unit vector orthogonal to unit n. */
/*
 * The normal of triangle abc, (b - a) x (c - a) up to rounding, as the
 * cross product of its two shortest edges: the best conditioned (from two
 * long edges of a sliver it carries their rounding times their length).
 * *lmax2 is the longest edge's squared length.
 */
static inline mink_vec3 v3_cross_shortest(mink_vec3 a, mink_vec3 b, mink_vec3 c, double *lmax2)
{
	mink_vec3 ab = v3_sub(b, a), bc = v3_sub(c, b), ca = v3_sub(a, c);
	double lab = v3_len2(ab), lbc = v3_len2(bc), lca = v3_len2(ca);
	if (lab >= lbc && lab >= lca) {
		*lmax2 = lab;
		return v3_cross(bc, ca);
	}
	if (lbc >= lca) {
		*lmax2 = lbc;
		return v3_cross(ca, ab);
	}
	*lmax2 = lca;
	return v3_cross(ab, bc);
}

static inline mink_vec3 v3_any_orthogonal(mink_vec3 n)
{
	/* Cross with the axis least aligned with n. */
	mink_vec3 e = v3(1, 0, 0);
	if (fabs(n.y) < fabs(n.x) && fabs(n.y) <= fabs(n.z))
		e = v3(0, 1, 0);
	else if (fabs(n.z) < fabs(n.x) && fabs(n.z) < fabs(n.y))
		e = v3(0, 0, 1);
	else if (fabs(n.x) <= fabs(n.y) && fabs(n.x) <= fabs(n.z))
		e = v3(1, 0, 0);
	return v3_normalize_or(v3_cross(n, e), v3(0, 0, 1));
}

/* A 3x3 matrix, row-major. */
typedef struct mat3 {
	double m[3][3];
} mat3;

static inline mink_vec3 m3_mul(const mat3 *a, mink_vec3 v)
{
	return v3(a->m[0][0] * v.x + a->m[0][1] * v.y + a->m[0][2] * v.z,
	          a->m[1][0] * v.x + a->m[1][1] * v.y + a->m[1][2] * v.z,
	          a->m[2][0] * v.x + a->m[2][1] * v.y + a->m[2][2] * v.z);
}

/* Transpose times v. */
static inline mink_vec3 m3_tmul(const mat3 *a, mink_vec3 v)
{
	return v3(a->m[0][0] * v.x + a->m[1][0] * v.y + a->m[2][0] * v.z,
	          a->m[0][1] * v.x + a->m[1][1] * v.y + a->m[2][1] * v.z,
	          a->m[0][2] * v.x + a->m[1][2] * v.y + a->m[2][2] * v.z);
}

/* a^T b */
static inline mat3 m3_tmul_m3(const mat3 *a, const mat3 *b)
{
	/* written out: left as loops, the compiler kept them */
#define MK_TT(i, j) (a->m[0][i] * b->m[0][j] + a->m[1][i] * b->m[1][j] + a->m[2][i] * b->m[2][j])
	mat3 out = {{{MK_TT(0, 0), MK_TT(0, 1), MK_TT(0, 2)},
	             {MK_TT(1, 0), MK_TT(1, 1), MK_TT(1, 2)},
	             {MK_TT(2, 0), MK_TT(2, 1), MK_TT(2, 2)}}};
#undef MK_TT
	return out;
}

static inline mat3 m3_identity(void)
{
	mat3 a = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
	return a;
}

/* Rotation matrix of a unit quaternion [w, x, y, z]. */
static inline mat3 m3_from_quat(mink_quat q)
{
	double w = q.w, x = q.x, y = q.y, z = q.z;
	mat3 a = {{{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
	           {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
	           {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}}};
	return a;
}

/* Rotation by angle t (radians, counter-clockwise) about z. */
static inline mat3 m3_from_angle(double t)
{
	double c = cos(t), s = sin(t);
	mat3 a = {{{c, -s, 0}, {s, c, 0}, {0, 0, 1}}};
	return a;
}

#endif /* MINK_VEC_H */
