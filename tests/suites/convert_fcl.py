#!/usr/bin/env python3
"""Writes testdata/suites/fcl.ndjson from FCL's shape tests.

The poses are those of flexible-collision-library/fcl
test/test_fcl_geometric_shapes.cpp (shapeIntersection_* and
shapeDistance_*); the expected values are derived here: analytically for
two spheres, by geom.box_box for boxes and by geom.support_min for the
rest (distance only, and the normal when it is unique).

FCL sizes boxes by their full edges and capsules, cylinders and cones by
their full length (a cone's apex at +lz/2, as in mink).  Where FCL poses
both shapes by a random transform, a fixed one stands for it: the
rotation eulerToMatrix(0.25, -0.7, 0.4) and translation
(8.40188, 3.94383, 7.83099) that the file itself uses for its cylinders.
Its boxBoxContactPoints loop draws random rotations: here ten rotations of
a seeded generator stand for them.

usage: convert_fcl.py [OUTPUT]
"""
import math
import os
import random
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import geom  # noqa: E402

FILE = "test/test_fcl_geometric_shapes.cpp"
S = geom.Suite("flexible-collision-library/fcl", "fcl")


def euler(a, b, c):
    c1, c2, c3 = math.cos(a), math.cos(b), math.cos(c)
    s1, s2, s3 = math.sin(a), math.sin(b), math.sin(c)
    return [[c1 * c2, -c2 * s1, s2],
            [c3 * s1 + c1 * s2 * s3, c1 * c3 - s1 * s2 * s3, -c2 * s3],
            [s1 * s3 - c1 * c3 * s2, c3 * s1 * s2 + c1 * s3, c2 * c3]]


I3 = [[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1.0]]
T = (euler(0.25, -0.7, 0.4), [8.40188, 3.94383, 7.83099])
ID = (I3, [0.0, 0.0, 0.0])


def tr(x, y, z):
    return (I3, [float(x), float(y), float(z)])


def rot(R):
    return (R, [0.0, 0.0, 0.0])


def compose(p, q):
    (R1, t1), (R2, t2) = p, q
    return (geom.mat_mul(R1, R2), geom.add(t1, geom.mat_vec(R1, t2)))


def shape(spec, pose):
    kind = spec[0]
    R, t = pose
    s = {"type": kind}
    if kind == "sphere":
        s["radius"] = spec[1]
    elif kind == "box":
        s["half_extents"] = [x / 2 for x in spec[1:]]
    elif kind in ("capsule", "cylinder", "cone"):
        s["radius"], s["half_height"] = spec[1], spec[2] / 2
    elif kind == "ellipsoid":
        s["radii"] = list(spec[1:])
    elif kind == "triangle":
        s["points"] = [list(map(float, p)) for p in spec[1:]]
    s["position"] = list(t)
    s["rotation"] = geom.matrix_quat(R)
    return s


def solve(a, b):
    if a["type"] == b["type"] == "sphere":
        d = geom.sub(b["position"], a["position"])
        L = geom.norm(d)
        dist = L - a["radius"] - b["radius"]
        if L == 0:
            return geom.expect(dist)
        n = [x / L for x in d]
        pts = (geom.add(a["position"], geom.mul(n, a["radius"])),
               geom.sub(b["position"], geom.mul(n, b["radius"])))
        return geom.expect(dist, [n], pts)
    if a["type"] == b["type"] == "box":
        d, n = geom.box_box(a, b)
        return geom.expect(d, n)
    d, n = geom.support_min(a, b)
    return geom.expect(d, n)


def add(line, name, sa, pa, sb, pb, note=None, check=None):
    a, b = shape(sa, pa), shape(sb, pb)
    e = solve(a, b)
    if check is not None:
        assert abs(e["distance"] - check) < 1e-9, (line, name, e, check)
        # the closed form, not the oracle's digits
        e["distance"] = float(check)
        e["state"] = ("touching" if check == 0 else
                      "separated" if check > 0 else "penetrating")
        e["intersecting"] = check <= 0
    S.add("%s:%d" % (FILE, line), name, a, b, e, note)


def tpair(t):
    """FCL's tf2 = transform * Translation(t)."""
    return compose(T, tr(*t))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "..", "testdata", "suites",
        "fcl.ndjson")

    # shapeIntersection_spheresphere: spheres 20 and 10
    s1, s2 = ("sphere", 20), ("sphere", 10)
    for line, x, tf in [(559, 40, False), (563, 40, True), (571, 30, False),
                        (575, 30.01, False), (579, 30.01, True),
                        (587, 29.9, False), (595, 29.9, True),
                        (603, 0, False), (611, 0, True), (619, -29.9, False),
                        (627, -29.9, True), (635, -30, False),
                        (639, -30.01, False), (643, -30.01, True)]:
        pa = T if tf else ID
        pb = tpair((x, 0, 0)) if tf else tr(x, 0, 0)
        add(line, "spheresphere x=%g%s" % (x, " transformed" if tf else ""),
            s1, pa, s2, pb)

    # shapeIntersection_boxbox: boxes 20x40x50 and 10x10x10
    b1, b2 = ("box", 20, 40, 50), ("box", 10, 10, 10)
    q = rot(geom.quat_matrix(geom.quat_axis_angle([0, 0, 1], 3.140 / 6)))
    cc = ("FCL records normal (1, 0, 0); with coincident centres the "
          "opposite normal is as good, so only the depth is checked")
    add(773, "boxbox coincident", b1, ID, b2, ID, cc, check=-15)
    add(783, "boxbox coincident transformed", b1, T, b2, T, cc, check=-15)
    add(792, "boxbox x=15 (touching)", b1, ID, b2, tr(15, 0, 0), check=0)
    add(796, "boxbox x=15.01", b1, ID, b2, tr(15.01, 0, 0))
    add(805, "boxbox rotated 3.140/6 about z", b1, ID, b2, q, cc)
    add(814, "boxbox rotated 3.140/6 about z transformed", b1, T, b2,
        compose(T, q), cc)
    # testBoxBoxContactPointds: a 100 cube with its top face at z = 0
    # against a 10x20x30 box rotated about the origin
    rng = random.Random(1)
    for k in range(10):
        qq = geom.unit([rng.gauss(0, 1) for _ in range(4)])
        R = geom.quat_matrix(qq)
        a = shape(("box", 100, 100, 100), tr(0, 0, -50))
        b = shape(("box", 10, 20, 30), rot(R))
        d, n = geom.box_box(a, b)
        deep = min(geom.box_vertices(b), key=lambda v: v[2])
        assert len(n) == 1 and n[0] == [0.0, 0.0, 1.0] or \
            geom.norm(geom.sub(n[0], [0, 0, 1])) < 1e-15, n
        assert abs(-d - (-deep[2])) < 1e-12
        e = geom.expect(-(-deep[2]), [[0.0, 0.0, 1.0]],
                        ([deep[0], deep[1], 0.0], deep))
        S.add("%s:%d" % (FILE, 689), "boxBoxContactPoints rotation %d" % k,
              a, b, e, "a seeded rotation stands for FCL's random one")

    # shapeIntersection_spherebox: sphere 20, box 5x5x5
    sp, bx = ("sphere", 20), ("box", 5, 5, 5)
    add(863, "spherebox coincident", sp, ID, bx, ID,
        "FCL's convention picks the normal (-1, 0, 0); every face normal "
        "of the cube is as deep, so only the depth is checked", check=-22.5)
    add(869, "spherebox coincident transformed", sp, T, bx, T, check=-22.5)
    add(876, "spherebox x=22.5 (touching)", sp, ID, bx, tr(22.5, 0, 0),
        check=0)
    add(881, "spherebox x=22.501 transformed", sp, T, bx, tpair((22.501, 0, 0)))
    add(887, "spherebox x=22.4", sp, ID, bx, tr(22.4, 0, 0), check=-0.1)
    add(894, "spherebox x=22.4 transformed", sp, T, bx, tpair((22.4, 0, 0)),
        check=-0.1)

    # shapeIntersection_spherecapsule: sphere 20, capsule r 5 lz 10
    cp = ("capsule", 5, 10)
    add(923, "spherecapsule coincident", sp, ID, cp, ID, check=-25)
    add(929, "spherecapsule coincident transformed", sp, T, cp, T, check=-25)
    for line, x, tf in [(935, 24.9, False), (941, 24.9, True),
                        (947, 25, False), (954, 25 - 1e-6, True),
                        (958, 25.1, False), (962, 25.1, True)]:
        add(line, "spherecapsule x=%.10g%s" % (x, " transformed" if tf else ""),
            sp, T if tf else ID, cp, tpair((x, 0, 0)) if tf else tr(x, 0, 0),
            check=x - 25)

    # shapeIntersection_cylindercylinder: r 5 lz 10 both
    cy = ("cylinder", 5, 10)
    cyn = ("identical coincident cylinders: the depth is the least width, "
           "10 across the axis and 10 along it")
    add(994, "cylindercylinder coincident", cy, ID, cy, ID, cyn, check=-10)
    add(1000, "cylindercylinder coincident transformed", cy, T, cy, T, cyn,
        check=-10)
    add(1006, "cylindercylinder x=9.9", cy, ID, cy, tr(9.9, 0, 0), check=-0.1)
    add(1016, "cylindercylinder x=9.9 transformed", cy, T, cy,
        tpair((9.9, 0, 0)), check=-0.1)
    add(1021, "cylindercylinder x=10.01", cy, ID, cy, tr(10.01, 0, 0))
    add(1025, "cylindercylinder x=10.01 transformed", cy, T, cy,
        tpair((10.01, 0, 0)))

    # shapeIntersection_conecone: r 5 lz 10 both
    cn = ("cone", 5, 10)
    w = 4 * math.sqrt(5)   # least width of the cone: the altitude of its
    # axial section (a triangle of base 10 and height 10) onto a slant side
    con = ("identical coincident cones: the least width of the cone is "
           "4*sqrt(5) (its axial triangle's altitude onto a slant side), "
           "less than 10")
    add(1052, "conecone coincident", cn, ID, cn, ID, con, check=-w)
    add(1058, "conecone coincident transformed", cn, T, cn, T, con, check=-w)
    slant = ("FCL expects normal (1, 0, 0) and depth 0.1; pushing B across "
             "a slant side, (2, 0, +-1)/sqrt(5), separates them sooner: "
             "depth 0.1*2/sqrt(5), two equal normals")
    add(1064, "conecone x=9.9", cn, ID, cn, tr(9.9, 0, 0), slant,
        check=-0.2 / math.sqrt(5))
    add(1070, "conecone x=9.9 transformed", cn, T, cn, tpair((9.9, 0, 0)),
        slant, check=-0.2 / math.sqrt(5))
    add(1074, "conecone x=10.001", cn, ID, cn, tr(10.001, 0, 0))
    add(1078, "conecone x=10.001 transformed", cn, T, cn,
        tpair((10.001, 0, 0)))
    add(1084, "conecone z=9.9", cn, ID, cn, tr(0, 0, 9.9), check=-0.1)
    add(1090, "conecone z=9.9 transformed", cn, T, cn, tpair((0, 0, 9.9)),
        check=-0.1)

    # shapeIntersection_cylindercone
    cyc = ("cylinder and cone, coincident: the cone leaves the cylinder "
           "soonest across its slant side, 4*sqrt(5), less than 10")
    add(1117, "cylindercone coincident", cy, ID, cn, ID, cyc, check=-w)
    add(1123, "cylindercone coincident transformed", cy, T, cn, T, cyc,
        check=-w)
    sl2 = ("FCL expects normal (1, 0, 0) (within 0.061) and depth 0.1; the "
           "cone's slant side clears the cylinder's rim along "
           "(2, 0, -1)/sqrt(5) after 0.1*2/sqrt(5)")
    add(1129, "cylindercone x=9.9", cy, ID, cn, tr(9.9, 0, 0), sl2,
        check=-0.2 / math.sqrt(5))
    add(1135, "cylindercone x=9.9 transformed", cy, T, cn, tpair((9.9, 0, 0)),
        sl2, check=-0.2 / math.sqrt(5))
    add(1139, "cylindercone x=10.01", cy, ID, cn, tr(10.01, 0, 0))
    add(1143, "cylindercone x=10.01 transformed", cy, T, cn,
        tpair((10.01, 0, 0)))
    add(1149, "cylindercone z=9.9", cy, ID, cn, tr(0, 0, 9.9), check=-0.1)
    add(1155, "cylindercone z=9.9 transformed", cy, T, cn, tpair((0, 0, 9.9)),
        check=-0.1)
    add(1159, "cylindercone z=10.01", cy, ID, cn, tr(0, 0, 10.01))
    add(1163, "cylindercone z=10.01 transformed", cy, T, cn,
        tpair((0, 0, 10.01)))

    # shapeIntersection_ellipsoidellipsoid: radii (20, 40, 50), (10, 10, 10)
    e1, e2 = ("ellipsoid", 20, 40, 50), ("ellipsoid", 10, 10, 10)
    for line, x, tf in [(1189, 40, False), (1193, 40, True), (1197, 30, False),
                        (1201, 30.01, True), (1206, 29.99, False),
                        (1211, 29.9, True), (1216, 0, False), (1221, 0, True),
                        (1226, -29.99, False), (1231, -29.99, True),
                        (1235, -30, False), (1239, -30.01, True)]:
        chk = None if x == 0 else abs(x) - 30
        add(line, "ellipsoidellipsoid x=%g%s" % (x, " transformed" if tf
                                                  else ""),
            e1, T if tf else ID, e2, tpair((x, 0, 0)) if tf else tr(x, 0, 0),
            check=chk)

    # shapeIntersection_spheretriangle: sphere 10
    t1 = ("triangle", (20, 0, 0), (-20, 0, 0), (0, 20, 0))
    t2 = ("triangle", (30, 0, 0), (9.9, -20, 0), (9.9, 20, 0))
    add(1263, "spheretriangle through the centre", ("sphere", 10), ID, t1, ID,
        check=-10)
    add(1266, "spheretriangle through the centre transformed", ("sphere", 10),
        T, t1, T, check=-10)
    add(1273, "spheretriangle x=9.9", ("sphere", 10), ID, t2, ID, check=-0.1)
    add(1283, "spheretriangle x=9.9 transformed", ("sphere", 10), T, t2, T,
        check=-0.1)

    # shapeDistance_spheresphere
    for line, pa, pb, chk in [
            (3678, ID, tr(0, 40, 0), 10), (3682, ID, tr(30.1, 0, 0), 0.1),
            (3686, ID, tr(29.9, 0, 0), -0.1), (3690, tr(40, 0, 0), ID, 10),
            (3694, tr(30.1, 0, 0), ID, 0.1), (3698, tr(29.9, 0, 0), ID, -0.1),
            (3703, T, tpair((40, 0, 0)), 10),
            (3708, T, tpair((30.1, 0, 0)), 0.1),
            (3712, T, tpair((29.9, 0, 0)), -0.1),
            (3716, tpair((40, 0, 0)), T, 10),
            (3720, tpair((30.1, 0, 0)), T, 0.1),
            (3724, tpair((29.9, 0, 0)), T, -0.1)]:
        add(line, "shapeDistance spheresphere %d" % line, s1, pa, s2, pb,
            check=chk)
    # shapeDistance_boxbox
    for line, sa, pa, sb, pb, chk in [
            (3748, b1, ID, b2, ID, -15), (3752, b1, T, b2, T, -15),
            (3756, b2, ID, b2, tr(10.1, 0, 0), 0.1),
            (3760, b2, ID, b2, tr(20.1, 0, 0), 10.1),
            (3764, b2, ID, b2, tr(0, 20.2, 0), 10.2),
            (3768, b2, ID, b2, tr(10.1, 10.1, 0), 0.1 * math.sqrt(2)),
            (3789, b1, T, b2, tpair((15.1, 0, 0)), 0.1),
            (3793, b1, ID, b2, tr(20, 0, 0), 5),
            (3797, b1, T, b2, tpair((20, 0, 0)), 5)]:
        note = None
        if line == 3768:
            note = "FCL compares with 0.1*1.414; the distance is 0.1*sqrt(2)"
        add(line, "shapeDistance boxbox %d" % line, sa, pa, sb, pb, note,
            check=chk)
    # shapeDistance_boxsphere: sphere 20, box 5
    for line, pa, pb, chk in [(3820, ID, ID, -22.5), (3824, T, T, -22.5),
                              (3828, ID, tr(22.6, 0, 0), 0.1),
                              (3832, T, tpair((22.6, 0, 0)), 0.1),
                              (3836, ID, tr(40, 0, 0), 17.5),
                              (3840, T, tpair((40, 0, 0)), 17.5)]:
        add(line, "shapeDistance spherebox %d" % line, sp, pa, bx, pb,
            check=chk)
    # shapeDistance_cylindercylinder, conecone, conecylinder
    for base, sa, sb, z40, chk0 in [(3863, cy, cy, False, -10),
                                    (3906, cn, cn, True, -w),
                                    (3949, cy, cn, False, -w)]:
        far = (0, 0, 40) if z40 else (40, 0, 0)
        for k, (pa, pb, chk) in enumerate([
                (ID, ID, chk0), (T, T, chk0),
                (ID, tr(10.1, 0, 0), 0.1), (T, tpair((10.1, 0, 0)), 0.1),
                (ID, tr(*far), 30), (T, tpair(far), 30)]):
            line = base + 4 * k
            add(line, "shapeDistance %s%s %d" % (sa[0], sb[0], line),
                sa, pa, sb, pb, check=chk)
    # shapeDistance_ellipsoidellipsoid
    for line, pa, pb, chk in [
            (3993, ID, tr(40, 0, 0), 10), (3997, ID, tr(30.1, 0, 0), 0.1),
            (4001, ID, tr(29.9, 0, 0), -0.1), (4005, tr(40, 0, 0), ID, 10),
            (4009, tr(30.1, 0, 0), ID, 0.1), (4013, tr(29.9, 0, 0), ID, -0.1),
            (4018, T, tpair((40, 0, 0)), 10),
            (4022, T, tpair((30.1, 0, 0)), 0.1),
            (4026, T, tpair((29.9, 0, 0)), -0.1),
            (4030, tpair((40, 0, 0)), T, 10),
            (4034, tpair((30.1, 0, 0)), T, 0.1),
            (4038, tpair((29.9, 0, 0)), T, -0.1)]:
        add(line, "shapeDistance ellipsoidellipsoid %d" % line, e1, pa, e2,
            pb, check=chk)

    S.write(out)
    print("%s: %d cases" % (out, len(S.cases)))


if __name__ == "__main__":
    main()
