/*
 * writer.h - results in the output contract (v1): JSON, NDJSON or CSV.
 */
#ifndef CLI_WRITER_H
#define CLI_WRITER_H

#include <stdio.h>

#include "mink.h"
#include "parse.h"
#include "text/buf.h"

typedef enum cli_format {
	CLI_FORMAT_JSON,   /**< one JSON array, a record per line */
	CLI_FORMAT_NDJSON, /**< one JSON object per line */
	CLI_FORMAT_CSV,    /**< a header row, then one row per record */
	CLI_FORMAT_CSV_CONTACTS /**< a header row, then one row per contact
	                             (cli_contact_names), one per error record */
} cli_format;

/**
 * The CSV columns, in the order of the header row: the one list that the
 * writer writes and `mink diff` reads.  Vectors take three columns (x, y,
 * z), so CLI_CSV_NX + 3 * k is the first column of the k-th vector of
 * normal, point_a, point_b, local_a, local_b, t1, t2.  contact_count is
 * the length of the JSON record's "contacts" (empty in error rows).
 */
typedef enum cli_csv_column {
	CLI_CSV_ID, CLI_CSV_DIM, CLI_CSV_STATUS, CLI_CSV_STATE,
	CLI_CSV_INTERSECTING, CLI_CSV_DISTANCE, CLI_CSV_DEPTH,
	CLI_CSV_NX, CLI_CSV_POINT_A = CLI_CSV_NX + 3,
	CLI_CSV_POINT_B = CLI_CSV_POINT_A + 3, CLI_CSV_LOCAL_A = CLI_CSV_POINT_B + 3,
	CLI_CSV_LOCAL_B = CLI_CSV_LOCAL_A + 3, CLI_CSV_T1 = CLI_CSV_LOCAL_B + 3,
	CLI_CSV_T2 = CLI_CSV_T1 + 3, CLI_CSV_CONTACT_COUNT = CLI_CSV_T2 + 3,
	CLI_CSV_GJK_ITERATIONS, CLI_CSV_EPA_ITERATIONS, CLI_CSV_WARNING, CLI_CSV_ERROR_CODE,
	CLI_CSV_ERROR_MESSAGE, CLI_CSV_NOTES,
	CLI_CSV_COLUMNS
} cli_csv_column;

/** The names of the CSV columns, as in the header row. */
extern const char *const cli_csv_names[CLI_CSV_COLUMNS];

/**
 * The columns of CSV with a row per contact (--contact-rows): the record's
 * id and status, the contact's 1-based index in its record, its distance,
 * the record's normal and the contact's four points, three columns each
 * (z = 0 in 2D), and the error code.  An error record is one row with only
 * id, status and error_code.
 */
typedef enum cli_contact_column {
	CLI_CONTACT_ID, CLI_CONTACT_STATUS, CLI_CONTACT_INDEX,
	CLI_CONTACT_DISTANCE, CLI_CONTACT_NX,
	CLI_CONTACT_POINT_A = CLI_CONTACT_NX + 3,
	CLI_CONTACT_POINT_B = CLI_CONTACT_POINT_A + 3,
	CLI_CONTACT_LOCAL_A = CLI_CONTACT_POINT_B + 3,
	CLI_CONTACT_LOCAL_B = CLI_CONTACT_LOCAL_A + 3,
	CLI_CONTACT_ERROR_CODE = CLI_CONTACT_LOCAL_B + 3,
	CLI_CONTACT_COLUMNS
} cli_contact_column;

/** The names of the contact-row columns, as in their header row. */
extern const char *const cli_contact_names[CLI_CONTACT_COLUMNS];

/**
 * The fields --fields chooses from: JSON members, and the CSV columns
 * each stands for (cli_field_columns).  dim, type_a and type_b are not in
 * the default JSON record; meta, type_a and type_b not in the default CSV.
 */
typedef enum cli_field {
	CLI_F_ID, CLI_F_DIM, CLI_F_STATUS, CLI_F_WARNING, CLI_F_ERROR,
	CLI_F_STATE, CLI_F_INTERSECTING, CLI_F_DISTANCE, CLI_F_DEPTH,
	CLI_F_NORMAL, CLI_F_POINT_A, CLI_F_POINT_B, CLI_F_LOCAL_A, CLI_F_LOCAL_B,
	CLI_F_TANGENTS, CLI_F_CONTACTS, CLI_F_ITERATIONS, CLI_F_NOTES,
	CLI_F_META, CLI_F_TYPE_A, CLI_F_TYPE_B,
	CLI_FIELDS
} cli_field;

/** The fields' names, as --fields and the JSON members spell them. */
extern const char *const cli_field_names[CLI_FIELDS];

/** Most fields in a --fields list. */
#define CLI_MAX_FIELDS 64

/**
 * Reads a --fields list for `format`: names separated by commas, or a list
 * starting with '+' that adds fields to the format's default ones.  Fills
 * fields[] (room for CLI_MAX_FIELDS) and returns their number, or -1 with
 * msg saying what is wrong.
 */
int cli_parse_fields(const char *list, cli_format format, cli_field *fields,
                     char *msg, size_t size);

typedef struct cli_writer cli_writer;

/**
 * A writer to fp (not closed by the writer).  With fp NULL, a writer to
 * memory, for worker threads: it keeps its records (no CSV header) until
 * cli_writer_swap takes them, and another writer puts them out with
 * cli_writer_raw.
 */
cli_writer *cli_writer_new(FILE *fp, cli_format format);

/**
 * Leaves out the CSV header row (--no-header, and every --shard part but
 * the first); call it before anything is written.
 */
void cli_writer_skip_header(cli_writer *w);

/**
 * Writes only `fields` (n of them, in this order) of every record from
 * now on; call before anything is written (it makes the CSV header).
 */
void cli_writer_set_fields(cli_writer *w, const cli_field *fields, int n);

/** The fields w writes (*n of them), or NULL for the default record. */
const cli_field *cli_writer_fields(const cli_writer *w, int *n);

/**
 * What the next record carries besides its result: the pair's "meta" as
 * JSON text (NULL: none) and the type names of its shapes (NULL: not
 * known).  The pointers must stay valid until that record is written;
 * writing it clears them.
 */
void cli_writer_annotate(cli_writer *w, const char *meta, size_t meta_len,
                         const char *type_a, const char *type_b);

/** The format w writes. */
cli_format cli_writer_format(const cli_writer *w);

/**
 * Sets the number of records before the next one in the whole output
 * (JSON separates records by ",\n", after "[\n" for the first).
 */
void cli_writer_set_count(cli_writer *w, long records);

/** How many bytes a memory writer holds. */
size_t cli_writer_pending(const cli_writer *w);

/** Swaps the bytes a memory writer holds with those of *buf. */
void cli_writer_swap(cli_writer *w, cli_buf *buf);

/** Writes `len` bytes of `records` records made by a memory writer. */
void cli_writer_raw(cli_writer *w, const char *data, size_t len,
                    long records);

/** Writes the result of pair `id` (dim 2 or 3) computed by mink. */
void cli_writer_result(cli_writer *w, const cli_id *id, int dim,
                       const mink_result *res);

/**
 * The same, with the notes of each side (notes[0] for A, notes[1] for B,
 * each NULL-terminated, or NULL; `notes` itself may be NULL), written as
 * "notes": ["a: ...", "b: ..."] in JSON and joined by "; " in the last CSV
 * column.  Without any note the record is cli_writer_result's.
 */
void cli_writer_result_notes(cli_writer *w, const cli_id *id, int dim,
                             const mink_result *res,
                             const char *const *const notes[2]);

/**
 * Writes an error record; dim is 0 when unknown.  `code` and `message`
 * go out as they are (invalid UTF-8 is replaced).
 */
void cli_writer_error(cli_writer *w, const cli_id *id, int dim,
                      const char *code, const char *message);

/** Ends the output (the closing ']' of JSON) and flushes it. */
void cli_writer_finish(cli_writer *w);

/** Flushes what is buffered to the file. */
void cli_writer_flush(cli_writer *w);

/** 0, or the errno of the first failed write. */
int cli_writer_error_number(const cli_writer *w);

void cli_writer_free(cli_writer *w);

/** The sentence that explains a warning in the output. */
const char *cli_warning_message(mink_warning warning);

#endif /* CLI_WRITER_H */
