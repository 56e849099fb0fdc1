/*
 * test_fastpair.c - the one-pass pair reader against the strict path
 * (cli_parse_json's tree, then cli_parse_pair): on random pair records,
 * well formed and broken, whenever cli_fastpair_parse accepts one the
 * strict path must accept it too and make the very same pair and id (to
 * the bit); whenever the strict path refuses one, the fast reader must
 * decline it.  And it must accept the common records it is for.  Built
 * and run by `make check-unit` (200 000 records; a count as the first
 * argument, or MINK_TEXT_N, changes that); prints the first differences
 * and exits 1 if there are any.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "fastpair.h"
#include "parse.h"
#include "text/jsoncheck.h"

#define RANDTEXT_SEED 2463534242ULL
#include "randtext.h"

static void blank(text *t)
{
	static const char *const b[] = {"", "", "", "", " ", "\n", " \t", "\r\n"};

	put(t, b[pick(8)]);
}

/* A number: mostly ordinary, sometimes negative, huge, long or odd. */
static void number(text *t, int size)
{
	static const char *const odd[] = {
		"0", "-0", "1e300", "-1e300", "1e400", "0.5e-3", "12345678901234567890.5",
		"2", "3", "3.0", "1E2", "-7", "01", "1.", ".5", "+1", "true", "\"1\"",
		"null", "[1]", "9007199254740991", "9007199254740992", "2.5"
	};
	char s[64];

	if (pick(12) == 0) {
		put(t, odd[pick(sizeof odd / sizeof odd[0])]);
		return;
	}
	snprintf(s, sizeof s, "%.*g", 1 + (int)pick(17),
	         (size ? 0.1 : -10) + (size ? 1 : 20) * ((double)(next() >> 11) / 9007199254740992.0));
	put(t, s);
}

static void numbers(text *t, int n, int size)
{
	int k = n;

	if (pick(30) == 0)
		k += pick(2) ? 1 : -1; /* the wrong length */
	put(t, "[");
	for (int i = 0; i < k; i++) {
		if (i)
			put(t, ",");
		blank(t);
		number(t, size);
		blank(t);
	}
	put(t, "]");
}

static const char *const kinds[] = {
	"box", "sphere", "capsule", "cylinder", "cone", "ellipsoid", "point",
	"hull", "segment", "triangle", "circle", "cube"
};

/* 2D records: their kinds, and the dimension the record is drawn in */
static const char *const kinds2[] = {
	"circle", "box", "capsule", "segment", "point", "polygon", "sphere"
};
static int gen_dim = 3;

/* One member of a shape: its key and value. */
static void member(text *t, const char *key)
{
	put(t, "\"");
	put(t, key);
	put(t, "\"");
	blank(t);
	put(t, ":");
	blank(t);
	if (!strcmp(key, "position") || !strcmp(key, "half_extents"))
		numbers(t, gen_dim, strcmp(key, "position") != 0);
	else if (!strcmp(key, "radii"))
		numbers(t, 3, 1);
	else if (!strcmp(key, "rotation") && gen_dim == 2 && pick(8))
		number(t, 0); /* an angle */
	else if (!strcmp(key, "rotation") && pick(4)) {
		/* a unit quaternion, as data holds them; sometimes a matrix */
		double q[4], n = 0;
		char num[200];

		for (int i = 0; i < 4; i++) {
			q[i] = (double)(next() >> 11) / 9007199254740992.0 - 0.5;
			n += q[i] * q[i];
		}
		n = sqrt(n);
		if (pick(20) == 0)
			snprintf(num, sizeof num, "{\"axis\":[0,0,1],\"angle\":%.17g}", q[0]);
		else
			snprintf(num, sizeof num, "[%.*g,%.17g,%.17g,%.17g]",
			         pick(8) ? 17 : 3, q[0] / n, q[1] / n, q[2] / n, q[3] / n);
		put(t, num);
	} else if (!strcmp(key, "rotation"))
		numbers(t, 4, 0);
	else if (!strcmp(key, "obj"))
		put(t, pick(2) ? "\"meshes/cube.obj\"" : "\"\"");
	else if (!strcmp(key, "object"))
		put(t, "\"cube\"");
	else if (!strcmp(key, "points")) {
		/* 0 to 5 points, mostly of three numbers; sometimes not an array */
		int np = pick(8) ? 1 + pick(4) : pick(2) ? 0 : 5;

		if (pick(40) == 0) {
			number(t, 0);
			return;
		}
		put(t, "[");
		blank(t);
		for (int i = 0; i < np; i++) {
			if (i) {
				put(t, ",");
				blank(t);
			}
			numbers(t, pick(30) ? gen_dim : 5 - gen_dim, 0);
			blank(t);
		}
		put(t, "]");
	}
	else
		number(t, 1);
}

static void shape(text *t)
{
	const char *kind = gen_dim == 2 ? kinds2[pick(8) ? pick(6) : pick(7)]
	                                : kinds[pick(4) ? pick(10) : pick(12)];
	const char *keys[8];
	int n = 0;

	keys[n++] = "type";
	if (pick(2))
		keys[n++] = "position";
	if (pick(2))
		keys[n++] = "rotation";
	if (pick(4) == 0)
		keys[n++] = "margin";
	if (!strcmp(kind, "box"))
		keys[n++] = "half_extents";
	else if (!strcmp(kind, "ellipsoid"))
		keys[n++] = "radii";
	else if (!strcmp(kind, "sphere") || !strcmp(kind, "circle"))
		keys[n++] = "radius";
	else if (!strcmp(kind, "polygon"))
		keys[n++] = "points";
	else if (!strcmp(kind, "capsule") || !strcmp(kind, "cylinder") ||
	         !strcmp(kind, "cone")) {
		keys[n++] = "radius";
		keys[n++] = "half_height";
	} else if (!strcmp(kind, "hull")) {
		keys[n++] = pick(3) ? "obj" : "points";
	} else if (!strcmp(kind, "segment") || !strcmp(kind, "triangle")) {
		keys[n++] = "points";
	}
	if (!strcmp(kind, "hull") && pick(30) == 0) /* both, or an object alone */
		keys[n++] = pick(2) ? "obj" : "object";
	if (!strcmp(kind, "hull") && pick(30) == 0)
		keys[n++] = "points";
	if (pick(25) == 0) /* a member too many, or one missing */
		keys[n++] = pick(2) ? "radius" : "half_extents";
	else if (pick(25) == 0 && n > 1)
		n--;
	for (int i = n - 1; i > 0; i--) { /* any order */
		int j = (int)pick((unsigned)i + 1);
		const char *k = keys[i];

		keys[i] = keys[j];
		keys[j] = k;
	}
	put(t, "{");
	blank(t);
	for (int i = 0; i < n; i++) {
		if (i) {
			put(t, ",");
			blank(t);
		}
		if (!strcmp(keys[i], "type")) {
			put(t, "\"type\":");
			blank(t);
			put(t, "\"");
			put(t, kind);
			put(t, "\"");
		} else {
			member(t, keys[i]);
		}
		blank(t);
	}
	put(t, "}");
}

static void record(text *t)
{
	const char *keys[5] = {"id", "dim", "a", "b", "x"};
	int order[5] = {0, 1, 2, 3, 4}, n = 4;

	if (pick(50) == 0)
		n = 5; /* an unknown member */
	gen_dim = pick(4) ? 3 : 2;
	for (int i = n - 1; i > 0; i--) {
		int j = (int)pick((unsigned)i + 1), k = order[i];

		order[i] = order[j];
		order[j] = k;
	}
	blank(t);
	put(t, "{");
	blank(t);
	for (int i = 0, first = 1; i < n; i++) {
		const char *key = keys[order[i]];

		if (!strcmp(key, "dim") && pick(2))
			continue;
		if (!strcmp(key, "id") && pick(5) == 0)
			continue;
		if (!first) {
			put(t, ",");
			blank(t);
		}
		first = 0;
		put(t, "\"");
		put(t, key);
		put(t, "\":");
		blank(t);
		if (!strcmp(key, "a") || !strcmp(key, "b")) {
			shape(t);
		} else if (!strcmp(key, "id")) {
			static const char *const ids[] = {
				"\"pair-7\"", "\"\"", "\"caf\xc3\xa9\"", "\"a\\\"b\"", "17",
				"-3", "2.5", "1e3", "9007199254740992", "true", "[1]"
			};
			char s[32];

			if (pick(2)) {
				snprintf(s, sizeof s, "%u", pick(1000000));
				put(t, s);
			} else {
				put(t, ids[pick(sizeof ids / sizeof ids[0])]);
			}
		} else if (!strcmp(key, "dim")) {
			put(t, pick(8) ? (gen_dim == 3 ? "3" : "2") : pick(2) ? "3" : pick(2) ? "2" : "4");
		} else {
			put(t, "1");
		}
		blank(t);
	}
	put(t, "}");
	blank(t);
}

/* Damage: a byte removed, changed or repeated. */
static void mutate(text *t)
{
	static const char bytes[] = "{}[],:\"\\ 0-.e";
	size_t at;

	if (t->len == 0)
		return;
	at = pick((unsigned)t->len);
	switch (pick(3)) {
	case 0:
		memmove(t->buf + at, t->buf + at + 1, t->len - at);
		t->len--;
		break;
	case 1:
		t->buf[at] = bytes[pick(sizeof bytes - 1)];
		break;
	default:
		if (t->len + 1 < sizeof t->buf) {
			memmove(t->buf + at + 1, t->buf + at, t->len - at + 1);
			t->len++;
		}
	}
}

static int same_pair(const cli_pair *x, const cli_id *xi, const cli_pair *y,
                     const cli_id *yi)
{
	if (x->dim != y->dim || (x->dim != 3 && x->dim != 2))
		return 0;
	if ((xi->str == NULL) != (yi->str == NULL) || xi->len != yi->len)
		return 0;
	if (xi->str ? strcmp(xi->str, yi->str) != 0
	            : memcmp(&xi->num, &yi->num, sizeof xi->num) != 0)
		return 0;
	for (int s = 0; s < 2 && x->dim == 2; s++) {
		mink_shape2 a = x->shape2[s], b = y->shape2[s];

		/* a polygon's points: the same values, each in its own buffer */
		if (a.type == MINK_POLYGON2 && b.type == MINK_POLYGON2) {
			if (a.polygon.count != b.polygon.count ||
			    memcmp(a.polygon.points, b.polygon.points,
			           sizeof *a.polygon.points * (size_t)a.polygon.count) != 0)
				return 0;
			a.polygon.points = b.polygon.points = NULL;
		}
		if (memcmp(&a, &b, sizeof a) != 0 ||
		    memcmp(&x->pose2[s], &y->pose2[s], sizeof x->pose2[s]) != 0)
			return 0;
	}
	for (int s = 0; s < 2 && x->dim == 3; s++) {
		mink_shape3 a = x->shape3[s], b = y->shape3[s];

		/* a hull's inline points: the same values, each in its own buffer */
		if (a.type == MINK_HULL && b.type == MINK_HULL && a.hull.points && b.hull.points &&
		    !a.hull.adjacency && !b.hull.adjacency) {
			if (a.hull.count != b.hull.count ||
			    memcmp(a.hull.points, b.hull.points,
			           sizeof *a.hull.points * (size_t)a.hull.count) != 0)
				return 0;
			a.hull.points = b.hull.points = NULL;
		}
		if (memcmp(&a, &b, sizeof a) != 0 ||
		    memcmp(&x->pose3[s], &y->pose3[s], sizeof x->pose3[s]) != 0)
			return 0;
	}
	return 1;
}

int main(int argc, char **argv)
{
	const char *n = argc > 1 ? argv[1] : getenv("MINK_TEXT_N");
	long count = n ? atol(n) : 200000, bad = 0, fast_ok = 0, strict_ok = 0;
	static text t;
	cli_fastpair f = {0};
	cli_pair fp = {0}, sp = {0};

	for (long i = 0; i < count; i++) {
		/* the run's rotation settings, the same for both paths */
		fp.xyzw = sp.xyzw = i % 8 == 5;
		fp.normalize = sp.normalize = i % 8 == 6;
		cli_id fid = {NULL, 42, 0}, sid = {NULL, 42, 0};
		cli_error err;
		size_t off;
		cJSON *tree;
		int fast, strict;

		t.len = 0;
		t.buf[0] = '\0';
		record(&t);
		if (i % 4 == 3)
			mutate(&t);
		fast = cli_fastpair_parse(&f, t.buf, t.len, i % 16 ? 3 : 2, &fp,
		                          &fid) == 0;
		tree = cli_parse_json(t.buf, t.len, &off, &err);
		strict = tree && cli_parse_pair(tree, i % 16 ? 3 : 2, &sp, &sid,
		                                &err) == 0;
		fast_ok += fast;
		strict_ok += strict;
		if (fast && (!strict || !same_pair(&fp, &fid, &sp, &sid)) &&
		    bad++ < 10)
			printf("fastpair: %s: %s\n",
			       strict ? "a different pair" : "accepted what the strict "
			                                     "path refuses",
			       t.buf);
		if (!fast && (fid.str != NULL || fid.num != 42) && bad++ < 10)
			printf("fastpair: declined but changed the id: %s\n", t.buf);
		cJSON_Delete(tree);
	}
	cli_pair_free(&fp);
	cli_pair_free(&sp);
	cli_fastpair_free(&f);
	printf("fastpair: %ld records, %ld valid, %ld read in one pass, %ld wrong\n",
	       count, strict_ok, fast_ok, bad);
	/* Most valid records here are the common kind: they must go fast. */
	return bad != 0 || fast_ok < strict_ok / 2;
}
