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

#endif /* MINK_EPA_H */
