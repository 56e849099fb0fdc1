/*
 * test_obj.c - OBJ hulls: the strict reader (cli/obj/read.c), the hulls
 * and their notes (cli/obj/hull.c), the cache (cli/obj/cache.c), and the
 * pairs of testdata/obj-pairs.json against oracles that never see the
 * library's hulls.
 *
 * The reader is checked statement by statement, on what it must take and
 * on every fault it must refuse (with the line and the message).  Hulls
 * of the meshes of testdata/meshes (tools/gen_meshes.py) must carry the
 * right notes: non-convex (also Schonhardt's prism, whose vertices are all
 * on its hull), flat, collinear, a point, duplicates; and none for convex
 * meshes, even with coplanar vertices or far from the origin.  The cache
 * must read a file once whatever path reaches it, build a hull once, and
 * hand the same hull to concurrent threads.
 *
 * The pairs go through the CLI's own parser and cache, then mink_query3;
 * the expected answers come from the OBJ vertices in world space: the
 * brute-force separating-axis and feature-pair oracles (tests/oracle.h)
 * for small meshes, the closest point on the mesh's own faces for a mesh
 * against a sphere, and the lowest vertex for a mesh above a wide box.
 *
 * Built with the objects of cli/ (see the Makefile); run from the
 * repository root.
 */
#define _XOPEN_SOURCE 700 /* realpath */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cJSON.h>

#include "mink.h"
#include "obj/read.h"
#include "obj/cache.h"
#include "oracle.h"
#include "parse.h"
#include "testutil.h"

#define MESHES "testdata/meshes/"

static cli_obj *parse(const char *text, cli_obj_error *err)
{
	return cli_obj_parse(text, strlen(text), err);
}

static int same_bits(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

static int same_vec(mink_vec3 a, mink_vec3 b)
{
	return same_bits(a.x, b.x) && same_bits(a.y, b.y) && same_bits(a.z, b.z);
}

/* Element e's vertex indices, 1-based, as text: "1 2 3". */
static const char *element_text(const cli_obj *o, int e)
{
	static char buf[256];
	size_t n = 0;

	buf[0] = '\0';
	for (size_t k = o->start[e]; k < o->start[e + 1] && n < sizeof buf - 16; k++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%d", n ? " " : "",
		                      o->idx[k] + 1);
	return buf;
}

/* ---- the reader: what it takes ---------------------------------------------- */

static void test_reader_accepts(void **state)
{
	static const char text[] =
		"\xEF\xBB\xBF# a byte order mark, then every form\n"
		"mtllib x.mtl\n"
		"o first object\n"
		"v 0 0 0\n"
		"v 1.0 0.0 0.0 0.5\n"                 /* w */
		"v\t0 \\\n"                            /* tab, continued */
		"  1 \\\n"
		"  0\n"
		"v +0 -0.0 1e0 # a trailing comment\n"
		"v 2 2 2 0.1 0.2 0.3\n"                /* a colour */
		"# C:\\models\\\n"                     /* a comment never continues */
		"v -1 -1 -1\r\n"                       /* CRLF */
		"vt 0 0\nvt 1\nvt 0.5 1 0\n"
		"vn 0 0 -1\nvn 0 0 1\n"
		"vp 0.5 0.5\n"
		"usemtl stone\ns off\ns 1\nmg 1 0.5\nlod 1\nbevel off\n"
		"c_interp off\nd_interp off\nshadow_obj x.obj\ntrace_obj x.obj\n"
		"ctech cparm 1\nstech cparm 1\nusemap x\nmaplib x\n"
		"g base\n"
		"f -6/1/1 -4/3/1 -5/2/1\n"             /* negative: 1 3 2 */
		"g\n"
		"f 1//1 2//2 4//1\n"
		"f 1/1 4/2 3/3\n"
		"f 2 3 4 5 6\n"
		"l 2/1 3/2 6/3\n"
		"p 4 -1\n"
		"\n   \n\t\n";
	cli_obj_error err = {0, ""};
	cli_obj *o;
	static const char *const elements[] = {"1 3 2", "1 2 4", "1 4 3",
	                                       "2 3 4 5 6", "2 3 6", "4 6"};

	(void)state;
	tu_begin();
	o = parse(text, &err);
	if (!CHECK(o != NULL, "refused at line %ld: %s", err.line, err.message)) {
		tu_end("reader accepts", 1);
		return;
	}
	CHECK(o->nv == 6, "%d vertices", o->nv);
	if (o->nv == 6) {
		CHECK(same_vec(o->v[0], tu_v3(0, 0, 0)), "v 1");
		CHECK(same_vec(o->v[1], tu_v3(1, 0, 0)), "v 2 (w dropped)");
		CHECK(same_vec(o->v[2], tu_v3(0, 1, 0)), "v 3 (continued)");
		CHECK(same_vec(o->v[3], tu_v3(0, -0.0, 1)), "v 4 (signs, exponent)");
		CHECK(same_vec(o->v[4], tu_v3(2, 2, 2)), "v 5 (colour dropped)");
		CHECK(same_vec(o->v[5], tu_v3(-1, -1, -1)), "v 6 (CRLF)");
	}
	CHECK(o->nvt == 3 && o->nvn == 2 && o->nvp == 1, "vt %ld vn %ld vp %ld",
	      o->nvt, o->nvn, o->nvp);
	CHECK(o->nelem == 6 && o->faces == 4, "%d elements, %d faces", o->nelem,
	      o->faces);
	for (int e = 0; e < o->nelem && e < 6; e++)
		CHECK(strcmp(element_text(o, e), elements[e]) == 0,
		      "element %d is '%s', expected '%s'", e, element_text(o, e),
		      elements[e]);
	CHECK(o->nelem < 6 || (o->kind[4] == 'l' && o->kind[5] == 'p'), "l and p");
	/* names: "default", "first object", "base" ("g" alone is "default") */
	CHECK(o->nnames == 3, "%d names", o->nnames);
	cli_obj_free(o);

	/* Empty files, blank files and comments only are valid OBJ. */
	o = parse("", &err);
	CHECK(o && o->nv == 0, "empty file");
	cli_obj_free(o);
	o = parse("# nothing\n\n", &err);
	CHECK(o && o->nv == 0, "comments only");
	cli_obj_free(o);
	/* A backslash on the last line continues into nothing. */
	o = parse("v 1 2 3 \\", &err);
	CHECK(o && o->nv == 1, "continued past the end");
	cli_obj_free(o);
	tu_end("reader accepts", 10);
}

/* ---- the reader: what it refuses -------------------------------------------- */

typedef struct refusal {
	const char *text;
	long line;
	const char *message;
} refusal;

#define TRI "v 0 0 0\nv 1 0 0\nv 0 1 0\n"

static const refusal refusals[] = {
	{"v 1 2\n", 1, "v: expected x y z [w] (or x y z r g b), got 2 numbers"},
	{"v\n", 1, "v: expected x y z [w] (or x y z r g b), got 0 numbers"},
	{"v 1 2 3 4 5\n", 1, "v: expected x y z [w] (or x y z r g b), got 5 numbers"},
	{"v 1 2 3 4 5 6 7\n", 1, "v: expected x y z [w] (or x y z r g b), got 7 numbers"},
	{"v 1 2 3x\n", 1, "v: expected a number, not '3x'"},
	{"v 1 2 3 x\n", 1, "v: expected a number, not 'x'"},
	{"v nan 0 0\n", 1, "v: expected a number, not 'nan'"},
	{"v NaN 0 0\n", 1, "v: expected a number, not 'NaN'"},
	{"v inf 0 0\n", 1, "v: expected a number, not 'inf'"},
	{"v -Infinity 0 0\n", 1, "v: expected a number, not '-Infinity'"},
	{"v 0x1p3 0 0\n", 1, "v: expected a number, not '0x1p3'"},
	{"v 0X10 0 0\n", 1, "v: expected a number, not '0X10'"},
	{"v 1e 0 0\n", 1, "v: expected a number, not '1e'"},
	{"v 1e+ 0 0\n", 1, "v: expected a number, not '1e+'"},
	{"v e5 0 0\n", 1, "v: expected a number, not 'e5'"},
	{"v . 0 0\n", 1, "v: expected a number, not '.'"},
	{"v + 0 0\n", 1, "v: expected a number, not '+'"},
	{"v 1.2.3 0 0\n", 1, "v: expected a number, not '1.2.3'"},
	{"v 1,5 0 0\n", 1, "v: expected a number, not '1,5'"},
	{"v --1 0 0\n", 1, "v: expected a number, not '--1'"},
	{"v 1e999 0 0\n", 1, "v: '1e999' is out of range (beyond 1e100)"},
	{"v 0 -1.1e100 0\n", 1, "v: '-1.1e100' is out of range (beyond 1e100)"},
	{"v 0 0 0 0\n", 1, "v: w must be positive"},
	{"v 0 0 0 -1\n", 1, "v: w must be positive"},
	{"vt\n", 1, "vt: expected 1 to 3 numbers (u [v [w]]), got 0 numbers"},
	{"vt 1 2 3 4\n", 1, "vt: expected 1 to 3 numbers (u [v [w]]), got 4 numbers"},
	{"vn 1 2\n", 1, "vn: expected 3 numbers (i j k), got 2 numbers"},
	{"vn 1 2 inf\n", 1, "vn: expected a number, not 'inf'"},
	{"vp 1 2 3 4\n", 1, "vp: expected 1 to 3 numbers (u [v [w]]), got 4 numbers"},
	{TRI "f 0 1 2\n", 4, "f: index 0 in '0' (indices start at 1)"},
	{TRI "f 1 2 4\n", 4, "f: index 4 out of range in '4' (3 vertices so far)"},
	{TRI "f -1 -2 -4\n", 4, "f: index -4 out of range in '-4' (3 vertices so far)"},
	{TRI "f 1 2 99999999999999999999\n", 4,
	 "f: index out of range in '99999999999999999999' (3 vertices so far)"},
	{TRI "f 1 2 -99999999999999999999\n", 4,
	 "f: index out of range in '-99999999999999999999' (3 vertices so far)"},
	{"v 0 0 0\nf 1 1 2\nv 1 0 0\n", 2,
	 "f: index 2 out of range in '2' (1 vertex so far)"},
	{TRI "f 1/1 2/1 3/1\n", 4,
	 "f: texture index 1 out of range in '1/1' (0 texture vertices so far)"},
	{TRI "vt 0 0\nf 1/1 2/2 3/1\n", 5,
	 "f: texture index 2 out of range in '2/2' (1 texture vertex so far)"},
	{TRI "f 1//1 2//1 3//1\n", 4,
	 "f: normal index 1 out of range in '1//1' (0 normal vertices so far)"},
	{TRI "vt 0 0\nvn 0 0 1\nf 1/1/0 2/1/1 3/1/1\n", 6,
	 "f: index 0 in '1/1/0' (indices start at 1)"},
	{TRI "vt 0 0\nf 1/1 2/1 3\n", 5, "f: mixed index forms '1/1' and '3'"},
	{TRI "vt 0 0\nvn 0 0 1\nf 1 2//1 3\n", 6, "f: mixed index forms '1' and '2//1'"},
	{TRI "vt 0 0\nvn 0 0 1\nf 1/1/1 2//1 3/1/1\n", 6,
	 "f: mixed index forms '1/1/1' and '2//1'"},
	{TRI "f 1 2\n", 4, "f: a face needs at least 3 vertices, got 2"},
	{"f\n", 1, "f: a face needs at least 3 vertices, got 0"},
	{TRI "l 1\n", 4, "l: a line needs at least 2 vertices, got 1"},
	{"p\n", 1, "p: expected at least 1 vertex"},
	{TRI "f 1/ 2/ 3/\n", 4, "f: '1/' is not a vertex reference"},
	{TRI "f /1 2 3\n", 4, "f: '/1' is not a vertex reference"},
	{TRI "f 1// 2 3\n", 4, "f: '1//' is not a vertex reference"},
	{TRI "f 1/1/1/1 2 3\n", 4, "f: '1/1/1/1' is not a vertex reference"},
	{TRI "f 1 2 3 x\n", 4, "f: 'x' is not a vertex reference"},
	{TRI "f 1 2 3.0\n", 4, "f: '3.0' is not a vertex reference"},
	{TRI "f 1 2 +-3\n", 4, "f: '+-3' is not a vertex reference"},
	{TRI "vt 0 0\nvn 0 0 1\nl 1/1/1 2/1/1\n", 6,
	 "l: '1/1/1' is not a vertex reference of a line"},
	{TRI "vt 0 0\np 1/1\n", 5, "p: '1/1' is not a vertex reference of a point"},
	{"cstype bspline\n", 1, "free-form geometry ('cstype') is not supported"},
	{TRI "curv 0 1 1 2\n", 4, "free-form geometry ('curv') is not supported"},
	{"surf 0 1 0 1 1 2 3\n", 1, "free-form geometry ('surf') is not supported"},
	{"call other.obj\n", 1, "'call' is not supported"},
	{"csh ls\n", 1, "'csh' is not supported"},
	{"frobnicate 1 2\n", 1, "unknown statement 'frobnicate'"},
	{"V 1 2 3\n", 1, "unknown statement 'V'"},
	{"v1 2 3\n", 1, "unknown statement 'v1'"},
	{"o\n", 1, "o: missing name"},
	{"o # a comment is no name\n", 1, "o: missing name"},
	/* lines are counted across continuations and CRLF */
	{"v 0 \\\n0 0\r\nv 1 \\\n 2 3\n\nv x 0 0\n", 6, "v: expected a number, not 'x'"},
	{"# \\\nv 1 2\n", 2, "v: expected x y z [w] (or x y z r g b), got 2 numbers"},
	/* statement lines are where they start */
	{"v 0 0 0\nv 1 \\\n2 \\\nx\n", 2, "v: expected a number, not 'x'"},
};

static void test_reader_refuses(void **state)
{
	cli_obj_error err;
	long cases = 0;

	(void)state;
	tu_begin();
	for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
		const refusal *r = &refusals[i];
		cli_obj *o;

		tu_case("refusal %zu: %s", i, r->text);
		err.line = -1;
		err.message[0] = '\0';
		o = parse(r->text, &err);
		if (CHECK(o == NULL, "accepted")) {
			CHECK(err.line == r->line, "line %ld, expected %ld", err.line, r->line);
			CHECK(strcmp(err.message, r->message) == 0, "message '%s', expected '%s'",
			      err.message, r->message);
		}
		cli_obj_free(o);
		cases++;
	}
	/* NUL bytes, wherever they are */
	{
		static const char nul[] = "v 0 0 0\nv 1 0\0 0\nv 2 0 0\n";
		cli_obj *o = cli_obj_parse(nul, sizeof nul - 1, &err);

		tu_case("NUL");
		CHECK(o == NULL && err.line == 2 && strcmp(err.message, "NUL byte") == 0,
		      "NUL: line %ld '%s'", err.line, err.message);
		cli_obj_free(o);
		o = cli_obj_parse("# \0\n", 4, &err);
		CHECK(o == NULL && err.line == 1, "NUL in a comment");
		cli_obj_free(o);
		cases += 2;
	}
	/* long text is cut in messages, control bytes replaced */
	{
		char text[400];
		cli_obj *o;

		snprintf(text, sizeof text, "v 1 2 %0300d\x01x\n", 0);
		o = parse(text, &err);
		tu_case("long token");
		CHECK(o == NULL && strlen(err.message) < 100 && strstr(err.message, "...'"),
		      "long token: '%s'", err.message);
		cli_obj_free(o);
		o = parse("v 1 2 3\x01\n", &err);
		CHECK(o == NULL && strcmp(err.message, "v: expected a number, not '3?'") == 0,
		      "control byte: '%s'", err.message);
		cli_obj_free(o);
		cases += 2;
	}
	tu_end("reader refuses", cases);
}

/* Numbers are strtod's, bit for bit; everything else is refused. */
static void test_reader_numbers(void **state)
{
	static const char *const good[] = {
		"0", "-0", "+0", "-0.0", "1", "1.", ".5", "-.5", "+.5e1", "0.1", "0.2",
		"0.30000000000000004", "1e-320", "4.9406564584124654e-324",
		"2.2250738585072011e-308", "2.2250738585072014e-308",
		"9007199254740993", "9.9999999999999999e99", "1e100", "-1e100",
		"123456789012345678901234567890", "0.000000000000000000000001",
		"3.141592653589793238462643383279", "1E5", "1e+5", "1e-5", "007",
		"1e-400",
	};
	static const char *const bad[] = {
		"", "-", "+", ".", "e", "e1", "1e", "1e+", "1e-", "--1", "+-1", "1..0",
		"1.0.0", "0x1", "0x1p0", "nan", "nan(1)", "inf", "infinity", "-inf",
		"1 ", " 1", "1f", "1d0", "1,0", "١",
	};
	double v;
	long cases = 0;

	(void)state;
	tu_begin();
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		tu_case("number '%s'", good[i]);
		CHECK(cli_obj_number(good[i], &v) == 0, "refused");
		CHECK(same_bits(v, strtod(good[i], NULL)), "%.17g is not strtod's", v);
		cases++;
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		tu_case("not a number '%s'", bad[i]);
		CHECK(cli_obj_number(bad[i], &v) == -1, "accepted");
		cases++;
	}
	tu_case("out of range");
	CHECK(cli_obj_number("1.0000000000000001e100", &v) == 0, "1e100 rounds in");
	CHECK(cli_obj_number("1e101", &v) == -2, "1e101");
	CHECK(cli_obj_number("-1e309", &v) == -2, "-1e309");
	/* and through the reader, exactly */
	{
		char text[256];
		cli_obj_error err;
		cli_obj *o;

		snprintf(text, sizeof text, "v %s %s %s\n", good[11], good[13], good[16]);
		o = parse(text, &err);
		CHECK(o && o->nv == 1 &&
		          same_vec(o->v[0], tu_v3(strtod(good[11], NULL), strtod(good[13], NULL),
		                                  strtod(good[16], NULL))),
		      "v holds strtod's values");
		cli_obj_free(o);
	}
	tu_end("reader numbers", cases + 4);
}

/* ---- selecting objects and groups ------------------------------------------- */

static const char parts_text[] =
	"v 0 0 0\n"        /* 1: no object, group default */
	"o A\n"
	"v 1 0 0\n"        /* 2..4: object A, group default */
	"v 0 1 0\n"
	"v 0 0 1\n"
	"g G1 G2\n"
	"f 1 2 3\n"
	"g G2\n"
	"f 2 3 4\n"
	"o B\n"
	"g G1\n"
	"v 5 5 5\n"        /* 5..7 */
	"v 6 5 5\n"
	"v 5 6 5\n"
	"f 5 6 7\n"
	"o C\n"
	"v 9 9 9\n"        /* 8: object C, which has no elements */
	"g empty\n";

static void check_part(const cli_obj *o, const char *name,
                       cli_obj_select_status want, int count, int faces,
                       const char *first_face)
{
	cli_obj_part part;
	cli_obj_select_status st = cli_obj_select(o, name, &part);

	tu_case("select %s", name ? name : "(all)");
	CHECK(st == want, "status %d, expected %d", (int)st, (int)want);
	if (st == CLI_OBJ_SELECTED) {
		CHECK(part.count == count, "%d points, expected %d", part.count, count);
		CHECK(part.face_count == faces, "%d faces, expected %d", part.face_count, faces);
		if (first_face && part.face_count > 0) {
			char buf[64];
			size_t n = 0;

			for (size_t k = part.face_start[0]; k < part.face_start[1]; k++)
				n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%d", n ? " " : "",
				                      part.face_idx[k]);
			CHECK(strcmp(buf, first_face) == 0, "first face '%s', expected '%s'", buf,
			      first_face);
		}
	}
	cli_obj_part_free(&part);
}

static void test_select(void **state)
{
	cli_obj_error err;
	cli_obj *o = parse(parts_text, &err);

	(void)state;
	tu_begin();
	assert_non_null(o);
	check_part(o, NULL, CLI_OBJ_SELECTED, 8, 3, "0 1 2");
	check_part(o, "A", CLI_OBJ_SELECTED, 4, 2, "0 1 2");
	check_part(o, "B", CLI_OBJ_SELECTED, 3, 1, "0 1 2");
	check_part(o, "G1", CLI_OBJ_SELECTED, 6, 2, "0 1 2");
	check_part(o, "G2", CLI_OBJ_SELECTED, 4, 2, "0 1 2");
	/* names without elements: the vertices written under them */
	check_part(o, "C", CLI_OBJ_SELECTED, 1, 0, NULL);
	check_part(o, "default", CLI_OBJ_SELECTED, 4, 0, NULL);
	check_part(o, "empty", CLI_OBJ_NO_VERTICES, 0, 0, NULL);
	check_part(o, "nope", CLI_OBJ_NO_NAME, 0, 0, NULL);
	check_part(o, "a", CLI_OBJ_NO_NAME, 0, 0, NULL); /* names are case-sensitive */
	{
		cli_obj_part part;

		/* the points of B, in file order, bit for bit */
		cli_obj_select(o, "B", &part);
		CHECK(part.count == 3 && same_vec(part.points[0], tu_v3(5, 5, 5)) &&
		          same_vec(part.points[2], tu_v3(5, 6, 5)),
		      "points of B");
		cli_obj_part_free(&part);
	}
	cli_obj_free(o);
	o = parse("# nothing\n", &err);
	check_part(o, NULL, CLI_OBJ_NO_VERTICES, 0, 0, NULL);
	cli_obj_free(o);
	/* an object name may hold blanks */
	o = parse("o my  rock\nv 0 0 0\np 1\n", &err);
	check_part(o, "my rock", CLI_OBJ_SELECTED, 1, 0, NULL);
	cli_obj_free(o);
	tu_end("select", 12);
}

/* ---- hulls and their notes --------------------------------------------------- */

/* The hull of part `object` of a mesh file, with its notes. */
static int mesh_hull(const char *file, const char *object, cli_objhull *h,
                     cli_obj_part *keep)
{
	char path[256];
	cli_obj_error err;
	cli_obj *o;
	cli_obj_part part;
	int rc = -1;

	snprintf(path, sizeof path, MESHES "%s", file);
	o = cli_obj_read(path, &err);
	if (!CHECK(o != NULL, "%s:%ld: %s", path, err.line, err.message))
		return -1;
	if (CHECK(cli_obj_select(o, object, &part) == CLI_OBJ_SELECTED, "%s: selected", path)) {
		rc = cli_objhull_build(&part, h);
		CHECK(rc == 0, "%s: hull built", path);
		if (keep)
			*keep = part;
		else
			cli_obj_part_free(&part);
	}
	cli_obj_free(o);
	return rc;
}

static const char *notes_text(const cli_objhull *h)
{
	static char buf[256];
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; h->notes[i]; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i ? "; " : "",
		                      h->notes[i]);
	return buf;
}

static void test_notes(void **state)
{
	static const struct {
		const char *file, *object, *notes;
		int nonconvex, dim;
	} meshes[] = {
		{"cube.obj", NULL, "", 0, 3},
		{"cube.obj", "cube", "", 0, 3},
		{"cube-grid.obj", NULL, "", 0, 3},
		{"cube-split.obj", NULL, "16 duplicate vertices ignored", 0, 3},
		{"cylinder16.obj", NULL, "", 0, 3},
		{"cylinder64.obj", NULL, "", 0, 3},
		{"icosphere0.obj", NULL, "", 0, 3},
		{"icosphere2.obj", NULL, "", 0, 3},
		{"icosphere4.obj", NULL, "", 0, 3},
		{"random20.obj", NULL, "", 0, 3},
		{"random100.obj", NULL, "", 0, 3},
		{"random1000.obj", NULL, "", 0, 3},
		{"features.obj", NULL, "", 0, 3},
		{"lshape.obj", NULL, "non-convex mesh, its convex hull is used", 1, 3},
		{"torus.obj", NULL, "non-convex mesh, its convex hull is used", 1, 3},
		{"schonhardt.obj", NULL, "non-convex mesh, its convex hull is used", 1, 3},
		{"parts.obj", NULL, "non-convex mesh, its convex hull is used", 1, 3},
		{"parts.obj", "left", "", 0, 3},
		{"parts.obj", "sides", "non-convex mesh, its convex hull is used", 1, 3},
		{"parts.obj", "top", "all points on one plane: the hull is flat", 0, 2},
		{"flat.obj", NULL, "all points on one plane: the hull is flat", 0, 2},
		{"line.obj", NULL, "all points on one line: the hull is a segment", 0, 1},
		{"point.obj", NULL, "all 3 points coincide: the hull is a point", 0, 0},
	};

	(void)state;
	tu_begin();
	for (size_t i = 0; i < sizeof meshes / sizeof meshes[0]; i++) {
		cli_objhull h;

		tu_case("%s %s", meshes[i].file, meshes[i].object ? meshes[i].object : "");
		if (mesh_hull(meshes[i].file, meshes[i].object, &h, NULL) < 0)
			continue;
		CHECK(strcmp(notes_text(&h), meshes[i].notes) == 0, "notes '%s', expected '%s'",
		      notes_text(&h), meshes[i].notes);
		CHECK(h.nonconvex == meshes[i].nonconvex, "nonconvex %d", h.nonconvex);
		CHECK(h.hull.dim == meshes[i].dim, "dim %d", h.hull.dim);
		if (strcmp(meshes[i].file, "schonhardt.obj") == 0)
			CHECK(h.hull.count == 6 && h.hull.interior == 0,
			      "every vertex of Schonhardt's prism is a hull vertex");
		cli_objhull_free(&h);
	}
	tu_end("notes", (long)(sizeof meshes / sizeof meshes[0]));
}

/*
 * A cube [-1, 1]^3 at `offset` whose top face is a fan around a centre
 * vertex pushed down by `dent`, wound outwards or inwards.
 */
static int dented_cube_convex(double dent, double offset, int inward)
{
	mink_vec3 p[9];
	/* bottom 0-3, top 4-7 (counter-clockwise seen from above), centre 8 */
	static const int faces[][4] = {
		{0, 3, 2, 1}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}};
	static const int fan[][3] = {{4, 5, 8}, {5, 6, 8}, {6, 7, 8}, {7, 4, 8}};
	int idx[5 * 4 + 4 * 3];
	size_t start[10];
	cli_obj_part part;
	mink_hull h;
	int convex, n = 0, f = 0;

	for (int i = 0; i < 8; i++) {
		static const double x[4] = {-1, 1, 1, -1}, y[4] = {-1, -1, 1, 1};

		p[i] = tu_v3(offset + x[i % 4], offset + y[i % 4], offset + (i < 4 ? -1 : 1));
	}
	p[8] = tu_v3(offset, offset, offset + 1 - dent);
	start[0] = 0;
	for (int i = 0; i < 5; i++, f++) {
		for (int k = 0; k < 4; k++)
			idx[n++] = faces[i][inward ? 3 - k : k];
		start[f + 1] = (size_t)n;
	}
	for (int i = 0; i < 4; i++, f++) {
		for (int k = 0; k < 3; k++)
			idx[n++] = fan[i][inward ? 2 - k : k];
		start[f + 1] = (size_t)n;
	}
	part.points = p;
	part.count = 9;
	part.face_idx = idx;
	part.face_start = start;
	part.face_count = f;
	if (mink_hull_build(p, 9, &h) != MINK_HULL_OK)
		return -1;
	convex = cli_obj_faces_on_hull(&part, &h);
	mink_hull_free(&h);
	return convex;
}

static void test_convexity_tolerance(void **state)
{
	(void)state;
	tu_begin();
	for (int inward = 0; inward < 2; inward++) {
		tu_case("%s", inward ? "inward faces" : "outward faces");
		CHECK(dented_cube_convex(0, 0, inward) == 1, "flat top");
		CHECK(dented_cube_convex(1e-9, 0, inward) == 1, "dent 1e-9: rounding");
		CHECK(dented_cube_convex(1e-3, 0, inward) == 0, "dent 1e-3: non-convex");
		CHECK(dented_cube_convex(-1e-3, 0, inward) == 1, "a bump is convex");
		CHECK(dented_cube_convex(0, 1e6, inward) == 1, "flat top at 1e6");
		CHECK(dented_cube_convex(1e-3, 1e6, inward) == 0, "dent 1e-3 at 1e6");
	}
	tu_end("convexity tolerance", 12);
}

/* ---- the cache -------------------------------------------------------------------- */

static void test_cache(void **state)
{
	cli_objcache *c = cli_objcache_new();
	cli_objcache_error e;
	const cli_objhull *h1, *h2, *h3, *h4, *h5;
	char *abs, tmpl[] = "/tmp/mink-obj-XXXXXX", path[64], other[128];
	FILE *fp;
	int fd;

	(void)state;
	tu_begin();
	h1 = cli_objcache_get(c, "testdata", "meshes/cube.obj", NULL, &e);
	h2 = cli_objcache_get(c, NULL, "testdata/meshes/cube.obj", NULL, &e);
	h3 = cli_objcache_get(c, "testdata/meshes/bad/", "../cube.obj", NULL, &e);
	CHECK(h1 && h1 == h2 && h2 == h3, "one hull whatever the path");
	abs = realpath("testdata/meshes/cube.obj", NULL);
	h4 = cli_objcache_get(c, "elsewhere", abs, NULL, &e);
	CHECK(h4 == h1, "an absolute path ignores the directory");
	free(abs);
	h4 = cli_objcache_get(c, "testdata", "meshes/cube.obj", "cube", &e);
	h5 = cli_objcache_get(c, NULL, "testdata/meshes/cube.obj", "cube", &e);
	CHECK(h4 && h4 != h1 && h4 == h5, "one hull per part");
	CHECK(h1 && h1->hull.count == 8 && h1->hull.face_count == 12 && !h1->notes[0],
	      "the cube's hull");

	/* failures, with the path as written */
	CHECK(!cli_objcache_get(c, "testdata", "meshes/missing.obj", NULL, &e) &&
	          strcmp(e.code, "bad_obj") == 0 &&
	          strcmp(e.message, "testdata/meshes/missing.obj: No such file or directory") == 0,
	      "missing: %s", e.message);
	CHECK(!cli_objcache_get(c, "testdata", "meshes/bad/range.obj", NULL, &e) &&
	          strcmp(e.code, "bad_obj") == 0 &&
	          strcmp(e.message, "testdata/meshes/bad/range.obj:5: f: index 4 out of range "
	                            "in '4' (3 vertices so far)") == 0,
	      "bad: %s", e.message);
	CHECK(!cli_objcache_get(c, "testdata/meshes/..", "meshes/bad/range.obj", NULL, &e) &&
	          strcmp(e.message, "testdata/meshes/../meshes/bad/range.obj:5: f: index 4 out "
	                            "of range in '4' (3 vertices so far)") == 0,
	      "the same file by another path: %s", e.message);
	CHECK(!cli_objcache_get(c, NULL, "testdata/meshes/cube.obj", "x\ny", &e) &&
	          strcmp(e.code, "bad_shape") == 0 &&
	          strcmp(e.message, "testdata/meshes/cube.obj: no object or group 'x?y'") == 0,
	      "no object: %s", e.message);
	CHECK(!cli_objcache_get(c, NULL, "testdata/meshes", NULL, &e) &&
	          strcmp(e.message, "testdata/meshes: not a regular file (a directory)") == 0,
	      "a directory: %s", e.message);

	/* read once: a file changed after its first read is not read again */
	fd = mkstemp(tmpl);
	assert_true(fd >= 0);
	fp = fdopen(fd, "w");
	fputs("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n"
	      "o empty\n", fp);
	fclose(fp);
	snprintf(path, sizeof path, "%s", tmpl);
	h1 = cli_objcache_get(c, NULL, path, NULL, &e);
	CHECK(h1 && h1->hull.count == 4, "tetrahedron");
	CHECK(!cli_objcache_get(c, NULL, path, "empty", &e) &&
	          strcmp(e.code, "bad_shape") == 0 && strstr(e.message, ": object or group "
	                                                                "'empty' has no vertices"),
	      "no vertices: %s", e.message);
	fp = fopen(path, "w");
	fputs("garbage\n", fp);
	fclose(fp);
	snprintf(other, sizeof other, "/tmp/../%s", path + 1);
	h2 = cli_objcache_get(c, NULL, other, NULL, &e);
	CHECK(h2 == h1, "read once");
	unlink(path);
	cli_objcache_free(c);
	tu_end("cache", 12);
}

typedef struct worker {
	int index;
	cli_objcache *cache;
	const cli_objhull *seen[4];
	int bad;
} worker;

static const char *const thread_files[4] = {"cube.obj", "icosphere3.obj", "parts.obj",
                                             "parts.obj"};
static const char *const thread_parts[4] = {NULL, NULL, "left", "top"};

static void *work(void *arg)
{
	worker *w = arg;
	cli_objcache_error e;

	for (int i = 0; i < 400; i++) {
		int k = (i + w->index) % 4; /* each thread its own order */
		char path[64];
		const cli_objhull *h;

		snprintf(path, sizeof path, "meshes/%s", thread_files[k]);
		h = cli_objcache_get(w->cache, "testdata", path, thread_parts[k], &e);
		if (!h || (w->seen[k] && w->seen[k] != h))
			w->bad++;
		w->seen[k] = h;
	}
	return NULL;
}

static void test_cache_threads(void **state)
{
	cli_objcache *c = cli_objcache_new();
	worker w[4];
	pthread_t t[4];

	(void)state;
	tu_begin();
	memset(w, 0, sizeof w);
	for (int i = 0; i < 4; i++) {
		w[i].index = i;
		w[i].cache = c;
		assert_int_equal(pthread_create(&t[i], NULL, work, &w[i]), 0);
	}
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < 4; i++) {
		CHECK(w[i].bad == 0, "thread %d: %d bad look-ups", i, w[i].bad);
		for (int k = 0; k < 4; k++)
			CHECK(w[i].seen[k] == w[0].seen[k], "thread %d, part %d: another hull", i, k);
	}
	cli_objcache_free(c);
	tu_end("cache threads", 20);
}

/* ---- the pairs of testdata/obj-pairs.json against oracles -------------------------- */

enum body_kind { B_MESH, B_BOX, B_SPHERE, B_POINT };

/* One side of a pair as the oracles see it: its core in world space. */
typedef struct body {
	enum body_kind kind;
	mink_pose3 pose;
	mink_vec3 *world;   /* core points: the mesh's, the box's corners, the centre */
	int n;
	cli_obj_part part;  /* a mesh's faces, in part.points indices */
	double sweep;       /* margin, plus the radius of a sphere */
	mink_vec3 half;     /* a box's half extents */
	int rotated;
} body;

static void vec_of(const cJSON *a, double *v, int n)
{
	int i = 0;

	for (const cJSON *c = a ? a->child : NULL; c && i < n; c = c->next)
		v[i++] = c->valuedouble;
}

static int body_of(const cJSON *s, body *b)
{
	const char *type = cJSON_GetObjectItemCaseSensitive(s, "type")->valuestring;
	const cJSON *obj = cJSON_GetObjectItemCaseSensitive(s, "obj");
	const cJSON *object = cJSON_GetObjectItemCaseSensitive(s, "object");
	const cJSON *margin = cJSON_GetObjectItemCaseSensitive(s, "margin");
	double pos[3] = {0, 0, 0}, rot[4] = {1, 0, 0, 0}, v[3] = {0, 0, 0};

	memset(b, 0, sizeof *b);
	vec_of(cJSON_GetObjectItemCaseSensitive(s, "position"), pos, 3);
	vec_of(cJSON_GetObjectItemCaseSensitive(s, "rotation"), rot, 4);
	b->rotated = cJSON_GetObjectItemCaseSensitive(s, "rotation") != NULL;
	b->pose = tu_pose3(pos[0], pos[1], pos[2], tu_quat(rot[0], rot[1], rot[2], rot[3]));
	b->sweep = margin ? margin->valuedouble : 0;
	if (strcmp(type, "hull") == 0 && obj) {
		char path[256];
		cli_obj_error err;
		cli_obj *o;

		snprintf(path, sizeof path, "testdata/%s", obj->valuestring);
		o = cli_obj_read(path, &err);
		if (!o || cli_obj_select(o, object ? object->valuestring : NULL, &b->part) !=
		              CLI_OBJ_SELECTED) {
			cli_obj_free(o);
			return -1;
		}
		cli_obj_free(o);
		b->kind = B_MESH;
		b->n = b->part.count;
		b->world = malloc(sizeof *b->world * (size_t)b->n);
		for (int i = 0; i < b->n; i++)
			b->world[i] = tu_to_world3(&b->pose, b->part.points[i]);
	} else if (strcmp(type, "box") == 0) {
		vec_of(cJSON_GetObjectItemCaseSensitive(s, "half_extents"), v, 3);
		b->kind = B_BOX;
		b->half = tu_v3(v[0], v[1], v[2]);
		b->n = 8;
		b->world = malloc(sizeof *b->world * 8);
		for (int i = 0; i < 8; i++)
			b->world[i] = tu_to_world3(&b->pose, tu_v3(i & 1 ? v[0] : -v[0],
			                                           i & 2 ? v[1] : -v[1],
			                                           i & 4 ? v[2] : -v[2]));
	} else if (strcmp(type, "sphere") == 0 || strcmp(type, "point") == 0) {
		b->kind = type[0] == 's' ? B_SPHERE : B_POINT;
		if (b->kind == B_SPHERE)
			b->sweep += cJSON_GetObjectItemCaseSensitive(s, "radius")->valuedouble;
		b->n = 1;
		b->world = malloc(sizeof *b->world);
		b->world[0] = b->pose.position;
	} else {
		return -1;
	}
	return 0;
}

static void body_free(body *b)
{
	free(b->world);
	cli_obj_part_free(&b->part);
}

/* What an oracle expects; the normal and points only where they are unique. */
typedef struct expect {
	const char *oracle;
	double distance;
	mink_vec3 normal, point_a, point_b;
	int normal_known, points_known;
} expect;

/* Small cores: exhaustive separating axes, or feature pairs when apart. */
static void oracle_small(const body *a, const body *b, expect *x)
{
	double sweeps = a->sweep + b->sweep;
	oracle_sat sat;

	x->oracle = "separating axes";
	oracle_sat3(a->world, a->n, b->world, b->n, &sat);
	if (sat.value > 0) {
		x->distance = -(sat.value + sweeps);
		x->normal = sat.axis;
		x->normal_known = sat.unique;
	} else {
		oracle_dist d;

		x->oracle = "closest features";
		oracle_dist3(a->world, a->n, b->world, b->n, &d);
		x->distance = d.distance - sweeps;
		x->normal = tu_scale(tu_sub(d.point_b, d.point_a), 1 / d.distance);
		x->normal_known = 1;
		x->points_known = d.unique;
		x->point_a = tu_add(d.point_a, tu_scale(x->normal, a->sweep));
		x->point_b = tu_sub(d.point_b, tu_scale(x->normal, b->sweep));
	}
}

/*
 * A closed convex mesh (faces wound outwards) against a sphere's centre:
 * outside, the closest point on its faces; inside, the nearest face plane.
 */
static void oracle_mesh_sphere(const body *m, const body *s, expect *x)
{
	mink_vec3 c = s->world[0], best_q = c, best_n = {0, 0, 0};
	double best_plane = -INFINITY, second_plane = -INFINITY, best = INFINITY;
	const cli_obj_part *p = &m->part;

	x->oracle = "mesh faces";
	for (int f = 0; f < p->face_count; f++) {
		const int *idx = p->face_idx + p->face_start[f];
		int k = (int)(p->face_start[f + 1] - p->face_start[f]);
		mink_vec3 n = {0, 0, 0}, o = m->world[idx[0]];
		double d;

		for (int i = 1; i + 1 < k; i++) {
			mink_vec3 q = oracle_closest_on_triangle(c, o, m->world[idx[i]],
			                                         m->world[idx[i + 1]]);

			n = tu_add(n, tu_cross(tu_sub(m->world[idx[i]], o),
			                       tu_sub(m->world[idx[i + 1]], o)));
			if (tu_dist(q, c) < best) {
				best = tu_dist(q, c);
				best_q = q;
			}
		}
		if (!(tu_norm(n) > 0))
			continue;
		n = tu_normalize(n);
		d = tu_dot(tu_sub(c, o), n);
		if (d > best_plane) {
			second_plane = best_plane;
			best_plane = d;
			best_n = n;
		} else if (d > second_plane) {
			second_plane = d;
		}
	}
	if (best_plane > 0) {
		x->distance = best - m->sweep - s->sweep;
		x->normal = tu_normalize(tu_sub(c, best_q));
		x->normal_known = x->points_known = 1;
	} else {
		x->distance = best_plane - m->sweep - s->sweep;
		x->normal = best_n;
		best_q = tu_sub(c, tu_scale(best_n, best_plane));
		x->normal_known = x->points_known = best_plane - second_plane > 1e-9;
	}
	x->point_a = tu_add(best_q, tu_scale(x->normal, m->sweep));
	x->point_b = tu_sub(c, tu_scale(x->normal, s->sweep));
}

/* A mesh above a wide, unrotated box: its lowest vertex meets the top. */
static void oracle_mesh_plane(const body *m, const body *box, expect *x)
{
	double top = box->pose.position.z + box->half.z + box->sweep;
	double low = INFINITY, second = INFINITY;
	mink_vec3 v = {0, 0, 0};

	x->oracle = "lowest vertex";
	for (int i = 0; i < m->n; i++) {
		double z = m->world[i].z;

		CHECK(fabs(m->world[i].x - box->pose.position.x) < box->half.x - 2 &&
		          fabs(m->world[i].y - box->pose.position.y) < box->half.y - 2,
		      "the mesh stays well inside the box's top");
		if (z < low) {
			second = low;
			low = z;
			v = m->world[i];
		} else if (z < second) {
			second = z;
		}
	}
	x->distance = low - m->sweep - top;
	CHECK(fabs(x->distance) < box->half.z, "a shallow contact");
	x->normal = tu_v3(0, 0, -1);
	x->normal_known = 1;
	x->points_known = second - low > 1e-9;
	x->point_a = tu_v3(v.x, v.y, low - m->sweep);
	x->point_b = tu_v3(v.x, v.y, top);
}

/* The notes a pair of testdata/obj-pairs.json must carry, by id. */
static const struct {
	const char *id, *notes[3];
} pair_notes[] = {
	{"lshape-cube", {"non-convex mesh, its convex hull is used"}},
	{"schonhardt-cube", {"non-convex mesh, its convex hull is used"}},
	{"torus-plane", {"non-convex mesh, its convex hull is used"}},
	{"parts-top-sphere", {"all points on one plane: the hull is flat"}},
	{"flat-sphere", {"all points on one plane: the hull is flat"}},
	{"line-sphere", {"all points on one line: the hull is a segment"}},
	{"point-sphere", {"all 3 points coincide: the hull is a point"}},
	{"cube-split-sphere", {"16 duplicate vertices ignored"}},
};

static void check_notes(const char *id, const cli_pair *p)
{
	const char *const *want = NULL;
	const char *const *got = p->notes[0];

	for (size_t i = 0; i < sizeof pair_notes / sizeof pair_notes[0]; i++)
		if (strcmp(pair_notes[i].id, id) == 0)
			want = pair_notes[i].notes;
	CHECK(p->notes[1] == NULL, "notes for b");
	if (!want) {
		CHECK(got == NULL, "unexpected note '%s'", got ? got[0] : "");
		return;
	}
	for (int i = 0; want[i]; i++)
		if (!CHECK(got && got[i] && strcmp(got[i], want[i]) == 0, "note %d: '%s', expected "
		           "'%s'", i, got && got[i] ? got[i] : "(none)", want[i]))
			return;
}

static char *read_text(const char *path)
{
	FILE *fp = fopen(path, "rb");
	char *text;
	long n;

	if (!fp)
		return NULL;
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	text = malloc((size_t)n + 1);
	if (text && fread(text, 1, (size_t)n, fp) != (size_t)n) {
		free(text);
		text = NULL;
	}
	if (text)
		text[n] = '\0';
	fclose(fp);
	return text;
}

static void test_pairs(void **state)
{
	char *text = read_text("testdata/obj-pairs.json");
	cJSON *pairs;
	cli_pair p;
	long cases = 0;
	int oracles[3] = {0, 0, 0};

	(void)state;
	assert_non_null(text);
	pairs = cJSON_Parse(text);
	assert_non_null(pairs);
	memset(&p, 0, sizeof p);
	p.objcache = cli_objcache_new();
	p.dir = "testdata";
	p.normalize = 1; /* the file's quaternions are not all of norm 1 */
	tu_begin();
	for (const cJSON *rec = pairs->child; rec; rec = rec->next) {
		const char *id = cJSON_GetObjectItemCaseSensitive(rec, "id")->valuestring;
		cli_id cid = {NULL, 0, 0};
		cli_error err = {NULL, ""};
		body a, b;
		expect x;
		mink_result r;
		double S, coord, amax, bmin;
		long pa_pairs, pb_pairs;
		int before = tu_failures();

		tu_case("%s", id);
		cases++;
		if (!CHECK(cli_parse_pair(rec, 3, &p, &cid, &err) == 0, "parse: %s", err.message))
			continue;
		check_notes(id, &p);
		tu_poison(&r);
		mink_query3(&p.shape3[0], &p.pose3[0], &p.shape3[1], &p.pose3[1], NULL, &r);
		if (!CHECK(body_of(cJSON_GetObjectItemCaseSensitive(rec, "a"), &a) == 0 &&
		               body_of(cJSON_GetObjectItemCaseSensitive(rec, "b"), &b) == 0,
		           "bodies"))
			continue;
		memset(&x, 0, sizeof x);
		pa_pairs = (long)a.n * (a.n - 1) / 2;
		pb_pairs = (long)b.n * (b.n - 1) / 2;
		if (pa_pairs * pb_pairs <= 200000 && a.n <= 64 && b.n <= 64) {
			oracle_small(&a, &b, &x);
			oracles[0]++;
		} else if (a.kind == B_MESH && b.kind == B_SPHERE) {
			oracle_mesh_sphere(&a, &b, &x);
			oracles[1]++;
		} else if (a.kind == B_MESH && b.kind == B_BOX && !b.rotated) {
			oracle_mesh_plane(&a, &b, &x);
			oracles[2]++;
		} else {
			CHECK(0, "no oracle for this pair");
			continue;
		}
		S = fmax(1.0, oracle_radius3(a.world, a.n, a.pose.position) +
		                  oracle_radius3(b.world, b.n, b.pose.position) + a.sweep + b.sweep);
		coord = S + tu_norm(a.pose.position) + tu_norm(b.pose.position);
		if (CHECK_RESULT3(&r, &a.pose, &b.pose, 1e-9 * S)) {
			CHECK(r.state == (x.distance > 0 ? MINK_SEPARATED : MINK_PENETRATING),
			      "state %s, %s says %.17g", mink_state_name(r.state), x.oracle, x.distance);
			CHECK_NEAR("distance", r.distance, x.distance, 1e-12 * S, 1e-9);
			if (x.normal_known)
				CHECK_VEC3("normal", r.normal, x.normal, 1e-6);
			if (x.points_known) {
				CHECK_VEC3("point_a", r.point_a, x.point_a, 1e-7 * S);
				CHECK_VEC3("point_b", r.point_b, x.point_b, 1e-7 * S);
			}
			/* any pair: B moved by -distance along the normal touches A */
			amax = oracle_support_max3(a.world, a.n, r.normal) + a.sweep;
			bmin = oracle_support_min3(b.world, b.n, r.normal) - b.sweep;
			CHECK_NEAR("separating translation along the normal", amax - bmin,
			           -r.distance, 1e-12 * coord, 1e-9);
		}
		if (tu_failures() > before)
			print_error("  %s: oracle (%s) distance %.17g; mink %.17g\n", id, x.oracle,
			            x.distance, r.distance);
		body_free(&a);
		body_free(&b);
	}
	print_message("obj pairs: %ld, by separating axes or features %d, mesh faces %d, "
	              "lowest vertex %d\n", cases, oracles[0], oracles[1], oracles[2]);
	CHECK(oracles[0] >= 10 && oracles[1] >= 5 && oracles[2] >= 5, "every oracle used");
	cli_objcache_free(p.objcache);
	cli_pair_free(&p);
	cJSON_Delete(pairs);
	free(text);
	tu_end("obj pairs", cases);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reader_accepts),
		cmocka_unit_test(test_reader_refuses),
		cmocka_unit_test(test_reader_numbers),
		cmocka_unit_test(test_select),
		cmocka_unit_test(test_notes),
		cmocka_unit_test(test_convexity_tolerance),
		cmocka_unit_test(test_cache),
		cmocka_unit_test(test_cache_threads),
		cmocka_unit_test(test_pairs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
