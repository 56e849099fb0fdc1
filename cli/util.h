/*
 * util.h - small helpers shared by the rooms of cli/.
 */
#ifndef CLI_UTIL_H
#define CLI_UTIL_H

#include <stddef.h>

#ifdef __GNUC__
#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define CLI_NORETURN __attribute__((noreturn))
#else
#define CLI_PRINTF(f, a)
#define CLI_NORETURN
#endif

/** realloc that never returns NULL: on failure it reports and exits 2. */
void *cli_xrealloc(void *p, size_t size);

/** Prints "mink: out of memory" and exits with status 2. */
CLI_NORETURN void cli_out_of_memory(void);

/** A growable byte buffer; start from {0}. */
typedef struct cli_buf {
	char *data;
	size_t len, cap;
} cli_buf;

/** Makes room for `extra` more bytes and returns where they go. */
char *cli_buf_reserve(cli_buf *b, size_t extra);

/** Appends `n` bytes. */
void cli_buf_put(cli_buf *b, const char *s, size_t n);

/** Appends a NUL-terminated string. */
void cli_buf_puts(cli_buf *b, const char *s);

/** Appends one byte. */
void cli_buf_putc(cli_buf *b, char c);

/** Releases the buffer's memory and empties it. */
void cli_buf_free(cli_buf *b);

#endif /* CLI_UTIL_H */
