#!/usr/bin/env python3
"""Box2D v3 unit tests (test/test_distance.c, test/test_collision.c,
test/test_shape.c) as mink 2D pairs; expectations from refgeom's oracle."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refgeom as R  # noqa: E402

REPO = "erincatto/box2d"
lines = []


def case(path, line, name, pid, a, b, touching=False, note=None, expect=None):
    pair = {"id": "box2d-" + pid, "dim": 2, "a": a, "b": b}
    e = R.expect_from(pair, touching_exact=touching)
    if expect:
        e.update(expect)
    lines.append(R.case_line("%s %s:%d" % (REPO, path, line), name, pair, e, note))


def poly(points, pos=None):
    s = {"type": "polygon", "points": points}
    if pos:
        s["position"] = pos
    return s


def seg(p, q):
    return {"type": "segment", "points": [p, q]}


def box(hx, hy, pos=None, margin=None):
    s = {"type": "box", "half_extents": [hx, hy]}
    if pos:
        s["position"] = pos
    if margin:
        s["margin"] = margin
    return s


def point(p):
    return {"type": "point", "position": p}


square = poly([[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]])
unit_box = box(1.0, 1.0)

# ---- test_distance.c
T = "test/test_distance.c"
case(T, 19, "SegmentDistanceTest: b2SegmentDistance", "segment-distance",
     seg([-1.0, -1.0], [-1.0, 1.0]), seg([2.0, 0.0], [1.0, 0.0]))
case(T, 48, "ShapeDistanceTest: square vs segment", "shape-distance",
     square, seg([2.0, -1.0], [2.0, 1.0]))
case(T, 72, "ShapeCastTest: the pose at the reported hit fraction 0.5", "shape-cast-hit-pose",
     square, seg([1.0, -1.0], [1.0, 1.0]), touching=True,
     note="the cast itself is out of scope: B moved by translationB times the expected fraction touches A exactly")
ht = 0.0016
case(T, 110, "ShapeDistanceShortEdgeTest: thin plank vs point a linear slop off its end", "short-edge",
     poly([[-0.5, -ht], [0.5, -ht], [0.5, ht], [-0.5, ht]]), point([0.505, 0.0]),
     note="B2_LINEAR_SLOP = 0.005 (length units 1); decimal inputs in double instead of float")
ht2 = 0.0002
case(T, 110, "ShapeDistanceShortEdgeTest with the 0.4 mm plank of ShapeCastShortEdgeTest", "short-edge-thinner",
     poly([[-0.5, -ht2], [0.5, -ht2], [0.5, ht2], [-0.5, ht2]]), point([0.505, 0.0]),
     note="derived: the plank of the disabled cast repro, far below the 3.5 mm edge the source comment says fails")
case(T, 142, "ShapeCastShortEdgeTest: start pose as a distance query", "short-edge-cast-start",
     poly([[-0.5, -ht2], [0.5, -ht2], [0.5, ht2], [-0.5, ht2]]), point([0.506, 0.0035]),
     note="derived: the static query at the cast's start (the cast is out of scope; the source test is disabled)")
case(T, 176, "TimeOfImpactTest: the pose at the reported impact fraction 0.5", "toi-hit-pose",
     square, seg([1.0, -1.0], [1.0, 1.0]), touching=True,
     note="derived: sweepB moved by half of (-2, 0) touches A exactly")

# ---- test_collision.c
C = "test/test_collision.c"
case(C, 23, "AABBTest: disjoint boxes [-1,1]^2 and [2,4]^2", "aabb-disjoint",
     box(1.0, 1.0), box(1.0, 1.0, [3.0, 3.0]))
rays = [
    (34, "Test 1: ray from the left through the box", [-3.0, 0.0], [3.0, 0.0], None),
    (48, "Test 2: ray from the right", [3.0, 0.0], [-3.0, 0.0], None),
    (62, "Test 3: ray from below", [0.0, -3.0], [0.0, 3.0], None),
    (76, "Test 4: ray from above", [0.0, 3.0], [0.0, -3.0], None),
    (90, "Test 5: miss, parallel to x", [-3.0, 2.0], [3.0, 2.0], None),
    (99, "Test 6: miss, parallel to y", [2.0, -3.0], [2.0, 3.0], None),
    (108, "Test 7: ray starting inside", [0.0, 0.0], [2.0, 0.0], None),
    (117, "Test 8: diagonal through the corners", [-2.0, -2.0], [2.0, 2.0], None),
    (130, "Test 9: parallel to an edge, outside", [-2.0, 1.5], [2.0, 1.5], None),
    (139, "Test 10: along the top edge", [-2.0, 1.0], [2.0, 1.0], "touch"),
    (151, "Test 11: short ray short of the box", [-3.0, 0.0], [-2.5, 0.0], None),
    (169, "Test 13: ray ending on the left face", [-2.0, 0.0], [-1.0, 0.0], "touch"),
]
for ln, name, p, q, kind in rays:
    pid = "aabb-ray-" + name.split(":")[0].split()[1]
    case(C, ln, "AABBRayCastTest " + name + " (ray as a segment)", pid, unit_box, seg(p, q),
         touching=(kind == "touch"))
case(C, 160, "AABBRayCastTest Test 12: zero-length ray at the centre (as a point)", "aabb-ray-12",
     unit_box, point([0.0, 0.0]))
case(C, 181, "AABBRayCastTest Test 14: offset box [2,4]x[3,5], ray through it", "aabb-ray-14",
     box(1.0, 1.0, [3.0, 4.0]), seg([0.0, 4.0], [6.0, 4.0]))
case(C, 212, "LargeWorldManifoldTest: unit boxes 0.9 apart at the origin", "large-world-origin",
     box(0.5, 0.5), box(0.5, 0.5, [0.9, 0.0]))
case(C, 225, "LargeWorldManifoldTest: the same pair at (1e7, 1e7)", "large-world-far",
     box(0.5, 0.5, [1.0e7, 1.0e7]), box(0.5, 0.5, [1.0e7 + 0.9, 1.0e7]),
     note="in double the offset 1e7 + 0.9 rounds to 10000000.900000000373, so the overlap is 0.099999999627")
case(C, 249, "LargeWorldAABBTest: rounded box (0.5 + radius 0.1) vs a point 0.05 beyond its extent", "rounded-box",
     box(0.5, 0.5, margin=0.1), point([0.65, 0.0]),
     note="derived: the source checks the AABB extent 0.6; here a point beyond it")
case(C, 252, "LargeWorldAABBTest: the rounded box at (1e7, 1e7) vs a point 0.05 beyond its extent", "rounded-box-far",
     box(0.5, 0.5, [1.0e7, 1.0e7], margin=0.1), point([1.0e7 + 0.65, 1.0e7]),
     note="derived: the source checks the AABB extent far from the origin")

# ---- test_shape.c
S = "test/test_shape.c"
circle = {"type": "circle", "radius": 1.0, "position": [1.0, 0.0]}
case(S, 125, "PointInShapeTest: point (0.5, 0.5) in the circle", "point-in-circle", circle, point([0.5, 0.5]))
case(S, 127, "PointInShapeTest: point (4, -4) outside the circle", "point-out-circle", circle, point([4.0, -4.0]))
case(S, 133, "PointInShapeTest: point (0.5, 0.5) in the box", "point-in-box", unit_box, point([0.5, 0.5]))
case(S, 135, "PointInShapeTest: point (4, -4) outside the box", "point-out-box", unit_box, point([4.0, -4.0]))
ray = seg([-4.0, 0.0], [4.0, 0.0])
case(S, 147, "RayCastShapeTest: ray (-4,0)+(8,0) through the circle (as a segment)", "ray-circle", circle, ray)
case(S, 155, "RayCastShapeTest: ray through the box (as a segment)", "ray-box", unit_box, ray)
case(S, 163, "RayCastShapeTest: ray crossing segment (0,1)-(0,-1)", "ray-segment", seg([0.0, 1.0], [0.0, -1.0]), ray,
     note="crossing 2D segments overlap: the least translation apart is 1 (along y), so distance -1")

if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "testdata", "suites", "box2d.ndjson")
    R.write_cases(out, lines)
    print(len(lines), "cases ->", out)
