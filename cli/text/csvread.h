/*
 * csvread.h - a streaming reader of CSV (RFC 4180), row by row.
 *
 * Fields are separated by commas and rows by CRLF or LF; a field in double
 * quotes may hold commas, line breaks and doubled quotes ("").  Memory
 * stays at about the longest row plus one chunk.  Blank lines are skipped,
 * and a UTF-8 byte order mark at the start is ignored.
 */
#ifndef CLI_TEXT_CSVREAD_H
#define CLI_TEXT_CSVREAD_H

#include <stddef.h>

typedef struct cli_csv cli_csv;

typedef enum cli_csv_status {
	CLI_CSV_ROW,    /**< a row was read */
	CLI_CSV_END,    /**< no more rows */
	CLI_CSV_BROKEN, /**< malformed: cli_csv_message() says where */
	CLI_CSV_IOERR   /**< read(2) failed: errno in cli_csv_errno() */
} cli_csv_status;

/**
 * A reader of file descriptor fd (not closed by the reader) whose first
 * `len` bytes were already read into `prefix` (copied; NULL if len is 0).
 */
cli_csv *cli_csv_new(int fd, const char *prefix, size_t len);

/**
 * Reads the next row: *fields gets *count NUL-terminated fields, valid
 * until the next call, and *line the line the row starts on.
 */
cli_csv_status cli_csv_next(cli_csv *c, char ***fields, size_t *count,
                            long *line);

/**
 * The length of field i of the row just read: a quoted field may hold NUL
 * bytes, which its C string would hide.
 */
size_t cli_csv_field_len(const cli_csv *c, size_t i);

/** After CLI_CSV_BROKEN: what is wrong, and its line. */
const char *cli_csv_message(const cli_csv *c, long *line);

/** After CLI_CSV_IOERR: the errno of the failed read. */
int cli_csv_errno(const cli_csv *c);

void cli_csv_free(cli_csv *c);

#endif /* CLI_TEXT_CSVREAD_H */
