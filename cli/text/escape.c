/*
 * escape.c - text as a JSON string or a CSV field, the one way mink writes
 * it everywhere (results, error records, gen, diff).
 *
 * Invalid UTF-8 never reaches the output: each byte that does not start a
 * well-formed sequence becomes U+FFFD, so the output is valid JSON or CSV
 * whatever the input's ids held.  JSON uses the short escapes (\n, \t, ...)
 * where JSON has them and \u00XX for the other control bytes.
 */
#include <string.h>

#include "text/buf.h"
#include "text/escape.h"

/* cli_utf8_len within [s, end): a NUL byte is one character of its own. */
static size_t utf8_len(const unsigned char *s, const unsigned char *end)
{
	size_t n;

	if (*s == 0)
		return 1;
	n = cli_utf8_len(s);
	return n <= (size_t)(end - s) ? n : 0;
}

void cli_put_json_string(cli_buf *b, const char *str)
{
	cli_put_json_stringn(b, str, strlen(str));
}

void cli_put_json_stringn(cli_buf *b, const char *str, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)str, *end = s + len;

	cli_buf_putc(b, '"');
	while (s < end) {
		const unsigned char *run = s;
		size_t n;

		/* Copy plain ASCII in runs: the common case. */
		while (s < end && *s >= 0x20 && *s < 0x80 && *s != '"' && *s != '\\')
			s++;
		cli_buf_put(b, (const char *)run, (size_t)(s - run));
		if (s == end)
			break;
		switch (*s) {
		case '"':
			cli_buf_puts(b, "\\\"");
			break;
		case '\\':
			cli_buf_puts(b, "\\\\");
			break;
		case '\b':
			cli_buf_puts(b, "\\b");
			break;
		case '\f':
			cli_buf_puts(b, "\\f");
			break;
		case '\n':
			cli_buf_puts(b, "\\n");
			break;
		case '\r':
			cli_buf_puts(b, "\\r");
			break;
		case '\t':
			cli_buf_puts(b, "\\t");
			break;
		default:
			if (*s < 0x20) {
				char u[6] = {'\\', 'u', '0', '0', hex[*s >> 4], hex[*s & 15]};

				cli_buf_put(b, u, sizeof u);
			} else if ((n = utf8_len(s, end)) > 0) {
				cli_buf_put(b, (const char *)s, n);
				s += n - 1;
			} else {
				cli_buf_puts(b, "\\ufffd");
			}
			break;
		}
		s++;
	}
	cli_buf_putc(b, '"');
}

void cli_put_csv_string(cli_buf *b, const char *str)
{
	cli_put_csv_stringn(b, str, strlen(str));
}

void cli_put_csv_stringn(cli_buf *b, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str, *end = s + len;
	int quote = 0;

	/* A NUL byte is quoted too: readers that take a line as a C string
	 * then see an unterminated field instead of a shorter one. */
	for (size_t i = 0; i < len && !quote; i++)
		quote = str[i] == ',' || str[i] == '"' || str[i] == '\r' ||
		        str[i] == '\n' || str[i] == '\0';
	if (quote)
		cli_buf_putc(b, '"');
	while (s < end) {
		size_t n = utf8_len(s, end);

		if (n == 0) {
			cli_buf_puts(b, "\xEF\xBF\xBD"); /* U+FFFD */
			s++;
			continue;
		}
		if (*s == '"')
			cli_buf_putc(b, '"');
		cli_buf_put(b, (const char *)s, n);
		s += n;
	}
	if (quote)
		cli_buf_putc(b, '"');
}
