/*
 * peer_bullet.cc - Bullet's GJK-EPA solver (btGjkEpaSolver2) as a peer of
 * the kernel benchmark.
 *
 * Shapes are Bullet's own primitives with their collision margin set to
 * zero (btBoxShape, btCylinderShapeZ, btConeShapeZ, btConvexHullShape).
 * Bullet models a sphere as a point and a capsule as a segment whose
 * margin is the radius; for those, as Bullet's own pair detector does, the
 * distance between the cores comes first (Distance, which ignores
 * margins) and EPA (Penetration, margins included) runs only when the
 * cores overlap.  Pairs without margins go to Penetration first and to
 * Distance only when GJK finds them separated.
 */
#include <cstdlib>
#include <vector>

#include <LinearMath/btScalar.h>
#include <BulletCollision/CollisionShapes/btBoxShape.h>
#include <BulletCollision/CollisionShapes/btCapsuleShape.h>
#include <BulletCollision/CollisionShapes/btConeShape.h>
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/CollisionShapes/btCylinderShape.h>
#include <BulletCollision/CollisionShapes/btSphereShape.h>
#include <BulletCollision/CollisionShapes/btTriangleShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>

#include "bench.h"

namespace {

struct bt_pair {
	btConvexShape *a, *b;
	btTransform ta, tb;
	btScalar margins; /* sum of the margins Distance() leaves out */
	bool core_first;
};

struct bt_ctx {
	std::vector<bt_pair> pairs;
};

btConvexShape *make_shape(const bench_shape &s)
{
	btConvexShape *c = nullptr;
	switch (s.kind) {
	case BK_SPHERE:
		return new btSphereShape(s.radius); /* a point, margin = radius */
	case BK_CAPSULE:
		return new btCapsuleShapeZ(s.radius, 2 * s.half_height); /* margin = radius */
	case BK_BOX:
		c = new btBoxShape(btVector3(s.half[0], s.half[1], s.half[2]));
		break;
	case BK_CYLINDER:
		c = new btCylinderShapeZ(btVector3(s.radius, s.radius, s.half_height));
		break;
	case BK_CONE:
		c = new btConeShapeZ(s.radius, 2 * s.half_height);
		break;
	case BK_HULL: {
		btConvexHullShape *h = new btConvexHullShape();
		for (int i = 0; i < s.npts; i++)
			h->addPoint(btVector3(s.pts[i].x, s.pts[i].y, s.pts[i].z), false);
		h->recalcLocalAabb();
		c = h;
		break;
	}
	case BK_TRIANGLE:
		c = new btTriangleShape(btVector3(s.pts[0].x, s.pts[0].y, s.pts[0].z),
		                        btVector3(s.pts[1].x, s.pts[1].y, s.pts[1].z),
		                        btVector3(s.pts[2].x, s.pts[2].y, s.pts[2].z));
		break;
	}
	/* Box and cylinder keep their full extents when the margin changes. */
	c->setMargin(0);
	return c;
}

btTransform make_transform(const bench_shape &s)
{
	return btTransform(btQuaternion(s.quat[1], s.quat[2], s.quat[3], s.quat[0]),
	                   btVector3(s.pos[0], s.pos[1], s.pos[2]));
}

void set_normal(bench_answer *o, const btTransform &t, const btVector3 &local)
{
	/* btGjkEpaSolver2 reports the normal in shape 0's frame. */
	btVector3 n = t.getBasis() * local;
	o->normal[0] = n.x();
	o->normal[1] = n.y();
	o->normal[2] = n.z();
}

} // namespace

extern "C" void *bullet_prepare(const bench_pair *pairs, int n)
{
	bt_ctx *c = new bt_ctx;
	c->pairs.resize(n);
	for (int i = 0; i < n; i++) {
		bt_pair &p = c->pairs[i];
		p.a = make_shape(pairs[i].a);
		p.b = make_shape(pairs[i].b);
		p.ta = make_transform(pairs[i].a);
		p.tb = make_transform(pairs[i].b);
		p.margins = p.a->getMargin() + p.b->getMargin();
		p.core_first = p.margins > 0;
	}
	return c;
}

extern "C" void bullet_run(void *ctx, int begin, int end, bench_answer *out)
{
	bt_ctx *c = static_cast<bt_ctx *>(ctx);
	for (int i = begin; i < end; i++) {
		const bt_pair &p = c->pairs[i];
		bench_answer *o = &out[i];
		btGjkEpaSolver2::sResults r;
		btVector3 guess = p.tb.getOrigin() - p.ta.getOrigin();
		o->state = BS_FAILED;
		o->value = 0;
		if (p.core_first) {
			if (btGjkEpaSolver2::Distance(p.a, p.ta, p.b, p.tb, guess, r)) {
				o->value = r.distance - p.margins;
				o->state = o->value > 0 ? BS_SEPARATED : BS_OVERLAPPING;
				set_normal(o, p.ta, -r.normal);
			} else if (btGjkEpaSolver2::Penetration(p.a, p.ta, p.b, p.tb, guess, r, true)) {
				o->value = r.distance;
				o->state = BS_OVERLAPPING;
				set_normal(o, p.ta, r.normal);
			}
		} else {
			if (btGjkEpaSolver2::Penetration(p.a, p.ta, p.b, p.tb, guess, r, true)) {
				o->value = r.distance;
				o->state = BS_OVERLAPPING;
				set_normal(o, p.ta, r.normal);
			} else if (r.status == btGjkEpaSolver2::sResults::Separated &&
			           btGjkEpaSolver2::Distance(p.a, p.ta, p.b, p.tb, guess, r)) {
				o->value = r.distance - p.margins;
				o->state = o->value > 0 ? BS_SEPARATED : BS_OVERLAPPING;
				set_normal(o, p.ta, -r.normal);
			}
		}
	}
}

extern "C" void bullet_free(void *ctx)
{
	bt_ctx *c = static_cast<bt_ctx *>(ctx);
	for (bt_pair &p : c->pairs) {
		delete p.a;
		delete p.b;
	}
	delete c;
}

extern "C" int bullet_scalar_size(void)
{
	return (int)sizeof(btScalar);
}

extern "C" int bullet_version(void)
{
	return btGetVersion();
}
