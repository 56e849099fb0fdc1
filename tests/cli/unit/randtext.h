/*
 * randtext.h - what the random-record tests of the text readers share: a
 * xorshift generator (seeded by RANDTEXT_SEED, defined before this is
 * included, so each test draws its own sequence) and a bounded text buffer
 * that records are assembled in.  Header-only: each test is one program.
 */
#ifndef MINK_TESTS_RANDTEXT_H
#define MINK_TESTS_RANDTEXT_H

#include <string.h>

static unsigned long long state = RANDTEXT_SEED;

static unsigned long long next(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

/* A number in [0, n). */
static unsigned pick(unsigned n)
{
	return (unsigned)(next() % n);
}

/* A record being assembled; what does not fit is dropped. */
typedef struct text {
	char buf[8192];
	size_t len;
} text;

static void put(text *t, const char *s)
{
	size_t n = strlen(s);

	if (t->len + n < sizeof t->buf - 1) {
		memcpy(t->buf + t->len, s, n);
		t->len += n;
	}
	t->buf[t->len] = '\0';
}

#endif /* MINK_TESTS_RANDTEXT_H */
