/*
 * test_far.c - the closest pair of shapes far apart whose nearest features
 * are flat and nearly parallel.
 *
 * A cap, a base, a box's face, a triangle, a segment or a point faces
 * another 1e2 to 3e7 away, tilted from parallel by 0 to 1e-3 rad and
 * moved across by up to a few times their size, anywhere up to 1e6 from
 * the origin.  Their distance is well conditioned, but the pair is not:
 * moving it across the features by e changes the distance by e^2 / 2D, so
 * a pair a whole unit off has the distance right to 1e-10 of itself.
 *
 * The oracle certifies the pair, not the distance: two points of convex
 * sets are a closest pair exactly when each is the nearest point of its
 * set to the other.  The nearest point of each shape to the other's
 * point is found in long double in the shape's own frame (a box clamps, a
 * cylinder clamps its height and radius, a cone projects onto its
 * meridian triangle, a triangle by its Voronoi regions).  Both must be
 * within 1e-9 of the pair's size of the points reported, the contract on
 * contact points (mink(5)).  Before lib/far.c, 158 of these 1184 checks
 * failed, by up to 2.3e-6 of the size, all `ok`: a point 1e6 above a
 * box's face came back on the face's corner 0.5 from its foot, a
 * cylinder's contact lay 0.0025 outside its cap (fuzz).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "mink.h"
#include "testutil.h"

typedef long double ld;

typedef struct ldv {
	ld x, y, z;
} ldv;

static ldv lv(ld x, ld y, ld z) { return (ldv){x, y, z}; }
static ldv lsub(ldv a, ldv b) { return lv(a.x - b.x, a.y - b.y, a.z - b.z); }
static ldv ladd(ldv a, ldv b) { return lv(a.x + b.x, a.y + b.y, a.z + b.z); }
static ldv lscale(ldv a, ld s) { return lv(a.x * s, a.y * s, a.z * s); }
static ld ldot(ldv a, ldv b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static ldv of3(mink_vec3 v) { return lv(v.x, v.y, v.z); }
static ld lclamp(ld x, ld lo, ld hi) { return x < lo ? lo : x > hi ? hi : x; }

/* The rotation of a pose in long double, by rows. */
static void rot_of(const mink_pose3 *p, ld m[3][3])
{
	ld w = p->rotation.w, x = p->rotation.x, y = p->rotation.y, z = p->rotation.z;
	ld s = sqrtl(w * w + x * x + y * y + z * z);
	w /= s;
	x /= s;
	y /= s;
	z /= s;
	m[0][0] = 1 - 2 * (y * y + z * z);
	m[0][1] = 2 * (x * y - w * z);
	m[0][2] = 2 * (x * z + w * y);
	m[1][0] = 2 * (x * y + w * z);
	m[1][1] = 1 - 2 * (x * x + z * z);
	m[1][2] = 2 * (y * z - w * x);
	m[2][0] = 2 * (x * z - w * y);
	m[2][1] = 2 * (y * z + w * x);
	m[2][2] = 1 - 2 * (x * x + y * y);
}

/* The nearest point of segment [a, b] to p. */
static ldv seg_nearest(ldv a, ldv b, ldv p)
{
	ldv e = lsub(b, a);
	ld den = ldot(e, e);
	ld t = den > 0 ? lclamp(ldot(lsub(p, a), e) / den, 0, 1) : 0;
	return ladd(a, lscale(e, t));
}

/* The nearest point of triangle abc to p (Ericson, Real-Time Collision
 * Detection, 5.1.5). */
static ldv tri_nearest(ldv a, ldv b, ldv c, ldv p)
{
	ldv ab = lsub(b, a), ac = lsub(c, a), ap = lsub(p, a);
	ld d1 = ldot(ab, ap), d2 = ldot(ac, ap);
	if (d1 <= 0 && d2 <= 0)
		return a;
	ldv bp = lsub(p, b);
	ld d3 = ldot(ab, bp), d4 = ldot(ac, bp);
	if (d3 >= 0 && d4 <= d3)
		return b;
	ld vc = d1 * d4 - d3 * d2;
	if (vc <= 0 && d1 >= 0 && d3 <= 0)
		return ladd(a, lscale(ab, d1 / (d1 - d3)));
	ldv cp = lsub(p, c);
	ld d5 = ldot(ab, cp), d6 = ldot(ac, cp);
	if (d6 >= 0 && d5 <= d6)
		return c;
	ld vb = d5 * d2 - d1 * d6;
	if (vb <= 0 && d2 >= 0 && d6 <= 0)
		return ladd(a, lscale(ac, d2 / (d2 - d6)));
	ld va = d3 * d6 - d5 * d4;
	if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0)
		return ladd(b, lscale(lsub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6))));
	ld den = 1 / (va + vb + vc);
	return ladd(a, ladd(lscale(ab, vb * den), lscale(ac, vc * den)));
}

/* The nearest point of the 2D triangle (0, -h), (r, -h), (0, h) to (q, z),
 * q >= 0: a cone's meridian. */
static void meridian_nearest(ld r, ld h, ld q, ld z, ld *qo, ld *zo)
{
	ldv n = tri_nearest(lv(0, -h, 0), lv(r, -h, 0), lv(0, h, 0), lv(q, z, 0));
	*qo = n.x;
	*zo = n.y;
}

/* The nearest point of shape s (placed by p) to the world point x. */
static ldv nearest(const mink_shape3 *s, const mink_pose3 *p, mink_vec3 x)
{
	ld m[3][3];
	rot_of(p, m);
	ldv d = lsub(of3(x), of3(p->position));
	ldv l = lv(m[0][0] * d.x + m[1][0] * d.y + m[2][0] * d.z,
	           m[0][1] * d.x + m[1][1] * d.y + m[2][1] * d.z,
	           m[0][2] * d.x + m[1][2] * d.y + m[2][2] * d.z);
	ldv o = l;
	switch (s->type) {
	case MINK_POINT:
		o = lv(0, 0, 0);
		break;
	case MINK_BOX:
		o = lv(lclamp(l.x, -s->box.half_extents.x, s->box.half_extents.x),
		       lclamp(l.y, -s->box.half_extents.y, s->box.half_extents.y),
		       lclamp(l.z, -s->box.half_extents.z, s->box.half_extents.z));
		break;
	case MINK_CYLINDER: {
		ld q = sqrtl(l.x * l.x + l.y * l.y), r = s->cylinder.radius;
		ld f = q > r ? r / q : 1;
		o = lv(l.x * f, l.y * f, lclamp(l.z, -s->cylinder.half_height, s->cylinder.half_height));
		break;
	}
	case MINK_CONE: {
		ld q = sqrtl(l.x * l.x + l.y * l.y), qo, zo;
		meridian_nearest(s->cone.radius, s->cone.half_height, q, l.z, &qo, &zo);
		ld f = q > 0 ? qo / q : 0;
		o = lv(l.x * f, l.y * f, zo);
		break;
	}
	case MINK_SEGMENT:
		o = seg_nearest(of3(s->segment.points[0]), of3(s->segment.points[1]), l);
		break;
	case MINK_TRIANGLE:
		o = tri_nearest(of3(s->triangle.points[0]), of3(s->triangle.points[1]),
		                of3(s->triangle.points[2]), l);
		break;
	default:
		break;
	}
	return ladd(of3(p->position), lv(m[0][0] * o.x + m[0][1] * o.y + m[0][2] * o.z,
	                                 m[1][0] * o.x + m[1][1] * o.y + m[1][2] * o.z,
	                                 m[2][0] * o.x + m[2][1] * o.y + m[2][2] * o.z));
}

/* A turn taking +z to the unit vector u, then spun about u. */
static mink_quat quat_to(mink_vec3 u, double spin)
{
	mink_vec3 axis = tu_cross(tu_v3(0, 0, 1), u);
	double sn = tu_norm(axis);
	mink_quat q = !(sn > 1e-300) ? (u.z >= 0.0 ? tu_quat_identity() : tu_quat(0, 1, 0, 0))
	                             : tu_quat_axis_angle(tu_scale(axis, 1.0 / sn), atan2(sn, u.z));
	return tu_quat_mul(tu_quat_axis_angle(u, spin), q);
}

/* A unit vector across unit u. */
static mink_vec3 across(tu_rng *r, mink_vec3 u)
{
	mink_vec3 w = tu_rng_unit_vec3(r);
	return tu_normalize(tu_sub(w, tu_scale(u, tu_dot(w, u))));
}

enum { K_CYLINDER, K_CONE, K_BOX, K_TRIANGLE, K_SEGMENT, K_POINT, KINDS };
static const char *kind_name[KINDS] = {"cylinder", "cone", "box", "triangle", "segment", "point"};

/* A shape whose flat feature faces its local +z (a cone's base: -z, so
 * *up is -1), its centre at *c in the shape's frame, its reach across it
 * in *reach. */
static mink_shape3 flat_shape(tu_rng *r, int kind, mink_vec3 *c, double *up, double *reach)
{
	mink_shape3 s = {0};
	*up = 1.0;
	*c = tu_v3(0, 0, 0);
	switch (kind) {
	case K_CYLINDER:
	case K_CONE: {
		double rad = tu_rng_range(r, 0.5, 2.0);
		double hh = tu_rng_range(r, 0.5, 2.0);
		s = kind == K_CYLINDER ? tu_cylinder(rad, hh) : tu_cone(rad, hh);
		*c = tu_v3(0, 0, kind == K_CYLINDER ? hh : -hh);
		*up = kind == K_CYLINDER ? 1.0 : -1.0;
		*reach = rad;
		break;
	}
	case K_BOX: {
		double hx = tu_rng_range(r, 0.3, 1.5);
		double hy = tu_rng_range(r, 0.3, 1.5);
		double hz = tu_rng_range(r, 0.3, 1.0);
		s = tu_box(hx, hy, hz);
		*c = tu_v3(0, 0, hz);
		*reach = hypot(hx, hy);
		break;
	}
	case K_TRIANGLE:
		s.type = MINK_TRIANGLE;
		for (int i = 0; i < 3; i++) {
			double x = tu_rng_range(r, -1.0, 1.0);
			double y = tu_rng_range(r, -1.0, 1.0);
			s.triangle.points[i] = tu_v3(x, y, 0.0);
		}
		*reach = 1.5;
		break;
	case K_SEGMENT: {
		double a = tu_rng_range(r, 0.3, 1.5);
		double b = tu_rng_range(r, -1.0, 1.0);
		s.type = MINK_SEGMENT;
		s.segment.points[0] = tu_v3(-a, b, 0.0);
		s.segment.points[1] = tu_v3(a, -0.5 * b, 0.0);
		*reach = hypot(a, b);
		break;
	}
	default:
		s.type = MINK_POINT;
		*reach = 0.0;
		break;
	}
	return s;
}

static void test_far_flat_features(void **state)
{
	(void)state;
	tu_rng r;
	tu_rng_seed(&r, 0xfa7f);
	static const double dists[5] = {1e2, 1e3, 1e4, 1e6, 3e7};
	static const double tilts[6] = {0.0, 1e-12, 1e-9, 1e-7, 1e-5, 1e-3};
	static const double cover[4] = {0.0, 0.3, 0.8, 1.0};
	static const double beyond[5] = {0.0, 1e-3, 0.1, 1.0, 3.0};
	int cases = 0, past = 0;
	double worst = 0.0;
	tu_begin();
	for (int i = 0; i < 600; i++) {
		int ka = i % 3 ? i % 2 : tu_rng_int(&r, 0, KINDS - 1);
		int kb = tu_rng_int(&r, 0, KINDS - 1);
		if (ka == K_POINT && kb == K_POINT)
			continue;
		mink_vec3 ca, cb;
		double upa, upb, ra, rb;
		mink_shape3 a = flat_shape(&r, ka, &ca, &upa, &ra);
		mink_shape3 b = flat_shape(&r, kb, &cb, &upb, &rb);
		/* A's feature faces u; B's faces -u tilted by th */
		mink_vec3 u = tu_rng_unit_vec3(&r);
		double spin_a = tu_rng_range(&r, 0.0, 6.28), spin_b = tu_rng_range(&r, 0.0, 6.28);
		double th = tilts[tu_rng_int(&r, 0, 5)];
		mink_vec3 w2 = across(&r, u);
		mink_vec3 t = tu_add(tu_scale(u, -cos(th)), tu_scale(w2, sin(th)));
		mink_pose3 pa = tu_pose3(0, 0, 0, quat_to(tu_scale(u, upa), spin_a));
		mink_pose3 pb = tu_pose3(0, 0, 0, quat_to(tu_scale(t, upb), spin_b));
		double d = dists[tu_rng_int(&r, 0, 4)];
		double lat = (ra + rb) * cover[tu_rng_int(&r, 0, 3)] + beyond[tu_rng_int(&r, 0, 4)];
		mink_vec3 w = across(&r, u);
		int far_off = tu_rng_int(&r, 0, 2);
		mink_vec3 off = far_off == 0 ? tu_v3(0, 0, 0)
		                             : tu_scale(tu_rng_unit_vec3(&r), far_off == 1 ? 1e3 : 1e6);
		pa.position = tu_add(off, tu_rng_in_ball(&r));
		mink_vec3 fa = tu_to_world3(&pa, ca);
		mink_vec3 fb = tu_add(tu_add(fa, tu_scale(u, d)), tu_scale(w, lat));
		pb.position = tu_sub(fb, tu_rotate(pb.rotation, cb));
		double size = 2.0 * (ra + rb) + 4.0 + tu_dist(pa.position, pb.position);
		mink_result res[2];
		mink_query3(&a, &pa, &b, &pb, NULL, &res[0]);
		mink_query3(&b, &pb, &a, &pa, NULL, &res[1]);
		for (int order = 0; order < 2; order++) {
			const mink_result *rr = &res[order];
			const mink_shape3 *s0 = order ? &b : &a, *s1 = order ? &a : &b;
			const mink_pose3 *p0 = order ? &pb : &pa, *p1 = order ? &pa : &pb;
			tu_case("%s %s %d (%g apart, tilt %g, %g across), order %d", kind_name[ka],
			        kind_name[kb], i, d, th, lat, order);
			CHECK(rr->status == MINK_OK, "status %s (%s)", mink_status_name(rr->status),
			      mink_warning_name(rr->warning));
			ldv na = nearest(s0, p0, rr->point_b), nb = nearest(s1, p1, rr->point_a);
			ldv ea = lsub(na, of3(rr->point_a)), eb = lsub(nb, of3(rr->point_b));
			double off_a = (double)sqrtl(ldot(ea, ea)), off_b = (double)sqrtl(ldot(eb, eb));
			worst = fmax(worst, fmax(off_a, off_b) / size);
			/* a pair off by the polish's blind angle, 1e-6 of the size or
			 * more, fails at once; within it, past the contract's 1e-9,
			 * against the known count below */
			CHECK(off_a <= 1e-6 * size && off_b <= 1e-6 * size,
			      "far from a closest pair: A's nearest point to point_b %.3g from "
			      "point_a, B's to point_a %.3g from point_b (size %.3g)",
			      off_a, off_b, size);
			if (!(off_a <= 1e-9 * size && off_b <= 1e-9 * size) && ++past <= 8)
				print_message("%s: A's nearest point to point_b %.3g from point_a, B's to "
				              "point_a %.3g from point_b (size %.3g)\n",
				              tu_case_label(), off_a, off_b, size);
			ldv dd = lsub(of3(rr->point_b), of3(rr->point_a));
			CHECK_NEAR("distance", rr->distance, (double)sqrtl(ldot(dd, dd)), 1e-13 * size, 1e-10);
			cases++;
		}
	}
	print_message("far flat features: worst pair %.3g of the size; %d beyond 1e-9 of it\n",
	              worst, past);
	/* Known: 5, all with a cylinder's or a cone's disc (158 checks failed
	 * before lib/far.c, by up to 2.3e-6 of the size; 31 before the face
	 * pair and the alternating projections of polish_far).  The polished
	 * pair is a closest pair to 1e-10 of the size there and stands, but
	 * the patch's first contact comes from the disc's inscribed polygon,
	 * whose point lies up to 1e-7 of the size off the closest one: a box's
	 * face sliding along its edge over a cap, rims beside a cone's base,
	 * where the projections creep.  Taking the polished pair first instead
	 * put a line's contact 5.6e-7 along it over a cap 2e6 below, the
	 * sliding pair of test_line_far_over_rim, where the polygon's point
	 * is the better one. */
	CHECK(past <= 5, "%d checks beyond 1e-9 of the size, 5 known", past);
	tu_end("far flat features", cases);
}

/*
 * Found by fuzzing (fuzz/geometry.c): a cylinder's cap 1e6 below a
 * triangle nearly parallel to it, its corner 1 beside the cap's rim seen
 * along the axis.  The distance was right and the normal 3.3e-8 rad off,
 * and the cap's contact was the corner carried down onto the cap's plane,
 * 0.0025 outside the cap.  Both orders, the oracle above: each point the
 * other's nearest on its shape.
 */
static void test_fuzz_cap_under_triangle(void **state)
{
	(void)state;
	mink_shape3 cyl = tu_cylinder(2.0, 2.0), tri = {0};
	tri.type = MINK_TRIANGLE;
	tri.triangle.points[0] = tu_v3(0.0, 0.75, 1.0000000000000001e-09);
	tri.triangle.points[1] = tu_v3(0.10000000000000001, 9.9999999999999995e-07,
	                               -2.1973116138893251e-63);
	tri.triangle.points[2] = tu_v3(1.0, 0.0, 0.0);
	mink_pose3 pc = tu_pose3(-0.0, -3.0, -1000000.0, tu_quat_identity());
	mink_pose3 pt = tu_pose3(0.0, 0.0, 0.0, tu_quat_identity());
	double size = 1e6;
	int cases = 0;
	tu_begin();
	for (int order = 0; order < 2; order++) {
		const mink_shape3 *s0 = order ? &tri : &cyl, *s1 = order ? &cyl : &tri;
		const mink_pose3 *p0 = order ? &pt : &pc, *p1 = order ? &pc : &pt;
		mink_result rr;
		mink_query3(s0, p0, s1, p1, NULL, &rr);
		tu_case("order %d", order);
		CHECK(rr.status == MINK_OK, "status %s", mink_status_name(rr.status));
		ldv na = nearest(s0, p0, rr.point_b), nb = nearest(s1, p1, rr.point_a);
		ldv ea = lsub(na, of3(rr.point_a)), eb = lsub(nb, of3(rr.point_b));
		double off_a = (double)sqrtl(ldot(ea, ea)), off_b = (double)sqrtl(ldot(eb, eb));
		CHECK(off_a <= 1e-9 * size && off_b <= 1e-9 * size,
		      "not a closest pair: %.3g and %.3g off (tol %.3g)", off_a, off_b, 1e-9 * size);
		cases++;
	}
	tu_end("a cap under a triangle 1e6 away", cases);
}

/* The point of 2D box b (placed by p) nearest the point x, in long double. */
static void box2_nearest(const mink_shape2 *b, const mink_pose2 *p, mink_vec3 x, ld *o)
{
	ld c = cosl(p->angle), s = sinl(p->angle);
	ld dx = (ld)x.x - p->position.x, dy = (ld)x.y - p->position.y;
	ld lx = c * dx + s * dy, ly = -s * dx + c * dy;
	lx = lclamp(lx, -b->box.half_extents.x, b->box.half_extents.x);
	ly = lclamp(ly, -b->box.half_extents.y, b->box.half_extents.y);
	o[0] = p->position.x + c * lx - s * ly;
	o[1] = p->position.y + s * lx + c * ly;
}

/*
 * The same in the plane: two boxes, one's face over the other's 1e2 to
 * 3e7 away, turned 0 to 1e-3 rad from parallel, moved across by 0 to 3,
 * at the origin or 1e6 from it.  Before lib/far.c 309 of these 800
 * checks failed (now the worst pair is 1.6e-12 of the size off).
 */
static void test_far_boxes_2d(void **state)
{
	(void)state;
	tu_rng r;
	tu_rng_seed(&r, 0xfa72);
	static const double dists[4] = {1e2, 1e4, 1e6, 3e7};
	static const double tilts[5] = {0.0, 1e-12, 1e-9, 1e-6, 1e-3};
	static const double across[4] = {0.0, 0.5, 1.5, 3.0};
	int cases = 0;
	double worst = 0.0;
	tu_begin();
	for (int i = 0; i < 400; i++) {
		double d = dists[tu_rng_int(&r, 0, 3)], th = tilts[tu_rng_int(&r, 0, 4)];
		double lat = across[tu_rng_int(&r, 0, 3)];
		double ang = tu_rng_range(&r, 0.0, 6.28);
		double hax = tu_rng_range(&r, 0.3, 1.5), hay = tu_rng_range(&r, 0.3, 1.5);
		double hbx = tu_rng_range(&r, 0.3, 1.5), hby = tu_rng_range(&r, 0.3, 1.5);
		double off = tu_rng_int(&r, 0, 1) ? 1e6 : 0.0;
		double ax = tu_rng_range(&r, -1.0, 1.0) + off, ay = tu_rng_range(&r, -1.0, 1.0);
		mink_shape2 a = tu_box2(hax, hay), b = tu_box2(hbx, hby);
		double ux = -sin(ang), uy = cos(ang), h = hay + d + hby;
		mink_pose2 pa = tu_pose2(ax, ay, ang);
		mink_pose2 pb = tu_pose2(ax + ux * h + uy * lat, ay + uy * h - ux * lat, ang + th);
		double size = 2.0 * (hypot(hax, hay) + hypot(hbx, hby)) + d + 4.0;
		for (int order = 0; order < 2; order++) {
			const mink_shape2 *s0 = order ? &b : &a, *s1 = order ? &a : &b;
			const mink_pose2 *p0 = order ? &pb : &pa, *p1 = order ? &pa : &pb;
			mink_result rr;
			mink_query2(s0, p0, s1, p1, NULL, &rr);
			tu_case("boxes %d (%g apart, tilt %g, %g across), order %d", i, d, th, lat, order);
			CHECK(rr.status == MINK_OK, "status %s", mink_status_name(rr.status));
			ld na[2], nb[2];
			box2_nearest(s0, p0, rr.point_b, na);
			box2_nearest(s1, p1, rr.point_a, nb);
			double off_a = (double)hypotl(na[0] - rr.point_a.x, na[1] - rr.point_a.y);
			double off_b = (double)hypotl(nb[0] - rr.point_b.x, nb[1] - rr.point_b.y);
			worst = fmax(worst, fmax(off_a, off_b) / size);
			CHECK(off_a <= 1e-9 * size && off_b <= 1e-9 * size,
			      "not a closest pair: %.3g and %.3g off (size %.3g)", off_a, off_b, size);
			cases++;
		}
	}
	print_message("far boxes in the plane: worst pair %.3g of the size\n", worst);
	tu_end("far boxes in the plane", cases);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_far_flat_features),
		cmocka_unit_test(test_fuzz_cap_under_triangle),
		cmocka_unit_test(test_far_boxes_2d),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
