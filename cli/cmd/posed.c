/*
 * posed.c - support points of posed shapes, from their definitions.
 *
 * Only +, -, *, / and sqrt, evaluated in the order written (the build uses
 * -ffp-contract=off): the results are bit-identical wherever IEEE 754
 * doubles are.
 */
#include "cmd/posed.h"

#include <math.h>
#include <stddef.h>

static mink_vec3 add3(mink_vec3 a, mink_vec3 b)
{
	return cli_v3(a.x + b.x, a.y + b.y, a.z + b.z);
}

static mink_vec3 scale3(mink_vec3 a, double s)
{
	return cli_v3(a.x * s, a.y * s, a.z * s);
}

static mink_vec3 cross3(mink_vec3 a, mink_vec3 b)
{
	return cli_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,
	          a.x * b.y - a.y * b.x);
}

/* d / |d|, or d itself when it is zero or its length does not square. */
static mink_vec3 unit3(mink_vec3 d)
{
	double l = sqrt(cli_dot3(d, d));

	return l > 0 && isfinite(l) ? scale3(d, 1 / l) : d;
}

mink_quat cli_quat_unit(mink_quat q)
{
	double l = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
	mink_quat r = {q.w / l, q.x / l, q.y / l, q.z / l};

	return r;
}

/* v + 2w (u x v) + 2 u x (u x v), u the vector part of q. */
mink_vec3 cli_rotate3(mink_quat q, mink_vec3 v)
{
	mink_vec3 u = cli_v3(q.x, q.y, q.z);
	mink_vec3 t = scale3(cross3(u, v), 2);

	return add3(add3(v, scale3(t, q.w)), cross3(u, t));
}

mink_vec3 cli_unrotate3(mink_quat q, mink_vec3 v)
{
	mink_quat c = {q.w, -q.x, -q.y, -q.z};

	return cli_rotate3(c, v);
}

static double sign(double v)
{
	return v < 0 ? -1 : 1;
}

/* The support of the shape's core (no margin) in its own frame. */
static mink_vec3 core3(const mink_shape3 *s, mink_vec3 d)
{
	const mink_vec3 *pts = NULL;
	int n = 0;

	switch (s->type) {
	case MINK_SPHERE:
		return scale3(unit3(d), s->sphere.radius);
	case MINK_BOX:
		return cli_v3(sign(d.x) * s->box.half_extents.x,
		          sign(d.y) * s->box.half_extents.y,
		          sign(d.z) * s->box.half_extents.z);
	case MINK_CAPSULE:
		return add3(cli_v3(0, 0, sign(d.z) * s->capsule.half_height),
		            scale3(unit3(d), s->capsule.radius));
	case MINK_CYLINDER: {
		double l = sqrt(d.x * d.x + d.y * d.y);
		double r = s->cylinder.radius;
		double z = sign(d.z) * s->cylinder.half_height;

		return l > 0 ? cli_v3(r * d.x / l, r * d.y / l, z) : cli_v3(0, 0, z);
	}
	case MINK_CONE: {
		double l = sqrt(d.x * d.x + d.y * d.y);
		double r = s->cone.radius, h = s->cone.half_height;
		mink_vec3 rim = l > 0 ? cli_v3(r * d.x / l, r * d.y / l, -h) : cli_v3(0, 0, -h);
		mink_vec3 apex = cli_v3(0, 0, h);

		return cli_dot3(apex, d) >= cli_dot3(rim, d) ? apex : rim;
	}
	case MINK_ELLIPSOID: {
		/* The point of x^2/a^2 + ... = 1 whose normal is d: R^2 d / |R d|. */
		mink_vec3 r = s->ellipsoid.radii;
		mink_vec3 rd = cli_v3(r.x * d.x, r.y * d.y, r.z * d.z);
		double l = sqrt(cli_dot3(rd, rd));

		if (!(l > 0))
			return cli_v3(0, 0, 0);
		return cli_v3(r.x * rd.x / l, r.y * rd.y / l, r.z * rd.z / l);
	}
	case MINK_POINT:
		return cli_v3(0, 0, 0);
	case MINK_SEGMENT:
		pts = s->segment.points;
		n = 2;
		break;
	case MINK_TRIANGLE:
		pts = s->triangle.points;
		n = 3;
		break;
	case MINK_HULL:
		pts = s->hull.points;
		n = s->hull.count;
		break;
	}
	if (n <= 0)
		return cli_v3(0, 0, 0);
	{
		int best = 0;
		double bd = cli_dot3(pts[0], d);

		for (int i = 1; i < n; i++) {
			double t = cli_dot3(pts[i], d);

			if (t > bd) {
				bd = t;
				best = i;
			}
		}
		return pts[best];
	}
}

mink_vec3 cli_support3(const mink_shape3 *s, const mink_pose3 *p, mink_vec3 d)
{
	mink_quat q = cli_quat_unit(p->rotation);
	mink_vec3 local = cli_unrotate3(q, d);
	mink_vec3 c = core3(s, local);

	if (s->margin > 0)
		c = add3(c, scale3(unit3(local), s->margin));
	return add3(p->position, cli_rotate3(q, c));
}

static mink_vec2 unit2(mink_vec2 d)
{
	double l = sqrt(d.x * d.x + d.y * d.y);

	return l > 0 && isfinite(l) ? cli_v2(d.x / l, d.y / l) : d;
}

static mink_vec2 core2(const mink_shape2 *s, mink_vec2 d)
{
	const mink_vec2 *pts = NULL;
	int n = 0;

	switch (s->type) {
	case MINK_CIRCLE2: {
		mink_vec2 u = unit2(d);

		return cli_v2(u.x * s->circle.radius, u.y * s->circle.radius);
	}
	case MINK_BOX2:
		return cli_v2(sign(d.x) * s->box.half_extents.x,
		          sign(d.y) * s->box.half_extents.y);
	case MINK_CAPSULE2: {
		mink_vec2 u = unit2(d);

		return cli_v2(u.x * s->capsule.radius,
		          sign(d.y) * s->capsule.half_height + u.y * s->capsule.radius);
	}
	case MINK_POINT2:
		return cli_v2(0, 0);
	case MINK_SEGMENT2:
		pts = s->segment.points;
		n = 2;
		break;
	case MINK_POLYGON2:
		pts = s->polygon.points;
		n = s->polygon.count;
		break;
	}
	if (n <= 0)
		return cli_v2(0, 0);
	{
		int best = 0;
		double bd = pts[0].x * d.x + pts[0].y * d.y;

		for (int i = 1; i < n; i++) {
			double t = pts[i].x * d.x + pts[i].y * d.y;

			if (t > bd) {
				bd = t;
				best = i;
			}
		}
		return pts[best];
	}
}

mink_vec2 cli_support2(const mink_shape2 *s, mink_vec2 position, double c,
                       double sn, mink_vec2 d)
{
	/* d in the shape's frame: turned back by the rotation. */
	mink_vec2 local = cli_v2(c * d.x + sn * d.y, -sn * d.x + c * d.y);
	mink_vec2 p = core2(s, local);

	if (s->margin > 0) {
		mink_vec2 u = unit2(local);

		p = cli_v2(p.x + s->margin * u.x, p.y + s->margin * u.y);
	}
	return cli_v2(position.x + c * p.x - sn * p.y, position.y + sn * p.x + c * p.y);
}

mink_vec3 cli_center3(const mink_shape3 *s)
{
	const mink_vec3 *pts;
	int n;
	mink_vec3 sum = cli_v3(0, 0, 0);

	switch (s->type) {
	case MINK_SEGMENT:
		pts = s->segment.points;
		n = 2;
		break;
	case MINK_TRIANGLE:
		pts = s->triangle.points;
		n = 3;
		break;
	case MINK_HULL:
		pts = s->hull.points;
		n = s->hull.count;
		break;
	default:
		return sum; /* the others are symmetric about their origin */
	}
	for (int i = 0; i < n; i++)
		sum = add3(sum, pts[i]);
	return n > 0 ? scale3(sum, 1.0 / n) : sum;
}

mink_vec2 cli_center2(const mink_shape2 *s)
{
	const mink_vec2 *pts;
	int n;
	mink_vec2 sum = cli_v2(0, 0);

	switch (s->type) {
	case MINK_SEGMENT2:
		pts = s->segment.points;
		n = 2;
		break;
	case MINK_POLYGON2:
		pts = s->polygon.points;
		n = s->polygon.count;
		break;
	default:
		return sum;
	}
	for (int i = 0; i < n; i++)
		sum = cli_v2(sum.x + pts[i].x, sum.y + pts[i].y);
	return n > 0 ? cli_v2(sum.x / n, sum.y / n) : sum;
}

int cli_vertices3(const mink_shape3 *s, mink_vec3 *out, int max)
{
	const mink_vec3 *pts;
	int n;

	switch (s->type) {
	case MINK_BOX: {
		mink_vec3 h = s->box.half_extents;

		for (int i = 0; i < 8 && i < max; i++)
			out[i] = cli_v3(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y,
			            i & 4 ? h.z : -h.z);
		return 8;
	}
	case MINK_POINT:
		if (max > 0)
			out[0] = cli_v3(0, 0, 0);
		return 1;
	case MINK_SEGMENT:
		pts = s->segment.points;
		n = 2;
		break;
	case MINK_TRIANGLE:
		pts = s->triangle.points;
		n = 3;
		break;
	case MINK_HULL:
		pts = s->hull.points;
		n = s->hull.count;
		break;
	default:
		return -1;
	}
	for (int i = 0; i < n && i < max; i++)
		out[i] = pts[i];
	return n;
}

int cli_vertices2(const mink_shape2 *s, mink_vec2 *out, int max)
{
	const mink_vec2 *pts;
	int n;

	switch (s->type) {
	case MINK_BOX2: {
		mink_vec2 h = s->box.half_extents;

		for (int i = 0; i < 4 && i < max; i++)
			out[i] = cli_v2(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y);
		return 4;
	}
	case MINK_POINT2:
		if (max > 0)
			out[0] = cli_v2(0, 0);
		return 1;
	case MINK_SEGMENT2:
		pts = s->segment.points;
		n = 2;
		break;
	case MINK_POLYGON2:
		pts = s->polygon.points;
		n = s->polygon.count;
		break;
	default:
		return -1;
	}
	for (int i = 0; i < n && i < max; i++)
		out[i] = pts[i];
	return n;
}
