/*
 * svg.c - the text of an SVG picture: markup, escaped text, numbers.
 *
 * Split from render.c by what it depends on: the buffer of text/buf.h and
 * libc, not the geometry.  render.c decides what is drawn where; this
 * file only decides how that is spelled, so a change to the drawing never
 * touches the escaping, and the escaping can be read on its own.
 */
#include "cmd/svg.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

void cli_svg_put(cli_svg *s, const char *text)
{
	cli_buf_puts(&s->b, text);
}

/* Measured first, so that the text is formatted straight into the buffer. */
void cli_svg_putf(cli_svg *s, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	va_start(ap, fmt);
	vsnprintf(cli_buf_reserve(&s->b, (size_t)n + 1), (size_t)n + 1, fmt, ap);
	va_end(ap);
	s->b.len += (size_t)n;
}

/*
 * Ids and messages come from the input file: whatever bytes they hold,
 * the picture stays well-formed XML.
 */
void cli_svg_xml(cli_svg *s, const char *str)
{
	const unsigned char *p = (const unsigned char *)str;
	cli_buf *b = &s->b;

	while (*p) {
		size_t n;

		switch (*p) {
		case '&': cli_buf_puts(b, "&amp;"); p++; continue;
		case '<': cli_buf_puts(b, "&lt;"); p++; continue;
		case '>': cli_buf_puts(b, "&gt;"); p++; continue;
		case '"': cli_buf_puts(b, "&quot;"); p++; continue;
		default: break;
		}
		if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7F) {
			cli_buf_puts(b, "\xEF\xBF\xBD");
			p++;
		} else if ((n = cli_utf8_len(p)) > 0) {
			cli_buf_put(b, (const char *)p, n);
			p += n;
		} else {
			cli_buf_puts(b, "\xEF\xBF\xBD");
			p++;
		}
	}
}

/*
 * Rounding leaves tiny values (1e-17 and the like) where 0 is meant, and
 * a -0 would read as a sign: both show as 0.
 */
const char *cli_svg_num(char *buf, double v)
{
	if (v == 0 || fabs(v) < 5e-16)
		v = 0;
	snprintf(buf, CLI_SVG_NUM_MAX, "%.6g", v);
	return buf;
}

const char *cli_svg_vec(char *buf, const double *v, int n)
{
	char t[CLI_SVG_NUM_MAX];
	size_t len = 0;

	buf[len++] = '[';
	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(buf + len, CLI_SVG_VEC_MAX - len, "%s%s",
		                        i ? ", " : "", cli_svg_num(t, v[i]));
	snprintf(buf + len, CLI_SVG_VEC_MAX - len, "]");
	return buf;
}
