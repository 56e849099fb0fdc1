/*
 * gen.c - `mink gen`: a seeded, reproducible batch of random pairs.
 *
 * The same options give the same bytes on every machine:
 *  - the random numbers come from our own xoshiro256** (Blackman and Vigna
 *    2018), seeded through splitmix64, never from rand();
 *  - every value that reaches the output is snapped to a decimal grid and
 *    computed with +, -, *, / and sqrt only (no sin, cos or other libm
 *    function whose last bits vary between libraries): rotations come from
 *    normalised random quaternions, 2D angles are drawn as numbers, and
 *    the 2D extents use a polynomial sine and cosine of our own;
 *  - numbers are printed by cli_fmtnum, the project's round-trip formatter.
 *
 * Pairs are constructed to be in the intended state: B goes along a random
 * direction u from A, at a distance chosen from the shapes' extents along
 * u (beyond their sum: separated by a plane; within it: overlapping, most
 * of the time), and mink_query3/2 then checks the state, with a clearance
 * of 1e-4 of the pair's size so that no decision rests on a last bit.  A
 * pair that misses is drawn again.  Which pairs overlap is decided by
 * sampling without replacement, so exactly round(share * count) do.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text/fmtnum.h"
#include "mink.h"
#include "mink_random.h"
#include "cmd/cmd.h"
#include "opts.h"
#include "outfile.h"
#include "cmd/posed.h"
#include "text/buf.h"

#define CMD "gen"

/* Hull and polygon vertex counts: 4..12 in 3D, 3..10 in 2D. */
enum { MAX_POINTS = 12, MAX_KINDS = 16, MAX_ATTEMPTS = 1000 };

/* --- Deterministic helpers ---------------------------------------------- */

/*
 * sin and cos of a in [-4, 4] from their Taylor series after reduction by
 * multiples of pi/2 (Cody and Waite): accurate to a few ulps, and, unlike
 * libm's, the same bits everywhere.
 */
static void det_sincos(double a, double *s, double *c)
{
	const double pio2_hi = 1.57079632679489655800e+00;
	const double pio2_lo = 6.12323399573676603587e-17;
	double k = nearbyint(a * 0.63661977236758134308);
	double x = (a - k * pio2_hi) - k * pio2_lo;
	double x2 = x * x;
	double sx = x * (1 + x2 * (-1.0 / 6 + x2 * (1.0 / 120 + x2 * (-1.0 / 5040 +
	            x2 * (1.0 / 362880 + x2 * (-1.0 / 39916800 +
	            x2 * (1.0 / 6227020800.0 + x2 * (-1.0 / 1307674368000.0))))))));
	double cx = 1 + x2 * (-1.0 / 2 + x2 * (1.0 / 24 + x2 * (-1.0 / 720 +
	            x2 * (1.0 / 40320 + x2 * (-1.0 / 3628800 +
	            x2 * (1.0 / 479001600 + x2 * (-1.0 / 87178291200.0 +
	            x2 * (1.0 / 20922789888000.0))))))));
	int q = ((int)k % 4 + 4) % 4;

	switch (q) {
	case 0: *s = sx; *c = cx; break;
	case 1: *s = cx; *c = -sx; break;
	case 2: *s = -sx; *c = -cx; break;
	default: *s = -cx; *c = sx; break;
	}
}

/* --- Shape kinds ---------------------------------------------------------- */

typedef struct gen_kind {
	const char *name;
	int dim;
	int type; /* a mink_shape3_type or a mink_shape2_type */
	int flat; /* affine dimension of the core: 0 point, 1 segment, ... */
	int turns; /* whether a rotation changes it */
} gen_kind;

static const gen_kind kinds[] = {
	{"sphere", 3, MINK_SPHERE, 3, 0},
	{"box", 3, MINK_BOX, 3, 1},
	{"capsule", 3, MINK_CAPSULE, 3, 1},
	{"cylinder", 3, MINK_CYLINDER, 3, 1},
	{"cone", 3, MINK_CONE, 3, 1},
	{"ellipsoid", 3, MINK_ELLIPSOID, 3, 1},
	{"point", 3, MINK_POINT, 0, 0},
	{"segment", 3, MINK_SEGMENT, 1, 1},
	{"triangle", 3, MINK_TRIANGLE, 2, 1},
	{"hull", 3, MINK_HULL, 3, 1},
	{"circle", 2, MINK_CIRCLE2, 2, 0},
	{"box", 2, MINK_BOX2, 2, 1},
	{"capsule", 2, MINK_CAPSULE2, 2, 1},
	{"segment", 2, MINK_SEGMENT2, 1, 1},
	{"point", 2, MINK_POINT2, 0, 0},
	{"polygon", 2, MINK_POLYGON2, 2, 1},
};

enum { KIND_COUNT = sizeof kinds / sizeof kinds[0] };

/* One side of a pair: the shape, its pose and its drawn scale. */
typedef struct side {
	const gen_kind *kind;
	double scale;
	mink_shape3 s3;
	mink_pose3 p3;
	mink_vec3 pts3[MAX_POINTS];
	mink_shape2 s2;
	mink_pose2 p2;
	double cos2, sin2; /* of p2.angle, by det_sincos */
	mink_vec2 pts2[MAX_POINTS];
} side;

typedef struct gen {
	mink_rng r;
	int dim;
	const gen_kind *kinds[MAX_KINDS];
	int nkinds;
	double smin, smax;
	double margins;   /* share of shapes with a margin */
	double grid;      /* values are multiples of 1 / grid */
	int state_ids;
	mink_options options;
	cli_buf buf;
} gen;

/* v on the output grid: a multiple of 1 / grid, exactly as printed. */
static double snap(const gen *g, double v)
{
	return nearbyint(v * g->grid) / g->grid;
}

/* Quaternions and angles have a fixed grid of 1e-6. */
static double snap6(double v)
{
	return nearbyint(v * 1e6) / 1e6;
}

/* A random direction, uniform on the unit circle or sphere (dim 2 or 3). */
static mink_vec3 random_unit(mink_rng *r, int dim)
{
	for (;;) {
		double x = mink_rng_range(r, -1, 1), y = mink_rng_range(r, -1, 1);
		double z = dim == 3 ? mink_rng_range(r, -1, 1) : 0;
		double l2 = x * x + y * y + z * z;

		if (l2 > 1e-4 && l2 <= 1) {
			double l = sqrt(l2);
			mink_vec3 u = {x / l, y / l, z / l};

			return u;
		}
	}
}

static mink_vec3 snap3(const gen *g, mink_vec3 v)
{
	mink_vec3 s = {snap(g, v.x), snap(g, v.y), snap(g, v.z)};

	return s;
}

/* A point at a distance in [lo, hi] * scale from the origin. */
static mink_vec3 random_shell(gen *g, double scale, double lo, double hi)
{
	mink_vec3 u = random_unit(&g->r, g->dim);
	double l = scale * mink_rng_range(&g->r, lo, hi);
	mink_vec3 p = {u.x * l, u.y * l, u.z * l};

	return snap3(g, p);
}

static double dist3(mink_vec3 a, mink_vec3 b)
{
	double x = a.x - b.x, y = a.y - b.y, z = a.z - b.z;

	return sqrt(x * x + y * y + z * z);
}

/* Twice the area of triangle pqr. */
static double area2(mink_vec3 p, mink_vec3 q, mink_vec3 r)
{
	double ax = q.x - p.x, ay = q.y - p.y, az = q.z - p.z;
	double bx = r.x - p.x, by = r.y - p.y, bz = r.z - p.z;
	double cx = ay * bz - az * by, cy = az * bx - ax * bz, cz = ax * by - ay * bx;

	return sqrt(cx * cx + cy * cy + cz * cz);
}

/* Draws the shape of side x (its kind already chosen), pose not included. */
static void draw_shape3(gen *g, side *x)
{
	mink_shape3 *s = &x->s3;
	double k = x->scale;
	mink_rng *r = &g->r;

	memset(s, 0, sizeof *s);
	s->type = (mink_shape3_type)x->kind->type;
	switch (s->type) {
	case MINK_SPHERE:
		s->sphere.radius = snap(g, k);
		break;
	case MINK_BOX:
		s->box.half_extents.x = snap(g, k * mink_rng_range(r, 0.3, 1));
		s->box.half_extents.y = snap(g, k * mink_rng_range(r, 0.3, 1));
		s->box.half_extents.z = snap(g, k * mink_rng_range(r, 0.3, 1));
		break;
	case MINK_CAPSULE:
		s->capsule.radius = snap(g, k * mink_rng_range(r, 0.25, 0.6));
		s->capsule.half_height = snap(g, k * mink_rng_range(r, 0.2, 1));
		break;
	case MINK_CYLINDER:
		s->cylinder.radius = snap(g, k * mink_rng_range(r, 0.3, 1));
		s->cylinder.half_height = snap(g, k * mink_rng_range(r, 0.2, 1));
		break;
	case MINK_CONE:
		s->cone.radius = snap(g, k * mink_rng_range(r, 0.3, 1));
		s->cone.half_height = snap(g, k * mink_rng_range(r, 0.3, 1));
		break;
	case MINK_ELLIPSOID:
		s->ellipsoid.radii.x = snap(g, k * mink_rng_range(r, 0.3, 1));
		s->ellipsoid.radii.y = snap(g, k * mink_rng_range(r, 0.3, 1));
		s->ellipsoid.radii.z = snap(g, k * mink_rng_range(r, 0.3, 1));
		break;
	case MINK_POINT:
		break;
	case MINK_SEGMENT:
		do {
			s->segment.points[0] = random_shell(g, k, 0.3, 1);
			s->segment.points[1] = random_shell(g, k, 0.3, 1);
		} while (dist3(s->segment.points[0], s->segment.points[1]) < 0.5 * k);
		break;
	case MINK_TRIANGLE:
		do {
			for (int i = 0; i < 3; i++)
				s->triangle.points[i] = random_shell(g, k, 0.5, 1);
		} while (area2(s->triangle.points[0], s->triangle.points[1],
		               s->triangle.points[2]) < 0.4 * k * k);
		break;
	case MINK_HULL: {
		int n = 4 + (int)mink_rng_below(r, MAX_POINTS - 3);

		for (int i = 0; i < n; i++)
			x->pts3[i] = random_shell(g, k, 0.5, 1);
		s->hull.points = x->pts3;
		s->hull.count = n;
		break;
	}
	}
}

static void draw_shape2(gen *g, side *x)
{
	mink_shape2 *s = &x->s2;
	double k = x->scale;
	mink_rng *r = &g->r;

	memset(s, 0, sizeof *s);
	s->type = (mink_shape2_type)x->kind->type;
	switch (s->type) {
	case MINK_CIRCLE2:
		s->circle.radius = snap(g, k);
		break;
	case MINK_BOX2:
		s->box.half_extents.x = snap(g, k * mink_rng_range(r, 0.3, 1));
		s->box.half_extents.y = snap(g, k * mink_rng_range(r, 0.3, 1));
		break;
	case MINK_CAPSULE2:
		s->capsule.radius = snap(g, k * mink_rng_range(r, 0.25, 0.6));
		s->capsule.half_height = snap(g, k * mink_rng_range(r, 0.2, 1));
		break;
	case MINK_POINT2:
		break;
	case MINK_SEGMENT2:
		for (;;) {
			mink_vec3 p = random_shell(g, k, 0.3, 1);
			mink_vec3 q = random_shell(g, k, 0.3, 1);

			if (dist3(p, q) >= 0.5 * k) {
				s->segment.points[0] = (mink_vec2){p.x, p.y};
				s->segment.points[1] = (mink_vec2){q.x, q.y};
				break;
			}
		}
		break;
	case MINK_POLYGON2: {
		int n = 3 + (int)mink_rng_below(r, MAX_POINTS - 4);

		for (;;) {
			for (int i = 0; i < n; i++) {
				mink_vec3 p = random_shell(g, k, 0.5, 1);

				x->pts2[i] = (mink_vec2){p.x, p.y};
			}
			/* Not all on a line: some triangle of them has area. */
			if (n > 3 || fabs((x->pts2[1].x - x->pts2[0].x) *
			                  (x->pts2[2].y - x->pts2[0].y) -
			                  (x->pts2[1].y - x->pts2[0].y) *
			                  (x->pts2[2].x - x->pts2[0].x)) >= 0.4 * k * k)
				break;
		}
		s->polygon.points = x->pts2;
		s->polygon.count = n;
		break;
	}
	}
}

/* A random rotation: a uniform unit quaternion, or an angle in [-pi, pi). */
static void draw_rotation(gen *g, side *x)
{
	x->p3.rotation = (mink_quat){1, 0, 0, 0};
	x->p2.angle = 0;
	x->cos2 = 1;
	x->sin2 = 0;
	if (!x->kind->turns)
		return;
	if (g->dim == 3) {
		for (;;) {
			double w = mink_rng_range(&g->r, -1, 1), a = mink_rng_range(&g->r, -1, 1);
			double b = mink_rng_range(&g->r, -1, 1), c = mink_rng_range(&g->r, -1, 1);
			double l2 = w * w + a * a + b * b + c * c;

			if (l2 > 1e-2 && l2 <= 1) {
				double l = sqrt(l2);
				mink_quat q = {snap6(w / l), snap6(a / l), snap6(b / l), snap6(c / l)};
				double n = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);

				/* The grid moves the norm by at most 1e-6 (four roundings of
				 * 5e-7): mink refuses more, so such a draw (never seen in
				 * 2 * 10^5) is drawn again. */
				if (fabs(n - 1) > 1e-6)
					continue;
				x->p3.rotation = q;
				return;
			}
		}
	}
	x->p2.angle = snap6(mink_rng_range(&g->r, -3.141592653589793, 3.141592653589793));
	det_sincos(x->p2.angle, &x->sin2, &x->cos2);
}

static void draw_side(gen *g, side *x)
{
	const gen_kind *k = x->kind;

	memset(x, 0, sizeof *x);
	x->kind = k;
	x->scale = mink_rng_range(&g->r, g->smin, g->smax);
	if (g->dim == 3)
		draw_shape3(g, x);
	else
		draw_shape2(g, x);
	draw_rotation(g, x);
	if (g->margins > 0 && mink_rng_unit(&g->r) < g->margins) {
		double m = snap(g, x->scale * mink_rng_range(&g->r, 0.05, 0.3));

		x->s3.margin = x->s2.margin = m;
	}
}

/* The world point of side x's center, were its position `pos`. */
static mink_vec3 world_center(const side *x, int dim, mink_vec3 pos)
{
	if (dim == 3) {
		mink_vec3 c = cli_rotate3(cli_quat_unit(x->p3.rotation),
		                          cli_center3(&x->s3));

		return (mink_vec3){pos.x + c.x, pos.y + c.y, pos.z + c.z};
	} else {
		mink_vec2 c = cli_center2(&x->s2);

		return (mink_vec3){pos.x + x->cos2 * c.x - x->sin2 * c.y,
		                   pos.y + x->sin2 * c.x + x->cos2 * c.y, 0};
	}
}

static void set_position(side *x, int dim, mink_vec3 pos)
{
	if (dim == 3)
		x->p3.position = pos;
	else
		x->p2.position = (mink_vec2){pos.x, pos.y};
}

/* How far side x reaches beyond its center along u (unit). */
static double extent(const side *x, int dim, mink_vec3 u)
{
	mink_vec3 c = world_center(x, dim, dim == 3 ? x->p3.position
	                                            : (mink_vec3){x->p2.position.x,
	                                                          x->p2.position.y, 0});
	mink_vec3 s;

	if (dim == 3) {
		s = cli_support3(&x->s3, &x->p3, u);
	} else {
		mink_vec2 d = {u.x, u.y};
		mink_vec2 p = cli_support2(&x->s2, x->p2.position, x->cos2, x->sin2, d);

		s = (mink_vec3){p.x, p.y, 0};
	}
	return (s.x - c.x) * u.x + (s.y - c.y) * u.y + (s.z - c.z) * u.z;
}

/* Whether mink finds the pair in the intended state, with clearance. */
static int verify(const gen *g, const side *a, const side *b, int overlap,
                  double size)
{
	mink_result res;

	if (g->dim == 3)
		mink_query3(&a->s3, &a->p3, &b->s3, &b->p3, &g->options, &res);
	else
		mink_query2(&a->s2, &a->p2, &b->s2, &b->p2, &g->options, &res);
	if (res.status != MINK_OK)
		return 0;
	if (overlap)
		return res.state == MINK_PENETRATING && res.depth >= 1e-4 * size;
	return res.state == MINK_SEPARATED && res.distance >= 1e-4 * size;
}

/* Makes pair a, b in the intended state; returns -1 if that never works. */
static int make_pair(gen *g, side *a, side *b, int overlap)
{
	a->kind = g->kinds[mink_rng_below(&g->r, (uint64_t)g->nkinds)];
	b->kind = g->kinds[mink_rng_below(&g->r, (uint64_t)g->nkinds)];
	for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
		double reach = 2 * g->smax, size, t, h;
		mink_vec3 pa, u, ca, cb0;

		draw_side(g, a);
		draw_side(g, b);
		/* Flat cores that cannot overlap with area or volume: thicken B. */
		if (overlap && a->kind->flat + b->kind->flat < g->dim && b->s3.margin == 0) {
			double m = snap(g, b->scale * mink_rng_range(&g->r, 0.2, 0.5));

			b->s3.margin = b->s2.margin = m;
		}
		pa = snap3(g, (mink_vec3){mink_rng_range(&g->r, -reach, reach),
		                          mink_rng_range(&g->r, -reach, reach),
		                          g->dim == 3 ? mink_rng_range(&g->r, -reach, reach) : 0});
		set_position(a, g->dim, pa);
		set_position(b, g->dim, (mink_vec3){0, 0, 0});
		u = random_unit(&g->r, g->dim);
		ca = world_center(a, g->dim, pa);
		cb0 = world_center(b, g->dim, (mink_vec3){0, 0, 0});
		size = a->scale + b->scale;
		h = extent(a, g->dim, u) + extent(b, g->dim, (mink_vec3){-u.x, -u.y, -u.z});
		if (overlap)
			t = h * mink_rng_range(&g->r, 0, 0.9);
		else
			t = h + size * mink_rng_range(&g->r, 0.01, 0.5);
		/* Overlap is likely, not certain: come closer before giving up. */
		for (int k = 0; k < (overlap ? 8 : 1); k++) {
			mink_vec3 pb = {ca.x + t * u.x - cb0.x, ca.y + t * u.y - cb0.y,
			                ca.z + t * u.z - cb0.z};

			set_position(b, g->dim, snap3(g, pb));
			if (verify(g, a, b, overlap, size))
				return 0;
			t = k < 6 ? t / 2 : 0;
		}
	}
	return -1;
}

/* --- Output ----------------------------------------------------------------- */

static void put_num(cli_buf *b, double v)
{
	char *p = cli_buf_reserve(b, CLI_NUM_MAX);

	b->len += cli_fmtnum(p, v);
}

static void put_field(cli_buf *b, const char *name, double v)
{
	cli_buf_puts(b, ",\"");
	cli_buf_puts(b, name);
	cli_buf_puts(b, "\":");
	put_num(b, v);
}

static void put_vec(cli_buf *b, const double *v, int n)
{
	cli_buf_putc(b, '[');
	for (int i = 0; i < n; i++) {
		if (i)
			cli_buf_putc(b, ',');
		put_num(b, v[i]);
	}
	cli_buf_putc(b, ']');
}

static void put_vec_field(cli_buf *b, const char *name, const double *v, int n)
{
	cli_buf_puts(b, ",\"");
	cli_buf_puts(b, name);
	cli_buf_puts(b, "\":");
	put_vec(b, v, n);
}

static void put_point3(cli_buf *b, mink_vec3 p)
{
	double v[3] = {p.x, p.y, p.z};

	put_vec(b, v, 3);
}

static void put_shape3(cli_buf *b, const side *x)
{
	const mink_shape3 *s = &x->s3;
	double v[4];

	cli_buf_puts(b, "{\"type\":\"");
	cli_buf_puts(b, x->kind->name);
	cli_buf_putc(b, '"');
	switch (s->type) {
	case MINK_SPHERE:
		put_field(b, "radius", s->sphere.radius);
		break;
	case MINK_BOX:
		v[0] = s->box.half_extents.x;
		v[1] = s->box.half_extents.y;
		v[2] = s->box.half_extents.z;
		put_vec_field(b, "half_extents", v, 3);
		break;
	case MINK_CAPSULE:
		put_field(b, "radius", s->capsule.radius);
		put_field(b, "half_height", s->capsule.half_height);
		break;
	case MINK_CYLINDER:
		put_field(b, "radius", s->cylinder.radius);
		put_field(b, "half_height", s->cylinder.half_height);
		break;
	case MINK_CONE:
		put_field(b, "radius", s->cone.radius);
		put_field(b, "half_height", s->cone.half_height);
		break;
	case MINK_ELLIPSOID:
		v[0] = s->ellipsoid.radii.x;
		v[1] = s->ellipsoid.radii.y;
		v[2] = s->ellipsoid.radii.z;
		put_vec_field(b, "radii", v, 3);
		break;
	case MINK_POINT:
		break;
	case MINK_SEGMENT:
	case MINK_TRIANGLE:
	case MINK_HULL: {
		const mink_vec3 *p = s->type == MINK_SEGMENT ? s->segment.points
		                     : s->type == MINK_TRIANGLE ? s->triangle.points
		                     : s->hull.points;
		int n = s->type == MINK_SEGMENT ? 2 : s->type == MINK_TRIANGLE ? 3
		                                                                : s->hull.count;

		cli_buf_puts(b, ",\"points\":[");
		for (int i = 0; i < n; i++) {
			if (i)
				cli_buf_putc(b, ',');
			put_point3(b, p[i]);
		}
		cli_buf_putc(b, ']');
		break;
	}
	}
	v[0] = x->p3.position.x;
	v[1] = x->p3.position.y;
	v[2] = x->p3.position.z;
	put_vec_field(b, "position", v, 3);
	if (x->kind->turns) {
		v[0] = x->p3.rotation.w;
		v[1] = x->p3.rotation.x;
		v[2] = x->p3.rotation.y;
		v[3] = x->p3.rotation.z;
		put_vec_field(b, "rotation", v, 4);
	}
	if (s->margin > 0)
		put_field(b, "margin", s->margin);
	cli_buf_putc(b, '}');
}

static void put_shape2(cli_buf *b, const side *x)
{
	const mink_shape2 *s = &x->s2;
	double v[2];

	cli_buf_puts(b, "{\"type\":\"");
	cli_buf_puts(b, x->kind->name);
	cli_buf_putc(b, '"');
	switch (s->type) {
	case MINK_CIRCLE2:
		put_field(b, "radius", s->circle.radius);
		break;
	case MINK_BOX2:
		v[0] = s->box.half_extents.x;
		v[1] = s->box.half_extents.y;
		put_vec_field(b, "half_extents", v, 2);
		break;
	case MINK_CAPSULE2:
		put_field(b, "radius", s->capsule.radius);
		put_field(b, "half_height", s->capsule.half_height);
		break;
	case MINK_POINT2:
		break;
	case MINK_SEGMENT2:
	case MINK_POLYGON2: {
		const mink_vec2 *p = s->type == MINK_SEGMENT2 ? s->segment.points
		                                              : s->polygon.points;
		int n = s->type == MINK_SEGMENT2 ? 2 : s->polygon.count;

		cli_buf_puts(b, ",\"points\":[");
		for (int i = 0; i < n; i++) {
			if (i)
				cli_buf_putc(b, ',');
			v[0] = p[i].x;
			v[1] = p[i].y;
			put_vec(b, v, 2);
		}
		cli_buf_putc(b, ']');
		break;
	}
	}
	v[0] = x->p2.position.x;
	v[1] = x->p2.position.y;
	put_vec_field(b, "position", v, 2);
	if (x->kind->turns)
		put_field(b, "rotation", x->p2.angle);
	if (s->margin > 0)
		put_field(b, "margin", s->margin);
	cli_buf_putc(b, '}');
}

static void put_pair(gen *g, unsigned long long index, const side *a,
                     const side *b, int overlap)
{
	cli_buf *buf = &g->buf;
	char *p = cli_buf_reserve(buf, 64);

	if (g->state_ids)
		buf->len += (size_t)snprintf(p, 64, "{\"id\":\"%llu-%s\"", index,
		                             overlap ? "penetrating" : "separated");
	else
		buf->len += (size_t)snprintf(p, 64, "{\"id\":%llu", index);
	cli_buf_puts(buf, g->dim == 3 ? ",\"dim\":3,\"a\":" : ",\"dim\":2,\"a\":");
	if (g->dim == 3)
		put_shape3(buf, a);
	else
		put_shape2(buf, a);
	cli_buf_puts(buf, ",\"b\":");
	if (g->dim == 3)
		put_shape3(buf, b);
	else
		put_shape2(buf, b);
	cli_buf_putc(buf, '}');
}

/* --- Options ------------------------------------------------------------------ */

enum { OPT_SCALE = 256, OPT_OVERLAP, OPT_MARGINS, OPT_STATE_IDS };

static const struct option long_options[] = {
	{"count", required_argument, NULL, 'n'},
	{"seed", required_argument, NULL, 's'},
	{"dim", required_argument, NULL, 'd'},
	{"kinds", required_argument, NULL, 'k'},
	{"scale", required_argument, NULL, OPT_SCALE},
	{"overlap", required_argument, NULL, OPT_OVERLAP},
	{"margins", required_argument, NULL, OPT_MARGINS},
	{"state-ids", no_argument, NULL, OPT_STATE_IDS},
	{"format", required_argument, NULL, 'f'},
	{"output", required_argument, NULL, 'o'},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, 'V'},
	{NULL, 0, NULL, 0}
};

static const char help_text[] =
	"Usage: mink gen [OPTION]...\n"
	"Write a batch of random pairs of convex shapes, ready for mink.  The\n"
	"same options give the same bytes on every machine.  Each pair is built\n"
	"to overlap or to be apart, and checked with mink.\n"
	"\n"
	"  -n, --count=N        number of pairs (default 100)\n"
	"  -s, --seed=N         seed of the random numbers, 0 to 2^64-1 (default 1)\n"
	"  -d, --dim=2|3        dimension of the pairs (default 3)\n"
	"  -k, --kinds=LIST     shape kinds to draw from, separated by commas, or\n"
	"                       all (the default); 3D: sphere, box, capsule,\n"
	"                       cylinder, cone, ellipsoid, point, segment,\n"
	"                       triangle, hull; 2D: circle, box, capsule, segment,\n"
	"                       point, polygon\n"
	"      --scale=MIN,MAX  range of shape sizes (default 0.5,2)\n"
	"      --overlap=F      share of overlapping pairs, 0 to 1 (default 0.5):\n"
	"                       exactly round(F * N) of the N pairs overlap, the\n"
	"                       others are separated\n"
	"      --margins=F      share of shapes given a margin, 0 to 1 (default 0)\n"
	"      --state-ids      ids say the intended state (\"7-penetrating\",\n"
	"                       \"8-separated\") instead of counting (7, 8)\n"
	"  -f, --format=FORMAT  ndjson (default, one pair per line) or json (an\n"
	"                       array)\n"
	"  -o, --output=FILE    write to FILE instead of standard output\n"
	"  -h, --help           display this help and exit\n"
	"  -V, --version        output version information and exit\n"
	"\n"
	"Example: mink gen -n 1000 --seed 7 -k box,sphere | mink -f csv\n"
	"\n"
	"Exit status: 0 on success, 2 on a usage or write error.\n";

/* Fills g->kinds from a list like "box,sphere" or "all". */
static int parse_kinds(gen *g, const char *list)
{
	const char *p = list;

	g->nkinds = 0;
	if (strcmp(list, "all") == 0) {
		for (int i = 0; i < KIND_COUNT; i++)
			if (kinds[i].dim == g->dim)
				g->kinds[g->nkinds++] = &kinds[i];
		return 0;
	}
	for (;;) {
		size_t n = strcspn(p, ",");
		int found = -1;

		for (int i = 0; i < KIND_COUNT; i++)
			if (kinds[i].dim == g->dim && strlen(kinds[i].name) == n &&
			    strncmp(kinds[i].name, p, n) == 0)
				found = i;
		if (found < 0) {
			int other = 0;

			for (int i = 0; i < KIND_COUNT; i++)
				if (strlen(kinds[i].name) == n && strncmp(kinds[i].name, p, n) == 0)
					other = 1;
			if (n == 0)
				return cli_usage_error(CMD, "invalid kinds '%s' (an empty name)",
				                       list);
			return cli_usage_error(CMD, other ? "'%.*s' is not a %dD shape kind"
			                                  : "unknown shape kind '%.*s' (%dD)",
			                       (int)n, p, g->dim);
		}
		for (int i = 0; i < g->nkinds; i++)
			if (g->kinds[i] == &kinds[found])
				found = -1; /* listed twice: once is enough */
		if (found >= 0)
			g->kinds[g->nkinds++] = &kinds[found];
		if (!p[n])
			return 0;
		p += n + 1;
	}
}

static int parse_scale(gen *g, const char *s)
{
	char lo[64];
	size_t n = strcspn(s, ",");

	if (!s[n] || n >= sizeof lo)
		return -1;
	memcpy(lo, s, n);
	lo[n] = '\0';
	if (cli_parse_double(lo, 1e-6, 1e6, &g->smin) < 0 ||
	    cli_parse_double(s + n + 1, 1e-6, 1e6, &g->smax) < 0 || g->smin > g->smax)
		return -1;
	return 0;
}

int cli_gen_main(int argc, char **argv)
{
	gen g;
	unsigned long long count = 100, seed = 1, overlaps;
	const char *kinds_arg = "all", *output = NULL;
	double share = 0.5;
	int json = 0, c, status = 0, err_no = 0;
	FILE *out;
	cli_outfile of;
	side a, b;

	memset(&g, 0, sizeof g);
	g.dim = 3;
	g.smin = 0.5;
	g.smax = 2;
	g.options = mink_default_options();
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":n:s:d:k:f:o:hV", long_options, NULL)) != -1) {
		const char *opt = argv[optind - 1];

		switch (c) {
		case 'n':
			if (cli_parse_ullong(optarg, 0, 1000000000000000ull, &count) < 0)
				return cli_usage_error(CMD, "invalid count '%s' (0 to 10^15)",
				                       optarg);
			break;
		case 's':
			if (cli_parse_ullong(optarg, 0, UINT64_MAX, &seed) < 0)
				return cli_usage_error(CMD, "invalid seed '%s' (0 to 2^64-1)",
				                       optarg);
			break;
		case 'd':
			if (strcmp(optarg, "2") != 0 && strcmp(optarg, "3") != 0)
				return cli_usage_error(CMD, "invalid dimension '%s' (2 or 3)",
				                       optarg);
			g.dim = optarg[0] - '0';
			break;
		case 'k':
			kinds_arg = optarg;
			break;
		case OPT_SCALE:
			if (parse_scale(&g, optarg) < 0)
				return cli_usage_error(CMD, "invalid scale '%s' (MIN,MAX with "
				                       "1e-6 <= MIN <= MAX <= 1e6)", optarg);
			break;
		case OPT_OVERLAP:
			if (cli_parse_double(optarg, 0, 1, &share) < 0)
				return cli_usage_error(CMD, "invalid overlap share '%s' (0 to 1)",
				                       optarg);
			break;
		case OPT_MARGINS:
			if (cli_parse_double(optarg, 0, 1, &g.margins) < 0)
				return cli_usage_error(CMD, "invalid margin share '%s' (0 to 1)",
				                       optarg);
			break;
		case OPT_STATE_IDS:
			g.state_ids = 1;
			break;
		case 'f':
			if (strcmp(optarg, "ndjson") == 0)
				json = 0;
			else if (strcmp(optarg, "json") == 0)
				json = 1;
			else
				return cli_usage_error(CMD, "invalid format '%s' (ndjson or json)",
				                       optarg);
			break;
		case 'o':
			output = optarg;
			break;
		case 'h':
			fputs(help_text, stdout);
			return cli_close_output(CMD, stdout, NULL, 0) < 0 ? 2 : 0;
		case 'V':
			return cli_version(CMD);
		default:
			return cli_bad_option(CMD, c, opt, long_options, "nsdkfohV");
		}
	}
	if (optind < argc)
		return cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
	if ((status = parse_kinds(&g, kinds_arg)) != 0)
		return status;

	/* The grid: at least 1e-5 of the smallest size, so no size snaps to 0. */
	g.grid = 1;
	for (int m = 0; m < 22 && g.smin * 1e-5 * g.grid < 1; m++)
		g.grid *= 10;
	mink_rng_seed(&g.r, seed);
	overlaps = (unsigned long long)floor(share * (double)count + 0.5);
	if (overlaps > count)
		overlaps = count;

	if (cli_outfile_start(&of, CMD, output, NULL, 0) < 0)
		return 2;
	out = of.fp;
	if (json)
		fputs(count ? "[\n" : "[]\n", out);
	for (unsigned long long i = 0; i < count && !err_no; i++) {
		/* Sampling without replacement: exactly `overlaps` in all. */
		int overlap = mink_rng_below(&g.r, count - i) < overlaps;

		if (overlap)
			overlaps--;
		if (make_pair(&g, &a, &b, overlap) < 0) {
			fprintf(stderr, "mink %s: pair %llu: no %s pair found in %d "
			        "attempts (a bug in mink gen: please report it)\n",
			        CMD, i + 1, overlap ? "overlapping" : "separated",
			        MAX_ATTEMPTS);
			status = 2;
			break;
		}
		g.buf.len = 0;
		if (json && i > 0)
			cli_buf_puts(&g.buf, ",\n");
		put_pair(&g, i + 1, &a, &b, overlap);
		if (!json)
			cli_buf_putc(&g.buf, '\n');
		errno = 0;
		if (fwrite(g.buf.data, 1, g.buf.len, out) != g.buf.len)
			err_no = errno ? errno : EIO;
	}
	if (json && count && status == 0 && !err_no)
		fputs("\n]\n", out);
	cli_buf_free(&g.buf);
	/* A file of -o is replaced only by a whole new one. */
	if (cli_outfile_close(&of, CMD, status == 0 && !err_no, err_no) < 0)
		status = 2;
	if (out != stdout && fclose(stdout) != 0 && status == 0)
		status = 2;
	return status;
}
