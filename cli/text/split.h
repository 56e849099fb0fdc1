/*
 * split.h - a streaming splitter of batch files into records.
 *
 * A file whose first non-blank byte is '[' is a JSON array of pairs; a
 * file whose first non-blank line is a lone '{' is a stream of JSON values
 * separated by blanks (what jq prints by default: pretty objects one after
 * the other); any other file is NDJSON, one pair per line (blank lines
 * skipped).  gzip and zstd input is decompressed first (text/instream.h).
 * The reader hands out the raw text of one record at a time, with its line
 * and column, and keeps in memory only the record being read plus one
 * chunk: it finds where a record ends with a small scanner (strings,
 * escapes and bracket nesting) and leaves the parsing of the record to the
 * caller.  A record longer than the reader's cap is not kept: it is
 * scanned to its end and handed out as an oversized record without text.
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
	                                the input (in the decompressed text of
	                                compressed input): where --shard cuts */
	int oversize;     /**< longer than the cap: skipped, len 0, no text */
} cli_record;

/** The default cap on a record's length in bytes (--max-record-bytes). */
#define CLI_MAX_RECORD_DEFAULT ((size_t)64 << 20)

typedef enum cli_read_status {
	CLI_READ_RECORD, /**< *rec holds the next record */
	CLI_READ_END,    /**< no more records */
	CLI_READ_BROKEN, /**< the input cannot be split further (a broken JSON
	                      array or value stream, corrupt compressed data,
	                      a file that is not JSON text): stop */
	CLI_READ_IOERR   /**< read(2) failed: errno in cli_reader_errno() */
} cli_read_status;

/**
 * A reader of file descriptor fd (not closed by the reader).  `before_read`,
 * if not NULL, is called with `ctx` before every read(2), which may block:
 * the caller flushes its output there, so results flow as input arrives.
 */
cli_reader *cli_reader_new(int fd, void (*before_read)(void *ctx), void *ctx);

/**
 * Sets the cap on a record's length (default CLI_MAX_RECORD_DEFAULT): a
 * longer record comes out with `oversize` set.  Memory stays at about
 * the cap plus two chunks, whatever the input.
 */
void cli_reader_set_max_record(cli_reader *r, size_t max);

/**
 * "gzip" or "zstd" when the input is compressed (offsets are then those of
 * the decompressed text), else NULL; known once a record was read.
 */
const char *cli_reader_compression(const cli_reader *r);

/** Reads the next record. */
cli_read_status cli_reader_next(cli_reader *r, cli_record *rec);

/**
 * After CLI_READ_BROKEN: what is wrong and where (col 0 when the column is
 * not meaningful, as at the end of the file).  A file that is not JSON
 * text at all is told on its first bytes (text/sniff.h): line 1, col 0.
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
