/*
 * mink_random.h - the seeded random numbers of `mink gen`, the tests and
 * the benchmarks: xoshiro256** 1.0 (Blackman and Vigna, 2018) seeded
 * through splitmix64 (Steele, Lea and Flood, 2014), never rand(), so a
 * seed gives the same numbers on every machine.
 *
 * Shared by the project's own programs, not part of the library's API: it
 * is not installed.  Header-only, so each program gets its own copy
 * without a library to link.  Callers that want the same numbers
 * everywhere must never draw twice in one expression whose order C leaves
 * unspecified (two draws as arguments of one call, or as operands of one
 * operator).
 */
#ifndef MINK_RANDOM_H
#define MINK_RANDOM_H

#include <stdint.h>

typedef struct mink_rng {
	uint64_t s[4];
} mink_rng;

/** splitmix64: the next number of the sequence whose state is *x. */
static inline uint64_t mink_splitmix64(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/** Seeds the generator: its four words are splitmix64 from `seed`. */
static inline void mink_rng_seed(mink_rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = mink_splitmix64(&seed);
}

static inline uint64_t mink_rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/** The next 64 bits (xoshiro256** 1.0). */
static inline uint64_t mink_rng_next(mink_rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = mink_rng_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = mink_rng_rotl(s[3], 45);
	return result;
}

/** Uniform in [0, 1): the top 53 bits, exactly. */
static inline double mink_rng_unit(mink_rng *r)
{
	return (double)(mink_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/** Uniform in [lo, hi). */
static inline double mink_rng_range(mink_rng *r, double lo, double hi)
{
	return lo + (hi - lo) * mink_rng_unit(r);
}

/** Uniform in [0, n), n > 0, without modulo bias. */
static inline uint64_t mink_rng_below(mink_rng *r, uint64_t n)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % n, x;

	do
		x = mink_rng_next(r);
	while (x >= limit);
	return x % n;
}

#endif /* MINK_RANDOM_H */
