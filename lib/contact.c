/*
 * contact.c - from the closest feature to the contact a result reports.
 *
 * GJK, EPA and the refinement end with a normal and a point on each core,
 * in the query frame (A's).  What turns that into a mink_result is here:
 * the witness points from a simplex's weights, the step that keeps
 * pa - pb exactly the distance along the normal, the touching state, the
 * move to world space and to each shape's own frame, and the tangents.
 */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "internal.h"

void mk_simplex_points(const mk_simplex *s, mink_vec3 *pa, mink_vec3 *pb)
{
	mink_vec3 a = v3(0, 0, 0), b = v3(0, 0, 0);
	for (int i = 0; i < s->n; i++) {
		a = v3_mad(a, s->v[i].a, s->bc[i]);
		b = v3_mad(b, s->v[i].b, s->bc[i]);
	}
	*pa = a;
	*pb = b;
}

void mk_share_difference(mink_vec3 *pa, mink_vec3 *pb, mink_vec3 d)
{
	mink_vec3 fix = v3_scale(v3_sub(d, v3_sub(*pa, *pb)), 0.5);
	*pa = v3_add(*pa, fix);
	*pb = v3_sub(*pb, fix);
}

mink_vec3 mk_onto_plane(mink_vec3 p, mink_vec3 n, mink_vec3 s)
{
	return v3_mad(p, n, v3_dot(v3_sub(s, p), n));
}

/*
 * Duff, Burgess, Christensen, Hery, Kensler, Liani, Villemin, "Building an
 * Orthonormal Basis, Revisited", JCGT 6(1), 2017: branch-free except for
 * the sign, continuous away from n.z = -1, and a function of n alone.
 */
void mink_tangents(mink_vec3 n, mink_vec3 *t1, mink_vec3 *t2)
{
	double sign = copysign(1.0, n.z);
	double a = -1.0 / (sign + n.z);
	double b = n.x * n.y * a;
	*t1 = v3(1.0 + sign * n.x * n.x * a, sign * b, -sign * n.x);
	*t2 = v3(b, sign + n.y * n.y * a, -n.y);
}

static void finish(mink_result *out, int dim, const mk_answer *ans, double eps)
{
	out->status = ans->warning == MINK_WARN_NONE ? MINK_OK : MINK_APPROXIMATE;
	out->warning = ans->warning;
	out->error = MINK_ERR_NONE;
	out->dim = dim;
	out->distance = ans->distance;
	out->gjk_iterations = ans->gjk_it;
	out->epa_iterations = ans->epa_it;
	if (fabs(out->distance) <= eps) {
		/* Indistinguishable from contact at this scale: report it exactly. */
		out->state = MINK_TOUCHING;
		out->distance = 0.0;
		mink_vec3 m = v3_scale(v3_add(out->point_a, out->point_b), 0.5);
		out->point_a = m;
		out->point_b = m;
	} else {
		out->state = out->distance < 0.0 ? MINK_PENETRATING : MINK_SEPARATED;
	}
	out->depth = out->distance < 0.0 ? -out->distance : 0.0;
}

/* The patch's points as the result's own: touching within eps, world and
 * local points (2D: z = 0). */
static void patch_result(mink_result *out, const mk_answer *ans, double eps, const mat3 *ra,
                         mink_vec3 origin, const mk_shape *B, const mk_contact *patch, int n,
                         int dim)
{
	out->contact_count = n;
	int i = 0;
	/* The deepest contact is most often the answer's own pair (query.c
	 * makes it so): its points are then the result's, already made the
	 * same way. */
	if (n > 0 && patch[0].distance == ans->distance && v3_same(patch[0].pa, ans->pa) &&
	    v3_same(patch[0].pb, ans->pb)) {
		mink_contact *c = &out->contacts[0];
		c->distance = out->state == MINK_TOUCHING ? 0.0 : ans->distance;
		c->local_a = out->local_a;
		c->local_b = out->local_b;
		c->point_a = out->point_a;
		c->point_b = out->point_b;
		i = 1;
	}
	for (; i < n; i++) {
		mink_contact *c = &out->contacts[i];
		mink_vec3 la = patch[i].pa, lbA = patch[i].pb;
		c->distance = patch[i].distance;
		if (out->state == MINK_TOUCHING && fabs(c->distance) <= eps) {
			c->distance = 0.0;
			la = lbA = v3_scale(v3_add(la, lbA), 0.5);
		}
		c->local_a = la;
		c->local_b = m3_tmul(&B->rot, v3_sub(lbA, B->pos));
		c->point_a = v3_add(m3_mul(ra, la), origin);
		c->point_b = v3_add(m3_mul(ra, lbA), origin);
		if (dim == 2)
			c->local_a.z = c->local_b.z = c->point_a.z = c->point_b.z = 0.0;
	}
}

void mk_contact_result3(mink_result *out, const mk_answer *ans, double eps, const mat3 *ra,
                        mink_vec3 origin, const mk_shape *B,
                        const mk_contact *patch, int count)
{
	/* The contacts past the patch's n are left as they are. */
	memset(out, 0, offsetof(mink_result, contacts));
	/* local points first, in the frames where they are exact */
	out->point_a = ans->pa;
	out->point_b = ans->pb;
	finish(out, 3, ans, eps);
	mink_vec3 la = out->point_a, lbA = out->point_b; /* both in A's frame */
	out->local_a = la;
	out->local_b = m3_tmul(&B->rot, v3_sub(lbA, B->pos));
	out->normal = v3_normalize_or(m3_mul(ra, ans->normal), v3(1, 0, 0));
	out->point_a = v3_add(m3_mul(ra, la), origin);
	out->point_b = v3_add(m3_mul(ra, lbA), origin);
	mink_tangents(out->normal, &out->tangent[0], &out->tangent[1]);
	patch_result(out, ans, eps, ra, origin, B, patch, count, 3);
}

void mk_contact_result2(mink_result *out, const mk_answer *ans, double eps, const mat3 *ra,
                        mink_vec3 origin, const mk_shape *B,
                        const mk_contact *patch, int count)
{
	memset(out, 0, offsetof(mink_result, contacts));
	out->point_a = ans->pa;
	out->point_b = ans->pb;
	finish(out, 2, ans, eps);
	mink_vec3 la = out->point_a, lbA = out->point_b;
	out->local_a = la;
	out->local_b = m3_tmul(&B->rot, v3_sub(lbA, B->pos));
	mink_vec3 n = m3_mul(ra, ans->normal);
	n.z = 0.0;
	out->normal = v3_normalize_or(n, v3(1, 0, 0));
	out->point_a = v3_add(m3_mul(ra, la), origin);
	out->point_b = v3_add(m3_mul(ra, lbA), origin);
	out->local_a.z = out->local_b.z = out->point_a.z = out->point_b.z = 0.0;
	out->tangent[0] = v3(-out->normal.y, out->normal.x, 0.0);
	out->tangent[1] = v3(0, 0, 0);
	patch_result(out, ans, eps, ra, origin, B, patch, count, 2);
}
