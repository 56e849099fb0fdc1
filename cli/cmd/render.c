/*
 * render.c - `mink render`: one pair and mink's answer for it as an SVG.
 *
 * 2D pairs are drawn as they are.  A 3D pair is drawn in views along the
 * tangents of its contact plane, where the normal lies in the picture:
 * the first looks along t1 (n to the right, t2 up), the second along t2
 * (n to the right, -t1 up), an optional third along n.  Each shape's
 * outline in a view is the convex polygon of its projection (outline.c).
 * All views share one scale, chosen so that everything fits; a light grid
 * gives the size.
 *
 * The arrow is the normal scaled by |distance|: from point_a to point_b
 * when apart, from point_b to point_a when overlapping (moving B along it
 * by the depth brings the pair to touching).  Every contact of the patch
 * gets a small mark on A and on B, and a patch of 3 points or more its
 * outline on each side (a line when seen edge-on).  The result, as mink
 * -f ndjson prints it, is kept in the picture's <desc>.
 *
 * This file decides what is drawn where: the views, the panels, the
 * legend and the layout, then finding the pair and the command line.
 * How the picture is spelled (markup, escaping, numbers) is svg.c's.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cJSON.h>

#include "mink.h"
#include "cmd/cmd.h"
#include "cmd/outline.h"
#include "cmd/posed.h"
#include "cmd/svg.h"
#include "obj/cache.h"
#include "opts.h"
#include "outfile.h"
#include "parse.h"
#include "record.h"
#include "text/buf.h"
#include "text/fmtnum.h"
#include "text/split.h"
#include "writer.h"

#define CMD "render"

/* Colours: A blue, B orange; ink and greys for the rest. */
#define COLOUR_A "#2b6cb0"
#define COLOUR_B "#dd6b20"
#define INK "#1a202c"
#define GREY "#718096"

enum { MAX_VIEWS = 3 };

/* --- Views -------------------------------------------------------------------- */

typedef struct view {
	const char *title;
	const char *xname, *yname; /* what points right and up */
	mink_vec3 ex, ey;          /* world directions of right and up */
	int along_normal;          /* the normal points at the viewer */
	cli_pts shape[2];          /* outlines, view coordinates */
	cli_pt pa, pb;
	double minx, maxx, miny, maxy;
	double cx, cy;             /* view coordinates of the panel's centre */
	double x0, y0;             /* the panel's corner in the picture */
} view;

static cli_pt project(const view *v, mink_vec3 p)
{
	return cli_project(p, v->ex, v->ey);
}

static void grow(view *v, cli_pt p)
{
	if (p.x < v->minx)
		v->minx = p.x;
	if (p.x > v->maxx)
		v->maxx = p.x;
	if (p.y < v->miny)
		v->miny = p.y;
	if (p.y > v->maxy)
		v->maxy = p.y;
}

/* --- A panel ------------------------------------------------------------------ */

/* Screen coordinates of view point p in panel v. */
static double sx(const cli_svg *s, const view *v, double x)
{
	return v->x0 + s->size / 2 + (x - v->cx) * s->scale;
}

static double sy(const cli_svg *s, const view *v, double y)
{
	return v->y0 + s->size / 2 - (y - v->cy) * s->scale;
}

/* 1, 2 or 5 times a power of ten, near x. */
static double nice_step(double x)
{
	double p = pow(10, floor(log10(x))), m = x / p;

	return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/* One line of the grid, at w on the x axis (dir 0) or on the y axis. */
static void grid_line(cli_svg *s, const view *v, int dir, double w,
                      const char *cls)
{
	if (dir == 0)
		cli_svg_putf(s, "<line class=\"%s\" x1=\"%.2f\" y1=\"%.2f\" "
		             "x2=\"%.2f\" y2=\"%.2f\"/>\n", cls, sx(s, v, w), v->y0,
		             sx(s, v, w), v->y0 + s->size);
	else
		cli_svg_putf(s, "<line class=\"%s\" x1=\"%.2f\" y1=\"%.2f\" "
		             "x2=\"%.2f\" y2=\"%.2f\"/>\n", cls, v->x0, sy(s, v, w),
		             v->x0 + s->size, sy(s, v, w));
}

static void draw_grid(cli_svg *s, const view *v, int axes)
{
	double half = s->size / 2 / s->scale;
	double step = nice_step(2 * half / 8);
	char t[CLI_SVG_NUM_MAX];

	cli_svg_put(s, "<g class=\"grid\">\n");
	for (int dir = 0; dir < 2; dir++) {
		double c = dir ? v->cy : v->cx;

		for (double k = ceil((c - half) / step); k * step <= c + half; k++)
			grid_line(s, v, dir, k * step,
			          axes && k == 0 ? "axis" : "gridline");
	}
	cli_svg_put(s, "</g>\n");
	cli_svg_putf(s, "<text class=\"note\" x=\"%.2f\" y=\"%.2f\" "
	             "text-anchor=\"end\">grid %s</text>\n", v->x0 + s->size - 8,
	             v->y0 + s->size - 8, cli_svg_num(t, step));
}

static void draw_outline(cli_svg *s, const view *v, const cli_pts *l, int side)
{
	const char *name = side ? "b" : "a";

	if (l->n >= 3) {
		cli_svg_putf(s, "<polygon class=\"shape-%s\" points=\"", name);
		for (size_t i = 0; i < l->n; i++)
			cli_svg_putf(s, "%s%.2f,%.2f", i ? " " : "",
			             sx(s, v, l->p[i].x), sy(s, v, l->p[i].y));
		cli_svg_put(s, "\"/>\n");
	} else if (l->n == 2) {
		cli_svg_putf(s, "<line class=\"shape-%s thin\" x1=\"%.2f\" "
		             "y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", name,
		             sx(s, v, l->p[0].x), sy(s, v, l->p[0].y),
		             sx(s, v, l->p[1].x), sy(s, v, l->p[1].y));
	} else if (l->n == 1) {
		double x = sx(s, v, l->p[0].x), y = sy(s, v, l->p[0].y);

		cli_svg_putf(s, "<path class=\"shape-%s thin\" "
		             "d=\"M%.2f,%.2fl8,8m0,-8l-8,8\"/>\n", name, x - 4,
		             y - 4);
	}
}

/*
 * Where to write a shape's letter: the centroid of its outline (of the
 * polygon's area, or of its one or two points).
 */
static cli_pt label_spot(const cli_pts *l)
{
	cli_pt c = {0, 0};
	double area = 0;

	for (size_t i = 0; l->n >= 3 && i < l->n; i++) {
		cli_pt p = l->p[i], q = l->p[(i + 1) % l->n];
		double w = p.x * q.y - q.x * p.y;

		area += w;
		c.x += (p.x + q.x) * w;
		c.y += (p.y + q.y) * w;
	}
	if (area != 0) {
		c.x /= 3 * area;
		c.y /= 3 * area;
		return c;
	}
	c.x = c.y = 0;
	for (size_t i = 0; i < l->n; i++) {
		c.x += l->p[i].x / (double)l->n;
		c.y += l->p[i].y / (double)l->n;
	}
	return c;
}

/* A dashed line through screen point (x, y) along screen direction (dx, dy). */
static void plane_line(cli_svg *s, double x, double y, double dx, double dy,
                       const char *cls)
{
	double l = s->size * 1.5;

	cli_svg_putf(s, "<line class=\"%s\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" "
	             "y2=\"%.2f\"/>\n", cls, x - l * dx, y - l * dy, x + l * dx,
	             y + l * dy);
}

/* Screen positions in a panel: the contact points and the shapes' letters. */
typedef struct marks {
	double ax, ay, bx, by; /* point_a, point_b */
	double lx[2], ly[2];   /* where A and B are written */
	int thin[2];           /* an outline of 1 or 2 points: letter beside it */
} marks;

static void place_marks(const cli_svg *s, const view *v, marks *m)
{
	m->ax = sx(s, v, v->pa.x);
	m->ay = sy(s, v, v->pa.y);
	m->bx = sx(s, v, v->pb.x);
	m->by = sy(s, v, v->pb.y);
	/* The shapes' letters: at the centroid, or beside a point or segment. */
	for (int i = 0; i < 2; i++) {
		cli_pt c = v->shape[i].n ? label_spot(&v->shape[i]) : v->pa;

		m->thin[i] = v->shape[i].n < 3;
		m->lx[i] = sx(s, v, c.x) + (m->thin[i] ? 9 : 0);
		m->ly[i] = sy(s, v, c.y) + (m->thin[i] ? -7 : 6);
	}
}

/* The arrow of the normal between the contact points, on screen. */
typedef struct arrow {
	double fx, fy, tx, ty; /* from, to */
	double px, py;         /* across it, up the screen (right if it is upright) */
	int deep;              /* overlapping: it goes from point_b to point_a */
	int start;             /* steep: its label beside it, running away from it */
} arrow;

/* Whether the box [x0, x1] x [y0, y1] is clear of the shapes' letters. */
static int clear_of_letters(const view *v, const marks *m, double x0,
                            double x1, double y0, double y1)
{
	for (int i = 0; i < 2; i++)
		if (v->shape[i].n && m->lx[i] + 8 > x0 && m->lx[i] - 8 < x1 &&
		    m->ly[i] + 2 > y0 && m->ly[i] - 13 < y1)
			return 0;
	return 1;
}

/*
 * The label of arrow a, w pixels wide, on one side of it (1 the upper,
 * -1 the lower) at (*mx, *my); whether it is clear of the letters there.
 */
static int label_at(const view *v, const marks *m, const arrow *a, double w,
                    int side, double *mx, double *my)
{
	double x0;

	*mx = (a->fx + a->tx) / 2 + 14 * side * a->px;
	*my = (a->fy + a->ty) / 2 + 14 * side * a->py + 4;
	x0 = a->start ? (side > 0 ? *mx : *mx - w) : *mx - w / 2;
	return clear_of_letters(v, m, x0, x0 + w, *my - 11, *my + 3);
}

/*
 * The label beside the arrow: on its upper side, unless a shape's letter
 * is there and not on the other side.
 */
static void place_label(const view *v, const marks *m, const arrow *a,
                        double w, double *mx, double *my)
{
	if (label_at(v, m, a, w, 1, mx, my) || label_at(v, m, a, w, -1, mx, my))
		return;
	/* Crowded both ways: the upper side after all. */
	*mx = (a->fx + a->tx) / 2 + 14 * a->px;
	*my = (a->fy + a->ty) / 2 + 14 * a->py + 4;
}

/* The normal scaled by |distance|, (dx, dy) its screen direction. */
static void draw_arrow(cli_svg *s, const view *v, const marks *m,
                       const mink_result *res, double dx, double dy)
{
	arrow a;
	double mx, my;
	char t[CLI_SVG_NUM_MAX];

	a.deep = res->distance < 0;
	a.fx = a.deep ? m->bx : m->ax;
	a.fy = a.deep ? m->by : m->ay;
	a.tx = a.deep ? m->ax : m->bx;
	a.ty = a.deep ? m->ay : m->by;
	a.px = dy;
	a.py = -dx;
	if (a.py > 0 || (a.py == 0 && a.px < 0)) {
		a.px = -a.px;
		a.py = -a.py;
	}
	a.start = fabs(a.py) < 0.5;
	cli_svg_num(t, fabs(res->distance));
	place_label(v, m, &a, 7 * (double)(strlen(t) + (a.deep ? 6 : 9)), &mx,
	            &my);

	/* The tip stops at the rim of the point it reaches. */
	cli_svg_putf(s, "<line class=\"normal\" x1=\"%.2f\" y1=\"%.2f\" "
	             "x2=\"%.2f\" y2=\"%.2f\" marker-end=\"url(#arrow)\"/>\n",
	             a.fx, a.fy, a.tx - 5.5 * dx, a.ty - 5.5 * dy);
	cli_svg_putf(s, "<text class=\"arrow-label\" x=\"%.2f\" y=\"%.2f\" "
	             "text-anchor=\"%s\">%s %s</text>\n", mx, my,
	             !a.start ? "middle"
	             : (mx - (a.fx + a.tx) / 2) * a.px >= 0 ? "start" : "end",
	             a.deep ? "depth" : "distance", t);
}

/* Touching or nearly: the direction alone, at a fixed length. */
static void draw_direction(cli_svg *s, const marks *m, double dx, double dy)
{
	cli_svg_putf(s, "<line class=\"normal dashed\" x1=\"%.2f\" y1=\"%.2f\" "
	             "x2=\"%.2f\" y2=\"%.2f\" marker-end=\"url(#arrow)\"/>\n",
	             m->ax, m->ay, m->ax + 40 * dx, m->ay + 40 * dy);
	cli_svg_putf(s, "<text class=\"arrow-label\" x=\"%.2f\" y=\"%.2f\" "
	             "text-anchor=\"middle\">n</text>\n", m->ax + 52 * dx,
	             m->ay + 52 * dy + 4);
}

/* The contact planes and the normal, n2 the normal in the view (|n2| = nl). */
static void draw_normal(cli_svg *s, const view *v, const marks *m,
                        const mink_result *res, cli_pt n2, double nl)
{
	/* Screen direction of the normal (y flips), and the contact planes. */
	double dx = n2.x / nl, dy = -n2.y / nl;

	plane_line(s, m->ax, m->ay, -dy, dx, "plane-a");
	plane_line(s, m->bx, m->by, -dy, dx, "plane-b");
	if (hypot(m->bx - m->ax, m->by - m->ay) >= 14)
		draw_arrow(s, v, m, res, dx, dy);
	else
		draw_direction(s, m, dx, dy);
}

/*
 * The contact patch, side by side: its outline on A and on B (the hull of
 * the contacts' points as the view sees them) when it has 3 points or
 * more, and a small mark at each point.
 */
static void draw_contacts(cli_svg *s, const view *v, const mink_result *res)
{
	int n = res->contact_count;

	for (int side = 0; side < 2 && n >= 3; side++) {
		cli_pts l = {0};

		for (int k = 0; k < n; k++) {
			const mink_contact *c = &res->contacts[k];
			cli_pt p = project(v, side ? c->point_b : c->point_a);

			cli_pts_add(&l, p.x, p.y);
		}
		cli_hull2(&l);
		if (l.n >= 3) {
			cli_svg_putf(s, "<polygon class=\"patch patch-%s\" points=\"",
			             side ? "b" : "a");
			for (size_t i = 0; i < l.n; i++)
				cli_svg_putf(s, "%s%.2f,%.2f", i ? " " : "",
				             sx(s, v, l.p[i].x), sy(s, v, l.p[i].y));
			cli_svg_put(s, "\"/>\n");
		} else if (l.n == 2) {
			cli_svg_putf(s, "<line class=\"patch patch-%s\" x1=\"%.2f\" "
			             "y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n",
			             side ? "b" : "a", sx(s, v, l.p[0].x), sy(s, v, l.p[0].y),
			             sx(s, v, l.p[1].x), sy(s, v, l.p[1].y));
		}
		free(l.p);
	}
	for (int k = 0; k < n; k++)
		for (int side = 0; side < 2; side++) {
			const mink_contact *c = &res->contacts[k];
			cli_pt p = project(v, side ? c->point_b : c->point_a);

			cli_svg_putf(s, "<circle class=\"contact-%s\" cx=\"%.2f\" "
			             "cy=\"%.2f\" r=\"2.5\"/>\n", side ? "b" : "a",
			             sx(s, v, p.x), sy(s, v, p.y));
		}
}

/* The contact points, and the shapes' letters over everything. */
static void draw_points(cli_svg *s, const view *v, const marks *m)
{
	cli_svg_putf(s, "<circle class=\"point-a\" cx=\"%.2f\" cy=\"%.2f\" "
	             "r=\"4.5\"/>\n", m->ax, m->ay);
	cli_svg_putf(s, "<circle class=\"point-b\" cx=\"%.2f\" cy=\"%.2f\" "
	             "r=\"4.5\"/>\n", m->bx, m->by);
	for (int i = 0; i < 2; i++)
		if (v->shape[i].n)
			cli_svg_putf(s, "<text class=\"label-%s\" x=\"%.2f\" "
			             "y=\"%.2f\" text-anchor=\"%s\">%s</text>\n",
			             i ? "b" : "a", m->lx[i], m->ly[i],
			             m->thin[i] ? "start" : "middle", i ? "B" : "A");
}

/* Which way is which: two small arrows in the lower left corner. */
static void draw_axes(cli_svg *s, const view *v)
{
	double ox = v->x0 + 14, oy = v->y0 + s->size - 14;

	cli_svg_putf(s, "<g class=\"axes\"><line x1=\"%.2f\" y1=\"%.2f\" "
	             "x2=\"%.2f\" y2=\"%.2f\" marker-end=\"url(#tip)\"/><line "
	             "x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
	             "marker-end=\"url(#tip)\"/><text x=\"%.2f\" y=\"%.2f\">%s"
	             "</text><text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">"
	             "%s</text></g>\n", ox, oy, ox + 26, oy, ox, oy, ox, oy - 26,
	             ox + 30, oy + 4, v->xname, ox, oy - 30, v->yname);
}

static void draw_view(cli_svg *s, const view *v, int index,
                      const mink_result *res, int dim)
{
	cli_pt n2 = project(v, res->normal);
	double nl = sqrt(n2.x * n2.x + n2.y * n2.y);
	marks m;

	cli_svg_putf(s, "<g class=\"view\" id=\"view%d\">\n", index + 1);
	cli_svg_putf(s, "<text class=\"view-title\" x=\"%.2f\" y=\"%.2f\">%s"
	             "</text>\n", v->x0, v->y0 - 8, v->title);
	cli_svg_putf(s, "<g clip-path=\"url(#clip%d)\">\n", index + 1);
	cli_svg_putf(s, "<rect class=\"panel\" x=\"%.2f\" y=\"%.2f\" "
	             "width=\"%.2f\" height=\"%.2f\"/>\n", v->x0, v->y0, s->size,
	             s->size);
	draw_grid(s, v, dim == 2);
	draw_outline(s, v, &v->shape[0], 0);
	draw_outline(s, v, &v->shape[1], 1);
	place_marks(s, v, &m);
	draw_contacts(s, v, res);
	if (!v->along_normal && nl > 1e-9)
		draw_normal(s, v, &m, res, n2, nl);
	draw_points(s, v, &m);
	cli_svg_put(s, "</g>\n");
	cli_svg_putf(s, "<rect class=\"frame\" x=\"%.2f\" y=\"%.2f\" "
	             "width=\"%.2f\" height=\"%.2f\"/>\n", v->x0, v->y0, s->size,
	             s->size);
	draw_axes(s, v);
	cli_svg_put(s, "</g>\n");
}

/* --- The legend ------------------------------------------------------------------ */

/* "[x, y, z]" (or [x, y]) of v, into buf of CLI_SVG_VEC_MAX bytes. */
static const char *vec3(char *buf, mink_vec3 v, int dim)
{
	double a[3] = {v.x, v.y, v.z};

	return cli_svg_vec(buf, a, dim);
}

static void describe3(char *out, size_t size, const mink_shape3 *s,
                      const char *type)
{
	char a[CLI_SVG_VEC_MAX], b[CLI_SVG_NUM_MAX], c[CLI_SVG_NUM_MAX];
	double v[3];

	switch (s->type) {
	case MINK_SPHERE:
		snprintf(out, size, "sphere, radius %s",
		         cli_svg_num(b, s->sphere.radius));
		break;
	case MINK_BOX:
		v[0] = s->box.half_extents.x;
		v[1] = s->box.half_extents.y;
		v[2] = s->box.half_extents.z;
		snprintf(out, size, "box, half_extents %s", cli_svg_vec(a, v, 3));
		break;
	case MINK_CAPSULE:
	case MINK_CYLINDER:
	case MINK_CONE:
		snprintf(out, size, "%s, radius %s, half_height %s", type,
		         cli_svg_num(b, s->capsule.radius),
		         cli_svg_num(c, s->capsule.half_height));
		break;
	case MINK_ELLIPSOID:
		v[0] = s->ellipsoid.radii.x;
		v[1] = s->ellipsoid.radii.y;
		v[2] = s->ellipsoid.radii.z;
		snprintf(out, size, "ellipsoid, radii %s", cli_svg_vec(a, v, 3));
		break;
	case MINK_POINT:
		snprintf(out, size, "point");
		break;
	case MINK_SEGMENT:
		snprintf(out, size, "segment, 2 points");
		break;
	case MINK_TRIANGLE:
		snprintf(out, size, "triangle, 3 points");
		break;
	case MINK_HULL:
		snprintf(out, size, "hull, %d point%s", s->hull.count,
		         s->hull.count == 1 ? "" : "s");
		break;
	}
}

static void describe2(char *out, size_t size, const mink_shape2 *s)
{
	char a[CLI_SVG_VEC_MAX], b[CLI_SVG_NUM_MAX], c[CLI_SVG_NUM_MAX];
	double v[2];

	switch (s->type) {
	case MINK_CIRCLE2:
		snprintf(out, size, "circle, radius %s",
		         cli_svg_num(b, s->circle.radius));
		break;
	case MINK_BOX2:
		v[0] = s->box.half_extents.x;
		v[1] = s->box.half_extents.y;
		snprintf(out, size, "box, half_extents %s", cli_svg_vec(a, v, 2));
		break;
	case MINK_CAPSULE2:
		snprintf(out, size, "capsule, radius %s, half_height %s",
		         cli_svg_num(b, s->capsule.radius),
		         cli_svg_num(c, s->capsule.half_height));
		break;
	case MINK_POINT2:
		snprintf(out, size, "point");
		break;
	case MINK_SEGMENT2:
		snprintf(out, size, "segment, 2 points");
		break;
	case MINK_POLYGON2:
		snprintf(out, size, "polygon, %d point%s", s->polygon.count,
		         s->polygon.count == 1 ? "" : "s");
		break;
	}
}

/* The legend: rows of text, some with a symbol before them. */
enum { SYM_NONE, SYM_A, SYM_B, SYM_POINT_A, SYM_POINT_B, SYM_ARROW, SYM_CONTACTS };
enum { LEGEND_ROWS = 11, LEGEND_ROW = 19 };

typedef struct legend {
	char text[LEGEND_ROWS][512];
	const char *cls[LEGEND_ROWS]; /* "value" or "note" */
	int symbol[LEGEND_ROWS];
	double space[LEGEND_ROWS];    /* extra space after the row */
	int n;
} legend;

static char *legend_row(legend *l, int symbol, const char *cls, double space)
{
	l->symbol[l->n] = symbol;
	l->cls[l->n] = cls;
	l->space[l->n] = space;
	return l->text[l->n++];
}

/* Two rows for side i: what the shape is, and where it is. */
static void legend_shape(legend *l, const cli_pair *p, int i, const char *type)
{
	char a[CLI_SVG_VEC_MAX], b[CLI_SVG_VEC_MAX], c[CLI_SVG_NUM_MAX];
	const size_t size = sizeof l->text[0];
	double margin = p->dim == 3 ? p->shape3[i].margin : p->shape2[i].margin;
	char *line = legend_row(l, i ? SYM_B : SYM_A, "value", 0);

	if (p->dim == 3)
		describe3(line, size, &p->shape3[i], type);
	else
		describe2(line, size, &p->shape2[i]);
	if (margin > 0) {
		size_t n = strlen(line);

		snprintf(line + n, size - n, ", margin %s", cli_svg_num(c, margin));
	}
	line = legend_row(l, SYM_NONE, "note", 4);
	if (p->dim == 3) {
		const mink_pose3 *q = &p->pose3[i];
		double r[4] = {q->rotation.w, q->rotation.x, q->rotation.y,
		               q->rotation.z};

		snprintf(line, size, "at %s, rotation %s", vec3(a, q->position, 3),
		         cli_svg_vec(b, r, 4));
	} else {
		double pos[2] = {p->pose2[i].position.x, p->pose2[i].position.y};

		snprintf(line, size, "at %s, rotation %s rad", cli_svg_vec(a, pos, 2),
		         cli_svg_num(c, p->pose2[i].angle));
	}
}

/* "4 contacts, distance -0.25" (or "distances -0.3 to -0.25") into line. */
static void legend_contacts(char *line, size_t size, const mink_result *res)
{
	char lo[CLI_SVG_NUM_MAX], hi[CLI_SVG_NUM_MAX];
	double dmin = res->contacts[0].distance, dmax = dmin;

	for (int k = 1; k < res->contact_count; k++) {
		dmin = fmin(dmin, res->contacts[k].distance);
		dmax = fmax(dmax, res->contacts[k].distance);
	}
	cli_svg_num(lo, dmin);
	cli_svg_num(hi, dmax);
	if (strcmp(lo, hi) == 0)
		snprintf(line, size, "%d contact%s, distance %s", res->contact_count,
		         res->contact_count == 1 ? "" : "s", lo);
	else
		snprintf(line, size, "%d contacts, distances %s to %s",
		         res->contact_count, lo, hi);
}

/* The rows of the answer: the points, the normal, the contacts, the
 * tangents, the status. */
static void legend_answer(legend *l, int dim, const mink_result *res)
{
	char a[CLI_SVG_VEC_MAX], b[CLI_SVG_VEC_MAX], c[CLI_SVG_NUM_MAX];
	const size_t size = sizeof l->text[0];
	char *line;

	snprintf(legend_row(l, SYM_POINT_A, "value", 0), size, "point_a %s",
	         vec3(a, res->point_a, dim));
	snprintf(legend_row(l, SYM_POINT_B, "value", 0), size, "point_b %s",
	         vec3(a, res->point_b, dim));
	line = legend_row(l, SYM_ARROW, "value", 0);
	if (res->state == MINK_PENETRATING)
		snprintf(line, size, "normal %s \xC3\x97 depth %s",
		         vec3(a, res->normal, dim), cli_svg_num(c, res->depth));
	else if (res->state == MINK_SEPARATED)
		snprintf(line, size, "normal %s \xC3\x97 distance %s",
		         vec3(a, res->normal, dim), cli_svg_num(c, res->distance));
	else
		snprintf(line, size, "normal %s (touching)", vec3(a, res->normal, dim));
	snprintf(legend_row(l, SYM_NONE, "note", 0), size, "%s",
	         res->state == MINK_PENETRATING
	         ? "moving B by the arrow brings the pair to touching"
	         : res->state == MINK_SEPARATED ? "the arrow goes from point_a to point_b"
	                                        : "the shapes touch");
	legend_contacts(legend_row(l, SYM_CONTACTS, "value", 0), size, res);
	if (dim == 3)
		snprintf(legend_row(l, SYM_NONE, "note", 0), size,
		         "tangents t\xE2\x82\x81 %s, t\xE2\x82\x82 %s",
		         vec3(a, res->tangent[0], 3), vec3(b, res->tangent[1], 3));
	line = legend_row(l, SYM_NONE, "note", 0);
	snprintf(line, size, "status %s \xC2\xB7 %s \xC2\xB7 distance %s "
	         "\xC2\xB7 iterations GJK %d, EPA %d",
	         mink_status_name(res->status), mink_state_name(res->state),
	         cli_svg_num(c, res->distance), res->gjk_iterations,
	         res->epa_iterations);
	if (res->status == MINK_APPROXIMATE) {
		size_t n = strlen(line);

		snprintf(line + n, size - n, " (%s)", mink_warning_name(res->warning));
	}
}

static void build_legend(legend *l, const cli_pair *p, const mink_result *res,
                         const char *const type[2])
{
	l->n = 0;
	legend_shape(l, p, 0, type[0]);
	legend_shape(l, p, 1, type[1]);
	legend_answer(l, p->dim, res);
}

/* Characters (UTF-8 code points) in s. */
static size_t chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* Width and height of the legend, in pixels (text widths estimated). */
static void legend_size(const legend *l, double *w, double *h)
{
	size_t most = 0;

	*h = 0;
	for (int i = 0; i < l->n; i++) {
		size_t n = chars(l->text[i]);

		if (n > most)
			most = n;
		*h += LEGEND_ROW + l->space[i];
	}
	/* 13px DejaVu Sans: digits 8.3px wide, letters about 7. */
	*w = 40 + 7.6 * (double)most + 8;
}

/* The symbol before a legend row whose baseline starts at (x, y). */
static void draw_symbol(cli_svg *s, int symbol, double x, double y)
{
	switch (symbol) {
	case SYM_A:
	case SYM_B:
		cli_svg_putf(s, "<rect class=\"swatch-%s\" x=\"%.2f\" y=\"%.2f\" "
		             "width=\"14\" height=\"14\" rx=\"2\"/>\n",
		             symbol == SYM_B ? "b" : "a", x, y - 11);
		cli_svg_putf(s, "<text x=\"%.2f\" y=\"%.2f\" font-weight=\"bold\" "
		             "fill=\"%s\">%s</text>\n", x + 22, y,
		             symbol == SYM_B ? COLOUR_B : COLOUR_A,
		             symbol == SYM_B ? "B" : "A");
		break;
	case SYM_POINT_A:
	case SYM_POINT_B:
		cli_svg_putf(s, "<circle class=\"point-%s\" cx=\"%.2f\" cy=\"%.2f\" "
		             "r=\"4.5\"/>\n", symbol == SYM_POINT_B ? "b" : "a",
		             x + 7, y - 4);
		break;
	case SYM_ARROW:
		cli_svg_putf(s, "<line class=\"normal\" x1=\"%.2f\" y1=\"%.2f\" "
		             "x2=\"%.2f\" y2=\"%.2f\" marker-end=\"url(#arrow)\"/>\n",
		             x, y - 4, x + 16, y - 4);
		break;
	case SYM_CONTACTS:
		cli_svg_putf(s, "<circle class=\"contact-a\" cx=\"%.2f\" cy=\"%.2f\" "
		             "r=\"2.5\"/>\n", x + 3, y - 4);
		cli_svg_putf(s, "<circle class=\"contact-b\" cx=\"%.2f\" cy=\"%.2f\" "
		             "r=\"2.5\"/>\n", x + 11, y - 4);
		break;
	}
}

static void draw_legend(cli_svg *s, const legend *l, double x, double y)
{
	for (int i = 0; i < l->n; i++) {
		draw_symbol(s, l->symbol[i], x, y);
		cli_svg_putf(s, "<text class=\"%s\" x=\"%.2f\" y=\"%.2f\">",
		             l->cls[i], x + 40, y);
		cli_svg_xml(s, l->text[i]);
		cli_svg_put(s, "</text>\n");
		y += LEGEND_ROW + l->space[i];
	}
}

/* --- The picture ------------------------------------------------------------------ */

static const char style[] =
	"<style>\n"
	"text { fill: " INK "; }\n"
	".title { font-size: 16px; font-weight: bold; }\n"
	".view-title { font-size: 13px; fill: " GREY "; }\n"
	".note { font-size: 12px; fill: " GREY "; }\n"
	".value { font-size: 13px; }\n"
	".panel { fill: #ffffff; }\n"
	".frame { fill: none; stroke: #cbd5e0; stroke-width: 1; }\n"
	".gridline { stroke: #edf2f7; stroke-width: 1; }\n"
	".axis { stroke: #cbd5e0; stroke-width: 1; }\n"
	".shape-a { fill: " COLOUR_A "; fill-opacity: 0.18; stroke: " COLOUR_A
	"; stroke-width: 1.75; stroke-linejoin: round; }\n"
	".shape-b { fill: " COLOUR_B "; fill-opacity: 0.18; stroke: " COLOUR_B
	"; stroke-width: 1.75; stroke-linejoin: round; }\n"
	".thin { fill: none; stroke-width: 2.5; stroke-linecap: round; }\n"
	".swatch-a { fill: " COLOUR_A "; fill-opacity: 0.35; stroke: " COLOUR_A "; }\n"
	".swatch-b { fill: " COLOUR_B "; fill-opacity: 0.35; stroke: " COLOUR_B "; }\n"
	".plane-a { stroke: " COLOUR_A "; stroke-opacity: 0.55; stroke-width: 1; "
	"stroke-dasharray: 5 4; }\n"
	".plane-b { stroke: " COLOUR_B "; stroke-opacity: 0.55; stroke-width: 1; "
	"stroke-dasharray: 5 4; }\n"
	".normal { stroke: " INK "; stroke-width: 2; }\n"
	".dashed { stroke-dasharray: 4 3; }\n"
	".point-a { fill: " COLOUR_A "; stroke: #ffffff; stroke-width: 1.5; }\n"
	".point-b { fill: " COLOUR_B "; stroke: #ffffff; stroke-width: 1.5; }\n"
	".contact-a { fill: #ffffff; stroke: " COLOUR_A "; stroke-width: 1.5; }\n"
	".contact-b { fill: #ffffff; stroke: " COLOUR_B "; stroke-width: 1.5; }\n"
	".patch { fill: none; stroke-width: 1.25; stroke-dasharray: 2 2; }\n"
	".patch-a { stroke: " COLOUR_A "; }\n"
	".patch-b { stroke: " COLOUR_B "; }\n"
	".label-a, .label-b { font-size: 15px; font-weight: bold; stroke: #ffffff; "
	"stroke-width: 3; stroke-opacity: 0.8; paint-order: stroke; }\n"
	".label-a { fill: " COLOUR_A "; }\n"
	".label-b { fill: " COLOUR_B "; }\n"
	".arrow-label { font-size: 12px; stroke: #ffffff; stroke-width: 3; "
	"stroke-opacity: 0.85; paint-order: stroke; }\n"
	".axes line { stroke: " GREY "; stroke-width: 1.25; }\n"
	".axes text { font-size: 12px; fill: " GREY "; }\n"
	"</style>\n";

/* The views of the picture: one for 2D, else along t1, t2 and n. */
static int set_views(view *views, int dim, const mink_result *res, int nviews)
{
	mink_vec3 n = res->normal, t1 = res->tangent[0], t2 = res->tangent[1];

	memset(views, 0, MAX_VIEWS * sizeof *views);
	if (dim == 2) {
		views[0].title = "world x, y";
		views[0].xname = "x";
		views[0].yname = "y";
		views[0].ex = cli_v3(1, 0, 0);
		views[0].ey = cli_v3(0, 1, 0);
		return 1;
	}
	views[0] = (view){.title = "view along t\xE2\x82\x81", .xname = "n",
	                  .yname = "t\xE2\x82\x82", .ex = n, .ey = t2};
	views[1] = (view){.title = "view along t\xE2\x82\x82", .xname = "n",
	                  .yname = "\xE2\x88\x92t\xE2\x82\x81", .ex = n,
	                  .ey = cli_v3(-t1.x, -t1.y, -t1.z)};
	views[2] = (view){.title = "view along n", .xname = "t\xE2\x82\x82",
	                  .yname = "t\xE2\x82\x81", .ex = t2, .ey = t1,
	                  .along_normal = 1};
	return nviews;
}

/* A view's outlines and points, and the box around them. */
static void frame_view(view *v, const cli_pair *p, const mink_result *res)
{
	if (p->dim == 3) {
		cli_outline3(&p->shape3[0], &p->pose3[0], v->ex, v->ey,
		             &v->shape[0]);
		cli_outline3(&p->shape3[1], &p->pose3[1], v->ex, v->ey,
		             &v->shape[1]);
	} else {
		cli_outline2(&p->shape2[0], &p->pose2[0], &v->shape[0]);
		cli_outline2(&p->shape2[1], &p->pose2[1], &v->shape[1]);
	}
	v->pa = project(v, res->point_a);
	v->pb = project(v, res->point_b);
	v->minx = v->maxx = v->pa.x;
	v->miny = v->maxy = v->pa.y;
	grow(v, v->pb);
	for (int k = 0; k < res->contact_count; k++) {
		grow(v, project(v, res->contacts[k].point_a));
		grow(v, project(v, res->contacts[k].point_b));
	}
	for (int k = 0; k < 2; k++)
		for (size_t j = 0; j < v->shape[k].n; j++)
			grow(v, v->shape[k].p[j]);
	v->cx = (v->minx + v->maxx) / 2;
	v->cy = (v->miny + v->maxy) / 2;
}

/* Frames the views and returns the widest extent: one scale for all. */
static double frame_views(view *views, int nviews, const cli_pair *p,
                          const mink_result *res)
{
	double span = 0;

	for (int i = 0; i < nviews; i++) {
		view *v = &views[i];

		frame_view(v, p, res);
		span = fmax(span, fmax(v->maxx - v->minx, v->maxy - v->miny));
	}
	if (!(span > 0) || !isfinite(span))
		span = 1;
	return span;
}

/* Where the parts of the picture go, in pixels. */
typedef struct layout {
	double width, height;      /* of the picture */
	double left;               /* the left edge of the panels and the title */
	double legend_x, legend_y; /* the legend's first baseline */
} layout;

/* Views side by side; the legend beside a single view, else below. */
static void lay_out(const cli_svg *s, view *views, int nviews, const legend *leg,
                    layout *lay)
{
	const double gap = 24, margin = 20, top = 62;
	double legend_w, legend_h;

	lay->left = margin;
	for (int i = 0; i < nviews; i++) {
		views[i].x0 = lay->left + i * (s->size + gap);
		views[i].y0 = top;
	}
	legend_size(leg, &legend_w, &legend_h);
	if (nviews == 1) {
		lay->legend_x = lay->left + s->size + gap + 4;
		lay->legend_y = top + 14;
		lay->width = lay->legend_x + legend_w;
		lay->height = fmax(top + s->size + margin, lay->legend_y + legend_h);
	} else {
		lay->legend_x = lay->left;
		lay->legend_y = top + s->size + 34;
		lay->width = fmax(2 * margin + nviews * s->size + (nviews - 1) * gap,
		                  legend_w + 2 * margin);
		lay->height = lay->legend_y + legend_h;
	}
}

/* The svg element, the <title> and <desc>, the style and the definitions. */
static void write_head(cli_svg *s, const layout *lay, const view *views,
                       int nviews, const char *id_text, const char *result_json)
{
	cli_svg_putf(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	             "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	             "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
	             "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n",
	             lay->width, lay->height, lay->width, lay->height);
	cli_svg_put(s, "<title>mink: pair ");
	cli_svg_xml(s, id_text);
	cli_svg_put(s, "</title>\n<desc>");
	cli_svg_xml(s, result_json);
	cli_svg_put(s, "</desc>\n");
	cli_svg_put(s, style);
	cli_svg_put(s, "<defs>\n<marker id=\"arrow\" viewBox=\"0 0 10 10\" "
	            "refX=\"9\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" "
	            "orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" fill=\"" INK
	            "\"/></marker>\n<marker id=\"tip\" viewBox=\"0 0 10 10\" "
	            "refX=\"9\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" "
	            "orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" fill=\"" GREY
	            "\"/></marker>\n");
	for (int i = 0; i < nviews; i++)
		cli_svg_putf(s, "<clipPath id=\"clip%d\"><rect x=\"%.2f\" "
		             "y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>"
		             "</clipPath>\n", i + 1, views[i].x0, views[i].y0,
		             s->size, s->size);
	cli_svg_put(s, "</defs>\n");
	cli_svg_putf(s, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#f7fafc\"/>\n",
	             lay->width, lay->height);
}

/* "pair ID · 3D · penetrating · depth 0.25" at the top. */
static void write_title(cli_svg *s, double left, int dim, const char *id_text,
                        const mink_result *res)
{
	char title[512], c[CLI_SVG_NUM_MAX];

	snprintf(title, sizeof title, "%dD \xC2\xB7 %s \xC2\xB7 %s %s",
	         dim, mink_state_name(res->state),
	         res->state == MINK_PENETRATING ? "depth" : "distance",
	         cli_svg_num(c, res->state == MINK_PENETRATING ? res->depth
	                                                       : res->distance));
	cli_svg_putf(s, "<text class=\"title\" x=\"%.2f\" y=\"30\">", left);
	cli_svg_put(s, "pair ");
	cli_svg_xml(s, id_text);
	cli_svg_put(s, " \xC2\xB7 ");
	cli_svg_xml(s, title);
	cli_svg_put(s, "</text>\n");
}

static void picture(cli_svg *s, const cli_pair *p, const char *id_text,
                    const mink_result *res, const char *result_json,
                    int nviews, const char *const type[2])
{
	view views[MAX_VIEWS];
	layout lay;
	legend leg;

	nviews = set_views(views, p->dim, res, nviews);
	s->scale = s->size * 0.8 / frame_views(views, nviews, p, res);
	build_legend(&leg, p, res, type);
	lay_out(s, views, nviews, &leg, &lay);
	write_head(s, &lay, views, nviews, id_text, result_json);
	write_title(s, lay.left, p->dim, id_text, res);
	for (int i = 0; i < nviews; i++)
		draw_view(s, &views[i], i, res, p->dim);
	draw_legend(s, &leg, lay.legend_x, lay.legend_y);
	cli_svg_put(s, "</svg>\n");
	for (int i = 0; i < nviews; i++)
		for (int k = 0; k < 2; k++)
			free(views[i].shape[k].p);
}

/* --- Finding the pair ----------------------------------------------------------------- */

/*
 * A record's id, read before the record is checked (to find it by --id):
 * its own when it is a string or an integer, else its 1-based index.
 */
static cli_id record_id(const cJSON *json, long index)
{
	const cJSON *id = cJSON_IsObject(json)
	                  ? cJSON_GetObjectItemCaseSensitive(json, "id") : NULL;
	cli_id out = {NULL, (double)index, 0};

	if (cJSON_IsString(id)) {
		out.str = id->valuestring;
		out.len = cli_json_strlen(id);
	}
	else if (cJSON_IsNumber(id) && id->valuedouble == floor(id->valuedouble) &&
	         fabs(id->valuedouble) <= 9007199254740992.0)
		out.num = id->valuedouble;
	return out;
}

/* The result as `mink -f ndjson` writes it, without the newline. */
static char *result_text(const cli_id *id, int dim, const mink_result *res)
{
	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);
	cli_writer *w;

	if (!fp)
		cli_out_of_memory();
	w = cli_writer_new(fp, CLI_FORMAT_NDJSON);
	cli_writer_result(w, id, dim, res);
	cli_writer_finish(w);
	cli_writer_free(w);
	if (fclose(fp) != 0 || !text)
		cli_out_of_memory();
	if (len && text[len - 1] == '\n')
		text[len - 1] = '\0';
	return text;
}

/* Whether the record's id, as the output writes it, is want. */
static int has_id(const cJSON *json, long index, const char *want)
{
	char num[CLI_NUM_MAX];
	cli_id id = record_id(json, index);
	size_t len;
	const char *text = cli_id_text(&id, num, &len);

	return len == strlen(want) && memcmp(text, want, len) == 0;
}

/* What the command line asks for. */
typedef struct options {
	const char *want_id; /* --id, or NULL */
	long want_index;     /* --index, or 0 */
	int default_dim;     /* -d */
	int views;           /* --views */
	double size;         /* --size: of a panel, pixels */
	const char *output;  /* -o, or NULL for standard output */
	const char *path;    /* FILE, "-" for standard input */
} options;

/* What take_record made of a record. */
enum { SKIP, STOP, FOUND };

/*
 * Record rec, the index-th of the file `name`: the pair wanted (FOUND,
 * its JSON in *json_out and the pair in p), not it (SKIP), or the wanted
 * one but bad (STOP, after the message).
 */
static int take_record(const options *o, const char *name, long index,
                       const cli_record *rec, cli_pair *p, cJSON **json_out)
{
	cli_error err = {NULL, ""};
	cli_id id = {NULL, (double)index, 0};
	cJSON *json;
	size_t off;

	if (rec->len == 0) {
		if (o->want_id)
			return SKIP;
		fprintf(stderr, "mink %s: %s:%ld: missing value in the array\n",
		        CMD, name, rec->line);
		return STOP;
	}
	json = cli_parse_json(rec->text, rec->len, &off, &err);
	if (o->want_id && !json)
		return SKIP;
	if (o->want_id && !has_id(json, index, o->want_id)) {
		cJSON_Delete(json);
		return SKIP;
	}
	if (!json) {
		long line, col;

		cli_record_locate(rec, off, &line, &col);
		fprintf(stderr, "mink %s: %s:%ld:%ld: %s\n", CMD, name, line, col,
		        err.message);
		return STOP;
	}
	if (cli_parse_pair(json, o->default_dim, p, &id, &err) < 0) {
		fprintf(stderr, "mink %s: %s:%ld: %s\n", CMD, name, rec->line,
		        err.message);
		cJSON_Delete(json);
		return STOP;
	}
	*json_out = json;
	return FOUND;
}

/* The reader stopped (st) before the pair was found: why.  1 or 2. */
static int not_found(const options *o, const char *name, cli_reader *r,
                     cli_read_status st, long records)
{
	long line, col;
	const char *msg;

	switch (st) {
	case CLI_READ_IOERR:
		fprintf(stderr, "mink %s: %s: %s\n", CMD, name,
		        strerror(cli_reader_errno(r)));
		return 2;
	case CLI_READ_BROKEN:
		msg = cli_reader_message(r, &line, &col);
		fprintf(stderr, "mink %s: %s:%ld: %s\n", CMD, name, line, msg);
		return 1;
	default:
		break;
	}
	if (o->want_id)
		fprintf(stderr, "mink %s: %s: no pair with id '%s'\n", CMD, name,
		        o->want_id);
	else if (o->want_index)
		fprintf(stderr, "mink %s: %s: no pair number %ld (the file has %ld)\n",
		        CMD, name, o->want_index, records);
	else
		fprintf(stderr, "mink %s: %s: no pair in the file\n", CMD, name);
	return 1;
}

/* Reads records until the wanted one; fills p and the outs.  0, 1 or 2. */
static int read_until(const options *o, const char *name, cli_reader *r,
                      cli_pair *p, cJSON **json_out, long *index_out,
                      long *line_out)
{
	cli_record rec;
	cli_read_status st;
	long index = 0;
	cJSON *json = NULL;

	while ((st = cli_reader_next(r, &rec)) == CLI_READ_RECORD) {
		int got;

		index++;
		if (o->want_index && index != o->want_index)
			continue;
		got = take_record(o, name, index, &rec, p, &json);
		if (got == SKIP)
			continue;
		if (got == STOP)
			return 1;
		*json_out = json;
		*index_out = index;
		*line_out = rec.line;
		return 0;
	}
	return not_found(o, name, r, st, index);
}

/* Opens the file and finds the pair in it: 0, 1 or 2 (see read_until). */
static int find_pair(const options *o, cli_pair *p, cJSON **json_out,
                     long *index_out, long *line_out)
{
	int is_stdin = strcmp(o->path, "-") == 0;
	const char *name = is_stdin ? "<stdin>" : o->path;
	int fd = is_stdin ? STDIN_FILENO : open(o->path, O_RDONLY);
	cli_reader *r;
	int rc;

	if (fd < 0) {
		fprintf(stderr, "mink %s: %s: %s\n", CMD, name, strerror(errno));
		return 2;
	}
	r = cli_reader_new(fd, NULL, NULL);
	rc = read_until(o, name, r, p, json_out, index_out, line_out);
	cli_reader_free(r);
	if (!is_stdin)
		close(fd);
	return rc;
}

/* --- The command -------------------------------------------------------------- */

enum { OPT_ID = 256, OPT_INDEX, OPT_VIEWS, OPT_SIZE };

static const struct option long_options[] = {
	{"id", required_argument, NULL, OPT_ID},
	{"index", required_argument, NULL, OPT_INDEX},
	{"dim", required_argument, NULL, 'd'},
	{"views", required_argument, NULL, OPT_VIEWS},
	{"size", required_argument, NULL, OPT_SIZE},
	{"output", required_argument, NULL, 'o'},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, 'V'},
	{NULL, 0, NULL, 0}
};

static const char help_text[] =
	"Usage: mink render [OPTION]... [FILE]\n"
	"Draw one pair of FILE (or standard input, for - or no FILE) and mink's\n"
	"answer for it as an SVG picture: both shapes in their poses, the contact\n"
	"points, every contact of the patch (and its outline when it has 3 points\n"
	"or more), the normal scaled by the depth or distance, and the values in a\n"
	"legend.  2D pairs are drawn as they are; 3D pairs in views along the\n"
	"tangents t1 and t2 of the contact plane, where the normal lies in the\n"
	"picture.\n"
	"\n"
	"      --id=ID         draw the pair whose id is ID\n"
	"      --index=N       draw the Nth pair of the file, from 1\n"
	"                      (default: the first pair)\n"
	"  -d, --dim=2|3       dimension of pairs without \"dim\" (default 3)\n"
	"      --views=N       3D: 1 (along t1), 2 (and along t2, the default) or\n"
	"                      3 (and along the normal)\n"
	"      --size=PX       width and height of a view in pixels (default 360)\n"
	"  -o, --output=FILE   write to FILE instead of standard output\n"
	"  -h, --help          display this help and exit\n"
	"  -V, --version       output version information and exit\n"
	"\n"
	"Example: mink render --id boxes -o boxes.svg testdata/demo.json\n"
	"\n"
	"Exit status: 0 when the picture was written, 1 when the pair was not\n"
	"found or mink could not answer it, 2 on a usage error, an unreadable\n"
	"file or a write error.\n";

/* Returned by take_option when the reading of options goes on. */
enum { GO_ON = -1 };

/* Option c from getopt_long (opt: its text): GO_ON or an exit status. */
static int take_option(int c, const char *opt, options *o)
{
	unsigned long long value;

	switch (c) {
	case OPT_ID:
		o->want_id = optarg;
		return GO_ON;
	case OPT_INDEX:
		if (cli_parse_ullong(optarg, 1, 0x7FFFFFFF, &value) < 0)
			return cli_usage_error(CMD, "invalid index '%s' (a number >= 1)",
			                       optarg);
		o->want_index = (long)value;
		return GO_ON;
	case 'd':
		if (strcmp(optarg, "2") != 0 && strcmp(optarg, "3") != 0)
			return cli_usage_error(CMD, "invalid dimension '%s' (2 or 3)",
			                       optarg);
		o->default_dim = optarg[0] - '0';
		return GO_ON;
	case OPT_VIEWS:
		if (cli_parse_ullong(optarg, 1, 3, &value) < 0)
			return cli_usage_error(CMD, "invalid number of views '%s' "
			                       "(1, 2 or 3)", optarg);
		o->views = (int)value;
		return GO_ON;
	case OPT_SIZE:
		if (cli_parse_ullong(optarg, 100, 4000, &value) < 0)
			return cli_usage_error(CMD, "invalid size '%s' (100 to 4000 "
			                       "pixels)", optarg);
		o->size = (double)value;
		return GO_ON;
	case 'o':
		o->output = optarg;
		return GO_ON;
	case 'h':
		fputs(help_text, stdout);
		return cli_close_output(CMD, stdout, NULL, 0) < 0 ? 2 : 0;
	case 'V':
		return cli_version(CMD);
	default:
		return cli_bad_option(CMD, c, opt, long_options, "dohV");
	}
}

/* The options and the operand into *o: GO_ON, or the exit status. */
static int parse_options(int argc, char **argv, options *o)
{
	int c, rc;

	*o = (options){.default_dim = 3, .views = 2, .size = 360, .path = "-"};
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":d:o:hV", long_options, NULL)) != -1)
		if ((rc = take_option(c, argv[optind - 1], o)) != GO_ON)
			return rc;
	if (o->want_id && o->want_index)
		return cli_usage_error(CMD, "--id and --index cannot be used together");
	if (argc - optind > 1)
		return cli_usage_error(CMD, "extra operand '%s' (one FILE only)",
		                       argv[optind + 1]);
	if (optind < argc)
		o->path = argv[optind];
	return GO_ON;
}

/* The shapes' "type" as the record spells it, for the legend ("" if none). */
static void shape_types(const cJSON *json, const char *type[2])
{
	for (int i = 0; i < 2; i++) {
		const cJSON *side = cJSON_GetObjectItemCaseSensitive(json, i ? "b" : "a");
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(side, "type");

		type[i] = cJSON_IsString(t) ? t->valuestring : "";
	}
}

/*
 * The picture to `output` (NULL: standard output), read from `input`: 0,
 * or 2 on an error.  A file is replaced whole or not at all, and never
 * when it is the input.
 */
static int write_out(const cli_svg *s, const char *output, const char *input)
{
	char *inputs[1] = {(char *)input};
	cli_outfile of;
	FILE *out;
	int err_no = 0, rc = 0;

	if (cli_outfile_start(&of, CMD, output, inputs, 1) < 0)
		return 2;
	out = of.fp;
	errno = 0;
	if (fwrite(s->b.data, 1, s->b.len, out) != s->b.len)
		err_no = errno ? errno : EIO;
	if (cli_outfile_close(&of, CMD, !err_no, err_no) < 0)
		rc = 2;
	if (out != stdout && fclose(stdout) != 0 && rc == 0)
		rc = 2;
	return rc;
}

/* mink's answer for the pair, drawn and written: 0, 1 or 2. */
static int answer(const options *o, const cli_pair *pair, const cJSON *json,
                  long index, long line)
{
	const char *type[2];
	char num[CLI_NUM_MAX], *text;
	cli_error err = {NULL, ""};
	mink_result res;
	cli_id id = record_id(json, index);
	cli_svg s;
	int rc;

	shape_types(json, type);
	if (cli_answer_pair(pair, NULL, &res, &err) < 0) {
		fprintf(stderr, "mink %s: %s:%ld: %s\n", CMD,
		        strcmp(o->path, "-") == 0 ? "<stdin>" : o->path, line,
		        err.message);
		return 1;
	}
	memset(&s, 0, sizeof s);
	s.size = o->size;
	text = result_text(&id, pair->dim, &res);
	picture(&s, pair, cli_id_text(&id, num, NULL), &res, text, o->views, type);
	free(text);
	rc = write_out(&s, o->output, o->path);
	cli_buf_free(&s.b);
	return rc;
}

int cli_render_main(int argc, char **argv)
{
	options o;
	cli_pair pair;
	cJSON *json = NULL;
	long index = 0, line = 0;
	char *dir;
	int rc = parse_options(argc, argv, &o);

	if (rc != GO_ON)
		return rc;
	memset(&pair, 0, sizeof pair);
	pair.objcache = cli_objcache_new();
	pair.dir = dir = strcmp(o.path, "-") == 0 ? NULL : cli_path_dir(o.path);
	rc = find_pair(&o, &pair, &json, &index, &line);
	if (rc == 0)
		rc = answer(&o, &pair, json, index, line);
	cJSON_Delete(json);
	cli_pair_free(&pair);
	cli_objcache_free(pair.objcache);
	free(dir);
	return rc;
}
