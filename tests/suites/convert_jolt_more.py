#!/usr/bin/env python3
"""Writes testdata/suites/jolt-more.ndjson: fixed poses from Jolt Physics unit
tests that jolt.ndjson and patches-box2d-jolt.ndjson do not hold yet (GitHub
jrouwe/JoltPhysics, snapshot 3b47ec39; line numbers of that snapshot):

  UnitTests/Physics/CollidePointTests.cpp   points probed just inside and just
      outside a box, sphere, capsule, cylinder, convex hull, rotated-translated
      box, scaled box and the second box of a static compound (mink: the shape
      as A, a `point` as B).  The offset-centre-of-mass and mutable-compound
      tests probe the same geometry as the plain box / static compound and are
      not repeated; the tapered capsule (no mink shape) and the random mesh
      grid are left out.
  UnitTests/Physics/TransformedShapeTests.cpp   the 0.99 corners (inside), the
      doubled corners (outside) and the ray's hit point (on a face) of a box
      scaled by (-2,3,4), rotated-translated and placed on a body.
  UnitTests/Geometry/ClosestPointTests.cpp  closest point of a triangle to a
      point, in all six vertex orders the source tries (mink: triangle as A,
      point as B).
  UnitTests/Physics/ShapeTests.cpp  the zero-sized box and cylinder resting on
      the test floor (their end poses), and the convex hull of a box whose inner
      radius (depth of its centre of mass) the source checks.

Conventions (as in convert_jolt.py): Jolt's capsule and cylinder lie along
local y, mink's along local z, so a quarter turn about x is composed in; Jolt's
Quat::sRotation(axis, angle) is the usual axis-angle rotation; a float literal
is read as the decimal it spells, products are taken in double.  Jolt's
CollidePoint tests containment in the sharp shape (the convex radius plays no
part), so the shapes of those cases are given without a margin.

Expectations are derived here in closed form: point to box / sphere / capsule /
cylinder in the shape's frame, point to triangle in exact rational arithmetic
(plane projection when inside, else the nearest of the three clamped edge
points).  Box and triangle cases are cross-checked against refgeom.solve before
writing.  A penetration depth whose nearest face ties (a centre probe) gives no
normal and no points.
"""

import math
import os
import sys
from fractions import Fraction as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refgeom as R  # noqa: E402
import suitekit  # noqa: E402

REPO = "jrouwe/JoltPhysics"
CPT = "UnitTests/Physics/CollidePointTests.cpp"
TST = "UnitTests/Physics/TransformedShapeTests.cpp"
CLP = "UnitTests/Geometry/ClosestPointTests.cpp"
SHT = "UnitTests/Physics/ShapeTests.cpp"
IDENT = [1.0, 0.0, 0.0, 0.0]
Z_TO_Y = R.quat_axis_angle([1, 0, 0], -math.pi / 2)  # local z of mink -> y of Jolt
lines = []
checked = [0]


def world(rot, pos, v):
    return R.add(R.quat_rotate(rot, v), pos)


def emit(line, path, name, pid, a, b, expect, note=None):
    pair = {"id": "jolt-more-" + pid, "a": a, "b": b}
    lines.append(R.case_line("%s %s:%d" % (REPO, path, line), name, pair, expect, note))
    return pair


def make_expect(dist, normal=None, pa=None, pb=None, touching=False):
    e = {}
    if touching:
        e.update(state="touching", intersecting=True, distance=0.0)
    elif dist > 0:
        e.update(state="separated", intersecting=False, distance=R.clean(dist))
    else:
        e.update(state="penetrating", intersecting=True, distance=R.clean(dist))
    if normal is not None:
        e["normal"] = [R.clean(x) for x in normal]
        if pa is not None:
            e["point_a"] = [R.clean(x) for x in pa]
            e["point_b"] = [R.clean(x) for x in pb]
    return e


def cross_check(pair, e):
    """Compare with refgeom's oracle (pairs with >= 2 edge directions only)."""
    r = R.solve(pair)
    size = r["size"]
    assert abs(r["distance"] - e["distance"]) < 1e-10 * size, (pair["id"], r["distance"], e)
    if "normal" in e:
        assert r["normal"] is not None and R.angle(r["normal"], e["normal"]) < 1e-9, (pair["id"], r, e)
    else:
        assert r["normal"] is None or e["state"] != "penetrating", (pair["id"], r)
    checked[0] += 1


# ---------------------------------------------------------------- closed forms (local frames)

def point_box(h, q):
    """(signed distance, normal or None, closest point on the box or None)."""
    c = [min(hi, max(-hi, x)) for hi, x in zip(h, q)]
    v = R.sub(q, c)
    d = R.norm(v)
    if d > 0:
        return d, R.unit(v), c
    slack = [hi - abs(x) for hi, x in zip(h, q)]
    m = min(slack)
    axes = [i for i in range(3) if slack[i] == m]
    if m == 0:  # on the surface
        if len(axes) == 1:
            i = axes[0]
            n = [0.0, 0.0, 0.0]
            n[i] = math.copysign(1.0, q[i])
            return 0.0, n, list(q)
        return 0.0, None, list(q)
    if len(axes) > 1 or q[axes[0]] == 0:
        return -m, None, None
    i = axes[0]
    n = [0.0, 0.0, 0.0]
    n[i] = math.copysign(1.0, q[i])
    c = list(q)
    c[i] = math.copysign(h[i], q[i])
    return -m, n, c


def point_sphere(r, q):
    d = R.norm(q)
    if d == 0:
        return -r, None, None
    n = R.unit(q)
    return d - r, n, R.scale(n, r)


def point_capsule_y(hh, r, q):
    c = [0.0, min(hh, max(-hh, q[1])), 0.0]
    v = R.sub(q, c)
    d = R.norm(v)
    if d == 0:
        return -r, None, None
    n = R.unit(v)
    return d - r, n, R.add(c, R.scale(n, r))


def point_cylinder_y(hh, r, q):
    rho = math.hypot(q[0], q[2])
    er, ea = rho - r, abs(q[1]) - hh
    if er <= 0 and ea <= 0:
        dr, da = -er, -ea
        if dr < da and rho > 0:
            n = [q[0] / rho, 0.0, q[2] / rho]
            return -dr, n, [n[0] * r, q[1], n[2] * r]
        if da < dr and q[1] != 0:
            n = [0.0, math.copysign(1.0, q[1]), 0.0]
            return -da, n, [q[0], math.copysign(hh, q[1]), q[2]]
        return -min(dr, da), None, None
    if rho > r:
        cx, cz = q[0] * r / rho, q[2] * r / rho
    else:
        cx, cz = q[0], q[2]
    c = [cx, min(hh, max(-hh, q[1])), cz]
    v = R.sub(q, c)
    d = R.norm(v)
    return d, R.unit(v), c


def closest_on_triangle(p, a, b, c):
    """Exact closest point (as Fractions) of triangle abc to p."""
    p, a, b, c = ([F(x) for x in v] for v in (p, a, b, c))

    def sub(u, v):
        return [x - y for x, y in zip(u, v)]

    def dot(u, v):
        return sum(x * y for x, y in zip(u, v))

    def lerp(u, v, t):
        return [x + (y - x) * t for x, y in zip(u, v)]

    ab, ac, ap = sub(b, a), sub(c, a), sub(p, a)
    d00, d01, d11 = dot(ab, ab), dot(ab, ac), dot(ac, ac)
    d20, d21 = dot(ap, ab), dot(ap, ac)
    den = d00 * d11 - d01 * d01
    v = (d11 * d20 - d01 * d21) / den
    w = (d00 * d21 - d01 * d20) / den
    if v >= 0 and w >= 0 and v + w <= 1:
        return [a[i] + ab[i] * v + ac[i] * w for i in range(3)]
    best = None
    for s, e in ((a, b), (b, c), (c, a)):
        se = sub(e, s)
        t = min(F(1), max(F(0), dot(sub(p, s), se) / dot(se, se)))
        q = lerp(s, e, t)
        d2 = dot(sub(p, q), sub(p, q))
        if best is None or d2 < best[0]:
            best = (d2, q)
    return best[1]


# ---------------------------------------------------------------- CollidePointTests.cpp
CUBE = [[-1.0, 0, 0], [1.0, 0, 0], [0, -1.0, 0], [0, 1.0, 0], [0, 0, -1.0], [0, 0, 1.0]]
CUBE0 = [[0.0, 0.0, 0.0]] + CUBE
XZ = [[-1.0, 0, 0], [1.0, 0, 0], [0, 0, -1.0], [0, 0, 1.0]]
XZ0 = [[0.0, 0.0, 0.0]] + XZ


def pname(p):
    return "(%g,%g,%g)" % tuple(p)


def pslug(p):
    return "".join("p" if x > 0 else ("m" if x < 0 else "0") for x in p)


def mul3(u, v):
    return [x * y for x, y in zip(u, v)]


def point_case(line, test, kind, pid, shape, rot, pos, local_fn, q_local, note=None, check=False):
    """A Jolt shape (mink dict `shape`, pose rot/pos) against a point at local q."""
    d, n, c = local_fn(q_local)
    qw = world(rot, pos, q_local)
    if n is not None:
        nw = R.quat_rotate(rot, n)
        pa = world(rot, pos, c) if c is not None else None
    else:
        nw = pa = None
    e = make_expect(d, nw, pa, qw if pa is not None else None, touching=(d == 0.0))
    pair = emit(line, CPT if test.startswith("TestCollidePoint") else TST,
                "%s: %s at %s" % (test, kind, pname(q_local)), pid, shape,
                {"type": "point", "position": qw}, e, note)
    if check:
        cross_check(pair, e)


# box: BoxShape(0.1, 0.2, 0.3) (default convex radius 0.05, not part of the point test)
H = [0.1, 0.2, 0.3]
SHARP = "Jolt's CollidePoint tests the sharp shape (its convex radius is not used), so no margin"
for k, pr in enumerate(CUBE0):
    point_case(111, "TestCollidePointVsBox", "hit", "point-box-hit-" + pslug(pr), {"type": "box", "half_extents": H},
               IDENT, [0.0] * 3, lambda q: point_box(H, q), mul3(R.scale(H, 0.99), pr),
               note=("the centre: the x faces tie at depth 0.1, no unique normal" if k == 0 else SHARP), check=True)
for pr in CUBE:
    point_case(115, "TestCollidePointVsBox", "miss", "point-box-miss-" + pslug(pr),
               {"type": "box", "half_extents": H}, IDENT, [0.0] * 3, lambda q: point_box(H, q),
               mul3(R.scale(H, 1.01), pr), check=True)

# sphere: SphereShape(0.1)
for k, pr in enumerate(CUBE0):
    point_case(125, "TestCollidePointVsSphere", "hit", "point-sphere-hit-" + pslug(pr),
               {"type": "sphere", "radius": 0.1}, IDENT, [0.0] * 3, lambda q: point_sphere(0.1, q),
               R.scale(pr, 0.99 * 0.1), note="the centre: every direction ties" if k == 0 else None)
for pr in CUBE:
    point_case(129, "TestCollidePointVsSphere", "miss", "point-sphere-miss-" + pslug(pr),
               {"type": "sphere", "radius": 0.1}, IDENT, [0.0] * 3, lambda q: point_sphere(0.1, q),
               R.scale(pr, 1.01 * 0.1))

# capsule: CapsuleShape(half height 0.2, radius 0.1) along y
CAP = {"type": "capsule", "half_height": 0.2, "radius": 0.1, "rotation": Z_TO_Y}
capf = lambda q: point_capsule_y(0.2, 0.1, q)  # noqa: E731
AXN = "on the axis segment: every direction across it ties, no unique normal"
for end, line, sy in (("top", 140, 1.0), ("bottom", 147, -1.0)):
    for pr in XZ0:
        q = R.add(R.scale(pr, 0.99 * 0.1), [0.0, sy * 0.2, 0.0])
        point_case(line, "TestCollidePointVsCapsule", end + " hit", "point-capsule-%s-hit-%s" % (end, pslug(pr)),
                   CAP, IDENT, [0.0] * 3, capf, q, note=AXN if pr == [0.0, 0.0, 0.0] else None)
point_case(143, "TestCollidePointVsCapsule", "centre hit", "point-capsule-centre", CAP, IDENT, [0.0] * 3, capf,
           [0.0, 0.0, 0.0], note=AXN)
for pr in CUBE:
    point_case(151, "TestCollidePointVsCapsule", "miss", "point-capsule-miss-" + pslug(pr), CAP, IDENT, [0.0] * 3,
               capf, mul3(R.scale([0.1, 0.2 + 0.1, 0.1], 1.01), pr))

# cylinder: CylinderShape(half height 0.2, radius 0.1) along y, sharp
CYL = {"type": "cylinder", "half_height": 0.2, "radius": 0.1, "rotation": Z_TO_Y}
cylf = lambda q: point_cylinder_y(0.2, 0.1, q)  # noqa: E731
CYLN = ("Jolt's cylinder has the default convex radius 0.05, which would round its rims; CollidePoint tests the "
        "sharp cylinder, and these probes sit 0.001-0.002 inside its rim, outside the rounded one: taken sharp")
for end, line, sy in (("top", 192, 1.0), ("bottom", 199, -1.0)):
    for pr in XZ0:
        q = R.scale(R.add(R.scale(pr, 0.1), [0.0, sy * 0.2, 0.0]), 0.99)
        point_case(line, "TestCollidePointVsCylinder", end + " hit", "point-cylinder-%s-hit-%s" % (end, pslug(pr)),
                   CYL, IDENT, [0.0] * 3, cylf, q, note=CYLN)
point_case(195, "TestCollidePointVsCylinder", "centre hit", "point-cylinder-centre", CYL, IDENT, [0.0] * 3, cylf,
           [0.0, 0.0, 0.0], note="on the axis, nearest the side: every radial direction ties")
for pr in CUBE:
    point_case(203, "TestCollidePointVsCylinder", "miss", "point-cylinder-miss-" + pslug(pr), CYL, IDENT, [0.0] * 3,
               cylf, mul3(R.scale([0.1, 0.2, 0.1], 1.01), pr))

# convex hull of the box's corners placed at offset (10,11,12)
OFF = [10.0, 11.0, 12.0]
CORNERS = [[sx, sy, sz] for sy in (-1.0, 1.0) for sz in (-1.0, 1.0) for sx in (-1.0, 1.0)]
HULL = {"type": "hull", "points": [R.add(OFF, mul3(v, H)) for v in CORNERS]}

# rotated-translated box: rotation about (1,2,3) by 0.3 pi, translation (10,11,12)
ROT1 = R.quat_axis_angle([1, 2, 3], 0.3 * math.pi)
BOX1 = {"type": "box", "half_extents": H, "position": OFF, "rotation": ROT1}

# the box's probes, inside at 0.99 and outside at 1.01 of its size
for hit_line, miss_line, test, slug, shape, rot in (
        (218, 222, "TestCollidePointVsConvexHull", "point-hull-", HULL, IDENT),
        (237, 241, "TestCollidePointVsRotatedTranslated", "point-rt-box-", BOX1, ROT1)):
    for k, pr in enumerate(CUBE0):
        point_case(hit_line, test, "hit", slug + "hit-" + pslug(pr), shape, rot, OFF,
                   lambda q: point_box(H, q), mul3(R.scale(H, 0.99), pr),
                   note="the centre: the x faces tie" if k == 0 else None, check=True)
    for pr in CUBE:
        point_case(miss_line, test, "miss", slug + "miss-" + pslug(pr), shape, rot, OFF,
                   lambda q: point_box(H, q), mul3(R.scale(H, 1.01), pr), check=True)

# scaled box: scale (2,3,-4) -> half extents (0.2,0.6,1.2) (a mirrored box is the same box)
SC = [2.0, 3.0, -4.0]
HS = [abs(s) * h for s, h in zip(SC, H)]
for k, pr in enumerate(CUBE0):
    point_case(252, "TestCollidePointVsScaled", "hit", "point-scaled-box-hit-" + pslug(pr),
               {"type": "box", "half_extents": HS}, IDENT, [0.0] * 3, lambda q: point_box(HS, q),
               mul3(SC, mul3(R.scale(H, 0.99), pr)),
               note="the centre: the x faces tie" if k == 0 else None, check=True)
for pr in CUBE:
    point_case(256, "TestCollidePointVsScaled", "miss", "point-scaled-box-miss-" + pslug(pr),
               {"type": "box", "half_extents": HS}, IDENT, [0.0] * 3, lambda q: point_box(HS, q),
               mul3(SC, mul3(R.scale(H, 1.01), pr)), check=True)

# static compound: its second box, rotation about (4,5,6) by 0.2 pi, translation (-1,-2,-3)
ROT2 = R.quat_axis_angle([4, 5, 6], 0.2 * math.pi)
POS2 = [-1.0, -2.0, -3.0]
BOX2 = {"type": "box", "half_extents": H, "position": POS2, "rotation": ROT2}
CMPN = ("the compound's second box alone: its first box lies about 22 away; the first box's probes repeat "
        "TestCollidePointVsRotatedTranslated")
for pr in CUBE0:
    point_case(298, "TestCollidePointVsStaticCompound", "hit", "point-compound-box2-hit-" + pslug(pr), BOX2, ROT2,
               POS2, lambda q: point_box(H, q), mul3(R.scale(H, 0.99), pr), note=CMPN, check=True)
for pr in CUBE:
    point_case(306, "TestCollidePointVsStaticCompound", "miss", "point-compound-box2-miss-" + pslug(pr), BOX2, ROT2,
               POS2, lambda q: point_box(H, q), mul3(R.scale(H, 1.01), pr), note=CMPN, check=True)

# ---------------------------------------------------------------- TransformedShapeTests.cpp
HE = [0.5, 1.0, 1.5]
SC2 = [-2.0, 3.0, 4.0]
RT_ROT = R.quat_axis_angle([1, 2, 3], 0.25 * math.pi)
BODY_ROT = R.quat_axis_angle([0, 1, 0], 0.5 * math.pi)
ROT3 = R.quat_mul(BODY_ROT, RT_ROT)
POS3 = R.add([13.0, 9.0, 7.0], R.quat_rotate(BODY_ROT, [1.0, 3.0, 5.0]))
HS2 = [abs(s) * h for s, h in zip(SC2, HE)]
BOX3 = {"type": "box", "half_extents": HS2, "position": POS3, "rotation": ROT3}
TNOTE = ("the source checks these against the box's world bounds; here the distance to the box itself "
         "(box (0.5,1,1.5) scaled (-2,3,4) = half extents (1,3,6), mirrored onto itself)")
for sx in (-1.0, 1.0):
    for sy in (-1.0, 1.0):
        for sz in (-1.0, 1.0):
            corner = mul3([sx * 0.99, sy * 0.99, sz * 0.99], HE)
            for f, tag, line in ((1.0, "0.99 corner", 70), (2.0, "doubled 0.99 corner", 71)):
                q = mul3(SC2, R.scale(corner, f))
                point_case(line, "TestTransformedShape", tag, "transformed-%s-%s" % (
                    "in" if f == 1.0 else "out", pslug([sx, sy, sz])), BOX3, ROT3, POS3,
                    lambda v: point_box(HS2, v), q, note=TNOTE, check=True)
p_on = mul3(SC2, [0.5 - 0.01, 1.0 - 0.01, 1.5])
point_case(75, "TestTransformedShape", "the ray's hit point on the +z face", "transformed-ray-hit-point", BOX3,
           ROT3, POS3, lambda v: point_box(HS2, v), p_on,
           note="the ray cast is out of scope; the point it must hit lies on the face z = 6 of the scaled box, "
                "so it touches it with the face's normal")

# ---------------------------------------------------------------- ClosestPointTests.cpp
PERMS = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
ORDER = "abc"


def tri_point(line, test, name, slug, tri, p, jolt_closest=None, note=None):
    c = closest_on_triangle(p, *tri)
    diff = [F(x) - y for x, y in zip(p, c)]
    d = math.sqrt(float(sum(x * x for x in diff)))
    n = R.unit([float(x) for x in diff])
    cf = [float(x) for x in c]
    if jolt_closest is not None:
        gap = R.norm(R.sub(cf, jolt_closest))
        assert gap < 2e-5, (slug, cf, jolt_closest)
    for perm in PERMS:
        pts = [list(tri[i]) for i in perm]
        e = make_expect(d, n, cf, list(p))
        pair = emit(line, CLP, "%s: %s, vertices in order %s" % (test, name, "".join(ORDER[i] for i in perm)),
                    "closest-%s-%s" % (slug, "".join(ORDER[i] for i in perm)),
                    {"type": "triangle", "points": pts}, {"type": "point", "position": list(p)}, e, note)
        cross_check(pair, e)


LA, LB, LC = [100.0, 1.0, 0.0], [100.0, 1.0, 1.0], [-100.0, 1.0, 0.0]
LONG = (LA, LB, LC)
tri_point(57, "TestLongTriangle", "interior", "long-interior", LONG, [0.0, 0.0, 0.1], [0.0, 1.0, 0.1])
tri_point(60, "TestLongTriangle", "edge AB", "long-edge-ab", LONG, [101.0, 0.0, 0.5], [100.0, 1.0, 0.5])
tri_point(63, "TestLongTriangle", "edge AC", "long-edge-ac", LONG, [0.0, 0.0, -0.1], [0.0, 1.0, 0.0])
bc = R.sub(LC, LB)
tri_point(69, "TestLongTriangle", "edge BC", "long-edge-bc", LONG, [0.0, 0.0, 1.0],
          R.add(LB, R.scale(bc, R.dot(R.sub([0.0, 0.0, 1.0], LB), bc) / R.dot(bc, bc))))
tri_point(72, "TestLongTriangle", "vertex A", "long-vertex-a", LONG, [101.0, 0.0, -1.0], LA)
tri_point(75, "TestLongTriangle", "vertex B", "long-vertex-b", LONG, [101.0, 0.0, 2.0], LB)
tri_point(78, "TestLongTriangle", "vertex C", "long-vertex-c", LONG, [-101.0, 0.0, 0.0], LC)

NA = [99.9999847, 0.946687222, 99.9999847]
NB = [-100.010002, 0.977360725, -100.010002]
NC = [-100.000137, 0.977310658, -100.000137]
ac = R.sub(NC, NA)
tri_point(92, "TestNearColinearTriangle", "origin nearest edge AC", "near-colinear", (NA, NB, NC), [0.0, 0.0, 0.0],
          R.add(NA, R.scale(ac, -R.dot(NA, ac) / R.dot(ac, ac))),
          note="a triangle 200 long and under 0.01 wide; the closest point is on edge AC, in exact arithmetic")

SA = [-0.132395342, -0.294095188, -0.164812326]
SB = [-0.126054004, -0.283950001, -0.159065604]
SC3 = [-0.154956535, -0.284792334, -0.160523415]
tri_point(103, "TestSmallTriangleWithPlaneGoingThroughOrigin", "the origin", "small-plane-through-origin",
          (SA, SB, SC3), [0.0, 0.0, 0.0],
          note="the source checks that the origin's projection on the plane is near the origin and outside the "
               "triangle; here the origin's distance to the triangle, reached on its boundary")

# ---------------------------------------------------------------- ShapeTests.cpp
FLOOR = {"type": "box", "half_extents": [100.0, 1.0, 100.0], "position": [0.0, -1.0, 0.0]}
for line, kind, shape in ((962, "box", {"type": "box", "half_extents": [0.0, 0.0, 0.0]}),
                          (1022, "cylinder", {"type": "cylinder", "radius": 0.0, "half_height": 0.0,
                                              "rotation": Z_TO_Y})):
    test = "TestBoxShape" if kind == "box" else "TestCylinderShape"
    for x in (0.0, 1.0):
        s = dict(shape, position=[x, 0.0, 0.0])
        e = make_expect(0.0, [0.0, 1.0, 0.0], [x, 0.0, 0.0], [x, 0.0, 0.0], touching=True)
        emit(line + (0 if x == 0 else 1), SHT, "%s: zero-sized %s resting on the floor at x=%g" % (test, kind, x),
             "zero-%s-on-floor-x%g" % (kind, x), FLOOR, s, e,
             note="the end pose the source expects after 1 s (speculative distance and slop 0): a zero-sized %s "
                  "(its convex radius clamped to 0) on the top face y = 0 of the floor box (100,1,100) at y = -1"
                  % kind)

HB = [[x, y, z] for x in (5.0, 10.0) for y in (6.0, 12.0) for z in (7.0, 14.0)]
pair = emit(66, SHT, "TestConvexHullShape: the centre of mass of the box hull, 2.5 deep (inner radius)",
            "hull-inner-radius", {"type": "hull", "points": HB}, {"type": "point", "position": [7.5, 9.0, 10.5]},
            make_expect(-2.5), note="the source checks GetInnerRadius() = 2.5 and the centre of mass (7.5,9,10.5); "
            "the centre is 2.5 from both x faces, so the normal ties")
cross_check(pair, make_expect(-2.5))

if __name__ == "__main__":
    suitekit.write_lines(lines, "jolt-more.ndjson",
                         "(%d cross-checked with refgeom.solve)" % checked[0])
