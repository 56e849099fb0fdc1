/*
 * fastjson.c - valid JSON to a cJSON tree, without malloc per node and
 * without strtod for ordinary numbers.
 *
 * cJSON allocates every node and every string with malloc and reads every
 * number with strtod, which on glibc costs the better part of a thousand
 * instructions even for "0.25": for a record of two boxes that was most of
 * the time mink spent outside the geometry.  This parser builds the same
 * tree (node types, values, strings, links) in an arena that is reset for
 * each record.  A number whose significant digits form an integer w up to
 * 2^53, with a decimal exponent within 22, is one correctly rounded IEEE
 * division or multiplication of two exact doubles, which is what strtod
 * returns (Clinger, "How to read floating point numbers accurately",
 * PLDI 1990); other numbers still go to strtod.  That reader is
 * text/number.h, inline, which the one-pass pair reader shares; the
 * general path for more than 19 digits is here.
 *
 * It takes only strictly valid JSON (RFC 8259) and declines (NULL, no
 * message) anything else: cli_parse_json then reads the record the strict
 * way and reports the error, so messages and positions are unchanged.
 */
#include "text/fastjson.h"

#include <float.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "text/buf.h"
#include "text/jsoncheck.h"
#include "text/number.h"

enum {
	MAX_DEPTH = CLI_JSON_MAX_DEPTH, /* deeper ones are refused by the check */
	CHUNK_MIN = 64 * 1024 /* arena chunk size */
};

typedef struct chunk {
	struct chunk *next;
	size_t cap, used;
	max_align_t data[];
} chunk;

struct cli_fastjson {
	chunk *first, *cur;
	cJSON *tree;                /* the last tree made, until released */
	const unsigned char *s;     /* where the parse is */
};

cli_fastjson *cli_fastjson_new(void)
{
	cli_fastjson *p = cli_xrealloc(NULL, sizeof *p);

	memset(p, 0, sizeof *p);
	p->first = cli_xrealloc(NULL, sizeof *p->first + CHUNK_MIN);
	p->first->next = NULL;
	p->first->cap = CHUNK_MIN;
	p->first->used = 0;
	p->cur = p->first;
	return p;
}

/* Empties the arena, keeping its first chunk only. */
static void reset(cli_fastjson *p)
{
	chunk *c = p->first->next;

	while (c) {
		chunk *next = c->next;

		free(c);
		c = next;
	}
	p->first->next = NULL;
	p->first->used = 0;
	p->cur = p->first;
	p->tree = NULL;
}

void cli_fastjson_free(cli_fastjson *p)
{
	if (!p)
		return;
	reset(p);
	free(p->first);
	free(p);
}

void cli_fastjson_release(cli_fastjson *p, cJSON *tree)
{
	if (!tree)
		return;
	if (tree == p->tree)
		reset(p);
	else
		cJSON_Delete(tree);
}

static void *alloc(cli_fastjson *p, size_t n)
{
	const size_t align = _Alignof(max_align_t);
	chunk *c = p->cur;
	void *at;

	n = (n + align - 1) / align * align;
	if (c->cap - c->used < n) {
		size_t cap = c->cap * 2 > n ? c->cap * 2 : n;

		if (cap > (size_t)-1 - sizeof *c)
			cli_out_of_memory();
		c = cli_xrealloc(NULL, sizeof *c + cap);
		c->next = NULL;
		c->cap = cap;
		c->used = 0;
		p->cur->next = c;
		p->cur = c;
	}
	at = (unsigned char *)c->data + c->used;
	c->used += n;
	return at;
}

static cJSON *new_item(cli_fastjson *p)
{
	cJSON *item = alloc(p, sizeof *item);

	memset(item, 0, sizeof *item);
	return item;
}

static void skip_blanks(cli_fastjson *p)
{
	const unsigned char *s = p->s;

	while (*s == ' ' || *s == '\n' || *s == '\r' || *s == '\t')
		s++;
	p->s = s;
}

static int hex4(const unsigned char *s, unsigned *out)
{
	unsigned v = 0;

	for (int i = 0; i < 4; i++) {
		unsigned c = s[i];

		if (c >= '0' && c <= '9')
			c -= '0';
		else if (c >= 'a' && c <= 'f')
			c -= 'a' - 10;
		else if (c >= 'A' && c <= 'F')
			c -= 'A' - 10;
		else
			return -1;
		v = v << 4 | c;
	}
	*out = v;
	return 0;
}

/*
 * A string at p->s (a '"'), unescaped into the arena as cJSON does; *len
 * gets its length, which counts the NUL bytes of \u0000 escapes.
 */
static char *string(cli_fastjson *p, size_t *len)
{
	const unsigned char *s = p->s + 1, *start = s;
	int escapes = 0;
	unsigned char *out, *o;

	for (;; s++) {
		if (*s == '"')
			break;
		if (*s < 0x20)
			return NULL; /* raw control byte or the end: not valid */
		if (*s == '\\') {
			escapes = 1;
			if (*++s < 0x20)
				return NULL;
		}
	}
	out = alloc(p, (size_t)(s - start) + 1);
	p->s = s + 1;
	if (!escapes) {
		memcpy(out, start, (size_t)(s - start));
		out[s - start] = '\0';
		*len = (size_t)(s - start);
		return (char *)out;
	}
	for (o = out; start < s; start++) {
		unsigned cp, low;

		if (*start != '\\') {
			*o++ = *start;
			continue;
		}
		switch (*++start) {
		case '"':
		case '\\':
		case '/':
			*o++ = *start;
			continue;
		case 'b':
			*o++ = '\b';
			continue;
		case 'f':
			*o++ = '\f';
			continue;
		case 'n':
			*o++ = '\n';
			continue;
		case 'r':
			*o++ = '\r';
			continue;
		case 't':
			*o++ = '\t';
			continue;
		case 'u':
			break;
		default:
			return NULL;
		}
		if (s - start < 5 || hex4(start + 1, &cp) < 0)
			return NULL;
		start += 4;
		if (cp >= 0xDC00 && cp <= 0xDFFF)
			return NULL; /* a lone low surrogate */
		if (cp >= 0xD800 && cp <= 0xDBFF) {
			if (s - start < 7 || start[1] != '\\' || start[2] != 'u' ||
			    hex4(start + 3, &low) < 0 || low < 0xDC00 || low > 0xDFFF)
				return NULL;
			start += 6;
			cp = 0x10000 + ((cp & 0x3FF) << 10 | (low & 0x3FF));
		}
		/* UTF-8; \u0000 gives a NUL byte, which ends the string for cJSON */
		if (cp < 0x80) {
			*o++ = (unsigned char)cp;
		} else if (cp < 0x800) {
			*o++ = (unsigned char)(0xC0 | cp >> 6);
			*o++ = (unsigned char)(0x80 | (cp & 0x3F));
		} else if (cp < 0x10000) {
			*o++ = (unsigned char)(0xE0 | cp >> 12);
			*o++ = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
			*o++ = (unsigned char)(0x80 | (cp & 0x3F));
		} else {
			*o++ = (unsigned char)(0xF0 | cp >> 18);
			*o++ = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
			*o++ = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
			*o++ = (unsigned char)(0x80 | (cp & 0x3F));
		}
	}
	*o = '\0';
	*len = (size_t)(o - out);
	return (char *)out;
}

/*
 * A number at text, any number of digits: those beyond the 19th
 * significant one are left to strtod.
 */
int cli_json_number_general(const char *text, const char **end, double *out)
{
	const unsigned char *s = (const unsigned char *)text, *start = s;
	uint64_t w = 0;
	int digits = 0, many = 0, exp10 = 0;

	if (*s == '-')
		s++;
	if (!num_is_digit(*s))
		return -1;
	if (*s == '0' && num_is_digit(s[1]))
		return -1; /* a leading zero */
	/* The significant digits (19 fit in w), and the exponent they imply. */
	for (; num_is_digit(*s); s++) {
		if (digits < 19) {
			w = w * 10 + (uint64_t)(*s - '0');
			digits += w != 0;
		} else {
			many = 1;
		}
	}
	if (*s == '.') {
		if (!num_is_digit(*++s))
			return -1;
		for (; num_is_digit(*s); s++) {
			if (digits < 19) {
				w = w * 10 + (uint64_t)(*s - '0');
				digits += w != 0;
				exp10--;
			} else {
				many = 1;
			}
		}
	}
	return num_tail(start, s, many ? UINT64_MAX : w, exp10, 0, end, out);
}

int cli_json_number(const char *text, const char **end, double *out)
{
	return cli_number_at(text, (const unsigned char *)text, end, out);
}

/* A number at p->s. */
static int number(cli_fastjson *p, cJSON *item)
{
	const char *end;
	double v;

	if (cli_json_number((const char *)p->s, &end, &v) < 0)
		return -1;
	item->type = cJSON_Number;
	item->valuedouble = v;
	/* cJSON's saturation */
	if (v >= INT_MAX)
		item->valueint = INT_MAX;
	else if (v <= (double)INT_MIN)
		item->valueint = INT_MIN;
	else
		item->valueint = (int)v;
	p->s = (const unsigned char *)end;
	return 0;
}

static int value(cli_fastjson *p, cJSON *item, int depth);

/* The members or elements of an object or array at p->s. */
static int container(cli_fastjson *p, cJSON *item, int depth)
{
	int object = *p->s == '{';
	char close = object ? '}' : ']';
	cJSON *head = NULL, *last = NULL;

	if (depth >= MAX_DEPTH)
		return -1;
	item->type = object ? cJSON_Object : cJSON_Array;
	p->s++;
	skip_blanks(p);
	if (*p->s == close) {
		p->s++;
		return 0;
	}
	for (;;) {
		cJSON *c = new_item(p);

		if (object) {
			size_t n;

			/* A member name holding a NUL is left to the strict check,
			 * which refuses it (cJSON keeps names as C strings). */
			if (*p->s != '"' || !(c->string = string(p, &n)) ||
			    memchr(c->string, '\0', n))
				return -1;
			skip_blanks(p);
			if (*p->s != ':')
				return -1;
			p->s++;
			skip_blanks(p);
		}
		if (value(p, c, depth + 1) < 0)
			return -1;
		if (last) {
			last->next = c;
			c->prev = last;
		} else {
			head = c;
		}
		last = c;
		skip_blanks(p);
		if (*p->s == close)
			break;
		if (*p->s != ',')
			return -1;
		p->s++;
		skip_blanks(p);
	}
	p->s++;
	head->prev = last; /* cJSON's way to the last element */
	item->child = head;
	return 0;
}

static int value(cli_fastjson *p, cJSON *item, int depth)
{
	const char *s = (const char *)p->s;

	switch (*s) {
	case '{':
	case '[':
		return container(p, item, depth);
	case '"': {
		size_t n;

		if (!(item->valuestring = string(p, &n)))
			return -1;
		item->type = cJSON_String;
		item->valuedouble = (double)n; /* see cli_json_strlen */
		return 0;
	}
	case 't':
		if (strncmp(s, "true", 4) != 0)
			return -1;
		item->type = cJSON_True;
		item->valueint = 1;
		p->s += 4;
		return 0;
	case 'f':
		if (strncmp(s, "false", 5) != 0)
			return -1;
		item->type = cJSON_False;
		p->s += 5;
		return 0;
	case 'n':
		if (strncmp(s, "null", 4) != 0)
			return -1;
		item->type = cJSON_NULL;
		p->s += 4;
		return 0;
	default:
		return number(p, item);
	}
}

cJSON *cli_fastjson_parse(cli_fastjson *p, const char *text, size_t len)
{
	cJSON *root;

	reset(p);
	p->s = (const unsigned char *)text;
	skip_blanks(p);
	root = new_item(p);
	if (value(p, root, 0) < 0)
		goto decline;
	skip_blanks(p);
	if (p->s != (const unsigned char *)text + len)
		goto decline;
	p->tree = root;
	return root;
decline:
	reset(p);
	return NULL;
}

size_t cli_json_strlen(const cJSON *item)
{
	if (item->valuedouble > 0)
		return (size_t)item->valuedouble;
	return strlen(item->valuestring);
}
