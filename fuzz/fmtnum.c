/*
 * fmtnum.c - fuzz target: the number formatter (cli/text/fmtnum.c).  Every
 * finite double it prints parses back with strtod to the same bits (-0
 * prints as 0), in at most 17 significant digits; integers printed by
 * cli_fmtint likewise.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "text/fmtnum.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (size_t i = 0; i + 8 <= size; i += 8) {
		double v, back;
		char buf[CLI_NUM_MAX + 8];
		size_t n;

		memcpy(&v, data + i, 8);
		if (!isfinite(v))
			continue;
		n = cli_fmtnum(buf, v);
		fuzz_check(n > 0 && n < CLI_NUM_MAX && strlen(buf) == n, "length");
		back = strtod(buf, NULL);
		if (v == 0)
			fuzz_check(back == 0 && !signbit(back), "zero");
		else
			fuzz_check(memcmp(&back, &v, 8) == 0, "does not round-trip");
		if (v == floor(v) && fabs(v) <= 9007199254740992.0) {
			n = cli_fmtint(buf, v);
			back = strtod(buf, NULL);
			fuzz_check(strlen(buf) == n && back == v, "integer");
		}
	}
	return 0;
}
