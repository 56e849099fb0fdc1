/*
 * batch.c - reader -> parser -> mink -> writer, one record at a time.
 */
#include "batch.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "reader.h"

static void flush_output(void *ctx)
{
	cli_writer_flush(ctx);
}

/* An error record in the output and the same message on stderr. */
static void report(cli_batch *b, const char *name, long line, long col,
                   const cli_id *id, int dim, const char *code,
                   const char *message)
{
	cli_writer_error(b->writer, id, dim, code, message);
	b->errors++;
	if (col > 0)
		fprintf(stderr, "mink: %s:%ld:%ld: %s\n", name, line, col, message);
	else
		fprintf(stderr, "mink: %s:%ld: %s\n", name, line, message);
}

/* The message for a pair that mink itself refused. */
static void library_error(const cli_batch *b, const mink_result *res,
                          cli_error *err)
{
	const cli_pair *p = &b->pair;
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

static void run_record(cli_batch *b, const char *name, const cli_record *rec)
{
	cli_id id = {NULL, (double)++b->index};
	cli_error err = {NULL, ""};
	cJSON *json;
	size_t off;
	long line, col;
	mink_result res;
	cli_pair *p = &b->pair;

	if (rec->len == 0) {
		snprintf(err.message, sizeof err.message,
		         "invalid JSON: missing value before '%c'", rec->delim);
		report(b, name, rec->line, rec->col, &id, 0, "bad_json", err.message);
		return;
	}
	json = cli_parse_json(rec->text, rec->len, &off, &err);
	if (!json) {
		cli_record_locate(rec, off, &line, &col);
		report(b, name, line, col, &id, 0, err.code, err.message);
		return;
	}
	if (cli_parse_pair(json, b->default_dim, p, &id, &err) < 0) {
		report(b, name, rec->line, 0, &id, p->dim, err.code, err.message);
		cJSON_Delete(json);
		return;
	}
	memset(&res, 0, sizeof res);
	if (p->dim == 3)
		mink_query3(&p->shape3[0], &p->pose3[0], &p->shape3[1], &p->pose3[1],
		            &b->options, &res);
	else
		mink_query2(&p->shape2[0], &p->pose2[0], &p->shape2[1], &p->pose2[1],
		            &b->options, &res);
	if (res.status == MINK_ERROR) {
		library_error(b, &res, &err);
		report(b, name, rec->line, 0, &id, p->dim, err.code, err.message);
	} else {
		cli_writer_result(b->writer, &id, p->dim, &res);
	}
	/* The id may point into the tree: free it only once written. */
	cJSON_Delete(json);
}

int cli_batch_file(cli_batch *b, const char *path)
{
	int is_stdin = strcmp(path, "-") == 0;
	const char *name = is_stdin ? "<stdin>" : path;
	int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY);
	cli_reader *r;
	cli_record rec;
	cli_read_status st;
	int rc = 0;

	if (fd < 0) {
		fprintf(stderr, "mink: %s: %s\n", name, strerror(errno));
		return 2;
	}
	r = cli_reader_new(fd, flush_output, b->writer);
	while ((st = cli_reader_next(r, &rec)) == CLI_READ_RECORD) {
		run_record(b, name, &rec);
		/* Output that cannot be written is not worth computing. */
		if (cli_writer_error_number(b->writer))
			break;
	}
	if (st == CLI_READ_BROKEN) {
		long line, col;
		const char *msg = cli_reader_message(r, &line, &col);

		if (col > 0)
			fprintf(stderr, "mink: %s:%ld:%ld: %s\n", name, line, col, msg);
		else
			fprintf(stderr, "mink: %s:%ld: %s\n", name, line, msg);
		rc = 1;
	} else if (st == CLI_READ_IOERR) {
		fprintf(stderr, "mink: %s: %s\n", name,
		        strerror(cli_reader_errno(r)));
		rc = 2;
	}
	cli_reader_free(r);
	if (!is_stdin)
		close(fd);
	return rc;
}
