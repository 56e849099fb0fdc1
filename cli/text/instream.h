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

/*
 * Stopping a reader that waits for input.  cli_instream_wake_init makes a
 * pipe (once; -1 if it cannot); from then on a read of a pipe, terminal or
 * socket waits for its input and the pipe together, and after
 * cli_instream_wake every read returns -1 with errno EINTR at once, in
 * every thread, for good.  cli_instream_wake is async-signal-safe: an
 * interrupt handler calls it, or a thread that wants the reading to stop
 * (a write that failed).  Reads of regular files, which do not wait, are
 * not looked at.
 */
int cli_instream_wake_init(void);
void cli_instream_wake(void);
/** Whether cli_instream_wake has been called. */
int cli_instream_woken(void);

#endif /* CLI_TEXT_INSTREAM_H */
