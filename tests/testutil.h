/*
 * testutil.h - shared helpers of the mink unit and oracle tests.
 *
 * Double comparisons with absolute and relative tolerance (cmocka 1.1.5's
 * assert_float_equal casts to float), soft checks that report every
 * mismatch of a test before failing it, small vector and quaternion math
 * written independently of the library, a seeded PRNG (xoshiro256**
 * seeded by splitmix64, identical on every machine) and checks of the
 * conventions every valid mink_result must satisfy.
 */
#ifndef MINK_TESTUTIL_H
#define MINK_TESTUTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "mink.h"
#include "mink_random.h"

/* SANITIZED: built with a sanitizer (ASan, TSan, MSan), which replaces the
 * allocator and enlarges every stack frame: the tests that count
 * allocations or measure the stack skip themselves there. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
	__has_feature(memory_sanitizer)
#define SANITIZED 1
#endif
#endif

/* ---- vectors and rotations (independent of lib/) ---- */

mink_vec3 tu_v3(double x, double y, double z);
mink_vec2 tu_v2(double x, double y);
mink_vec3 tu_add(mink_vec3 a, mink_vec3 b);
mink_vec3 tu_sub(mink_vec3 a, mink_vec3 b);
mink_vec3 tu_scale(mink_vec3 a, double s);
mink_vec3 tu_neg(mink_vec3 a);
double tu_dot(mink_vec3 a, mink_vec3 b);
mink_vec3 tu_cross(mink_vec3 a, mink_vec3 b);
double tu_norm(mink_vec3 a);
double tu_dist(mink_vec3 a, mink_vec3 b);
mink_vec3 tu_normalize(mink_vec3 a);
/** A 2D vector as a mink_vec3 with z = 0. */
mink_vec3 tu_v2to3(mink_vec2 v);

mink_quat tu_quat(double w, double x, double y, double z);
mink_quat tu_quat_identity(void);
mink_quat tu_quat_normalize(mink_quat q);
/** Rotation by `angle` radians about `axis` (need not be unit). */
mink_quat tu_quat_axis_angle(mink_vec3 axis, double angle);
/** The rotation b followed by a (a * b). */
mink_quat tu_quat_mul(mink_quat a, mink_quat b);
/** Rotates v by q (q is normalised first). */
mink_vec3 tu_rotate(mink_quat q, mink_vec3 v);
/** Rotates v by the inverse of q (q is normalised first). */
mink_vec3 tu_rotate_inv(mink_quat q, mink_vec3 v);

mink_pose3 tu_pose3(double x, double y, double z, mink_quat q);
mink_pose2 tu_pose2(double x, double y, double angle);
/** R p + position. */
mink_vec3 tu_to_world3(const mink_pose3 *p, mink_vec3 local);
/** R^T (w - position). */
mink_vec3 tu_to_local3(const mink_pose3 *p, mink_vec3 world);
mink_vec2 tu_rotate2(double angle, mink_vec2 v);
mink_vec2 tu_to_world2(const mink_pose2 *p, mink_vec2 local);
/** R(-angle) (w - position) of the x, y of w, as a vec3 with z = 0. */
mink_vec3 tu_to_local2(const mink_pose2 *p, mink_vec3 world);

/* ---- shapes ---- */

mink_shape3 tu_sphere(double r);
mink_shape3 tu_box(double hx, double hy, double hz);
mink_shape3 tu_capsule(double r, double hh);
mink_shape3 tu_cylinder(double r, double hh);
mink_shape3 tu_cone(double r, double hh);
mink_shape3 tu_ellipsoid(double rx, double ry, double rz);
mink_shape3 tu_hull(const mink_vec3 *pts, int n);
mink_shape2 tu_circle(double r);
mink_shape2 tu_box2(double hx, double hy);
mink_shape2 tu_capsule2(double r, double hh);
mink_shape2 tu_polygon(const mink_vec2 *pts, int n);

/*
 * ---- seeded PRNG: xoshiro256**, seeded by splitmix64 (mink_random.h) ----
 *
 * The same seed gives the same numbers everywhere, provided that callers
 * never draw twice in one expression whose order C leaves unspecified
 * (two draws as arguments of one call, or as operands of one operator).
 */

typedef mink_rng tu_rng;

void tu_rng_seed(tu_rng *r, uint64_t seed);
uint64_t tu_rng_next(tu_rng *r);
/** Uniform in [0, 1), 53 bits. */
double tu_rng_unit(tu_rng *r);
/** Uniform in [lo, hi). */
double tu_rng_range(tu_rng *r, double lo, double hi);
/** Log-uniform in [lo, hi), lo > 0. */
double tu_rng_log_range(tu_rng *r, double lo, double hi);
/** Uniform integer in [lo, hi]. */
int tu_rng_int(tu_rng *r, int lo, int hi);
/** Uniform in the box [lo, hi)^3 (x drawn first, then y, then z). */
mink_vec3 tu_rng_box(tu_rng *r, double lo, double hi);
/** Uniform on the unit sphere. */
mink_vec3 tu_rng_unit_vec3(tu_rng *r);
/** Uniform in the unit ball. */
mink_vec3 tu_rng_in_ball(tu_rng *r);
/** Uniform random rotation (Shoemake's subgroup algorithm). */
mink_quat tu_rng_quat(tu_rng *r);

/* ---- soft checks: count and report every mismatch ---- */

/** Starts a test: resets the failure count and the case label. */
void tu_begin(void);
/** Sets the label printed with every following failure message. */
void tu_case(const char *fmt, ...);
/** The label set by the last tu_case(). */
const char *tu_case_label(void);
/** Number of failed checks since tu_begin(). */
int tu_failures(void);
/** Ends a test: prints a summary and fails it (at the caller's line) if any
 * check failed. */
void tu_end_at(const char *what, long cases, const char *file, int line);
#define tu_end(what, cases) tu_end_at((what), (cases), __FILE__, __LINE__)

/** Records a failure when !ok; returns ok. */
int tu_check(int ok, const char *file, int line, const char *fmt, ...);
/** |got - want| <= abs_tol + rel_tol * |want|, and neither is NaN. */
int tu_near(double got, double want, double abs_tol, double rel_tol);
int tu_check_near(const char *what, double got, double want,
                  double abs_tol, double rel_tol, const char *file, int line);
/** Each component within abs_tol. */
int tu_check_vec3(const char *what, mink_vec3 got, mink_vec3 want,
                  double abs_tol, const char *file, int line);

#define CHECK(ok, ...) tu_check((ok) ? 1 : 0, __FILE__, __LINE__, __VA_ARGS__)
#define CHECK_NEAR(what, got, want, abs_tol, rel_tol) \
	tu_check_near((what), (got), (want), (abs_tol), (rel_tol), __FILE__, __LINE__)
#define CHECK_VEC3(what, got, want, abs_tol) \
	tu_check_vec3((what), (got), (want), (abs_tol), __FILE__, __LINE__)

/** Hard double assert with absolute and relative tolerance. */
#define assert_double_near(got, want, abs_tol, rel_tol)                        \
	do {                                                                   \
		if (!tu_check_near(#got, (got), (want), (abs_tol), (rel_tol),  \
		                   __FILE__, __LINE__))                        \
			fail();                                                \
	} while (0)

/* ---- results ---- */

/** Fills *r with NaN bytes, so that a field the library forgets shows. */
void tu_poison(mink_result *r);
/** 1 when no double of *r is NaN or infinite. */
int tu_result_finite(const mink_result *r);
/** Prints the fields of a result (for failure diagnostics). */
void tu_print_result(const mink_result *r);

/**
 * Checks the conventions of a valid 3D result: status MINK_OK, dim 3, all
 * finite, unit normal, depth = max(0, -distance), state consistent with
 * distance, point_b - point_a = distance * normal, local points equal to
 * R^T (p - position), orthonormal right-handed tangents.  `tol` is the
 * absolute tolerance of the point relations.  Returns 1 when all hold.
 */
int tu_check_result3(const mink_result *r, const mink_pose3 *pa,
                     const mink_pose3 *pb, double tol, const char *file, int line);
/** As tu_check_result3, but a MINK_APPROXIMATE result with a warning is
 * accepted too: flagged results keep every convention. */
int tu_check_flagged3(const mink_result *r, const mink_pose3 *pa,
                      const mink_pose3 *pb, double tol, const char *file, int line);
/** The 2D counterpart: z components zero, tangent[0] = normal turned +90
 * degrees, tangent[1] zero. */
int tu_check_result2(const mink_result *r, const mink_pose2 *pa,
                     const mink_pose2 *pb, double tol, const char *file, int line);

#define CHECK_RESULT3(r, pa, pb, tol) tu_check_result3((r), (pa), (pb), (tol), __FILE__, __LINE__)
#define CHECK_FLAGGED3(r, pa, pb, tol) tu_check_flagged3((r), (pa), (pb), (tol), __FILE__, __LINE__)
#define CHECK_RESULT2(r, pa, pb, tol) tu_check_result2((r), (pa), (pb), (tol), __FILE__, __LINE__)

#endif /* MINK_TESTUTIL_H */
