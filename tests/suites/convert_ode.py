#!/usr/bin/env python3
"""Writes testdata/suites/ode.ndjson from the Open Dynamics Engine's
collision unit tests.

The inputs come from thomasmarsh/ODE (snapshot bcfb66cd, 2024-01), cited by
the line numbers of that version:
  tests/collision_point_depth.cpp
      dGeomSpherePointDepth on a sphere of radius 1 at the origin (67
      asserts) and dGeomBoxPointDepth on a cube of side 2 at the origin (91
      asserts): query points at the centre, inside, on the surface and
      outside (off faces, edges and corners);
  tests/collision.cpp (test_collision_trimesh_sphere_exact)
      a sphere of radius 4 resting on a two-triangle square mesh with zero
      depth, in three poses (at the origin, translated, and turned a quarter
      about x).  The first version of this test (commit df2c88ed, 2008) had
      the square's corner, not its centre, under the sphere; its three poses
      are kept as well (cited by that version's lines, the note names the
      commit), as they touch a vertex instead of an edge.
The ray tests of tests/collision.cpp are left out: a ray's "depth" in ODE is
a hit distance along the ray, which has no mink counterpart.  The other
files under tests/ (joints, friction, odemath) hold no collision geometry.

How ODE's conventions map onto mink's:
  - dCreateBox takes full side lengths; mink's box takes half extents, so
    the cube of side 2 is half_extents (1, 1, 1).
  - A point depth query becomes a pair: the sphere or box as A and a mink
    "point" shape as B, at the query point.  ODE's depth is positive inside
    and negative outside, so mink's signed distance is -depth.  The normal
    (A to B) is the outward surface normal at the nearest surface point,
    given only when unique: never at the centre (every direction, or the
    six faces of the cube, tie); B's witness point is the query point
    itself, so point_b is given even there.
  - A trimesh is collided by ODE triangle by triangle.  Here the square
    becomes a flat mink hull of its 4 corners, and each of its 2 triangles
    is a case of its own, all with the mesh's pose.  ODE's dMatrix3 is 3
    rows of 4 (the fourth unused); the quarter turn given there goes to
    mink as the unit quaternion of its 3x3 part.
  - dCollide(o1, o2) returns a normal along which o1 must move to separate
    (pointing from o2 into o1); mink's normal points from A to B, so with
    A = the mesh and B = the sphere, mink's normal is minus ODE's.
  - The decimal literals are read in double.  ODE's float vertices are
    small integers, exact in both.

Every expectation is derived here in closed form, from the decimal
literals in exact rational arithmetic (all the distances involved are
rational: 3-4-5 and 1-2-2 triangles): for a sphere, |q| - r along q/|q|;
for the box, the clamp of q to the box when outside, and the nearest face
(with ties detected exactly) when inside.  ODE's own expected depth is
kept beside each query and compared with the derived one; they agree
everywhere.  The cases are then cross-checked against refgeom.solve (the
box and polytope pairs: both have at least two edge directions) and a
sample of them (every third sphere or mesh case, every sixth box case)
against geom.support_min (the sampled support function), so the
sphere-point pairs, for which refgeom's exact search does not apply, are
checked independently as well.

usage: convert_ode.py [OUTPUT]
"""
import math
import os
import sys
from fractions import Fraction

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import geom  # noqa: E402
import refgeom  # noqa: E402
import suitekit  # noqa: E402

PD = "tests/collision_point_depth.cpp"
COL = "tests/collision.cpp"
S = geom.Suite("thomasmarsh/ODE", "ode")
ZERO = Fraction(0)

# ------------------------------------------------------------ exact helpers


def frac(text):
    return Fraction(text)


def rat_sqrt(x):
    """Square root of a rational that is a perfect square (exact)."""
    n, d = x.numerator, x.denominator
    rn, rd = math.isqrt(n), math.isqrt(d)
    assert rn * rn == n and rd * rd == d, x
    return Fraction(rn, rd)


def fl(v):
    return [float(x) + 0.0 for x in v]


def zero_clean(v):
    return [0.0 if x == 0 else x for x in v]

# ------------------------------------------------------- query-point layout


def pattern_axes(a):
    """(a,0,0), (0,a,0), (0,0,a), then the same with -a: the order ODE's
    asserts take along the axes."""
    out = []
    for s in (1, -1):
        for k in range(3):
            v = [ZERO, ZERO, ZERO]
            v[k] = s * a
            out.append(v)
    return out


def shift(v, k):
    """v with its coordinates moved k places to the right (cyclically)."""
    return [v[(i - k) % 3] for i in range(3)]


def pattern_pair(a, b, c=ZERO):
    """(sa*a, sb*b, c) for the signs (+,+), (-,+), (+,-), (-,-), each
    followed by its two cyclic shifts: ODE's order for the off-axis
    points."""
    out = []
    for sa, sb in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        v = [sa * a, sb * b, c]
        out += [shift(v, k) for k in range(3)]
    return out


def groups_sphere():
    """(first line, ODE's depth, points) of dGeomSpherePointDepth's asserts
    on the unit sphere."""
    f = frac
    return [
        (15, f("1"), [[ZERO, ZERO, ZERO]]),
        (18, f("0.5"), pattern_axes(f("0.5"))),
        (24, f("0.5"), pattern_pair(f("0.3"), f("0.4"))),
        (38, f("0.1"), pattern_axes(f("0.9"))),
        (46, f("0"), pattern_axes(f("1"))),
        (52, f("0"), pattern_pair(f("0.6"), f("0.8"))),
        (66, f("-0.1"), pattern_axes(f("1.1"))),
        (74, f("-0.5"), pattern_axes(f("1.5"))),
        (80, f("-0.5"), pattern_pair(f("0.9"), f("1.2"))),
    ]


def groups_box():
    """The same for dGeomBoxPointDepth's asserts on the cube of side 2."""
    f = frac
    return [
        (105, f("1"), [[ZERO, ZERO, ZERO]]),
        (108, f("0.5"), pattern_axes(f("0.5"))),
        (116, f("0.6"), pattern_pair(f("0.3"), f("0.4"))),
        (130, f("0.1"), pattern_axes(f("0.9"))),
        (138, f("0"), pattern_axes(f("1"))),
        (144, f("0"), pattern_pair(f("0.3"), f("1"))),
        (158, f("-0.1"), pattern_axes(f("1.1"))),
        (166, f("-0.5"), pattern_axes(f("1.5"))),
        (172, f("-0.5"), pattern_pair(f("0.3"), f("1.5"))),
        (185, f("-0.5"), pattern_pair(f("1.3"), f("1.4"))),
        (198, f("-0.6"), pattern_pair(f("1.2"), f("1.4"), f("1.4"))),
    ]

# ------------------------------------------------------ exact point depths


def sphere_point(q, r):
    """Exact (distance, normal, point_a) of the sphere of radius r at the
    origin (A) and the point q (B); normal and point_a None when not
    unique."""
    L = rat_sqrt(sum(x * x for x in q))
    if L == 0:
        return -r, None, None
    n = [x / L for x in q]
    return L - r, n, [x * r for x in n]


def box_point(q, e):
    """Exact (distance, normal, point_a) of the box of half extents e at the
    origin (A) and the point q (B)."""
    c = [max(-ei, min(ei, qi)) for qi, ei in zip(q, e)]
    v = [qi - ci for qi, ci in zip(q, c)]
    L2 = sum(x * x for x in v)
    if L2 > 0:
        L = rat_sqrt(L2)
        return L, [x / L for x in v], c
    # inside or on the surface: the nearest faces
    gaps = [ei - abs(qi) for qi, ei in zip(q, e)]
    g = min(gaps)
    faces = []
    for i in range(3):
        if gaps[i] == g:
            faces += [(i, 1)] if q[i] > 0 else [(i, -1)] if q[i] < 0 \
                else [(i, 1), (i, -1)]
    if len(faces) != 1:
        return -g, None, None
    i, s = faces[0]
    n = [ZERO, ZERO, ZERO]
    n[i] = Fraction(s)
    pa = list(q)
    pa[i] = s * e[i]
    return -g, n, pa


def where_box(q, e):
    inside = all(abs(x) <= ei for x, ei in zip(q, e))
    if inside:
        on = sum(1 for x, ei in zip(q, e) if abs(x) == ei)
        if on:
            return ("on the face" if on == 1 else "on an edge" if on == 2
                    else "on a corner")
        return "inside"
    out = sum(1 for x, ei in zip(q, e) if abs(x) > ei)
    return {1: "off a face", 2: "off an edge", 3: "off a corner"}[out]


def show(q):
    return "(%s)" % ", ".join("%g" % float(x) for x in q)


def point_depth_cases():
    one = Fraction(1)
    sph = {"type": "sphere", "radius": 1.0, "position": [0.0, 0.0, 0.0]}
    box = {"type": "box", "half_extents": [1.0, 1.0, 1.0],
           "position": [0.0, 0.0, 0.0]}
    for kind, groups, shape in (("sphere", groups_sphere(), sph),
                                ("box", groups_box(), box)):
        for line0, ode_depth, points in groups:
            for k, q in enumerate(points):
                line = line0 + k
                if kind == "sphere":
                    d, n, pa = sphere_point(q, one)
                    where = ("at the centre" if d == -1 else "inside" if d < 0
                             else "on the surface" if d == 0 else "outside")
                else:
                    d, n, pa = box_point(q, [one, one, one])
                    where = ("at the centre" if all(x == 0 for x in q)
                             else where_box(q, [one] * 3))
                b = {"type": "point", "position": zero_clean(fl(q))}
                e = geom.expect(float(d), [zero_clean(fl(n))] if n else None,
                                (zero_clean(fl(pa)), b["position"]) if n
                                else None)
                if n is None:
                    # the point's own witness is the query point
                    e["point_b"] = b["position"]
                name = "%sPointDepth: point %s %s, ODE depth %s" % (
                    "Sphere" if kind == "sphere" else "Box", show(q), where,
                    "%g" % float(ode_depth))
                notes = []
                if d != -ode_depth:
                    notes.append("ODE expects depth %s; the exact signed "
                                 "distance is %s" % (ode_depth, d))
                if n is None:
                    notes.append(
                        "the query point is the centre: %s, so no normal "
                        "and no point on A is unique; B's witness is the "
                        "point itself" % (
                            "every direction gives depth 1" if
                            kind == "sphere" else
                            "the six faces are all 1 away"))
                elif kind == "box" and d < 0:
                    nxt = sorted(one - abs(x) for x in q)[1]
                    notes.append(
                        "the nearest face is the only one at depth %g (the "
                        "next is %g deeper), so the normal is unique"
                        % (float(-d), float(nxt + d)))
                add(PD, line, name, shape, b, e, "; ".join(notes) or None)

# ------------------------------------------------------ trimesh vs sphere


QUARTER_X = [[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]]


def mesh_cases():
    r = 4.0
    versions = [
        # (label, corners, first pose's line, its lines, commit note)
        ("square (+-1, +-1)", [[-1, -1, 0], [1, -1, 0], [1, 1, 0],
                               [-1, 1, 0]], (62, 73, 89), None),
        ("square [0, 1]^2", [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]],
         (39, 47, 60),
         "the first version of this test, at commit df2c88ed (2008), which "
         "the test's next commit (ff418637) moved to the +-1 square; "
         "the line is that version's"),
    ]
    for label, corners, lines, older in versions:
        tris = [[corners[0], corners[1], corners[2]],
                [corners[0], corners[2], corners[3]]]
        touch_local = [0.0, 0.0, 0.0]   # the sphere's lowest point, local
        feature = ("the mid-point of the diagonal (0,2), an edge of both "
                   "triangles" if older is None else
                   "corner 0, a vertex of both triangles")
        poses = [
            ("at the origin", [0.0, 0.0, 0.0], None, [0.0, 0.0, r]),
            ("translated by (10, 30, 40)", [10.0, 30.0, 40.0], None,
             [10.0, 30.0, 40.0 + r]),
            ("translated and turned 90 degrees about x", [10.0, 30.0, 40.0],
             QUARTER_X, [10.0, 30.0 - r, 40.0]),
        ]
        for (pname, mpos, R, cpos), line in zip(poses, lines):
            Rm = R or [[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1.0]]
            # the mesh's local +z (its triangles' normal) in the world
            up = [Rm[0][2], Rm[1][2], Rm[2][2]]
            touch = geom.add(mpos, geom.mat_vec(Rm, touch_local))
            # the sphere's centre is r along +up from the touch point
            assert geom.norm(geom.sub(geom.add(touch, geom.mul(up, r)),
                                      cpos)) == 0
            sphere = {"type": "sphere", "radius": r, "position": cpos}
            e = geom.expect(0.0, [zero_clean(up)], (touch, touch))
            e["contact_count"] = 1
            e["contacts"] = [{"point_a": touch, "point_b": touch,
                              "distance": 0.0}]
            why = ("the sphere of radius 4 rests on the mesh's plane at %s: "
                   "distance 0 and the plane's normal towards the sphere "
                   "(ODE's normal is its opposite, into the mesh); ODE "
                   "expects depth 0 %s" % (
                       feature, "for each of its 2 per-triangle contacts"
                       if older is None else "and 1 merged contact"))
            if older:
                why += "; " + older
            shapes = [("flat hull of the %s" % label, "hull", corners)]
            shapes += [("triangle %d of the %s" % (k + 1, label), "triangle",
                        t) for k, t in enumerate(tris)]
            for sname, typ, pts in shapes:
                a = {"type": typ, "points": [fl(p) for p in pts],
                     "position": mpos}
                if R is not None:
                    a["rotation"] = geom.matrix_quat(R)
                add(COL, line, "trimesh vs sphere %s: %s" % (pname, sname),
                    a, sphere, e, why)

# ------------------------------------------------------------- cross-check


def add(path, line, name, a, b, e, note=None):
    S.add("%s:%d" % (path, line), name, a, b, e, note)


def cross_check():
    bad = 0
    for i, c in enumerate(S.cases):
        a, b, e = c["pair"]["a"], c["pair"]["b"], c["expect"]
        size = geom.pair_size(a, b)
        if a["type"] != "sphere" or b["type"] != "point":
            r = refgeom.solve({"a": a, "b": b})
            if abs(r["distance"] - e["distance"]) > 1e-12 * size:
                print("refgeom distance", c["case"], r["distance"],
                      e["distance"])
                bad += 1
            if ("normal" in e) != (r["normal"] is not None) or (
                    "normal" in e and refgeom.angle(r["normal"],
                                                    e["normal"]) > 1e-12):
                print("refgeom normal", c["case"], r["normal"],
                      e.get("normal"))
                bad += 1
            for k in ("point_a", "point_b"):
                if k in e and "normal" in e and (r[k] is None or geom.norm(
                        geom.sub(r[k], e[k])) > 1e-12 * size):
                    print("refgeom", k, c["case"], r[k], e[k])
                    bad += 1
        # the sampled oracle (about 0.3 s a case) on a sample: every third
        # sphere-point case (refgeom's exact search does not cover them),
        # every sixth box-point case and every third mesh case
        every = 6 if a["type"] == "box" else 3
        if i % every == 0:
            d, normals = geom.support_min(a, b, samples=1500, starts=4)
            flat = {a["type"], b["type"]} & {"hull", "triangle"}
            if abs(d - e["distance"]) > (1e-6 if flat else 1e-9) * size:
                print("support_min distance", c["case"], d, e["distance"])
                bad += 1
            if "normal" in e and e["distance"] != 0 and (
                    len(normals) != 1 or geom.norm(
                        geom.sub(normals[0], e["normal"])) > 1e-4):
                print("support_min normal", c["case"], normals, e["normal"])
                bad += 1
    return suitekit.problems(bad, S)


def main():
    out = suitekit.out_path("ode.ndjson")
    point_depth_cases()
    mesh_cases()
    if cross_check():
        sys.exit(1)
    suitekit.write(S, out)


if __name__ == "__main__":
    main()
