/*
 * shortest.h - the shortest decimal of a double (cli/text/shortest.cc).
 */
#ifndef CLI_TEXT_SHORTEST_H
#define CLI_TEXT_SHORTEST_H

#ifdef __cplusplus
extern "C" {
#endif

/*
 * v: finite, positive and normal.  digits * 10^exp10 is the shortest
 * decimal that a correctly rounded strtod reads back as v, the nearest to
 * v of those (a tie to the even last digit), without trailing zeros:
 * 1 <= digits < 10^17.  Returned by value (in registers).
 */
typedef struct cli_decimal {
	unsigned long long digits;
	int exp10;
} cli_decimal;

cli_decimal cli_shortest(double v);

#ifdef __cplusplus
}
#endif

#endif /* CLI_TEXT_SHORTEST_H */
