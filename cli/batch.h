/*
 * batch.h - running the pairs of one input file through mink, in order.
 */
#ifndef CLI_BATCH_H
#define CLI_BATCH_H

#include "mink.h"
#include "parse.h"
#include "writer.h"

/** What runs a batch: settings and totals over the whole run. */
typedef struct cli_batch {
	cli_writer *writer;
	mink_options options;
	int default_dim;  /**< for pairs without "dim" */
	long index;       /**< records read so far, over all files */
	long errors;      /**< error records written */
	cli_pair pair;    /**< scratch, reused from record to record */
} cli_batch;

/**
 * Reads the pairs of `path` ("-" for standard input) and writes one result
 * or error record for each.  Returns 0 when the file was read through
 * (error records are counted in b->errors), 1 when its JSON array was
 * structurally broken, 2 when the file could not be opened or read.
 * Messages go to stderr.
 */
int cli_batch_file(cli_batch *b, const char *path);

#endif /* CLI_BATCH_H */
