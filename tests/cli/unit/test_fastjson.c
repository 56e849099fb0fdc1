/*
 * test_fastjson.c - the fast record parser against the strict one: on
 * random records, valid and broken, cli_fastjson_parse must build exactly
 * the tree that cli_json_check + cJSON build (types, values to the bit,
 * strings, order, links) whenever it accepts, and accept every valid
 * record made here.  Built and run by `make check-unit` (300 000 records;
 * a count as the first argument, or MINK_TEXT_N, changes that); prints
 * the first differences and exits 1 if there are any.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "text/fastjson.h"
#include "text/jsoncheck.h"
#include "text/number.h"
#include "text/buf.h"

#define RANDTEXT_SEED 88172645463325252ULL
#include "randtext.h"

/* What cli_parse_json (text/jsoncheck.c) accepts, and the tree it returns. */
static cJSON *reference(const char *rec, size_t len)
{
	char msg[128];
	size_t off;
	const char *end = NULL;
	cJSON *json;
	size_t at;

	if (cli_json_check(rec, len, &off, msg, sizeof msg) < 0)
		return NULL;
	json = cJSON_ParseWithLengthOpts(rec, len + 1, &end, 0);
	if (!json)
		return NULL;
	for (at = (size_t)(end - rec); at < len && strchr(" \t\r\n", rec[at]);)
		at++;
	if (at != len) {
		cJSON_Delete(json);
		return NULL;
	}
	return json;
}

static int same_string(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/*
 * A string value of the fast tree `a` against cJSON's `b`: cJSON's C
 * string ends at the first NUL (from \u0000), the fast one is counted
 * (its length in valuedouble, see fastjson.h) and holds cJSON's as its
 * first bytes, then a NUL where cJSON's stops short.
 */
static int same_counted(const cJSON *a, const cJSON *b)
{
	size_t n = strlen(b->valuestring), len = cli_json_strlen(a);

	if (b->valuedouble != 0 || len < n || a->valuestring[len] != '\0' ||
	    memcmp(a->valuestring, b->valuestring, n) != 0)
		return 0;
	return len == n ? a->valuedouble == 0 || a->valuedouble == (double)n
	                : a->valuestring[n] == '\0';
}

/* Whether trees a (fast) and b (cJSON) are the same, links included. */
static int same(const cJSON *a, const cJSON *b)
{
	const cJSON *ca = a->child, *cb = b->child, *pa = NULL;

	if (a->type == cJSON_String && b->type == cJSON_String) {
		if (!same_counted(a, b) || !same_string(a->string, b->string) ||
		    a->valueint != b->valueint)
			return 0;
	} else if (a->type != b->type || a->valueint != b->valueint ||
	    memcmp(&a->valuedouble, &b->valuedouble, sizeof a->valuedouble) != 0 ||
	    !same_string(a->valuestring, b->valuestring) ||
	    !same_string(a->string, b->string))
		return 0;
	for (; ca && cb; pa = ca, ca = ca->next, cb = cb->next) {
		if (!same(ca, cb))
			return 0;
		/* prev: the one before, and the last one for the first */
		if (pa && (ca->prev != pa || !cb->prev || cb->prev->next != cb))
			return 0;
	}
	if (ca || cb)
		return 0;
	if (a->child && (a->child->prev != pa || !b->child->prev ||
	                 b->child->prev->next != NULL))
		return 0;
	return 1;
}

static void blank(text *t)
{
	static const char *const blanks[] = {"", "", "", " ", "\n", "\t ", "\r\n"};

	put(t, blanks[pick(7)]);
}

static void number(text *t)
{
	char s[96];
	int n = 0, digits;

	if (pick(3) == 0)
		s[n++] = '-';
	if (pick(4) == 0) {
		s[n++] = '0';
	} else {
		s[n++] = (char)('1' + pick(9));
		for (digits = (int)pick(pick(4) ? 8 : 22); digits > 0; digits--)
			s[n++] = (char)('0' + pick(10));
	}
	if (pick(2)) {
		s[n++] = '.';
		for (digits = 1 + (int)pick(pick(4) ? 9 : 24); digits > 0; digits--)
			s[n++] = (char)('0' + pick(10));
	}
	if (pick(3) == 0) {
		s[n++] = pick(2) ? 'e' : 'E';
		if (pick(2))
			s[n++] = pick(2) ? '+' : '-';
		n += snprintf(s + n, sizeof s - (size_t)n, "%u",
		              pick(4) ? pick(30) : pick(400));
	}
	s[n] = '\0';
	if (pick(50) == 0) /* an exact double, as mink writes them */
		snprintf(s, sizeof s, "%.17g",
		         (double)(next() >> 11) * ldexp(1, (int)pick(80) - 60));
	if (pick(100) == 0) { /* what cJSON reads but JSON is not */
		static const char *const odd[] = {
			"01", "-", "1.", ".5", "-.5", "+1", "1e", "1e+", "0x10", "1.5.2",
			"Infinity", "NaN", "-0", "1E400", "9007199254740993",
			"123456789012345678901234567890",
			/* 63 and 64 bytes: cJSON reads 63 at most */
			"0.00000000000000000000000000000000000000000000000000000000000001",
			"0.000000000000000000000000000000000000000000000000000000000000001"
		};

		snprintf(s, sizeof s, "%s", odd[pick(sizeof odd / sizeof odd[0])]);
	}
	put(t, s);
}

static void string(text *t)
{
	static const char *const parts[] = {
		"a", "type", "box", " ", "half_extents", "\\\"", "\\\\", "\\/",
		"\\b\\f\\n\\r\\t", "\\u00e9", "\\u20AC", "\\ud83d\\ude00", "\\u0041",
		"\xc3\xa9", "\xe2\x82\xac", ",", "]", "}", "[", "{", ":", "0",
		"\\u0000", "\\uD83D\\uDE00",
		/* not valid: */
		"\\ud83d", "\\ude00", "\\ud83d\\u0041", "\\u00g1", "\\x", "\x01"
	};
	unsigned valid = 24; /* the parts up to here */

	put(t, "\"");
	for (int n = (int)pick(6); n > 0; n--)
		put(t, parts[pick(pick(40) ? valid : sizeof parts / sizeof parts[0])]);
	put(t, "\"");
}

static void value(text *t, int depth)
{
	unsigned k = depth > 6 ? pick(5) : pick(7);

	switch (k) {
	case 0:
	case 1:
		number(t);
		break;
	case 2:
		string(t);
		break;
	case 3:
		put(t, pick(3) == 0 ? "null" : pick(2) ? "true" : "false");
		break;
	case 4:
		number(t);
		break;
	case 5:
	case 6:
		put(t, k == 5 ? "[" : "{");
		for (int n = (int)pick(5), i = 0; i < n; i++) {
			if (i)
				put(t, ",");
			blank(t);
			if (k == 6) {
				string(t);
				blank(t);
				put(t, ":");
				blank(t);
			}
			value(t, depth + 1);
			blank(t);
		}
		put(t, k == 5 ? "]" : "}");
		break;
	}
}

/* One byte changed, inserted or dropped, or the text cut short. */
static void mutate(text *t)
{
	static const char bytes[] = "{}[],:\"\\0123456789.eE+-ntfu \x01\xff";
	size_t at = t->len ? pick((unsigned)t->len) : 0;

	switch (pick(4)) {
	case 0:
		if (t->len)
			t->buf[at] = bytes[pick(sizeof bytes - 1)];
		break;
	case 1:
		if (t->len + 2 < sizeof t->buf) {
			memmove(t->buf + at + 1, t->buf + at, t->len - at);
			t->buf[at] = bytes[pick(sizeof bytes - 1)];
			t->len++;
		}
		break;
	case 2:
		if (t->len) {
			memmove(t->buf + at, t->buf + at + 1, t->len - at - 1);
			t->len--;
		}
		break;
	default:
		t->len = at;
		break;
	}
	t->buf[t->len] = '\0';
}

int main(int argc, char **argv)
{
	const char *n = argc > 1 ? argv[1] : getenv("MINK_TEXT_N");
	long count = n ? atol(n) : 300000, bad = 0, accepted = 0,
	     valid = 0, compared = 0;
	cli_fastjson *p = cli_fastjson_new();
	static text t;

	for (long i = 0; i < count; i++) {
		cJSON *fast, *ref;
		int broken = i % 3 == 2;

		t.len = 0;
		t.buf[0] = '\0';
		blank(&t);
		value(&t, 0);
		blank(&t);
		if (broken)
			mutate(&t);
		/* A NUL inside the record is a byte like any other. */
		fast = cli_fastjson_parse(p, t.buf, t.len);
		ref = reference(t.buf, t.len);
		valid += ref != NULL;
		accepted += fast != NULL;
		if (fast ? !ref || !same(fast, ref) : ref != NULL) {
			if (bad++ < 10)
				printf("fastjson: %s on %.*s\n",
				       !fast ? "declined" : !ref ? "accepted invalid JSON"
				                                 : "a different tree",
				       (int)t.len, t.buf);
		}
		cli_fastjson_release(p, fast);
		cJSON_Delete(ref);
	}
	cli_fastjson_free(p);
	printf("fastjson: %ld records (%ld valid, %ld accepted), %ld wrong\n",
	       count, valid, accepted, bad);
	/*
	 * cli_json_number alone against strtod, to the bit: the numbers of
	 * the records above (any length, leading zeros, exponents), and the
	 * shortest texts of random doubles, as mink writes them.
	 */
	for (long i = 0; i < count; i++) {
		const char *end;
		double got, want;
		int rc;

		t.len = 0;
		if (i & 1) {
			unsigned long long u = next();
			double v;

			memcpy(&v, &u, sizeof v);
			if (!isfinite(v))
				continue;
			snprintf(t.buf, sizeof t.buf, "%.*g", 15 + (int)pick(3), v);
			t.len = strlen(t.buf);
		} else {
			number(&t);
		}
		rc = cli_json_number(t.buf, &end, &got);
		/* Eight digits at a time, up to the NUL or to the buffer's end
		   (digits after the number's end too): the same answer. */
		for (int room = 0; room < 2; room++) {
			const char *end8, *limit = room ? t.buf + sizeof t.buf : t.buf + t.len + 1;
			double got8 = 0;
			int rc8;

			if (room) /* what lies past the NUL: digits, as in a record */
				memset(t.buf + t.len + 1, '7', sizeof t.buf - t.len - 1);
			rc8 = cli_number_at(t.buf, (const unsigned char *)limit, &end8, &got8);
			if ((rc8 != rc || (rc == 0 && (end8 != end ||
			                               memcmp(&got8, &got, sizeof got) != 0))) &&
			    bad++ < 20)
				printf("cli_number_at (room to the buffer's end): %s gives %d %a, cli_json_number %d %a\n",
				       t.buf, rc8, got8, rc, got);
		}
		/* Not a JSON number, too long, or one followed by more ("1.5.2",
		   "0x10"): the records above check those. */
		if (rc < 0 || end != t.buf + t.len)
			continue;
		compared++;
		want = strtod(t.buf, NULL);
		if (memcmp(&got, &want, sizeof got) != 0 && bad++ < 20)
			printf("cli_json_number: %s gives %a, strtod %a\n", t.buf, got,
			       want);
	}
	printf("cli_json_number: %ld numbers against strtod, %ld wrong in all\n",
	       compared, bad);
	return bad != 0 || accepted < count / 2 || compared < count / 2;
}
