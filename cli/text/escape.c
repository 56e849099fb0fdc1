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

void cli_put_json_string(cli_buf *b, const char *str)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)str;

	cli_buf_putc(b, '"');
	while (*s) {
		const unsigned char *run = s;
		size_t n;

		/* Copy plain ASCII in runs: the common case. */
		while (*s >= 0x20 && *s < 0x80 && *s != '"' && *s != '\\')
			s++;
		cli_buf_put(b, (const char *)run, (size_t)(s - run));
		if (!*s)
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
			} else if ((n = cli_utf8_len(s)) > 0) {
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
	const unsigned char *s = (const unsigned char *)str;
	int quote = strpbrk(str, ",\"\r\n") != NULL;

	if (quote)
		cli_buf_putc(b, '"');
	while (*s) {
		size_t n = cli_utf8_len(s);

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
