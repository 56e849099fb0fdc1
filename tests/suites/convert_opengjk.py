#!/usr/bin/env python3
"""Writes testdata/suites/opengjk.ndjson from openGJK's published tests and
examples.

Sources (MattiaMontanari/openGJK, snapshot 174d3aa0, cited by line):
  - scalar/examples/python_ctypes/test/test_min_distance.py: the pytest
    suite of the Python binding (the same geometry as
    scalar/examples/python/test.py and scalar/examples/cython/test.py):
    a segment and a point, two segments, two triangles, two planar
    quadrilaterals, two tetrahedra (apart and overlapping), two hexahedra,
    and pairs of (rotated) cubes at decreasing gaps.  Every parametrised
    value of the source is one case here.  The random tests are left out.
  - simd/tests/unittest_gjk.cc: cube/cube and tetrahedron/cube pairs.
  - scalar/examples/c/userP.dat, userQ.dat: the two 9-point polytopes of
    the C example, whose distance gpu/examples/python/test_examples.py
    asserts (3.653650, from the README).
  - gpu/examples/python/test_examples.py: touching, overlapping and
    separated cube pairs of the GPU GJK+EPA tests.
  - scalar/examples/go/openGJK/connector_test.go: three flat rectangles.

How openGJK's inputs map onto mink's: openGJK takes each body as a list of
world-space vertices and returns the distance between their convex hulls
(0 when they overlap).  Each list becomes a mink "hull" of exactly those
points (no position, no rotation; lists of one, two or coplanar points are
degenerate hulls).  The body given first is mink's A.

Expected values are derived here, not copied: the signed distance, the
normal (only when unique) and the witness points (only when unique) come
from refgeom.solve, the exact oracle over candidate normals of polytopes,
and each distance is checked against an independent closed form (the one
worked out next to each case) and against geom.support_min (the sampled
support function).  Where the bodies overlap, openGJK reports 0 while
mink reports minus the penetration depth; the case's note says so.  The
scipy rotations of the cube test are rebuilt here from their axis-angle
definitions in double precision, so the vertices may differ from scipy's
in the last bits; the expectation is that of the vertices written here.

usage: convert_opengjk.py [OUTPUT]
"""
import math
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import geom  # noqa: E402
import refgeom  # noqa: E402
import suitekit  # noqa: E402

S = geom.Suite("MattiaMontanari/openGJK", "opengjk")
PYT = "scalar/examples/python_ctypes/test/test_min_distance.py"
SIMD = "simd/tests/unittest_gjk.cc"
GPU = "gpu/examples/python/test_examples.py"
GO = "scalar/examples/go/openGJK/connector_test.go"
ZERO_ON_OVERLAP = ("the bodies overlap; openGJK reports 0 for overlapping "
                   "bodies, mink the negative penetration depth")


def hull(points):
    return {"type": "hull", "points": [[float(x) for x in p] for p in points]}


def add(line, name, pa, pb, analytic, source_value=None, note=None,
        path=PYT, touching=False, given=None, only_distance=False):
    """One case: the exact answer by refgeom, checked against `analytic`
    (an independent closed form of the signed distance) and against the
    sampled support function."""
    a, b = hull(pa), hull(pb)
    pair = {"a": a, "b": b}
    # refgeom's candidate normals come from edge directions and need two
    # independent ones: for a point or a segment against a segment the
    # expectation is given in closed form instead (`given`)
    e = given or refgeom.expect_from(pair, touching_exact=touching)
    if only_distance:
        # the rounded vertices make the normal's direction and the witness
        # points ill-conditioned against the gap (1e-8 rad at gap 1e-8) or
        # refgeom's tie tolerance too coarse (gap 1e8): distance only
        e = {k: v for k, v in e.items() if k not in
             ("normal", "point_a", "point_b")}
    size = refgeom.pair_size(pair)
    d = e["distance"]
    assert abs(d - analytic) <= 1e-12 * size, (name, d, analytic)
    d2, _ = geom.support_min(a, b, samples=400, starts=1)
    assert abs(d2 - d) <= 1e-4 * size, (name, d2, d)
    notes = [note] if note else []
    if source_value is not None and d < -1e-12 * size:
        notes.append(ZERO_ON_OVERLAP)
    elif source_value is not None and \
            abs(source_value - d) > 1e-9 * max(1.0, abs(d)):
        notes.append("the source expects %.9g; the exact distance of "
                     "these vertices is %.17g" % (source_value, d))
    S.add("%s:%d" % (path, line), name, a, b, e, "; ".join(notes) or None)


def np_cross(u, v):
    return geom.cross(u, v)


def point_line(p1, p2, q):
    """Distance from q to the line through p1 and p2."""
    return geom.norm(np_cross(geom.sub(p2, p1), geom.sub(p1, q))) / \
        geom.norm(geom.sub(p2, p1))


def point_plane(p1, p2, p3, q):
    n = geom.unit(np_cross(geom.sub(p2, p1), geom.sub(p3, p1)))
    return abs(geom.dot(n, geom.sub(q, p2)))


def seg_point_expect(seg, p, touching):
    """Segment (A) and point p (B, or the near end of B): the foot of p on
    the segment's line, inside the segment here, is the closest point."""
    d = geom.sub(seg[1], seg[0])
    t = geom.dot(geom.sub(p, seg[0]), d) / geom.dot(d, d)
    assert 0 < t < 1
    foot = lerp(seg[0], seg[1], t)
    if touching:
        return geom.expect(0.0)
    v = geom.sub(p, foot)
    L = geom.norm(v)
    if L < 1e-9:
        # 1e-13 apart: the rounding of p (1e-16) turns the direction by
        # 1e-3, so only the distance is well defined
        return geom.expect(L)
    return geom.expect(L, [geom.unit(v)], (foot, list(p)))


def lerp(p, q, t):
    return [x + t * (y - x) for x, y in zip(p, q)]


def python_tests():
    # a segment and a point off it along the cross product of its ends
    line = [[0.1, 0.2, 0.3], [0.5, 0.8, 0.7]]
    foot = lerp(line[0], line[1], 0.27)
    n = geom.cross(line[0], line[1])
    for delta in (0.1, 1e-12, 0.0, -2.0):
        p = geom.add(foot, geom.mul(n, delta))
        g = seg_point_expect(line, p, delta == 0)
        # n is perpendicular to the segment only if the segment's
        # direction is; the closed form is the point-line distance when
        # the foot stays inside the segment, which holds here
        add(46, "segment vs point, delta %g" % delta, line, [p],
            point_line(line[0], line[1], p), point_line(line[0], line[1], p),
            touching=(delta == 0), given=g)
    # two segments: the second starts off the first
    line = [[-0.5, -0.7, -0.3], [1.0, 2.0, 3.0]]
    foot = lerp(line[0], line[1], 0.38)
    n = geom.cross(line[0], line[1])
    for delta in (0.1, 1e-12, 0.0):
        p = geom.add(foot, geom.mul(n, delta))
        g = seg_point_expect(line, p, delta == 0)
        # the closest points are p and its foot on the first segment
        # (checked by the oracle); the closed form is the point-line one
        add(59, "segment vs segment, delta %g" % delta, line,
            [p, [2.0, 5.0, 6.0]], point_line(line[0], line[1], p),
            point_line(line[0], line[1], p), touching=(delta == 0), given=g)
    # two triangles in z = 0: vertex (1, delta) against the edge x + y = 1
    for i in range(6):
        delta = 0.1 ** (3 * i)
        t1 = [[0, 0, 0], [1, 0, 0], [0, 1, 0]]
        t2 = [[1, delta, 0], [3, 1.2, 0], [1, 1, 0]]
        add(74, "triangle vs triangle, delta %g" % delta, t1, t2,
            delta / math.sqrt(2), point_line(t1[2], t1[1], t2[0]))
    # two quadrilaterals in z = 0: vertex (0, 1 + delta) over the edge y = 1
    for i in range(6):
        delta = 0.1 * 0.1 ** (3 * i)
        q1 = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]]
        q2 = [[0, 1 + delta, 0], [2, 2, 0], [2, 4, 0], [4, 4, 0]]
        add(89, "quad vs quad, delta %g" % delta, q1, q2,
            (1 + delta) - 1, point_line(q1[2], q1[3], q2[0]))
    # two tetrahedra: the apex of the second below the slanted base of the
    # first; the distance is that of the apex to the base's plane
    for i in range(7):
        delta = 1 * 0.5 ** (3 * i)
        t1 = [[0, 0, 0.2], [1, 0, 0.1], [0, 1, 0.3], [0, 0, 1]]
        t2 = [[0, 0, -3], [1, 0, -3], [0, 1, -3], [0.5, 0.3, -delta]]
        exact = point_plane(t1[0], t1[1], t1[2], t2[3])
        add(106, "tetrahedron vs tetrahedron apart, delta %g" % delta,
            t1, t2, exact, exact)
    # the same with the unit corner tetrahedron: the apex reaches above
    # z = 0 for negative delta
    for i in range(6):
        delta = (-1) ** i * math.sqrt(2) * 0.1 ** (3 * i)
        t1 = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]
        t2 = [[0, 0, -3], [1, 0, -3], [0, 1, -3], [0.5, 0.3, -delta]]
        if delta > 0:
            exact = delta  # apex straight below the face z = 0
        else:
            # the apex (0.5, 0.3, h) is inside t1 (0.5 + 0.3 + h < 1); the
            # shallowest way out is down through z = 0 by h, or out through
            # x + y + z = 1 by (0.2 - h) / sqrt 3, or through y = 0 by 0.3
            # (the other faces of t2 lie far below): the least of these
            # translations of t2 that separate, checked by the oracle
            h = -delta
            exact = -min(h, (0.2 - h) / math.sqrt(3), 0.3, 0.5)
        add(121, "tetrahedron vs tetrahedron, delta %.3g" % delta, t1, t2,
            exact, 0.0 if delta < 0 else delta)
    # the unit cube against a slanted hexahedron whose edge P0..P0+n
    # passes (1, 1, z) at distance sqrt 2 (0.5 + delta)
    for delta in (0.0, -0.1, -0.49, -0.51):
        h1 = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0],
              [0, 0, 1], [1, 0, 1], [0, 1, 1], [1, 1, 1]]
        P0 = [1.5 + delta, 1.5 + delta, 0.5]
        P1 = [2.0, 2.0, 1.0]
        P2 = [2.0, 1.25, 0.25]
        P3 = geom.sub(geom.add(P1, P2), P0)
        n = geom.unit(geom.cross(geom.sub(P1, P0), geom.sub(P2, P0)))
        quad = [P0, P1, P2, P3]
        h2 = quad + [geom.add(p, n) for p in quad]
        src = geom.norm(geom.sub([1, 1, P0[2]], P0))
        if P0[0] >= 1:
            exact = src
        else:
            exact = None  # overlapping: the oracle's depth, noted
        r = refgeom.solve({"a": hull(h1), "b": hull(h2)})["distance"]
        add(140, "cube vs hexahedron, delta %g" % delta, h1, h2,
            exact if exact is not None else r, src if P0[0] >= 1 else 0.0)
    # cubes, three of them rotated, moved apart along x by a gap
    c0 = [[-1, -1, -1], [1, -1, -1], [-1, 1, -1], [1, 1, -1],
          [-1, -1, 1], [1, -1, 1], [-1, 1, 1], [1, 1, 1]]
    c0 = [[float(x) for x in p] for p in c0]

    def rot(axis, ang, pts):
        R = geom.quat_matrix(geom.quat_axis_angle(axis, ang))
        return [geom.mat_vec(R, p) for p in pts]
    c1 = rot([0, 0, 1], math.pi / 4, c0)
    c2 = rot([0, 1, 0], math.atan2(1.0, math.sqrt(2)), c1)
    c3 = rot([0, 1, 0], math.pi / 4, c0)
    cubes = [c0, c1, c2, c3]
    for i0 in range(4):
        for i1 in range(4):
            dx = max(p[0] for p in cubes[i0]) - min(p[0] for p in cubes[i1])
            for gap in (1e8, 1.0, 1e-4, 1e-8, 1e-12):
                moved = [[p[0] + (dx + gap), p[1], p[2]] for p in cubes[i1]]
                # the x-extreme features of every cube here (a face, an
                # edge along y or z through y = z = 0, or a vertex on the
                # x axis) overlap across the gap, so the distance is the
                # gap between the x extremes, as rounded in the vertices
                exact = min(p[0] for p in moved) - \
                    max(p[0] for p in cubes[i0])
                add(171, "cube %d vs cube %d, gap %g" % (i0, i1, gap),
                    cubes[i0], moved, exact, gap, only_distance=(gap != 1.0))


def cube(c, h=1.0):
    return [[c[0] + sx * h, c[1] + sy * h, c[2] + sz * h]
            for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]


def simd_tests():
    add(92, "identical cubes", cube([0, 0, 0]), cube([0, 0, 0]), -2.0, 0.0,
        path=SIMD)
    add(124, "separated cubes", cube([0, 0, 0]), cube([5, 0, 0]), 3.0, 3.0,
        path=SIMD)
    add(158, "touching cubes", cube([0, 0, 0]), cube([2, 0, 0]), 0.0, 0.0,
        path=SIMD, touching=True)
    add(191, "overlapping cubes", cube([0, 0, 0]), cube([1.5, 0, 0]), -0.5,
        0.0, path=SIMD)
    add(224, "diagonally separated cubes", cube([0, 0, 0]),
        cube([5, 5, 5]), math.sqrt(27.0), math.sqrt(27.0), path=SIMD)
    # the tetrahedron's vertices at x = 4 are (4, 1, -1) and (4, -1, 1):
    # that edge is 3 from the cube's face x = 1 and within it
    tet = [[6, 1, 1], [6, -1, -1], [4, 1, -1], [4, -1, 1]]
    add(259, "tetrahedron vs cube", tet, cube([0, 0, 0]), 3.0, path=SIMD)
    add(299, "cubes 2 apart (witness test)", cube([0, 0, 0]),
        cube([4, 0, 0]), 2.0, path=SIMD)


def example_tests():
    P = [[0.0, 5.5, 0.0], [2.3, 1.0, -2.0], [8.1, 4.0, 2.4],
         [4.3, 5.0, 2.2], [2.5, 1.0, 2.3], [7.1, 1.0, 2.4],
         [1.0, 1.5, 0.3], [3.3, 0.5, 0.3], [6.0, 1.4, 0.2]]
    Q = [[-x for x in p] for p in P]  # userQ.dat is userP.dat negated
    # Q = -P, so the distance is twice that of P from the origin; P's
    # nearest point to the origin is worked out by the oracle and checked
    # against the sampled minimum of P's support over directions
    r = refgeom.solve({"a": hull(P), "b": hull(Q)})["distance"]
    hP = {"type": "hull", "points": P}
    smp = min(geom.support_value(hP, geom.unit([-x for x in d]))
              for d in [geom._sph(t * 0.05, f * 0.05)
                        for t in range(63) for f in range(126)])
    assert abs(-2 * smp - r) < 1e-2, (smp, r)
    add(142, "userP.dat vs userQ.dat", P, Q, r, 3.653650, path=GPU,
        note="vertices of scalar/examples/c/userP.dat and userQ.dat")
    add(275, "touching cubes (GJK+EPA)", cube([0, 0, 0]), cube([2, 0, 0]),
        0.0, 0.0, path=GPU, touching=True)
    add(318, "overlapping cubes (GJK+EPA)", cube([0, 0, 0]),
        cube([1, 0, 0]), -1.0, None, path=GPU,
        note="the source asserts a penetration between 0.8 and 1.2")
    add(360, "separated cubes (GJK+EPA)", cube([0, 0, 0]), cube([5, 0, 0]),
        3.0, 3.0, path=GPU)


def go_tests():
    a = [[-1, -1, 0], [-1, 1, 0], [1, 1, 0], [1, -1, 0]]
    b = [[0, -0.5, 0], [0, 0.5, 0], [2, 0.5, 0], [2, -0.5, 0]]
    c = [[3, -0.5, 0], [3, 0.5, 0], [5, 0.5, 0], [5, -0.5, 0]]
    add(31, "flat rectangles a vs b", a, b, 0.0, 0.0, path=GO,
        touching=True,
        note="coplanar flat overlapping rectangles: any move out of the "
             "plane separates them, so the depth is 0 and they touch")
    add(32, "flat rectangles b vs c", b, c, 1.0, 1.0, path=GO)
    add(33, "flat rectangles a vs c", a, c, 2.0, 2.0, path=GO)


def main():
    out = suitekit.out_path("opengjk.ndjson")
    python_tests()
    simd_tests()
    example_tests()
    go_tests()
    S.write(out)
    print("%d cases -> %s" % (len(S.cases), os.path.normpath(out)))


if __name__ == "__main__":
    main()
