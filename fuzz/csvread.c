/*
 * csvread.c - fuzz target: the CSV reader of mink diff (cli/text/csvread.c).
 * Every row has at least one field, each NUL-terminated at its counted
 * length; lines never go back.
 */
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "text/csvread.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = fuzz_pipe(data, size);
	cli_csv *c;
	char **fields;
	size_t count;
	long line, last = 0;
	cli_csv_status st;

	if (fd < 0)
		return 0;
	c = cli_csv_new(fd, NULL, 0);
	while ((st = cli_csv_next(c, &fields, &count, &line)) == CLI_CSV_ROW) {
		fuzz_check(count >= 1, "a row without fields");
		fuzz_check(line >= 1 && line >= last, "lines go back");
		for (size_t i = 0; i < count; i++) {
			size_t n = cli_csv_field_len(c, i);

			fuzz_check(fields[i][n] == '\0' && strlen(fields[i]) <= n,
			           "field length");
		}
		last = line;
	}
	if (st == CLI_CSV_BROKEN) {
		const char *msg = cli_csv_message(c, &line);

		fuzz_check(msg && *msg, "broken without a message");
	}
	cli_csv_free(c);
	close(fd);
	return 0;
}
