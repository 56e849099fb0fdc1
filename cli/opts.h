/*
 * opts.h - option values, usage errors and closing the output, for mink
 * and its subcommands alike.  `cmd` names the subcommand in messages
 * ("mink gen: ..."), or is NULL for mink itself ("mink: ...").
 */
#ifndef CLI_OPTS_H
#define CLI_OPTS_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

#include "text/buf.h"

/**
 * Prints "mink CMD: message" and the hint to try "mink CMD --help" on
 * stderr ("mink:" and "mink --help" when cmd is NULL), and returns 2 (the
 * exit status of a usage error).
 */
int cli_usage_error(const char *cmd, const char *fmt, ...) CLI_PRINTF(2, 3);

/**
 * Closes fp (stdout too) and says whether everything written to it
 * arrived: 0, or -1 after "mink CMD: write error: ..." on stderr ("mink:"
 * when cmd is NULL, for the main command).  `name`
 * is the file's name for the message, or NULL for standard output;
 * `err_no` a write error already known, or 0.
 */
int cli_close_output(const char *cmd, FILE *fp, const char *name, int err_no);

/**
 * Writes "mink VERSION" to stdout (--version of mink and of every
 * command) and returns the exit status: 0, or 2 when it could not be
 * written.
 */
int cli_version(const char *cmd);

/**
 * Reports what getopt_long (called with opterr = 0 and optstring starting
 * with ':') returned for a bad option, ':' or '?', as a usage error of
 * `cmd`, and returns 2.  `opt` is argv[optind - 1], `longopts` the long
 * options and `letters` the short ones.
 */
int cli_bad_option(const char *cmd, int c, const char *opt,
                   const struct option *longopts, const char *letters);

/**
 * A finite decimal number (no hex, inf or nan) in [min, max]: 0, or -1
 * when s is not one.
 */
int cli_parse_double(const char *s, double min, double max, double *out);

/** A decimal integer in [min, max]: 0, or -1 when s is not one. */
int cli_parse_ullong(const char *s, unsigned long long min,
                     unsigned long long max, unsigned long long *out);

/**
 * --max-errors N, as every command reads it (N >= 1): 0, or a usage error
 * of `cmd` printed and 2.
 */
int cli_parse_max_errors(const char *cmd, const char *s, long *out);

#endif /* CLI_OPTS_H */
