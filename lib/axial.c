/*
 * axial.c - coaxial bodies of revolution, solved as a plane section.
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
 * EPA 2D solve and certify.  A pair whose axes miss each other by less than
 * the tolerance is solved as exactly coaxial, and the difference (a
 * Hausdorff distance of B from its coaxial copy) is charged to the bound.
 */
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
		return s->radii.x == s->radii.y;
	default:
		return 0;
	}
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
		mk_answer m;
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
	double err = off + tilt * (B->bound - B->margin);
	if (!(err <= tol_abs + tol_rel * (A->bound + B->bound)))
		return 0;
	/* The section by the plane of the axis and the origin (any plane
	 * through the axis when it passes through the origin), mapped to the
	 * plane z' = 0 with the axis along y': rows of Q are m, ua, m x ua. */
	mink_vec3 caperp = v3_mad(ca, ua, -v3_dot(ca, ua));
	mink_vec3 m = v3_len(caperp) > 0.0 ? v3_normalize_or(caperp, v3(0, 0, 0))
	              : off > 0.0 ? v3_scale(dperp, 1.0 / off) : v3_any_orthogonal(ua);
	mink_vec3 m3 = v3_cross(m, ua);
	mat3 q = {{{m.x, m.y, m.z}, {ua.x, ua.y, ua.z}, {m3.x, m3.y, m3.z}}};
	mk_shape a = *A, b = *B;
	a.rot = q;
	a.identity = 0;
	a.pos = v3(0, 0, 0);
	/* B made exactly coaxial: its axis turned onto A's (turned about its
	 * own axis it is unchanged) and its axis point put on A's axis */
	mat3 rb = m3_identity();
	if (B->type != CORE_POINT)
		rb = rotation_onto(ubl, along < 0.0 ? v3_neg(ua) : ua);
	mink_vec3 cb_on = v3_mad(ca, ua, v3_dot(dc, ua));
	mink_vec3 posb = v3_mad(cb_on, m3_mul(&rb, cbl), -sc);
	b.rot = m3_tmul_m3(&(mat3){{{q.m[0][0], q.m[1][0], q.m[2][0]},
	                             {q.m[0][1], q.m[1][1], q.m[2][1]},
	                             {q.m[0][2], q.m[1][2], q.m[2][2]}}}, &rb);
	b.identity = 0;
	b.pos = m3_mul(&q, posb);
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
	mink_vec3 pa = m3_tmul(&q, v3_mad(a2.pa, a2.normal, -A->margin));
	mink_vec3 pb = m3_tmul(&q, v3_mad(a2.pb, a2.normal, B->margin));
	mink_vec3 sa = mk_support(A, n), sb = mk_support(B, v3_neg(n));
	pa = mk_onto_plane(pa, n, sa);
	pb = mk_onto_plane(pb, n, sb);
	double core = v3_dot(n, v3_sub(sb, sa));
	mk_share_difference(&pa, &pb, v3_scale(n, -core));
	if (A->smooth || B->smooth)
		mk_refine(A, B, &n, &core, &pa, &pb);
	ans->distance = core - (A->margin + B->margin);
	ans->normal = n;
	ans->pa = v3_mad(pa, n, A->margin);
	ans->pb = v3_mad(pb, n, -B->margin);
	ans->gjk_it = a2.gjk_it;
	ans->epa_it = a2.epa_it;
	ans->warning = MINK_WARN_NONE;
	return 1;
}
