/*
 * oracle.c - brute-force reference answers for polytope pairs (see oracle.h).
 *
 * Nothing here shares code with lib/: the depth is the minimum, over a
 * superset of the face normals of the Minkowski difference A - B, of the
 * support of A - B; the distance is the minimum over every pair of
 * features (points, segments, triangles of the input points) of their
 * exact closest distance.
 */
#include "oracle.h"

#include <math.h>
#include <stdlib.h>

/* Small vector math, local so that the hot loops inline it. */
static inline mink_vec3 v3(double x, double y, double z)
{
	mink_vec3 v = {x, y, z};
	return v;
}

static inline mink_vec3 add(mink_vec3 a, mink_vec3 b)
{
	return v3(a.x + b.x, a.y + b.y, a.z + b.z);
}

static inline mink_vec3 sub(mink_vec3 a, mink_vec3 b)
{
	return v3(a.x - b.x, a.y - b.y, a.z - b.z);
}

static inline mink_vec3 scale(mink_vec3 a, double s) { return v3(a.x * s, a.y * s, a.z * s); }
static inline mink_vec3 neg(mink_vec3 a) { return v3(-a.x, -a.y, -a.z); }
static inline double dot(mink_vec3 a, mink_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
/* (without squares, which underflow for lengths below 1e-154) */
static inline double norm(mink_vec3 a) { return hypot(hypot(a.x, a.y), a.z); }
static inline double dist(mink_vec3 a, mink_vec3 b) { return norm(sub(a, b)); }

static inline mink_vec3 cross(mink_vec3 a, mink_vec3 b)
{
	return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

/* A growable list of candidates: a value and two vectors. */
typedef struct cand {
	double value;
	mink_vec3 u, v;
} cand;

typedef struct cand_list {
	cand *c;
	int n, cap;
	int stop;  /* only look for a separating axis: stop at the first */
	int found; /* a candidate with a negative value was seen */
} cand_list;

static void push(cand_list *l, double value, mink_vec3 u, mink_vec3 v)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 1024;
		cand *c = realloc(l->c, (size_t)l->cap * sizeof *c);
		if (!c)
			abort();
		l->c = c;
	}
	l->c[l->n].value = value;
	l->c[l->n].u = u;
	l->c[l->n].v = v;
	l->n++;
}

static int argmin(const cand_list *l)
{
	int best = 0;
	for (int i = 1; i < l->n; i++)
		if (l->c[i].value < l->c[best].value)
			best = i;
	return best;
}

double oracle_support_max3(const mink_vec3 *pts, int n, mink_vec3 d)
{
	double m = -INFINITY;
	for (int i = 0; i < n; i++)
		m = fmax(m, dot(pts[i], d));
	return m;
}

double oracle_support_min3(const mink_vec3 *pts, int n, mink_vec3 d)
{
	double m = INFINITY;
	for (int i = 0; i < n; i++)
		m = fmin(m, dot(pts[i], d));
	return m;
}

double oracle_radius3(const mink_vec3 *pts, int n, mink_vec3 c)
{
	double r = 0;
	for (int i = 0; i < n; i++)
		r = fmax(r, dist(pts[i], c));
	return r;
}

static mink_vec3 centroid(const mink_vec3 *a, int na, const mink_vec3 *b, int nb)
{
	mink_vec3 c = v3(0, 0, 0);
	for (int i = 0; i < na; i++)
		c = add(c, a[i]);
	for (int i = 0; i < nb; i++)
		c = add(c, b[i]);
	return scale(c, 1.0 / (na + nb));
}

/* The radius of a ball about the centroid of both sets holding them. */
static double pair_scale(const mink_vec3 *a, int na, const mink_vec3 *b, int nb)
{
	mink_vec3 c = centroid(a, na, b, nb);
	return fmax(oracle_radius3(a, na, c), oracle_radius3(b, nb, c));
}

/* Unit n = u x v, or 0 when u and v are (nearly) parallel or zero.  u
 * and v are brought to unit size first: the squares of a cross product
 * of differences 1e-168 long underflowed, and its normal came out 0.87
 * long, a wrong depth. */
static int unit_cross(mink_vec3 u, mink_vec3 v, mink_vec3 *n)
{
	double su = fmax(fabs(u.x), fmax(fabs(u.y), fabs(u.z)));
	double sv = fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z)));
	if (!(su > 0.0) || !(sv > 0.0))
		return 0;
	u = v3(u.x / su, u.y / su, u.z / su);
	v = v3(v.x / sv, v.y / sv, v.z / sv);
	mink_vec3 c = cross(u, v);
	double len2 = dot(c, c);
	if (!(len2 > 1e-24 * dot(u, u) * dot(v, v)))
		return 0;
	*n = scale(c, 1.0 / sqrt(len2));
	return 1;
}

/* Evaluates the axis n and -n: the translation of B along the axis that
 * separates the sets is max_a(a.n) - min_b(b.n). */
static void eval_axis(cand_list *l, const mink_vec3 *a, int na, const mink_vec3 *b, int nb,
                      mink_vec3 n)
{
	double amax = -INFINITY, amin = INFINITY, bmax = -INFINITY, bmin = INFINITY;
	for (int i = 0; i < na; i++) {
		double d = dot(a[i], n);
		amax = d > amax ? d : amax;
		amin = d < amin ? d : amin;
	}
	for (int i = 0; i < nb; i++) {
		double d = dot(b[i], n);
		bmax = d > bmax ? d : bmax;
		bmin = d < bmin ? d : bmin;
	}
	if (l->stop) {
		l->n += 2;
		l->found |= amax - bmin < 0 || bmax - amin < 0;
		return;
	}
	push(l, amax - bmin, n, n);
	push(l, bmax - amin, neg(n), neg(n));
}

/* The unit normal of triangle p q r from its best-conditioned corner: of a
 * sliver 3 long and 1e-12 wide, the corner between the two long sides has
 * a sine of 5e-13, and its cross product is rounding; a corner at the short
 * side is near a right angle and gives the normal to the rounding. */
static int triangle_normal(mink_vec3 p, mink_vec3 q, mink_vec3 r, mink_vec3 *n)
{
	mink_vec3 c[3] = {p, q, r};
	double best = -1.0;
	for (int i = 0; i < 3; i++) {
		mink_vec3 u = sub(c[(i + 1) % 3], c[i]), v = sub(c[(i + 2) % 3], c[i]), m;
		double lu = norm(u), lv = norm(v);
		if (!(lu > 0.0) || !(lv > 0.0))
			continue;
		double sine = norm(cross(u, v)) / (lu * lv);
		if (sine > best && unit_cross(u, v, &m)) {
			best = sine;
			*n = m;
		}
	}
	return best >= 0.0;
}

static void triple_axes(cand_list *l, const mink_vec3 *p, int np, const mink_vec3 *a, int na,
                        const mink_vec3 *b, int nb)
{
	mink_vec3 n;
	for (int i = 0; i < np && !l->found; i++)
		for (int j = i + 1; j < np; j++)
			for (int k = j + 1; k < np; k++)
				if (triangle_normal(p[i], p[j], p[k], &n))
					eval_axis(l, a, na, b, nb, n);
}

static void finish_sat(cand_list *l, double scale, oracle_sat *out)
{
	out->axes = l->n;
	if (l->n == 0) {
		out->value = NAN;
		out->axis = v3(NAN, NAN, NAN);
		out->second = NAN;
		out->unique = 0;
		return;
	}
	int best = argmin(l);
	mink_vec3 n = l->c[best].u;
	double second = INFINITY;
	for (int i = 0; i < l->n; i++)
		if (dot(l->c[i].u, n) < 1.0 - 1e-9)
			second = fmin(second, l->c[i].value);
	out->value = l->c[best].value;
	out->axis = n;
	out->second = second;
	out->unique = second - out->value > 1e-7 * fabs(out->value) + 1e-11 * scale;
}

static void all_axes3(cand_list *l, const mink_vec3 *a, int na, const mink_vec3 *b, int nb)
{
	triple_axes(l, a, na, a, na, b, nb);
	triple_axes(l, b, nb, a, na, b, nb);
	mink_vec3 n;
	for (int i = 0; i < na && !l->found; i++)
		for (int j = i + 1; j < na; j++)
			for (int k = 0; k < nb; k++)
				for (int m = k + 1; m < nb; m++)
					if (unit_cross(sub(a[j], a[i]), sub(b[m], b[k]), &n))
						eval_axis(l, a, na, b, nb, n);
}

void oracle_sat3(const mink_vec3 *a, int na, const mink_vec3 *b, int nb, oracle_sat *out)
{
	cand_list l = {0};
	all_axes3(&l, a, na, b, nb);
	finish_sat(&l, pair_scale(a, na, b, nb), out);
	free(l.c);
}

int oracle_separated3(const mink_vec3 *a, int na, const mink_vec3 *b, int nb)
{
	cand_list l = {0};
	l.stop = 1;
	all_axes3(&l, a, na, b, nb);
	return l.found ? 1 : l.n > 0 ? 0 : -1;
}

static void perp_axes(cand_list *l, const mink_vec3 *p, int np, const mink_vec3 *a, int na,
                      const mink_vec3 *b, int nb)
{
	for (int i = 0; i < np && !l->found; i++)
		for (int j = i + 1; j < np; j++) {
			mink_vec3 d = sub(p[j], p[i]);
			double len = norm(d);
			if (len > 0)
				eval_axis(l, a, na, b, nb, v3(-d.y / len, d.x / len, 0.0));
		}
}

static mink_vec3 *lift2(const mink_vec2 *p, int n)
{
	mink_vec3 *q = malloc((size_t)(n > 0 ? n : 1) * sizeof *q);
	if (!q)
		abort();
	for (int i = 0; i < n; i++)
		q[i] = v3(p[i].x, p[i].y, 0.0);
	return q;
}

void oracle_sat2(const mink_vec2 *a2, int na, const mink_vec2 *b2, int nb, oracle_sat *out)
{
	mink_vec3 *a = lift2(a2, na), *b = lift2(b2, nb);
	cand_list l = {0};
	perp_axes(&l, a, na, a, na, b, nb);
	perp_axes(&l, b, nb, a, na, b, nb);
	finish_sat(&l, pair_scale(a, na, b, nb), out);
	free(l.c);
	free(a);
	free(b);
}

int oracle_separated2(const mink_vec2 *a2, int na, const mink_vec2 *b2, int nb)
{
	mink_vec3 *a = lift2(a2, na), *b = lift2(b2, nb);
	cand_list l = {0};
	l.stop = 1;
	perp_axes(&l, a, na, a, na, b, nb);
	perp_axes(&l, b, nb, a, na, b, nb);
	free(a);
	free(b);
	return l.found ? 1 : l.n > 0 ? 0 : -1;
}

/* ---- closest points ---- */

mink_vec3 oracle_closest_on_segment(mink_vec3 p, mink_vec3 a, mink_vec3 b)
{
	mink_vec3 ab = sub(b, a);
	/* in units of the segment's largest coordinate: the squares of a
	 * segment 1e-294 long underflow to 0, which took it for a point */
	double m = fmax(fabs(ab.x), fmax(fabs(ab.y), fabs(ab.z)));
	if (!(m > 0) || !isfinite(m))
		return a;
	int e = ilogb(m); /* (one factor 2^-e overflows below 2^-1023) */
	mink_vec3 u = v3(ldexp(ab.x, -e), ldexp(ab.y, -e), ldexp(ab.z, -e));
	double dd = dot(ab, u);
	if (dd <= 0)
		return a;
	double t = dot(sub(p, a), u) / dd;
	if (t <= 0)
		return a;
	if (t >= 1)
		return b;
	return add(a, scale(ab, t));
}

/*
 * The nearest point of triangle abc to p: p's foot on the plane when it
 * lies inside all three edges (seen along the normal), else the nearest of
 * the three edges' nearest points.  Only signs of well-scaled products
 * decide, so a sliver (a corner of 1e-4 rad) is as exact as a fat triangle;
 * the barycentric form of Ericson's RTCD 5.1.5 divides by the squared area
 * and loses digits on slivers.  A triangle without an area is its edges.
 */
mink_vec3 oracle_closest_on_triangle(mink_vec3 p, mink_vec3 a, mink_vec3 b, mink_vec3 c)
{
	/* the normal from the two shortest edges (the same vector from any
	 * two: ab x ac = bc x ca = ca x ab), which rounds least */
	mink_vec3 ab = sub(b, a), bc = sub(c, b), ca = sub(a, c);
	double lab = dot(ab, ab), lbc = dot(bc, bc), lca = dot(ca, ca);
	mink_vec3 n = lab >= lbc && lab >= lca ? cross(bc, ca)
	              : lbc >= lca             ? cross(ca, ab)
	                                       : cross(ab, bc);
	double nn = dot(n, n);
	mink_vec3 best = oracle_closest_on_segment(p, a, b);
	mink_vec3 q = oracle_closest_on_segment(p, b, c), r = oracle_closest_on_segment(p, c, a);
	if (dist(q, p) < dist(best, p))
		best = q;
	if (dist(r, p) < dist(best, p))
		best = r;
	/* The foot on the plane where it falls inside, unless an edge's point
	 * is nearer: a sliver's normal (corners 1.8e-12 off one line) is off
	 * by the rounding over its width, 1e-5 rad, and its foot of a point
	 * 0.2 from the corners was 9.3e-7 from the point on its edge that is
	 * the nearest. */
	if (nn > 0) {
		int in = dot(cross(sub(b, a), sub(p, a)), n) >= 0 &&
		         dot(cross(sub(c, b), sub(p, b)), n) >= 0 &&
		         dot(cross(sub(a, c), sub(p, c)), n) >= 0;
		mink_vec3 f = sub(p, scale(n, dot(sub(p, a), n) / nn));
		if (in && !(dist(best, p) < dist(f, p)))
			best = f;
	}
	return best;
}

static double clamp01(double x) { return x < 0 ? 0 : x > 1 ? 1 : x; }

/* Ericson, RTCD 5.1.9. */
void oracle_closest_segments(mink_vec3 p1, mink_vec3 q1, mink_vec3 p2, mink_vec3 q2,
                             mink_vec3 *c1, mink_vec3 *c2)
{
	mink_vec3 d1 = sub(q1, p1), d2 = sub(q2, p2), r = sub(p1, p2);
	double a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
	double s, t;
	if (a <= 0 && e <= 0) {
		s = t = 0;
	} else if (a <= 0) {
		s = 0;
		t = clamp01(f / e);
	} else {
		double c = dot(d1, r);
		if (e <= 0) {
			t = 0;
			s = clamp01(-c / a);
		} else {
			double b = dot(d1, d2), denom = a * e - b * b;
			s = denom > 0 ? clamp01((b * f - c * e) / denom) : 0;
			t = (b * s + f) / e;
			if (t < 0) {
				t = 0;
				s = clamp01(-c / a);
			} else if (t > 1) {
				t = 1;
				s = clamp01((b - c) / a);
			}
		}
	}
	*c1 = add(p1, scale(d1, s));
	*c2 = add(p2, scale(d2, t));
}

static void push_pair(cand_list *l, mink_vec3 pa, mink_vec3 pb)
{
	push(l, dist(pa, pb), pa, pb);
}

/*
 * The closest points of two segments' lines where both fall inside the
 * segments, from cross products: s = ((p2 - p1) x d2).n / n.n with
 * n = d1 x d2.  Ericson's a e - b^2 loses all its digits for edges a
 * few 1e-9 rad off parallel (the square of the angle), and so does its
 * parameter; the cross product keeps the angle's own digits.  The pair is
 * pushed only when both parameters are in [0, 1] (the endpoints' pairs
 * cover the rest).
 */
static void push_lines_cross(cand_list *l, mink_vec3 p1, mink_vec3 q1, mink_vec3 p2,
                             mink_vec3 q2)
{
	mink_vec3 d1 = sub(q1, p1), d2 = sub(q2, p2), r = sub(p2, p1);
	mink_vec3 n = cross(d1, d2);
	double nn = dot(n, n);
	if (!(nn > 0))
		return;
	double s = dot(cross(r, d2), n) / nn, t = dot(cross(r, d1), n) / nn;
	if (s >= 0 && s <= 1 && t >= 0 && t <= 1)
		push_pair(l, add(p1, scale(d1, s)), add(p2, scale(d2, t)));
}

/* A triangle whose point-in test can be trusted: its smallest angle's sine
 * above 1e-9.  (A sliver 1000 long at 1e-11 rad had a point 0.001 beyond
 * its corner on its line found inside by the rounding of the three signs,
 * and the distance 5.9e-4 to a hull came out 0; its edges, candidates of
 * their own, cover a sliver to its width.) */
static int triangle_ok(mink_vec3 a, mink_vec3 b, mink_vec3 c)
{
	mink_vec3 e[3] = {sub(b, a), sub(c, b), sub(a, c)};
	for (int i = 0; i < 3; i++) {
		mink_vec3 u = e[i], v = e[(i + 1) % 3];
		double l = sqrt(dot(u, u) * dot(v, v));
		mink_vec3 m = cross(u, v);
		if (!(sqrt(dot(m, m)) > 1e-9 * l))
			return 0;
	}
	return 1;
}

static void finish_dist(cand_list *l, double scale, oracle_dist *out)
{
	int best = argmin(l);
	out->distance = l->c[best].value;
	out->point_a = l->c[best].u;
	out->point_b = l->c[best].v;
	out->scale = scale;
	double second = INFINITY;
	for (int i = 0; i < l->n; i++) {
		double moved = dist(l->c[i].u, out->point_a) + dist(l->c[i].v, out->point_b);
		if (moved > 1e-7 * scale)
			second = fmin(second, l->c[i].value);
	}
	out->second = second;
	out->unique = second - out->distance > 1e-7 * out->distance + 1e-11 * scale;
}

void oracle_dist3(const mink_vec3 *a, int na, const mink_vec3 *b, int nb, oracle_dist *out)
{
	cand_list l = {0};
	mink_vec3 c1, c2;
	/* point - point */
	for (int i = 0; i < na; i++)
		for (int j = 0; j < nb; j++)
			push_pair(&l, a[i], b[j]);
	/* point - segment, both ways (needed when a set has fewer than 3 points) */
	for (int i = 0; i < na; i++)
		for (int j = 0; j < nb; j++)
			for (int k = j + 1; k < nb; k++)
				push_pair(&l, a[i], oracle_closest_on_segment(a[i], b[j], b[k]));
	for (int i = 0; i < nb; i++)
		for (int j = 0; j < na; j++)
			for (int k = j + 1; k < na; k++)
				push_pair(&l, oracle_closest_on_segment(b[i], a[j], a[k]), b[i]);
	/* segment - segment */
	for (int i = 0; i < na; i++)
		for (int j = i + 1; j < na; j++)
			for (int k = 0; k < nb; k++)
				for (int m = k + 1; m < nb; m++) {
					oracle_closest_segments(a[i], a[j], b[k], b[m], &c1, &c2);
					push_pair(&l, c1, c2);
					push_lines_cross(&l, a[i], a[j], b[k], b[m]);
				}
	/* triangle - point, both ways */
	for (int i = 0; i < na; i++)
		for (int j = i + 1; j < na; j++)
			for (int k = j + 1; k < na; k++) {
				if (!triangle_ok(a[i], a[j], a[k]))
					continue;
				for (int m = 0; m < nb; m++) {
					mink_vec3 c;
					c = oracle_closest_on_triangle(b[m], a[i], a[j], a[k]);
					push_pair(&l, c, b[m]);
				}
			}
	for (int i = 0; i < nb; i++)
		for (int j = i + 1; j < nb; j++)
			for (int k = j + 1; k < nb; k++) {
				if (!triangle_ok(b[i], b[j], b[k]))
					continue;
				for (int m = 0; m < na; m++) {
					mink_vec3 c;
					c = oracle_closest_on_triangle(a[m], b[i], b[j], b[k]);
					push_pair(&l, a[m], c);
				}
			}
	finish_dist(&l, pair_scale(a, na, b, nb), out);
	free(l.c);
}

void oracle_dist2(const mink_vec2 *a2, int na, const mink_vec2 *b2, int nb, oracle_dist *out)
{
	mink_vec3 *a = lift2(a2, na), *b = lift2(b2, nb);
	cand_list l = {0};
	for (int i = 0; i < na; i++)
		for (int j = 0; j < nb; j++)
			push_pair(&l, a[i], b[j]);
	for (int i = 0; i < na; i++)
		for (int j = 0; j < nb; j++)
			for (int k = j + 1; k < nb; k++)
				push_pair(&l, a[i], oracle_closest_on_segment(a[i], b[j], b[k]));
	for (int i = 0; i < nb; i++)
		for (int j = 0; j < na; j++)
			for (int k = j + 1; k < na; k++)
				push_pair(&l, oracle_closest_on_segment(b[i], a[j], a[k]), b[i]);
	finish_dist(&l, pair_scale(a, na, b, nb), out);
	free(l.c);
	free(a);
	free(b);
}

/* ---- point in hull ---- */

double oracle_outside_hull3(const mink_vec3 *pts, int n, mink_vec3 p)
{
	mink_vec3 c = centroid(pts, n, pts, 0);
	double eps = 1e-9 * (1.0 + oracle_radius3(pts, n, c));
	double worst = -INFINITY;
	int facets = 0;
	mink_vec3 nrm;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			for (int k = j + 1; k < n; k++) {
				if (!unit_cross(sub(pts[j], pts[i]), sub(pts[k], pts[i]), &nrm))
					continue;
				double off = dot(nrm, pts[i]);
				double hi = oracle_support_max3(pts, n, nrm) - off;
				double lo = oracle_support_min3(pts, n, nrm) - off;
				if (hi <= eps) {
					facets++;
					worst = fmax(worst, dot(nrm, p) - off);
				} else if (lo >= -eps) {
					facets++;
					worst = fmax(worst, off - dot(nrm, p));
				}
			}
	return facets >= 4 ? worst : NAN;
}

double oracle_outside_hull2(const mink_vec2 *pts2, int n, mink_vec3 p)
{
	mink_vec3 *pts = lift2(pts2, n);
	mink_vec3 c = centroid(pts, n, pts, 0);
	double eps = 1e-9 * (1.0 + oracle_radius3(pts, n, c));
	double worst = -INFINITY;
	int facets = 0;
	p.z = 0;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			mink_vec3 d = sub(pts[j], pts[i]);
			double len = norm(d);
			if (!(len > 0))
				continue;
			mink_vec3 nrm = v3(-d.y / len, d.x / len, 0);
			double off = dot(nrm, pts[i]);
			double hi = oracle_support_max3(pts, n, nrm) - off;
			double lo = oracle_support_min3(pts, n, nrm) - off;
			if (hi <= eps) {
				facets++;
				worst = fmax(worst, dot(nrm, p) - off);
			} else if (lo >= -eps) {
				facets++;
				worst = fmax(worst, off - dot(nrm, p));
			}
		}
	free(pts);
	return facets >= 3 ? worst : NAN;
}

double oracle_signed3(const mink_vec3 *a, int na, const mink_vec3 *b, int nb)
{
	if (oracle_separated3(a, na, b, nb) == 1) {
		oracle_dist od;
		oracle_dist3(a, na, b, nb, &od);
		return od.distance;
	}
	oracle_sat sat;
	oracle_sat3(a, na, b, nb, &sat);
	return -sat.value;
}
