/*
 * manifold.c - the contact patch of a pair along its normal.
 *
 * Once a solver has the normal n (A towards B) and the distance, each
 * shape's supporting feature along it is read off the core: the set of
 * points whose support value along n (along -n for B) is within a slop of
 * the maximum - a vertex, an edge, a face, a cylinder's or cone's cap (a
 * disc, taken as an inscribed 16-gon, so that every point is on the
 * surface) or a side line.  Projected on the contact plane, the two
 * features overlap in a convex region (a point, a segment or a polygon):
 * face on face it is the incident polygon clipped by the reference one
 * (Sutherland and Hodgman 1974), a segment on a face the segment clipped
 * by the face (Cyrus and Beck 1978), two parallel edges their common
 * stretch; a point the clipping's slop keeps farther than the slop from
 * the clipping face (next to a sharp corner) is moved back to it.  Each
 * point of the region, lifted along n onto both features, gives a contact
 * whose points lie on both surfaces and whose distance is the gap there;
 * margins move the points along n.  A vertex or a curved point on either
 * side makes the patch one point: the result's own.
 *
 * The deepest contact carries the result's distance (they agree to the
 * slop, or the features are not trusted and the patch is the result's
 * point), and no other is deeper: one lifted below it is lifted back.
 * Larger patches are cut down to max_contacts: the deepest first, then the
 * point farthest from it, then each next point the one that adds the most
 * area to the hull of those chosen - ties to the earlier point.
 *
 * Everything runs in the query frame (A's), on stack buffers: no
 * allocation, a few hundred floating-point operations for a box pair.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Most points of one feature (a larger hull face is taken as its outline,
 * and one of more corners as this many of them: still inside the face;
 * see put_outline). */
#define FEATURE_MAX 32
/* Points of the polygon a disc is taken as. */
#define DISC_POINTS 16
/* Most points of a clipped region: one per edge of each polygon. */
#define REGION_MAX (2 * FEATURE_MAX + 2)

typedef struct feature {
	int n;                    /* 1 point, 2 a segment, >= 3 a convex polygon */
	int convex;               /* the points are a convex polygon in order */
	mink_vec3 p[FEATURE_MAX]; /* query frame */
	double u[FEATURE_MAX][2]; /* projections on the contact plane */
	mink_vec3 m, c;           /* a polygon's plane: Newell normal (not unit),
	                             centroid; set by plane_of() */
	double sag;               /* how far the feature reaches beyond its
	                             polygon: a disc's between its points */
	int thinned;              /* a face of more points than it holds:
	                             its polygon is inscribed in the face */
	int tops;                 /* set by the caller to 1 to have it counted
	                             (only an exact pair asks): how many of its
	                             points lie at its top along d to their
	                             rounding, in its shape's own frame
	                             (support_feature) */
	int nearest;              /* set by the caller: a face of more corners
	                             than fit keeps the highest along d, not
	                             corners evenly around it (the nearest pair,
	                             not the patch's region, is sought) */
} feature;

typedef struct plane2 {
	mink_vec3 t1, t2; /* the contact plane's axes (2D: t2 = 0) */
} plane2;

/* The contact plane normal to unit n: its tangents (2D: the in-plane
 * perpendicular, t2 = 0). */
static plane2 contact_plane(mink_vec3 n, int dim)
{
	plane2 pl;
	if (dim == 3) {
		mink_tangents(n, &pl.t1, &pl.t2);
	} else {
		pl.t1 = v3(-n.y, n.x, 0.0);
		pl.t2 = v3(0, 0, 0);
	}
	return pl;
}

/* Point x's coordinates on the plane, in u. */
static void on_plane(const plane2 *pl, int dim, mink_vec3 x, double *u)
{
	u[0] = v3_dot(x, pl->t1);
	u[1] = dim == 3 ? v3_dot(x, pl->t2) : 0.0;
}

/* ---- the supporting feature of a core, in its own frame ---- */

static void put(feature *f, mink_vec3 p)
{
	if (f->n < FEATURE_MAX)
		f->p[f->n++] = p;
}

/* Most points of a large face whose outline is found exactly; a larger
 * face is cut down to this many first (top_face3). */
#define FACE_SCAN_MAX 256

typedef struct face_point {
	double u[2]; /* on the plane normal to the feature's direction */
	int i;
} face_point;

static int face_point_cmp(const void *a, const void *b)
{
	const face_point *x = a, *y = b;
	return x->u[0] < y->u[0] ? -1 : x->u[0] > y->u[0] ? 1 : x->u[1] < y->u[1] ? -1
	       : x->u[1] > y->u[1] ? 1 : x->i - y->i;
}

/*
 * A face of more than FEATURE_MAX points (n <= FACE_SCAN_MAX) taken as
 * its outline: the corners of its hull on the plane normal to d, all of
 * them when they fit, else FEATURE_MAX of them evenly around it.  Points
 * inside the face or along its edges add nothing to the region the patch
 * is cut from; thinning by index order dropped whole rows of corners (a
 * box on a flat 6 x 6 grid of points lost a fifth of its patch).
 */
static void put_outline(feature *f, const mink_vec3 *q, int n, mink_vec3 d)
{
	mink_vec3 t1, t2;
	mink_tangents(d, &t1, &t2);
	face_point e[FACE_SCAN_MAX];
	double u[FACE_SCAN_MAX][2];
	int idx[2 * FACE_SCAN_MAX + 1];
	for (int i = 0; i < n; i++) {
		e[i].u[0] = v3_dot(q[i], t1);
		e[i].u[1] = v3_dot(q[i], t2);
		e[i].i = i;
	}
	qsort(e, (size_t)n, sizeof e[0], face_point_cmp);
	for (int i = 0; i < n; i++) {
		u[i][0] = e[i].u[0];
		u[i][1] = e[i].u[1];
	}
	int h = mk_hull_chain2((const double(*)[2])u, n, idx) - 1; /* the first closes it */
	if (h <= FEATURE_MAX) {
		for (int k = 0; k < h; k++)
			put(f, q[e[idx[k]].i]);
		return;
	}
	f->thinned = 1;
	if (!f->nearest) {
		for (int k = 0; k < FEATURE_MAX; k++)
			put(f, q[e[idx[(long)k * h / FEATURE_MAX]].i]);
		return;
	}
	/* The FEATURE_MAX highest corners along d, in their order around the
	 * face: the least value they reach, by selection on a copy. */
	double v[FACE_SCAN_MAX];
	for (int k = 0; k < h; k++)
		v[k] = v3_dot(q[e[idx[k]].i], d);
	double w[FACE_SCAN_MAX];
	memcpy(w, v, sizeof(double) * (size_t)h);
	for (int a = 0; a < FEATURE_MAX; a++)
		for (int b = a + 1; b < h; b++)
			if (w[b] > w[a]) {
				double x = w[a];
				w[a] = w[b];
				w[b] = x;
			}
	double floor = w[FEATURE_MAX - 1];
	for (int k = 0; k < h; k++)
		if (v[k] >= floor)
			put(f, q[e[idx[k]].i]);
}

/* Directions around a face of more than FACE_SCAN_MAX points along which
 * its extreme points are kept before it is thinned. */
#define FACE_DIRS 32

/*
 * The points of `pts` within t of top along d, kept > FEATURE_MAX of
 * them: their outline.  A face of more than FACE_SCAN_MAX points keeps its
 * extreme points along FACE_DIRS directions around d (every corner whose
 * angle leaves it extreme over more than 1/32 of a turn: a rectangle's
 * four) and, in the room left, its points thinned in index order.
 */
static __attribute__((noinline)) void top_face3(feature *f, const mink_vec3 *pts, int count,
                                                 double m, mink_vec3 d, double t, int kept)
{
	mink_vec3 q[FACE_SCAN_MAX];
	int n = 0;
	f->thinned = kept > FACE_SCAN_MAX;
	if (kept > FACE_SCAN_MAX) {
		mink_vec3 t1, t2, dir[FACE_DIRS];
		mink_tangents(d, &t1, &t2);
		int best[FACE_DIRS];
		double top[FACE_DIRS];
		for (int k = 0; k < FACE_DIRS; k++) {
			double a = 6.283185307179586 * k / FACE_DIRS;
			dir[k] = v3_add(v3_scale(t1, cos(a)), v3_scale(t2, sin(a)));
			best[k] = -1;
			top[k] = -INFINITY;
		}
		for (int i = 0; i < count; i++)
			if (v3_dot(pts[i], d) >= m - t)
				for (int k = 0; k < FACE_DIRS; k++) {
					double x = v3_dot(pts[i], dir[k]);
					if (x > top[k]) {
						top[k] = x;
						best[k] = i;
					}
				}
		for (int k = 0; k < FACE_DIRS; k++)
			if (best[k] >= 0 && (k == 0 || best[k] != best[k - 1]))
				q[n++] = pts[best[k]];
	}
	int room = FACE_SCAN_MAX - n, step = (kept + room - 1) / room, k = 0;
	for (int i = 0; i < count && n < FACE_SCAN_MAX; i++)
		if (v3_dot(pts[i], d) >= m - t && k++ % step == 0)
			q[n++] = pts[i];
	put_outline(f, q, n, d);
}

/* The points of `pts` whose value along d is within t of top's, the
 * largest (d is a unit normal and the points are checked: no value is NaN,
 * so the support point's is the maximum of them all).  s: the core whose
 * four-lane copy holds the same points (read instead of pts), or NULL. */
static void top_points3(feature *f, const mk_shape *s, const mink_vec3 *pts, int count,
                        mink_vec3 top, mink_vec3 d, double t)
{
	double m = v3_dot(top, d);
	int kept = 0, at[FEATURE_MAX];
	if (s && s->soa) {
		kept = mk_soa_above(s->soa, s->soa_m, count, d, m - t, at, FEATURE_MAX);
	} else {
		for (int i = 0; i < count; i++)
			if (v3_dot(pts[i], d) >= m - t) {
				if (kept < FEATURE_MAX)
					at[kept] = i;
				kept++;
			}
	}
	if (kept <= FEATURE_MAX) {
		/* (a point repeated is one: a triangle of three equal corners
		 * was a feature of three points, not the vertex it is, and the
		 * contact went onto a flat ellipse's knife edge instead, its
		 * support 4e-9 off the solver's, and the vertex's with it) */
		for (int i = 0; i < kept; i++) {
			int seen = 0;
			for (int j = 0; j < f->n && !seen; j++)
				seen = v3_same(f->p[j], pts[at[i]]);
			if (!seen)
				put(f, pts[at[i]]);
		}
		return;
	}
	top_face3(f, pts, count, m, d, t, kept);
}

/*
 * top_points3 on a hull with adjacency, without the scan: the vertices
 * within t of the top along d are connected in the hull's vertex graph
 * (from any vertex of a convex polytope an edge path rises monotonically
 * to the top: the simplex method's argument), so a walk from the climbed
 * top finds them all.  Taken in index order they are the scan's, in the
 * scan's order.  A walk that outgrows its list (a face of hundreds of
 * vertices) scans after all.
 */
#define WALK_MAX 256
static void top_climb3(feature *f, const mk_shape *s, mink_vec3 d, double t)
{
	const mink_vec3 *p = s->points3;
	/* On a built hull's walk block (mk_walk) the records the climb just
	 * read: key[] holds records there, vertices otherwise. */
	const double *rec = s->walk ? s->walk->rec : NULL;
	(void)mk_support_local(s, d);
	int set[WALK_MAX], key[WALK_MAX], n = 0;
	set[n] = *s->cursor;
	key[n++] = rec ? *s->walk_cursor : *s->cursor;
	mink_vec3 pt[WALK_MAX];
	pt[0] = rec ? v3(rec[key[0]], rec[key[0] + 1], rec[key[0] + 2]) : p[set[0]];
	double m = v3_dot(pt[0], d);
	for (int i = 0; i < n; i++) {
		const int *next;
		int deg;
		if (rec) {
			const int *h = (const int *)(const void *)(rec + key[i] + 3);
			deg = h[1];
			next = h + 2;
		} else {
			deg = s->adj_start[set[i] + 1] - s->adj_start[set[i]];
			next = s->adj + s->adj_start[set[i]];
		}
		for (int k = 0; k < deg; k++) {
			int u = next[k], seen = 0;
			mink_vec3 pu = rec ? v3(rec[u], rec[u + 1], rec[u + 2]) : p[u];
			double du = v3_dot(pu, d);
			if (du < m - t)
				continue;
			for (int j = 0; j < n && !seen; j++)
				seen = key[j] == u;
			if (seen)
				continue;
			if (n == WALK_MAX) {
				top_points3(f, NULL, p, s->count, mk_support_points3(p, s->count, d), d, t);
				return;
			}
			set[n] = rec ? ((const int *)(const void *)(rec + u + 3))[0] : u;
			key[n] = u;
			pt[n++] = pu;
			m = fmax(m, du);
		}
	}
	/* in vertex order, as the scan meets them */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && set[j - 1] > set[j]; j--) {
			int x = set[j];
			set[j] = set[j - 1];
			set[j - 1] = x;
			mink_vec3 y = pt[j];
			pt[j] = pt[j - 1];
			pt[j - 1] = y;
		}
	int kept = 0;
	for (int i = 0; i < n; i++)
		kept += v3_dot(pt[i], d) >= m - t;
	if (kept > FEATURE_MAX) {
		top_face3(f, pt, n, m, d, t, kept);
		return;
	}
	for (int i = 0; i < n; i++)
		if (v3_dot(pt[i], d) >= m - t)
			put(f, pt[i]);
}

static void top_points2(feature *f, const mink_vec2 *pts, int count, mink_vec3 d, double t)
{
	double m = -INFINITY;
	for (int i = 0; i < count; i++)
		m = fmax(m, pts[i].x * d.x + pts[i].y * d.y);
	for (int i = 0; i < count; i++)
		if (pts[i].x * d.x + pts[i].y * d.y >= m - t)
			put(f, v3(pts[i].x, pts[i].y, 0.0));
}

/* cos(k pi / 8) for k = 0..4, to the nearest double: the polygon of a
 * disc has its points on the axes exactly. */
static const double ring[5] = {1.0, 0.9238795325112867, 0.7071067811865476,
                               0.38268343236508984, 0.0};

static double cos_eighth(int k)
{
	k = ((k % 16) + 16) % 16;
	if (k <= 4)
		return ring[k];
	if (k <= 8)
		return -ring[8 - k];
	if (k <= 12)
		return -ring[k - 8];
	return ring[16 - k];
}

/* An ellipse (a, b: semi-axes along ex, ey) at c as an inscribed polygon. */
static void disc(feature *f, mink_vec3 c, mink_vec3 ex, mink_vec3 ey, double a, double b)
{
	for (int i = 0; i < DISC_POINTS; i++) {
		double cs = cos_eighth(i), sn = cos_eighth(i - 4);
		put(f, v3_add(c, v3_add(v3_scale(ex, a * cs), v3_scale(ey, b * sn))));
	}
	/* 1 - cos(pi / 16), rounded up */
	f->sag = 0.0192147 * fmax(a, b);
}

static void box_feature(feature *f, mink_vec3 h, mink_vec3 d, double t, int dim)
{
	double hh[3] = {h.x, h.y, h.z}, dd[3] = {d.x, d.y, d.z};
	double c[3] = {sign_by(h.x, d.x), sign_by(h.y, d.y), sign_by(h.z, d.z)};
	/* without jumps: which axes are free is the data's to decide */
	int fr[3];
	for (int i = 0; i < 3; i++)
		fr[i] = (i < dim) & (hh[i] > 0.0) & (2.0 * hh[i] * fabs(dd[i]) <= t);
	int nf = fr[0] + fr[1] + fr[2];
	if (nf == 0) {
		put(f, v3(c[0], c[1], c[2]));
		return;
	}
	/* A box within the slop of a plane along all three axes (a needle, a
	 * speck): its face of the two longest seen along d (the end of a
	 * needle had been taken, a point for a segment 2 long). */
	if (nf == 3) {
		int drop = 2;
		double w[3];
		for (int i = 0; i < 3; i++)
			w[i] = hh[i] * sqrt(fmax(1.0 - dd[i] * dd[i], 0.0));
		for (int i = 0; i < 2; i++)
			if (w[i] < w[drop])
				drop = i;
		fr[drop] = 0;
		nf = 2;
	}
	/* The corners around the free axes u < v, in cyclic order. */
	int u = fr[0] ? 0 : fr[1] ? 1 : 2;
	c[u] = -hh[u];
	if (nf == 1) {
		put(f, v3(c[0], c[1], c[2]));
		c[u] = hh[u];
		put(f, v3(c[0], c[1], c[2]));
		return;
	}
	int v = fr[2] && u != 2 ? 2 : 1;
	c[v] = -hh[v];
	put(f, v3(c[0], c[1], c[2]));
	c[u] = hh[u];
	put(f, v3(c[0], c[1], c[2]));
	c[v] = hh[v];
	put(f, v3(c[0], c[1], c[2]));
	c[u] = -hh[u];
	put(f, v3(c[0], c[1], c[2]));
}

static void cylinder_feature(feature *f, const mk_shape *s, mink_vec3 d, double t)
{
	double r = s->radius, hh = s->half_height, dxy = hypot(d.x, d.y);
	double z = d.z >= 0.0 ? hh : -hh;
	/* (a needle is within the slop of a plane along its side as well as
	 * along its cap: then the side, the longer, unless d is nearer the
	 * axis) */
	int side = hh > 0.0 && 2.0 * hh * fabs(d.z) <= t;
	if (r > 0.0 && 2.0 * r * dxy <= t && !(side && dxy > fabs(d.z))) {
		disc(f, v3(0, 0, z), v3(1, 0, 0), v3(0, 1, 0), r, r);
	} else if (side) {
		mink_vec3 u = dxy > 0.0 ? v3(d.x / dxy, d.y / dxy, 0.0) : v3(1, 0, 0);
		put(f, v3(r * u.x, r * u.y, -hh));
		put(f, v3(r * u.x, r * u.y, hh));
	} else {
		put(f, mk_support_local(s, d));
	}
}

static void cone_feature(feature *f, const mk_shape *s, mink_vec3 d, double t)
{
	double r = s->radius, hh = s->half_height, dxy = hypot(d.x, d.y);
	mink_vec3 u = dxy > 0.0 ? v3(d.x / dxy, d.y / dxy, 0.0) : v3(1, 0, 0);
	double apex = d.z * hh, rim = r * dxy - d.z * hh;
	int side = hh > 0.0 && fabs(apex - rim) <= t;
	/* (the base is the feature where it faces d, or where the apex is
	 * within the slop of its plane too: a coin, a cone of no height) */
	if (r > 0.0 && 2.0 * r * dxy <= t && (d.z < 0.0 || 2.0 * hh * d.z <= t) &&
	    !(side && dxy > fabs(d.z))) {
		disc(f, v3(0, 0, -hh), v3(1, 0, 0), v3(0, 1, 0), r, r);
	} else if (side) {
		put(f, v3(r * u.x, r * u.y, -hh));
		put(f, v3(0, 0, hh));
	} else {
		put(f, mk_support_local(s, d));
	}
}

/* A flat ellipsoid (a zero radius) is a disc or a segment; else curved. */
static void ellipsoid_feature(feature *f, const mk_shape *s, mink_vec3 d, double t)
{
	double r[3] = {s->radii.x, s->radii.y, s->radii.z}, dd[3] = {d.x, d.y, d.z};
	/* Two radii within the slop are none: a needle, within the slop of
	 * its segment, whose support swings along it with a rounding of d
	 * (radii 1e-12 and 0.5: 0.04 along it for a normal 1e-13 rad off its
	 * side), and its contact was taken from that swing, moved within the
	 * other feature and off the needle by up to 3e-4.  (One radius within
	 * the slop, an ellipse, stays curved unless it is 0.) */
	int small = 0, flat[3], zero = 0;
	for (int i = 0; i < 3; i++)
		small += r[i] <= 0.125 * t;
	for (int i = 0; i < 3; i++) {
		flat[i] = small >= 2 ? r[i] <= 0.125 * t : r[i] == 0.0;
		zero += flat[i];
	}
	mink_vec3 ax[3] = {v3(1, 0, 0), v3(0, 1, 0), v3(0, 0, 1)};
	if (zero == 1) {
		int k = flat[0] ? 0 : flat[1] ? 1 : 2, i = (k + 1) % 3, j = (k + 2) % 3;
		if (2.0 * hypot(r[i] * dd[i], r[j] * dd[j]) <= t) {
			disc(f, v3(0, 0, 0), ax[i], ax[j], r[i], r[j]);
			return;
		}
	} else if (zero == 2) {
		int i = !flat[0] ? 0 : !flat[1] ? 1 : 2;
		if (2.0 * r[i] * fabs(dd[i]) <= t) {
			/* its side, not its axis: the segment moved by its section's
			 * support point, the support along d less its part along
			 * the axis (radii 1e-6 and 1e6: the contacts were 1e-6
			 * inside it, and 1e-6 off the other shape) */
			double ds[3] = {dd[0], dd[1], dd[2]};
			ds[i] = 0.0;
			mink_vec3 dsec = v3(ds[0], ds[1], ds[2]);
			mink_vec3 e = v3_maxabs(dsec) > 0.0 ? mk_support_local(s, dsec) : v3(0, 0, 0);
			put(f, v3_mad(e, ax[i], -r[i]));
			put(f, v3_mad(e, ax[i], r[i]));
			return;
		}
	}
	put(f, mk_support_local(s, d));
}

/* The feature of core s along unit d (query frame), slop t, in the query
 * frame. */
static void support_feature(const mk_shape *s, int dim, mink_vec3 d, double t, feature *f)
{
	mink_vec3 dl = mk_local_dir(s, d);
	/* A point set's own numbers are unscaled (mk_shape.scale): its slop
	 * in them, its points scaled below. */
	t /= s->scale;
	f->n = 0;
	f->sag = 0.0;
	f->thinned = 0;
	f->convex = s->type == CORE_BOX || s->type == CORE_CYLINDER || s->type == CORE_CONE ||
	            s->type == CORE_ELLIPSOID || s->type == CORE_TRIANGLE;
	switch (s->type) {
	case CORE_POINT:
		put(f, v3(0, 0, 0));
		break;
	case CORE_SEGMENT:
		top_points3(f, NULL, s->corner, 2, mk_support_points3(s->corner, 2, dl), dl, t);
		break;
	case CORE_TRIANGLE:
		top_points3(f, NULL, s->corner, 3, mk_support_points3(s->corner, 3, dl), dl, t);
		break;
	case CORE_BOX:
		box_feature(f, s->half, dl, t, dim);
		break;
	case CORE_POINTS3:
		top_points3(f, s, s->points3, s->count, mk_support_local(s, dl), dl, t);
		break;
	case CORE_CLIMB3:
		top_climb3(f, s, dl, t);
		break;
	case CORE_POINTS2:
		top_points2(f, s->points2, s->count, dl, t);
		break;
	case CORE_CYLINDER:
		cylinder_feature(f, s, dl, t);
		break;
	case CORE_CONE:
		cone_feature(f, s, dl, t);
		break;
	case CORE_ELLIPSOID:
		ellipsoid_feature(f, s, dl, t);
		break;
	}
	if (f->tops) {
		/* (in the shape's frame: placed, a point 1e6 away carries 1e-10) */
		double hhi = -INFINITY, reach = 0.0;
		for (int i = 0; i < f->n; i++) {
			hhi = fmax(hhi, v3_dot(dl, f->p[i]));
			reach = fmax(reach, v3_maxabs(f->p[i]));
		}
		f->tops = 0;
		for (int i = 0; i < f->n; i++)
			f->tops += v3_dot(dl, f->p[i]) >= hhi - 64.0 * DBL_EPSILON * reach * v3_len_safe(dl);
	}
	f->sag *= s->scale;
	if (s->scale != 1.0)
		for (int i = 0; i < f->n; i++)
			f->p[i] = v3_scale(f->p[i], s->scale);
	if (!s->identity)
		for (int i = 0; i < f->n; i++)
			f->p[i] = v3_add(m3_mul(&s->rot, f->p[i]), s->pos);
}

/* ---- the feature on the contact plane ---- */

int mk_hull_chain2(const double (*u)[2], int n, int *idx)
{
	int k = 0;
	for (int i = 0; i < n; i++) {
		while (k >= 2 && mk_cross2(u[idx[k - 2]], u[idx[k - 1]], u[i]) <= 0.0)
			k--;
		idx[k++] = i;
	}
	for (int i = n - 2, lower = k + 1; i >= 0; i--) {
		while (k >= lower && mk_cross2(u[idx[k - 2]], u[idx[k - 1]], u[i]) <= 0.0)
			k--;
		idx[k++] = i;
	}
	return k;
}

static int u_less(const double *a, const double *b)
{
	return a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]);
}

/*
 * Projects the feature on the plane and makes it canonical: a polygon
 * becomes its convex hull, counter-clockwise (Andrew's monotone chain);
 * what is thinner than t across becomes the segment between its extreme
 * points, and what is shorter than t a point.
 */
static double pow2(double x) { return x * x; }

/* The point of f farthest from its point i on the plane (the first of
 * ties). */
static int farthest(const feature *f, int i)
{
	int k = i;
	double best = -1.0;
	for (int j = 0; j < f->n; j++) {
		double dx = f->u[j][0] - f->u[i][0], dy = f->u[j][1] - f->u[i][1];
		double d = dx * dx + dy * dy;
		if (d > best) {
			best = d;
			k = j;
		}
	}
	return k;
}

/* The point of f within t of its point e on the plane, and farther than t
 * from its point o there, highest along d: a thin feature's end on the
 * surface.  (Its points within the slop of one place on the plane lie at
 * heights up to the slop apart: a sliver triangle seen edge on, 1e6
 * long, lifted from the lower of two corners 1e-3 apart put its contact
 * 1.3e-9 above the gap.) */
static int top_end(const feature *f, int e, int o, mink_vec3 d, double t)
{
	int k = e;
	double best = v3_dot(f->p[e], d);
	for (int i = 0; i < f->n; i++) {
		double h = v3_dot(f->p[i], d);
		if (h > best && pow2(f->u[i][0] - f->u[e][0]) + pow2(f->u[i][1] - f->u[e][1]) <= t * t &&
		    pow2(f->u[i][0] - f->u[o][0]) + pow2(f->u[i][1] - f->u[o][1]) > t * t) {
			best = h;
			k = i;
		}
	}
	return k;
}

/* Ends lo and hi of a thin feature put in the order of u. */
static void order_ends(const feature *f, int *lo, int *hi)
{
	if (u_less(f->u[*hi], f->u[*lo])) {
		int k = *hi;
		*hi = *lo;
		*lo = k;
	}
}

/* (d: the direction along which f supports its core: n for A's, -n for
 * B's.) */
static void project(feature *f, const plane2 *pl, int dim, double t, double size, mink_vec3 d)
{
	for (int i = 0; i < f->n; i++) {
		on_plane(pl, dim, f->p[i], f->u[i]);
	}
	if (f->n < 2)
		return;
	if (f->convex && f->n >= 3) {
		/* A polygon in cyclic order already (a box face, a disc): made
		 * counter-clockwise, unless it is seen edge-on.  Its area from
		 * its first corner, not from the plane's origin: from there the
		 * products are of the coordinates, and their rounding (eps
		 * |u|^2 a corner) dwarfed a small polygon's area (a disc 1e-12
		 * across, 0.2 from the origin, had an area of 1e-17 and was
		 * taken for a polygon wider than the slop of 2e-9; the contact
		 * went 1.8e-10 off its rim). */
		double area = 0.0;
		const double *o = f->u[0];
		for (int i = 1; i + 1 < f->n; i++)
			area += mk_cross2(o, f->u[i], f->u[i + 1]);
		if (area < 0.0)
			for (int i = 0, j = f->n - 1; i < j; i++, j--) {
				mink_vec3 p = f->p[i];
				double a = f->u[i][0], b = f->u[i][1];
				f->p[i] = f->p[j];
				f->u[i][0] = f->u[j][0];
				f->u[i][1] = f->u[j][1];
				f->p[j] = p;
				f->u[j][0] = a;
				f->u[j][1] = b;
			}
		/* Wider than 2t (twice the area over the perimeter is at most the
		 * width; the perimeter taken in |dx| + |dy|, more, without a
		 * square root, and only for an area below 16 t size, which a
		 * polygon within the pair's size exceeds only when wide): a
		 * polygon.  Thinner ones are measured below: a triangle of no
		 * area but its rounding, 0.5 long, passed a test of its area
		 * against t^2, was lifted onto a plane of no meaning, and its
		 * contact, 0.06 nearer than the shapes are, was taken as the
		 * distance. */
		if (fabs(area) > 16.0 * t * size)
			return;
		double perimeter = 0.0;
		for (int i = 0; i < f->n; i++) {
			const double *p = f->u[i], *q = f->u[(i + 1) % f->n];
			perimeter += fabs(q[0] - p[0]) + fabs(q[1] - p[1]);
		}
		if (fabs(area) > 2.0 * t * perimeter)
			return;
	}
	/* Sort by u (insertion sort: at most FEATURE_MAX points). */
	for (int i = 1; i < f->n; i++)
		for (int j = i; j > 0 && u_less(f->u[j], f->u[j - 1]); j--) {
			double a = f->u[j][0], b = f->u[j][1];
			mink_vec3 p = f->p[j];
			f->u[j][0] = f->u[j - 1][0];
			f->u[j][1] = f->u[j - 1][1];
			f->p[j] = f->p[j - 1];
			f->u[j - 1][0] = a;
			f->u[j - 1][1] = b;
			f->p[j - 1] = p;
		}
	/* The ends: the point farthest from the first, and the one farthest
	 * from that, in the order of u.  (Not the first and last by u: along
	 * a line that runs along u[1], u[0] orders by rounding, and a hull's
	 * edge seen so, with a third point beyond one end, was cut to the
	 * stretch beyond, a contact 0.33 off the other shape.  Three points
	 * 1 apart were once taken as one the same way.)  On a line, the
	 * point farthest from any is an end, and the one farthest from an
	 * end the other. */
	int hi = farthest(f, 0), lo = farthest(f, hi);
	order_ends(f, &lo, &hi);
	double len = hypot(f->u[hi][0] - f->u[lo][0], f->u[hi][1] - f->u[lo][1]);
	if (!(len > t)) {
		/* (the point highest along d: a needle 0.002 long seen 0.7
		 * end on, within the slop of 1.4e-3, was its lower end, and the
		 * contact carried from it 0.002 off the other shape) */
		int k = 0;
		for (int i = 1; i < f->n; i++)
			if (v3_dot(f->p[i], d) > v3_dot(f->p[k], d))
				k = i;
		f->p[0] = f->p[k];
		f->u[0][0] = f->u[k][0];
		f->u[0][1] = f->u[k][1];
		f->n = 1;
		return;
	}
	double w = 0.0;
	for (int i = 0; i < f->n; i++)
		w = fmax(w, fabs(mk_cross2(f->u[lo], f->u[hi], f->u[i])) / len);
	if (f->n == 2 || !(w > t)) {
		if (f->n > 2) {
			lo = top_end(f, lo, hi, d, t);
			hi = top_end(f, hi, lo, d, t);
			order_ends(f, &lo, &hi);
		}
		mink_vec3 p0 = f->p[lo], p1 = f->p[hi];
		double u0[2] = { f->u[lo][0], f->u[lo][1] }, u1[2] = { f->u[hi][0], f->u[hi][1] };
		f->p[0] = p0;
		f->p[1] = p1;
		f->u[0][0] = u0[0];
		f->u[0][1] = u0[1];
		f->u[1][0] = u1[0];
		f->u[1][1] = u1[1];
		f->n = 2;
		return;
	}
	int idx[2 * FEATURE_MAX + 1];
	int k = mk_hull_chain2(f->u, f->n, idx) - 1; /* the first point closes it */
	feature g;
	g.n = k;
	g.nearest = f->nearest;
	g.sag = f->sag;
	g.tops = f->tops;
	for (int i = 0; i < k; i++) {
		g.p[i] = f->p[idx[i]];
		g.u[i][0] = f->u[idx[i]][0];
		g.u[i][1] = f->u[idx[i]][1];
	}
	*f = g;
}

/* A polygon feature's plane, once: Newell's normal through the vertices'
 * centroid (lift and face_normal read it for every point). */
static void plane_of(feature *f)
{
	mink_vec3 m = v3(0, 0, 0), c = v3(0, 0, 0);
	for (int i = 0; i < f->n; i++)
		c = v3_add(c, f->p[i]);
	c = v3_scale(c, 1.0 / f->n);
	/* (about the centroid: the sums a + b of coordinates far from the
	 * origin rounded away a sliver's tilt, 0.5 long and 2e-6 wide at
	 * z = 1.5: its plane tilted by 2e-11 and lifted points 7.8e-12 off) */
	for (int i = 0; i < f->n; i++) {
		mink_vec3 a = v3_sub(f->p[i], c), b = v3_sub(f->p[(i + 1) % f->n], c);
		m.x += (a.y - b.y) * (a.z + b.z);
		m.y += (a.z - b.z) * (a.x + b.x);
		m.z += (a.x - b.x) * (a.y + b.y);
	}
	f->m = m;
	f->c = c;
}

/* How far along n a point lifted onto feature f may lie off the shape:
 * for a polygon, the farthest of its points from the plane it is lifted
 * onto (plane_of's), measured along n; a point or a segment is exact. */
static double lift_spread(const feature *f, mink_vec3 n)
{
	if (f->n < 3)
		return 0.0;
	double mn = fabs(v3_dot(f->m, n)), most = 0.0;
	for (int i = 0; i < f->n; i++)
		most = fmax(most, fabs(v3_dot(v3_sub(f->p[i], f->c), f->m)));
	return mn > 0.0 ? most / mn : INFINITY;
}

/* The point of feature f above plane point u, along n. */
static mink_vec3 lift(const feature *f, const plane2 *pl, mink_vec3 n, const double *u)
{
	if (f->n == 1)
		return f->p[0];
	if (f->n == 2) {
		double ex = f->u[1][0] - f->u[0][0], ey = f->u[1][1] - f->u[0][1];
		double l = ((u[0] - f->u[0][0]) * ex + (u[1] - f->u[0][1]) * ey) / (ex * ex + ey * ey);
		l = fmin(fmax(l, 0.0), 1.0);
		return v3_add(f->p[0], v3_scale(v3_sub(f->p[1], f->p[0]), l));
	}
	mink_vec3 m = f->m, c = f->c;
	mink_vec3 x = v3_add(v3_scale(pl->t1, u[0]), v3_scale(pl->t2, u[1]));
	double mn = v3_dot(m, n);
	double s = mn != 0.0 ? v3_dot(v3_sub(c, x), m) / mn : v3_dot(v3_sub(c, x), n);
	return v3_add(x, v3_scale(n, s));
}

/* ---- the region where the two features overlap ---- */

typedef struct region {
	int n;
	double u[REGION_MAX][2];
} region;

static void region_put(region *r, double x, double y)
{
	if (r->n < REGION_MAX) {
		r->u[r->n][0] = x;
		r->u[r->n][1] = y;
		r->n++;
	}
}

/*
 * Segment s0-s1 clipped by convex polygon c (counter-clockwise): the
 * stretch left, as 0, 1 or 2 points.  The polygon is not grown (a point
 * outside it by more than the slop would be off the face); a point within
 * e of an edge's line is on it.
 */
static void clip_segment(region *r, const double *s0, const double *s1, const feature *c,
                         double e)
{
	double lo = 0.0, hi = 1.0, dx = s1[0] - s0[0], dy = s1[1] - s0[1];
	for (int i = 0; i < c->n; i++) {
		const double *a = c->u[i], *b = c->u[(i + 1) % c->n];
		double ex = b[0] - a[0], ey = b[1] - a[1], el = hypot(ex, ey);
		if (!(el > 0.0))
			continue;
		/* inside: e x (p - a) >= 0 */
		double f0 = (ex * (s0[1] - a[1]) - ey * (s0[0] - a[0])) / el;
		double f1 = (ex * (s1[1] - a[1]) - ey * (s1[0] - a[0])) / el;
		if (f0 >= -e && f1 >= -e)
			continue;
		if (f0 < -e && f1 < -e)
			return;
		double l = f0 / (f0 - f1);
		if (f0 < -e)
			lo = fmax(lo, l);
		else
			hi = fmin(hi, l);
	}
	/* A segment through a corner of c, along no edge, meets it in that
	 * corner: the two edges' crossings then agree up to rounding, which
	 * may put lo past hi.  Within the slop along the segment that is the
	 * one point, not an empty region. */
	double len = hypot(dx, dy);
	if (lo > hi + (len > 0.0 ? e / len : 0.0))
		return;
	if (lo > hi)
		lo = hi = 0.5 * (lo + hi);
	region_put(r, s0[0] + dx * lo, s0[1] + dy * lo);
	if (hi > lo)
		region_put(r, s0[0] + dx * hi, s0[1] + dy * hi);
}

/*
 * Polygon s clipped by convex polygon c, both counter-clockwise
 * (Sutherland-Hodgman).  A vertex within e of a clipping line is on it:
 * kept, and no crossing is made between it and a vertex outside - else an
 * edge lying along the line would cross it at a point set by rounding.
 */
static void clip_polygon(region *r, const feature *s, const feature *c, double e)
{
	region in, out;
	in.n = 0;
	for (int i = 0; i < s->n; i++)
		region_put(&in, s->u[i][0], s->u[i][1]);
	for (int i = 0; i < c->n && in.n > 0; i++) {
		const double *a = c->u[i], *b = c->u[(i + 1) % c->n];
		double ex = b[0] - a[0], ey = b[1] - a[1], el = hypot(ex, ey);
		if (!(el > 0.0))
			continue;
		out.n = 0;
		for (int j = 0; j < in.n; j++) {
			const double *p = in.u[j], *q = in.u[(j + 1) % in.n];
			double fp = (ex * (p[1] - a[1]) - ey * (p[0] - a[0])) / el;
			double fq = (ex * (q[1] - a[1]) - ey * (q[0] - a[0])) / el;
			if (fp >= -e)
				region_put(&out, p[0], p[1]);
			if ((fp > 0.0 && fq < -e) || (fp < -e && fq > 0.0)) {
				double l = fp / (fp - fq);
				region_put(&out, p[0] + (q[0] - p[0]) * l, p[1] + (q[1] - p[1]) * l);
			}
		}
		in = out;
	}
	*r = in;
}

/*
 * The region made canonical: points closer than t to an earlier one go,
 * so do points on an edge, and a region thinner than t across becomes the
 * segment between its two farthest points.
 */
static void tidy(region *r, double t)
{
	int n = 0;
	for (int i = 0; i < r->n; i++) {
		int dup = 0;
		for (int j = 0; j < n && !dup; j++)
			dup = hypot(r->u[i][0] - r->u[j][0], r->u[i][1] - r->u[j][1]) <= t;
		if (!dup) {
			r->u[n][0] = r->u[i][0];
			r->u[n][1] = r->u[i][1];
			n++;
		}
	}
	r->n = n;
	if (n < 3)
		return;
	int fi = 0, fj = 1;
	double far = -1.0;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			double d = hypot(r->u[i][0] - r->u[j][0], r->u[i][1] - r->u[j][1]);
			if (d > far) {
				far = d;
				fi = i;
				fj = j;
			}
		}
	double w = 0.0;
	for (int i = 0; i < n; i++)
		w = fmax(w, fabs(mk_cross2(r->u[fi], r->u[fj], r->u[i])) / far);
	if (w <= t) {
		double a0 = r->u[fi][0], a1 = r->u[fi][1], b0 = r->u[fj][0], b1 = r->u[fj][1];
		r->u[0][0] = a0;
		r->u[0][1] = a1;
		r->u[1][0] = b0;
		r->u[1][1] = b1;
		r->n = 2;
		return;
	}
	/* Points on an edge of the region (within t of the line through their
	 * neighbours) go: crossings of nearly parallel edges land anywhere
	 * along them, by rounding. */
	for (int i = 0; n >= 3 && i < n;) {
		const double *p = r->u[(i + n - 1) % n], *q = r->u[(i + 1) % n];
		double len = hypot(q[0] - p[0], q[1] - p[1]);
		if (len > 0.0 && fabs(mk_cross2(p, q, r->u[i])) / len <= t) {
			for (int j = i; j + 1 < n; j++) {
				r->u[j][0] = r->u[j + 1][0];
				r->u[j][1] = r->u[j + 1][1];
			}
			n--;
			i = 0;
		} else {
			i++;
		}
	}
	r->n = n;
}

/* How far plane point u lies from segment a-b (vec.h's nearest point on a
 * segment, in the plane z = 0). */
static double segment_gap2(const double *u, const double *a, const double *b)
{
	mink_vec3 x = v3(u[0], u[1], 0.0);
	return v3_len(v3_sub(x, v3_segment_closest(v3(a[0], a[1], 0.0), v3(b[0], b[1], 0.0), x)));
}

/* How far plane point u lies outside feature f (a segment, or a convex
 * counter-clockwise polygon): 0 inside.  The nearest point of a polygon is
 * on an edge whose line u is outside of. */
static double outside2(const feature *f, const double *u)
{
	if (f->n == 2)
		return segment_gap2(u, f->u[0], f->u[1]);
	double d = 0.0;
	for (int i = 0; i < f->n; i++) {
		const double *a = f->u[i], *b = f->u[(i + 1) % f->n];
		if ((b[0] - a[0]) * (u[1] - a[1]) - (b[1] - a[1]) * (u[0] - a[0]) < 0.0) {
			double g = segment_gap2(u, a, b);
			d = d > 0.0 ? fmin(d, g) : g;
		}
	}
	return d;
}

/*
 * The clipped region's points brought within t of the clipping feature c.
 * Clipping keeps a point within the slop of an edge's line, and next to a
 * corner of angle a of c such a point lies up to t / sin(a / 2) from it.
 * A point farther than t is moved towards the region's centroid to where
 * it is t from c (by bisection: the distance is convex along the way).
 * The way stays in the region, so on the other feature.  Without a
 * centroid within t of c the far points go.  Returns whether any moved.
 */
static int settle(region *r, const feature *c, double t)
{
	double g[2] = {0.0, 0.0};
	for (int i = 0; i < r->n; i++) {
		g[0] += r->u[i][0];
		g[1] += r->u[i][1];
	}
	g[0] /= r->n;
	g[1] /= r->n;
	int good = outside2(c, g) <= t, n = 0, moved = 0;
	for (int i = 0; i < r->n; i++) {
		double p[2] = {r->u[i][0], r->u[i][1]};
		if (!(outside2(c, p) <= t)) {
			moved = 1;
			if (!good)
				continue;
			double lo = 0.0, hi = 1.0, x[2];
			for (int k = 0; k < 48; k++) {
				double m = 0.5 * (lo + hi);
				x[0] = g[0] + (p[0] - g[0]) * m;
				x[1] = g[1] + (p[1] - g[1]) * m;
				if (outside2(c, x) <= t)
					lo = m;
				else
					hi = m;
			}
			p[0] = g[0] + (p[0] - g[0]) * lo;
			p[1] = g[1] + (p[1] - g[1]) * lo;
		}
		r->u[n][0] = p[0];
		r->u[n][1] = p[1];
		n++;
	}
	r->n = n;
	return moved;
}

/* Two segments on one line (within t): their common stretch. */
static void overlap_segments(region *r, const feature *a, const feature *b, double t)
{
	double ex = a->u[1][0] - a->u[0][0], ey = a->u[1][1] - a->u[0][1], l2 = ex * ex + ey * ey;
	double el = sqrt(l2);
	/* b's ends must lie on a's line */
	for (int i = 0; i < 2; i++)
		if (fabs(mk_cross2(a->u[0], a->u[1], b->u[i])) / el > t)
			return;
	double p0 = ((b->u[0][0] - a->u[0][0]) * ex + (b->u[0][1] - a->u[0][1]) * ey) / l2;
	double p1 = ((b->u[1][0] - a->u[0][0]) * ex + (b->u[1][1] - a->u[0][1]) * ey) / l2;
	double lo = fmax(0.0, fmin(p0, p1)), hi = fmin(1.0, fmax(p0, p1));
	/* end to end within the slop: the one point where they meet */
	if (lo > hi + t / el)
		return;
	if (lo > hi)
		lo = hi = 0.5 * (lo + hi);
	region_put(r, a->u[0][0] + ex * lo, a->u[0][1] + ey * lo);
	if (hi > lo)
		region_put(r, a->u[0][0] + ex * hi, a->u[0][1] + ey * hi);
}

/* Whether an end of segment a lies within t of segment b's line, or the
 * reverse (on the plane): needed for a stretch, and cheap. */
static int end_near_line(const feature *a, const feature *b, double t)
{
	const feature *f[2] = { a, b };
	for (int k = 0; k < 2; k++) {
		const feature *p = f[k], *q = f[1 - k];
		double ex = q->u[1][0] - q->u[0][0], ey = q->u[1][1] - q->u[0][1];
		double l2 = t * t * (ex * ex + ey * ey);
		for (int i = 0; i < 2; i++) {
			double c = mk_cross2(q->u[0], q->u[1], p->u[i]);
			if (c * c <= l2)
				return 1;
		}
	}
	return 0;
}

/*
 * Two segments not on one line, where an end of one lies on the other
 * (to t) away from where they cross: the stretch between that end and
 * the crossing, or the other end on the other, is in the slop of both (two
 * edges 1e-6 rad apart, one's end on the other: 1e-4 long).  Its two
 * farthest points go into r; nothing where the edges meet in one point.
 */
static void crossing_stretch(region *r, const feature *a, const feature *b, double t)
{
	double q[5][2];
	int k = 0;
	mink_vec3 ya, yb;
	mk_segment_points(v3(a->u[0][0], a->u[0][1], 0.0), v3(a->u[1][0], a->u[1][1], 0.0),
	                  v3(b->u[0][0], b->u[0][1], 0.0), v3(b->u[1][0], b->u[1][1], 0.0), &ya, &yb);
	if (v3_len2(v3_sub(ya, yb)) <= t * t) {
		q[k][0] = ya.x;
		q[k++][1] = ya.y;
	}
	for (int i = 0; i < 2; i++) {
		if (segment_gap2(a->u[i], b->u[0], b->u[1]) <= t) {
			q[k][0] = a->u[i][0];
			q[k++][1] = a->u[i][1];
		}
		if (segment_gap2(b->u[i], a->u[0], a->u[1]) <= t) {
			q[k][0] = b->u[i][0];
			q[k++][1] = b->u[i][1];
		}
	}
	double best = -1.0;
	int i0 = 0, j0 = 0;
	for (int i = 0; i < k; i++)
		for (int j = i + 1; j < k; j++) {
			double d = hypot(q[j][0] - q[i][0], q[j][1] - q[i][1]);
			if (d > best) {
				best = d;
				i0 = i;
				j0 = j;
			}
		}
	if (!(best > t))
		return;
	region_put(r, q[i0][0], q[i0][1]);
	region_put(r, q[j0][0], q[j0][1]);
}

/* ---- reduction ---- */

static double hull_area(const region *r, const int *pick, int k)
{
	/* Twice the area of the convex hull of the picked points (k <= 16). */
	double pts[MINK_MAX_CONTACTS][2];
	int n = k;
	for (int i = 0; i < k; i++) {
		pts[i][0] = r->u[pick[i]][0];
		pts[i][1] = r->u[pick[i]][1];
	}
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && u_less(pts[j], pts[j - 1]); j--) {
			double a = pts[j][0], b = pts[j][1];
			pts[j][0] = pts[j - 1][0];
			pts[j][1] = pts[j - 1][1];
			pts[j - 1][0] = a;
			pts[j - 1][1] = b;
		}
	if (n < 3)
		return 0.0;
	int idx[2 * MINK_MAX_CONTACTS + 1];
	int h = mk_hull_chain2(pts, n, idx);
	/* (from its first corner, as project's area) */
	double a = 0.0;
	for (int i = 1; i + 1 < h; i++)
		a += mk_cross2(pts[idx[0]], pts[idx[i]], pts[idx[i + 1]]);
	return a;
}

/* Picks at most `max` of the region's points: the deepest (`first` where
 * it is not negative), the farthest from it, then each time the one that
 * adds the most hull area. */
static int reduce(const region *r, const double *dist, int max, int first, int *pick)
{
	int k = 0, used[REGION_MAX] = {0};
	int best = 0;
	for (int i = 1; i < r->n; i++)
		if (dist[i] < dist[best])
			best = i;
	if (first >= 0)
		best = first;
	pick[k++] = best;
	used[best] = 1;
	if (k < max && r->n > 1) {
		double far = -1.0;
		int j = -1;
		for (int i = 0; i < r->n; i++) {
			double dx = r->u[i][0] - r->u[best][0], dy = r->u[i][1] - r->u[best][1];
			double d2 = dx * dx + dy * dy;
			if (!used[i] && d2 > far) {
				far = d2;
				j = i;
			}
		}
		if (j >= 0 && far > 0.0) {
			pick[k++] = j;
			used[j] = 1;
		}
	}
	while (k < max && k >= 2) {
		double base = hull_area(r, pick, k), gain = 0.0;
		int j = -1;
		for (int i = 0; i < r->n; i++) {
			if (used[i])
				continue;
			pick[k] = i;
			double g = hull_area(r, pick, k + 1) - base;
			if (g > gain) {
				gain = g;
				j = i;
			}
		}
		if (j < 0)
			break;
		pick[k++] = j;
		used[j] = 1;
	}
	return k;
}

/* ---- the closest pair of two polytopes' supporting features ---- */

/* The CSO point of a's point i and b's point j (w = a - b, as GJK's). */
static mk_vertex cso(const feature *fa, int i, const feature *fb, int j)
{
	mk_vertex v;
	v.a = fa->p[i];
	v.b = fb->p[j];
	v.w = v3_sub(v.a, v.b);
	return v;
}

/* The nearest candidate pairs met so far, nearest first. */
#define SHORTLIST 8
typedef struct shortlist {
	int n;
	mk_simplex s[SHORTLIST]; /* reduced to their closest feature, weights set */
	double d2[SHORTLIST];    /* squared length of each one's closest point */
} shortlist;

/* The simplex s (its points pairs of the features) tried as a candidate. */
static void try_simplex(mk_simplex s, shortlist *l)
{
	double d2 = v3_len2(mk_simplex_closest(&s));
	if (!(d2 < INFINITY) || (l->n == SHORTLIST && !(d2 < l->d2[SHORTLIST - 1])))
		return;
	int i = l->n < SHORTLIST ? l->n++ : SHORTLIST - 1;
	for (; i > 0 && d2 < l->d2[i - 1]; i--) {
		l->s[i] = l->s[i - 1];
		l->d2[i] = l->d2[i - 1];
	}
	l->s[i] = s;
	l->d2[i] = d2;
}

/* A feature's edges: a segment's one, a polygon's cycle. */
static int edges_of(const feature *f) { return f->n == 2 ? 1 : f->n >= 3 ? f->n : 0; }

/*
 * The nearest pairs of points of two features, by every pair of their
 * elements that can hold one: vertex and vertex, vertex and edge, vertex
 * and fan triangle, edge and edge (the difference of two edges is a
 * parallelogram: two triangles).  Each candidate is a pair of points of
 * the features, so its length is an upper bound on their distance
 * whatever the rounding; in exact arithmetic the least is the distance
 * (the nearest points of two convex polygons lie on elements whose
 * dimensions add up to at most two).  O(na nb) small simplices: for a
 * rare fallback only.
 */
static void nearest_pairs(const feature *fa, const feature *fb, shortlist *l)
{
	int ea = edges_of(fa), eb = edges_of(fb);
	l->n = 0;
	for (int i = 0; i < fa->n; i++)
		for (int j = 0; j < fb->n; j++) {
			int i1 = (i + 1) % fa->n, j1 = (j + 1) % fb->n;
			mk_vertex w = cso(fa, i, fb, j);
			try_simplex((mk_simplex){.v = {w}, .n = 1}, l);
			if (j < eb)
				try_simplex((mk_simplex){.v = {w, cso(fa, i, fb, j1)}, .n = 2}, l);
			if (i < ea)
				try_simplex((mk_simplex){.v = {w, cso(fa, i1, fb, j)}, .n = 2}, l);
			if (i < ea && j < eb) {
				mk_vertex x = cso(fa, i1, fb, j1);
				try_simplex((mk_simplex){.v = {w, cso(fa, i1, fb, j), x}, .n = 3}, l);
				try_simplex((mk_simplex){.v = {w, cso(fa, i, fb, j1), x}, .n = 3}, l);
			}
			/* fan triangles (0, j, j + 1) of a polygon */
			if (fb->n >= 3 && j >= 1 && j + 1 < fb->n)
				try_simplex((mk_simplex){.v = {cso(fa, i, fb, 0), w, cso(fa, i, fb, j + 1)},
				                         .n = 3}, l);
			if (fa->n >= 3 && i >= 1 && i + 1 < fa->n)
				try_simplex((mk_simplex){.v = {cso(fa, 0, fb, j), w, cso(fa, i + 1, fb, j)},
				                         .n = 3}, l);
		}
}

/* The gap of the cores' supports along unit u: a lower bound on their
 * distance, for any u. */
static double core_gap(const mk_shape *A, const mk_shape *B, mink_vec3 u)
{
	return v3_dot(v3_sub(mk_support(B, v3_neg(u)), mk_support(A, u)), u);
}

static int is_polytope(const mk_shape *s)
{
	return s->type != CORE_CYLINDER && s->type != CORE_CONE && s->type != CORE_ELLIPSOID;
}

/* The pairs weighed as the answer apart: the least length met (an upper
 * bound on the distance), and the greatest support gap along the pairs'
 * directions (a lower bound), with its direction and point on A. */
typedef struct pair_best {
	double up, lo;
	mink_vec3 n, pa;
} pair_best;

/* Pair s (its points qa on A, d = qb - qa of length len) weighed: the gap
 * along d, and along the direction its corners make. */
static void weigh_pair(const mk_shape *A, const mk_shape *B, const mk_simplex *s, mink_vec3 qa,
                       mink_vec3 d, double len, pair_best *pb)
{
	/* The direction of the pair's points carries the rounding of their
	 * weights times the corners: on a face 1e6 long it turns by 4e-10
	 * and moves the support at the far corner by 4e-4, and a weight of
	 * 1e-23 on an edge is lost on a corner at 0.25, with the tilt it
	 * makes.  Made of the corners themselves: a segment's part of its
	 * nearer corner across it (the triple product, as GJK's), a
	 * triangle's plane. */
	mink_vec3 m = v3(0, 0, 0);
	if (s->n == 2) {
		mink_vec3 w0 = s->v[0].w, w1 = s->v[1].w, e = v3_sub(w1, w0);
		mink_vec3 near = v3_len2(w0) <= v3_len2(w1) ? w0 : w1;
		m = v3_cross(e, v3_cross(near, e));
	} else if (s->n == 3) {
		mink_vec3 w0 = s->v[0].w;
		m = v3_cross(v3_sub(s->v[1].w, w0), v3_sub(s->v[2].w, w0));
	}
	m = v3_normalize_or(m, v3(0, 0, 0));
	if (v3_dot(m, d) < 0.0)
		m = v3_neg(m);
	mink_vec3 u[2] = {v3_scale(d, 1.0 / len), m};
	for (int k = 0; k < 2; k++) {
		if (!(v3_len2(u[k]) > 0.0))
			continue;
		double g = core_gap(A, B, u[k]);
		if (g > pb->lo) {
			pb->lo = g;
			pb->n = u[k];
			pb->pa = qa;
		}
	}
}

/* The best pair as the answer apart, where its bounds meet within the
 * tolerance and it is no farther than the solver's: 1 with n, core, pa,
 * pb set. */
static int take_best(const pair_best *pb, const mk_tol *tol, mink_vec3 *n, double *core,
                     mink_vec3 *pa, mink_vec3 *pb_out)
{
	if (!(pb->up <= *core + tol->eps && pb->up - pb->lo <= mk_slack(tol, pb->up - tol->margins)))
		return 0;
	*n = pb->n;
	*core = pb->up;
	*pa = pb->pa;
	*pb_out = v3_mad(pb->pa, pb->n, pb->up);
	return 1;
}

/* Shortlist l's pairs, nearest first, as many as are as near as the least
 * within the tolerance, weighed; the best taken (take_best). */
static int certify_pairs(const mk_shape *A, const mk_shape *B, const mk_tol *tol,
                         const shortlist *l, mink_vec3 *n, double *core, mink_vec3 *pa,
                         mink_vec3 *pb)
{
	pair_best best = {INFINITY, -INFINITY, *n, *pa};
	for (int i = 0; i < l->n; i++) {
		mink_vec3 qa, qb;
		mk_simplex_points(&l->s[i], &qa, &qb);
		mink_vec3 d = v3_sub(qb, qa);
		double len = v3_len_safe(d);
		if (!(len > 0.0) || !isfinite(len))
			continue;
		if (i > 0 && len > best.up + mk_slack(tol, best.up - tol->margins))
			break;
		best.up = fmin(best.up, len);
		weigh_pair(A, B, &l->s[i], qa, d, len, &best);
	}
	return take_best(&best, tol, n, core, pa, pb);
}

/* A pass over raw_pairs' simplices: the least length first, then the
 * pairs within the slack of it weighed. */
typedef struct raw_pass {
	const mk_shape *A, *B;
	const mk_tol *tol;
	int second;
	pair_best best;
} raw_pass;

static void raw_try(raw_pass *rp, mk_simplex s)
{
	mink_vec3 d = v3_neg(mk_simplex_closest(&s));
	double len = v3_len_safe(d);
	if (!(len > 0.0) || !isfinite(len))
		return;
	if (!rp->second) {
		rp->best.up = fmin(rp->best.up, len);
		return;
	}
	if (len > rp->best.up + mk_slack(rp->tol, rp->best.up - rp->tol->margins))
		return;
	mink_vec3 qa, qb;
	mk_simplex_points(&s, &qa, &qb);
	weigh_pair(rp->A, rp->B, &s, qa, d, len, &rp->best);
}

/* Every triangle, edge and point of a few points of each feature against
 * the other's whose dimensions add up to at most two (where their hulls'
 * nearest pair lies). */
static void raw_pairs(const feature *fa, const feature *fb, raw_pass *rp)
{
	int na = fa->n, nb = fb->n;
	for (int i = 0; i < na; i++)
		for (int q = 0; q < nb; q++) {
			mk_vertex w = cso(fa, i, fb, q);
			raw_try(rp, (mk_simplex){.v = {w}, .n = 1});
			for (int j = i + 1; j < na; j++) {
				mk_vertex x = cso(fa, j, fb, q);
				raw_try(rp, (mk_simplex){.v = {w, x}, .n = 2});
				for (int k = j + 1; k < na; k++)
					raw_try(rp, (mk_simplex){.v = {w, x, cso(fa, k, fb, q)}, .n = 3});
				for (int r = q + 1; r < nb; r++) {
					mk_vertex y = cso(fa, j, fb, r);
					raw_try(rp, (mk_simplex){.v = {w, x, y}, .n = 3});
					raw_try(rp, (mk_simplex){.v = {w, cso(fa, i, fb, r), y}, .n = 3});
				}
			}
			for (int r = q + 1; r < nb; r++) {
				mk_vertex x = cso(fa, i, fb, r);
				raw_try(rp, (mk_simplex){.v = {w, x}, .n = 2});
				for (int u = r + 1; u < nb; u++)
					raw_try(rp, (mk_simplex){.v = {w, x, cso(fa, i, fb, u)}, .n = 3});
			}
		}
}

int mk_polish_apart(const mk_shape *A, const mk_shape *B, int dim, const mk_tol *tol,
                    mink_vec3 *n, double *core, mink_vec3 *pa, mink_vec3 *pb)
{
	if (!is_polytope(A) || !is_polytope(B) || !(*core > 0.0) || !v3_isfinite(*n))
		return 0;
	double lower = core_gap(A, B, *n), width = *core - lower;
	if (!(width >= 0.0) || !isfinite(width))
		return 0;
	plane2 pl = contact_plane(*n, dim);
	/* The features within a slop of a few times the bounds' gap hold the
	 * nearest pair when n is off by the angle that gap comes from; a
	 * wider slop is tried when the first does not certify. */
	for (int k = 0; k < 3; k++) {
		double t = 4.0 * width * (double)(1 << (4 * k)) + 4.0 * tol->eps;
		feature fa, fb;
		fa.nearest = fb.nearest = 1;
		fa.tops = fb.tops = 0;
		support_feature(A, dim, *n, t, &fa);
		support_feature(B, dim, v3_neg(*n), t, &fb);
		project(&fa, &pl, dim, tol->eps, tol->size, *n);
		project(&fb, &pl, dim, tol->eps, tol->size, v3_neg(*n));
		shortlist l;
		nearest_pairs(&fa, &fb, &l);
		/*
		 * Next to parallel, pairs a hair apart along the features differ
		 * in length by the square of that (1e-11 apart: 1e-21), below
		 * rounding, but in direction by the first power: the nearest by
		 * length may be off the direction of the closest pair by 1e-10.
		 * Of the candidates as near as the least within the tolerance,
		 * the one whose direction has the greatest support gap gives the
		 * normal.
		 */
		if (certify_pairs(A, B, tol, &l, n, core, pa, pb))
			return 1;
	}
	/* The gap sees the normal's angle only to second order, and a
	 * feature's far corners drop along n by its first power times their
	 * reach: last, the points within that angle times the size, as they
	 * are (projected, a polygon keeps only its outline, and a corner
	 * standing above the others inside it was lost).  GJK's turned normal
	 * 8.7e-7 rad off over a hull's bottom sloped by 1e-9, whose far
	 * corners 0.7 away fell 6e-7 below the near one, the gap 1.9e-13
	 * short: the contact on a ball of radius 0 0.5 below was carried
	 * 4.3e-7 off it (fuzz). */
	double t = 4.0 * sqrt(2.0 * width / *core) * tol->size + 4.0 * tol->eps;
	if (!(t > 4.0 * width * 256.0 + 4.0 * tol->eps) || !(t < 1e-3 * tol->size))
		return 0;
	feature fa, fb;
	fa.nearest = fb.nearest = 1;
	fa.tops = fb.tops = 0;
	support_feature(A, dim, *n, t, &fa);
	support_feature(B, dim, v3_neg(*n), t, &fb);
	if (fa.n > 8 || fb.n > 8)
		return 0;
	raw_pass rp = {A, B, tol, 0, {INFINITY, -INFINITY, *n, *pa}};
	raw_pairs(&fa, &fb, &rp);
	rp.second = 1;
	raw_pairs(&fa, &fb, &rp);
	return take_best(&rp.best, tol, n, core, pa, pb);
}

/* ---- the patch ---- */

/* The query's tolerance on a value v of a pair of this size: relative to
 * v, the size's share, rounding. */
static double value_tol(const mink_options *o, double v, double size, double eps)
{
	return (o->tolerance > 0.0 ? o->tolerance : 0.0) * fabs(v) +
	       (o->size_tolerance > 0.0 ? o->size_tolerance : 0.0) * size + 4.0 * eps;
}

/* The gap of the swept shapes' supports along unit u (from A towards B): a
 * lower bound on their distance, for any u. */
static double support_gap(const mk_shape *A, const mk_shape *B, mink_vec3 u)
{
	return core_gap(A, B, u) - (A->margin + B->margin);
}

/* The unit normal of a polygon feature (Newell), on the side of n. */
static mink_vec3 face_normal(const feature *f, mink_vec3 n)
{
	mink_vec3 m = v3_normalize_or(f->m, n);
	return v3_dot(m, n) < 0.0 ? v3_neg(m) : m;
}

/* A box of no zero extent: its supporting feature along a face's normal is
 * that face, never an edge. */
static int solid_box(const mk_shape *s)
{
	return s->type == CORE_BOX && s->half.x > 0.0 && s->half.y > 0.0 && s->half.z > 0.0;
}

/* The core's point of contact pa-pb on B when on_b, else on A: the
 * margin taken off along n. */
static mink_vec3 core_point(mink_vec3 pa, mink_vec3 pb, mink_vec3 n, const mk_shape *A,
                            const mk_shape *B, int on_b)
{
	return on_b ? v3_mad(pb, n, B->margin) : v3_mad(pa, n, -A->margin);
}

/* The contact at q, a point of B's core when on_b, else of A's: the
 * margins along n, the other point d along n from it. */
static void place_contact(mk_contact *c, const mk_answer *ans, mink_vec3 n, mink_vec3 q,
                          const mk_shape *A, const mk_shape *B, int on_b)
{
	if (on_b) {
		c->pb = v3_mad(q, n, -B->margin);
		c->pa = v3_mad(c->pb, n, -ans->distance);
	} else {
		c->pa = v3_mad(q, n, A->margin);
		c->pb = v3_mad(c->pa, n, ans->distance);
	}
}

/* How far contact c's core points lie off A and B. */
static double contact_off(const mk_shape *A, const mk_shape *B, mink_vec3 n, const mk_contact *c)
{
	return mk_point_off(A, core_point(c->pa, c->pb, n, A, B, 0)) +
	       mk_point_off(B, core_point(c->pa, c->pb, n, A, B, 1));
}

/* contact_off by mk_exact_offset: a point set's offset by brute force or
 * GJK, not by the search, which misses near points */
static double exact_off(const mk_shape *A, const mk_shape *B, mink_vec3 n, const mk_contact *c)
{
	return mk_exact_offset(A, core_point(c->pa, c->pb, n, A, B, 0)) +
	       mk_exact_offset(B, core_point(c->pa, c->pb, n, A, B, 1));
}

/* Whether x lies on the ellipsoid core s to t (its level over its
 * gradient, to first order; radii of zero are not judged). */
static int on_ellipsoid(const mk_shape *s, mink_vec3 x, double t)
{
	if (s->type != CORE_ELLIPSOID || !(s->radii.x > 0.0 && s->radii.y > 0.0 && s->radii.z > 0.0))
		return 0;
	mink_vec3 l = mk_unplace(s, x);
	mink_vec3 u = v3(l.x / s->radii.x, l.y / s->radii.y, l.z / s->radii.z);
	mink_vec3 g = v3(u.x / s->radii.x, u.y / s->radii.y, u.z / s->radii.z);
	double gl = v3_len_safe(g);
	return gl > 0.0 && fabs(v3_dot(u, u) - 1.0) <= 2.0 * gl * t / s->scale;
}

/* The contact where one side's feature is the point q (a vertex, or a
 * curved shape's point): the solver's, where its point on that side (on
 * B when on_b) is q to t, or lies on that shape and its support plane (a
 * flat ellipsoid's point carried from a disc's rim, 2e-6 from its support
 * point along n, which was 2e-6 beyond the rim), else q's, d along n to
 * the other side. */
static void point_contact(mk_contact *c, const mk_answer *ans, mink_vec3 n, double t,
                          double size, mink_vec3 q, const mk_shape *A, const mk_shape *B,
                          int on_b)
{
	mink_vec3 solver = core_point(ans->pa, ans->pb, n, A, B, on_b);
	/* (a closest pair is kept: where the curved support moves by 1e9 a
	 * radian, the rounding of n moves it off the pair) */
	if (!(v3_len2(v3_sub(solver, q)) > t * t) || ans->projected)
		return;
	/* A solver's point on the shape and on its support plane (to t) is
	 * a contact too: a long edge is one vertex only because the normal
	 * is off by a rounding (1.3e-9 rad drops the far end of an edge 1e6
	 * long by 1.3e-3), and the vertex was 0.3 from the closest point.
	 * (A hull's face or edge is gathered within t: a normal 1e-9 rad off
	 * an edge 1.5 long, 1e-6 from a cone's apex, left one end of it, and
	 * the contact went there, 1.48 off.) */
	const mk_shape *s = on_b ? B : A;
	mink_vec3 d = on_b ? v3_neg(n) : n, k;
	if (fabs(v3_dot(d, v3_sub(solver, q))) <= t &&
	    ((mk_keep_within_reach(s, d, solver, t, &k) && v3_len2(v3_sub(k, solver)) <= t * t) ||
	     on_ellipsoid(s, solver, t)))
		return;
	mk_contact kept = *c;
	place_contact(c, ans, n, q, A, B, on_b);
	/* q carried along n lies off the other shape where the normal is off
	 * the minimiser's by a rounding, and the minimiser's pair is not q's:
	 * then the solver's pair, where that lies nearer the shapes (a flat
	 * hull's corner 1.3e-9 beyond a disc's rim: carried onto the cap it
	 * lay beyond the rim by that much, 3.5e-9 of the size, where the
	 * solver's pair, on the hull's edge just inside the rim, lay on both;
	 * only the other shape is measured first, where that has a closed
	 * form or is a few points) */
	const mk_shape *o = on_b ? A : B;
	mink_vec3 x = core_point(c->pa, c->pb, n, A, B, !on_b);
	int set = o->type == CORE_POINTS3 || o->type == CORE_CLIMB3 || o->type == CORE_POINTS2;
	double gate = 1e-12 * size;
	if ((!set || (o->type == CORE_POINTS3 && o->count <= MK_EXACT_SET)) &&
	    mk_offset_within(o, x, on_b ? n : v3_neg(n), gate) > gate &&
	    exact_off(A, B, n, &kept) < exact_off(A, B, n, c))
		*c = kept;
}

/* The nearest point of feature f (a segment, or a convex counter-clockwise
 * polygon) to plane point u, in x. */
static void nearest2(const feature *f, const double *u, double *x)
{
	x[0] = u[0];
	x[1] = u[1];
	if (!(outside2(f, u) > 0.0))
		return;
	mink_vec3 y = v3(u[0], u[1], 0.0);
	double best = INFINITY;
	for (int i = 0; i < edges_of(f); i++) {
		const double *a = f->u[i], *b = f->u[(i + 1) % f->n];
		mink_vec3 c = v3_segment_closest(v3(a[0], a[1], 0.0), v3(b[0], b[1], 0.0), y);
		double g = v3_len2(v3_sub(c, y));
		if (g < best) {
			best = g;
			x[0] = c.x;
			x[1] = c.y;
		}
	}
}

/* Whether the solver's points lie on the edges fa and fb (to t). */
static int solver_on_edges(const mk_answer *ans, mink_vec3 n, const feature *fa,
                           const feature *fb, double t, const mk_shape *A, const mk_shape *B)
{
	mink_vec3 ca = core_point(ans->pa, ans->pb, n, A, B, 0);
	mink_vec3 cb = core_point(ans->pa, ans->pb, n, A, B, 1);
	return v3_len2(v3_sub(ca, v3_segment_closest(fa->p[0], fa->p[1], ca))) <= t * t &&
	       v3_len2(v3_sub(cb, v3_segment_closest(fb->p[0], fb->p[1], cb))) <= t * t;
}

/* Apart, core points pa of A and pb of B as the answer, where their
 * distance (an upper bound) and the support gap along their direction (a
 * lower one) meet within the tolerances and it is no more than the
 * answer's: its normal, distance and points, and contact c; 1 if taken. */
static int take_pair(mk_contact *c, mk_answer *ans, mink_vec3 pa, mink_vec3 pb, double size,
                     double eps, const mink_options *o, const mk_shape *A, const mk_shape *B)
{
	mink_vec3 w = v3_sub(pb, pa);
	double len = v3_len_safe(w);
	if (!(len > 0.0) || !isfinite(len))
		return 0;
	mink_vec3 m = v3_scale(w, 1.0 / len);
	double d = len - (A->margin + B->margin);
	double tol = value_tol(o, d, size, eps);
	if (!(d > 0.0) || !(d - support_gap(A, B, m) <= tol) || !(d <= ans->distance + tol))
		return 0;
	ans->normal = m;
	ans->distance = d;
	ans->pa = v3_mad(pa, m, A->margin);
	ans->pb = v3_mad(pb, m, -B->margin);
	mk_share_difference(&ans->pa, &ans->pb, v3_scale(m, -d));
	c->pa = ans->pa;
	c->pb = ans->pb;
	c->distance = d;
	return 1;
}

/* Whether point x, seen along n, lies beyond an end of the segment
 * feature `line` by more than t. */
static int beyond_ends(const feature *line, mink_vec3 x, mink_vec3 n, double t)
{
	mink_vec3 e0 = line->p[0], el = v3_sub(line->p[1], e0);
	mink_vec3 across = v3_sub(el, v3_scale(n, v3_dot(el, n))); /* el seen along n */
	double len = v3_len_safe(across);
	if (!(len > t))
		return 0;
	double along = v3_dot(v3_sub(x, e0), across) / len;
	return along < -t || along > len + t;
}

/*
 * The contact of two edges that cross, seen along n (their plane points u
 * set): the points above the crossing.  Where the projections do not meet
 * (to t), the normal is a curved side's, off by an angle the support
 * distance cannot see, and its point moves with it, an edge's does not:
 * the nearest points of the projections, the polytope's kept.  Not the
 * edges' own nearest points in space: each lies across n only to the
 * slop, and a point nearer along n by it drew the 3D nearest pair 0.7
 * along two nearly parallel edges 1e6 long, off the crossing.
 */
static void edges_contact(mk_contact *c, mk_answer *ans, mink_vec3 n, const feature *fa,
                          const feature *fb, const plane2 *pl, double t, double size, double eps,
                          const mink_options *o, const mk_shape *A, const mk_shape *B)
{
	mink_vec3 ya, yb;
	mk_segment_points(v3(fa->u[0][0], fa->u[0][1], 0.0), v3(fa->u[1][0], fa->u[1][1], 0.0),
	                  v3(fb->u[0][0], fb->u[0][1], 0.0), v3(fb->u[1][0], fb->u[1][1], 0.0), &ya,
	                  &yb);
	double ua[2] = { ya.x, ya.y }, ub[2] = { yb.x, yb.y };
	/* Apart, two curved shapes' edges that miss each other seen along n
	 * (a cone's slant line 1e-6 beyond the end of a cylinder's side
	 * line): the points of the two edges over the projections' nearest
	 * points are a pair of the shapes, which bounds the distance from
	 * above, and the support gap along their direction from below; where
	 * the two meet within the tolerances, that pair, its direction and
	 * distance are the answer, as a point beside a cap is (point_beside).
	 * Carried from one edge along n, the other's point went 1e-6 beyond
	 * the cylinder's end. */
	if (ans->distance > 0.0 && A->smooth && B->smooth && v3_len2(v3_sub(ya, yb)) > t * t &&
	    take_pair(c, ans, lift(fa, pl, n, ua), lift(fb, pl, n, ub), size, eps, o, A, B))
		return;
	int meet = v3_len2(v3_sub(ya, yb)) <= t * t;
	mk_contact solver = *c;
	if (meet || !A->smooth || B->smooth)
		place_contact(c, ans, n, lift(fa, pl, n, ua), A, B, 0);
	else
		place_contact(c, ans, n, lift(fb, pl, n, ub), A, B, 1);
	/* Overlapping, where they miss each other, the polytope's point is
	 * the least's only if its feature stays the same there: a sliver's
	 * edge beyond a cylinder's cap seen along the side's normal, whose
	 * least (7e-12 of the depth lower) is at the sliver's face normal,
	 * where the rim meets its face; its corner carried along n lay 6.7
	 * beyond the cap, where the solver's pair lay on both shapes.  The
	 * pair nearer the shapes is taken. */
	if (!meet && ans->distance <= 0.0 &&
	    contact_off(A, B, n, &solver) < contact_off(A, B, n, c))
		*c = solver;
}

/* Where u + k w comes within t of feature f (a segment, or a convex
 * counter-clockwise polygon): 1 with the k of least size, else 0.  Each
 * side of f bounds k on one side (a segment: its line within t either
 * way, its span within t). */
static int line_into(const feature *f, const double *u, const double *w, double t, double *k)
{
	double lo = -INFINITY, hi = INFINITY;
	int sides = f->n == 2 ? 1 : f->n;
	for (int i = 0; i < sides; i++) {
		const double *a = f->u[i], *b = f->u[(i + 1) % f->n];
		double ex = b[0] - a[0], ey = b[1] - a[1], el = hypot(ex, ey);
		if (!(el > 0.0))
			continue;
		/* across the side (outward negative), and along it */
		double c0 = (ex * (u[1] - a[1]) - ey * (u[0] - a[0])) / el;
		double c1 = (ex * w[1] - ey * w[0]) / el;
		double g0 = (ex * (u[0] - a[0]) + ey * (u[1] - a[1])) / el;
		double g1 = (ex * w[0] + ey * w[1]) / el;
		/* c0 + k c1 >= -t (and <= t for a segment); for a segment also
		 * -t <= g0 + k g1 <= el + t */
		double bounds[2][2] = { { -t, f->n == 2 ? t : INFINITY }, { -t, el + t } };
		for (int m = 0; m < (f->n == 2 ? 2 : 1); m++) {
			double f0 = m ? g0 : c0, f1 = m ? g1 : c1;
			if (f1 == 0.0) {
				if (f0 < bounds[m][0] || f0 > bounds[m][1])
					return 0;
				continue;
			}
			double k0 = (bounds[m][0] - f0) / f1, k1 = (bounds[m][1] - f0) / f1;
			lo = fmax(lo, fmin(k0, k1));
			hi = fmin(hi, fmax(k0, k1));
		}
	}
	if (!(lo <= hi))
		return 0;
	*k = fmin(fmax(0.0, lo), hi);
	return 1;
}

/*
 * A curved point (on B when on_b) against a polytope's feature f, which
 * has more than one point: the contact c kept within f, seen along n.
 * The normal may be off by an angle the support distance cannot see
 * (below 1e-8 radians, its change is a rounding), and a curved point
 * moves with it, a flat feature does not: the polytope's point is f's
 * nearest to where the normal carried the curved one, and the curved
 * point is across from it (moved along its surface by the angle times
 * the distance: off it by that squared over its radius).  A cone's rim on
 * a triangle's edge was left 3e-8 beside the edge, the normal 1e-8 off.
 */
static void keep_across(mk_contact *c, const mk_answer *ans, mink_vec3 n, double t, feature *f,
                        const plane2 *pl, int dim, double size, const mk_shape *A,
                        const mk_shape *B, int on_b)
{
	project(f, pl, dim, t, size, on_b ? n : v3_neg(n));
	if (f->n >= 3)
		plane_of(f);
	if (f->n == 1) {
		point_contact(c, ans, n, t, size, f->p[0], A, B, !on_b);
		return;
	}
	/* A cylinder's or a cone's point is on a rim, and moves with the
	 * normal along the rim only (across it, a kink: a flat cone's rim
	 * moved that way left it by 1e-6); a cone's apex not at all.  Turned
	 * along the rim the least way that brings it within a tenth of t of
	 * the feature (t gathers the features: a contact 1.4e-8 beside a flat
	 * hull's face, within t = 2e-8, was 6.8e-10 of the size off the hull;
	 * the turn keeps the point on the rim); kept where no way does.  Any
	 * other curved point stays across from the feature's nearest point,
	 * where it lies beyond t: moved, it leaves its surface by the move
	 * squared over its radius. */
	const mk_shape *s = on_b ? B : A;
	int rim = s->type == CORE_CYLINDER || s->type == CORE_CONE;
	double in = rim ? 0.1 * t : t, u[2], v[2];
	mink_vec3 x = core_point(c->pa, c->pb, n, A, B, !on_b), y;
	on_plane(pl, dim, x, u);
	if (!(outside2(f, u) > in))
		return;
	/* (a thinned face's polygon is inscribed in the face: a point beside
	 * it may lie on the face, and is kept where the face holds it; a
	 * cylinder's contact on a mesh cone's base of 200 corners, on it,
	 * was turned onto the polygon of 32 and carried 2e-5 off the base) */
	if (f->thinned && mk_keep_within(on_b ? A : B, on_b ? n : v3_neg(n), x, &y) &&
	    v3_len2(v3_sub(y, x)) <= in * in)
		return;
	if (rim) {
		/* turned about the axis by the angle the tangent's step gives,
		 * a few times: the tangent line leaves the rim by the step
		 * squared over the radius (2.4e-6 for a step of 1.2e-3) */
		mink_vec3 q = core_point(c->pa, c->pb, n, A, B, on_b);
		mink_vec3 l = m3_tmul(&s->rot, v3_sub(q, s->pos));
		double w[2] = { u[0], u[1] };
		for (int it = 0; it < 4 && !(outside2(f, w) <= in); it++) {
			mink_vec3 tan = m3_mul(&s->rot, v3(-l.y, l.x, 0.0));
			double tu[2], k;
			on_plane(pl, dim, tan, tu);
			/* (into the feature itself where the tangent reaches it,
			 * else within t/2 of it: within t of each side is up to
			 * t / sin(a/2) from a corner of angle a, and a segment is
			 * met on its line only by a rounding) */
			if (!line_into(f, w, tu, 0.0, &k) && !line_into(f, w, tu, 0.5 * in, &k))
				return;
			double ck = cos(k), sk = sin(k);
			l = v3(l.x * ck - l.y * sk, l.x * sk + l.y * ck, l.z);
			q = v3_add(s->pos, m3_mul(&s->rot, l));
			on_plane(pl, dim, q, w);
		}
		/* (where it lies nearer the shapes: carried along n, the
		 * feature's point lies off a face tilted within t by up to the
		 * tilt) */
		mk_contact turned = *c;
		if (outside2(f, w) <= in) {
			place_contact(&turned, ans, n, q, A, B, on_b);
			if (exact_off(A, B, n, &turned) < exact_off(A, B, n, c))
				*c = turned;
		}
		return;
	}
	nearest2(f, u, v);
	place_contact(c, ans, n, lift(f, pl, n, v), A, B, !on_b);
}

/*
 * Apart, a point (on B when on_b) against a curved shape's feature f of
 * more than one point (a cap, a side line) whose projection it misses by
 * more than t: the normal is off by an angle the support distance cannot
 * see (a box's corner 1e-6 beyond a cylinder's rim: 2e-6 rad, the
 * distance 1e-12 short), and the contact on the curved shape lay beyond
 * its rim.  The curved shape's point nearest the point's shadow on its
 * feature (mk_keep_within: a cap's radius, a side's span) and the point
 * are a pair of the shapes, so their distance bounds the distance from
 * above, and the support gap along their direction from below: where the
 * two meet within the tolerances, that pair, its direction and distance
 * are the answer.
 */
static void point_beside(mk_contact *c, mk_answer *ans, mink_vec3 n, double t, feature *f,
                         int dim, double size, double eps, const mink_options *o,
                         const mk_shape *A, const mk_shape *B, int on_b)
{
	if (f->n < 2)
		return;
	plane2 pl = contact_plane(n, dim);
	project(f, &pl, dim, t, size, on_b ? n : v3_neg(n));
	if (f->n < 2)
		return;
	mink_vec3 q = core_point(c->pa, c->pb, n, A, B, on_b);
	mink_vec3 x = core_point(c->pa, c->pb, n, A, B, !on_b);
	double u[2];
	on_plane(&pl, dim, x, u);
	if (!(outside2(f, u) > t))
		return;
	/* (f of a cap is a polygon inscribed in it: a point beside the
	 * polygon may be on the cap, and is kept where it is) */
	mink_vec3 y;
	if (!mk_keep_within(on_b ? A : B, on_b ? n : v3_neg(n), x, &y) ||
	    !(v3_len2(v3_sub(y, x)) > t * t))
		return;
	take_pair(c, ans, on_b ? y : q, on_b ? q : y, size, eps, o, A, B);
}

int mk_manifold(const mk_shape *A, const mk_shape *B, int dim, mk_answer *ans,
                double eps, double size, const mink_options *o, mk_contact *out)
{
	int max = o->max_contacts;
	if (max < 1)
		max = 1;
	if (max > MINK_MAX_CONTACTS)
		max = MINK_MAX_CONTACTS;
	if (dim == 2 && max > 2)
		max = 2;
	mink_vec3 n = ans->normal;
	double ct = o->contact_tolerance >= 0.0 && isfinite(o->contact_tolerance)
	            ? o->contact_tolerance : 0.0;
	/* (a quarter of the larger shape's reach at most: two cylinders 1e-3
	 * across and 1.4e6 apart had a slop of 1.4e-3, their side lines both
	 * within it seen along the normal, and the patch of two lines that
	 * meet only by the slop put a contact 2e-3 beyond one of them; the
	 * smaller one's would take from the other the ties of its features:
	 * a hull's face beside a speck became one of its vertices) */
	double t = fmax(fmin(ct * size, 0.25 * fmax(A->bound, B->bound)), 4.0 * eps);

	/* The result's own contact: the whole patch unless both features are
	 * more than a point. */
	out[0].pa = ans->pa;
	out[0].pb = ans->pb;
	out[0].distance = ans->distance;
	/* Even for one contact the patch is found: its deepest point is the
	 * same whatever max_contacts asks for (the picks below are a prefix
	 * of one greedy order), and the result's points are that contact's. */
	if (!(t < size) || !v3_isfinite(n))
		return 1;

	feature fa, fb;
	fa.nearest = fb.nearest = 0;
	fa.tops = fb.tops = ans->exact_pair;
	/* A vertex or a curved point: the solver's own contact, where its
	 * point on that shape is that point.  A solver that answers by a face
	 * axis gives the other shape's deepest vertex projected on the face,
	 * and where the face is a point (a box of zero extents but one) that
	 * projection may lie off it: then the feature's point. */
	support_feature(A, dim, n, t, &fa);
	if (fa.n == 1 && !A->smooth) {
		point_contact(&out[0], ans, n, t, size, fa.p[0], A, B, 0);
		if (B->smooth && ans->distance > 0.0) {
			support_feature(B, dim, v3_neg(n), t, &fb);
			point_beside(&out[0], ans, n, t, &fb, dim, size, eps, o, A, B, 0);
		}
		return 1;
	}
	/* A curved point moves with the normal (a rounding of it on a point
	 * of a circle of tied normals moved an ellipsoid's by 2e-5), a vertex
	 * does not: B's vertex first. */
	support_feature(B, dim, v3_neg(n), t, &fb);
	/* Two curved points: the solver's pair, which the refinement placed
	 * from the support that moves least with n (a flat ellipsoid's moves
	 * by its radius of curvature, 1e12 per radian for a radius of
	 * 1e-12: a rounding of n put it 6e-5 off its place). */
	if (fa.n == 1 && fb.n == 1 && A->smooth && B->smooth)
		return 1;
	if (fb.n == 1 || fa.n == 1) {
		int on_b = fb.n == 1;
		point_contact(&out[0], ans, n, t, size, on_b ? fb.p[0] : fa.p[0], A, B, on_b);
		/* Overlapping, a vertex beyond the end of a curved shape's line
		 * seen along n (a triangle's corner 0.1 beyond a cylinder's cap,
		 * 1e6 across): the minimiser lies off the line's kink by an
		 * angle the depth cannot see (4e-6 rad, 3e-15 of it), and the
		 * partner carried along n lies off the curved shape: the depth
		 * and the normal are right, the points not, and the answer is
		 * not certified. */
		const feature *line = on_b ? &fa : &fb;
		if (ans->distance <= 0.0 && line->n == 2 && (on_b ? A : B)->smooth &&
		    beyond_ends(line, on_b ? fb.p[0] : fa.p[0], n, t))
			ans->warning = MINK_WARN_DEGENERATE;
		/* (and overlapping, a rim against a curved shape's line: a
		 * needle's side along a cone's axis, out through its base, the
		 * normal on a ring of nearly equal depths; the cone's rim point
		 * carried along it lay 3.2e-4 beside the needle, 0.15 of its
		 * radius.  Not a point of an ellipsoid, which a flat one's
		 * curvature takes off it where it is carried from the line) */
		const mk_shape *curved = on_b ? B : A;
		int rim = curved->type == CORE_CYLINDER || curved->type == CORE_CONE;
		if (curved->smooth &&
		    (!(on_b ? A : B)->smooth || (rim && ans->distance <= 0.0 && line->n == 2))) {
			mk_contact kept = out[0];
			plane2 pl = contact_plane(n, dim);
			keep_across(&out[0], ans, n, t, on_b ? &fa : &fb, &pl, dim, size, A, B, on_b);
			/* (the rim's point carried along the other's line, where
			 * it lies off the shapes by 1e-9 of the size or more, is
			 * the solver's pair again if that lies nearer: a flat
			 * cone's rim against a flat cylinder's side line 0.02
			 * long, the two crossing, had its point carried 9e-6 off
			 * the cone, 3.6e-8 of the size, where the solver's pair
			 * lay on it) */
			double off;
			if (rim && B->smooth && A->smooth &&
			    !((off = contact_off(A, B, n, &out[0])) <= 1e-9 * size) &&
			    contact_off(A, B, n, &kept) < off)
				out[0] = kept;
		} else if ((on_b ? A : B)->smooth && ans->distance > 0.0) {
			point_beside(&out[0], ans, n, t, on_b ? &fa : &fb, dim, size, eps, o, A, B, on_b);
		} else if (curved->type == CORE_ELLIPSOID && ans->distance <= 0.0 && line->n == 2) {
			/* an ellipsoid's point against a curved shape's line:
			 * carried from the line where that pair lies nearer the
			 * shapes (a needle along a spheroid's axis, out through
			 * its pole: the equator's point carried along the normal
			 * on the ring lay 5e-5 beside the needle, and the needle's
			 * point carried back lies 1.4e-9 off the spheroid) */
			mk_contact kept = out[0];
			plane2 pl = contact_plane(n, dim);
			feature *f = on_b ? &fa : &fb;
			keep_across(&out[0], ans, n, t, f, &pl, dim, size, A, B, on_b);
			if (!(contact_off(A, B, n, &out[0]) < contact_off(A, B, n, &kept)))
				out[0] = kept;
		}
		return 1;
	}
	plane2 pl;
	/* Two edges that are not parallel (by more than the slop over their
	 * length) meet in one point: the solver's, where it lies on both.  A
	 * solver that answers by a face axis gives the other shape's deepest
	 * vertex, and where that shape's feature is an edge (a tie) and the
	 * face is an edge too (a box of zero width), the vertex taken may lie
	 * off the face: then the edges' crossing. */
	if (fa.n == 2 && fb.n == 2 && dim == 3) {
		mink_vec3 ea = v3_sub(fa.p[1], fa.p[0]), eb = v3_sub(fb.p[1], fb.p[0]);
		double la = v3_len_safe(ea), lb = v3_len_safe(eb);
		/* the cross product's squares overflow for edges beyond 1e77 */
		if (la > t && lb > t && v3_len_safe(v3_cross(ea, eb)) > t * fmax(la, lb)) {
			/* (two solid boxes show edges here only to an edge axis,
			 * whose points are the edges' own, and never along each
			 * other: an edge axis is 1e-6 rad from parallel at least) */
			if (solid_box(A) && solid_box(B))
				return 1;
			pl = contact_plane(n, dim);
			for (int i = 0; i < 2; i++) {
				on_plane(&pl, dim, fa.p[i], fa.u[i]);
				on_plane(&pl, dim, fb.p[i], fb.u[i]);
			}
			/* (unless they lie within the slop of each other along
			 * more than it, or one is seen end on: below, a stretch or
			 * a point) */
			region st;
			st.n = 0;
			double la2 = pow2(fa.u[1][0] - fa.u[0][0]) + pow2(fa.u[1][1] - fa.u[0][1]);
			double lb2 = pow2(fb.u[1][0] - fb.u[0][0]) + pow2(fb.u[1][1] - fb.u[0][1]);
			int end_on = !(la2 > t * t && lb2 > t * t);
			if (!end_on && end_near_line(&fa, &fb, t))
				crossing_stretch(&st, &fa, &fb, t);
			if (!end_on && st.n == 0) {
				if (!solver_on_edges(ans, n, &fa, &fb, t, A, B))
					edges_contact(&out[0], ans, n, &fa, &fb, &pl, t, size, eps, o, A, B);
				return 1;
			}
		}
	}
	/* The features' tops along n: no lifted point lies beyond them. */
	double top_a = -INFINITY, top_b = INFINITY;
	for (int i = 0; i < fa.n; i++)
		top_a = fmax(top_a, v3_dot(fa.p[i], n));
	for (int i = 0; i < fb.n; i++)
		top_b = fmin(top_b, v3_dot(fb.p[i], n));
	pl = contact_plane(n, dim);
	project(&fa, &pl, dim, t, size, n);
	project(&fb, &pl, dim, t, size, v3_neg(n));
	if (fa.n >= 3)
		plane_of(&fa);
	if (fb.n >= 3)
		plane_of(&fb);
	/* A feature within the slop of one point (a segment of no length, an
	 * edge seen end on) is that point, as a vertex is above: the solver's
	 * point on a point of B was left 1e6 off it. */
	if (fa.n == 1 || fb.n == 1) {
		point_contact(&out[0], ans, n, t, size, fb.n == 1 ? fb.p[0] : fa.p[0], A, B,
		              fb.n == 1);
		return 1;
	}

	region r;
	r.n = 0;
	/* A vertex within the slop of an edge's line is on it: the region
	 * stays as the features are, to the contact tolerance. */
	double e = t;
	const feature *clipper = NULL;
	if (fa.n == 2 && fb.n == 2) {
		/* (not on one line: they cross, as edges above; a face seen
		 * edge on is an edge here) */
		overlap_segments(&r, &fa, &fb, t);
		if (r.n == 0)
			crossing_stretch(&r, &fa, &fb, t);
		if (r.n == 0) {
			if (!solver_on_edges(ans, n, &fa, &fb, t, A, B))
				edges_contact(&out[0], ans, n, &fa, &fb, &pl, t, size, eps, o, A, B);
			return 1;
		}
	} else if (fa.n == 2) {
		clip_segment(&r, fa.u[0], fa.u[1], &fb, e);
		clipper = &fb;
	} else if (fb.n == 2) {
		clip_segment(&r, fb.u[0], fb.u[1], &fa, e);
		clipper = &fa;
	} else {
		clip_polygon(&r, &fb, &fa, e);
		clipper = &fa;
	}
	tidy(&r, t);
	if (clipper && r.n > 0 && settle(&r, clipper, t))
		tidy(&r, t);
	if (r.n < 1) {
		/* Apart, the features miss each other: where one is a segment
		 * whose end is the solver's point and the other a curved
		 * shape's, that end is a point beside it, as a vertex is above
		 * (a needle cone's apex 1e-6 beside a cap 2e-6 across, the
		 * cone's side within the slop along n: the normal 7e-7 rad off
		 * and the contact 4e-7 beyond the cap's rim). */
		if (ans->distance > 0.0 && (fa.n == 2) != (fb.n == 2)) {
			int on_b = fb.n == 2;
			const feature *seg = on_b ? &fb : &fa;
			mink_vec3 x = core_point(ans->pa, ans->pb, n, A, B, on_b);
			if ((on_b ? A : B)->smooth && (!(v3_len2(v3_sub(x, seg->p[0])) > t * t) ||
			                               !(v3_len2(v3_sub(x, seg->p[1])) > t * t)))
				point_beside(&out[0], ans, n, t, on_b ? &fa : &fb, dim, size, eps, o, A, B,
				             on_b);
		}
		return 1;
	}

	/* Each point lifted onto both features; margins along n. */
	/* (A polygon of points gathered within the slop, not one plane, is
	 * lifted onto its mean plane, which may pass above the highest of
	 * them: a hull's corners 1e6 apart put a contact 6e-7 beyond the
	 * other shape's support plane.  Beyond the rounding, such a point is
	 * brought back to the top.) */
	double round = value_tol(o, ans->distance, size, eps);
	mk_contact c[REGION_MAX];
	double dist[REGION_MAX];
	/* how far each lifted point falls short of its feature's top */
	double short_a[REGION_MAX], short_b[REGION_MAX];
	for (int i = 0; i < r.n; i++) {
		mink_vec3 xa = lift(&fa, &pl, n, r.u[i]), xb = lift(&fb, &pl, n, r.u[i]);
		double ha = v3_dot(xa, n), hb = v3_dot(xb, n);
		if (ha - top_a > round)
			xa = v3_mad(xa, n, top_a - ha);
		if (top_b - hb > round)
			xb = v3_mad(xb, n, top_b - hb);
		short_a[i] = top_a - v3_dot(xa, n);
		short_b[i] = v3_dot(xb, n) - top_b;
		c[i].pa = v3_add(xa, v3_scale(n, A->margin));
		dist[i] = v3_dot(v3_sub(xb, xa), n) - A->margin - B->margin;
		c[i].distance = dist[i];
		c[i].pb = v3_add(c[i].pa, v3_scale(n, dist[i]));
	}
	/*
	 * The solver's pair lies on both shapes at the distance.  Where the
	 * nearest of the lifted pairs lies farther apart than that, beyond
	 * the rounding, the features are not one plane each but points
	 * gathered within the slop (a hull's corners up to 1e-3 below its top
	 * where a point 1e6 away makes the slop that wide): their lift is
	 * inside the shapes, and the first contact, moved to the distance,
	 * would leave the other shape.  The solver's pair is then the
	 * deepest point of the patch, where it lies on both features.
	 *
	 * A far pair's exact pair (lib/far.c) is the deepest point whatever
	 * the lifted heights say: the distance's tolerance is 1e-4 for a pair
	 * 1e6 apart, and a point that much short of the deepest lies across
	 * the features by up to the square root of it times the distance (a
	 * cone's base tilted 1e-5 under a cap 1e6 away: the base's polygon
	 * point 4.6e-8 short, 0.096 round the rim from the lowest), while the
	 * region reaches the slop beyond the features, 0.03 for a pair 3e7
	 * apart, and there lifts points below the distance by the slop times
	 * the features' tilt (two triangles 1e-3 from parallel: 2.4e-5 deeper
	 * than the closest pair, 0.03 off it).  At a corner it takes the
	 * corner's place; outside the region (a rim between a disc's points)
	 * it is one point more; inside it, or on its outline to the slop, it
	 * is a tie where both features have two points or more level at their
	 * tops, and the corners stay (two boxes' parallel edges 2e6 apart).
	 * A disc's point may lie beyond its polygon by the sag between the
	 * polygon's points.
	 */
	int deepest = 0;
	for (int i = 1; i < r.n; i++)
		if (dist[i] < dist[deepest])
			deepest = i;
	int first = -1, put_at = -1;
	double us[2];
	on_plane(&pl, dim, ans->pa, us);
	double reach = t + fmax(fa.sag, fb.sag);
	int inside = ans->warning == MINK_WARN_NONE && outside2(&fa, us) <= t + fa.sag &&
	             outside2(&fb, us) <= t + fb.sag;
	if (ans->exact_pair && inside && r.n >= 1) {
		/* the region's corner nearest it */
		int near = 0;
		double dn = INFINITY;
		for (int i = 0; i < r.n; i++) {
			double d = hypot(r.u[i][0] - us[0], r.u[i][1] - us[1]);
			if (d < dn) {
				dn = d;
				near = i;
			}
		}
		/* (inside: within the outline or on it to the slop, a tie
		 * along an edge too; a segment region's inside is between its
		 * ends) */
		int in = 0;
		if (r.n >= 3) {
			int pos = 0, neg = 0;
			for (int i = 0; i < r.n; i++) {
				const double *p0 = r.u[i], *p1 = r.u[(i + 1) % r.n];
				double x = mk_cross2(p0, p1, us), len = hypot(p1[0] - p0[0], p1[1] - p0[1]);
				pos += x > t * len;
				neg += x < -t * len;
			}
			in = pos == 0 || neg == 0;
		} else if (r.n == 2) {
			double e0 = r.u[1][0] - r.u[0][0], e1 = r.u[1][1] - r.u[0][1];
			double along = (us[0] - r.u[0][0]) * e0 + (us[1] - r.u[0][1]) * e1;
			in = along > 0.0 && along < e0 * e0 + e1 * e1;
		}
		/* (a tie only where both features have an edge or a face level
		 * along n at their tops to their own rounding: else the deepest
		 * point is one) */
		in = in && fa.tops >= 2 && fb.tops >= 2;
		if (dn <= reach || r.n == 1)
			put_at = near;
		else if (in)
			put_at = -1;
		else if (r.n == 2)
			put_at = near;
		else if (r.n < REGION_MAX)
			put_at = r.n++;
	} else if (!ans->exact_pair && dist[deepest] - ans->distance > round && r.n >= 3 &&
	           r.n < REGION_MAX && inside) {
		put_at = r.n++;
	}
	if (put_at >= 0) {
		r.u[put_at][0] = us[0];
		r.u[put_at][1] = us[1];
		c[put_at].pa = ans->pa;
		c[put_at].pb = ans->pb;
		c[put_at].distance = dist[put_at] = ans->distance;
		/* on both shapes: it falls short of neither top */
		short_a[put_at] = short_b[put_at] = 0.0;
		if (ans->exact_pair)
			first = put_at;
	}
	int pick[MINK_MAX_CONTACTS];
	int k = reduce(&r, dist, max, first, pick);
	/*
	 * Apart, the deepest contact's points are a pair of the shapes at its
	 * distance (an upper bound), and the gap of the supports along n is a
	 * lower bound: when they meet within the tolerances the distance is
	 * certified, whatever the solver managed (GJK can stall a little above
	 * it on nearly parallel faces).
	 */
	double dmin = dist[pick[0]];
	if (ans->distance > 0.0 && dmin > 0.0 && dmin <= ans->distance) {
		/* Lower bounds: the gap along n, and along the faces' own normals
		 * (the solver's n may sit a rounding-sized angle off them). */
		double gap = support_gap(A, B, n);
		if (fa.n >= 3)
			gap = fmax(gap, support_gap(A, B, face_normal(&fa, n)));
		if (fb.n >= 3)
			gap = fmax(gap, support_gap(A, B, face_normal(&fb, n)));
		double tol = value_tol(o, dmin, size, eps);
		/* (below the lower bound, the points are not both on the
		 * shapes: lifted from up to the slop outside a feature, which a
		 * face 1e6 long makes 1e-3 wide) */
		if (fabs(dmin - gap) <= tol) {
			ans->distance = fmax(dmin, gap);
			ans->warning = MINK_WARN_NONE;
		}
	}
	/* The deepest must be the result: else the features are not trusted. */
	if (!(fabs(dist[pick[0]] - ans->distance) <= t))
		return 1;
	/* No contact deeper than the result: the distance is the least gap
	 * along n over the shapes, so a point of the patch lifted a rounding
	 * (or up to the slop) below it is lifted back to it.  One point stays
	 * and the other is set the distance from it along n.  Each way leaves
	 * a point off its shape by up to: the moved one, past its support
	 * plane by the shortfall of the other's lift below that one's top;
	 * the one that stays, by its feature's spread off the plane it was
	 * lifted onto (none for a point or a segment).  The way of the lesser
	 * sum is taken (set from A's always, a box's corner went 3.9e-10
	 * beyond the box where the hull's corners below it lie 1e-6 off one
	 * plane: the patch's point on them, lifted onto their mean plane, was
	 * off the hull). */
	double spread_a = lift_spread(&fa, n), spread_b = lift_spread(&fb, n);
	for (int i = 0; i < k; i++) {
		out[i] = c[pick[i]];
		if (i == 0 || !(out[i].distance >= ans->distance)) {
			out[i].distance = ans->distance;
			if (spread_b + short_b[pick[i]] < spread_a + short_a[pick[i]])
				out[i].pa = v3_sub(out[i].pb, v3_scale(n, ans->distance));
			else
				out[i].pb = v3_add(out[i].pa, v3_scale(n, ans->distance));
		}
	}
	return k;
}
