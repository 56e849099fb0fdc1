/*
 * objpair.c - two OBJ files on the command line as one pair.
 *
 * The options become the JSON record the user would otherwise write, and
 * that record goes through the same parser, cache, query and writer as
 * any other: the result is the same, byte for byte.
 */
#include "objpair.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <cJSON.h>

#include "obj/read.h"
#include "obj/cache.h"
#include "record.h"
#include "parse.h"
#include "text/buf.h"

const char *const cli_objpair_names[2 * CLI_OBJPAIR_OPTIONS] = {
	"position-a", "rotation-a", "margin-a", "object-a",
	"position-b", "rotation-b", "margin-b", "object-b"
};

/* Comma-separated plain decimal numbers, exactly n of them. */
static int number_list(const char *s, int n, double *out)
{
	char buf[64];

	for (int i = 0; i < n; i++) {
		size_t len = strcspn(s, ",");

		if (len >= sizeof buf || (s[len] == ',') != (i < n - 1))
			return -1;
		memcpy(buf, s, len);
		buf[len] = '\0';
		if (cli_obj_number(buf, &out[i]) < 0)
			return -1;
		s += len + (s[len] == ',');
	}
	return 0;
}

int cli_objpair_set(cli_objpair *o, int which, const char *arg, char *msg,
                    size_t size)
{
	double v[4];

	switch (which % CLI_OBJPAIR_OPTIONS) {
	case CLI_OBJPAIR_POSITION:
		if (number_list(arg, 3, v) < 0) {
			snprintf(msg, size, "invalid position '%s' (X,Y,Z)", arg);
			return -1;
		}
		break;
	case CLI_OBJPAIR_ROTATION:
		if (number_list(arg, 4, v) < 0 ||
		    (v[0] == 0 && v[1] == 0 && v[2] == 0 && v[3] == 0)) {
			snprintf(msg, size, "invalid rotation '%s' (a quaternion W,X,Y,Z, "
			         "not zero)", arg);
			return -1;
		}
		break;
	case CLI_OBJPAIR_MARGIN:
		if (number_list(arg, 1, v) < 0 || v[0] < 0) {
			snprintf(msg, size, "invalid margin '%s' (a number >= 0)", arg);
			return -1;
		}
		break;
	default:
		if (!*arg) {
			snprintf(msg, size, "invalid object name '' (not empty)");
			return -1;
		}
		break;
	}
	o->arg[which / CLI_OBJPAIR_OPTIONS][which % CLI_OBJPAIR_OPTIONS] = arg;
	o->given = cli_objpair_names[which];
	return 0;
}

static int is_obj(const char *path)
{
	size_t n = strlen(path);

	return n >= 4 && strcasecmp(path + n - 4, ".obj") == 0;
}

int cli_objpair_mode(const cli_objpair *o, int n, char *const *operands,
                     char *msg, size_t size)
{
	int objs = 0;

	for (int i = 0; i < n; i++)
		objs += is_obj(operands[i]);
	if (n == 2 && objs == 2)
		return 1;
	if (objs > 0) {
		snprintf(msg, size, "OBJ files come in pairs and alone: "
		         "mink [OPTION]... A.obj B.obj");
		return -1;
	}
	if (o->given) {
		snprintf(msg, size, "option '--%s' needs two OBJ files: "
		         "mink [OPTION]... A.obj B.obj", o->given);
		return -1;
	}
	return 0;
}

/* An array of the n numbers of a checked option. */
static cJSON *numbers(const char *arg, int n)
{
	double v[4];
	cJSON *a = cJSON_CreateArray();

	number_list(arg, n, v);
	for (int i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber(v[i]));
	return a;
}

/* The JSON shape of one side, as a user would write it. */
static cJSON *shape(const char *const *arg, const char *path)
{
	cJSON *s = cJSON_CreateObject();
	double m;

	cJSON_AddStringToObject(s, "type", "hull");
	cJSON_AddStringToObject(s, "obj", path);
	if (arg[CLI_OBJPAIR_OBJECT])
		cJSON_AddStringToObject(s, "object", arg[CLI_OBJPAIR_OBJECT]);
	if (arg[CLI_OBJPAIR_POSITION])
		cJSON_AddItemToObject(s, "position", numbers(arg[CLI_OBJPAIR_POSITION], 3));
	if (arg[CLI_OBJPAIR_ROTATION])
		cJSON_AddItemToObject(s, "rotation", numbers(arg[CLI_OBJPAIR_ROTATION], 4));
	if (arg[CLI_OBJPAIR_MARGIN]) {
		number_list(arg[CLI_OBJPAIR_MARGIN], 1, &m);
		cJSON_AddNumberToObject(s, "margin", m);
	}
	return s;
}

int cli_objpair_run(cli_batch *b, const cli_objpair *o, const char *path_a,
                    const char *path_b)
{
	const char *path[2] = {path_a, path_b};
	cli_id id = {NULL, (double)++b->index, 0};
	cli_error err = {NULL, ""};
	cli_pair *p = &b->pair;
	mink_result res;
	cJSON *rec;
	int rc = 0;

	/* A file that cannot serve is a usage error here, not a record. */
	for (int side = 0; side < 2; side++) {
		cli_objcache_error e;

		if (!cli_objcache_get(p->objcache, NULL, path[side],
		                      o->arg[side][CLI_OBJPAIR_OBJECT], &e)) {
			fprintf(stderr, "mink: %s\n", e.message);
			return 2;
		}
	}
	rec = cJSON_CreateObject();
	if (!rec)
		cli_out_of_memory();
	cJSON_AddItemToObject(rec, "a", shape(o->arg[0], path_a));
	cJSON_AddItemToObject(rec, "b", shape(o->arg[1], path_b));
	p->dir = NULL;
	if (cli_parse_pair(rec, 3, p, &id, &err) == 0 &&
	    cli_answer_pair(p, &b->options, &res, &err) == 0) {
		cli_writer_result_notes(b->writer, &id, 3, &res, p->notes);
	} else {
		cli_writer_error(b->writer, &id, 3, err.code, err.message);
		fprintf(stderr, "mink: %s\n", err.message);
		b->errors++;
		rc = 1;
	}
	cJSON_Delete(rec);
	return rc;
}
