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
 * Appends str to b as a CSV field, quoted (RFC 4180) only when it holds a
 * comma, a quote or a line break; invalid UTF-8 replaced by U+FFFD.
 */
void cli_put_csv_string(cli_buf *b, const char *str);

#endif /* CLI_TEXT_ESCAPE_H */
