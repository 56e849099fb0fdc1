/*
 * poses.c - the C library's own rate on one pair of shapes in many poses:
 * the yardstick of the Python module's batch_poses (bench/python.py).
 *
 *   poses FILE HA_X HA_Y HA_Z HB_X HB_Y HB_Z [THREADS [STORE]]
 *
 * FILE holds N rows of 14 doubles (native byte order): A's position and
 * quaternion [w, x, y, z], then B's.  Two boxes of the given half extents;
 * every row is answered with mink_query3 and the default options, in
 * THREADS threads (default 1) of 4 MiB stacks, each over a contiguous
 * share of the rows.  Prints "rows seconds pairs/s checksum" (the sum of
 * the distances: the same answers as the module's).  With STORE = 1 each
 * result is also copied into new memory, ROW_BYTES a row (the bytes of
 * the module's columns for a row with 4 contacts), so that the loop pays
 * for new pages and for writing them as the module does: the rate of a C
 * program that keeps its answers.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mink.h"

/* The module's columns, bytes a row: 4 int32, 3 double, 5 vectors, two
 * tangents, a bool, state, status and warning as UCS-4 (11, 11, 14),
 * contact distances and 4 vectors for each of 4 contacts. */
enum { ROW_BYTES = 16 + 16 + 24 + 96 + 48 + 1 + 144 + 32 + 384 };

typedef struct share {
	const double *rows;
	long begin, end;
	mink_shape3 a, b;
	double sum;
	unsigned char *store; /* ROW_BYTES a row from begin, or NULL */
} share;

static void *run(void *arg)
{
	share *s = arg;
	mink_result r;

	s->sum = 0;
	for (long i = s->begin; i < s->end; i++) {
		const double *p = s->rows + 14 * i;
		mink_pose3 pa = {{p[0], p[1], p[2]}, {p[3], p[4], p[5], p[6]}};
		mink_pose3 pb = {{p[7], p[8], p[9]}, {p[10], p[11], p[12], p[13]}};

		mink_query3(&s->a, &pa, &s->b, &pb, NULL, &r);
		s->sum += r.distance;
		if (s->store) /* the result's first bytes, as many as a row holds */
			memcpy(s->store + (size_t)(i - s->begin) * ROW_BYTES, &r, ROW_BYTES);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	FILE *f;
	long n, size;
	double *rows, sum = 0, secs;
	int threads = argc > 8 ? atoi(argv[8]) : 1, store = argc > 9 && atoi(argv[9]);
	share sh[64];
	pthread_t tid[64];
	pthread_attr_t attr;
	struct timespec t0, t1;

	if (argc < 8 || threads < 1 || threads > 64) {
		fprintf(stderr, "usage: poses FILE HA_X HA_Y HA_Z HB_X HB_Y HB_Z [THREADS]\n");
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0) {
		perror(argv[1]);
		return 2;
	}
	rewind(f);
	n = size / (long)(14 * sizeof(double));
	rows = malloc((size_t)size + 1);
	if (!rows || fread(rows, 1, (size_t)size, f) != (size_t)size) {
		perror(argv[1]);
		return 2;
	}
	fclose(f);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, (size_t)4 << 20);
	for (int t = 0; t < threads; t++) {
		sh[t].rows = rows;
		sh[t].store = NULL;
		sh[t].begin = n * t / threads;
		sh[t].end = n * (t + 1) / threads;
		sh[t].a = mink_box(atof(argv[2]), atof(argv[3]), atof(argv[4]));
		sh[t].b = mink_box(atof(argv[5]), atof(argv[6]), atof(argv[7]));
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int t = 0; t < threads; t++)
		if (store && !(sh[t].store = malloc((size_t)(sh[t].end - sh[t].begin) * ROW_BYTES + 1))) {
			fprintf(stderr, "poses: out of memory\n");
			return 2;
		}
	for (int t = 0; t < threads; t++)
		if (pthread_create(&tid[t], &attr, run, &sh[t]) != 0) {
			fprintf(stderr, "poses: cannot start a thread\n");
			return 2;
		}
	for (int t = 0; t < threads; t++) {
		pthread_join(tid[t], NULL);
		sum += sh[t].sum;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	for (int t = 0; t < threads; t++)
		free(sh[t].store);
	secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
	printf("%ld %.3f %.0f %.17g\n", n, secs, (double)n / secs, sum);
	free(rows);
	return 0;
}
