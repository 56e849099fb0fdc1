/*
 * split.h - a streaming splitter of batch files into records.
 *
 * A file whose first non-blank byte is '[' is a JSON array of pairs; any
 * other file is NDJSON, one pair per line (blank lines skipped).  The
 * reader hands out the raw text of one record at a time, with its line and
 * column, and keeps in memory only the record being read plus one chunk:
 * it finds where a record ends with a small scanner (strings, escapes and
 * bracket nesting) and leaves the parsing of the record to the caller.
 */
#ifndef CLI_TEXT_SPLIT_H
#define CLI_TEXT_SPLIT_H

#include <signal.h>
#include <stddef.h>

typedef struct cli_reader cli_reader;

/** One record's raw text, valid until the next call on the reader. */
typedef struct cli_record {
	const char *text; /**< text[len] is '\0' */
	size_t len;       /**< 0 for an empty array element, as in "[1,,2]" */
	char delim;       /**< for an empty element: the ',' or ']' after it */
	long line, col;   /**< 1-based position of text[0] (or of delim) */
	unsigned long long offset; /**< byte offset of text[0] (or of delim) in
	                                the input: where --shard cuts */
} cli_record;

typedef enum cli_read_status {
	CLI_READ_RECORD, /**< *rec holds the next record */
	CLI_READ_END,    /**< no more records */
	CLI_READ_BROKEN, /**< the JSON array is structurally broken: stop */
	CLI_READ_IOERR   /**< read(2) failed: errno in cli_reader_errno() */
} cli_read_status;

/**
 * A reader of file descriptor fd (not closed by the reader).  `before_read`,
 * if not NULL, is called with `ctx` before every read(2), which may block:
 * the caller flushes its output there, so results flow as input arrives.
 */
cli_reader *cli_reader_new(int fd, void (*before_read)(void *ctx), void *ctx);

/** Reads the next record. */
cli_read_status cli_reader_next(cli_reader *r, cli_record *rec);

/**
 * After CLI_READ_BROKEN: what is wrong and where (col 0 when the column is
 * not meaningful, as at the end of the file).
 */
const char *cli_reader_message(const cli_reader *r, long *line, long *col);

/** After CLI_READ_IOERR: the errno of the failed read. */
int cli_reader_errno(const cli_reader *r);

void cli_reader_free(cli_reader *r);

/**
 * Makes every reader stop at its next read(2) once *flag is set (by a
 * signal handler): cli_reader_next then says CLI_READ_END, and the
 * records read before are all there is.  A read(2) waiting for input
 * returns when a signal without SA_RESTART arrives in its thread.
 */
void cli_reader_stop_on(const volatile sig_atomic_t *flag);

/** The line and column of byte `offset` of rec's text. */
void cli_record_locate(const cli_record *rec, size_t offset, long *line,
                       long *col);

#endif /* CLI_TEXT_SPLIT_H */
