/*
 * parse.c - checking records against the input contract (v1).
 *
 * Error codes: "bad_record" when the JSON has the wrong form (not an
 * object, unknown, repeated or missing field, wrong type or length),
 * "bad_shape" and "bad_pose" when the form is right but a value is not
 * (an unknown shape type, a negative size, a number out of range, a zero
 * quaternion), "bad_obj" when an OBJ file cannot be read or is not valid
 * OBJ, "unsupported" for what the contract has but mink lacks yet.
 */
#include "parse.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text/fastjson.h"
#include "text/fmtnum.h"
#include "text/jsoncheck.h"
#include "text/buf.h"

enum { SHOWN_MAX = 48 };

/*
 * The largest magnitude of any number in a record but the id is the
 * library's MINK_MAX_COORD: mink_query3 and mink_query2 refuse larger
 * sizes and coordinates, and a message naming the field beats "mink
 * rejected this shape".
 */

/* Whether string node item holds a NUL byte (from a \u0000 escape). */
static int has_nul(const cJSON *item)
{
	return cli_json_strlen(item) != strlen(item->valuestring);
}

static const char *const side_name[2] = {"a", "b"};

static int fail(cli_error *err, const char *code, const char *fmt, ...)
	CLI_PRINTF(3, 4);

/* Fills *err, unless err is NULL (a trial run), and returns -1. */
static int fail(cli_error *err, const char *code, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return -1;
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof err->message, fmt, ap);
	va_end(ap);
	return -1;
}

static const char *shown(char out[SHOWN_MAX], const char *s)
{
	return cli_shown(out, SHOWN_MAX, s);
}

/*
 * Finds the members `names` (NULL-terminated) of object `obj`: found[i] is
 * member names[i] or NULL.  Any other key, or a repeated one, is an error
 * (reported after every member is looked at, so the caller can still use
 * found[]).  `where` prefixes the message ("a: ") unless NULL.
 */
static int collect(const cJSON *obj, const char *const *names,
                   const cJSON **found, const char *where, cli_error *err)
{
	int bad = 0;

	for (size_t i = 0; names[i]; i++)
		found[i] = NULL;
	for (const cJSON *m = obj->child; m; m = m->next) {
		const char *key = m->string ? m->string : "";
		size_t i = 0;
		char buf[SHOWN_MAX];

		while (names[i] && strcmp(names[i], key) != 0)
			i++;
		if (names[i] && !found[i]) {
			found[i] = m;
			continue;
		}
		if (!bad)
			fail(err, "bad_record", "%s%s%s field '%s'", where ? where : "",
			     where ? ": " : "", names[i] ? "duplicate" : "unknown",
			     shown(buf, key));
		bad = 1;
	}
	return bad ? -1 : 0;
}

/*
 * "a.FIELD" in path (of size n), as snprintf would make it but without
 * printf: it is made for every field of every record.
 */
static void field_path(char *path, size_t n, int side, const char *field)
{
	size_t len = strlen(field);

	if (len > n - 3)
		len = n - 3;
	path[0] = side_name[side][0];
	path[1] = '.';
	memcpy(path + 2, field, len);
	path[2 + len] = '\0';
}

/*
 * A finite number of magnitude at most MINK_MAX_COORD; `code` is the error code
 * should it be out of range.
 */
static int number(const cJSON *item, const char *path, const char *code,
                  double *out, cli_error *err)
{
	if (!cJSON_IsNumber(item))
		return fail(err, "bad_record", "%s: expected a number", path);
	if (!(fabs(item->valuedouble) <= MINK_MAX_COORD))
		return fail(err, code, "%s: number out of range", path);
	*out = item->valuedouble;
	return 0;
}

/*
 * An array of exactly n finite numbers.  `what` names the expected form in
 * the message; NULL means "an array of n numbers".
 */
static int numbers(const cJSON *item, int n, const char *what,
                   const char *path, const char *code, double *out,
                   cli_error *err)
{
	int i = 0;

	if (!cJSON_IsArray(item))
		goto wrong;
	for (const cJSON *c = item->child; c; c = c->next) {
		if (i == n || !cJSON_IsNumber(c))
			goto wrong;
		out[i++] = c->valuedouble;
	}
	if (i != n)
		goto wrong;
	for (i = 0; i < n; i++)
		if (!(fabs(out[i]) <= MINK_MAX_COORD))
			return fail(err, code, "%s: number out of range", path);
	return 0;
wrong:
	if (what)
		return fail(err, "bad_record", "%s: expected %s", path, what);
	return fail(err, "bad_record", "%s: expected an array of %d numbers",
	            path, n);
}

/* A required size: a finite number >= 0. */
static int size(const cJSON *item, int side, const char *field, double *out,
                cli_error *err)
{
	char path[32];

	field_path(path, sizeof path, side, field);
	if (!item)
		return fail(err, "bad_record", "%s: missing field '%s'",
		            side_name[side], field);
	if (number(item, path, "bad_shape", out, err) < 0)
		return -1;
	if (*out < 0)
		return fail(err, "bad_shape", "%s: must not be negative", path);
	return 0;
}

/* Required sizes along each axis: dim finite numbers >= 0. */
static int sizes(const cJSON *item, int side, const char *field, int dim,
                 double *out, cli_error *err)
{
	char path[32];

	field_path(path, sizeof path, side, field);
	if (!item)
		return fail(err, "bad_record", "%s: missing field '%s'",
		            side_name[side], field);
	if (numbers(item, dim, NULL, path, "bad_shape", out, err) < 0)
		return -1;
	for (int i = 0; i < dim; i++)
		if (out[i] < 0)
			return fail(err, "bad_shape", "%s: must not be negative", path);
	return 0;
}

/*
 * The "points" of a shape: an array of at least `min` and at most `max`
 * points of dim numbers each, written to out3 or out2 (by dim).  With
 * max == 0 there is no upper bound and the points go to the pair's own
 * growing buffer for this side, and *count gets their number.
 */
static int points(const cJSON *item, int side, int dim, int min, int max,
                  const char *kind, cli_pair *p, mink_vec3 *out3,
                  mink_vec2 *out2, int *count, cli_error *err)
{
	char path[40];
	size_t n = 0, i = 0;

	if (!item)
		return fail(err, "bad_record", "%s: missing field 'points'",
		            side_name[side]);
	if (cJSON_IsArray(item))
		for (const cJSON *c = item->child; c; c = c->next)
			n++;
	if (!cJSON_IsArray(item) || (max && n != (size_t)max)) {
		if (max)
			return fail(err, "bad_record",
			            "%s.points: expected an array of %d points",
			            side_name[side], max);
		return fail(err, "bad_record", "%s.points: expected an array of points",
		            side_name[side]);
	}
	if (n < (size_t)min)
		return fail(err, "bad_shape", "%s.points: a %s needs at least %d point%s",
		            side_name[side], kind, min, min == 1 ? "" : "s");
	if (n > 0x7FFFFFFF)
		return fail(err, "bad_shape", "%s.points: too many points",
		            side_name[side]);
	if (!max) {
		if (dim == 3 && n > p->cap3[side]) {
			p->pts3[side] = cli_xrealloc(p->pts3[side], n * sizeof *out3);
			p->cap3[side] = n;
		}
		if (dim == 2 && n > p->cap2[side]) {
			p->pts2[side] = cli_xrealloc(p->pts2[side], n * sizeof *out2);
			p->cap2[side] = n;
		}
		out3 = p->pts3[side];
		out2 = p->pts2[side];
		*count = (int)n;
	}
	for (const cJSON *c = item->child; c; c = c->next, i++) {
		double v[3];

		/* The path for the message is made only when there is one. */
		if (numbers(c, dim, NULL, "", "bad_shape", v, NULL) < 0) {
			snprintf(path, sizeof path, "%s.points[%zu]", side_name[side], i);
			return numbers(c, dim, NULL, path, "bad_shape", v, err);
		}
		if (dim == 3)
			out3[i] = (mink_vec3){v[0], v[1], v[2]};
		else
			out2[i] = (mink_vec2){v[0], v[1]};
	}
	return 0;
}

/* The shape types of the contract; fields[]: those beyond the common ones. */
typedef struct kind {
	const char *name;
	int dim;
	int type; /* a mink_shape3_type or a mink_shape2_type */
	const char *fields[3];
} kind;

static const kind kinds[] = {
	{"sphere", 3, MINK_SPHERE, {"radius"}},
	{"box", 3, MINK_BOX, {"half_extents"}},
	{"capsule", 3, MINK_CAPSULE, {"radius", "half_height"}},
	{"cylinder", 3, MINK_CYLINDER, {"radius", "half_height"}},
	{"cone", 3, MINK_CONE, {"radius", "half_height"}},
	{"ellipsoid", 3, MINK_ELLIPSOID, {"radii"}},
	{"point", 3, MINK_POINT, {NULL}},
	{"segment", 3, MINK_SEGMENT, {"points"}},
	{"triangle", 3, MINK_TRIANGLE, {"points"}},
	{"hull", 3, MINK_HULL, {"points", "obj", "object"}},
	{"circle", 2, MINK_CIRCLE2, {"radius"}},
	{"box", 2, MINK_BOX2, {"half_extents"}},
	{"capsule", 2, MINK_CAPSULE2, {"radius", "half_height"}},
	{"segment", 2, MINK_SEGMENT2, {"points"}},
	{"point", 2, MINK_POINT2, {NULL}},
	{"polygon", 2, MINK_POLYGON2, {"points"}},
};

static const kind *find_kind(const char *name, int dim)
{
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (kinds[i].dim == dim && strcmp(kinds[i].name, name) == 0)
			return &kinds[i];
	return NULL;
}

/* Indexes into the members found for a shape. */
enum { F_TYPE, F_POSITION, F_ROTATION, F_MARGIN, F_0, F_1, F_2, F_COUNT };

/*
 * How far a quaternion's norm may be from 1, and each entry of a rotation
 * matrix's R^T R from the identity's, before the rotation is refused: data
 * written with 6 to 7 digits (float32, or mink gen's grid) stays within it.
 */
#define UNIT_TOLERANCE 1e-6

/* The Euclidean norm of v[0..n), without overflow or underflow. */
static double norm_of(const double *v, int n)
{
	double m = 0, s = 0;

	for (int i = 0; i < n; i++)
		m = fmax(m, fabs(v[i]));
	if (m == 0)
		return 0;
	for (int i = 0; i < n; i++)
		s += (v[i] / m) * (v[i] / m);
	return m * sqrt(s);
}

/*
 * A quaternion in the run's order ([w,x,y,z], or [x,y,z,w] with
 * --quaternion-order xyzw), not zero, of norm 1 within UNIT_TOLERANCE
 * unless the run normalises (--normalize-rotations).  The library
 * normalises what it is given either way.
 */
int cli_parse_quaternion(const cli_pair *p, const double v[4], mink_quat *q,
                         double *norm)
{
	if (v[0] == 0 && v[1] == 0 && v[2] == 0 && v[3] == 0)
		return -1;
	double s = v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3];

	if (p->xyzw)
		*q = (mink_quat){v[3], v[0], v[1], v[2]};
	else
		*q = (mink_quat){v[0], v[1], v[2], v[3]};
	/* |s - 1| <= 1.9e-6 puts the norm within 0.95e-6 of 1: accepted
	 * without the careful norm (the common case: one rounding of a unit). */
	if (p->normalize || fabs(s - 1) <= 1.9e-6)
		return 0;
	*norm = norm_of(v, 4);
	return fabs(*norm - 1) <= UNIT_TOLERANCE ? 0 : -2;
}

static int quaternion(const cJSON *item, const char *path, const cli_pair *p,
                      mink_quat *q, cli_error *err)
{
	double v[4], n;

	if (numbers(item, 4, p->xyzw ? "a quaternion [x,y,z,w]" : "a quaternion [w,x,y,z]",
	            path, "bad_pose", v, err) < 0)
		return -1;
	switch (cli_parse_quaternion(p, v, q, &n)) {
	case -1:
		return fail(err, "bad_pose", "%s: zero quaternion", path);
	case -2:
		return fail(err, "bad_pose", "%s: quaternion of norm %.9g, not 1 "
		            "(--normalize-rotations accepts it)", path, n);
	}
	return 0;
}

/*
 * The unit quaternion of rotation matrix m (rows; world = m * local), w >= 0.
 * Shepperd's method (J. Guidance and Control 1(3), 1978): the largest of
 * |w|, |x|, |y|, |z| from the diagonal, the others from the off-diagonal
 * sums and differences divided by it, so nothing is lost to cancellation.
 */
static mink_quat matrix_quaternion(const double m[3][3])
{
	double t = m[0][0] + m[1][1] + m[2][2], w, x, y, z, d;

	if (t >= m[0][0] && t >= m[1][1] && t >= m[2][2]) {
		w = 0.5 * sqrt(1 + t);
		d = 4 * w;
		x = (m[2][1] - m[1][2]) / d;
		y = (m[0][2] - m[2][0]) / d;
		z = (m[1][0] - m[0][1]) / d;
	} else if (m[0][0] >= m[1][1] && m[0][0] >= m[2][2]) {
		x = 0.5 * sqrt(fmax(0, 1 + m[0][0] - m[1][1] - m[2][2]));
		d = 4 * x;
		w = (m[2][1] - m[1][2]) / d;
		y = (m[0][1] + m[1][0]) / d;
		z = (m[0][2] + m[2][0]) / d;
	} else if (m[1][1] >= m[2][2]) {
		y = 0.5 * sqrt(fmax(0, 1 - m[0][0] + m[1][1] - m[2][2]));
		d = 4 * y;
		w = (m[0][2] - m[2][0]) / d;
		x = (m[0][1] + m[1][0]) / d;
		z = (m[1][2] + m[2][1]) / d;
	} else {
		z = 0.5 * sqrt(fmax(0, 1 - m[0][0] - m[1][1] + m[2][2]));
		d = 4 * z;
		w = (m[1][0] - m[0][1]) / d;
		x = (m[0][2] + m[2][0]) / d;
		y = (m[1][2] + m[2][1]) / d;
	}
	if (w < 0)
		return (mink_quat){-w, -x, -y, -z};
	return (mink_quat){w, x, y, z};
}

/* {"matrix": [[...], [...], [...]]}: orthonormal, determinant +1. */
static int rotation_matrix(const cJSON *item, const char *path, mink_quat *q,
                           cli_error *err)
{
	const char *what = "3 rows of 3 numbers";
	char mpath[48];
	double m[3][3], worst = 0, det;
	int rows = 0;

	snprintf(mpath, sizeof mpath, "%s.matrix", path);
	if (!cJSON_IsArray(item))
		return fail(err, "bad_record", "%s: expected %s", mpath, what);
	for (const cJSON *c = item->child; c; c = c->next) {
		if (rows == 3)
			return fail(err, "bad_record", "%s: expected %s", mpath, what);
		if (numbers(c, 3, what, mpath, "bad_pose", m[rows++], err) < 0)
			return -1;
	}
	if (rows != 3)
		return fail(err, "bad_record", "%s: expected %s", mpath, what);
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			double d = m[0][i] * m[0][j] + m[1][i] * m[1][j] +
			           m[2][i] * m[2][j] - (i == j);

			worst = fmax(worst, fabs(d));
		}
	if (!(worst <= UNIT_TOLERANCE))
		return fail(err, "bad_pose", "%s: not a rotation: its columns are not "
		            "orthonormal within 1e-6 (R^T R - I has an entry of %.3g)",
		            mpath, worst);
	det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
	      m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
	      m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
	if (det < 0)
		return fail(err, "bad_pose", "%s: not a rotation: a reflection "
		            "(determinant %.9g)", mpath, det);
	*q = matrix_quaternion(m);
	return 0;
}

/* {"axis": [x, y, z], "angle": a}: a nonzero axis (normalised), radians. */
static int rotation_axis(const cJSON *axis, const cJSON *angle,
                         const char *path, mink_quat *q, cli_error *err)
{
	char apath[48];
	double v[3], a = 0, n, s;

	if (!axis)
		return fail(err, "bad_record", "%s: missing field 'axis'", path);
	if (!angle)
		return fail(err, "bad_record", "%s: missing field 'angle'", path);
	snprintf(apath, sizeof apath, "%s.axis", path);
	if (numbers(axis, 3, NULL, apath, "bad_pose", v, err) < 0)
		return -1;
	n = norm_of(v, 3);
	if (n == 0)
		return fail(err, "bad_pose", "%s: zero axis", apath);
	snprintf(apath, sizeof apath, "%s.angle", path);
	if (number(angle, apath, "bad_pose", &a, err) < 0)
		return -1;
	s = sin(0.5 * a);
	*q = (mink_quat){cos(0.5 * a), s * (v[0] / n), s * (v[1] / n), s * (v[2] / n)};
	return 0;
}

/* A rotation given as an object: a matrix, or an axis and an angle. */
static int rotation_object(const cJSON *obj, const char *path, mink_quat *q,
                           cli_error *err)
{
	static const char *const matrix_names[] = {"matrix", NULL};
	static const char *const axis_names[] = {"axis", "angle", NULL};
	const cJSON *f[2];

	if (cJSON_GetObjectItemCaseSensitive(obj, "matrix")) {
		if (collect(obj, matrix_names, f, path, err) < 0)
			return -1;
		return rotation_matrix(f[0], path, q, err);
	}
	if (collect(obj, axis_names, f, path, err) < 0)
		return -1;
	return rotation_axis(f[0], f[1], path, q, err);
}

static int parse_pose(const cJSON **f, int side, int dim, cli_pair *p,
                      cli_error *err)
{
	char path[32];
	double v[4];

	if (dim == 3) {
		mink_pose3 *pose = &p->pose3[side];

		pose->position = (mink_vec3){0, 0, 0};
		pose->rotation = (mink_quat){1, 0, 0, 0};
		if (f[F_POSITION]) {
			field_path(path, sizeof path, side, "position");
			if (numbers(f[F_POSITION], 3, NULL, path, "bad_pose", v, err) < 0)
				return -1;
			pose->position = (mink_vec3){v[0], v[1], v[2]};
		}
		if (f[F_ROTATION]) {
			field_path(path, sizeof path, side, "rotation");
			if (cJSON_IsObject(f[F_ROTATION]))
				return rotation_object(f[F_ROTATION], path, &pose->rotation, err);
			return quaternion(f[F_ROTATION], path, p, &pose->rotation, err);
		}
	} else {
		mink_pose2 *pose = &p->pose2[side];

		pose->position = (mink_vec2){0, 0};
		pose->angle = 0;
		if (f[F_POSITION]) {
			field_path(path, sizeof path, side, "position");
			if (numbers(f[F_POSITION], 2, NULL, path, "bad_pose", v, err) < 0)
				return -1;
			pose->position = (mink_vec2){v[0], v[1]};
		}
		if (f[F_ROTATION]) {
			field_path(path, sizeof path, side, "rotation");
			if (!cJSON_IsNumber(f[F_ROTATION]))
				return fail(err, "bad_record",
				            "%s: expected an angle in radians", path);
			if (number(f[F_ROTATION], path, "bad_pose", &pose->angle, err) < 0)
				return -1;
		}
	}
	return 0;
}

static int parse_shape3(const cJSON **f, const kind *k, int side, cli_pair *p,
                        int *obj_hulls, cli_error *err)
{
	mink_shape3 *s = &p->shape3[side];
	double v[3], r, h;

	s->type = (mink_shape3_type)k->type;
	switch (s->type) {
	case MINK_SPHERE:
		return size(f[F_0], side, "radius", &s->sphere.radius, err);
	case MINK_BOX:
		if (sizes(f[F_0], side, "half_extents", 3, v, err) < 0)
			return -1;
		s->box.half_extents = (mink_vec3){v[0], v[1], v[2]};
		return 0;
	case MINK_CAPSULE:
	case MINK_CYLINDER:
	case MINK_CONE:
		if (size(f[F_0], side, "radius", &r, err) < 0 ||
		    size(f[F_1], side, "half_height", &h, err) < 0)
			return -1;
		if (s->type == MINK_CAPSULE) {
			s->capsule.radius = r;
			s->capsule.half_height = h;
		} else if (s->type == MINK_CYLINDER) {
			s->cylinder.radius = r;
			s->cylinder.half_height = h;
		} else {
			s->cone.radius = r;
			s->cone.half_height = h;
		}
		return 0;
	case MINK_ELLIPSOID:
		if (sizes(f[F_0], side, "radii", 3, v, err) < 0)
			return -1;
		s->ellipsoid.radii = (mink_vec3){v[0], v[1], v[2]};
		return 0;
	case MINK_POINT:
		return 0;
	case MINK_SEGMENT:
		return points(f[F_0], side, 3, 2, 2, "segment", p, s->segment.points,
		              NULL, NULL, err);
	case MINK_TRIANGLE:
		return points(f[F_0], side, 3, 3, 3, "triangle", p,
		              s->triangle.points, NULL, NULL, err);
	case MINK_HULL:
		/* fields: F_0 points, F_1 obj, F_2 object */
		if (f[F_0] && f[F_1])
			return fail(err, "bad_record",
			            "%s: a hull has either 'points' or 'obj', not both",
			            side_name[side]);
		if (f[F_2] && !f[F_1])
			return fail(err, "bad_record", "%s: 'object' needs 'obj'",
			            side_name[side]);
		if (f[F_1]) {
			if (!cJSON_IsString(f[F_1]))
				return fail(err, "bad_record", "%s.obj: expected a string",
				            side_name[side]);
			if (f[F_2] && !cJSON_IsString(f[F_2]))
				return fail(err, "bad_record", "%s.object: expected a string",
				            side_name[side]);
			if (!*f[F_1]->valuestring)
				return fail(err, "bad_shape", "%s.obj: empty path",
				            side_name[side]);
			/* A path or a name is a C string: a NUL would cut it short. */
			if (has_nul(f[F_1]))
				return fail(err, "bad_shape", "%s.obj: '\\u0000' in the path",
				            side_name[side]);
			if (f[F_2] && has_nul(f[F_2]))
				return fail(err, "bad_shape", "%s.object: '\\u0000' in the name",
				            side_name[side]);
			/* Looked up once the whole record is known to be well formed. */
			p->obj[side] = f[F_1]->valuestring;
			p->object[side] = f[F_2] ? f[F_2]->valuestring : NULL;
			*obj_hulls = 1;
			return 0;
		}
		/*
		 * No mink_hull_build() here: points given inline serve a single
		 * query, for which scanning them costs less than building the
		 * adjacency that hill climbing needs.
		 */
		if (points(f[F_0], side, 3, 1, 0, "hull", p, NULL, NULL,
		           &s->hull.count, err) < 0)
			return -1;
		s->hull.points = p->pts3[side];
		return 0;
	}
	return -1; /* not reached: kinds[] holds only the types above */
}

static int parse_shape2(const cJSON **f, const kind *k, int side, cli_pair *p,
                        cli_error *err)
{
	mink_shape2 *s = &p->shape2[side];
	double v[2];

	s->type = (mink_shape2_type)k->type;
	switch (s->type) {
	case MINK_CIRCLE2:
		return size(f[F_0], side, "radius", &s->circle.radius, err);
	case MINK_BOX2:
		if (sizes(f[F_0], side, "half_extents", 2, v, err) < 0)
			return -1;
		s->box.half_extents = (mink_vec2){v[0], v[1]};
		return 0;
	case MINK_CAPSULE2:
		if (size(f[F_0], side, "radius", &s->capsule.radius, err) < 0)
			return -1;
		return size(f[F_1], side, "half_height", &s->capsule.half_height, err);
	case MINK_SEGMENT2:
		return points(f[F_0], side, 2, 2, 2, "segment", p, NULL,
		              s->segment.points, NULL, err);
	case MINK_POINT2:
		return 0;
	case MINK_POLYGON2:
		if (points(f[F_0], side, 2, 1, 0, "polygon", p, NULL, NULL,
		           &s->polygon.count, err) < 0)
			return -1;
		s->polygon.points = p->pts2[side];
		return 0;
	}
	return -1; /* not reached */
}

static int parse_shape(const cJSON *obj, int side, int dim, cli_pair *p,
                       int *obj_hulls, cli_error *err)
{
	const char *name = side_name[side];
	const char *names[F_COUNT + 1] = {"type", "position", "rotation", "margin"};
	const cJSON *f[F_COUNT] = {NULL}, *type;
	const kind *k;
	char buf[SHOWN_MAX], path[32];
	double margin = 0;

	if (!obj)
		return fail(err, "bad_record", "missing field '%s'", name);
	if (!cJSON_IsObject(obj))
		return fail(err, "bad_record", "%s: expected an object", name);
	type = cJSON_GetObjectItemCaseSensitive(obj, "type");
	if (!type)
		return fail(err, "bad_record", "%s: missing field 'type'", name);
	if (!cJSON_IsString(type))
		return fail(err, "bad_record", "%s.type: expected a string", name);
	if (has_nul(type))
		return fail(err, "bad_shape", "%s.type: '\\u0000' in the type", name);
	k = find_kind(type->valuestring, dim);
	if (!k) {
		if (find_kind(type->valuestring, 5 - dim))
			return fail(err, "bad_shape", "%s: '%s' is a %dD shape; this pair is %dD",
			            name, type->valuestring, 5 - dim, dim);
		return fail(err, "bad_shape", "%s: unknown shape type '%s'", name,
		            shown(buf, type->valuestring));
	}
	for (int i = 0; i < 3; i++)
		names[F_0 + i] = k->fields[i];
	if (collect(obj, names, f, name, err) < 0)
		return -1;
	if (parse_pose(f, side, dim, p, err) < 0)
		return -1;
	if (f[F_MARGIN]) {
		field_path(path, sizeof path, side, "margin");
		if (number(f[F_MARGIN], path, "bad_shape", &margin, err) < 0)
			return -1;
		if (margin < 0)
			return fail(err, "bad_shape", "%s: must not be negative", path);
	}
	if (dim == 3) {
		memset(&p->shape3[side], 0, sizeof p->shape3[side]);
		p->shape3[side].margin = margin;
		return parse_shape3(f, k, side, p, obj_hulls, err);
	}
	memset(&p->shape2[side], 0, sizeof p->shape2[side]);
	p->shape2[side].margin = margin;
	return parse_shape2(f, k, side, p, err);
}

static const char *json_type(const cJSON *item)
{
	if (cJSON_IsArray(item))
		return "an array";
	if (cJSON_IsString(item))
		return "a string";
	if (cJSON_IsNumber(item))
		return "a number";
	if (cJSON_IsBool(item))
		return "a boolean";
	return "null";
}

const char *cli_id_text(const cli_id *id, char *buf, size_t *len)
{
	size_t n;

	if (id->str) {
		if (len)
			*len = id->len;
		return id->str;
	}
	/* integral (as every numeric id is, parse_id): exact in a long long */
	if (fabs(id->num) <= 9007199254740992.0 && id->num == (double)(long long)id->num)
		n = cli_fmtint(buf, id->num);
	else
		n = cli_fmtnum(buf, id->num);
	if (len)
		*len = n;
	return buf;
}

static int parse_id(const cJSON *item, cli_id *id, cli_error *err)
{
	/*
	 * Integers from 2^53 on would not come back as written (2^53 + 1 reads
	 * as 2^53): below 2^53 in magnitude, JavaScript's "safe integers".
	 */
	const double max = 9007199254740991.0;

	if (cJSON_IsString(item)) {
		id->str = item->valuestring;
		id->len = cli_json_strlen(item);
		return 0;
	}
	if (cJSON_IsNumber(item) && item->valuedouble == floor(item->valuedouble)) {
		if (fabs(item->valuedouble) > max)
			return fail(err, "bad_record",
			            "id out of range (integers up to 2^53 - 1 only)");
		id->str = NULL;
		id->num = item->valuedouble;
		return 0;
	}
	return fail(err, "bad_record", "id must be a string or an integer");
}

/*
 * The OBJ hulls of a well-formed record, from the cache: each file is read
 * and each hull built once (see obj/cache.h).
 */
int cli_parse_objs(cli_pair *p, cli_error *err)
{
	for (int side = 0; side < 2; side++) {
		const cli_objhull *h;
		cli_objcache_error e;

		if (!p->obj[side])
			continue;
		if (!p->objcache)
			return fail(err, "unsupported", "%s.obj: OBJ hulls are not "
			            "supported here", side_name[side]);
		h = cli_objcache_get(p->objcache, p->dir, p->obj[side],
		                     p->object[side], &e);
		if (!h)
			return fail(err, e.code, "%s.obj: %s", side_name[side],
			            e.message);
		p->shape3[side] = mink_hull_shape(&h->hull, p->shape3[side].margin);
		p->notes[side] = h->notes[0] ? h->notes : NULL;
	}
	return 0;
}

int cli_parse_pair(const cJSON *rec, int default_dim, cli_pair *p, cli_id *id,
                   cli_error *err)
{
	/* "meta" is the caller's: any value, copied to the output as written. */
	static const char *const names[] = {"id", "dim", "a", "b", "meta", NULL};
	const cJSON *f[5];
	int bad, dim = default_dim, obj_hulls = 0;

	p->dim = 0;
	p->obj[0] = p->obj[1] = NULL;
	p->notes[0] = p->notes[1] = NULL;
	if (!cJSON_IsObject(rec))
		return fail(err, "bad_record", "record is not an object but %s",
		            json_type(rec));
	bad = collect(rec, names, f, NULL, err);
	/* The id comes first, so that every later error carries it. */
	if (f[0] && parse_id(f[0], id, err) < 0)
		return -1;
	if (bad)
		return -1;
	if (f[1]) {
		if (!cJSON_IsNumber(f[1]) ||
		    (f[1]->valuedouble != 2 && f[1]->valuedouble != 3))
			return fail(err, "bad_record", "dim must be 2 or 3");
		dim = (int)f[1]->valuedouble;
	}
	p->dim = dim;
	if (parse_shape(f[2], 0, dim, p, &obj_hulls, err) < 0 ||
	    parse_shape(f[3], 1, dim, p, &obj_hulls, err) < 0)
		return -1;
	return obj_hulls ? cli_parse_objs(p, err) : 0;
}

const char *cli_shape_kind(const cli_pair *p, int side)
{
	int type = p->dim == 3 ? (int)p->shape3[side].type : (int)p->shape2[side].type;

	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (kinds[i].dim == p->dim && kinds[i].type == type)
			return kinds[i].name;
	return NULL;
}

void cli_pair_free(cli_pair *p)
{
	for (int i = 0; i < 2; i++) {
		free(p->pts3[i]);
		free(p->pts2[i]);
		p->pts3[i] = NULL;
		p->pts2[i] = NULL;
		p->cap3[i] = p->cap2[i] = 0;
	}
}
