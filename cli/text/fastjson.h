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
 * Returns NULL for anything else, and also for what the strict check
 * refuses beyond the grammar (nesting deeper than CLI_JSON_MAX_DEPTH,
 * numbers longer than 63 bytes, unpaired surrogate escapes, a member name
 * holding \u0000): the caller then goes the strict way, cli_parse_json,
 * which says what is wrong.  So every record the strict check accepts is
 * read here.  The tree stays valid until the next call.
 *
 * One thing differs from cJSON's tree: a string value's valuedouble holds
 * its length in bytes (cJSON leaves 0 there), so that a value with \u0000
 * escapes is not cut at its first NUL; read it with cli_json_strlen.
 */
cJSON *cli_fastjson_parse(cli_fastjson *p, const char *text, size_t len);

/**
 * The length of string node `item`'s valuestring: what cli_fastjson_parse
 * recorded, or strlen for a node cJSON made.
 */
size_t cli_json_strlen(const cJSON *item);

/**
 * Reads the JSON number (RFC 8259 grammar, sign included) at text, the
 * way cli_fastjson_parse does: the correctly rounded double in *out and
 * the end of the number in *end.  Returns -1 when text does not start
 * with a number or the number is longer than 63 bytes (cJSON's limit).
 */
int cli_json_number(const char *text, const char **end, double *out);

/**
 * Releases a tree from cli_fastjson_parse (the arena is reset) or from
 * cJSON (cJSON_Delete).
 */
void cli_fastjson_release(cli_fastjson *p, cJSON *tree);

#endif /* CLI_TEXT_FASTJSON_H */
