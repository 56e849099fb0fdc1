/*
 * fastpair.h - the common pair record read in one pass, from its text
 * straight to a cli_pair, without a JSON tree.
 */
#ifndef CLI_FASTPAIR_H
#define CLI_FASTPAIR_H

#include <stddef.h>

#include "parse.h"
#include "text/buf.h"

/** The reader's scratch, one per thread; start from {0}. */
typedef struct cli_fastpair {
	cli_buf strings; /* the record's strings (id, OBJ paths), NUL-terminated */
	const char *limit; /* just past the record's NUL: what may be read */
} cli_fastpair;

/**
 * Reads text[0, len) (text[len] == '\0') as a pair record of two 3D
 * shapes of the kinds sphere, box, capsule, cylinder, cone, ellipsoid,
 * point, or hull read from an OBJ file, rotations as quaternions (in
 * p->xyzw's order, under p->normalize's rule), written without escapes, and
 * fills *p as cli_parse_pair would (OBJ hulls looked up in p->objcache);
 * *id gets the record's id.  Returns 0, or -1 when the record is anything
 * else, not valid, or in error: nothing is said then, *id is unchanged,
 * and the caller reads the record the strict way (cli_fastjson_parse or
 * cli_parse_json, then cli_parse_pair), which says what is wrong.  The
 * id's and the paths' strings stay valid until the next call.
 */
int cli_fastpair_parse(cli_fastpair *f, const char *text, size_t len,
                       int default_dim, cli_pair *p, cli_id *id);

/** Releases the reader's scratch. */
void cli_fastpair_free(cli_fastpair *f);

#endif /* CLI_FASTPAIR_H */
