/*
 * objpair.h - `mink [OPTION]... A.obj B.obj`: one pair of OBJ hulls from
 * the command line, answered exactly as the equivalent JSON pair
 * {"a": {"type": "hull", "obj": "A.obj", ...}, "b": {...}} would be.
 */
#ifndef CLI_OBJPAIR_H
#define CLI_OBJPAIR_H

#include <stddef.h>

#include "batch.h"

/** What an option sets; side B's come after side A's, in this order. */
enum {
	CLI_OBJPAIR_POSITION, /**< --position-a=X,Y,Z */
	CLI_OBJPAIR_ROTATION, /**< --rotation-a=W,X,Y,Z */
	CLI_OBJPAIR_MARGIN,   /**< --margin-a=M */
	CLI_OBJPAIR_OBJECT,   /**< --object-a=NAME */
	CLI_OBJPAIR_OPTIONS   /**< options per side */
};

/** The pose options of the two sides; start from {0}. */
typedef struct cli_objpair {
	const char *arg[2][CLI_OBJPAIR_OPTIONS]; /**< as given, or NULL */
	const char *given; /**< the name of an option given, for messages */
} cli_objpair;

/** The long option names, "position-a" ... "object-b", in enum order. */
extern const char *const cli_objpair_names[2 * CLI_OBJPAIR_OPTIONS];

/**
 * Checks and keeps option `which` (side * CLI_OBJPAIR_OPTIONS + what) with
 * text `arg`.  Returns 0, or -1 with a message in msg.
 */
int cli_objpair_set(cli_objpair *o, int which, const char *arg, char *msg,
                    size_t size);

/**
 * Whether the n operands are two OBJ files (1) or batch files (0).
 * Returns -1 with a message when they mix, or when pose options come
 * without two OBJ files.
 */
int cli_objpair_mode(const cli_objpair *o, int n, char *const *operands,
                     char *msg, size_t size);

/**
 * Answers the pair of OBJ files path_a and path_b (from the current
 * directory) through b->writer, with b->pair.objcache.  Returns 0, 1 when
 * mink refused the pair (an error record), 2 when a file could not be
 * used (a message on stderr, no record).
 */
int cli_objpair_run(cli_batch *b, const cli_objpair *o, const char *path_a,
                    const char *path_b);

#endif /* CLI_OBJPAIR_H */
