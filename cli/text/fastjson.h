/*
 * fastjson.h - the common case of reading a record: valid JSON into a
 * cJSON tree in an arena, numbers converted without strtod.
 */
#ifndef CLI_TEXT_FASTJSON_H
#define CLI_TEXT_FASTJSON_H

#include <stddef.h>

#include <cJSON.h>

/** A parser with its arena: one per thread, trees valid one at a time. */
typedef struct cli_fastjson cli_fastjson;

cli_fastjson *cli_fastjson_new(void);

void cli_fastjson_free(cli_fastjson *p);

/**
 * Parses text[0, len) (with text[len] == '\0') when it is one valid JSON
 * value (RFC 8259), blanks around it allowed, and returns the very tree
 * cJSON_ParseWithLengthOpts would build from it, allocated in p's arena.
 * Returns NULL for anything else, and also for what it leaves to cJSON
 * (nesting deeper than 64, numbers longer than 63 bytes, unpaired
 * surrogate escapes): the caller then goes the strict way, cli_parse_json,
 * which says what is wrong.  The tree stays valid until the next call.
 */
cJSON *cli_fastjson_parse(cli_fastjson *p, const char *text, size_t len);

/**
 * Releases a tree from cli_fastjson_parse (the arena is reset) or from
 * cJSON (cJSON_Delete).
 */
void cli_fastjson_release(cli_fastjson *p, cJSON *tree);

#endif /* CLI_TEXT_FASTJSON_H */
