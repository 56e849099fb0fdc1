/*
 * fmtnum.h - shortest decimal text of a double that reads back exactly.
 */
#ifndef CLI_TEXT_FMTNUM_H
#define CLI_TEXT_FMTNUM_H

#include <stddef.h>

/**
 * Room for any number cli_fmtnum writes, NUL included (the longest is 24
 * bytes; the rest lets it copy digits in blocks of fixed size).
 */
#define CLI_NUM_MAX 40

/**
 * Writes v to buf (CLI_NUM_MAX bytes) as the shortest of %.15g, %.16g and
 * %.17g that strtod turns back into v, and returns its length.  Negative
 * zero is written as "0".  Non-finite values, which JSON cannot hold, give
 * an empty string and 0.
 */
size_t cli_fmtnum(char *buf, double v);

/** Writes an integral double (|v| <= 2^53) in plain digits, no exponent. */
size_t cli_fmtint(char *buf, double v);

/** Writes n in plain digits (two at a time from a table); its length. */
size_t cli_fmtu64(char *buf, unsigned long long n);

#endif /* CLI_TEXT_FMTNUM_H */
