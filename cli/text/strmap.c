/*
 * strmap.c - open addressing with linear probing, FNV-1a hashes; the
 * table doubles when it is half full.  Nothing is ever removed.
 */
#include "text/strmap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "text/buf.h"

struct cli_strmap_slot {
	char *key; /* NULL: empty */
	uint64_t hash;
	void *value;
};

static uint64_t hash_of(const char *s)
{
	uint64_t h = 14695981039346656037u;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211u;
	}
	return h;
}

static struct cli_strmap_slot *find(const cli_strmap *m, const char *key,
                                    uint64_t h)
{
	size_t i = (size_t)h & (m->cap - 1);

	while (m->slots[i].key &&
	       (m->slots[i].hash != h || strcmp(m->slots[i].key, key) != 0))
		i = (i + 1) & (m->cap - 1);
	return &m->slots[i];
}

void *cli_strmap_get(const cli_strmap *m, const char *key)
{
	if (!m->cap)
		return NULL;
	return find(m, key, hash_of(key))->value;
}

static void grow(cli_strmap *m)
{
	cli_strmap bigger = {NULL, m->cap ? m->cap * 2 : 16, m->count};

	if (bigger.cap > (size_t)-1 / 2 / sizeof *bigger.slots)
		cli_out_of_memory();
	bigger.slots = cli_xrealloc(NULL, bigger.cap * sizeof *bigger.slots);
	memset(bigger.slots, 0, bigger.cap * sizeof *bigger.slots);
	for (size_t i = 0; i < m->cap; i++)
		if (m->slots[i].key)
			*find(&bigger, m->slots[i].key, m->slots[i].hash) = m->slots[i];
	free(m->slots);
	*m = bigger;
}

void cli_strmap_put(cli_strmap *m, const char *key, void *value)
{
	uint64_t h = hash_of(key);
	struct cli_strmap_slot *s;
	size_t n;

	if (2 * (m->count + 1) > m->cap)
		grow(m);
	s = find(m, key, h);
	if (!s->key) {
		n = strlen(key) + 1;
		s->key = memcpy(cli_xrealloc(NULL, n), key, n);
		s->hash = h;
		m->count++;
	}
	s->value = value;
}

void cli_strmap_each(const cli_strmap *m, void (*fn)(void *value, void *ctx),
                     void *ctx)
{
	for (size_t i = 0; i < m->cap; i++)
		if (m->slots[i].key)
			fn(m->slots[i].value, ctx);
}

void cli_strmap_free(cli_strmap *m)
{
	for (size_t i = 0; i < m->cap; i++)
		free(m->slots[i].key);
	free(m->slots);
	m->slots = NULL;
	m->cap = m->count = 0;
}
