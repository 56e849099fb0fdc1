/*
 * record.c - one record from its text to its output record (record.h).
 */
#include "record.h"

#include <stdio.h>
#include <string.h>

#include "text/member.h"

void cli_recorder_init(cli_recorder *r)
{
	memset(&r->fast, 0, sizeof r->fast);
	r->json = cli_fastjson_new();
}

void cli_recorder_free(cli_recorder *r)
{
	cli_pair_free(&r->pair);
	cli_fastpair_free(&r->fast);
	cli_fastjson_free(r->json);
	r->json = NULL;
	cli_buf_free(&r->meta);
}

/* Whether object `json` has a member "meta" (cJSON's own look-up costs
 * about 180 instructions a record; this about 30). */
static int has_meta(const cJSON *json)
{
	if (!cJSON_IsObject(json))
		return 0;
	for (const cJSON *m = json->child; m; m = m->next)
		if (m->string && m->string[0] == 'm' && strcmp(m->string, "meta") == 0)
			return 1;
	return 0;
}

/* An error record in the output and the same message for stderr. */
static void report(cli_recorder *r, long line, long col, const cli_id *id,
                   int dim, const char *code, const char *message)
{
	const char *name = r->name;
	char *p;
	int n;

	cli_writer_error(r->writer, id, dim, code, message);
	r->errors++;
	n = col > 0 ? snprintf(NULL, 0, "mink: %s:%ld:%ld: %s\n", name, line, col,
	                       message)
	            : snprintf(NULL, 0, "mink: %s:%ld: %s\n", name, line, message);
	if (n < 0)
		return;
	p = cli_buf_reserve(r->msgs, (size_t)n + 1);
	if (col > 0)
		snprintf(p, (size_t)n + 1, "mink: %s:%ld:%ld: %s\n", name, line, col,
		         message);
	else
		snprintf(p, (size_t)n + 1, "mink: %s:%ld: %s\n", name, line, message);
	r->msgs->len += (size_t)n;
}

/* The message for a pair that mink itself refused. */
static void library_error(const cli_pair *p, const mink_result *res,
                          cli_error *err)
{
	int side = -1;

	err->code = mink_error_name(res->error);
	switch (res->error) {
	case MINK_ERR_BAD_SHAPE:
		/* Name the side at fault, if the library's own check finds it. */
		for (int i = 1; i >= 0; i--)
			if ((p->dim == 3 ? mink_shape3_check(&p->shape3[i])
			                 : mink_shape2_check(&p->shape2[i])) != MINK_ERR_NONE)
				side = i;
		if (side >= 0)
			snprintf(err->message, sizeof err->message,
			         "%s: mink rejected this shape", side ? "b" : "a");
		else
			snprintf(err->message, sizeof err->message,
			         "mink rejected a shape");
		break;
	case MINK_ERR_BAD_POSE:
		snprintf(err->message, sizeof err->message, "mink rejected a pose");
		break;
	case MINK_ERR_NUMERIC:
		snprintf(err->message, sizeof err->message,
		         "the computation lost finiteness (a bug in mink: please "
		         "report this pair)");
		break;
	default:
		snprintf(err->message, sizeof err->message, "mink rejected the pair");
		break;
	}
}

void cli_record_answer(cli_recorder *r, const cli_record *rec, long index)
{
	cli_id id = {NULL, (double)index, 0};
	cli_error err = {NULL, ""};
	cJSON *json;
	size_t off;
	long line, col;
	mink_result res;
	cli_pair *p = &r->pair;

	if (rec->oversize) {
		snprintf(err.message, sizeof err.message,
		         "record longer than %zu bytes (--max-record-bytes): skipped",
		         r->max_record);
		report(r, rec->line, 0, &id, 0, "bad_record", err.message);
		return;
	}
	if (rec->len == 0) {
		snprintf(err.message, sizeof err.message,
		         "invalid JSON: missing value before '%c'", rec->delim);
		report(r, rec->line, rec->col, &id, 0, "bad_json", err.message);
		return;
	}
	/*
	 * The common pair in one pass, text to pair; anything else, or any
	 * error, the general way: a tree by the fast parser, or by the strict
	 * one with its messages when it declines, then checked.
	 */
	if (cli_fastpair_parse(&r->fast, rec->text, rec->len, r->default_dim, p,
	                       &id) == 0) {
		int n;

		/* No "meta" here (the reader declines it); types with --fields. */
		if (cli_answer_pair(p, r->options, &res, &err) < 0) {
			report(r, rec->line, 0, &id, p->dim, err.code, err.message);
			return;
		}
		if (cli_writer_fields(r->writer, &n))
			cli_writer_annotate(r->writer, NULL, 0, cli_shape_kind(p, 0),
			                    cli_shape_kind(p, 1));
		cli_writer_result_notes(r->writer, &id, p->dim, &res, p->notes);
		return;
	}
	json = cli_fastjson_parse(r->json, rec->text, rec->len);
	if (!json)
		json = cli_parse_json(rec->text, rec->len, &off, &err);
	if (!json) {
		cli_record_locate(rec, off, &line, &col);
		report(r, line, col, &id, 0, err.code, err.message);
		return;
	}
	/* The pair's "meta" goes out as written (the tree says whether there
	 * is one; the text has its bytes), in its result or error record. */
	r->meta.len = 0;
	if (has_meta(json) && cli_json_member_text(rec->text, rec->len, "meta", &r->meta))
		cli_writer_annotate(r->writer, r->meta.data, r->meta.len, NULL, NULL);
	if (cli_parse_pair(json, r->default_dim, p, &id, &err) < 0 ||
	    cli_answer_pair(p, r->options, &res, &err) < 0) {
		report(r, rec->line, 0, &id, p->dim, err.code, err.message);
	} else {
		int n;

		/* The shapes' types only go out with --fields. */
		if (cli_writer_fields(r->writer, &n))
			cli_writer_annotate(r->writer, r->meta.len ? r->meta.data : NULL,
			                    r->meta.len, cli_shape_kind(p, 0), cli_shape_kind(p, 1));
		cli_writer_result_notes(r->writer, &id, p->dim, &res, p->notes);
	}
	/* The id may point into the tree: release it only once written. */
	cli_fastjson_release(r->json, json);
}

int cli_answer_pair(const cli_pair *p, const mink_options *options,
                    mink_result *res, cli_error *err)
{
	/* The query sets every field but the contacts past contact_count,
	   which nothing reads: no memset of the 2 KB result a record. */
	if (p->dim == 3)
		mink_query3(&p->shape3[0], &p->pose3[0], &p->shape3[1], &p->pose3[1],
		            options, res);
	else
		mink_query2(&p->shape2[0], &p->pose2[0], &p->shape2[1], &p->pose2[1],
		            options, res);
	if (res->status != MINK_ERROR)
		return 0;
	library_error(p, res, err);
	return -1;
}
