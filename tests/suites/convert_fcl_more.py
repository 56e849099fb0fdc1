#!/usr/bin/env python3
"""Writes testdata/suites/fcl-more.ndjson from FCL's tests other than
test/test_fcl_geometric_shapes.cpp (that file is fcl.ndjson).

Fixed poses from flexible-collision-library/fcl (snapshot e5efcc41,
2026-02; lines of that version):
  test/test_fcl_capsule_box_1.cpp   the three capsule poses against a box;
  test/test_fcl_capsule_box_2.cpp   the turned, off-centre capsule;
  test/test_fcl_sphere_capsule.cpp  the eight sphere/capsule poses;
  test/test_fcl_capsule_capsule.cpp CapsuleCapsuleSegmentTest's four
                                    configurations in the test's tilted
                                    frame X_FT;
  test/test_fcl_sphere_sphere.cpp   the six pairs of TestSeparatingSpheres;
  test/test_fcl_sphere_box.cpp      LargeBoxSmallSphereTest's 7 x 7 poses;
  test/test_fcl_sphere_cylinder.cpp LargeCylinderSmallSphereTest's 4 x 4;
  test/test_fcl_signed_distance.cpp sphere-sphere and sphere-capsule
                                    poses, cylinder_sphere1, the cylinder-box
                                    instances, box-box regressions 1-7, the
                                    tilted kissing boxes (three of its seven
                                    offsets), sphere_box_regression1 and
                                    convex_to_convex 1-7 (8 is left out: its
                                    43- and 28-vertex hulls are too large for
                                    the exact candidate search in time).
Left out: half-spaces, planes, meshes, octrees, random loops, and tests of
internal routines that take no shape pair.

Conventions: FCL's Box takes full sides (half_extents are halves); Capsule
and Cylinder (radius, full length) lie along local z; Convex is a mink hull
of its vertices (the face lists are not needed); a Transform3 matrix goes to
mink as the unit quaternion of its 3x3 part (geom.matrix_quat; some of the
test's matrices are orthonormal only to ~1e-10, and the oracles use that
same quaternion, so the pair is what mink sees).  FCL's first object is A,
normal from A to B, nearest_points[0] on A.

Expectations are derived here: closed forms for spheres, capsules (closest
points of their segments), sphere-box and sphere-cylinder (closest point of
the solid), boxes face to face; geom.box_box (exact separating-axis /
closest-feature search) for the box-box regressions; refgeom.solve (exact
candidate search for polytopes) for the hulls; geom.support_min (numerical)
for cylinder-box, with a looser tolerance.  FCL's own asserted values are
compared in the notes where they differ.

usage: convert_fcl_more.py [OUTPUT]
"""
import math
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import geom  # noqa: E402
import refgeom  # noqa: E402
import suitekit  # noqa: E402
from suitekit import (ID, box, capsule, cylinder, exp, fl,  # noqa: E402
                      hull, sphere, with_patch, xf)

S = geom.Suite("flexible-collision-library/fcl", "fcl-more")
EPS = 2.0 ** -52

CONVEX = {
    1: (596,
         [-2.0399676677885373e-09, 0.7712974481797398, -0.6364748592296648, 11.477445682202463, 2.472087991721794e-09, 0.6364748592296648, 0.7712974481797398, 9.778505692075694, 1.0, 0.0, -3.2051032938795743e-09, 0.0],
         [[0.5, 0.707107, -0.707107], [0.5, -0.0, -1.0], [0.5, 1.0, 0.0], [0.5, -1.0, 0.0], [0.5, -0.707107, -0.707107], [-0.5, 0.0, 1.0], [-0.5, -0.707107, 0.707107], [-0.5, 0.707107, 0.707107], [0.5, 0.0, 1.0], [-0.5, -1.0, 0.0], [-0.5, 0.707107, -0.707107], [-0.5, -0.0, -1.0], [-0.5, -0.707107, -0.707107], [-0.5, 1.0, 0.0], [0.5, 0.707107, 0.707107], [0.5, -0.707107, 0.707107]],
         [[10.294759, 8.932157, -0.5], [11.618371, 9.456563, -0.5], [11.452373, 8.227672, -0.5], [10.294759, 8.932157, 0.5], [11.452373, 8.227672, 0.5], [11.618371, 9.456563, 0.5]]),
    2: (668,
         [-3.01404872427901e-09, 0.3400965845998409, -0.9403905109812217, 4.286483694131304, 1.0900446835381433e-09, 0.9403905109812217, 0.3400965845998409, 7.386957687225368, 1.0, 0.0, -3.2051032938795743e-09, 0.0],
         [[0.5, 0.5, -0.866025], [0.5, -0.5, -0.866025], [0.5, 1.0, 0.0], [-0.5, -0.5, 0.866025], [-0.5, 0.5, 0.866025], [-0.5, -1.0, 0.0], [0.5, -0.5, 0.866025], [-0.5, 0.5, -0.866025], [-0.5, -0.5, -0.866025], [-0.5, 1.0, 0.0], [0.5, -1.0, 0.0], [0.5, 0.5, 0.866025]],
         [[4.149402, 8.493709, -0.5], [5.188451, 7.476263, -0.5], [3.931647, 7.374503, -0.5], [4.149402, 8.493709, 0.5], [3.931647, 7.374503, 0.5], [5.188451, 7.476263, 0.5]]),
    3: (734,
         [-2.0479437360480805e-09, -0.7692371274798412, -0.6389634118684439, 13.670417904867957, -2.465484451060101e-09, 0.6389634118684439, -0.7692371274798412, 13.169816779836705, 1.0, 0.0, -3.2051032938795743e-09, 0.0],
         [[0.5, 1.0, 0.0], [0.5, 0.62349, -0.781831], [0.5, -0.222521, -0.974928], [0.5, 0.62349, 0.781831], [-0.5, -0.900969, 0.433884], [-0.5, -0.222521, 0.974928], [-0.5, -0.900969, -0.433884], [0.5, -0.900969, 0.433884], [-0.5, 0.62349, -0.781831], [-0.5, 0.62349, 0.781831], [-0.5, -0.222521, -0.974928], [-0.5, 1.0, 0.0], [0.5, -0.900969, -0.433884], [0.5, -0.222521, 0.974928]],
         [[14.835101, 13.06041, -0.5], [13.785037, 12.890524, -0.5], [14.767995, 13.150248, -0.5], [14.835101, 13.06041, 0.5], [14.767995, 13.150248, 0.5], [13.785037, 12.890524, 0.5]]),
    4: (803,
         [-2.6487935924268805e-09, -0.5630394437818858, -0.8264300241071744, 15.712812998638135, -1.8045995758494454e-09, 0.8264300241071744, -0.5630394437818858, 10.219809745800642, 1.0, 0.0, -3.2051032938795743e-09, 0.0],
         [[0.5, -0.92388, 0.382683], [-0.5, 0.92388, -0.382683], [0.5, 0.92388, -0.382683], [-0.5, 0.92388, 0.382683], [-0.5, -0.92388, -0.382683], [0.5, 0.92388, 0.382683], [-0.5, -0.92388, 0.382683], [0.5, -0.92388, -0.382683]],
         [[15.417082, 9.698621, -0.5], [16.236605, 9.233231, -0.5], [16.22432, 8.915849, -0.5], [15.417082, 9.698621, 0.5], [16.22432, 8.915849, 0.5], [16.236605, 9.233231, 0.5]]),
    5: (865,
         [-2.241179617442763e-09, 0.7148738189791494, -0.6992534754566232, 6.333574727814116, 2.291244431918342e-09, 0.6992534754566232, 0.7148738189791494, 8.463157630327672, 1.0, 0.0, -3.2051032938795743e-09, 0.0],
         [[0.5, 0.5, -0.866025], [0.5, -0.5, -0.866025], [0.5, 1.0, 0.0], [-0.5, -0.5, 0.866025], [-0.5, 0.5, 0.866025], [-0.5, -1.0, 0.0], [0.5, -0.5, 0.866025], [-0.5, 0.5, -0.866025], [-0.5, -0.5, -0.866025], [-0.5, 1.0, 0.0], [0.5, -1.0, 0.0], [0.5, 0.5, 0.866025]],
         [[5.242363, 9.122811, -0.5], [6.359664, 8.28526, -0.5], [5.670377, 7.598539, -0.5], [5.242363, 9.122811, 0.5], [5.670377, 7.598539, 0.5], [6.359664, 8.28526, 0.5]]),
    6: (931,
         [-3.193413061359499e-09, -0.08533146197201667, -0.9963526191051632, 11.261494468063983, -2.734961498380703e-10, 0.9963526191051632, -0.08533146197201667, 5.7102314848013025, 1.0, 0.0, -3.2051032938795743e-09, 0.0],
         [[0.5, 0.309017, -0.951057], [0.5, 1.0, 0.0], [-0.5, -0.809017, 0.587785], [-0.5, 0.309017, 0.951057], [-0.5, -0.809017, -0.587785], [0.5, -0.809017, 0.587785], [-0.5, 0.309017, -0.951057], [-0.5, 1.0, 0.0], [0.5, -0.809017, -0.587785], [0.5, 0.309017, 0.951057]],
         [[10.924769, 5.670102, -0.5], [10.839257, 4.83299, -0.5], [11.452507, 5.520981, -0.5], [10.924769, 5.670102, 0.5], [11.452507, 5.520981, 0.5], [10.839257, 4.83299, 0.5]]),
    7: (995,
         [-3.1553676991561266e-09, -0.17548349096519453, -0.98448237383849, 9.427754495942917, -5.624427149140315e-10, 0.98448237383849, -0.17548349096519453, 4.354973098260487, 1.0, 0.0, -3.2051032938795743e-09, 0.0],
         [[-0.5, -0.5, -0.866025], [-0.5, -0.5, 0.866025], [-0.5, 1.0, 0.0], [0.5, -0.5, -0.866025], [0.5, 1.0, 0.0], [0.5, -0.5, 0.866025]],
         [[7.502455, 3.992667, -0.5], [7.91275, 2.73346, -0.5], [8.674382, 3.710847, -0.5], [7.502455, 3.992667, 0.5], [8.674382, 3.710847, 0.5], [7.91275, 2.73346, 0.5]]),
}

# ----------------------------------------------------------------- shapes


def pose12(m):
    """(quaternion, translation) of a row-major 3x4 matrix [R | t]."""
    R = [m[0:3], m[4:7], m[8:11]]
    return geom.matrix_quat(R), [m[3], m[7], m[11]]


def add(path, line, name, a, b, e, note=None):
    return S.add("test/%s:%d" % (path, line), name, a, b, e, note)


def closest_point_segment(x, p, q):
    d = geom.sub(q, p)
    L = geom.dot(d, d)
    t = 0.0 if L == 0 else max(0.0, min(1.0, geom.dot(geom.sub(x, p), d) / L))
    return geom.add(p, geom.mul(d, t))


def swept(ca, ra, cb, rb):
    """Closed form for two balls swept along segments (a sphere's segment
    is a point) whose segments have one closest pair, apart: signed
    distance, normal A->B, witness points."""
    (p1, q1), (p2, q2) = ca, cb
    if p1 == q1:
        y = closest_point_segment(p1, p2, q2)
        x = p1
    elif p2 == q2:
        x = closest_point_segment(p2, p1, q1)
        y = p2
    else:
        _, x, y = geom.seg_seg(p1, q1, p2, q2)
    L = geom.norm(geom.sub(y, x))
    assert L > 0
    n = geom.unit(geom.sub(y, x))
    return (L - ra - rb, n, geom.add(x, geom.mul(n, ra)),
            geom.sub(y, geom.mul(n, rb)))


def axis_seg(q, t, half):
    return (xf(q, t, [0, 0, -half]), xf(q, t, [0, 0, half]))


def pt(c):
    c = fl(c)
    return (c, c)

# ------------------------------------------------------------ capsule-box


def capsule_box():
    f = "test_fcl_capsule_box_1.cpp"
    a, b = capsule(2, 4, [3, 0, 0]), box([1, 2, 4])
    add(f, 62, "capsule beside box (parallel faces)", a, b,
        with_patch(exp(0.5, [-1, 0, 0]), [[1, 0, -2], [1, 0, 2]], 0.5,
                   [-1, 0, 0]),
        "capsule side x = 1 (z in [-2, 2]) faces the box face x = 0.5: "
        "distance 0.5 as FCL expects; the closest points form a segment, so "
        "only the patch (its two ends) is given")
    add(f, 80, "capsule above box", capsule(2, 4, [0, 0, 8]), b,
        exp(2.0, [0, 0, -1], [0, 0, 4], [0, 0, 2]),
        "lower pole (0,0,4) over the top face z = 2, as FCL expects")
    qy = geom.quat_axis_angle([0, 1, 0], math.pi / 2)
    add(f, 99, "capsule turned along x, behind box",
        capsule(2, 4, [-10, 0, 0], qy), b,
        exp(5.5, [1, 0, 0], [-6, 0, 0], [-0.5, 0, 0]),
        "axis from x = -12 to -8, end cap reaches x = -6; box face x = -0.5: "
        "5.5 as FCL expects")
    add("test_fcl_capsule_box_2.cpp", 64, "capsule turned, off-centre",
        capsule(2, 4, [-10, 0.8, 1.5], qy), b,
        exp(5.5, [1, 0, 0], [-6, 0.8, 1.5], [-0.5, 0.8, 1.5]),
        "as above shifted by (0, 0.8, 1.5), still within the box face: 5.5 "
        "as FCL expects")

# --------------------------------------------------------- sphere-capsule


def sphere_capsule():
    f = "test_fcl_sphere_capsule.cpp"
    qx = geom.quat_axis_angle([1, 0, 0], math.pi / 2)
    for line, spos, cpos, q, name, fcl_says in (
            (57, [0, 0, -50], [0, 0, 200], ID, "separated z", "no collision"),
            (78, [0, 0, 50], [0, 0, -200], ID, "separated -z",
             "no collision"),
            (99, [0, 0, -50], [150, 0, 0], ID, "separated x", "no collision"),
            (127, [0, 0, -50], [150, 0, 0], qx, "separated, capsule turned",
             "no collision"),
            (147, [0, 0, -50], [0, 0, 125], ID, "penetration z",
             "depth 25, normal (0,0,1)"),
            (184, [0, 0, 0], [0, 50, 75], qx, "penetration z, capsule turned",
             "depth 25, normal (0,0,1)"),
            (215, [0, 0, -50], [0, 0, 100], ID, "distance: colliding",
             "shapeDistance reports a collision"),
            (238, [0, 0, -50], [0, 0, 175], ID, "distance: separated",
             "distance 25")):
        a, b = sphere(50, spos), capsule(50, 200, cpos, q)
        d, n, pa, pb = swept(pt(spos), 50, axis_seg(q, cpos, 100), 50)
        add(f, line, "sphere-capsule " + name, a, b, exp(d, n, pa, pb),
            "closest points of the sphere's centre and the capsule's "
            "segment; FCL asserts: %s" % fcl_says)

# -------------------------------------------------------- capsule-capsule


def capsule_capsule():
    f = "test_fcl_capsule_capsule.cpp"
    qT = geom.quat_axis_angle([1, 2, 3], math.pi / 7)
    tT = [10.5, 12.75, -2.5]
    qy = geom.quat_axis_angle([0, 1, 0], math.pi / 2)
    r1, l1, r2, l2 = 1.5, 2.5, 2.0, 3.0
    for line, cfg, dist in ((735, "separated", 0.25),
                            (741, "intersecting", -0.25)):
        z = l1 / 2 + r1 + r2 + dist
        q2, t2 = geom.quat_mul(qT, qy), xf(qT, tT, [0, 0, z])
        a, b = capsule(r1, l1, tT, qT), capsule(r2, l2, t2, q2)
        d, n, pa, pb = swept(axis_seg(qT, tT, l1 / 2), r1,
                             axis_seg(q2, t2, l2 / 2), r2)
        assert abs(d - dist) < 1e-12
        add(f, line, "CapsuleCapsuleSegmentTest " + cfg, a, b,
            exp(dist, n, pa, pb),
            "in the frame T: B crosswise (along x) above A's upper pole; "
            "the segments' closest points are A's top end and B's middle, "
            "%g apart less the radii 3.5; FCL's expected points agree"
            % (z - l1 / 2))
    # centre lines crossing, and overlapping along a length
    for line, cfg, z, q in ((748, "single overlap", l1 / 4, qy),
                            (755, "multiple overlap", l2 / 2, ID)):
        q2, t2 = geom.quat_mul(qT, q), xf(qT, tT, [0, 0, z])
        a, b = capsule(r1, l1, tT, qT), capsule(r2, l2, t2, q2)
        add(f, line, "CapsuleCapsuleSegmentTest " + cfg, a, b,
            exp(-(r1 + r2)),
            "the centre lines meet, so the depth is the sum of the radii, "
            "3.5, as FCL expects; its witness points are one choice among "
            "tied directions (%s), so mink's normal and points are not "
            "checked" % ("+-y of the frame T" if q is qy
                         else "every direction across the common axis"))

# --------------------------------------------------------- sphere-sphere


def sphere_sphere():
    f = "test_fcl_sphere_sphere.cpp"
    sp = [(0.5, [0, 0, -1]), (0.6, [1.2, 0, 0]), (0.4, [-0.3, 0, 0]),
          (0.3, [0, 0, 1])]
    for i in range(4):
        for j in range(i + 1, 4):
            (ra, ca), (rb, cb) = sp[i], sp[j]
            d, n, pa, pb = swept(pt(ca), ra, pt(cb), rb)
            add(f, 137 + i, "TestSeparatingSpheres %d-%d" % (i + 1, j + 1),
                sphere(ra, ca), sphere(rb, cb), exp(d, n, pa, pb),
                "centre distance less the radii")

# ----------------------------------------------- small sphere on a slab


def sphere_on_slab():
    f = "test_fcl_sphere_box.cpp"
    w, h, dd, r = 0.115, 0.0025, 0.01, 0.0015
    hx, hy = w / 2, dd / 2
    sz = h / 2 + r - r * 0.5
    xs = [-hx + r, -hx * 0.5, -EPS, 0.0, EPS, hx * 0.5, hx - r]
    ys = [-hy + r, -hy * 0.5, -EPS, 0.0, EPS, hy * 0.5, hy - r]
    for i, sx in enumerate(xs):
        for j, sy in enumerate(ys):
            d = (sz - h / 2) - r
            add(f, 158, "LargeBoxSmallSphere x[%d] y[%d]" % (i, j),
                sphere(r, [sx, sy, sz]), box([w, dd, h]),
                exp(d, [0, 0, -1], [sx, sy, sz - r], [sx, sy, h / 2]),
                "the sphere's centre lies above the top face, inside its "
                "rim: depth r/2 = 0.00075 along -z as FCL expects (the "
                "sides are at least 2r away)")
    f = "test_fcl_sphere_cylinder.cpp"
    rc, hc, rs = 9.0, 0.0025, 0.0015
    sz = hc / 2 + rs - rs * 0.5
    for i, rr in enumerate([0.0, EPS, rc / 2, rc - rs]):
        for j, th in enumerate([0.0, math.pi / 2, math.pi, 3 * math.pi / 4]):
            ang = th + math.pi / 7
            sx, sy = math.cos(ang) * rr, math.sin(ang) * rr
            d = (sz - hc / 2) - rs
            add(f, 171, "LargeCylinderSmallSphere r[%d] theta[%d]" % (i, j),
                sphere(rs, [sx, sy, sz]), cylinder(rc, hc),
                exp(d, [0, 0, -1], [sx, sy, sz - rs], [sx, sy, hc / 2]),
                "the sphere's centre lies above the cylinder's top disc, "
                "inside its rim: depth r/2 = 0.00075 along -z as FCL "
                "expects")

# -------------------------------------------------------- signed distance

SD = "test_fcl_signed_distance.cpp"


def signed_distance():
    f = SD
    for line, c, fcl_says in ((70, [40, 0, 0], 10), (86, [25, 0, 0], -5),
                              (101, [20, 0, 20], "sqrt(800) - 30")):
        d, n, pa, pb = swept(pt([0, 0, 0]), 20, pt(c), 10)
        add(f, line, "spheresphere B at (%g,%g,%g)" % tuple(c), sphere(20),
            sphere(10, c), exp(d, n, pa, pb),
            "centre distance less the radii; FCL expects %s" % fcl_says)
    for line, c, fcl_says in ((139, [40, 0, 0], 10), (149, [25, 0, 0], -5)):
        d, n, pa, pb = swept(pt([0, 0, 0]), 20, axis_seg(ID, c, 10), 10)
        add(f, line, "spherecapsule B at (%g,%g,%g)" % tuple(c), sphere(20),
            capsule(10, 20, c), exp(d, n, pa, pb),
            "capsule axis x = %g, z in [-10, 10]: its middle is nearest; "
            "FCL expects %s" % (c[0], fcl_says))

    # cylinder_sphere1: the sphere's rotation does not matter
    cp, rc, hl, rs = [0.6, 0.0, 0.325], 0.03, 0.325, 0.055
    c = [0.5419794018, -0.0621175025, 0.6016236576]
    l = geom.sub(c, cp)
    rho = math.hypot(l[0], l[1])
    assert rho > rc and abs(l[2]) < hl
    n = [l[0] / rho, l[1] / rho, 0.0]
    pa = geom.add(cp, [rc * n[0], rc * n[1], l[2]])
    d = rho - rc - rs
    add(f, 185, "cylinder_sphere1", cylinder(rc, 2 * hl, cp), sphere(rs, c),
        exp(d, n, pa, geom.sub(c, geom.mul(n, rs))),
        "the sphere's centre is beside the cylinder's side (height inside "
        "it): distance = radial distance - 0.03 - 0.055; FCL checks only "
        "that its witnesses lie on the shapes")

    # cylinder-box: the numerical oracle, looser tolerance
    WB = [0, -1, 0, 0.8, 1, 0, 0, -0.4575, 0, 0, 1, 1.0225]
    for line, mc, r, length, bsize, mb in (
            (267, [-0.99999999997999022838, 6.2572835802045040178e-10,
                   6.3260669852976095481e-06, 0.57500009756757608503,
                   6.3260669851683709551e-06, -6.3943303429958554955e-10,
                   0.99999999997999056145, -0.42711963046787942977,
                   6.2573180158128459924e-10, 1, 6.3942912945996747041e-10,
                   1.1867093358746836351], 0.05, 0.06,
             [0.025, 0.35, 1.845], WB),
            (285, [-0.97313010759279283679, -0.12202804064972551379,
                   0.19526123781136842106, 0.87472781461138560122,
                   0.20950801135757171623, -0.11745920593569325607,
                   0.97072639199619581429, -0.4038687881347159947,
                   -0.095520609678929752073, 0.98555187191549953329,
                   0.13986894183635001365, 1.5871328698116491385], 0.05,
             0.06, [0.025, 0.35, 1.845], WB),
            (1205, [0.62286449762754547699, 0.71651535568044355529,
                    -0.31407891153229777759, 0.20238033346825459735,
                    -0.20605566270224237591, -0.23703718387133412837,
                    -0.94939688083050233214, 0.027845683594011010065,
                    -0.75470582445316081177, 0.65606334948423605802,
                    4.0172294049188053423e-17, 0.3114233939246693339],
             0.041000000000000001721, 0.17000000000000001221,
             [0.2999999999999999889, 0.5999999999999999778,
              0.016000000000000000333],
             [1, 0, 0, 0.4000000000000000222, 0, 1, 0, 0, 0, 0, 1,
              0.2688500000000000334])):
        qc, tc = pose12(mc)
        qb, tb = pose12(mb)
        a, b = cylinder(r, length, tc, qc), box(bsize, tb, qb)
        d, ns = geom.support_min(a, b)
        e = exp(d, ns[0] if len(ns) == 1 else None)
        e["tol"] = 1e-8
        if "normal" in e:
            e["normal_tol"] = 1e-3
        add(f, line, "cylinder_box %d" % line, a, b, e,
            "no closed form: geom.support_min's distance (checked to 1e-8) "
            "and normal (to 1e-3 rad); FCL checks only that its witnesses "
            "lie on the shapes")

    # box-box regressions
    BB = [
        (357, [0.03, 0.12, 0.1],
         [-3.0627937852578681533e-08, -0.99999999999999888978,
          -2.8893865161583314238e-08, 0.63499979627350811029,
          0.9999999999999980016, -3.0627939739957803544e-08,
          6.4729926918527511769e-08, -0.48500002215636439651,
          -6.4729927722963847085e-08, -2.8893863029448751323e-08,
          0.99999999999999711342, 1.0778146458339641356],
         [0.025, 0.35, 1.845], WB, None),
        (383, [0.46, 0.48, 0.01],
         [1, 0, 0, -0.72099999999999997424, 0, 1, 0, -0.77200000000000001954,
          0, 0, 1, 0.81000000000000005329],
         [0.049521, 0.146, 0.0725],
         [0.10758262492983036718, -0.6624881850015212903,
          -0.74130653817877356637, -0.42677133002999478872,
          0.22682184885125472595, -0.709614040775253474,
          0.6670830248314786326, -0.76596851247746788882,
          -0.96797615037608542021, -0.23991106241273435495,
          0.07392465377049164954, 0.80746731400091054098], None),
        (407, [0.49, 0.05, 0.21],
         [4.8966386501092529215e-12, -1, 0, -0.43999999999999994671,
          1, 4.8966386501092529215e-12, 0, -0.61499999999858001587,
          0, 0, 1, 0.35499999999999998224],
         [0.035, 0.12, 0.03],
         [0.83512153565236335595, -0.55006546945762568868,
          -9.4542360608233572896e-16, -0.40653441507331000704,
          0.55006546945762568868, 0.83512153565236313391,
          1.1787444236552387666e-15, -0.69166166923735727945,
          1.2902271444330665572e-16, -1.4878153530113264589e-15, 1,
          0.43057093858718892276], None),
        (431, [0.614, 3, 0.37], [1, 0, 0, -0.675, 0, 1, 0, 0, 0, 0, 1, 0.9115],
         [0.494, 0.552, 0.01], [1, 0, 0, -0.692, 0, 1, 0, 0, 0, 0, 1, 0.935],
         None),
        (445, [0.2, 0.33, 0.1],
         [1, 0, 0, -0.071000000000000035305, 0, 1, 0,
          -0.77200000000000001954, 0, 0, 1, 0.79999999999999993339],
         [0.452, 0.27, 0.6],
         [1, 0, 0, 0.12099999999999999645, 0, 1, 0, -0.78769605692727695523,
          0, 0, 1, 0.53422044196125151316], None),
        (457, [0.31650000000000000355, 0.22759999999999999676,
               0.1768000000000000127],
         [0.44540578475530234748, 0.89532881496493399442,
          -8.8937407685638678971e-09, 1.2652949075960071568,
          -0.89532881496493377238, 0.44540578475530190339,
          -2.8948680226084145336e-08, 1.4551012423210101243,
          -2.1957263975186326105e-08, 2.0856732016652919226e-08,
          0.99999999999999955591, 0.49480006232932938204],
         [0.49430000000000001714, 0.35460000000000002629,
          0.075200000000000002953],
         [0.44171122913485860728, 0.8971572827861190591,
          -1.622764514865468214e-09, 1.1304016226141906376,
          -0.8971572827861190591, 0.44171122913485860728,
          -5.1621053952306079594e-09, 1.8410802645284281009,
          -3.9144271413829990148e-09, 3.7360349218094348098e-09, 1,
          0.44400006232932492933], 0.0),
        (481, [0.050000000000000002776, 0.55000000000000004441,
               0.2999999999999999889],
         [0.00079632671073326442932, -0.99999968293183538748, 0,
          0.75000000000000055511, 0.99999968293183538748,
          0.00079632671073326442932, 0, -2.4083553715553102684e-15,
          0, 0, 1, 0.14999999999999999445],
         [0.25, 0.2000000000000000111, 0.14999999999999999445],
         [6.1232339957367660359e-17, 0, 1, 0.75, -1,
          6.1232339957367660359e-17, 6.1232339957367660359e-17, 0,
          -6.1232339957367660359e-17, -1, 3.7493994566546440196e-33,
          0.14999999999999999445], None)]
    for k, (line, s1, m1, s2, m2, fcl_d) in enumerate(BB):
        q1, t1 = pose12(m1)
        q2, t2 = pose12(m2)
        a, b = box(s1, t1, q1), box(s2, t2, q2)
        d, ns = geom.box_box(a, b)
        note = ("geom.box_box (exact separating axes / closest features); "
                "FCL checks only that its witnesses lie on the boxes")
        if fcl_d is not None:
            note += ("; FCL expects %g to sqrt(eps) ~ 1.5e-8, the derived distance is "
                     "%.3g" % (fcl_d, d))
        e = exp(d, ns[0] if len(ns) == 1 else None)
        add(f, line, "box_box_regression%d" % (k + 1), a, b, e, note)

    # tilted kissing boxes: B one side length from A along F's y
    R = [[0.94096063217417758029, 0.29296840037289501035,
          0.16959541586174811667],
         [-0.23569836841299879326, 0.92661523595848427348,
          -0.29296840037289506586],
         [-0.2429801799032638987, 0.23569836841299884878,
          0.94096063217417758029]]
    q = geom.matrix_quat(R)
    for dim in (0.01, 0.25, 0.5, 10.0, 1000.0):
        for dd in (-1e-15, 0.0, 1e-15):
            sd = dd * max(1.0, dim)
            pa = [0.0, 0.0, 5 * dim]
            pb = xf(q, pa, [0, dim + sd, 0])
            a, b = box([dim] * 3, pa, q), box([dim] * 3, pb, q)
            e = exp(sd)
            if sd != 0:
                # below the positions' rounding: the sign is not defined
                del e["state"], e["intersecting"]
            add(f, 547, "tilted kissing contact dim=%g offset=%g" % (dim, dd),
                a, b, e, "equal cubes turned alike, face to face, "
                "%g apart (FCL's expectation; mink reports it as touching): "
                "B's position is carried by the quaternion of R_WF, the "
                "rotation mink sees" % sd)

    # sphere_box_regression1
    c = [1.7855056639081962376e-10, 0.039999999999999993894,
         0.33000000000000012657]
    d = (0.1 - c[1]) - 0.06
    add(f, 567, "sphere_box_regression1", sphere(0.06, c),
        box([0.1, 0.1, 0.1], [0.05, 0.15, 0.35]),
        exp(d, [0, 1, 0], [c[0], c[1] + 0.06, c[2]], [c[0], 0.1, c[2]]),
        "the box spans y >= 0.1 over x in [0, 0.1], z in [0.3, 0.4]; the "
        "centre (x ~ 1.8e-10, y = 0.04, z = 0.33) is 0.06 below its face: "
        "touching, as FCL expects (0)")

    # convex to convex: refgeom's exact candidate search
    for k in sorted(CONVEX):
        line, m, v1, v2 = CONVEX[k]
        q1, t1 = pose12(m)
        a, b = hull(v1, t1, q1), hull(v2)
        r = refgeom.solve({"a": a, "b": b})
        e = exp(r["distance"], r["normal"], r["point_a"], r["point_b"])
        if "normal" in e:
            e["normal_tol"] = 1e-6
        add(f, line, "convex_to_convex%d" % k, a, b, e,
            "refgeom.solve (exact for hulls); A's pose is orthonormal only "
            "to ~3e-9, so nearly parallel faces tie to within refgeom's "
            "normal resolution (1e-6 rad): the normal is checked to 1e-6; "
            "FCL checks only that |distance| matches its witnesses' gap")


def main():
    out = suitekit.out_path("fcl-more.ndjson")
    capsule_box()
    sphere_capsule()
    capsule_capsule()
    sphere_sphere()
    sphere_on_slab()
    signed_distance()
    suitekit.write(S, out)


if __name__ == "__main__":
    main()
