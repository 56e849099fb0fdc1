/*
 * progress.c - the progress line (progress.h).
 */
#include "progress.h"

#include <stdio.h>

/* The progress line is redrawn at most this often (seconds). */
#define PROGRESS_PERIOD 0.25

static double seconds_between(const struct timespec *a,
                              const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	       (double)(b->tv_nsec - a->tv_nsec) * 1e-9;
}

void cli_progress_start(cli_progress *p, int on)
{
	p->on = on;
	p->shown = 0;
	clock_gettime(CLOCK_MONOTONIC, &p->start);
	p->last = p->start;
}

void cli_progress_erase(cli_progress *p)
{
	if (p->shown) {
		fprintf(stderr, "\r%*s\r", p->shown, "");
		p->shown = 0;
	}
}

void cli_progress_show(cli_progress *p, long done, long errors)
{
	struct timespec now;
	double elapsed;
	char line[128];
	int n;

	if (!p->on)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (seconds_between(&p->last, &now) < PROGRESS_PERIOD)
		return;
	p->last = now;
	elapsed = seconds_between(&p->start, &now);
	n = snprintf(line, sizeof line, "mink: %ld records, %.0f records/s, %ld %s",
	             done, elapsed > 0 ? (double)done / elapsed : 0.0,
	             errors, errors == 1 ? "error" : "errors");
	if (n < 0)
		return;
	/* Spaces cover what a longer line before left. */
	fprintf(stderr, "\r%s%*s", line, p->shown > n ? p->shown - n : 0, "");
	if (n > p->shown)
		p->shown = n;
}
