#!/usr/bin/env python3
"""Writes testdata/suites/box2d-v3.ndjson: Box2D v3 fixed-pose shape pairs not yet
in box2d.ndjson or patches-box2d-jolt.ndjson.

Sources (erincatto/box2d, snapshot 617d32ab):
  test/test_large_world.c  LargeWorldOriginQueryTest: b2World_OverlapShape with a
                           circle proxy, b2World_CollideMover with a capsule and
                           b2Shape_TestPoint against a unit box, at the origin and at
                           a base of (1e7, 0) (the cast queries are out of scope);
  test/test_world.c        HelloWorld (box at rest on the ground) and TestSensor
                           (circle bullet crossing a wall): poses derived from them;
  test/test_shape.c        ShapeMassTest: the capsule against the box that bounds it
                           and against the 8-point hull inscribed in it;
  test/test_collision.c    LargeWorldAABBTest: the rounded box as a polygon with a
                           radius (mink's polygon "margin");
  test/test_snapshot.c     the initial stack: boxes 1.1 apart.
test_distance.c, the rest of test_collision.c and test_shape.c, test_math.c (rotations
alone, no shapes), test_mover.c (plane solver), test_chain.c (bookkeeping) give nothing
new as shape pairs.

Conventions: Box2D's b2MakeBox(hx, hy) is mink's box with half_extents [hx, hy]; a
b2Circle {center, r} is a circle at the centre; a b2Capsule {c1, c2, r} with c1, c2 on a
vertical line is mink's capsule at their midpoint with half_height |c2 - c1| / 2 (mink's
axis is local y), a horizontal one gets rotation pi/2; b2MakeRoundedBox(hx, hy, r) is a
polygon of the four corners with margin r.  The world pair is A = the body's shape (or
the static one), B = the query proxy (or the moving one); normals point from A to B.
Float literals are taken as the decimals they spell, in double.

Every expectation is a closed form written next to its case; where a case is also
within reach of refgeom's exact oracle the two are compared here and the converter
stops on a disagreement.
"""

import math
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refgeom as R  # noqa: E402
import suitekit  # noqa: E402

REPO = "erincatto/box2d"
lines = []


def case(path, line, name, pid, a, b, expect, note=None, oracle=True):
    pair = {"id": "box2d-v3-" + pid, "dim": 2, "a": a, "b": b}
    if oracle:
        check_oracle(pair, expect)
    lines.append(R.case_line("%s %s:%d" % (REPO, path, line), name, pair, expect, note))


def check_oracle(pair, e):
    """The closed form against refgeom's exact search (distance, and the normal and
    points where the closed form claims them unique)."""
    r = R.solve(pair)
    tol = 1e-9 * r["size"]
    if abs(r["distance"] - e["distance"]) > tol:
        raise SystemExit("%s: distance %r, oracle %r" % (pair["id"], e["distance"], r["distance"]))
    if "normal" in e:
        if r["normal"] is None or R.angle(r["normal"], e["normal"]) > 1e-9:
            raise SystemExit("%s: normal %r, oracle %r" % (pair["id"], e["normal"], r["normal"]))
    elif r["normal"] is not None:
        raise SystemExit("%s: the oracle finds a unique normal %r" % (pair["id"], r["normal"]))
    for k in ("point_a", "point_b"):
        if k in e and (r[k] is None or R.norm(R.sub(r[k], e[k])) > tol):
            raise SystemExit("%s: %s %r, oracle %r" % (pair["id"], k, e[k], r[k]))


def box(hx, hy, pos=None):
    s = {"type": "box", "half_extents": [hx, hy]}
    if pos is not None:
        s["position"] = list(pos)
    return s


def circle(r, pos):
    return {"type": "circle", "radius": r, "position": list(pos)}


def capsule(r, hh, pos, rot=None):
    s = {"type": "capsule", "radius": r, "half_height": hh, "position": list(pos)}
    if rot is not None:
        s["rotation"] = rot
    return s


def point(pos):
    return {"type": "point", "position": list(pos)}


def contact(pa, pb, d):
    return {"point_a": list(pa), "point_b": list(pb), "distance": d}


def f(x):
    """A Fraction (exact sum of doubles) to the nearest double."""
    return float(x)


# ------------------------------------------------------------ test_large_world.c
L = "test/test_large_world.c"
BIG = 1.0e7

# OverlapShape: b2MakeProxy(&center, 1, 0.1) is a circle of radius 0.1 at the base, the
# box b2MakeBox(0.5, 0.5) on a body at the base.  The circle's centre is the box's: the
# least translation apart is 0.5 (to a face) + 0.1 (the radius) along any of the four
# face normals, so distance -0.6 with no unique normal.
for tag, base in (("origin", 0.0), ("far", BIG)):
    case(L, 281, "LargeWorldOriginQueryTest: OverlapShape, circle r 0.1 centred on the unit box (base %s)"
         % ("0" if base == 0 else "1e7"), "overlap-circle-" + tag,
         box(0.5, 0.5, [base, 0.0]), circle(0.1, [base, 0.0]),
         {"state": "penetrating", "intersecting": True, "distance": -0.6},
         note="the source asserts overlapCount == 1 (and the same count at 1e7). Centres "
              "coincide: depth 0.5 + 0.1 along each of +-x, +-y, so the normal is not unique")

# CollideMover: b2Capsule {(-0.9,-0.2), (-0.9,0.2), 0.5} relative to the base.  Its core
# is the vertical segment x = -0.9, |y| <= 0.2, 0.4 left of the box face x = -0.5 and
# parallel to it, so distance 0.4 - 0.5 = -0.1 with normal A(box)->B(capsule) = (-1, 0).
# The closest points are not unique (the core is parallel to the face); the patch is the
# face span |y| <= 0.2: box points (-0.5, +-0.2), capsule points (-0.9 + 0.5, +-0.2).
case(L, 294, "LargeWorldOriginQueryTest: CollideMover, capsule 0.1 into the box's left face (base 0)",
     "mover-capsule-origin",
     box(0.5, 0.5), capsule(0.5, 0.2, [-0.9, 0.0]),
     {"state": "penetrating", "intersecting": True, "distance": -0.1, "normal": [-1.0, 0.0],
      "contact_count": 2,
      "contacts": [contact([-0.5, -0.2], [-0.4, -0.2], -0.1),
                   contact([-0.5, 0.2], [-0.4, 0.2], -0.1)]},
     note="the source asserts planeCount >= 1. Capsule core x = -0.9, |y| <= 0.2, radius 0.5; "
          "box face x = -0.5: depth 0.5 - 0.4 = 0.1 along -x (along y the overlap is "
          "0.5 + 0.2 + 0.5 = 1.2). Two contacts at the ends of the core's span")

xc = BIG - 0.9                      # the capsule centre as a double
face = Fraction(BIG) - Fraction(0.5)  # exact in double
d_far = face - Fraction(xc) - Fraction(1, 2)
case(L, 294, "LargeWorldOriginQueryTest: CollideMover at the base (1e7, 0)",
     "mover-capsule-far",
     box(0.5, 0.5, [BIG, 0.0]), capsule(0.5, 0.2, [xc, 0.0]),
     {"state": "penetrating", "intersecting": True, "distance": f(d_far), "normal": [-1.0, 0.0],
      "contact_count": 2,
      "contacts": [contact([f(face), -0.2], [f(Fraction(xc) + Fraction(1, 2)), -0.2], f(d_far)),
                   contact([f(face), 0.2], [f(Fraction(xc) + Fraction(1, 2)), 0.2], f(d_far))],
      "tol": 1e-7},
     note="the source asserts the far run gathers as many planes as the origin run. 1e7 - 0.9 "
          "rounds to the double 9999999.0999999996275, so the depth is 0.0999999996275 "
          "(exact from the doubles); tol 1e-7 for the 1.9e-9 ulp at 1e7")

# Shape_TestPoint at the base: the box's centre.  Depth 0.5 to each face, no unique normal.
for tag, base in (("origin", 0.0), ("far", BIG)):
    case(L, 297, "LargeWorldOriginQueryTest: Shape_TestPoint at the box's centre (base %s)"
         % ("0" if base == 0 else "1e7"), "test-point-centre-" + tag,
         box(0.5, 0.5, [base, 0.0]), point([base, 0.0]),
         {"state": "penetrating", "intersecting": True, "distance": -0.5},
         note="the source asserts insidePoint == true. The centre is 0.5 from all four faces")

# ------------------------------------------------------------ test_world.c
W = "test/test_world.c"
# HelloWorld: ground b2MakeBox(50, 10) at (0, -10) (top y = 0), box b2MakeBox(1, 1); the test
# asserts the box ends within 0.01 of (0, 1) with angle 0: the exact rest pose there has its
# bottom edge y = 0 on the ground's top edge, touching over x in [-1, 1].
case(W, 95, "HelloWorld: the box at its asserted rest pose (0, 1) on the ground",
     "hello-world-rest",
     box(50.0, 10.0, [0.0, -10.0]), box(1.0, 1.0, [0.0, 1.0]),
     {"state": "touching", "intersecting": True, "distance": 0.0, "normal": [0.0, 1.0],
      "contact_count": 2,
      "contacts": [contact([-1.0, 0.0], [-1.0, 0.0], 0.0), contact([1.0, 0.0], [1.0, 0.0], 0.0)]},
     note="derived: the source checks the simulated pose to 0.01 (Box2D settles a linear slop "
          "deep); the exact pose it aims at touches along the box's bottom edge, two contacts at "
          "its ends")

# TestSensor: wall b2MakeBox(0.5, 10) at (1.5, 11) spans x in [1, 2], y in [1, 21]; bullet
# circle r 0.1 at (7.39814, 4) moving -x.  Start pose: gap 7.39814 - 2 - 0.1 to the face
# x = 2, normal +x, closest points (2, 4) and (7.29814, 4).
x0 = 7.39814
d0 = f(Fraction(x0) - 2 - Fraction(1, 10))
case(W, 348, "TestSensor: the bullet circle at its start pose, right of the wall",
     "sensor-start",
     box(0.5, 10.0, [1.5, 11.0]), circle(0.1, [x0, 4.0]),
     {"state": "separated", "intersecting": False, "distance": d0, "normal": [1.0, 0.0],
      "point_a": [2.0, 4.0], "point_b": [f(Fraction(x0) - Fraction(1, 10)), 4.0]},
     note="derived from the setup; the source asserts one sensor begin and one end event as "
          "the bullet crosses the wall")
# A pose during the crossing (the begin event needs one): centre at x = 1.8, inside the wall
# 0.2 from its right face, so depth 0.2 + 0.1, normal +x, wall point (2, 4), circle's
# deepest point (1.8 - 0.1, 4).
case(W, 371, "TestSensor: the bullet circle inside the wall during the crossing (x = 1.8)",
     "sensor-crossing",
     box(0.5, 10.0, [1.5, 11.0]), circle(0.1, [1.8, 4.0]),
     {"state": "penetrating", "intersecting": True, "distance": -0.3, "normal": [1.0, 0.0],
      "point_a": [2.0, 4.0], "point_b": [1.7, 4.0]},
     note="derived: a pose of the crossing that raises the begin event the source counts; "
          "nearest face x = 2 (0.2 away; x = 1 is 0.8 away)")

# ------------------------------------------------------------ test_shape.c
S = "test/test_shape.c"
# ShapeMassTest's capsule {(-1,0), (1,0), 1}: horizontal, centre 0, half_height 1, radius 1.
cap = capsule(1.0, 1.0, [0.0, 0.0], rot=math.pi / 2)
# Upper bound box b2MakeBox(radius + length/2, radius) = (2, 1) holds it: along +-y the
# translation apart is 1 + 1 = 2, along +-x 2 + 2 = 4; the two y directions tie.
case(S, 34, "ShapeMassTest: the capsule inside its bounding box b2MakeBox(2, 1)",
     "mass-capsule-in-box",
     box(2.0, 1.0), cap,
     {"state": "penetrating", "intersecting": True, "distance": -2.0},
     note="derived from the mass bounds (the box is the upper bound). Least translation apart: "
          "2 along +y or -y (tie, no unique normal)")
# Lower bound: the hull of 8 points on the capsule's two end circles, at angles -90, -30,
# 30, 90 degrees about (1, 0) and 90, 150, 210, 270 about (-1, 0).  Its extent is
# x in [-2, 2], y in [-1, 1] (the points at +-90 degrees), so the same least translation
# apart as above: 1 + 1 = 2 along +-y (x: 2 + 2 = 4; the slanted edges' normals give more).
hull = []
for i in range(4):
    a = -0.5 * math.pi + i * math.pi / 3
    hull.append([1.0 + math.cos(a), math.sin(a)])
for i in range(4):
    a = 0.5 * math.pi + i * math.pi / 3
    hull.append([-1.0 + math.cos(a), math.sin(a)])
case(S, 56, "ShapeMassTest: the capsule against its inscribed 8-point hull",
     "mass-capsule-hull",
     {"type": "polygon", "points": hull}, cap,
     {"state": "penetrating", "intersecting": True, "distance": -2.0},
     note="derived from the mass bounds (the hull is the lower bound); points in double, not "
          "float. The hull's y extent is +-1, so +-y ties at depth 2")

# ------------------------------------------------------------ test_collision.c
C = "test/test_collision.c"
# b2MakeRoundedBox(0.5, 0.5, 0.1): the square [-0.5, 0.5]^2 swept by 0.1, as a polygon with
# a radius.  The AABB corner (0.6, 0.6) the source checks is outside the shape: its distance
# to the core corner (0.5, 0.5) is 0.1*sqrt(2), minus the radius.  Normal along (1, 1).
rbox = {"type": "polygon", "points": [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]], "margin": 0.1}
s = math.sqrt(0.5)
case(C, 249, "LargeWorldAABBTest: the rounded box's AABB corner (0.6, 0.6) is outside it",
     "rounded-box-aabb-corner",
     rbox, point([0.6, 0.6]),
     {"state": "separated", "intersecting": False, "distance": 0.1 * math.sqrt(2.0) - 0.1,
      "normal": [s, s], "point_a": [0.5 + 0.1 * s, 0.5 + 0.1 * s], "point_b": [0.6, 0.6]},
     note="derived: the source checks the AABB extent 0.6; the corner of that AABB lies "
          "0.1*(sqrt 2 - 1) off the rounded corner")
# A point on the side, 0.05 beyond the rounded face x = 0.6: distance 0.05, normal +x.
case(C, 250, "LargeWorldAABBTest: the rounded box (polygon radius 0.1) vs a point 0.05 right of its face",
     "rounded-polygon-side",
     rbox, point([0.65, 0.2]),
     {"state": "separated", "intersecting": False, "distance": 0.05, "normal": [1.0, 0.0],
      "point_a": [0.6, 0.2], "point_b": [0.65, 0.2]},
     note="derived: the polygon-with-radius form of the rounded box (box2d.ndjson has it as a "
          "box with a margin)")
# A point inside the rounding: 0.05 into the rounded face, 0.05 out of the core.
case(C, 250, "LargeWorldAABBTest: a point in the rounded box's radius band (inside the shape, outside the core)",
     "rounded-polygon-band",
     rbox, point([0.55, 0.0]),
     {"state": "penetrating", "intersecting": True, "distance": -0.05, "normal": [1.0, 0.0],
      "point_a": [0.6, 0.0], "point_b": [0.55, 0.0]},
     note="derived: 0.55 - 0.6 = -0.05 along +x; the other faces are 1.15 and 0.7 away")

# ------------------------------------------------------------ test_snapshot.c
N = "test/test_snapshot.c"
# Main stack: b2MakeBox(0.5, 0.5) at y = 0.5 + 1.1 i; boxes 0 and 1 leave a 0.1 gap
# (top 1.0, bottom 1.6 - 0.5 = 1.1), patch the bottom edge of box 1 over the top of box 0.
y1 = 0.5 + 1.1
gap = f(Fraction(y1) - Fraction(1, 2) - 1)
case(N, 68, "Snapshot scene: the first two boxes of the main stack at creation (0.1 apart)",
     "stack-gap",
     box(0.5, 0.5, [0.0, 0.5]), box(0.5, 0.5, [0.0, y1]),
     {"state": "separated", "intersecting": False, "distance": gap, "normal": [0.0, 1.0],
      "contact_count": 2,
      "contacts": [contact([-0.5, 1.0], [-0.5, f(Fraction(y1) - Fraction(1, 2))], gap),
                   contact([0.5, 1.0], [0.5, f(Fraction(y1) - Fraction(1, 2))], gap)]},
     note="derived from the setup (the snapshot test asserts state round trips, not contacts). "
          "0.5 + 1.1 is the double 1.6000000000000001, gap 0.10000000000000009")

if __name__ == "__main__":
    suitekit.write_lines(lines, "box2d-v3.ndjson")
