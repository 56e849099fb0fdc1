/*
 * parse.h - from one parsed JSON record to a mink pair, strictly checked.
 */
#ifndef CLI_PARSE_H
#define CLI_PARSE_H

#include <stddef.h>

#include <cJSON.h>

#include "mink.h"
#include "obj/cache.h"
#include "text/jsoncheck.h"

/**
 * A record's id: a string (pointing into the cJSON tree) or an integer.
 * A string id is counted: "x\u0000y" is 3 bytes, not "x".
 */
typedef struct cli_id {
	const char *str; /**< NULL for an integer id; str[len] is NUL */
	double num;      /**< the integer id, exactly representable */
	size_t len;      /**< the string's length in bytes, NULs included */
} cli_id;

/**
 * The text of an id, as every output shows it: a string's own bytes, an
 * integer's digits (any other number, as a result file written elsewhere
 * may hold, in the shortest round-trip form).  `buf` has room for
 * CLI_NUM_MAX bytes; the return value is buf or id->str, and *len (if
 * not NULL) gets its length, which counts NUL bytes a string id holds.
 */
const char *cli_id_text(const cli_id *id, char *buf, size_t *len);

/**
 * A pair ready for mink_query3 or mink_query2.  Hull and polygon points
 * live in buffers owned by the pair and reused from record to record;
 * start from {0} and release with cli_pair_free.  OBJ hulls live in the
 * cache, which must outlive the pair's use.
 */
typedef struct cli_pair {
	int dim; /**< 2 or 3; 0 when the record did not get that far */
	mink_shape3 shape3[2];
	mink_pose3 pose3[2];
	mink_shape2 shape2[2];
	mink_pose2 pose2[2];
	mink_vec3 *pts3[2];
	mink_vec2 *pts2[2];
	size_t cap3[2], cap2[2];
	/* OBJ hulls, {"type": "hull", "obj": PATH}: set by the caller */
	cli_objcache *objcache; /**< where they come from; NULL: refused */
	const char *dir;        /**< the input file's directory (NULL: cwd) */
	/* Rotations (settings): --quaternion-order, --normalize-rotations */
	int xyzw;               /**< quaternions are [x, y, z, w], not [w, x, y, z] */
	int normalize;          /**< accept quaternions whose norm is not 1 */
	/** out: each side's notes (NULL-terminated), or NULL for none */
	const char *const *notes[2];
	const char *obj[2], *object[2]; /**< scratch: the look-ups to make */
} cli_pair;

/**
 * Checks record `rec` and fills `pair` from it.  `*id` holds the default id
 * on entry and the record's own id on return, if it has a valid one.
 * Returns 0, or -1 with *err filled.
 */
int cli_parse_pair(const cJSON *rec, int default_dim, cli_pair *pair,
                   cli_id *id, cli_error *err);

/**
 * The type name of side `side` (0: A, 1: B) of a pair that cli_parse_pair
 * accepted ("box", "hull", "circle", ...).
 */
const char *cli_shape_kind(const cli_pair *pair, int side);

/**
 * Looks up the OBJ hulls named in p->obj[] (set by the parse of a
 * well-formed record) in p->objcache and puts them in p->shape3[].
 * Returns 0, or -1 with *err filled.
 */
int cli_parse_objs(cli_pair *p, cli_error *err);

/**
 * Quaternion v as written (in p->xyzw's order) into *q, [w, x, y, z].
 * Returns 0, -1 for a zero quaternion, or -2 when its norm is off 1 by
 * more than the tolerance and the run does not normalise (p->normalize),
 * with the norm in *norm (for the message): the checks of a "rotation"
 * array.
 */
int cli_parse_quaternion(const cli_pair *p, const double v[4], mink_quat *q,
                         double *norm);

/** Releases the point buffers of a pair. */
void cli_pair_free(cli_pair *pair);

#endif /* CLI_PARSE_H */
