/*
 * common.c - the fuzz targets' helpers (fuzz.h).
 */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int fuzz_pipe(const uint8_t *data, size_t size)
{
	int p[2];
	size_t off = 0;

	if (size > FUZZ_MAX_LEN)
		size = FUZZ_MAX_LEN;
	if (pipe(p) != 0)
		return -1;
	while (off < size) {
		ssize_t n = write(p[1], data + off, size - off);

		if (n <= 0)
			break;
		off += (size_t)n;
	}
	close(p[1]);
	return p[0];
}

void fuzz_check(int cond, const char *what)
{
	if (!cond) {
		fprintf(stderr, "fuzz finding: %s\n", what);
		abort();
	}
}
