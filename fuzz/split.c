/*
 * split.c - fuzz target: the stream splitter (cli/text/split.c) with its
 * byte source (plain, gzip, zstd: instream.c) and its diagnosis (sniff.c).
 * The first byte picks the record cap (from 1 byte up), so records over
 * it are skipped too.  Each record must be NUL-terminated at its length,
 * lie at a line >= 1, and an oversized one carry no text.
 */
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "text/split.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cli_reader *r;
	cli_record rec;
	cli_read_status st;
	int fd;
	size_t cap;
	long last = 0;

	if (size < 1)
		return 0;
	cap = data[0] < 128 ? (size_t)data[0] * 8 + 1 : CLI_MAX_RECORD_DEFAULT;
	fd = fuzz_pipe(data + 1, size - 1);
	if (fd < 0)
		return 0;
	r = cli_reader_new(fd, NULL, NULL);
	cli_reader_set_max_record(r, cap);
	while ((st = cli_reader_next(r, &rec)) == CLI_READ_RECORD) {
		fuzz_check(rec.text[rec.len] == '\0', "record not NUL-terminated");
		fuzz_check(rec.len <= cap, "record longer than the cap");
		fuzz_check(rec.line >= 1 && rec.line >= last, "lines go back");
		fuzz_check(!rec.oversize || rec.len == 0, "oversized record with text");
		if (rec.len > 0) {
			long line, col;

			cli_record_locate(&rec, rec.len, &line, &col);
			fuzz_check(line >= rec.line, "locate before the record");
		}
		last = rec.line;
	}
	if (st == CLI_READ_BROKEN) {
		long line, col;
		const char *msg = cli_reader_message(r, &line, &col);

		fuzz_check(msg && *msg && line >= 1, "broken without a message");
	}
	cli_reader_free(r);
	close(fd);
	return 0;
}
