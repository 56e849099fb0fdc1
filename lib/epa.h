/*
 * epa.h - what the expanding polytopes in 3D (epa3.c) and 2D (epa2.c)
 * share, in epa.c: the probes that blow GJK's final simplex up to a
 * polytope around the origin, or prove on the way that the shapes only
 * touch, and the contact such a proof gives.  Private to the EPA rooms;
 * query.c calls mk_epa3 and mk_epa2 (internal.h).
 */
#ifndef MINK_EPA_H
#define MINK_EPA_H

#include "internal.h"

/* The contact when A - B reaches at most h beyond the origin along unit n:
 * the shapes touch (h ~ 0) or are apart by -h; points from s's weights. */
void mk_touch_contact(const mk_simplex *s, mink_vec3 n, double h, mk_pen *out);

/* Probes direction d (unit) of the blow-up: if A - B reaches at most `flat`
 * beyond the origin along d, fills *out as a touching contact and returns 1;
 * otherwise returns 0 with the support point in *w. */
int mk_probe(const mk_shape *A, const mk_shape *B, const mk_simplex *s, mink_vec3 d,
             double flat, mk_vertex *w, mk_pen *out);

/* Turns a 1-point simplex (at the origin) into a segment by probing the
 * given axes: returns 1 when a probe settled the answer in *out, 0 with
 * s->n = 2 otherwise. */
int mk_blow_up_point(const mk_shape *A, const mk_shape *B, mk_simplex *s,
                     const mink_vec3 *axes, int naxes, const mk_tol *tol, mk_pen *out);

/* Replaces s by its sub-simplex nearest the origin among nsub candidates of
 * k vertices each (idx[m][0..k-1]), with its weights: a flat tetrahedron by
 * a face, a collinear triangle by an edge. */
void mk_best_subsimplex(mk_simplex *s, const int (*idx)[3], int nsub, int k);

/* A segment simplex whose ends are within eps of each other becomes a
 * point. */
void mk_collapse_segment(mk_simplex *s, double eps);

/* The plane of triangle (a, b, c), outward by its winding: unit normal *n
 * from the cross product of its two shortest edges, and *d = n . a; 0
 * when it has no usable normal (the product's length, twice the area, not
 * above 1e-14 of the longest edge's squared length, or not finite).
 * Exported for tests/test_scans.c. */
int mk_face_plane(mink_vec3 a, mink_vec3 b, mink_vec3 c, mink_vec3 *n, double *d);

#if MK_AVX2
/*
 * mk_face_plane for four triangles (a[k], b[k], c[k]) at once, where the
 * CPU has AVX2, rounded as it rounds them: the same products and sums in
 * the same order, the shortest edges chosen by the same comparisons (as
 * blends), no fused operations.  Each corner is read as four doubles from
 * its pointer (a mink_vec3 and one double after it); lane k's normal and
 * distance go to out[k][0 .. 3].  Returns -1, with nothing written, when a
 * lane's squared length is outside (1e-280, 1e280), where mk_face_plane
 * rescales first (the caller asks it then); else the lanes whose plane is
 * usable and whose distance is not below dmin, as bits.
 */
int mk_face_planes4(const double *const a[4], const double *const b[4],
                    const double *const c[4], double *const out[4], double dmin);
#endif

#endif /* MINK_EPA_H */
