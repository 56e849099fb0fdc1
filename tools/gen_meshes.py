#!/usr/bin/env python3
"""Writes the OBJ meshes of testdata/meshes/, deterministically.

usage: python3 tools/gen_meshes.py [DIR]      (default: testdata/meshes)

Every mesh is built from exact rules (no randomness but a seeded
generator of our own), with faces wound counter-clockwise seen from
outside, and written with Python's shortest round-trip repr of each
double, so the files are the same on every machine and every run.  The
tests read the vertices back from the files; they do not depend on how
the numbers were computed here.

Meshes (unit-sized, centred on the origin unless said otherwise):
  icosphere0..4    icosahedron subdivided 0..4 times onto the unit sphere
                   (12, 42, 162, 642, 2562 vertices)
  cube             the cube [-0.5, 0.5]^3, quads, v/vt references
  cube-grid        the same cube, each face split 4 x 4 (coplanar vertices)
  cube-split       the cube with 4 vertices of its own per face (duplicates)
  cylinder16, 64   radius 1, z in [-1, 1], n-gon caps, v//vn references
  random20, 100    seeded random points in the unit ball and the faces of
                   their hull (interior points kept, unused by faces)
  random1000       seeded random points on the unit sphere and their hull
  sphere50k        a UV sphere of 250 x 200 + 2 = 50002 vertices, poles on z
  lshape           an L-shaped prism: non-convex
  torus            radii 1 and 0.25, 32 x 16: non-convex
  schonhardt       Schonhardt's twisted prism: non-convex, yet every
                   vertex is a vertex of its hull
  flat             a 4 x 4 grid of squares in the plane z = 0
  line             points on a line, as `l` elements
  point            one point, written three times
  parts            objects "left" and "right" (cubes at x = -2 and +2) and
                   groups "top" and "bottom" across both
  features         a tetrahedron written with most of the OBJ syntax:
                   comments, continuation lines, CRLF, w, vertex colours,
                   negative indices, vt/vn/vp, s, usemtl, mtllib
  bad/*.obj        files the reader must refuse, one fault each
"""
import math
import os
import sys
from fractions import Fraction


def fmt(x, digits=None):
    """Shortest text that reads back as x (or x to `digits` digits); -0 as 0."""
    if x == 0:
        return "0"
    r = repr(float(x)) if digits is None else "%.*g" % (digits, x)
    if r.endswith(".0"):
        r = r[:-2]
    return r


def write(path, lines):
    with open(path, "w", newline="") as f:
        for line in lines:
            f.write(line + "\n")


def obj_lines(verts, faces, header, name=None, digits=None):
    out = ["# " + h for h in header]
    if name:
        out.append("o " + name)
    for v in verts:
        out.append("v " + " ".join(fmt(c, digits) for c in v))
    for f in faces:
        out.append("f " + " ".join(str(i + 1) for i in f))
    return out


# --- small vector helpers ---------------------------------------------------

def sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0])


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def normalize(v):
    n = math.sqrt(dot(v, v))
    return (v[0] / n, v[1] / n, v[2] / n)


def orient_exact(a, b, c, d):
    """Sign of det[b-a, c-a, d-a], exactly (the doubles as fractions)."""
    fa, fb, fc, fd = ([Fraction(x) for x in p] for p in (a, b, c, d))
    u = [fb[i] - fa[i] for i in range(3)]
    v = [fc[i] - fa[i] for i in range(3)]
    w = [fd[i] - fa[i] for i in range(3)]
    det = (u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0])
           + u[2] * (v[0] * w[1] - v[1] * w[0]))
    return (det > 0) - (det < 0)


def orient(a, b, c, d):
    """det[b-a, c-a, d-a] > 0: d is on the side the normal (b-a)x(c-a) points to."""
    det = dot(cross(sub(b, a), sub(c, a)), sub(d, a))
    if abs(det) > 1e-9:
        return 1 if det > 0 else -1
    return orient_exact(a, b, c, d)


# --- a seeded generator (xorshift64*), the same everywhere ----------------------

class Rng:
    def __init__(self, seed):
        self.s = seed & 0xFFFFFFFFFFFFFFFF or 1

    def unit(self):
        s = self.s
        s ^= (s >> 12)
        s ^= (s << 25) & 0xFFFFFFFFFFFFFFFF
        s ^= (s >> 27)
        self.s = s
        return (((s * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF) >> 11) / float(1 << 53)

    def range(self, lo, hi):
        return lo + (hi - lo) * self.unit()

    def in_ball(self):
        while True:
            p = (self.range(-1, 1), self.range(-1, 1), self.range(-1, 1))
            if dot(p, p) <= 1:
                return p

    def on_sphere(self):
        while True:
            p = self.in_ball()
            if dot(p, p) > 1e-6:
                return normalize(p)


# --- convex hull (incremental, exact orientation) ---------------------------------

def hull_faces(pts):
    """Triangles (CCW from outside) of the hull of points in general position."""
    n = len(pts)
    # a first tetrahedron
    i0, i1 = 0, 1
    i2 = next(i for i in range(2, n)
              if dot(cross(sub(pts[i1], pts[i0]), sub(pts[i], pts[i0])),
                     cross(sub(pts[i1], pts[i0]), sub(pts[i], pts[i0]))) > 1e-12)
    i3 = next(i for i in range(2, n) if i != i2 and orient(pts[i0], pts[i1], pts[i2], pts[i]) != 0)
    if orient(pts[i0], pts[i1], pts[i2], pts[i3]) > 0:
        i1, i2 = i2, i1
    faces = {(i0, i1, i2), (i0, i3, i1), (i1, i3, i2), (i2, i3, i0)}
    for i in range(n):
        if i in (i0, i1, i2, i3):
            continue
        p = pts[i]
        visible = [f for f in faces if orient(pts[f[0]], pts[f[1]], pts[f[2]], p) > 0]
        if not visible:
            continue
        edges = set()
        for f in visible:
            for e in ((f[0], f[1]), (f[1], f[2]), (f[2], f[0])):
                if (e[1], e[0]) in edges:
                    edges.remove((e[1], e[0]))
                else:
                    edges.add(e)
        for f in visible:
            faces.remove(f)
        for a, b in edges:
            faces.add((a, b, i))
    # a deterministic order: by smallest rotation of each triangle
    def canon(f):
        k = f.index(min(f))
        return f[k:] + f[:k]
    faces = sorted(canon(f) for f in faces)
    for f in faces:
        assert all(orient(pts[f[0]], pts[f[1]], pts[f[2]], p) <= 0 for p in pts)
    return faces


# --- the meshes ------------------------------------------------------------------

def icosphere(level):
    t = (1 + math.sqrt(5)) / 2
    verts = [normalize(v) for v in [
        (-1, t, 0), (1, t, 0), (-1, -t, 0), (1, -t, 0),
        (0, -1, t), (0, 1, t), (0, -1, -t), (0, 1, -t),
        (t, 0, -1), (t, 0, 1), (-t, 0, -1), (-t, 0, 1)]]
    faces = [(0, 11, 5), (0, 5, 1), (0, 1, 7), (0, 7, 10), (0, 10, 11),
             (1, 5, 9), (5, 11, 4), (11, 10, 2), (10, 7, 6), (7, 1, 8),
             (3, 9, 4), (3, 4, 2), (3, 2, 6), (3, 6, 8), (3, 8, 9),
             (4, 9, 5), (2, 4, 11), (6, 2, 10), (8, 6, 7), (9, 8, 1)]
    for _ in range(level):
        mid = {}

        def midpoint(a, b):
            key = (min(a, b), max(a, b))
            if key not in mid:
                va, vb = verts[a], verts[b]
                verts.append(normalize(((va[0] + vb[0]) / 2, (va[1] + vb[1]) / 2,
                                        (va[2] + vb[2]) / 2)))
                mid[key] = len(verts) - 1
            return mid[key]
        new = []
        for a, b, c in faces:
            ab, bc, ca = midpoint(a, b), midpoint(b, c), midpoint(c, a)
            new += [(a, ab, ca), (b, bc, ab), (c, ca, bc), (ab, bc, ca)]
        faces = new
    return verts, faces


CUBE_V = [(x, y, z) for z in (-0.5, 0.5) for y in (-0.5, 0.5) for x in (-0.5, 0.5)]
# vertex i = x + 2y + 4z (bits); quads CCW from outside
CUBE_F = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2),
          (1, 3, 7, 5)]


def cube_lines():
    out = ["# the cube [-0.5, 0.5]^3: quads with texture coordinates", "o cube"]
    out += ["v " + " ".join(fmt(c) for c in v) for v in CUBE_V]
    out += ["vt 0 0", "vt 1 0", "vt 1 1", "vt 0 1"]
    for f in CUBE_F:
        out.append("f " + " ".join("%d/%d" % (v + 1, k + 1) for k, v in enumerate(f)))
    return out


def cube_grid(n):
    """The cube with every face split n x n; vertices shared along edges."""
    index = {}
    verts, faces = [], []

    def vid(p):
        if p not in index:
            index[p] = len(verts)
            verts.append(p)
        return index[p]
    steps = [-0.5 + k / n for k in range(n + 1)]
    # each face: a fixed axis and sign, two running axes chosen so that
    # (u x v) points outwards
    for axis in range(3):
        for sign in (-0.5, 0.5):
            u_ax, v_ax = (axis + 1) % 3, (axis + 2) % 3
            if sign < 0:
                u_ax, v_ax = v_ax, u_ax
            for i in range(n):
                for j in range(n):
                    quad = []
                    for di, dj in ((0, 0), (1, 0), (1, 1), (0, 1)):
                        p = [0.0, 0.0, 0.0]
                        p[axis] = sign
                        p[u_ax] = steps[i + di]
                        p[v_ax] = steps[j + dj]
                        quad.append(vid(tuple(p)))
                    faces.append(tuple(quad))
    return verts, faces


def cube_split():
    verts, faces = [], []
    for f in CUBE_F:
        faces.append(tuple(len(verts) + k for k in range(4)))
        verts += [CUBE_V[v] for v in f]
    return verts, faces


def cylinder_lines(n):
    out = ["# a cylinder: radius 1, z in [-1, 1], %d sides; v//vn references" % n,
           "o cylinder%d" % n]
    ring = [(math.cos(2 * math.pi * k / n), math.sin(2 * math.pi * k / n)) for k in range(n)]
    ring[0] = (1.0, 0.0)
    for z in (-1.0, 1.0):
        for c, s in ring:
            out.append("v %s %s %s" % (fmt(c), fmt(s), fmt(z)))
    out += ["vn 0 0 -1", "vn 0 0 1"]
    for k in range(n):
        c, s = math.cos(2 * math.pi * (k + 0.5) / n), math.sin(2 * math.pi * (k + 0.5) / n)
        out.append("vn %s %s 0" % (fmt(c), fmt(s)))
    out.append("f " + " ".join("%d//1" % (k + 1) for k in reversed(range(n))))
    out.append("f " + " ".join("%d//2" % (n + k + 1) for k in range(n)))
    for k in range(n):
        a, b = k + 1, (k + 1) % n + 1
        out.append("f %d//%d %d//%d %d//%d %d//%d" % (a, k + 3, b, k + 3, n + b, k + 3,
                                                       n + a, k + 3))
    return out


def random_hull(n, seed, surface):
    r = Rng(seed)
    pts = [r.on_sphere() if surface else r.in_ball() for _ in range(n)]
    return pts, hull_faces(pts)


def uv_sphere(slices, rings):
    verts = [(0.0, 0.0, -1.0)]
    for i in range(1, rings + 1):
        theta = math.pi * i / (rings + 1)  # from the south pole
        z, rho = -math.cos(theta), math.sin(theta)
        for j in range(slices):
            phi = 2 * math.pi * j / slices
            verts.append((rho * math.cos(phi), rho * math.sin(phi), z))
    verts.append((0.0, 0.0, 1.0))
    top = len(verts) - 1

    def ring(i, j):
        return 1 + (i - 1) * slices + j % slices
    faces = []
    for j in range(slices):
        faces.append((0, ring(1, j + 1), ring(1, j)))
    for i in range(1, rings):
        for j in range(slices):
            faces.append((ring(i, j), ring(i, j + 1), ring(i + 1, j + 1), ring(i + 1, j)))
    for j in range(slices):
        faces.append((ring(rings, j), ring(rings, j + 1), top))
    return verts, faces


def prism(outline, z0, z1):
    """A prism over a CCW polygon outline: caps and side quads."""
    n = len(outline)
    verts = [(x, y, z0) for x, y in outline] + [(x, y, z1) for x, y in outline]
    faces = [tuple(reversed(range(n))), tuple(n + k for k in range(n))]
    for k in range(n):
        a, b = k, (k + 1) % n
        faces.append((a, b, n + b, n + a))
    return verts, faces


def torus(big, small, nu, nv):
    verts, faces = [], []
    for i in range(nu):
        u = 2 * math.pi * i / nu
        for j in range(nv):
            v = 2 * math.pi * j / nv
            rr = big + small * math.cos(v)
            verts.append((rr * math.cos(u), rr * math.sin(u), small * math.sin(v)))
    for i in range(nu):
        for j in range(nv):
            a, b = i * nv + j, ((i + 1) % nu) * nv + j
            c, d = ((i + 1) % nu) * nv + (j + 1) % nv, i * nv + (j + 1) % nv
            faces.append((a, b, c, d))
    return verts, faces


def schonhardt():
    """Two triangles, the top turned by 30 degrees, sides folded inwards."""
    bottom = [(math.cos(math.radians(a)), math.sin(math.radians(a)), 0.0)
              for a in (90, 210, 330)]
    top = [(math.cos(math.radians(a + 30)), math.sin(math.radians(a + 30)), 1.0)
           for a in (90, 210, 330)]
    verts = bottom + top
    faces = [(0, 2, 1), (3, 4, 5)]
    for k in range(3):
        a, b = k, (k + 1) % 3
        ta, tb = 3 + a, 3 + b
        # the two ways to fold side quad a b tb ta; keep the reflex one
        for tri in (((a, b, tb), (a, tb, ta)), ((a, b, ta), (b, tb, ta))):
            convex = all(orient(verts[t[0]], verts[t[1]], verts[t[2]], verts[p]) <= 0
                         for t in tri for p in range(6))
            if not convex:
                faces += list(tri)
                break
    return verts, faces


def flat(n):
    verts = [(-0.5 + i / n, -0.5 + j / n, 0.0) for j in range(n + 1) for i in range(n + 1)]
    faces = []
    for j in range(n):
        for i in range(n):
            a = j * (n + 1) + i
            faces.append((a, a + 1, a + n + 2, a + n + 1))
    return verts, faces


def parts_lines():
    out = ["# two cubes: objects left and right; groups top and bottom span both"]
    base = 0
    for name, dx in (("left", -2.0), ("right", 2.0)):
        out.append("o " + name)
        out += ["v " + " ".join(fmt(c) for c in (v[0] + dx, v[1], v[2])) for v in CUBE_V]
        for k, f in enumerate(CUBE_F):
            out.append("g " + ("bottom" if k == 0 else "top" if k == 1 else "sides"))
            out.append("f " + " ".join(str(base + v + 1) for v in f))
        base += 8
    return out


def features_lines():
    # a tetrahedron with corners (0,0,0), (1,0,0), (0,1,0), (0,0,1)
    return [
        "# every statement the reader takes, on a tetrahedron",
        "mtllib features.mtl",
        "o tetra",
        "v 0 0 0 1",                       # with w
        "v 1.0 0.0 0.0 0.5 0.25 0.125",    # with a colour
        "v 0 \\",                          # continued
        "  1 0",
        "v +0 -0.0 1e0 # a trailing comment",
        "vt 0 0",
        "vt 1",
        "vt 0.5 1 0",
        "vn 0 0 -1",
        "vp 0.5",
        "usemtl stone",
        "s off",
        "g base",
        "f -4/1/1 -2/3/1 -3/2/1",          # negative indices
        "g sides",
        "f 1//1 2//1 4//1",
        "s 1",
        "f 1 4 3\r",                       # a CRLF line end
        "l 2 3",
        "f 2/1 3/2 \\",
        " 4/3",
        "p 4",
    ]


BAD = {
    "index0": ["v 0 0 0", "v 1 0 0", "v 0 1 0", "f 0 1 2"],
    "range": ["v 0 0 0", "v 1 0 0", "v 0 1 0", "f 1 2 4"],
    "negative": ["v 0 0 0", "v 1 0 0", "v 0 1 0", "f -1 -2 -4"],
    "mixed": ["v 0 0 0", "v 1 0 0", "v 0 1 0", "vt 0 0", "f 1/1 2/1 3"],
    "two": ["v 0 0 0", "v 1 0 0", "f 1 2"],
    "garbage": ["v 0 0 0", "v 1 0 0 0.5x"],
    "extra": ["v 0 0 0", "f 1 1 1 x"],
    "nan": ["v 0 nan 0"],
    "inf": ["v inf 0 0"],
    "hex": ["v 0x1p3 0 0"],
    "huge": ["v 1e101 0 0"],
    "w0": ["v 0 0 0 0"],
    "five": ["v 1 2 3 4 5"],
    "vt-range": ["v 0 0 0", "v 1 0 0", "v 0 1 0", "vt 0 0", "f 1/1 2/2 3/1"],
    "curve": ["v 0 0 0", "v 1 0 0", "cstype bspline", "curv 0 1 1 2"],
    "unknown": ["v 0 0 0", "frobnicate 1 2"],
    "noname": ["o", "v 0 0 0"],
}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "testdata/meshes"
    os.makedirs(os.path.join(out, "bad"), exist_ok=True)

    def put(name, lines):
        write(os.path.join(out, name + ".obj"), lines)

    for level in range(5):
        v, f = icosphere(level)
        put("icosphere%d" % level, obj_lines(
            v, f, ["icosphere level %d: %d vertices on the unit sphere" % (level, len(v))],
            "icosphere%d" % level))
    put("cube", cube_lines())
    v, f = cube_grid(4)
    put("cube-grid", obj_lines(v, f, ["the cube [-0.5, 0.5]^3, each face split 4 x 4"],
                               "cube"))
    v, f = cube_split()
    put("cube-split", obj_lines(v, f, ["the cube [-0.5, 0.5]^3, 4 vertices per face"],
                                "cube"))
    put("cylinder16", cylinder_lines(16))
    put("cylinder64", cylinder_lines(64))
    for n, seed, surface in ((20, 20, False), (100, 100, False), (1000, 1000, True)):
        v, f = random_hull(n, seed, surface)
        put("random%d" % n, obj_lines(
            v, f, ["%d seeded random points %s the unit ball and their hull's faces"
                   % (n, "on" if surface else "in")], "random%d" % n))
    # 10 digits keep the file small and the vertices in convex position:
    # rounding moves them by 5e-11, the sphere bulges 1e-6 between them.
    v, f = uv_sphere(250, 200)
    put("sphere50k", obj_lines(v, f, ["a UV sphere: %d vertices, poles at z = -1, +1"
                                      % len(v)], "sphere", digits=10))
    v, f = prism([(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)], 0.0, 1.0)
    put("lshape", obj_lines(v, f, ["an L-shaped prism (non-convex): z in [0, 1]"], "lshape"))
    v, f = torus(1.0, 0.25, 32, 16)
    put("torus", obj_lines(v, f, ["a torus (non-convex): radii 1 and 0.25"], "torus"))
    v, f = schonhardt()
    put("schonhardt", obj_lines(v, f, ["Schonhardt's twisted prism (non-convex)"],
                                "schonhardt"))
    v, f = flat(4)
    put("flat", obj_lines(v, f, ["a 4 x 4 grid of squares in the plane z = 0"], "flat"))
    put("line", ["# points on the x axis, as lines",
                 "v 0 0 0", "v 1 0 0", "v 2 0 0", "v 3 0 0", "l 1 2 3", "l 3 4"])
    put("point", ["# one point, three times", "v 1 2 3", "v 1 2 3", "v 1 2 3", "p 1 2 3"])
    put("parts", parts_lines())
    write(os.path.join(out, "features.obj"), features_lines())
    for name, lines in BAD.items():
        write(os.path.join(out, "bad", name + ".obj"), ["# refused: " + name] + lines)
    # a NUL byte cannot go through the text writer
    with open(os.path.join(out, "bad", "nul.obj"), "wb") as f:
        f.write(b"# refused: nul\nv 0 0 0\nv 1 0\x00 0\n")


if __name__ == "__main__":
    main()
