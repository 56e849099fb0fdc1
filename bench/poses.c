/*
 * poses.c - the C library's own rate on one pair of shapes in many poses:
 * the yardstick of the Python module's batch_poses (bench/python.py).
 *
 *   poses FILE HA_X HA_Y HA_Z HB_X HB_Y HB_Z [THREADS]
 *
 * FILE holds N rows of 14 doubles (native byte order): A's position and
 * quaternion [w, x, y, z], then B's.  Two boxes of the given half extents;
 * every row is answered with mink_query3 and the default options, in
 * THREADS threads (default 1) of 4 MiB stacks, each over a contiguous
 * share of the rows.  Prints "rows seconds pairs/s checksum" (the sum of
 * the distances: the same answers as the module's).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "mink.h"

typedef struct share {
	const double *rows;
	long begin, end;
	mink_shape3 a, b;
	double sum;
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
	}
	return NULL;
}

int main(int argc, char **argv)
{
	FILE *f;
	long n, size;
	double *rows, sum = 0, secs;
	int threads = argc > 8 ? atoi(argv[8]) : 1;
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
		sh[t].begin = n * t / threads;
		sh[t].end = n * (t + 1) / threads;
		sh[t].a = mink_box(atof(argv[2]), atof(argv[3]), atof(argv[4]));
		sh[t].b = mink_box(atof(argv[5]), atof(argv[6]), atof(argv[7]));
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
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
	secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
	printf("%ld %.3f %.0f %.17g\n", n, secs, (double)n / secs, sum);
	free(rows);
	return 0;
}
