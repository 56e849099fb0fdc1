/*
 * record.c - fuzz target: one record from its text to its output, in all
 * three formats (cli/record.c: parse, contract, query, writer).  Each
 * output is one record: JSON and NDJSON parse back with cJSON as an
 * object with an "id" and a "status".
 */
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "fuzz.h"
#include "obj/cache.h"
#include "record.h"

static cli_objcache *cache;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const cli_format formats[] = {CLI_FORMAT_NDJSON, CLI_FORMAT_CSV,
	                                     CLI_FORMAT_CSV_CONTACTS, CLI_FORMAT_JSON};
	mink_options options = mink_default_options();
	char *text;
	cli_record rec;

	if (size > 16384)
		return 0; /* one record; long ones only cost time */
	if (!cache)
		cache = cli_objcache_new();
	text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	memset(&rec, 0, sizeof rec);
	rec.text = text;
	rec.len = size;
	rec.delim = ',';
	rec.line = rec.col = 1;
	for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
		cli_recorder r;
		cli_buf msgs = {0}, out = {0};

		memset(&r, 0, sizeof r);
		r.options = &options;
		r.default_dim = 3;
		r.name = "fuzz";
		r.max_record = CLI_MAX_RECORD_DEFAULT;
		r.pair.objcache = cache;
		r.pair.dir = "fuzz/no-such-dir";
		r.writer = cli_writer_new(NULL, formats[f]);
		r.msgs = &msgs;
		cli_recorder_init(&r);
		cli_record_answer(&r, &rec, 1);
		cli_writer_swap(r.writer, &out);
		fuzz_check(out.len > 0, "no output record");
		if (formats[f] == CLI_FORMAT_NDJSON) {
			cJSON *j = cJSON_ParseWithLength(out.data, out.len);

			fuzz_check(cJSON_IsObject(j) &&
			           cJSON_GetObjectItemCaseSensitive(j, "id") &&
			           cJSON_IsString(cJSON_GetObjectItemCaseSensitive(j, "status")),
			           "NDJSON output is no result record");
			cJSON_Delete(j);
		}
		fuzz_check(r.errors == 0 || msgs.len > 0, "an error without its message");
		cli_buf_free(&msgs);
		cli_buf_free(&out);
		cli_writer_free(r.writer);
		cli_recorder_free(&r);
	}
	free(text);
	return 0;
}
