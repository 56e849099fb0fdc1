/*
 * jsoncheck.c - a strict JSON syntax check that says where the text fails.
 *
 * cJSON is lenient (it reads "01", "1." and raw control bytes inside
 * strings) and vague about positions (an unterminated string is blamed on
 * its first character, a trailing comma in the outer object on the end of
 * the record).  This scan runs first and follows the grammar of RFC 8259
 * with an explicit stack, so that every syntax error is reported at the
 * byte at fault, and cJSON then only sees text it reads faithfully.
 */
#include "text/jsoncheck.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "text/buf.h"

enum { TOKEN_MAX = 24 };

/* What may come next. */
enum expect {
	E_VALUE,          /* a value */
	E_VALUE_OR_CLOSE, /* after '[': a value or ']' */
	E_KEY,            /* after ',' in an object: a member name */
	E_KEY_OR_CLOSE,   /* after '{': a member name or '}' */
	E_COLON,          /* after a member name */
	E_NEXT,           /* after a value inside a container: ',' or its close */
	E_END             /* after the outermost value: blanks only */
};

typedef struct check {
	const char *t; /* t[len] == '\0' */
	size_t len;
	size_t *offset;
	char *msg;
	size_t size;
} check;

static int fault(check *c, size_t at, const char *fmt, ...) CLI_PRINTF(3, 4);

static int fault(check *c, size_t at, const char *fmt, ...)
{
	va_list ap;

	*c->offset = at;
	va_start(ap, fmt);
	vsnprintf(c->msg, c->size, fmt, ap);
	va_end(ap);
	return -1;
}

static int is_blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

static int is_digit(char ch)
{
	return ch >= '0' && ch <= '9';
}

static int is_alpha(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

static int in_number(char ch)
{
	return is_digit(ch) || ch == '.' || ch == 'e' || ch == 'E' || ch == '+' ||
	       ch == '-';
}

static int in_word(char ch)
{
	return is_alpha(ch) || is_digit(ch) || ch == '_';
}

/* What a malformed number is shown as: "0x1F", "-Infinity", "1.5.2". */
static int in_bad_number(char ch)
{
	return in_number(ch) || in_word(ch);
}

/* The run of bytes from t that `in` accepts, for a message, cut when long. */
static const char *token(char out[TOKEN_MAX + 4], const char *t,
                         int (*in)(char))
{
	size_t n = 0;

	while (n < TOKEN_MAX && in(t[n]))
		n++;
	memcpy(out, t, n);
	if (in(t[n]))
		memcpy(out + n, "...", 4);
	else
		out[n] = '\0';
	return out;
}

/* A byte that cannot come at t[at] (or the end of the text). */
static int unexpected(check *c, size_t at, const char *after)
{
	char buf[TOKEN_MAX + 4];
	unsigned char ch = (unsigned char)c->t[at];

	if (at >= c->len)
		return fault(c, at, "unexpected end of record");
	if (is_alpha((char)ch))
		return fault(c, at, "unexpected '%s'%s",
		             token(buf, c->t + at, in_word), after);
	if (ch == '\'')
		return fault(c, at, "unexpected single quote%s", after);
	if (ch > 0x20 && ch < 0x7F)
		return fault(c, at, "unexpected '%c'%s", ch, after);
	return fault(c, at, "unexpected byte 0x%02X%s", ch, after);
}

/* Four hex digits at s (which stop at the text's NUL at the latest). */
static int hex4(const char *s, unsigned *out)
{
	unsigned v = 0;

	for (int i = 0; i < 4; i++) {
		char ch = s[i];

		if (is_digit(ch))
			v = v * 16 + (unsigned)(ch - '0');
		else if (ch >= 'a' && ch <= 'f')
			v = v * 16 + (unsigned)(ch - 'a' + 10);
		else if (ch >= 'A' && ch <= 'F')
			v = v * 16 + (unsigned)(ch - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

/*
 * The string that starts with the quote at *pi; *pi goes past it.  A
 * member name (`key`) may not hold \u0000: cJSON keeps names as C
 * strings, so "a\u0000b" would be read as "a".
 */
static int string(check *c, size_t *pi, int key)
{
	const char *t = c->t;
	size_t start = *pi, i = start + 1;

	for (;;) {
		unsigned char ch = (unsigned char)t[i];
		unsigned u, lo;

		if (i >= c->len)
			return fault(c, start, "unterminated string");
		if (ch == '"') {
			*pi = i + 1;
			return 0;
		}
		if (ch < 0x20)
			return fault(c, i, "control character 0x%02X in a string", ch);
		if (ch != '\\') {
			i++;
			continue;
		}
		ch = (unsigned char)t[i + 1];
		if (i + 1 >= c->len)
			return fault(c, start, "unterminated string");
		if (ch && strchr("\"\\/bfnrt", ch)) {
			i += 2;
			continue;
		}
		if (ch != 'u') {
			if (ch > 0x20 && ch < 0x7F)
				return fault(c, i, "invalid escape '\\%c'", ch);
			return fault(c, i, "invalid escape '\\' before byte 0x%02X", ch);
		}
		if (hex4(t + i + 2, &u) < 0)
			return fault(c, i, "invalid escape: '\\u' needs 4 hex digits");
		if (u == 0 && key)
			return fault(c, i, "'\\u0000' in a member name");
		/* A surrogate must come as a high-low pair (cJSON insists too). */
		if (u >= 0xDC00 && u <= 0xDFFF)
			return fault(c, i, "unpaired surrogate '%.6s'", t + i);
		if (u >= 0xD800 && u <= 0xDBFF) {
			if (t[i + 6] != '\\' || t[i + 7] != 'u' ||
			    hex4(t + i + 8, &lo) < 0 || lo < 0xDC00 || lo > 0xDFFF)
				return fault(c, i, "unpaired surrogate '%.6s'", t + i);
			i += 12;
			continue;
		}
		i += 6;
	}
}

/* -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? at *pi. */
static int number(check *c, size_t *pi)
{
	const char *t = c->t;
	size_t start = *pi, i = start;
	char buf[TOKEN_MAX + 4];

	if (t[i] == '-')
		i++;
	if (t[i] == '0')
		i++;
	else if (is_digit(t[i]))
		while (is_digit(t[i]))
			i++;
	else
		goto bad;
	if (t[i] == '.') {
		if (!is_digit(t[++i]))
			goto bad;
		while (is_digit(t[i]))
			i++;
	}
	if (t[i] == 'e' || t[i] == 'E') {
		i++;
		if (t[i] == '+' || t[i] == '-')
			i++;
		if (!is_digit(t[i]))
			goto bad;
		while (is_digit(t[i]))
			i++;
	}
	/* "01", "1.5.2", "1e5e5", "1-2", "0x1F": more after a number */
	if (in_bad_number(t[i]))
		goto bad;
	if (i - start > CLI_JSON_MAX_NUMBER)
		return fault(c, start, "number longer than %d characters",
		             CLI_JSON_MAX_NUMBER);
	*pi = i;
	return 0;
bad:
	return fault(c, start, "bad number '%s'",
	             token(buf, t + start, in_bad_number));
}

/* true, false or null at *pi. */
static int literal(check *c, size_t *pi)
{
	const char *t = c->t + *pi;
	size_t n = 0;

	while (in_word(t[n]))
		n++;
	if ((n == 4 && memcmp(t, "true", 4) == 0) ||
	    (n == 5 && memcmp(t, "false", 5) == 0) ||
	    (n == 4 && memcmp(t, "null", 4) == 0)) {
		*pi += n;
		return 0;
	}
	return unexpected(c, *pi, "");
}

int cli_json_check(const char *text, size_t len, size_t *offset, char *msg,
                   size_t size)
{
	check c = {text, len, offset, msg, size};
	char stack[CLI_JSON_MAX_DEPTH];
	size_t depth = 0, i = 0;
	enum expect e = E_VALUE;

	for (;;) {
		char ch;
		int rc;

		while (i < len && is_blank(text[i]))
			i++;
		if (e == E_END)
			return i == len ? 0 : unexpected(&c, i, " after the value");
		if (i == len)
			return unexpected(&c, i, "");
		ch = text[i];
		switch (e) {
		case E_KEY_OR_CLOSE:
			if (ch == '}')
				goto close;
			/* fall through */
		case E_KEY:
			if (ch != '"')
				return unexpected(&c, i, "");
			if (string(&c, &i, 1) < 0)
				return -1;
			e = E_COLON;
			continue;
		case E_COLON:
			if (ch != ':')
				return unexpected(&c, i, "");
			i++;
			e = E_VALUE;
			continue;
		case E_NEXT:
			if (ch == ',') {
				i++;
				e = stack[depth - 1] == '{' ? E_KEY : E_VALUE;
				continue;
			}
			if (ch == (stack[depth - 1] == '{' ? '}' : ']'))
				goto close;
			return unexpected(&c, i, "");
		case E_VALUE_OR_CLOSE:
			if (ch == ']')
				goto close;
			/* fall through */
		case E_VALUE:
			if (ch == '{' || ch == '[') {
				if (depth == CLI_JSON_MAX_DEPTH)
					return fault(&c, i, "nesting deeper than %d levels",
					             CLI_JSON_MAX_DEPTH);
				stack[depth++] = ch;
				i++;
				e = ch == '{' ? E_KEY_OR_CLOSE : E_VALUE_OR_CLOSE;
				continue;
			}
			if (ch == '"')
				rc = string(&c, &i, 0);
			else if (ch == '-' || is_digit(ch))
				rc = number(&c, &i);
			else if (is_alpha(ch))
				rc = literal(&c, &i);
			else
				rc = unexpected(&c, i, "");
			if (rc < 0)
				return -1;
			e = depth ? E_NEXT : E_END;
			continue;
		case E_END:
			break; /* not reached: handled above */
		}
close:
		depth--;
		i++;
		e = depth ? E_NEXT : E_END;
	}
}

/* Fills *err and returns -1. */
static int fail(cli_error *err, const char *code, const char *fmt, ...)
	CLI_PRINTF(3, 4);

static int fail(cli_error *err, const char *code, const char *fmt, ...)
{
	va_list ap;

	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof err->message, fmt, ap);
	va_end(ap);
	return -1;
}

/* cJSON resets a global error position on every parse. */
static pthread_mutex_t cjson_lock = PTHREAD_MUTEX_INITIALIZER;

cJSON *cli_parse_json(const char *text, size_t len, size_t *offset,
                      cli_error *err)
{
	const char *end = NULL;
	cJSON *json;
	size_t at;
	const char *after = "";
	char msg[CLI_MSG_MAX - 16];

	/* The strict check finds every syntax error, and where it is. */
	if (cli_json_check(text, len, offset, msg, sizeof msg) < 0) {
		fail(err, "bad_json", "invalid JSON: %s", msg);
		return NULL;
	}
	/*
	 * What follows is a fallback, should cJSON still refuse the text.  The
	 * NUL is passed too: cJSON then stops on it when the text ends too
	 * early, instead of blaming the last byte.
	 */
	pthread_mutex_lock(&cjson_lock);
	json = cJSON_ParseWithLengthOpts(text, len + 1, &end, 0);
	pthread_mutex_unlock(&cjson_lock);
	at = end ? (size_t)(end - text) : 0;
	if (json) {
		/* cJSON stops after the value; anything but blanks may not follow. */
		while (at < len && (text[at] == ' ' || text[at] == '\t' ||
		                    text[at] == '\r' || text[at] == '\n'))
			at++;
		if (at == len)
			return json;
		cJSON_Delete(json);
		after = " after the value";
	}
	*offset = at;
	if (at >= len) {
		fail(err, "bad_json", "invalid JSON: unexpected end of record");
	} else {
		unsigned char c = (unsigned char)text[at];

		if (c > 0x20 && c < 0x7F)
			fail(err, "bad_json", "invalid JSON: unexpected '%c'%s", c, after);
		else
			fail(err, "bad_json", "invalid JSON: unexpected byte 0x%02X%s", c,
			     after);
	}
	return NULL;
}
