#!/usr/bin/env python3
"""ncollide's fixed-pose contact and distance tests as mink pairs.

Sources (dimforge/ncollide, the predecessor of parry; tests under build/):
  build/ncollide2d/tests/geometry/compound_penetration.rs  (issue 171)
  build/ncollide2d/tests/geometry/epa2.rs  (issue 181: the first pose of its loop)
  build/ncollide3d/tests/geometry/contact.rs  (issue 182)
  build/ncollide3d/tests/geometry/still_objects_toi.rs  (issue 141: the start pose)
Left out: epa2.rs / epa3.rs cuboid_cuboid_EPA, ball_cuboid_contact.rs and
cylinder_cuboid_contact.rs (issue 157), whose shapes and poses are those of
parry's tests already in parry.ndjson; the time-of-impact, ray-cast and
pipeline tests (motion, rays or world bookkeeping, not a fixed-pose query).

Conventions, as parry's: Cuboid::new takes half extents (mink's box);
Isometry2::new(t, angle) / Isometry3::new(t, rotation vector) is the pose;
the shape named first in a query is mink's A; ncollide's contact normal
points from the first shape to the second and its depth is minus mink's
signed distance.  A Compound of one cuboid at pose P under the identity is
the cuboid at P.  The prediction margins of the queries only admit contacts
and do not change the geometry.

Expectations are closed forms of axis-aligned boxes, or refgeom's exact
polytope oracle for the rotated pair.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refgeom as R  # noqa: E402
import suitekit  # noqa: E402

REPO = "dimforge/ncollide "
lines = []


def add(path, line, case, pid, pair, expect, note=None):
    pair = dict(pair, id="ncollide-" + pid)
    lines.append(R.case_line(REPO + "%s:%d" % (path, line), case, pair, expect, note))


def box2(he, pos, angle=None):
    s = {"type": "box", "half_extents": [float(x) for x in he], "position": [float(x) for x in pos]}
    if angle is not None:
        s["rotation"] = float(angle)
    return s


def box3(he, pos):
    return {"type": "box", "half_extents": [float(x) for x in he], "position": [float(x) for x in pos]}


# ---- issue 171: unit-half squares at (10.5, 10.5) and (10, 10): overlap 1.5 in x and in y
CP = "build/ncollide2d/tests/geometry/compound_penetration.rs"
sq = {"dim": 2, "a": box2([1, 1], [10.5, 10.5]), "b": box2([1, 1], [10, 10])}
tie = {"state": "penetrating", "intersecting": True, "distance": -1.5}
add(CP, 12, "normal (issue 171)", "issue171-cuboids", sq, dict(tie),
    "x ranges [9.5, 11.5] and [9, 11], y the same: depth 1.5 along -x and along -y alike, so no "
    "unique normal; the source asserts a contact within prediction 1")
add(CP, 35, "compound (issue 171)", "issue171-compound", dict(sq, b=box2([1, 1], [10, 10])), dict(tie),
    "the compound holds one such square at (10, 10) under the identity: the same pair as the "
    "non-compound test; the source asserts a contact (it once failed)")

# ---- issue 181: the loop's first pose (p = (0.0001, 0), angle 0.005) before any correction
EP = "build/ncollide2d/tests/geometry/epa2.rs"
pair = {"dim": 2, "a": box2([10, 10], [0.0001, 0], 0.005), "b": box2([300, 1.5], [5, 0], 1.5)}
e = R.expect_from(pair)
assert e["distance"] < 0
add(EP, 48, "cuboids_large_size_ratio_issue_181: first step", "issue181-first-step", pair, e,
    "the source moves cuboid A over 200000 steps by its own contact results and asserts only that "
    "nothing panics; here the first step's pose, deep overlap of a 20 x 20 square with a 600 x 3 "
    "plank turned 1.5 rad (exact oracle)")

# ---- issue 182: boxes (0.5, 0.5, 0.1) at the origin and at (0, 1, 0): faces y = 0.5 meet
CT = "build/ncollide3d/tests/geometry/contact.rs"
pts = [[x, 0.5, z] for x in (-0.5, 0.5) for z in (-0.1, 0.1)]
add(CT, 22, "just_touching_nan3d (issue 182)", "issue182-touching",
    {"a": box3([.5, .5, .1], [0, 0, 0]), "b": box3([.5, .5, .1], [0, 1, 0])},
    {"state": "touching", "intersecting": True, "distance": 0.0, "normal": [0.0, 1.0, 0.0],
     "contact_count": 4, "contacts": [{"point_a": p, "point_b": p, "distance": 0.0} for p in pts]},
    "identical faces y = 0.5 coincide: touching, the patch is the face's 4 corners; the source "
    "only runs a world update (it once produced NaN)")

# ---- issue 141: unit cubes at (0, 1.1, 0) and the origin: 0.1 apart
TO = "build/ncollide3d/tests/geometry/still_objects_toi.rs"
cs = [(x, z) for x in (-0.5, 0.5) for z in (-0.5, 0.5)]
add(TO, 22, "collide: start pose (issue 141)", "issue141-start",
    {"a": box3([.5, .5, .5], [0, 1.1, 0]), "b": box3([.5, .5, .5], [0, 0, 0])},
    {"state": "separated", "intersecting": False, "distance": 0.1, "normal": [0.0, -1.0, 0.0],
     "contact_count": 4,
     "contacts": [{"point_a": [x, 0.6, z], "point_b": [x, 0.5, z], "distance": 0.1} for x, z in cs]},
    "A's bottom y = 0.6 over B's top y = 0.5, same square: distance 0.1 along -y, the patch the "
    "4 corners; the source tests time of impact from this pose (none when still or moving apart)")

if __name__ == "__main__":
    suitekit.write_lines(lines, "ncollide.ndjson")
