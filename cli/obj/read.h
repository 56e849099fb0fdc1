/*
 * read.h - a strict reader of Wavefront OBJ files, for convex hulls.
 *
 * What is read: vertices (`v x y z [w]`, and the common `v x y z r g b`
 * with vertex colours, which are ignored), the elements `f`, `l` and `p`
 * with every index form (v, v/vt, v/vt/vn, v//vn, negative indices
 * counting back from the last vertex so far), `o` object and `g` group
 * names, comments and lines continued with a backslash.  Texture and
 * normal vertices (`vt`, `vn`, `vp`) are checked and counted, so that
 * indices to them can be checked too, and otherwise skipped: they do not
 * change a shape.  So are the display attributes (`s`, `mg`, `usemtl`,
 * `mtllib`, `usemap`, `maplib`, `lod`, `bevel`, `c_interp`, `d_interp`,
 * `shadow_obj`, `trace_obj`, `ctech`, `stech`).  Free-form geometry
 * (`cstype`, `curv`, `surf`, ...), `call` and `csh` would change the shape
 * or run something: they are rejected, as is any unknown statement.
 *
 * Rejected too: an index 0 or out of range (an element may refer only to
 * vertices defined before it), index forms mixed within an element, a face
 * of fewer than 3 vertices, anything after the expected numbers (but a
 * `#` comment), a number that is not plain decimal (`nan`, `inf`, hex),
 * beyond 1e100 in magnitude or a `w` <= 0, and NUL bytes.  Numbers are
 * converted by strtod once their syntax is checked: correctly rounded,
 * exactly what a JSON reader makes of the same text.
 */
#ifndef CLI_OBJ_READ_H
#define CLI_OBJ_READ_H

#include <stddef.h>

#include "mink.h"

/** The largest OBJ file read (bytes): bounded memory on any input. */
#define CLI_OBJ_MAX_BYTES (1 << 30)

/** Room for a reader message, NUL included. */
#define CLI_OBJ_MSG_MAX 160

/** Why a file was refused: the line (0 when none applies) and what. */
typedef struct cli_obj_error {
	long line;
	char message[CLI_OBJ_MSG_MAX];
} cli_obj_error;

/**
 * The contents of an OBJ file.  Elements (faces, lines, points) hold
 * 0-based vertex indices: those of element e are
 * idx[start[e] .. start[e + 1] - 1].  Each element and each vertex carries
 * the naming state (`o` and `g`) in force where it was written: a tag.
 */
typedef struct cli_obj {
	mink_vec3 *v;   /**< the vertices, in file order */
	int nv;
	long nvt, nvn, nvp; /**< texture, normal and parameter vertices (counted) */
	int *idx;
	size_t *start;  /**< nelem + 1 offsets into idx */
	char *kind;     /**< 'f', 'l' or 'p' per element */
	int *etag;      /**< the tag of each element */
	int *vtag;      /**< the tag of each vertex */
	int nelem;
	int faces;      /**< elements of kind 'f' */
	char **names;   /**< the distinct `o` and `g` names */
	int nnames;
	/** tag t: object name tag_obj[t] (-1 before any `o`) and group names
	 *  tag_grp[tag_gstart[t] .. tag_gstart[t + 1] - 1] (indices into names) */
	int *tag_obj, *tag_gstart, *tag_grp;
	int ntags;
} cli_obj;

/**
 * Parses OBJ text (len bytes, NUL bytes refused).  Returns the contents,
 * or NULL with *err filled.
 */
cli_obj *cli_obj_parse(const char *text, size_t len, cli_obj_error *err);

/**
 * Reads and parses file `path`.  Returns NULL with *err filled; when the
 * file could not be read, err->line is 0 and the message is strerror's.
 */
cli_obj *cli_obj_read(const char *path, cli_obj_error *err);

void cli_obj_free(cli_obj *o);

/**
 * A part of an OBJ file: the vertices its elements use (or, for a name
 * without elements, the vertices written under it), each once, in file
 * order, and its faces as indices into those points.
 */
typedef struct cli_obj_part {
	mink_vec3 *points;
	int count;
	int *face_idx;
	size_t *face_start; /**< face_count + 1 offsets into face_idx */
	int face_count;
} cli_obj_part;

/** What cli_obj_select found. */
typedef enum cli_obj_select_status {
	CLI_OBJ_SELECTED = 0,
	CLI_OBJ_NO_NAME,    /**< no `o` or `g` of that name */
	CLI_OBJ_NO_VERTICES /**< the file or the name has no vertices */
} cli_obj_select_status;

/**
 * Selects the part named `name`: every element written under an `o name`
 * or under a `g` listing name (before any `g`, the group is "default").
 * NULL selects every vertex of the file and every face.  Start *part from
 * {0}; release it with cli_obj_part_free.
 */
cli_obj_select_status cli_obj_select(const cli_obj *o, const char *name,
                                     cli_obj_part *part);

void cli_obj_part_free(cli_obj_part *part);

/**
 * Converts a plain decimal number: an optional sign, digits with an
 * optional point (at least one digit), an optional exponent.  Returns 0,
 * -1 when s is not such a number (nan, inf and hex floats are not), or -2
 * when its magnitude exceeds 1e100.
 */
int cli_obj_number(const char *s, double *out);

#endif /* CLI_OBJ_READ_H */
