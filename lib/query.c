/*
 * query.c - the orchestration: poses -> GJK -> EPA or distance -> contact.
 *
 * Everything is computed in A's frame, on the cores of the shapes (a sphere
 * is a point, a capsule a segment); the swept radii are added at the end,
 * which is exact.  Only then are the results carried to world space.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

mink_options mink_default_options(void)
{
	mink_options o;
	o.tolerance = 1e-10;
	o.size_tolerance = 1e-13;
	o.max_gjk_iterations = 256;
	o.max_epa_iterations = 32768;
	o.max_contacts = 4;
	o.contact_tolerance = 1e-9;
	return o;
}

const char *mink_status_name(mink_status s)
{
	switch (s) {
	case MINK_OK: return "ok";
	case MINK_APPROXIMATE: return "approximate";
	case MINK_ERROR: return "error";
	}
	return "error";
}

const char *mink_state_name(mink_state s)
{
	switch (s) {
	case MINK_SEPARATED: return "separated";
	case MINK_TOUCHING: return "touching";
	case MINK_PENETRATING: return "penetrating";
	}
	return "separated";
}

const char *mink_warning_name(mink_warning w)
{
	switch (w) {
	case MINK_WARN_NONE: return "none";
	case MINK_WARN_GJK_ITERATIONS: return "gjk_iterations";
	case MINK_WARN_EPA_ITERATIONS: return "epa_iterations";
	case MINK_WARN_EPA_CAPACITY: return "epa_capacity";
	case MINK_WARN_DEGENERATE: return "degenerate";
	}
	return "none";
}

const char *mink_error_name(mink_error e)
{
	switch (e) {
	case MINK_ERR_NONE: return "none";
	case MINK_ERR_BAD_SHAPE: return "bad_shape";
	case MINK_ERR_BAD_POSE: return "bad_pose";
	case MINK_ERR_NUMERIC: return "numeric";
	case MINK_ERR_BAD_OPTIONS: return "bad_options";
	}
	return "none";
}

static void fail(mink_result *out, int dim, mink_error e)
{
	memset(out, 0, sizeof *out);
	out->status = MINK_ERROR;
	out->error = e;
	out->dim = dim;
}

/* Unit quaternion of q; 0 when q cannot be normalised. */
static int unit_quat(mink_quat q, mink_quat *u)
{
	/* A norm within range has every component finite: a NaN or an
	 * infinity makes it NaN or infinite. */
	double n2 = q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z;
	if (n2 > 1e-200 && n2 < 1e200) {
		double inv = 1.0 / sqrt(n2);
		u->w = q.w * inv;
		u->x = q.x * inv;
		u->y = q.y * inv;
		u->z = q.z * inv;
		return 1;
	}
	if (!isfinite(q.w) || !isfinite(q.x) || !isfinite(q.y) || !isfinite(q.z))
		return 0;
	/* tiny or huge: scale by the largest component first */
	double m = fmax(fmax(fabs(q.w), fabs(q.x)), fmax(fabs(q.y), fabs(q.z)));
	if (!(m > 0.0))
		return 0;
	double w = q.w / m, x = q.x / m, y = q.y / m, z = q.z / m;
	double l = sqrt(w * w + x * x + y * y + z * z);
	u->w = w / l;
	u->x = x / l;
	u->y = y / l;
	u->z = z / l;
	return 1;
}

static int coord_ok(double x)
{
	return fabs(x) <= MINK_MAX_COORD; /* false for NaN and infinities */
}

static void run_epa(const mk_shape *A, const mk_shape *B, const mk_simplex *s, int dim,
                    const mk_tol *tol, mk_pen *pen)
{
	if (dim == 2)
		mk_epa2(A, B, s, tol, pen);
	else
		mk_epa3(A, B, s, tol, pen);
}

/*
 * EPA could not certify its answer (its polytope's lower bound stayed below
 * the best support distance it measured): the search is run again on
 * B - A, whose GJK simplex and polytope are built from other points, and
 * its answer mirrored.  Either search's support distance is a valid upper
 * bound on the depth; a certified one wins, else the smaller.  The answer
 * of a pair no longer depends on which shape came first.
 */
static void epa_swapped(const mk_shape *A, const mk_shape *B, int dim, const mk_tol *tol,
                        mk_pen *pen)
{
	mk_gjk_out g;
	mk_gjk(B, A, tol, &g);
	mk_pen alt;
	if (g.contained || !(g.lower > 0.0)) {
		run_epa(B, A, &g.s, dim, tol, &alt);
	} else {
		/* B - A is proven apart from the origin: the pair does not
		 * overlap.  g.v = b - a; the normal of (B, A) goes from B to A. */
		alt.depth = -g.dist;
		alt.normal = v3_normalize_or(v3_neg(g.v), v3(1, 0, 0));
		mk_simplex_points(&g.s, &alt.pa, &alt.pb);
		alt.pb = v3_mad(alt.pa, alt.normal, g.dist);
		alt.iterations = 0;
		alt.lower = -g.dist;
		alt.warning = g.converged && !g.noisy ? MINK_WARN_NONE : MINK_WARN_DEGENERATE;
	}
	int it = pen->iterations + alt.iterations;
	if (alt.warning == MINK_WARN_NONE || (alt.warning == MINK_WARN_DEGENERATE &&
	                                      alt.depth < pen->depth)) {
		/* mirrored: B - A's normal points from B to A, its points are
		 * on B then A */
		pen->depth = alt.depth;
		pen->normal = v3_neg(alt.normal);
		pen->pa = alt.pb;
		pen->pb = alt.pa;
		pen->lower = alt.lower;
		pen->warning = alt.warning;
	}
	pen->iterations = it;
}

/* The pair's size: both bounding radii and the distance of the origins. */
static double pair_size(const mk_shape *A, const mk_shape *B)
{
	return A->bound + B->bound + v3_len_safe(B->pos);
}

/* The tolerances of a pair of unit size, in its length units. */
static void unit_tolerances(const mk_shape *A, const mk_shape *B, const mink_options *o,
                            mk_tol *tol)
{
	double apart = v3_len_safe(B->pos);
	double size = A->bound + B->bound + apart; /* pair_size */
	if (!(size > 0.0))
		size = DBL_MIN;
	tol->size = size;
	tol->rel = o->tolerance > 0.0 ? o->tolerance : 0.0;
	double st = o->size_tolerance > 0.0 ? o->size_tolerance : 0.0;
	tol->abs = st * size;
	/* GJK solves the cores to the size of the cores and their offset: a
	 * margin adds to the size, but its contact moves by the normal's
	 * error times the margin (a box 4.3 from the centre of a ball of
	 * radius 1e9: GJK stopped at 1e-13 of 1e9, the normal 8e-4 off, the
	 * ball's contact 8e5 off).  (Not EPA: on a curved core, which the
	 * refinement makes exact, a rounded triangle 1e6 thick over an
	 * ellipsoid 1e-3 deep then ran out of iterations in 0.6 s.) */
	double cores = A->bound - A->margin + B->bound - B->margin + apart;
	if (!(cores > 0.0) || !(cores < size))
		cores = size;
	tol->core_abs = st * cores;
	tol->eps = 8.0 * DBL_EPSILON * size;
	tol->margins = A->smooth || B->smooth ? 0.0 : A->margin + B->margin;
	tol->max_gjk = o->max_gjk_iterations > 0 ? o->max_gjk_iterations : 1;
	tol->max_epa = o->max_epa_iterations > 0 ? o->max_epa_iterations : 0;
}

/* Two spheres (circles): the centres are the closest points of the cores,
 * and the answer is closed-form.  Coincident centres take the direction
 * GJK/EPA would: +x of A's frame. */
static void solve_points(const mk_shape *A, const mk_shape *B, const mk_tol *tol,
                         mk_answer *ans)
{
	double d = v3_len_safe(B->pos);
	mink_vec3 n = d > tol->eps ? v3_scale(B->pos, 1.0 / d) : v3(1, 0, 0);
	if (!(d > tol->eps))
		d = 0.0;
	ans->gjk_it = 0;
	ans->distance = d - (A->margin + B->margin);
	ans->normal = n;
	ans->pa = v3_scale(n, A->margin);
	ans->pb = v3_mad(B->pos, n, -B->margin);
}

/* What GJK's answer is worth, and so which path answers the pair. */
typedef enum gjk_verdict {
	GJK_OVERLAP,     /* the origin is in or next to the simplex, or GJK
	                    stalled without a proof of separation: EPA answers */
	GJK_REDIRECT,    /* a tiny v of unsure direction and no proof of
	                    separation: EPA's probes choose the normal */
	GJK_APART,       /* v is the answer: |v| the core distance, -v the normal */
	GJK_TURNED,      /* |v| is the distance, and the direction of GJK's best
	                    lower bound, which confirms it, the normal */
	GJK_UNCONFIRMED, /* v is the best answer, but nothing confirms its
	                    direction: flagged */
	GJK_STRADDLE     /* stopped by the iteration cap with bounds on the
	                    distance that straddle zero: reported touching */
} gjk_verdict;

static gjk_verdict judge_gjk(const mk_gjk_out *g, const mk_tol *tol)
{
	if (g->contained)
		return GJK_OVERLAP;
	gjk_verdict v = GJK_APART;
	/* Converged only at the rounding level with a lower bound that does not
	 * confirm |v|: the distance is right but the direction of a tiny v is
	 * not (a CSO edge passing next to the origin).  EPA's probes find a
	 * direction consistent with the support planes. */
	double slack = tol->rel * g->dist + tol->abs;
	if (g->noisy && !(g->lower_v >= g->dist - slack)) {
		if (g->dist > 1e-6 * tol->size && g->lower_v >= g->dist - slack - 1e-9 * g->dist) {
			/* far from contact the direction of v is sound and its bound
			 * confirms |v| to the rounding of a long simplex: keep it */
		} else if (g->s.n == 1 && g->dist > tol->eps &&
		           g->lower_v >= g->dist - slack - tol->eps * tol->size / g->dist) {
			/* A vertex against a vertex: v is the difference of two
			 * support points, exact but for the rounding of the shapes'
			 * coordinates in this frame (tol.eps), which turns v by up to
			 * tol.eps / |v|; a neighbouring vertex tied with the support
			 * can then lower the bound along v by the size times that
			 * angle, and no computation with these coordinates can do
			 * better.  |v| itself is exact. */
		} else if (g->lower >= g->dist - slack) {
			/* another direction was measured to separate the shapes by
			 * |v| within tolerance: it is the normal */
			v = GJK_TURNED;
		} else if (g->dist <= 1e-6 * tol->size && !(g->lower > 0.0)) {
			/* (a positive lower bound proves the shapes apart: EPA, which
			 * assumes the origin inside, is not asked then; a needle of a
			 * hull 1e11 long made it answer 583 deep for a pair 1.15
			 * apart) */
			v = GJK_REDIRECT;
		} else {
			v = GJK_UNCONFIRMED;
		}
	}
	/* GJK stuck without converging and without a proof of separation (a
	 * positive lower bound): the origin may lie inside, next to the
	 * simplex; let EPA decide from it.  At the iteration cap the result
	 * is flagged, and when its bounds on the distance straddle zero its
	 * state is `touching` (distance 0): running out of iterations is
	 * never reported as a separation.  (A noisy GJK that reached the cap
	 * has converged, so only an answer along v or a redirected one can
	 * straddle: asserted.) */
	int converged = g->converged && v != GJK_REDIRECT;
	if (!converged && (v == GJK_REDIRECT || !(g->lower > 0.0))) {
		if (g->capped) {
			MK_ASSERT(v == GJK_APART || v == GJK_REDIRECT);
			return GJK_STRADDLE;
		}
		return v == GJK_REDIRECT ? GJK_REDIRECT : GJK_OVERLAP;
	}
	return v;
}

/* The answer on the cores while it is being made, in the query frame. */
typedef struct core_answer {
	mink_vec3 pa, pb, n;
	double core;  /* signed distance of the cores: pb - pa = core * n */
	double upper; /* an upper bound on it */
	int exact;    /* pa and pb a certified closest pair (project_apart) */
} core_answer;

/* GJK's answer for a pair it found apart (or could not tell apart). */
static void answer_gjk(const mk_shape *A, const mk_shape *B, const mk_gjk_out *g,
                       gjk_verdict v, core_answer *c, mink_warning *warning)
{
	mk_simplex_points(&g->s, &c->pa, &c->pb);
	/* The weights of a sliver simplex carry more rounding than v: share
	 * the difference between the points so that pa - pb = v exactly. */
	mk_share_difference(&c->pa, &c->pb, g->v);
	/* v = pa - pb points from B to A; the normal goes from A to B. */
	c->n = v3_normalize_or(v3_neg(g->v), v3(1, 0, 0));
	c->core = g->dist;
	if (v == GJK_TURNED) {
		c->n = v3_normalize_or(v3_neg(g->lower_dir), c->n);
		c->pb = v3_mad(c->pa, c->n, c->core);
	}
	double margins = A->margin + B->margin;
	if (v == GJK_STRADDLE && c->core > margins) {
		/* The distance lies between lower - margins <= 0 and
		 * core - margins > 0: report zero, the points met halfway. */
		double shrink = 0.5 * (c->core - margins);
		c->pa = v3_mad(c->pa, c->n, shrink);
		c->pb = v3_mad(c->pb, c->n, -shrink);
		c->core = margins;
	}
	if (g->capped)
		*warning = MINK_WARN_GJK_ITERATIONS;
	else if (!g->converged || v == GJK_UNCONFIRMED)
		*warning = MINK_WARN_DEGENERATE;
}

/* EPA's answer for a pair GJK found overlapping (or could not tell). */
static void answer_epa(const mk_shape *A, const mk_shape *B, const mk_gjk_out *g, int dim,
                       const mk_tol *tol, gjk_verdict v, core_answer *c, mk_answer *ans)
{
	mk_pen pen;
	run_epa(A, B, &g->s, dim, tol, &pen);
	if (pen.warning == MINK_WARN_DEGENERATE)
		epa_swapped(A, B, dim, tol, &pen);
	if (pen.warning != MINK_WARN_NONE && isfinite(g->lower) &&
	    -g->lower < pen.depth - tol->eps) {
		/* GJK's best support plane, at g.lower along -lower_dir, is
		 * itself an answer (translating B by -g.lower along it ends
		 * any overlap) and a better one than an EPA that could not
		 * certify its own: keep it, with support points as the
		 * witnesses, for the refinement and the bounds below. */
		mink_vec3 nl = v3_normalize_or(v3_neg(g->lower_dir), pen.normal);
		mink_vec3 sa = mk_support(A, nl), sb = mk_support(B, v3_neg(nl));
		double h = v3_dot(nl, v3_sub(sa, sb));
		if (h < pen.depth) {
			pen.normal = nl;
			pen.depth = h;
			pen.pa = sa;
			pen.pb = v3_mad(sa, nl, -h);
		}
	}
	c->pa = pen.pa;
	c->pb = pen.pb;
	c->n = pen.normal;
	c->core = -pen.depth;
	if (v == GJK_REDIRECT && pen.depth <= 0.0 && pen.iterations == 0) {
		/* EPA's probe found a direction without overlap: keep it as
		 * the normal, and GJK's |v|, accurate to rounding, as the
		 * distance (the probe's own separation is a lower bound). */
		c->core = g->dist;
		c->pb = v3_mad(c->pa, c->n, c->core);
	}
	ans->epa_it = pen.iterations;
	ans->warning = pen.warning;
	c->upper = fmin(c->upper, -pen.lower);
}

/* Curved cores: GJK and EPA know the normal to about the square root of
 * their tolerance; Newton on the support function makes it exact
 * (lib/refine.c).  Polytope cores are exact already. */
static int far_steps(const mk_shape *A, const mk_shape *B, mink_vec3 pa, mink_vec3 pb,
                     mink_vec3 n, double core, core_answer *c);

static int polish_core(const mk_shape *A, const mk_shape *B, double off, core_answer *c);

/*
 * An answer apart whose points still lie off their cores by more than 1e-9
 * of the size after the refinement and the polish: a flat feature against
 * a stiff ellipsoid, whose support moves across n by its radius of
 * curvature (a sliver's edge 190 from an ellipsoid of radii 1000, 0.1 and
 * 0.001, its foot near the thin side's rim: 1e9 per radian, and a normal
 * right to the distance's tolerance, 3e-8 rad, left the ellipsoid's point
 * 0.16 off it).  The closest pair is then sought by alternating
 * projections (mk_project_pair) from the point nearer its shape: a pair of
 * points of the cores, whose length bounds the distance from above, as the
 * support distance along its direction does from below.  Where the two
 * meet within the slack the pair is the answer, its direction the normal,
 * and the patch keeps its points (mk_answer.projected: the support along
 * the normal may lie elsewhere by the normal's rounding times that
 * radius).  Only an ellipsoid has such radii (a cylinder's or cone's flat
 * lines are kinks, which the refinement places exactly; projections that
 * creep along one, 1e4 away, stopped 1.35e-5 short of the closest pair,
 * certified by the distance alone).  Elsewhere the projections stall short
 * of the limit, or the pair's direction, a difference far smaller than its
 * points, is off by their rounding over the distance (a needle 1e-4 from
 * an edge: the gap along it 7e-6 short), and the answer stands.
 */
static double gap_along(const mk_shape *A, const mk_shape *B, mink_vec3 n);
static int ellipsoid_answer(const mk_shape *A, const mk_shape *B, const mk_tol *tol,
                            int uncertified, core_answer *c);

static void project_apart(const mk_shape *A, const mk_shape *B, const mk_tol *tol, core_answer *c)
{
	if (A->type != CORE_ELLIPSOID && B->type != CORE_ELLIPSOID)
		return;
	double off = 1e-9 * tol->size;
	double oa = mk_core_offset(A, c->pa), ob = mk_core_offset(B, c->pb);
	if (!(oa > off) && !(ob > off))
		return;
	mink_vec3 a = c->pa, b = c->pb;
	/* (from the point that lies on its shape, or nearer it) */
	double still = 16.0 * DBL_EPSILON * (v3_maxabs(a) + v3_maxabs(b));
	int from_a = oa <= ob;
	if (!(from_a ? mk_project_pair(A, B, still, &a, &b) : mk_project_pair(B, A, still, &b, &a)))
		return;
	double len = v3_len_safe(v3_sub(b, a)), slack = mk_slack(tol, len);
	if (!(len > 0.0) || !(mk_core_offset(A, a) <= off) || !(mk_core_offset(B, b) <= off))
		return;
	mink_vec3 n = v3_scale(v3_sub(b, a), 1.0 / len);
	double g = gap_along(A, B, n);
	if (!(g >= len - slack))
		return;
	c->n = n;
	c->core = len;
	c->pa = a;
	c->pb = b;
	c->exact = 1;
}

static int has_ellipsoid(const mk_shape *A, const mk_shape *B)
{
	return A->type == CORE_ELLIPSOID || B->type == CORE_ELLIPSOID;
}

/* How far an answer's points lie off their shapes, together (as
 * mk_point_off measures). */
static double points_off(const mk_shape *A, const mk_shape *B, const core_answer *c)
{
	return mk_point_off(A, c->pa) + mk_point_off(B, c->pb);
}

/* Whether they lie off by more than 1e-9 of the size. */
static int off_shapes(const mk_shape *A, const mk_shape *B, const mk_tol *tol,
                      const core_answer *c)
{
	return !(points_off(A, B, c) <= 1e-9 * tol->size);
}

/* The answer from the cores' one: the margins added along its normal. */
static void put_answer(const mk_shape *A, const mk_shape *B, const core_answer *c,
                       mk_answer *ans)
{
	ans->distance = c->core - (A->margin + B->margin);
	ans->pa = v3_mad(c->pa, c->n, A->margin);
	ans->pb = v3_mad(c->pb, c->n, -B->margin);
	ans->normal = c->n;
}

/*
 * Overlapping, a point of one shape inside an ellipsoid, where that point
 * is the shape's support (a corner, an apex, a ball's centre): the depth
 * is at least the point's distance to the ellipsoid's boundary (the point
 * must leave it), and at most the support distance along any normal.  The
 * point's foot on the boundary (mk_ellipsoid_inner_foot) gives a normal,
 * the direction from the point to it; where the support distance along it
 * meets the point's inner distance within the slack, that pair is the
 * answer, exact and certified, and each point on its shape.  Asked only
 * of answers uncertified or with a point off its shape (it moves others
 * by their rounding).  (A cone's apex near the axis of a spheroid, on a
 * ring of nearly equal depths: the normal on the ring was right to 1e-8
 * rad of the depth, and the apex's partner carried along it lay 7.8e-7
 * off the spheroid.)  1 if taken.
 */
static int deep_in_ellipsoid(const mk_shape *A, const mk_shape *B, const mk_tol *tol,
                             core_answer *c)
{
	if (!(c->core <= 0.0) || !has_ellipsoid(A, B))
		return 0;
	for (int side = 0; side < 2; side++) {
		const mk_shape *E = side ? B : A;
		if (E->type != CORE_ELLIPSOID)
			continue;
		/* the other's deepest point into E, and its foot */
		mink_vec3 v = side ? mk_support(A, c->n) : mk_support(B, v3_neg(c->n)), f;
		if (!mk_ellipsoid_inner_foot(E, v, &f))
			continue;
		double depth = v3_len_safe(v3_sub(f, v));
		if (!(depth > 0.0) || !isfinite(depth))
			continue;
		/* pb - pa = -depth n: A's point f, B's v; or A's v, B's f */
		mink_vec3 n = v3_scale(side ? v3_sub(v, f) : v3_sub(f, v), 1.0 / depth);
		double slack = mk_slack(tol, -depth), inner = mk_ellipsoid_offset(E, v);
		if (!(-gap_along(A, B, n) <= depth + slack) || !(inner >= depth - slack) ||
		    !(depth <= -c->core + slack))
			continue;
		c->n = n;
		c->core = -depth;
		c->pa = side ? v : f;
		c->pb = side ? f : v;
		c->upper = -depth;
		c->exact = 1;
		return 1;
	}
	return 0;
}

/*
 * Where the refinement left the solver's points off the shapes (1e-10 of
 * the size), the solver's pair from before it (in *was) is kept as an
 * alternative, to be weighed against the patch's deepest contact
 * (nearer_alternative).  Where both shapes' features are flat, or one's
 * is a vertex beside the other's flat feature, the refinement places a
 * point on its shape's support plane, which lies off the shape where the
 * normal is off the minimiser's by a rounding; the patch places many such
 * points anew on their features, but not all (a flat triangle's corner 0.03 beyond the
 * rim of a disc 1e6 across: the triangle's point went 0.013 beside it,
 * where EPA's lay within 6e-11; a hull's face 1.6e-8 above a flat cone's
 * slant, 1000 across: 0.32 beside the hull, where GJK's lay on it).
 */
static void keep_alternative(const mk_shape *A, const mk_shape *B, const mk_tol *tol,
                             const core_answer *was, const core_answer *c, mk_answer *ans)
{
	double gate = 1e-10 * tol->size;
	if (c->exact || !v3_isfinite(was->pa) || !v3_isfinite(was->pb) || !v3_isfinite(was->n))
		return;
	double off = mk_offset_within(A, c->pa, c->n, gate) +
	             mk_offset_within(B, c->pb, v3_neg(c->n), gate);
	if (!(off > gate))
		return;
	ans->has_alt = 1;
	ans->alt_pa = v3_mad(was->pa, was->n, A->margin);
	ans->alt_pb = v3_mad(was->pb, was->n, -B->margin);
}

static void refine_curved(const mk_shape *A, const mk_shape *B, const mk_tol *tol,
                          core_answer *c, mk_answer *ans)
{
	mink_warning *warning = &ans->warning;
	core_answer was = *c;
	mk_refine(A, B, &c->n, &c->core, &c->pa, &c->pb);
	/* Apart, with witnesses or support points off by more than 1e-9 of
	 * the size: see polish_core.  Below that the steps change the answer
	 * at the rounding level only. */
	if (c->core > 0.0) {
		polish_core(A, B, 1e-9 * tol->size, c);
		project_apart(A, B, tol, c);
	} else if (ellipsoid_answer(A, B, tol, *warning != MINK_WARN_NONE, c) == 2) {
		/* (a cone nearly on a spheroid's axis, 564 deep: the refined
		 * normal's carried point lay 7.7e-6 off the cone's rim, 4.7e-9
		 * of the size, and the support pair was taken) */
		*warning = MINK_WARN_NONE;
		return;
	}
	keep_alternative(A, B, tol, &was, c, ans);
	/* Two support points are points of the shapes: their distance
	 * bounds the distance from above.  GJK's |v| does too in exact
	 * arithmetic, but on a sliver simplex next to contact its
	 * rounding can put it below the distance: a bound that falls
	 * below -h(n) is not used. */
	if (!(c->upper >= c->core - tol->eps))
		c->upper = INFINITY;
	c->upper = fmin(c->upper, v3_len(v3_sub(mk_support(B, v3_neg(c->n)), mk_support(A, c->n))));
	/* The refined witnesses: support points where those are unique,
	 * else the other one carried along n onto the flat feature, which
	 * at a stationary normal is where the feature meets it.  Away from
	 * one (the search began far from the answer: GJK stopped at its
	 * iteration cap) a carried point may lie off its shape, and their
	 * distance bounds the distance only with each point's own from its
	 * shape added (a cone 0.365 from a hull, GJK capped at 2: a point
	 * 0.005 outside the cone and a pair 0.362 apart, certified).  Only
	 * an answer to be certified reads the bounds, and only one apart its
	 * points' distance (overlapping, a point is its shape's deepest
	 * carried by the depth, on the other's support plane, not on it). */
	if (*warning == MINK_WARN_NONE)
		return;
	double off = c->core > 0.0 ? mk_core_offset(A, c->pa) + mk_core_offset(B, c->pb) : 0.0;
	c->upper = fmin(c->upper, v3_len(v3_sub(c->pb, c->pa)) + off);
	/* -h(n) bounds the distance from below: where GJK's points or
	 * EPA's polytope bound it from above within the tolerance, a
	 * search that could not certify itself is certified here, if its
	 * points lie on the shapes. */
	double slack = mk_slack(tol, c->core);
	if (*warning == MINK_WARN_DEGENERATE && c->core <= c->upper + tol->eps &&
	    c->upper - c->core <= slack && off <= slack)
		*warning = MINK_WARN_NONE;
}

/* The support distance of the cores along unit n, from A towards B: a
 * lower bound on their distance (minus an upper one on the depth). */
static double gap_along(const mk_shape *A, const mk_shape *B, mink_vec3 n)
{
	return v3_dot(n, mk_support(B, v3_neg(n))) - v3_dot(n, mk_support(A, n));
}

/* An uncertified answer whose bounds on the core distance straddle the
 * sum of the margins cannot tell apart from overlapping: it is
 * reported touching, never with a sign it cannot vouch for.  The lower
 * bound is the support distance along the reported normal. */
static void vouch_sign(const mk_shape *A, const mk_shape *B, const mk_tol *tol,
                       core_answer *c)
{
	double margins_ab = A->margin + B->margin;
	mink_vec3 n = c->n;
	double lower = gap_along(A, B, n);
	if (lower < margins_ab - tol->eps && c->upper > margins_ab + tol->eps &&
	    c->core != margins_ab) {
		double shrink = 0.5 * (c->core - margins_ab);
		c->pa = v3_mad(c->pa, n, shrink);
		c->pb = v3_mad(c->pb, n, -shrink);
		c->core = margins_ab;
	}
}

/*
 * Concentric inscribed balls: if A holds the ball of radius ra about a
 * point o and B the ball of radius rb about the same o, the depth of the
 * pair is at least ra + rb (separating the two balls alone takes that),
 * so the signed core distance is at most -(ra + rb).  With o on the
 * segment between the witnesses that bound is tight where the shapes'
 * surfaces at the witnesses are the balls' nearest points - two shapes at
 * one centre, or a corner of one at the centre of the other - which is
 * where a search with a continuum or several equal minima of the support
 * distance (a triangle's corner at a cylinder's centre: a whole arc of
 * normals) runs out of EPA capacity before its own bound closes.  The
 * lower bound is the support distance along the normal; an uncertified
 * answer whose two bounds meet within the tolerance is certified, with
 * the support distance as its value.
 */
/* A core that is one point, in the query frame: a point, a segment of no
 * length, or any core within rounding of its origin (a cone of radius
 * 1e-264 with a margin of 1e6 is a sphere). */
static int point_core(const mk_shape *s, const mk_tol *tol, mink_vec3 *p)
{
	if (s->type == CORE_SEGMENT && v3_same(s->corner[0], s->corner[1])) {
		*p = mk_place(s, s->corner[0]);
		return 1;
	}
	*p = s->pos;
	return s->type == CORE_POINT || s->bound - s->margin <= tol->eps;
}

/* B's point core inside A's cylinder or cone, or A's inside B's: 1 and
 * the nearest side's or cap's normal, from A towards B, in *m. */
static int point_inside(const mk_shape *A, const mk_shape *B, const mk_tol *tol, mink_vec3 *m)
{
	mink_vec3 p;
	if (point_core(B, tol, &p) && mk_inner_normal(A, p, m))
		return 1;
	if (point_core(A, tol, &p) && mk_inner_normal(B, p, m)) {
		*m = v3_neg(*m);
		return 1;
	}
	return 0;
}

/* The axes of a core whose support has a kink across them (a box's
 * faces, a cylinder's or cone's rims), in the query frame, into ax;
 * their count. */
static int kink_axes(const mk_shape *s, mink_vec3 *ax)
{
	if (s->type == CORE_BOX) {
		for (int i = 0; i < 3; i++)
			ax[i] = m3_mul(&s->rot, v3(i == 0, i == 1, i == 2));
		return 3;
	}
	if (s->type == CORE_CYLINDER || s->type == CORE_CONE) {
		ax[0] = m3_mul(&s->rot, v3(0, 0, 1));
		return 1;
	}
	return 0;
}

/* The direction at angle p on the circle o + cos p e1 + sin p e2. */
static mink_vec3 circle_at(mink_vec3 o, mink_vec3 e1, mink_vec3 e2, double p)
{
	return v3_add(o, v3_add(v3_scale(e1, cos(p)), v3_scale(e2, sin(p))));
}

/* The best support gap over the unit directions n with n . ax = k (ax a
 * unit axis; a scan of 64, then a golden section about the best), its
 * direction in *w. */
static double circle_best(const mk_shape *A, const mk_shape *B, mink_vec3 ax, double k,
                          mink_vec3 *w)
{
	mink_vec3 e1, e2;
	mink_tangents(ax, &e1, &e2);
	double c = sqrt(fmax(0.0, 1.0 - k * k));
	e1 = v3_scale(e1, c);
	e2 = v3_scale(e2, c);
	mink_vec3 o = v3_scale(ax, k);
	enum { SCAN = 64 };
	const double step = 6.283185307179586 / SCAN;
	double best = -INFINITY, at = 0.0;
	for (int i = 0; i < SCAN; i++) {
		double g = gap_along(A, B, circle_at(o, e1, e2, i * step));
		if (g > best) {
			best = g;
			at = i * step;
		}
	}
	/* (the gap is concave about its best nearly everywhere: the support
	 * distance is a sum of supports, each piecewise a sinusoid) */
	const double r = 0.6180339887498949;
	double lo = at - step, hi = at + step;
	double x1 = hi - r * (hi - lo), x2 = lo + r * (hi - lo);
	double g1 = gap_along(A, B, circle_at(o, e1, e2, x1));
	double g2 = gap_along(A, B, circle_at(o, e1, e2, x2));
	for (int it = 0; it < 60 && hi - lo > 1e-15; it++) {
		if (g1 > g2) {
			hi = x2;
			x2 = x1;
			g2 = g1;
			x1 = hi - r * (hi - lo);
			g1 = gap_along(A, B, circle_at(o, e1, e2, x1));
		} else {
			lo = x1;
			x1 = x2;
			g1 = g2;
			x2 = lo + r * (hi - lo);
			g2 = gap_along(A, B, circle_at(o, e1, e2, x2));
		}
	}
	if (g1 > best) {
		best = g1;
		at = x1;
	}
	if (g2 > best) {
		best = g2;
		at = x2;
	}
	*w = v3_normalize_or(circle_at(o, e1, e2, at), ax);
	return best;
}

/*
 * The support gap along unit n (the distance's lower bound, minus the
 * depth's upper bound) raised by a pattern search on the sphere: steps
 * of s radians along the tangents either way, each kept where the gap
 * grows, s halved where none does, down to 1e-12.  An answer left
 * uncertified where the minimisers form a continuum (a needle along a
 * cylinder's radius from its axis: the overlap is the radius along a
 * whole arc of directions, and least at one end of it by 1e-6 times the
 * angle) ends a few 1e-3 rad inside the arc, its depth 4e-9 high; the
 * bounds below then meet the gap at the arc's end.  1 where it rose.
 */
static int climb_gap(const mk_shape *A, const mk_shape *B, mink_vec3 *n, double *gap)
{
	mink_vec3 m = *n, ax[6];
	double g = *gap;
	int evals = 0, nax = kink_axes(A, ax);
	nax += kink_axes(B, ax + nax);
	for (double s = 1e-2; s > 1e-12 && evals < 900;) {
		/* the tangents, and the ways along each kink's circle (a
		 * needle's arc lies on a cylinder's rim circle, which no fixed
		 * tangent follows: off it the support rises by the step) */
		mink_vec3 dirs[16];
		int nd = 0;
		mink_vec3 t1, t2;
		mink_tangents(m, &t1, &t2);
		dirs[nd++] = t1;
		dirs[nd++] = v3_neg(t1);
		dirs[nd++] = t2;
		dirs[nd++] = v3_neg(t2);
		for (int i = 0; i < nax; i++) {
			mink_vec3 t = v3_cross(ax[i], m);
			double l = v3_len(t);
			if (!(l > 1e-3))
				continue;
			dirs[nd++] = v3_scale(t, 1.0 / l);
			dirs[nd++] = v3_scale(t, -1.0 / l);
		}
		int moved = 0;
		for (int k = 0; k < nd; k++) {
			mink_vec3 q = v3_normalize_or(v3_mad(m, dirs[k], s), m);
			double gq = gap_along(A, B, q);
			evals++;
			if (gq > g) {
				m = q;
				g = gq;
				moved = 1;
				break;
			}
		}
		if (!moved)
			s *= 0.5;
	}
	if (!(g > *gap))
		return 0;
	*n = m;
	*gap = g;
	return 1;
}

/* The bounds of a body of revolution about a point of the other on its
 * axis, to meet the gap lower along n (sa, sb the support points): the
 * new upper bound, or upper. */
static double axial_bounds(const mk_shape *A, const mk_shape *B, const mk_tol *tol, mink_vec3 n,
                           mink_vec3 sa, mink_vec3 sb, double lower, double upper, double slack)
{
	/* A polytope's corner on a cylinder's or a cone's axis: the slices'
	 * bound.  It is exact to rounding where it applies, so it certifies
	 * only a value that meets it within the relative tolerance: the
	 * size's share of the tolerance would pass a normal off by a
	 * fraction of a radian on a tiny depth, which the search in the
	 * other order then finds exactly. */
	double tight = tol->rel * fabs(lower) + tol->eps;
	double slices = mk_slice_bound(A, B, -lower - tight);
	if (slices > 0.0 && -slices - lower <= tight)
		upper = fmin(upper, -slices);
	/* A point of one on the axis of the other, a body of revolution (a
	 * cone's apex on a cone's axis): a ring.  Asked for half the room,
	 * so that its bound (the target itself) is inside the slack after
	 * rounding. */
	if (!(upper - lower <= slack)) {
		double ring =
			mk_ring_bound(A, B, n, sa, sb, -lower - 0.5 * tight, 0.25 * tight, NULL);
		if (ring > 0.0)
			upper = fmin(upper, -ring);
	}
	return upper;
}

/* The answer at normal n, gap lower, from the support points sa and sb:
 * one of them, and the other shape's point carried along n from it -
 * from whichever carried point lies nearer its shape (where A's support
 * is a flat feature's corner and B's a vertex, the pair carried from A's
 * corner left B's point 2.95 off a triangle 1e6 long). */
static void support_answer(const mk_shape *A, const mk_shape *B, mink_vec3 n, double lower,
                           mink_vec3 sa, mink_vec3 sb, core_answer *c)
{
	mink_vec3 pb = v3_mad(sa, n, lower), pa = v3_mad(sb, n, -lower);
	double off_b = v3_len_safe(v3_sub(mk_keep_on_core(B, v3_neg(n), pb), pb));
	double off_a = v3_len_safe(v3_sub(mk_keep_on_core(A, n, pa), pa));
	c->core = lower;
	c->n = n;
	if (off_a < off_b) {
		c->pa = pa;
		c->pb = sb;
	} else {
		c->pa = sa;
		c->pb = pb;
	}
}

/* The support points along c's normal, one carried onto the other shape
 * (support_answer), in place of c's points where that pair lies nearer
 * the shapes and its support distance is c's within the slack: 1 if
 * taken. */
static int nearer_support_pair(const mk_shape *A, const mk_shape *B, const mk_tol *tol,
                               core_answer *c)
{
	mink_vec3 sa = mk_support(A, c->n), sb = mk_support(B, v3_neg(c->n));
	double lower = v3_dot(c->n, v3_sub(sb, sa));
	core_answer s = *c;
	support_answer(A, B, c->n, lower, sa, sb, &s);
	if (!(fabs(lower - c->core) <= mk_slack(tol, c->core)) ||
	    !(points_off(A, B, &s) < points_off(A, B, c)))
		return 0;
	*c = s;
	return 1;
}

/* An overlapping answer with an ellipsoid, uncertified or with a point
 * off its shape: deep_in_ellipsoid's exact pair, certified (2); else,
 * where a point is off, the support pair if nearer (nearer_support_pair,
 * 1); 0 where neither is taken. */
static int ellipsoid_answer(const mk_shape *A, const mk_shape *B, const mk_tol *tol,
                            int uncertified, core_answer *c)
{
	if (!has_ellipsoid(A, B))
		return 0;
	int off = off_shapes(A, B, tol, c);
	if ((uncertified || off) && deep_in_ellipsoid(A, B, tol, c))
		return 2;
	return off && nearer_support_pair(A, B, tol, c);
}

/* The bounds asked again at a new normal n of gap lower: its support
 * points into *sa and *sb, its slack into *slack; the upper bound. */
static double turn_to(const mk_shape *A, const mk_shape *B, const mk_tol *tol, mink_vec3 n,
                      double lower, double upper, mink_vec3 *sa, mink_vec3 *sb, double *slack)
{
	*sa = mk_support(A, n);
	*sb = mk_support(B, v3_neg(n));
	*slack = mk_slack(tol, lower);
	if (!(upper - lower <= *slack))
		upper = fmin(upper, axial_bounds(A, B, tol, n, *sa, *sb, lower, upper, *slack));
	return upper;
}

/* How far the points of an answer apart (lower > 0) lie off their
 * shapes; 0 for one overlapping, whose points are not a closest pair. */
static double apart_offset(const mk_shape *A, const mk_shape *B, double lower,
                           const core_answer *c)
{
	return lower > 0.0 ? mk_core_offset(A, c->pa) + mk_core_offset(B, c->pb) : 0.0;
}

static void certify_by_balls(const mk_shape *A, const mk_shape *B, int dim, const mk_tol *tol,
                             core_answer *c, mink_warning *warning)
{
	double upper = c->upper, balls = mk_ball_bound(A, B, c->pa, c->pb, dim, 0);
	if (balls > 0.0)
		upper = fmin(upper, -balls);
	mink_vec3 n = c->n, sa = mk_support(A, n), sb = mk_support(B, v3_neg(n));
	double lower = -v3_dot(n, v3_sub(sa, sb));
	double slack = mk_slack(tol, lower);
	/* A point in a cylinder or a cone, where the depths to the side and
	 * to a cap are near: two minima of the support distance, and the
	 * search may end in the other one (a point 1e-6 of the radius from a
	 * cylinder's centre, radius and half height equal: 20% of such
	 * pairs, 1e-7 deep of the size off, flagged).  The balls' bound about
	 * the point is its inner distance, exact; the nearest side's or
	 * cap's normal meets it. */
	int turned = 0;
	mink_vec3 m;
	if (!(upper - lower <= slack) && dim == 3 && point_inside(A, B, tol, &m)) {
		mink_vec3 ma = mk_support(A, m), mb = mk_support(B, v3_neg(m));
		double lm = -v3_dot(m, v3_sub(ma, mb));
		if (lm > lower) {
			n = m;
			sa = ma;
			sb = mb;
			lower = lm;
			slack = mk_slack(tol, lower);
			turned = 1;
		}
	}
	if (!(upper - lower <= slack) && dim == 3)
		upper = fmin(upper, axial_bounds(A, B, tol, n, sa, sb, lower, upper, slack));
	/* Still apart: the gap climbed, and the bounds tried again at the
	 * normal it reaches. */
	if (!(upper - lower <= slack) && dim == 3 && climb_gap(A, B, &n, &lower)) {
		upper = turn_to(A, B, tol, n, lower, upper, &sa, &sb, &slack);
		turned = 1;
	}
	/* Still apart: the answer may sit in another basin of the support
	 * distance than the least one.  The shapes' own axes (a box's faces,
	 * a cylinder's or a cone's axis) are tried, and the search goes on
	 * from the best where it is better: a plate 2e6 long through a disc
	 * 1e6 across and 2e-12 thick was answered across the disc's side,
	 * 999999.75 deep, where along its axis it is 999999.5 (EPA ran out
	 * of room on the side's curve and the refinement is local). */
	if (!(upper - lower <= slack) && dim == 3) {
		mink_vec3 ax[6], best = n;
		int na = kink_axes(A, ax);
		na += kink_axes(B, ax + na);
		double lb = lower;
		for (int i = 0; i < 2 * na; i++) {
			mink_vec3 w = i % 2 ? v3_neg(ax[i / 2]) : ax[i / 2];
			double lw = gap_along(A, B, w);
			if (lw > lb + mk_slack(tol, lb)) {
				lb = lw;
				best = w;
			}
		}
		/* and across a cylinder's or a cone's axis, the circle of
		 * directions at right angles to it: a polytope deep in one
		 * escapes along its axis or across it (along each great circle
		 * from across to along, its support distance is A sin t + B cos t
		 * with A, B > 0, never below the lesser end), and across it the
		 * least is found by a scan and a golden section (a box given as
		 * a hull, whose faces are not known, was answered 0.39 too deep) */
		for (int side = 0; side < 4; side++) {
			const mk_shape *S = side % 2 ? B : A;
			if (S->type != CORE_CYLINDER && S->type != CORE_CONE)
				continue;
			/* and a cone's slant: the circle of its side's normals (a
			 * box deep in a cone 2e6 across escapes through the slant
			 * where its own support is least round the axis: it was
			 * answered 0.11 too deep at another turn) */
			double len = hypot(S->radius, 2.0 * S->half_height);
			if (side >= 2 && (S->type != CORE_CONE || !(len > 0.0)))
				continue;
			double k = side >= 2 ? S->radius / len : 0.0;
			/* (B's normals are -n: its circle is about -ax) */
			mink_vec3 axis = m3_mul(&S->rot, v3(0, 0, 1)), w;
			double lw = circle_best(A, B, side % 2 ? v3_neg(axis) : axis, k, &w);
			if (lw > lb + mk_slack(tol, lb)) {
				lb = lw;
				best = w;
			}
		}
		if (lb > lower) {
			n = best;
			lower = lb;
			turned = 1;
			upper = turn_to(A, B, tol, n, lower, upper, &sa, &sb, &slack);
			if (!(upper - lower <= slack) && climb_gap(A, B, &n, &lower))
				upper = turn_to(A, B, tol, n, lower, upper, &sa, &sb, &slack);
		}
	}
	/* Still apart, a core in a cylinder or a cone: the least on the circle
	 * of the side's normals, bounded from below by arcs, and the core's
	 * clearances from the ends (a small ellipsoid deep in a cylinder near
	 * its axis, where EPA's faces run out on a ring of nearly equal
	 * minima). */
	for (int side = 0; side < 2 && !(upper - lower <= slack) && dim == 3; side++) {
		const mk_shape *S = side ? B : A, *O = side ? A : B;
		mink_vec3 mc;
		double t = mk_circle_bound(S, O, 1e-3 * slack, 160, &mc);
		if (!(t > -INFINITY))
			continue;
		t -= 4.0 * tol->eps; /* the coordinates' rounding in this frame */
		/* (B's normals are -n) */
		mink_vec3 w = side ? v3_neg(mc) : mc;
		double lw = gap_along(A, B, w);
		/* (a bound on the depth that proves no overlap bounds nothing:
		 * with O past S's end it is the end's clearance, and a segment
		 * beside a cone, 0.858 away, was certified 0.847 at most) */
		if (t > 0.0)
			upper = fmin(upper, -t);
		if (lw > lower) {
			n = w;
			lower = lw;
			turned = 1;
			upper = turn_to(A, B, tol, n, lower, upper, &sa, &sb, &slack);
		}
	}
	/* An ellipsoid's own inner distance about the points, where the
	 * ball of its least radius was too small (a ball in an ellipsoid
	 * 1e3 wide and 1e6 long, 0.5 off the long axis from the deepest
	 * point: the ball of radius 1e3 fell 0.5 short). */
	if (!(upper - lower <= slack) &&
	    (A->type == CORE_ELLIPSOID || B->type == CORE_ELLIPSOID)) {
		double exact = fmax(mk_ball_bound(A, B, c->pa, c->pb, dim, 1),
		                    mk_ball_bound(A, B, sa, sb, dim, 1));
		if (exact > 0.0)
			upper = fmin(upper, -exact);
	}
	/* Still apart, a spheroid: its ring about its axis, each cell bounded
	 * by the other core's support there (a box 1e-8 across at a prolate
	 * spheroid's centre: the depths form a ring about the equator, which
	 * EPA's faces close only quadratically, and the balls about the box
	 * fall short by its size).  Overlapping only: it bounds a depth. */
	if (!(upper - lower <= slack) && dim == 3 && lower < 0.0) {
		double tight = tol->rel * fabs(lower) + tol->eps;
		mk_ring_off off = {.f = -lower, .n = n};
		double ring = mk_ring_bound(A, B, n, sa, sb, -lower - 0.5 * tight, 0.0, &off);
		if (ring > 0.0)
			upper = fmin(upper, -ring);
		/* (the search's least is an answer nearer the depth, where it
		 * is lower by more than a rounding: on a ring of equal depths
		 * any of them is) */
		if (-off.f - lower > 16.0 * DBL_EPSILON * fabs(lower)) {
			n = off.n;
			lower = gap_along(A, B, n);
			turned = 1;
			upper = turn_to(A, B, tol, n, lower, upper, &sa, &sb, &slack);
		}
	}
	/* (bounds that cross by more than the slack certify nothing: one of
	 * them is not a bound) */
	if (!(upper - lower <= slack) || !(lower - upper <= slack)) {
		/* uncertified still: the climbed gap is a better answer, if
		 * not a certified one */
		if (turned && lower > c->core)
			support_answer(A, B, n, lower, sa, sb, c);
		return;
	}
	c->upper = upper;
	/* The value is the support distance along n, and the points its
	 * support points, unless the search's own are within the bounds, on
	 * the support planes and on the shapes (an uncertified search may end
	 * on a face across a continuum of minimisers, whose points lie off
	 * both; a refinement begun far from the answer may carry a point off
	 * its shape). */
	double off = apart_offset(A, B, lower, c);
	if (turned || !(c->core >= lower - tol->eps && c->core <= upper + tol->eps) ||
	    !(fabs(v3_dot(n, v3_sub(c->pa, sa))) <= slack) ||
	    !(fabs(v3_dot(n, v3_sub(c->pb, sb))) <= slack) || !(off <= slack)) {
		support_answer(A, B, n, lower, sa, sb, c);
		/* A normal turned to a shape's axis or climbed to is a kink's,
		 * or near one, and the minimiser may lie just off it: the
		 * value is certified, the normal and the points are not (a
		 * triangle's corner over a cylinder's cap 1e6 across, its
		 * shadow 0.75 beyond the rim: along the axis the depth is
		 * 2.2e-7 from the least, which is 2.5e-7 rad away, where the
		 * rim meets the triangle's edge; the corner carried along the
		 * axis lay 0.75 off the cap).  The refinement from there,
		 * taken within the bounds. */
		if (turned && dim == 3 && (A->smooth || B->smooth)) {
			core_answer r = *c;
			mk_refine(A, B, &r.n, &r.core, &r.pa, &r.pb);
			if (r.core >= lower && r.core <= upper + tol->eps)
				*c = r;
		}
		off = apart_offset(A, B, lower, c);
	}
	/* Overlapping, a point carried off its shape: the normal is off the
	 * least by an angle the depth cannot see (a sliver along a cylinder's
	 * axis out through its cap 1e6 across, its corner 0.95 beyond the cap
	 * seen along the side's normal: the least lies 1.1e-6 rad towards the
	 * cap, where that corner and the next tie, the depth there 7.6e-7
	 * lower, and the corner carried along the side's normal lay 1.23
	 * beyond the rim).  The gap climbed from there, and the answer at
	 * the normal it reaches and the refinement's from there, the one
	 * taken within the bounds whose points lie nearest the shapes (on a
	 * valley of nearly equal depths, a triangle out through a cylinder's
	 * cap 1e3 across, the climb ended 6e-9 higher, 2.6e-10 from the
	 * least, and the refinement from there slid back along the valley:
	 * the climbed normal's own points lay 3.3e-9 of the size off,
	 * the refinement's 4.3e-6).  An answer turned to a shape's axis
	 * too: turned to the side's normal, a sliver's corner 2.6 beyond a
	 * cap 1e6 across was carried 2.7 beyond it, with status ok. */
	double deep_off;
	if (lower <= 0.0 && dim == 3 && (A->smooth || B->smooth) &&
	    (deep_off = points_off(A, B, c)) > 1e-9 * tol->size) {
		mink_vec3 nc = n;
		double lc = lower;
		if (climb_gap(A, B, &nc, &lc)) {
			core_answer r[2];
			r[0] = *c;
			support_answer(A, B, nc, lc, mk_support(A, nc), mk_support(B, v3_neg(nc)), &r[0]);
			r[1] = r[0];
			mk_refine(A, B, &r[1].n, &r[1].core, &r[1].pa, &r[1].pb);
			double best = deep_off;
			for (int k = 1; k >= 0; k--) {
				double o = points_off(A, B, &r[k]);
				if (r[k].core >= lower && r[k].core <= upper + tol->eps && o < best) {
					*c = r[k];
					best = o;
				}
			}
		}
	}
	/* The value is certified; the points are, within 1e-9 of the size,
	 * only on the shapes (a cylinder's rim 1.09 from a cone, GJK capped
	 * at 1: the normal 5e-8 rad off, and the point carried along it
	 * 4.7e-8 off the rim). */
	if (off <= 1e-9 * tol->size)
		*warning = MINK_WARN_NONE;
}

/* The axial solver's answer, overlapping, with a point off its shape:
 * taken over by deep_in_ellipsoid where that applies (a cone's apex 1e-9
 * off a spheroid's axis: the section's point lay 7.8e-7 off the
 * spheroid), else by the support pair along its normal. */
static void axial_deep(const mk_shape *A, const mk_shape *B, const mk_tol *tol, mk_answer *ans)
{
	if (!has_ellipsoid(A, B) || !(ans->distance + A->margin + B->margin <= 0.0))
		return;
	core_answer c;
	c.n = ans->normal;
	c.core = ans->distance + A->margin + B->margin;
	c.pa = v3_mad(ans->pa, c.n, -A->margin);
	c.pb = v3_mad(ans->pb, c.n, B->margin);
	c.upper = c.core;
	c.exact = 0;
	/* (a needle spheroid nearly on a spheroid's axis, 16.6 deep: the
	 * section's point lay 2e-5 off the needle, 2.3e-7 of the size, and
	 * the support pair was taken) */
	int taken = ellipsoid_answer(A, B, tol, 0, &c);
	if (!taken)
		return;
	put_answer(A, B, &c, ans);
	if (taken == 2) {
		ans->warning = MINK_WARN_NONE;
		ans->projected = 1;
	}
}

static void solve_unit_once(const mk_shape *A, const mk_shape *B, int dim, const mink_options *o,
                            mk_answer *ans, double *eps_out)
{
	mk_tol tol;
	unit_tolerances(A, B, o, &tol);
	*eps_out = tol.eps;

	ans->epa_it = 0;
	ans->warning = MINK_WARN_NONE;
	ans->exact_pair = 0;
	ans->projected = 0;
	ans->check_points = 0;
	ans->has_alt = 0;
	if (A->type == CORE_POINT && B->type == CORE_POINT) {
		solve_points(A, B, &tol, ans);
		return;
	}
	if (dim == 3 && mk_sat(A, B, &tol, ans))
		return;
	if (dim == 3 && mk_solve_axial(A, B, o, tol.rel, tol.abs, ans)) {
		axial_deep(A, B, &tol, ans);
		return;
	}
	if (dim == 3 && (A->type == CORE_SEGMENT || B->type == CORE_SEGMENT) &&
	    mk_solve_segments(A, B, &tol, ans))
		return;

	mk_gjk_out g;
	mk_gjk(A, B, &tol, &g);
	ans->gjk_it = g.iterations;
	gjk_verdict v = judge_gjk(&g, &tol);

	core_answer c;
	c.exact = 0;
	/* An upper bound on the signed core distance: v is a point of A - B,
	 * the difference of two points of the shapes, contained or not. */
	c.upper = g.dist;
	switch (v) {
	case GJK_OVERLAP:
	case GJK_REDIRECT:
		answer_epa(A, B, &g, dim, &tol, v, &c, ans);
		break;
	case GJK_APART:
	case GJK_TURNED:
	case GJK_UNCONFIRMED:
	case GJK_STRADDLE:
		answer_gjk(A, B, &g, v, &c, &ans->warning);
		break;
	}
	/* Polytopes apart where GJK stalled (it did not end on its gap test:
	 * nearly parallel faces whose supports along v tie to the rounding
	 * level) or could not certify its answer: the nearest pair of their
	 * supporting features, by brute force, gives the exact normal and
	 * distance when the support gap along it confirms them. */
	if ((v == GJK_APART || v == GJK_TURNED || v == GJK_UNCONFIRMED) &&
	    (ans->warning == MINK_WARN_DEGENERATE || g.noisy || !g.converged) &&
	    mk_polish_apart(A, B, dim, &tol, &c.n, &c.core, &c.pa, &c.pb))
		ans->warning = MINK_WARN_NONE;
	/* A straddling answer is touching by construction: neither refined
	 * nor judged again. */
	if (dim == 3 && (A->smooth || B->smooth) && v != GJK_STRADDLE)
		refine_curved(A, B, &tol, &c, ans);
	if (ans->warning != MINK_WARN_NONE && v != GJK_STRADDLE) {
		certify_by_balls(A, B, dim, &tol, &c, &ans->warning);
		ans->check_points = ans->warning == MINK_WARN_NONE && c.core <= 0.0;
	}
	if (ans->warning != MINK_WARN_NONE && v != GJK_STRADDLE)
		vouch_sign(A, B, &tol, &c);
	put_answer(A, B, &c, ans);
	ans->projected = c.exact && ans->warning == MINK_WARN_NONE;
}

/* The part of w across n. */
static double across(mink_vec3 w, mink_vec3 n)
{
	return v3_len_safe(v3_sub(w, v3_scale(n, v3_dot(w, n))));
}

/* The part across m of the support points' difference bm - am, d apart
 * along m.  On a flat feature (a box's face, a segment) the support point
 * is any of its corners: the other point carried along m onto it and kept
 * within it is the one across from it, and taken where that is nearer. */
static double across_pair(const mk_shape *A, const mk_shape *B, mink_vec3 m, double d,
                          mink_vec3 *am, mink_vec3 *bm)
{
	double off = across(v3_sub(*bm, *am), m);
	/* (a kept point counts only where it is a support point still: a
	 * cone keeps a point above its apex's height at the apex) */
	mink_vec3 bk, ak;
	/* (a point carried by d bears its rounding: a box's edge 8.5e6 away
	 * whose corners tie to 2e-10 along m, below the 1e-9 of d, was one
	 * corner, the steps jumped between its two, and a contact on the
	 * cap of a cylinder beneath came out 0.07 off) */
	double reach = fabs(d) + v3_maxabs(*am) + v3_maxabs(*bm);
	if (mk_keep_on_feature(B, v3_neg(m), v3_mad(*am, m, d), reach, &bk)) {
		double o = across(v3_sub(bk, *am), m);
		double hb = v3_dot(m, *bm);
		if (o < off && v3_dot(m, bk) <= hb + 8.0 * DBL_EPSILON * fabs(hb) + 1e-12 * B->bound) {
			*bm = bk;
			off = o;
		}
	}
	if (mk_keep_on_feature(A, m, v3_mad(*bm, m, -d), reach, &ak)) {
		double o = across(v3_sub(*bm, ak), m);
		double ha = v3_dot(m, *am);
		if (o < off && v3_dot(m, ak) >= ha - 8.0 * DBL_EPSILON * fabs(ha) - 1e-12 * A->bound) {
			*am = ak;
			off = o;
		}
	}
	return off;
}

/* polish_far's steps from the pair (pa, pb) of the cores along n: 1 if
 * any was kept, with the last pair, its normal and distance in *c. */
static int far_steps(const mk_shape *A, const mk_shape *B, mink_vec3 pa, mink_vec3 pb,
                     mink_vec3 n, double core, core_answer *c)
{
	double off = across(v3_sub(pb, pa), n), floor = core * (1.0 - 8.0 * DBL_EPSILON);
	int moved = 0;
	for (int k = 0; k < 3 && off > 0.0; k++) {
		mink_vec3 m = v3_normalize_or(v3_sub(pb, pa), n);
		mink_vec3 am = mk_support(A, m), bm = mk_support(B, v3_neg(m));
		double d = v3_dot(m, bm) - v3_dot(m, am);
		double off_m = across_pair(A, B, m, d, &am, &bm);
		/* a closer pair along a normal the support distance does not
		 * find worse beyond its rounding */
		if (!(off_m < 0.5 * off) || !(d >= floor))
			break;
		n = m;
		core = d;
		pa = am;
		pb = bm;
		off = off_m;
		moved = 1;
	}
	c->n = n;
	c->core = core;
	c->pa = pa;
	c->pb = pb;
	return moved;
}

/*
 * Apart by more than 4 times their extents, a normal off by an angle puts
 * the far shape's contact the angle times the distance to the side, while
 * the support distance changes by the distance times the angle squared:
 * below 2e-8 radians, not at all in doubles, and no solver that judges by
 * it can see the angle (a disc and a capsule 1e6 apart: the refinement
 * left the normal 4e-8 off, the contact 0.04 off; a cylinder's cap and a
 * capsule's end beyond its rim: the axial solver took the cap's normal,
 * the contact 0.024 off the cylinder).  There the closest pair's direction
 * is the fixed point of n -> s_B(-n) - s_A(n), normalised, a contraction
 * by about the extents over the distance, started from the solver's
 * witnesses kept on the shapes: a few steps, each kept where the pair's
 * difference has at most half the last one's part across the normal and
 * the support distance is not worse beyond its rounding; the support
 * points are the witnesses, their difference shared to make it the
 * distance along the normal.
 *
 * Apart by less, the same holds where the normal ties flat features or
 * moves a curved point along a rim (a segment's end 0.2 beyond a disc's
 * rim, both 1e6 across and 1e6 apart; a hull's corner 2.2 above a cone's
 * rim): refine_curved polishes there too, but only where the witnesses or
 * the support points lie off their shapes, or off the normal, by more
 * than `off` (here 0: always).  The pair steps are kept only where they
 * halve the part across, so a near pair whose map does not contract is
 * left as it was.  Returns 1 with c replaced.
 */
static int polish_core(const mk_shape *A, const mk_shape *B, double off, core_answer *c)
{
	mink_vec3 n = c->n;
	/* Two starts: the solver's witnesses kept on the cores (on a flat
	 * feature, where its support point is any of its points), and the
	 * support points (on a curved shape, where the witness may lie off
	 * it); a start whose steps are kept gives support points. */
	mink_vec3 ka = mk_keep_on_core(A, n, c->pa), kb = mk_keep_on_core(B, v3_neg(n), c->pb);
	/* (a polytope's witness kept on it is a support point: its own
	 * support along n is a corner of the feature by the normal's
	 * rounding, and the steps from it ended there, 0.2 along a box's
	 * edge or a capsule's axis 3e6 above a cap) */
	mink_vec3 sa = A->smooth ? mk_support(A, n) : ka, sb = B->smooth ? mk_support(B, v3_neg(n)) : kb;
	across_pair(A, B, n, c->core, &sa, &sb);
	if (off > 0.0 && !(v3_len_safe(v3_sub(ka, c->pa)) > off) &&
	    !(v3_len_safe(v3_sub(kb, c->pb)) > off) && !(across(v3_sub(sb, sa), n) > off))
		return 0;
	core_answer r[2];
	int ok[2];
	ok[0] = far_steps(A, B, ka, kb, n, c->core, &r[0]);
	ok[1] = far_steps(A, B, sa, sb, n, c->core, &r[1]);
	int w = ok[0] && ok[1] ? (r[1].core > r[0].core) : ok[1];
	if (!ok[w])
		return 0;
	mk_share_difference(&r[w].pa, &r[w].pb, v3_scale(r[w].n, -r[w].core));
	c->n = r[w].n;
	c->core = r[w].core;
	c->pa = r[w].pa;
	c->pb = r[w].pb;
	return 1;
}

/* A candidate pair pa, pb of a far pair taken as the answer c, exact:
 * where it is no longer than `most`, its residual (mk_pair_residual) is
 * within `exact`, and, with `than` given, no greater than that pair's;
 * 1 if taken. */
static int take_exact_pair(const mk_shape *A, const mk_shape *B, mink_vec3 pa, mink_vec3 pb,
                           double most, double exact, const core_answer *than, core_answer *c)
{
	mink_vec3 w = v3_sub(pb, pa);
	double len = v3_len_safe(w), rr;
	if (!(len > 0.0 && len <= most) || !((rr = mk_pair_residual(A, B, pa, pb)) <= exact))
		return 0;
	/* (a residual of `than` not found, NaN, does not hold it back) */
	if (than && rr > mk_pair_residual(A, B, than->pa, than->pb))
		return 0;
	c->pa = pa;
	c->pb = pb;
	c->n = v3_scale(w, 1.0 / len);
	c->core = len;
	return 1;
}

/* polish_core on the answer's cores, the margins taken off and put back. */
static __attribute__((noinline)) void polish_far(const mk_shape *A, const mk_shape *B,
                                                  const mink_options *o, mk_answer *ans)
{
	double ma = A->margin, mb = B->margin;
	core_answer c;
	c.exact = 0;
	c.n = ans->normal;
	c.core = ans->distance + ma + mb;
	c.pa = v3_mad(ans->pa, c.n, -ma);
	c.pb = v3_mad(ans->pb, c.n, mb);
	int moved = polish_core(A, B, 0.0, &c);
	/*
	 * The pair again from the differences of support points (far.c).  A
	 * search that ended on its gap counts where the support gap along its
	 * normal meets its length to the coordinates' rounding; one that ended
	 * with its gap open, where they meet within the tolerance, and only
	 * 1e3 times the cores' reach apart and more (on a nearly flat face 3
	 * across, 1000 away, a pair 4e-8 from the closest leaves a gap of
	 * 1e-10; 10 away, a pair 1e-5 across from it leaves 1e-12 of the
	 * distance).  Its length is the polished answer's within the
	 * tolerance (that may lie a rounding below the distance).
	 *
	 * Which pair is nearer the closest is judged by the pairs themselves:
	 * each point's distance from its shape's point nearest the other one
	 * (mk_pair_residual, 0 for a closest pair).  The polished pair stands
	 * where it is within 1e-10 of the size of one, or the search's is not
	 * half as far off: the polish and the refinement are exact where they
	 * converge (a line's pair sliding along a rim it nearly touches, 2e6
	 * away, where the search stops 1e-6 along the line), and the search
	 * where the support distance cannot see the pair (a point over a box's
	 * face 1e6 away, answered at the face's corner 0.5 from its foot).  A
	 * search's pair taken, or one within the rounding of the polished
	 * pair, is exact: the patch takes it as its deepest point.
	 */
	mk_tol tol;
	unit_tolerances(A, B, o, &tol);
	double r = mk_slack(&tol, c.core - (ma + mb));
	double round = 32.0 * DBL_EPSILON *
	               (c.core + v3_maxabs(A->pos) + v3_maxabs(B->pos) + A->bound + B->bound);
	double reach = A->bound - A->margin + B->bound - B->margin;
	core_answer f = c;
	double rc;
	int fr = mk_far_pair(A, B, &f.n, &f.core, &f.pa, &f.pb);
	if (fr == 2 && !(c.core > 1e3 * reach))
		fr = 0;
	double exact = 1e-10 * tol.size;
	if (fr && f.core <= c.core + r && gap_along(A, B, f.n) >= f.core - (fr == 1 ? round : r)) {
		if (v3_len_safe(v3_sub(f.pa, c.pa)) <= 2.0 * round &&
		    v3_len_safe(v3_sub(f.pb, c.pb)) <= 2.0 * round) {
			ans->exact_pair = 1;
		} else if (!((rc = mk_pair_residual(A, B, c.pa, c.pb)) <= exact)) {
			/* (a residual not found, NaN, keeps the polished pair) */
			double rf = mk_pair_residual(A, B, f.pa, f.pb);
			if (rf < 0.5 * rc) {
				mk_share_difference(&f.pa, &f.pb, v3_scale(f.n, -f.core));
				c = f;
				moved = 1;
				ans->exact_pair = rf <= exact;
			}
		}
	}
	/*
	 * A flat face of one, nearly parallel to a feature of the other far
	 * away: the other's support point against the face's normal, and the
	 * face's point nearest it, in closed form.  Where that pair is a
	 * closest pair (the point's foot inside the face, the face's point the
	 * nearest to it on the other), it is exact, whatever angle the support
	 * distance cannot tell: a cap 1e6 from a cap tilted 1e-5 has its
	 * lowest point on its rim, along the tilt, and a search by distance
	 * placed it 0.047 along the rim.  Judged by its residual as above.
	 */
	for (int side = 0; side < 2 && !ans->exact_pair; side++) {
		mink_vec3 ps, po;
		const mk_shape *S = side ? B : A, *O = side ? A : B;
		if (mk_face_pair(S, O, side ? v3_neg(c.n) : c.n, &ps, &po) &&
		    take_exact_pair(A, B, side ? po : ps, side ? ps : po, c.core + r, exact, &c, &c))
			moved = ans->exact_pair = 1;
	}
	/* Features apart across the normal (a rim beside an edge or another
	 * rim, far away): alternating projections from the pair, which for
	 * convex sets converge to a closest pair; taken where they converge
	 * fast (mk_alternate_pair). */
	mink_vec3 pa = c.pa, pb = c.pb;
	double still = 16.0 * DBL_EPSILON * (v3_maxabs(c.pa) + v3_maxabs(c.pb));
	if (!ans->exact_pair && mk_alternate_pair(A, B, c.n, &pa, &pb, 64, still) &&
	    take_exact_pair(A, B, pa, pb, c.core + r, exact, NULL, &c))
		moved = ans->exact_pair = 1;
	if (!moved)
		return;
	ans->normal = c.n;
	ans->distance = c.core - (ma + mb);
	ans->pa = v3_mad(c.pa, c.n, ma);
	ans->pb = v3_mad(c.pb, c.n, -mb);
}

/*
 * An answer the search could not certify is sought again with the shapes
 * in the other order: B at the origin of its own frame, A placed by the
 * inverse pose.  GJK's simplex, EPA's polytope and the refinement's start
 * then come from other points, and where that search certifies its answer
 * (a tiny overlap of a smooth tip on a face, say, that one order resolves
 * and the other does not), it is taken, mapped back into A's frame.
 * Otherwise the first answer stands.  Only uncertified answers pay for it.
 */
static void solve_unit_either(const mk_shape *A, const mk_shape *B, int dim,
                              const mink_options *o, mk_answer *ans, double *eps_out)
{
	solve_unit_once(A, B, dim, o, ans, eps_out);
	if (ans->warning == MINK_WARN_NONE)
		return;
	mk_shape a = *A, b = *B;
	/* In the plane the problem is the query frame's xy-plane: B's own
	 * frame keeps it only where B turns about z alone.  The axial solver's
	 * sections are 3D shapes turned out of it; in B's frame their section
	 * plane stood on edge, GJK's simplex lay across it, and EPA's probe
	 * along its normal in the plane, of no length, found the cores touching
	 * (a ball 30 deep in a capsule answered 20 deep, its cores' overlap of
	 * 10 lost).  There B keeps its turn and only moves to the origin. */
	mat3 rb = B->rot;
	if (dim == 2 && !(B->rot.m[2][2] == 1.0 && B->rot.m[0][2] == 0.0 && B->rot.m[1][2] == 0.0)) {
		rb = m3_identity();
		a.pos = v3_sub(A->pos, B->pos);
		b.pos = v3(0, 0, 0);
	} else {
		a.rot = m3_tmul_m3(&B->rot, &A->rot);
		a.pos = m3_tmul(&B->rot, v3_sub(A->pos, B->pos));
		a.identity = 0;
		b.rot = m3_identity();
		b.pos = v3(0, 0, 0);
		b.identity = 1;
	}
	mk_answer alt;
	double eps;
	solve_unit_once(&b, &a, dim, o, &alt, &eps);
	int it_gjk = ans->gjk_it + alt.gjk_it, it_epa = ans->epa_it + alt.epa_it;
	ans->gjk_it = it_gjk;
	ans->epa_it = it_epa;
	if (alt.warning != MINK_WARN_NONE)
		return;
	/* B's answer: the normal from B to A, its first point on B. */
	ans->distance = alt.distance;
	ans->normal = v3_neg(m3_mul(&rb, alt.normal));
	ans->pa = v3_add(m3_mul(&rb, alt.pb), B->pos);
	ans->pb = v3_add(m3_mul(&rb, alt.pa), B->pos);
	mk_share_difference(&ans->pa, &ans->pb, v3_scale(ans->normal, -ans->distance));
	ans->warning = MINK_WARN_NONE;
	ans->check_points = alt.check_points;
	*eps_out = eps;
}

/* A core that may lie far from its frame's origin: a segment, a
 * triangle, a point set (a segment 0.75 long 1e6 from its origin, a hull
 * in world coordinates). */
static int off_frame(const mk_shape *s)
{
	return s->type == CORE_SEGMENT || s->type == CORE_TRIANGLE || s->type == CORE_POINTS3 ||
	       s->type == CORE_CLIMB3 || s->type == CORE_POINTS2;
}

/* Whether every point of the core lies within r of one of them: its
 * bound less its margin says so for a shape about its frame's origin (a
 * cone 1 across with a margin of 125 is a point beside a gap of 500);
 * one off its frame is measured from its first point, the scan ending at
 * the first point beyond. */
static __attribute__((noinline)) int reaches_within(const mk_shape *s, double r)
{
	if (s->bound - s->margin <= r)
		return 1;
	const mink_vec3 *p = s->points3;
	int n = s->count;
	switch (s->type) {
	case CORE_SEGMENT:
	case CORE_TRIANGLE:
		p = s->corner;
		n = s->type == CORE_SEGMENT ? 2 : 3;
		break;
	case CORE_POINTS3:
	case CORE_CLIMB3:
		break;
	case CORE_POINTS2:
		for (int i = 1; i < s->count; i++)
			if (!(hypot(s->points2[i].x - s->points2[0].x, s->points2[i].y - s->points2[0].y) *
			          s->scale <= r))
				return 0;
		return 1;
	default:
		return 0;
	}
	for (int i = 1; i < n; i++)
		if (!(v3_len_safe(v3_sub(p[i], p[0])) * s->scale <= r))
			return 0;
	return 1;
}

/* A pair near unit size: solved in either order, a far pair's normal then
 * polished.  Far is judged on the cores, which the polish steps on: a
 * margin moves both points along the normal and changes no angle. */
void mk_solve_unit(const mk_shape *A, const mk_shape *B, int dim, const mink_options *o,
                   mk_answer *ans, double *eps_out)
{
	solve_unit_either(A, B, dim, o, ans, eps_out);
	double gap = ans->distance + A->margin + B->margin;
	/* (two points' answer is exact: judged on the cores, every pair of
	 * spheres apart would be far, and its polish cost 2.3x the query) */
	if (ans->warning != MINK_WARN_NONE || !(gap > 0.0) ||
	    (A->type == CORE_POINT && B->type == CORE_POINT))
		return;
	if (gap > 4.0 * (A->bound - A->margin + B->bound - B->margin) ||
	    ((off_frame(A) || off_frame(B)) && reaches_within(A, gap / 8.0) &&
	     reaches_within(B, gap / 8.0)))
		polish_far(A, B, o, ans);
}

/*
 * Solves the pair and finds its contact patch (up to MINK_MAX_CONTACTS
 * points in patch[], their count returned).  A pair far from unit size is
 * first scaled by the power of two that brings its size into [1, 2),
 * which is exact, and the answer scaled back: huge (1e99) and tiny
 * (1e-300) pairs then compute like unit ones, without products of
 * coordinates leaving the double range.
 */
static int solve_scaled(const mk_shape *A, const mk_shape *B, int dim, const mink_options *o,
                        mk_answer *ans, double *eps_out, mk_contact *patch, double size);

/* How far x lies off core s, where its nearest point has a closed form;
 * 0 for a point set, whose nearest point is a search with its own
 * tolerance (it put a hull 4.7e6 across 0.13 from a point of its face). */
static double closed_off(const mk_shape *s, mink_vec3 x)
{
	int set = s->type == CORE_POINTS3 || s->type == CORE_CLIMB3 || s->type == CORE_POINTS2;
	return set ? 0.0 : mk_point_off(s, x);
}

/*
 * The solver's pair from before the refinement (keep_alternative), moved to
 * the answer's normal and distance (each point by half of what their
 * difference misses), in place of the patch's deepest contact where that
 * lies off the shapes and the pair lies nearer them.
 */
static void nearer_alternative(const mk_shape *A, const mk_shape *B, const mk_answer *ans,
                               double size, mk_contact *patch)
{
	mink_vec3 n = ans->normal, pa = ans->alt_pa, pb = ans->alt_pb;
	double gate = 1e-10 * size;
	double off = mk_offset_within(A, v3_mad(patch[0].pa, n, -A->margin), n, gate) +
	             mk_offset_within(B, v3_mad(patch[0].pb, n, B->margin), v3_neg(n), gate);
	if (!(off > gate) || !(off < INFINITY))
		return;
	mk_share_difference(&pa, &pb, v3_scale(n, -ans->distance));
	if (mk_exact_offset(A, v3_mad(pa, n, -A->margin)) +
	    mk_exact_offset(B, v3_mad(pb, n, B->margin)) < off) {
		patch[0].pa = pa;
		patch[0].pb = pb;
	}
}

/*
 * The patch (mk_manifold), and where the answer's value alone was
 * certified (certify_by_balls, overlapping: a depth's bounds say nothing
 * of its points), its deepest contact's points checked on the shapes,
 * which the patch may have placed anew: 1e-9 of the size off, or more,
 * and the answer is not certified (a sliver along a cylinder's axis, out
 * through its cap 1e6 across, whose depth met its bounds: its corner
 * carried along the normal lay 2.7 beyond the cap, the answer `ok`).
 */
static int patch_checked(const mk_shape *A, const mk_shape *B, int dim, mk_answer *ans,
                         double eps, double size, const mink_options *o, mk_contact *patch)
{
	int np = mk_manifold(A, B, dim, ans, eps, size, o, patch);
	if (ans->has_alt)
		nearer_alternative(A, B, ans, size, patch);
	if (!ans->check_points || ans->warning != MINK_WARN_NONE)
		return np;
	mink_vec3 n = ans->normal;
	double off = closed_off(A, v3_mad(patch[0].pa, n, -A->margin)) +
	             closed_off(B, v3_mad(patch[0].pb, n, B->margin));
	if (!(off <= 1e-9 * size))
		ans->warning = MINK_WARN_DEGENERATE;
	return np;
}

static int solve(const mk_shape *A, const mk_shape *B, int dim, const mink_options *o,
                 mk_answer *ans, double *eps_out, mk_contact *patch)
{
	double size = pair_size(A, B);
	/* Fourth powers of sizes within 2^-60 .. 2^60 stay well inside the
	 * double range: most pairs need no scaling at all. */
	if (!(size > 0x1p-60 && size < 0x1p60))
		return solve_scaled(A, B, dim, o, ans, eps_out, patch, size);
	mk_solve_unit(A, B, dim, o, ans, eps_out);
	return patch_checked(A, B, dim, ans, *eps_out, size, o, patch);
}

/* Room for a point set's scaled copy: on the stack up to MK_SOA_MAX
 * points, else on the heap (heap, freed by the caller). */
typedef struct scaled_room {
	union {
		mink_vec3 p3[MK_SOA_MAX];
		mink_vec2 p2[MK_SOA_MAX];
	} u;
	void *heap;
} scaled_room;

/* Room for n points of `size` bytes each: the stack's, or a heap block
 * (NULL without memory). */
static void *room_for(scaled_room *room, int n, size_t size)
{
	if (n <= MK_SOA_MAX)
		return &room->u;
	return room->heap = malloc(size * (size_t)n);
}

/*
 * Core c scaled by s: every number of its own in the core itself (half
 * extents, radii, corners), and a point set's points copied scaled, so
 * that every computation on the core - the support, its features, the
 * projections of refine.c, the patch - sees a unit-size shape.  A copy
 * of a built hull's points drops its walk block (whose records hold the
 * unscaled points): the climb reads the adjacency.  Without memory for a
 * copy the points stay the caller's and `scale` is applied to what the
 * support returns (products of two coordinates may then underflow for
 * coordinates below 1e-160).
 */
static void bake_scale(mk_shape *c, double s, scaled_room *room)
{
	c->margin *= s;
	c->bound *= s;
	c->pos = v3_scale(c->pos, s);
	room->heap = NULL;
	c->scale = 1.0;
	switch (c->type) {
	case CORE_POINTS3:
	case CORE_CLIMB3: {
		mink_vec3 *q = room_for(room, c->count, sizeof *q);
		if (!q) {
			c->scale = s;
			break;
		}
		for (int i = 0; i < c->count; i++)
			q[i] = v3_scale(c->points3[i], s);
		c->points3 = q;
		c->soa = NULL;
		c->walk = NULL;
		break;
	}
	case CORE_POINTS2: {
		mink_vec2 *q = room_for(room, c->count, sizeof *q);
		if (!q) {
			c->scale = s;
			break;
		}
		for (int i = 0; i < c->count; i++) {
			q[i].x = c->points2[i].x * s;
			q[i].y = c->points2[i].y * s;
		}
		c->points2 = q;
		break;
	}
	case CORE_POINT:
		break;
	case CORE_SEGMENT:
	case CORE_TRIANGLE:
		for (int i = 0; i < 3; i++)
			c->corner[i] = v3_scale(c->corner[i], s);
		break;
	case CORE_BOX:
		c->half = v3_scale(c->half, s);
		break;
	case CORE_CYLINDER:
	case CORE_CONE:
		c->radius *= s;
		c->half_height *= s;
		break;
	case CORE_ELLIPSOID:
		c->radii = v3_scale(c->radii, s);
		break;
	}
}

static int solve_scaled(const mk_shape *A, const mk_shape *B, int dim, const mink_options *o,
                        mk_answer *ans, double *eps_out, mk_contact *patch, double size)
{
	int e = size > 0.0 && isfinite(size) ? ilogb(size) : 0;
	/* A subnormal size (below 2^-1022) would need a factor beyond the
	 * largest double: 2^1023 brings it to 2^-52 at least, inside the
	 * range where no scaling is needed (a factor of infinity made such
	 * pairs NaN, or 0 when scaled back). */
	if (e < -1023)
		e = -1023;
	double s = ldexp(1.0, -e), inv = ldexp(1.0, e);
	mk_shape a = *A, b = *B;
	scaled_room ra, rb;
	bake_scale(&a, s, &ra);
	bake_scale(&b, s, &rb);
	mk_solve_unit(&a, &b, dim, o, ans, eps_out);
	int np = patch_checked(&a, &b, dim, ans, *eps_out, pair_size(&a, &b), o, patch);
	free(ra.heap);
	free(rb.heap);
	ans->distance *= inv;
	ans->pa = v3_scale(ans->pa, inv);
	ans->pb = v3_scale(ans->pb, inv);
	*eps_out *= inv;
	for (int i = 0; i < np; i++) {
		patch[i].distance *= inv;
		patch[i].pa = v3_scale(patch[i].pa, inv);
		patch[i].pb = v3_scale(patch[i].pb, inv);
	}
	return np;
}

/* x - x is 0 for a finite x and NaN for an infinity or a NaN: a sum
 * tells whether every number of the result is finite, without a branch
 * per number.  The sums are taken as trees: one chain through all fifty
 * numbers was fifty dependent additions at the end of each query. */
static double v3_nan_sum(mink_vec3 a)
{
	return ((a.x - a.x) + (a.y - a.y)) + (a.z - a.z);
}

static int result_finite(const mink_result *r)
{
	double z = (((r->distance - r->distance) + v3_nan_sum(r->normal)) +
	            (v3_nan_sum(r->point_a) + v3_nan_sum(r->point_b))) +
	           ((v3_nan_sum(r->local_a) + v3_nan_sum(r->local_b)) +
	            (v3_nan_sum(r->tangent[0]) + v3_nan_sum(r->tangent[1])));
	for (int i = 0; i < r->contact_count; i++) {
		const mink_contact *c = &r->contacts[i];
		z += ((c->distance - c->distance) + v3_nan_sum(c->point_a)) +
		     (v3_nan_sum(c->point_b) + (v3_nan_sum(c->local_a) + v3_nan_sum(c->local_b)));
	}
	return z == 0.0;
}

/* The caller's options, or the defaults made in *room (only then: a box
 * query is short enough for that to show). */
static const mink_options *options_or_default(const mink_options *opt, mink_options *room)
{
	if (opt)
		return opt;
	*room = mink_default_options();
	return room;
}

static int tolerance_ok(double t)
{
	return t >= 0.0 && t <= DBL_MAX;
}

mink_error mink_options_check(const mink_options *o)
{
	if (!o || !tolerance_ok(o->tolerance) || !tolerance_ok(o->size_tolerance) ||
	    !tolerance_ok(o->contact_tolerance) || o->max_gjk_iterations < 1 ||
	    o->max_epa_iterations < 1 || o->max_contacts < 1 || o->max_contacts > MINK_MAX_CONTACTS)
		return MINK_ERR_BAD_OPTIONS;
	return MINK_ERR_NONE;
}

mink_status mink_query3(const mink_shape3 *a, const mink_pose3 *pa,
                        const mink_shape3 *b, const mink_pose3 *pb,
                        const mink_options *opt, mink_result *out)
{
	mink_options defaults;
	const mink_options *o = options_or_default(opt, &defaults);
	mink_error e;
	/* A hull's points are checked where its core is made, in the pass
	 * that measures them (mk_shape_from3), still before the poses are. */
	mk_shape A, B;
	mk_scratch scratch_a, scratch_b; /* not cleared: the shapes write what they read */
	if ((opt && (e = mink_options_check(opt)) != MINK_ERR_NONE) ||
	    (e = mk_shape3_check(a, 0)) != MINK_ERR_NONE ||
	    (e = mk_shape3_check(b, 0)) != MINK_ERR_NONE ||
	    (e = mk_shape_from3(a, &A, &scratch_a)) != MINK_ERR_NONE ||
	    (e = mk_shape_from3(b, &B, &scratch_b)) != MINK_ERR_NONE) {
		fail(out, 3, e);
		return out->status;
	}
	if (A.soa && B.soa)
		mk_soa_same_stride(&A, &B);
	mink_quat qa, qb;
	if (!pa || !pb || !unit_quat(pa->rotation, &qa) || !unit_quat(pb->rotation, &qb) ||
	    !coord_ok(pa->position.x) || !coord_ok(pa->position.y) || !coord_ok(pa->position.z) ||
	    !coord_ok(pb->position.x) || !coord_ok(pb->position.y) || !coord_ok(pb->position.z)) {
		fail(out, 3, MINK_ERR_BAD_POSE);
		return out->status;
	}

	mat3 ra = m3_from_quat(qa), rb = m3_from_quat(qb);
	B.rot = m3_tmul_m3(&ra, &rb);
	B.pos = m3_tmul(&ra, v3_sub(pb->position, pa->position));
	B.identity = 0;

	mk_answer ans;
	double eps;
	mk_contact patch[MINK_MAX_CONTACTS];
	int np = solve(&A, &B, 3, o, &ans, &eps, patch);
	/* The result's points are the deepest contact's. */
	ans.pa = patch[0].pa;
	ans.pb = patch[0].pb;
	mk_contact_result3(out, &ans, eps, &ra, pa->position, &B, patch, np);
	if (!result_finite(out))
		fail(out, 3, MINK_ERR_NUMERIC);
	return out->status;
}

mink_status mink_query2(const mink_shape2 *a, const mink_pose2 *pa,
                        const mink_shape2 *b, const mink_pose2 *pb,
                        const mink_options *opt, mink_result *out)
{
	mink_options defaults;
	const mink_options *o = options_or_default(opt, &defaults);
	mink_error e;
	if ((opt && (e = mink_options_check(opt)) != MINK_ERR_NONE) ||
	    (e = mink_shape2_check(a)) != MINK_ERR_NONE ||
	    (e = mink_shape2_check(b)) != MINK_ERR_NONE) {
		fail(out, 2, e);
		return out->status;
	}
	if (!pa || !pb || !coord_ok(pa->position.x) || !coord_ok(pa->position.y) ||
	    !coord_ok(pb->position.x) || !coord_ok(pb->position.y) || !coord_ok(pa->angle) ||
	    !coord_ok(pb->angle)) {
		fail(out, 2, MINK_ERR_BAD_POSE);
		return out->status;
	}

	mat3 ra = m3_from_angle(pa->angle), rb = m3_from_angle(pb->angle);
	mk_shape A, B;
	mk_shape_from2(a, &A);
	mk_shape_from2(b, &B);
	B.rot = m3_tmul_m3(&ra, &rb);
	mink_vec3 d = v3(pb->position.x - pa->position.x, pb->position.y - pa->position.y, 0.0);
	B.pos = m3_tmul(&ra, d);
	B.identity = 0;

	mk_answer ans;
	double eps;
	mk_contact patch[MINK_MAX_CONTACTS];
	int np = solve(&A, &B, 2, o, &ans, &eps, patch);
	/* The result's points are the deepest contact's. */
	ans.pa = patch[0].pa;
	ans.pb = patch[0].pb;
	mk_contact_result2(out, &ans, eps, &ra, v3(pa->position.x, pa->position.y, 0.0), &B, patch, np);
	if (!result_finite(out))
		fail(out, 2, MINK_ERR_NUMERIC);
	return out->status;
}
