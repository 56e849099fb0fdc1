/*
 * shard.c - the parts of --shard K/N (shard.h).
 */
#include "shard.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* A decimal number >= 1 from s up to `end` (exclusive). */
static int count(const char *s, const char *end, unsigned long long *out)
{
	char *stop;

	if (s == end || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	*out = strtoull(s, &stop, 10);
	if (stop != end || errno == ERANGE || *out == 0)
		return -1;
	return 0;
}

int cli_shard_parse(const char *arg, cli_shard *s)
{
	const char *slash = strchr(arg, '/');

	if (!slash || count(arg, slash, &s->k) < 0 ||
	    count(slash + 1, slash + 1 + strlen(slash + 1), &s->n) < 0 || s->k > s->n)
		return -1;
	s->size = 0;
	return 0;
}

int cli_shard_first(const cli_shard *s)
{
	return s->k == 1;
}

int cli_shard_last(const cli_shard *s)
{
	return s->k == s->n;
}

int cli_shard_where(const cli_shard *s, unsigned long long offset)
{
	/* 128 bits: offset * n overflows 64 bits for files of a few TB cut
	 * into thousands of parts. */
	unsigned __int128 at = (unsigned __int128)offset * s->n;

	if (at < (unsigned __int128)(s->k - 1) * s->size)
		return -1;
	if (s->k < s->n && at >= (unsigned __int128)s->k * s->size)
		return 1;
	return 0;
}
