#!/usr/bin/env python3
"""Writes testdata/suites/chrono.ndjson from Project Chrono's collision unit
tests.

The inputs come from projectchrono/chrono, cited by the line numbers of the
snapshot 7689fbc0 (2026-08) unless said otherwise:
  src/tests/unit_tests/collision/utest_COLL_narrow_prims.cpp
      the PRIMS narrowphase (Chrono::Multicore's analytic pair tests):
      box_box (10 configurations: face-face stacks, plain, turned and
      offset, small on large, an edge or an edge's middle on a face, a
      corner on a face, edge on edge, corner on corner), each at the four
      offsets the test takes (-0.05, -1e-5, +0.05, +0.15 along z);
      sphere_sphere, box_sphere, capsule_sphere, cylinder_sphere and
      roundedcyl_sphere (a sphere at each probe position);
  src/tests/unit_tests/collision/utest_COLL_narrow_mpr.cpp
      the MPR narrowphase: sphere_sphere, ellipsoid_ellipsoid and
      sphere_box.  Its cylinder_sphere and roundedcyl_sphere tests take the
      very poses of the PRIMS tests above; they are not repeated, the PRIMS
      cases' notes cite them (with MPR's own expectations where they
      differ);
  src/tests/unit_tests/collision/utest_COLL_rounded_shapes.cpp (commit
      980e6e1e, not in that snapshot; lines of that version)
      a probe (sphere of radius 0.1 or cube of side 0.2) placed 0.02 off a
      rounded cylinder or rounded box, at a side, cap, edge, rim or corner,
      both in the shapes' reference frame and in a turned and shifted one.
Left out: the snap_to_*, point_vs_face and segment_vs_edge helpers (feature
projections with no pair), utest_COLL_bullet_utils.cpp (the same kind of
helpers), and the MPR support-function and empty (commented out) tests.

How Chrono's conventions map onto mink's:
  - Multicore's ConvexShapeCustom boxes take half extents ("hdims"), as
    mink's box does.  Spheres take the radius in dimensions.x.
  - Multicore capsules, cylinders and rounded cylinders lie along local z
    (ChCollisionUtils.h, snap_to_cylinder); PRIMS reads the radius from
    dimensions.x and the half length from dimensions.y, MPR from
    dimensions.z.  mink's capsule and cylinder lie along local z too and
    take radius and half_height, so the pose carries over unchanged
    (QuatFromAngleY(pi/2) lays the axis along world x).
  - A rounded cylinder is a cylinder swept by a sphere of radius srad: a
    mink cylinder with margin srad.  In rounded_shapes the dimensions are
    the outer ones: ChRoundedCylinder(radius, height, srad) is the mink
    cylinder of radius radius - srad and half_height height/2 - srad with
    margin srad, ChRoundedBox(lengths, srad) the mink box of half extents
    lengths/2 - srad with margin srad.  AddBoxGeometry takes full lengths.
  - Chrono's quaternions from QuatFromAngleX/Y/Z and QuatFromAngleAxis are
    axis-angle rotations; QuatFromVec2Vec(z, n) is the shortest turn of z
    onto n.  ChFrame products compose poses (parent * child).
  - PRIMSCollision(shape1, shape2) and MPRCollision(A, B): the first shape
    is mink's A.  Chrono's depth is a signed distance (negative when
    penetrating) and its normal points from the first shape to the second,
    as mink's do; pt1 / pt2 lie on the first / second shape.
  - The 'separation' of the parametrised PRIMS tests only decides whether
    a separated pair is reported; mink always reports the distance, so
    every offset becomes a case with its exact signed distance.
  - PRIMS box-box lists the patch points of both boxes (8 for two equal
    faces); mink gives the patch once (4 corners).

Every expectation is derived here in closed form: the box-box cases from
the configurations' geometry (the top face or feature is lowered by the
test's offset, so the distance is the offset itself, except where the
corner-corner pair overlaps: the body diagonal's offset p divides among
three tied faces, depth -p/sqrt(3)); sphere pairs from the closest point of
the box, segment, cylinder or sphere to the centre (the nearest face when
the centre is inside, with ties detected).  They are checked before
writing against refgeom.solve (all pairs with box or sphere cores: the
capsule-sphere pairs, a segment against a point, are left to the closed
form), against geom.support_min (cylinders and ellipsoids) and the patches
against patchgeom.patch.  Chrono's own expectations are compared with
the derived ones; the notes say where they differ.

usage: convert_chrono.py [OUTPUT]
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
from suitekit import ID, exp, fl, with_patch  # noqa: E402

S = geom.Suite("projectchrono/chrono", "chrono")
D = "src/tests/unit_tests/collision/"
PRIMS = D + "utest_COLL_narrow_prims.cpp"
MPR = D + "utest_COLL_narrow_mpr.cpp"
ROUND = D + "utest_COLL_rounded_shapes.cpp"
SQ2, SQ3 = math.sqrt(2.0), math.sqrt(3.0)
OOSQ2 = math.sqrt(0.5)
CHECKS = []   # (where, a, b, e, own): cross-checked before writing


def q_axis(axis, angle):
    return geom.quat_axis_angle(axis, angle)


def box(h, pos, q=None, margin=None):
    s = {"type": "box", "half_extents": fl(h), "position": fl(pos)}
    if q is not None and q != ID:
        s["rotation"] = q
    if margin:
        s["margin"] = margin
    return s


def sphere(r, pos):
    return {"type": "sphere", "radius": float(r), "position": fl(pos)}


def add(line, path, name, a, b, e, note=None, own=False):
    rec = S.add("%s:%d" % (path, line), name, a, b, e, note)
    CHECKS.append((rec["case"], a, b, rec["expect"], own))
    return rec

# ------------------------------------------------------------- box - box


OFFSETS = [(-0.05, "penetrated"), (-1e-5, "penetrated, small"),
           (0.05, "separated, within Chrono's separation 0.1"),
           (0.15, "separated, beyond Chrono's separation 0.1")]


def box_box_cases():
    qz = q_axis([0, 0, 1], math.pi / 4)
    qx = q_axis([1, 0, 0], math.pi / 4)
    qy = q_axis([0, 1, 0], math.pi / 4)
    qd = q_axis([1, 1, 0], math.atan(SQ2))
    t = 2 * SQ2 - 2
    # (name, lines, hA, posA, qA, hB, posB, qB, moved, normal, patch on A
    #  at offset 0 (None: not unique or > 4 points), Chrono's count)
    configs = [
        ("face to face, stack", (372, 380, 388, 400),
         (1, 2, 3), (0, 0, 0), None, (1, 2, 3), (0, 0, 6), None, "b",
         (0, 0, 1), [(x, y, 3) for x in (-1, 1) for y in (-2, 2)], 8),
        ("face to face, stack turned 45 deg about z", (429, 437, 445, 457),
         (1, 2, 3), (0, 0, 0), None, (1, 2, 3), (0, 0, 6), qz, "b",
         (0, 0, 1), None, 8),
        ("face to face, turned and offset: 2 corners on edges",
         (487, 497, 507, 521),
         (2, 2, 3), (0, 0, 0), None, (2, 2, 3), (2, 2, 6), qz, "b",
         (0, 0, 1), [(2, 2 - 2 * SQ2, 3), (2 - 2 * SQ2, 2, 3), (2, 2, 3)],
         3),
        ("face to face, turned and offset: edge-edge crossings",
         (551, 561, 571, 585),
         (2, 2, 3), (0, 0, 0), None, (2, 2, 3), (2 * SQ2, 2 * SQ2, 6), qz,
         "b", (0, 0, 1), [(2, t, 3), (t, 2, 3), (2, 2, 3)], 3),
        ("face to face, small on large", (614, 624, 634, 648),
         (1, 2, 3), (0, 0, 0), None, (0.5, 1, 1), (0, 0, 4), None, "b",
         (0, 0, 1), [(x, y, 3) for x in (-0.5, 0.5) for y in (-1, 1)], 4),
        ("face to edge, the edge's ends on the face", (678, 688, 698, 712),
         (1, 1, 1), (0, 0, 2 + SQ2), qx, (2, 2, 2), (0, 0, 0), None, "a",
         (0, 0, -1), [(-1, 0, 2), (1, 0, 2)], 2),
        ("face to edge, the edge's middle on the face", (743, 753, 763, 777),
         (1, 1, 1), (SQ2, SQ2, 2 + SQ2), qx, (2, 2, 2), (0, 0, 0), qz, "a",
         (0, 0, -1), [(SQ2 - 1, SQ2, 2), (SQ2, SQ2, 2)], 2),
        ("face to corner", (806, 816, 826, 840),
         (1, 1, 1), (0, 0, 0), None, (1, 1, 1), (0.5, 0.5, 1 + SQ3), qd,
         "b", (0, 0, 1), [(0.5, 0.5, 1)], 1),
        ("edge to edge", (870, 880, 890, 904),
         (1, 1, 1), (0, 0, 0), qy, (1, 1, 1), (0, 0, 2 * SQ2), qx, "b",
         (0, 0, 1), [(0, 0, SQ2)], 1),
        ("corner to corner", (939, 950, 957, 968),
         (1, 1, 1), (0, 0, 0), qd, (1, 1, 1), (0, 0, 2 * SQ3), qd, "b",
         (0, 0, 1), [(0, 0, SQ3)], 4),
    ]
    for (name, lines, ha, pa0, qa, hb, pb0, qb, moved, n, patch,
         nchrono) in configs:
        for (p, what), line in zip(OFFSETS, lines):
            corner = name == "corner to corner"
            if corner and p == -1e-5:
                p = -1e-5 * SQ3     # the test's own small offset there
            dz = [0.0, 0.0, p]
            pa = geom.add(pa0, dz) if moved == "a" else fl(pa0)
            pb = geom.add(pb0, dz) if moved == "b" else fl(pb0)
            a, b = box(ha, pa, qa), box(hb, pb, qb)
            notes = []
            # the feature of A nearest B, at this offset (A moves when
            # moved == "a": its features move with it)
            shift = dz if moved == "a" else [0.0, 0.0, 0.0]
            pts = None if patch is None else [geom.add(fl(x), shift)
                                               for x in patch]
            if corner and p < 0:
                d = p / SQ3
                e = exp(d)
                notes.append(
                    "equal cubes, equally turned, displaced %g along their "
                    "common body diagonal: along each of the 3 face normals "
                    "they overlap by %g, so the depth is %g with 3 tied "
                    "normals (no unique normal or points); Chrono's PRIMS "
                    "reports a face-face contact of that depth, as here"
                    % (-p, -d, -d))
            else:
                d = p
                unique_pts = pts is not None and len(pts) == 1
                e = exp(d, n, pts[0] if unique_pts else None,
                        geom.add(pts[0], geom.mul(n, d)) if unique_pts
                        else None)
                if pts is not None and not (corner and p > 0):
                    with_patch(e, pts, d, n)
                if corner:
                    e["contact_count"] = 1
                    e["contacts"] = [{"point_a": e["point_a"],
                                      "point_b": e["point_b"],
                                      "distance": d}]
                    notes.append(
                        "vertex against vertex, %g apart along z; Chrono "
                        "expects no contact here%s (its test says the "
                        "algorithm cannot produce corner-corner contacts)"
                        % (p, " even with its separation 0.1" if p < 0.1
                           else ""))
                elif patch is None:
                    notes.append(
                        "the overlap of the two faces is a polygon of more "
                        "than 4 corners, so no patch is given" + (
                            "; Chrono reports %d points" % nchrono
                            if p < 0.1 else ""))
                elif nchrono != len(pts) and p < 0.1:
                    notes.append(
                        "Chrono reports %d contacts, the corners of both "
                        "faces (each shared corner twice); the patch is "
                        "their 4 distinct corners" % nchrono)
                if corner:
                    pass
                elif p > 0.1:
                    notes.append("Chrono expects no contact (beyond its "
                                 "separation); the distance is exact")
                elif p > 0:
                    notes.append("Chrono reports this contact only with "
                                 "separation 0.1")
            add(line, PRIMS, "box_box %s: %s (offset %g)" % (name, what, p),
                a, b, e, "; ".join(notes) or None)

# ------------------------------------------------------ sphere closed forms


def outside(p, R, loc, c, m):
    """A point outside a shape at pose (p, R), local loc, whose nearest
    point of the core is local c: (distance, normal, surface point) with the
    margin m, or None when loc is on or in the core."""
    v = geom.sub(loc, c)
    L = geom.norm(v)
    if L > 0:
        n = geom.mat_vec(R, geom.mul(v, 1 / L))
        return L - m, n, geom.add(geom.add(p, geom.mat_vec(R, c)),
                                  geom.mul(n, m))
    return None


def closest_box(q, s):
    """(distance to the surface or minus the depth, unit normal or None,
    surface point or None) of point q and box s (with its margin)."""
    p, R = geom.pose(s)
    h = s["half_extents"]
    m = s.get("margin", 0.0)
    loc = geom.mat_t_vec(R, geom.sub(q, p))
    c = [max(-hi, min(hi, li)) for li, hi in zip(loc, h)]
    out = outside(p, R, loc, c, m)
    if out:
        return out
    gaps = [hi - abs(li) for li, hi in zip(loc, h)]
    g = min(gaps)
    faces = [(i, 1 if loc[i] > 0 else -1) for i in range(3)
             if gaps[i] == g and loc[i] != 0]
    faces += [(i, s_) for i in range(3) if gaps[i] == g and loc[i] == 0
              for s_ in (1, -1)]
    if len(faces) != 1:
        return -g - m, None, None
    i, sg = faces[0]
    nl = [0.0, 0.0, 0.0]
    nl[i] = float(sg)
    n = geom.mat_vec(R, nl)
    return -g - m, n, geom.add(q, geom.mul(n, g + m))


def closest_cyl(q, s):
    """The same for a cylinder along local z (with its margin)."""
    p, R = geom.pose(s)
    r, hh, m = s["radius"], s["half_height"], s.get("margin", 0.0)
    loc = geom.mat_t_vec(R, geom.sub(q, p))
    rho = math.hypot(loc[0], loc[1])
    c = list(loc)
    c[2] = max(-hh, min(hh, loc[2]))
    if rho > r:
        c[0], c[1] = loc[0] * r / rho, loc[1] * r / rho
    out = outside(p, R, loc, c, m)
    if out:
        return out
    gcap, gside = hh - abs(loc[2]), r - rho
    g = min(gcap, gside)
    nl = None
    if gcap < gside and loc[2] != 0:
        nl = [0.0, 0.0, math.copysign(1.0, loc[2])]
    elif gside < gcap and rho > 0:
        nl = [loc[0] / rho, loc[1] / rho, 0.0]
    if nl is None:
        return -g - m, None, None
    n = geom.mat_vec(R, nl)
    return -g - m, n, geom.add(q, geom.mul(n, g + m))


def closest_capsule(q, s):
    p, R = geom.pose(s)
    hh, r = s["half_height"], s["radius"]
    loc = geom.mat_t_vec(R, geom.sub(q, p))
    c = [0.0, 0.0, max(-hh, min(hh, loc[2]))]
    v = geom.sub(loc, c)
    L = geom.norm(v)
    if L <= 1e-12 * (hh + r):
        # on the segment (up to the rounding of the turn's quaternion,
        # which leaves the axis 1e-16 off world x): every direction ties
        return -r - L, None, None
    n = geom.mat_vec(R, geom.mul(v, 1 / L))
    return L - r, n, geom.add(geom.add(p, geom.mat_vec(R, c)),
                              geom.mul(n, r))


def shape_sphere(a, c, rs):
    """Expectation of shape a (A) against the sphere of radius rs at c."""
    f = {"box": closest_box, "cylinder": closest_cyl,
         "capsule": closest_capsule}[a["type"]]
    d, n, pa = f(c, a)
    if n is None:
        return exp(d - rs)
    return exp(d - rs, n, pa, geom.sub(c, geom.mul(n, rs)))


def near(u, v, tol=1e-9):
    return geom.norm(geom.sub(fl(u), fl(v))) <= tol


def no_contact_note(inside, why_apart, inside_remark=""):
    """Chrono's expectation of no contact: the centre inside (and what the
    exact answer is then), or apart by more than the test's separation."""
    note = "Chrono expects no contact here (%s)" % (
        "the centre is inside" if inside else why_apart)
    return note + "; " + inside_remark if inside and inside_remark else note


def chrono_note(e, want):
    """Compares Chrono's expectation (depth, normal, pt1, pt2 or None for no
    contact) with the derived one; returns a note or None."""
    if want is None:
        return None
    d, n, p1, p2 = want
    diffs = []
    if abs(d - e["distance"]) > 1e-9:
        diffs.append("depth %.12g (exact %.12g)" % (d, e["distance"]))
    if n is not None and ("normal" not in e or not near(n, e["normal"])):
        diffs.append("normal %s" % fl(n))
    if p1 is not None and ("point_a" not in e or not near(p1, e["point_a"])):
        diffs.append("pt1 %s" % [round(x, 12) for x in p1])
    if p2 is not None and ("point_b" not in e or not near(p2, e["point_b"])):
        diffs.append("pt2 %s" % [round(x, 12) for x in p2])
    if diffs:
        return "Chrono expects " + ", ".join(diffs)
    return None


def sphere_sphere_cases():
    rows = [
        (997, PRIMS, "sphere_sphere: separated (far)", (2, 2, 0), 1,
         (2, 0, 0), 0.5, "Chrono expects no contact (separated by more than "
         "its separation 0.1)"),
        (1009, PRIMS, "sphere_sphere: separated (near)", (2, 2, 0), 1,
         (2, 0, 0), 0.95, None),
        (1030, PRIMS, "sphere_sphere: touching", (2, 2, 0), 1, (2, 0, 0), 1,
         "MPR's sphere_sphere and ellipsoid_ellipsoid tests take this pose "
         "too (%s:115, 162)" % MPR),
        (1051, PRIMS, "sphere_sphere: penetrated", (1, 1, 0), 1, (2.5, 1, 0),
         1, None),
        (135, MPR, "sphere_sphere: inter-penetrating", (1, 1, 0), 1,
         (2, 0, 0), 1, None),
    ]
    for line, path, name, ca, ra, cb, rb, note in rows:
        v = geom.sub(fl(cb), fl(ca))
        L = geom.norm(v)
        n = geom.mul(v, 1 / L)
        e = exp(L - ra - rb, n, geom.add(fl(ca), geom.mul(n, ra)),
                geom.sub(fl(cb), geom.mul(n, rb)))
        add(line, path, name, sphere(ra, ca), sphere(rb, cb), e, note)
        if path == MPR or line == 1030:
            # the MPR ellipsoid test: unit-radii ellipsoids at these poses
            ell = [{"type": "ellipsoid", "radii": [1.0, 1.0, 1.0],
                    "position": fl(c)} for c in (ca, cb)]
            add(162 if line == 1030 else 183, MPR,
                "ellipsoid_ellipsoid: %s" % ("touching" if line == 1030
                                              else "inter-penetrating"),
                ell[0], ell[1], e,
                "ellipsoids of radii (1, 1, 1): unit spheres")


def box_sphere_cases():
    bq = q_axis([0, 0, 1], math.pi / 4)
    bx = box((1, 2, 3), (SQ2, 0, 0), bq)
    o = OOSQ2
    rs = 1.5
    n45 = (o, o, 0)
    ncor = (0, o, o)
    rows = [
        (1112, "center inside box", (0.5, 0.5, 1.0), None),
        (1119, "face (separated far)", (3.5, 2.5, 1.0), None),
        (1126, "face (separated near)", (4.55 * o, 2.55 * o, 1.0),
         (0.05, n45, (3 * o, o, 1), (3.05 * o, 1.05 * o, 1))),
        (1141, "face (penetrated)", (4 * o, 2 * o, 1.0),
         (-0.5, n45, (3 * o, o, 1), (2.5 * o, 0.5 * o, 1))),
        (1153, "edge (separated far)", (o, 4.0, 1.0), None),
        (1160, "edge (separated near)", (o, 3 * o + 1.55, 1.0),
         (0.05, (0, 1, 0), (o, 3 * o, 1), (o, 3 * o + 0.05, 1))),
        (1175, "edge (penetrated)", (o, 3 * o + 1.0, 1.0),
         (-0.5, (0, 1, 0), (o, 3 * o, 1), (o, 3 * o - 0.5, 1))),
        (1187, "corner (separated far)", (o, 4.0, 4.0), None),
        (1194, "corner (separated near)", (o, 4.55 * o, 3 + 1.55 * o),
         (0.05, ncor, (o, 3 * o, 3), None)),
        (1210, "corner (penetrated)", (o, 4 * o, 3 + o),
         (-0.5, ncor, (o, 3 * o, 3), None)),
    ]
    for line, name, c, want in rows:
        e = shape_sphere(bx, fl(c), rs)
        note = chrono_note(e, want)
        if want is None:
            note = no_contact_note(
                line == 1112, "separated by more than its separation 0.1",
                "the centre is inside the box, 1/sqrt(2) from its nearest "
                "face (its local -x face), the next face 1 away, so the depth "
                "is 1.5 + 1/sqrt(2)")
        elif "corner" in name:
            # Chrono's pt2 is s_pos - s_rad * norm: the derived point_b
            note = chrono_note(e, (want[0], want[1], want[2],
                                   geom.sub(fl(c), geom.mul(fl(ncor), rs))))
        if "edge" in name or "corner" in name:
            x = ("the box's vertical edge at (1/sqrt(2), 3/sqrt(2))" if
                 "edge" in name else "the box's top corner above it")
            note = "; ".join(t for t in (note, "nearest feature: " + x)
                             if t)
        add(line, PRIMS, "box_sphere: " + name, bx, sphere(rs, c), e, note)
    # MPR sphere_box: the sphere is A
    for line, name, c, want in (
            (208, "sphere on box, centred", (0, 1.5, 0),
             (-0.5, (0, -1, 0), (0, 0.5, 0), (0, 1, 0))),
            (227, "sphere on box, offset", (0.1, 2, 0),
             (0.0, (0, -1, 0), (0.1, 1, 0), (0.1, 1, 0)))):
        b = box((1, 1, 1), (0, 0, 0))
        d, n, pb = closest_box(fl(c), b)     # n: box towards the centre
        nn = geom.mul(n, -1)
        e = exp(d - 1, nn, geom.add(fl(c), geom.mul(nn, 1.0)), pb)
        add(line, MPR, "sphere_box: " + name, sphere(1, c), b, e,
            chrono_note(e, want))


def axis_x_cases():
    qy = q_axis([0, 1, 0], math.pi / 2)   # local z onto world x
    o = OOSQ2
    cap = {"type": "capsule", "radius": 0.5, "half_height": 2.0,
           "position": [2.0, 0.0, 0.0], "rotation": qy}
    rows = [
        (1264, "center on capsule axis", (3, 0, 0), None),
        (1271, "cap (separated)", (5, 1.5, 0), None),
        (1278, "cap (penetrated)", (5, 1, 0),
         (SQ2 - 1.5, (o, o, 0), (4 + 0.5 * o, 0.5 * o, 0),
          (5 - o, 1 - o, 0))),
        (1290, "side (separated)", (2.5, 2, 0), None),
        (1297, "side (penetrated)", (2.5, 1.25, 0),
         (-0.25, (0, 1, 0), (2.5, 0.5, 0), (2.5, 0.25, 0))),
    ]
    for line, name, c, want in rows:
        e = shape_sphere(cap, fl(c), 1.0)
        note = chrono_note(e, want)
        if want is None:
            note = no_contact_note(
                line == 1264, "separated, and the test's separation is 0",
                "the centre lies on the capsule's segment, so every direction "
                "across it ties: depth 1.5, no normal")
        add(line, PRIMS, "capsule_sphere: " + name, cap, sphere(1, c), e,
            note, own=True)
    for srad, test, lines, mpr_lines in (
            (0.0, "cylinder_sphere", (1353, 1360, 1367, 1379, 1386, 1398,
                                      1405), (401, 415, 429, 449, 462, 481,
                                              None)),
            (0.1, "roundedcyl_sphere", (1459, 1466, 1473, 1485, 1492, 1504,
                                        1511), (545, 558, 571, 589, 602,
                                                620, None))):
        cyl = {"type": "cylinder", "radius": 2.0, "half_height": 1.5,
               "position": [1.5, 0.0, 0.0], "rotation": qy}
        if srad:
            cyl["margin"] = srad
        m = srad
        rows = [
            ("center inside cylinder", (2.5, 1.5, 0), None, None),
            ("cap (separated)", (4.5, 1.5, 0), None, None),
            ("cap (penetrated)", (3.75, 1.5, 0),
             (-0.25 - m, (1, 0, 0), (3 + m, 1.5, 0), (2.75, 1.5, 0)),
             (-0.25, (1, 0, 0), (3, 1.5, 0), (2.75, 1.5, 0))),
            ("side (separated)", (2.5, 3.5, 0), None, None),
            ("side (penetrated)", (2.5, 2.5, 0),
             (-0.5 - m, (0, 1, 0), (2.5, 2 + m, 0), (2.5, 1.5, 0)),
             (-0.5, (0, 1, 0), (2.5, 2, 0), (2.5, 1.5, 0))),
            ("edge (separated)", (4, 3, 0), None, None),
            ("edge (penetrated)", (3.5, 2.5, 0),
             (-1 - m + o, (o, o, 0), (3 + m * o, 2 + m * o, 0),
              (3.5 - o, 2.5 - o, 0)), None),
        ]
        for (name, c, want, mpr), line, mline in zip(rows, lines,
                                                     mpr_lines):
            e = shape_sphere(cyl, fl(c), 1.0)
            notes = [chrono_note(e, want) if want else
                     no_contact_note("inside" in name,
                                     "separated, and the test's separation is 0")]
            if name.startswith("center"):
                notes.append(
                    "the centre is 0.5 from both the cap x = 3 and the side "
                    "(y = 2): the two normals tie, so none is unique; depth "
                    "1 + 0.5%s" % (" + 0.1 (the rounding)" if m else ""))
            if mline is not None:
                mn = chrono_note(e, mpr) if mpr else None
                notes.append("MPR's %s test (%s:%d) takes this pose%s" % (
                    test, MPR, mline, ("; it expects " + mn[len(
                        "Chrono expects "):] + ", the values of the "
                        "cylinder without its rounding") if mn else ""))
            add(line, PRIMS, "%s: %s" % (test, name), cyl, sphere(1, c), e,
                "; ".join(n for n in notes if n) or None)

# ------------------------------------------------------- rounded shapes


def frame_mul(fa, fb):
    (pa, qa), (pb, qb) = fa, fb
    return (geom.add(pa, geom.mat_vec(geom.quat_matrix(qa), pb)),
            geom.quat_mul(qa, qb))


def vec2vec(u, v):
    c = geom.cross(u, v)
    s = geom.norm(c)
    if s < 1e-15:
        return list(ID)
    return q_axis(c, math.atan2(s, geom.dot(u, v)))


def rounded_cases():
    cyl_r, cyl_h, cyl_s = 0.8, 1.5, 0.25
    bsize, bs = (1.0, 0.6, 1.4), 0.2
    probe, gap = 0.1, 0.02
    a_in, c_in = cyl_r - cyl_s, cyl_h / 2 - cyl_s
    d = cyl_s + probe + gap
    n_side, n_cap = [1.0, 0, 0], [0, 0, 1.0]
    n_edge = geom.unit([1, 0, 1])
    n_rad = geom.unit([-1, 1, 0])
    n_rim = geom.unit(geom.add(n_rad, [0, 0, -1.5]))
    e_in = [x / 2 - bs for x in bsize]
    db = bs + probe + gap
    nbe, nbc = geom.unit([1, 1, 0]), geom.unit([1, 1, 1])
    # (line, name, shape, probe, centre, normal, nearest point of the
    #  inner shape (sphere probes), patch half-size on the contact face)
    rows = [
        (106, "cyl_side_sphere", "cyl", "sphere",
         [cyl_r + probe + gap, 0, 0], n_side, [a_in, 0, 0]),
        (108, "cyl_cap_sphere", "cyl", "sphere",
         [0, 0, cyl_h / 2 + probe + gap], n_cap, [0, 0, c_in]),
        (110, "cyl_edge_sphere", "cyl", "sphere",
         geom.add([a_in, 0, c_in], geom.mul(n_edge, d)), n_edge,
         [a_in, 0, c_in]),
        (111, "cyl_rim_sphere", "cyl", "sphere",
         geom.add(geom.sub(geom.mul(n_rad, a_in), [0, 0, c_in]),
                  geom.mul(n_rim, d)), n_rim,
         geom.sub(geom.mul(n_rad, a_in), [0, 0, c_in])),
        (112, "cyl_side_box", "cyl", "box", [cyl_r + probe + gap, 0, 0],
         n_side, None),
        (114, "cyl_cap_box", "cyl", "box", [0, 0, cyl_h / 2 + probe + gap],
         n_cap, None),
        (126, "box_face_sphere", "box", "sphere",
         [bsize[0] / 2 + probe + gap, 0, 0], n_side,
         [e_in[0], 0, 0]),
        (128, "box_edge_sphere", "box", "sphere",
         geom.add([e_in[0], e_in[1], 0], geom.mul(nbe, db)), nbe,
         [e_in[0], e_in[1], 0]),
        (129, "box_corner_sphere", "box", "sphere",
         geom.add(e_in, geom.mul(nbc, db)), nbc, list(e_in)),
        (130, "box_face_box", "box", "box",
         [bsize[0] / 2 + probe + gap, 0, 0], n_side, None),
        (132, "box_top_box", "box", "box",
         [0, 0, bsize[2] / 2 + probe + gap], n_cap, None),
    ]
    frames = [("reference frame", ([0.0, 0, 0], list(ID))),
              ("frame turned pi/5 about (1,2,3), shifted (0.3,-0.2,0.5)",
               ([0.3, -0.2, 0.5], q_axis([1, 2, 3], math.pi / 5)))]
    for fname, fr in frames:
        fp, fq = fr
        R = geom.quat_matrix(fq)

        def w(v):
            return geom.add(fp, geom.mat_vec(R, v))
        for line, name, kind, pk, pos, nl, foot in rows:
            if kind == "cyl":
                a = {"type": "cylinder", "radius": a_in, "half_height": c_in,
                     "margin": cyl_s, "position": fl(fp)}
            else:
                a = {"type": "box", "half_extents": fl(e_in), "margin": bs,
                     "position": fl(fp)}
            if fq != ID:
                a["rotation"] = fq
            n = geom.mat_vec(R, nl)
            ppos, pq = frame_mul(fr, (pos, vec2vec([0, 0, 1.0], nl)))
            if pk == "sphere":
                b = sphere(probe, ppos)
                pa = w(geom.add(foot, geom.mul(nl, cyl_s if kind == "cyl"
                                                else bs)))
                e = exp(gap, n, pa, geom.sub(ppos, geom.mul(n, probe)))
                note = ("the probe's centre is %g from the inner shape's "
                        "nearest point along the given normal (inside its "
                        "normal cone), so the gap is exactly 0.02" % (
                            cyl_s + probe + gap if kind == "cyl" else db))
            else:
                b = box([probe] * 3, ppos, pq)
                e = exp(gap, n)
                note = ("flat face of the probe cube parallel to the rounded "
                        "shape's %s, 0.02 apart" % (
                            "side (a line of contact: no unique points)"
                            if name == "cyl_side_box" else "flat face"))
                if name != "cyl_side_box":
                    # the cube's face (side 0.2) lies inside the flat face:
                    # its 4 corners are the patch
                    u, v = [[1.0, 0, 0], [0, 1.0, 0]] if nl == n_cap else \
                        [[0, 1.0, 0], [0, 0, 1.0]]
                    face = bsize[2] / 2 if (kind == "box" and nl == n_cap) \
                        else bsize[0] / 2 if kind == "box" else cyl_h / 2
                    pas = [w(geom.add(geom.mul(nl, face), geom.add(
                        geom.mul(u, su * probe), geom.mul(v, sv * probe))))
                        for su in (-1, 1) for sv in (-1, 1)]
                    with_patch(e, pas, gap, n)
                    note += "; the patch is the cube face's 4 corners"
            note += ("; Chrono checks the reported distance 0.02 to 2e-3 "
                     "and the normal up to its sign")
            add(line, ROUND, "rounded shapes %s, %s" % (name, fname), a, b,
                e, note)

# ------------------------------------------------------------- cross-check


def cross_check():
    bad = 0
    for where, a, b, e, own in CHECKS:
        kinds = {a["type"], b["type"]}
        size = geom.pair_size(a, b)
        if kinds & {"cylinder", "ellipsoid"}:
            d, normals = geom.support_min(a, b, samples=1500, starts=4)
            if abs(d - e["distance"]) > 1e-8 * size:
                print("support_min distance", where, d, e["distance"])
                bad += 1
            if "normal" in e and (len(normals) != 1 or geom.norm(geom.sub(
                    normals[0], e["normal"])) > 1e-4):
                print("support_min normal", where, normals, e["normal"])
                bad += 1
            if "normal" not in e and len(normals) == 1:
                print("support_min: unique normal", where, normals)
                bad += 1
        elif not own:
            r = refgeom.solve({"a": a, "b": b})
            if abs(r["distance"] - e["distance"]) > 1e-11 * size:
                print("refgeom distance", where, r["distance"],
                      e["distance"])
                bad += 1
            if ("normal" in e) != (r["normal"] is not None) or (
                    "normal" in e and refgeom.angle(
                        r["normal"], e["normal"]) > 1e-10):
                print("refgeom normal", where, r["normal"], e.get("normal"))
                bad += 1
            for k in ("point_a", "point_b"):
                if ("normal" in e) and (k in e) != (r[k] is not None):
                    print("refgeom uniqueness", k, where, r[k])
                    bad += 1
                elif k in e and geom.norm(geom.sub(r[k], e[k])) > \
                        1e-11 * size:
                    print("refgeom", k, where, r[k], e[k])
                    bad += 1
        if "contacts" in e and a["type"] == b["type"] == "box":
            ma, mb = a.get("margin", 0.0), b.get("margin", 0.0)
            VA = geom.box_vertices(a)
            VB = geom.box_vertices(b)
            n = e["normal"]
            got = [(geom.add(pa, geom.mul(n, ma)),
                    geom.sub(pb, geom.mul(n, mb)))
                   for pa, pb, _ in patchgeom.patch(VA, VB, n)]
            want = [(c["point_a"], c["point_b"]) for c in e["contacts"]]
            ok = len(got) == len(want) and all(any(
                near(g[0], w_[0], 1e-11 * size) and
                near(g[1], w_[1], 1e-11 * size) for g in got) for w_ in want)
            if not ok:
                print("patch", where, got, want)
                bad += 1
    return suitekit.problems(bad, S)


def main():
    out = suitekit.out_path("chrono.ndjson")
    box_box_cases()
    sphere_sphere_cases()
    box_sphere_cases()
    axis_x_cases()
    rounded_cases()
    if cross_check():
        sys.exit(1)
    suitekit.write(S, out)


if __name__ == "__main__":
    main()
