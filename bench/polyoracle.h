/*
 * polyoracle.h - reference depth and distance of two convex polytopes
 * with many vertices, for the benchmark's exactness column.
 *
 * tests/oracle.c tries every triple and every pair of edges of the input
 * points, which is exact but polynomial of high degree: fine for boxes,
 * far too slow for hulls of 64 or 2000 points.  This oracle first takes
 * the hulls' faces from libqhull_r (not from lib/), then enumerates the
 * facets of the Minkowski difference A - B: the faces of A, the faces of
 * B, and the pairs of edges whose arcs on the Gauss map cross (Gregorius,
 * "The Separating Axis Test between Convex Polyhedra", GDC 2013).  The
 * depth is the smallest support gap over those facet normals, computed by
 * scanning every point; the distance is the smallest distance from the
 * origin to those facets.  Extra candidates never change either answer
 * (every candidate gap is an upper bound of the depth, every candidate
 * facet lies in A - B), so the arc test is applied with a loose
 * tolerance.  Validated at run time against tests/oracle.c.
 */
#ifndef BENCH_POLYORACLE_H
#define BENCH_POLYORACLE_H

#include "mink.h"

/** A triangulated convex hull of a world-space point set. */
typedef struct poly {
	const mink_vec3 *v; /* the points (caller-owned) */
	int nv;
	int nf;
	int *tri;       /* 3 * nf vertex indices */
	mink_vec3 *fn;  /* unit outward face normals */
	int ne;
	int *edge;      /* 2 * ne vertex indices */
	int *ef;        /* 2 * ne adjacent faces */
} poly;

/** Builds the hull of n >= 4 points in general position; 0 on success. */
int poly_build(poly *p, const mink_vec3 *pts, int n);
void poly_free(poly *p);

/**
 * Signed distance of the hulls: minus the penetration depth when they
 * overlap, the distance when they are apart.  *normal (may be NULL) gets
 * the minimising axis from A towards B when they overlap.
 */
double poly_signed_distance(const poly *a, const poly *b, mink_vec3 *normal);

#endif /* BENCH_POLYORACLE_H */
