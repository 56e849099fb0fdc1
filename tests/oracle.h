/*
 * oracle.h - brute-force reference answers for polytope pairs.
 *
 * Written from scratch and independent of lib/: exhaustive separating-axis
 * search for penetration depth and exhaustive feature-pair search for
 * distance and closest points, on point sets in world space.  Slow
 * (polynomial in the point count) and meant for small sets (a dozen points).
 */
#ifndef MINK_ORACLE_H
#define MINK_ORACLE_H

#include "mink.h"

/** The answer of a separating-axis search. */
typedef struct oracle_sat {
	/**
	 * min over the candidate unit axes n of max_a(a.n) - min_b(b.n): the
	 * translation of B along n that separates the hulls.  > 0 means the
	 * hulls overlap and it is the penetration depth; < 0 means some
	 * candidate axis separates them (exact for polytopes).
	 */
	double value;
	mink_vec3 axis;  /**< the minimising unit axis, from A towards B */
	double second;   /**< best value over axes not parallel to `axis` */
	/** second exceeds value by more than 1e-7 relative plus 1e-11 times
	 * the radius of the sets (far above rounding and mink's tolerances) */
	int unique;
	int axes;        /**< number of candidate axes tried (both signs) */
} oracle_sat;

/**
 * 3D search: candidate axes are the normals of every triple of points of A
 * and of B (a superset of the face normals) and the cross products of every
 * pair difference of A with every pair difference of B (a superset of the
 * edge x edge axes), both signs.
 */
void oracle_sat3(const mink_vec3 *a, int na, const mink_vec3 *b, int nb, oracle_sat *out);

/**
 * Whether one of the candidate axes of oracle_sat3 separates the sets
 * (stopping at the first): 1 yes, 0 no (the hulls overlap or touch), -1
 * when there is no candidate axis (two sets of fewer than 3 points with
 * no pair on one side, e.g. a point and a segment).
 */
int oracle_separated3(const mink_vec3 *a, int na, const mink_vec3 *b, int nb);

/**
 * The signed distance of the hulls: the feature pairs' distance
 * (oracle_dist3) where a candidate axis separates them, else minus the
 * separating-axis depth (oracle_sat3).  Exact for polytopes whose
 * Minkowski difference is solid (a flat one can hold the origin on its
 * boundary with no candidate axis to show it).
 */
double oracle_signed3(const mink_vec3 *a, int na, const mink_vec3 *b, int nb);

/** The 2D counterpart of oracle_separated3. */
int oracle_separated2(const mink_vec2 *a, int na, const mink_vec2 *b, int nb);

/** 2D search: candidates are the perpendiculars of every pair difference of
 * A and of B (both signs); axis.z = 0. */
void oracle_sat2(const mink_vec2 *a, int na, const mink_vec2 *b, int nb, oracle_sat *out);

/** The answer of a brute-force distance search between separated hulls. */
typedef struct oracle_dist {
	double distance;
	mink_vec3 point_a, point_b; /**< a closest pair, world space */
	/** best distance of a candidate whose points differ from the closest
	 * pair by more than 1e-7 times the scale of the sets */
	double second;
	/** second exceeds distance by more than 1e-7 relative plus 1e-11
	 * times scale */
	int unique;
	double scale; /**< radius of a ball around both sets' centroid */
} oracle_dist;

/**
 * 3D: minimum over (triangle of 3 points of A, point of B), (point of A,
 * triangle of B) and (segment of A, segment of B).  The hulls must not
 * overlap.
 */
void oracle_dist3(const mink_vec3 *a, int na, const mink_vec3 *b, int nb, oracle_dist *out);

/** 2D: minimum over (segment of A, point of B) and (point of A, segment of
 * B); z = 0.  The hulls must not overlap. */
void oracle_dist2(const mink_vec2 *a, int na, const mink_vec2 *b, int nb, oracle_dist *out);

/** Closest point to p on triangle abc (Ericson, RTCD 5.1.5). */
mink_vec3 oracle_closest_on_triangle(mink_vec3 p, mink_vec3 a, mink_vec3 b, mink_vec3 c);
/** Closest point to p on segment ab. */
mink_vec3 oracle_closest_on_segment(mink_vec3 p, mink_vec3 a, mink_vec3 b);
/** Closest points c1 on p1q1 and c2 on p2q2 (Ericson, RTCD 5.1.9). */
void oracle_closest_segments(mink_vec3 p1, mink_vec3 q1, mink_vec3 p2, mink_vec3 q2,
                             mink_vec3 *c1, mink_vec3 *c2);

/** max over the points of p.d */
double oracle_support_max3(const mink_vec3 *pts, int n, mink_vec3 d);
/** min over the points of p.d */
double oracle_support_min3(const mink_vec3 *pts, int n, mink_vec3 d);

/**
 * How far p lies outside the convex hull of a full-dimensional point set:
 * the largest signed distance of p to a facet plane (a plane through three
 * of the points with all points on one side, up to 1e-9 times the size of
 * the set), <= 0 when p is inside.
 */
double oracle_outside_hull3(const mink_vec3 *pts, int n, mink_vec3 p);
/** The 2D counterpart (facet lines through two points); p.z is ignored. */
double oracle_outside_hull2(const mink_vec2 *pts, int n, mink_vec3 p);

/** Largest distance of a point from c: the radius of a bounding ball. */
double oracle_radius3(const mink_vec3 *pts, int n, mink_vec3 c);

#endif /* MINK_ORACLE_H */
