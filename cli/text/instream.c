/*
 * instream.c - plain, gzip (zlib) or zstd (libzstd) input as one byte
 * stream.
 *
 * The format is told by the first bytes: 1F 8B is gzip (RFC 1952), 28 B5
 * 2F FD a zstd frame (RFC 8878); anything else is passed through as is.
 * Concatenated gzip members and zstd frames are read one after the other,
 * as gzip -d and zstd -d do.  The decompressed bytes are what the splitter
 * sees, so lines and columns are those of the text.  Memory is two fixed
 * buffers and the decoder's window (zstd refuses frames that ask for more
 * than its default limit of 128 MiB).
 */
#include "text/instream.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include "text/buf.h"

enum { IN_CHUNK = 64 * 1024 };

enum kind { K_DETECT, K_PLAIN, K_GZIP, K_ZSTD };

struct cli_instream {
	int fd;
	int waits;           /* fd is no regular file: a read may wait */
	enum kind kind;
	unsigned char *in;   /* compressed bytes (or the plain prefix) */
	size_t in_len, in_pos;
	int in_eof;
	int failed;          /* after -2: every later read says -2 */
	const char *msg;
	z_stream z;
	int z_open, z_end;   /* inflate initialised; a member just ended */
	ZSTD_DStream *zs;
	size_t zs_hint;      /* ZSTD_decompressStream's last return: 0 at a frame's end */
};

cli_instream *cli_instream_new(int fd)
{
	cli_instream *s = cli_xrealloc(NULL, sizeof *s);
	struct stat st;

	memset(s, 0, sizeof *s);
	s->fd = fd;
	s->waits = fstat(fd, &st) != 0 || !S_ISREG(st.st_mode);
	s->kind = K_DETECT;
	s->in = cli_xrealloc(NULL, IN_CHUNK);
	return s;
}

void cli_instream_free(cli_instream *s)
{
	if (!s)
		return;
	if (s->z_open)
		inflateEnd(&s->z);
	ZSTD_freeDStream(s->zs);
	free(s->in);
	free(s);
}

const char *cli_instream_message(const cli_instream *s)
{
	return s->msg;
}

const char *cli_instream_format(const cli_instream *s)
{
	return s->kind == K_GZIP ? "gzip" : s->kind == K_ZSTD ? "zstd" : NULL;
}

/* --- Stopping a reader ------------------------------------------------------- */

/* The wake pipe (a self-pipe): written once to stop, never drained. */
static int wake_fd[2] = {-1, -1};
static volatile sig_atomic_t woken;

int cli_instream_wake_init(void)
{
	if (wake_fd[0] >= 0)
		return 0;
	if (pipe(wake_fd) != 0) {
		wake_fd[0] = wake_fd[1] = -1;
		return -1;
	}
	for (int i = 0; i < 2; i++) {
		fcntl(wake_fd[i], F_SETFD, FD_CLOEXEC);
		fcntl(wake_fd[i], F_SETFL, fcntl(wake_fd[i], F_GETFL) | O_NONBLOCK);
	}
	return 0;
}

void cli_instream_wake(void)
{
	int saved = errno;

	woken = 1;
	if (wake_fd[1] >= 0 && write(wake_fd[1], "", 1) < 0) {
		/* full: it is readable already */
	}
	errno = saved;
}

int cli_instream_woken(void)
{
	return woken;
}

/*
 * read(2) of the input, or -1 with EINTR once woken: a read that may wait
 * waits for the input and the wake pipe together, so a wake that comes
 * before the read is not missed.
 */
static ssize_t raw_read(cli_instream *s, void *buf, size_t n)
{
	if (woken) {
		errno = EINTR;
		return -1;
	}
	if (s->waits && wake_fd[0] >= 0) {
		struct pollfd p[2] = {{s->fd, POLLIN, 0}, {wake_fd[0], POLLIN, 0}};

		if (poll(p, 2, -1) < 0)
			return -1; /* EINTR: the caller asks again */
		if (p[1].revents) {
			errno = EINTR;
			return -1;
		}
	}
	return read(s->fd, buf, n);
}

/* More compressed bytes into s->in (those not yet used are kept). */
static int refill(cli_instream *s)
{
	ssize_t n;

	if (s->in_pos > 0) {
		memmove(s->in, s->in + s->in_pos, s->in_len - s->in_pos);
		s->in_len -= s->in_pos;
		s->in_pos = 0;
	}
	n = raw_read(s, s->in + s->in_len, IN_CHUNK - s->in_len);
	if (n < 0)
		return -1;
	if (n == 0)
		s->in_eof = 1;
	s->in_len += (size_t)n;
	return 0;
}

static ssize_t fail(cli_instream *s, const char *msg)
{
	s->failed = 1;
	s->msg = msg;
	return -2;
}

/* Whether the compressed input is used up: no byte left, none to come. */
static int drained(const cli_instream *s)
{
	return s->in_pos == s->in_len && s->in_eof;
}

/*
 * Each decoder is called with the bytes at hand, none at the very end (to
 * let out what it still holds); a stream that ends inside a member or a
 * frame is truncated.
 */
static ssize_t read_gzip(cli_instream *s, char *buf, size_t n)
{
	if (n > UINT_MAX)
		n = UINT_MAX;
	for (;;) {
		int rc;
		size_t made;

		if (s->in_pos == s->in_len && !s->in_eof) {
			if (refill(s) < 0)
				return -1;
			continue;
		}
		if (s->z_end) {
			if (drained(s))
				return 0;
			/* Another member follows (gzip -d reads them all). */
			if (inflateReset(&s->z) != Z_OK)
				return fail(s, "corrupt gzip data");
			s->z_end = 0;
		}
		s->z.next_in = s->in + s->in_pos;
		s->z.avail_in = (uInt)(s->in_len - s->in_pos);
		s->z.next_out = (unsigned char *)buf;
		s->z.avail_out = (uInt)n;
		rc = inflate(&s->z, Z_NO_FLUSH);
		s->in_pos = s->in_len - s->z.avail_in;
		made = n - s->z.avail_out;
		if (rc == Z_STREAM_END)
			s->z_end = 1;
		else if (rc == Z_MEM_ERROR)
			cli_out_of_memory();
		else if (rc != Z_OK && rc != Z_BUF_ERROR)
			return fail(s, "corrupt gzip data");
		if (made > 0)
			return (ssize_t)made;
		if (drained(s) && !s->z_end)
			return fail(s, "truncated gzip data");
	}
}

static ssize_t read_zstd(cli_instream *s, char *buf, size_t n)
{
	for (;;) {
		ZSTD_inBuffer zin;
		ZSTD_outBuffer zout = {buf, n, 0};
		size_t rc;

		if (s->in_pos == s->in_len && !s->in_eof) {
			if (refill(s) < 0)
				return -1;
			continue;
		}
		if (drained(s) && s->zs_hint == 0)
			return 0;
		zin.src = s->in;
		zin.size = s->in_len;
		zin.pos = s->in_pos;
		rc = ZSTD_decompressStream(s->zs, &zout, &zin);
		s->in_pos = zin.pos;
		if (ZSTD_isError(rc))
			return fail(s, ZSTD_getErrorCode(rc) == ZSTD_error_frameParameter_windowTooLarge
			               ? "zstd data with a window beyond 128 MiB"
			               : "corrupt zstd data");
		s->zs_hint = rc;
		if (zout.pos > 0)
			return (ssize_t)zout.pos;
		if (drained(s) && rc != 0)
			return fail(s, "truncated zstd data");
	}
}

/* Reads until the magic bytes can be told (4 bytes, or the end). */
static int detect(cli_instream *s)
{
	while (s->in_len < 4 && !s->in_eof)
		if (refill(s) < 0)
			return -1;
	if (s->in_len >= 2 && s->in[0] == 0x1F && s->in[1] == 0x8B) {
		memset(&s->z, 0, sizeof s->z);
		/* 16 + 15: a gzip wrapper, the largest window. */
		if (inflateInit2(&s->z, 16 + 15) != Z_OK)
			cli_out_of_memory();
		s->z_open = 1;
		s->kind = K_GZIP;
	} else if (s->in_len >= 4 && memcmp(s->in, "\x28\xB5\x2F\xFD", 4) == 0) {
		s->zs = ZSTD_createDStream();
		if (!s->zs)
			cli_out_of_memory();
		ZSTD_initDStream(s->zs);
		s->zs_hint = 1;
		s->kind = K_ZSTD;
	} else {
		s->kind = K_PLAIN;
	}
	return 0;
}

ssize_t cli_instream_read(cli_instream *s, char *buf, size_t n)
{
	if (s->failed)
		return -2;
	if (s->kind == K_DETECT && detect(s) < 0)
		return -1;
	switch (s->kind) {
	case K_GZIP:
		return read_gzip(s, buf, n);
	case K_ZSTD:
		return read_zstd(s, buf, n);
	default:
		break;
	}
	/* Plain: the bytes read to look at, then the file itself. */
	if (s->in_pos < s->in_len) {
		size_t k = s->in_len - s->in_pos;

		if (k > n)
			k = n;
		memcpy(buf, s->in + s->in_pos, k);
		s->in_pos += k;
		return (ssize_t)k;
	}
	if (s->in_eof)
		return 0;
	return raw_read(s, buf, n);
}
