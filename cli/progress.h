/*
 * progress.h - the progress line on stderr: records done, their rate and
 * the errors so far, redrawn in place at most four times a second.
 */
#ifndef CLI_PROGRESS_H
#define CLI_PROGRESS_H

#include <time.h>

typedef struct cli_progress {
	int on;                     /**< show it at all */
	struct timespec start, last;
	int shown;                  /**< length of the line on screen; 0: none */
} cli_progress;

/** Starts the clock; `on` says whether the line is shown at all. */
void cli_progress_start(cli_progress *p, int on);

/** Redraws the line, unless it was drawn less than a period ago. */
void cli_progress_show(cli_progress *p, long done, long errors);

/** Erases the line, if any (before other stderr output, and at the end). */
void cli_progress_erase(cli_progress *p);

#endif /* CLI_PROGRESS_H */
