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
 * by the depth brings the pair to touching).  The result, as mink -f
 * ndjson prints it, is kept in the picture's <desc>.
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

#include "text/fmtnum.h"
#include "mink.h"
#include "obj/cache.h"
#include "parse.h"
#include "text/split.h"
#include "opts.h"
#include "cmd/outline.h"
#include "cmd/svg.h"
#include "text/buf.h"
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
	cli_pts shape[2];              /* outlines, view coordinates */
	cli_pt pa, pb;
	double minx, maxx, miny, maxy;
	double cx, cy;             /* view coordinates of the panel's centre */
	double x0, y0;             /* the panel's corner in the picture */
} view;

static cli_pt project(const view *v, mink_vec3 p)
{
	return cli_project(p, v->ex, v->ey);
}

static mink_vec3 v3(double x, double y, double z)
{
	mink_vec3 r = {x, y, z};

	return r;
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

/* "[x, y, z]" (or [x, y]) of v, into buf of CLI_SVG_VEC_MAX bytes. */
static const char *vec3(char *buf, mink_vec3 v, int dim)
{
	double a[3] = {v.x, v.y, v.z};

	return cli_svg_vec(buf, a, dim);
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

static void draw_grid(cli_svg *s, const view *v, int axes)
{
	double half = s->size / 2 / s->scale;
	double step = nice_step(2 * half / 8);
	char t[CLI_SVG_NUM_MAX];

	cli_svg_put(s, "<g class=\"grid\">\n");
	for (int dir = 0; dir < 2; dir++) {
		double c = dir ? v->cy : v->cx;

		for (double k = ceil((c - half) / step); k * step <= c + half; k++) {
			double w = k * step;
			const char *cls = axes && k == 0 ? "axis" : "gridline";

			if (dir == 0)
				cli_svg_putf(s, "<line class=\"%s\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" "
				             "y2=\"%.2f\"/>\n", cls, sx(s, v, w), v->y0, sx(s, v, w),
				             v->y0 + s->size);
			else
				cli_svg_putf(s, "<line class=\"%s\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" "
				             "y2=\"%.2f\"/>\n", cls, v->x0, sy(s, v, w), v->x0 + s->size,
				             sy(s, v, w));
		}
	}
	cli_svg_put(s, "</g>\n");
	cli_svg_putf(s, "<text class=\"note\" x=\"%.2f\" y=\"%.2f\" text-anchor=\"end\">"
	             "grid %s</text>\n", v->x0 + s->size - 8, v->y0 + s->size - 8,
	             cli_svg_num(t, step));
}

static void draw_outline(cli_svg *s, const view *v, const cli_pts *l, int side)
{
	const char *name = side ? "b" : "a";

	if (l->n >= 3) {
		cli_svg_putf(s, "<polygon class=\"shape-%s\" points=\"", name);
		for (size_t i = 0; i < l->n; i++)
			cli_svg_putf(s, "%s%.2f,%.2f", i ? " " : "", sx(s, v, l->p[i].x),
			             sy(s, v, l->p[i].y));
		cli_svg_put(s, "\"/>\n");
	} else if (l->n == 2) {
		cli_svg_putf(s, "<line class=\"shape-%s thin\" x1=\"%.2f\" y1=\"%.2f\" "
		             "x2=\"%.2f\" y2=\"%.2f\"/>\n", name, sx(s, v, l->p[0].x),
		             sy(s, v, l->p[0].y), sx(s, v, l->p[1].x), sy(s, v, l->p[1].y));
	} else if (l->n == 1) {
		double x = sx(s, v, l->p[0].x), y = sy(s, v, l->p[0].y);

		cli_svg_putf(s, "<path class=\"shape-%s thin\" d=\"M%.2f,%.2fl8,8m0,-8l-8,8\"/>\n",
		             name, x - 4, y - 4);
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
	             "y2=\"%.2f\"/>\n", cls, x - l * dx, y - l * dy, x + l * dx, y + l * dy);
}

static void draw_view(cli_svg *s, view *v, int index, const mink_result *res,
                      int dim)
{
	double ax, ay, bx, by, len, lx[2], ly[2];
	int thin[2];
	cli_pt n2 = project(v, res->normal);
	double nl = sqrt(n2.x * n2.x + n2.y * n2.y);
	char t[CLI_SVG_NUM_MAX];

	cli_svg_putf(s, "<g class=\"view\" id=\"view%d\">\n", index + 1);
	cli_svg_putf(s, "<text class=\"view-title\" x=\"%.2f\" y=\"%.2f\">%s</text>\n",
	             v->x0, v->y0 - 8, v->title);
	cli_svg_putf(s, "<g clip-path=\"url(#clip%d)\">\n", index + 1);
	cli_svg_putf(s, "<rect class=\"panel\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
	             "height=\"%.2f\"/>\n", v->x0, v->y0, s->size, s->size);
	draw_grid(s, v, dim == 2);
	draw_outline(s, v, &v->shape[0], 0);
	draw_outline(s, v, &v->shape[1], 1);

	ax = sx(s, v, v->pa.x);
	ay = sy(s, v, v->pa.y);
	bx = sx(s, v, v->pb.x);
	by = sy(s, v, v->pb.y);
	/* The shapes' letters: at the centroid, or beside a point or segment. */
	for (int i = 0; i < 2; i++) {
		cli_pt c = v->shape[i].n ? label_spot(&v->shape[i]) : v->pa;

		thin[i] = v->shape[i].n < 3;
		lx[i] = sx(s, v, c.x) + (thin[i] ? 9 : 0);
		ly[i] = sy(s, v, c.y) + (thin[i] ? -7 : 6);
	}
	if (!v->along_normal && nl > 1e-9) {
		/* Screen direction of the normal (y flips), and the contact planes. */
		double dx = n2.x / nl, dy = -n2.y / nl;

		plane_line(s, ax, ay, -dy, dx, "plane-a");
		plane_line(s, bx, by, -dy, dx, "plane-b");
		len = hypot(bx - ax, by - ay);
		if (len >= 14) {
			int deep = res->distance < 0;
			double fx = deep ? bx : ax, fy = deep ? by : ay;
			double tx = deep ? ax : bx, ty = deep ? ay : by;
			/*
			 * The label beside the arrow: on its upper side, unless a
			 * shape's letter is there and not on the other side.
			 */
			double px = dy, py = -dx, mx = 0, my = 0;
			int start;

			cli_svg_num(t, fabs(res->distance));
			if (py > 0 || (py == 0 && px < 0)) {
				px = -px;
				py = -py;
			}
			start = fabs(py) < 0.5;
			for (int side = 1; side >= -1; side -= 2) {
				double w = 7 * (double)(strlen(t) + (deep ? 6 : 9));
				double x0, x1, y0, y1;
				int clear = 1;

				mx = (fx + tx) / 2 + 14 * side * px;
				my = (fy + ty) / 2 + 14 * side * py + 4;
				x0 = start ? (side > 0 ? mx : mx - w) : mx - w / 2;
				x1 = x0 + w;
				y0 = my - 11;
				y1 = my + 3;
				for (int i = 0; i < 2; i++)
					if (v->shape[i].n && lx[i] + 8 > x0 && lx[i] - 8 < x1 &&
					    ly[i] + 2 > y0 && ly[i] - 13 < y1)
						clear = 0;
				if (clear)
					break;
				if (side < 0) {
					/* Crowded both ways: the upper side after all. */
					mx = (fx + tx) / 2 + 14 * px;
					my = (fy + ty) / 2 + 14 * py + 4;
				}
			}

			/* The tip stops at the rim of the point it reaches. */
			cli_svg_putf(s, "<line class=\"normal\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" "
			             "y2=\"%.2f\" marker-end=\"url(#arrow)\"/>\n", fx, fy,
			             tx - 5.5 * dx, ty - 5.5 * dy);
			cli_svg_putf(s, "<text class=\"arrow-label\" x=\"%.2f\" y=\"%.2f\" "
			             "text-anchor=\"%s\">%s %s</text>\n", mx, my,
			             !start ? "middle" : (mx - (fx + tx) / 2) * px >= 0 ? "start" : "end",
			             deep ? "depth" : "distance", t);
		} else {
			/* Touching or nearly: the direction alone, at a fixed length. */
			cli_svg_putf(s, "<line class=\"normal dashed\" x1=\"%.2f\" y1=\"%.2f\" "
			             "x2=\"%.2f\" y2=\"%.2f\" marker-end=\"url(#arrow)\"/>\n", ax, ay,
			             ax + 40 * dx, ay + 40 * dy);
			cli_svg_putf(s, "<text class=\"arrow-label\" x=\"%.2f\" y=\"%.2f\" "
			             "text-anchor=\"middle\">n</text>\n", ax + 52 * dx, ay + 52 * dy + 4);
		}
	}
	cli_svg_putf(s, "<circle class=\"point-a\" cx=\"%.2f\" cy=\"%.2f\" r=\"4.5\"/>\n", ax, ay);
	cli_svg_putf(s, "<circle class=\"point-b\" cx=\"%.2f\" cy=\"%.2f\" r=\"4.5\"/>\n", bx, by);
	for (int i = 0; i < 2; i++)
		if (v->shape[i].n)
			cli_svg_putf(s, "<text class=\"label-%s\" x=\"%.2f\" y=\"%.2f\" "
			             "text-anchor=\"%s\">%s</text>\n", i ? "b" : "a", lx[i], ly[i],
			             thin[i] ? "start" : "middle", i ? "B" : "A");
	cli_svg_put(s, "</g>\n");
	cli_svg_putf(s, "<rect class=\"frame\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
	             "height=\"%.2f\"/>\n", v->x0, v->y0, s->size, s->size);
	/* Which way is which: two small arrows in the lower left corner. */
	{
		double ox = v->x0 + 14, oy = v->y0 + s->size - 14;

		cli_svg_putf(s, "<g class=\"axes\"><line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" "
		             "y2=\"%.2f\" marker-end=\"url(#tip)\"/><line x1=\"%.2f\" "
		             "y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" marker-end=\"url(#tip)\"/>"
		             "<text x=\"%.2f\" y=\"%.2f\">%s</text><text x=\"%.2f\" "
		             "y=\"%.2f\" text-anchor=\"middle\">%s</text></g>\n",
		             ox, oy, ox + 26, oy, ox, oy, ox, oy - 26, ox + 30, oy + 4,
		             v->xname, ox, oy - 30, v->yname);
	}
	cli_svg_put(s, "</g>\n");
}

/* --- The legend ------------------------------------------------------------------ */

static void describe3(char *out, size_t size, const mink_shape3 *s,
                      const char *type)
{
	char a[CLI_SVG_VEC_MAX], b[CLI_SVG_NUM_MAX], c[CLI_SVG_NUM_MAX];
	double v[3];

	switch (s->type) {
	case MINK_SPHERE:
		snprintf(out, size, "sphere, radius %s", cli_svg_num(b, s->sphere.radius));
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
		         cli_svg_num(b, s->capsule.radius), cli_svg_num(c, s->capsule.half_height));
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
	case MINK_CIRCLE:
		snprintf(out, size, "circle, radius %s", cli_svg_num(b, s->circle.radius));
		break;
	case MINK_BOX2:
		v[0] = s->box.half_extents.x;
		v[1] = s->box.half_extents.y;
		snprintf(out, size, "box, half_extents %s", cli_svg_vec(a, v, 2));
		break;
	case MINK_CAPSULE2:
		snprintf(out, size, "capsule, radius %s, half_height %s",
		         cli_svg_num(b, s->capsule.radius), cli_svg_num(c, s->capsule.half_height));
		break;
	case MINK_POINT2:
		snprintf(out, size, "point");
		break;
	case MINK_SEGMENT2:
		snprintf(out, size, "segment, 2 points");
		break;
	case MINK_POLYGON:
		snprintf(out, size, "polygon, %d point%s", s->polygon.count,
		         s->polygon.count == 1 ? "" : "s");
		break;
	}
}

/* The legend: rows of text, some with a symbol before them. */
enum { SYM_NONE, SYM_A, SYM_B, SYM_POINT_A, SYM_POINT_B, SYM_ARROW };
enum { LEGEND_ROWS = 10, LEGEND_ROW = 19 };

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

static void build_legend(legend *l, const cli_pair *p, const mink_result *res,
                         const char *const type[2])
{
	char a[CLI_SVG_VEC_MAX], b[CLI_SVG_VEC_MAX], c[CLI_SVG_NUM_MAX];
	const size_t size = sizeof l->text[0];
	char *line;

	l->n = 0;
	for (int i = 0; i < 2; i++) {
		double margin = p->dim == 3 ? p->shape3[i].margin : p->shape2[i].margin;

		line = legend_row(l, i ? SYM_B : SYM_A, "value", 0);
		if (p->dim == 3)
			describe3(line, size, &p->shape3[i], type[i]);
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
	snprintf(legend_row(l, SYM_POINT_A, "value", 0), size, "point_a %s",
	         vec3(a, res->point_a, p->dim));
	snprintf(legend_row(l, SYM_POINT_B, "value", 0), size, "point_b %s",
	         vec3(a, res->point_b, p->dim));
	line = legend_row(l, SYM_ARROW, "value", 0);
	if (res->state == MINK_PENETRATING)
		snprintf(line, size, "normal %s \xC3\x97 depth %s",
		         vec3(a, res->normal, p->dim), cli_svg_num(c, res->depth));
	else if (res->state == MINK_SEPARATED)
		snprintf(line, size, "normal %s \xC3\x97 distance %s",
		         vec3(a, res->normal, p->dim), cli_svg_num(c, res->distance));
	else
		snprintf(line, size, "normal %s (touching)", vec3(a, res->normal, p->dim));
	snprintf(legend_row(l, SYM_NONE, "note", 0), size, "%s",
	         res->state == MINK_PENETRATING
	         ? "moving B by the arrow brings the pair to touching"
	         : res->state == MINK_SEPARATED ? "the arrow goes from point_a to point_b"
	                                        : "the shapes touch");
	if (p->dim == 3)
		snprintf(legend_row(l, SYM_NONE, "note", 0), size,
		         "tangents t\xE2\x82\x81 %s, t\xE2\x82\x82 %s",
		         vec3(a, res->tangent[0], 3), vec3(b, res->tangent[1], 3));
	line = legend_row(l, SYM_NONE, "note", 0);
	snprintf(line, size, "status %s \xC2\xB7 %s \xC2\xB7 distance %s "
	         "\xC2\xB7 iterations GJK %d, EPA %d",
	         mink_status_name(res->status), mink_state_name(res->state),
	         cli_svg_num(c, res->distance), res->gjk_iterations, res->epa_iterations);
	if (res->status == MINK_APPROXIMATE) {
		size_t n = strlen(line);

		snprintf(line + n, size - n, " (%s)", mink_warning_name(res->warning));
	}
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

static void draw_legend(cli_svg *s, const legend *l, double x, double y)
{
	for (int i = 0; i < l->n; i++) {
		switch (l->symbol[i]) {
		case SYM_A:
		case SYM_B:
			cli_svg_putf(s, "<rect class=\"swatch-%s\" x=\"%.2f\" y=\"%.2f\" "
			             "width=\"14\" height=\"14\" rx=\"2\"/>\n",
			             l->symbol[i] == SYM_B ? "b" : "a", x, y - 11);
			cli_svg_putf(s, "<text x=\"%.2f\" y=\"%.2f\" font-weight=\"bold\" "
			             "fill=\"%s\">%s</text>\n", x + 22, y,
			             l->symbol[i] == SYM_B ? COLOUR_B : COLOUR_A,
			             l->symbol[i] == SYM_B ? "B" : "A");
			break;
		case SYM_POINT_A:
		case SYM_POINT_B:
			cli_svg_putf(s, "<circle class=\"point-%s\" cx=\"%.2f\" cy=\"%.2f\" "
			             "r=\"4.5\"/>\n", l->symbol[i] == SYM_POINT_B ? "b" : "a", x + 7,
			             y - 4);
			break;
		case SYM_ARROW:
			cli_svg_putf(s, "<line class=\"normal\" x1=\"%.2f\" y1=\"%.2f\" "
			             "x2=\"%.2f\" y2=\"%.2f\" marker-end=\"url(#arrow)\"/>\n",
			             x, y - 4, x + 16, y - 4);
			break;
		}
		cli_svg_putf(s, "<text class=\"%s\" x=\"%.2f\" y=\"%.2f\">", l->cls[i],
		             x + 40, y);
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
	".label-a, .label-b { font-size: 15px; font-weight: bold; stroke: #ffffff; "
	"stroke-width: 3; stroke-opacity: 0.8; paint-order: stroke; }\n"
	".label-a { fill: " COLOUR_A "; }\n"
	".label-b { fill: " COLOUR_B "; }\n"
	".arrow-label { font-size: 12px; stroke: #ffffff; stroke-width: 3; "
	"stroke-opacity: 0.85; paint-order: stroke; }\n"
	".axes line { stroke: " GREY "; stroke-width: 1.25; }\n"
	".axes text { font-size: 12px; fill: " GREY "; }\n"
	"</style>\n";

static void picture(cli_svg *s, const cli_pair *p, const char *id_text,
                    const mink_result *res, const char *result_json,
                    int nviews, const char *const type[2])
{
	view views[MAX_VIEWS];
	const double gap = 24, margin = 20, top = 62;
	double width, height, legend_x, legend_y, legend_w, legend_h, span = 0, left;
	char title[512], c[CLI_SVG_NUM_MAX];
	legend leg;

	memset(views, 0, sizeof views);
	if (p->dim == 2) {
		nviews = 1;
		views[0].title = "world x, y";
		views[0].xname = "x";
		views[0].yname = "y";
		views[0].ex = v3(1, 0, 0);
		views[0].ey = v3(0, 1, 0);
	} else {
		mink_vec3 n = res->normal, t1 = res->tangent[0], t2 = res->tangent[1];

		views[0] = (view){.title = "view along t\xE2\x82\x81", .xname = "n",
		                  .yname = "t\xE2\x82\x82", .ex = n, .ey = t2};
		views[1] = (view){.title = "view along t\xE2\x82\x82", .xname = "n",
		                  .yname = "\xE2\x88\x92t\xE2\x82\x81", .ex = n,
		                  .ey = v3(-t1.x, -t1.y, -t1.z)};
		views[2] = (view){.title = "view along n", .xname = "t\xE2\x82\x82",
		                  .yname = "t\xE2\x82\x81", .ex = t2, .ey = t1,
		                  .along_normal = 1};
	}

	/* Outlines and framing: one scale for all views. */
	for (int i = 0; i < nviews; i++) {
		view *v = &views[i];

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
		for (int k = 0; k < 2; k++)
			for (size_t j = 0; j < v->shape[k].n; j++)
				grow(v, v->shape[k].p[j]);
		v->cx = (v->minx + v->maxx) / 2;
		v->cy = (v->miny + v->maxy) / 2;
		span = fmax(span, fmax(v->maxx - v->minx, v->maxy - v->miny));
	}
	if (!(span > 0) || !isfinite(span))
		span = 1;
	s->scale = s->size * 0.8 / span;

	/*
	 * Views side by side; the legend beside a single view, else below.
	 */
	left = margin;
	for (int i = 0; i < nviews; i++) {
		views[i].x0 = left + i * (s->size + gap);
		views[i].y0 = top;
	}
	build_legend(&leg, p, res, type);
	legend_size(&leg, &legend_w, &legend_h);
	if (nviews == 1) {
		legend_x = left + s->size + gap + 4;
		legend_y = top + 14;
		width = legend_x + legend_w;
		height = fmax(top + s->size + margin, legend_y + legend_h);
	} else {
		legend_x = left;
		legend_y = top + s->size + 34;
		width = fmax(2 * margin + nviews * s->size + (nviews - 1) * gap,
		             legend_w + 2 * margin);
		height = legend_y + legend_h;
	}

	cli_svg_putf(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	             "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	             "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
	             "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n",
	             width, height, width, height);
	cli_svg_put(s, "<title>mink: pair ");
	cli_svg_xml(s, id_text);
	cli_svg_put(s, "</title>\n<desc>");
	cli_svg_xml(s, result_json);
	cli_svg_put(s, "</desc>\n");
	cli_svg_put(s, style);
	cli_svg_put(s, "<defs>\n<marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" "
	            "refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\">"
	            "<path d=\"M0,0L10,5L0,10z\" fill=\"" INK "\"/></marker>\n"
	            "<marker id=\"tip\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
	            "markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\">"
	            "<path d=\"M0,0L10,5L0,10z\" fill=\"" GREY "\"/></marker>\n");
	for (int i = 0; i < nviews; i++)
		cli_svg_putf(s, "<clipPath id=\"clip%d\"><rect x=\"%.2f\" y=\"%.2f\" "
		             "width=\"%.2f\" height=\"%.2f\"/></clipPath>\n", i + 1,
		             views[i].x0, views[i].y0, s->size, s->size);
	cli_svg_put(s, "</defs>\n");
	cli_svg_putf(s, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#f7fafc\"/>\n", width,
	             height);

	snprintf(title, sizeof title, "%dD \xC2\xB7 %s \xC2\xB7 %s %s",
	         p->dim, mink_state_name(res->state),
	         res->state == MINK_PENETRATING ? "depth" : "distance",
	         cli_svg_num(c, res->state == MINK_PENETRATING ? res->depth : res->distance));
	cli_svg_putf(s, "<text class=\"title\" x=\"%.2f\" y=\"30\">", left);
	cli_svg_put(s, "pair ");
	cli_svg_xml(s, id_text);
	cli_svg_put(s, " \xC2\xB7 ");
	cli_svg_xml(s, title);
	cli_svg_put(s, "</text>\n");

	for (int i = 0; i < nviews; i++)
		draw_view(s, &views[i], i, res, p->dim);
	draw_legend(s, &leg, legend_x, legend_y);
	cli_svg_put(s, "</svg>\n");
	for (int i = 0; i < nviews; i++)
		for (int k = 0; k < 2; k++)
			free(views[i].shape[k].p);
}

/* --- Finding the pair ----------------------------------------------------------------- */

/* The text of a record's id: its own, or its 1-based index. */
static void record_id(const cJSON *json, long index, char *out, size_t size)
{
	const cJSON *id = cJSON_IsObject(json)
	                  ? cJSON_GetObjectItemCaseSensitive(json, "id") : NULL;

	if (cJSON_IsString(id))
		snprintf(out, size, "%s", id->valuestring);
	else if (cJSON_IsNumber(id) && id->valuedouble == floor(id->valuedouble) &&
	         fabs(id->valuedouble) <= 9007199254740992.0)
		cli_fmtint(out, id->valuedouble);
	else
		snprintf(out, size, "%ld", index);
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

enum { OPT_ID = 256, OPT_INDEX, OPT_VIEWS, OPT_SIZE };

static const struct option long_options[] = {
	{"id", required_argument, NULL, OPT_ID},
	{"index", required_argument, NULL, OPT_INDEX},
	{"dim", required_argument, NULL, 'd'},
	{"views", required_argument, NULL, OPT_VIEWS},
	{"size", required_argument, NULL, OPT_SIZE},
	{"output", required_argument, NULL, 'o'},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0}
};

static const char help_text[] =
	"Usage: mink render [OPTION]... [FILE]\n"
	"Draw one pair of FILE (or standard input, for - or no FILE) and mink's\n"
	"answer for it as an SVG picture: both shapes in their poses, the contact\n"
	"points, the normal scaled by the depth or distance, and the values in a\n"
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
	"\n"
	"Example: mink render --id boxes -o boxes.svg testdata/demo.json\n"
	"\n"
	"Exit status: 0 when the picture was written, 1 when the pair was not\n"
	"found or mink could not answer it, 2 on a usage error, an unreadable\n"
	"file or a write error.\n";

/* Reads records until the wanted one; fills p and *id_out.  0, 1 or 2. */
static int find_pair(const char *path, const char *want_id, long want_index,
                     int default_dim, cli_pair *p, cJSON **json_out,
                     long *index_out, long *line_out)
{
	int is_stdin = strcmp(path, "-") == 0;
	const char *name = is_stdin ? "<stdin>" : path;
	int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY);
	cli_reader *r;
	cli_record rec;
	cli_read_status st;
	long index = 0;
	int rc = 1;

	if (fd < 0) {
		fprintf(stderr, "mink %s: %s: %s\n", CMD, name, strerror(errno));
		return 2;
	}
	r = cli_reader_new(fd, NULL, NULL);
	while ((st = cli_reader_next(r, &rec)) == CLI_READ_RECORD) {
		cli_error err = {NULL, ""};
		cJSON *json;
		size_t off;
		char idt[512];

		index++;
		if (want_index && index != want_index)
			continue;
		if (rec.len == 0) {
			if (want_id)
				continue;
			fprintf(stderr, "mink %s: %s:%ld: missing value in the array\n",
			        CMD, name, rec.line);
			break;
		}
		json = cli_parse_json(rec.text, rec.len, &off, &err);
		if (want_id) {
			if (!json)
				continue;
			record_id(json, index, idt, sizeof idt);
			if (strcmp(idt, want_id) != 0) {
				cJSON_Delete(json);
				continue;
			}
		}
		if (!json) {
			long line, col;

			cli_record_locate(&rec, off, &line, &col);
			fprintf(stderr, "mink %s: %s:%ld:%ld: %s\n", CMD, name, line, col,
			        err.message);
			break;
		}
		{
			cli_id id = {NULL, (double)index};

			if (cli_parse_pair(json, default_dim, p, &id, &err) < 0) {
				fprintf(stderr, "mink %s: %s:%ld: %s\n", CMD, name, rec.line,
				        err.message);
				cJSON_Delete(json);
				break;
			}
		}
		*json_out = json;
		*index_out = index;
		*line_out = rec.line;
		rc = 0;
		break;
	}
	if (rc == 1 && st != CLI_READ_RECORD) {
		if (st == CLI_READ_IOERR) {
			fprintf(stderr, "mink %s: %s: %s\n", CMD, name,
			        strerror(cli_reader_errno(r)));
			rc = 2;
		} else if (st == CLI_READ_BROKEN) {
			long line, col;
			const char *msg = cli_reader_message(r, &line, &col);

			fprintf(stderr, "mink %s: %s:%ld: %s\n", CMD, name, line, msg);
		} else if (want_id) {
			fprintf(stderr, "mink %s: %s: no pair with id '%s'\n", CMD, name,
			        want_id);
		} else if (want_index) {
			fprintf(stderr, "mink %s: %s: no pair number %ld (the file has %ld)\n",
			        CMD, name, want_index, index);
		} else {
			fprintf(stderr, "mink %s: %s: no pair in the file\n", CMD, name);
		}
	}
	cli_reader_free(r);
	if (!is_stdin)
		close(fd);
	return rc;
}

int cli_render_main(int argc, char **argv)
{
	const char *want_id = NULL, *output = NULL, *path = "-";
	unsigned long long value;
	long want_index = 0, index = 0, line = 0;
	int default_dim = 3, views = 2, c, rc;
	cli_pair pair;
	cJSON *json = NULL;
	mink_result res;
	cli_svg s;
	FILE *out = stdout;
	char idt[512], *dir = NULL;
	const char *type[2] = {"", ""};

	memset(&pair, 0, sizeof pair);
	memset(&s, 0, sizeof s);
	s.size = 360;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":d:o:h", long_options, NULL)) != -1) {
		const char *opt = argv[optind - 1];

		switch (c) {
		case OPT_ID:
			want_id = optarg;
			break;
		case OPT_INDEX:
			if (cli_parse_ullong(optarg, 1, 0x7FFFFFFF, &value) < 0)
				return cli_usage_error(CMD, "invalid index '%s' (a number >= 1)",
				                       optarg);
			want_index = (long)value;
			break;
		case 'd':
			if (strcmp(optarg, "2") != 0 && strcmp(optarg, "3") != 0)
				return cli_usage_error(CMD, "invalid dimension '%s' (2 or 3)",
				                       optarg);
			default_dim = optarg[0] - '0';
			break;
		case OPT_VIEWS:
			if (cli_parse_ullong(optarg, 1, 3, &value) < 0)
				return cli_usage_error(CMD, "invalid number of views '%s' "
				                       "(1, 2 or 3)", optarg);
			views = (int)value;
			break;
		case OPT_SIZE:
			if (cli_parse_ullong(optarg, 100, 4000, &value) < 0)
				return cli_usage_error(CMD, "invalid size '%s' (100 to 4000 "
				                       "pixels)", optarg);
			s.size = (double)value;
			break;
		case 'o':
			output = optarg;
			break;
		case 'h':
			fputs(help_text, stdout);
			return cli_close_output(CMD, stdout, NULL, 0) < 0 ? 2 : 0;
		default:
			return cli_bad_option(CMD, c, opt, long_options, "doh");
		}
	}
	if (want_id && want_index)
		return cli_usage_error(CMD, "--id and --index cannot be used together");
	if (argc - optind > 1)
		return cli_usage_error(CMD, "extra operand '%s' (one FILE only)",
		                       argv[optind + 1]);
	if (optind < argc)
		path = argv[optind];

	/* OBJ hulls: paths in records are relative to the file's directory. */
	pair.objcache = cli_objcache_new();
	if (strrchr(path, '/')) {
		size_t n = (size_t)(strrchr(path, '/') - path);

		dir = cli_xrealloc(NULL, n + 2);
		memcpy(dir, path, n ? n : 1); /* "/x.json": the root */
		dir[n ? n : 1] = '\0';
		pair.dir = dir;
	}
	rc = find_pair(path, want_id, want_index, default_dim, &pair, &json,
	               &index, &line);
	if (rc != 0) {
		cli_pair_free(&pair);
		cli_objcache_free(pair.objcache);
		free(dir);
		return rc;
	}
	record_id(json, index, idt, sizeof idt);
	for (int i = 0; i < 2; i++) {
		const cJSON *side = cJSON_GetObjectItemCaseSensitive(json, i ? "b" : "a");
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(side, "type");

		type[i] = cJSON_IsString(t) ? t->valuestring : "";
	}
	memset(&res, 0, sizeof res);
	if (pair.dim == 3)
		mink_query3(&pair.shape3[0], &pair.pose3[0], &pair.shape3[1],
		            &pair.pose3[1], NULL, &res);
	else
		mink_query2(&pair.shape2[0], &pair.pose2[0], &pair.shape2[1],
		            &pair.pose2[1], NULL, &res);
	if (res.status == MINK_ERROR) {
		fprintf(stderr, "mink %s: %s:%ld: mink rejected the pair (%s)\n", CMD,
		        strcmp(path, "-") == 0 ? "<stdin>" : path, line,
		        mink_error_name(res.error));
		rc = 1;
	} else {
		cli_id id = {NULL, (double)index};
		const cJSON *idj = cJSON_GetObjectItemCaseSensitive(json, "id");
		char *text;

		if (cJSON_IsString(idj))
			id.str = idj->valuestring;
		else if (cJSON_IsNumber(idj))
			id.num = idj->valuedouble;
		text = result_text(&id, pair.dim, &res);
		picture(&s, &pair, idt, &res, text, views, type);
		free(text);
		if (output && !(out = fopen(output, "w"))) {
			fprintf(stderr, "mink %s: %s: %s\n", CMD, output, strerror(errno));
			rc = 2;
		} else {
			int err_no = 0;

			errno = 0;
			if (fwrite(s.b.data, 1, s.b.len, out) != s.b.len)
				err_no = errno ? errno : EIO;
			if (cli_close_output(CMD, out, output, err_no) < 0)
				rc = 2;
			if (out != stdout && fclose(stdout) != 0 && rc == 0)
				rc = 2;
		}
	}
	cli_buf_free(&s.b);
	cJSON_Delete(json);
	cli_pair_free(&pair);
	cli_objcache_free(pair.objcache);
	free(dir);
	return rc;
}
