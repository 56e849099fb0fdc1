/*
 * opts.c - option parsing, usage messages and closing the output: the one
 * set of helpers for mink itself and its subcommands gen, diff and render.
 */
#include "opts.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "mink.h"

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "mink%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'mink%s%s --help' for more information.\n",
	        cmd ? " " : "", cmd ? cmd : "");
	return 2;
}

int cli_close_output(const char *cmd, FILE *fp, const char *name, int err_no)
{
	errno = 0;
	if (fflush(fp) != 0 && !err_no)
		err_no = errno ? errno : EIO;
	if (ferror(fp) && !err_no)
		err_no = EIO;
	errno = 0;
	if (fclose(fp) != 0 && !err_no)
		err_no = errno ? errno : EIO;
	if (err_no) {
		fprintf(stderr, "mink%s%s: write error: %s%s%s\n", cmd ? " " : "", cmd ? cmd : "",
		        name ? name : "", name ? ": " : "", strerror(err_no));
		return -1;
	}
	return 0;
}

int cli_version(const char *cmd)
{
	printf("mink %s\n", MINK_VERSION_STRING);
	return cli_close_output(cmd, stdout, NULL, 0) < 0 ? 2 : 0;
}

/* Whether `arg` (a long option without its dashes) abbreviates several. */
static int ambiguous(const char *arg, const struct option *longopts)
{
	size_t n = strcspn(arg, "=");
	int matches = 0;

	for (const struct option *o = longopts; o->name; o++)
		if (strncmp(o->name, arg, n) == 0)
			matches++;
	return matches > 1;
}

int cli_bad_option(const char *cmd, int c, const char *opt,
                   const struct option *longopts, const char *letters)
{
	int n = (int)strcspn(opt, "=");

	if (c == ':')
		return cli_usage_error(cmd, "option '%s' requires an argument", opt);
	/*
	 * getopt leaves optopt 0 for a long option it does not know, sets it
	 * to the option's own value for "--help=x", and to the unknown letter
	 * for "-x".
	 */
	if (optopt == 0 && strncmp(opt, "--", 2) == 0 && ambiguous(opt + 2, longopts))
		return cli_usage_error(cmd, "option '%.*s' is ambiguous", n, opt);
	if (optopt == 0)
		return cli_usage_error(cmd, "unknown option '%.*s'", n, opt);
	if (optopt >= 256 || strchr(letters, optopt))
		return cli_usage_error(cmd, "option '%.*s' takes no argument", n, opt);
	return cli_usage_error(cmd, "unknown option '-%c'", optopt);
}

int cli_parse_double(const char *s, double min, double max, double *out)
{
	char *end;
	double v;

	if (!*s || strspn(s, "0123456789.eE+-") != strlen(s))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (*end || errno == ERANGE || !isfinite(v) || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int cli_parse_ullong(const char *s, unsigned long long min,
                     unsigned long long max, unsigned long long *out)
{
	char *end;
	unsigned long long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end || errno == ERANGE || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int cli_parse_max_errors(const char *cmd, const char *s, long *out)
{
	unsigned long long v;

	if (cli_parse_ullong(s, 1, LONG_MAX, &v) < 0)
		return cli_usage_error(cmd, "invalid number of errors '%s' (a number >= 1)", s);
	*out = (long)v;
	return 0;
}
