/*
 * fuzz.h - what the fuzz targets share: a file descriptor that reads a
 * buffer (for the readers that take one), and the entry point libFuzzer
 * calls (replay.c calls it too, for make test).
 */
#ifndef FUZZ_FUZZ_H
#define FUZZ_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/** Inputs longer than this are cut (a pipe holds it without a reader). */
#define FUZZ_MAX_LEN 65536

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/** A pipe's read end holding data[0, size) then the end of file, or -1. */
int fuzz_pipe(const uint8_t *data, size_t size);

/** Aborts with the message when cond is false: a finding. */
void fuzz_check(int cond, const char *what);

#endif /* FUZZ_FUZZ_H */
