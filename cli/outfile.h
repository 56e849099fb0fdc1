/*
 * outfile.h - the output file of -o, replaced whole or not at all.
 *
 * mink writes a regular output file to a temporary file beside it and
 * renames that over it only once everything is written and closed: a
 * crash, a full disk or a killed run leaves the old file as it was.  A
 * file that is also one of the inputs is refused before anything is read.
 * Other kinds of files (a FIFO, a terminal, /dev/null, /dev/stdout) are
 * written in place, as they must be.
 */
#ifndef CLI_OUTFILE_H
#define CLI_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct cli_outfile {
	const char *path; /**< -o's FILE, or NULL for standard output */
	char *tmp;        /**< the temporary beside it, or NULL when in place */
	FILE *fp;         /**< where to write */
	int was_file;     /**< written beside the file (a regular file) */
} cli_outfile;

/**
 * Opens the output: standard output when path is NULL.  `inputs` are the
 * n files mink will read (not "-").  Returns 0, or -1 with a message in
 * msg (no file created or changed).
 */
int cli_outfile_open(cli_outfile *o, const char *path, char *const *inputs, int n,
                     char *msg, size_t size);

/**
 * Ends the output once o->fp is closed: with ok, the temporary replaces
 * the file (0, or -1 with a message); without, it is removed and the old
 * file stays.  `keep_as`, when not NULL and not ok, is a suffix under
 * which the temporary is kept instead ("FILE.partial").
 */
int cli_outfile_end(cli_outfile *o, int ok, const char *keep_as, char *msg, size_t size);

/**
 * The subcommands' way (gen, render): cli_outfile_open, saying why not on
 * standard error as "mink CMD: ...".  Returns 0 or -1.
 */
int cli_outfile_start(cli_outfile *o, const char *cmd, const char *path, char *const *inputs,
                      int n);

/**
 * Closes o->fp as cli_close_output does (err_no: an earlier write error)
 * and ends the file: replaced when that close and `ok` both succeed, else
 * the old file stays.  Returns 0, or -1 after saying why (a write error or
 * a failed rename).
 */
int cli_outfile_close(cli_outfile *o, const char *cmd, int ok, int err_no);

#endif /* CLI_OUTFILE_H */
