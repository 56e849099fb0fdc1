#!/usr/bin/env python3
"""Checks a mink output (a golden file) against values derived by hand.

usage: check.py FORMAT OUTPUT [INPUT]

FORMAT is json, ndjson or csv.  Every non-error record of OUTPUT must have
an id listed in EXPECTED below, and match it: state, distance, normal,
point_a and point_b (None where the contact point is not unique, as for
two parallel faces).  Its contact patch must be the one of PATCHES, or
else the single point of EXPECTED: in JSON every contact's points, in CSV
their count.  Every record must also keep the output contract's
invariants (point_b - point_a = distance * normal, unit normal, tangent
basis, depth; for each contact the same gap rule, a distance no smaller
than the result's, the first one's equal to it; 1 to MAX_CONTACTS of them,
2 at most in 2D), and every number must be written as the shortest of
%.15g, %.16g, %.17g that reads back exactly.  With INPUT (the JSON array
or NDJSON the output came from), local_a and local_b, the result's and
each contact's, are checked against the poses.
"""
import csv
import json
import math
import sys

R2 = math.sqrt(2)
S3 = 1 / math.sqrt(3)
# the first vertex of the icosahedron, computed as tools/gen_meshes.py does
_T = (1 + math.sqrt(5)) / 2
ICO0 = [c / math.sqrt(1 + _T * _T) for c in (-1, _T, 0)]

# id: (state, distance, normal, point_a, point_b), worked out by hand.
EXPECTED = {
    # unit spheres, centres 1.5 apart along x
    "spheres": ("penetrating", -0.5, [1, 0, 0], [1, 0, 0], [0.5, 0, 0]),
    "spheres-left": ("penetrating", -0.5, [-1, 0, 0], [-1, 0, 0], [-0.5, 0, 0]),
    # boxes of side 1 overlapping by 0.25 along x: face contact
    "unit-boxes": ("penetrating", -0.25, [1, 0, 0], [0.5, None, None],
                   [0.25, None, None]),
    # box of side 2 and box of side 1 at x = 1.25: overlap 0.25
    "boxes": ("penetrating", -0.25, [1, 0, 0], [1, None, None],
              [0.75, None, None]),
    "spheres-apart": ("separated", 1.5, [0, 1, 0], [0, 1, 0], [0, 2.5, 0]),
    # box (half 0.25 at (0.4, 0.3, 0.2)) in the tetrahedron x, y, z >= 0,
    # x + y + z <= 1: least overlap 0.45 along -z (the box's top z = 0.45
    # over the face z = 0); along x 0.65, y 0.55, (1,1,1)/sqrt(3) 0.85/sqrt(3)
    "tetra-box": ("penetrating", -0.45, [0, 0, -1], [None, None, 0],
                  [None, None, 0.45]),
    # centres sqrt(3) apart along the diagonal
    "spheres-diagonal": ("penetrating", math.sqrt(3) - 2, [S3, S3, S3],
                         [S3, S3, S3], [1 - S3, 1 - S3, 1 - S3]),
    "spheres-touching": ("touching", 0, [0, 0, 1], [0, 0, 1], [0, 0, 1]),
    # small sphere inside a big one: push it out through the near side
    "sphere-inside": ("penetrating", -2, [1, 0, 0], [2, 0, 0], [0, 0, 0]),
    "far-spheres": ("penetrating", -0.5, [1, 0, 0], [1000001, 0, 0],
                    [1000000.5, 0, 0]),
    # sphere centre 0.8 from the capsule's axis at z = 0.5; radii 0.5 + 0.5
    "capsule-sphere": ("penetrating", -0.2, [1, 0, 0], [0.5, 0, 0.5],
                       [0.3, 0, 0.5]),
    # segment 0.3 from the axis, margin 0.1, capsule radius 0.5
    "capsule-segment": ("penetrating", -0.3, [1, 0, 0], [0.5, 0, 0],
                        [0.2, 0, 0]),
    "cylinder-point": ("separated", 0.5, [0, 0, 1], [0, 0, 1], [0, 0, 1.5]),
    # the apex of the cone is at z = +half_height
    "cone-point": ("separated", 1, [0, 0, 1], [0, 0, 1], [0, 0, 2]),
    "ellipsoid-point": ("separated", 1, [1, 0, 0], [2, 0, 0], [3, 0, 0]),
    "triangle-sphere": ("separated", 0.5, [0, 0, 1], [0.5, 0.5, 0],
                        [0.5, 0.5, 0.5]),
    # the tetrahedron's vertex (1,0,0) is nearest to the sphere at (2,0,0)
    "hull-sphere": ("separated", 0.5, [1, 0, 0], [1, 0, 0], [1.5, 0, 0]),
    "points": ("separated", 5, [0.6, 0.8, 0], [0, 0, 0], [3, 4, 0]),
    # box face at 0.5 swept by 0.25; sphere surface at 1.5 - 0.25
    "box-margin": ("separated", 0.5, [1, 0, 0], [0.75, 0, 0], [1.25, 0, 0]),
    # a box turned 45 degrees about z: its edge reaches x = sqrt(2)
    "rotated-box": ("separated", 2.5 - R2, [1, 0, 0], [R2, 0, 0],
                    [2.5, 0, 0]),
    "circles": ("separated", 1, [1, 0], [1, 0], [2, 0]),
    # the triangle's lowest vertex (0, 0.8) is 0.2 inside the square's top
    "polygons": ("penetrating", -0.2, [0, 1], [0, 1], [0, 0.8]),
    "circle-box": ("separated", 1, [1, 0], [0.5, 0], [1.5, 0]),
    "capsule-circle": ("penetrating", -0.2, [1, 0], [0.5, 0.5], [0.3, 0.5]),
    "segment-point": ("separated", 2, [0, 1], [0, 0], [0, 2]),
    "boxes-2d": ("penetrating", -0.25, [1, 0], [1, None], [0.75, None]),
    "rotated-box-2d": ("separated", 2.5 - R2, [1, 0], [R2, 0], [2.5, 0]),
    # OBJ hulls (testdata/obj-cli.json, meshes from tools/gen_meshes.py)
    "obj-cube-sphere": ("separated", 0.5, [1, 0, 0], [0.5, 0, 0], [1, 0, 0]),
    # object "right" of parts.obj: the cube at x = 2
    "obj-object": ("separated", 1.5, [0, 0, 1], [2, 0, 0.5], [2, 0, 2]),
    # group "bottom": the bottom faces of both cubes, a flat hull at z = -0.5
    "obj-group": ("separated", 1, [0, 0, -1], [0, 0, -0.5], [0, 0, -1.5]),
    # the south pole of the UV sphere, 0.5 above the box's top
    "obj-sphere50k": ("separated", 0.5, [0, 0, -1], [0, 0, -1], [0, 0, -1.5]),
    # a point twice as far out as the icosahedron's first vertex
    "obj-icosphere0": ("separated", 1, ICO0, ICO0, [2 * c for c in ICO0]),
    # the hull's face x + y = 3 cuts off the L's inner corner
    "obj-lshape": ("separated", R2 / 2, [1 / R2, 1 / R2, 0], [1.5, 1.5, 0.5],
                   [2, 2, 0.5]),
    # the vertical edge of the 16-gon prism at angle 0
    "obj-cylinder": ("separated", 1, [1, 0, 0], [1, 0, 0], [2, 0, 0]),
    "obj-margin-rotated": ("separated", 1, [0, 0, 1], [0, 0, 0.75],
                           [0, 0, 1.75]),
    # icosphere level 1 has a vertex at the pole (0, 0, 1)
    "obj-both": ("separated", 1.5, [0, 0, 1], [0, 0, 1], [0, 0, 2.5]),
    # the tetrahedron's face x + y + z = 1
    "obj-features": ("separated", 2 / math.sqrt(3), [S3, S3, S3],
                     [1 / 3, 1 / 3, 1 / 3], [1, 1, 1]),
    "obj-duplicates": ("separated", 1, [0, 1, 0], [0, -1.5, 0], [0, -0.5, 0]),
    "ok": ("separated", 1.5, [0, 0, 1], [0, 0, 0.5], [0, 0, 2]),
    "ok-again": ("separated", 1.5, [0, 0, 1], [0, 0, 0.5], [0, 0, 2]),
}

# The golden cases run with the default --contacts.
MAX_CONTACTS = 4


def corners(x_a, x_b, ys, zs=None):
    """Contacts (point_a, point_b) at the corners of an overlap rectangle
    (a segment in 2D) of faces normal to x, at x_a on A and x_b on B."""
    if zs is None:
        return [([x_a, y], [x_b, y]) for y in ys]
    return [([x_a, y, z], [x_b, y, z]) for y in ys for z in zs]


# id: the contact patch, worked out by hand, in any order; every other id
# of EXPECTED touches at one point, the result's own.
PATCHES = {
    # B's face x = 0.25 within A's face x = 0.5: the square |y|, |z| <= 0.5
    "unit-boxes": corners(0.5, 0.25, (-0.5, 0.5), (-0.5, 0.5)),
    # B (side 1) against A's face x = 1: the whole of B's face x = 0.75
    "boxes": corners(1, 0.75, (-0.5, 0.5), (-0.5, 0.5)),
    # the same in 2D: B's edge, |y| <= 0.5
    "boxes-2d": corners(1, 0.75, (-0.5, 0.5)),
    # B's top face [0.15, 0.65] x [0.05, 0.55] cut by x + y <= 1: a pentagon
    # (4 of its 5 corners by default)
    "tetra-box": [([x, y, 0], [x, y, 0.45]) for x, y in
                  ((0.15, 0.05), (0.65, 0.05), (0.65, 0.35), (0.45, 0.55),
                   (0.15, 0.55))],
}

# id: the notes a result must carry (none when not listed).
NOTES = {
    "obj-group": ["a: all points on one plane: the hull is flat"],
    "obj-lshape": ["a: non-convex mesh, its convex hull is used"],
    "obj-duplicates": ["b: 16 duplicate vertices ignored"],
}

TOL = 1e-12
failures = []


def fail(rid, msg):
    failures.append("%s: %s" % (rid, msg))


def close(a, b, scale=1.0):
    return abs(a - b) <= TOL * max(1.0, abs(b), scale)


def shortest(v):
    """The number text the contract asks for."""
    if v == 0:
        return "0"
    for prec in (15, 16, 17):
        s = "%.*g" % (prec, v)
        if float(s) == v:
            return s
    return s


def check_text(rid, text):
    if text != shortest(float(text)):
        fail(rid, "number %s should be written %s" % (text, shortest(float(text))))


def quat_rotate(q, v):
    w, x, y, z = q
    n = math.sqrt(w * w + x * x + y * y + z * z)
    w, x, y, z = w / n, x / n, y / n, z / n
    # v + 2 w (u x v) + 2 u x (u x v), u = (x, y, z)
    ux = (y * v[2] - z * v[1], z * v[0] - x * v[2], x * v[1] - y * v[0])
    uux = (y * ux[2] - z * ux[1], z * ux[0] - x * ux[2], x * ux[1] - y * ux[0])
    return [v[i] + 2 * w * ux[i] + 2 * uux[i] for i in range(3)]


def to_world(shape, dim, local):
    pos = shape.get("position", [0] * dim)
    if dim == 3:
        r = quat_rotate(shape.get("rotation", [1, 0, 0, 0]), local)
    else:
        a = shape.get("rotation", 0)
        r = [math.cos(a) * local[0] - math.sin(a) * local[1],
             math.sin(a) * local[0] + math.cos(a) * local[1]]
    return [r[i] + pos[i] for i in range(dim)]


def expected_patch(rid):
    if rid in PATCHES:
        return PATCHES[rid]
    _, _, _, pa, pb = EXPECTED[rid]
    return [(pa, pb)]


def check_contacts(rec, pair, dim, scale):
    """The contacts of a JSON record: the patch of PATCHES (or the result's
    one point) and the invariants of every contact."""
    rid, n, contacts = rec["id"], rec["normal"], rec["contacts"]
    if not 1 <= len(contacts) <= (MAX_CONTACTS if dim == 3 else 2):
        fail(rid, "%d contacts" % len(contacts))
        return
    if contacts[0]["distance"] != rec["distance"]:
        fail(rid, "the first contact's distance %r is not the result's %r"
             % (contacts[0]["distance"], rec["distance"]))
    for k, c in enumerate(contacts, 1):
        if any(len(c[v]) != dim for v in ("point_a", "point_b", "local_a",
                                          "local_b")):
            fail(rid, "contact %d: vectors of the wrong length" % k)
            continue
        if c["distance"] < rec["distance"] - TOL * scale:
            fail(rid, "contact %d: distance %r below the result's %r"
                 % (k, c["distance"], rec["distance"]))
        if any(not close(c["point_b"][i] - c["point_a"][i],
                         c["distance"] * n[i], scale) for i in range(dim)):
            fail(rid, "contact %d: point_b - point_a is not distance * normal"
                 % k)
        if pair is not None:
            for side in ("a", "b"):
                world = to_world(pair[side], dim, c["local_" + side])
                if any(not close(world[i], c["point_" + side][i], scale)
                       for i in range(dim)):
                    fail(rid, "contact %d: local_%s does not map to point_%s"
                         % (k, side, side))
    want = expected_patch(rid)
    got = [(c["point_a"], c["point_b"]) for c in contacts]
    left = list(want)
    for pa, pb in got:
        match = [w for w in left
                 if all(x is None or close(g, x, scale)
                        for g, x in zip(pa + pb, w[0] + w[1]))]
        if not match:
            fail(rid, "contact %r, %r is not in the patch %r" % (pa, pb, want))
            return
        left.remove(match[0])
    if len(want) <= MAX_CONTACTS and left:
        fail(rid, "contacts %r, expected %r" % (got, want))
    if len(want) > MAX_CONTACTS and len(got) != MAX_CONTACTS:
        fail(rid, "%d contacts of the patch's %d, expected %d"
             % (len(got), len(want), MAX_CONTACTS))


def check_record(rec, pair, dim):
    rid = rec["id"]
    if rec["status"] == "error":
        return
    if rid not in EXPECTED:
        fail(rid, "no hand-derived values for this id")
        return
    state, dist, normal, pa, pb = EXPECTED[rid]
    if rec.get("notes", []) != NOTES.get(rid, []):
        fail(rid, "notes %r, expected %r" % (rec.get("notes", []),
                                             NOTES.get(rid, [])))
    if len(normal) != dim:
        fail(rid, "dimension %d, expected %d" % (dim, len(normal)))
        return
    scale = max(abs(c) for c in rec["point_a"] + rec["point_b"])
    if rec["state"] != state:
        fail(rid, "state %s, expected %s" % (rec["state"], state))
    if rec["intersecting"] != (state != "separated"):
        fail(rid, "intersecting is wrong")
    if not close(rec["distance"], dist):
        fail(rid, "distance %r, expected %r" % (rec["distance"], dist))
    if rec["depth"] != max(0.0, -rec["distance"]):
        fail(rid, "depth %r is not max(0, -distance)" % rec["depth"])
    for name, want in (("normal", normal), ("point_a", pa), ("point_b", pb)):
        got = rec[name]
        if len(got) != dim or any(w is not None and not close(g, w, scale)
                                  for g, w in zip(got, want)):
            fail(rid, "%s %r, expected %r" % (name, got, want))
    n = rec["normal"]
    if not close(math.sqrt(sum(c * c for c in n)), 1):
        fail(rid, "normal is not a unit vector")
    for i in range(dim):
        gap = rec["point_b"][i] - rec["point_a"][i]
        if not close(gap, rec["distance"] * n[i], scale):
            fail(rid, "point_b - point_a is not distance * normal")
    t = rec["tangents"]
    if dim == 2:
        if len(t) != 1 or not (close(t[0][0], -n[1]) and close(t[0][1], n[0])):
            fail(rid, "tangent is not the normal turned by +90 degrees")
    else:
        t1, t2 = t
        cross = [t1[1] * t2[2] - t1[2] * t2[1], t1[2] * t2[0] - t1[0] * t2[2],
                 t1[0] * t2[1] - t1[1] * t2[0]]
        if not all(close(cross[i], n[i]) for i in range(3)) or \
                not close(sum(a * b for a, b in zip(t1, t2)), 0):
            fail(rid, "tangents are not a right-handed basis with the normal")
    if pair is not None:
        for side in ("a", "b"):
            world = to_world(pair[side], dim, rec["local_" + side])
            if any(not close(world[i], rec["point_" + side][i], scale)
                   for i in range(dim)):
                fail(rid, "local_%s does not map to point_%s" % (side, side))
    if "contacts" in rec:
        check_contacts(rec, pair, dim, scale)
    elif rec.get("contact_count") != len(expected_patch(rid)):
        fail(rid, "contact_count %r, expected %d" % (rec.get("contact_count"),
                                                     len(expected_patch(rid))))


def raw_numbers(text):
    """Parses JSON, checking the text of every number on the way."""
    def number(s):
        check_text("number", s)
        return float(s)
    return json.loads(text, parse_float=number, parse_int=number)


def read_inputs(path):
    """The pairs of an input file; None when it is not valid as a whole."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text.lstrip().startswith("["):
        try:
            return json.loads(text)
        except ValueError:
            return None
    pairs = []
    for line in text.splitlines():
        if line.strip():
            try:
                pairs.append(json.loads(line))
            except ValueError:
                pairs.append(None)
    return pairs


def csv_records(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    out = []
    for row in rows:
        for k, v in row.items():
            if v and k not in ("id", "status", "state", "intersecting",
                               "warning", "error_code", "error_message",
                               "notes"):
                check_text(row["id"], v)
        rec = {"id": row["id"], "status": row["status"]}
        if row["status"] == "error" and row["contact_count"]:
            fail(row["id"], "an error row with a contact_count")
        if row.get("notes"):
            rec["notes"] = row["notes"].split("; ")
        if row["status"] != "error":
            dim = int(row["dim"])
            rec.update(state=row["state"],
                       intersecting=row["intersecting"] == "true",
                       distance=float(row["distance"]),
                       depth=float(row["depth"]),
                       normal=[float(row[k]) for k in ("nx", "ny", "nz")])
            for k in ("point_a", "point_b", "local_a", "local_b"):
                rec[k] = [float(row[k + "_" + c]) for c in "xyz"]
            count = row["contact_count"]
            rec["contact_count"] = int(count) if count.isdigit() else count
            t1 = [float(row[k]) for k in ("t1x", "t1y", "t1z")]
            if dim == 2:
                for k in ("normal", "point_a", "point_b", "local_a", "local_b"):
                    if rec[k][2] != 0:
                        fail(row["id"], "2D row with z != 0 in " + k)
                    rec[k] = rec[k][:2]
                rec["tangents"] = [t1[:2]]
                if any(row[k] for k in ("t2x", "t2y", "t2z")):
                    fail(row["id"], "2D row with a second tangent")
            else:
                rec["tangents"] = [t1, [float(row[k]) for k in ("t2x", "t2y", "t2z")]]
        out.append(rec)
    return out


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    fmt, out_path = sys.argv[1], sys.argv[2]
    pairs = read_inputs(sys.argv[3]) if len(sys.argv) == 4 else None
    if fmt == "csv":
        records = csv_records(out_path)
    else:
        with open(out_path, encoding="utf-8") as f:
            text = f.read()
        if fmt == "json":
            records = raw_numbers(text)
        else:
            records = [raw_numbers(line) for line in text.splitlines()]
    if pairs is not None and len(pairs) != len(records):
        fail("-", "%d records for %d pairs" % (len(records), len(pairs)))
        pairs = None
    checked = 0
    for i, rec in enumerate(records):
        pair = pairs[i] if pairs is not None else None
        dim = len(rec["normal"]) if "normal" in rec else 0
        check_record(rec, pair, dim)
        checked += rec["status"] != "error"
    for f in failures:
        print("check: %s: %s" % (out_path, f))
    if failures:
        sys.exit(1)
    print("check: %s: %d results match the hand-derived values" %
          (out_path, checked))


if __name__ == "__main__":
    main()
