/*
 * gen_boxes.c - writes N seeded random box-box pairs as NDJSON for the
 * end-to-end benchmark.
 *
 * Usage: gen_boxes N [SEED [obj]] > pairs.ndjson
 *
 * Boxes have half extents in [0.2, 1] and uniform random rotations; A sits
 * in [-10, 10]^3 and B along a random direction u at t times the sum of
 * the boxes' extents along u, with t in [0.5, 0.98] for 80% of the pairs
 * (overlapping along u, nearly always overlapping) and in [1.02, 1.5] for
 * the rest (separated).  Numbers are written with 9 significant digits.
 * The output depends on nothing but N and SEED (xoshiro256**).
 *
 * With "obj" as third argument the same poses are written for hulls read
 * from OBJ files instead: each side in turn one of meshes/cube.obj,
 * meshes/icosphere1.obj and meshes/cylinder16.obj (8, 42 and 32
 * vertices, relative to the output file's directory), placed with the
 * boxes' spacing (the share of overlapping pairs is then only roughly
 * 80%).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mink_random.h"

#define PI 3.14159265358979323846

static mink_rng rng;

static double unit(void) { return mink_rng_unit(&rng); }
static double range(double lo, double hi) { return mink_rng_range(&rng, lo, hi); }

typedef struct box {
	double h[3], q[4], p[3], r[9];
} box;

static void random_box(box *b)
{
	for (int k = 0; k < 3; k++)
		b->h[k] = range(0.2, 1.0);
	double u1 = unit(), u2 = 2 * PI * unit(), u3 = 2 * PI * unit();
	double s = sqrt(1 - u1), c = sqrt(u1);
	double w = c * cos(u3), x = s * sin(u2), y = s * cos(u2), z = c * sin(u3);
	b->q[0] = w, b->q[1] = x, b->q[2] = y, b->q[3] = z;
	double *r = b->r;
	r[0] = 1 - 2 * (y * y + z * z); r[1] = 2 * (x * y - w * z);     r[2] = 2 * (x * z + w * y);
	r[3] = 2 * (x * y + w * z);     r[4] = 1 - 2 * (x * x + z * z); r[5] = 2 * (y * z - w * x);
	r[6] = 2 * (x * z - w * y);     r[7] = 2 * (y * z + w * x);     r[8] = 1 - 2 * (x * x + y * y);
}

/* Extent of the box along unit u from its centre: sum of h_k |axis_k . u|. */
static double extent(const box *b, const double *u)
{
	double e = 0;
	for (int k = 0; k < 3; k++)
		e += b->h[k] * fabs(b->r[k] * u[0] + b->r[3 + k] * u[1] + b->r[6 + k] * u[2]);
	return e;
}

static const char *const meshes[] = {
	"meshes/cube.obj", "meshes/icosphere1.obj", "meshes/cylinder16.obj"
};

static void print_hull(const box *b, long k)
{
	printf("{\"type\":\"hull\",\"obj\":\"%s\",\"position\":[%.9g,%.9g,%.9g],"
	       "\"rotation\":[%.9g,%.9g,%.9g,%.9g]}",
	       meshes[k % 3], b->p[0], b->p[1], b->p[2], b->q[0], b->q[1], b->q[2], b->q[3]);
}

static void print_box(const box *b)
{
	printf("{\"type\":\"box\",\"half_extents\":[%.9g,%.9g,%.9g],\"position\":[%.9g,%.9g,%.9g],"
	       "\"rotation\":[%.9g,%.9g,%.9g,%.9g]}",
	       b->h[0], b->h[1], b->h[2], b->p[0], b->p[1], b->p[2], b->q[0], b->q[1], b->q[2], b->q[3]);
}

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 4 || (argc == 4 && strcmp(argv[3], "obj") != 0)) {
		fprintf(stderr, "usage: gen_boxes N [SEED [obj]]\n");
		return 2;
	}
	int obj = argc == 4;
	long n = atol(argv[1]);
	uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 42;
	mink_rng_seed(&rng, seed);
	for (long i = 0; i < n; i++) {
		box a, b;
		random_box(&a);
		random_box(&b);
		double u[3], len;
		do {
			for (int k = 0; k < 3; k++)
				u[k] = range(-1, 1);
			len = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
		} while (len > 1 || len < 1e-3);
		for (int k = 0; k < 3; k++)
			u[k] /= len;
		double t = unit() < 0.8 ? range(0.5, 0.98) : range(1.02, 1.5);
		double d = t * (extent(&a, u) + extent(&b, u));
		for (int k = 0; k < 3; k++) {
			a.p[k] = range(-10, 10);
			b.p[k] = a.p[k] + d * u[k];
		}
		printf("{\"id\":%ld,\"a\":", i + 1);
		if (obj)
			print_hull(&a, i);
		else
			print_box(&a);
		printf(",\"b\":");
		if (obj)
			print_hull(&b, i / 3 + 1);
		else
			print_box(&b);
		printf("}\n");
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("gen_boxes");
		return 1;
	}
	return 0;
}
