/*
 * sniff.c - what a file that is not pairs looks like (sniff.h).
 *
 * The decision is taken on the first bytes and the first record only, and
 * only for what can never be a batch of pairs: a batch is JSON text, so
 * its first non-blank byte is '{' or '[' (anything else would be an error
 * record on every line).  Magic numbers from the formats' own
 * specifications: bzip2 "BZh", xz FD 37 7A 58 5A 00, lz4 04 22 4D 18,
 * zip "PK" 03 04, 7-Zip 37 7A BC AF 27 1C, PDF "%PDF-", ELF 7F "ELF",
 * PNG 89 "PNG", UTF-16 byte order marks FF FE and FE FF.
 */
#include "text/sniff.h"

#include <stdio.h>
#include <string.h>

#include <cJSON.h>

#include "text/fastjson.h"

static const struct magic {
	const char *bytes;
	size_t len;
	const char *what;
	const char *todo;
} magics[] = {
	{"BZh", 3, "bzip2-compressed data", "decompress it first (bzip2 -dc FILE | mink)"},
	{"\xFD" "7zXZ\0", 6, "xz-compressed data", "decompress it first (xz -dc FILE | mink)"},
	{"\x04\x22\x4D\x18", 4, "lz4-compressed data", "decompress it first (lz4 -dc FILE | mink)"},
	{"PK\x03\x04", 4, "a zip archive", "extract the batch from it first"},
	{"7z\xBC\xAF\x27\x1C", 6, "a 7-Zip archive", "extract the batch from it first"},
	{"%PDF-", 5, "a PDF document", "give a batch of pairs in JSON"},
	{"\x7F" "ELF", 4, "an executable (ELF)", "give a batch of pairs in JSON"},
	{"\x89PNG", 4, "a PNG image", "give a batch of pairs in JSON"},
	{"\xFF\xFE", 2, "UTF-16 text", "convert it to UTF-8 (iconv -f UTF-16 -t UTF-8)"},
	{"\xFE\xFF", 2, "UTF-16 text", "convert it to UTF-8 (iconv -f UTF-16 -t UTF-8)"},
};

static const char hint[] = "mink reads pairs as JSON: one array, or one "
                           "object per line";

static int starts_with(const char *p, size_t n, const char *word)
{
	size_t k = strlen(word);

	return n >= k && memcmp(p, word, k) == 0;
}

int cli_sniff_text(const char *p, size_t n, char *msg, size_t size)
{
	const unsigned char *u = (const unsigned char *)p;
	size_t look = n < 4096 ? n : 4096, i = 0, eol;
	int commas = 0;

	for (size_t k = 0; k < sizeof magics / sizeof magics[0]; k++)
		if (n >= magics[k].len && memcmp(p, magics[k].bytes, magics[k].len) == 0) {
			snprintf(msg, size, "this looks like %s, not JSON: %s", magics[k].what,
			         magics[k].todo);
			return 1;
		}
	/* The first line that is not blank. */
	while (i < look && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' ||
	                    p[i] == '\n' || p[i] == '\f'))
		i++;
	/*
	 * Binary: a NUL byte near the start (text never holds one), or a first
	 * byte that is no printable character (a raw control byte inside a
	 * record is that record's error, as before).
	 */
	for (size_t k = 0; k < look; k++)
		if (u[k] == 0 || (k == i && (u[k] < 0x20 || u[k] == 0x7F))) {
			snprintf(msg, size, "this looks like binary data (byte 0x%02X at "
			         "offset %zu), not JSON text: %s", u[k], k, hint);
			return 1;
		}
	if (i == look || p[i] == '{' || p[i] == '[' || p[i] == '\xEF')
		return 0;
	for (eol = i; eol < look && p[eol] != '\n'; eol++)
		commas += p[eol] == ',';
	if (starts_with(p + i, look - i, "id,dim,status,")) {
		snprintf(msg, size, "this looks like mink's CSV results, not pairs: "
		         "mink diff compares results; %s", hint);
		return 1;
	}
	if (p[i] == '<') {
		snprintf(msg, size, "this looks like HTML or XML, not JSON: %s", hint);
		return 1;
	}
	if ((p[i] == 'v' || p[i] == 'f' || p[i] == 'o' || p[i] == 'g') &&
	    i + 1 < look && p[i + 1] == ' ' && commas == 0) {
		snprintf(msg, size, "this looks like an OBJ file, not pairs: give two "
		         "OBJ files (mink A.obj B.obj), or name it in a hull's \"obj\"");
		return 1;
	}
	if (commas >= 1 && memchr(p + i, '{', eol - i) == NULL &&
	    memchr(p + i, ':', eol - i) == NULL) {
		snprintf(msg, size, "this looks like a CSV file, not JSON: %s", hint);
		return 1;
	}
	return 0;
}

/*
 * The object's members "status", "a" and "b" (each NULL when absent), by
 * the fast parser (cJSON's own keeps a global error pointer, and workers
 * may be parsing at the same time).  Free the tree with cli_fastjson_free.
 */
static cJSON *members(cli_fastjson *fj, const char *text, size_t len,
                      const cJSON **status, const cJSON **a, const cJSON **b)
{
	cJSON *j = cli_fastjson_parse(fj, text, len);

	*status = *a = *b = NULL;
	if (!cJSON_IsObject(j))
		return NULL;
	*status = cJSON_GetObjectItemCaseSensitive(j, "status");
	*a = cJSON_GetObjectItemCaseSensitive(j, "a");
	*b = cJSON_GetObjectItemCaseSensitive(j, "b");
	return j;
}

int cli_sniff_results(const char *text, size_t len, char *msg, size_t size)
{
	const cJSON *status, *a, *b;
	cli_fastjson *fj = cli_fastjson_new();
	cJSON *j = members(fj, text, len, &status, &a, &b);
	int yes = j && cJSON_IsString(status) && !a && !b;

	cli_fastjson_free(fj);
	if (yes)
		snprintf(msg, size, "this looks like mink's results (records with "
		         "\"status\"), not pairs: mink diff compares results");
	return yes;
}

int cli_sniff_pairs(const char *text, size_t len, char *msg, size_t size)
{
	const cJSON *status, *a, *b;
	cli_fastjson *fj = cli_fastjson_new();
	cJSON *j = members(fj, text, len, &status, &a, &b);
	int yes = j && !status && cJSON_IsObject(a) && cJSON_IsObject(b);

	cli_fastjson_free(fj);
	if (yes)
		snprintf(msg, size, "this looks like a batch of pairs (records with "
		         "\"a\" and \"b\"), not results: run mink on it first");
	return yes;
}
