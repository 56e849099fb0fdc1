/*
 * jsoncheck.h - strict JSON syntax (RFC 8259), with where it first fails.
 */
#ifndef CLI_TEXT_JSONCHECK_H
#define CLI_TEXT_JSONCHECK_H

#include <stddef.h>

#include <cJSON.h>

/** Room for an error message, NUL included. */
#define CLI_MSG_MAX 256

/** Why a record was rejected: an output error code and a message. */
typedef struct cli_error {
	const char *code; /**< "bad_json", "bad_record", "bad_shape", ... */
	char message[CLI_MSG_MAX];
} cli_error;


/** Nesting deeper than this is refused (cJSON stops at 1000). */
#define CLI_JSON_MAX_DEPTH 512

/** Numbers longer than this are refused (cJSON reads at most 63 bytes). */
#define CLI_JSON_MAX_NUMBER 63

/**
 * Checks that text[0, len) (with text[len] == '\0') is exactly one JSON
 * value, blanks around it allowed.  Beyond the grammar it refuses what
 * cJSON cannot read faithfully: unpaired UTF-16 surrogate escapes (as
 * I-JSON, RFC 7493, does), nesting deeper than CLI_JSON_MAX_DEPTH and
 * numbers longer than CLI_JSON_MAX_NUMBER bytes.  Bytes >= 0x80 in strings
 * are not checked here (the writers replace invalid UTF-8).
 *
 * Returns 0, or -1 with *offset at the first byte at fault (len when the
 * text ends too early) and `msg` (of `size` bytes) saying what is wrong,
 * lower case, e.g. "unexpected '}'".
 */
int cli_json_check(const char *text, size_t len, size_t *offset, char *msg,
                   size_t size);

/**
 * Parses the text of one record (len > 0 and text[len] == '\0') with
 * cJSON, after the strict check.  On a syntax error, or when more than
 * blanks follow the value, returns NULL with *err filled (code "bad_json")
 * and *offset set to where the text went wrong.  Safe to call from several
 * threads (cJSON keeps its error position in a global: calls take turns).
 */
cJSON *cli_parse_json(const char *text, size_t len, size_t *offset,
                      cli_error *err);

#endif /* CLI_TEXT_JSONCHECK_H */
