#!/usr/bin/env python3
"""Writes testdata/suites/patches-box2d-jolt.ndjson: contact-patch cases taken from
Box2D, Jolt Physics (and, checked, nothing new from Bullet) unit tests.

Every expectation below is written out from the geometry by hand (the
formulas are spelled out next to each case); nothing is taken from mink.
"""
import json
import math
import os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "testdata",
                   "suites", "patches-box2d-jolt.ndjson")
S2 = math.sqrt(2.0)
lines = []


def emit(source, case, pair, expect, note):
    lines.append(json.dumps({"source": source, "case": case, "pair": pair,
                             "expect": expect, "note": note}))


def c3(pa, pb, d):
    return {"point_a": list(pa), "point_b": list(pb), "distance": d}


def add(p, q):
    return [x + y for x, y in zip(p, q)]


def scale(v, s):
    return [x * s for x in v]


def roty(theta, v):
    """Right-handed rotation about +y (Jolt's Mat44::sRotationY)."""
    c, s = math.cos(theta), math.sin(theta)
    x, y, z = v
    return [c * x + s * z, y, -s * x + c * z]


def quat_y(theta):
    return [math.cos(theta / 2), 0.0, math.sin(theta / 2), 0.0]


def box(h, pos=None, rot=None):
    s = {"type": "box", "half_extents": list(h)}
    if pos is not None:
        s["position"] = list(pos)
    if rot is not None:
        s["rotation"] = list(rot)
    return s


# ---------------------------------------------------------------- Box2D v3
B2 = "erincatto/box2d"

# LargeWorldManifoldTest: b2MakeBox(0.5, 0.5) twice, B at (0.9, 0).
# A's right edge x = 0.5, B's left edge x = 0.4, both y in [-0.5, 0.5]:
# overlap 0.1 along x, the patch is the shared edge span y in [-0.5, 0.5].
emit(B2 + " test/test_collision.c:214",
     "LargeWorldManifoldTest: unit boxes 0.9 apart at the origin, 2-point manifold",
     {"id": "patch-box2d-largeworld-manifold-origin", "dim": 2,
      "a": {"type": "box", "half_extents": [0.5, 0.5]},
      "b": {"type": "box", "half_extents": [0.5, 0.5], "position": [0.9, 0.0]}},
     {"state": "penetrating", "distance": -0.1, "normal": [1.0, 0.0],
      "contact_count": 2,
      "contacts": [{"point_a": [0.5, -0.5], "point_b": [0.4, -0.5], "distance": -0.1},
                   {"point_a": [0.5, 0.5], "point_b": [0.4, 0.5], "distance": -0.1}]},
     "Box2D asserts pointCount == 2 and each point's separation = -0.1 (+-0.01). "
     "Hand derivation: A = [-0.5,0.5]^2, B = [0.4,1.4]x[-0.5,0.5]; the x overlap 0.1 is the least "
     "(y overlap is 1), so normal A->B = +x, distance -0.1. A's supporting edge x=0.5 and B's "
     "x=0.4 both span y in [-0.5,0.5]; their overlap seen along x is that whole span, so the two "
     "endpoints y=+-0.5 are the contacts, point_a on x=0.5, point_b on x=0.4. Box2D stores one "
     "point per contact (between the surfaces, in frame A) plus a separation; here converted to "
     "mink's pair of surface points. 0.9f taken as the decimal 0.9.")

# Same configuration at (1e7, 1e7) (BOX2D_DOUBLE_PRECISION branch).
x0 = 1.0e7
xb = x0 + 0.9


emit(B2 + " test/test_collision.c:227",
     "LargeWorldManifoldTest: the same pair at (1e7, 1e7) keeps the 2-point manifold",
     {"id": "patch-box2d-largeworld-manifold-1e7", "dim": 2,
      "a": {"type": "box", "half_extents": [0.5, 0.5], "position": [x0, x0]},
      "b": {"type": "box", "half_extents": [0.5, 0.5], "position": [xb, x0]}},
     {"state": "penetrating", "distance": -0.1, "normal": [1.0, 0.0],
      "contact_count": 2,
      "contacts": [{"point_a": [x0 + 0.5, x0 - 0.5], "point_b": [x0 + 0.4, x0 - 0.5], "distance": -0.1},
                   {"point_a": [x0 + 0.5, x0 + 0.5], "point_b": [x0 + 0.4, x0 + 0.5], "distance": -0.1}],
      "tol": 1e-7},
     "Box2D asserts the far manifold has the origin's point count (2), normal, separations and "
     "points to 1e-4. Same geometry as the origin case shifted by (1e7,1e7): contacts at "
     "y = 1e7 +- 0.5, point_a on x = 1e7+0.5, point_b on x = 1e7+0.4, separation -0.1. "
     "The double 10000000.9 is 1e7 + 0.900000000373, so the exact overlap is 0.0999999996; tol 1e-7 "
     "covers that and the ulp (1.9e-9) at 1e7.")

# test_snapshot.c phase 11: ground b2MakeBox(10,1) at (0,-1), box b2MakeBox(0.5,0.5) at (0,0.5).
emit(B2 + " test/test_snapshot.c:592",
     "Snapshot phase 11: box created resting on the ground (touching contact)",
     {"id": "patch-box2d-box-on-ground-touching", "dim": 2,
      "a": {"type": "box", "half_extents": [10.0, 1.0], "position": [0.0, -1.0]},
      "b": {"type": "box", "half_extents": [0.5, 0.5], "position": [0.0, 0.5]}},
     {"state": "touching", "distance": 0.0, "normal": [0.0, 1.0], "contact_count": 2,
      "contacts": [{"point_a": [-0.5, 0.0], "point_b": [-0.5, 0.0], "distance": 0.0},
                   {"point_a": [0.5, 0.0], "point_b": [0.5, 0.0], "distance": 0.0}]},
     "Derived from the test's setup: Box2D relies on 'the box rests on the ground with a live "
     "touching contact' (ENSURE contactEndEvents count >= 1 once the box is disabled). Ground top "
     "y = -1+1 = 0, box bottom y = 0.5-0.5 = 0: touching, normal A(ground)->B(box) = +y. The box's "
     "bottom edge x in [-0.5,0.5] lies inside the ground's top edge x in [-10,10], so the patch is "
     "that edge: two points (+-0.5, 0), the same on both shapes. Poses are the creation poses, not "
     "the settled ones (which Box2D does not report).")

# test_large_world.c RunPyramid: ground b2MakeBox(10,0.5) at base, boxes b2MakeBox(0.5,0.5) at
# integer offsets; row 0 at y=1 (bottom 0.5 = ground top), neighbours 1 apart in x.
emit(B2 + " test/test_large_world.c:102",
     "LargeWorldPyramidTest: bottom-row box (-2,1) on the ground box",
     {"id": "patch-box2d-pyramid-box-on-ground", "dim": 2,
      "a": {"type": "box", "half_extents": [10.0, 0.5]},
      "b": {"type": "box", "half_extents": [0.5, 0.5], "position": [-2.0, 1.0]}},
     {"state": "touching", "distance": 0.0, "normal": [0.0, 1.0], "contact_count": 2,
      "contacts": [{"point_a": [-2.5, 0.5], "point_b": [-2.5, 0.5], "distance": 0.0},
                   {"point_a": [-1.5, 0.5], "point_b": [-1.5, 0.5], "distance": 0.0}]},
     "Derived from the test's setup (the test asserts the stacked pyramid settles and sleeps, "
     "origin.sleepStep > 0, which needs these resting contacts). Ground top y = 0.5, box bottom "
     "y = 1-0.5 = 0.5: touching, normal +y; the box's bottom edge x in [-2.5,-1.5] inside the "
     "ground's top edge [-10,10]: two contacts at its ends. Creation poses.")

emit(B2 + " test/test_large_world.c:102",
     "LargeWorldPyramidTest: side-by-side bottom-row boxes (-2,1) and (-1,1)",
     {"id": "patch-box2d-pyramid-side-neighbours", "dim": 2,
      "a": {"type": "box", "half_extents": [0.5, 0.5], "position": [-2.0, 1.0]},
      "b": {"type": "box", "half_extents": [0.5, 0.5], "position": [-1.0, 1.0]}},
     {"state": "touching", "distance": 0.0, "normal": [1.0, 0.0], "contact_count": 2,
      "contacts": [{"point_a": [-1.5, 0.5], "point_b": [-1.5, 0.5], "distance": 0.0},
                   {"point_a": [-1.5, 1.5], "point_b": [-1.5, 1.5], "distance": 0.0}]},
     "Derived from the pyramid setup: A's right edge x = -2+0.5 = -1.5 and B's left edge "
     "x = -1-0.5 = -1.5 coincide over y in [0.5,1.5]: touching, normal A->B = +x (the only "
     "separating direction, the edges overlap over a full length), two contacts at the shared "
     "edge's ends.")

# ---------------------------------------------------------------- Jolt
JO = "jrouwe/JoltPhysics"

# CollideShapeTests BoxVsConvexHullNoConvexRadius
hb = [0.25, 0.75, 0.375]
hull_pts = [[sx * 2.5, sy * 0.25, sz * 1.5] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
sep = 0.0005
local_t = [0.1, 1.0 + sep, -0.5]


def box_vs_hull(angle):
    # box_transform = RotY(angle) * T(local_t) * RotY(-45deg); hull_transform = RotY(angle)
    pos = roty(angle, local_t)
    brot = angle - math.radians(45.0)
    contacts = []
    for sx in (-1, 1):
        for sz in (-1, 1):
            corner = add(pos, roty(brot, [sx * hb[0], -hb[1], sz * hb[2]]))
            pa = corner  # y = 1.0005 - 0.75 = 0.2505
            pb = [corner[0], 0.25, corner[2]]
            contacts.append(c3(pa, pb, sep))
    a = box(hb, pos, quat_y(brot))
    b = {"type": "hull", "points": hull_pts}
    if angle != 0.0:
        b["rotation"] = quat_y(angle)
    return a, b, contacts


for step, angle, label in ((479, 0.0, "step 479 (angle 360 deg: hull unrotated, box yawed -45 deg)"),
                           (59, math.radians(45.0), "step 59 (angle 45 deg: box axis-aligned, hull yawed 45 deg)")):
    a, b, cs = box_vs_hull(angle)
    emit(JO + " UnitTests/Physics/CollideShapeTests.cpp:479",
         "BoxVsConvexHullNoConvexRadius: " + label,
         {"id": "patch-jolt-box-vs-hull-step%d" % step, "a": a, "b": b},
         {"state": "separated", "distance": sep, "normal": [0.0, -1.0, 0.0],
          "contact_count": 4, "contacts": cs},
         "Jolt asserts, at every step of the yaw sweep, mContactPointOn1.y = 0.25+0.0005 (1e-3), "
         "mContactPointOn2.y = 0.25 and penetration axis -Y (direction to move shape 2 out, i.e. "
         "from A=box towards B=hull: mink's normal). Hand derivation: the box (half 0.25,0.75,0.375, "
         "no convex radius) has its bottom face at y = 1.0005-0.75 = 0.2505, parallel to the hull's "
         "top face y = 0.25 (the hull is the box +-2.5, +-0.25, +-1.5); both are yawed about y only, "
         "so the gap is 0.0005 along -y. The box's bottom face (corners within 0.45 of its centre "
         "(0.1,-0.5) in the hull's frame) lies inside the hull's 5x3 top face, so the patch is that "
         "face: its 4 corners, pos + RotY(angle-45deg)*(+-0.25,-0.75,+-0.375) with pos = "
         "RotY(angle)*(0.1,1.0005,-0.5), on A at y=0.2505 and on B at y=0.25, each at distance 0.0005. "
         "Jolt's float 1.0f+0.0005f taken as the decimal 1.0005.")

# ContactListenerTests: floor BoxShape(100,1,100) at (0,-1,0), sphere r=1 at (0, 1-1e-4, 0)
eps = 1.0e-4
emit(JO + " UnitTests/Physics/ContactListenerTests.cpp:69",
     "TestContactListenerElastic/Inelastic: unit sphere hitting the floor 1e-4 deep",
     {"id": "patch-jolt-sphere-on-floor",
      "a": box([100.0, 1.0, 100.0], [0.0, -1.0, 0.0]),
      "b": {"type": "sphere", "radius": 1.0, "position": [0.0, 1.0 - eps, 0.0]}},
     {"state": "penetrating", "distance": -eps, "normal": [0.0, 1.0, 0.0], "contact_count": 1,
      "contacts": [c3([0.0, 0.0, 0.0], [0.0, -eps, 0.0], -eps)]},
     "Jolt asserts for the floor(body 1)/sphere(body 2) manifold: mWorldSpaceNormal = +Y ('moves "
     "body 2 out', so A=floor -> B=sphere), exactly 1 contact point on each body, both within the "
     "penetration slop of the origin. The asserted pose is cFloorHitPos = (0, 1-1e-4, 0) (the test "
     "checks the body is there to the slop). Hand derivation: floor top y=0, sphere bottom "
     "y = 1-1e-4-1 = -1e-4; depth 1e-4 along +y; a sphere gives one point: on the floor (0,0,0), "
     "on the sphere (0,-1e-4,0).")

# PhysicsTests TestPhysicsInsideSpeculativeContactDistance*: box half 1 and sphere r 1 at
# 1 + 0.9*mSpeculativeContactDistance (0.02) above the floor.
h = 0.9 * 0.02
emit(JO + " UnitTests/Physics/PhysicsTests.cpp:1013",
     "TestPhysicsInsideSpeculativeContactDistanceNoRestitution: box 0.018 above the floor (speculative, 4 corners)",
     {"id": "patch-jolt-speculative-box-over-floor",
      "a": box([100.0, 1.0, 100.0], [0.0, -1.0, 0.0]),
      "b": box([1.0, 1.0, 1.0], [0.0, 1.0 + h, 0.0])},
     {"state": "separated", "distance": h, "normal": [0.0, 1.0, 0.0], "contact_count": 4,
      "contacts": [c3([sx, 0.0, sz], [sx, h, sz], h) for sx in (-1.0, 1.0) for sz in (-1.0, 1.0)]},
     "Jolt asserts a contact is added for the box while it is still 0.9*mSpeculativeContactDistance "
     "(0.9*0.02 = 0.018) above the floor, and its comment says the box 'hits with 4 corners'. Hand "
     "derivation: floor (half 100,1,100 at y=-1) top y=0; box bottom y = 1.018-1 = 0.018; parallel "
     "faces, gap 0.018, normal A(floor)->B(box) = +y; the box's 2x2 bottom face lies inside the "
     "floor's top face, so the patch is its 4 corners (+-1, ., +-1): on A at y=0, on B at y=0.018. "
     "Jolt's box has a 0.05 convex radius (rounded edges) but its supporting face is the full face.")

emit(JO + " UnitTests/Physics/PhysicsTests.cpp:1018",
     "TestPhysicsInsideSpeculativeContactDistanceNoRestitution: sphere 0.018 above the floor (1 point)",
     {"id": "patch-jolt-speculative-sphere-over-floor",
      "a": box([100.0, 1.0, 100.0], [0.0, -1.0, 0.0]),
      "b": {"type": "sphere", "radius": 1.0, "position": [5.0, 1.0 + h, 0.0]}},
     {"state": "separated", "distance": h, "normal": [0.0, 1.0, 0.0], "contact_count": 1,
      "contacts": [c3([5.0, 0.0, 0.0], [5.0, h, 0.0], h)]},
     "Jolt asserts a contact is added for the sphere at 0.018 above the floor and comments 'Sphere has "
     "only 1 contact point'. Sphere centre (5, 1.018, 0), radius 1: lowest point (5, 0.018, 0), the "
     "floor point below it (5, 0, 0), gap 0.018 along +y.")

# TestContactsVsSimulationIslands: boxes half 1 at x = 0, 1.99 (3.98)
emit(JO + " UnitTests/Physics/PhysicsTests.cpp:2332",
     "TestContactsVsSimulationIslands: unit boxes at x=0 and x=1.99 (0.01 face overlap)",
     {"id": "patch-jolt-islands-box-box",
      "a": box([1.0, 1.0, 1.0]),
      "b": box([1.0, 1.0, 1.0], [1.99, 0.0, 0.0])},
     {"state": "penetrating", "distance": -0.01, "normal": [1.0, 0.0, 0.0], "contact_count": 4,
      "contacts": [c3([1.0, sy, sz], [0.99, sy, sz], -0.01) for sy in (-1.0, 1.0) for sz in (-1.0, 1.0)]},
     "Jolt asserts the three boxes are 'all touching each other' (two dynamic ones must share a "
     "simulation island, which needs a contact). Hand derivation: A = [-1,1]^3, B = [0.99,2.99]x[-1,1]^2: "
     "overlap 0.01 along x (2 along y, z), normal +x, distance -0.01; A's face x=1 and B's face "
     "x=0.99 are the same 2x2 square seen along x, so the patch is its 4 corners (y,z = +-1). "
     "1.99f taken as 1.99.")

# TestSwitchUseManifoldReduction: compound of 4 BoxShape(2) at (+-5,0,0),(0,0,+-5), body at y=1.99
emit(JO + " UnitTests/Physics/PhysicsTests.cpp:2266",
     "TestSwitchUseManifoldReduction: sub-shape 0 (box half 2 at (5,1.99,0)) 0.01 into the floor",
     {"id": "patch-jolt-compound-subbox-on-floor",
      "a": box([100.0, 1.0, 100.0], [0.0, -1.0, 0.0]),
      "b": box([2.0, 2.0, 2.0], [5.0, 1.99, 0.0])},
     {"state": "penetrating", "distance": -0.01, "normal": [0.0, 1.0, 0.0], "contact_count": 4,
      "contacts": [c3([x, 0.0, z], [x, -0.01, z], -0.01) for x in (3.0, 7.0) for z in (-2.0, 2.0)]},
     "With manifold reduction off Jolt asserts a separate contact (Add) between the floor and each "
     "sub shape, here sub_shape_ids[0] = BoxShape(2) at (5,0,0) in a body at (0,1.99,0). Hand "
     "derivation: the sub box spans y in [-0.01,3.99], the floor's top is y=0: depth 0.01 along +y "
     "(A=floor -> B=box); the box's 4x4 bottom face x in [3,7], z in [-2,2] lies inside the floor's "
     "top face: 4 corner contacts, on A at y=0 and on B at y=-0.01.")

# EstimateCollisionResponseTest: box1 (0.1,1,2) at (1,2,3); box2 (0.2,3,4) at
# (1,2,3) + (0.1+0.2-1e-4, y, z), here y=3, z=4
e = 0.0001
p1 = [1.0, 2.0, 3.0]
p2 = [1.0 + 0.1 + 0.2 - e, 2.0 + 3.0, 3.0 + 4.0]
ov = (p1[0] + 0.1) - (p2[0] - 0.2)  # = 1e-4 up to rounding
emit(JO + " UnitTests/Physics/EstimateCollisionResponseTest.cpp:54",
     "TestEstimateCollisionResponse: box2 offset y=3, z=4 (partial face overlap, 1e-4 deep)",
     {"id": "patch-jolt-estimate-response-partial-face",
      "a": box([0.1, 1.0, 2.0], p1),
      "b": box([0.2, 3.0, 4.0], p2)},
     {"state": "penetrating", "distance": -ov, "normal": [1.0, 0.0, 0.0], "contact_count": 4,
      "contacts": [c3([1.1, y, z], [1.1 - ov, y, z], -ov) for y in (2.0, 3.0) for z in (3.0, 5.0)]},
     "Derived from the test's setup: Jolt checks that EstimateCollisionResponse, fed the ContactManifold "
     "of this pair, predicts the solver's velocities (both use the same manifold; the points are not "
     "asserted directly). Hand derivation: box1 = [0.9,1.1]x[1,3]x[1,5], box2 = [1.0999,1.4999]x[2,8]x[3,11]: "
     "overlaps 1e-4 (x), 1 (y), 2 (z) -> normal +x, distance -1e-4. box1's face x=1.1 (y in [1,3], "
     "z in [1,5]) and box2's face x=1.0999 (y in [2,8], z in [3,11]) overlap in y in [2,3], z in [3,5]: "
     "a rectangle, 4 corners, on A at x=1.1 and on B at x=1.0999.")

# CastShapeTests TestCastShapeInitiallyIntersecting: BoxShape(1.5,0.5,1.5) at 0; box 0.5 at (0.01,0.95,0)
emit(JO + " UnitTests/Physics/CastShapeTests.cpp:594",
     "TestCastShapeInitiallyIntersecting: the start pose (fraction 0) as a static overlap",
     {"id": "patch-jolt-cast-initially-intersecting",
      "a": box([1.5, 0.5, 1.5]),
      "b": box([0.5, 0.5, 0.5], [0.01, 0.95, 0.0])},
     {"state": "penetrating", "distance": -0.05, "normal": [0.0, 1.0, 0.0], "contact_count": 4,
      "contacts": [c3([x, 0.5, z], [x, 0.45, z], -0.05) for x in (-0.49, 0.51) for z in (-0.5, 0.5)]},
     "Jolt asserts a hit at fraction 0 (already intersecting, front face). Hand derivation: A spans "
     "y in [-0.5,0.5], B y in [0.45,1.45]: overlap 0.05 along y (x needs 2.0, z 2.0), normal +y; B's "
     "bottom face x in [-0.49,0.51], z in [-0.5,0.5] lies inside A's 3x3 top face: 4 corner contacts, "
     "on A at y=0.5, on B at y=0.45.")

# CastShapeTests TestCast2DBoxVsBox: flat 2x2 square hull at z=1 touching hull box +-5,+-5,+-1
sq = [[-1.0, -1.0, 0.0], [1.0, -1.0, 0.0], [1.0, 1.0, 0.0], [-1.0, 1.0, 0.0]]
slab = [[sx * 5.0, sy * 5.0, sz * 1.0] for sz in (1, -1) for (sx, sy) in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
emit(JO + " UnitTests/Physics/CastShapeTests.cpp:509",
     "TestCast2DBoxVsBox: flat square touching the slab's top face at the cast start",
     {"id": "patch-jolt-flat-square-on-slab",
      "a": {"type": "hull", "points": sq, "position": [0.0, 0.0, 1.0]},
      "b": {"type": "hull", "points": slab}},
     {"state": "touching", "distance": 0.0, "normal": [0.0, 0.0, -1.0], "contact_count": 4,
      "contacts": [c3([x, y, 1.0], [x, y, 1.0], 0.0) for x in (-1.0, 1.0) for y in (-1.0, 1.0)]},
     "Jolt asserts fraction 0, penetration depth 0, axis (0,0,-1) (the cast direction, from the cast "
     "shape A towards B) and its single reported point (0,0,1) on both shapes. Hand derivation: A is "
     "the planar square [-1,1]^2 at z=1, B's top face is z=1 over [-5,5]^2: touching over the whole "
     "square, the only separating direction is -z (A above B), and the patch is the square: 4 contacts "
     "at (+-1,+-1,1), identical on both shapes. Jolt's one point is the centre of that patch.")

# CastShapeTests TestCastShapePenetrationDepthOrdering, block 3: sphere r1 at (1.05,0,0) vs bodies[5]
emit(JO + " UnitTests/Physics/CastShapeTests.cpp:270",
     "TestCastShapePenetrationDepthOrdering: sphere at x=1.05 inside slab 5 (fraction 0, deepest hit)",
     {"id": "patch-jolt-sphere-in-slab",
      "a": {"type": "sphere", "radius": 1.0, "position": [1.05, 0.0, 0.0]},
      "b": box([0.1, 2.0, 2.0], [1.1, 0.0, 0.0])},
     {"state": "penetrating", "distance": -1.05, "normal": [1.0, 0.0, 0.0], "contact_count": 1,
      "contacts": [c3([2.05, 0.0, 0.0], [1.0, 0.0, 0.0], -1.05)]},
     "Jolt asserts for bodies[5] (BoxShape(0.1,2,2) at x = 0.1+0.2*5 = 1.1): depth 1.05, axis +x, "
     "mContactPointOn1 = (2.05,0,0) (on the sphere), mContactPointOn2 = (1,0,0) (on the box). Hand "
     "derivation: the centre x=1.05 is inside the slab x in [1.0,1.2]; pushing the slab +x clears the "
     "sphere after 1.05 (its near face 1.0 to the sphere's far point 2.05), -x after 1.15, y/z after "
     "3: depth 1.05, normal A(sphere)->B(box) = +x; one point (sphere).")

# CastShapeTests TestDeepestPenetrationAtFraction0: Jolt capsule (half height 2, r 1, along y) at (0,2.1,0)
# vs the grid triangle at the origin; mink's capsule is along local z -> rotate 90 deg about x.
q90x = [math.cos(math.pi / 4), math.sin(math.pi / 4), 0.0, 0.0]
emit(JO + " UnitTests/Physics/CastShapeTests.cpp:328",
     "TestDeepestPenetrationAtFraction0: capsule 0.9 into the mesh at the origin (grid triangle)",
     {"id": "patch-jolt-capsule-into-grid-triangle",
      "a": {"type": "capsule", "radius": 1.0, "half_height": 2.0, "position": [0.0, 2.1, 0.0],
            "rotation": q90x},
      "b": {"type": "triangle", "points": [[0.0, 0.0, 0.0], [0.0, 0.0, 0.1], [0.1, 0.0, 0.1]]}},
     {"state": "penetrating", "distance": -0.9, "normal": [0.0, -1.0, 0.0], "contact_count": 1,
      "contacts": [c3([0.0, -0.9, 0.0], [0.0, 0.0, 0.0], -0.9)]},
     "Jolt asserts fraction 0, depth capsule_radius - offset = 0.9, axis (0,-1,0), mContactPointOn2 = "
     "origin, against a 0.1 grid mesh in y=0. Here B is the grid triangle (0,0,0),(0,0,0.1),(0.1,0,0.1) "
     "of the cell at the origin. Jolt's capsule axis is y; mink's is local z, so A is rotated 90 deg "
     "about x (symmetric, the sign does not matter). Hand derivation: the core segment y in [0.1,4.1] "
     "is 0.1 from the triangle (closest pair (0,0.1,0)-(0,0,0)), so depth = r - 0.1 = 0.9 along the "
     "direction segment->triangle, (0,-1,0). A's support along -y is the single bottom point (0,-0.9,0): "
     "one contact.")

# ActiveEdgesTests CollideShapeMesh (CollideWithAll): capsule half height 1, r 0.1 (axis y) at (x,0.1,z)
# vs single triangles of the 7x7 quad mesh in y=0.
r = 0.1
cap = lambda p: {"type": "capsule", "radius": r, "half_height": 1.0, "position": p, "rotation": q90x}
ae_cases = [
    (103, "outer edge x=-3.5", [-3.5, 0.1, 0.0],
     [[-3.5, 0.0, -0.5], [-3.5, 0.0, 0.5], [-2.5, 0.0, 0.5]], [1.0, 0.0, 0.0], [-3.5, 0.0, 0.0]),
    (105, "outer edge z=-3.5", [0.0, 0.1, -3.5],
     [[-0.5, 0.0, -3.5], [0.5, 0.0, -2.5], [0.5, 0.0, -3.5]], [0.0, 0.0, 1.0], [0.0, 0.0, -3.5]),
    (109, "internal edge x=-2.5, triangle on the left", [-2.5, 0.1, 0.0],
     [[-3.5, 0.0, -0.5], [-2.5, 0.0, 0.5], [-2.5, 0.0, -0.5]], [-1.0, 0.0, 0.0], [-2.5, 0.0, 0.0]),
    (109, "internal edge x=-2.5, triangle on the right", [-2.5, 0.1, 0.0],
     [[-2.5, 0.0, -0.5], [-2.5, 0.0, 0.5], [-1.5, 0.0, 0.5]], [1.0, 0.0, 0.0], [-2.5, 0.0, 0.0]),
    (110, "internal edge z=-2.5, triangle below (the (0,0,-1) hit)", [0.0, 0.1, -2.5],
     [[-0.5, 0.0, -3.5], [-0.5, 0.0, -2.5], [0.5, 0.0, -2.5]], [0.0, 0.0, -1.0], [0.0, 0.0, -2.5]),
    (113, "interior diagonal at x=-3, upper-left triangle", [-3.0, 0.1, 0.0],
     [[-3.5, 0.0, -0.5], [-3.5, 0.0, 0.5], [-2.5, 0.0, 0.5]], [-1.0 / S2, 0.0, 1.0 / S2], [-3.0, 0.0, 0.0]),
    (113, "interior diagonal at x=-3, lower-right triangle", [-3.0, 0.1, 0.0],
     [[-3.5, 0.0, -0.5], [-2.5, 0.0, 0.5], [-2.5, 0.0, -0.5]], [1.0 / S2, 0.0, -1.0 / S2], [-3.0, 0.0, 0.0]),
]
for line, label, pos, tri, n, pb in ae_cases:
    # the capsule's surface point facing B: its axis point (pos.x, 0, pos.z) == pb, plus r * n;
    # then pb - pa = -r * n = distance * n with distance = -r
    pa = add(pb, scale(n, r))
    slug = label.replace(" ", "-").replace(",", "").replace("=", "").replace("(", "").replace(")", "")
    emit(JO + " UnitTests/Physics/ActiveEdgesTests.cpp:%d" % line,
         "ActiveEdgesTest CollideShapeMesh (CollideWithAll): capsule on " + label,
         {"id": "patch-jolt-active-edges-" + slug.lower(), "a": cap(pos),
          "b": {"type": "triangle", "points": tri}},
         {"state": "penetrating", "distance": -r, "normal": n, "contact_count": 1,
          "contacts": [c3(pa, pb, -r)]},
         "Jolt expects a hit at %s with axis %s. " % (pb, [round(v, 6) for v in n]) +
         "Jolt's probe is CapsuleShape(half height 1, radius 0.1) along y at y=0.1, so its core segment "
         "(y in [-0.9,1.1]) pierces the mesh plane y=0 exactly on the hit edge; mink's capsule is along "
         "local z, rotated 90 deg about x. Jolt (CollideWithAll) collides per triangle and asserts each "
         "hit's mContactPointOn2 and penetration axis (direction to move the mesh out = A(capsule)->"
         "B(triangle), mink's normal); B here is that one triangle of the 7x7-quad mesh. Hand derivation: "
         "the core meets the triangle at a point inside one edge and inside the segment, so the depth is "
         "the radius 0.1 along that edge's outward in-plane normal (the unique normal of the Minkowski "
         "difference's face there). The capsule's vertical side line and the horizontal edge cross: one "
         "contact, point_b on the edge, point_a = point_b + 0.1*normal on the capsule's side." +
         (" Jolt lists (0,0,-1) for both hits at this probe; sCheckMatch only needs one result per "
          "expected entry, so only the triangle below the edge (z <= -2.5, leaving along -z) is checked; "
          "the neighbour above the edge would geometrically leave along +z and is not used." if line == 110 else ""))

# ActiveEdgesTests TestNonManifoldMesh: sphere r 0.1 vs three triangles sharing the edge x=0 (y=0 plane)
T1 = [[0.0, 0.0, -1.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]
T2 = [[0.0, 0.0, 1.0], [0.0, 0.0, -1.0], [-1.0, 0.0, 0.0]]
sph = lambda p: {"type": "sphere", "radius": 0.1, "position": p}
c = 0.05
dd = math.hypot(c, c) - 0.1  # centre (+-0.05,0.05,0) to the shared-edge point (0,0,0)
nm = [-1.0 / S2, -1.0 / S2, 0.0]
npl = [1.0 / S2, -1.0 / S2, 0.0]
emit(JO + " UnitTests/Physics/ActiveEdgesTests.cpp:372",
     "TestNonManifoldMesh: sphere at (0.05,0.05,0) over triangle 1 (interior hit)",
     {"id": "patch-jolt-nonmanifold-sphere-t1-interior", "a": sph([c, c, 0.0]),
      "b": {"type": "triangle", "points": T1}},
     {"state": "penetrating", "distance": -0.05, "normal": [0.0, -1.0, 0.0], "contact_count": 1,
      "contacts": [c3([c, -0.05, 0.0], [c, 0.0, 0.0], -0.05)]},
     "Jolt asserts one 'interior' hit with mContactPointOn2 = (0.05,0,0) and axis (0,-1,0). Hand "
     "derivation: the centre (0.05,0.05,0) projects into triangle 1 (x in [0,1], |z| <= 1-x) at "
     "(0.05,0,0), 0.05 away, so depth = 0.1-0.05 = 0.05 along centre->closest point (0,-1,0); sphere: "
     "one contact, point_a = centre + 0.1*(0,-1,0).")
emit(JO + " UnitTests/Physics/ActiveEdgesTests.cpp:377",
     "TestNonManifoldMesh: sphere at (0.05,0.05,0) vs triangle 2 (hit on the shared edge)",
     {"id": "patch-jolt-nonmanifold-sphere-t2-edge", "a": sph([c, c, 0.0]),
      "b": {"type": "triangle", "points": T2}},
     {"state": "penetrating", "distance": dd, "normal": nm, "contact_count": 1,
      "contacts": [c3(add([c, c, 0.0], scale(nm, 0.1)), [0.0, 0.0, 0.0], dd)]},
     "Jolt asserts two hits on the shared edge with mContactPointOn2 near zero and axis (-1,-1,0)/sqrt2 "
     "(triangles 2 and 3 give the same geometry here; triangle 2 is used). Hand derivation: triangle 2 "
     "lies in x <= 0, so the closest point to the centre (0.05,0.05,0) is (0,0,0) on the shared edge, "
     "at distance 0.05*sqrt2; depth 0.1-0.0707107 = 0.0292893 along centre->(0,0,0) = (-1,-1,0)/sqrt2; "
     "point_a = centre + 0.1*normal = (-0.0207107,-0.0207107,0).")
emit(JO + " UnitTests/Physics/ActiveEdgesTests.cpp:399",
     "TestNonManifoldMesh: sphere at (-0.05,0.05,0) vs triangle 1 (hit on the shared edge)",
     {"id": "patch-jolt-nonmanifold-sphere-t1-edge", "a": sph([-c, c, 0.0]),
      "b": {"type": "triangle", "points": T1}},
     {"state": "penetrating", "distance": dd, "normal": npl, "contact_count": 1,
      "contacts": [c3(add([-c, c, 0.0], scale(npl, 0.1)), [0.0, 0.0, 0.0], dd)]},
     "Jolt asserts one shared-edge hit with mContactPointOn2 near zero and axis (1,-1,0)/sqrt2. Mirror "
     "of the previous case: triangle 1 lies in x >= 0, closest point to (-0.05,0.05,0) is (0,0,0), "
     "depth 0.1-0.05*sqrt2, normal (1,-1,0)/sqrt2, point_a = centre + 0.1*normal.")


# EstimateCollisionResponseTest with y = z = 0: box1's whole +x face inside box2's -x face
p2c = [1.0 + 0.1 + 0.2 - e, 2.0, 3.0]
ovc = (p1[0] + 0.1) - (p2c[0] - 0.2)
emit(JO + " UnitTests/Physics/EstimateCollisionResponseTest.cpp:54",
     "TestEstimateCollisionResponse: box2 offset y=0, z=0 (box1's face inside box2's, 1e-4 deep)",
     {"id": "patch-jolt-estimate-response-full-face",
      "a": box([0.1, 1.0, 2.0], p1),
      "b": box([0.2, 3.0, 4.0], p2c)},
     {"state": "penetrating", "distance": -ovc, "normal": [1.0, 0.0, 0.0], "contact_count": 4,
      "contacts": [c3([1.1, y, z], [1.1 - ovc, y, z], -ovc) for y in (1.0, 3.0) for z in (1.0, 5.0)]},
     "Derived from the test's setup (the manifold feeds EstimateCollisionResponse, whose prediction Jolt "
     "compares with the solver; points not asserted directly). box1 = [0.9,1.1]x[1,3]x[1,5], "
     "box2 = [1.0999,1.4999]x[-1,5]x[-1,7]: overlaps 1e-4 (x), 2 (y), 4 (z) -> normal +x, distance -1e-4; "
     "box1's face x=1.1 lies inside box2's face x=1.0999 seen along x, so the patch is box1's face: "
     "corners y in {1,3}, z in {1,5}, on A at x=1.1 and on B at x=1.0999.")

# ActiveEdgesTests with the mesh scaled (-1,1,1): probe at (-3,0.1,0) on the mirrored diagonal
emit(JO + " UnitTests/Physics/ActiveEdgesTests.cpp:124",
     "ActiveEdgesTest CollideShapeMesh, mesh scaled (-1,1,1): capsule on the mirrored diagonal at x=-3",
     {"id": "patch-jolt-active-edges-mirrored-diagonal", "a": cap([-3.0, 0.1, 0.0]),
      "b": {"type": "triangle", "points": [[-2.5, 0.0, -0.5], [-2.5, 0.0, 0.5], [-3.5, 0.0, 0.5]]}},
     {"state": "penetrating", "distance": -r, "normal": [1.0 / S2, 0.0, 1.0 / S2], "contact_count": 1,
      "contacts": [c3([-3.0 + r / S2, 0.0, r / S2], [-3.0, 0.0, 0.0], -r)]},
     "Jolt (line 113 via the scaled call at line 124) expects hits at (-3,0,0) with axes "
     "(scale*(1,0,-1)).Normalized() = (-1,0,-1)/sqrt2 and (1,0,1)/sqrt2. The quad x in [2.5,3.5], "
     "z in [-0.5,0.5] mirrored in x has its diagonal from (-2.5,0,-0.5) to (-3.5,0,0.5) (x+z = -3), "
     "through (-3,0,0); B is the mirrored triangle (2.5,-0.5),(2.5,0.5),(3.5,0.5) -> (-2.5,0,-0.5),"
     "(-2.5,0,0.5),(-3.5,0,0.5), which lies on the x+z >= -3 side, so it leaves along (1,0,1)/sqrt2. "
     "Same derivation as the unscaled cases: depth = capsule radius 0.1, one contact, point_b = (-3,0,0), "
     "point_a = point_b + 0.1*normal. Capsule along Jolt's y (mink: local z rotated 90 deg about x).")

# CastShapeTests TestCastShapeExtraConvexRadius: the pose at the hit fraction 0.5/0.8
q90z = [math.cos(math.pi / 4), 0.0, 0.0, math.sin(math.pi / 4)]
ball = {"type": "sphere", "radius": 2.0, "margin": 0.5, "position": [0.0, 13.5, 0.0]}
emit(JO + " UnitTests/Physics/CastShapeTests.cpp:549",
     "TestCastShapeExtraConvexRadius: sphere (r 2 + extra radius 0.5) at the hit pose on the scaled box",
     {"id": "patch-jolt-extra-radius-sphere-on-box", "a": ball,
      "b": box([10.0, 1.0, 1.0], [0.0, 1.0, 0.0], q90z)},
     {"state": "touching", "distance": 0.0, "normal": [0.0, -1.0, 0.0], "contact_count": 1,
      "contacts": [c3([0.0, 11.0, 0.0], [0.0, 11.0, 0.0], 0.0)]},
     "Jolt asserts fraction 0.5/0.8, axis (0,-1,0), depth 0 and both contact points (0,11,0). The cast "
     "itself is out of scope: here A is the cast shape at the hit pose y = 14 - 0.8*(0.5/0.8) = 13.5; "
     "SphereShape(0.1) scaled 5 then 4 is radius 2, mExtraConvexRadius 0.5 becomes mink's margin. B is "
     "BoxShape(1) scaled (10,1,1) (half extents (10,1,1)) rotated 90 deg about z, at (0,1,0): world "
     "half extents (1,10,1), top face y = 11. Sphere bottom 13.5-2.5 = 11: touching at (0,11,0), normal "
     "A(sphere)->B(box) = -y, one point.")

emit(JO + " UnitTests/Physics/CastShapeTests.cpp:571",
     "TestCastShapeExtraConvexRadius: the same sphere at the hit pose on the triangle at y=11",
     {"id": "patch-jolt-extra-radius-sphere-on-triangle", "a": ball,
      "b": {"type": "triangle", "points": [[50.0, 10.0, 0.0], [-50.0, 10.0, 0.0], [0.0, 10.0, 50.0]],
            "position": [0.0, 1.0, 0.0]}},
     {"state": "touching", "distance": 0.0, "normal": [0.0, -1.0, 0.0], "contact_count": 1,
      "contacts": [c3([0.0, 11.0, 0.0], [0.0, 11.0, 0.0], 0.0)]},
     "Jolt asserts fraction 0.5/0.8, axis (0,-1,0), depth 0, both points (0,11,0). Pose at the hit as in "
     "the box case (sphere radius 2, margin 0.5, centre (0,13.5,0)); the triangle (50,10,0),(-50,10,0),"
     "(0,10,50) translated by (0,1,0) lies in y=11 and (0,11,0) is on its edge z=0, directly below the "
     "centre: the closest point is unique, 2.5 away = the swept radius, so touching there with normal -y.")

with open(OUT, "w") as f:
    for l in lines:
        f.write(l + "\n")
print(len(lines), "cases ->", OUT)
