/*
 * subcmd.h - the subcommands of mink (gen, diff, render) and what they share.
 *
 * main() hands `mink gen ARGS...` to cli_gen_main(argc - 1, argv + 1), so
 * each subcommand sees its own name as argv[0] and parses its options with
 * getopt_long as a program of its own would.
 */
#ifndef CLI_SUBCMD_H
#define CLI_SUBCMD_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

#include "text/buf.h"

/** `mink gen`: a seeded, reproducible batch of random pairs (gen.c). */
int cli_gen_main(int argc, char **argv);

/** `mink diff EXPECTED ACTUAL`: compares two result files (diff.c). */
int cli_diff_main(int argc, char **argv);

/** `mink render [FILE]`: one pair and its result as an SVG picture (render.c). */
int cli_render_main(int argc, char **argv);

/**
 * Prints "mink CMD: message" and the hint to try "mink CMD --help" on
 * stderr, and returns 2 (the exit status of a usage error).
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
 * Appends str to b as a JSON string, quotes included: escapes where JSON
 * needs them, invalid UTF-8 replaced by U+FFFD.
 */
void cli_put_json_string(cli_buf *b, const char *str);

#endif /* CLI_SUBCMD_H */
