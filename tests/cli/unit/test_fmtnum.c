/*
 * test_fmtnum.c - cli_fmtnum against its definition: the first of %.15g,
 * %.16g and %.17g that strtod reads back exactly ("0" for zeros), and
 * cli_fmtint against "%.0f".  Built and run by `make check-unit` (400 000
 * values; a count as the first argument, or MINK_TEXT_N, changes that:
 * `make certify` runs 10^8); prints the first differences and exits 1 if
 * there are any.  The values come from families that reach every path of
 * cli_fmtnum and the edges between them: any bit pattern, subnormals,
 * short decimals and their neighbours, powers of two and of ten and their
 * neighbours, decimals that end half way between two candidates, dyadic
 * fractions (exactly half way between two shorter candidates), and the
 * 17-digit values of ordinary computations.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text/fmtnum.h"

static unsigned long long state = 88172645463325252ULL;

static unsigned long long next(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

static void reference(char *buf, double v)
{
	if (v == 0) {
		strcpy(buf, "0");
		return;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, CLI_NUM_MAX, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return;
	}
}

/* A value from one of several families that stress different paths. */
static double sample(long i)
{
	unsigned long long u = next();
	char text[64];
	double v;
	int n = 0;

	switch (i % 10) {
	case 0: /* any bit pattern: subnormals, huge, tiny */
		memcpy(&v, &u, sizeof v);
		return v;
	case 1: /* short decimals, the fast path and its edges */
		return (double)(long long)(u % 2000000001ULL - 1000000000) /
		       pow(10, (double)(next() % 14));
	case 2: /* one ulp off a short decimal */
		v = (double)(long long)(u % 20001 - 10000) / 1000.0;
		return nextafter(v, (next() & 1) ? INFINITY : -INFINITY);
	case 4: /* any mantissa, exponents around the exact path's range */
		u = (u & ((1ULL << 52) - 1)) | (next() & 1ULL) << 63 |
		    (unsigned long long)(1023 - 45 + (int)(next() % 110)) << 52;
		memcpy(&v, &u, sizeof v);
		return v;
	case 3: /* subnormals and the smallest normals */
		u = (u & ((1ULL << 52) - 1)) | (next() & 1ULL) << 63 |
		    (next() % 4 == 0 ? 1ULL << 52 : 0);
		memcpy(&v, &u, sizeof v);
		return v;
	case 6: /* powers of ten, within a few ulps */
		snprintf(text, sizeof text, "1e%d", (int)(u % 632) - 323);
		v = strtod(text, NULL);
		for (n = (int)(next() % 7) - 3; n != 0; n += n > 0 ? -1 : 1)
			v = nextafter(v, n > 0 ? INFINITY : 0);
		return (next() & 1) ? -v : v;
	case 7: /* what a computation gives: products and quotients */
		v = (double)(long long)(u % 2000001 - 1000000) / 3e5;
		return v * ((double)(next() % 1000003) / 7e5) + 1.0 / (double)(next() % 97 + 3);
	case 9: /* dyadic fractions of few bits: exact decimals ending in 5,
	           often half way between two 16- or 15-digit candidates */
		v = ldexp((double)(u % (1ULL << 21) | 1), -(int)(next() % 75));
		return (next() & 1) ? -v * (double)(next() % 1000 + 1) : v;
	case 5: /* near powers of two, where the lower neighbour is nearer */
		v = ldexp(1.0, (u & 1) ? (int)(u / 2 % 110) - 45 : (int)(u / 2 % 2098) - 1074);
		for (n = (int)(next() % 5) - 2; n != 0; n += n > 0 ? -1 : 1)
			v = nextafter(v, n > 0 ? INFINITY : 0);
		return v;
	default: /* 14 to 18 digits, often ending in 5 or 50: rounding ties */
		if (u & 1)
			text[n++] = '-';
		text[n++] = (char)('1' + next() % 9);
		text[n++] = '.';
		for (int k = 14 + (int)(next() % 5); k > 1; k--)
			text[n++] = (char)('0' + next() % 10);
		if (next() & 1)
			text[n - 1] = '5';
		else if (next() & 1)
			memcpy(text + n - 2, "50", 2);
		snprintf(text + n, sizeof text - (size_t)n, "e%d",
		         (int)(next() % 640) - 320);
		return strtod(text, NULL);
	}
}

int main(int argc, char **argv)
{
	const char *n = argc > 1 ? argv[1] : getenv("MINK_TEXT_N");
	long count = n ? atol(n) : 400000, bad = 0;
	char got[CLI_NUM_MAX], want[CLI_NUM_MAX];

	for (long i = 0; i < count; i++) {
		double v = sample(i);

		if (!isfinite(v))
			continue;
		cli_fmtnum(got, v);
		reference(want, v);
		if (strcmp(got, want) != 0 && bad++ < 10)
			printf("fmtnum: %a gives %s, expected %s\n", v, got, want);
	}
	/* Integral ids: plain digits, as "%.0f" prints them. */
	for (long i = 0; i < count / 8; i++) {
		double v = (double)(long long)(next() >> (11 + next() % 53));

		if (i & 1)
			v = -v;
		if (v == 0)
			continue; /* "0" for both zeros, by definition */
		if (i == 0)
			v = 9007199254740992.0;
		size_t glen = cli_fmtint(got, v);

		snprintf(want, sizeof want, "%.0f", v);
		if ((strcmp(got, want) != 0 || glen != strlen(want)) && bad++ < 10)
			printf("fmtint: %.17g gives %s, expected %s\n", v, got, want);
	}
	/* Counts and other unsigned integers: plain digits, as "%llu". */
	for (long i = 0; i < count / 8; i++) {
		unsigned long long u = i < 2 ? (i ? ~0ULL : 0) : next() >> (next() % 64);
		size_t ulen = cli_fmtu64(got, u);

		snprintf(want, sizeof want, "%llu", u);
		if ((strcmp(got, want) != 0 || ulen != strlen(want)) && bad++ < 10)
			printf("fmtu64: %llu gives %s, expected %s\n", u, got, want);
	}
	printf("fmtnum: %ld values, %ld differ\n", count + count / 4, bad);
	return bad != 0;
}
