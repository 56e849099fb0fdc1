/*
 * replay.c - runs a fuzz target's entry point on files, without libFuzzer:
 * `make test` replays every corpus input this way under gcc (and under
 * ASan + UBSan in make san), so the corpus needs no clang.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		unsigned char *buf = malloc(FUZZ_MAX_LEN + 1);
		size_t n;

		if (!f || !buf) {
			fprintf(stderr, "replay: %s: cannot read\n", argv[i]);
			return 2;
		}
		n = fread(buf, 1, FUZZ_MAX_LEN, f);
		fclose(f);
		LLVMFuzzerTestOneInput(buf, n);
		free(buf);
	}
	printf("replay: %d inputs\n", argc - 1);
	return 0;
}
