/*
 * escape.h - strings as JSON strings and CSV fields.
 */
#ifndef CLI_TEXT_ESCAPE_H
#define CLI_TEXT_ESCAPE_H

#include "text/buf.h"

/**
 * Appends str to b as a JSON string, quotes included: escapes where JSON
 * needs them, invalid UTF-8 replaced by U+FFFD.
 */
void cli_put_json_string(cli_buf *b, const char *str);

/**
 * cli_put_json_string of the len bytes at str (str[len] must be readable
 * and NUL: a counted string may hold NUL bytes, written as \u0000).
 */
void cli_put_json_stringn(cli_buf *b, const char *str, size_t len);

/**
 * Appends str to b as a CSV field, quoted (RFC 4180) only when it holds a
 * comma, a quote, a line break or a NUL byte; invalid UTF-8 replaced by U+FFFD.
 */
void cli_put_csv_string(cli_buf *b, const char *str);

/**
 * cli_put_csv_string of the len bytes at str (str[len] readable and NUL);
 * a field holding a NUL byte is quoted too.
 */
void cli_put_csv_stringn(cli_buf *b, const char *str, size_t len);

#endif /* CLI_TEXT_ESCAPE_H */
