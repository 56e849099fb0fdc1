/*
 * testutil.c - shared helpers of the mink tests (see testutil.h).
 */
#include "testutil.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* ---- vectors and rotations ---- */

mink_vec3 tu_v3(double x, double y, double z)
{
	mink_vec3 v = {x, y, z};
	return v;
}

mink_vec2 tu_v2(double x, double y)
{
	mink_vec2 v = {x, y};
	return v;
}

mink_vec3 tu_add(mink_vec3 a, mink_vec3 b) { return tu_v3(a.x + b.x, a.y + b.y, a.z + b.z); }
mink_vec3 tu_sub(mink_vec3 a, mink_vec3 b) { return tu_v3(a.x - b.x, a.y - b.y, a.z - b.z); }
mink_vec3 tu_scale(mink_vec3 a, double s) { return tu_v3(a.x * s, a.y * s, a.z * s); }
mink_vec3 tu_neg(mink_vec3 a) { return tu_v3(-a.x, -a.y, -a.z); }
double tu_dot(mink_vec3 a, mink_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

mink_vec3 tu_cross(mink_vec3 a, mink_vec3 b)
{
	return tu_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

double tu_norm(mink_vec3 a) { return sqrt(tu_dot(a, a)); }
double tu_dist(mink_vec3 a, mink_vec3 b) { return tu_norm(tu_sub(a, b)); }

mink_vec3 tu_normalize(mink_vec3 a)
{
	double n = tu_norm(a);
	return n > 0 ? tu_scale(a, 1.0 / n) : a;
}

mink_vec3 tu_v2to3(mink_vec2 v) { return tu_v3(v.x, v.y, 0.0); }

mink_quat tu_quat(double w, double x, double y, double z)
{
	mink_quat q = {w, x, y, z};
	return q;
}

mink_quat tu_quat_identity(void) { return tu_quat(1, 0, 0, 0); }

mink_quat tu_quat_normalize(mink_quat q)
{
	double n = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
	return tu_quat(q.w / n, q.x / n, q.y / n, q.z / n);
}

mink_quat tu_quat_axis_angle(mink_vec3 axis, double angle)
{
	mink_vec3 u = tu_normalize(axis);
	double s = sin(0.5 * angle);
	return tu_quat(cos(0.5 * angle), u.x * s, u.y * s, u.z * s);
}

mink_quat tu_quat_mul(mink_quat a, mink_quat b)
{
	return tu_quat(a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
	               a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
	               a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
	               a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w);
}

/* v' = v + 2w (u x v) + 2 u x (u x v), for the unit quaternion (w, u). */
mink_vec3 tu_rotate(mink_quat q, mink_vec3 v)
{
	mink_quat n = tu_quat_normalize(q);
	mink_vec3 u = tu_v3(n.x, n.y, n.z);
	mink_vec3 t = tu_scale(tu_cross(u, v), 2.0);
	return tu_add(tu_add(v, tu_scale(t, n.w)), tu_cross(u, t));
}

mink_vec3 tu_rotate_inv(mink_quat q, mink_vec3 v)
{
	return tu_rotate(tu_quat(q.w, -q.x, -q.y, -q.z), v);
}

mink_pose3 tu_pose3(double x, double y, double z, mink_quat q)
{
	mink_pose3 p;
	p.position = tu_v3(x, y, z);
	p.rotation = q;
	return p;
}

mink_pose2 tu_pose2(double x, double y, double angle)
{
	mink_pose2 p;
	p.position = tu_v2(x, y);
	p.angle = angle;
	return p;
}

mink_vec3 tu_to_world3(const mink_pose3 *p, mink_vec3 local)
{
	return tu_add(tu_rotate(p->rotation, local), p->position);
}

mink_vec3 tu_to_local3(const mink_pose3 *p, mink_vec3 world)
{
	return tu_rotate_inv(p->rotation, tu_sub(world, p->position));
}

mink_vec2 tu_rotate2(double angle, mink_vec2 v)
{
	double c = cos(angle), s = sin(angle);
	return tu_v2(c * v.x - s * v.y, s * v.x + c * v.y);
}

mink_vec2 tu_to_world2(const mink_pose2 *p, mink_vec2 local)
{
	mink_vec2 r = tu_rotate2(p->angle, local);
	return tu_v2(r.x + p->position.x, r.y + p->position.y);
}

mink_vec3 tu_to_local2(const mink_pose2 *p, mink_vec3 world)
{
	mink_vec2 d = tu_v2(world.x - p->position.x, world.y - p->position.y);
	return tu_v2to3(tu_rotate2(-p->angle, d));
}

/* ---- shapes ---- */

static mink_shape3 shape3(mink_shape3_type t)
{
	mink_shape3 s;
	memset(&s, 0, sizeof s);
	s.type = t;
	return s;
}

static mink_shape2 shape2(mink_shape2_type t)
{
	mink_shape2 s;
	memset(&s, 0, sizeof s);
	s.type = t;
	return s;
}

mink_shape3 tu_sphere(double r)
{
	mink_shape3 s = shape3(MINK_SPHERE);
	s.sphere.radius = r;
	return s;
}

mink_shape3 tu_box(double hx, double hy, double hz)
{
	mink_shape3 s = shape3(MINK_BOX);
	s.box.half_extents = tu_v3(hx, hy, hz);
	return s;
}

mink_shape3 tu_capsule(double r, double hh)
{
	mink_shape3 s = shape3(MINK_CAPSULE);
	s.capsule.radius = r;
	s.capsule.half_height = hh;
	return s;
}

mink_shape3 tu_cylinder(double r, double hh)
{
	mink_shape3 s = shape3(MINK_CYLINDER);
	s.cylinder.radius = r;
	s.cylinder.half_height = hh;
	return s;
}

mink_shape3 tu_cone(double r, double hh)
{
	mink_shape3 s = shape3(MINK_CONE);
	s.cone.radius = r;
	s.cone.half_height = hh;
	return s;
}

mink_shape3 tu_ellipsoid(double rx, double ry, double rz)
{
	mink_shape3 s = shape3(MINK_ELLIPSOID);
	s.ellipsoid.radii = tu_v3(rx, ry, rz);
	return s;
}

mink_shape3 tu_hull(const mink_vec3 *pts, int n)
{
	mink_shape3 s = shape3(MINK_HULL);
	s.hull.points = pts;
	s.hull.count = n;
	return s;
}

mink_shape2 tu_circle(double r)
{
	mink_shape2 s = shape2(MINK_CIRCLE2);
	s.circle.radius = r;
	return s;
}

mink_shape2 tu_box2(double hx, double hy)
{
	mink_shape2 s = shape2(MINK_BOX2);
	s.box.half_extents = tu_v2(hx, hy);
	return s;
}

mink_shape2 tu_capsule2(double r, double hh)
{
	mink_shape2 s = shape2(MINK_CAPSULE2);
	s.capsule.radius = r;
	s.capsule.half_height = hh;
	return s;
}

mink_shape2 tu_polygon(const mink_vec2 *pts, int n)
{
	mink_shape2 s = shape2(MINK_POLYGON2);
	s.polygon.points = pts;
	s.polygon.count = n;
	return s;
}

/* ---- PRNG: mink_random.h's generator, with the distributions tests use ---- */

void tu_rng_seed(tu_rng *r, uint64_t seed) { mink_rng_seed(r, seed); }

uint64_t tu_rng_next(tu_rng *r) { return mink_rng_next(r); }

double tu_rng_unit(tu_rng *r) { return mink_rng_unit(r); }

double tu_rng_range(tu_rng *r, double lo, double hi) { return mink_rng_range(r, lo, hi); }

double tu_rng_log_range(tu_rng *r, double lo, double hi)
{
	return exp(tu_rng_range(r, log(lo), log(hi)));
}

int tu_rng_int(tu_rng *r, int lo, int hi)
{
	uint64_t span = (uint64_t)(hi - lo) + 1;
	return lo + (int)(tu_rng_next(r) % span);
}

mink_vec3 tu_rng_box(tu_rng *r, double lo, double hi)
{
	double x = tu_rng_range(r, lo, hi);
	double y = tu_rng_range(r, lo, hi);
	double z = tu_rng_range(r, lo, hi);
	return tu_v3(x, y, z);
}

mink_vec3 tu_rng_unit_vec3(tu_rng *r)
{
	for (;;) {
		mink_vec3 v = tu_rng_box(r, -1, 1);
		double n2 = tu_dot(v, v);
		if (n2 > 1e-4 && n2 <= 1.0)
			return tu_scale(v, 1.0 / sqrt(n2));
	}
}

mink_vec3 tu_rng_in_ball(tu_rng *r)
{
	for (;;) {
		mink_vec3 v = tu_rng_box(r, -1, 1);
		if (tu_dot(v, v) <= 1.0)
			return v;
	}
}

mink_quat tu_rng_quat(tu_rng *r)
{
	const double two_pi = 6.283185307179586476925286766559;
	double u1 = tu_rng_unit(r), u2 = tu_rng_unit(r), u3 = tu_rng_unit(r);
	double a = sqrt(1.0 - u1), b = sqrt(u1);
	return tu_quat(a * sin(two_pi * u2), a * cos(two_pi * u2),
	               b * sin(two_pi * u3), b * cos(two_pi * u3));
}

/* ---- soft checks ---- */

enum { MAX_PRINTED = 25 };

static int failures;
static char case_label[512];
static clock_t started;

void tu_begin(void)
{
	failures = 0;
	case_label[0] = '\0';
	started = clock();
}

void tu_case(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(case_label, sizeof case_label, fmt, ap);
	va_end(ap);
}

const char *tu_case_label(void)
{
	return case_label;
}

int tu_failures(void) { return failures; }

void tu_end_at(const char *what, long cases, const char *file, int line)
{
	int n = failures;
	print_message("%s: %ld cases, %d failed checks (%.2f s)\n", what, cases, n,
	              (double)(clock() - started) / CLOCKS_PER_SEC);
	if (n > MAX_PRINTED)
		print_message("(only the first %d failures were printed)\n", MAX_PRINTED);
	failures = 0;
	if (n) {
		print_error("%s: %d failed checks\n", what, n);
		_fail(file, line);
	}
}

static void report(const char *file, int line, const char *fmt, va_list ap)
{
	failures++;
	if (failures > MAX_PRINTED)
		return;
	char msg[1024];
	vsnprintf(msg, sizeof msg, fmt, ap);
	print_error("%s:%d: [%s] %s\n", file, line, case_label, msg);
}

static void reportf(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(file, line, fmt, ap);
	va_end(ap);
}

int tu_check(int ok, const char *file, int line, const char *fmt, ...)
{
	if (!ok) {
		va_list ap;
		va_start(ap, fmt);
		report(file, line, fmt, ap);
		va_end(ap);
	}
	return ok;
}

int tu_near(double got, double want, double abs_tol, double rel_tol)
{
	double diff = fabs(got - want);
	return diff <= abs_tol + rel_tol * fabs(want);
}

int tu_check_near(const char *what, double got, double want,
                  double abs_tol, double rel_tol, const char *file, int line)
{
	if (tu_near(got, want, abs_tol, rel_tol))
		return 1;
	reportf(file, line, "%s: got %.17g, want %.17g (diff %.3g, tol %.3g)", what, got,
	        want, fabs(got - want), abs_tol + rel_tol * fabs(want));
	return 0;
}

int tu_check_vec3(const char *what, mink_vec3 got, mink_vec3 want,
                  double abs_tol, const char *file, int line)
{
	if (tu_near(got.x, want.x, abs_tol, 0) && tu_near(got.y, want.y, abs_tol, 0) &&
	    tu_near(got.z, want.z, abs_tol, 0))
		return 1;
	reportf(file, line,
	        "%s: got (%.17g, %.17g, %.17g), want (%.17g, %.17g, %.17g) "
	        "(|diff| %.3g, tol %.3g)",
	        what, got.x, got.y, got.z, want.x, want.y, want.z, tu_dist(got, want),
	        abs_tol);
	return 0;
}

/* ---- results ---- */

void tu_poison(mink_result *r) { memset(r, 0xff, sizeof *r); }

static int finite3(mink_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

int tu_result_finite(const mink_result *r)
{
	return isfinite(r->distance) && isfinite(r->depth) && finite3(r->normal) &&
	       finite3(r->point_a) && finite3(r->point_b) && finite3(r->local_a) &&
	       finite3(r->local_b) && finite3(r->tangent[0]) && finite3(r->tangent[1]);
}

static void print_v(const char *name, mink_vec3 v)
{
	print_error("  %-9s (%.17g, %.17g, %.17g)\n", name, v.x, v.y, v.z);
}

void tu_print_result(const mink_result *r)
{
	print_error("  status %d warning %d error %d state %d dim %d iterations %d/%d\n",
	            (int)r->status, (int)r->warning, (int)r->error, (int)r->state, r->dim,
	            r->gjk_iterations, r->epa_iterations);
	print_error("  distance  %.17g depth %.17g\n", r->distance, r->depth);
	print_v("normal", r->normal);
	print_v("point_a", r->point_a);
	print_v("point_b", r->point_b);
	print_v("local_a", r->local_a);
	print_v("local_b", r->local_b);
	print_v("tangent0", r->tangent[0]);
	print_v("tangent1", r->tangent[1]);
}

/* Checks shared by 2D and 3D; returns the number of failed checks. */
static int check_common(const mink_result *r, int approx_ok, double tol, const char *file,
                        int line)
{
	int bad = 0;
	if (approx_ok && r->status == MINK_APPROXIMATE) {
		int flagged = r->warning > MINK_WARN_NONE && r->warning <= MINK_WARN_DEGENERATE;
		bad += !tu_check(flagged && r->error == MINK_ERR_NONE, file, line,
		                 "approximate result with warning %d, error %d", (int)r->warning,
		                 (int)r->error);
	} else {
		bad += !tu_check(r->status == MINK_OK, file, line,
		                 "status %d (warning %d, error %d), want MINK_OK", (int)r->status,
		                 (int)r->warning, (int)r->error);
		bad += !tu_check(r->warning == MINK_WARN_NONE && r->error == MINK_ERR_NONE, file,
		                 line, "warning %d error %d on an ok result", (int)r->warning,
		                 (int)r->error);
	}
	if (!tu_check(tu_result_finite(r), file, line, "non-finite value in result"))
		return bad + 1;
	bad += !tu_check_near("|normal|", tu_norm(r->normal), 1.0, 1e-12, 0, file, line);
	bad += !tu_check(r->depth == fmax(0.0, -r->distance), file, line,
	                 "depth %.17g != max(0, -distance) with distance %.17g", r->depth,
	                 r->distance);
	switch (r->state) {
	case MINK_SEPARATED:
		bad += !tu_check(r->distance > 0, file, line,
		                 "state separated with distance %.17g", r->distance);
		break;
	case MINK_PENETRATING:
		bad += !tu_check(r->distance < 0, file, line,
		                 "state penetrating with distance %.17g", r->distance);
		break;
	case MINK_TOUCHING:
		bad += !tu_check(fabs(r->distance) <= tol, file, line,
		                 "state touching with distance %.17g", r->distance);
		break;
	default:
		bad += !tu_check(0, file, line, "invalid state %d", (int)r->state);
	}
	bad += !tu_check_vec3("point_b - point_a vs distance * normal",
	                      tu_sub(r->point_b, r->point_a),
	                      tu_scale(r->normal, r->distance), tol, file, line);
	bad += !tu_check(r->gjk_iterations >= 0 && r->epa_iterations >= 0, file, line,
	                 "negative iteration counts %d/%d", r->gjk_iterations,
	                 r->epa_iterations);
	return bad;
}

static int check3(const mink_result *r, int approx_ok, const mink_pose3 *pa,
                  const mink_pose3 *pb, double tol, const char *file, int line)
{
	int bad = !tu_check(r->dim == 3, file, line, "dim %d, want 3", r->dim);
	bad += check_common(r, approx_ok, tol, file, line);
	if (!tu_result_finite(r))
		return 0;
	bad += !tu_check_vec3("local_a", r->local_a, tu_to_local3(pa, r->point_a), tol,
	                      file, line);
	bad += !tu_check_vec3("local_b", r->local_b, tu_to_local3(pb, r->point_b), tol,
	                      file, line);
	const mink_vec3 *t = r->tangent;
	bad += !tu_check_near("|tangent0|", tu_norm(t[0]), 1.0, 1e-12, 0, file, line);
	bad += !tu_check_near("|tangent1|", tu_norm(t[1]), 1.0, 1e-12, 0, file, line);
	bad += !tu_check_near("tangent0.tangent1", tu_dot(t[0], t[1]), 0.0, 1e-12, 0, file,
	                      line);
	bad += !tu_check_near("tangent0.normal", tu_dot(t[0], r->normal), 0.0, 1e-12, 0,
	                      file, line);
	bad += !tu_check_near("tangent1.normal", tu_dot(t[1], r->normal), 0.0, 1e-12, 0,
	                      file, line);
	bad += !tu_check_vec3("tangent0 x tangent1", tu_cross(t[0], t[1]), r->normal, 1e-12,
	                      file, line);
	if (bad)
		tu_print_result(r);
	return bad == 0;
}

int tu_check_result3(const mink_result *r, const mink_pose3 *pa,
                     const mink_pose3 *pb, double tol, const char *file, int line)
{
	return check3(r, 0, pa, pb, tol, file, line);
}

int tu_check_flagged3(const mink_result *r, const mink_pose3 *pa,
                      const mink_pose3 *pb, double tol, const char *file, int line)
{
	return check3(r, 1, pa, pb, tol, file, line);
}

int tu_check_result2(const mink_result *r, const mink_pose2 *pa,
                     const mink_pose2 *pb, double tol, const char *file, int line)
{
	int bad = !tu_check(r->dim == 2, file, line, "dim %d, want 2", r->dim);
	bad += check_common(r, 0, tol, file, line);
	if (!tu_result_finite(r))
		return 0;
	bad += !tu_check(r->normal.z == 0 && r->point_a.z == 0 && r->point_b.z == 0 &&
	                         r->local_a.z == 0 && r->local_b.z == 0,
	                 file, line, "non-zero z in a 2D result");
	bad += !tu_check_vec3("local_a", r->local_a, tu_to_local2(pa, r->point_a), tol,
	                      file, line);
	bad += !tu_check_vec3("local_b", r->local_b, tu_to_local2(pb, r->point_b), tol,
	                      file, line);
	bad += !tu_check_vec3("tangent0 (normal turned +90 degrees)", r->tangent[0],
	                      tu_v3(-r->normal.y, r->normal.x, 0.0), 1e-15, file, line);
	bad += !tu_check_vec3("tangent1 (zero in 2D)", r->tangent[1], tu_v3(0, 0, 0), 0.0,
	                      file, line);
	if (bad)
		tu_print_result(r);
	return bad == 0;
}
