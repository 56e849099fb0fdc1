/*
 * instream.h - the bytes of an input, decompressed when they are gzip or
 * zstd data (told by their magic bytes), plain otherwise.
 */
#ifndef CLI_TEXT_INSTREAM_H
#define CLI_TEXT_INSTREAM_H

#include <stddef.h>
#include <sys/types.h>

typedef struct cli_instream cli_instream;

/** A stream over file descriptor fd (not closed by the stream). */
cli_instream *cli_instream_new(int fd);

/**
 * Reads up to n bytes (n > 0) of the input's text.  Returns how many, 0 at
 * its end, -1 when read(2) failed (errno set; EINTR is returned, not
 * retried, and the call may be repeated), -2 when the compressed data is
 * corrupt or truncated (cli_instream_message says so).
 */
ssize_t cli_instream_read(cli_instream *s, char *buf, size_t n);

/** After -2: what is wrong, e.g. "truncated gzip data". */
const char *cli_instream_message(const cli_instream *s);

/** "gzip" or "zstd" for compressed input, else NULL (known after a read). */
const char *cli_instream_format(const cli_instream *s);

void cli_instream_free(cli_instream *s);

#endif /* CLI_TEXT_INSTREAM_H */
