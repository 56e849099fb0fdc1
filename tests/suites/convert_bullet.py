#!/usr/bin/env python3
"""Bullet's test/collision/main.cpp (sphere-sphere distance through the
analytic routine, GJK/EPA, GJK/MPR and multi-sphere shapes) as mink pairs.

Bullet reports normalBtoA, from B towards A; mink's normal goes from A towards
B, so the expected normals here are the opposite of Bullet's."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refgeom as R  # noqa: E402

SRC = "bulletphysics/bullet3 test/collision/main.cpp:%d"
lines = []

# radii 0 at the same place: two coincident points
pair = {"id": "bullet-sphere-zero-radii", "a": {"type": "sphere", "radius": 0.0},
        "b": {"type": "sphere", "radius": 0.0}}
lines.append(R.case_line(SRC % 172, "testSphereSphereDistance: zero radii, same origin", pair,
                         {"state": "touching", "intersecting": True, "distance": 0.0,
                          "point_a": [0.0, 0.0, 0.0], "point_b": [0.0, 0.0, 0.0]}))

for rb in range(1, 5):
    for z in range(-5, 5):
        for j in range(1, 5):
            for i in range(-5, 5):
                if i == z:
                    continue  # the source skips concentric spheres
                ra, rbr = float(j), rb * 0.1
                pair = {"id": "bullet-sphere-j%d-rb%d-i%d-z%d" % (j, rb, i, z),
                        "a": {"type": "sphere", "radius": ra, "position": [0.0, float(i), 0.0]},
                        "b": {"type": "sphere", "radius": rbr, "position": [0.0, float(z), 0.0]}}
                e = R.expect_from(pair)
                # the source's own value: |i - z| - j - rb*0.1
                want = abs(i - z) - ra - rbr
                assert abs(e["distance"] - want) < 1e-12, (pair, e)
                lines.append(R.case_line(SRC % 226, "testSphereSphereDistance: A r=%d at y=%d, B r=%.1f at y=%d"
                                         % (j, i, rbr, z), pair, e))

if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "testdata", "suites", "bullet.ndjson")
    R.write_cases(out, lines)
    print(len(lines), "cases ->", out)
