/*
 * csvread.c - RFC 4180 rows from a byte stream, one byte at a time from a
 * chunk buffer, into a row buffer of NUL-terminated fields.
 */
#include "text/csvread.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "text/buf.h"

enum { CHUNK = 64 * 1024 };

struct cli_csv {
	int fd;
	char *in;           /* chunk buffer */
	size_t in_len, in_pos;
	int eof, started;
	long line;          /* line of the next byte */
	cli_buf row;        /* the fields, each NUL-terminated */
	size_t *starts;     /* offsets of the fields in row */
	char **fields;
	size_t count, cap;
	char msg[64];
	long err_line;
	int err_no;
};

cli_csv *cli_csv_new(int fd, const char *prefix, size_t len)
{
	cli_csv *c = cli_xrealloc(NULL, sizeof *c);

	memset(c, 0, sizeof *c);
	c->fd = fd;
	c->in = cli_xrealloc(NULL, len > CHUNK ? len : CHUNK);
	if (len)
		memcpy(c->in, prefix, len);
	c->in_len = len;
	c->line = 1;
	return c;
}

void cli_csv_free(cli_csv *c)
{
	if (!c)
		return;
	free(c->in);
	cli_buf_free(&c->row);
	free(c->starts);
	free(c->fields);
	free(c);
}

const char *cli_csv_message(const cli_csv *c, long *line)
{
	*line = c->err_line;
	return c->msg;
}

int cli_csv_errno(const cli_csv *c)
{
	return c->err_no;
}

size_t cli_csv_field_len(const cli_csv *c, size_t i)
{
	return c->starts[i + 1] - c->starts[i] - 1;
}

/* The next byte, -1 at the end, -2 on a read error. */
static int next_byte(cli_csv *c)
{
	if (c->in_pos == c->in_len) {
		ssize_t n;

		if (c->eof)
			return -1;
		do
			n = read(c->fd, c->in, CHUNK);
		while (n < 0 && errno == EINTR);
		if (n < 0) {
			c->err_no = errno;
			return -2;
		}
		if (n == 0) {
			c->eof = 1;
			return -1;
		}
		c->in_len = (size_t)n;
		c->in_pos = 0;
	}
	return (unsigned char)c->in[c->in_pos++];
}

/* Looks at the next byte without taking it. */
static int peek_byte(cli_csv *c)
{
	int b = next_byte(c);

	if (b >= 0)
		c->in_pos--;
	return b;
}

static void reserve_fields(cli_csv *c, size_t n)
{
	if (n <= c->cap)
		return;
	c->cap = c->cap ? 2 * c->cap : 64;
	if (c->cap < n)
		c->cap = n;
	c->starts = cli_xrealloc(c->starts, c->cap * sizeof *c->starts);
	c->fields = cli_xrealloc(c->fields, c->cap * sizeof *c->fields);
}

static void end_field(cli_csv *c)
{
	cli_buf_putc(&c->row, '\0');
	c->count++;
	reserve_fields(c, c->count + 1);
	c->starts[c->count] = c->row.len;
}

static cli_csv_status broken(cli_csv *c, const char *msg, long line)
{
	strncpy(c->msg, msg, sizeof c->msg - 1);
	c->err_line = line;
	return CLI_CSV_BROKEN;
}

cli_csv_status cli_csv_next(cli_csv *c, char ***fields, size_t *count,
                            long *line)
{
	int b;

	if (!c->started) {
		static const unsigned char bom[3] = {0xEF, 0xBB, 0xBF};

		c->started = 1;
		if (peek_byte(c) == 0xEF) {
			for (int i = 0; i < 3; i++)
				if (next_byte(c) != bom[i])
					return broken(c, "invalid byte at the start", 1);
		}
	}
	/* Blank lines (only a line break) are no rows. */
	while ((b = peek_byte(c)) == '\n' || b == '\r') {
		next_byte(c);
		if (b == '\n')
			c->line++;
	}
	if (b == -2)
		return CLI_CSV_IOERR;
	if (b == -1)
		return CLI_CSV_END;
	*line = c->line;
	c->row.len = 0;
	c->count = 0;
	reserve_fields(c, 1);
	c->starts[0] = 0;
	for (;;) {
		b = next_byte(c);
		if (b == '"' && c->row.len == c->starts[c->count]) {
			/* A quoted field, to its closing quote. */
			long from = c->line;

			for (;;) {
				b = next_byte(c);
				if (b == -2)
					return CLI_CSV_IOERR;
				if (b == -1)
					return broken(c, "unterminated quoted field", from);
				if (b == '"') {
					if (peek_byte(c) != '"')
						break;
					next_byte(c);
				}
				if (b == '\n')
					c->line++;
				cli_buf_putc(&c->row, (char)b);
			}
			b = next_byte(c);
			if (b != ',' && b != '\n' && b != '\r' && b != -1 && b != -2)
				return broken(c, "unexpected character after a quoted field",
				              c->line);
		} else {
			while (b >= 0 && b != ',' && b != '\n' && b != '\r') {
				if (b == '"')
					return broken(c, "unexpected quote inside a field", c->line);
				cli_buf_putc(&c->row, (char)b);
				b = next_byte(c);
			}
		}
		if (b == -2)
			return CLI_CSV_IOERR;
		end_field(c);
		if (b == ',')
			continue;
		if (b == '\r' && peek_byte(c) == '\n')
			next_byte(c);
		if (b == '\r' || b == '\n')
			c->line++;
		break;
	}
	for (size_t i = 0; i < c->count; i++)
		c->fields[i] = c->row.data + c->starts[i];
	*fields = c->fields;
	*count = c->count;
	return CLI_CSV_ROW;
}
