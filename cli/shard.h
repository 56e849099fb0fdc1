/*
 * shard.h - one of N contiguous parts of an input file (--shard K/N).
 *
 * The parts are cut by byte offset at record boundaries: a record belongs
 * to part k when its first byte's offset o in the file satisfies
 * (k - 1) * size <= o * N < k * size.  The rule is the same for NDJSON and
 * JSON-array input, needs nothing but the file's size, and every record
 * is in exactly one part.  The records before a part are still read (not
 * answered), so default ids and line numbers are those of the whole file.
 */
#ifndef CLI_SHARD_H
#define CLI_SHARD_H

typedef struct cli_shard {
	unsigned long long k, n;   /**< part k (1-based) of n */
	unsigned long long size;   /**< the file's size in bytes */
} cli_shard;

/**
 * Reads "K/N" (1 <= K <= N, decimal): 0, or -1 when `arg` is not one.
 */
int cli_shard_parse(const char *arg, cli_shard *s);

/** Whether s is the first part (its CSV output has the header). */
int cli_shard_first(const cli_shard *s);

/** Whether s is the last part (its JSON output closes the array). */
int cli_shard_last(const cli_shard *s);

/**
 * Where a record starting at byte `offset` falls: -1 before the part, 0
 * in it, 1 after it.
 */
int cli_shard_where(const cli_shard *s, unsigned long long offset);

#endif /* CLI_SHARD_H */
