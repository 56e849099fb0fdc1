/*
 * cache.c - OBJ files read once and hulls built once per run.
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
