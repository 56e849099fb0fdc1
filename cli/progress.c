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
	p->drawn = 0;
	p->from = p->to = 0;
	clock_gettime(CLOCK_MONOTONIC, &p->start);
	p->last = p->start;
	p->input_start = p->start;
}

void cli_progress_input(cli_progress *p, unsigned long long from,
                        unsigned long long to)
{
	p->from = from;
	p->to = to > from ? to : from;
	clock_gettime(CLOCK_MONOTONIC, &p->input_start);
}

void cli_progress_erase(cli_progress *p)
{
	if (p->shown) {
		fprintf(stderr, "\r%*s\r", p->shown, "");
		p->shown = 0;
	}
}

/* ", 42%, 1:05 left" for the share f of the input read in `elapsed` s. */
static int share_text(char *out, size_t size, double f, double elapsed)
{
	double left;
	long s;

	if (f <= 0 || elapsed <= 0)
		return snprintf(out, size, ", %.0f%%", 100 * f);
	left = elapsed * (1 - f) / f;
	s = left < 1e8 ? (long)(left + 0.5) : 99999999;
	if (s >= 3600)
		return snprintf(out, size, ", %.0f%%, %ld:%02ld:%02ld left", 100 * f,
		                s / 3600, s / 60 % 60, s % 60);
	return snprintf(out, size, ", %.0f%%, %ld:%02ld left", 100 * f, s / 60, s % 60);
}

void cli_progress_show(cli_progress *p, long done, long errors,
                       unsigned long long at)
{
	struct timespec now;
	double elapsed;
	char line[160], share[64] = "";
	int n;

	if (!p->on)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	/* The first line at once, then at most one a period. */
	if (p->drawn && seconds_between(&p->last, &now) < PROGRESS_PERIOD)
		return;
	p->drawn = 1;
	p->last = now;
	elapsed = seconds_between(&p->start, &now);
	if (p->to > p->from && at != CLI_PROGRESS_UNKNOWN) {
		double f = at <= p->from ? 0 : at >= p->to ? 1
		           : (double)(at - p->from) / (double)(p->to - p->from);

		share_text(share, sizeof share, f, seconds_between(&p->input_start, &now));
	}
	n = snprintf(line, sizeof line, "mink: %ld records%s, %.0f records/s, %ld %s",
	             done, share, elapsed > 0 ? (double)done / elapsed : 0.0,
	             errors, errors == 1 ? "error" : "errors");
	if (n < 0)
		return;
	if (n >= (int)sizeof line)
		n = (int)sizeof line - 1;
	/* Spaces cover what a longer line before left. */
	fprintf(stderr, "\r%s%*s", line, p->shown > n ? p->shown - n : 0, "");
	if (n > p->shown)
		p->shown = n;
}
