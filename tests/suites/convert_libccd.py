#!/usr/bin/env python3
"""Writes testdata/suites/libccd.ndjson from libccd's test suite.

The poses are those of danfis/libccd src/testsuites (boxbox.c,
spheresphere.c, cylcyl.c, boxcyl.c, mpr_boxbox.c); the expected values
are derived here, not copied: analytically for spheres and for aligned
boxes and cylinders, by geom.box_box (separating axes and closest
features) for boxes, and by geom.support_min for the rest.

libccd sizes boxes by their full edge lengths and cylinders by their full
height, and stores quaternions as [x, y, z, w]; mink takes half extents,
half heights and [w, x, y, z].  Loops that step a position by 0.1 are
written with the decimal positions the loops stand for.

usage: convert_libccd.py [OUTPUT]
"""
import math
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import geom  # noqa: E402

REPO = "danfis/libccd"
S = geom.Suite(REPO, "ccd")
IDQ = [1.0, 0.0, 0.0, 0.0]


def box(full, pos=(0, 0, 0), q=IDQ):
    return {"type": "box", "half_extents": [x / 2 for x in full],
            "position": list(map(float, pos)), "rotation": list(q)}


def sphere(r, pos=(0, 0, 0)):
    return {"type": "sphere", "radius": r, "position": list(map(float, pos))}


def cyl(r, height, pos=(0, 0, 0), q=IDQ):
    return {"type": "cylinder", "radius": r, "half_height": height / 2,
            "position": list(map(float, pos)), "rotation": list(q)}


def axis_angle(axis, angle):
    # ccdQuatSetAngleAxis: the axis normalised, (sin(a/2) axis, cos(a/2))
    return geom.quat_axis_angle(axis, angle)


def step(start, k, h, i):
    """The position of a loop that adds h to start i times, as a decimal."""
    return round(start + h * i, 10)


def aabb(a, b):
    """Signed distance and normals of two axis-aligned boxes (exact)."""
    gaps, over = [], []
    for k in range(3):
        d = b["position"][k] - a["position"][k]
        ext = a["half_extents"][k] + b["half_extents"][k]
        gaps.append(max(0.0, abs(d) - ext))
        # translations of B along +e_k / -e_k that end the overlap
        over.append((ext - d, k, 1.0))
        over.append((ext + d, k, -1.0))
    if any(g > 0 for g in gaps):
        dist = math.sqrt(sum(g * g for g in gaps))
        n = [math.copysign(g, b["position"][k] - a["position"][k]) / dist
             for k, g in enumerate(gaps)]
        return dist, [n]
    depth = min(o[0] for o in over)
    normals = []
    for o, k, sgn in over:
        if o == depth:
            n = [0.0, 0.0, 0.0]
            n[k] = sgn
            normals.append(n)
    return -depth, normals


def sphere_sphere(a, b):
    d = geom.sub(b["position"], a["position"])
    L = geom.norm(d)
    dist = L - a["radius"] - b["radius"]
    if L < 1e-9:
        return dist, None, None
    n = [x / L for x in d]
    pa = geom.add(a["position"], geom.mul(n, a["radius"]))
    pb = geom.sub(b["position"], geom.mul(n, b["radius"]))
    return dist, [n], (pa, pb)


def coaxial_cyl(a, b):
    """Two cylinders with parallel z axes: B - A is a cylinder (exact)."""
    d = geom.sub(b["position"], a["position"])
    R = a["radius"] + b["radius"]
    H = a["half_height"] + b["half_height"]
    rho = math.hypot(d[0], d[1])
    gr, gz = rho - R, abs(d[2]) - H
    if gr > 0 or gz > 0:
        radial = [d[0] / rho, d[1] / rho, 0.0] if rho > 0 else None
        zdir = [0.0, 0.0, math.copysign(1.0, d[2])]
        if gr > 0 and gz > 0:
            dist = math.hypot(gr, gz)
            n = geom.unit(geom.add(geom.mul(radial, gr), geom.mul(zdir, gz)))
        elif gr > 0:
            dist, n = gr, radial
        else:
            dist, n = gz, zdir
        return dist, [n]
    cands = []
    if rho > 0:
        cands.append((R - rho, [d[0] / rho, d[1] / rho, 0.0]))
    else:
        cands.append((R, None))
    cands.append((H - d[2], [0.0, 0.0, 1.0]))
    cands.append((H + d[2], [0.0, 0.0, -1.0]))
    depth = min(c[0] for c in cands)
    normals = [c[1] for c in cands if c[0] == depth]
    if any(n is None for n in normals):
        normals = normals + [None]
    return -depth, normals


def numeric(a, b):
    d, normals = geom.support_min(a, b)
    return d


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "..", "testdata", "suites",
        "libccd.ndjson")

    # -- spheresphere.c: s1 (r 0.35) stepped along an axis through s2 (r 0.5)
    for axis, line, name in ((0, 31, "AlignedX"), (1, 60, "AlignedY"),
                             (2, 89, "AlignedZ")):
        for i in range(100):
            p = [0.0, 0.0, 0.0]
            p[axis] = step(-5.0, axis, 0.1, i)
            a, b = sphere(0.35, p), sphere(0.5)
            d, n, pts = sphere_sphere(a, b)
            S.add("src/testsuites/spheresphere.c:%d" % line,
                  "spheresphere%s i=%d" % (name, i), a, b,
                  geom.expect(d, n, pts))

    # -- boxbox.c aligned loops
    loops = [
        (43, "AlignedX", (1, 2, 1), (2, 1, 2), (-5.0, 0, 0), 0, 0.1),
        (66, "AlignedX small", (0.1, 0.2, 0.1), (0.2, 0.1, 0.2),
         (-0.5, 0, 0), 0, 0.01),
        (90, "AlignedX y=-0.1", (1, 2, 1), (2, 1, 2), (-5.0, -0.1, 0), 0,
         0.1),
        (126, "AlignedY", (1, 2, 1), (2, 1, 2), (0, -5.0, 0), 1, 0.1),
        (162, "AlignedZ", (1, 2, 1), (2, 1, 2), (0, 0, -5.0), 2, 0.1),
    ]
    for line, name, f1, f2, start, axis, h in loops:
        for i in range(100):
            p = list(map(float, start))
            p[axis] = step(start[axis], axis, h, i)
            a, b = box(f1, p), box(f2)
            d, n = aabb(a, b)
            S.add("src/testsuites/boxbox.c:%d" % line,
                  "boxbox%s i=%d" % (name, i), a, b, geom.expect(d, n))

    # -- boxbox.c boxboxRot: box1 turned 45 deg about y, stepped along x
    q45 = axis_angle([0, 1, 0], math.pi / 4)
    for i in range(100):
        a = box((1, 2, 1), (step(-5.0, 0, 0.1, i), 0.5, 0), q45)
        b = box((2, 1, 2))
        d, n = geom.box_box(a, b)
        S.add("src/testsuites/boxbox.c:203", "boxboxRot i=%d" % i, a, b,
              geom.expect(d, n))
    # unit cubes 1.01 apart, box1 turned about y by i*pi/20 (the angle is
    # accumulated as the test does)
    angle = 0.0
    q = IDQ
    for i in range(30):
        a = box((1, 1, 1), (-1.01, 0, 0), q)
        b = box((1, 1, 1))
        d, n = geom.box_box(a, b)
        S.add("src/testsuites/boxbox.c:229",
              "boxboxRot cubes angle=%d*pi/20" % i, a, b, geom.expect(d, n))
        angle += math.pi / 20.
        q = axis_angle([0, 1, 0], angle)

    # -- boxbox.c boxboxSeparate
    qz45 = axis_angle([0, 0, 1], math.pi / 4)
    qyz45 = axis_angle([0, 1, 1], math.pi / 4)
    sep = [
        (284, "boxboxSeparate 1", box((1, 1, 1), (-0.5, 0.5, 0.2)),
         box((0.5, 1, 1.5))),
        (291, "boxboxSeparate 1 moved by sep",
         box((1, 1, 1), (-0.75, 0.5, 0.2)), box((0.5, 1, 1.5))),
        (298, "boxboxSeparate 2", box((1, 1, 1), (-0.3, 0.5, 1)),
         box((0.5, 1, 1.5))),
        (311, "boxboxSeparate 3", box((1, 1, 1), (0, 0, 0), qz45),
         box((1, 1, 1))),
        (324, "boxboxSeparate 4", box((1, 1, 1), (-0.5, 0, 0), qz45),
         box((1, 1, 1))),
        (335, "boxboxSeparate 5", box((1, 1, 1), (-0.5, 0.1, 0.4), qyz45),
         box((1, 1, 1))),
    ]
    for line, name, a, b in sep:
        d, n = geom.box_box(a, b)
        S.add("src/testsuites/boxbox.c:%d" % line, name, a, b,
              geom.expect(d, n))

    # -- boxbox.c boxboxPenetration (recorded in regressions/TSBoxBox.out)
    q7 = geom.quat_mul(qyz45, axis_angle([1, 1, 1], math.pi / 4))
    q8 = geom.quat_mul(qz45, axis_angle([1, 0, 0], math.pi / 4))
    pen = [
        (371, "Pen 1", box((1, 1, 1)), box((0.5, 1, 1.5), (0.1, 0, 0)), 0.65),
        (378, "Pen 2", box((1, 1, 1), (-0.3, 0.5, 1)),
         box((0.5, 1, 1.5), (0.1, 0, 0)), 0.25),
        (390, "Pen 3", box((1, 1, 1), (0.1, 0, 0.1), qz45),
         box((1, 1, 1), (0.1, 0, 0)), 0.9),
        (402, "Pen 4", box((1, 1, 1), (-0.5, 0, 0), qz45),
         box((1, 1, 1), (0.1, 0, 0)), 0.607107),
        (414, "Pen 5", box((1, 1, 1), (-0.5, 0.5, 0), qz45),
         box((1, 1, 1), (0.1, 0, 0)), 0.429289),
        (429, "Pen 6", box((1, 1, 1), (-0.5, 0.1, 0.4), qyz45),
         box((1, 1, 1), (0.1, 0, 0)), 0.648412),
        (443, "Pen 7", box((1, 1, 1), (-0.5, 0.1, 0.4), q7),
         box((1, 1, 1), (0.1, 0, 0)), 0.622622),
        (462, "Pen 8", box((1, 1, 1), (-1.3, 0, 0), q8), box((1, 1, 1)),
         0.053553),
    ]
    for line, name, a, b, rec in pen:
        d, n = geom.box_box(a, b)
        note = None
        if abs(-d - rec) > 2e-6:
            note = ("regressions/TSBoxBox.out records depth %g; the "
                    "separating-axis minimum is %.9g" % (rec, -d))
        S.add("src/testsuites/boxbox.c:%d" % line, "boxboxPenetration " + name,
              a, b, geom.expect(d, n), note)
    # mpr_boxbox.c repeats these poses and adds two (TSMPRBoxBox.out)
    for line, name, a, b, rec in [
            (486, "Pen 9", box((1, 1, 1)), box((0.5, 0.5, 0.5), (0, 0.73, 0)),
             0.02),
            (498, "Pen 10", box((1, 1, 1)),
             box((0.5, 0.5, 0.5), (0.3, 0.738, 0)), 0.012)]:
        d, n = geom.box_box(a, b)
        S.add("src/testsuites/mpr_boxbox.c:%d" % line,
              "mprBoxboxPenetration " + name, a, b, geom.expect(d, n))

    # -- cylcyl.c aligned loops: c1 (r 0.35, h 0.5) through c2 (r 0.5, h 1)
    for axis, line, name in ((0, 36, "AlignedX"), (1, 67, "AlignedY"),
                             (2, 98, "AlignedZ")):
        for i in range(100):
            p = [0.0, 0.0, 0.0]
            p[axis] = step(-5.0, axis, 0.1, i)
            a, b = cyl(0.35, 0.5, p), cyl(0.5, 1.0)
            d, n = coaxial_cyl(a, b)
            if d <= 0 and n and len(n) == 1 and n[0] is None:
                n = None
            S.add("src/testsuites/cylcyl.c:%d" % line,
                  "cylcyl%s i=%d" % (name, i), a, b, geom.expect(d, n))

    # -- cylcyl.c cylcylPenetrationEPA (regressions/TSCylCyl.out)
    q3 = axis_angle([0, 1, 1], math.pi / 4)
    q5 = axis_angle([0.567, 1.2, 1], math.pi / 4)
    q6 = axis_angle([-4.567, 1.2, 0], math.pi / 3)
    c1 = (0.35, 0.5)
    c2 = (0.5, 1.0)
    cc = [
        (138, "Pen 1", cyl(*c1), cyl(*c2, (0, 0, 0.3)), 0.75),
        (144, "Pen 2", cyl(*c1, (0.3, 0.1, 0.1)), cyl(*c2, (0, 0, 0.3)),
         0.531931),
        (152, "Pen 3", cyl(*c1, (0.3, 0.1, 0.1)), cyl(*c2, (0, 0, 0), q3),
         0.645740),
        (160, "Pen 4", cyl(*c1, (0.3, 0.1, 0.1)),
         cyl(*c2, (-0.2, 0.7, 0.2), q3), 0.104445),
        (168, "Pen 5", cyl(*c1, (0.3, 0.1, 0.1)),
         cyl(*c2, (0.6, -0.7, 0.2), q5), 0.093082),
        (176, "Pen 6", cyl(*c1, (0.3, 0.1, 0.1)),
         cyl(*c2, (0.6, -0.7, 0.2), q6), 0.198749),
    ]
    for line, name, a, b, rec in cc:
        if name in ("Pen 1", "Pen 2"):
            d, n = coaxial_cyl(a, b)
            dn = numeric(a, b)
            assert abs(d - dn) < 1e-9, (name, d, dn)
        else:
            d, n = numeric(a, b), None
        note = None
        if abs(-d - rec) > 2e-6:
            note = ("regressions/TSCylCyl.out records depth %g; the least "
                    "translation that separates them is %.9g" % (rec, -d))
        S.add("src/testsuites/cylcyl.c:%d" % line, "cylcylPenetration " + name,
              a, b, geom.expect(d, n), note)

    # -- boxcyl.c: box (0.5, 1, 1.5) and cylinder (r 0.4, h 0.7); the
    # boxcylIntersect poses are those of boxcylPenEPA (regressions/TSBoxCyl.out)
    bf = (0.5, 1, 1.5)
    cy = (0.4, 0.7)
    qa = axis_angle([0, 1, 0], math.pi / 3)
    qb = axis_angle([0.67, 1.1, 0.12], math.pi / 4)
    qc = axis_angle([-0.1, 2.2, -1], math.pi / 5)
    qbox = axis_angle([1, 1, 0], -math.pi / 4)
    bc = [
        (101, "Pen 1", box(bf), cyl(*cy, (0.1, 0, 0)), 0.549996),
        (107, "Pen 2", box(bf), cyl(*cy, (0.6, 0, 0)), 0.05),
        (113, "Pen 3", box(bf), cyl(*cy, (0.6, 0.6, 0)), 0.030994),
        (119, "Pen 4", box(bf), cyl(*cy, (0.6, 0.6, 0.5)), 0.033436),
        (127, "Pen 5", box(bf), cyl(*cy, (0.6, 0.6, 0.5), qa), 0.142160),
        (135, "Pen 6", box(bf), cyl(*cy, (0.6, 0, 0.5), qb), 0.179282),
        (146, "Pen 7", box(bf, (0.6, 0, 0.5), qbox),
         cyl(*cy, (0.6, 0, 0.5), qc), 0.75),
        (157, "Pen 8", box(bf, (0.9, 0.8, 0.5), qbox),
         cyl(*cy, (0.6, 0, 0.5), qc), 0.142666),
    ]
    for line, name, a, b, rec in bc:
        d = numeric(a, b)
        n = None
        if name in ("Pen 1", "Pen 2"):
            # the cylinder's side against the box's +x face
            dx = b["position"][0]
            d2 = dx - a["half_extents"][0] - b["radius"]
            assert abs(d - d2) < 1e-9, (name, d, d2)
            d, n = d2, [[1.0, 0.0, 0.0]]
        note = None
        if abs(-d - rec) > 2e-6:
            note = ("regressions/TSBoxCyl.out records depth %g; the least "
                    "translation that separates them is %.9g" % (rec, -d))
        S.add("src/testsuites/boxcyl.c:%d" % line, "boxcylPenEPA " + name,
              a, b, geom.expect(d, n), note)

    S.write(out)
    print("%s: %d cases" % (out, len(S.cases)))


if __name__ == "__main__":
    main()
