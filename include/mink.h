/*
 * mink.h - the public interface of the mink geometry core.
 *
 * Exact penetration depth, separation distance and contact points between
 * pairs of convex shapes, in 3D and 2D, by GJK and the Expanding Polytope
 * Algorithm.  The library does no I/O, keeps no global state and never
 * allocates during a query: every function here is reentrant and
 * thread-safe.  A query works on the stack and needs up to
 * MINK_QUERY_STACK bytes of it (below): threads with a small default stack
 * (musl: 128 KB) must ask for more.  Shape data (hull points) is owned by
 * the caller and must stay alive during the call.
 *
 * Conventions (see DESIGN.md and mink(3)):
 *  - right-handed coordinates, double precision;
 *  - a 3D pose is a position and a unit quaternion [w, x, y, z]; a 2D pose a
 *    position and a counter-clockwise angle in radians;
 *  - `normal` is a unit vector from A towards B;
 *  - point_b - point_a = distance * normal, where distance is negative when
 *    the shapes overlap (its magnitude is the depth) and positive when apart.
 */
#ifndef MINK_H
#define MINK_H

#ifdef __cplusplus
extern "C" {
#endif

#define MINK_VERSION_MAJOR 0
#define MINK_VERSION_MINOR 1
#define MINK_VERSION_PATCH 0
/** Version string of the library, "MAJOR.MINOR.PATCH". */
#define MINK_VERSION_STRING "0.1.0"

/**
 * The largest magnitude accepted for any coordinate or size: positions,
 * sizes, points and margins must be finite and at most this in magnitude,
 * so that every product GJK and EPA form (up to cubes of coordinates)
 * stays finite.  A larger value is MINK_ERR_BAD_SHAPE or MINK_ERR_BAD_POSE.
 */
#define MINK_MAX_COORD 1e100

/**
 * The most stack a query takes, in bytes, beyond its caller's frames: most
 * of it is the Expanding Polytope Algorithm's polytope (1024 vertices and
 * 2048 faces) in 3D.  For the library as its Makefile builds it (-O2,
 * x86-64); tests/test_stack.c holds the deepest queries to it.
 */
#define MINK_QUERY_STACK (640u * 1024u)

/** A 3D vector (also used for 2D results, with z = 0). */
typedef struct mink_vec3 {
	double x, y, z;
} mink_vec3;

/** A 2D vector. */
typedef struct mink_vec2 {
	double x, y;
} mink_vec2;

/** A quaternion w + xi + yj + zk; rotations use unit quaternions. */
typedef struct mink_quat {
	double w, x, y, z;
} mink_quat;

/** A rigid 3D pose: rotation first, then translation. */
typedef struct mink_pose3 {
	mink_vec3 position;
	mink_quat rotation; /**< need not be normalised; must not be zero */
} mink_pose3;

/** A rigid 2D pose: rotation by `angle` (radians, CCW), then translation. */
typedef struct mink_pose2 {
	mink_vec2 position;
	double angle;
} mink_pose2;

/** The kinds of 3D shapes. Every shape also carries a margin. */
typedef enum mink_shape3_type {
	MINK_SPHERE = 1, /**< sphere.radius; the core is a point */
	MINK_BOX,        /**< box.half_extents */
	MINK_CAPSULE,    /**< capsule.radius, half_height; axis = local z */
	MINK_CYLINDER,   /**< cylinder.radius, half_height; axis = local z */
	MINK_CONE,       /**< cone.radius, half_height; apex at +z, base at -z */
	MINK_ELLIPSOID,  /**< ellipsoid.radii */
	MINK_POINT,      /**< the local origin */
	MINK_SEGMENT,    /**< segment.points[2] */
	MINK_TRIANGLE,   /**< triangle.points[3] */
	MINK_HULL        /**< hull.points[count]: the convex hull of a point set */
} mink_shape3_type;

/**
 * A 3D convex shape in its own frame.  `margin` (>= 0) sweeps the shape by a
 * sphere of that radius; the reported surface is the swept surface.
 */
struct mink_hull;

typedef struct mink_shape3 {
	mink_shape3_type type;
	double margin;
	union {
		struct { double radius; } sphere;
		struct { mink_vec3 half_extents; } box;
		struct { double radius, half_height; } capsule;
		struct { double radius, half_height; } cylinder;
		struct { double radius, half_height; } cone;
		struct { mink_vec3 radii; } ellipsoid;
		struct { mink_vec3 points[2]; } segment;
		struct { mink_vec3 points[3]; } triangle;
		struct {
			const mink_vec3 *points; /**< caller-owned, count >= 1 */
			int count;
			/**
			 * Optional vertex adjacency of the convex hull of `points`
			 * (CSR: the neighbours of vertex i are
			 * adjacency[adjacency_start[i] .. adjacency_start[i+1]-1]),
			 * as mink_hull_build() makes it.  When present and count is
			 * large, support points are found by hill climbing over it
			 * instead of scanning every point.  NULL: scan.
			 */
			const int *adjacency_start;
			const int *adjacency;
			/**
			 * The built hull these points and adjacency come from, as
			 * mink_hull_shape() sets it: queries then reuse what the build
			 * computed once (the bounding radius, the extreme vertices that
			 * seed hill climbing) instead of finding it again on every
			 * query.  Ignored unless its points and adjacency are the ones
			 * above.  NULL: computed per query.
			 */
			const struct mink_hull *built;
		} hull;
	};
} mink_shape3;

/**
 * A convex hull built from a point set by mink_hull_build(): its vertices
 * (a subset of the input, coordinates copied exactly), its triangular
 * faces and the vertex adjacency used for hill-climbing support.  Owned by
 * the caller; release with mink_hull_free().
 */
typedef struct mink_hull {
	mink_vec3 *points;    /**< the hull's vertices */
	int count;
	int *adjacency_start; /**< count + 1 offsets into adjacency */
	int *adjacency;       /**< neighbour indices into points */
	int *faces;           /**< 3 * face_count indices, counter-clockwise seen from outside */
	int face_count;
	int dim;              /**< affine dimension of the input: 0, 1, 2 or 3 */
	int input_count;      /**< number of input points */
	int duplicates;       /**< input points that repeated another exactly */
	int interior;         /**< input points strictly inside the hull (dropped) */
	/** With adjacency: the extreme vertices along +x, -x, +y, -y, +z, -z
	 *  (the seeds of hill climbing) and the largest of their distances
	 *  from the origin (the size queries scale their tolerances by). */
	int seed[6];
	double seed_bound;
	/** With adjacency: the extreme vertex for each cell of a cube map of
	 *  directions (6 * dir_res^2 cells), where hill climbing starts. */
	int *dir_seed;
	int dir_res;
	/** The largest distance of a vertex (of points) from the origin: the
	 *  bounding radius queries of a hull without hill climbing use. */
	double radius;
	/** With adjacency: the library's own copy of the vertices and their
	 *  neighbours laid out for hill climbing (not for callers to read). */
	void *walk;
} mink_hull;

/** Outcome of mink_hull_build(). */
typedef enum mink_hull_status {
	MINK_HULL_OK = 0,      /**< a solid hull (dim 3) */
	MINK_HULL_DEGENERATE,  /**< all points on a plane, line or one point:
	                            points kept, faces and adjacency empty */
	MINK_HULL_INVALID,     /**< no points, or a non-finite coordinate */
	MINK_HULL_NOMEM        /**< allocation failed */
} mink_hull_status;

/**
 * Builds the convex hull of n points (libqhull_r, exact input coordinates).
 * A degenerate set still yields a usable shape: its distinct points, with
 * no adjacency.  Allocates; not for the query hot path.
 */
mink_hull_status mink_hull_build(const mink_vec3 *points, int n, mink_hull *out);

/** Frees what mink_hull_build() allocated; *h becomes empty. */
void mink_hull_free(mink_hull *h);

/** The shape of a built hull (type MINK_HULL, adjacency attached). */
mink_shape3 mink_hull_shape(const mink_hull *h, double margin);

/** The kinds of 2D shapes. */
typedef enum mink_shape2_type {
	MINK_CIRCLE2 = 1, /**< circle.radius; the core is a point */
	MINK_BOX2,        /**< box.half_extents */
	MINK_CAPSULE2,    /**< capsule.radius, half_height; axis = local y */
	MINK_SEGMENT2,    /**< segment.points[2] */
	MINK_POINT2,      /**< the local origin */
	MINK_POLYGON2     /**< polygon.points[count], any order: the convex hull */
} mink_shape2_type;

/** The 0.1 spellings of MINK_CIRCLE2 and MINK_POLYGON2, kept for source
 *  compatibility. */
#define MINK_CIRCLE MINK_CIRCLE2
#define MINK_POLYGON MINK_POLYGON2

/** A 2D convex shape in its own frame, with an optional margin. */
typedef struct mink_shape2 {
	mink_shape2_type type;
	double margin;
	union {
		struct { double radius; } circle;
		struct { mink_vec2 half_extents; } box;
		struct { double radius, half_height; } capsule;
		struct { mink_vec2 points[2]; } segment;
		struct {
			const mink_vec2 *points; /**< caller-owned, count >= 1 */
			int count;
		} polygon;
	};
} mink_shape2;

/*
 * Shape makers: each returns a shape by value with margin 0 (set .margin
 * for a swept shape).  Sizes are not checked here; a query (or
 * mink_shape3_check / mink_shape2_check) rejects invalid ones.  Point
 * data (mink_hull_points, mink_polygon) stays the caller's.
 */

/** A sphere of the given radius about the local origin. */
static inline mink_shape3 mink_sphere(double radius)
{
	mink_shape3 s = {MINK_SPHERE, 0.0, {{0.0}}};
	s.sphere.radius = radius;
	return s;
}

/** A box of half extents hx, hy, hz along the local axes. */
static inline mink_shape3 mink_box(double hx, double hy, double hz)
{
	mink_shape3 s = {MINK_BOX, 0.0, {{0.0}}};
	s.box.half_extents.x = hx;
	s.box.half_extents.y = hy;
	s.box.half_extents.z = hz;
	return s;
}

/** A capsule: the segment from z = -half_height to +half_height swept by radius. */
static inline mink_shape3 mink_capsule(double radius, double half_height)
{
	mink_shape3 s = {MINK_CAPSULE, 0.0, {{0.0}}};
	s.capsule.radius = radius;
	s.capsule.half_height = half_height;
	return s;
}

/** A cylinder about local z, from z = -half_height to +half_height. */
static inline mink_shape3 mink_cylinder(double radius, double half_height)
{
	mink_shape3 s = {MINK_CYLINDER, 0.0, {{0.0}}};
	s.cylinder.radius = radius;
	s.cylinder.half_height = half_height;
	return s;
}

/** A cone about local z: base of the given radius at z = -half_height,
 *  apex at +half_height. */
static inline mink_shape3 mink_cone(double radius, double half_height)
{
	mink_shape3 s = {MINK_CONE, 0.0, {{0.0}}};
	s.cone.radius = radius;
	s.cone.half_height = half_height;
	return s;
}

/** An ellipsoid of radii rx, ry, rz along the local axes. */
static inline mink_shape3 mink_ellipsoid(double rx, double ry, double rz)
{
	mink_shape3 s = {MINK_ELLIPSOID, 0.0, {{0.0}}};
	s.ellipsoid.radii.x = rx;
	s.ellipsoid.radii.y = ry;
	s.ellipsoid.radii.z = rz;
	return s;
}

/** The local origin (with a margin: a sphere). */
static inline mink_shape3 mink_point3(void)
{
	mink_shape3 s = {MINK_POINT, 0.0, {{0.0}}};
	return s;
}

/** The segment from p to q. */
static inline mink_shape3 mink_segment3(mink_vec3 p, mink_vec3 q)
{
	mink_shape3 s = {MINK_SEGMENT, 0.0, {{0.0}}};
	s.segment.points[0] = p;
	s.segment.points[1] = q;
	return s;
}

/** The triangle p, q, r. */
static inline mink_shape3 mink_triangle3(mink_vec3 p, mink_vec3 q, mink_vec3 r)
{
	mink_shape3 s = {MINK_TRIANGLE, 0.0, {{0.0}}};
	s.triangle.points[0] = p;
	s.triangle.points[1] = q;
	s.triangle.points[2] = r;
	return s;
}

/** The convex hull of count caller-owned points, scanned for every
 *  support point (no adjacency; see mink_hull_shape for a built hull). */
static inline mink_shape3 mink_hull_points(const mink_vec3 *points, int count)
{
	mink_shape3 s = {MINK_HULL, 0.0, {{0.0}}};
	s.hull.points = points;
	s.hull.count = count;
	s.hull.adjacency_start = 0;
	s.hull.adjacency = 0;
	return s;
}

/** A circle of the given radius about the local origin. */
static inline mink_shape2 mink_circle(double radius)
{
	mink_shape2 s = {MINK_CIRCLE2, 0.0, {{0.0}}};
	s.circle.radius = radius;
	return s;
}

/** A box of half extents hx, hy along the local axes. */
static inline mink_shape2 mink_box2(double hx, double hy)
{
	mink_shape2 s = {MINK_BOX2, 0.0, {{0.0}}};
	s.box.half_extents.x = hx;
	s.box.half_extents.y = hy;
	return s;
}

/** A capsule: the segment from y = -half_height to +half_height swept by radius. */
static inline mink_shape2 mink_capsule2(double radius, double half_height)
{
	mink_shape2 s = {MINK_CAPSULE2, 0.0, {{0.0}}};
	s.capsule.radius = radius;
	s.capsule.half_height = half_height;
	return s;
}

/** The segment from p to q. */
static inline mink_shape2 mink_segment2(mink_vec2 p, mink_vec2 q)
{
	mink_shape2 s = {MINK_SEGMENT2, 0.0, {{0.0}}};
	s.segment.points[0] = p;
	s.segment.points[1] = q;
	return s;
}

/** The local origin (with a margin: a circle). */
static inline mink_shape2 mink_point2(void)
{
	mink_shape2 s = {MINK_POINT2, 0.0, {{0.0}}};
	return s;
}

/** The convex hull of count caller-owned points, in any order. */
static inline mink_shape2 mink_polygon(const mink_vec2 *points, int count)
{
	mink_shape2 s = {MINK_POLYGON2, 0.0, {{0.0}}};
	s.polygon.points = points;
	s.polygon.count = count;
	return s;
}

/** Tolerances and caps of a query; start from mink_default_options(). */
typedef struct mink_options {
	/**
	 * Convergence: GJK and EPA stop when the gap between their lower and
	 * upper bounds is at most `tolerance * |value| + size_tolerance * size`,
	 * where `size` is the pair's extent (bounding radii plus margins).
	 */
	double tolerance;      /**< relative to the value; default 1e-10 */
	double size_tolerance; /**< relative to the pair's size; default 1e-13 */
	int max_gjk_iterations; /**< default 256 */
	int max_epa_iterations; /**< default 32768; also bounded by capacity */
	/**
	 * Contacts: at most this many points of the contact patch, 1 to
	 * MINK_MAX_CONTACTS (default 4; 2D patches have at most 2).  A patch
	 * with more points is reduced: the deepest first, then each next point
	 * the one that adds the most area.
	 */
	int max_contacts;
	/**
	 * How far, relative to the pair's size, a vertex may lie below a
	 * shape's support plane and still belong to the supporting face or
	 * edge (default 1e-9): faces parallel to that level touch as faces.
	 */
	double contact_tolerance;
} mink_options;

/** The most contact points a result holds (mink_options.max_contacts). */
#define MINK_MAX_CONTACTS 16

/**
 * One point of a contact patch, in the result's normal.  point_b -
 * point_a = distance * normal, as for the result itself; the deepest
 * contact's distance is the result's distance.
 */
typedef struct mink_contact {
	mink_vec3 point_a; /**< on A's surface, world space */
	mink_vec3 point_b; /**< on B's surface, world space */
	mink_vec3 local_a; /**< point_a in A's frame */
	mink_vec3 local_b; /**< point_b in B's frame */
	double distance;   /**< signed gap along the normal at this point */
} mink_contact;

/** Overall status of a result. */
typedef enum mink_status {
	MINK_OK = 0,          /**< converged to the tolerances */
	MINK_APPROXIMATE = 1, /**< valid best effort; `warning` says why */
	MINK_ERROR = 2        /**< invalid input; `error` says why, no values */
} mink_status;

/** Geometric state of a valid result. */
typedef enum mink_state {
	MINK_SEPARATED = 0,  /**< distance > 0 */
	MINK_TOUCHING = 1,   /**< distance == 0 (within rounding of the size) */
	MINK_PENETRATING = 2 /**< distance < 0 */
} mink_state;

/** Why a result is only approximate (status MINK_APPROXIMATE). */
typedef enum mink_warning {
	MINK_WARN_NONE = 0,
	MINK_WARN_GJK_ITERATIONS, /**< GJK reached max_gjk_iterations */
	MINK_WARN_EPA_ITERATIONS, /**< EPA reached max_epa_iterations */
	MINK_WARN_EPA_CAPACITY,   /**< EPA ran out of polytope capacity */
	MINK_WARN_DEGENERATE      /**< numerical degeneracy; best face kept */
} mink_warning;

/** Why an input was rejected (status MINK_ERROR). */
typedef enum mink_error {
	MINK_ERR_NONE = 0,
	MINK_ERR_BAD_SHAPE, /**< unknown type, negative or non-finite size, |x| > MINK_MAX_COORD */
	MINK_ERR_BAD_POSE,  /**< non-finite position or angle, |x| > MINK_MAX_COORD,
	                         zero quaternion */
	MINK_ERR_NUMERIC,   /**< the computation lost finiteness (a bug: report it) */
	MINK_ERR_BAD_OPTIONS /**< options out of range (mink_options_check) */
} mink_error;

/** The answer for one pair.  Vectors are in world space unless noted. */
typedef struct mink_result {
	mink_status status;
	mink_warning warning; /**< MINK_WARN_NONE unless approximate */
	mink_error error;     /**< MINK_ERR_NONE unless status == MINK_ERROR */
	mink_state state;
	int dim;              /**< 2 or 3 */
	double distance;      /**< signed: < 0 overlapping, > 0 apart */
	double depth;         /**< max(0, -distance) */
	mink_vec3 normal;     /**< unit, from A towards B */
	mink_vec3 point_a;    /**< on A's surface */
	mink_vec3 point_b;    /**< on B's surface */
	mink_vec3 local_a;    /**< point_a in A's frame */
	mink_vec3 local_b;    /**< point_b in B's frame */
	mink_vec3 tangent[2]; /**< 3D: tangent[0] x tangent[1] = normal */
	int gjk_iterations;
	int epa_iterations;
	/**
	 * The contact patch along the normal (the closest features when
	 * apart): face on face the clipped polygon, edge on face or two
	 * parallel edges two points, a vertex or a curved contact one point.
	 * Deepest first; 0 only for an error.
	 */
	int contact_count;
	mink_contact contacts[MINK_MAX_CONTACTS];
} mink_result;

/** The default options (tolerance 1e-10, size_tolerance 1e-13, caps 256/32768,
 * 4 contacts, contact tolerance 1e-9). */
mink_options mink_default_options(void);

/**
 * Computes distance or penetration between 3D shapes a and b in poses pa
 * and pb.  Fills *out and returns out->status.  `opt` may be NULL for the
 * defaults.  Invalid input yields MINK_ERROR, never a crash or a NaN.
 */
mink_status mink_query3(const mink_shape3 *a, const mink_pose3 *pa,
                        const mink_shape3 *b, const mink_pose3 *pb,
                        const mink_options *opt, mink_result *out);

/**
 * The 2D counterpart of mink_query3.  Results use mink_vec3 with z = 0;
 * tangent[0] is the normal turned by +90 degrees, tangent[1] is zero.
 */
mink_status mink_query2(const mink_shape2 *a, const mink_pose2 *pa,
                        const mink_shape2 *b, const mink_pose2 *pb,
                        const mink_options *opt, mink_result *out);

/**
 * Checks options: tolerance, size_tolerance and contact_tolerance finite
 * and >= 0, both iteration caps >= 1, max_contacts 1 to MINK_MAX_CONTACTS.
 * Returns MINK_ERR_NONE or MINK_ERR_BAD_OPTIONS, which a query given such
 * options answers with.
 */
mink_error mink_options_check(const mink_options *o);

/** Checks a 3D shape; returns MINK_ERR_NONE or why it is invalid. */
mink_error mink_shape3_check(const mink_shape3 *s);

/** Checks a 2D shape; returns MINK_ERR_NONE or why it is invalid. */
mink_error mink_shape2_check(const mink_shape2 *s);

/** Stable lower-case names used in the output: "ok", "approximate", "error". */
const char *mink_status_name(mink_status s);
/** "separated", "touching", "penetrating". */
const char *mink_state_name(mink_state s);
/** "none", "gjk_iterations", "epa_iterations", "epa_capacity", "degenerate". */
const char *mink_warning_name(mink_warning w);
/** "none", "bad_shape", "bad_pose", "numeric". */
const char *mink_error_name(mink_error e);

/**
 * The deterministic tangent basis of a unit normal n: t1, t2 unit, mutually
 * orthogonal, with t1 x t2 = n (so (t1, t2, n) is right-handed).
 */
void mink_tangents(mink_vec3 n, mink_vec3 *t1, mink_vec3 *t2);

#ifdef __cplusplus
}
#endif

#endif /* MINK_H */
