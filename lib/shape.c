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

/* Largest magnitude accepted for any coordinate or size: keeps every
 * product GJK/EPA form (up to cubes) finite. */
#define MK_MAX_COORD 1e100

static mink_vec3 support_points3(const mink_vec3 *p, int n, mink_vec3 d)
{
	int best = 0;
	double bd = v3_dot(p[0], d);
	for (int i = 1; i < n; i++) {
		double t = v3_dot(p[i], d);
		if (t > bd) {
			bd = t;
			best = i;
		}
	}
	return p[best];
}

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
	const mink_vec3 *p = s->pts3;
	int v = *s->cursor;
	double best = v3_dot(p[v], d);
	/* EPA's directions jump about: start from the best of the previous
	 * answer and the six axis extremes, whichever is highest along d. */
	for (int k = 0; k < 6; k++) {
		double t = v3_dot(p[s->seed[k]], d);
		if (t > best) {
			best = t;
			v = s->seed[k];
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

mink_vec3 mk_support_local(const mk_shape *s, mink_vec3 d)
{
	switch (s->type) {
	case CORE_POINT:
		return v3(0, 0, 0);
	case CORE_SEGMENT:
		return v3_dot(v3_sub(s->p[1], s->p[0]), d) > 0.0 ? s->p[1] : s->p[0];
	case CORE_TRIANGLE:
		return support_points3(s->p, 3, d);
	case CORE_BOX:
		return v3(d.x >= 0.0 ? s->v.x : -s->v.x, d.y >= 0.0 ? s->v.y : -s->v.y,
		          d.z >= 0.0 ? s->v.z : -s->v.z);
	case CORE_POINTS3:
		return support_points3(s->pts3, s->n, d);
	case CORE_CLIMB3:
		return support_climb(s, d);
	case CORE_POINTS2:
		return support_points2(s->pts2, s->n, d);
	case CORE_CYLINDER: {
		double ux, uy;
		unit2(d.x, d.y, &ux, &uy);
		return v3(s->r * ux, s->r * uy, d.z >= 0.0 ? s->h : -s->h);
	}
	case CORE_CONE: {
		double ux, uy;
		unit2(d.x, d.y, &ux, &uy);
		mink_vec3 apex = v3(0, 0, s->h);
		mink_vec3 rim = v3(s->r * ux, s->r * uy, -s->h);
		return v3_dot(rim, d) > v3_dot(apex, d) ? rim : apex;
	}
	case CORE_ELLIPSOID: {
		/* s(d) = D^2 d / |D d| with D = diag(radii); scaled against overflow. */
		double m = v3_maxabs(d);
		if (!(m > 0.0))
			return v3(s->v.x, 0, 0);
		mink_vec3 e = v3(d.x / m * s->v.x, d.y / m * s->v.y, d.z / m * s->v.z);
		double l = v3_len_safe(e);
		if (!(l > 0.0))
			return v3(0, 0, 0);
		return v3(s->v.x * e.x / l, s->v.y * e.y / l, s->v.z * e.z / l);
	}
	}
	return v3(0, 0, 0);
}

static int finite_size(double x)
{
	return isfinite(x) && x >= 0.0 && x <= MK_MAX_COORD;
}

static int finite_coord(double x)
{
	return isfinite(x) && fabs(x) <= MK_MAX_COORD;
}

static int finite_v3(mink_vec3 v)
{
	return finite_coord(v.x) && finite_coord(v.y) && finite_coord(v.z);
}

/* All coordinates finite and within MK_MAX_COORD, in one branch-free pass:
 * the comparison is false for NaN, and infinities exceed the bound. */
static int points_ok(const mink_vec3 *p, int n)
{
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad |= !(fabs(p[i].x) <= MK_MAX_COORD) | !(fabs(p[i].y) <= MK_MAX_COORD) |
		       !(fabs(p[i].z) <= MK_MAX_COORD);
	return !bad;
}

mink_error mink_shape3_check(const mink_shape3 *s)
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
		if (s->hull.adjacency)
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
	case MINK_CIRCLE:
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
	case MINK_POLYGON:
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

static double max_len3(const mink_vec3 *p, int n)
{
	/* Checked coordinates are at most 1e100: squares cannot overflow.  Only
	 * a set of tiny points, whose squares underflow, needs the slow way. */
	double m2 = 0.0;
	for (int i = 0; i < n; i++) {
		double t = v3_len2(p[i]);
		m2 = t > m2 ? t : m2;
	}
	if (m2 > 1e-280)
		return sqrt(m2);
	double m = 0.0;
	for (int i = 0; i < n; i++) {
		double t = v3_len_safe(p[i]);
		m = t > m ? t : m;
	}
	return m;
}

/* Fills the core of a checked 3D shape, in its own frame. */
/* The fields every core reads; the rest are set per type. */
static void shape_init(mk_shape *c, double margin)
{
	c->smooth = 0;
	c->margin = margin;
	c->radius = 0.0;
	c->n = 0;
	c->pts3 = NULL;
	c->pts2 = NULL;
	c->adj_start = c->adj = NULL;
	c->cursor = NULL;
	c->rot = m3_identity();
	c->pos = v3(0, 0, 0);
	c->identity = 1;
	c->scale = 1.0;
}

void mk_shape_from3(const mink_shape3 *s, mk_shape *out, int *cursor)
{
	mk_shape c;
	shape_init(&c, s->margin);
	switch (s->type) {
	case MINK_SPHERE:
		c.type = CORE_POINT;
		c.margin += s->sphere.radius;
		break;
	case MINK_BOX:
		c.type = CORE_BOX;
		c.v = s->box.half_extents;
		c.radius = v3_len_safe(c.v);
		break;
	case MINK_CAPSULE:
		c.type = CORE_SEGMENT;
		c.p[0] = v3(0, 0, -s->capsule.half_height);
		c.p[1] = v3(0, 0, s->capsule.half_height);
		c.margin += s->capsule.radius;
		c.radius = s->capsule.half_height;
		break;
	case MINK_CYLINDER:
	case MINK_CONE:
		c.type = s->type == MINK_CYLINDER ? CORE_CYLINDER : CORE_CONE;
		c.smooth = 1;
		c.r = s->cylinder.radius;
		c.h = s->cylinder.half_height;
		c.radius = hypot(c.r, c.h);
		break;
	case MINK_ELLIPSOID:
		c.type = CORE_ELLIPSOID;
		c.smooth = 1;
		c.v = s->ellipsoid.radii;
		c.radius = v3_maxabs(c.v);
		break;
	case MINK_POINT:
		c.type = CORE_POINT;
		break;
	case MINK_SEGMENT:
		c.type = CORE_SEGMENT;
		c.p[0] = s->segment.points[0];
		c.p[1] = s->segment.points[1];
		c.radius = max_len3(c.p, 2);
		break;
	case MINK_TRIANGLE:
		c.type = CORE_TRIANGLE;
		for (int i = 0; i < 3; i++)
			c.p[i] = s->triangle.points[i];
		c.radius = max_len3(c.p, 3);
		break;
	case MINK_HULL:
		c.type = CORE_POINTS3;
		c.pts3 = s->hull.points;
		c.n = s->hull.count;
		if (s->hull.adjacency_start && s->hull.adjacency && c.n >= MK_CLIMB_MIN_POINTS &&
		    cursor) {
			c.type = CORE_CLIMB3;
			c.adj_start = s->hull.adjacency_start;
			c.adj = s->hull.adjacency;
			c.cursor = cursor;
			*cursor = 0;
			/* The size only scales tolerances: the six axis supports give
			 * it within a factor sqrt(3) without a scan of every point. */
			static const mink_vec3 axes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0},
			                                  {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
			for (int i = 0; i < 6; i++)
				c.seed[i] = 0;
			for (int i = 0; i < 6; i++) {
				c.radius = fmax(c.radius, v3_len_safe(support_climb(&c, axes[i])));
				c.seed[i] = *cursor;
			}
		} else {
			c.radius = max_len3(c.pts3, c.n);
		}
		break;
	}
	c.radius += c.margin;
	c.rot = m3_identity();
	c.identity = 1;
	*out = c;
}

/* Fills the core of a checked 2D shape, in its own frame (z = 0). */
void mk_shape_from2(const mink_shape2 *s, mk_shape *out)
{
	mk_shape c;
	shape_init(&c, s->margin);
	switch (s->type) {
	case MINK_CIRCLE:
		c.type = CORE_POINT;
		c.margin += s->circle.radius;
		break;
	case MINK_BOX2:
		c.type = CORE_BOX;
		c.v = v3(s->box.half_extents.x, s->box.half_extents.y, 0.0);
		c.radius = v3_len_safe(c.v);
		break;
	case MINK_CAPSULE2:
		c.type = CORE_SEGMENT;
		c.p[0] = v3(0, -s->capsule.half_height, 0);
		c.p[1] = v3(0, s->capsule.half_height, 0);
		c.margin += s->capsule.radius;
		c.radius = s->capsule.half_height;
		break;
	case MINK_SEGMENT2:
		c.type = CORE_SEGMENT;
		c.p[0] = v3(s->segment.points[0].x, s->segment.points[0].y, 0);
		c.p[1] = v3(s->segment.points[1].x, s->segment.points[1].y, 0);
		c.radius = max_len3(c.p, 2);
		break;
	case MINK_POINT2:
		c.type = CORE_POINT;
		break;
	case MINK_POLYGON:
		c.type = CORE_POINTS2;
		c.pts2 = s->polygon.points;
		c.n = s->polygon.count;
		for (int i = 0; i < c.n; i++)
			c.radius = fmax(c.radius, hypot(c.pts2[i].x, c.pts2[i].y));
		break;
	}
	c.radius += c.margin;
	c.rot = m3_identity();
	c.identity = 1;
	*out = c;
}
