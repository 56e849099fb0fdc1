/*
 * refine.c - a final Newton step on the support function of curved pairs.
 *
 * For any pair, the signed distance is -min h(n) over unit n, where
 * h(n) = h_A(n) + h_B(-n) is the support function of A - B (n from A to
 * B), and the minimiser is the normal: one problem for separated and
 * penetrating pairs alike.  GJK and EPA approach it through polytopes, so
 * on curved cores they know n only to about the square root of their
 * tolerance.  h itself is known in closed form, with its derivatives:
 *
 *  - the gradient of a support function is the support point (Schneider,
 *    "Convex Bodies: the Brunn-Minkowski Theory", 2nd ed., Cor. 1.7.3), so
 *    grad h(n) = s(n) = s_A(n) - s_B(-n), the support point of A - B;
 *  - its Hessian is J = J_A(n) + J_B(-n), the Jacobians of the support
 *    maps (lib/shape.c, mk_support_feature);
 *  - on the unit sphere the Riemannian gradient is P s and the Riemannian
 *    Hessian P J P - (n . s) P, with P = I - n n^T (Absil, Mahony and
 *    Sepulchre, "Optimization Algorithms on Matrix Manifolds", 2008,
 *    sections 5.5 and 6.2).
 *
 * So Newton's method on the sphere, started from the GJK/EPA normal,
 * converges quadratically where the supports are smooth: two or three
 * steps reach rounding.  Where a support is a flat feature (a box face or
 * edge, a cylinder cap or side line, a cone's slant line) h has a kink and
 * the minimiser often sits exactly on it; such kinks are sets of normals
 * (a point, or a circle n . c = k), so the normal is put on the kinks met
 * near it and Newton runs along them (on a circle) or not at all (a point).
 *
 * Every candidate is judged by h alone: the answer moves only to a normal
 * whose support distance is not larger than the input's, so the refinement
 * never makes an answer worse, and the distance reported is -h at the
 * normal, a difference of two support values: for an overlap, exactly the
 * translation of B along n that ends it.
 *
 * Margins do not move the minimiser (they add margin * |n| to h, a
 * constant on the sphere), so the refinement works on the cores.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>

#include "internal.h"

/* How close (in the sine of an angle) a normal must be to a kink for the
 * kink to be tried: GJK/EPA normals are off by up to about 1e-4. */
#define RF_DETECT 1e-3
/* How close it must be to count as on the kink when points are placed:
 * normals put on a kink are on it to rounding. */
#define RF_ON 1e-9
#define RF_MAX_STEPS 8
/* Largest Newton step, in radians: a trust region. */
#define RF_MAX_STEP 0.25
/* Steps below this (radians) change h by less than its rounding: they are
 * taken when h does not rise beyond rounding, on the word of the model. */
#define RF_TINY 1e-6
/* A Hessian whose small eigenvalue is below this share of the larger one
 * is taken as flat along that eigenvector. */
#define RF_FLAT 1e-9

typedef struct rf_eval {
	mink_vec3 n;
	mk_feature fa, fb; /* A along n, B along -n */
	mink_vec3 s;       /* fa.p - fb.p: the gradient of h */
	double h;          /* n . s, as a difference of support values */
	double noise;      /* the rounding level of h */
	mat3 J;            /* the Hessian of h */
} rf_eval;

static void evaluate(const mk_shape *A, const mk_shape *B, mink_vec3 n, rf_eval *e)
{
	e->n = n;
	mk_support_feature(A, n, RF_DETECT, &e->fa);
	mk_support_feature(B, v3_neg(n), RF_DETECT, &e->fb);
	e->s = v3_sub(e->fa.p, e->fb.p);
	double ha = v3_dot(n, e->fa.p), hb = v3_dot(n, e->fb.p);
	e->h = ha - hb;
	/* (the points are sums of a shape's place and its local support,
	 * which cancel where a point lies near the origin: a needle 1e-6
	 * thick whose centre is 0.3 away had its h rounded by 3e-17 where
	 * |h| and |s| are 1.3e-7, and steps were judged by that rounding) */
	double parts = v3_maxabs(A->pos) + v3_maxabs(v3_sub(e->fa.p, A->pos)) +
	               v3_maxabs(B->pos) + v3_maxabs(v3_sub(e->fb.p, B->pos));
	e->noise = 4.0 * DBL_EPSILON * (fabs(ha) + fabs(hb) + v3_maxabs(e->s) + parts);
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			e->J.m[i][j] = e->fa.J.m[i][j] + e->fb.J.m[i][j];
}

/* The kinks a normal is held on: one point (face), or up to two circles
 * n . c[i] = k[i]. */
typedef struct rf_set {
	int face;
	mink_vec3 f;
	double face_off;
	int nc;
	mink_vec3 c[2];
	double k[2], ks[2];
} rf_set;

/* Adds the kink of a feature; sign = 1 for A (direction n), -1 for B
 * (direction -n): d . c = k is n . (sign c) = k, d = c is n = sign c. */
static void add_kink(rf_set *S, const mk_feature *f, double sign)
{
	if (f->kind == MK_FEATURE_FACE) {
		/* two faces that disagree: the nearer one */
		if (!S->face || f->off < S->face_off) {
			S->face = 1;
			S->f = v3_scale(f->c, sign);
			S->face_off = f->off;
		}
	} else if (f->kind == MK_FEATURE_CIRCLE) {
		mink_vec3 c = v3_scale(f->c, sign);
		for (int i = 0; i < S->nc; i++) {
			double cc = v3_dot(c, S->c[i]);
			if (fabs(cc) >= 1.0 - 1e-14)
				return; /* the same axis: one circle (or none) */
		}
		if (S->nc < 2) {
			S->c[S->nc] = c;
			S->k[S->nc] = f->k;
			S->ks[S->nc] = f->ks;
			S->nc++;
		}
	}
}

static int set_dim(const rf_set *S)
{
	return S->face ? 0 : 2 - S->nc;
}

/* The nearest normal to n on the kinks; 0 when there is none. */
static int project(const rf_set *S, mink_vec3 n, mink_vec3 *out)
{
	if (S->face) {
		*out = S->f;
		return 1;
	}
	if (S->nc == 0) {
		*out = n;
		return 1;
	}
	if (S->nc == 1) {
		mink_vec3 c = S->c[0];
		double k = S->k[0];
		/* n's part across c; where n is near c, that part is partly
		 * rounding along c, and the normal made from it was off unit
		 * length (by 3.6e-6 on a cone of slope 4e-6: a depth 3.6e-6
		 * short, taken as better): then it is taken across c again, and
		 * nearer than 1e-9 the way round the circle is not known: no
		 * projection. */
		mink_vec3 q = v3_mad(n, c, -v3_dot(n, c));
		double l = v3_len(q);
		if (l < 1e-4) {
			q = v3_mad(q, c, -v3_dot(q, c));
			l = v3_len(q);
			if (!(l > 1e-9))
				return 0;
		}
		if (!(l > 0.0) || !(fabs(k) < 1.0))
			return 0;
		*out = v3_mad(v3_scale(q, S->ks[0] / l), c, k);
		return 1;
	}
	/* Two circles: n = a c1 + b c2 + g m with m along c1 x c2. */
	mink_vec3 c1 = S->c[0], c2 = S->c[1];
	double c12 = v3_dot(c1, c2), den = (1.0 - c12) * (1.0 + c12);
	if (!(den > 1e-12))
		return 0;
	double a = (S->k[0] - c12 * S->k[1]) / den, b = (S->k[1] - c12 * S->k[0]) / den;
	mink_vec3 q = v3_add(v3_scale(c1, a), v3_scale(c2, b));
	double q2 = v3_len2(q);
	if (!(q2 <= 1.0))
		return 0;
	mink_vec3 m = v3_normalize_or(v3_cross(c1, c2), v3(0, 0, 0));
	double g = sqrt(1.0 - q2);
	*out = v3_mad(q, m, v3_dot(m, n) >= 0.0 ? g : -g);
	return 1;
}

/* Whether n is on every kink of S, to RF_ON. */
static int on_set(const rf_set *S, mink_vec3 n)
{
	if (S->face)
		return v3_len2(v3_sub(n, S->f)) <= RF_ON * RF_ON;
	for (int i = 0; i < S->nc; i++)
		if (!(fabs(v3_dot(n, S->c[i]) - S->k[i]) <= RF_ON))
			return 0;
	return 1;
}

/* The Riemannian Hessian of h at e->n in the tangents *t1, *t2 (of
 * mink_tangents): P J P - h P there. */
typedef struct rf_hess {
	mink_vec3 t1, t2;
	double h11, h22, h12;
} rf_hess;

/* J in the tangents of unit n, less shift on the diagonal. */
static void tangent_hessian(const mat3 *J, mink_vec3 n, double shift, rf_hess *H)
{
	mink_tangents(n, &H->t1, &H->t2);
	mink_vec3 jt1 = m3_mul(J, H->t1), jt2 = m3_mul(J, H->t2);
	H->h11 = v3_dot(H->t1, jt1) - shift;
	H->h22 = v3_dot(H->t2, jt2) - shift;
	H->h12 = 0.5 * (v3_dot(H->t1, jt2) + v3_dot(H->t2, jt1));
}

static void sphere_hessian(const rf_eval *e, rf_hess *H)
{
	tangent_hessian(&e->J, e->n, e->h, H);
}

/* Whether H is flat or indefinite (not convex beyond RF_FLAT); *det its
 * determinant. */
static int hess_flat(const rf_hess *H, double *det)
{
	*det = H->h11 * H->h22 - H->h12 * H->h12;
	return !(H->h11 > 0.0 && *det > RF_FLAT * (H->h11 + H->h22) * (H->h11 + H->h22));
}

/* H's value along the unit tangent e: e^T H e. */
static double hess_along(const rf_hess *H, mink_vec3 e)
{
	double w1 = v3_dot(e, H->t1), w2 = v3_dot(e, H->t2);
	return H->h11 * w1 * w1 + 2.0 * H->h12 * w1 * w2 + H->h22 * w2 * w2;
}

/* H's larger eigenvalue in *lam, its smaller in *mu, and the larger's unit
 * eigenvector (v1, v2), from the row of H - lam I that is not zero; 0
 * where there is none. */
static int hess_larger(const rf_hess *H, double *lam, double *mu, double *v1, double *v2)
{
	double mean = 0.5 * (H->h11 + H->h22), dev = hypot(0.5 * (H->h11 - H->h22), H->h12);
	*lam = mean + dev;
	*mu = mean - dev;
	double a = H->h12, b = *lam - H->h11;
	if (fabs(H->h11 - *lam) < fabs(H->h22 - *lam)) {
		a = *lam - H->h22;
		b = H->h12;
	}
	double l = hypot(a, b);
	if (!(l > 0.0) || !isfinite(l))
		return 0;
	*v1 = a / l;
	*v2 = b / l;
	return 1;
}

/* h'' along the circle of S (one circle, n . c = k) at e, t = c x n its
 * tangent there: n' = t and n'' = c x (c x n) = k c - n, so
 * h'' = t^T J t + s . (k c - n). */
static double circle_f2(const rf_set *S, const rf_eval *e, mink_vec3 t)
{
	return v3_dot(t, m3_mul(&e->J, t)) + v3_dot(e->s, v3_sub(v3_scale(S->c[0], S->k[0]), e->n));
}

/* The Newton step from e on the kinks of S (dimension 2 or 1) as a trial
 * normal for a step of `frac` of the full one; its length in radians in
 * *len, and the derivative of the trial in frac in *dir (where not NULL).
 * 0 when the model is not convex (a flat or indefinite Hessian); on a
 * circle with `descent` set, a quarter of a radian downhill instead. */
static int newton_trial(const rf_set *S, const rf_eval *e, double frac, int descent,
                        mink_vec3 *trial, double *len, mink_vec3 *dir)
{
	mink_vec3 n = e->n;
	if (set_dim(S) == 2) {
		rf_hess H;
		sphere_hessian(e, &H);
		mink_vec3 t1 = H.t1, t2 = H.t2;
		double g1 = v3_dot(t1, e->s), g2 = v3_dot(t2, e->s);
		double h11 = H.h11, h22 = H.h22, h12 = H.h12;
		double det, d1, d2;
		if (!hess_flat(&H, &det)) {
			d1 = -(h22 * g1 - h12 * g2) / det;
			d2 = -(h11 * g2 - h12 * g1) / det;
		} else {
			/* A flat direction: h constant along a curve of normals (a
			 * ring of minimisers about an axis).  The step is Newton's
			 * along the curved direction alone, the eigenvector of
			 * the larger eigenvalue; none along the flat one. */
			double lam, mu, v1, v2;
			if (!hess_larger(&H, &lam, &mu, &v1, &v2) || !(lam > 0.0) ||
			    !(mu <= RF_FLAT * lam))
				return 0;
			double step = -(v1 * g1 + v2 * g2) / lam;
			d1 = step * v1;
			d2 = step * v2;
		}
		double l = hypot(d1, d2);
		if (!(l > 0.0) || !isfinite(l))
			return 0;
		double sc = frac * (l > RF_MAX_STEP ? RF_MAX_STEP / l : 1.0);
		double cap = l > RF_MAX_STEP ? RF_MAX_STEP / l : 1.0;
		/* the full step, for the path's derivative */
		mink_vec3 D = v3_add(v3_scale(t1, d1 * cap), v3_scale(t2, d2 * cap));
		d1 *= sc;
		d2 *= sc;
		*len = l * sc;
		mink_vec3 q = v3_add(n, v3_add(v3_scale(t1, d1), v3_scale(t2, d2)));
		*trial = v3_normalize_or(q, n);
		if (dir) /* d/dfrac of q / |q|, q = n + frac D */
			*dir = v3_scale(v3_mad(D, *trial, -v3_dot(*trial, D)), 1.0 / v3_len(q));
		return 1;
	}
	/* Along the circle n . c = k: n(t) turns about c, n' = c x n, so
	 * h' = s . n' and h'' is circle_f2's. */
	mink_vec3 c = S->c[0];
	mink_vec3 t = v3_cross(c, n);
	double f1 = v3_dot(e->s, t);
	double f2 = circle_f2(S, e, t);
	double th;
	if (f2 > 0.0)
		th = -f1 / f2;
	else if (descent)
		th = f1 > 0.0 ? -RF_MAX_STEP : RF_MAX_STEP;
	else
		return 0;
	if (!isfinite(th) || th == 0.0)
		return 0;
	if (fabs(th) > RF_MAX_STEP)
		th = copysign(RF_MAX_STEP, th);
	double full = th;
	th *= frac;
	*len = fabs(th);
	double co = cos(th), si = sin(th);
	mink_vec3 r = v3_add(v3_add(v3_scale(n, co), v3_scale(t, si)),
	                     v3_scale(c, v3_dot(c, n) * (1.0 - co)));
	if (!project(S, r, trial))
		return 0;
	if (dir)
		*dir = v3_scale(v3_cross(c, *trial), full); /* the turn about c */
	return 1;
}

/* The soft direction of a stiff Hessian on the sphere: its eigenvector of
 * the smaller eigenvalue where that is below RF_FLAT of the larger, as a
 * unit tangent *w; 0 where the Hessian is not stiff. */
static int soft_direction(const rf_eval *e, mink_vec3 *w)
{
	rf_hess H;
	sphere_hessian(e, &H);
	double det, lam, mu, v1, v2;
	/* the stiff eigenvector, then the one orthogonal to it */
	if (!hess_flat(&H, &det) || !hess_larger(&H, &lam, &mu, &v1, &v2) || !(lam > 0.0))
		return 0;
	*w = v3_normalize_or(v3_add(v3_scale(H.t1, -v2), v3_scale(H.t2, v1)), H.t1);
	return 1;
}

/* The normal turned by th along the great circle from e->n towards w, and
 * h's slope there along the circle. */
static double turned(const mk_shape *A, const mk_shape *B, const rf_eval *e, mink_vec3 w,
                     double th, rf_eval *out)
{
	double co = cos(th), si = sin(th);
	evaluate(A, B, v3_normalize_or(v3_add(v3_scale(e->n, co), v3_scale(w, si)), e->n), out);
	return v3_dot(out->s, v3_add(v3_scale(e->n, -si), v3_scale(w, co)));
}

/*
 * A step along the soft direction of a stiff Hessian, on the whole sphere.
 * Where one support is far stiffer than the rest (a needle ellipsoid's
 * runs its whole length as n crosses its equator within 1e-11 rad; a flat
 * one's crosses its rim as fast), the stiff direction is nearly a kink:
 * Newton's model holds there only within that, and a full step, right
 * across, is refused, while the stiff one alone leaves the normal's turn
 * about the needle where it was (a ball about a needle kept a normal
 * 1e-5 rad off).  That turn is a smooth problem of its own, but the
 * Hessian cannot tell its curvature: the 2x2 determinant's rounding is
 * 1e-16 of the stiff eigenvalue squared, 2.5e-8 against a curvature of
 * 1e-9 for a needle 1e-9 thick.  So the curvature is measured, from the
 * slope of h along the great circle at the normal and 1e-6 rad on (1e-4
 * or 1e-2 where the slopes differ by their rounding only), and the step
 * is Newton's along that circle.  Where h is flat within its
 * rounding (the turn's effect on h is second order: 2.5e-4 rad of it
 * changes h by 3e-17 there) the step is taken when it halves the slope;
 * where the slope and its change are below their rounding nothing is done
 * (a ring of tied normals).  Where the curvature is negative (the normal
 * on the far side of the needle, a maximum along the circle, as EPA left
 * one for a ball whose centre is 1e-12 from a needle; or a needle's
 * section 1e-12 by 1e-9, a kink of its own at this scale) the circle is
 * searched: the least of 16 turns, then golden sections about it, taken
 * where h is lower beyond its rounding.  1 where e moved.
 */
static int soft_step(const mk_shape *A, const mk_shape *B, rf_eval *e)
{
	mink_vec3 w;
	/* (both supports smooth: on a flat feature's kink the kinks are
	 * followed instead, and a segment deep in a cone, whose Hessian is
	 * the rim's alone less h, stiff and not convex, was turned by the
	 * search below into another valley than its least) */
	if (e->fa.kind != MK_FEATURE_POINT || e->fb.kind != MK_FEATURE_POINT ||
	    !soft_direction(e, &w))
		return 0;
	double g0 = v3_dot(e->s, w), sg = g0 > 0.0 ? -1.0 : 1.0;
	/* (turns of 1e-6 rad, else farther where the slope's change is
	 * within its rounding) */
	rf_eval t;
	double dl = 1e-6, g1 = g0;
	for (; dl < 0.1; dl *= 100.0) {
		g1 = turned(A, B, e, w, sg * dl, &t);
		if (fabs(g1 - g0) > 16.0 * e->noise)
			break;
	}
	if (!(fabs(g1 - g0) > 16.0 * e->noise))
		return 0;
	double c = (g1 - g0) / (sg * dl);
	if (c > 0.0) {
		if (!(fabs(g0) > 16.0 * e->noise))
			return 0;
		double th = -g0 / c;
		if (fabs(th) > RF_MAX_STEP)
			th = copysign(RF_MAX_STEP, th);
		for (int k = 0; k < 4; k++, th *= 0.5) {
			double g = turned(A, B, e, w, th, &t);
			if (t.h < e->h - e->noise ||
			    (t.h <= e->h + e->noise && fabs(g) <= 0.5 * fabs(g0))) {
				*e = t;
				return 1;
			}
		}
		return 0;
	}
	/* Not convex along the circle: the least of 16 turns, then a golden
	 * section search about it. */
	rf_eval best = *e;
	double bt = 0.0;
	const double step = 0.39269908169872414; /* pi / 8 */
	for (int k = -7; k <= 8; k++) {
		if (k == 0)
			continue;
		turned(A, B, e, w, k * step, &t);
		if (t.h < best.h) {
			best = t;
			bt = k * step;
		}
	}
	const double gr = 0.6180339887498949;
	double lo = bt - step, hi = bt + step;
	double x1 = hi - gr * (hi - lo), x2 = lo + gr * (hi - lo);
	rf_eval e1, e2;
	turned(A, B, e, w, x1, &e1);
	turned(A, B, e, w, x2, &e2);
	for (int it = 0; it < 60 && hi - lo > 1e-12; it++) {
		if (e1.h < e2.h) {
			hi = x2;
			x2 = x1;
			e2 = e1;
			x1 = hi - gr * (hi - lo);
			turned(A, B, e, w, x1, &e1);
		} else {
			lo = x1;
			x1 = x2;
			e1 = e2;
			x2 = lo + gr * (hi - lo);
			turned(A, B, e, w, x2, &e2);
		}
	}
	if (e1.h < best.h)
		best = e1;
	if (e2.h < best.h)
		best = e2;
	if (best.h < e->h - e->noise) {
		*e = best;
		return 1;
	}
	return 0;
}

/* A support whose Jacobian exceeds this is stiff: its point runs far more
 * than the pair's size per radian of n (1e3 times it). */
static double stiffness(const mk_shape *A, const mk_shape *B)
{
	return 1e3 * (A->bound + B->bound);
}

static double m3_maxabs(const mat3 *m)
{
	double x = 0.0;
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			x = fmax(x, fabs(m->m[i][j]));
	return x;
}

/* Whether h along the circle of S (one circle) is convex at e, by
 * Newton's model there (0 on other sets). */
static int circle_convex(const rf_set *S, const rf_eval *e)
{
	if (set_dim(S) != 1 || S->face)
		return 1;
	return circle_f2(S, e, v3_cross(S->c[0], e->n)) > 0.0;
}

/*
 * Where no halving of Newton's step lowers h and a support is stiff (its
 * Jacobian beyond 1e3 times the size): the least h along the step's path
 * between the normal and the last trial (frac in [0, hi]), by cutting
 * planes.  h along the path is convex near its least value, so the
 * tangents at the ends of a bracket (slopes of opposite signs) bound it
 * from below where they cross, and that crossing is the next trial: at a
 * kink, or a support smooth across it within a sliver of angle only (an
 * ellipsoid 1e-12 of its length thick, across its axis within 1e-12
 * rad), the two tangents meet at the kink.  Newton's model holds on one
 * side of such a kink only, and its step across overshot 160 times while
 * the step along a needle crossing it, refused with it, was right: the
 * needle's contact was left 9.4e-4 along it, 4.4e-7 off the other shape.
 * The search ends where the bound is within h's rounding of the best value
 * found: at the normal itself, at once, where the kink is there.  Taken
 * where h is lower beyond its rounding; 1 where e moved.  (For every pair
 * it cost 40% more time on random curved pairs, for changes at the
 * rounding level.)
 */
static int line_search(const mk_shape *A, const mk_shape *B, const rf_set *S, rf_eval *e,
                       int descent, double hi, const rf_eval *at_hi)
{
	mink_vec3 trial, dir;
	double len, lo = 0.0;
	if (!newton_trial(S, e, 0.0, descent, &trial, &len, &dir))
		return 0;
	double flo = e->h, glo = v3_dot(e->s, dir);
	if (!(glo < 0.0))
		return 0;
	rf_eval t;
	if (!newton_trial(S, e, hi, descent, &trial, &len, &dir))
		return 0;
	if (at_hi)
		t = *at_hi;
	else
		evaluate(A, B, trial, &t);
	double fhi = t.h, ghi = v3_dot(t.s, dir);
	rf_eval best = *e;
	if (t.h < best.h)
		best = t;
	for (int it = 0; it < 40 && ghi > 0.0 && hi - lo > 1e-17; it++) {
		/* where the tangents at lo and hi cross, and h's bound there */
		double x = (fhi - flo - ghi * hi + glo * lo) / (glo - ghi);
		if (!(x > lo && x < hi))
			x = 0.5 * (lo + hi);
		double bound = flo + glo * (x - lo);
		if (!(best.h - bound > e->noise))
			break;
		if (!newton_trial(S, e, x, descent, &trial, &len, &dir))
			break;
		evaluate(A, B, trial, &t);
		double g = v3_dot(t.s, dir);
		if (t.h < best.h)
			best = t;
		if (g < 0.0) {
			lo = x;
			flo = t.h;
			glo = g;
		} else {
			hi = x;
			fhi = t.h;
			ghi = g;
		}
	}
	if (best.h < e->h - e->noise) {
		*e = best;
		return 1;
	}
	return 0;
}

/* Newton from e (on the kinks of S) while h decreases, with halved steps
 * when a full one does not; the best in *e. */
static void newton(const mk_shape *A, const mk_shape *B, const rf_set *S, rf_eval *e)
{
	if (set_dim(S) == 0)
		return;
	/* (a stiff support zigzags: two needles nearly parallel, one's end
	 * over the other's side 3.2 away, took 24 steps to its rounding) */
	int steps = m3_maxabs(&e->J) > stiffness(A, B) ? 3 * RF_MAX_STEPS : RF_MAX_STEPS;
	for (int it = 0; it < steps; it++) {
		int taken = 0;
		double len = 0.0;
		double last = 0.0;
		int stiff = m3_maxabs(&e->J) > stiffness(A, B);
		rf_eval t;
		for (double frac = 1.0; frac >= 0.125 && !taken; frac *= 0.5) {
			mink_vec3 trial;
			if (!newton_trial(S, e, frac, 0, &trial, &len, NULL) || len <= 1e-15)
				break;
			evaluate(A, B, trial, &t);
			last = frac;
			if (t.h < e->h || (len <= RF_TINY && t.h <= e->h + e->noise)) {
				*e = t;
				taken = 1;
			}
		}
		/* none taken: a line search below the last halving (beyond
		 * rounding), or on a circle where h is not convex, downhill
		 * (a flat cone's slant circle 2e-6 rad about its axis, a hull's
		 * corner over it: the normal was left 2.5e-7 rad round it, the
		 * distance 1.2e-8 short) */
		if (!taken && stiff && (last > 0.0 ? len > 1e-13 && line_search(A, B, S, e, 0, last, &t)
		                                   : !circle_convex(S, e) &&
		                                             line_search(A, B, S, e, 1, 1.0, NULL))) {
			taken = 1;
			len = 1.0;
		}
		/* a step at the rounding level of n is no move */
		int moved = taken && len > 1e-13;
		if (set_dim(S) == 2 && soft_step(A, B, e))
			moved = 1;
		/* no decrease: done */
		if (!moved)
			return;
	}
}

/*
 * The point of a shape's flat line feature (support direction d, line
 * direction u orthogonal to d, through p) nearest x along the line, kept
 * between the line's ends: the supports along d tilted slightly either way
 * along u (a box or hull edge's corners, a side line's rim points, a slant
 * line's apex and rim point).
 */
static mink_vec3 onto_line(const mk_shape *s, mink_vec3 d, mink_vec3 u, mink_vec3 p, mink_vec3 x)
{
	mink_vec3 e0 = mk_support(s, v3_mad(d, u, -1e-6));
	mink_vec3 e1 = mk_support(s, v3_mad(d, u, 1e-6));
	double t0 = v3_dot(u, v3_sub(e0, p)), t1 = v3_dot(u, v3_sub(e1, p));
	double t = v3_dot(u, v3_sub(x, p));
	if (t0 <= t1)
		t = fmin(fmax(t, t0), t1);
	return v3_mad(p, u, t);
}

/* A face of up to RF_FACE_SMALL vertices is outlined by gift wrapping,
 * one of up to RF_FACE_MAX by the monotone chain: a flat hull of 41 points
 * on a disc, left alone as a face of more than 32, had the refinement's
 * contact stay at the disc's centre, 985 beside the hull, and gift
 * wrapping a cap of 100 vertices cost more than the query. */
#define RF_FACE_SMALL 32
#define RF_FACE_MAX 256

/* The outline of the m plane points (u, w) (m > 2) by Andrew's monotone
 * chain (mk_hull_chain2), counter-clockwise from the least u (then w),
 * collinear points left out, into hull; its count. */
static int outline_chain(const double *u, const double *w, int m, int *hull)
{
	int order[RF_FACE_MAX], chain[2 * RF_FACE_MAX + 1];
	double sorted[RF_FACE_MAX][2];
	for (int i = 0; i < m; i++)
		order[i] = i;
	/* insertion sort by (u, w): m is small and often nearly sorted */
	for (int i = 1; i < m; i++) {
		int k = order[i], j = i - 1;
		while (j >= 0 &&
		       (u[order[j]] > u[k] || (u[order[j]] == u[k] && w[order[j]] > w[k]))) {
			order[j + 1] = order[j];
			j--;
		}
		order[j + 1] = k;
	}
	for (int i = 0; i < m; i++) {
		sorted[i][0] = u[order[i]];
		sorted[i][1] = w[order[i]];
	}
	int nh = mk_hull_chain2((const double(*)[2])sorted, m, chain) - 1; /* the first closes it */
	for (int k = 0; k < nh; k++)
		hull[k] = order[chain[k]];
	return nh;
}

/* The outline of the m plane points (u, w) (m >= 2) by gift wrapping from
 * the least u (then w), counter-clockwise, of collinear points the
 * farthest, into hull; its count, -1 where it does not close. */
static int outline_wrap(const double *u, const double *w, int m, int *hull)
{
	int nh = 0, start = 0;
	for (int i = 1; i < m; i++)
		if (u[i] < u[start] || (u[i] == u[start] && w[i] < w[start]))
			start = i;
	int cur = start;
	do {
		hull[nh++] = cur;
		int next = cur == 0 ? 1 : 0;
		for (int i = 0; i < m; i++) {
			double cr = (u[next] - u[cur]) * (w[i] - w[cur]) -
			            (w[next] - w[cur]) * (u[i] - u[cur]);
			if (cr < 0.0 || (cr == 0.0 && hypot(u[i] - u[cur], w[i] - w[cur]) >
			                                  hypot(u[next] - u[cur], w[next] - w[cur])))
				next = i;
		}
		cur = next;
	} while (cur != start && nh <= m);
	return nh > m ? -1 : nh;
}

/*
 * A hull's face along d, as the vertices within rounding of its support
 * plane, and *x (local, on that plane) kept within it: 2 and unchanged
 * inside, else 1 and onto its nearest edge.  0 when it cannot tell (one
 * vertex is handled as a point elsewhere, and faces of more than
 * RF_FACE_MAX vertices are left alone).
 */
static int hull_face_keep(const mink_vec3 *p, int n, mink_vec3 d, double radius, double reach,
                          mink_vec3 *x)
{
	double top = -INFINITY;
	for (int i = 0; i < n; i++)
		top = fmax(top, v3_dot(p[i], d));
	double slack = fmax(1e-9 * (radius + fabs(top)), reach);
	mink_vec3 e1 = v3_any_orthogonal(d), e2 = v3_cross(d, e1);
	double u[RF_FACE_MAX], w[RF_FACE_MAX];
	int idx[RF_FACE_MAX], m = 0;
	for (int i = 0; i < n; i++) {
		if (top - v3_dot(p[i], d) > slack)
			continue;
		/* (a point given again is the same corner: seven copies of the
		 * origin filled the room of a face of three; the chain drops
		 * them itself) */
		int again = 0;
		for (int j = 0; j < m && !again && m < RF_FACE_SMALL; j++)
			again = v3_same(p[idx[j]], p[i]);
		if (again)
			continue;
		if (m == RF_FACE_MAX)
			return 0;
		u[m] = v3_dot(p[i], e1);
		w[m] = v3_dot(p[i], e2);
		idx[m++] = i;
	}
	if (m < 2)
		return 0;
	int hull[RF_FACE_MAX + 1];
	int nh = m > RF_FACE_SMALL ? outline_chain(u, w, m, hull) : outline_wrap(u, w, m, hull);
	if (nh < 2)
		return 0;
	double xu = v3_dot(*x, e1), xw = v3_dot(*x, e2);
	int inside = nh >= 3;
	for (int k = 0; k < nh && inside; k++) {
		int i = hull[k], j = hull[(k + 1) % nh];
		inside = (u[j] - u[i]) * (xw - w[i]) - (w[j] - w[i]) * (xu - u[i]) >= 0.0;
	}
	if (inside)
		return 2;
	double best = INFINITY;
	mink_vec3 bx = *x;
	for (int k = 0; k < nh; k++) {
		mink_vec3 c = v3_segment_closest(p[idx[hull[k]]], p[idx[hull[(k + 1) % nh]]], *x);
		double dd = v3_len2(v3_sub(c, *x));
		if (dd < best) {
			best = dd;
			bx = c;
		}
	}
	*x = bx;
	return 1;
}

/*
 * x (in the query frame, on the core's support plane) kept within the core
 * where its shape makes that a cheap projection: a box's coordinates, a
 * cylinder's or cone's radius and height, a segment's span, a triangle (to
 * its nearest point).  Witnesses on a flat feature (a face, a cap, a line)
 * are only known up to a point of the feature; this keeps them on it.
 */
int mk_keep_within(const mk_shape *s, mink_vec3 d, mink_vec3 x, mink_vec3 *out)
{
	return mk_keep_within_reach(s, d, x, 0.0, out);
}

int mk_keep_within_reach(const mk_shape *s, mink_vec3 d, mink_vec3 x, double reach,
                         mink_vec3 *out)
{
	mink_vec3 l = mk_unplace(s, x);
	switch (s->type) {
	case CORE_BOX:
		l = v3(fmin(fmax(l.x, -s->half.x), s->half.x),
		       fmin(fmax(l.y, -s->half.y), s->half.y),
		       fmin(fmax(l.z, -s->half.z), s->half.z));
		break;
	case CORE_CYLINDER:
	case CORE_CONE: {
		double rho = hypot(l.x, l.y);
		double rmax = s->radius, hh = s->half_height;
		if (s->type == CORE_CONE && hh > 0.0)
			rmax = s->radius * fmin(fmax((hh - l.z) / (2.0 * hh), 0.0), 1.0);
		if (rho > rmax && rho > 0.0) {
			l.x *= rmax / rho;
			l.y *= rmax / rho;
		}
		l.z = fmin(fmax(l.z, -hh), hh);
		break;
	}
	case CORE_SEGMENT:
		l = v3_segment_closest(s->corner[0], s->corner[1], l);
		break;
	case CORE_TRIANGLE: {
		/* in the plane of the triangle: inside, or onto its nearest edge;
		 * a triangle of no area (collinear or repeated corners) is its
		 * edges, and the witness goes onto the nearest (left where it was,
		 * it was off the triangle by up to the triangle's size) */
		mink_vec3 a = s->corner[0], b = s->corner[1], c = s->corner[2];
		mink_vec3 nr = v3_cross(v3_sub(b, a), v3_sub(c, a));
		if (v3_len2(nr) > 0.0) {
			double ea = v3_dot(v3_cross(v3_sub(b, l), v3_sub(c, l)), nr);
			double eb = v3_dot(v3_cross(v3_sub(c, l), v3_sub(a, l)), nr);
			double ec = v3_dot(v3_cross(v3_sub(a, l), v3_sub(b, l)), nr);
			if (ea >= 0.0 && eb >= 0.0 && ec >= 0.0) {
				/* inside its prism: onto its plane where it lies
				 * off it beyond rounding (a point carried along a
				 * normal that is not the triangle's, onto its
				 * corner's support plane, lay 2.5e-6 off it) */
				double off = v3_dot(v3_sub(l, a), nr) / v3_len2(nr);
				if (!(fabs(off) * v3_len(nr) >
				      8.0 * DBL_EPSILON * (v3_len(l) + v3_len(a)))) {
					*out = x;
					return 1;
				}
				l = v3_mad(l, nr, -off);
				*out = v3_mad(s->pos, m3_mul(&s->rot, l), s->scale);
				return 1;
			}
		}
		mink_vec3 e1 = v3_segment_closest(a, b, l), e2 = v3_segment_closest(b, c, l), e3 = v3_segment_closest(c, a, l);
		double d1 = v3_len2(v3_sub(e1, l)), d2 = v3_len2(v3_sub(e2, l)), d3 = v3_len2(v3_sub(e3, l));
		l = d1 <= d2 && d1 <= d3 ? e1 : d2 <= d3 ? e2 : e3;
		break;
	}
	case CORE_POINTS3:
	case CORE_CLIMB3:
		switch (hull_face_keep(s->points3, s->count, m3_tmul(&s->rot, d), s->bound / s->scale,
		                       reach / s->scale, &l)) {
		case 0:
			return 0;
		case 2:
			*out = x; /* within the face already */
			return 1;
		}
		break;
	default:
		return 0;
	}
	*out = v3_mad(s->pos, m3_mul(&s->rot, l), s->scale);
	return 1;
}

mink_vec3 mk_keep_on_core(const mk_shape *s, mink_vec3 d, mink_vec3 x)
{
	mink_vec3 y;
	return mk_keep_within(s, d, x, &y) ? y : x;
}

/* The support feature of a box along d (mk_keep_on_feature): the
 * coordinates along which d does not tie (moving across the
 * box along them changes the support beyond its rounding) are set to the
 * support's, the others kept within the box.  A point carried along d from
 * a far shape comes with that shape's rounding (1e-10 on 1e6), which
 * keeping it within the box alone leaves below the box's support plane. */
static int box_feature_keep(const mk_shape *s, mink_vec3 d, mink_vec3 x, double reach,
                            mink_vec3 *out)
{
	mink_vec3 l = mk_unplace(s, x);
	mink_vec3 dl = m3_tmul(&s->rot, d);
	double h[3] = {s->half.x, s->half.y, s->half.z}, dc[3] = {dl.x, dl.y, dl.z};
	double lc[3] = {l.x, l.y, l.z};
	double tie = 8.0 * DBL_EPSILON * (h[0] + h[1] + h[2] + reach / s->scale) * v3_len_safe(dl);
	for (int i = 0; i < 3; i++)
		lc[i] = 2.0 * h[i] * fabs(dc[i]) > tie ? copysign(h[i], dc[i])
		                                       : fmin(fmax(lc[i], -h[i]), h[i]);
	*out = v3_mad(s->pos, m3_mul(&s->rot, v3(lc[0], lc[1], lc[2])), s->scale);
	return 1;
}

/*
 * mk_keep_within, but onto the support feature along d: a box's (above),
 * and where d lies along a cylinder's or cone's side line to the rounding (across a cylinder's axis, along a cone's slant),
 * onto that line.  Kept within the solid, a point beside the line left the
 * support plane by its offset squared over the radius, and a far pair's
 * polish (a disc 1e6 from a cylinder's side) took no step.
 */
int mk_keep_on_feature(const mk_shape *s, mink_vec3 d, mink_vec3 x, double reach,
                       mink_vec3 *out)
{
	if (s->type == CORE_BOX)
		return box_feature_keep(s, d, x, reach, out);
	if (s->type != CORE_CYLINDER && s->type != CORE_CONE)
		return mk_keep_within(s, d, x, out);
	mink_vec3 l = mk_unplace(s, x);
	mink_vec3 dl = m3_tmul(&s->rot, d);
	double r = s->radius, hh = s->half_height, dxy = hypot(dl.x, dl.y), dz = dl.z;
	double apex = hh * dz, rim = r * dxy - hh * dz;
	double tie = 8.0 * DBL_EPSILON * (r + hh + reach / s->scale) * v3_len_safe(dl);
	if (!(hh > 0.0 && dxy > 0.0 &&
	      (s->type == CORE_CYLINDER ? 2.0 * hh * fabs(dz) <= tie : fabs(apex - rim) <= tie)))
		return mk_keep_within(s, d, x, out);
	mink_vec3 e = v3(r * dl.x / dxy, r * dl.y / dxy, -hh);
	l = v3_segment_closest(e, s->type == CORE_CYLINDER ? v3(e.x, e.y, hh) : v3(0, 0, hh), l);
	*out = v3_mad(s->pos, m3_mul(&s->rot, l), s->scale);
	return 1;
}

static int m3_is_zero(const mat3 *m)
{
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			if (m->m[i][j] != 0.0)
				return 0;
	return 1;
}

/*
 * A cap's rim of a cylinder or cone against a straight edge, with the cap
 * nearly facing the edge's shape: the rim point that is the support along
 * n moves about the rim at r / sin(angle to the cap's axis) per radian of
 * n, so near the axis (a cap tilted by 1e-5 over a box's edge) the last
 * rounding of n moves that point by 1e-4 of the size, and carrying it onto
 * the edge along n puts it that far off the rim.  Solved in the rim's own
 * angle instead, where the points stay on their shapes: the rim point
 * q(phi) of an edge-rim contact is the one nearest the edge's line (u
 * through p0), where the derivative of its squared distance vanishes:
 * f(phi) = (u . t)((q - p0) . u) - (q - p0) . t = 0, with t the rim's
 * tangent at q, and the normal runs from the line to q.  The root next to
 * the current rim point is bracketed and bisected to the last bit; the
 * points are then q itself and its foot on the edge, exactly on their
 * shapes.
 */

/* The rim of core s that the query-frame point x lies on: its centre
 * height z0 and radius r in the local frame, and x's angle; 0 when x is
 * not on a rim (within 1e-12 of the size). */
static int rim_of(const mk_shape *s, mink_vec3 x, double *z0, double *r, double *phi)
{
	if (s->type != CORE_CYLINDER && s->type != CORE_CONE)
		return 0;
	mink_vec3 l = mk_unplace(s, x);
	double hh = s->half_height, tol = 1e-12 * (s->radius + hh);
	double rho = hypot(l.x, l.y);
	if (!(s->radius > tol) || fabs(rho - s->radius) > tol)
		return 0;
	if (fabs(l.z + hh) <= tol)
		*z0 = -hh;
	else if (s->type == CORE_CYLINDER && fabs(l.z - hh) <= tol)
		*z0 = hh;
	else
		return 0;
	*r = s->radius;
	*phi = atan2(l.y, l.x);
	return 1;
}

static mink_vec3 rim_point(const mk_shape *s, double z0, double r, double phi)
{
	mink_vec3 l = v3(r * cos(phi), r * sin(phi), z0);
	return v3_mad(s->pos, m3_mul(&s->rot, l), s->scale);
}

static double rim_f(const mk_shape *s, double z0, double r, double phi, mink_vec3 p0,
                    mink_vec3 u)
{
	mink_vec3 q = rim_point(s, z0, r, phi);
	mink_vec3 t = m3_mul(&s->rot, v3(-sin(phi), cos(phi), 0.0));
	mink_vec3 w = v3_sub(q, p0);
	return v3_dot(u, t) * v3_dot(w, u) - v3_dot(w, t);
}

/*
 * Edge of shape L (through p0, unit u, L's support direction dl) against
 * the rim of R that xr lies on.  On success: the unit normal from L
 * towards R (nl, near dl), L's point and R's point.
 */
static int edge_rim(const mk_shape *L, mink_vec3 dl, mink_vec3 p0, mink_vec3 u,
                    const mk_shape *R, mink_vec3 xr, mink_vec3 *nl, mink_vec3 *pl,
                    mink_vec3 *pr)
{
	double z0, r, phi0;
	if (!rim_of(R, xr, &z0, &r, &phi0))
		return 0;
	double f0 = rim_f(R, z0, r, phi0, p0, u), lo = phi0, hi = phi0, flo = f0, fhi = f0;
	if (f0 != 0.0) {
		/* widen a bracket about phi0 until f changes sign */
		int found = 0;
		for (double step = 1e-9; step <= 1.0 && !found; step *= 4.0) {
			double fm = rim_f(R, z0, r, phi0 - step, p0, u);
			double fp = rim_f(R, z0, r, phi0 + step, p0, u);
			if ((fm < 0.0) != (f0 < 0.0)) {
				lo = phi0 - step;
				flo = fm;
				hi = phi0;
				fhi = f0;
				found = 1;
			} else if ((fp < 0.0) != (f0 < 0.0)) {
				lo = phi0;
				flo = f0;
				hi = phi0 + step;
				fhi = fp;
				found = 1;
			}
		}
		if (!found)
			return 0;
		for (int i = 0; i < 200; i++) {
			double mid = 0.5 * (lo + hi);
			if (!(mid > lo && mid < hi))
				break;
			double fm = rim_f(R, z0, r, mid, p0, u);
			if (fm == 0.0) {
				lo = hi = mid;
				break;
			}
			if ((fm < 0.0) == (flo < 0.0)) {
				lo = mid;
				flo = fm;
			} else {
				hi = mid;
				fhi = fm;
			}
		}
	}
	double phi = fabs(flo) <= fabs(fhi) ? lo : hi;
	/* The normal is orthogonal to u and, at the root, to t: u x t where
	 * the two are not nearly parallel; else (a rim that the edge's line
	 * touches seen along the axis) the direction from the foot on the
	 * line to q, unless the two nearly meet too. */
	mink_vec3 q = rim_point(R, z0, r, phi), w = v3_sub(q, p0);
	mink_vec3 p = v3_mad(p0, u, v3_dot(w, u));
	mink_vec3 t = m3_mul(&R->rot, v3(-sin(phi), cos(phi), 0.0)), ut = v3_cross(u, t), m;
	double size = L->bound + R->bound;
	if (v3_len2(ut) >= 1e-8)
		m = v3_normalize_or(ut, v3(0, 0, 0));
	else if (v3_len(v3_sub(q, p)) > 1e-6 * size)
		m = v3_normalize_or(v3_sub(q, p), v3(0, 0, 0));
	else
		return 0;
	if (!(v3_len2(m) > 0.0))
		return 0;
	if (v3_dot(m, dl) < 0.0)
		m = v3_neg(m);
	/* the foot must lie on the edge, not on its line beyond an end */
	if (v3_len(v3_sub(onto_line(L, m, u, p0, p), p)) > 1e-12 * size)
		return 0;
	*nl = m;
	*pl = p;
	*pr = q;
	return 1;
}

/* The support function h along unit n (A's support minus B's, along n). */
static double support_h(const mk_shape *A, const mk_shape *B, mink_vec3 n)
{
	return v3_dot(n, mk_support(A, n)) - v3_dot(n, mk_support(B, v3_neg(n)));
}

/*
 * The answer from edge_rim when it is as good as the refined one: L has
 * the edge (direction u), R the rim; sign +1 when L is A.  The normal is
 * taken when its support distance is not larger than best's beyond
 * rounding, and the points when they are the supports along it.
 */
static int edge_rim_answer(const mk_shape *L, const mk_shape *R, double sign, mink_vec3 u,
                           const rf_eval *bestp, mink_vec3 *n, double *h, mink_vec3 *pl,
                           mink_vec3 *pr)
{
	const rf_eval *best = bestp;
	const mk_feature *fl = sign > 0.0 ? &best->fa : &best->fb;
	const mk_feature *fr = sign > 0.0 ? &best->fb : &best->fa;
	mink_vec3 dl = v3_scale(best->n, sign), nl, ql, qr;
	if (!(v3_len2(u) > 0.0) || !edge_rim(L, dl, fl->p, u, R, fr->p, &nl, &ql, &qr))
		return 0;
	mink_vec3 nn = v3_scale(nl, sign); /* from A towards B */
	const mk_shape *A = sign > 0.0 ? L : R, *B = sign > 0.0 ? R : L;
	double hn = support_h(A, B, nn);
	mink_vec3 pa = sign > 0.0 ? ql : qr, pb = sign > 0.0 ? qr : ql;
	double hp = v3_dot(nn, v3_sub(pa, pb));
	double noise = 8.0 * best->noise + 8.0 * DBL_EPSILON * (L->bound + R->bound);
	if (!(hn <= best->h + best->noise) || !(fabs(hp - hn) <= noise))
		return 0;
	/* pa - pb is exactly hn * nn, the rounding shared by both points */
	mk_share_difference(&pa, &pb, v3_scale(nn, hn));
	*n = nn;
	*h = hn;
	*pl = sign > 0.0 ? pa : pb;
	*pr = sign > 0.0 ? pb : pa;
	return 1;
}

/*
 * The direction of the line a circle kink f of s makes along d: its axis
 * made orthogonal to d.  Where the circle lies near its axis (a flat
 * cone's slant, 2e-6 rad from it) that difference cancels all but the
 * last digits of the axis (a direction 5e-11 off, a point placed 0.75
 * along it 4e-11 off the slant); there it is taken from the line's ends
 * instead, the supports along d tilted slightly either way.
 */
static mink_vec3 line_direction(const mk_shape *s, mink_vec3 d, const mk_feature *f)
{
	mink_vec3 u = v3_normalize_or(v3_mad(f->c, d, -v3_dot(d, f->c)), v3(0, 0, 0));
	if (f->kind != MK_FEATURE_CIRCLE || !(f->ks < 1e-4))
		return u;
	mink_vec3 w = v3_sub(mk_support(s, v3_mad(d, u, 1e-6)), mk_support(s, v3_mad(d, u, -1e-6)));
	return v3_dot(w, u) > 0.0 ? v3_normalize_or(w, u) : u;
}

/* The centre of a cylinder's or cone's cap where that cap is the flat
 * feature f of s along d (query frame); 0 for any other feature. */
static int cap_centre(const mk_shape *s, const mk_feature *f, mink_vec3 d, mink_vec3 *c)
{
	if ((s->type != CORE_CYLINDER && s->type != CORE_CONE) || f->kind != MK_FEATURE_FACE)
		return 0;
	mink_vec3 dl = m3_tmul(&s->rot, d);
	double z = s->type == CORE_CYLINDER && dl.z >= 0.0 ? s->half_height : -s->half_height;
	*c = v3_mad(s->pos, m3_mul(&s->rot, v3(0, 0, z)), s->scale);
	return 1;
}

/*
 * A line (a segment, an edge, a side line) over a cap: the line's point
 * over the foot of the cap's centre on the line's shadow, seen along the
 * cap's axis.  Where the shadow passes beside the disc or touches its
 * rim, that point and the rim's below it are the nearest pair, in closed
 * form; the projections between the two creep towards it by the cube of
 * their distance (a segment whose shadow touched a cylinder's rim kept
 * its contact 2.9e-4 from the point they share, and 5.6e-8 off the
 * segment).  Where the shadow crosses the disc it is the middle of the
 * chord, where the projections meet at once.  p0 on the line, u its
 * direction; D's cap is its flat feature fd along dd.  0 where there is
 * no cap, or the line runs along the axis.
 */
static int line_over_cap(mink_vec3 p0, mink_vec3 u, const mk_shape *D, const mk_feature *fd,
                         mink_vec3 dd, mink_vec3 *a)
{
	mink_vec3 cc;
	if (!cap_centre(D, fd, dd, &cc))
		return 0;
	mink_vec3 c = v3(D->rot.m[0][2], D->rot.m[1][2], D->rot.m[2][2]); /* the axis */
	mink_vec3 up = v3_mad(u, c, -v3_dot(u, c));
	double l = v3_len_safe(up);
	if (!(l > 0.5))
		return 0;
	up = v3_scale(up, 1.0 / l);
	mink_vec3 w = v3_sub(cc, p0);
	double s = v3_dot(w, up);
	*a = v3_mad(p0, u, s / l);
	return 1;
}

/* S's support s along its ridge u from p (its support along unit d, of
 * stiffness lam): the support at the tilt that brings it to p + s u, s /
 * lam to first order; the stiffness changes along the way (a needle 1e-12
 * thick: the first step went half as far, and its point, beyond a cap
 * 1e-3 across, was taken), so secant steps on the support's place along
 * u. */
static mink_vec3 ridge_support(const mk_shape *S, mink_vec3 d, mink_vec3 u, double lam,
                               mink_vec3 p, double s, double *tilt)
{
	mink_vec3 target = v3_mad(p, u, s);
	double g0 = 0.0, f0 = -s, g1 = s / lam;
	mink_vec3 np = p;
	double gt = 0.0;
	for (int k = 0; k < 16; k++) {
		np = mk_support(S, v3_normalize_or(v3_mad(d, u, g1), d));
		gt = g1;
		double f1 = v3_dot(v3_sub(np, target), u);
		if (!isfinite(f1) || !(fabs(f1) > 1e-15 * (fabs(s) + S->bound)) || f1 == f0)
			break;
		double g2 = g1 - f1 * (g1 - g0) / (f1 - f0);
		g0 = g1;
		f0 = f1;
		g1 = g2;
	}
	if (tilt) /* (the tilt of the support taken) */
		*tilt = gt;
	return np;
}

/*
 * A curved point on a ridge: where S's support swings along one tangent
 * by far more than the pair's size per radian (an ellipsoid 1e6 long and
 * 0.5 thick, along its length: 2e12), and not along the other, a rounding
 * of n moves it along the ridge beyond any tolerance, while h stays flat
 * far below its own rounding.  Against O's flat feature (a face, an edge)
 * the point is then where the ridge meets that feature seen along d: the
 * line through p along the ridge and O's feature are brought together by
 * alternate projections, and the point taken as S's support at the
 * normal turned by the tilt that brings it there (so on S exactly).  The
 * box's edge 0.5 across from the ridge's lowest point kept the contact
 * there, 0.11 off the ellipsoid.  d is S's support direction, q = p - h d
 * O's point; both are replaced only where the result meets O's feature.
 */
static int slide_ridge(const mk_shape *S, mink_vec3 d, const mat3 *J, const mk_shape *O,
                       const mk_feature *fo, double h, double stiff, mink_vec3 *p, mink_vec3 *q)
{
	rf_hess H;
	tangent_hessian(J, d, 0.0, &H);
	double lam, mu, v1, v2;
	if (!hess_larger(&H, &lam, &mu, &v1, &v2) || !(lam > stiff) || !(fabs(mu) <= 1e-3 * stiff))
		return 0;
	mink_vec3 u = v3_add(v3_scale(H.t1, v1), v3_scale(H.t2, v2));
	mink_vec3 nd = v3_neg(d);
	double gap0 = v3_len_safe(v3_sub(mk_keep_on_core(O, nd, *q), *q));
	if (!(gap0 > 0.0))
		return 0;
	/* (from the ridge's point over O's cap centre, where O's feature is
	 * a cap: along a ridge whose shadow touches the rim or crosses it
	 * near it the projections creep, as along a line (line_over_cap); a
	 * needle 1e6 long crossing a disc 1e-6 inside its rim kept its
	 * lowest point, 0.207 beside the disc) */
	double s = 0.0;
	mink_vec3 cc;
	if (line_over_cap(*p, u, O, fo, nd, &cc))
		s = v3_dot(v3_sub(cc, *p), u);
	for (int k = 0; k < 32; k++) {
		mink_vec3 x = v3_mad(*p, u, s);
		mink_vec3 y = mk_keep_on_core(O, nd, v3_mad(x, d, -h));
		double step = v3_dot(v3_sub(v3_mad(y, d, h), x), u);
		s += step;
		if (!(fabs(step) > 1e-15 * (fabs(s) + S->bound)))
			break;
	}
	mink_vec3 np = ridge_support(S, d, u, lam, *p, s, NULL);
	mink_vec3 nq = v3_mad(np, d, -h);
	double gap1 = v3_len_safe(v3_sub(mk_keep_on_core(O, nd, nq), nq));
	/* (only where the two then meet: a point halfway is off the other
	 * feature still, and the other's point, carried to it, off its shape) */
	if (!v3_isfinite(np) || !(gap1 < gap0) || !(gap1 <= 1e-9 * (S->bound + O->bound)))
		return 0;
	*p = np;
	*q = nq;
	return 1;
}

/* A kink turned into the circle of an edge recorded beside it (mk_feature's
 * edge[which]: a face's edges at its support corner, or a hull vertex's
 * other edge near the normal), in place; 0 where none is. */
static int edge_circle(mk_feature *f, int which)
{
	if (f->kind == MK_FEATURE_POINT || !(v3_len2(f->edge[which]) > 0.0))
		return 0;
	f->kind = MK_FEATURE_CIRCLE;
	f->c = f->edge[which];
	f->k = 0.0;
	f->ks = 1.0;
	return 1;
}

/* A face's kink turned into its nearest edge's circle; 0 for any other. */
static int face_edge_circle(mk_feature *f)
{
	return f->kind == MK_FEATURE_FACE && edge_circle(f, 0);
}

/* Whether the evaluated normal lies on a kink of either support (to the
 * rounding: points are then placed on its flat feature). */
static int on_a_kink(const rf_eval *e)
{
	return (e->fa.kind != MK_FEATURE_POINT && e->fa.off <= RF_ON) ||
	       (e->fb.kind != MK_FEATURE_POINT && e->fb.off <= RF_ON);
}

/* The line from x (on A) to y (on B) as the normal, when the support gap
 * along it confirms their distance (meet_apart): m and the gap. */
static int meet_certified(const mk_shape *A, const mk_shape *B, mink_vec3 x, mink_vec3 y,
                          double noise, double h, int strict, const mink_vec3 *ru, double rg,
                          mink_vec3 *mp, double *gapp)
{
	mink_vec3 d = v3_sub(y, x);
	double len = v3_len_safe(d);
	if (!(len > 0.0) || !isfinite(len))
		return 0;
	mink_vec3 m = v3_scale(d, 1.0 / len);
	/* (x or y a ridge's point, its support at the normal whose part along
	 * the ridge ru is rg: along a ridge the support runs 1e12 per radian,
	 * and the line's own part along it, off by the ridge's curvature
	 * (2.4e-13 rad on a needle 1e-12 thick), found its thickest point
	 * 0.24 away, 2.9e-14 lower) */
	if (ru)
		m = v3_normalize_or(v3_mad(m, *ru, rg - v3_dot(m, *ru)), m);
	double place = v3_len_safe(A->pos) + v3_len_safe(B->pos) + A->bound + B->bound;
	double slack = 4.0 * noise + 8.0 * DBL_EPSILON * place;
	/* The rounding of placing x and y on the shapes turns m by up to that
	 * rounding over len (2e-10 rad for points 1e-6 apart), and along an
	 * edge that drops its far end by the angle times its length (a cone's
	 * apex 1e-6 from a hull's edge 2 long: its far corner became the
	 * support, and the contact went there, 1.48 off).  The normal is put
	 * on the circles of normals of the edges it lies on (of a face's edge
	 * it leans towards, within 1e-7 of its normal), as the refinement
	 * keeps it, where that moves y by no more than the slack (on a pair
	 * 1.4e6 apart the turn moved it 5e-3, off a cylinder's side). */
	rf_set S;
	memset(&S, 0, sizeof S);
	for (int side = 0; side < 2; side++) {
		mk_feature f;
		mk_support_feature(side ? B : A, side ? v3_neg(m) : m, 1e-7, &f);
		face_edge_circle(&f);
		if (f.kind == MK_FEATURE_CIRCLE)
			add_kink(&S, &f, side ? -1.0 : 1.0);
	}
	mink_vec3 mc;
	if (S.nc > 0 && project(&S, m, &mc) && v3_len_safe(v3_sub(mc, m)) * len <= slack)
		m = mc;
	mink_vec3 sa = mk_support(A, m), sb = mk_support(B, v3_neg(m));
	double gap = v3_dot(m, v3_sub(sb, sa));
	/* (a gap along m above -h is a better answer: the distance is the
	 * largest gap over all directions; below it by more than the gap's
	 * own rounding, a worse one, though within h's noise, which a hull's
	 * point 1000 away makes 1.8e-12: a distance 5e-13 short was taken) */
	double grain = strict ? 0.0 : 8.0 * DBL_EPSILON * (v3_maxabs(sa) + v3_maxabs(sb));
	if (!(len - gap <= slack) || !(gap >= -h - grain))
		return 0;
	*mp = m;
	*gapp = gap;
	return 1;
}

/* The answer meet_certified confirmed: normal m, gap, x on A and B's
 * point carried from it. */
static void take_meeting(mink_vec3 x, mink_vec3 m, double gap, mink_vec3 *np, double *hp,
                         mink_vec3 *a, mink_vec3 *b)
{
	*np = m;
	*hp = -gap;
	*a = x;
	*b = v3_mad(x, m, gap);
}

/*
 * Features apart that do not meet seen along n: the point on A's and the
 * point on B's that the projections along n leave (a_on, b_on) are not
 * n apart.  The support distance is flat to second order in the normal,
 * so h cannot tell: a disc's rim 9.5 from a face whose edge passes 8.3e-7
 * beside it seen along the refined normal, 8.7e-8 rad off, left a
 * contact that far off the face.  The nearest points of the two features
 * (alternate projections, now across the features) give the normal and
 * the distance, kept when the support gap along that normal confirms
 * them to h's rounding (a lower bound meeting an upper one).
 */
static void meet_apart(const mk_shape *A, const mk_shape *B, int flat_a, int flat_b,
                       double noise, mink_vec3 a_on, mink_vec3 b_on, mink_vec3 *np, double *hp,
                       mink_vec3 *a, mink_vec3 *b)
{
	mink_vec3 n = *np;
	double h = *hp;
	mink_vec3 w = v3_sub(b_on, a_on);
	double along = -v3_dot(w, n);
	if (!(v3_len_safe(v3_mad(w, n, along)) > 4.0 * noise))
		return;
	mink_vec3 x = a_on, y = b_on;
	for (int k = 0; k < 8; k++) {
		if (flat_a)
			x = mk_keep_on_core(A, n, y);
		if (flat_b)
			y = mk_keep_on_core(B, v3_neg(n), x);
	}
	mink_vec3 m;
	double gap;
	/* The projections converge slowly where the features are tangent (a
	 * segment over a disc's rim, seen along the normal, touches it): y is
	 * then B's nearest point to x, but x is not A's nearest to y, and
	 * their line leans along the segment, whose far end then lowers the
	 * gap (a contact came out 5.6e-8 off the segment).  Then x is put
	 * nearest to y. */
	if (!meet_certified(A, B, x, y, noise, h, 0, NULL, 0.0, &m, &gap)) {
		if (!(flat_a && flat_b))
			return;
		x = mk_keep_on_core(A, n, y);
		if (!meet_certified(A, B, x, y, noise, h, 1, NULL, 0.0, &m, &gap))
			return;
	}
	take_meeting(x, m, gap, np, hp, a, b);
}

/* The stiff direction of a support's Jacobian at unit d (the way its
 * point runs as d turns: a needle's axis) and its eigenvalue, where the
 * other is below 1e-6 of it (a ridge, not a flat side); 0 elsewhere. */
static int ridge_of(const mat3 *J, mink_vec3 d, mink_vec3 *u, double *lam)
{
	rf_hess H;
	tangent_hessian(J, d, 0.0, &H);
	double mu, v1, v2;
	if (!hess_larger(&H, lam, &mu, &v1, &v2) || !(*lam > 0.0) || !(fabs(mu) <= 1e-6 * *lam))
		return 0;
	*u = v3_normalize_or(v3_add(v3_scale(H.t1, v1), v3_scale(H.t2, v2)), H.t1);
	return 1;
}

/*
 * Two curved supports, a and b their points at n (b = a - h n along n):
 * along each principal tangent of the stiffer one's Hessian, each point
 * keeps its place where its support is the less stiff there by `flatter`,
 * and the two share the difference where neither is.  A support point
 * moves with the normal's last error by its stiffness, so the less stiff
 * one's is the better placed: a needle 2e6 long over a disc 1e-12 thick,
 * the normal left 2.6e-9 off across the needle, had the disc's point at
 * its rim, 0.083 beside the needle, and the needle's 279 along its
 * length; the needle, stiffer by its length, was carried from the disc
 * every way.  Across the needle its place holds, along it the disc's.
 * (A needle 2.6e-12 wide over a disc 7.7e-13 thick, alike in stiffness,
 * shared the difference every way and left the needle's point 1.6e-6
 * beside it.)  Each one's stiffness along a tangent is its quadratic
 * form there: the smaller eigenvalue, as the difference of the mean and
 * the spread, was all rounding beside a larger 1e18 times it.
 */
/* Whether a core's surface distance is known (off_surface): all but
 * point sets. */
static int surface_known(const mk_shape *s)
{
	return s->type != CORE_POINTS3 && s->type != CORE_CLIMB3 && s->type != CORE_POINTS2;
}

/* The distance of o from the core's surface, inside or out: an
 * ellipsoid's by the root of its normal's equation, the others' by their
 * exact inner distance. */
static double off_surface(const mk_shape *s, mink_vec3 o)
{
	if (s->type == CORE_ELLIPSOID)
		return mk_ellipsoid_offset(s, o);
	return fabs(mk_inner_distance(s, o, 3));
}

static void place_by_stiffness(const mk_shape *A, const mk_shape *B, const rf_eval *best,
                               mink_vec3 n, double h, double flatter, mink_vec3 *a, mink_vec3 *b)
{
	rf_hess HA, HB;
	tangent_hessian(&best->fa.J, n, 0.0, &HA);
	tangent_hessian(&best->fb.J, n, 0.0, &HB);
	int b_stiffer = m3_maxabs(&best->fb.J) > m3_maxabs(&best->fa.J);
	const rf_hess *H = b_stiffer ? &HB : &HA;
	double lam, mu, v1 = 1.0, v2 = 0.0;
	/* (none where H is the same every way: then any two are) */
	if (!hess_larger(H, &lam, &mu, &v1, &v2)) {
		v1 = 1.0;
		v2 = 0.0;
	}
	mink_vec3 ev[2] = {v3_add(v3_scale(H->t1, v1), v3_scale(H->t2, v2)),
	                   v3_add(v3_scale(H->t1, -v2), v3_scale(H->t2, v1))};
	mink_vec3 m = v3_sub(*b, *a), kept = *a;
	for (int i = 0; i < 2; i++) {
		double sa = hess_along(&HA, ev[i]), sb = hess_along(&HB, ev[i]);
		double share = sa > flatter * sb ? 1.0 : sb > flatter * sa ? 0.0 : 0.5;
		kept = v3_mad(kept, ev[i], share * v3_dot(m, ev[i]));
	}
	/* The stiffness at n, where n is off beyond a flat one's smooth
	 * region, is the rim's, where the support has stopped moving: small,
	 * though its point has run to the rim (a strip 1e-12 thick beside an
	 * ellipsoid, the normal 1.75e-8 off across it: its point went to its
	 * edge, kept there across, and the other's carried from it lay 0.048
	 * off).  So the placements are weighed where the shapes can say how
	 * far off a point is (an ellipsoid's distance from its surface): by
	 * direction, the stiffer's carried, the other's carried; the first
	 * whose worse point lies least off. */
	mink_vec3 cand[3] = {kept, b_stiffer ? *a : v3_mad(*b, n, h), b_stiffer ? v3_mad(*b, n, h) : *a};
	int pick = 0;
	if ((A->type == CORE_ELLIPSOID || B->type == CORE_ELLIPSOID) && surface_known(A) &&
	    surface_known(B)) {
		double least = INFINITY;
		for (int i = 0; i < 3; i++) {
			mink_vec3 ca = cand[i], cb = v3_mad(ca, n, -h);
			double off = fmax(off_surface(A, ca), off_surface(B, cb));
			if (off < least) {
				least = off;
				pick = i;
			}
		}
	}
	*a = cand[pick];
	*b = v3_mad(cand[pick], n, -h);
}

/*
 * Two curved supports that are both stiff ridges (needles: their points
 * run along their axes by their radius of curvature there, 1e12 per
 * radian for an ellipsoid 1e-12 of its length thick), crossing: n is
 * known to the support distance's rounding over the distance in the turn
 * about m = ua x ub (2e-6 rad for needles 1.2e-3 apart), and each support
 * point, or both sharing the difference, lay 2.5e-9 off their shapes.
 * Their ridges are lines in planes across n to within their curvature
 * (t^2 / 2 lam for a point t along them): the points are where the lines
 * cross seen along n, as two flat edges' (mk_refine).  1 where placed.
 */
static int ridges_cross(const mk_shape *A, const mk_shape *B, const rf_eval *e, mink_vec3 n,
                        double h, mink_vec3 *a, mink_vec3 *b)
{
	double stiff = stiffness(A, B), la, lb;
	mink_vec3 ua, ub;
	if (!ridge_of(&e->fa.J, n, &ua, &la) || !ridge_of(&e->fb.J, v3_neg(n), &ub, &lb) ||
	    !(la > stiff && lb > stiff))
		return 0;
	mink_vec3 m = v3_cross(ua, ub);
	double mm = v3_len2(m);
	if (!(mm > 1e-12))
		return 0;
	mink_vec3 w = v3_sub(e->fa.p, e->fb.p);
	double t = -v3_dot(v3_cross(w, ub), m) / mm;
	double tb = -v3_dot(v3_cross(w, ua), m) / mm;
	/* (the lines stay on their shapes that far: the supports at the
	 * normals tilted along them to there, t / lam, are there; beyond a
	 * needle's end they are not) */
	mink_vec3 pa = v3_mad(e->fa.p, ua, t), pb = v3_mad(pa, n, -h);
	mink_vec3 sa = ridge_support(A, n, ua, la, e->fa.p, t, NULL);
	mink_vec3 sb = ridge_support(B, v3_neg(n), ub, lb, e->fb.p, tb, NULL);
	double slack = 1e-12 * (A->bound + B->bound);
	if (!(v3_len_safe(v3_sub(sa, pa)) <= slack) || !(v3_len_safe(v3_sub(sb, pb)) <= slack))
		return 0;
	*a = pa;
	*b = pb;
	return 1;
}

/*
 * A ridge (a needle's side) apart from the other shape, its point where
 * h cannot place it: the support distance is flat to second order in the
 * normal's error, which moves a point carried along n by that error
 * times the distance.
 *  - Against a point that is no ridge (the flatter support carried from
 *    the other, mk_refine): a needle 1 long 10 above a disc's rim had its
 *    contact 1.1e-7 off it.
 *  - Against a cap it does not meet seen along n, its shadow beside the
 *    rim or touching it: 0.1 above a cap of 100, 1e-7 beside the rim, the
 *    whole turn towards the rim changes h by 5e-14, below its rounding,
 *    and the cap's point stayed under the needle, off the disc.
 * The nearest points instead: the ridge's point nearest the other's (its
 * support at the normal tilted along the ridge to there, ridge_support;
 * over the cap's centre first, line_over_cap) and the other's nearest
 * that (the cap's point nearest the ridge's carried along n, or the
 * other's support along the line between them), in turn.  That line is
 * the normal where the support gap along it confirms their distance
 * (meet_certified), its part along the ridge the ridge's own tilt.
 * ridge_b: B is the ridge; cap: the other's feature is a cap.  1 where
 * moved.
 */
static int ridge_nearest(const mk_shape *A, const mk_shape *B, int ridge_b, int cap,
                         const rf_eval *e, mink_vec3 *np, double *hp, mink_vec3 *a, mink_vec3 *b)
{
	const mk_shape *R = ridge_b ? B : A, *O = ridge_b ? A : B;
	const mk_feature *fr = ridge_b ? &e->fb : &e->fa, *fo = ridge_b ? &e->fa : &e->fb;
	mink_vec3 dr = ridge_b ? v3_neg(*np) : *np, u, y = ridge_b ? *a : *b, cc, dummy;
	double h = *hp, lam, mu;
	if (!(h < 0.0) || !ridge_of(&fr->J, dr, &u, &lam) || !(lam > stiffness(A, B)))
		return 0;
	if (cap) {
		if (!line_over_cap(fr->p, u, O, fo, v3_neg(dr), &cc))
			return 0;
		y = cc;
	} else if (ridge_of(&fo->J, v3_neg(dr), &dummy, &mu) && mu > 1e-3 * lam) {
		return 0; /* (the other a ridge too, of like stiffness) */
	}
	mink_vec3 x = fr->p;
	double g = 0.0;
	if (!cap && O->type == CORE_ELLIPSOID) {
		/* An ellipsoid's point nearest the ridge's is its foot, and the
		 * ridge's nearest that is the one at its offset along the ridge:
		 * s -> T(s), a fixed point met by secant steps.  (The support
		 * along x - y jumped round a flat one's rim where the two were
		 * nearer than they were apart across n; alternating, the two
		 * close in by cos^2 of the angle where the ridge crosses the
		 * rim, 2e-6 apart after 40 rounds at a shallow one.)  The
		 * ridge's points are on its line: its support, a tilt of 1/lam
		 * a unit along it, moves by 3.6e-5 at the tilt's rounding on a
		 * needle 4.4e4 long and 3.5e-10 thick. */
		double s0 = v3_dot(v3_sub(y, fr->p), u), s1, f0, f1;
		x = v3_mad(fr->p, u, s0);
		y = mk_ellipsoid_nearest(O, x);
		s1 = v3_dot(v3_sub(y, fr->p), u);
		f0 = s1 - s0;
		for (int k = 0; k < 16; k++) {
			x = v3_mad(fr->p, u, s1);
			y = mk_ellipsoid_nearest(O, x);
			f1 = v3_dot(v3_sub(y, fr->p), u) - s1;
			if (!(fabs(f1) > 4.0 * DBL_EPSILON * (fabs(s1) + v3_maxabs(y))))
				break;
			double den = f1 - f0, sn = den != 0.0 ? s1 - f1 * (s1 - s0) / den : s1 + f1;
			if (!isfinite(sn))
				sn = s1 + f1;
			s0 = s1;
			f0 = f1;
			s1 = sn;
		}
		/* (the ridge's tilt there, for the certificate) */
		ridge_support(R, dr, u, lam, fr->p, v3_dot(v3_sub(x, fr->p), u), &g);
	} else {
		for (int k = 0; k < 8; k++) {
			x = ridge_support(R, dr, u, lam, fr->p, v3_dot(v3_sub(y, fr->p), u), &g);
			/* (the ridge's point carried to the cap is x - h dr, for
			 * either) */
			y = cap ? mk_keep_on_core(O, v3_neg(dr), v3_mad(x, dr, -h))
			        : mk_support(O, v3_normalize_or(v3_sub(x, y), dr));
		}
	}
	mink_vec3 xa = ridge_b ? y : x, yb = ridge_b ? x : y, m;
	double gap;
	if (!meet_certified(A, B, xa, yb, e->noise, h, 0, &u, ridge_b ? -g : g, &m, &gap))
		return 0;
	take_meeting(xa, m, gap, np, hp, a, b);
	return 1;
}

void mk_refine(const mk_shape *A, const mk_shape *B, mink_vec3 *np, double *core,
               mink_vec3 *pa, mink_vec3 *pb)
{
	rf_eval e0, best, e;
	evaluate(A, B, *np, &e0);
	if (!isfinite(e0.h) || !v3_isfinite(e0.s))
		return;
	best = e0;

	/* Newton on the whole sphere: where both supports are smooth. */
	rf_set none = {0};
	e = e0;
	newton(A, B, &none, &e);
	/* Newton's end, even a rounding above: h cannot tell normals apart
	 * closer than the square root of its rounding, the stationary point
	 * can (the witnesses are the supports there). */
	if (e.h <= best.h + best.noise)
		best = e;

	/* On the kinks met near the best normal so far: both shapes' if both
	 * have one, and each alone (one of them may be near a kink the
	 * minimiser is not on); then once more from where that led. */
	for (int round = 0; round < 2; round++) {
		const mk_feature *fa = best.fa.kind != MK_FEATURE_POINT ? &best.fa : NULL;
		const mk_feature *fb = best.fb.kind != MK_FEATURE_POINT ? &best.fb : NULL;
		if (!fa && !fb)
			break;
		int improved = 0;
		for (int subset = fa && fb ? 0 : 1; subset < 3; subset++) {
			rf_set S = {0};
			if (fa && subset != 2)
				add_kink(&S, fa, 1.0);
			if (fb && subset != 1)
				add_kink(&S, fb, -1.0);
			if (set_dim(&S) == 2)
				continue;
			mink_vec3 n1;
			if (!project(&S, best.n, &n1))
				continue;
			evaluate(A, B, n1, &e);
			newton(A, B, &S, &e);
			/* A kink within rounding of the best value is preferred:
			 * the minimiser sits on it, exactly, and the points are
			 * then placed on its flat feature.  So is Newton's end on
			 * the kinks the best normal is on already: h cannot tell
			 * normals apart closer than the square root of its
			 * rounding over the curvature (1e-8 rad on a side line
			 * against an edge), the stationary point can. */
			int on_kink = on_a_kink(&best);
			if (e.h < best.h ||
			    (e.h <= best.h + best.noise && !improved && (!on_kink || on_set(&S, best.n)))) {
				best = e;
				improved = 1;
			}
			/* The kink left out holds the best normal (a cylinder's
			 * side line, where its two rims tie): Newton from n1 stays
			 * on the side of it where the rounding put n1, and stops
			 * on the kink where the minimiser lies just beyond it (a
			 * segment across a cylinder 1e6 wide, by its cap: 1.1e-6
			 * rad the other way, h lower by 2.5e-7, and the contact
			 * carried 0.25 beyond the cap).  Where h is lower just off
			 * the kink on one side, Newton from there. */
			const mk_feature *left = subset == 1 ? fb : subset == 2 ? fa : NULL;
			double sgn = subset == 1 ? -1.0 : 1.0;
			if (left && left->kind == MK_FEATURE_CIRCLE &&
			    fabs(v3_dot(best.n, v3_scale(left->c, sgn)) - left->k) <= RF_ON) {
				mink_vec3 c = v3_scale(left->c, sgn);
				mink_vec3 across = v3_normalize_or(v3_mad(c, n1, -v3_dot(c, n1)), v3(0, 0, 0));
				mink_vec3 at[2];
				double h_at[2];
				int took = -1;
				for (int side = 0; side < 2 && v3_len2(across) > 0.0; side++) {
					if (!project(&S, v3_normalize_or(v3_mad(n1, across, side ? 1e-6 : -1e-6), n1),
					             &at[side]))
						continue;
					h_at[side] = support_h(A, B, at[side]);
					if (h_at[side] < best.h - best.noise && (took < 0 || h_at[side] < h_at[took]))
						took = side;
				}
				if (took >= 0) {
					evaluate(A, B, at[took], &e);
					newton(A, B, &S, &e);
					if (e.h < best.h - best.noise) {
						best = e;
						improved = 1;
					}
				}
			}
		}
		/* Near a hull face the minimiser may lie on the circle of one of
		 * its edges rather than at the face's normal; near a hull
		 * vertex's edge, on the circle of its next edge (a vertex over
		 * a disc, its shadow 2e-6 beside the rim: the tie with the edge
		 * that crosses the rim is 2e-12 lower, 4e-6 rad away, and along
		 * the first edge the disc's contact was 1.8e-6 off it). */
		for (int k = 0; k < 4; k++) {
			int side = k & 1;
			const mk_feature *f = side ? fb : fa;
			if (!f)
				continue;
			mk_feature circle = *f;
			if (!edge_circle(&circle, k >> 1))
				continue;
			rf_set S = {0};
			add_kink(&S, &circle, side ? -1.0 : 1.0);
			mink_vec3 n1;
			if (!project(&S, best.n, &n1))
				continue;
			evaluate(A, B, n1, &e);
			newton(A, B, &S, &e);
			/* (within rounding too, where nothing better was found and
			 * the best normal is on no kink: 1e6 away a normal 9e-9 rad
			 * off a box's edge changes h by 2e-12, and its corner, not
			 * the edge, met a cone's rim) */
			int on_kink = on_a_kink(&best);
			if (e.h < best.h - best.noise ||
			    (e.h <= best.h + best.noise && !improved && !on_kink)) {
				best = e;
				improved = 1;
			}
		}
		if (!improved)
			break;
	}
	/* Never worse than the input, beyond the rounding of h (a stationary
	 * point on a kink is taken over a value lower by rounding only); and
	 * only a unit normal, whose h is the support distance. */
	if (!(best.h <= e0.h + e0.noise) || !isfinite(best.h) ||
	    !(fabs(v3_len(best.n) - 1.0) <= 1e-12))
		best = e0;

	/*
	 * The answer at the normal: the distance is -h, and each point is its
	 * shape's support point where that is unique (a smooth part or a
	 * vertex); on a flat feature the point is the other shape's moved
	 * along n, so that pb - pa = -h n holds; both flat, the GJK/EPA
	 * contact is put on each support plane.
	 */
	mink_vec3 n = best.n, a = best.fa.p, b = best.fb.p;
	double h = best.h;
	/* The features at the final normal, with the tolerance of being on a
	 * kink: near a box corner two kinks may be met within RF_DETECT while
	 * the normal is on only one of them (an edge, not the face). */
	mk_support_feature(A, n, RF_ON, &best.fa);
	mk_support_feature(B, v3_neg(n), RF_ON, &best.fb);
	a = best.fa.p;
	b = best.fb.p;
	int flat_a = best.fa.kind != MK_FEATURE_POINT && best.fa.off <= RF_ON;
	int flat_b = best.fb.kind != MK_FEATURE_POINT && best.fb.off <= RF_ON;
	/* a circle kink's flat feature is a line: through the support point,
	 * along the kink's axis made orthogonal to n (a box or hull edge, a
	 * side or slant line); a face kink's is the support plane */
	int line_a = flat_a && best.fa.kind == MK_FEATURE_CIRCLE;
	int line_b = flat_b && best.fb.kind == MK_FEATURE_CIRCLE;
	mink_vec3 ua = line_direction(A, n, &best.fa), ub = line_direction(B, v3_neg(n), &best.fb);
	/* a support that does not move with n (a vertex, an apex, a point) is
	 * exact; the curved side takes the tangential rounding instead */
	int fixed_a = !flat_a && m3_is_zero(&best.fa.J);
	int fixed_b = !flat_b && m3_is_zero(&best.fb.J);
	double ja = m3_maxabs(&best.fa.J), jb = m3_maxabs(&best.fb.J);
	double flatter = fmax(ja, jb) > stiffness(A, B) ? 2.0 : 1e3;
	if (!flat_a && !flat_b && !fixed_a && !fixed_b && ridges_cross(A, B, &best, n, h, &a, &b)) {
		/* two needles crossing: where their ridges cross seen along n */
	} else if (!flat_a && !flat_b && !fixed_a && !fixed_b &&
	           (ja > flatter * jb || jb > flatter * ja || fmax(ja, jb) > stiffness(A, B))) {
		/* both curved, one flatter: its support point moves with n by
		 * its radius of curvature (an ellipsoid of radii 1, 1e-12, 1/3
		 * seen on its flat side: 1e12 per radian, so a normal right to
		 * the rounding put its point 6e-5 off; one of radii 1, 0.25,
		 * 1e-12 over a needle of radius 1e-6, a normal 1e-9 off as
		 * the refinement leaves it: 0.27 off, and half of that, shared,
		 * put the needle's point 0.14 off the needle), the other's less:
		 * that one stays, the flatter one's is carried along n from it.
		 * By direction across n (place_by_stiffness): a needle over a
		 * disc is the stiffer along its length, the disc across it. */
		int one = ja > flatter * jb || jb > flatter * ja;
		place_by_stiffness(A, B, &best, n, h, flatter, &a, &b);
		if (one)
			ridge_nearest(A, B, jb > ja, 0, &best, &n, &h, &a, &b);
	} else if (!flat_a && !flat_b && fixed_a == fixed_b) {
		/* the tangential rounding of a - b, shared */
		mk_share_difference(&a, &b, v3_scale(n, h));
	} else if (!flat_a && line_b && !fixed_a && edge_rim_answer(B, A, -1.0, ub, &best, &n, &h,
	                                                            &b, &a)) {
		/* B's edge against A's rim, solved on the rim */
	} else if (!flat_b && line_a && !fixed_b && edge_rim_answer(A, B, 1.0, ua, &best, &n, &h,
	                                                            &a, &b)) {
		/* A's edge against B's rim, solved on the rim */
	} else if (!flat_a && (fixed_a || !fixed_b)) {
		b = v3_mad(a, n, -h);
		if (line_b && !fixed_a) {
			/* a curved A against a line of B: the point goes onto the
			 * line, and A's slides along its surface, off it only to
			 * second order in the normal's last error */
			b = onto_line(B, v3_neg(n), ub, best.fb.p, b);
			a = v3_mad(b, n, h);
		}
	} else if (!flat_b) {
		a = v3_mad(b, n, h);
		if (line_a && !fixed_b) {
			a = onto_line(A, n, ua, best.fa.p, a);
			b = v3_mad(a, n, -h);
		}
	} else if (line_a && line_b && v3_len2(v3_cross(ua, ub)) > 1e-12) {
		/* two crossing lines in parallel planes: where they cross seen
		 * along n */
		mink_vec3 w = v3_sub(best.fa.p, best.fb.p);
		mink_vec3 m = v3_cross(ua, ub);
		double t = -v3_dot(v3_cross(w, ub), m) / v3_len2(m);
		a = onto_line(A, n, ua, best.fa.p, v3_mad(best.fa.p, ua, t));
		b = v3_mad(a, n, -h);
	} else {
		/* a line against a face: the face's own GJK/EPA point, a convex
		 * combination of its corners and so inside it, seen along n on
		 * the line */
		mink_vec3 q = v3_scale(v3_add(*pa, *pb), 0.5);
		if (line_a) {
			a = onto_line(A, n, ua, best.fa.p, line_b ? q : v3_mad(*pb, n, h));
			b = v3_mad(a, n, -h);
		} else if (line_b) {
			b = onto_line(B, v3_neg(n), ub, best.fb.p, v3_mad(*pa, n, -h));
			a = v3_mad(b, n, h);
		} else {
			double qn = v3_dot(q, n);
			a = v3_mad(q, n, v3_dot(n, best.fa.p) - qn);
			b = v3_mad(q, n, v3_dot(n, best.fb.p) - qn);
		}
	}
	/* A ridge against a flat feature: along the ridge (above).  Else flat
	 * features: alternate between keeping A's point on A and B's on B,
	 * each carried to the other along n (projections onto two convex
	 * sets, which meet where the features overlap seen along n). */
	/* (from the ridge's own support point: the branches above may have
	 * carried it from the other shape, off the ridge) */
	double stiff = stiffness(A, B);
	mink_vec3 ra = best.fa.p, rb = best.fb.p;
	mink_vec3 qa = v3_mad(ra, n, -h), qb = v3_mad(rb, n, h);
	if (!flat_a && !fixed_a && flat_b && slide_ridge(A, n, &best.fa.J, B, &best.fb, h, stiff, &ra, &qa)) {
		a = ra;
		b = qa;
	} else if (!flat_b && !fixed_b && flat_a &&
	           slide_ridge(B, v3_neg(n), &best.fb.J, A, &best.fa, h, stiff, &rb, &qb)) {
		b = rb;
		a = qb;
	} else if (!flat_a && !fixed_a && flat_b && ridge_nearest(A, B, 0, 1, &best, &n, &h, &a, &b)) {
		/* a ridge beside a cap, apart: their nearest points */
	} else if (!flat_b && !fixed_b && flat_a && ridge_nearest(A, B, 1, 1, &best, &n, &h, &a, &b)) {
		/* the same, B the ridge */
	} else if (flat_a || flat_b) {
		/* A cap against a face starts from the cap's centre: the face's
		 * point nearest it is where the two meet seen
		 * along n, or, where they only touch (a box's edge along a
		 * disc's rim), the one point they share.  From elsewhere the
		 * projections creep along the rim by the cube of the distance
		 * (four rounds left a box's corner beside a rim 1.9e-4 off). */
		mink_vec3 cc;
		if (flat_a && flat_b && !line_a && !line_b) {
			if (cap_centre(B, &best.fb, v3_neg(n), &cc))
				a = v3_mad(cc, n, h);
			else if (cap_centre(A, &best.fa, n, &cc))
				a = cc;
		} else if (flat_a && flat_b && line_a && !line_b) {
			if (line_over_cap(best.fa.p, ua, B, &best.fb, v3_neg(n), &cc))
				a = cc;
		} else if (flat_a && flat_b && line_b && !line_a) {
			if (line_over_cap(best.fb.p, ub, A, &best.fa, n, &cc))
				a = v3_mad(cc, n, h);
		}
		/* (a curved side's point is its support point: the branches
		 * above may have carried it from the other's line, off its
		 * shape where the normal is off by an angle the far pair's
		 * support distance cannot see) */
		mink_vec3 a_on = flat_a ? a : best.fa.p, b_on = flat_b ? b : best.fb.p;
		for (int k = 0; k < 4; k++) {
			if (flat_a)
				a = a_on = mk_keep_on_core(A, n, a);
			b = v3_mad(a, n, -h);
			if (flat_b)
				b = b_on = mk_keep_on_core(B, v3_neg(n), b);
			a = v3_mad(b, n, h);
		}
		if (h < 0.0)
			meet_apart(A, B, flat_a, flat_b, best.noise, a_on, b_on, &n, &h, &a, &b);
	}
	if (!v3_isfinite(a) || !v3_isfinite(b) || !v3_isfinite(n))
		return;
	*np = n;
	*core = -h;
	*pa = a;
	*pb = b;
}
