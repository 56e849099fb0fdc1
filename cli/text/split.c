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
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "text/buf.h"

enum { CHUNK = 64 * 1024 };

enum phase {
	P_START,       /* before the first non-blank byte: which format? */
	P_LINES,       /* NDJSON: one record per line */
	P_ELEMENT,     /* inside a JSON array, between or inside elements */
	P_AFTER,       /* after the array's closing ']' */
	P_EOF_MISSING, /* last element emitted, but the ']' never came */
	P_DONE
};

struct cli_reader {
	int fd;
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
	char *stack; /* open brackets of the current element */
	size_t depth, stack_cap;

	char msg[64];
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
	free(r->buf);
	free(r->stack);
	free(r);
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
	return stop_flag && *stop_flag;
}

/* Reads the next chunk: 1, 0 at the end of the input, -1 on an error, -2
 * when reading was stopped. */
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
		n = read(r->fd, r->buf + r->len, r->cap - r->len);
	} while (n < 0 && errno == EINTR);
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
	r->buf[e] = '\0';
	rec->text = r->buf + s;
	rec->len = e - s;
	rec->delim = 0;
	rec->line = r->rec_line;
	rec->col = (long)(r->base + s - r->rec_line_start) + 1;
	rec->offset = r->base + s;
	return 1;
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
	if (r->depth == r->stack_cap) {
		r->stack_cap = r->stack_cap ? 2 * r->stack_cap : 64;
		r->stack = cli_xrealloc(r->stack, r->stack_cap);
	}
	r->stack[r->depth++] = c;
}

/* The element from rec_start to rec_end, NUL-terminated in place. */
static void take_element(cli_reader *r, cli_record *rec)
{
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
 * Scans the JSON array from buf[pos].  Returns what cli_reader_next returns
 * when an element is complete or the array is broken, else -1: the caller
 * goes on (with more input, or in the phase the scan moved to).
 */
static int scan_element(cli_reader *r, cli_record *rec)
{
	while (r->pos < r->len) {
		char c = r->buf[r->pos];

		if (r->in_string) {
			/* A raw newline is invalid in a JSON string (the parser will
			 * say so) but still ends a line, escaped or not. */
			if (c == '\n')
				new_line(r, r->pos);
			if (r->escape) {
				r->escape = 0;
			} else if (c == '\\') {
				r->escape = 1;
			} else if (c == '"') {
				r->in_string = 0;
				r->rec_end = r->pos + 1;
			}
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
			if (r->depth == 0) {
				if (c == ']' && !r->begun && !r->after_comma) {
					r->phase = P_AFTER; /* "[]" */
					r->pos++;
					return -1;
				}
				return emit_element(r, rec);
			}
			if (c == ']') {
				if (r->stack[r->depth - 1] != '[')
					return broken(r, "mismatched ']'", r->line,
					              column(r, r->pos));
				r->depth--;
			}
			r->rec_end = r->pos + 1;
			break;
		case '}':
			if (r->depth == 0 || r->stack[r->depth - 1] != '{')
				return broken(r, r->depth ? "mismatched '}'" : "unexpected '}'",
				              r->line, column(r, r->pos));
			r->depth--;
			r->rec_end = r->pos + 1;
			break;
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

static cli_read_status at_eof(cli_reader *r, cli_record *rec)
{
	switch (r->phase) {
	case P_LINES:
		r->phase = P_DONE;
		return take_line(r, r->len, rec) ? CLI_READ_RECORD : CLI_READ_END;
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

cli_read_status cli_reader_next(cli_reader *r, cli_record *rec)
{
	for (;;) {
		if (r->phase == P_DONE)
			return CLI_READ_END;
		if (r->pos == r->len) {
			int got = r->eof ? 0 : fill(r);

			if (got == -2) {
				r->phase = P_DONE;
				return CLI_READ_END;
			}
			if (got < 0) {
				r->phase = P_DONE;
				return CLI_READ_IOERR;
			}
			if (got == 0)
				return at_eof(r, rec);
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

					if (got < 0) {
						r->phase = P_DONE;
						return got == -2 ? CLI_READ_END : CLI_READ_IOERR;
					}
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
				r->pos = r->len;
				break;
			}
			end = (size_t)(nl - r->buf);
			got = take_line(r, end, rec);
			r->pos = end + 1;
			/* The record's text stays in the buffer until the next call. */
			new_line(r, end);
			start_line(r);
			if (got)
				return CLI_READ_RECORD;
			break;
		}
		case P_ELEMENT: {
			int st = scan_element(r, rec);

			if (st >= 0)
				return (cli_read_status)st;
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
