/*
 * strmap.h - a small hash map from strings to pointers, for cli/.
 */
#ifndef CLI_TEXT_STRMAP_H
#define CLI_TEXT_STRMAP_H

#include <stddef.h>

/** A map from NUL-terminated strings (copied in) to pointers; start from {0}. */
typedef struct cli_strmap {
	struct cli_strmap_slot *slots;
	size_t cap;   /**< a power of two, or 0 */
	size_t count;
} cli_strmap;

/** The value of `key`, or NULL when it is not in the map. */
void *cli_strmap_get(const cli_strmap *m, const char *key);

/**
 * Sets the value of `key` (value must not be NULL), replacing any earlier
 * one.  The map keeps its own copy of the key.
 */
void cli_strmap_put(cli_strmap *m, const char *key, void *value);

/** Calls fn(value, ctx) for every value, in no particular order. */
void cli_strmap_each(const cli_strmap *m, void (*fn)(void *value, void *ctx),
                     void *ctx);

/** Releases the map's memory (not the values) and empties it. */
void cli_strmap_free(cli_strmap *m);

#endif /* CLI_TEXT_STRMAP_H */
