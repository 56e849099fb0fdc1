/*
 * hull.c - hulls of OBJ parts and their notes (hull.h): mink_hull_build,
 * then a convexity test of the mesh's own faces against the hull.
 */
#include "obj/hull.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "text/buf.h"

/* How deep a face may cut into the hull, relative to the hull's size,
 * before the mesh counts as non-convex: coordinates written with 6 or 7
 * digits, common in OBJ files, bend flat faces by about this much. */
#define FACE_TOLERANCE 1e-6

/* ---- convexity ---------------------------------------------------------- */

/*
 * max over the hull's vertices of n.(p - o), by steepest ascent over the
 * vertex graph from *cursor (left at the maximiser): a vertex no
 * neighbour improves on is the maximum of a linear function over a convex
 * polytope.  Successive faces of a mesh are mostly neighbours, so the
 * warm start keeps each climb to a few steps.
 */
static double climb(const mink_hull *h, mink_vec3 n, mink_vec3 o, int *cursor)
{
	int v = *cursor;
	double best = n.x * (h->points[v].x - o.x) + n.y * (h->points[v].y - o.y) +
	              n.z * (h->points[v].z - o.z);

	for (;;) {
		int next = -1;

		for (int k = h->adjacency_start[v]; k < h->adjacency_start[v + 1]; k++) {
			mink_vec3 p = h->points[h->adjacency[k]];
			double t = n.x * (p.x - o.x) + n.y * (p.y - o.y) + n.z * (p.z - o.z);

			if (t > best) {
				best = t;
				next = h->adjacency[k];
			}
		}
		if (next < 0)
			break;
		v = next;
	}
	*cursor = v;
	return best;
}

int cli_obj_faces_on_hull(const cli_obj_part *part, const mink_hull *h)
{
	mink_vec3 lo, hi, o;
	double tol;
	int up = 0, down = 0; /* the climbs' warm starts */

	if (h->dim != 3 || !h->adjacency || h->count < 1)
		return 1;
	lo = hi = h->points[0];
	for (int i = 1; i < h->count; i++) {
		mink_vec3 p = h->points[i];

		lo = (mink_vec3){fmin(lo.x, p.x), fmin(lo.y, p.y), fmin(lo.z, p.z)};
		hi = (mink_vec3){fmax(hi.x, p.x), fmax(hi.y, p.y), fmax(hi.z, p.z)};
	}
	/* Measured from the middle: exact enough far from the origin too. */
	o = (mink_vec3){lo.x / 2 + hi.x / 2, lo.y / 2 + hi.y / 2, lo.z / 2 + hi.z / 2};
	tol = FACE_TOLERANCE * fmax(hi.x - lo.x, fmax(hi.y - lo.y, hi.z - lo.z));
	for (int f = 0; f < part->face_count; f++) {
		const int *idx = part->face_idx + part->face_start[f];
		int k = (int)(part->face_start[f + 1] - part->face_start[f]);
		mink_vec3 n = {0, 0, 0}, c = part->points[idx[0]];
		double len, lo_f = INFINITY, hi_f = -INFINITY, up_h, down_h;

		/* Newell's normal: any polygon, planar or not, either winding. */
		for (int i = 1; i + 1 < k; i++) {
			mink_vec3 a = part->points[idx[i]], b = part->points[idx[i + 1]];
			mink_vec3 u = {a.x - c.x, a.y - c.y, a.z - c.z};
			mink_vec3 w = {b.x - c.x, b.y - c.y, b.z - c.z};

			n.x += u.y * w.z - u.z * w.y;
			n.y += u.z * w.x - u.x * w.z;
			n.z += u.x * w.y - u.y * w.x;
		}
		len = sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
		if (!(len > 0))
			continue; /* a face of no area says nothing */
		n = (mink_vec3){n.x / len, n.y / len, n.z / len};
		for (int i = 0; i < k; i++) {
			mink_vec3 p = part->points[idx[i]];
			double t = n.x * (p.x - o.x) + n.y * (p.y - o.y) + n.z * (p.z - o.z);

			lo_f = fmin(lo_f, t);
			hi_f = fmax(hi_f, t);
		}
		/* On the boundary: the whole hull on one side of the face. */
		up_h = climb(h, n, o, &up);
		down_h = -climb(h, (mink_vec3){-n.x, -n.y, -n.z}, o, &down);
		if (up_h - lo_f > tol && hi_f - down_h > tol)
			return 0;
	}
	return 1;
}

/* ---- hulls and their notes ---------------------------------------------- */

static void add_note(cli_objhull *h, int *n, const char *fmt, int count)
{
	snprintf(h->text[*n], sizeof h->text[*n], fmt, count);
	h->notes[*n] = h->text[*n];
	(*n)++;
	h->notes[*n] = NULL;
}

int cli_objhull_build(const cli_obj_part *part, cli_objhull *out)
{
	int n = 0;

	memset(out, 0, sizeof *out);
	switch (mink_hull_build(part->points, part->count, &out->hull)) {
	case MINK_HULL_OK:
	case MINK_HULL_DEGENERATE:
		break;
	case MINK_HULL_NOMEM:
		cli_out_of_memory();
	case MINK_HULL_INVALID:
	default:
		return -1;
	}
	switch (out->hull.dim) {
	case 3:
		out->nonconvex = !cli_obj_faces_on_hull(part, &out->hull);
		if (out->nonconvex)
			add_note(out, &n, "non-convex mesh, its convex hull is used", 0);
		break;
	case 2:
		add_note(out, &n, "all points on one plane: the hull is flat", 0);
		break;
	case 1:
		add_note(out, &n, "all points on one line: the hull is a segment", 0);
		break;
	default:
		if (out->hull.input_count == 1)
			add_note(out, &n, "a single point", 0);
		else
			add_note(out, &n, "all %d points coincide: the hull is a point",
			         out->hull.input_count);
		return 0; /* the duplicates are said already */
	}
	if (out->hull.duplicates == 1)
		add_note(out, &n, "1 duplicate vertex ignored", 0);
	else if (out->hull.duplicates > 1)
		add_note(out, &n, "%d duplicate vertices ignored",
		         out->hull.duplicates);
	return 0;
}

void cli_objhull_free(cli_objhull *h)
{
	mink_hull_free(&h->hull);
	memset(h, 0, sizeof *h);
}
