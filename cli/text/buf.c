/*
 * buf.c - allocation, byte buffers and text quoted in messages, for cli/.
 */
#include "text/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cli_out_of_memory(void)
{
	fputs("mink: out of memory\n", stderr);
	exit(2);
}

void *cli_xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);

	if (!q)
		cli_out_of_memory();
	return q;
}

char *cli_buf_grow(cli_buf *b, size_t extra)
{
	if (extra > (size_t)-1 - b->len)
		cli_out_of_memory();
	/* Never NULL + 0: an empty buffer gets its first block even for 0. */
	if (b->len + extra > b->cap || !b->data) {
		size_t cap = b->cap ? b->cap : 256;

		while (cap < b->len + extra) {
			if (cap > (size_t)-1 / 2)
				cli_out_of_memory();
			cap *= 2;
		}
		b->data = cli_xrealloc(b->data, cap);
		b->cap = cap;
	}
	return b->data + b->len;
}

void cli_buf_free(cli_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

const char *cli_shown(char *out, size_t cap, const char *s)
{
	size_t len = strlen(s), n = len, max = cap - 4;

	if (n > max) {
		n = max;
		while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
			n--;
	}
	for (size_t i = 0; i < n; i++)
		out[i] = (unsigned char)s[i] < 0x20 || s[i] == 0x7F ? '?' : s[i];
	if (n < len)
		memcpy(out + n, "...", 4);
	else
		out[n] = '\0';
	return out;
}

size_t cli_utf8_len(const unsigned char *s)
{
	unsigned c = s[0];

	if (c < 0x80)
		return 1;
	if (c < 0xC2 || c > 0xF4 || (s[1] & 0xC0) != 0x80)
		return 0;
	if (c < 0xE0)
		return 2;
	if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] > 0x9F) ||
	    (c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] > 0x8F))
		return 0; /* overlong, surrogate or beyond U+10FFFF */
	if ((s[2] & 0xC0) != 0x80)
		return 0;
	if (c < 0xF0)
		return 3;
	return (s[3] & 0xC0) == 0x80 ? 4 : 0;
}

char *cli_path_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t n;
	char *dir;

	if (!slash)
		return NULL;
	n = (size_t)(slash - path);
	dir = cli_xrealloc(NULL, n + 2);
	memcpy(dir, path, n ? n : 1); /* "/x.json": the root */
	dir[n ? n : 1] = '\0';
	return dir;
}
