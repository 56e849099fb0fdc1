/*
 * buf.h - allocation, byte buffers and text quoted in messages: the small
 * helpers every room of cli/ uses.
 */
#ifndef CLI_TEXT_BUF_H
#define CLI_TEXT_BUF_H

#include <stddef.h>
#include <string.h>

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

/**
 * Makes room for `extra` more bytes and returns where they go (the slow
 * path of cli_buf_reserve: it grows the buffer).
 */
char *cli_buf_grow(cli_buf *b, size_t extra);

/*
 * The appends are inline: the writer makes a few dozen of them per output
 * record, and a call each cost more than the copy.
 */

/** Makes room for `extra` more bytes and returns where they go. */
static inline char *cli_buf_reserve(cli_buf *b, size_t extra)
{
	if (b->data && b->cap - b->len >= extra)
		return b->data + b->len;
	return cli_buf_grow(b, extra);
}

/** Appends `n` bytes. */
static inline void cli_buf_put(cli_buf *b, const char *s, size_t n)
{
	if (n == 0)
		return; /* s may be NULL then */
	memcpy(cli_buf_reserve(b, n), s, n);
	b->len += n;
}

/** Appends a NUL-terminated string. */
static inline void cli_buf_puts(cli_buf *b, const char *s)
{
	cli_buf_put(b, s, strlen(s));
}

/** Appends one byte. */
static inline void cli_buf_putc(cli_buf *b, char c)
{
	*cli_buf_reserve(b, 1) = c;
	b->len++;
}

/** Releases the buffer's memory and empties it. */
void cli_buf_free(cli_buf *b);

/**
 * Input text as quoted in a message, in out[cap] (cap >= 8): control bytes
 * replaced by '?', cut at a UTF-8 character boundary and marked "..." when
 * it does not fit.  Returns out.
 */
const char *cli_shown(char *out, size_t cap, const char *s);

/**
 * Length of the well-formed UTF-8 sequence (RFC 3629) at NUL-terminated s,
 * or 0 when the bytes there are not one.
 */
size_t cli_utf8_len(const unsigned char *s);

/**
 * The directory part of a file's path, to resolve paths written relative
 * to the file ("/" for "/x.json"); NULL when the path has no '/' (the
 * working directory).  Allocated: free it.
 */
char *cli_path_dir(const char *path);

#endif /* CLI_TEXT_BUF_H */
