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

struct cli_writer {
	FILE *fp;
	cli_format format;
	cli_buf buf;
	long records;
	int err_no;
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
	if (is_csv(w) && w->records == 0)
		w->buf.len = 0; /* the header is all it holds */
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

/* A number; JSON has no text for a non-finite one, so it gets null. */
static void put_num(cli_writer *w, double v)
{
	char *p = cli_buf_reserve(&w->buf, CLI_NUM_MAX);
	size_t n = cli_fmtnum(p, v);

	if (n == 0 && !is_csv(w)) {
		memcpy(p, "null", 4);
		n = 4;
	}
	w->buf.len += n;
}

static void put_int(cli_writer *w, long v)
{
	char *p = cli_buf_reserve(&w->buf, CLI_NUM_MAX);

	w->buf.len += cli_fmtint(p, (double)v); /* counts: exact, no printf */
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
	cli_buf_putc(&w->buf, '[');
	put_num(w, v.x);
	cli_buf_putc(&w->buf, ',');
	put_num(w, v.y);
	if (dim == 3) {
		cli_buf_putc(&w->buf, ',');
		put_num(w, v.z);
	}
	cli_buf_putc(&w->buf, ']');
}

/* Three CSV fields; 2D vectors get z = 0. */
static void put_csv_vec(cli_writer *w, mink_vec3 v, int dim)
{
	put_num(w, v.x);
	cli_buf_putc(&w->buf, ',');
	put_num(w, v.y);
	cli_buf_putc(&w->buf, ',');
	put_num(w, dim == 3 ? v.z : 0);
	cli_buf_putc(&w->buf, ',');
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
	if (w->format == CLI_FORMAT_CSV)
		csv_result(w, id, dim, res, notes);
	else if (w->format == CLI_FORMAT_CSV_CONTACTS)
		csv_contact_rows(w, id, dim, res);
	else
		json_result(w, id, dim, res, notes);
	end_record(w);
}

void cli_writer_error(cli_writer *w, const cli_id *id, int dim,
                      const char *code, const char *message)
{
	cli_buf *b = &w->buf;

	begin_record(w);
	if (w->format == CLI_FORMAT_CSV) {
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
	}
	end_record(w);
}

void cli_writer_finish(cli_writer *w)
{
	if (w->format == CLI_FORMAT_JSON)
		cli_buf_puts(&w->buf, w->records ? "\n]\n" : "[]\n");
	cli_writer_flush(w);
}
