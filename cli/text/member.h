/*
 * member.h - one member's value of a JSON object, as written in the input.
 */
#ifndef CLI_TEXT_MEMBER_H
#define CLI_TEXT_MEMBER_H

#include <stddef.h>

#include "text/buf.h"

/**
 * Appends to `out` the value of the first member named `key` (ASCII) of
 * the JSON object `text` (len bytes, already known to be valid JSON), as
 * written: every token byte for byte, the whitespace between tokens left
 * out (so it fits on an NDJSON line), invalid UTF-8 in strings replaced
 * by \ufffd.  Keys written with escapes ("\u006deta") count.  Returns 1
 * when the member was found, 0 when not (or text is not an object).
 */
int cli_json_member_text(const char *text, size_t len, const char *key,
                         cli_buf *out);

#endif /* CLI_TEXT_MEMBER_H */
