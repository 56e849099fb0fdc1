/*
 * progress.h - the progress line on stderr: records done, the share of
 * the input read and the time left when its size is known, their rate and
 * the errors so far, redrawn in place at most four times a second.
 */
#ifndef CLI_PROGRESS_H
#define CLI_PROGRESS_H

#include <time.h>

typedef struct cli_progress {
	int on;                     /**< show it at all */
	struct timespec start, last;
	int shown;                  /**< length of the line on screen; 0: none */
	int drawn;                  /**< drawn at least once */
	/* The current input: its byte range and when its reading began. */
	unsigned long long from, to; /**< to == from: the size is unknown */
	struct timespec input_start;
} cli_progress;

/** Starts the clock; `on` says whether the line is shown at all. */
void cli_progress_start(cli_progress *p, int on);

/**
 * A new input begins: the records to come lie in bytes [from, to) of it
 * (the whole file, or a --shard part); from == to when the size is not
 * known (a pipe).
 */
void cli_progress_input(cli_progress *p, unsigned long long from,
                        unsigned long long to);

/** For cli_progress_show: how far the input is read is not known. */
#define CLI_PROGRESS_UNKNOWN (~0ULL)

/**
 * Redraws the line, unless it was drawn less than a period ago; `at` is
 * the byte offset the records done reach in the current input, or
 * CLI_PROGRESS_UNKNOWN (compressed input: no share is shown).
 */
void cli_progress_show(cli_progress *p, long done, long errors,
                       unsigned long long at);

/** Erases the line, if any (before other stderr output, and at the end). */
void cli_progress_erase(cli_progress *p);

#endif /* CLI_PROGRESS_H */
