/*
 * fmtnum.c - doubles to text without losing a bit.
 *
 * The output is exactly the first of %.15g, %.16g and %.17g that strtod
 * reads back as the same double, but reached without printf or strtod for
 * almost every value.  A normal value whose significand is not a power of
 * two gets its shortest digits from Dragonbox (shortest_digits(): they
 * are that same text, see there).  For the others exact_digits() works on
 * the binary value itself with 128-bit integers, rounds it to 15, 16 and
 * 17 digits and decides whether
 * each candidate reads back by comparing it with the halfway points to the
 * neighbouring doubles (what a correctly rounded strtod does).  Values out
 * of its range (below 1e-11, from 1e17 up, subnormals) and compilers
 * without 128-bit integers take the printf path, one conversion instead of
 * three.  printf and strtod depend on LC_NUMERIC; mink never calls
 * setlocale, so the decimal point is always '.'.
 *
 * Most values a computation gives need all 17 digits: their 15- and
 * 16-digit roundings lie several units away from the value, farther than
 * the halfway points to its neighbours.  quick() sees that from the
 * integer parts in 64 bits, and the 128-bit comparisons run only for
 * candidates near a boundary; the digits are made eight at a time in the
 * lanes of a 64-bit integer.  The rule is not the shortest round-trip
 * form everywhere (5e-324 is written 4.94065645841247e-324 here, its 15
 * correctly rounded digits): mink's output keeps the %.15g, %.16g, %.17g
 * rule it has always had, and takes the shortest form only where the two
 * are the same.
 */
#include "text/fmtnum.h"
#include "text/shortest.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#endif

/* "00" to "99": the two digits of each number below 100. */
static const char pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/*
 * The fast path, for values that are a decimal with at most six places:
 * v == k / 10^6 exactly as strtod reads it.  Such a decimal has at most
 * 15 significant digits here and lies within half an ulp of v, so it is
 * what %.15g prints; the range keeps %g away from exponent notation.
 * Returns 0 when v is not such a value.
 */
static size_t short_decimal(char *buf, double v)
{
	char digits[24];
	double k;
	long long n;
	int len = 0, low = 0;
	char *p = buf;

	if (!(fabs(v) >= 1e-4 && fabs(v) < 1e9))
		return 0;
	k = nearbyint(v * 1e6);
	/* Division is correctly rounded, like strtod: this is the round trip. */
	if (k / 1e6 != v)
		return 0;
	n = (long long)fabs(k);
	do {
		digits[len++] = (char)('0' + n % 10);
		n /= 10;
	} while (n);
	while (len < 7)
		digits[len++] = '0';
	while (low < 6 && digits[low] == '0')
		low++; /* trailing zeros of the fraction */
	if (v < 0)
		*p++ = '-';
	for (int i = len - 1; i >= 6; i--)
		*p++ = digits[i];
	if (low < 6) {
		*p++ = '.';
		for (int i = 5; i >= low; i--)
			*p++ = digits[i];
	}
	*p = '\0';
	return (size_t)(p - buf);
}

/* How many bytes of digits format_g may read: 17 and a block of 16. */
enum { DIGITS_ROOM = 40 };

/*
 * Writes sign, digits[0..prec) * 10^(exp10 - 0) read as d.ddd... the way
 * "%.<prec>g" does: trailing zeros dropped, exponent form when exp10 < -4
 * or exp10 >= prec, the exponent with at least two digits.  digits has
 * DIGITS_ROOM bytes: the digits are copied in blocks of fixed size (a
 * few moves instead of a call to memcpy), with '0's after the last
 * significant one, and buf has room for them (CLI_NUM_MAX).
 */
static size_t format_g(char *buf, int neg, char *digits, int prec,
                       int exp10)
{
	char *p = buf;
	int n = prec;

	while (n > 1 && digits[n - 1] == '0')
		n--;
	memset(digits + n, '0', 17); /* n <= 17: within DIGITS_ROOM */
	*p = '-';
	p += neg;
	if (exp10 < -4 || exp10 >= prec) {
		int e = exp10 < 0 ? -exp10 : exp10;

		p[0] = digits[0];
		p[1] = '.';
		memcpy(p + 2, digits + 1, 16);
		p += n > 1 ? n + 1 : 1;
		*p++ = 'e';
		*p++ = exp10 < 0 ? '-' : '+';
		if (e >= 100)
			*p++ = (char)('0' + e / 100);
		*p++ = (char)('0' + e / 10 % 10);
		*p++ = (char)('0' + e % 10);
	} else if (exp10 >= 0) {
		/* the integer part: exp10 + 1 <= 17 digits, '0's past n */
		memcpy(p, digits, 17);
		p += exp10 + 1;
		if (n > exp10 + 1) {
			*p = '.';
			memcpy(p + 1, digits + exp10 + 1, 16);
			p += n - exp10;
		}
	} else {
		/* 0.000ddd: exp10 >= -4, at most three zeros */
		memcpy(p, "0.000", 5);
		p += 1 - exp10;
		memcpy(p, digits, 17);
		p += n;
	}
	*p = '\0';
	return (size_t)(p - buf);
}

/*
 * Rounds the 17 correctly rounded digits d17 to prec digits in out, and
 * returns 1 when that carries into a new leading digit, else 0.  Returns
 * -1 when the 17 digits cannot tell which way the value itself rounds:
 * when they stop exactly half way ("5" or "50").
 */
static int round_digits(const char *d17, int prec, char *out)
{
	int i;

	if (d17[prec] == '5') {
		for (i = prec + 1; i < 17 && d17[i] == '0'; i++)
			;
		if (i == 17)
			return -1;
	}
	memcpy(out, d17, (size_t)prec);
	if (d17[prec] < '5')
		return 0;
	for (i = prec - 1; i >= 0 && out[i] == '9'; i--)
		out[i] = '0';
	if (i < 0) {
		out[0] = '1';
		return 1;
	}
	out[i]++;
	return 0;
}

#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128;

/* 5^n and 10^n below 2^64. */
static const unsigned long long five_pow[28] = {
	1ULL, 5ULL, 25ULL, 125ULL, 625ULL, 3125ULL, 15625ULL, 78125ULL,
	390625ULL, 1953125ULL, 9765625ULL, 48828125ULL, 244140625ULL,
	1220703125ULL, 6103515625ULL, 30517578125ULL, 152587890625ULL,
	762939453125ULL, 3814697265625ULL, 19073486328125ULL,
	95367431640625ULL, 476837158203125ULL, 2384185791015625ULL,
	11920928955078125ULL, 59604644775390625ULL, 298023223876953125ULL,
	1490116119384765625ULL, 7450580596923828125ULL
};
static const unsigned long long ten_pow[18] = {
	1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
	10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
	100000000000ULL, 1000000000000ULL, 10000000000000ULL,
	100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
	100000000000000000ULL
};

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#if defined(__SSE2__) && defined(__x86_64__)
/*
 * The 8 digits of hi and then of lo (each below 10^8) as 16 ASCII bytes in
 * memory order, two words, made in the lanes of one SSE2 register (part
 * of every x86-64): x / 10^4 and x % 10^4 in 32-bit lanes, each split by
 * 100 in 16-bit lanes, each of those by 10 in bytes.
 */
static inline void digits16(unsigned long long hi, unsigned long long lo,
                            unsigned long long *w0, unsigned long long *w1)
{
	__m128i x = _mm_set_epi64x((long long)lo, (long long)hi);
	/* x / 10^4 = x * 0xD1B71759 >> 45 for x < 10^8 */
	__m128i q = _mm_srli_epi64(_mm_mul_epu32(x, _mm_set1_epi32((int)0xD1B71759)), 45);
	__m128i r = _mm_sub_epi32(x, _mm_mul_epu32(q, _mm_set1_epi32(10000)));
	__m128i g = _mm_or_si128(q, _mm_slli_epi64(r, 32)); /* 4 digits a lane */
	/* g / 100 = (g * 5243) >> 19 for g < 10^4 (the upper 16 bits of each
	   32-bit lane are 0, and stay so) */
	__m128i h = _mm_srli_epi16(_mm_mulhi_epu16(g, _mm_set1_epi32(5243)), 3);
	__m128i hr = _mm_sub_epi16(g, _mm_mullo_epi16(h, _mm_set1_epi32(100)));
	__m128i p = _mm_or_si128(h, _mm_slli_epi32(hr, 16)); /* 2 digits a lane */
	/* p / 10 = (p * 6554) >> 16 for p < 100 */
	__m128i t = _mm_mulhi_epu16(p, _mm_set1_epi16(6554));
	__m128i tr = _mm_sub_epi16(p, _mm_mullo_epi16(t, _mm_set1_epi16(10)));
	__m128i d = _mm_or_si128(t, _mm_slli_epi16(tr, 8)); /* a digit a byte */

	d = _mm_or_si128(d, _mm_set1_epi8('0'));
	*w0 = (unsigned long long)_mm_cvtsi128_si64(d);
	*w1 = (unsigned long long)_mm_cvtsi128_si64(_mm_unpackhi_epi64(d, d));
}
#else
/*
 * The 8 digits of x < 10^8 as 8 ASCII bytes in memory order, computed in
 * the lanes of one 64-bit integer: two 4-digit halves in 32-bit lanes,
 * each split by 100 into 16-bit lanes, each split by 10 into bytes.
 * x * 10486 >> 20 is x / 100 for x < 10^4, and x * 103 >> 10 is x / 10 for
 * x < 100; no lane overflows into the next.
 */
static inline unsigned long long digits8(unsigned long long x)
{
	unsigned long long a = x / 10000 | (x % 10000) << 32;
	unsigned long long b = (a * 10486 >> 20) & 0x0000007F0000007FULL;
	unsigned long long c = b | (a - b * 100) << 16;
	unsigned long long d = (c * 103 >> 10) & 0x000F000F000F000FULL;

	return (d | (c - d * 10) << 8) | 0x3030303030303030ULL;
}

/* The 8 digits of hi and then of lo, as the SSE2 version above. */
static inline void digits16(unsigned long long hi, unsigned long long lo,
                            unsigned long long *w0, unsigned long long *w1)
{
	*w0 = digits8(hi);
	*w1 = digits8(lo);
}
#endif

/*
 * The 17 digits of N (10^16 <= N < 10^17) in registers: digit 0 in the low
 * byte of *lo, digits 1-15 in its other bytes, digit 16 in *last.
 */
static inline void digits17(unsigned long long N, u128 *lo, char *last)
{
	unsigned long long low = N % 10000000000000000ULL, x, y;

	digits16(low / 100000000, low % 100000000, &x, &y); /* digits 1-8, 9-16 */
	*lo = (u128)('0' + N / 10000000000000000ULL) | (u128)x << 8 | (u128)y << 72;
	*last = (char)(y >> 56);
}

/* The 17 digits of N (10^16 <= N < 10^17). */
static void write_digits(char *digits, unsigned long long N)
{
	u128 lo;

	digits17(N, &lo, &digits[16]);
	memcpy(digits, &lo, 16);
}
#else
/* The 17 digits of N (10^16 <= N < 10^17), two at a time in 32 bits. */
static void write_digits(char *digits, unsigned long long N)
{
	unsigned hi = (unsigned)(N / 100000000), lo = (unsigned)(N % 100000000);

	for (int i = 15; i > 7; i -= 2) {
		memcpy(digits + i, pairs + 2 * (lo % 100), 2);
		lo /= 100;
	}
	for (int i = 7; i > 0; i -= 2) {
		memcpy(digits + i, pairs + 2 * (hi % 100), 2);
		hi /= 100;
	}
	digits[0] = (char)('0' + hi);
}
#endif

/*
 * Writes digits[0, prec) rounded up by one unit in the last place when `up`
 * (a carry out of 99..9 makes 10..0 and raises the exponent), "%g" style.
 */
static size_t emit(char *buf, int neg, char *digits, int prec, int exp10,
                   int up)
{
	if (up) {
		int i = prec - 1;

		while (i >= 0 && digits[i] == '9')
			digits[i--] = '0';
		if (i < 0) { /* 99..9 rounded up */
			digits[0] = '1';
			exp10++;
		} else {
			digits[i]++;
		}
	}
	return format_g(buf, neg, digits, prec, exp10);
}

/*
 * Whether the candidate of exact_digits that drops r of div units of N
 * (div 100 or 10) reads back.  The value is r + R / 2^t units of N above
 * the candidate rounded down, and it reads back when twice its distance
 * to the nearest candidate, in units of 2^-t, is below H2 = 5^-q (half
 * that room below a power of two, where the neighbour is nearer), or
 * equal to it with m even (strtod rounds ties to even).  The integer
 * parts (h = H2 >> t) decide most cases in 64 bits; the others are
 * compared exactly in 128.  Returns 1 (it reads back; *up: whether the
 * nearest candidate is the one rounded up), -1 (it does not) or 0 (r is
 * exactly half of div: the parity of the last digit decides, left to the
 * general test).
 */
static int quick(unsigned r, unsigned div, unsigned long long R, int t,
                 unsigned long long H2, unsigned long long m, int *up)
{
	/* div is even: 2r - div is even, and 2r == div is a tie unless R > 0 */
	unsigned long long h = H2 >> t;
	long long k, c = m == 1ULL << 52 ? 4 : 2;
	u128 lim;

	if (2 * r == div && R == 0)
		return 0;
	*up = 2 * r >= div;
	if (*up) {
		/* twice the distance: 2 (div - r) 2^t - 2R, against H2 */
		k = 2 * (long long)(div - r) - (long long)h;
		if (k >= 3)
			return -1; /* at least 3 * 2^t - 2R > H2 */
		if (k <= -1)
			return 1;  /* at most H2 - 2^t - 2R < H2 */
		lim = 2 * ((((u128)(div - r)) << t) - R);
	} else {
		/* c (r 2^t + R), c = 2 (4 below a power of two) */
		k = c * (long long)r - (long long)h;
		if (k >= 1)
			return -1; /* at least H2 - (H2 mod 2^t) + 2^t > H2 */
		if (k <= -c - 1)
			return 1;  /* below H2 - 2^t */
		lim = (u128)c * ((((u128)r) << t) + R);
	}
	return lim < H2 || (lim == H2 && !(m & 1)) ? 1 : -1;
}

/*
 * The formatted text of m * 2^e (m < 2^53, normal), with sign `neg`, or 0
 * when the value is out of range.  With q = (decimal exponent) - 16 in
 * [-27, 0], the value times 10^-q is P * 2^-t with P = m * 5^-q below
 * 2^117: its integer part N has 17 digits and its fraction is R / 2^t,
 * both exact.  Every quantity below is measured in units of 2^-t (or 1
 * when t <= 0) of that scaled value, so the candidates, the value and
 * the halfway points to its neighbours compare as integers.
 */
static size_t exact_digits(char *buf, int neg, unsigned long long m, int e)
{
	char digits[DIGITS_ROOM];
	int n = e + 52, q, t, shift;
	u128 P, R, H2;
	unsigned long long N;

	/* floor(n * log10(2)), give or take one: corrected below. */
	q = (n >= 0 ? n * 78913 / 262144 : -((-n * 78913 + 262143) / 262144)) - 16;
	for (;;) {
		u128 whole;

		if (q < -27 || q > 0)
			return 0;
		P = (u128)m * five_pow[-q];
		t = q - e;
		if (t > 0) {
			whole = P >> t;
			R = P & (((u128)1 << t) - 1);
		} else {
			whole = P << -t;
			R = 0;
		}
		if (whole >= ten_pow[17])
			q++;
		else if (whole < ten_pow[16])
			q--;
		else {
			N = (unsigned long long)whole;
			break;
		}
	}
	write_digits(digits, N);
	if (t > 0) {
		/*
		 * The common case: R < 2^t <= 2^63 (as P < 2^116 and N >= 2^53)
		 * and H2 = 5^-q < 2^63.  quick() decides each candidate, mostly
		 * in 64 bits; only a tie goes to the general test below.
		 */
		unsigned long long H = five_pow[-q], R64 = (unsigned long long)R;
		unsigned r15 = (unsigned)(N % 100);
		int up;

		switch (quick(r15, 100, R64, t, H, m, &up)) {
		case 1:
			return emit(buf, neg, digits, 15, q + 16, up);
		case 0:
			goto exact;
		}
		switch (quick(r15 % 10, 10, R64, t, H, m, &up)) {
		case 1:
			return emit(buf, neg, digits, 16, q + 16, up);
		case 0:
			goto exact;
		}
		up = R64 > 1ULL << (t - 1) || (R64 == 1ULL << (t - 1) && (N & 1));
		return emit(buf, neg, digits, 17, q + 16, up);
	}
exact:
	shift = t > 0 ? t : 0;
	/* Twice the distance from the value to the halfway points: 2^(e-1). */
	H2 = t > 0 ? (u128)five_pow[-q] : (u128)five_pow[-q] << -t;
	for (int prec = 15; prec <= 17; prec++) {
		/* r: the digits dropped, as a number of units of the last kept */
		unsigned r = prec == 15 ? (unsigned)(digits[15] - '0') * 10 +
		                              (unsigned)(digits[16] - '0')
		           : prec == 16 ? (unsigned)(digits[16] - '0') : 0;
		unsigned div = prec == 15 ? 100 : prec == 16 ? 10 : 1;
		u128 below = ((u128)r << shift) + R; /* value - candidate */
		u128 unit = (u128)div << shift, lim;
		int up = 2 * below > unit ||
		         (2 * below == unit && ((digits[prec - 1] - '0') & 1));

		/* Correctly rounded to prec digits; lim: twice the distance. */
		if (up) {
			lim = 2 * (unit - below);
		} else {
			/* Below 2^52 * 2^e the neighbour is nearer: half the room. */
			lim = m == 1ULL << 52 ? 4 * below : 2 * below;
		}
		/* strtod rounds ties to even: the halfway point reads back as v
		   only when m is even.  17 digits always read back. */
		if (prec == 17 || lim < H2 || (lim == H2 && !(m & 1)))
			return emit(buf, neg, digits, prec, q + 16, up);
	}
	return 0; /* not reached */
}

/*
 * A positive normal v whose significand is not a power of two, from its
 * shortest decimal D (k digits, cli_shortest).  That is mink's text too:
 * the halfway points to v's neighbours lie ulp/2 on either side, so v's
 * room is at most 2^-52 v wide.  If k <= 15, D padded with zeros is a
 * 15-digit decimal in the room; 15-digit decimals lie at least 10^-15 v
 * apart, so it is the only one there, and the correctly rounded 15 digits
 * (%.15g), no farther from v, are D.  If k = 16, no 15-digit candidate
 * reads back, and the correctly rounded 16 digits are the nearest 16-digit
 * decimal to v: in the room whenever any 16-digit decimal is, and then the
 * nearest one, D (ties to even as printf rounds).  If k = 17, D is the
 * nearest 17-digit decimal, %.17g.  %g's choice of exponent form depends
 * on the precision, 15 for D shorter than 15 digits.  Below a power of two
 * the room is not symmetric (the lower neighbour is nearer), and there the
 * argument fails: exact_digits handles those values.
 */
static size_t shortest_digits(char *buf, int neg, double v)
{
	char digits[DIGITS_ROOM];
	cli_decimal r = cli_shortest(v);
	unsigned long long d = r.digits, n;
	int e = r.exp10, k;

	/* k digits: from the bit length (log10(2) ~ 1233 / 4096), then one step */
	k = (64 - __builtin_clzll(d)) * 1233 >> 12;
	k += d >= ten_pow[k];
	e += k - 1; /* the exponent of the first digit */
	n = d * ten_pow[17 - k]; /* 17 digits, zeros past the k-th */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (e >= -4 && e < 15) {
		/*
		 * Plain notation, the usual case: the 17 digit bytes made in
		 * registers and stored whole, so nothing is read back from memory
		 * just written.
		 */
		u128 lo;
		char *p = buf + neg, last;

		buf[0] = '-';
		digits17(n, &lo, &last);
		if (e < 0) { /* 0.000ddd: at most three zeros */
			memcpy(p, "0.000", 5);
			p += 1 - e;
			memcpy(p, &lo, 16);
			p[16] = last;
			p += k;
		} else if (k <= e + 1) { /* an integer: e + 1 digits */
			memcpy(p, &lo, 16);
			p[16] = last;
			p += e + 1;
		} else { /* e + 1 digits, the point, the other k - e - 1 */
			int l = e + 1;
			u128 rest = lo >> (8 * l) | (u128)(unsigned char)last << (8 * (16 - l));

			memcpy(p, &lo, 16);
			p[l] = '.';
			memcpy(p + l + 1, &rest, 16);
			p += k + 1;
		}
		*p = '\0';
		return (size_t)(p - buf);
	}
#endif
	write_digits(digits, n);
	return format_g(buf, neg, digits, k < 15 ? 15 : k, e);
}
#endif

/* Every value but a normal one whose significand is not a power of two. */
__attribute__((noinline)) static size_t fmtnum_rest(char *buf, double v)
{
	char text[CLI_NUM_MAX], d17[DIGITS_ROOM], digits[DIGITS_ROOM];
	int neg, exp10;
	size_t len;

	if (!isfinite(v)) {
		buf[0] = '\0';
		return 0;
	}
	if (v == 0) {
		buf[0] = '0';
		buf[1] = '\0';
		return 1;
	}
#ifdef __SIZEOF_INT128__
	{
		unsigned long long bits;
		int biased;

		memcpy(&bits, &v, sizeof bits);
		biased = (int)(bits >> 52 & 0x7FF);
		if (biased > 0 &&
		    (len = exact_digits(buf, (int)(bits >> 63),
		                        (bits & ((1ULL << 52) - 1)) | 1ULL << 52,
		                        biased - 1075)) > 0)
			return len;
	}
#endif
	if ((len = short_decimal(buf, v)) > 0)
		return len;
	/*
	 * One conversion to 17 digits ("-d.dddddddddddddddde-XX"), which always
	 * round-trip; the 15- and 16-digit candidates are rounded from them.
	 */
	snprintf(text, sizeof text, "%.16e", v);
	neg = text[0] == '-';
	d17[0] = text[neg];
	memcpy(d17 + 1, text + neg + 2, 16);
	exp10 = atoi(text + neg + 19);
	for (int prec = 15; prec <= 16; prec++) {
		int carry = round_digits(d17, prec, digits);

		if (carry < 0)
			snprintf(buf, CLI_NUM_MAX, "%.*g", prec, v);
		else
			format_g(buf, neg, digits, prec, exp10 + carry);
		if (strtod(buf, NULL) == v)
			return strlen(buf);
	}
	return format_g(buf, neg, d17, 17, exp10);
}

/*
 * The usual value (normal, its significand not a power of two) goes
 * straight to shortest_digits(); all else to fmtnum_rest(), which keeps
 * its buffers off this path's stack frame.
 */
size_t cli_fmtnum(char *buf, double v)
{
#ifdef __SIZEOF_INT128__
	unsigned long long bits;

	memcpy(&bits, &v, sizeof bits);
	if (((bits >> 52 & 0x7FF) - 1) < 0x7FE && (bits & ((1ULL << 52) - 1)) != 0)
		return shortest_digits(buf, (int)(bits >> 63), fabs(v));
#endif
	return fmtnum_rest(buf, v);
}

size_t cli_fmtu64(char *buf, unsigned long long n)
{
	unsigned long long t = n;
	size_t len = 1;
	char *q;

	while (t >= 10) {
		t /= 10;
		len++;
	}
	q = buf + len;
	*q = '\0';
	while (n >= 100) {
		q -= 2;
		memcpy(q, pairs + 2 * (n % 100), 2);
		n /= 100;
	}
	if (n >= 10)
		memcpy(q - 2, pairs + 2 * n, 2);
	else
		q[-1] = (char)('0' + n);
	return len;
}

size_t cli_fmtint(char *buf, double v)
{
	double mag = fabs(v);

	/* Exact in a long long: digits by hand, not printf. */
	if (mag <= 9007199254740992.0 && mag == (double)(unsigned long long)mag) {
		buf[0] = '-';
		return (size_t)(v < 0) + cli_fmtu64(buf + (v < 0), (unsigned long long)mag);
	}
	return (size_t)snprintf(buf, CLI_NUM_MAX, "%.0f", v);
}
