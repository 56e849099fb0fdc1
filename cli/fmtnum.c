/*
 * fmtnum.c - doubles to text without losing a bit.
 *
 * The output is exactly the first of %.15g, %.16g and %.17g that strtod
 * reads back as the same double, but reached with less work: most values
 * take a fast path, and the others need one printf conversion instead of
 * three.  printf and strtod depend on LC_NUMERIC; mink never calls
 * setlocale, so the decimal point is always '.'.
 */
#include "fmtnum.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/*
 * Writes sign, digits[0..prec) * 10^(exp10 - 0) read as d.ddd... the way
 * "%.<prec>g" does: trailing zeros dropped, exponent form when exp10 < -4
 * or exp10 >= prec, the exponent with at least two digits.
 */
static size_t format_g(char *buf, int neg, const char *digits, int prec,
                       int exp10)
{
	char *p = buf;
	int n = prec;

	while (n > 1 && digits[n - 1] == '0')
		n--;
	if (neg)
		*p++ = '-';
	if (exp10 < -4 || exp10 >= prec) {
		int e = exp10 < 0 ? -exp10 : exp10;

		*p++ = digits[0];
		if (n > 1) {
			*p++ = '.';
			memcpy(p, digits + 1, (size_t)(n - 1));
			p += n - 1;
		}
		*p++ = 'e';
		*p++ = exp10 < 0 ? '-' : '+';
		if (e >= 100)
			*p++ = (char)('0' + e / 100);
		*p++ = (char)('0' + e / 10 % 10);
		*p++ = (char)('0' + e % 10);
	} else if (exp10 >= 0) {
		for (int i = 0; i <= exp10; i++)
			*p++ = i < n ? digits[i] : '0';
		if (n > exp10 + 1) {
			*p++ = '.';
			memcpy(p, digits + exp10 + 1, (size_t)(n - exp10 - 1));
			p += n - exp10 - 1;
		}
	} else {
		*p++ = '0';
		*p++ = '.';
		for (int i = 0; i < -exp10 - 1; i++)
			*p++ = '0';
		memcpy(p, digits, (size_t)n);
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

size_t cli_fmtnum(char *buf, double v)
{
	char text[CLI_NUM_MAX], d17[17], digits[17];
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

size_t cli_fmtint(char *buf, double v)
{
	if (v == 0) {
		buf[0] = '0';
		buf[1] = '\0';
		return 1;
	}
	return (size_t)snprintf(buf, CLI_NUM_MAX, "%.0f", v);
}
