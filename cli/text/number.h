/*
 * number.h - JSON numbers to doubles, correctly rounded, inline.
 *
 * The reader of fastjson.c, in a header so that the one-pass pair reader
 * (fastpair.c) has it inline in its loops: a record has some twenty
 * numbers, and two calls each cost a tenth of their reading.  A number
 * whose significant digits form an integer w up to 2^53, with a decimal
 * exponent within 22, is one correctly rounded IEEE division or
 * multiplication of two exact doubles, which is what strtod returns
 * (Clinger, "How to read floating point numbers accurately", PLDI 1990);
 * numbers of more than 19 digits go to cli_json_number_general
 * (fastjson.c), and those it cannot take exactly to strtod.
 */
#ifndef CLI_TEXT_NUMBER_H
#define CLI_TEXT_NUMBER_H

#include <float.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Longer numbers are refused (cJSON's limit, CLI_JSON_MAX_NUMBER). */
#define CLI_NUMBER_MAX 63

/* Any number of digits (fastjson.c): the slow path of cli_number_at. */
int cli_json_number_general(const char *text, const char **end, double *out);

static inline int num_is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/*
 * The end of a number from start (its sign included): at s, after the
 * digits, an optional exponent; w and exp10 are the digits read and the
 * power of ten they imply (w above 2^53 when they are not exact).  A w
 * that is a double exactly, times an exact power of ten, rounds once; all
 * else goes to strtod.
 */
static inline int num_tail(const unsigned char *start, const unsigned char *s, uint64_t w,
                           int exp10, int short_digits, const char **end, double *out)
{
	static const double ten[23] = {
		1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
		1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
	};
	double v;
	int fast = w <= (uint64_t)1 << 53, e_part = (*s | 0x20) == 'e'; /* 'e' or 'E' */

	if (e_part) {
		int eneg = 0, e = 0;

		s++;
		if (*s == '+' || *s == '-')
			eneg = *s++ == '-';
		if (!num_is_digit(*s))
			return -1;
		for (; num_is_digit(*s); s++)
			if (e < 100000)
				e = e * 10 + (*s - '0');
		exp10 += eneg ? -e : e;
	}
	/* At most 19 digits and no exponent (short_digits): exp10 >= -19 and
	   the text is far shorter than CLI_NUMBER_MAX. */
	if (!short_digits || e_part) {
		if (s - start > CLI_NUMBER_MAX)
			return -1;
		fast = fast && exp10 >= -22 && exp10 <= 22;
	}
#if FLT_EVAL_METHOD == 0 /* no excess precision: one rounding */
	if (fast) {
		v = exp10 < 0 ? (double)w / ten[-exp10] : (double)w * ten[exp10];
		if (*start == '-')
			v = -v;
	} else
#endif
	{
		v = strtod((const char *)start, NULL); /* the sign included */
	}
	*out = v;
	*end = (const char *)s;
	return 0;
}

/*
 * Eight bytes at s as a little-endian word.
 */
static inline uint64_t num_load8(const unsigned char *s)
{
	uint64_t v;

	memcpy(&v, s, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

/*
 * The value of eight digits given as bytes 0..9 of a little-endian word,
 * the first digit in the lowest byte, in three multiplications: pairs of
 * digits (a * 10 + b in each 16-bit lane), then pairs of pairs, then the
 * two halves.  Zero bytes below the digits are leading zeros.
 */
static inline uint64_t num_eight(uint64_t t)
{
	t = (t * 10 + (t >> 8)) & 0x00FF00FF00FF00FFULL;      /* 2 digits a lane */
	t = (t * 100 + (t >> 16)) & 0x0000FFFF0000FFFFULL;    /* 4 digits */
	return (t * 10000 + (t >> 32)) & 0xFFFFFFFFULL;       /* 8 */
}

/*
 * Digits at *p added to w (modulo 2^64, as one at a time would), a word
 * of eight bytes at a time while room - *p leaves eight to read.  In a
 * word v, a byte is a digit when neither v - '0' nor v + (0x80 - 0x3A)
 * sets its high bit; below the first byte that is not a digit neither
 * sum carries or borrows, so the lowest high bit of the two is exactly
 * the end of the run.  Its n digits, moved to the top of the word, are
 * one number of eight digits with 8 - n leading zeros.
 */
static inline uint64_t num_digit_run(const unsigned char **p, const unsigned char *room,
                                     uint64_t w)
{
	static const uint64_t pow10[8] = {
		1, 10, 100, 1000, 10000, 100000, 1000000, 10000000
	};
	const unsigned char *s = *p;

	while (room - s >= 8) {
		uint64_t v = num_load8(s), t = v - 0x3030303030303030ULL;
		uint64_t ends = (t | (v + 0x4646464646464646ULL)) & 0x8080808080808080ULL;
		unsigned n;

		if (!ends) {
			w = w * 100000000 + num_eight(t);
			s += 8;
			continue;
		}
		n = (unsigned)__builtin_ctzll(ends) >> 3;
		if (n) {
			w = w * pow10[n] + num_eight(t << (64 - 8 * n));
			s += n;
		}
		*p = s;
		return w;
	}
	while (num_is_digit(*s))
		w = w * 10 + (uint64_t)(*s++ - '0');
	*p = s;
	return w;
}

/*
 * The usual number has at most 19 digits: they are gathered in one pass
 * without counting significant ones (leading zeros add nothing to w),
 * and only longer numbers take the general path.  Bytes up to room may
 * be read (room == text: none past the number's end).
 */
static inline __attribute__((always_inline)) int
cli_number_at(const char *text, const unsigned char *room, const char **end, double *out)
{
	const unsigned char *s = (const unsigned char *)text, *start = s, *digits;
	uint64_t w = 0;
	int exp10 = 0;
	long n;

	s += *s == '-';
	digits = s;
	if (*s == '0') {
		if (num_is_digit(*++s))
			return -1; /* a leading zero */
	} else {
		if (!num_is_digit(*s))
			return -1;
		w = num_digit_run(&s, room, 0);
	}
	n = s - digits;
	if (*s == '.') {
		const unsigned char *frac = ++s;

		if (!num_is_digit(*s))
			return -1;
		w = num_digit_run(&s, room, w);
		exp10 = -(int)(s - frac);
		n += s - frac;
	}
	if (n > 19) /* w may have wrapped: count the significant digits */
		return cli_json_number_general(text, end, out);
	return num_tail(start, s, w, exp10, 1, end, out);
}

#endif /* CLI_TEXT_NUMBER_H */
