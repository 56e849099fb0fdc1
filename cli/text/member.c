/*
 * member.c - one member's value of a JSON object, as written (member.h).
 *
 * The text has been parsed already, so this is a scanner, not a parser:
 * it follows strings (with their escapes) and brackets, nothing more.
 * The value is copied from the input's own bytes rather than printed from
 * the parsed tree: numbers keep their digits (1.10, 1e2, 0.1 stay as they
 * are, where a printer would write what the double is) and strings their
 * escapes, so a label comes back byte for byte.
 */
#include "text/member.h"

#include <string.h>

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static size_t skip_blanks(const char *t, size_t len, size_t i)
{
	while (i < len && is_blank(t[i]))
		i++;
	return i;
}

/* Just past the string that opens at t[i] (a '"'). */
static size_t skip_string(const char *t, size_t len, size_t i)
{
	for (i++; i < len; i++) {
		if (t[i] == '\\')
			i++;
		else if (t[i] == '"')
			return i + 1;
	}
	return len;
}

/* Just past the value that starts at t[i]. */
static size_t skip_value(const char *t, size_t len, size_t i)
{
	size_t depth = 0;

	if (i < len && t[i] == '"')
		return skip_string(t, len, i);
	if (i < len && t[i] != '{' && t[i] != '[') {
		while (i < len && !is_blank(t[i]) && t[i] != ',' && t[i] != '}' && t[i] != ']')
			i++;
		return i;
	}
	while (i < len) {
		char c = t[i];

		if (c == '"') {
			i = skip_string(t, len, i);
			continue;
		}
		if (c == '{' || c == '[')
			depth++;
		else if ((c == '}' || c == ']') && --depth == 0)
			return i + 1;
		i++;
	}
	return len;
}

static int hex_value(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Whether the string token t[from, to) (quotes included) is `key`. */
static int key_is(const char *t, size_t from, size_t to, const char *key)
{
	size_t k = 0, n = strlen(key);

	for (size_t i = from + 1; i + 1 < to; i++) {
		int c = (unsigned char)t[i];

		if (c == '\\') {
			char e = t[++i];

			if (e == 'u') {
				int v = 0;

				for (int j = 1; j <= 4; j++)
					v = 16 * v + hex_value(t[i + j]);
				i += 4;
				c = v;
			} else {
				c = e == 'b' ? '\b' : e == 'f' ? '\f' : e == 'n' ? '\n'
				    : e == 'r' ? '\r' : e == 't' ? '\t' : e;
			}
		}
		if (k == n || c != (unsigned char)key[k])
			return 0;
		k++;
	}
	return k == n;
}

/* Copies t[from, to) without the blanks between tokens. */
static void put_compact(cli_buf *out, const char *t, size_t from, size_t to)
{
	size_t i = from;

	while (i < to) {
		if (is_blank(t[i])) {
			i++;
		} else if (t[i] == '"') {
			size_t end = skip_string(t, to, i);

			/* The string's bytes; invalid UTF-8 as \ufffd. */
			while (i < end) {
				const unsigned char *s = (const unsigned char *)t + i;
				size_t n = *s < 0x80 ? 1 : cli_utf8_len(s);

				if (n == 0 || i + n > end) {
					cli_buf_puts(out, "\\ufffd");
					i++;
				} else {
					cli_buf_put(out, t + i, n);
					i += n;
				}
			}
		} else {
			cli_buf_putc(out, t[i++]);
		}
	}
}

int cli_json_member_text(const char *text, size_t len, const char *key,
                         cli_buf *out)
{
	size_t i = skip_blanks(text, len, 0);

	if (i == len || text[i] != '{')
		return 0;
	i++;
	for (;;) {
		size_t kfrom, kto, vfrom, vto;

		i = skip_blanks(text, len, i);
		if (i >= len || text[i] != '"')
			return 0; /* '}' of an empty object, or the end */
		kfrom = i;
		kto = skip_string(text, len, i);
		i = skip_blanks(text, len, kto);
		if (i >= len || text[i] != ':')
			return 0;
		vfrom = skip_blanks(text, len, i + 1);
		vto = skip_value(text, len, vfrom);
		if (key_is(text, kfrom, kto, key)) {
			put_compact(out, text, vfrom, vto);
			return 1;
		}
		i = skip_blanks(text, len, vto);
		if (i >= len || text[i] != ',')
			return 0;
		i++;
	}
}
