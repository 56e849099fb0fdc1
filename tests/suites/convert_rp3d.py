#!/usr/bin/env python3
"""Writes testdata/suites/rp3d.ndjson from ReactPhysics3D's world collision
tests.

The poses and sizes are those of DanielChappuis/reactphysics3d
test/tests/collision/TestCollisionWorld.h, cited by the line numbers of its
last version, commit 583384335f9411e7a39bfef86cac2bc60c3db692 (the file was
renamed test/tests/collision/TestWorldQueries.h by the next commit to touch
it, 8f46764e, which changed the body classes but no pose, size or
expectation, so the renamed file adds no case of its own).  Each test sets
two bodies' transforms and asserts the contact points (in each body's
frame), the penetration depth and the number of contact points; every
pose appears once here, however many queries (whole world, one body, the
pair) the source repeats on it.  The bodies' starting poses, where the
source asserts that nothing touches, give separated cases.

How rp3d's inputs map onto mink's:
  - createBoxShape takes half extents, as mink does.
  - createCapsuleShape(radius, height) takes the distance between the two
    cap centres as height, along the local y axis; mink's capsule takes the
    half of it and lies along local z, so a quarter turn about x (z onto y)
    is composed after the body's rotation.
  - Quaternion::fromEulerAngles(ax, ay, az) rotates about the fixed x, then
    y, then z axes: the product Rz * Ry * Rx.  The source computes
    PI_RP3D * 0.5f in float; the exact quarter turn stands for it (the
    rounding moves a capsule's cap by about 1e-7, well inside the source's
    0.001 tolerance).
  - The two convex meshes are boxes given by their eight corners
    ((+-3, +-3, +-3) and (+-4, +-2, +-8)); they are mink hulls of those
    points.  Polyhedra carry no margin in rp3d.
  - The concave mesh is a flat 6 x 6 grid of vertices (x and z from -2.5 to
    2.5 in steps of 1, y = 0) split into 50 triangles.  As a point set it is
    the convex square it covers, so it becomes the mink hull of the 36 grid
    points (a flat hull).  The two triangles of the grid cell under the
    other body's centre are added as cases of their own: rp3d collides the
    mesh triangle by triangle.
  - Float literals such as 22.98f are read as the decimals they spell, in
    double.
  - The body named first in the source's query is mink's A; the source's
    depths are mink's -distance and its contact points are carried from the
    bodies' frames into the world.

The expected values are derived here in closed form (face, edge and vertex
distances of boxes, closest points of segments, the clipped face overlaps
for the patches) and every one is cross-checked before it is written: the
distance, normal and points against refgeom.solve (the exact oracle over
the candidate normals) and against geom.support_min (the sampled support
function), the contacts against patchgeom.patch (the supporting features
clipped on the contact plane).  rp3d's own numbers agree with the exact ones
everywhere; where the source's float inputs make its depth slightly
different, the note says so.

usage: convert_rp3d.py [OUTPUT]
"""
import math
import os
import struct
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import geom  # noqa: E402
import patchgeom  # noqa: E402
import refgeom  # noqa: E402
import suitekit  # noqa: E402

FILE = "test/tests/collision/TestCollisionWorld.h"
S = geom.Suite("DanielChappuis/reactphysics3d", "rp3d")
IDQ = [1.0, 0.0, 0.0, 0.0]
Z_TO_Y = geom.quat_axis_angle([1, 0, 0], -math.pi / 2)  # local z onto y
QUARTER_Z = geom.quat_axis_angle([0, 0, 1], math.pi / 2)
R2, R3 = math.sqrt(2), math.sqrt(3)


def euler(ax, ay, az):
    """rp3d's Quaternion::fromEulerAngles: about x, then y, then z."""
    qx = geom.quat_axis_angle([1, 0, 0], ax)
    qy = geom.quat_axis_angle([0, 1, 0], ay)
    qz = geom.quat_axis_angle([0, 0, 1], az)
    return geom.quat_mul(qz, geom.quat_mul(qy, qx))


def fl(v):
    return [float(x) for x in v]


def sphere(r, pos, q=None):
    s = {"type": "sphere", "radius": float(r), "position": fl(pos)}
    if q is not None:
        s["rotation"] = q
    return s


def box(half, pos):
    return {"type": "box", "half_extents": fl(half), "position": fl(pos)}


def capsule(r, height, pos, q=IDQ):
    """rp3d's capsule: radius, full height between the cap centres, along y."""
    return {"type": "capsule", "radius": float(r), "half_height": height / 2,
            "position": fl(pos), "rotation": geom.quat_mul(q, Z_TO_Y)}


def corners(hx, hy, hz):
    return [[sx * hx, sy * hy, sz * hz] for sx in (-1.0, 1.0)
            for sy in (-1.0, 1.0) for sz in (-1.0, 1.0)]


def hull(points, pos):
    return {"type": "hull", "points": [fl(p) for p in points],
            "position": fl(pos)}


# the shapes of the test world, by the lines that create them
BOX1 = (3, 3, 3)                   # :335
BOX2 = (4, 2, 8)                   # :340
SPHERE1, SPHERE2 = 3.0, 5.0        # :344, :349
CAPSULE1, CAPSULE2 = (2, 6), (3, 4)  # :355, :360 (radius, height)
MESH1 = corners(3, 3, 3)           # :366-373
MESH2 = corners(4, 2, 8)           # :401-408


def grid_vertex(i, j):
    """Vertex (i, j) of the concave mesh (:423-429), in the mesh's frame."""
    return [-2.5 + i, 0.0, -2.5 + j]


GRID = [grid_vertex(i, j) for i in range(6) for j in range(6)]


def grid_triangles(i, j):
    """The two triangles of grid cell (i, j) (:431-446), mesh frame."""
    v = grid_vertex
    return ([v(i, j), v(i, j + 1), v(i + 1, j + 1)],
            [v(i, j), v(i + 1, j + 1), v(i + 1, j)])


def grid(pos):
    return hull(GRID, pos)


def triangle(points, pos):
    return {"type": "triangle", "points": [fl(p) for p in points],
            "position": fl(pos)}

# ------------------------------------------------------------ expectations


def point_contact(d, n, pa, pb):
    """One contact: the pair meets at a single point on each side."""
    e = geom.expect(d, [n], (pa, pb))
    e["contact_count"] = 1
    e["contacts"] = [{"point_a": e["point_a"], "point_b": e["point_b"],
                      "distance": e["distance"]}]
    return e


def sphere_vs_nearest(c, r, q):
    """Sphere (centre c, radius r) as A against a solid whose nearest point
    to c (c outside it) is q: the normal runs from c to q."""
    v = geom.sub(q, c)
    L = geom.norm(v)
    n = [x / L for x in v]
    return point_contact(L - r, n, geom.add(c, geom.mul(n, r)), list(q))


def face_patch(d, n, pairs):
    """A patch of several contacts (pa, pb), all at distance d along n."""
    e = geom.expect(d, [n])
    e["contact_count"] = len(pairs)
    e["contacts"] = [{"point_a": fl(pa), "point_b": fl(pb), "distance": d}
                     for pa, pb in pairs]
    return e


# ------------------------------------------------------------- cross-check


def cores_patch(a, b, n):
    """The contact patch of the pair along n from the shapes' cores (their
    vertex sets, swept by their radii), by patchgeom's clipping."""
    ca = refgeom.core_of(a, 3)
    cb = refgeom.core_of(b, 3)
    out = []
    for pa, pb, d in patchgeom.patch(ca.verts, cb.verts, n):
        out.append((geom.add(pa, geom.mul(n, ca.radius)),
                    geom.sub(pb, geom.mul(n, cb.radius)),
                    d - ca.radius - cb.radius))
    return out


def cross_check(where, a, b, e):
    size = geom.pair_size(a, b)
    tol = 1e-12 * size
    r = refgeom.solve({"a": a, "b": b})
    assert abs(r["distance"] - e["distance"]) <= tol, (where, r, e)
    if "normal" in e:
        assert r["normal"] is not None and \
            refgeom.angle(r["normal"], e["normal"]) <= 1e-12, (where, r, e)
    else:
        assert r["normal"] is None, (where, r)
    if "point_a" in e:
        assert r["point_a"] is not None, (where, r)
        for k in ("point_a", "point_b"):
            assert geom.norm(geom.sub(r[k], e[k])) <= tol, (where, r, e)
    # the sampled oracle refines along the ridges of boxes and round
    # shapes only: for hulls and triangles it is a coarser check
    flat = {a["type"], b["type"]} & {"hull", "triangle"}
    d2, normals = geom.support_min(a, b)
    assert abs(d2 - e["distance"]) <= (1e-5 if flat else 1e-9) * size, \
        (where, d2, e)
    if "normal" in e and not flat:
        assert len(normals) == 1 and \
            geom.norm(geom.sub(normals[0], e["normal"])) < 1e-6, \
            (where, normals)
    if "contacts" in e:
        got = cores_patch(a, b, e["normal"])
        assert len(got) == len(e["contacts"]), (where, got, e["contacts"])
        left = list(got)
        for c in e["contacts"]:
            hit = [g for g in left
                   if geom.norm(geom.sub(g[0], c["point_a"])) <= tol and
                   geom.norm(geom.sub(g[1], c["point_b"])) <= tol and
                   abs(g[2] - c["distance"]) <= tol]
            assert hit, (where, c, got)
            left.remove(hit[0])


def add(line, name, a, b, e, note=None):
    cross_check(name, a, b, e)
    S.add("%s:%d" % (FILE, line), name, a, b, e, note)

# ------------------------------------------------------------------ cases


def starting_poses():
    """testNoCollisions / testNoOverlap: the bodies where the constructor
    puts them, asserted not to touch."""
    b1 = box(BOX1, (-20, 20, 0))                 # :333
    b2 = box(BOX2, (-10, 20, 0))                 # :338
    s1 = sphere(SPHERE1, (10, 20, 0))            # :345
    s2 = sphere(SPHERE2, (20, 20, 0))            # :350
    c1 = capsule(*CAPSULE1, (-10, 0, 0))         # :356
    c2 = capsule(*CAPSULE2, (-20, 0, 0))         # :361
    m1 = hull(MESH1, (10, 0, 0))                 # :397
    m2 = hull(MESH2, (20, 0, 0))                 # :418
    apart = ("the source asserts no contact (testCollision) and no overlap "
             "(testOverlap at :%d) for the starting poses")
    # box1's face x = -17 (y, z within 3 of (20, 0)) faces box2's face
    # x = -14 (y within 2 of 20, z within 8 of 0): the overlap of the two
    # is y in [18, 22], z in [-3, 3], 3 apart
    add(545, "starting poses: box1 vs box2", b1, b2,
        face_patch(3.0, [1.0, 0.0, 0.0],
                   [([-17.0, y, z], [-14.0, y, z]) for y in (18.0, 22.0)
                    for z in (-3.0, 3.0)]),
        apart % 594)
    add(549, "starting poses: sphere1 vs sphere2", s1, s2,
        point_contact(2.0, [1.0, 0.0, 0.0], [13.0, 20.0, 0.0],
                      [15.0, 20.0, 0.0]), apart % 595)
    # a box as A, a sphere to its +x side level with its centre: the face
    # point (x_face, 20, 0) is the nearest
    for line, oline, bx, xf, sp, cx, r in [
            (553, 596, b1, -17.0, s1, 10.0, SPHERE1),
            (557, 597, b1, -17.0, s2, 20.0, SPHERE2),
            (561, 598, b2, -6.0, s1, 10.0, SPHERE1),
            (565, 599, b2, -6.0, s2, 20.0, SPHERE2)]:
        name = "starting poses: box%d vs sphere%d" % (
            1 if bx is b1 else 2, 1 if sp is s1 else 2)
        add(line, name, bx, sp,
            point_contact(cx - xf - r, [1.0, 0.0, 0.0], [xf, 20.0, 0.0],
                          [cx - r, 20.0, 0.0]), apart % oline)
    # two upright capsules side by side: capsule1's side line x = -12
    # (y in [-3, 3]) faces capsule2's x = -17 (y in [-2, 2])
    add(521, "starting poses: capsule1 vs capsule2", c1, c2,
        face_patch(5.0, [-1.0, 0.0, 0.0],
                   [([-12.0, y, 0.0], [-17.0, y, 0.0]) for y in (-2.0, 2.0)]),
        "parallel capsules: the normal is unique, the closest points are "
        "not; the patch is the overlap of the side lines.  Part of the "
        "source's whole-world no-contact assertion")
    add(521, "starting poses: convex mesh1 vs convex mesh2", m1, m2,
        face_patch(3.0, [1.0, 0.0, 0.0],
                   [([13.0, y, z], [16.0, y, z]) for y in (-2.0, 2.0)
                    for z in (-3.0, 3.0)]),
        "faces x = 13 and x = 16 overlap in y in [-2, 2], z in [-3, 3].  "
        "Part of the source's whole-world no-contact assertion")


def sphere_cases():
    c = [10.0, 20.0, 50.0]
    s1 = sphere(SPHERE1, c)                      # every test: :607 etc.
    # sphere vs sphere: centres 7 apart, radii 3 + 5
    s2 = sphere(SPHERE2, (17, 20, 50), euler(math.pi / 8, math.pi / 4,
                                               math.pi / 16))
    add(607, "sphere vs sphere", s1, s2,
        point_contact(-1.0, [1.0, 0.0, 0.0], [13.0, 20.0, 50.0],
                      [12.0, 20.0, 50.0]),
        "sphere2 is also rotated by fromEulerAngles(pi/8, pi/4, pi/16), "
        "which a sphere does not feel")
    # sphere vs box / convex mesh 1 (the same cube of half extent 3): the
    # box centred at P; its nearest point to the sphere's centre is a face
    # point, an edge point or a corner
    for kind, line0, mk in [("box", 723, lambda p: box(BOX1, p)),
                            ("convex mesh", 1273, lambda p: hull(MESH1, p))]:
        off = line0 - 723
        add(723 + off, "sphere vs %s: face" % kind, s1, mk((14, 20, 50)),
            sphere_vs_nearest(c, SPHERE1, [11.0, 20.0, 50.0]))
        add(829 + off, "sphere vs %s: edge" % kind, s1, mk((14, 16, 50)),
            sphere_vs_nearest(c, SPHERE1, [11.0, 19.0, 50.0]),
            "nearest box point: the edge x = 11, y = 19; depth 3 - sqrt(2) "
            "along (1, -1, 0)/sqrt(2), as the source expects")
        add(935 + off, "sphere vs %s: vertex" % kind, s1, mk((14, 16, 46)),
            sphere_vs_nearest(c, SPHERE1, [11.0, 19.0, 49.0]),
            "nearest box point: the corner (11, 19, 49); depth 3 - sqrt(3) "
            "along (1, -1, -1)/sqrt(3), as the source expects")
    # sphere vs capsule1 (radius 2, cap centres 3 above and below its
    # centre, upright)
    add(1051, "sphere vs capsule: cap", s1, capsule(*CAPSULE1, (10, 14, 50)),
        point_contact(-2.0, [0.0, -1.0, 0.0], [10.0, 17.0, 50.0],
                      [10.0, 19.0, 50.0]),
        "the upper cap centre (10, 17, 50) is 3 below the sphere's centre")
    add(1157, "sphere vs capsule: side", s1, capsule(*CAPSULE1, (14, 19, 50)),
        point_contact(-1.0, [1.0, 0.0, 0.0], [13.0, 20.0, 50.0],
                      [12.0, 20.0, 50.0]),
        "the capsule's axis x = 14, y in [16, 22] passes 4 from the "
        "sphere's centre")


def box_pair_cases():
    # box1 / convex mesh 1 (half extent 3) at (11, 20, 50) against box2 /
    # convex mesh 2 (half extents 4, 2, 8) at (4.5, 16, 40): they overlap
    # by 0.5 in x, 1 in y and z; the least is x, and the faces x = 8 (of A)
    # and x = 8.5 (of B) share the square y in [17, 18], z in [47, 48]
    pa, pb = (11, 20, 50), (4.5, 16, 40)
    patch = [([8.0, y, z], [8.5, y, z]) for y in (17.0, 18.0)
             for z in (47.0, 48.0)]
    note = ("depth 0.5 along -x, the 4 corners of the face overlap, as the "
            "source expects (its local points carried to the world)")
    for line, name, a, b in [
            (1717, "box vs box", box(BOX1, pa), box(BOX2, pb)),
            (1877, "box vs convex mesh", box(BOX1, pa), hull(MESH2, pb)),
            (2037, "convex mesh vs convex mesh", hull(MESH1, pa),
             hull(MESH2, pb))]:
        add(line, name, a, b, face_patch(-0.5, [-1.0, 0.0, 0.0], patch), note)
    # box1 / convex mesh 1 at (10, 20, 50) against capsule1 turned a
    # quarter about z: its axis runs along x from (14, 21, 50) to (20, 21,
    # 50); the cap at x = 14 reaches x = 12, 1 into the face x = 13
    cap = capsule(*CAPSULE1, (17, 21, 50), QUARTER_Z)
    for line, name, a in [(2197, "box vs capsule", box(BOX1, (10, 20, 50))),
                          (2312, "convex mesh vs capsule",
                           hull(MESH1, (10, 20, 50)))]:
        add(line, name, a, cap,
            point_contact(-1.0, [1.0, 0.0, 0.0], [13.0, 21.0, 50.0],
                          [12.0, 21.0, 50.0]),
            "capsule rotated by fromEulerAngles(0, 0, pi/2): axis along x")


def capsule_pair_cases():
    c1 = capsule(*CAPSULE1, (10, 20, 50))        # axis x = 10, y in [17, 23]
    # capsule2 (radius 3, cap centres 2 either side) turned about z
    add(2624, "capsule vs capsule: cap on cap", c1,
        capsule(*CAPSULE2, (16, 23, 50), QUARTER_Z),
        point_contact(-1.0, [1.0, 0.0, 0.0], [12.0, 23.0, 50.0],
                      [11.0, 23.0, 50.0]),
        "axes x = 10, y in [17, 23] and y = 23, x in [14, 18]: their nearest "
        "points are the ends (10, 23, 50) and (14, 23, 50), 4 apart")
    add(2730, "capsule vs capsule: cap on side", c1,
        capsule(*CAPSULE2, (10, 27, 50), QUARTER_Z),
        point_contact(-1.0, [0.0, 1.0, 0.0], [10.0, 25.0, 50.0],
                      [10.0, 24.0, 50.0]),
        "capsule1's top cap centre (10, 23, 50) is 4 below capsule2's axis "
        "y = 27, x in [8, 12]")


def concave_cases():
    mpos = [10.0, 20.0, 50.0]                    # the mesh at :1602 etc.
    # the cell under (10, 50): grid cell (2, 2), x and z in [-0.5, 0.5]
    # about the mesh's position; its diagonal passes under the centre
    t1, t2 = grid_triangles(2, 2)
    flat = ("the mesh as the hull of its 36 coplanar vertices: the square "
            "x in [7.5, 12.5], z in [47.5, 52.5] at y = 20")
    tri = ("triangle %d of grid cell (2, 2) of the mesh (rp3d collides the "
           "mesh triangle by triangle)")
    above = ("; the body's centre is above the cell's diagonal, an edge of "
             "the triangle, and the nearest point of it")

    # sphere at y = 22.98 and capsule1 (lowest cap centre 3 below y =
    # 24.98): the lowest point, 3 and 5 below the centre, is 0.02 under
    # the plane y = 20
    low = [(1601, "sphere", "22.98", sphere(SPHERE1, (10, 22.98, 50)),
            SPHERE1),
           (2846, "capsule", "24.98", capsule(*CAPSULE1, (10, 24.98, 50)),
            CAPSULE1[1] / 2 + CAPSULE1[0])]
    floats = ("the source writes the height as the float %sf (depth %.9f "
              "in float) and expects depth 0.02 within 0.001; the decimal, "
              "in double, gives the distance %r")
    for line, kind, text, a, reach in low:
        y = float(text)
        pa = [10.0, y - reach, 50.0]
        d = (y - 20) - reach
        e = point_contact(d, [0.0, -1.0, 0.0], pa, [10.0, 20.0, 50.0])
        as_float = struct.unpack("f", struct.pack("f", y))[0]
        add(line, "%s vs concave mesh" % kind, a, grid(mpos), e,
            flat + "; " + floats % (text, reach - (as_float - 20), d))
        for k, t in ((1, t1), (2, t2)):
            add(line, "%s vs concave mesh: triangle %d" % (kind, k), a,
                triangle(t, mpos), e, tri % k + above)

    # box1 / convex mesh 1 (half extent 3) at (10, 22, 50): the whole mesh
    # lies inside it, 1 above its bottom face y = 19
    for line, kind, a in [(2427, "box", box(BOX1, (10, 22, 50))),
                          (2526, "convex mesh", hull(MESH1, (10, 22, 50)))]:
        sq = [([x, 19.0, z], [x, 20.0, z]) for x in (7.5, 12.5)
              for z in (47.5, 52.5)]
        add(line, "%s vs concave mesh" % kind, a, grid(mpos),
            face_patch(-1.0, [0.0, -1.0, 0.0], sq),
            flat + ", inside the box: pushed down 1 it clears the bottom "
            "face; the patch is the square's corners, 4 at depth 1 as the "
            "source expects")
        for k, t in ((1, t1), (2, t2)):
            pts = [([mpos[0] + p[0], 19.0, mpos[2] + p[2]],
                    [mpos[0] + p[0], 20.0, mpos[2] + p[2]]) for p in t]
            add(line, "%s vs concave mesh: triangle %d" % (kind, k), a,
                triangle(t, mpos), face_patch(-1.0, [0.0, -1.0, 0.0], pts),
                tri % k + "; the triangle lies inside the box, its 3 "
                "corners are the patch")


def main():
    out = suitekit.out_path("rp3d.ndjson")
    out = os.path.normpath(out)
    starting_poses()
    sphere_cases()
    box_pair_cases()
    capsule_pair_cases()
    concave_cases()
    # in the order of the source file, numbered in that order
    S.cases.sort(key=lambda c: int(c["source"].rsplit(":", 1)[1]))
    for k, c in enumerate(S.cases, 1):
        c["pair"]["id"] = "%s-%d" % (S.prefix, k)
    suitekit.write(S, out)


if __name__ == "__main__":
    main()
