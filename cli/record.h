/*
 * record.h - one record from its text to its output record: parse (the
 * fast parser, or the strict one with its messages), check against the
 * input contract, answer with the library, write the result or the error
 * record and its message.  Used by the batch workers, the two-OBJ-file
 * mode and render, so a pair gets the same answer and the same words
 * whichever way it came in.
 */
#ifndef CLI_RECORD_H
#define CLI_RECORD_H

#include "fastpair.h"
#include "mink.h"
#include "parse.h"
#include "text/buf.h"
#include "text/fastjson.h"
#include "text/split.h"
#include "writer.h"

/**
 * What answers records, one per thread: the settings of the run, the
 * thread's scratch and where its output goes.  Start from {0}, set the
 * settings, the scratch with cli_recorder_init, the outputs; release with
 * cli_recorder_free.
 */
typedef struct cli_recorder {
	/* Settings. */
	const mink_options *options;
	int default_dim;      /**< for pairs without "dim" */
	const char *name;     /**< the input's name in messages */
	size_t max_record;    /**< the cap on a record's length, for messages */
	/* Scratch: the pair's objcache and dir are settings too. */
	cli_pair pair;
	cli_fastpair fast;
	cli_fastjson *json;
	cli_buf meta;         /**< the record's "meta", as written */
	/* Outputs. */
	cli_writer *writer;   /**< result and error records */
	cli_buf *msgs;        /**< "mink: FILE:LINE: message" lines, in order */
	long errors;          /**< error records written */
} cli_recorder;

/** Makes the recorder's scratch (the parsers' arena and buffers). */
void cli_recorder_init(cli_recorder *r);

/** Releases the recorder's scratch. */
void cli_recorder_free(cli_recorder *r);

/**
 * Answers record `rec` (1-based `index` over the run: its default id) and
 * writes its output record, and its message when it is an error.
 */
void cli_record_answer(cli_recorder *r, const cli_record *rec, long index);

/**
 * Answers a checked pair with the library (options NULL: the defaults).
 * Returns 0, or -1 when mink refused the pair, with *err saying why ("a:
 * mink rejected this shape", ...).
 */
int cli_answer_pair(const cli_pair *p, const mink_options *options,
                    mink_result *res, cli_error *err);

#endif /* CLI_RECORD_H */
