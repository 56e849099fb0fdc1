/*
 * outfile.c - the output file of -o, replaced whole or not at all
 * (outfile.h).
 */
#define _XOPEN_SOURCE 700 /* mkstemp, fchmod */

#include "outfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "opts.h"
#include "text/buf.h"

/* The mode a new file gets: 0666 less the umask. */
static mode_t new_file_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

int cli_outfile_open(cli_outfile *o, const char *path, char *const *inputs, int n,
                     char *msg, size_t size)
{
	struct stat st;
	int exists;

	memset(o, 0, sizeof *o);
	o->fp = stdout;
	if (!path)
		return 0;
	o->path = path;
	exists = stat(path, &st) == 0;
	if (exists && !S_ISREG(st.st_mode)) {
		/* A FIFO, a terminal, /dev/null: written in place. */
		if (!(o->fp = fopen(path, "w"))) {
			snprintf(msg, size, "%s: %s", path, strerror(errno));
			return -1;
		}
		return 0;
	}
	for (int i = 0; exists && i < n; i++) {
		struct stat in;

		if (strcmp(inputs[i], "-") != 0 && stat(inputs[i], &in) == 0 &&
		    in.st_dev == st.st_dev && in.st_ino == st.st_ino) {
			snprintf(msg, size, "%s: the output file is also an input (%s); "
			         "mink does not write over its input", path, inputs[i]);
			return -1;
		}
	}
	/* The temporary: ".NAME.XXXXXX" in the same directory, so that the
	 * rename stays within one file system. */
	const char *slash = strrchr(path, '/');
	size_t dir = slash ? (size_t)(slash - path) + 1 : 0, len = strlen(path);
	o->tmp = cli_xrealloc(NULL, len + 10);
	memcpy(o->tmp, path, dir);
	snprintf(o->tmp + dir, len - dir + 10, ".%s.XXXXXX", path + dir);
	int fd = mkstemp(o->tmp);
	if (fd < 0) {
		snprintf(msg, size, "%s: %s", path, strerror(errno));
		free(o->tmp);
		o->tmp = NULL;
		return -1;
	}
	o->was_file = 1;
	if (fchmod(fd, exists ? st.st_mode & 07777 : new_file_mode()) != 0 ||
	    !(o->fp = fdopen(fd, "w"))) {
		snprintf(msg, size, "%s: %s", path, strerror(errno));
		close(fd);
		unlink(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
		return -1;
	}
	return 0;
}

int cli_outfile_end(cli_outfile *o, int ok, const char *keep_as, char *msg, size_t size)
{
	int rc = 0;

	if (!o->tmp)
		return 0;
	if (ok) {
		if (rename(o->tmp, o->path) != 0) {
			snprintf(msg, size, "%s: %s", o->path, strerror(errno));
			unlink(o->tmp);
			rc = -1;
		}
	} else if (keep_as) {
		size_t n = strlen(o->path) + strlen(keep_as) + 1;
		char *kept = cli_xrealloc(NULL, n);

		snprintf(kept, n, "%s%s", o->path, keep_as);
		if (rename(o->tmp, kept) != 0) {
			snprintf(msg, size, "%s: %s", kept, strerror(errno));
			unlink(o->tmp);
			rc = -1;
		}
		free(kept);
	} else {
		unlink(o->tmp);
	}
	free(o->tmp);
	o->tmp = NULL;
	return rc;
}


int cli_outfile_start(cli_outfile *o, const char *cmd, const char *path, char *const *inputs,
                      int n)
{
	char msg[512];

	if (cli_outfile_open(o, path, inputs, n, msg, sizeof msg) < 0) {
		fprintf(stderr, "mink %s: %s\n", cmd, msg);
		return -1;
	}
	return 0;
}

int cli_outfile_close(cli_outfile *o, const char *cmd, int ok, int err_no)
{
	char msg[512];
	int closed = cli_close_output(cmd, o->fp, o->path, err_no) == 0, rc = closed ? 0 : -1;

	if (cli_outfile_end(o, ok && closed, NULL, msg, sizeof msg) < 0) {
		fprintf(stderr, "mink %s: %s\n", cmd, msg);
		rc = -1;
	}
	return rc;
}
