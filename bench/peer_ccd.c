/*
 * peer_ccd.c - libccd as a peer of the kernel benchmark.
 *
 * libccd takes support functions written by its user; these are the
 * analytic supports of bmath.h (a linear scan for hulls).  libccd has no
 * notion of a margin, so a sphere or a capsule is a smooth body to it.
 * ccdGJKPenetration and ccdMPRPenetration only answer overlapping pairs:
 * for a separated pair they report "no intersection" and no distance.
 */
#include <stdio.h>
#include <stdlib.h>

#include <ccd/ccd.h>

#include "bmath.h"

/* Caps and tolerances: see ccd_settings(). */
#define CCD_BENCH_MAX_ITERATIONS 1000UL
#define CCD_BENCH_EPA_TOLERANCE 1e-12
#define CCD_BENCH_MPR_TOLERANCE 1e-12

const char *ccd_settings(void)
{
	static char buf[160];
	snprintf(buf, sizeof buf, "max_iterations %lu, epa_tolerance %g, mpr_tolerance %g",
	         CCD_BENCH_MAX_ITERATIONS, CCD_BENCH_EPA_TOLERANCE, CCD_BENCH_MPR_TOLERANCE);
	return buf;
}

typedef struct ccd_ctx {
	const bench_pair *pairs;
	int mpr;
	ccd_t ccd;
} ccd_ctx;

static void support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out)
{
	mink_vec3 p = bs_support(obj, bv(dir->v[0], dir->v[1], dir->v[2]));
	out->v[0] = p.x;
	out->v[1] = p.y;
	out->v[2] = p.z;
}

static void center(const void *obj, ccd_vec3_t *out)
{
	const bench_shape *s = obj;
	out->v[0] = s->pos[0];
	out->v[1] = s->pos[1];
	out->v[2] = s->pos[2];
}

/* The first GJK direction: from A's centre to B's. */
static void first_dir(const void *o1, const void *o2, ccd_vec3_t *dir)
{
	const bench_shape *a = o1, *b = o2;
	dir->v[0] = b->pos[0] - a->pos[0];
	dir->v[1] = b->pos[1] - a->pos[1];
	dir->v[2] = b->pos[2] - a->pos[2];
	if (dir->v[0] == 0 && dir->v[1] == 0 && dir->v[2] == 0)
		dir->v[0] = 1;
}

void *ccd_prepare(const bench_pair *pairs, int n, int mpr)
{
	(void)n;
	ccd_ctx *c = calloc(1, sizeof *c);
	if (!c)
		abort();
	c->pairs = pairs;
	c->mpr = mpr;
	CCD_INIT(&c->ccd);
	c->ccd.support1 = support;
	c->ccd.support2 = support;
	c->ccd.center1 = center;
	c->ccd.center2 = center;
	c->ccd.first_dir = first_dir;
	c->ccd.max_iterations = CCD_BENCH_MAX_ITERATIONS;
	c->ccd.epa_tolerance = CCD_BENCH_EPA_TOLERANCE;
	c->ccd.mpr_tolerance = CCD_BENCH_MPR_TOLERANCE;
	return c;
}

void ccd_run(void *ctx, int begin, int end, bench_answer *out)
{
	ccd_ctx *c = ctx;
	for (int i = begin; i < end; i++) {
		const bench_pair *p = &c->pairs[i];
		ccd_real_t depth = 0;
		ccd_vec3_t dir, pos;
		int r = c->mpr ? ccdMPRPenetration(&p->a, &p->b, &c->ccd, &depth, &dir, &pos)
		               : ccdGJKPenetration(&p->a, &p->b, &c->ccd, &depth, &dir, &pos);
		bench_answer *o = &out[i];
		if (r == 0) {
			o->state = BS_OVERLAPPING;
			o->value = -depth;
			o->normal[0] = dir.v[0];
			o->normal[1] = dir.v[1];
			o->normal[2] = dir.v[2];
		} else if (r == -1) {
			o->state = BS_SEPARATED_NODIST;
			o->value = 0;
		} else {
			o->state = BS_FAILED;
			o->value = 0;
		}
	}
}

void ccd_free(void *ctx)
{
	free(ctx);
}
