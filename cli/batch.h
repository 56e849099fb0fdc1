/*
 * batch.h - running the pairs of input files through mink, in order, on
 * every core.
 */
#ifndef CLI_BATCH_H
#define CLI_BATCH_H

#include "mink.h"
#include "parse.h"
#include "shard.h"
#include "writer.h"

/** Most worker threads (-j). */
#define CLI_MAX_JOBS 1024

struct cli_batch_run;

/**
 * What runs a batch: settings and totals over the whole run.  Start from
 * all zeros, set the settings, call cli_batch_file for each input and
 * cli_batch_finish once at the end.
 */
typedef struct cli_batch {
	cli_writer *writer;
	mink_options options;
	int default_dim;  /**< for pairs without "dim" */
	int jobs;         /**< worker threads; 1 (or 0) runs all in this one */
	int progress;     /**< show progress on stderr (a terminal) */
	size_t max_record; /**< cap on a record's bytes; 0: the default */
	long max_errors;  /**< stop after this many error records; 0: never */
	const char *obj_dir; /**< OBJ paths resolve here; NULL: the input's folder */
	long index;       /**< records read so far, over all files */
	long errors;      /**< error records written */
	long written;     /**< records written */
	int stopped;      /**< max_errors was reached: nothing more is read */
	/**
	 * Answer only the records of this part of the (one, regular) input
	 * file, or all when NULL; its size is set by cli_batch_file.
	 */
	cli_shard *shard;
	/**
	 * Settings for the pairs of every worker: pair.objcache (thread-safe)
	 * is shared by all of them.  Also the scratch pair when jobs is 1.
	 */
	cli_pair pair;
	struct cli_batch_run *run; /**< private: threads, blocks, progress */
} cli_batch;

/**
 * Reads the pairs of `path` ("-" for standard input) and writes one result
 * or error record for each, in input order, with b->jobs worker threads.
 * Returns 0 when the file was read through (error records are counted in
 * b->errors), 1 when it could not be split further (a broken JSON array,
 * corrupt compressed data, a file that is not pairs: one message), 2 when
 * the file could not be opened or read.  Once b->max_errors error records
 * are written, the run stops (b->stopped): the records before the last
 * error are all written, none after it.  Messages go to stderr, in input
 * order too.  After a write error (cli_writer_error_number) the rest of
 * the input is not read.
 */
int cli_batch_file(cli_batch *b, const char *path);

/** Erases the progress line, if any, and frees what the runs kept. */
void cli_batch_finish(cli_batch *b);

#endif /* CLI_BATCH_H */
