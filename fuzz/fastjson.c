/*
 * fastjson.c - fuzz target: the fast parser (cli/text/fastjson.c) against
 * the strict one (cli_json_check + cJSON).  Its contract (fastjson.h): it
 * accepts exactly what the strict check accepts, and builds the very tree
 * cJSON builds, but for string values' lengths, which it counts (NUL
 * bytes from \u0000 included) where cJSON's C strings stop at the first
 * NUL.  It gives no error positions: those are cli_parse_json's, which
 * must then fail too (checked here: same reject).
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "text/fastjson.h"
#include "text/jsoncheck.h"

static int same(const cJSON *a, const cJSON *b)
{
	const cJSON *ca, *cb;

	if (a->type != b->type)
		return 0;
	if ((a->string == NULL) != (b->string == NULL) ||
	    (a->string && strcmp(a->string, b->string) != 0))
		return 0;
	if (a->type == cJSON_String) {
		size_t n = strlen(b->valuestring), len = cli_json_strlen(a);

		if (len < n || memcmp(a->valuestring, b->valuestring, n) != 0 ||
		    a->valuestring[len] != '\0' || (len > n && a->valuestring[n] != '\0'))
			return 0;
	} else if (memcmp(&a->valuedouble, &b->valuedouble, sizeof a->valuedouble) != 0 ||
	           a->valueint != b->valueint) {
		return 0;
	}
	for (ca = a->child, cb = b->child; ca && cb; ca = ca->next, cb = cb->next)
		if (!same(ca, cb))
			return 0;
	return !ca && !cb;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	cli_fastjson *fj = cli_fastjson_new();
	cJSON *fast, *strict = NULL;
	cli_error err;
	size_t off;

	memcpy(text, data, size);
	text[size] = '\0';
	fast = cli_fastjson_parse(fj, text, size);
	if (size > 0)
		strict = cli_parse_json(text, size, &off, &err);
	fuzz_check((fast != NULL) == (strict != NULL), "accept/reject differ");
	if (fast)
		fuzz_check(same(fast, strict), "trees differ");
	if (!strict && size > 0)
		fuzz_check(off <= size && err.message[0], "reject without a position");
	cJSON_Delete(strict);
	cli_fastjson_release(fj, fast);
	cli_fastjson_free(fj);
	free(text);
	return 0;
}
