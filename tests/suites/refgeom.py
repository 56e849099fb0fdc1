"""Reference geometry for the converted suites (testdata/suites/*.ndjson).

An oracle independent of mink's GJK/EPA: the signed distance of two convex
shapes is max over unit n of g(n) = min_B n.x - max_A n.x (positive: apart,
negative: minus the penetration depth), and its maximiser is the normal from
A to B.  For polytopes swept by a sphere (points, segments, triangles, boxes,
hulls, spheres, capsules; circles and 2D capsules) the maximiser lies in a
finite candidate set, so the search is exact:
  - facet normals of A - B: cross products of edge directions of A and B
    (in 2D: perpendiculars of the edge directions),
  - directions towards the closest point of A - B when apart: its vertices
    a_i - b_j and the feet of the origin on its edge lines.
A radius r on a side shifts g by -r everywhere, so it only moves the value and
the witness points.  Smooth shapes without a polytope core (ellipsoid,
cylinder, cone) are left to the converters, which derive those cases by hand.
"""

import json
import math
from fractions import Fraction

# ---------------------------------------------------------------- vectors


def add(a, b):
    return [x + y for x, y in zip(a, b)]


def sub(a, b):
    return [x - y for x, y in zip(a, b)]


def scale(a, s):
    return [x * s for x in a]


def dot(a, b):
    return math.fsum(x * y for x, y in zip(a, b))


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def norm(a):
    return math.sqrt(dot(a, a))


def unit(a):
    n = norm(a)
    return [x / n for x in a]


def quat_normalize(q):
    n = math.sqrt(sum(x * x for x in q))
    return [x / n for x in q]


def quat_rotate(q, v):
    w, x, y, z = quat_normalize(q)
    # R from a unit quaternion
    r = [[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
         [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
         [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]]
    return [math.fsum(r[i][k] * v[k] for k in range(3)) for i in range(3)]


def quat_mul(a, b):
    w1, x1, y1, z1 = a
    w2, x2, y2, z2 = b
    return [w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2,
            w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
            w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
            w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2]


def quat_axis_angle(axis, angle):
    ax = unit(axis)
    s = math.sin(angle / 2)
    return [math.cos(angle / 2), ax[0] * s, ax[1] * s, ax[2] * s]


def mat_to_quat(m):
    """Row-major 3x3 rotation matrix (9 numbers) to a unit quaternion [w,x,y,z]."""
    m00, m01, m02, m10, m11, m12, m20, m21, m22 = m
    tr = m00 + m11 + m22
    if tr > 0:
        s = math.sqrt(tr + 1.0) * 2
        q = [0.25 * s, (m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s]
    elif m00 > m11 and m00 > m22:
        s = math.sqrt(1.0 + m00 - m11 - m22) * 2
        q = [(m21 - m12) / s, 0.25 * s, (m01 + m10) / s, (m02 + m20) / s]
    elif m11 > m22:
        s = math.sqrt(1.0 + m11 - m00 - m22) * 2
        q = [(m02 - m20) / s, (m01 + m10) / s, 0.25 * s, (m12 + m21) / s]
    else:
        s = math.sqrt(1.0 + m22 - m00 - m11) * 2
        q = [(m10 - m01) / s, (m02 + m20) / s, (m12 + m21) / s, 0.25 * s]
    q = quat_normalize(q)
    if q[0] < 0:
        q = [-x for x in q]
    return q


def rot2(angle, v):
    c, s = math.cos(angle), math.sin(angle)
    return [c * v[0] - s * v[1], s * v[0] + c * v[1]]


# ---------------------------------------------------------------- shapes


class Core:
    """A shape as the convex hull of `verts` (world space) swept by `radius`."""

    def __init__(self, verts, radius, bound):
        self.verts = dedupe(verts)
        self.radius = radius
        self.bound = bound  # bounding radius about the shape's position


def dedupe(pts):
    out = []
    for p in pts:
        if not any(all(x == y for x, y in zip(p, q)) for q in out):
            out.append(list(p))
    return out


def core_of(shape, dim):
    t = shape["type"]
    pos = shape.get("position", [0.0] * dim)
    margin = shape.get("margin", 0.0)
    if dim == 3:
        rot = shape.get("rotation", [1.0, 0.0, 0.0, 0.0])

        def w(v):
            return add(quat_rotate(rot, v), pos)
    else:
        ang = shape.get("rotation", 0.0)

        def w(v):
            return add(rot2(ang, v), pos)
    r = margin
    if t in ("sphere", "circle"):
        local = [[0.0] * dim]
        r += shape["radius"]
    elif t == "point":
        local = [[0.0] * dim]
    elif t == "box":
        h = shape["half_extents"]
        if dim == 3:
            local = [[sx * h[0], sy * h[1], sz * h[2]] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
        else:
            local = [[sx * h[0], sy * h[1]] for sx in (-1, 1) for sy in (-1, 1)]
    elif t == "capsule":
        hh = shape["half_height"]
        local = [[0.0, 0.0, -hh], [0.0, 0.0, hh]] if dim == 3 else [[0.0, -hh], [0.0, hh]]
        r += shape["radius"]
    elif t in ("segment", "triangle", "hull", "polygon"):
        local = [list(map(float, p)) for p in shape["points"]]
    else:
        raise NotImplementedError(t)
    verts = [w(v) for v in local]
    bound = max(norm(v) for v in local) + r
    return Core(verts, r, bound)


def bound_of(shape, dim):
    t = shape["type"]
    m = shape.get("margin", 0.0)
    if t in ("cylinder", "cone"):
        return math.hypot(shape["radius"], shape["half_height"]) + m
    if t == "ellipsoid":
        return max(shape["radii"]) + m
    return core_of(shape, dim).bound


def pair_size(pair):
    """Sum of the bounding radii plus the distance between the positions."""
    dim = pair.get("dim", 3)
    pa = pair["a"].get("position", [0.0] * dim)
    pb = pair["b"].get("position", [0.0] * dim)
    return bound_of(pair["a"], dim) + bound_of(pair["b"], dim) + norm(sub(pb, pa))


# ---------------------------------------------------------------- oracle


def angle(a, b):
    """Angle between two vectors, accurate near 0 (unlike acos of a dot)."""
    if len(a) == 2:
        a, b = a + [0.0], b + [0.0]
    return math.atan2(norm(cross(a, b)), dot(a, b))


def support_val(verts, n):
    return max(dot(v, n) for v in verts)


def directions(verts, dim):
    """Distinct edge directions between the vertices (unit, canonical sign)."""
    out = []
    for i in range(len(verts)):
        for j in range(i + 1, len(verts)):
            d = sub(verts[j], verts[i])
            if norm(d) == 0:
                continue
            d = unit(d)
            for k in range(dim):
                if d[k] != 0:
                    if d[k] < 0:
                        d = [-x for x in d]
                    break
            if not any(norm(sub(d, e)) < 1e-12 for e in out):
                out.append(d)
    return out


def g_value(A, B, n):
    nb = [-x for x in n]
    return -support_val(A.verts, n) - support_val(B.verts, nb) - A.radius - B.radius


def candidates(A, B, dim):
    dirs = directions(A.verts, dim) + directions(B.verts, dim)
    cand = []
    if dim == 3:
        for i in range(len(dirs)):
            for j in range(i + 1, len(dirs)):
                c = cross(dirs[i], dirs[j])
                if norm(c) > 1e-300:
                    c = unit(c)
                    cand.append(c)
                    cand.append([-x for x in c])
    else:
        for d in dirs:
            c = [-d[1], d[0]]
            cand.append(c)
            cand.append([-x for x in c])
    # directions towards the closest point of A - B when apart
    for a in A.verts:
        for b in B.verts:
            c = sub(a, b)
            if norm(c) > 0:
                cand.append(scale(unit(c), -1.0))
            for d in dirs:
                f = sub(c, scale(d, dot(c, d)))
                if norm(f) > 0:
                    cand.append(scale(unit(f), -1.0))
    if not cand:  # two coincident points
        cand.append([1.0] + [0.0] * (dim - 1))
    return cand


def support_set(verts, n, eps):
    m = support_val(verts, n)
    return [v for v in verts if dot(v, n) >= m - eps]


def closest_seg_seg(p1, q1, p2, q2):
    """Closest points of two non-degenerate, non-parallel segments (exact enough)."""
    d1, d2, r = sub(q1, p1), sub(q2, p2), sub(p1, p2)
    a, e, f = dot(d1, d1), dot(d2, d2), dot(d2, r)
    c, b = dot(d1, r), dot(d1, d2)
    den = a * e - b * b
    s = min(1.0, max(0.0, (b * f - c * e) / den))
    t = (b * s + f) / e
    if t < 0:
        t, s = 0.0, min(1.0, max(0.0, -c / a))
    elif t > 1:
        t, s = 1.0, min(1.0, max(0.0, (b - c) / a))
    return add(p1, scale(d1, s)), add(p2, scale(d2, t))


def solve(pair, eps_rel=1e-9, angle_eps=1e-6):
    """Signed distance, normal (or None when not unique), witness points (or
    None when not unique) of a pair of polytope-cored shapes."""
    dim = pair.get("dim", 3)
    A, B = core_of(pair["a"], dim), core_of(pair["b"], dim)
    size = pair_size(pair)
    eps = eps_rel * size
    best, bn = -math.inf, None
    vals = []
    for n in candidates(A, B, dim):
        g = g_value(A, B, n)
        vals.append((g, n))
        if g > best:
            best, bn = g, n
    sd = best
    # normal uniqueness: apart -> always unique; overlapping -> no other facet ties
    normal = bn
    core_sd = sd + A.radius + B.radius
    if core_sd <= eps:  # apart cores have one pair of closest points
        for g, n in vals:
            if g >= sd - eps and angle(n, bn) > angle_eps:
                normal = None
                break
        if len(A.verts) == 1 and len(B.verts) == 1 and A.verts[0] == B.verts[0]:
            normal = None  # coincident centres: every direction is as good
    pa = pb = None
    if normal is not None:
        n = normal
        SA = support_set(A.verts, n, eps)
        SB = support_set(B.verts, [-x for x in n], eps)
        ca = cb = None
        if len(SA) == 1:
            ca = SA[0]
            cb = add(ca, scale(n, core_sd))
        elif len(SB) == 1:
            cb = SB[0]
            ca = sub(cb, scale(n, core_sd))
        elif dim == 3 and len(SA) == 2 and len(SB) == 2:
            da, db = unit(sub(SA[1], SA[0])), unit(sub(SB[1], SB[0]))
            if norm(cross(da, db)) > 1e-9:
                ca, cb = closest_seg_seg(SA[0], SA[1], SB[0], SB[1])
        if ca is not None:
            pa = add(ca, scale(n, A.radius))
            pb = sub(cb, scale(n, B.radius))
    return {"distance": sd, "normal": normal, "point_a": pa, "point_b": pb, "size": size}


def expect_from(pair, touching_exact=False, points=True, normal=True):
    """An `expect` object from the oracle.  `touching_exact`: the pair touches
    exactly by construction (so the state is certain)."""
    r = solve(pair)
    e = {}
    sd = r["distance"]
    eps = 1e-11 * r["size"]  # far above the oracle's rounding, far below mink's tolerance
    if touching_exact:
        e["state"] = "touching"
        e["intersecting"] = True
        e["distance"] = 0.0
    else:
        if sd > eps:
            e["state"], e["intersecting"] = "separated", False
        elif sd < -eps:
            e["state"], e["intersecting"] = "penetrating", True
        e["distance"] = clean(sd)
    if normal and r["normal"] is not None:
        e["normal"] = [clean(x) for x in r["normal"]]
        if points and r["point_a"] is not None:
            e["point_a"] = [clean(x) for x in r["point_a"]]
            e["point_b"] = [clean(x) for x in r["point_b"]]
    return e


def clean(x):
    """Round away the last-bit noise of values that are exactly simple."""
    if abs(x) < 1e-15:
        return 0.0
    r = round(x, 12)
    if abs(r - x) < 1e-15 * max(1.0, abs(x)):
        return r
    return x


# ---------------------------------------------------------------- output


def case_line(source, case, pair, expect, note=None):
    rec = {"source": source, "case": case, "pair": pair, "expect": expect}
    if note:
        rec["note"] = note
    return json.dumps(rec, separators=(", ", ": "))


def write_cases(path, lines):
    ids = set()
    for ln in lines:
        pid = json.loads(ln)["pair"]["id"]
        if pid in ids:
            raise ValueError("duplicate id " + pid)
        ids.add(pid)
    with open(path, "w") as f:
        for ln in lines:
            f.write(ln + "\n")


# ---------------------------------------------------------------- smooth shapes


def ellipsoid_support(center, rot, radii, margin=0.0):
    """Support point function of an ellipsoid (radii along the local axes of
    the unit quaternion `rot`) swept by `margin`."""

    def s(n):
        ln = quat_rotate([rot[0], -rot[1], -rot[2], -rot[3]], n)  # into the local frame
        m = [r * r * x for r, x in zip(radii, ln)]
        k = math.sqrt(math.fsum(r * r * x * x for r, x in zip(radii, ln)))
        p = quat_rotate(rot, [x / k for x in m])
        return add(add(center, p), scale(unit(n), margin))
    return s


def solve_smooth(sa, sb, seeds=3000):
    """Signed distance and normal of two strictly convex smooth shapes given by
    their support point functions: the maximiser of g(n) = n.sB(-n) - n.sA(n)
    over unit n, where the support point p(n) = sA(n) - sB(-n) of A - B is
    parallel to n.  Global: the best of `seeds` spread directions, then Newton
    on the tangential part of p(n)."""

    def g(n):
        return dot(n, sb([-x for x in n])) - dot(n, sa(n))

    best = []
    ga = math.pi * (3 - math.sqrt(5))
    for i in range(seeds):
        z = 1 - 2 * (i + 0.5) / seeds
        r = math.sqrt(1 - z * z)
        n = [r * math.cos(ga * i), r * math.sin(ga * i), z]
        best.append((g(n), n))
    best.sort(key=lambda t: -t[0])
    results = []
    for _, n0 in best[:8]:
        n = n0
        for _ in range(60):
            # tangent basis
            a = [1.0, 0.0, 0.0] if abs(n[0]) < 0.9 else [0.0, 1.0, 0.0]
            u = unit(cross(n, a))
            v = cross(n, u)

            def resid(x, y):
                m = unit(add(n, add(scale(u, x), scale(v, y))))
                p = sub(sa(m), sb([-c for c in m]))
                q = sub(p, scale(m, dot(p, m)))  # the part of p across m
                return [dot(q, u), dot(q, v)], m
            r0, _ = resid(0.0, 0.0)
            h = 1e-7
            r1, _ = resid(h, 0.0)
            r2, _ = resid(0.0, h)
            j = [[(r1[0] - r0[0]) / h, (r2[0] - r0[0]) / h], [(r1[1] - r0[1]) / h, (r2[1] - r0[1]) / h]]
            det = j[0][0] * j[1][1] - j[0][1] * j[1][0]
            if det == 0:
                break
            dx = -(j[1][1] * r0[0] - j[0][1] * r0[1]) / det
            dy = -(-j[1][0] * r0[0] + j[0][0] * r0[1]) / det
            step = math.hypot(dx, dy)
            if step > 0.2:
                dx, dy = dx * 0.2 / step, dy * 0.2 / step
            n = unit(add(n, add(scale(u, dx), scale(v, dy))))
            if step < 1e-15:
                break
        results.append((g(n), n))
    results.sort(key=lambda t: -t[0])
    return results
