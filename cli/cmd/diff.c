/*
 * diff.c - `mink diff EXPECTED ACTUAL`: two result files compared record
 * by record, matched by id.
 *
 * Each file is a JSON array, NDJSON or CSV (told apart by its first
 * non-blank byte: '[' or '{' is JSON), so the output of one run in two
 * formats compares equal.  Both files are read in step, one record from
 * each in turn; a record waits in a table of its side only until its
 * partner with the same id turns up, so files in the same order take
 * memory for a record or two whatever their length, and reordered files
 * still match.  Ids compare as text, as CSV has them (the number 7 and the
 * string "7" are one id); a repeated id pairs its occurrences in order.
 *
 * Numbers pass when |actual - expected| <= --abs or <= --rel * |expected|;
 * normals (and tangents) when the angle between them is at most --angle,
 * or else when each component passes as a number.  Tangents and
 * iteration counts are left out unless asked for: the tangents follow
 * from the normal, and iteration counts change with any improvement.
 * Contacts compare by their count where both files give it (CSV's
 * contact_count, JSON's array), and point by point, in order, where both
 * give the points (JSON): a file written before there were contacts has
 * nothing to compare.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cJSON.h>

#include "cmd/cmd.h"
#include "opts.h"
#include "parse.h"
#include "text/buf.h"
#include "text/csvread.h"
#include "text/escape.h"
#include "text/fastjson.h"
#include "text/sniff.h"
#include "text/fmtnum.h"
#include "text/split.h"
#include "writer.h"

#define CMD "diff"

/* --- Records ---------------------------------------------------------------- */

enum { V_NORMAL, V_POINT_A, V_POINT_B, V_LOCAL_A, V_LOCAL_B, V_COUNT };

static const char *const vec_name[V_COUNT] = {"normal", "point_a", "point_b",
                                              "local_a", "local_b"};

/* The fields that can be compared, as --fields and --ignore name them. */
enum {
	F_STATUS = 1 << 0,
	F_STATE = 1 << 1,
	F_DISTANCE = 1 << 2,
	F_DEPTH = 1 << 3,
	F_NORMAL = 1 << 4,
	F_POINT_A = 1 << 5,
	F_POINT_B = 1 << 6,
	F_LOCAL_A = 1 << 7,
	F_LOCAL_B = 1 << 8,
	F_TANGENTS = 1 << 9,
	F_ITERATIONS = 1 << 10,
	F_CONTACTS = 1 << 11,
	F_ALL = (1 << 12) - 1,
	F_DEFAULT = F_ALL & ~(F_TANGENTS | F_ITERATIONS)
};

static const struct {
	const char *name;
	unsigned bit;
} field_names[] = {
	{"status", F_STATUS}, {"state", F_STATE}, {"distance", F_DISTANCE},
	{"depth", F_DEPTH}, {"normal", F_NORMAL}, {"point_a", F_POINT_A},
	{"point_b", F_POINT_B}, {"local_a", F_LOCAL_A}, {"local_b", F_LOCAL_B},
	{"tangents", F_TANGENTS}, {"iterations", F_ITERATIONS},
	{"contacts", F_CONTACTS}, {"all", F_ALL},
};

/* A contact's points, in the order of vec_name's points. */
enum { C_POINT_A, C_POINT_B, C_LOCAL_A, C_LOCAL_B, C_COUNT };

typedef struct contact {
	double distance;
	double vec[C_COUNT][3];
} contact;

/* One result record, as much as the comparison needs. */
typedef struct rec {
	char *id;        /* the id as text: a string's content, an integer's digits */
	size_t id_len;   /* its length: a string id may hold NUL bytes */
	long line;       /* where the record starts in its file */
	char status[16]; /* "ok", "approximate" or "error" */
	char state[16];  /* for ok and approximate */
	char code[48];   /* the warning code (approximate) or the error code */
	int dim;         /* 2 or 3; 0 for an error record without one */
	double distance, depth; /* NaN for null (a non-finite value) */
	double vec[V_COUNT][3];
	double tan[2][3];
	int ntan;        /* tangents given: 0, 1 (2D) or 2 */
	double iter[2];  /* gjk, epa, as given (any number: never cast); NaN when not given */
	int ncontacts;   /* how many contacts; -1 when not given */
	int has_points;  /* the contacts themselves are given (JSON) */
	contact contacts[MINK_MAX_CONTACTS];
	/* The pending table: hash chain and insertion order. */
	unsigned long hash;
	unsigned long long seq;
	struct rec *chain, *prev, *next;
} rec;

static void rec_free(rec *r)
{
	if (r) {
		free(r->id);
		free(r);
	}
}

/* --- Pending records, by id ------------------------------------------------------ */

typedef struct table {
	rec **buckets;
	size_t nbuckets, count;
	rec *head, *tail; /* insertion order */
} table;

static unsigned long hash_id(const char *s, size_t n)
{
	unsigned long h = 2166136261u; /* FNV-1a */

	while (n--)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static void table_add(table *t, rec *r)
{
	size_t i;

	if (t->count >= 2 * t->nbuckets) {
		size_t n = t->nbuckets ? 4 * t->nbuckets : 64;
		rec **b = cli_xrealloc(NULL, n * sizeof *b);

		memset(b, 0, n * sizeof *b);
		for (rec *p = t->head; p; p = p->next) {
			p->chain = b[p->hash % n];
			b[p->hash % n] = p;
		}
		free(t->buckets);
		t->buckets = b;
		t->nbuckets = n;
	}
	i = r->hash % t->nbuckets;
	r->chain = t->buckets[i];
	t->buckets[i] = r;
	r->prev = t->tail;
	r->next = NULL;
	if (t->tail)
		t->tail->next = r;
	else
		t->head = r;
	t->tail = r;
	t->count++;
}

/* Removes and returns the oldest record with id `id`, or NULL. */
static rec *table_take(table *t, const char *id, size_t len,
                       unsigned long hash)
{
	rec **link, **best = NULL;

	if (!t->count)
		return NULL;
	for (link = &t->buckets[hash % t->nbuckets]; *link; link = &(*link)->chain)
		if ((*link)->hash == hash && (*link)->id_len == len &&
		    memcmp((*link)->id, id, len) == 0 &&
		    (!best || (*link)->seq < (*best)->seq))
			best = link;
	if (!best)
		return NULL;
	{
		rec *r = *best;

		*best = r->chain;
		if (r->prev)
			r->prev->next = r->next;
		else
			t->head = r->next;
		if (r->next)
			r->next->prev = r->prev;
		else
			t->tail = r->prev;
		t->count--;
		return r;
	}
}

static void table_free(table *t)
{
	rec *r = t->head;

	while (r) {
		rec *next = r->next;

		rec_free(r);
		r = next;
	}
	free(t->buckets);
	memset(t, 0, sizeof *t);
}

/* --- Reading either format ------------------------------------------------------- */

/*
 * The CSV columns (writer.h) a result file must have: all the comparison
 * reads but the tangents, the iteration counts and the warning, which may
 * be left out.
 */
static int csv_required(int c)
{
	if (c == CLI_CSV_ERROR_CODE)
		return 1;
	return c < CLI_CSV_T1 && c != CLI_CSV_INTERSECTING;
}

/* Copies a stream into a pipe, after the bytes already read from it. */
typedef struct feeder {
	int in, out;
	char *prefix;
	size_t len;
	int err_no; /* of a failed read of `in` */
} feeder;

typedef struct source {
	const char *name; /* for messages */
	int fd, own_fd;
	int csv;
	int done;
	long bad; /* records that are not results */
	int failed; /* unreadable or broken: stop */
	cli_reader *json;
	cli_fastjson *fast; /* its records' parser */
	cli_csv *table;
	int col[CLI_CSV_COLUMNS];
	/* For JSON from a pipe: the feeder thread and the pipe's read end. */
	feeder *feed;
	pthread_t thread;
	int pipe_rd;
	unsigned long long seq;
} source;

static void *feed_pipe(void *arg)
{
	feeder *f = arg;
	sigset_t set;
	char buf[16384];
	ssize_t n;
	size_t off = 0;
	int ok = 1;

	/* A reader that stops early gives EPIPE here, not a signal. */
	sigemptyset(&set);
	sigaddset(&set, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	while (ok && off < f->len) {
		n = write(f->out, f->prefix + off, f->len - off);
		if (n < 0 && errno != EINTR)
			ok = 0;
		else if (n > 0)
			off += (size_t)n;
	}
	while (ok) {
		n = read(f->in, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			f->err_no = errno;
		if (n <= 0)
			break;
		for (off = 0; ok && off < (size_t)n;) {
			ssize_t w = write(f->out, buf + off, (size_t)n - off);

			if (w < 0 && errno != EINTR)
				ok = 0;
			else if (w > 0)
				off += (size_t)w;
		}
	}
	close(f->out);
	return NULL;
}

static int is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/*
 * The first non-blank byte of buf[0, len) after a byte order mark, or -1
 * when there is none (yet).
 */
static int first_byte(const char *buf, size_t len)
{
	size_t i = 0;

	if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
		i = 3;
	while (i < len && is_blank((unsigned char)buf[i]))
		i++;
	return i < len ? (unsigned char)buf[i] : -1;
}

static int source_fail(source *s, int err_no)
{
	fprintf(stderr, "mink %s: %s: %s\n", CMD, s->name, strerror(err_no));
	s->failed = 1;
	s->done = 1;
	return -1;
}

/* Maps the header row of a CSV file to the columns we read. */
static int csv_header(source *s)
{
	char **f;
	size_t n;
	long line;
	cli_csv_status st = cli_csv_next(s->table, &f, &n, &line);

	for (int i = 0; i < CLI_CSV_COLUMNS; i++)
		s->col[i] = -1;
	if (st == CLI_CSV_END) {
		s->done = 1;
		return 0;
	}
	if (st == CLI_CSV_IOERR)
		return source_fail(s, cli_csv_errno(s->table));
	if (st == CLI_CSV_BROKEN) {
		const char *msg = cli_csv_message(s->table, &line);

		fprintf(stderr, "mink %s: %s:%ld: %s\n", CMD, s->name, line, msg);
		s->failed = s->done = 1;
		return -1;
	}
	for (size_t j = 0; j < n; j++)
		for (int i = 0; i < CLI_CSV_COLUMNS; i++)
			if (s->col[i] < 0 && strcmp(f[j], cli_csv_names[i]) == 0)
				s->col[i] = (int)j;
	for (int i = 0; i < CLI_CSV_COLUMNS; i++) {
		if (s->col[i] >= 0 || !csv_required(i))
			continue;
		fprintf(stderr, "mink %s: %s:%ld: not a mink result file: no column "
		        "'%s' in the CSV header\n", CMD, s->name, line, cli_csv_names[i]);
		s->failed = s->done = 1;
		return -1;
	}
	return 0;
}

/* Opens `path` and finds out its format. */
static int source_open(source *s, const char *path)
{
	char buf[4096];
	cli_buf prefix = {0};
	off_t at;
	int c = -1;

	memset(s, 0, sizeof *s);
	s->pipe_rd = -1;
	if (strcmp(path, "-") == 0) {
		s->name = "<stdin>";
		s->fd = STDIN_FILENO;
	} else {
		s->name = path;
		s->fd = open(path, O_RDONLY);
		if (s->fd < 0)
			return source_fail(s, errno);
		s->own_fd = 1;
	}
	at = lseek(s->fd, 0, SEEK_CUR);
	if (at >= 0) {
		/* Seekable: look ahead with pread, which leaves the offset be. */
		for (;;) {
			ssize_t n = pread(s->fd, buf, sizeof buf, at);

			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0)
				return source_fail(s, errno);
			if (n > 0)
				cli_buf_put(&prefix, buf, (size_t)n);
			at += n;
			if (n == 0 || (c = first_byte(prefix.data, prefix.len)) >= 0)
				break;
		}
		cli_buf_free(&prefix);
		if (c < 0)
			s->done = 1; /* nothing but blanks: no records */
		else if (c == '[' || c == '{') {
			s->json = cli_reader_new(s->fd, NULL, NULL);
			s->fast = cli_fastjson_new();
		} else {
			s->csv = 1;
			s->table = cli_csv_new(s->fd, NULL, 0);
		}
	} else {
		/* A pipe: what was read to look ahead is handed on. */
		for (;;) {
			ssize_t n = read(s->fd, buf, sizeof buf);

			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0) {
				cli_buf_free(&prefix);
				return source_fail(s, errno);
			}
			if (n > 0)
				cli_buf_put(&prefix, buf, (size_t)n);
			if (n == 0 || (c = first_byte(prefix.data, prefix.len)) >= 0)
				break;
		}
		if (c < 0) {
			s->done = 1;
		} else if (c == '[' || c == '{') {
			int p[2];

			if (pipe(p) < 0) {
				cli_buf_free(&prefix);
				return source_fail(s, errno);
			}
			s->feed = cli_xrealloc(NULL, sizeof *s->feed);
			s->feed->in = s->fd;
			s->feed->out = p[1];
			s->feed->prefix = prefix.data;
			s->feed->len = prefix.len;
			s->feed->err_no = 0;
			prefix.data = NULL;
			if (pthread_create(&s->thread, NULL, feed_pipe, s->feed) != 0) {
				close(p[0]);
				close(p[1]);
				free(s->feed->prefix);
				free(s->feed);
				s->feed = NULL;
				return source_fail(s, EAGAIN);
			}
			s->pipe_rd = p[0];
			s->json = cli_reader_new(p[0], NULL, NULL);
			s->fast = cli_fastjson_new();
		} else {
			s->csv = 1;
			s->table = cli_csv_new(s->fd, prefix.data, prefix.len);
		}
		cli_buf_free(&prefix);
	}
	if (s->csv)
		return csv_header(s);
	return 0;
}

static void source_close(source *s)
{
	if (s->feed) {
		char buf[4096];

		/* Let the feeder finish: drain what it still sends, then join. */
		for (;;) {
			ssize_t n = read(s->pipe_rd, buf, sizeof buf);

			if (n <= 0 && !(n < 0 && errno == EINTR))
				break;
		}
		pthread_join(s->thread, NULL);
		if (s->feed->err_no && !s->failed) {
			fprintf(stderr, "mink %s: %s: %s\n", CMD, s->name,
			        strerror(s->feed->err_no));
			s->failed = 1;
		}
		close(s->pipe_rd);
		free(s->feed->prefix);
		free(s->feed);
		s->feed = NULL;
	}
	cli_reader_free(s->json);
	cli_fastjson_free(s->fast);
	cli_csv_free(s->table);
	if (s->own_fd)
		close(s->fd);
}

/* --max-errors: records that are not results, over both files. */
static long max_bad, bad_total;

static void bad_record(source *s, long line, const char *msg)
{
	fprintf(stderr, "mink %s: %s:%ld: %s\n", CMD, s->name, line, msg);
	s->bad++;
	bad_total++;
}

static int bad_stop(void)
{
	return max_bad > 0 && bad_total >= max_bad;
}

static void copy_str(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* The id's text, as the writer writes it, and its length. */
static char *id_text(const cJSON *item, size_t *len)
{
	char num[CLI_NUM_MAX];
	cli_id id = {NULL, item->valuedouble, 0};
	const char *text;
	char *copy;

	if (cJSON_IsString(item)) {
		id.str = item->valuestring;
		id.len = cli_json_strlen(item);
	}
	text = cli_id_text(&id, num, len);
	copy = cli_xrealloc(NULL, *len + 1);
	memcpy(copy, text, *len + 1);
	return copy;
}

/* A number, or null (NaN: the writer's text for a non-finite value). */
static int json_num(const cJSON *item, double *out)
{
	if (cJSON_IsNull(item)) {
		*out = NAN;
		return 0;
	}
	if (!cJSON_IsNumber(item))
		return -1;
	*out = item->valuedouble;
	return 0;
}

/* A vector of 2 or 3 numbers (z = 0 in 2D); returns its length or -1. */
static int json_vec(const cJSON *item, double *out)
{
	int n = 0;

	if (!cJSON_IsArray(item))
		return -1;
	for (const cJSON *c = item->child; c; c = c->next) {
		if (n == 3 || json_num(c, &out[n]) < 0)
			return -1;
		n++;
	}
	if (n < 2)
		return -1;
	if (n == 2)
		out[2] = 0;
	return n;
}

/*
 * The "contacts" of a JSON record, each a distance and four points of the
 * record's dimension: 0, or -1 when they are not that.
 */
static int json_contacts(const cJSON *item, rec *r)
{
	int n = 0;

	if (!cJSON_IsArray(item))
		return -1;
	for (const cJSON *c = item->child; c; c = c->next) {
		contact *k = &r->contacts[n];

		if (n == MINK_MAX_CONTACTS || !cJSON_IsObject(c) ||
		    json_num(cJSON_GetObjectItemCaseSensitive(c, "distance"),
		             &k->distance) < 0)
			return -1;
		for (int i = 0; i < C_COUNT; i++)
			if (json_vec(cJSON_GetObjectItemCaseSensitive(c, vec_name[V_POINT_A + i]),
			             k->vec[i]) != r->dim)
				return -1;
		n++;
	}
	r->ncontacts = n;
	r->has_points = 1;
	return 0;
}

static int is_status(const char *s)
{
	return strcmp(s, "ok") == 0 || strcmp(s, "approximate") == 0 ||
	       strcmp(s, "error") == 0;
}

/* Fills r from a JSON result record; returns 0 or -1 with msg filled. */
static int rec_from_json(const cJSON *j, rec *r, char *msg, size_t size)
{
	const cJSON *id, *st, *f;

	if (!cJSON_IsObject(j))
		return snprintf(msg, size, "not a result record (not an object)"), -1;
	id = cJSON_GetObjectItemCaseSensitive(j, "id");
	st = cJSON_GetObjectItemCaseSensitive(j, "status");
	if (!cJSON_IsString(id) && !cJSON_IsNumber(id))
		return snprintf(msg, size, "not a result record (no id)"), -1;
	if (!cJSON_IsString(st) || !is_status(st->valuestring))
		return snprintf(msg, size, "not a result record (no status ok, "
		                "approximate or error)"), -1;
	r->id = id_text(id, &r->id_len);
	copy_str(r->status, sizeof r->status, st->valuestring);
	if (strcmp(r->status, "error") == 0) {
		f = cJSON_GetObjectItemCaseSensitive(j, "error");
		f = cJSON_GetObjectItemCaseSensitive(f, "code");
		if (cJSON_IsString(f))
			copy_str(r->code, sizeof r->code, f->valuestring);
		return 0;
	}
	if (strcmp(r->status, "approximate") == 0) {
		f = cJSON_GetObjectItemCaseSensitive(j, "warning");
		f = cJSON_GetObjectItemCaseSensitive(f, "code");
		if (cJSON_IsString(f))
			copy_str(r->code, sizeof r->code, f->valuestring);
	}
	f = cJSON_GetObjectItemCaseSensitive(j, "state");
	if (!cJSON_IsString(f))
		return snprintf(msg, size, "result '%.40s': no state", r->id), -1;
	copy_str(r->state, sizeof r->state, f->valuestring);
	if (json_num(cJSON_GetObjectItemCaseSensitive(j, "distance"), &r->distance) < 0 ||
	    json_num(cJSON_GetObjectItemCaseSensitive(j, "depth"), &r->depth) < 0)
		return snprintf(msg, size, "result '%.40s': no distance or depth",
		                r->id), -1;
	for (int i = 0; i < V_COUNT; i++) {
		int n = json_vec(cJSON_GetObjectItemCaseSensitive(j, vec_name[i]),
		                 r->vec[i]);

		if (n < 0 || (i > 0 && n != r->dim))
			return snprintf(msg, size, "result '%.40s': no %s of %s numbers",
			                r->id, vec_name[i], i ? (r->dim == 2 ? "2" : "3")
			                                      : "2 or 3"), -1;
		r->dim = n;
	}
	f = cJSON_GetObjectItemCaseSensitive(j, "tangents");
	if (cJSON_IsArray(f))
		for (const cJSON *t = f->child; t && r->ntan < 2; t = t->next)
			if (json_vec(t, r->tan[r->ntan]) == r->dim)
				r->ntan++;
	f = cJSON_GetObjectItemCaseSensitive(j, "iterations");
	for (int i = 0; i < 2; i++) {
		const cJSON *n = cJSON_GetObjectItemCaseSensitive(f, i ? "epa" : "gjk");

		if (cJSON_IsNumber(n))
			r->iter[i] = n->valuedouble;
	}
	f = cJSON_GetObjectItemCaseSensitive(j, "contacts");
	if (f && json_contacts(f, r) < 0)
		return snprintf(msg, size, "result '%.40s': contacts are not up to "
		                "%d objects of a distance and four points of %d "
		                "numbers", r->id, MINK_MAX_CONTACTS, r->dim), -1;
	return 0;
}

/* A CSV number: empty for a non-finite value (NaN here), else decimal. */
static int csv_num(const char *s, double *out)
{
	char *end;

	if (!*s) {
		*out = NAN;
		return 0;
	}
	if (strspn(s, "0123456789.eE+-") != strlen(s))
		return -1;
	*out = strtod(s, &end);
	return *end || !isfinite(*out) ? -1 : 0;
}

static const char *cell(const source *s, char **f, size_t n, int c)
{
	return s->col[c] >= 0 && (size_t)s->col[c] < n ? f[s->col[c]] : "";
}

static int rec_from_csv(const source *s, char **f, size_t n, rec *r, char *msg,
                        size_t size)
{
	const char *st = cell(s, f, n, CLI_CSV_STATUS), *dim = cell(s, f, n, CLI_CSV_DIM);
	double v;

	if (!is_status(st))
		return snprintf(msg, size, "not a result row (no status ok, "
		                "approximate or error)"), -1;
	{
		int c = s->col[CLI_CSV_ID];

		r->id_len = c >= 0 && (size_t)c < n ? cli_csv_field_len(s->table, (size_t)c)
		                                  : 0;
		r->id = cli_xrealloc(NULL, r->id_len + 1);
		memcpy(r->id, cell(s, f, n, CLI_CSV_ID), r->id_len + 1);
	}
	copy_str(r->status, sizeof r->status, st);
	r->dim = strcmp(dim, "2") == 0 ? 2 : strcmp(dim, "3") == 0 ? 3 : 0;
	if (strcmp(st, "error") == 0) {
		copy_str(r->code, sizeof r->code, cell(s, f, n, CLI_CSV_ERROR_CODE));
		return 0;
	}
	if (strcmp(st, "approximate") == 0)
		copy_str(r->code, sizeof r->code, cell(s, f, n, CLI_CSV_WARNING));
	if (!r->dim)
		return snprintf(msg, size, "result '%.40s': dim is not 2 or 3", r->id), -1;
	copy_str(r->state, sizeof r->state, cell(s, f, n, CLI_CSV_STATE));
	if (csv_num(cell(s, f, n, CLI_CSV_DISTANCE), &r->distance) < 0 ||
	    csv_num(cell(s, f, n, CLI_CSV_DEPTH), &r->depth) < 0)
		return snprintf(msg, size, "result '%.40s': bad distance or depth",
		                r->id), -1;
	for (int i = 0; i < V_COUNT; i++)
		for (int k = 0; k < 3; k++)
			if (csv_num(cell(s, f, n, CLI_CSV_NX + 3 * i + k), &r->vec[i][k]) < 0)
				return snprintf(msg, size, "result '%.40s': bad number in %s",
				                r->id, vec_name[i]), -1;
	for (int t = 0; t < r->dim - 1; t++) {
		int given = 1;

		for (int k = 0; k < 3; k++) {
			const char *c = cell(s, f, n, CLI_CSV_T1 + 3 * t + k);

			if (!*c || csv_num(c, &r->tan[t][k]) < 0)
				given = 0;
		}
		if (!given)
			break;
		r->ntan++;
	}
	for (int i = 0; i < 2; i++)
		if (csv_num(cell(s, f, n, CLI_CSV_GJK_ITERATIONS + i), &v) == 0 && !isnan(v))
			r->iter[i] = v;
	if (csv_num(cell(s, f, n, CLI_CSV_CONTACT_COUNT), &v) == 0 && v == floor(v) &&
	    v >= 0 && v <= MINK_MAX_CONTACTS)
		r->ncontacts = (int)v;
	return 0;
}

/* The next result record of s, or NULL at the end (or after a failure). */
static rec *source_next(source *s)
{
	char msg[CLI_MSG_MAX];

	while (!s->done && !bad_stop()) {
		rec *r = cli_xrealloc(NULL, sizeof *r);
		long line = 0;
		int rc;

		memset(r, 0, sizeof *r);
		r->iter[0] = r->iter[1] = NAN;
		r->ncontacts = -1;
		if (s->csv) {
			char **f;
			size_t n;
			cli_csv_status st = cli_csv_next(s->table, &f, &n, &line);

			if (st != CLI_CSV_ROW) {
				rec_free(r);
				s->done = 1;
				if (st == CLI_CSV_IOERR) {
					source_fail(s, cli_csv_errno(s->table));
				} else if (st == CLI_CSV_BROKEN) {
					const char *m = cli_csv_message(s->table, &line);

					fprintf(stderr, "mink %s: %s:%ld: %s\n", CMD, s->name, line, m);
					s->failed = 1;
				}
				return NULL;
			}
			rc = rec_from_csv(s, f, n, r, msg, sizeof msg);
		} else {
			cli_record record;
			cli_read_status st = cli_reader_next(s->json, &record);
			cli_error err;
			size_t off;
			cJSON *j;

			if (st != CLI_READ_RECORD) {
				rec_free(r);
				s->done = 1;
				if (st == CLI_READ_IOERR) {
					source_fail(s, cli_reader_errno(s->json));
				} else if (st == CLI_READ_BROKEN) {
					long col;
					const char *m = cli_reader_message(s->json, &line, &col);

					fprintf(stderr, "mink %s: %s:%ld: %s\n", CMD, s->name, line, m);
					s->failed = 1;
				}
				return NULL;
			}
			line = record.line;
			if (record.len == 0) {
				bad_record(s, line, "missing value in the array");
				rec_free(r);
				continue;
			}
			/* Pairs given as results: one message, not one per record. */
			if (s->seq == 0 && s->bad == 0 &&
			    cli_sniff_pairs(record.text, record.len, msg, sizeof msg)) {
				fprintf(stderr, "mink %s: %s:%ld: %s\n", CMD, s->name, line, msg);
				rec_free(r);
				s->failed = s->done = 1;
				return NULL;
			}
			/* The fast parser keeps a string id's NUL bytes. */
			j = cli_fastjson_parse(s->fast, record.text, record.len);
			if (!j)
				j = cli_parse_json(record.text, record.len, &off, &err);
			if (!j) {
				bad_record(s, line, err.message);
				rec_free(r);
				continue;
			}
			rc = rec_from_json(j, r, msg, sizeof msg);
			cli_fastjson_release(s->fast, j);
		}
		if (rc < 0) {
			bad_record(s, line, msg);
			rec_free(r);
			continue;
		}
		r->line = line;
		r->hash = hash_id(r->id, r->id_len);
		r->seq = s->seq++;
		return r;
	}
	return NULL;
}

/* --- Comparing ------------------------------------------------------------------ */

typedef struct differ {
	double abs, rel, angle;
	unsigned fields;
	int quiet;
	const char *ename, *aname;
	FILE *out;
	cli_buf line;
	long matched, differing, differences, only_e, only_a;
	int record_differs;
} differ;

static void put_text(cli_buf *b, const char *s)
{
	cli_buf_puts(b, s);
}

static void put_num(cli_buf *b, double v)
{
	char *p;

	if (isnan(v)) {
		cli_buf_puts(b, "null");
		return;
	}
	p = cli_buf_reserve(b, CLI_NUM_MAX);
	b->len += cli_fmtnum(p, v);
}

static void put_vec(cli_buf *b, const double *v, int dim)
{
	cli_buf_putc(b, '[');
	for (int i = 0; i < dim; i++) {
		if (i)
			cli_buf_putc(b, ',');
		put_num(b, v[i]);
	}
	cli_buf_putc(b, ']');
}

static void put_err(cli_buf *b, double v)
{
	char tmp[32];

	snprintf(tmp, sizeof tmp, "%.3g", v);
	cli_buf_puts(b, tmp);
}

/* Starts the line of a difference: the id and the field. */
static void begin(differ *d, const rec *e, const char *field)
{
	d->differences++;
	d->record_differs = 1;
	d->line.len = 0;
	cli_put_json_stringn(&d->line, e->id, e->id_len);
	cli_buf_puts(&d->line, ": ");
	cli_buf_puts(&d->line, field);
	cli_buf_puts(&d->line, ": ");
}

static void finish(differ *d)
{
	cli_buf_putc(&d->line, '\n');
	if (!d->quiet)
		fwrite(d->line.data, 1, d->line.len, d->out);
}

static void words(differ *d, const rec *e, const char *field, const char *ev,
                  const char *av)
{
	begin(d, e, field);
	put_text(&d->line, "expected ");
	put_text(&d->line, *ev ? ev : "(none)");
	put_text(&d->line, ", actual ");
	put_text(&d->line, *av ? av : "(none)");
	finish(d);
}

static int num_ok(const differ *d, double e, double a)
{
	double err;

	if (isnan(e) || isnan(a))
		return isnan(e) && isnan(a);
	err = fabs(a - e);
	return err <= d->abs || err <= d->rel * fabs(e);
}

/*
 * ", error X" and, when it means something, " (relative Y)"; `where`
 * names the component, or is NULL.
 */
static void put_errors(cli_buf *b, double e, double a, const char *where)
{
	double err = fabs(a - e);

	if (isnan(err))
		return;
	put_text(b, ", error ");
	put_err(b, err);
	if (where) {
		put_text(b, " in ");
		put_text(b, where);
	}
	if (e != 0) {
		put_text(b, " (relative ");
		put_err(b, err / fabs(e));
		put_text(b, ")");
	}
}

static void compare_num(differ *d, const rec *e, const char *field, double ev,
                        double av)
{
	if (num_ok(d, ev, av))
		return;
	begin(d, e, field);
	put_text(&d->line, "expected ");
	put_num(&d->line, ev);
	put_text(&d->line, ", actual ");
	put_num(&d->line, av);
	put_errors(&d->line, ev, av, NULL);
	finish(d);
}

/* The angle between two vectors, in radians (atan2: accurate when small). */
static double angle(const double *u, const double *v)
{
	double cx = u[1] * v[2] - u[2] * v[1], cy = u[2] * v[0] - u[0] * v[2];
	double cz = u[0] * v[1] - u[1] * v[0];

	return atan2(sqrt(cx * cx + cy * cy + cz * cz),
	             u[0] * v[0] + u[1] * v[1] + u[2] * v[2]);
}

/*
 * A vector: by its direction when `directional` (normals, tangents), else
 * component by component.  The worst component is reported.
 */
static void compare_vec(differ *d, const rec *e, const char *field,
                        const double *ev, const double *av, int directional)
{
	int worst = -1;
	double worst_err = -1, ang = 0;

	if (directional) {
		ang = angle(ev, av);
		if (ang <= d->angle)
			return;
	}
	for (int k = 0; k < 3; k++) {
		double err = fabs(av[k] - ev[k]);

		if (!num_ok(d, ev[k], av[k]) && (worst < 0 || !(err <= worst_err))) {
			worst = k;
			worst_err = err;
		}
	}
	if (worst < 0)
		return;
	begin(d, e, field);
	put_text(&d->line, "expected ");
	put_vec(&d->line, ev, e->dim);
	put_text(&d->line, ", actual ");
	put_vec(&d->line, av, e->dim);
	if (directional && !isnan(ang)) {
		put_text(&d->line, ", angle ");
		put_err(&d->line, ang);
		put_text(&d->line, " rad");
	} else {
		static const char *const axis[] = {"x", "y", "z"};

		put_errors(&d->line, ev[worst], av[worst], axis[worst]);
	}
	finish(d);
}

/* Two counts that differ, as words. */
static void counts(differ *d, const rec *e, const char *field, long ev, long av)
{
	char es[24], as[24];

	snprintf(es, sizeof es, "%ld", ev);
	snprintf(as, sizeof as, "%ld", av);
	words(d, e, field, es, as);
}

/*
 * The contacts where both records give them: their count, then each
 * contact's distance and points, in order, as the result's own are.
 */
static void compare_contacts(differ *d, const rec *e, const rec *a)
{
	char field[48];

	if (e->ncontacts < 0 || a->ncontacts < 0)
		return;
	if (e->ncontacts != a->ncontacts) {
		counts(d, e, "contacts (how many)", e->ncontacts, a->ncontacts);
		return;
	}
	if (!e->has_points || !a->has_points)
		return;
	for (int k = 0; k < e->ncontacts; k++) {
		const contact *ec = &e->contacts[k], *ac = &a->contacts[k];

		snprintf(field, sizeof field, "contacts[%d].distance", k);
		compare_num(d, e, field, ec->distance, ac->distance);
		for (int i = 0; i < C_COUNT; i++) {
			snprintf(field, sizeof field, "contacts[%d].%s", k,
			         vec_name[V_POINT_A + i]);
			compare_vec(d, e, field, ec->vec[i], ac->vec[i], 0);
		}
	}
}

static void compare(differ *d, const rec *e, const rec *a)
{
	int ev = strcmp(e->status, "error") != 0, av = strcmp(a->status, "error") != 0;

	d->matched++;
	d->record_differs = 0;
	if (d->fields & F_STATUS) {
		if (strcmp(e->status, a->status) != 0) {
			char es[80], as[80];

			snprintf(es, sizeof es, *e->code ? "%s (%s)" : "%s", e->status, e->code);
			snprintf(as, sizeof as, *a->code ? "%s (%s)" : "%s", a->status, a->code);
			words(d, e, "status", es, as);
		} else if (strcmp(e->code, a->code) != 0) {
			words(d, e, ev ? "warning" : "error", e->code, a->code);
		}
	}
	if (!ev || !av)
		goto done;
	if (e->dim != a->dim) {
		counts(d, e, "dim", e->dim, a->dim);
		goto done;
	}
	if ((d->fields & F_STATE) && strcmp(e->state, a->state) != 0)
		words(d, e, "state", e->state, a->state);
	if (d->fields & F_DISTANCE)
		compare_num(d, e, "distance", e->distance, a->distance);
	if (d->fields & F_DEPTH)
		compare_num(d, e, "depth", e->depth, a->depth);
	for (int i = 0; i < V_COUNT; i++)
		if (d->fields & (F_NORMAL << i))
			compare_vec(d, e, vec_name[i], e->vec[i], a->vec[i], i == V_NORMAL);
	if (d->fields & F_TANGENTS) {
		if (e->ntan != a->ntan) {
			counts(d, e, "tangents (how many)", e->ntan, a->ntan);
		} else {
			for (int t = 0; t < e->ntan; t++)
				compare_vec(d, e, t ? "tangents[1]" : "tangents[0]", e->tan[t],
				            a->tan[t], 1);
		}
	}
	if (d->fields & F_CONTACTS)
		compare_contacts(d, e, a);
	if (d->fields & F_ITERATIONS)
		for (int i = 0; i < 2; i++)
			if (!(e->iter[i] == a->iter[i]) && !(isnan(e->iter[i]) && isnan(a->iter[i]))) {
				char es[CLI_NUM_MAX], as[CLI_NUM_MAX];

				es[0] = as[0] = '\0'; /* not given */
				if (!isnan(e->iter[i]))
					cli_fmtnum(es, e->iter[i]);
				if (!isnan(a->iter[i]))
					cli_fmtnum(as, a->iter[i]);
				words(d, e, i ? "iterations.epa" : "iterations.gjk", es, as);
			}
done:
	if (d->record_differs)
		d->differing++;
}

static void only_in(differ *d, const rec *r, const char *name)
{
	char where[40];

	d->line.len = 0;
	cli_put_json_stringn(&d->line, r->id, r->id_len);
	cli_buf_puts(&d->line, ": only in ");
	cli_buf_puts(&d->line, name);
	snprintf(where, sizeof where, " (line %ld)\n", r->line);
	cli_buf_puts(&d->line, where);
	if (!d->quiet)
		fwrite(d->line.data, 1, d->line.len, d->out);
}

/* --- Options -------------------------------------------------------------------- */

enum { OPT_ABS = 256, OPT_REL, OPT_ANGLE, OPT_FIELDS, OPT_IGNORE, OPT_MAX_ERRORS };

static const struct option long_options[] = {
	{"abs", required_argument, NULL, OPT_ABS},
	{"rel", required_argument, NULL, OPT_REL},
	{"angle", required_argument, NULL, OPT_ANGLE},
	{"fields", required_argument, NULL, OPT_FIELDS},
	{"ignore", required_argument, NULL, OPT_IGNORE},
	{"max-errors", required_argument, NULL, OPT_MAX_ERRORS},
	{"quiet", no_argument, NULL, 'q'},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, 'V'},
	{NULL, 0, NULL, 0}
};

static const char help_text[] =
	"Usage: mink diff [OPTION]... EXPECTED ACTUAL\n"
	"Compare two files of mink results, record by record, matched by id.\n"
	"Each file is a JSON array, NDJSON or CSV, in any mix; - is standard\n"
	"input.  Every difference beyond the tolerances is printed with the\n"
	"field, both values and the error, then a summary line.\n"
	"\n"
	"      --abs=X         absolute tolerance of numbers (default 0)\n"
	"      --rel=X         tolerance relative to the expected value (default 0);\n"
	"                      a number passes within either tolerance\n"
	"      --angle=X       tolerance of the angle between normals, in radians\n"
	"                      (default 0); a normal also passes when each\n"
	"                      component does\n"
	"      --fields=LIST   fields to compare, separated by commas (default:\n"
	"                      status,state,distance,depth,normal,point_a,point_b,\n"
	"                      local_a,local_b,contacts; also tangents,\n"
	"                      iterations, or all)\n"
	"      --ignore=LIST   fields not to compare\n"
	"      --max-errors=N  stop after N records that are not results\n"
	"  -q, --quiet         print only the summary line\n"
	"  -h, --help          display this help and exit\n"
	"  -V, --version       output version information and exit\n"
	"\n"
	"A change of status (ok, approximate, error), of error or warning code,\n"
	"or of state (separated, touching, penetrating) is always a difference,\n"
	"and so is an id found in one file only.\n"
	"\n"
	"contacts compares the number of contacts where both files give it (CSV\n"
	"has the count only), and, where both give the contacts (JSON, NDJSON),\n"
	"each contact's distance and points in order, with the tolerances of\n"
	"numbers; files without contacts have nothing to compare there.\n"
	"\n"
	"Example: mink -f csv pairs.json > new.csv && mink diff --abs 1e-9 old.json new.csv\n"
	"\n"
	"Exit status: 0 if the files agree, 1 if they differ, 2 on a usage error\n"
	"or an unreadable input (a file that is not mink results, included).\n";

static int parse_fields(const char *list, unsigned *out)
{
	const char *p = list;

	*out = 0;
	for (;;) {
		size_t n = strcspn(p, ",");
		size_t i = 0;

		while (i < sizeof field_names / sizeof field_names[0] &&
		       (strlen(field_names[i].name) != n ||
		        strncmp(field_names[i].name, p, n) != 0))
			i++;
		if (i == sizeof field_names / sizeof field_names[0])
			return cli_usage_error(CMD, "unknown field '%.*s' in '%s'", (int)n,
			                       p, list);
		*out |= field_names[i].bit;
		if (!p[n])
			return 0;
		p += n + 1;
	}
}

/* Reads both files in step and compares what matches. */
static void run(differ *d, source *es, source *as)
{
	table pending[2] = {{0}, {0}};
	source *src[2] = {es, as};

	while ((!es->done || !as->done) && !bad_stop()) {
		for (int side = 0; side < 2; side++) {
			rec *r = source_next(src[side]), *other;

			if (!r)
				continue;
			other = table_take(&pending[!side], r->id, r->id_len, r->hash);
			if (!other) {
				table_add(&pending[side], r);
				continue;
			}
			if (side == 0)
				compare(d, r, other);
			else
				compare(d, other, r);
			rec_free(r);
			rec_free(other);
		}
	}
	if (es->failed || as->failed || bad_stop()) {
		/* What is left unmatched says nothing about a file read halfway. */
		table_free(&pending[0]);
		table_free(&pending[1]);
		return;
	}
	for (rec *r = pending[0].head; r; r = r->next, d->only_e++)
		only_in(d, r, d->aname == d->ename ? "EXPECTED" : d->ename);
	for (rec *r = pending[1].head; r; r = r->next, d->only_a++)
		only_in(d, r, d->aname == d->ename ? "ACTUAL" : d->aname);
	table_free(&pending[0]);
	table_free(&pending[1]);
}

int cli_diff_main(int argc, char **argv)
{
	differ d;
	source es, as;
	unsigned ignore = 0;
	int c, status;
	char summary[512];

	memset(&d, 0, sizeof d);
	d.fields = F_DEFAULT;
	d.out = stdout;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":qhV", long_options, NULL)) != -1) {
		const char *opt = argv[optind - 1];

		switch (c) {
		case OPT_ABS:
		case OPT_REL:
		case OPT_ANGLE: {
			double *v = c == OPT_ABS ? &d.abs : c == OPT_REL ? &d.rel : &d.angle;

			if (cli_parse_double(optarg, 0, 1e300, v) < 0)
				return cli_usage_error(CMD, "invalid tolerance '%s' (a number >= 0)",
				                       optarg);
			break;
		}
		case OPT_FIELDS:
			if (parse_fields(optarg, &d.fields) != 0)
				return 2;
			break;
		case OPT_IGNORE:
			if (parse_fields(optarg, &ignore) != 0)
				return 2;
			break;
		case 'q':
			d.quiet = 1;
			break;
		case OPT_MAX_ERRORS:
			if (cli_parse_max_errors(CMD, optarg, &max_bad) != 0)
				return 2;
			break;
		case 'h':
			fputs(help_text, stdout);
			return cli_close_output(CMD, stdout, NULL, 0) < 0 ? 2 : 0;
		case 'V':
			return cli_version(CMD);
		default:
			return cli_bad_option(CMD, c, opt, long_options, "qhV");
		}
	}
	d.fields &= ~ignore;
	if (argc - optind < 2)
		return cli_usage_error(CMD, "missing file operand (EXPECTED and ACTUAL)");
	if (argc - optind > 2)
		return cli_usage_error(CMD, "extra operand '%s'", argv[optind + 2]);
	if (strcmp(argv[optind], "-") == 0 && strcmp(argv[optind + 1], "-") == 0)
		return cli_usage_error(CMD, "EXPECTED and ACTUAL cannot both be "
		                            "standard input");

	status = 0;
	source_open(&es, argv[optind]);
	source_open(&as, argv[optind + 1]);
	d.ename = es.name;
	d.aname = as.name;
	if (strcmp(d.ename, d.aname) == 0)
		d.aname = d.ename; /* the same name: say EXPECTED and ACTUAL instead */
	if (!es.failed && !as.failed)
		run(&d, &es, &as);
	source_close(&es);
	source_close(&as);
	cli_buf_free(&d.line);

	if (bad_stop())
		fprintf(stderr, "mink %s: stopped after %ld records that are not "
		        "results (--max-errors)\n", CMD, bad_total);
	if (es.failed || as.failed || bad_stop()) {
		status = 2;
	} else {
		snprintf(summary, sizeof summary,
		         "%ld matched, %ld differ (%ld difference%s), %ld only in %s, "
		         "%ld only in %s\n",
		         d.matched, d.differing, d.differences,
		         d.differences == 1 ? "" : "s", d.only_e,
		         d.aname == d.ename ? "EXPECTED" : d.ename, d.only_a,
		         d.aname == d.ename ? "ACTUAL" : d.aname);
		fputs(summary, stdout);
		status = d.differences || d.only_e || d.only_a ? 1 : 0;
		if (es.bad || as.bad)
			status = 2; /* records that are not results: no verdict */
	}
	if (cli_close_output(CMD, stdout, NULL, 0) < 0)
		status = 2;
	return status;
}
