"""Small helpers shared by several converters (convert_*.py).

Shape constructors here follow FCL's and Coal's conventions: a box by its
full side lengths, a capsule or cylinder by its radius and full length
along local z, all placed by an optional position and quaternion
(w, x, y, z), which is left out when it is the identity.  Lists of numbers
are written as floats with -0.0 folded to 0.0.
"""

import os
import sys

import geom
import refgeom

ID = [1.0, 0.0, 0.0, 0.0]
SUITES = os.path.normpath(os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "testdata",
    "suites"))

# ----------------------------------------------------------------- shapes


def fl(v):
    """The numbers of v as floats, -0.0 as 0.0."""
    return [float(x) + 0.0 for x in v]


def placed(s, pos=None, q=None, margin=None):
    """Shape s at position pos, turned by q, with an optional margin."""
    if pos is not None:
        s["position"] = fl(pos)
    if q is not None and list(q) != ID:
        s["rotation"] = fl(q)
    if margin:
        s["margin"] = float(margin)
    return s


def box(full, pos=None, q=None):
    """A box of full side lengths full."""
    return placed({"type": "box", "half_extents": [x / 2.0 for x in full]},
                  pos, q)


def sphere(r, pos=None, margin=None):
    return placed({"type": "sphere", "radius": float(r)}, pos, None, margin)


def capsule(r, length, pos=None, q=None):
    """A capsule of radius r whose segment is length long."""
    return placed({"type": "capsule", "radius": float(r),
                   "half_height": length / 2.0}, pos, q)


def cylinder(r, length, pos=None, q=None):
    """A cylinder of radius r, length long."""
    return placed({"type": "cylinder", "radius": float(r),
                   "half_height": length / 2.0}, pos, q)


def hull(points, pos=None, q=None):
    return placed({"type": "hull", "points": [fl(p) for p in points]}, pos, q)


def xf(q, t, p):
    """The point p carried by the pose (q, t)."""
    return geom.add(t, geom.mat_vec(geom.quat_matrix(q), p))

# ------------------------------------------------------------ expectations


def exp(d, n=None, pa=None, pb=None):
    """geom.expect of distance d, the unique normal n and points pa, pb."""
    return geom.expect(d, [fl(n)] if n is not None else None,
                       (fl(pa), fl(pb)) if pa is not None else None)


def with_patch(e, pas, d, n):
    """The patch: points on A, each carried d along n onto B."""
    e["contact_count"] = len(pas)
    e["contacts"] = [{"point_a": fl(p),
                      "point_b": fl(geom.add(p, geom.mul(n, d))),
                      "distance": e["distance"]} for p in pas]
    return e

# ------------------------------------------------------------------ output


def out_path(name):
    """The output file: the first argument, else testdata/suites/name."""
    return sys.argv[1] if len(sys.argv) > 1 else os.path.join(SUITES, name)


def problems(bad, suite):
    """Prints and returns the count of cross-check problems."""
    print("cross-check problems: %d of %d cases" % (bad, len(suite.cases)))
    return bad


def write(suite, out):
    """Writes the suite to out and says how many cases it holds."""
    suite.write(out)
    print("%s: %d cases" % (out, len(suite.cases)))


def write_lines(lines, name, extra=""):
    """Writes case lines (refgeom's) to out_path(name) and says how many,
    with an optional remark."""
    out = out_path(name)
    refgeom.write_cases(out, lines)
    print(len(lines), "cases ->", out, *([extra] if extra else []))
