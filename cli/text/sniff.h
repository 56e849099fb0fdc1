/*
 * sniff.h - telling a file that is not pairs (or not results) by its first
 * bytes or its first record, to say so once instead of once per line.
 */
#ifndef CLI_TEXT_SNIFF_H
#define CLI_TEXT_SNIFF_H

#include <stddef.h>

/**
 * Looks at the first n bytes of an input's text (what the first read
 * gave; after decompression).  When they are not JSON text at all - a
 * NUL or other control byte, the magic bytes of a format mink does not
 * read (bzip2, xz, zip, PDF, ELF, ...), UTF-16, a CSV header, an OBJ
 * file, markup - writes into msg (of `size` bytes) what the input looks
 * like and what to do, and returns 1; else returns 0.
 */
int cli_sniff_text(const char *p, size_t n, char *msg, size_t size);

/**
 * Whether the first record (text[0, len), NUL-terminated) of a file of
 * pairs is a result record of mink's instead (an object with "status" and
 * no "a"): 1 with msg filled, else 0.
 */
int cli_sniff_results(const char *text, size_t len, char *msg, size_t size);

/**
 * For mink diff: whether the first record of a file of results is a pair
 * (an object with "a" and "b" and no "status"): 1 with msg filled, else 0.
 */
int cli_sniff_pairs(const char *text, size_t len, char *msg, size_t size);

#endif /* CLI_TEXT_SNIFF_H */
