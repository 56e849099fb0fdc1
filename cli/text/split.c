/*
 * split.c - splitting a byte stream into JSON records, chunk by chunk.
 *
 * The buffer holds the unfinished record (from `rec_start`) followed by
 * unscanned input (from `pos`).  When the scan reaches the end of the
 * buffer, the finished part is dropped and the next chunk is appended, so
 * memory stays at about the largest record plus one chunk.
 */
#include "text/split.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "text/buf.h"
#include "text/instream.h"
#include "text/sniff.h"

enum {
	CHUNK = 64 * 1024,
	/* Open brackets remembered per element; deeper ones are only counted
	 * (the strict check refuses records nested beyond 512 anyway). */
	STACK_MAX = 4096
};

enum phase {
	P_START,       /* before the first non-blank byte: which format? */
	P_LINES,       /* NDJSON: one record per line */
	P_ELEMENT,     /* inside a JSON array, between or inside elements */
	P_VALUES,      /* a stream of JSON values separated by blanks */
	P_AFTER,       /* after the array's closing ']' */
	P_EOF_MISSING, /* last element emitted, but the ']' never came */
	P_DONE
};

struct cli_reader {
	int fd;
	cli_instream *in;
	size_t max_record;
	int sniffed;  /* the first bytes were looked at */
	int skipping; /* the record is longer than max_record: not kept */
	unsigned long long skip_offset; /* where the skipped record starts */
	void (*before_read)(void *ctx);
	void *ctx;

	char *buf;
	size_t cap, len, pos;
	unsigned long long base; /* file offset of buf[0] */
	int eof;
	enum phase phase;

	long line;                     /* line of buf[pos] */
	unsigned long long line_start; /* file offset where that line starts */

	/* The record being gathered. */
	int begun;
	size_t rec_start; /* buffer offset of the record's first byte */
	size_t rec_end;   /* just past its last non-blank byte */
	long rec_line, rec_col;
	unsigned long long rec_line_start;

	/* JSON array scanning. */
	int in_string, escape, after_comma;
	int scalar; /* P_VALUES: a record that is no object or array */
	int has_saved; /* buf[saved_at] holds a record's NUL instead of saved */
	char saved;
	size_t saved_at;
	char *stack; /* open brackets of the current element */
	size_t depth, stack_cap;

	char msg[320];
	long err_line, err_col;
	int err_no;
};

cli_reader *cli_reader_new(int fd, void (*before_read)(void *ctx), void *ctx)
{
	cli_reader *r = cli_xrealloc(NULL, sizeof *r);

	memset(r, 0, sizeof *r);
	r->fd = fd;
	r->before_read = before_read;
	r->ctx = ctx;
	r->in = cli_instream_new(fd);
	r->max_record = CLI_MAX_RECORD_DEFAULT;
	r->cap = 2 * CHUNK;
	r->buf = cli_xrealloc(NULL, r->cap + 1); /* + 1: room for a record's NUL */
	r->line = 1;
	r->phase = P_START;
	return r;
}

void cli_reader_free(cli_reader *r)
{
	if (!r)
		return;
	cli_instream_free(r->in);
	free(r->buf);
	free(r->stack);
	free(r);
}

void cli_reader_set_max_record(cli_reader *r, size_t max)
{
	r->max_record = max;
}

const char *cli_reader_compression(const cli_reader *r)
{
	return cli_instream_format(r->in);
}

const char *cli_reader_message(const cli_reader *r, long *line, long *col)
{
	*line = r->err_line;
	*col = r->err_col;
	return r->msg;
}

int cli_reader_errno(const cli_reader *r)
{
	return r->err_no;
}

void cli_record_locate(const cli_record *rec, size_t offset, long *line,
                       long *col)
{
	long l = rec->line, c = rec->col;

	for (size_t i = 0; i < offset && i < rec->len; i++) {
		if (rec->text[i] == '\n') {
			l++;
			c = 1;
		} else {
			c++;
		}
	}
	*line = l;
	*col = c;
}

static long column(const cli_reader *r, size_t off)
{
	return (long)(r->base + off - r->line_start) + 1;
}

static void new_line(cli_reader *r, size_t nl)
{
	r->line++;
	r->line_start = r->base + nl + 1;
}

static cli_read_status broken(cli_reader *r, const char *msg, long line,
                              long col)
{
	size_t n = strlen(msg);

	if (n >= sizeof r->msg)
		n = sizeof r->msg - 1;
	memcpy(r->msg, msg, n);
	r->msg[n] = '\0';
	r->err_line = line;
	r->err_col = col;
	r->phase = P_DONE;
	return CLI_READ_BROKEN;
}

/* Returns 1 when new bytes arrived, 0 at end of file, -1 on error. */
/* Set by a signal handler: reading stops at the next read(2). */
static const volatile sig_atomic_t *stop_flag;

void cli_reader_stop_on(const volatile sig_atomic_t *flag)
{
	stop_flag = flag;
}

static int stopped(void)
{
	return (stop_flag && *stop_flag) || cli_instream_woken();
}

/* Reads the next chunk: 1, 0 at the end of the input, -1 on an error, -2
 * when reading was stopped, -3 when compressed data is corrupt. */
static int fill(cli_reader *r)
{
	size_t keep = r->begun ? r->rec_start : r->pos;
	ssize_t n;

	if (keep > 0) {
		memmove(r->buf, r->buf + keep, r->len - keep);
		r->len -= keep;
		r->pos -= keep;
		if (r->begun) {
			r->rec_start -= keep;
			r->rec_end = r->rec_end > keep ? r->rec_end - keep : 0;
		}
		r->base += keep;
	}
	if (r->cap - r->len < CHUNK) {
		if (r->cap > (size_t)-1 / 2)
			cli_out_of_memory();
		r->cap *= 2;
		r->buf = cli_xrealloc(r->buf, r->cap + 1);
	}
	if (r->before_read)
		r->before_read(r->ctx);
	do {
		if (stopped())
			return -2;
		n = cli_instream_read(r->in, r->buf + r->len, r->cap - r->len);
	} while (n == -1 && errno == EINTR);
	if (n == -2)
		return -3;
	if (n < 0) {
		r->err_no = errno;
		return -1;
	}
	if (n == 0) {
		r->eof = 1;
		return 0;
	}
	r->len += (size_t)n;
	return 1;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* NDJSON: the line buf[rec_start, end) as a record, unless it is blank. */
static int take_line(cli_reader *r, size_t end, cli_record *rec)
{
	size_t s = r->rec_start, e = end;

	while (s < e && is_blank(r->buf[s]))
		s++;
	while (e > s && is_blank(r->buf[e - 1]))
		e--;
	if (s == e)
		return 0;
	rec->delim = 0;
	rec->line = r->rec_line;
	rec->col = (long)(r->base + s - r->rec_line_start) + 1;
	rec->offset = r->base + s;
	if (e - s > r->max_record) {
		rec->text = "";
		rec->len = 0;
		rec->oversize = 1;
		return 1;
	}
	r->buf[e] = '\0';
	rec->text = r->buf + s;
	rec->len = e - s;
	return 1;
}

/* A record over the cap, skipped: its place, no text. */
static void take_oversize(cli_reader *r, cli_record *rec)
{
	rec->text = "";
	rec->len = 0;
	rec->delim = 0;
	rec->line = r->rec_line;
	rec->col = r->phase == P_LINES ? 0 : r->rec_col;
	rec->offset = r->skipping ? r->skip_offset : r->base + r->rec_start;
	rec->oversize = 1;
	r->skipping = 0;
}

/*
 * Called when the scan reached the end of the buffer inside a record: once
 * the record is longer than the cap, its bytes are scanned and dropped
 * (fill() keeps from rec_start), never gathered.  Returns -1 when the
 * skipped bytes hold a NUL: no text has one, and a stream of them (as
 * from /dev/zero) would never end the record.
 */
static int check_cap(cli_reader *r, size_t from)
{
	if (!r->begun)
		return 0;
	if (!r->skipping && r->pos - r->rec_start > r->max_record) {
		r->skipping = 1;
		r->skip_offset = r->base + r->rec_start;
	}
	if (!r->skipping)
		return 0;
	if (from < r->rec_start)
		from = r->rec_start;
	if (memchr(r->buf + from, '\0', r->pos - from))
		return -1;
	r->rec_start = r->pos;
	return 0;
}

static cli_read_status binary_tail(cli_reader *r)
{
	char msg[128];

	snprintf(msg, sizeof msg, "NUL bytes in a record longer than %zu bytes: "
	         "this is not text; the rest is not read", r->max_record);
	return broken(r, msg, r->rec_line, 0);
}

static void start_line(cli_reader *r)
{
	r->begun = 1; /* NDJSON keeps every byte of the current line */
	r->rec_start = r->pos;
	r->rec_line = r->line;
	r->rec_line_start = r->line_start;
}

static void begin_element(cli_reader *r)
{
	if (r->begun)
		return;
	r->begun = 1;
	r->rec_start = r->pos;
	r->rec_line = r->line;
	r->rec_col = column(r, r->pos);
}

static void push(cli_reader *r, char c)
{
	if (r->depth < STACK_MAX) {
		if (r->depth == r->stack_cap) {
			r->stack_cap = r->stack_cap ? 2 * r->stack_cap : 64;
			r->stack = cli_xrealloc(r->stack, r->stack_cap);
		}
		r->stack[r->depth] = c;
	}
	r->depth++;
}

/* Whether the innermost open bracket is c (beyond STACK_MAX: any is). */
static int open_is(const cli_reader *r, char c)
{
	return r->depth > STACK_MAX || r->stack[r->depth - 1] == c;
}

/* The element from rec_start to rec_end, NUL-terminated in place. */
static void take_element(cli_reader *r, cli_record *rec)
{
	if (r->skipping || r->rec_end - r->rec_start > r->max_record) {
		take_oversize(r, rec);
		return;
	}
	r->buf[r->rec_end] = '\0';
	rec->text = r->buf + r->rec_start;
	rec->len = r->rec_end - r->rec_start;
	rec->delim = 0;
	rec->line = r->rec_line;
	rec->col = r->rec_col;
	rec->offset = r->base + r->rec_start;
}

/* The element ended by the delimiter at buf[pos] (',' or ']'). */
static cli_read_status emit_element(cli_reader *r, cli_record *rec)
{
	char delim = r->buf[r->pos];

	if (r->begun) {
		/* Bytes from rec_end to pos are scanned blanks and the delimiter. */
		take_element(r, rec);
	} else {
		rec->text = "";
		rec->len = 0;
		rec->delim = delim;
		rec->line = r->line;
		rec->col = column(r, r->pos);
		rec->offset = r->base + r->pos;
	}
	r->begun = 0;
	r->pos++;
	if (delim == ']')
		r->phase = P_AFTER;
	else
		r->after_comma = 1;
	return CLI_READ_RECORD;
}

/*
 * The byte c at buf[pos], inside a string.  Returns 1 if it closes the
 * string (the element then ends after it, so far).  A raw newline is invalid
 * in a JSON string (the parser will say so) but still ends a line, escaped
 * or not.
 */
static int string_byte(cli_reader *r, char c)
{
	if (c == '\n')
		new_line(r, r->pos);
	if (r->escape) {
		r->escape = 0;
	} else if (c == '\\') {
		r->escape = 1;
	} else if (c == '"') {
		r->in_string = 0;
		r->rec_end = r->pos + 1;
		return 1;
	}
	return 0;
}

/*
 * The closing bracket c ('}' or ']') at buf[pos], inside a value.  Returns
 * CLI_READ_BROKEN when nothing or the other kind of bracket is open, else
 * -1 (the bracket closed).
 */
static int close_bracket(cli_reader *r, char c)
{
	if (r->depth == 0)
		return broken(r, c == '}' ? "unexpected '}'" : "unexpected ']'", r->line,
		              column(r, r->pos));
	if (!open_is(r, c == '}' ? '{' : '['))
		return broken(r, c == '}' ? "mismatched '}'" : "mismatched ']'", r->line,
		              column(r, r->pos));
	r->depth--;
	r->rec_end = r->pos + 1;
	return -1;
}

/*
 * Scans the JSON array from buf[pos].  Returns what cli_reader_next returns
 * when an element is complete or the array is broken, else -1: the caller
 * goes on (with more input, or in the phase the scan moved to).
 */
static int scan_element(cli_reader *r, cli_record *rec)
{
	while (r->pos < r->len) {
		char c = r->buf[r->pos];

		if (r->in_string) {
			(void)string_byte(r, c);
			r->pos++;
			continue;
		}
		switch (c) {
		case '\n':
			new_line(r, r->pos);
			break;
		case ' ':
		case '\t':
		case '\r':
			break;
		case ',':
		case ']':
		case '}': {
			int st;

			if (r->depth == 0 && c != '}') { /* the element ends */
				if (c == ']' && !r->begun && !r->after_comma) {
					r->phase = P_AFTER; /* "[]" */
					r->pos++;
					return -1;
				}
				return emit_element(r, rec);
			}
			if (c == ',') {
				r->rec_end = r->pos + 1;
				break;
			}
			st = close_bracket(r, c);
			if (st >= 0)
				return st;
			break;
		}
		case '{':
		case '[':
			begin_element(r);
			push(r, c);
			r->rec_end = r->pos + 1;
			break;
		case '"':
			begin_element(r);
			r->in_string = 1;
			break;
		default:
			begin_element(r);
			r->rec_end = r->pos + 1;
			break;
		}
		r->pos++;
	}
	return -1;
}

/*
 * P_VALUES: the value that ended at buf[pos] (exclusive).  The byte after
 * it is not scanned yet, and the record's NUL goes there: it is put back
 * by the next call.
 */
static cli_read_status emit_value(cli_reader *r, cli_record *rec)
{
	r->saved_at = r->rec_end;
	r->saved = r->buf[r->rec_end];
	r->has_saved = 1;
	take_element(r, rec);
	r->begun = 0;
	r->scalar = 0;
	return CLI_READ_RECORD;
}

/*
 * Scans a stream of JSON values from buf[pos]: a value ends where its
 * outermost bracket closes, or (for a bare number, word or string, which
 * are no pairs but get their error record) at the next blank or bracket.
 * Returns as scan_element does.
 */
static int scan_values(cli_reader *r, cli_record *rec)
{
	while (r->pos < r->len) {
		char c = r->buf[r->pos];

		if (r->in_string) {
			if (string_byte(r, c) && r->depth == 0) {
				r->pos++;
				return emit_value(r, rec);
			}
			r->pos++;
			continue;
		}
		if (r->scalar) {
			if (is_blank(c) || c == '{' || c == '[' || c == '"')
				return emit_value(r, rec);
			r->rec_end = ++r->pos;
			continue;
		}
		switch (c) {
		case '\n':
			new_line(r, r->pos);
			break;
		case ' ':
		case '\t':
		case '\r':
			break;
		case '{':
		case '[':
			begin_element(r);
			push(r, c);
			r->rec_end = r->pos + 1;
			break;
		case '}':
		case ']': {
			int st = close_bracket(r, c);

			if (st >= 0)
				return st;
			if (r->depth == 0) {
				r->pos++;
				return emit_value(r, rec);
			}
			break;
		}
		case '"':
			begin_element(r);
			r->in_string = 1;
			break;
		default:
			begin_element(r);
			if (r->depth == 0)
				r->scalar = 1;
			r->rec_end = r->pos + 1;
			break;
		}
		r->pos++;
	}
	return -1;
}

static cli_read_status at_eof(cli_reader *r, cli_record *rec)
{
	switch (r->phase) {
	case P_LINES:
		if (r->skipping) {
			take_oversize(r, rec);
			r->phase = P_DONE;
			return CLI_READ_RECORD;
		}
		r->phase = P_DONE;
		return take_line(r, r->len, rec) ? CLI_READ_RECORD : CLI_READ_END;
	case P_VALUES:
		if (r->in_string || r->depth > 0)
			return broken(r, "unterminated record at end of file",
			              r->rec_line, r->rec_col);
		r->phase = P_DONE;
		if (r->begun)
			return emit_value(r, rec);
		return CLI_READ_END;
	case P_ELEMENT:
		if (r->in_string || r->depth > 0)
			return broken(r, "unterminated record at end of file",
			              r->rec_line, r->rec_col);
		if (r->begun) {
			/* A complete last element: answer it, then complain. */
			take_element(r, rec);
			r->begun = 0;
			r->phase = P_EOF_MISSING;
			return CLI_READ_RECORD;
		}
		return broken(r, "unexpected end of file: missing ']'", r->line, 0);
	case P_EOF_MISSING:
		return broken(r, "unexpected end of file: missing ']'", r->line, 0);
	default:
		r->phase = P_DONE;
		return CLI_READ_END;
	}
}

/* What a failed fill() means for cli_reader_next. */
static cli_read_status fill_failed(cli_reader *r, int got)
{
	if (got == -3)
		return broken(r, cli_instream_message(r->in), r->line, 0);
	r->phase = P_DONE;
	return got == -2 ? CLI_READ_END : CLI_READ_IOERR;
}

/*
 * P_START at a '{' (buf[pos]): a lone '{' on the first line starts a
 * stream of JSON values; anything after it on the line, NDJSON.  Returns
 * 1 when decided, 0 when the line goes on past the buffer.
 */
static int choose_stream(cli_reader *r)
{
	for (size_t i = r->pos + 1; i < r->len; i++) {
		char c = r->buf[i];

		if (c == '\n') {
			r->phase = P_VALUES;
			return 1;
		}
		if (!is_blank(c)) {
			r->phase = P_LINES;
			start_line(r);
			return 1;
		}
	}
	if (r->eof || r->len - r->pos > r->max_record) {
		r->phase = P_LINES;
		start_line(r);
		return 1;
	}
	return 0;
}

cli_read_status cli_reader_next(cli_reader *r, cli_record *rec)
{
	rec->oversize = 0;
	if (r->has_saved) {
		r->buf[r->saved_at] = r->saved;
		r->has_saved = 0;
	}
	for (;;) {
		if (r->phase == P_DONE)
			return CLI_READ_END;
		if (r->pos == r->len) {
			int got = r->eof ? 0 : fill(r);

			if (got < 0)
				return fill_failed(r, got);
			if (got == 0)
				return at_eof(r, rec);
			if (!r->sniffed) {
				char msg[sizeof r->msg];

				r->sniffed = 1;
				if (cli_sniff_text(r->buf, r->len, msg, sizeof msg))
					return broken(r, msg, 1, 0);
			}
		}
		switch (r->phase) {
		case P_START: {
			unsigned long long at = r->base + r->pos;
			unsigned char c = (unsigned char)r->buf[r->pos];

			/*
			 * A UTF-8 byte order mark - all three bytes, at the very
			 * start of the file - is skipped, not counted as columns.
			 * Any other byte is data, even one that a mark begins with.
			 */
			if (at == 0 && c == 0xEF) {
				while (r->len - r->pos < 3 && !r->eof) {
					int got = fill(r);

					if (got < 0)
						return fill_failed(r, got);
				}
				if (r->len - r->pos >= 3 && memcmp(r->buf + r->pos, "\xEF\xBB\xBF", 3) == 0) {
					r->line_start = 3;
					r->pos += 3;
					break;
				}
			}
			if (c == '\n') {
				new_line(r, r->pos++);
			} else if (is_blank((char)c)) {
				r->pos++;
			} else if (c == '[') {
				r->phase = P_ELEMENT;
				r->pos++;
			} else if (c == '{') {
				if (!choose_stream(r)) {
					int got = fill(r);

					if (got < 0)
						return fill_failed(r, got);
				}
			} else {
				r->phase = P_LINES;
				start_line(r);
			}
			break;
		}
		case P_LINES: {
			char *nl = memchr(r->buf + r->pos, '\n', r->len - r->pos);
			size_t end;
			int got;

			if (!nl) {
				size_t from = r->pos;

				r->pos = r->len;
				if (check_cap(r, from) < 0)
					return binary_tail(r);
				break;
			}
			end = (size_t)(nl - r->buf);
			if (r->skipping) {
				take_oversize(r, rec);
				got = 1;
			} else {
				got = take_line(r, end, rec);
			}
			r->pos = end + 1;
			/* The record's text stays in the buffer until the next call. */
			new_line(r, end);
			start_line(r);
			if (got)
				return CLI_READ_RECORD;
			break;
		}
		case P_ELEMENT:
		case P_VALUES: {
			size_t from = r->pos;
			int st = r->phase == P_ELEMENT ? scan_element(r, rec)
			                               : scan_values(r, rec);

			if (st >= 0)
				return (cli_read_status)st;
			if (r->pos == r->len && check_cap(r, from) < 0)
				return binary_tail(r);
			break;
		}
		case P_AFTER:
			if (r->buf[r->pos] == '\n') {
				new_line(r, r->pos);
			} else if (!is_blank(r->buf[r->pos])) {
				return broken(r, "unexpected data after ']'", r->line,
				              column(r, r->pos));
			}
			r->pos++;
			break;
		default:
			return at_eof(r, rec);
		}
	}
}
