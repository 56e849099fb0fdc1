/*
 * axial.c - bodies of revolution on one axis or parallel axes, solved as a
 * plane section.
 *
 * Bodies of revolution about one axis (points, segments along it, cylinders,
 * cones, ellipsoids with two equal radii, any of them with a margin).  A - B
 * is then a body of revolution about that axis too; when the axis passes
 * through the origin every direction around it is equally good, a circle of
 * optimal normals that EPA can only approach by filling the circle with
 * vertices (coincident cylinders ran out of capacity at 7.5e-5 from the
 * depth).  Rotating a boundary point about the axis into the plane of the
 * axis and any direction brings it no farther from the origin, so the
 * answer is that of the section by such a plane: a 2D problem, which GJK and
 * EPA 2D solve and certify.  A pair whose axes miss each other by a
 * rounding is solved as exactly coaxial, and the difference (a Hausdorff
 * distance of B from its coaxial copy) is charged to the bound.  Parallel
 * axes farther apart are the plane problem of the plane of both axes (see
 * mk_solve_axial).
 */
#include <float.h>
#include <math.h>

#include "internal.h"

/* The axis of a core that is a body of revolution, in its own frame: a
 * point on it and its direction; 0 when the core is none. */
static int axial_core(const mk_shape *s, mink_vec3 *c, mink_vec3 *u)
{
	*c = v3(0, 0, 0);
	*u = v3(0, 0, 1);
	switch (s->type) {
	case CORE_POINT:
	case CORE_CYLINDER:
	case CORE_CONE:
		return 1;
	case CORE_SEGMENT:
		*c = s->corner[0];
		*u = v3_normalize_or(v3_sub(s->corner[1], s->corner[0]), v3(0, 0, 1));
		return 1;
	case CORE_ELLIPSOID:
		/* a spheroid, about the axis of its odd radius */
		if (s->radii.y == s->radii.z && s->radii.x != s->radii.y)
			*u = v3(1, 0, 0);
		else if (s->radii.x == s->radii.z && s->radii.x != s->radii.y)
			*u = v3(0, 1, 0);
		else
			return s->radii.x == s->radii.y;
		return 1;
	default:
		return 0;
	}
}

/* A body of revolution that is not a point or a segment. */
static int curved_core(const mk_shape *s)
{
	return s->type == CORE_CYLINDER || s->type == CORE_CONE || s->type == CORE_ELLIPSOID;
}

/* A rotation taking unit f to unit t (any one: the shapes it is used on
 * are bodies of revolution about f). */
static mat3 rotation_onto(mink_vec3 f, mink_vec3 t)
{
	mink_vec3 f1 = v3_any_orthogonal(f), f2 = v3_cross(f, f1);
	mink_vec3 t1 = v3_any_orthogonal(t), t2 = v3_cross(t, t1);
	mat3 r;
	for (int i = 0; i < 3; i++) {
		double tc[3] = {i == 0 ? t1.x : i == 1 ? t1.y : t1.z, i == 0 ? t2.x : i == 1 ? t2.y : t2.z,
		                i == 0 ? t.x : i == 1 ? t.y : t.z};
		for (int j = 0; j < 3; j++) {
			double fc[3] = {j == 0 ? f1.x : j == 1 ? f1.y : f1.z,
			                j == 0 ? f2.x : j == 1 ? f2.y : f2.z, j == 0 ? f.x : j == 1 ? f.y : f.z};
			r.m[i][j] = tc[0] * fc[0] + tc[1] * fc[1] + tc[2] * fc[2];
		}
	}
	return r;
}

/*
 * The unit direction across unit u towards x, or 0 where x lies along u
 * within rounding.  u is a unit vector only to rounding ((1/l) l need not
 * be 1), so x - (x.u) u of a point on the axis is a rounding that may
 * point anywhere, along u too: a capsule's axis point and a sphere's
 * centre on that axis once made the section's plane from it, across
 * nothing, and answered 2.39 for 1.40 (rows m and u of the frame parallel).
 */
static int across_axis(mink_vec3 x, mink_vec3 u, mink_vec3 *m)
{
	mink_vec3 p = v3_mad(x, u, -v3_dot(x, u));
	double l = v3_len(p);
	if (!(l > 64.0 * DBL_EPSILON * v3_len(x)))
		return 0;
	p = v3_scale(p, 1.0 / l);
	*m = v3_normalize_or(v3_mad(p, u, -v3_dot(p, u)), p);
	return 1;
}

int mk_solve_axial(const mk_shape *A, const mk_shape *B, const mink_options *o,
                   double tol_rel, double tol_abs, mk_answer *ans)
{
	mink_vec3 ca, ua, cbl, ubl;
	if (!axial_core(A, &ca, &ua) || !axial_core(B, &cbl, &ubl))
		return 0;
	if (A->type == CORE_POINT && B->type != CORE_POINT) {
		/* a point has every axis: take B's, in B's frame, and mirror */
		mk_shape a = *B, b = *A;
		a.rot = m3_identity();
		a.pos = v3(0, 0, 0);
		a.identity = 1;
		b.rot = m3_identity();
		b.pos = m3_tmul(&B->rot, v3_neg(B->pos));
		b.identity = 0;
		/* (from the caller's answer: the fields the solve leaves, its
		 * flags, were copied back unset, and the patch read them) */
		mk_answer m = *ans;
		if (!mk_solve_axial(&a, &b, o, tol_rel, tol_abs, &m))
			return 0;
		*ans = m;
		ans->normal = m3_mul(&B->rot, v3_neg(m.normal));
		ans->pa = v3_add(m3_mul(&B->rot, m.pb), B->pos);
		ans->pb = v3_add(m3_mul(&B->rot, m.pa), B->pos);
		return 1;
	}
	/* Both axes in the query frame (A is placed at the identity; points of
	 * the frame are scaled by the shapes' common scale). */
	double sc = A->scale;
	ca = v3_scale(ca, sc);
	mink_vec3 ub = m3_mul(&B->rot, ubl);
	mink_vec3 cb = v3_mad(B->pos, m3_mul(&B->rot, cbl), sc);
	double along = v3_dot(ub, ua);
	double tilt = B->type == CORE_POINT ? 0.0 : v3_len(v3_cross(ub, ua));
	mink_vec3 dc = v3_sub(cb, ca);
	mink_vec3 dperp = v3_mad(dc, ua, -v3_dot(dc, ua));
	double off = v3_len(dperp);
	double tol = tol_abs + tol_rel * (A->bound + B->bound);
	double err = tilt * (B->bound - B->margin);
	if (!(err <= tol))
		return 0;
	/* Axes that miss each other by a rounding are one (B is put on A's,
	 * and the miss charged); farther apart, parallel axes keep their
	 * offset, and the plane is theirs.  (Axes 1e-12 apart were once one
	 * up to the tolerance: the ring's normal then pointed any way, and a
	 * capsule 1e-12 beside another's axis answered the far side, its
	 * contacts 1.5 off.) */
	double place = v3_maxabs(ca) + v3_maxabs(cb) + A->bound + B->bound;
	int coaxial = off + err <= 64.0 * DBL_EPSILON * place;
	mink_vec3 m;
	if (coaxial) {
		err += off;
		/* The section by the plane of the axis and the origin (any
		 * plane through the axis when it passes through the origin),
		 * mapped to the plane z' = 0 with the axis along y': rows of Q
		 * are m, ua, m x ua. */
		if (!across_axis(ca, ua, &m) && !across_axis(dc, ua, &m))
			m = v3_any_orthogonal(ua);
	} else if (!(curved_core(A) || curved_core(B)) || !across_axis(dc, ua, &m)) {
		/* (points and segments apart are lib/segments.c's, in closed
		 * form: a ball 1e-6 beside a capsule's segment 2e-9 long came
		 * out of the plane search at the segment's end, a normal 1e-3
		 * rad off) */
		return 0;
	}
	/* (Parallel axes: the mirror through the plane of both maps A and B
	 * onto themselves, so A - B onto itself, and a least normal lies in
	 * that plane; along a direction in it each body's support value is
	 * its section's, the plane of its axis parallel to it.  The sections
	 * are then the exact plane problem, B's across A's axis by the
	 * offset.) */
	mink_vec3 m3 = v3_cross(m, ua);
	mat3 q = {{{m.x, m.y, m.z}, {ua.x, ua.y, ua.z}, {m3.x, m3.y, m3.z}}};
	mk_shape a = *A, b = *B;
	a.rot = q;
	a.identity = 0;
	a.pos = v3(0, 0, 0);
	/* B made exactly coaxial (or parallel): its axis turned onto A's
	 * direction (turned about its own axis it is unchanged) and its axis
	 * point put on A's axis (or across it by the offset, along m) */
	mat3 rb = m3_identity();
	if (B->type != CORE_POINT)
		rb = rotation_onto(ubl, along < 0.0 ? v3_neg(ua) : ua);
	mink_vec3 cb_on = v3_mad(ca, ua, v3_dot(dc, ua));
	if (!coaxial)
		cb_on = v3_mad(cb_on, m, off);
	mink_vec3 posb = v3_mad(cb_on, m3_mul(&rb, cbl), -sc);
	b.rot = m3_tmul_m3(&(mat3){{{q.m[0][0], q.m[1][0], q.m[2][0]},
	                             {q.m[0][1], q.m[1][1], q.m[2][1]},
	                             {q.m[0][2], q.m[1][2], q.m[2][2]}}}, &rb);
	b.identity = 0;
	b.pos = m3_mul(&q, posb);
	if (B->type == CORE_CYLINDER || B->type == CORE_CONE || B->type == CORE_ELLIPSOID) {
		/* A body of revolution about its own z: turned about that axis it
		 * is unchanged, so its frame is taken exact, its axis along y'
		 * and its x along x'.  Composed from q and rb its x and y had
		 * roundings across the plane, and a direction in the plane
		 * nearly along the axis found a rim point 2.5e-5 rad round the
		 * rim, out of the plane: its shadow, 1.4e-10 inside the section,
		 * made a vertex of the polygon, and the plane EPA, expanding
		 * beside it, ran out of room (coincident cones 1.4e-12 apart). */
		double s = along < 0.0 ? -1.0 : 1.0;
		b.rot = (mat3){{{1, 0, 0}, {0, 0, s}, {0, -s, 0}}};
		/* (a spheroid about its x or y: that axis along y', and the
		 * next along x') */
		if (ubl.x == 1.0)
			b.rot = (mat3){{{0, 1, 0}, {s, 0, 0}, {0, 0, -s}}};
		else if (ubl.y == 1.0)
			b.rot = (mat3){{{0, 0, 1}, {0, s, 0}, {-s, 0, 0}}};
	}
	if (B->type == CORE_SEGMENT) {
		/* Its ends on the axis, in the plane problem's own numbers: its
		 * origin off the axis (a segment of no length at (1e-9, 1e-9,
		 * 1e-9) of its frame) put its frame 1.4e-9 out of the plane, the
		 * plane search started along that, and a cone 1e6 wide gave it
		 * rim points 1e6 out of the plane: a normal of zero, touching,
		 * for a point 0.25 deep. */
		mink_vec3 axis = m3_mul(&q, coaxial ? ca : v3_mad(ca, m, off));
		for (int i = 0; i < 2; i++) {
			mink_vec3 e = mk_place(&b, B->corner[i]);
			b.corner[i] = v3_scale(v3(axis.x, e.y, axis.z), 1.0 / b.scale);
		}
		b.rot = m3_identity();
		b.pos = v3(0, 0, 0);
		b.identity = 1;
	}
	mk_answer a2;
	double eps2;
	mk_solve_unit(&a, &b, 2, o, &a2, &eps2);
	if (a2.warning != MINK_WARN_NONE || !isfinite(a2.distance))
		return 0;
	if (!(err <= 0.5 * (tol_rel * fabs(a2.distance) + tol_abs)) && err > 0.0)
		return 0;
	/* Back to the query frame, on the true B: the support distance along
	 * the normal is measured on the shapes themselves. */
	mink_vec3 n = m3_tmul(&q, a2.normal);
	/* (a plane answer of cores that touch may carry a normal of no unit
	 * length: a disc's edge on a ball's core, 0.37 long; the search in
	 * space answers those) */
	if (!(fabs(v3_len(n) - 1.0) <= 1e-9))
		return 0;
	mink_vec3 pa = m3_tmul(&q, v3_mad(a2.pa, a2.normal, -A->margin));
	mink_vec3 pb = m3_tmul(&q, v3_mad(a2.pb, a2.normal, B->margin));
	mink_vec3 sa = mk_support(A, n), sb = mk_support(B, v3_neg(n));
	pa = mk_onto_plane(pa, n, sa);
	pb = mk_onto_plane(pb, n, sb);
	double core = v3_dot(n, v3_sub(sb, sa));
	if (!coaxial) {
		/* Axes a little apart make two near minima, mirrors across the
		 * axis, that the plane search tells apart only to its tolerance
		 * (a ball beside a cylinder's axis by 1e-12 answered the far
		 * side): the better of the two. */
		mink_vec3 nm = v3_mad(n, m, -2.0 * v3_dot(n, m));
		mink_vec3 ma = mk_support(A, nm), mb = mk_support(B, v3_neg(nm));
		double cm = v3_dot(nm, v3_sub(mb, ma));
		if (cm > core) {
			n = nm;
			pa = ma;
			pb = mb;
			core = cm;
		}
	}
	mk_share_difference(&pa, &pb, v3_scale(n, -core));
	if (A->smooth || B->smooth) {
		mk_refine(A, B, &n, &core, &pa, &pb);
		/* Apart, the plane of the axes holds a least normal: where the
		 * refinement left it, the normal put back in the plane unless
		 * that is worse beyond rounding (a cone beside a cylinder went
		 * 1.4e-8 rad across for no gain). */
		double across = v3_dot(n, m3);
		if (!coaxial && across != 0.0) {
			mink_vec3 np = v3_normalize_or(v3_mad(n, m3, -across), n);
			mink_vec3 qa = mk_support(A, np), qb = mk_support(B, v3_neg(np));
			double cp = v3_dot(np, v3_sub(qb, qa));
			if (cp >= core - 8.0 * DBL_EPSILON * place) {
				pa = mk_onto_plane(pa, np, qa);
				pb = mk_onto_plane(pb, np, qb);
				mk_share_difference(&pa, &pb, v3_scale(np, -cp));
				n = np;
				core = cp;
			}
		}
	}
	ans->distance = core - (A->margin + B->margin);
	ans->normal = n;
	ans->pa = v3_mad(pa, n, A->margin);
	ans->pb = v3_mad(pb, n, -B->margin);
	ans->gjk_it = a2.gjk_it;
	ans->epa_it = a2.epa_it;
	ans->warning = MINK_WARN_NONE;
	return 1;
}

/*
 * A ring of minimisers off the axial solver's reach: S a body of
 * revolution about an axis (point c, unit u), and the other core O's
 * support along the minimisers a single point q on that axis - a cone's
 * apex on a cone's axis, the cones not coaxial.  The least of
 *
 *     f(m) = h_S(m) + h_O(-m)
 *
 * over unit m is then taken on an arc of the circle of directions at one
 * angle theta from u, which EPA's faces close only quadratically in their
 * number.  Two lower bounds on f split the work:
 *
 *   g(theta) = h_S(m) - m.p - e <= f(m), with p the point of the axis
 *     nearest q and e = |q - p| (O holds q), depends on theta alone: it is
 *     the support function of the section of S - p by a plane through the
 *     axis, a plane convex body, bounded on an interval of angles by the
 *     larger of the support lines at its ends, exactly where the support
 *     point of the section is one point or changes once (a kink);
 *   f(m) >= m.w0 >= cos(a) f0 - sin(a) |w0 - f0 m0| on a cell of angular
 *     radius a about m0, w0 = the difference of the supports at m0.
 *
 * Cells of (theta, psi) are split until one of the two reaches the target
 * (the arc by g, which is exact on it, the rest by f) or a budget runs
 * out.  Depth first, so the room is a small stack: every split halves
 * theta, at most 42 times from pi/8 to 1e-13, and leaves at most 3 more
 * cells, so 128 + 3 * 42 of its 320 are ever used (it runs inside EPA's
 * frame: mink(3) states the stack a query needs).
 */
#define RING_PI 3.14159265358979323846
#define RING_CELLS 320
#define RING_BUDGET 60000

typedef struct ring {
	const mk_shape *S, *sec; /* S, and the body of revolution inside it
	                            whose sections bound it (S itself, or
	                            near_spheroid's) */
	mink_vec3 c, u, e1, e2, p;
	double e;
} ring;

static mink_vec3 ring_dir(const ring *R, double th, double ps)
{
	double s = sin(th);
	return v3_add(v3_scale(R->u, cos(th)),
	              v3_add(v3_scale(R->e1, s * cos(ps)), v3_scale(R->e2, s * sin(ps))));
}

/* The section's support point at angle th, as (across, along) the axis. */
static void ring_section(const ring *R, double th, double s[2])
{
	mink_vec3 x = mk_support(R->sec, ring_dir(R, th, 0.0));
	s[0] = v3_dot(v3_sub(x, R->c), R->e1);
	s[1] = v3_dot(v3_sub(x, R->p), R->u);
}

/* The least over [t0, t1] of the larger of the support lines of s0 at t0
 * and s1 at t1: at an end, where they cross, or where either is least. */
static double ring_g(const double s0[2], const double s1[2], double t0, double t1)
{
	double cand[6] = {t0, t1, 0, 0, 0, 0};
	int nc = 2;
	double dx = s0[0] - s1[0], dy = s0[1] - s1[1];
	if (dx != 0.0 || dy != 0.0) {
		/* sin t dx + cos t dy = 0 */
		double t = atan2(-dy, dx);
		cand[nc++] = t;
		cand[nc++] = t + RING_PI;
	}
	cand[nc++] = atan2(s0[0], s0[1]) + RING_PI;
	cand[nc++] = atan2(s1[0], s1[1]) + RING_PI;
	double best = INFINITY;
	for (int i = 0; i < nc; i++) {
		double t = cand[i];
		while (t > t1 + RING_PI)
			t -= 2.0 * RING_PI;
		while (t < t0 - RING_PI)
			t += 2.0 * RING_PI;
		if (i >= 2 && !(t >= t0 && t <= t1))
			continue;
		double st = sin(t), ct = cos(t);
		best = fmin(best, fmax(st * s0[0] + ct * s0[1], st * s1[0] + ct * s1[1]));
	}
	return best;
}

/* The least of m'.w over unit m' within angle a < pi/2 of unit m. */
static double ring_lin(mink_vec3 m, mink_vec3 w, double a)
{
	double f0 = v3_dot(m, w), wp = v3_len(v3_mad(w, m, -f0));
	return (f0 >= 0.0 ? cos(a) * f0 : f0) - sin(a) * wp;
}

typedef struct ring_cell {
	double t0, t1, p0, p1;
	double s0[2], s1[2];
} ring_cell;

/* The least of y1 cos(psi) + y2 sin(psi) over psi in [p0, p1]: at an end,
 * or -hypot(y1, y2) where the interval holds the way opposite (y1, y2). */
static double ring_cos_min(double y1, double y2, double p0, double p1)
{
	double lo = fmin(y1 * cos(p0) + y2 * sin(p0), y1 * cos(p1) + y2 * sin(p1));
	if (y1 == 0.0 && y2 == 0.0)
		return lo;
	double t = atan2(y2, y1) + RING_PI - p0;
	t -= 2.0 * RING_PI * floor(t / (2.0 * RING_PI));
	return p0 + t <= p1 ? fmin(lo, -hypot(y1, y2)) : lo;
}

/* The support distance of S - O along the ring's direction (th, ps). */
static double ring_f(const ring *R, const mk_shape *O, double th, double ps)
{
	mink_vec3 m = ring_dir(R, th, ps);
	return v3_dot(m, v3_sub(mk_support(R->S, m), mk_support(O, v3_neg(m))));
}

/* The least of ring_f over th within w of *th, by golden sections (the
 * support distance across the ring: a curve or a kink, one least). */
static double ring_across(const ring *R, const mk_shape *O, double *th, double ps, double w)
{
	const double g = 0.6180339887498949;
	double a = *th - w, b = *th + w;
	double x1 = b - g * (b - a), x2 = a + g * (b - a);
	double f1 = ring_f(R, O, x1, ps), f2 = ring_f(R, O, x2, ps);
	for (int k = 0; k < 48 && b - a > 1e-13; k++) {
		if (f1 <= f2) {
			b = x2, x2 = x1, f2 = f1;
			x1 = b - g * (b - a);
			f1 = ring_f(R, O, x1, ps);
		} else {
			a = x1, x1 = x2, f1 = f2;
			x2 = a + g * (b - a);
			f2 = ring_f(R, O, x2, ps);
		}
	}
	*th = f1 <= f2 ? x1 : x2;
	return fmin(f1, f2);
}

/* Where the support distance f along the ring's direction m is below
 * off's answer, that becomes the answer (in A - B's way: -m where S is
 * B); returns how far it fell, 0 where it did not. */
static double ring_take(mk_ring_off *off, double f, mink_vec3 m, int flip)
{
	if (!(f < off->f))
		return 0.0;
	double down = off->f - f;
	off->f = f;
	off->n = flip ? v3_neg(m) : m;
	return down;
}

/*
 * A descent along the ring from off's normal: steps about the axis, each
 * with the least across the ring (golden sections in theta) kept where it
 * is lower, the step halved where neither way is.  Near a ring of nearly
 * equal depths the least lies along a valley about the axis, whose floor
 * (a kink where a core's support changes) leans across it: the cells'
 * search, depth first, walked such a valley down 1e-9 a cell (a capsule
 * turned 2e-4 at a spheroid's centre).  Where it ends lower, that is
 * off's answer; returns how much lower.
 */
static double ring_descend(const ring *R, const mk_shape *O, mk_ring_off *off, int flip)
{
	mink_vec3 m = flip ? v3_neg(off->n) : off->n;
	double th = acos(fmax(-1.0, fmin(1.0, v3_dot(m, R->u))));
	double ps = atan2(v3_dot(m, R->e2), v3_dot(m, R->e1));
	double w = 1e-2, f = ring_across(R, O, &th, ps, w);
	for (double step = 1e-2; step > 1e-12;) {
		int moved = 0;
		for (int k = 0; k < 2 && !moved; k++) {
			double t2 = th, p2 = ps + (k ? -step : step);
			double f2 = ring_across(R, O, &t2, p2, fmin(w, 4.0 * step));
			if (f2 < f) {
				th = t2, ps = p2, f = f2;
				moved = 1;
			}
		}
		if (!moved)
			step *= 0.5;
	}
	return ring_take(off, f, ring_dir(R, th, ps), flip);
}

/* An ellipsoid two of whose radii are equal but for 1e-10 of either (a
 * spheroid's radii rounded: 1e6 and 1e6 + 4.8e-6) made the spheroid of
 * the lesser, which lies inside it: its support distances bound S's from
 * below, within the difference. */
static void near_spheroid(mk_shape *s)
{
	if (s->type != CORE_ELLIPSOID)
		return;
	double *r[3] = {&s->radii.x, &s->radii.y, &s->radii.z};
	int bi = -1, bj = -1;
	double best = INFINITY;
	for (int i = 0; i < 3; i++)
		for (int j = i + 1; j < 3; j++) {
			double gap = fabs(*r[i] - *r[j]);
			if (gap <= 1e-10 * fmax(*r[i], *r[j]) && gap < best) {
				best = gap;
				bi = i;
				bj = j;
			}
		}
	if (bi >= 0 && best > 0.0)
		*r[bi] = *r[bj] = fmin(*r[bi], *r[bj]);
}

/* The bound for S about its axis and a point of O nearest it among q and
 * O's supports along d tilted slightly four ways (the ends of a flat
 * feature of O along d: a segment across the normal); -INFINITY when
 * none is on the axis within err, or the budget runs out first.  With
 * off, S a spheroid about any O (mk_ring_bound); flip: S is B. */
static double ring_one(const mk_shape *S, const mk_shape *O, mink_vec3 d, mink_vec3 q,
                       double target, double err, mk_ring_off *off, int flip)
{
	mink_vec3 cl, ul;
	mk_shape in = *S;
	if (off)
		near_spheroid(&in);
	if (!axial_core(&in, &cl, &ul) || S->type == CORE_POINT)
		return -INFINITY;
	ring R = {.S = S, .sec = &in};
	R.c = mk_place(S, cl);
	R.u = S->identity ? ul : m3_mul(&S->rot, ul);
	mink_vec3 t1, t2;
	mink_tangents(d, &t1, &t2);
	R.e = INFINITY;
	for (int k = 0; k < 5; k++) {
		mink_vec3 x = q;
		if (k > 0)
			x = mk_support(O, v3_mad(d, k < 3 ? t1 : t2, k % 2 ? 1e-6 : -1e-6));
		mink_vec3 p = v3_mad(R.c, R.u, v3_dot(v3_sub(x, R.c), R.u));
		double e = v3_len(v3_sub(x, p));
		if (e < R.e) {
			R.e = e;
			R.p = p;
		}
	}
	/* or, off, a spheroid's cells bounded by O's supports */
	int on_axis = !off && R.e <= err;
	if (off ? S->type != CORE_ELLIPSOID : !on_axis)
		return -INFINITY;
	R.e1 = v3_any_orthogonal(R.u);
	R.e2 = v3_cross(R.u, R.e1);
	/* O a body of revolution too, about an axis through co along uo
	 * (uo or -uo, the nearer u: O turns into itself about either),
	 * tilt = |uo - u| */
	mink_vec3 co = v3(0, 0, 0), uo = R.u;
	double tilt = INFINITY;
	if (off && axial_core(O, &cl, &ul)) {
		co = mk_place(O, cl);
		uo = O->identity ? ul : m3_mul(&O->rot, ul);
		if (v3_dot(uo, R.u) < 0.0)
			uo = v3_neg(uo);
		tilt = v3_len(v3_sub(uo, R.u));
	}
	ring_cell st[RING_CELLS];
	int top = 0, used = 0;
	const int nt = 8, np = 16;
	double sec[9][2];
	for (int i = 0; i <= nt; i++)
		ring_section(&R, RING_PI * i / nt, sec[i]);
	for (int i = 0; i < nt; i++)
		for (int j = 0; j < np; j++) {
			ring_cell *C = &st[top++];
			C->t0 = RING_PI * i / nt;
			C->t1 = RING_PI * (i + 1) / nt;
			C->p0 = 2.0 * RING_PI * j / np;
			C->p1 = 2.0 * RING_PI * (j + 1) / np;
			C->s0[0] = sec[i][0], C->s0[1] = sec[i][1];
			C->s1[0] = sec[i + 1][0], C->s1[1] = sec[i + 1][1];
		}
	if (off) {
		/* the search's answer falls as it meets lower support distances,
		 * and every cell is bounded against it: the cell of the least
		 * at its centre is taken first (last on the stack), and below
		 * each split the half the descent points into */
		double fc[8 * 16];
		for (int k = 0; k < top; k++)
			fc[k] = ring_f(&R, O, 0.5 * (st[k].t0 + st[k].t1), 0.5 * (st[k].p0 + st[k].p1));
		for (int k = 1; k < top; k++)
			for (int j = k; j > 0 && !(fc[j - 1] >= fc[j]); j--) {
				ring_cell t = st[j];
				double ft = fc[j];
				st[j] = st[j - 1], fc[j] = fc[j - 1];
				st[j - 1] = t, fc[j - 1] = ft;
			}
		/* and from the better of the answer and the least of those, a
		 * descent along the ring first */
		const ring_cell *K = &st[top - 1];
		target -= ring_take(off, fc[top - 1],
		                    ring_dir(&R, 0.5 * (K->t0 + K->t1), 0.5 * (K->p0 + K->p1)), flip);
		target -= ring_descend(&R, O, off, flip);
	}
	while (top > 0) {
		ring_cell C = st[--top];
		if (++used > RING_BUDGET)
			return -INFINITY;
		double gs = ring_g(C.s0, C.s1, C.t0, C.t1);
		if (on_axis && gs - R.e >= target)
			continue;
		double tc = 0.5 * (C.t0 + C.t1), pc = 0.5 * (C.p0 + C.p1);
		mink_vec3 m = ring_dir(&R, tc, pc), so = mk_support(O, v3_neg(m));
		mink_vec3 w = v3_sub(mk_support(S, m), so);
		double f0 = v3_dot(m, w);
		/* a lower support distance: the answer, and the target below
		 * it by as much as before */
		if (off)
			target -= ring_take(off, f0, m, flip);
		/* the cell's angular radius about m: along the meridian, then
		 * along the parallel, whose radius is at most smax */
		double smax = C.t0 <= 0.5 * RING_PI && C.t1 >= 0.5 * RING_PI
		              ? 1.0 : fmax(sin(C.t0), sin(C.t1));
		double a = 0.5 * (C.t1 - C.t0) + smax * 0.5 * (C.p1 - C.p0);
		if (a < 0.5 * RING_PI && ring_lin(m, w, a) >= target)
			continue;
		if (top + 4 > RING_CELLS || C.t1 - C.t0 < 1e-13 || C.p1 - C.p0 < 1e-13)
			return -INFINITY;
		double sm[2];
		ring_section(&R, tc, sm);
		if (!on_axis) {
			/* f(m') >= g(theta) + m'.y, y = p - s, s O's support along
			 * -m at theta's ends (each end's line with the section's
			 * there): m'.y = cos(theta) y.u + sin(theta) y.e(psi), the
			 * second at least sin(theta) times its least over the
			 * cell's psi; both terms are lines in (sin, cos), so they
			 * join the section's lines exactly */
			double la[2][2], lb[2][2];
			mink_vec3 os[2]; /* O's supports at the ends */
			for (int k = 0; k < 2; k++) {
				mink_vec3 mk = ring_dir(&R, k ? C.t1 : C.t0, pc);
				os[k] = mk_support(O, v3_neg(mk));
				mink_vec3 y = v3_sub(R.p, os[k]);
				double yu = v3_dot(y, R.u);
				double y1 = v3_dot(y, R.e1), y2 = v3_dot(y, R.e2);
				const double *sk = k ? C.s1 : C.s0;
				la[k][0] = sk[0] + ring_cos_min(y1, y2, C.p0, C.p1);
				la[k][1] = sk[1] + yu;
				lb[k][0] = sk[0] + y1 * cos(pc) + y2 * sin(pc);
				lb[k][1] = la[k][1];
			}
			double gb = ring_g(la[0], la[1], C.t0, C.t1);
			if (tilt < INFINITY && !(gb >= target)) {
				/* O a body of revolution: its point s = co + x turned
				 * with the direction, by d = psi - pc about uo, is a
				 * point of O, and y = p - s.  The fixed point loses r
				 * psi^2 / 8 on a rim of radius r (a thick rim nearly
				 * coaxial, on a ring of nearly equal depths, ran out of
				 * cells); the turned one only the tilt's share.  With m
				 * = Rot_u(d) m_c, m . Rot_uo(d) x = m_c . W(d) x, W(d) =
				 * Rot_u(-d) Rot_uo(d): W(0) = I, W'(0) = [v]x (v = uo -
				 * u), |W''| <= 2 |v|, so it is m_c . x + d m_c . (v x x)
				 * within |v| |x| d^2, both lines in (sin, cos); and co's
				 * part as y's above.  The least over d of either sign at
				 * each end's line. */
				double lr[2][2], l1[2][2], xr = 0.0;
				mink_vec3 oc = v3_sub(R.p, co), v = v3_sub(uo, R.u);
				mink_vec3 ec = v3_add(v3_scale(R.e1, cos(pc)),
				                      v3_scale(R.e2, sin(pc)));
				double omin = ring_cos_min(v3_dot(oc, R.e1), v3_dot(oc, R.e2),
				                           C.p0, C.p1);
				for (int k = 0; k < 2; k++) {
					mink_vec3 x = v3_sub(os[k], co), vx = v3_cross(v, x);
					lr[k][0] = (k ? C.s1 : C.s0)[0] + omin - v3_dot(x, ec);
					lr[k][1] = la[k][1];
					l1[k][0] = -v3_dot(ec, vx);
					l1[k][1] = -v3_dot(R.u, vx);
					xr = fmax(xr, v3_len(x));
				}
				double hw = 0.5 * (C.p1 - C.p0), gr = INFINITY;
				for (int sg = 0; sg < 4; sg++) {
					double ln[2][2];
					for (int k = 0; k < 2; k++) {
						double h = (sg >> k) & 1 ? hw : -hw;
						ln[k][0] = lr[k][0] + h * l1[k][0];
						ln[k][1] = lr[k][1] + h * l1[k][1];
					}
					gr = fmin(gr, ring_g(ln[0], ln[1], C.t0, C.t1));
				}
				gb = fmax(gb, gr - xr * tilt * hw * hw);
			}
			if (gb >= target)
				continue;
			/* halved about the axis where the cell's psi costs more than
			 * its theta does (the same lines at the centre's psi alone,
			 * against the support distance there), else along theta */
			double gt = ring_g(lb[0], lb[1], C.t0, C.t1);
			ring_cell *L = &st[top++], *H = &st[top++];
			*L = C;
			*H = C;
			/* (the support distance falls along -w across m: the half
			 * that way, up or down theta or psi, is taken first) */
			int by_theta = f0 - gt >= gt - gb;
			mink_vec3 across = v3_add(v3_scale(R.e1, cos(pc)), v3_scale(R.e2, sin(pc)));
			mink_vec3 way = v3_cross(R.u, across);
			if (by_theta)
				way = v3_sub(v3_scale(across, cos(tc)), v3_scale(R.u, sin(tc)));
			int h_first = v3_dot(w, way) < 0.0;
			if (by_theta) {
				L->t1 = H->t0 = tc;
				L->s1[0] = H->s0[0] = sm[0];
				L->s1[1] = H->s0[1] = sm[1];
			} else {
				L->p1 = H->p0 = pc;
			}
			/* (H is taken first) */
			if (!h_first) {
				ring_cell t = *L;
				*L = *H;
				*H = t;
			}
			continue;
		}
		/* The section's lines at the ends both above the target: the arc
		 * about theta is g's to close, halving theta alone. */
		int theta_only = C.s0[0] * sin(C.t0) + C.s0[1] * cos(C.t0) - R.e >= target &&
		                 C.s1[0] * sin(C.t1) + C.s1[1] * cos(C.t1) - R.e >= target;
		int halves = theta_only ? 1 : 2;
		for (int k = 0; k < halves; k++) {
			double q0 = halves == 1 ? C.p0 : k ? pc : C.p0;
			double q1 = halves == 1 ? C.p1 : k ? C.p1 : pc;
			ring_cell *L = &st[top++], *H = &st[top++];
			*L = C;
			*H = C;
			L->t1 = H->t0 = tc;
			L->s1[0] = H->s0[0] = sm[0];
			L->s1[1] = H->s0[1] = sm[1];
			L->p0 = H->p0 = q0;
			L->p1 = H->p1 = q1;
		}
	}
	return target;
}

double mk_ring_bound(const mk_shape *A, const mk_shape *B, mink_vec3 n, mink_vec3 pa,
                     mink_vec3 pb, double target, double err, mk_ring_off *off)
{
	double room = off ? off->f - target : 0.0;
	double bound = ring_one(A, B, v3_neg(n), pb, target, err, off, 0);
	/* (the target as the first search left it) */
	double again = off ? off->f - room : target;
	if (!(bound >= again))
		bound = fmax(bound, ring_one(B, A, n, pa, again, err, off, 1));
	return bound;
}
