/*
 * outline.c - the outline of a posed shape in a plane: the convex polygon
 * of its projection.
 *
 * Polytopes (box, hull, segment, triangle, point) are outlined from their
 * vertices, a margin adding a disc around each; smooth shapes from their
 * support points in many directions of the plane.  Either way the outline
 * is the 2D hull of those points.  Split from render.c by what it
 * depends on: shapes and their support points (mink.h, cmd/posed.h), not
 * the SVG text nor the layout of the picture.
 */
#include "cmd/outline.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/posed.h"
#include "text/buf.h"

/*
 * Directions sampled around a smooth shape, and around each vertex for a
 * margin: enough that the polygon's corners do not show at panel sizes.
 */
enum { SMOOTH_SAMPLES = 256, MARGIN_SAMPLES = 48 };

static const double pi = 3.14159265358979323846;

void cli_pts_add(cli_pts *l, double x, double y)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->p = cli_xrealloc(l->p, l->cap * sizeof *l->p);
	}
	l->p[l->n].x = x;
	l->p[l->n].y = y;
	l->n++;
}

static int pt_less(const void *a, const void *b)
{
	const cli_pt *p = a, *q = b;

	if (p->x != q->x)
		return p->x < q->x ? -1 : 1;
	return p->y < q->y ? -1 : p->y > q->y;
}

static double turn(cli_pt o, cli_pt a, cli_pt b)
{
	return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/* Andrew's monotone chain. */
void cli_hull2(cli_pts *l)
{
	size_t n = l->n, k = 0;
	cli_pt *h;

	if (n < 2)
		return;
	qsort(l->p, n, sizeof *l->p, pt_less);
	for (size_t i = 1; i < n; i++)
		if (l->p[i].x != l->p[k].x || l->p[i].y != l->p[k].y)
			l->p[++k] = l->p[i];
	n = l->n = k + 1;
	k = 0;
	if (n < 2)
		return;
	h = cli_xrealloc(NULL, 2 * n * sizeof *h);
	for (size_t i = 0; i < n; i++) {
		while (k >= 2 && turn(h[k - 2], h[k - 1], l->p[i]) <= 0)
			k--;
		h[k++] = l->p[i];
	}
	for (size_t i = n - 1, t = k + 1; i-- > 0;) {
		while (k >= t && turn(h[k - 2], h[k - 1], l->p[i]) <= 0)
			k--;
		h[k++] = l->p[i];
	}
	k--; /* the last point is the first */
	memcpy(l->p, h, k * sizeof *h);
	l->n = k;
	free(h);
}

cli_pt cli_project(mink_vec3 p, mink_vec3 ex, mink_vec3 ey)
{
	cli_pt r = {cli_dot3(p, ex), cli_dot3(p, ey)};

	return r;
}

/* A vertex at (x, y), or the disc of the margin around it. */
static void add_vertex(cli_pts *out, double x, double y, double margin)
{
	if (margin > 0)
		for (int k = 0; k < MARGIN_SAMPLES; k++) {
			double a = 2 * pi * k / MARGIN_SAMPLES;

			cli_pts_add(out, x + margin * cos(a), y + margin * sin(a));
		}
	else
		cli_pts_add(out, x, y);
}

/* The n vertices of polytope s in pose p, projected. */
static void vertices3(const mink_shape3 *s, const mink_pose3 *p, int n,
                      mink_vec3 ex, mink_vec3 ey, cli_pts *out)
{
	mink_vec3 *vs = cli_xrealloc(NULL, (size_t)(n ? n : 1) * sizeof *vs);
	mink_quat q = cli_quat_unit(p->rotation);

	cli_vertices3(s, vs, n);
	for (int i = 0; i < n; i++) {
		mink_vec3 w = cli_rotate3(q, vs[i]);
		cli_pt c = cli_project(cli_v3(w.x + p->position.x, w.y + p->position.y,
		                          w.z + p->position.z), ex, ey);

		add_vertex(out, c.x, c.y, s->margin);
	}
	free(vs);
}

/* Support points of smooth s in pose p along directions of the plane. */
static void samples3(const mink_shape3 *s, const mink_pose3 *p, mink_vec3 ex,
                     mink_vec3 ey, cli_pts *out)
{
	for (int k = 0; k < SMOOTH_SAMPLES; k++) {
		double a = 2 * pi * k / SMOOTH_SAMPLES, c = cos(a), sn = sin(a);
		mink_vec3 d = cli_v3(c * ex.x + sn * ey.x, c * ex.y + sn * ey.y,
		                 c * ex.z + sn * ey.z);
		cli_pt q = cli_project(cli_support3(s, p, d), ex, ey);

		cli_pts_add(out, q.x, q.y);
	}
}

void cli_outline3(const mink_shape3 *s, const mink_pose3 *p, mink_vec3 ex,
                  mink_vec3 ey, cli_pts *out)
{
	int n = cli_vertices3(s, NULL, 0);

	if (n >= 0)
		vertices3(s, p, n, ex, ey, out);
	else
		samples3(s, p, ex, ey, out);
	cli_hull2(out);
}

/* The 2D counterparts; c and sn are the cosine and sine of p's angle. */
static void vertices2(const mink_shape2 *s, const mink_pose2 *p, int n,
                      double c, double sn, cli_pts *out)
{
	mink_vec2 *vs = cli_xrealloc(NULL, (size_t)(n ? n : 1) * sizeof *vs);

	cli_vertices2(s, vs, n);
	for (int i = 0; i < n; i++) {
		double x = p->position.x + c * vs[i].x - sn * vs[i].y;
		double y = p->position.y + sn * vs[i].x + c * vs[i].y;

		add_vertex(out, x, y, s->margin);
	}
	free(vs);
}

static void samples2(const mink_shape2 *s, const mink_pose2 *p, double c,
                     double sn, cli_pts *out)
{
	for (int k = 0; k < SMOOTH_SAMPLES; k++) {
		double a = 2 * pi * k / SMOOTH_SAMPLES;
		mink_vec2 d = {cos(a), sin(a)};
		mink_vec2 q = cli_support2(s, p->position, c, sn, d);

		cli_pts_add(out, q.x, q.y);
	}
}

void cli_outline2(const mink_shape2 *s, const mink_pose2 *p, cli_pts *out)
{
	double c = cos(p->angle), sn = sin(p->angle);
	int n = cli_vertices2(s, NULL, 0);

	if (n >= 0)
		vertices2(s, p, n, c, sn, out);
	else
		samples2(s, p, c, sn, out);
	cli_hull2(out);
}
