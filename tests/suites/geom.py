"""Independent geometry for the suite converters (python3, stdlib only).

Rotations as quaternions [w, x, y, z]; shapes as mink input records.
Two oracles:
  box_box(A, B)   exact signed distance of two boxes: separating axes
                  (face normals and edge crosses) when they overlap, the
                  closest vertex-face and edge-edge features when apart;
  support_min(A, B)  signed distance of any two convex shapes as
                  -min over unit m of h_(B-A)(m), found by sampling the
                  sphere and refining with a pattern search (numerical:
                  good to about 1e-9 of the size).
"""
import math

# ---------------------------------------------------------------- vectors


def add(a, b):
    return [x + y for x, y in zip(a, b)]


def sub(a, b):
    return [x - y for x, y in zip(a, b)]


def mul(a, s):
    return [x * s for x in a]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0]]


def norm(a):
    return math.sqrt(dot(a, a))


def unit(a):
    n = norm(a)
    return [x / n for x in a]

# ------------------------------------------------------------ quaternions


def quat_axis_angle(axis, angle):
    ax = unit(axis)
    s = math.sin(angle / 2)
    return [math.cos(angle / 2), ax[0] * s, ax[1] * s, ax[2] * s]


def quat_mul(p, q):
    pw, px, py, pz = p
    qw, qx, qy, qz = q
    return [pw * qw - px * qx - py * qy - pz * qz,
            pw * qx + px * qw + py * qz - pz * qy,
            pw * qy - px * qz + py * qw + pz * qx,
            pw * qz + px * qy - py * qx + pz * qw]


def quat_matrix(q):
    w, x, y, z = q
    n = w * w + x * x + y * y + z * z
    w, x, y, z = (c / math.sqrt(n) for c in q)
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]]


def matrix_quat(R):
    """Unit quaternion [w,x,y,z] of a rotation matrix (Shepperd's method)."""
    t = R[0][0] + R[1][1] + R[2][2]
    if t > 0:
        s = math.sqrt(t + 1) * 2
        q = [0.25 * s, (R[2][1] - R[1][2]) / s, (R[0][2] - R[2][0]) / s,
             (R[1][0] - R[0][1]) / s]
    elif R[0][0] > R[1][1] and R[0][0] > R[2][2]:
        s = math.sqrt(1 + R[0][0] - R[1][1] - R[2][2]) * 2
        q = [(R[2][1] - R[1][2]) / s, 0.25 * s, (R[0][1] + R[1][0]) / s,
             (R[0][2] + R[2][0]) / s]
    elif R[1][1] > R[2][2]:
        s = math.sqrt(1 + R[1][1] - R[0][0] - R[2][2]) * 2
        q = [(R[0][2] - R[2][0]) / s, (R[0][1] + R[1][0]) / s, 0.25 * s,
             (R[1][2] + R[2][1]) / s]
    else:
        s = math.sqrt(1 + R[2][2] - R[0][0] - R[1][1]) * 2
        q = [(R[1][0] - R[0][1]) / s, (R[0][2] + R[2][0]) / s,
             (R[1][2] + R[2][1]) / s, 0.25 * s]
    if q[0] < 0:
        q = [-c for c in q]
    return q


def mat_vec(R, v):
    return [dot(r, v) for r in R]


def mat_t_vec(R, v):
    return [R[0][i] * v[0] + R[1][i] * v[1] + R[2][i] * v[2] for i in range(3)]


def mat_mul(A, B):
    return [[sum(A[i][k] * B[k][j] for k in range(3)) for j in range(3)]
            for i in range(3)]

# ----------------------------------------------------------------- shapes


def pose(s):
    p = s.get("position", [0.0, 0.0, 0.0])
    R = quat_matrix(s.get("rotation", [1.0, 0.0, 0.0, 0.0]))
    return p, R


def local_support_value(s, d):
    """max over the shape (in its frame, margin left out) of x . d."""
    t = s["type"]
    if t == "sphere":
        return s["radius"] * norm(d)
    if t == "box":
        return sum(abs(di) * ei for di, ei in zip(d, s["half_extents"]))
    if t == "capsule":
        return s["half_height"] * abs(d[2]) + s["radius"] * norm(d)
    if t == "cylinder":
        return s["radius"] * math.hypot(d[0], d[1]) + s["half_height"] * abs(d[2])
    if t == "cone":
        h, r = s["half_height"], s["radius"]
        return max(h * d[2], -h * d[2] + r * math.hypot(d[0], d[1]))
    if t == "ellipsoid":
        return math.sqrt(sum((r * di) ** 2 for r, di in zip(s["radii"], d)))
    if t == "point":
        return 0.0
    if t in ("segment", "triangle", "hull"):
        return max(dot(p, d) for p in s["points"])
    raise ValueError(t)


def support_value(s, d):
    p, R = pose(s)
    return dot(p, d) + local_support_value(s, mat_t_vec(R, d)) + \
        s.get("margin", 0) * norm(d)


def bounding_radius(s):
    t = s["type"]
    m = s.get("margin", 0)
    if t == "sphere":
        return s["radius"] + m
    if t == "box":
        return norm(s["half_extents"]) + m
    if t == "capsule":
        return s["radius"] + s["half_height"] + m
    if t in ("cylinder", "cone"):
        return math.hypot(s["radius"], s["half_height"]) + m
    if t == "ellipsoid":
        return max(s["radii"]) + m
    if t == "point":
        return m
    return max(norm(p) for p in s["points"]) + m


def pair_size(a, b):
    pa = a.get("position", [0, 0, 0])
    pb = b.get("position", [0, 0, 0])
    return bounding_radius(a) + bounding_radius(b) + norm(sub(pa, pb))

# ---------------------------------------------------- support-function oracle


def _sph(theta, phi):
    return [math.sin(theta) * math.cos(phi), math.sin(theta) * math.sin(phi),
            math.cos(theta)]


def _frame(m):
    a = [1.0, 0, 0] if abs(m[0]) < 0.6 else [0, 1.0, 0]
    u = unit(cross(m, a))
    return u, cross(m, u)


def _refine(f, m, step=0.05, dirs=24):
    fm = f(m)
    k = 0
    while step > 1e-14:
        u, v = _frame(m)
        best = None
        off = (k * 0.618034) % 1.0
        for i in range(dirs):
            ang = 2 * math.pi * (i + off) / dirs
            c, s = math.cos(ang) * step, math.sin(ang) * step
            cand = unit([m[j] + c * u[j] + s * v[j] for j in range(3)])
            fc = f(cand)
            if fc < fm and (best is None or fc < best[0]):
                best = (fc, cand)
        k += 1
        if best:
            fm, m = best
            step *= 1.5
        else:
            step *= 0.5
    return fm, m


def _kink_curves(s, sign):
    """Curves of directions m where h_s(sign * m) has a ridge:
    (axis, cos of the angle from it) -- great circles have cos 0."""
    _, R = pose(s)
    cols = [[R[0][j], R[1][j], R[2][j]] for j in range(3)]
    t = s["type"]
    if t == "box":
        return [(c, 0.0) for c in cols]
    if t in ("cylinder", "capsule"):
        return [(cols[2], 0.0)]
    if t == "cone":
        th = math.atan2(2 * s["half_height"], s["radius"])
        return [(cols[2], sign * math.cos(th))]
    return []


def _curve_search(f, m, curves, width=0.02):
    """Golden-section search along each kink curve near m."""
    fm = f(m)
    for ax, c in curves:
        if abs(dot(m, ax) - c) > 0.02:
            continue
        u, v = _frame(ax)
        sn = math.sqrt(max(0.0, 1 - c * c))

        def at(phi):
            return [c * ax[j] + sn * (math.cos(phi) * u[j] + math.sin(phi) * v[j])
                    for j in range(3)]
        phi0 = math.atan2(dot(m, v), dot(m, u))
        lo, hi = phi0 - width, phi0 + width
        g = (math.sqrt(5) - 1) / 2
        x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
        f1, f2 = f(at(x1)), f(at(x2))
        for _ in range(90):
            if f1 < f2:
                hi, x2, f2 = x2, x1, f1
                x1 = hi - g * (hi - lo)
                f1 = f(at(x1))
            else:
                lo, x1, f1 = x1, x2, f2
                x2 = lo + g * (hi - lo)
                f2 = f(at(x2))
        cand = at((lo + hi) / 2)
        fc = f(cand)
        if fc < fm:
            fm, m = fc, cand
    return fm, m


def support_min(a, b, samples=6000, starts=12):
    """Returns (signed distance, list of distinct minimising normals A->B)."""
    def f(m):
        return support_value(b, m) + support_value(a, [-x for x in m])
    pts = []
    g = math.pi * (3 - math.sqrt(5))
    for i in range(samples):
        z = 1 - 2 * (i + 0.5) / samples
        r = math.sqrt(max(0.0, 1 - z * z))
        pts.append([r * math.cos(g * i), r * math.sin(g * i), z])
    # the coordinate axes and the shapes' own axes are likely minimisers
    for s in (a, b):
        _, R = pose(s)
        for j in range(3):
            col = [R[0][j], R[1][j], R[2][j]]
            pts += [col, [-x for x in col]]
    scored = sorted(((f(m), m) for m in pts), key=lambda t: t[0])
    found = []
    for fm, m in scored[:starts * 4]:
        if len(found) >= starts:
            break
        if any(norm(sub(m, m2)) < 0.05 for _, m2, _ in found):
            continue
        fr, mr = _refine(f, m)
        curves = _kink_curves(b, 1) + _kink_curves(a, -1)
        for _ in range(4):
            fr, mr = _curve_search(f, mr, curves)
            fr, mr = _refine(f, mr, step=1e-4)
        found.append((fm, m, (fr, mr)))
    best = min(r[0] for _, _, r in found)
    size = pair_size(a, b)
    normals = []
    for _, _, (fr, mr) in found:
        if fr <= best + 1e-9 * size:
            n = [-x for x in mr]
            if not any(norm(sub(n, n2)) < 1e-4 for n2 in normals):
                normals.append(n)
    return -best, normals

# ---------------------------------------------------------- box-box oracle


def box_vertices(s):
    p, R = pose(s)
    e = s["half_extents"]
    out = []
    for sx in (-1, 1):
        for sy in (-1, 1):
            for sz in (-1, 1):
                out.append(add(p, mat_vec(R, [sx * e[0], sy * e[1], sz * e[2]])))
    return out


def box_edges(s):
    v = box_vertices(s)
    edges = []
    for i in range(8):
        for bit in (1, 2, 4):
            j = i ^ bit
            if i < j:
                edges.append((v[i], v[j]))
    return edges


def point_box(q, s):
    """Closest point of box s to q."""
    p, R = pose(s)
    e = s["half_extents"]
    l = mat_t_vec(R, sub(q, p))
    c = [max(-ei, min(ei, li)) for li, ei in zip(l, e)]
    return add(p, mat_vec(R, c))


def seg_seg(p1, q1, p2, q2):
    """Closest points of two segments (clamped parametric solution)."""
    d1, d2, r = sub(q1, p1), sub(q2, p2), sub(p1, p2)
    a, e, f = dot(d1, d1), dot(d2, d2), dot(d2, r)
    c, bb = dot(d1, r), dot(d1, d2)
    den = a * e - bb * bb
    cands = []
    if den > 1e-14 * a * e:
        s = max(0.0, min(1.0, (bb * f - c * e) / den))
        t = (bb * s + f) / e
        t = max(0.0, min(1.0, t))
        s = max(0.0, min(1.0, (bb * t - c) / a))
        cands.append((s, t))
    for t in (0.0, 1.0):
        s = max(0.0, min(1.0, (bb * t - c) / a))
        cands.append((s, t))
    for s in (0.0, 1.0):
        t = max(0.0, min(1.0, (bb * s + f) / e))
        cands.append((s, t))
    best = None
    for s, t in cands:
        x, y = add(p1, mul(d1, s)), add(p2, mul(d2, t))
        dd = norm(sub(x, y))
        if best is None or dd < best[0]:
            best = (dd, x, y)
    return best


def box_box(a, b):
    """Exact signed distance of two boxes.

    Returns (distance, normals) where normals lists the normal directions
    (A to B) achieving it: one when unique, several when not.
    """
    va, vb = box_vertices(a), box_vertices(b)
    _, Ra = pose(a)
    _, Rb = pose(b)
    axes = [[R[0][j], R[1][j], R[2][j]] for R in (Ra, Rb) for j in range(3)]
    for i in range(3):
        for j in range(3):
            c = cross(axes[i], axes[3 + j])
            if norm(c) > 1e-9:
                axes.append(unit(c))
    # overlap along each axis, both signs: translation of B along +n that
    # separates = max_a a.n - min_b b.n
    best = math.inf
    cands = []
    for ax in axes:
        for n in (ax, [-x for x in ax]):
            pen = max(dot(v, n) for v in va) - min(dot(v, n) for v in vb)
            cands.append((pen, n))
            best = min(best, pen)
    size = pair_size(a, b)
    if best > 0:
        normals = []
        for pen, n in cands:
            if pen <= best + 1e-12 * size and \
                    not any(norm(sub(n, m)) < 1e-9 for m in normals):
                normals.append(n)
        return -best, normals
    # apart: closest features
    bestd = None
    for q in va:
        x = point_box(q, b)
        d = norm(sub(x, q))
        if bestd is None or d < bestd[0]:
            bestd = (d, q, x)
    for q in vb:
        x = point_box(q, a)
        d = norm(sub(x, q))
        if d < bestd[0]:
            bestd = (d, x, q)
    for e1 in box_edges(a):
        for e2 in box_edges(b):
            d, x, y = seg_seg(e1[0], e1[1], e2[0], e2[1])
            if d < bestd[0]:
                bestd = (d, x, y)
    d, x, y = bestd
    if d == 0:
        return 0.0, []
    return d, [unit(sub(y, x))]

# ------------------------------------------------------------------ output


# mink reports |distance| within a few ulps of the pair's size as 0
TOUCH_REL = 1e-15
# GJK/EPA know a normal on a curved surface to about the square root of
# their relative tolerance (1e-10); two independent answers (the pair and
# its swap) may differ by twice that
CURVED = {"sphere", "capsule", "cylinder", "cone", "ellipsoid"}
CURVED_NORMAL_TOL = 5e-5


class Suite:
    """Collects cases and writes them as one NDJSON file."""

    def __init__(self, repo, prefix):
        self.repo, self.prefix, self.cases, self.ids = repo, prefix, [], set()

    def add(self, source, case, a, b, expect, note=None, dim=None):
        cid = "%s-%d" % (self.prefix, len(self.cases) + 1)
        expect = dict(expect)
        if dim is None:
            size = pair_size(a, b)
            # within a few ulps of the size mink reports a touch
            if "distance" in expect and \
                    abs(expect["distance"]) <= TOUCH_REL * size:
                expect["distance"] = 0.0
                expect["state"] = "touching"
                expect["intersecting"] = True
            kinds = {a["type"], b["type"]}
            if "normal" in expect and "normal_tol" not in expect and \
                    kinds & CURVED and kinds != {"sphere"}:
                expect["normal_tol"] = CURVED_NORMAL_TOL
        pair = {"id": cid}
        if dim is not None:
            pair["dim"] = dim
        pair["a"], pair["b"] = a, b
        rec = {"source": "%s %s" % (self.repo, source), "case": case,
               "pair": pair, "expect": expect}
        if note:
            rec["note"] = note
        self.cases.append(rec)
        return rec

    def write(self, path):
        import json
        with open(path, "w", encoding="utf-8") as f:
            for c in self.cases:
                f.write(json.dumps(c, separators=(", ", ": ")) + "\n")


def expect(distance, normals=None, points=None, exact_zero=True):
    """The expectation of a signed distance and its normal(s)."""
    e = {}
    if distance == 0 and exact_zero:
        e["state"] = "touching"
    elif distance > 0:
        e["state"] = "separated"
    else:
        e["state"] = "penetrating"
    e["intersecting"] = e["state"] != "separated"
    e["distance"] = 0.0 if distance == 0 else distance
    if normals is not None and len(normals) == 1:
        e["normal"] = [0.0 if x == 0 else x for x in normals[0]]
        if points:
            e["point_a"], e["point_b"] = points
    return e
