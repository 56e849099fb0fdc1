/*
 * writer.c - building output records as text.
 *
 * Each record is built in a buffer and written with one fwrite.  Numbers
 * go through cli_fmtnum (cJSON's printer drops digits); strings are
 * escaped here, with invalid UTF-8 replaced by U+FFFD, so the output is
 * always valid JSON or CSV whatever bytes the input held.
 */
#include "writer.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "text/fmtnum.h"
#include "text/buf.h"
#include "text/escape.h"
#include <stdio.h>

const char *const cli_csv_names[CLI_CSV_COLUMNS] = {
	"id", "dim", "status", "state", "intersecting", "distance", "depth",
	"nx", "ny", "nz",
	"point_a_x", "point_a_y", "point_a_z", "point_b_x", "point_b_y", "point_b_z",
	"local_a_x", "local_a_y", "local_a_z", "local_b_x", "local_b_y", "local_b_z",
	"t1x", "t1y", "t1z", "t2x", "t2y", "t2z", "contact_count",
	"gjk_iterations", "epa_iterations",
	"warning", "error_code", "error_message", "notes",
};

const char *const cli_contact_names[CLI_CONTACT_COLUMNS] = {
	"id", "status", "contact", "distance", "nx", "ny", "nz",
	"point_a_x", "point_a_y", "point_a_z", "point_b_x", "point_b_y", "point_b_z",
	"local_a_x", "local_a_y", "local_a_z", "local_b_x", "local_b_y", "local_b_z",
	"error_code",
};

const char *const cli_field_names[CLI_FIELDS] = {
	"id", "dim", "status", "warning", "error", "state", "intersecting",
	"distance", "depth", "normal", "point_a", "point_b", "local_a", "local_b",
	"tangents", "contacts", "iterations", "notes", "meta", "type_a", "type_b",
};

/* The default records as field lists (what '+' adds to). */
static const cli_field json_default[] = {
	CLI_F_ID, CLI_F_STATUS, CLI_F_WARNING, CLI_F_ERROR, CLI_F_STATE,
	CLI_F_INTERSECTING, CLI_F_DISTANCE, CLI_F_DEPTH, CLI_F_NORMAL,
	CLI_F_POINT_A, CLI_F_POINT_B, CLI_F_LOCAL_A, CLI_F_LOCAL_B,
	CLI_F_TANGENTS, CLI_F_CONTACTS, CLI_F_ITERATIONS, CLI_F_NOTES, CLI_F_META,
};
static const cli_field csv_default[] = {
	CLI_F_ID, CLI_F_DIM, CLI_F_STATUS, CLI_F_STATE, CLI_F_INTERSECTING,
	CLI_F_DISTANCE, CLI_F_DEPTH, CLI_F_NORMAL, CLI_F_POINT_A, CLI_F_POINT_B,
	CLI_F_LOCAL_A, CLI_F_LOCAL_B, CLI_F_TANGENTS, CLI_F_CONTACTS,
	CLI_F_ITERATIONS, CLI_F_WARNING, CLI_F_ERROR, CLI_F_NOTES,
};

/*
 * Where recently written numbers are in the buffer, by the bits of their
 * magnitude: a record repeats many (a contact's points are the result's,
 * a tangent's components are the normal's and each other's, depth is
 * -distance), and a copy costs a few instructions against a few hundred
 * for cli_fmtnum.  The entry points at the earlier text rather than
 * holding a copy of it: copying text just written would read it back
 * before its stores have landed, a stall of the order of the copy saved.
 * Entries of an earlier buffer (gen) are void.
 */
enum { NUM_CACHE = 128, NUM_TEXT = 24 };
typedef struct num_entry {
	unsigned long long bits; /* |v|'s; 0 (the number 0) marks it empty */
	size_t off;              /* its digits (no sign) at buf.data + off */
	unsigned gen;
	unsigned char len;
} num_entry;

struct cli_writer {
	num_entry nums[NUM_CACHE];
	unsigned gen; /* changes whenever buf's earlier text goes */
	FILE *fp;
	cli_format format;
	cli_buf buf;
	long records;
	int err_no;
	/* The next record's annotations (cli_writer_annotate). */
	const char *meta;
	size_t meta_len;
	const char *kind[2];
	/* --fields: what every record holds; 0 fields: the default record. */
	cli_field fields[CLI_MAX_FIELDS];
	int nfields;
};

/* Whether w writes CSV: a row per record or a row per contact. */
static int is_csv(const cli_writer *w)
{
	return w->format == CLI_FORMAT_CSV || w->format == CLI_FORMAT_CSV_CONTACTS;
}

cli_writer *cli_writer_new(FILE *fp, cli_format format)
{
	cli_writer *w = cli_xrealloc(NULL, sizeof *w);
	int contacts = format == CLI_FORMAT_CSV_CONTACTS;
	int columns = contacts ? CLI_CONTACT_COLUMNS : CLI_CSV_COLUMNS;

	memset(w, 0, sizeof *w);
	w->fp = fp;
	w->format = format;
	if (is_csv(w) && fp)
		for (int i = 0; i < columns; i++) {
			cli_buf_puts(&w->buf, contacts ? cli_contact_names[i] : cli_csv_names[i]);
			cli_buf_putc(&w->buf, i + 1 < columns ? ',' : '\n');
		}
	return w;
}

void cli_writer_skip_header(cli_writer *w)
{
	if (is_csv(w) && w->records == 0) {
		w->buf.len = 0; /* the header is all it holds */
		w->gen++;
	}
}

cli_format cli_writer_format(const cli_writer *w)
{
	return w->format;
}

void cli_writer_set_count(cli_writer *w, long records)
{
	w->records = records;
}

size_t cli_writer_pending(const cli_writer *w)
{
	return w->buf.len;
}

void cli_writer_swap(cli_writer *w, cli_buf *buf)
{
	cli_buf t = w->buf;

	w->buf = *buf;
	*buf = t;
	w->gen++;
}

void cli_writer_free(cli_writer *w)
{
	if (!w)
		return;
	cli_buf_free(&w->buf);
	free(w);
}

int cli_writer_error_number(const cli_writer *w)
{
	return w->err_no;
}

static void note_error(cli_writer *w)
{
	if (!w->err_no)
		w->err_no = errno ? errno : EIO;
}

/* Writes out the buffer (a memory writer keeps it). */
static void drain(cli_writer *w)
{
	if (w->buf.len == 0 || !w->fp)
		return;
	errno = 0;
	if (fwrite(w->buf.data, 1, w->buf.len, w->fp) != w->buf.len)
		note_error(w);
	w->buf.len = 0;
	w->gen++;
}

void cli_writer_raw(cli_writer *w, const char *data, size_t len,
                    long records)
{
	drain(w);
	w->records += records;
	errno = 0;
	if (len > 0 && fwrite(data, 1, len, w->fp) != len)
		note_error(w);
}

void cli_writer_flush(cli_writer *w)
{
	drain(w);
	errno = 0;
	if (fflush(w->fp) != 0)
		note_error(w);
}

const char *cli_warning_message(mink_warning warning)
{
	switch (warning) {
	case MINK_WARN_GJK_ITERATIONS:
		return "GJK reached its iteration limit (--max-gjk-iterations) "
		       "before converging; the values are the best found";
	case MINK_WARN_EPA_ITERATIONS:
		return "EPA reached its iteration limit (--max-epa-iterations) "
		       "before converging; the values are the best found";
	case MINK_WARN_EPA_CAPACITY:
		return "EPA ran out of room for its polytope before converging; "
		       "the values are the best found";
	case MINK_WARN_DEGENERATE:
		return "a numerically degenerate configuration was resolved by a "
		       "fallback; the values are the best found";
	default:
		return "the values are approximate";
	}
}

/*
 * The text of v at p, which has CLI_NUM_MAX bytes of the buffer's room
 * (p within w->buf's data); its length.  A non-finite v gets none.
 */
static inline size_t num_at(cli_writer *w, char *p, double v)
{
	unsigned long long bits, mag;
	size_t n;

	memcpy(&bits, &v, sizeof bits);
	mag = bits & ~(1ULL << 63);
	if (mag - 1 < 0x7FF0000000000000ULL - 1) { /* finite, not 0 */
		num_entry *e = &w->nums[(mag * 0x9E3779B97F4A7C15ULL) >> 57];
		int neg = (int)(bits >> 63);

		*p = '-';
		if (e->bits == mag && e->gen == w->gen) {
			/* NUM_TEXT bytes from the earlier text (within the buffer's
			   room, which only grows), loaded before any is stored: the
			   two may overlap. */
			unsigned long long t[NUM_TEXT / 8];

			memcpy(t, w->buf.data + e->off, NUM_TEXT);
			memcpy(p + neg, t, NUM_TEXT);
			return (size_t)neg + e->len;
		}
		n = cli_fmtnum(p, v);
		e->bits = mag;
		e->gen = w->gen;
		e->off = (size_t)(p - w->buf.data) + (size_t)neg;
		e->len = (unsigned char)(n - (size_t)neg);
		return n;
	}
	return cli_fmtnum(p, v);
}

/* A JSON number at p (null for a non-finite one); past its end. */
static inline char *json_num_at(cli_writer *w, char *p, double v)
{
	size_t n = num_at(w, p, v);

	if (n == 0) {
		memcpy(p, "null", 4);
		n = 4;
	}
	return p + n;
}

/* A number; JSON has no text for a non-finite one, so it gets null. */
static void put_num(cli_writer *w, double v)
{
	char *p = cli_buf_reserve(&w->buf, CLI_NUM_MAX);

	w->buf.len += is_csv(w) ? num_at(w, p, v) : (size_t)(json_num_at(w, p, v) - p);
}

static void put_int(cli_writer *w, long v)
{
	char *p = cli_buf_reserve(&w->buf, CLI_NUM_MAX);

	/* counts: exact, no printf */
	w->buf.len += v >= 0 ? cli_fmtu64(p, (unsigned long long)v) : cli_fmtint(p, (double)v);
}

static void put_id(cli_writer *w, const cli_id *id)
{
	char num[CLI_NUM_MAX];
	size_t len;
	const char *text = cli_id_text(id, num, &len);

	if (!id->str)
		cli_buf_put(&w->buf, text, len);
	else if (is_csv(w))
		cli_put_csv_stringn(&w->buf, text, len);
	else
		cli_put_json_stringn(&w->buf, text, len);
}

static void put_json_vec(cli_writer *w, mink_vec3 v, int dim)
{
	char *p = cli_buf_reserve(&w->buf, 3 * (CLI_NUM_MAX + 1) + 1), *start = p;

	*p++ = '[';
	p = json_num_at(w, p, v.x);
	*p++ = ',';
	p = json_num_at(w, p, v.y);
	if (dim == 3) {
		*p++ = ',';
		p = json_num_at(w, p, v.z);
	}
	*p++ = ']';
	w->buf.len += (size_t)(p - start);
}

/* Three CSV fields; 2D vectors get z = 0. */
static void put_csv_vec(cli_writer *w, mink_vec3 v, int dim)
{
	char *p = cli_buf_reserve(&w->buf, 3 * (CLI_NUM_MAX + 1)), *start = p;

	p += num_at(w, p, v.x);
	*p++ = ',';
	p += num_at(w, p, v.y);
	*p++ = ',';
	p += num_at(w, p, dim == 3 ? v.z : 0);
	*p++ = ',';
	w->buf.len += (size_t)(p - start);
}

/* Starts a JSON or NDJSON record: the separator before it. */
static void begin_record(cli_writer *w)
{
	if (w->format == CLI_FORMAT_JSON)
		cli_buf_puts(&w->buf, w->records ? ",\n" : "[\n");
	w->records++;
}

/* Ends a record: its newline (contact rows end each row themselves). */
static void end_record(cli_writer *w)
{
	w->meta = NULL;
	w->kind[0] = w->kind[1] = NULL;
	if (w->format == CLI_FORMAT_NDJSON || w->format == CLI_FORMAT_CSV)
		cli_buf_putc(&w->buf, '\n');
	drain(w);
}

/* How many contacts a result holds, within the array's bounds. */
static int contact_count(const mink_result *res)
{
	return res->contact_count < 0 ? 0
	       : res->contact_count > MINK_MAX_CONTACTS ? MINK_MAX_CONTACTS
	       : res->contact_count;
}

/*
 * Each note of each side as "a: text", handed to put(buf, text) with a
 * separator before all but the first; returns how many there were.
 */
static int put_notes(cli_buf *b, const char *const *const notes[2],
                     const char *sep, void (*put)(cli_buf *, const char *))
{
	char text[160];
	int n = 0;

	for (int side = 0; notes && side < 2; side++)
		for (const char *const *t = notes[side]; t && *t; t++) {
			snprintf(text, sizeof text, "%s: %s", side ? "b" : "a", *t);
			if (n++)
				cli_buf_puts(b, sep);
			put(b, text);
		}
	return n;
}

/* Whether there is any note to write. */
static int has_notes(const char *const *const notes[2])
{
	return notes && ((notes[0] && notes[0][0]) || (notes[1] && notes[1][0]));
}

static void json_result(cli_writer *w, const cli_id *id, int dim,
                        const mink_result *res,
                        const char *const *const notes[2])
{
	cli_buf *b = &w->buf;
	static const char *const fields[] = {"normal", "point_a", "point_b",
	                                     "local_a", "local_b"};
	const mink_vec3 *vecs[] = {&res->normal, &res->point_a, &res->point_b,
	                           &res->local_a, &res->local_b};

	cli_buf_puts(b, "{\"id\":");
	put_id(w, id);
	cli_buf_puts(b, ",\"status\":\"");
	cli_buf_puts(b, mink_status_name(res->status));
	cli_buf_putc(b, '"');
	if (res->status == MINK_APPROXIMATE) {
		cli_buf_puts(b, ",\"warning\":{\"code\":\"");
		cli_buf_puts(b, mink_warning_name(res->warning));
		cli_buf_puts(b, "\",\"message\":");
		cli_put_json_string(b, cli_warning_message(res->warning));
		cli_buf_putc(b, '}');
	}
	cli_buf_puts(b, ",\"state\":\"");
	cli_buf_puts(b, mink_state_name(res->state));
	cli_buf_puts(b, res->state != MINK_SEPARATED ? "\",\"intersecting\":true"
	                                             : "\",\"intersecting\":false");
	cli_buf_puts(b, ",\"distance\":");
	put_num(w, res->distance);
	cli_buf_puts(b, ",\"depth\":");
	put_num(w, res->depth);
	for (size_t i = 0; i < 5; i++) {
		cli_buf_puts(b, ",\"");
		cli_buf_puts(b, fields[i]);
		cli_buf_puts(b, "\":");
		put_json_vec(w, *vecs[i], dim);
	}
	cli_buf_puts(b, ",\"tangents\":[");
	put_json_vec(w, res->tangent[0], dim);
	if (dim == 3) {
		cli_buf_putc(b, ',');
		put_json_vec(w, res->tangent[1], dim);
	}
	cli_buf_puts(b, "],\"contacts\":[");
	for (int i = 0; i < contact_count(res); i++) {
		const mink_contact *c = &res->contacts[i];

		cli_buf_puts(b, i ? ",{\"distance\":" : "{\"distance\":");
		put_num(w, c->distance);
		cli_buf_puts(b, ",\"point_a\":");
		put_json_vec(w, c->point_a, dim);
		cli_buf_puts(b, ",\"point_b\":");
		put_json_vec(w, c->point_b, dim);
		cli_buf_puts(b, ",\"local_a\":");
		put_json_vec(w, c->local_a, dim);
		cli_buf_puts(b, ",\"local_b\":");
		put_json_vec(w, c->local_b, dim);
		cli_buf_putc(b, '}');
	}
	cli_buf_puts(b, "],\"iterations\":{\"gjk\":");
	put_int(w, res->gjk_iterations);
	cli_buf_puts(b, ",\"epa\":");
	put_int(w, res->epa_iterations);
	cli_buf_putc(b, '}');
	if (has_notes(notes)) {
		cli_buf_puts(b, ",\"notes\":[");
		put_notes(b, notes, ",", cli_put_json_string);
		cli_buf_putc(b, ']');
	}
	cli_buf_putc(b, '}');
}

static void csv_result(cli_writer *w, const cli_id *id, int dim,
                       const mink_result *res,
                       const char *const *const notes[2])
{
	cli_buf *b = &w->buf;

	put_id(w, id);
	cli_buf_putc(b, ',');
	put_int(w, dim);
	cli_buf_putc(b, ',');
	cli_buf_puts(b, mink_status_name(res->status));
	cli_buf_putc(b, ',');
	cli_buf_puts(b, mink_state_name(res->state));
	cli_buf_puts(b, res->state != MINK_SEPARATED ? ",true," : ",false,");
	put_num(w, res->distance);
	cli_buf_putc(b, ',');
	put_num(w, res->depth);
	cli_buf_putc(b, ',');
	put_csv_vec(w, res->normal, dim);
	put_csv_vec(w, res->point_a, dim);
	put_csv_vec(w, res->point_b, dim);
	put_csv_vec(w, res->local_a, dim);
	put_csv_vec(w, res->local_b, dim);
	put_csv_vec(w, res->tangent[0], dim);
	if (dim == 3)
		put_csv_vec(w, res->tangent[1], dim);
	else
		cli_buf_puts(b, ",,,");
	put_int(w, contact_count(res));
	cli_buf_putc(b, ',');
	put_int(w, res->gjk_iterations);
	cli_buf_putc(b, ',');
	put_int(w, res->epa_iterations);
	cli_buf_putc(b, ',');
	if (res->status == MINK_APPROXIMATE)
		cli_buf_puts(b, mink_warning_name(res->warning));
	cli_buf_puts(b, ",,,");
	/* One field: the notes joined by "; ". */
	if (has_notes(notes)) {
		cli_buf notes_text = {0};

		put_notes(&notes_text, notes, "; ", cli_buf_puts);
		cli_buf_putc(&notes_text, '\0');
		cli_put_csv_string(b, notes_text.data);
		cli_buf_free(&notes_text);
	}
}

/* A row per contact: the contact-row columns (writer.h). */
static void csv_contact_rows(cli_writer *w, const cli_id *id, int dim,
                             const mink_result *res)
{
	cli_buf *b = &w->buf;

	for (int i = 0; i < contact_count(res); i++) {
		const mink_contact *c = &res->contacts[i];

		put_id(w, id);
		cli_buf_putc(b, ',');
		cli_buf_puts(b, mink_status_name(res->status));
		cli_buf_putc(b, ',');
		put_int(w, i + 1);
		cli_buf_putc(b, ',');
		put_num(w, c->distance);
		cli_buf_putc(b, ',');
		put_csv_vec(w, res->normal, dim);
		put_csv_vec(w, c->point_a, dim);
		put_csv_vec(w, c->point_b, dim);
		put_csv_vec(w, c->local_a, dim);
		put_csv_vec(w, c->local_b, dim);
		cli_buf_putc(b, '\n'); /* no error code */
	}
}

typedef struct record_view record_view;
/* The record being written, for the field writers: a result or an error. */
struct record_view {
	const cli_id *id;
	int dim;                  /* 0: unknown */
	const mink_result *res;   /* NULL for an error record */
	const char *const *const *notes;
	const char *code, *message;
};
static void fields_record(cli_writer *w, const record_view *r);
static void put_meta_member(cli_writer *w);

void cli_writer_result(cli_writer *w, const cli_id *id, int dim,
                       const mink_result *res)
{
	cli_writer_result_notes(w, id, dim, res, NULL);
}

void cli_writer_result_notes(cli_writer *w, const cli_id *id, int dim,
                             const mink_result *res,
                             const char *const *const notes[2])
{
	begin_record(w);
	if (w->nfields) {
		fields_record(w, &(record_view){id, dim, res, notes, NULL, NULL});
	} else if (w->format == CLI_FORMAT_CSV) {
		csv_result(w, id, dim, res, notes);
	} else if (w->format == CLI_FORMAT_CSV_CONTACTS) {
		csv_contact_rows(w, id, dim, res);
	} else {
		json_result(w, id, dim, res, notes);
		put_meta_member(w);
	}
	end_record(w);
}

void cli_writer_error(cli_writer *w, const cli_id *id, int dim,
                      const char *code, const char *message)
{
	cli_buf *b = &w->buf;

	begin_record(w);
	if (w->nfields) {
		fields_record(w, &(record_view){id, dim, NULL, NULL, code, message});
	} else if (w->format == CLI_FORMAT_CSV) {
		put_id(w, id);
		cli_buf_putc(b, ',');
		if (dim)
			put_int(w, dim);
		/* the status, empty columns up to the error's */
		cli_buf_puts(b, ",error");
		for (int i = CLI_CSV_STATUS; i < CLI_CSV_ERROR_CODE; i++)
			cli_buf_putc(b, ',');
		cli_put_csv_string(b, code);
		cli_buf_putc(b, ',');
		cli_put_csv_string(b, message);
		cli_buf_putc(b, ','); /* no notes */
	} else if (w->format == CLI_FORMAT_CSV_CONTACTS) {
		put_id(w, id);
		/* the status, empty columns up to the error code's */
		cli_buf_puts(b, ",error");
		for (int i = CLI_CONTACT_STATUS; i < CLI_CONTACT_ERROR_CODE; i++)
			cli_buf_putc(b, ',');
		cli_put_csv_string(b, code);
		cli_buf_putc(b, '\n');
	} else {
		cli_buf_puts(b, "{\"id\":");
		put_id(w, id);
		cli_buf_puts(b, ",\"status\":\"error\",\"error\":{\"code\":");
		cli_put_json_string(b, code);
		cli_buf_puts(b, ",\"message\":");
		cli_put_json_string(b, message);
		cli_buf_puts(b, "}}");
		put_meta_member(w);
	}
	end_record(w);
}

void cli_writer_finish(cli_writer *w)
{
	if (w->format == CLI_FORMAT_JSON)
		cli_buf_puts(&w->buf, w->records ? "\n]\n" : "[]\n");
	cli_writer_flush(w);
}

/* --- Fields (--fields) and annotations (meta, shape types) ----------------- */

int cli_parse_fields(const char *list, cli_format format, cli_field *fields,
                     char *msg, size_t size)
{
	int n = 0;
	const char *s = list;

	if (format == CLI_FORMAT_CSV_CONTACTS) {
		snprintf(msg, size, "option '--fields' does not go with '--contact-rows'");
		return -1;
	}
	if (*s == '+') {
		const cli_field *d = format == CLI_FORMAT_CSV ? csv_default : json_default;
		size_t k = format == CLI_FORMAT_CSV ? sizeof csv_default / sizeof *d
		                                    : sizeof json_default / sizeof *d;

		memcpy(fields, d, k * sizeof *d);
		n = (int)k;
		s++;
	}
	for (;;) {
		size_t len = strcspn(s, ",");
		int f = 0;

		while (f < CLI_FIELDS && (strlen(cli_field_names[f]) != len ||
		                          strncmp(cli_field_names[f], s, len) != 0))
			f++;
		if (f == CLI_FIELDS) {
			snprintf(msg, size, "unknown field '%.*s' in '--fields' (id, dim, status, "
			         "warning, error, state, intersecting, distance, depth, normal, "
			         "point_a, point_b, local_a, local_b, tangents, contacts, "
			         "iterations, notes, meta, type_a, type_b)", (int)(len > 40 ? 40 : len), s);
			return -1;
		}
		for (int i = 0; i < n; i++)
			if (fields[i] == (cli_field)f) {
				snprintf(msg, size, "field '%s' twice in '--fields'", cli_field_names[f]);
				return -1;
			}
		if (n == CLI_MAX_FIELDS) {
			snprintf(msg, size, "too many fields in '--fields'");
			return -1;
		}
		fields[n++] = (cli_field)f;
		if (!s[len])
			break;
		s += len + 1;
	}
	return n;
}

/* The CSV columns of field f, NULL-terminated. */
static const char *const *field_columns(cli_field f)
{
	static const char *const cols[CLI_FIELDS][7] = {
		[CLI_F_ID] = {"id"}, [CLI_F_DIM] = {"dim"}, [CLI_F_STATUS] = {"status"},
		[CLI_F_WARNING] = {"warning"}, [CLI_F_ERROR] = {"error_code", "error_message"},
		[CLI_F_STATE] = {"state"}, [CLI_F_INTERSECTING] = {"intersecting"},
		[CLI_F_DISTANCE] = {"distance"}, [CLI_F_DEPTH] = {"depth"},
		[CLI_F_NORMAL] = {"nx", "ny", "nz"},
		[CLI_F_POINT_A] = {"point_a_x", "point_a_y", "point_a_z"},
		[CLI_F_POINT_B] = {"point_b_x", "point_b_y", "point_b_z"},
		[CLI_F_LOCAL_A] = {"local_a_x", "local_a_y", "local_a_z"},
		[CLI_F_LOCAL_B] = {"local_b_x", "local_b_y", "local_b_z"},
		[CLI_F_TANGENTS] = {"t1x", "t1y", "t1z", "t2x", "t2y", "t2z"},
		[CLI_F_CONTACTS] = {"contact_count"},
		[CLI_F_ITERATIONS] = {"gjk_iterations", "epa_iterations"},
		[CLI_F_NOTES] = {"notes"}, [CLI_F_META] = {"meta"},
		[CLI_F_TYPE_A] = {"type_a"}, [CLI_F_TYPE_B] = {"type_b"},
	};

	return cols[f];
}

void cli_writer_set_fields(cli_writer *w, const cli_field *fields, int n)
{
	int first = 1;

	memcpy(w->fields, fields, (size_t)n * sizeof *fields);
	w->nfields = n;
	if (!is_csv(w) || !w->fp || w->records)
		return;
	w->buf.len = 0; /* the default header */
	w->gen++;
	for (int i = 0; i < n; i++)
		for (const char *const *c = field_columns(fields[i]); *c; c++) {
			if (!first)
				cli_buf_putc(&w->buf, ',');
			cli_buf_puts(&w->buf, *c);
			first = 0;
		}
	cli_buf_putc(&w->buf, '\n');
}

const cli_field *cli_writer_fields(const cli_writer *w, int *n)
{
	*n = w->nfields;
	return w->nfields ? w->fields : NULL;
}

void cli_writer_annotate(cli_writer *w, const char *meta, size_t meta_len,
                         const char *type_a, const char *type_b)
{
	w->meta = meta;
	w->meta_len = meta_len;
	w->kind[0] = type_a;
	w->kind[1] = type_b;
}


static void put_vec_field(cli_writer *w, mink_vec3 v, int dim, int csv)
{
	if (csv) {
		put_csv_vec(w, v, dim);
		w->buf.len--; /* the comma after it: the caller separates */
	} else {
		put_json_vec(w, v, dim);
	}
}

/* Field f of record r: its JSON value, or its CSV columns (empty when the
 * record has no such field).  Returns 0 when a JSON record lacks it. */
static int has_field(cli_writer *w, const record_view *r, cli_field f)
{
	switch (f) {
	case CLI_F_ID:
	case CLI_F_STATUS:
		return 1;
	case CLI_F_DIM:
		return r->dim != 0;
	case CLI_F_WARNING:
		return r->res && r->res->status == MINK_APPROXIMATE;
	case CLI_F_ERROR:
		return !r->res;
	case CLI_F_NOTES:
		return r->res && has_notes(r->notes);
	case CLI_F_META:
		return w->meta != NULL;
	case CLI_F_TYPE_A:
	case CLI_F_TYPE_B:
		return w->kind[f - CLI_F_TYPE_A] != NULL;
	default:
		return r->res != NULL;
	}
}

static void put_field(cli_writer *w, const record_view *r, cli_field f, int csv)
{
	cli_buf *b = &w->buf;
	const mink_result *res = r->res;
	int present = has_field(w, r, f);
	const char *const *c;

	if (csv && !present) {
		/* Empty columns, one separator fewer than columns. */
		for (c = field_columns(f) + 1; *c; c++)
			cli_buf_putc(b, ',');
		return;
	}
	switch (f) {
	case CLI_F_ID:
		put_id(w, r->id);
		break;
	case CLI_F_DIM:
		put_int(w, r->dim);
		break;
	case CLI_F_STATUS:
		if (!csv)
			cli_buf_putc(b, '"');
		cli_buf_puts(b, res ? mink_status_name(res->status) : "error");
		if (!csv)
			cli_buf_putc(b, '"');
		break;
	case CLI_F_WARNING:
		if (csv) {
			cli_buf_puts(b, mink_warning_name(res->warning));
			break;
		}
		cli_buf_puts(b, "{\"code\":\"");
		cli_buf_puts(b, mink_warning_name(res->warning));
		cli_buf_puts(b, "\",\"message\":");
		cli_put_json_string(b, cli_warning_message(res->warning));
		cli_buf_putc(b, '}');
		break;
	case CLI_F_ERROR:
		if (csv) {
			cli_put_csv_string(b, r->code);
			cli_buf_putc(b, ',');
			cli_put_csv_string(b, r->message);
			break;
		}
		cli_buf_puts(b, "{\"code\":");
		cli_put_json_string(b, r->code);
		cli_buf_puts(b, ",\"message\":");
		cli_put_json_string(b, r->message);
		cli_buf_putc(b, '}');
		break;
	case CLI_F_STATE:
		if (!csv)
			cli_buf_putc(b, '"');
		cli_buf_puts(b, mink_state_name(res->state));
		if (!csv)
			cli_buf_putc(b, '"');
		break;
	case CLI_F_INTERSECTING:
		cli_buf_puts(b, res->state != MINK_SEPARATED ? "true" : "false");
		break;
	case CLI_F_DISTANCE:
		put_num(w, res->distance);
		break;
	case CLI_F_DEPTH:
		put_num(w, res->depth);
		break;
	case CLI_F_NORMAL:
		put_vec_field(w, res->normal, r->dim, csv);
		break;
	case CLI_F_POINT_A:
		put_vec_field(w, res->point_a, r->dim, csv);
		break;
	case CLI_F_POINT_B:
		put_vec_field(w, res->point_b, r->dim, csv);
		break;
	case CLI_F_LOCAL_A:
		put_vec_field(w, res->local_a, r->dim, csv);
		break;
	case CLI_F_LOCAL_B:
		put_vec_field(w, res->local_b, r->dim, csv);
		break;
	case CLI_F_TANGENTS:
		if (csv) {
			put_csv_vec(w, res->tangent[0], r->dim);
			if (r->dim == 3)
				put_vec_field(w, res->tangent[1], 3, 1);
			else
				cli_buf_puts(b, ",,");
			break;
		}
		cli_buf_putc(b, '[');
		put_json_vec(w, res->tangent[0], r->dim);
		if (r->dim == 3) {
			cli_buf_putc(b, ',');
			put_json_vec(w, res->tangent[1], r->dim);
		}
		cli_buf_putc(b, ']');
		break;
	case CLI_F_CONTACTS:
		if (csv) {
			put_int(w, contact_count(res));
			break;
		}
		cli_buf_putc(b, '[');
		for (int i = 0; i < contact_count(res); i++) {
			const mink_contact *k = &res->contacts[i];

			cli_buf_puts(b, i ? ",{\"distance\":" : "{\"distance\":");
			put_num(w, k->distance);
			cli_buf_puts(b, ",\"point_a\":");
			put_json_vec(w, k->point_a, r->dim);
			cli_buf_puts(b, ",\"point_b\":");
			put_json_vec(w, k->point_b, r->dim);
			cli_buf_puts(b, ",\"local_a\":");
			put_json_vec(w, k->local_a, r->dim);
			cli_buf_puts(b, ",\"local_b\":");
			put_json_vec(w, k->local_b, r->dim);
			cli_buf_putc(b, '}');
		}
		cli_buf_putc(b, ']');
		break;
	case CLI_F_ITERATIONS:
		if (csv) {
			put_int(w, res->gjk_iterations);
			cli_buf_putc(b, ',');
			put_int(w, res->epa_iterations);
			break;
		}
		cli_buf_puts(b, "{\"gjk\":");
		put_int(w, res->gjk_iterations);
		cli_buf_puts(b, ",\"epa\":");
		put_int(w, res->epa_iterations);
		cli_buf_putc(b, '}');
		break;
	case CLI_F_NOTES:
		if (csv) {
			cli_buf text = {0};

			put_notes(&text, r->notes, "; ", cli_buf_puts);
			cli_buf_putc(&text, '\0');
			cli_put_csv_string(b, text.data);
			cli_buf_free(&text);
			break;
		}
		cli_buf_putc(b, '[');
		put_notes(b, r->notes, ",", cli_put_json_string);
		cli_buf_putc(b, ']');
		break;
	case CLI_F_META:
		if (csv) {
			/* JSON text in one field, quoted as CSV quotes. */
			cli_buf text = {0};

			cli_buf_put(&text, w->meta, w->meta_len);
			cli_buf_putc(&text, '\0');
			cli_put_csv_string(b, text.data);
			cli_buf_free(&text);
		} else {
			cli_buf_put(b, w->meta, w->meta_len);
		}
		break;
	case CLI_F_TYPE_A:
	case CLI_F_TYPE_B:
		if (csv)
			cli_buf_puts(b, w->kind[f - CLI_F_TYPE_A]);
		else
			cli_put_json_string(b, w->kind[f - CLI_F_TYPE_A]);
		break;
	default:
		break;
	}
}

/* A record of the chosen fields. */
static void fields_record(cli_writer *w, const record_view *r)
{
	int csv = w->format == CLI_FORMAT_CSV, n = 0;

	if (!csv)
		cli_buf_putc(&w->buf, '{');
	for (int i = 0; i < w->nfields; i++) {
		cli_field f = w->fields[i];

		if (csv) {
			if (i)
				cli_buf_putc(&w->buf, ',');
		} else {
			if (!has_field(w, r, f))
				continue;
			cli_buf_puts(&w->buf, n++ ? ",\"" : "\"");
			cli_buf_puts(&w->buf, cli_field_names[f]);
			cli_buf_puts(&w->buf, "\":");
		}
		put_field(w, r, f, csv);
	}
	if (!csv)
		cli_buf_putc(&w->buf, '}');
}

/* The default JSON record's last member: "meta", when the pair has one. */
static void put_meta_member(cli_writer *w)
{
	if (!w->meta)
		return;
	/* before the record's closing brace */
	w->buf.len--;
	cli_buf_puts(&w->buf, ",\"meta\":");
	cli_buf_put(&w->buf, w->meta, w->meta_len);
	cli_buf_putc(&w->buf, '}');
}
