/*
 * support.c - hill climbing against a scan of every vertex: where does
 * the adjacency of a hull start to pay?
 *
 * For hulls of N points on the unit sphere (a Fibonacci lattice, every
 * point a vertex), it times mink_query3 of the hull against a box in 256
 * seeded poses (mixed: about half overlap), once with the hull's
 * adjacency (hill climbing, as mink_hull_shape makes it) and once without
 * (the scan).  Both must give the same distances.  Passes over the poses
 * alternate between the two and the fastest pass of each counts, which
 * keeps other load on the machine out of the figures.
 *
 * The support function is internal to the library, so its cost is
 * measured through the query: each GJK or EPA iteration calls the hull's
 * support once, besides its own work, and ns/iteration is shown next to
 * ns/query.  "~support" estimates the support call alone: ns/iteration
 * less that of the 8-point scan (GJK and EPA bookkeeping, the box's
 * support).  The build time of the hull is shown too, for the question
 * whether a hull given inline is worth building for one query (it is not:
 * a build costs about 90 queries at every size).
 *
 * Below MK_CLIMB_MIN_POINTS (lib/internal.h) the library scans even when
 * the adjacency is there: run this with the threshold lowered to 4 to see
 * the climb at every size, as was done to choose it.
 *
 * Self-contained; from the repository root, after `make`:
 *
 *   cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -ffp-contract=off -Iinclude \
 *      bench/support.c build/libmink.a $(pkg-config --libs qhull_r) -lm \
 *      -o build/bench-support && build/bench-support [SECONDS]
 *
 * SECONDS (default 0.5) is the least time spent on each hull size.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "mink.h"
#include "mink_random.h"

enum { POSES = 256 };

static const double PI = 3.14159265358979323846;

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* splitmix64: the same poses on every machine. */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static double rng_unit(void)
{
	return (double)(mink_splitmix64(&rng_state) >> 11) / 9007199254740992.0;
}

static mink_vec3 unit_vec(void)
{
	for (;;) {
		mink_vec3 v = {2 * rng_unit() - 1, 2 * rng_unit() - 1, 2 * rng_unit() - 1};
		double l = sqrt(v.x * v.x + v.y * v.y + v.z * v.z);

		if (l > 1e-3 && l <= 1)
			return (mink_vec3){v.x / l, v.y / l, v.z / l};
	}
}

static mink_quat rotation(void)
{
	/* Shoemake's uniform rotation */
	double u1 = rng_unit(), u2 = 2 * PI * rng_unit(), u3 = 2 * PI * rng_unit();
	double a = sqrt(1 - u1), b = sqrt(u1);

	return (mink_quat){a * sin(u2), a * cos(u2), b * sin(u3), b * cos(u3)};
}

/* N points of a Fibonacci lattice on the unit sphere. */
static mink_vec3 *sphere_points(int n)
{
	mink_vec3 *p = malloc(sizeof *p * (size_t)n);
	double golden = PI * (3 - sqrt(5));

	for (int i = 0; i < n && p; i++) {
		double z = 1 - (2.0 * i + 1) / n, r = sqrt(1 - z * z);

		p[i] = (mink_vec3){r * cos(golden * i), r * sin(golden * i), z};
	}
	return p;
}

typedef struct timing {
	double ns_query;   /* the fastest pass over the poses, per query */
	double iterations; /* GJK + EPA, per query */
	double overlap;    /* fraction of the poses that overlap */
	double checksum;   /* sum of the distances */
} timing;

static void first_pass(const mink_shape3 *hull, const mink_shape3 *box,
                       const mink_pose3 *pa, const mink_pose3 *pb, timing *t)
{
	mink_result r;

	*t = (timing){INFINITY, 0, 0, 0};
	for (int k = 0; k < POSES; k++) {
		mink_query3(hull, &pa[k], box, &pb[k], NULL, &r);
		t->iterations += r.gjk_iterations + r.epa_iterations;
		t->overlap += r.distance < 0;
		t->checksum += r.distance;
	}
	t->iterations /= POSES;
	t->overlap /= POSES;
}

/* One timed pass over the poses; keeps the fastest in t. */
static void pass(const mink_shape3 *hull, const mink_shape3 *box,
                 const mink_pose3 *pa, const mink_pose3 *pb, timing *t)
{
	mink_result r;
	double start = now(), ns;

	for (int k = 0; k < POSES; k++)
		mink_query3(hull, &pa[k], box, &pb[k], NULL, &r);
	ns = 1e9 * (now() - start) / POSES;
	if (ns < t->ns_query)
		t->ns_query = ns;
}

int main(int argc, char **argv)
{
	static const int sizes[] = {8, 12, 16, 24, 32, 40, 48, 56, 64, 80, 96, 128, 256, 1000,
	                            10000, 100000};
	double seconds = argc > 1 ? atof(argv[1]) : 0.5;
	mink_pose3 pa[POSES], pb[POSES];
	mink_shape3 box;
	double base = 0; /* ns per iteration of the smallest hull's scan */
	int bad = 0;

	if (!(seconds > 0))
		seconds = 0.5;
	box.type = MINK_BOX;
	box.margin = 0;
	box.box.half_extents = (mink_vec3){0.3, 0.5, 0.7};
	for (int k = 0; k < POSES; k++) {
		mink_vec3 d = unit_vec();
		double r = 2.6 * rng_unit();

		pa[k] = (mink_pose3){{0, 0, 0}, rotation()};
		pb[k] = (mink_pose3){{r * d.x, r * d.y, r * d.z}, rotation()};
	}
	printf("mink_query3: hull of N points on the unit sphere vs a box, %d poses, "
	       "fastest pass of %.1f s\n\n", POSES, seconds);
	printf("%8s %9s %7s %11s %11s %8s %11s %11s %10s %10s\n", "N", "build ms",
	       "iter/q", "scan ns/q", "climb ns/q", "speedup", "scan ns/it",
	       "climb ns/it", "~support", "~support");
	printf("%8s %9s %7s %11s %11s %8s %11s %11s %10s %10s\n", "", "", "", "", "",
	       "", "", "", "scan ns", "climb ns");
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		int n = sizes[i];
		mink_vec3 *p = sphere_points(n);
		mink_hull h;
		double t0 = now(), build_ms;
		mink_shape3 climb, scan;
		timing ts, tc;

		if (!p || mink_hull_build(p, n, &h) != MINK_HULL_OK) {
			fprintf(stderr, "support: no hull of %d points\n", n);
			return 1;
		}
		build_ms = 1e3 * (now() - t0);
		climb = mink_hull_shape(&h, 0);
		scan = climb;
		scan.hull.adjacency_start = NULL;
		scan.hull.adjacency = NULL;
		/*
		 * Passes of the two alternate and the fastest of each counts:
		 * the minimum is what the code costs, the rest is other load.
		 */
		first_pass(&scan, &box, pa, pb, &ts);
		first_pass(&climb, &box, pa, pb, &tc);
		t0 = now();
		do {
			pass(&scan, &box, pa, pb, &ts);
			pass(&climb, &box, pa, pb, &tc);
		} while (now() - t0 < seconds);
		if (fabs(ts.checksum - tc.checksum) > 1e-9 * POSES) {
			fprintf(stderr, "support: N %d: the climb and the scan disagree "
			        "(%.17g vs %.17g)\n", n, tc.checksum, ts.checksum);
			bad = 1;
		}
		if (i == 0)
			base = ts.ns_query / ts.iterations;
		printf("%8d %9.3f %7.1f %11.0f %11.0f %8.2f %11.1f %11.1f %10.0f %10.0f\n",
		       h.count, build_ms, tc.iterations, ts.ns_query, tc.ns_query,
		       ts.ns_query / tc.ns_query, ts.ns_query / ts.iterations,
		       tc.ns_query / tc.iterations, ts.ns_query / ts.iterations - base,
		       tc.ns_query / tc.iterations - base);
		fflush(stdout);
		mink_hull_free(&h);
		free(p);
	}
	return bad;
}
