/*
 * read.c - the strict OBJ reader (see read.h for what it takes and refuses).
 *
 * The whole file is read into memory and split into statements: physical
 * lines joined where one ends with a backslash (comment lines are never
 * continued: a path such as "C:\models\" at the end of a comment must not
 * swallow the next statement).  A message names the line where its
 * statement starts.  Reference: "Object Files (.obj)", Wavefront Advanced
 * Visualizer manual, appendix B1.
 */
#include "obj/read.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "text/strmap.h"
#include "text/buf.h"

/* Longest input text quoted in a message. */
enum { SHOWN_MAX = 40 };
/* Indices are read up to this magnitude, far beyond any valid one. */
#define INDEX_CLAMP 100000000000L

/*
 * Statements that do not change the shape of a polygonal mesh: they are
 * skipped.  Smoothing and merging groups, materials, texture maps, level
 * of detail and rendering flags only change how a surface looks.
 */
static const char *const display_statements[] = {
	"s", "mg", "usemtl", "mtllib", "usemap", "maplib", "lod", "bevel",
	"c_interp", "d_interp", "shadow_obj", "trace_obj", "ctech", "stech",
	NULL
};

/*
 * Free-form curves and surfaces: their shape is not their control points'
 * hull, and mink does not evaluate them, so they are refused rather than
 * silently dropped.
 */
static const char *const freeform_statements[] = {
	"cstype", "deg", "bmat", "step", "curv", "curv2", "surf", "parm", "trim",
	"hole", "scrv", "sp", "end", "con", NULL
};

typedef struct reader {
	cli_obj *o;
	size_t cap_v, cap_idx, cap_elem, cap_names, cap_tags, cap_grp, cap_cur;
	cli_strmap name_ids; /* name -> its index in o->names, plus 1 */
	int cur_obj;         /* index of the current `o` name, or -1 */
	int *cur_grp;        /* the current `g` names */
	int ncur_grp;
	int tag;             /* the current tag, or -1 once the names changed */
	char **tok;
	size_t ntok, cap_tok;
	cli_buf line;
	long lineno;
	cli_obj_error *err;
} reader;

static int fail(reader *r, const char *fmt, ...) CLI_PRINTF(2, 3);

static int fail(reader *r, const char *fmt, ...)
{
	va_list ap;

	r->err->line = r->lineno;
	va_start(ap, fmt);
	vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
	va_end(ap);
	return -1;
}

static const char *shown(char out[SHOWN_MAX], const char *s)
{
	return cli_shown(out, SHOWN_MAX, s);
}

/* Makes room for `need` items of `size` bytes in *p, of capacity *cap. */
static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t c = *cap ? *cap : 16;

	if (need <= *cap)
		return p;
	while (c < need) {
		if (c > SIZE_MAX / 4 / size)
			cli_out_of_memory();
		c *= 2;
	}
	*cap = c;
	return cli_xrealloc(p, c * size);
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

int cli_obj_number(const char *s, double *out)
{
	const char *p = s;
	int digits = 0;
	double v;
	char *end;

	if (*p == '+' || *p == '-')
		p++;
	for (; is_digit(*p); p++)
		digits++;
	if (*p == '.')
		for (p++; is_digit(*p); p++)
			digits++;
	if (!digits)
		return -1;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!is_digit(*p))
			return -1;
		while (is_digit(*p))
			p++;
	}
	if (*p)
		return -1;
	/* Checked above: strtod sees nothing but a decimal number here. */
	v = strtod(s, &end);
	if (end != p)
		return -1;
	if (!(fabs(v) <= MINK_MAX_COORD))
		return -2;
	*out = v;
	return 0;
}

/* The number of token i of the statement. */
static int number(reader *r, size_t i, double *out)
{
	char buf[SHOWN_MAX];

	switch (cli_obj_number(r->tok[i], out)) {
	case 0:
		return 0;
	case -2:
		return fail(r, "%s: '%s' is out of range (beyond 1e100)", r->tok[0],
		            shown(buf, r->tok[i]));
	default:
		return fail(r, "%s: expected a number, not '%s'", r->tok[0],
		            shown(buf, r->tok[i]));
	}
}

/* A statement of min..max numbers, checked and otherwise ignored. */
static int numbers(reader *r, size_t min, size_t max, const char *what)
{
	double x;

	for (size_t i = 1; i < r->ntok; i++)
		if (number(r, i, &x) < 0)
			return -1;
	if (r->ntok - 1 < min || r->ntok - 1 > max)
		return fail(r, "%s: expected %s, got %zu number%s", r->tok[0], what,
		            r->ntok - 1, r->ntok == 2 ? "" : "s");
	return 0;
}

static int intern(reader *r, const char *name)
{
	cli_obj *o = r->o;
	void *found = cli_strmap_get(&r->name_ids, name);
	size_t n;

	if (found)
		return (int)((intptr_t)found - 1);
	if (o->nnames == INT32_MAX - 1)
		cli_out_of_memory();
	o->names = grow(o->names, &r->cap_names, (size_t)o->nnames + 1,
	                sizeof *o->names);
	n = strlen(name) + 1;
	o->names[o->nnames] = memcpy(cli_xrealloc(NULL, n), name, n);
	cli_strmap_put(&r->name_ids, name, (void *)(intptr_t)(o->nnames + 1));
	return o->nnames++;
}

/* The tag of what is written now: made when the names have changed. */
static int current_tag(reader *r)
{
	cli_obj *o = r->o;
	int t = o->ntags;

	if (r->tag >= 0)
		return r->tag;
	if (!o->tag_gstart || (size_t)t + 2 > r->cap_tags) {
		/* room for tag_gstart[t + 1] too */
		o->tag_obj = grow(o->tag_obj, &r->cap_tags, (size_t)t + 2,
		                  sizeof *o->tag_obj);
		o->tag_gstart = cli_xrealloc(o->tag_gstart, r->cap_tags * sizeof(int));
	}
	if (t == 0)
		o->tag_gstart[0] = 0;
	o->tag_grp = grow(o->tag_grp, &r->cap_grp,
	                  (size_t)o->tag_gstart[t] + (size_t)r->ncur_grp,
	                  sizeof *o->tag_grp);
	o->tag_obj[t] = r->cur_obj;
	memcpy(o->tag_grp + o->tag_gstart[t], r->cur_grp,
	       (size_t)r->ncur_grp * sizeof *r->cur_grp);
	if ((size_t)o->tag_gstart[t] + (size_t)r->ncur_grp > INT32_MAX)
		cli_out_of_memory();
	o->tag_gstart[t + 1] = o->tag_gstart[t] + r->ncur_grp;
	o->ntags++;
	r->tag = t;
	return t;
}

static int vertex(reader *r)
{
	cli_obj *o = r->o;
	size_t n = r->ntok - 1;
	double c[6];

	for (size_t i = 1; i < r->ntok; i++)
		if (number(r, i, &c[i <= 6 ? i - 1 : 5]) < 0)
			return -1;
	if (n != 3 && n != 4 && n != 6)
		return fail(r, "v: expected x y z [w] (or x y z r g b), got %zu "
		            "number%s", n, n == 1 ? "" : "s");
	/* w weighs rational curves and surfaces; a point's place is x y z. */
	if (n == 4 && !(c[3] > 0))
		return fail(r, "v: w must be positive");
	if (o->nv == INT32_MAX - 1)
		return fail(r, "too many vertices");
	if ((size_t)o->nv == r->cap_v) {
		o->v = grow(o->v, &r->cap_v, (size_t)o->nv + 1, sizeof *o->v);
		o->vtag = cli_xrealloc(o->vtag, r->cap_v * sizeof *o->vtag);
	}
	o->v[o->nv] = (mink_vec3){c[0], c[1], c[2]};
	o->vtag[o->nv] = current_tag(r);
	o->nv++;
	return 0;
}

/* An index as written: [+-]digits, clamped far beyond any valid one. */
static int parse_index(const char *s, size_t n, long *out)
{
	size_t i = 0;
	long v = 0;
	int neg = 0;

	if (n > 0 && (s[0] == '+' || s[0] == '-')) {
		neg = s[0] == '-';
		i++;
	}
	if (i == n)
		return -1;
	for (; i < n; i++) {
		if (!is_digit(s[i]))
			return -1;
		if (v < INDEX_CLAMP)
			v = v * 10 + (s[i] - '0');
	}
	*out = neg ? -v : v;
	return 0;
}

/* Resolves index `v` (1-based, or negative from the end) among `count`. */
static int resolve(reader *r, const char *tok, const char *what, long v,
                   long count, long *out)
{
	char buf[SHOWN_MAX];

	if (v == 0)
		return fail(r, "%s: index 0 in '%s' (indices start at 1)", r->tok[0],
		            shown(buf, tok));
	if ((v > count || -v > count) && labs(v) >= INDEX_CLAMP)
		return fail(r, "%s: %sindex out of range in '%s' (%ld %svert%s so far)",
		            r->tok[0], what, shown(buf, tok), count, what,
		            count == 1 ? "ex" : "ices");
	if (v > count || -v > count)
		return fail(r, "%s: %sindex %ld out of range in '%s' (%ld %svert%s "
		            "so far)", r->tok[0], what, v, shown(buf, tok), count,
		            what, count == 1 ? "ex" : "ices");
	*out = v > 0 ? v - 1 : count + v;
	return 0;
}

/*
 * One vertex reference of an element: v, v/vt, v/vt/vn or v//vn (forms 0
 * to 3).  Sets *vi to the 0-based vertex index.
 */
static int reference(reader *r, const char *tok, int *form, long *vi)
{
	const char *part[3];
	size_t len[3], k = 0;
	long idx[3], dummy;
	char buf[SHOWN_MAX];

	for (const char *s = tok;; s++) {
		const char *slash = strchr(s, '/');

		if (k == 3)
			goto bad;
		part[k] = s;
		len[k] = slash ? (size_t)(slash - s) : strlen(s);
		k++;
		if (!slash)
			break;
		s = slash;
	}
	if (len[0] == 0)
		goto bad;
	if (k == 1)
		*form = 0;
	else if (k == 2 && len[1] > 0)
		*form = 1;
	else if (k == 3 && len[1] > 0 && len[2] > 0)
		*form = 2;
	else if (k == 3 && len[1] == 0 && len[2] > 0)
		*form = 3;
	else
		goto bad;
	for (size_t i = 0; i < k; i++)
		if (len[i] > 0 && parse_index(part[i], len[i], &idx[i]) < 0)
			goto bad;
	if (resolve(r, tok, "", idx[0], r->o->nv, vi) < 0)
		return -1;
	if ((*form == 1 || *form == 2) &&
	    resolve(r, tok, "texture ", idx[1], r->o->nvt, &dummy) < 0)
		return -1;
	if ((*form == 2 || *form == 3) &&
	    resolve(r, tok, "normal ", idx[2], r->o->nvn, &dummy) < 0)
		return -1;
	return 0;
bad:
	return fail(r, "%s: '%s' is not a vertex reference", r->tok[0],
	            shown(buf, tok));
}

/* f, l or p: vertex references, all of one form. */
static int element(reader *r, char kind)
{
	cli_obj *o = r->o;
	size_t n = r->ntok - 1, first = 0;
	int form0 = -1;
	char b1[SHOWN_MAX], b2[SHOWN_MAX];

	if (kind == 'f' && n < 3)
		return fail(r, "f: a face needs at least 3 vertices, got %zu", n);
	if (kind == 'l' && n < 2)
		return fail(r, "l: a line needs at least 2 vertices, got %zu", n);
	if (kind == 'p' && n < 1)
		return fail(r, "p: expected at least 1 vertex");
	if (o->nelem == INT32_MAX - 1)
		return fail(r, "too many elements");
	for (size_t i = 1; i <= n; i++) {
		int form = 0;
		long vi;

		if (reference(r, r->tok[i], &form, &vi) < 0)
			return -1;
		if ((kind == 'l' && form > 1) || (kind == 'p' && form > 0))
			return fail(r, "%c: '%s' is not a vertex reference of a %s", kind,
			            shown(b1, r->tok[i]), kind == 'l' ? "line" : "point");
		if (form0 < 0) {
			form0 = form;
			first = i;
		} else if (form != form0) {
			return fail(r, "%c: mixed index forms '%s' and '%s'", kind,
			            shown(b1, r->tok[first]), shown(b2, r->tok[i]));
		}
		o->idx = grow(o->idx, &r->cap_idx, o->start[o->nelem] + i,
		              sizeof *o->idx);
		o->idx[o->start[o->nelem] + i - 1] = (int)vi;
	}
	if (!o->kind || (size_t)o->nelem + 2 > r->cap_elem) {
		o->start = grow(o->start, &r->cap_elem, (size_t)o->nelem + 2,
		                sizeof *o->start);
		o->kind = cli_xrealloc(o->kind, r->cap_elem * sizeof *o->kind);
		o->etag = cli_xrealloc(o->etag, r->cap_elem * sizeof *o->etag);
	}
	o->kind[o->nelem] = kind;
	o->etag[o->nelem] = current_tag(r);
	o->start[o->nelem + 1] = o->start[o->nelem] + n;
	o->nelem++;
	o->faces += kind == 'f';
	return 0;
}

static int in_list(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(s, *list) == 0)
			return 1;
	return 0;
}

static int statement(reader *r)
{
	const char *k = r->tok[0];
	char buf[SHOWN_MAX];

	if (strcmp(k, "v") == 0)
		return vertex(r);
	if (strcmp(k, "f") == 0 || strcmp(k, "l") == 0 || strcmp(k, "p") == 0)
		return element(r, k[0]);
	if (strcmp(k, "vt") == 0) {
		r->o->nvt++;
		return numbers(r, 1, 3, "1 to 3 numbers (u [v [w]])");
	}
	if (strcmp(k, "vn") == 0) {
		r->o->nvn++;
		return numbers(r, 3, 3, "3 numbers (i j k)");
	}
	if (strcmp(k, "vp") == 0) {
		r->o->nvp++;
		return numbers(r, 1, 3, "1 to 3 numbers (u [v [w]])");
	}
	if (strcmp(k, "o") == 0) {
		/* One name; kept whole should it hold blanks. */
		cli_buf name = {0};

		if (r->ntok < 2)
			return fail(r, "o: missing name");
		for (size_t i = 1; i < r->ntok; i++) {
			if (i > 1)
				cli_buf_putc(&name, ' ');
			cli_buf_puts(&name, r->tok[i]);
		}
		cli_buf_putc(&name, '\0');
		r->cur_obj = intern(r, name.data);
		cli_buf_free(&name);
		r->tag = -1;
		return 0;
	}
	if (strcmp(k, "g") == 0) {
		/* Elements belong to every group named; none names "default". */
		r->ncur_grp = 0;
		r->cur_grp = grow(r->cur_grp, &r->cap_cur, r->ntok, sizeof(int));
		if (r->ntok == 1)
			r->cur_grp[r->ncur_grp++] = intern(r, "default");
		for (size_t i = 1; i < r->ntok; i++)
			r->cur_grp[r->ncur_grp++] = intern(r, r->tok[i]);
		r->tag = -1;
		return 0;
	}
	if (in_list(k, display_statements))
		return 0;
	if (in_list(k, freeform_statements))
		return fail(r, "free-form geometry ('%s') is not supported", k);
	if (strcmp(k, "call") == 0 || strcmp(k, "csh") == 0)
		return fail(r, "'%s' is not supported", k);
	return fail(r, "unknown statement '%s'", shown(buf, k));
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Splits r->line (NUL-terminated, writable) into tokens, up to a comment. */
static void tokenize(reader *r)
{
	char *s = r->line.data;

	r->ntok = 0;
	for (;;) {
		while (is_blank(*s))
			s++;
		if (!*s || *s == '#')
			break;
		r->tok = grow(r->tok, &r->cap_tok, r->ntok + 1, sizeof *r->tok);
		r->tok[r->ntok++] = s;
		while (*s && !is_blank(*s))
			s++;
		if (!*s)
			break;
		*s++ = '\0';
	}
}

void cli_obj_free(cli_obj *o)
{
	if (!o)
		return;
	for (int i = 0; i < o->nnames; i++)
		free(o->names[i]);
	free(o->names);
	free(o->v);
	free(o->idx);
	free(o->start);
	free(o->kind);
	free(o->etag);
	free(o->vtag);
	free(o->tag_obj);
	free(o->tag_gstart);
	free(o->tag_grp);
	free(o);
}

cli_obj *cli_obj_parse(const char *text, size_t len, cli_obj_error *err)
{
	reader r;
	size_t pos = 0;
	long line = 1;
	int bad = 0;

	memset(&r, 0, sizeof r);
	r.err = err;
	r.o = cli_xrealloc(NULL, sizeof *r.o);
	memset(r.o, 0, sizeof *r.o);
	r.o->start = grow(NULL, &r.cap_elem, 1, sizeof *r.o->start);
	r.o->start[0] = 0;
	r.cur_obj = -1;
	r.tag = -1;
	r.cur_grp = grow(NULL, &r.cap_cur, 1, sizeof(int));
	r.cur_grp[r.ncur_grp++] = intern(&r, "default");
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		pos = 3; /* a UTF-8 byte order mark */
	while (pos < len && !bad) {
		int first = 1, comment = 0;

		r.line.len = 0;
		r.lineno = line;
		for (;;) {
			const char *s = text + pos;
			const char *nl = memchr(s, '\n', len - pos);
			size_t n = nl ? (size_t)(nl - s) : len - pos;

			if (memchr(s, '\0', n)) {
				r.lineno = line;
				bad = fail(&r, "NUL byte");
				break;
			}
			pos += n + (nl != NULL);
			line++;
			if (n > 0 && s[n - 1] == '\r')
				n--;
			if (first) {
				size_t i = 0;

				while (i < n && is_blank(s[i]))
					i++;
				comment = i < n && s[i] == '#';
			}
			first = 0;
			if (!comment && n > 0 && s[n - 1] == '\\' && pos < len) {
				cli_buf_put(&r.line, s, n - 1);
				cli_buf_putc(&r.line, ' ');
				continue;
			}
			if (!comment && n > 0 && s[n - 1] == '\\')
				n--; /* continued past the end of the file */
			cli_buf_put(&r.line, s, n);
			break;
		}
		if (bad)
			break;
		cli_buf_putc(&r.line, '\0');
		tokenize(&r);
		if (r.ntok > 0 && statement(&r) < 0)
			bad = 1;
	}
	cli_strmap_free(&r.name_ids);
	cli_buf_free(&r.line);
	free(r.tok);
	free(r.cur_grp);
	if (bad) {
		cli_obj_free(r.o);
		return NULL;
	}
	return r.o;
}

cli_obj *cli_obj_read(const char *path, cli_obj_error *err)
{
	/* O_NONBLOCK: a FIFO must not stop the whole run in open(2). */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
	struct stat st;
	cli_buf b = {0};
	cli_obj *o;
	ssize_t got;

	if (fd < 0)
		goto io;
	if (fstat(fd, &st) < 0) {
		int e = errno;

		close(fd);
		errno = e;
		goto io;
	}
	if (!S_ISREG(st.st_mode) || st.st_size > CLI_OBJ_MAX_BYTES) {
		close(fd);
		err->line = 0;
		if (!S_ISREG(st.st_mode))
			snprintf(err->message, sizeof err->message, "not a regular file (%s)",
			         S_ISDIR(st.st_mode) ? "a directory" : S_ISFIFO(st.st_mode) ? "a FIFO"
			         : S_ISSOCK(st.st_mode) ? "a socket" : "a device");
		else
			snprintf(err->message, sizeof err->message,
			         "larger than %d MiB, the most an OBJ file may hold",
			         CLI_OBJ_MAX_BYTES >> 20);
		return NULL;
	}
	for (;;) {
		char *p = cli_buf_reserve(&b, 1 << 16);

		got = read(fd, p, b.cap - b.len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		b.len += (size_t)got;
		if (b.len > CLI_OBJ_MAX_BYTES) { /* it grew while read */
			close(fd);
			cli_buf_free(&b);
			err->line = 0;
			snprintf(err->message, sizeof err->message,
			         "larger than %d MiB, the most an OBJ file may hold",
			         CLI_OBJ_MAX_BYTES >> 20);
			return NULL;
		}
	}
	if (got < 0) {
		int e = errno;

		close(fd);
		cli_buf_free(&b);
		errno = e;
		goto io;
	}
	close(fd);
	o = cli_obj_parse(b.data, b.len, err);
	cli_buf_free(&b);
	return o;
io:
	err->line = 0;
	snprintf(err->message, sizeof err->message, "%s", strerror(errno));
	return NULL;
}

void cli_obj_part_free(cli_obj_part *part)
{
	free(part->points);
	free(part->face_idx);
	free(part->face_start);
	memset(part, 0, sizeof *part);
}

cli_obj_select_status cli_obj_select(const cli_obj *o, const char *name,
                                     cli_obj_part *part)
{
	char *match = NULL; /* per tag: selected */
	int *map;           /* per vertex: its index among the points, or -1 */
	int id = -1, used = 0, count = 0;
	size_t nidx = 0;

	memset(part, 0, sizeof *part);
	if (name) {
		for (int i = 0; i < o->nnames && id < 0; i++)
			if (strcmp(o->names[i], name) == 0)
				id = i;
		if (id < 0)
			return CLI_OBJ_NO_NAME;
		match = cli_xrealloc(NULL, (size_t)o->ntags + 1);
		for (int t = 0; t < o->ntags; t++) {
			match[t] = o->tag_obj[t] == id;
			for (int g = o->tag_gstart[t]; g < o->tag_gstart[t + 1]; g++)
				match[t] |= o->tag_grp[g] == id;
		}
	}
	map = cli_xrealloc(NULL, ((size_t)o->nv + 1) * sizeof *map);
	for (int i = 0; i < o->nv; i++)
		map[i] = name ? -1 : 0;
	if (name) {
		for (int e = 0; e < o->nelem; e++) {
			if (!match[o->etag[e]])
				continue;
			used = 1;
			for (size_t k = o->start[e]; k < o->start[e + 1]; k++)
				map[o->idx[k]] = 0;
		}
		/* A name without elements: the vertices written under it. */
		if (!used)
			for (int i = 0; i < o->nv; i++)
				if (match[o->vtag[i]])
					map[i] = 0;
	}
	for (int i = 0; i < o->nv; i++)
		if (map[i] == 0)
			map[i] = count++;
		else
			map[i] = -1;
	if (count == 0) {
		free(match);
		free(map);
		return CLI_OBJ_NO_VERTICES;
	}
	part->points = cli_xrealloc(NULL, (size_t)count * sizeof *part->points);
	for (int i = 0; i < o->nv; i++)
		if (map[i] >= 0)
			part->points[map[i]] = o->v[i];
	part->count = count;
	for (int e = 0; e < o->nelem; e++)
		if (o->kind[e] == 'f' && (!name || match[o->etag[e]])) {
			part->face_count++;
			nidx += o->start[e + 1] - o->start[e];
		}
	part->face_start = cli_xrealloc(NULL, ((size_t)part->face_count + 1) *
	                                          sizeof *part->face_start);
	part->face_idx = cli_xrealloc(NULL, nidx * sizeof *part->face_idx);
	part->face_start[0] = 0;
	nidx = 0;
	for (int e = 0, f = 0; e < o->nelem; e++) {
		if (o->kind[e] != 'f' || (name && !match[o->etag[e]]))
			continue;
		for (size_t k = o->start[e]; k < o->start[e + 1]; k++)
			part->face_idx[nidx++] = map[o->idx[k]];
		part->face_start[++f] = nidx;
	}
	free(match);
	free(map);
	return CLI_OBJ_SELECTED;
}
