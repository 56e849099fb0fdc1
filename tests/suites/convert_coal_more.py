#!/usr/bin/env python3
"""Writes testdata/suites/coal-more.ndjson from more of Coal's unit tests.

coal.ndjson holds the poses of test/geometric_shapes.cpp that differ from
FCL's; this file takes the fixed poses of Coal's other tests (GitHub
coal-library/coal, snapshot cf759661, 2024-12; lines of that version):
  test/capsule_capsule.cpp      coaxial capsules apart and overlapping (the
                                random rotations of the test fixed, see
                                below), and the four distance_capsulecapsule
                                poses;
  test/capsule_box_2.cpp        a turned capsule behind a box, off-centre
                                (capsule_box_1.cpp is in
                                patches-others.ndjson);
  test/box_box_distance.cpp     distance_box_box_1 .. _4;
  test/box_box_collision.cpp    the two poses of box_box_collision;
  test/convex.cpp               compare_convex_box: a box and the same box
                                given as a vertex list (a mink hull), at the
                                two fixed poses;
  test/gjk.cpp                  the two fixed triangle pairs of
                                distance_triangle_triangle (i == 0, 1), the
                                sphere_sphere poses along x (swept-sphere
                                radius as mink margin) and triangle_capsule;
  test/security_margin.cpp      the distinct poses of sphere_sphere,
                                capsule_capsule, box_box and sphere_box (a
                                security margin is a threshold of the
                                request, not geometry, so each pose is one
                                case whatever the margin);
  test/geometric_shapes.cpp     distance_spherebox (not in coal.ndjson or
                                fcl.ndjson).
Left out: swept_sphere_radius.cpp and normal_and_nearest_points.cpp (every
instance random), gjk_asserts.cpp (BVH meshes), the random loops of the
tests above, half-spaces and planes (mink has none), and the other
geometric_shapes.cpp tests FCL shares (they are in fcl.ndjson).

How Coal's conventions map onto mink's:
  - Box(x, y, z) takes full side lengths: half_extents are their halves.
  - Capsule(radius, length) lies along local z, length the full length of
    its segment: half_height = length / 2.
  - Quatf(w, x, y, z) and makeQuat(w, x, y, z) take w first, as mink does;
    a Matrix3s rotation goes to mink as its unit quaternion (the oracle
    uses that same quaternion).  Transform3s products compose poses.
  - Convex<...> from a vertex list is a mink "hull" of those vertices.
  - setSweptSphereRadius(r) is mink's margin r.
  - distance(o1, o2) / collide(o1, o2): o1 is mink's A; Coal's normal
    points from o1 to o2, nearest_points[0] is on o1.
  - Where a test draws a random rotation the pair does not depend on (a
    sphere's, or a displacement applied to both shapes), one fixed one
    stands for it; where the pair does depend on it, identity and a
    quarter turn stand for it, and Coal's test only asserts collision or
    not, which both instances satisfy.

Every expectation is derived here in closed form (gaps along an axis,
closest features of axis-aligned or simply turned shapes), then
cross-checked before writing: pairs of polytopes swept by radii with two
or more edge directions against refgeom.solve, the others (spheres,
parallel capsules) against geom.support_min, and the patches of polytope
pairs against patchgeom.patch.  The two triangle pairs of gjk.cpp have no
closed form and take refgeom.solve's answer.  Coal's own expectations are
compared with the derived ones; the notes say where they differ.

usage: convert_coal_more.py [OUTPUT]
"""
import math
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import geom  # noqa: E402
import patchgeom  # noqa: E402
import refgeom  # noqa: E402
import suitekit  # noqa: E402
from suitekit import (ID, box, capsule, exp, fl, hull, placed,  # noqa: E402
                      sphere, with_patch, xf)

S = geom.Suite("coal-library/coal", "coal-more")
SQ2 = math.sqrt(2.0)
CHECKS = []   # (case, a, b, expect, closed): cross-checked before writing

# ----------------------------------------------------------------- shapes


def triangle(points, pos=None, q=None):
    return placed({"type": "triangle", "points": [fl(p) for p in points]},
                  pos, q)


def cube_points(h):
    return [[sx * h, sy * h, sz * h] for sx in (1, -1) for sy in (1, -1)
            for sz in (1, -1)]

# ------------------------------------------------------------ expectations


def add(path, line, name, a, b, e, note=None, closed=True):
    rec = S.add("%s:%d" % (path, line), name, a, b, e, note)
    CHECKS.append((rec["case"], a, b, rec["expect"], closed))
    return rec


def compose(q1, t1, q2, t2):
    """Pose (q1, t1) * (q2, t2)."""
    return geom.quat_mul(q1, q2), xf(q1, t1, t2)


def unitq(q):
    n = math.sqrt(sum(c * c for c in q))
    q = [c / n for c in q]
    return q if q[0] >= 0 else [-c for c in q]

# ------------------------------------------------------ capsule_capsule.cpp


def capsule_capsule():
    f = "test/capsule_capsule.cpp"
    r, length = 0.01, 0.2
    z_apart = 2 * (length / 2. + r) + 1e-3
    z_in = min(length / 2., r) * (1. - 1e-2)
    qx = geom.quat_axis_angle([1, 0, 0], math.pi / 2)
    # a fixed displacement for the tests' random one (both shapes moved)
    qd = unitq([0.8, -0.2, 0.5, 0.26])
    td = [0.3, -0.7, 0.45]

    d = z_apart - 2 * (length / 2 + r)
    add(f, 153, "collision_capsule_capsule_aligned: coaxial, apart",
        capsule(r, length), capsule(r, length, [0, 0, z_apart]),
        exp(d, [0, 0, 1], [0, 0, 0.11], [0, 0, z_apart - 0.11]),
        "the test turns both capsules by one random rotation, with B "
        "displaced along world z; identity stands for it here (coaxial "
        "capsules, end caps %.3g apart); Coal only asserts no collision" % d)
    add(f, 153, "collision_capsule_capsule_aligned: side by side, apart",
        capsule(r, length, None, qx), capsule(r, length, [0, 0, z_apart], qx),
        with_patch(exp(z_apart - 2 * r, [0, 0, 1]),
                   [[0, y, r] for y in (-length / 2, length / 2)],
                   z_apart - 2 * r, [0, 0, 1]),
        "the random common rotation taken as a quarter turn about x: both "
        "axes along y, side by side %.3g apart along z (the closest points "
        "are the segment y in [-0.1, 0.1]); Coal only asserts no collision"
        % (z_apart - 2 * r))
    add(f, 178, "collision_capsule_capsule_aligned: coaxial, overlapping",
        capsule(r, length), capsule(r, length, [0, 0, z_in]),
        exp(-2 * r),
        "identity for the random rotation: coaxial capsules %.3g apart; the "
        "depth is the diameter 0.02 (every radial direction ties; along the "
        "axis it would be 0.2101); Coal only asserts a collision" % z_in)
    add(f, 178, "collision_capsule_capsule_aligned: side by side, "
        "overlapping",
        capsule(r, length, None, qx), capsule(r, length, [0, 0, z_in], qx),
        with_patch(exp(z_in - 2 * r, [0, 0, 1]),
                   [[0, y, r] for y in (-length / 2, length / 2)],
                   z_in - 2 * r, [0, 0, 1]),
        "the rotation taken as a quarter turn about x: parallel capsules "
        "along y whose axes are %.3g apart along z: depth 0.02 - %.3g"
        % (z_in, z_in))
    # displaced pairs: the relative pose is fixed, only the frame moves
    for line, z, what in ((207, z_apart, "apart"), (235, 0.01, "overlapping")):
        qa, ta = qd, td
        qb, tb = compose(qd, td, ID, [0, 0, z])
        a, b = capsule(r, length, ta, qa), capsule(r, length, tb, qb)
        if z > 2 * (length / 2 + r):
            n = xf(qd, [0, 0, 0], [0, 0, 1])
            dd = z - 2 * (length / 2 + r)
            e = exp(dd, n, xf(qd, td, [0, 0, 0.11]),
                    xf(qd, td, [0, 0, z - 0.11]))
            note = ("coaxial capsules %.3g apart along their axis, both "
                    "moved by one fixed displacement standing for the "
                    "random one; Coal only asserts no collision" % dd)
        else:
            e = exp(-2 * r)
            note = ("coaxial capsules 0.01 apart along the axis, displaced: "
                    "depth 0.02, every radial direction ties; Coal only "
                    "asserts a collision")
        add(f, line, "collision_capsule_capsule_aligned: displaced, " + what,
            a, b, e, note)

    c5 = (5, 10)
    add(f, 262, "distance_capsulecapsule_origin",
        capsule(*c5), capsule(*c5, [20.1, 0, 0]),
        with_patch(exp(10.1, [1, 0, 0]), [[5, 0, -5], [5, 0, 5]], 10.1,
                   [1, 0, 0]),
        "parallel axes 20.1 apart: distance 10.1 as Coal expects; the "
        "closest points are not unique (the sides face each other over "
        "z in [-5, 5]), the patch is that segment's ends")
    n = [1 / SQ2, 1 / SQ2, 0]
    d = math.sqrt(800) - 10
    add(f, 289, "distance_capsulecapsule_transformXY",
        capsule(*c5), capsule(*c5, [20, 20, 0]),
        with_patch(exp(d, n), [[5 / SQ2, 5 / SQ2, z] for z in (-5, 5)], d, n),
        "parallel axes sqrt(800) apart: distance sqrt(800) - 10, as Coal "
        "expects; points not unique")
    add(f, 315, "distance_capsulecapsule_transformZ",
        capsule(*c5), capsule(*c5, [0, 0, 20.1]),
        exp(0.1, [0, 0, 1], [0, 0, 10], [0, 0, 10.1]))
    qy = [SQ2 / 2, 0, SQ2 / 2, 0]
    add(f, 349, "distance_capsulecapsule_transformZ2",
        capsule(*c5), capsule(*c5, [0, 0, 25.1], qy),
        exp(10.1, [0, 0, 1], [0, 0, 10], [0, 0, 20.1]),
        "B turned a quarter about y lies along x at z = 25.1: A's top pole "
        "(0,0,10) faces B's underside (0,0,20.1), as Coal expects")

# ------------------------------------------------------- capsule_box_2.cpp


def capsule_box_2():
    qy = [SQ2 / 2, 0, SQ2 / 2, 0]
    add("test/capsule_box_2.cpp", 75, "distance_capsule_box turned, behind, "
        "off-centre",
        capsule(2, 4, [-10, 0.8, 1.5], qy), box([1, 2, 4]),
        exp(5.5, [1, 0, 0], [-6, 0.8, 1.5], [-0.5, 0.8, 1.5]),
        "the capsule's axis along x from -12 to -8 at y = 0.8, z = 1.5; its "
        "end cap reaches x = -6, the box face is x = -0.5 (y, z inside it): "
        "5.5 along +x, as Coal expects")

# ----------------------------------------------------- box_box_distance.cpp


def box_box_distance():
    f = "test/box_box_distance.cpp"
    g = [21.0, 14.0, 3.0]
    d = math.sqrt(sum(x * x for x in g))
    add(f, 92, "distance_box_box_1", box([6, 10, 2]),
        box([2, 2, 2], [25, 20, 5]),
        exp(d, geom.unit(g), [3, 5, 1], [24, 19, 4]),
        "corner (3,5,1) of A to corner (24,19,4) of B: sqrt(646), as Coal "
        "expects")

    th = math.pi / 8
    qb = [math.cos(th)] + [math.sin(th) / math.sqrt(3)] * 3
    R = geom.quat_matrix(qb)
    # B's lowest corner: the signs against the third row of R
    v = [-1.0 if R[2][j] > 0 else 1.0 for j in range(3)]
    low = xf(qb, [0, 0, 10], v)
    d = low[2] - 1
    add(f, 133, "distance_box_box_2", box([6, 10, 2]),
        box([2, 2, 2], [0, 0, 10], qb),
        exp(d, [0, 0, 1], [low[0], low[1], 1], low),
        "B (a cube of side 2 turned pi/4 about (1,1,1)) has one lowest "
        "corner, %r, above A's top face z = 1: distance %.12g; Coal's "
        "expected values (10 - 1.62123444 - 1, points (0.60947571, "
        "0.01175873)) are this to their 8 digits" % (low, d))

    q1 = [math.cos(th), 0, 0, math.sin(th)]
    q2 = [math.cos(th), 0, math.sin(th), 0]
    t1, t2 = [-2, 1, .5], [2, .5, .5]
    pa, pb = [SQ2 / 2 - 2, 1, .5], [2 - SQ2 / 2, 1, .5]
    add(f, 173, "distance_box_box_3", box([1, 1, 1], t1, q1),
        box([1, 1, 1], t2, q2),
        exp(4 - SQ2, [1, 0, 0], pa, pb),
        "A turned pi/4 about z shows a vertical edge at x = sqrt2/2 - 2, "
        "y = 1; B turned pi/4 about y shows an edge along y at "
        "x = 2 - sqrt2/2, z = 0.5: the two cross (at y = 1, B's edge's "
        "end): 4 - sqrt2, as Coal expects")
    q3 = unitq([0.435952844074, -0.718287018243, 0.310622451066,
                0.444435113443])
    t3 = [4, 5, 6]
    qa3, ta3 = compose(q3, t3, q1, t1)
    qb3, tb3 = compose(q3, t3, q2, t2)
    add(f, 205, "distance_box_box_3 both moved", box([1, 1, 1], ta3, qa3),
        box([1, 1, 1], tb3, qb3),
        exp(4 - SQ2, xf(q3, [0, 0, 0], [1, 0, 0]), xf(q3, t3, pa),
            xf(q3, t3, pb)),
        "the pair above with one more pose applied to both (its quaternion "
        "normalised; Coal's 12-digit one is of norm 1 to 1e-12)")

    for line, x in ((231, 2.0), (238, 1.01), (245, 0.99)):
        d = x - 1
        pts = [[x - 0.5, y, z] for y in (-.5, .5) for z in (-.5, .5)]
        add(f, line, "distance_box_box_4 x=%g" % x,
            box([1, 1, 1], [x, 0, 0]), box([1, 1, 1]),
            with_patch(exp(d, [-1, 0, 0]), pts, d, [-1, 0, 0]),
            "equal cubes face to face along x: distance %g, the patch the "
            "4 corners of the common square" % d)
    add(f, 252, "distance_box_box_4 coincident", box([1, 1, 1], [0, 0, 0]),
        box([1, 1, 1]), exp(-1.0),
        "coincident unit cubes: depth 1 along any of the 6 face normals")

# ---------------------------------------------------- box_box_collision.cpp


def box_box_collision():
    f = "test/box_box_collision.cpp"
    add(f, 38, "box_box_collision coincident", box([1, 1, 1], [0, 0, 0]),
        box([1, 1, 1]), exp(-1.0),
        "coincident unit cubes: depth 1, the 6 face normals tie")
    pts = [[1.5, y, z] for y in (-.5, .5) for z in (-.5, .5)]
    add(f, 44, "box_box_collision x=2", box([1, 1, 1], [2, 0, 0]),
        box([1, 1, 1]), with_patch(exp(1.0, [-1, 0, 0]), pts, 1.0,
                                   [-1, 0, 0]),
        "unit cubes 1 apart face to face (Coal asserts no collision with "
        "distance_upper_bound 1e-6)")

# --------------------------------------------------------------- convex.cpp


def convex():
    f = "test/convex.cpp"
    pts = cube_points(1.0)
    for line, x in ((161, 3.0), (165, 0.0)):
        for kind, mk in (("Box", lambda p: box([2, 2, 2], p)),
                         ("Convex", lambda p: hull(pts, p))):
            a, b = mk([0, 0, 0]), mk([x, 0, 0])
            if x > 0:
                pas = [[1, y, z] for y in (-1, 1) for z in (-1, 1)]
                e = with_patch(exp(x - 2, [1, 0, 0]), pas, x - 2, [1, 0, 0])
                note = ("cubes of side 2, 1 apart face to face; Coal "
                        "compares Box with Convex (buildBox(1,1,1): the 8 "
                        "corners (+-1,+-1,+-1)) here")
            else:
                e = exp(-2.0)
                note = ("coincident cubes of side 2: depth 2, the 6 face "
                        "normals tie")
            add(f, line, "compare_convex_box %s-%s x=%g" % (kind, kind, x),
                a, b, e, note)

# ------------------------------------------------------------------ gjk.cpp


def gjk():
    f = "test/gjk.cpp"
    # distance_triangle_triangle, the two fixed instances
    P = [[0.063996093749999997, -0.15320971679687501, -0.42799999999999999],
         [0.069105957031249998, -0.150722900390625, -0.42999999999999999],
         [0.063996093749999997, -0.15320971679687501, -0.42999999999999999]]
    Q = [[-25.655000000000001, -1.2858199462890625, 3.7249809570312502],
         [-10.926, -1.284259033203125, 3.7281499023437501],
         [-10.926, -1.2866180419921875, 3.72335400390625]]
    q = unitq([-0.42437287410898855, -0.26862477561450587,
               -0.46249645019513175, 0.73064726592483387])
    t = [-12.824601270753471, -1.6840516940066426, 3.8914453043793844]
    tri_case(f, 96, "distance_triangle_triangle i=0",
             triangle(P, t, q), triangle(Q, [0, 0, 0]))
    P = [[-0.8027043342590332, -0.30276307463645935, -0.4372950792312622],
         [-0.8027043342590332, 0.30276307463645935, -0.4372950792312622],
         [0.8027043342590332, 0.30276307463645935, -0.4372950792312622]]
    Q = [[-0.224713996052742, -0.7417119741439819, 0.19999997317790985],
         [-0.5247139930725098, -0.7417119741439819, 0.19999997317790985],
         [-0.224713996052742, -0.7417119741439819, 0.09999997168779373]]
    R = [[0.9657787025454787, 0.09400415350535746, 0.24173273843919627],
         [-0.06713698817647556, 0.9908494114820345, -0.11709000206805695],
         [-0.25052768814676646, 0.09685382227587608, 0.9632524147814993]]
    q = geom.matrix_quat(R)
    t = [-0.13491177905469953, -1, 0.6000449621843792]
    tri_case(f, 112, "distance_triangle_triangle i=1",
             triangle(P, t, q), triangle(Q, [0, 0, 0]),
             "the test's rotation matrix goes to mink as its unit "
             "quaternion; ")

    # sphere_sphere: unit spheres swept by ssr, centres c apart along x
    for line, c in ((392, 3.0), (394, 2.01), (396, 2.0), (398, 1.0)):
        for ssr in (0., 0.1, 1., 10., 100.):
            rr = 1 + ssr
            d = c - 2 * rr
            a, b = sphere(1, [0, 0, 0], ssr), sphere(1, [c, 0, 0], ssr)
            add(f, line, "sphere_sphere c=%g ssr=%g" % (c, ssr), a, b,
                exp(d, [1, 0, 0], [rr, 0, 0], [c - rr, 0, 0]),
                "unit spheres with swept-sphere radius %g (mink margin): "
                "distance %g - 2*%g; Coal's witnesses (1+ssr, 0, 0) and "
                "(c-1-ssr, 0, 0) agree (its random sphere rotations do not "
                "matter)" % (ssr, c, rr))

    # triangle_capsule: capsule (radius 1, length 2) at the origin, the
    # triangle (0,0,0) (1,0,0) (1,1,0) translated by T
    tri = [[0, 0, 0], [1, 0, 0], [1, 1, 0]]
    for line, T, d, n, pa, note in (
            (471, [1.01, 0, 0], 0.01, [1, 0, 0], [1, 0, 0],
             "the triangle's corner (1.01,0,0) is 1.01 from the axis"),
            (478, [0.5, 0, 0], -0.5, [1, 0, 0], [1, 0, 0],
             "the corner (0.5,0,0) lies 0.5 inside the side; every other "
             "direction needs more"),
            (485, [-0.5, -0.01, 0], -1.01, [0, 1, 0], [0, 1, 0],
             "the triangle's edge y = -0.01 crosses the axis; pushing it "
             "out along +y takes 1.01 (its hypotenuse would take "
             "1 + 0.51/sqrt2, the x sides 1.5)")):
        pb = geom.add(pa, geom.mul(n, d))
        add(f, line, "triangle_capsule T=(%g,%g,%g)" % tuple(T),
            capsule(1, 2), triangle(tri, T), exp(d, n, pa, pb),
            note + "; Coal's witnesses %r and %r agree" % (pa, pb))


def tri_case(f, line, name, a, b, pre=""):
    pair = {"a": a, "b": b}
    r = refgeom.solve(pair)
    d = r["distance"]
    e = exp(d, r["normal"], r["point_a"], r["point_b"])
    add(f, line, name, a, b, e,
        pre + "Coal checks only its witnesses' KKT conditions; the "
        "distance, normal and points are refgeom.solve's (exact candidate "
        "search)", closed=False)

# ------------------------------------------------------ security_margin.cpp


def security_margin():
    f = "test/security_margin.cpp"
    # sphere_sphere: radii 1 and 2, B along z
    for line, z in ((197, 3.0), (211, 3.01), (240, 2.99)):
        d = z - 3
        add(f, line, "sphere_sphere z=%g" % z, sphere(1), sphere(2, [0, 0, z]),
            exp(d, [0, 0, 1], [0, 0, 1], [0, 0, z - 2]),
            "Coal's results for all of its margins follow from this "
            "distance, %g" % d)
    # capsule_capsule: radius 0.5, length 1, side by side along y
    for line, y in ((271, 1.0), (285, 1.01), (315, 0.99)):
        d = y - 1
        pas = [[0, 0.5, z] for z in (-0.5, 0.5)]
        add(f, line, "capsule_capsule y=%g" % y, capsule(0.5, 1),
            capsule(0.5, 1, [0, y, 0]),
            with_patch(exp(d, [0, 1, 0]), pas, d, [0, 1, 0]),
            "parallel capsules, axes %g apart: distance %g, the closest "
            "points a segment over z in [-0.5, 0.5]" % (y, d))
    # box_box: unit cubes, B at (0, 1, 1) + offsets
    add(f, 347, "box_box (0,1,1)", box([1, 1, 1]), box([1, 1, 1], [0, 1, 1]),
        exp(0.0),
        "unit cubes meeting along an edge (y = z = 0.5): touching, every "
        "normal between +y and +z is as good")
    pts = [[x, 0.5, 0.5] for x in (-0.5, 0.5)]
    add(f, 362, "box_box (0,1,1.01)", box([1, 1, 1]),
        box([1, 1, 1], [0, 1, 1.01]),
        with_patch(exp(0.01, [0, 0, 1]), pts, 0.01, [0, 0, 1]),
        "edge y = z = 0.5 of A under edge y = 0.5, z = 0.51 of B: 0.01 "
        "along z, the closest points a segment along x")
    add(f, 405, "box_box (0,0.99,0.99)", box([1, 1, 1]),
        box([1, 1, 1], [0, 0.99, 0.99]), exp(-0.01),
        "overlap 0.01 along both y and z: depth 0.01, two tied normals "
        "(Coal's penetration_depth -0.01 agrees)")
    # sphere_box: unit cube (as Box, then as its convex vertex set) and a
    # sphere of radius 0.5 at (0,0,1) + offsets
    for line, kind in ((504, "Box"), (505, "Convex")):
        mk = (lambda: box([1, 1, 1])) if kind == "Box" else \
            (lambda: hull(cube_points(0.5)))
        for pl, c in ((421, [0, 0, 1]), (436, [0, 0, 1.01]),
                      (482, [0, -0.01, 0.99])):
            d = c[2] - 1
            add(f, line, "sphere_box %s, sphere at (%g,%g,%g) (pose of "
                "test_shape_shape line %d)" % (kind, c[0], c[1], c[2], pl),
                mk(), sphere(0.5, c),
                exp(d, [0, 0, 1], [c[0], c[1], 0.5],
                    [c[0], c[1], c[2] - 0.5]),
                "the sphere's centre above the top face z = 0.5: distance "
                "%g%s" % (d, "" if kind == "Box" else
                          "; the box as the convex hull of its 8 corners "
                          "(Coal's BVH convex representation)"))

# ------------------------------------------------------ geometric_shapes.cpp


def geometric_shapes():
    add("test/geometric_shapes.cpp", 519, "distance_spherebox",
        sphere(1, [0, 0, 0]), box([10, 2, 10], [0, 5, 3]),
        exp(3.0, [0, 1, 0], [0, 1, 0], [0, 4, 0]),
        "the box spans y in [4, 6], x in [-5, 5], z in [-2, 8]: the "
        "centre's nearest box point is (0,4,0), distance 4 - 1 = 3, as "
        "Coal expects")

# ------------------------------------------------------------ cross-checks


def polytope_cored(s):
    return s["type"] in ("box", "hull", "triangle", "capsule", "sphere")


def enough_directions(a, b):
    A, B = refgeom.core_of(a, 3), refgeom.core_of(b, 3)
    dirs = refgeom.directions(A.verts, 3) + refgeom.directions(B.verts, 3)
    return any(geom.norm(geom.cross(u, v)) > 1e-9
               for i, u in enumerate(dirs) for v in dirs[i + 1:])


def vertices(s):
    if s["type"] == "box":
        return geom.box_vertices(s)
    return refgeom.core_of(s, 3).verts


def cross_check():
    bad = []
    for name, a, b, e, closed in CHECKS:
        size = geom.pair_size(a, b)
        tol = 1e-9 * size
        if not closed:
            continue
        if polytope_cored(a) and polytope_cored(b) and \
                enough_directions(a, b):
            r = refgeom.solve({"a": a, "b": b})
            d, n = r["distance"], r["normal"]
            if abs(d - e["distance"]) > tol:
                bad.append("%s: distance %r, refgeom %r"
                           % (name, e["distance"], d))
            if ("normal" in e) != (n is not None) or (
                    n is not None and geom.norm(geom.sub(n, e["normal"]))
                    > 1e-9):
                bad.append("%s: normal %r, refgeom %r"
                           % (name, e.get("normal"), n))
            for k in ("point_a", "point_b"):
                if k in e and (r[k] is None or geom.norm(
                        geom.sub(r[k], e[k])) > tol):
                    bad.append("%s: %s %r, refgeom %r"
                               % (name, k, e[k], r[k]))
        else:
            d, normals = geom.support_min(a, b, samples=1500, starts=4)
            if abs(d - e["distance"]) > 1e-7 * size:
                bad.append("%s: distance %r, support_min %r"
                           % (name, e["distance"], d))
            if "normal" in e and (len(normals) != 1 or geom.norm(
                    geom.sub(normals[0], e["normal"])) > 1e-4):
                bad.append("%s: normal %r, support_min %r"
                           % (name, e["normal"], normals))
        if "contacts" in e and a["type"] in ("box", "hull") and \
                b["type"] in ("box", "hull"):
            got = patchgeom.patch(vertices(a), vertices(b), e["normal"])
            want = e["contacts"]
            ok = len(got) == len(want) and all(any(
                geom.norm(geom.sub(pa, c["point_a"])) < tol and
                geom.norm(geom.sub(pb, c["point_b"])) < tol
                for pa, pb, _ in got) for c in want)
            if not ok:
                bad.append("%s: patch %r, patchgeom %r" % (name, want, got))
        if "point_a" in e:
            gap = geom.sub(e["point_b"], e["point_a"])
            if geom.norm(geom.sub(gap, geom.mul(e["normal"], e["distance"]))) \
                    > tol:
                bad.append("%s: points not distance * normal apart" % name)
    if bad:
        raise SystemExit("convert_coal_more.py: cross-check failed:\n  "
                         + "\n  ".join(bad))


def main():
    out = suitekit.out_path("coal-more.ndjson")
    capsule_capsule()
    capsule_box_2()
    box_box_distance()
    box_box_collision()
    convex()
    gjk()
    security_margin()
    geometric_shapes()
    cross_check()
    suitekit.write(S, out)


if __name__ == "__main__":
    main()
