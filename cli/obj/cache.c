/*
 * objcache.c - OBJ files read once and hulls built once per run.
 *
 * Two maps lead to a file: the path as a record spells it (joined to the
 * input's directory), which costs one hash per record, and, on a miss,
 * the path realpath(3) resolves it to, so that "a/../b.obj" and "b.obj"
 * share one read.  A file's parts map to their hulls.  One mutex guards
 * it all: a miss (a read and a hull build) is rare and the hits are short.
 */
#define _XOPEN_SOURCE 700 /* realpath */

#include "obj/cache.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text/strmap.h"
#include "text/buf.h"

/* How deep a face may cut into the hull, relative to the hull's size,
 * before the mesh counts as non-convex: coordinates written with 6 or 7
 * digits, common in OBJ files, bend flat faces by about this much. */
#define FACE_TOLERANCE 1e-6

enum { SHOWN_MAX = 48 };

typedef struct hull_entry {
	int ok;
	cli_objhull h;
	const char *code; /* when !ok */
	char what[160];   /* when !ok: the message without the path */
} hull_entry;

typedef struct file_entry {
	struct file_entry *next; /* every entry, for cli_objcache_free */
	cli_obj *obj;            /* NULL when the file failed */
	long line;               /* when it failed: where (0: no line) */
	char what[CLI_OBJ_MSG_MAX]; /* and why */
	cli_strmap parts;        /* object name -> hull_entry */
	hull_entry *all;         /* the part of every vertex */
} file_entry;

struct cli_objcache {
	pthread_mutex_t lock;
	cli_strmap by_path; /* path as joined -> file_entry */
	cli_strmap by_real; /* resolved path -> file_entry */
	file_entry *files;
	cli_buf joined;
};

static const char *shown(char out[SHOWN_MAX], const char *s)
{
	return cli_shown(out, SHOWN_MAX, s);
}

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

/* ---- the cache ---------------------------------------------------------- */

cli_objcache *cli_objcache_new(void)
{
	cli_objcache *c = cli_xrealloc(NULL, sizeof *c);

	memset(c, 0, sizeof *c);
	if (pthread_mutex_init(&c->lock, NULL) != 0)
		cli_out_of_memory();
	return c;
}

static void free_part(void *value, void *ctx)
{
	hull_entry *e = value;

	(void)ctx;
	if (e->ok)
		cli_objhull_free(&e->h);
	free(e);
}

void cli_objcache_free(cli_objcache *c)
{
	if (!c)
		return;
	while (c->files) {
		file_entry *f = c->files;

		c->files = f->next;
		cli_strmap_each(&f->parts, free_part, NULL);
		cli_strmap_free(&f->parts);
		if (f->all)
			free_part(f->all, NULL);
		cli_obj_free(f->obj);
		free(f);
	}
	cli_strmap_free(&c->by_path);
	cli_strmap_free(&c->by_real);
	cli_buf_free(&c->joined);
	pthread_mutex_destroy(&c->lock);
	free(c);
}

static file_entry *new_file(cli_objcache *c)
{
	file_entry *f = cli_xrealloc(NULL, sizeof *f);

	memset(f, 0, sizeof *f);
	f->next = c->files;
	c->files = f;
	return f;
}

/* The entry of the file at `joined`, read now if it was not before. */
static file_entry *file_at(cli_objcache *c, const char *joined)
{
	file_entry *f = cli_strmap_get(&c->by_path, joined);
	cli_obj_error err;
	char *real;

	if (f)
		return f;
	real = realpath(joined, NULL);
	if (!real) {
		if (errno == ENOMEM)
			cli_out_of_memory();
		f = new_file(c);
		snprintf(f->what, sizeof f->what, "%s", strerror(errno));
	} else if (!(f = cli_strmap_get(&c->by_real, real))) {
		f = new_file(c);
		f->obj = cli_obj_read(real, &err);
		if (!f->obj) {
			f->line = err.line;
			memcpy(f->what, err.message, sizeof f->what);
		}
		cli_strmap_put(&c->by_real, real, f);
	}
	free(real);
	cli_strmap_put(&c->by_path, joined, f);
	return f;
}

/* The entry of part `object` of f, built now if it was not before. */
static hull_entry *part_of(file_entry *f, const char *object)
{
	hull_entry *e = object ? cli_strmap_get(&f->parts, object) : f->all;
	cli_obj_part part;
	char buf[SHOWN_MAX];

	if (e)
		return e;
	e = cli_xrealloc(NULL, sizeof *e);
	memset(e, 0, sizeof *e);
	switch (cli_obj_select(f->obj, object, &part)) {
	case CLI_OBJ_SELECTED:
		if (cli_objhull_build(&part, &e->h) == 0) {
			e->ok = 1;
		} else {
			/* not reached: the reader refuses such coordinates */
			e->code = "bad_obj";
			snprintf(e->what, sizeof e->what, "coordinates unfit for a hull");
		}
		break;
	case CLI_OBJ_NO_NAME:
		e->code = "bad_shape";
		snprintf(e->what, sizeof e->what, "no object or group '%s'",
		         shown(buf, object));
		break;
	case CLI_OBJ_NO_VERTICES:
		e->code = "bad_shape";
		if (object)
			snprintf(e->what, sizeof e->what,
			         "object or group '%s' has no vertices", shown(buf, object));
		else
			snprintf(e->what, sizeof e->what, "no vertices");
		break;
	}
	cli_obj_part_free(&part);
	if (object)
		cli_strmap_put(&f->parts, object, e);
	else
		f->all = e;
	return e;
}

const cli_objhull *cli_objcache_get(cli_objcache *c, const char *dir,
                                    const char *path, const char *object,
                                    cli_objcache_error *err)
{
	const cli_objhull *h = NULL;
	const char *joined;
	file_entry *f;
	hull_entry *e;

	pthread_mutex_lock(&c->lock);
	c->joined.len = 0;
	if (dir && *dir && path[0] != '/') {
		cli_buf_puts(&c->joined, dir);
		if (dir[strlen(dir) - 1] != '/')
			cli_buf_putc(&c->joined, '/');
	}
	cli_buf_puts(&c->joined, path);
	cli_buf_putc(&c->joined, '\0');
	joined = c->joined.data;
	f = file_at(c, joined);
	if (!f->obj) {
		err->code = "bad_obj";
		if (f->line > 0)
			snprintf(err->message, sizeof err->message, "%s:%ld: %s", joined,
			         f->line, f->what);
		else
			snprintf(err->message, sizeof err->message, "%s: %s", joined,
			         f->what);
	} else if (!(e = part_of(f, object))->ok) {
		err->code = e->code;
		snprintf(err->message, sizeof err->message, "%s: %s", joined, e->what);
	} else {
		h = &e->h;
	}
	pthread_mutex_unlock(&c->lock);
	return h;
}
