#!/usr/bin/env python3
"""Writes testdata/suites/patches-others.ndjson: contact-patch cases taken
from Coal, MuJoCo, FCL, Drake and ODE unit tests.

Every expectation is written out from the geometry by hand (each case's note
says how, and how the other project's convention maps to mink's); the box
and hull cases are cross-checked at the end by patchgeom.py's brute force
(every candidate normal, the faces clipped), independent of mink.
"""
import json, math, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from patchgeom import *

S2 = math.sqrt(2)
CASES = []
CHECKS = []   # (name, VA, VB, normal, contacts) for brute-force cross-check

def C(pa, pb, d): return {"point_a": list(pa), "point_b": list(pb), "distance": d}

def case(source, name, pid, a, b, expect, note, check=None):
    CASES.append({"source": source, "case": name,
                  "pair": {"id": pid, "dim": 3, "a": a, "b": b},
                  "expect": expect, "note": note})
    if check: CHECKS.append((pid,) + check)

def box(he, pos=None, rot=None):
    s = {"type": "box", "half_extents": list(he)}
    if pos is not None: s["position"] = list(pos)
    if rot is not None: s["rotation"] = rot
    return s
def shp(t, pos=None, rot=None, **kw):
    s = {"type": t}; s.update(kw)
    if pos is not None: s["position"] = list(pos)
    if rot is not None: s["rotation"] = rot
    return s
def corners4(x0, x1, y0, y1, za, zb, d):
    return [C([x, y, za], [x, y, zb], d) for x in (x0, x1) for y in (y0, y1)]

ROTY_M90 = {"matrix": [[0, 0, -1], [0, 1, 0], [1, 0, 0]]}   # local z -> world -x
MROTY_M90 = [[0, 0, -1], [0, 1, 0], [1, 0, 0]]

# ======================= Coal: test/contact_patch.cpp =======================
CP = "coal-library/coal test/contact_patch.cpp:"
cube = [[sx*.5, sy*.5, sz*.5] for sx in (-1,1) for sy in (-1,1) for sz in (-1,1)]

z = 2*0.5 + 0.001
case(CP+"46", "box_box_no_collision", "patch-coal-box-box-no-collision",
     box([.5]*3), box([.5]*3, [0, 0, z]),
     {"state": "separated", "distance": 0.001, "normal": [0, 0, 1],
      "contacts": corners4(-.5, .5, -.5, .5, .5, z-.5, 0.001)},
     "Unit cubes, B 0.001 above A (Coal asserts no collision and no patch). "
     "In mink's terms the pair is apart by 0.001 along +z and the patch of the "
     "closest features is the full 1x1 face overlap: A's top face z=0.5 and B's "
     "bottom face z=0.501, 4 corners (+-0.5,+-0.5).",
     (box_verts([.5]*3), box_verts([.5]*3, None, [0, 0, z]), [0, 0, 1]))

case(CP+"73", "box_sphere", "patch-coal-box-sphere",
     box([.5]*3), shp("sphere", [0, 0, 0.999], radius=0.5),
     {"state": "penetrating", "distance": -0.001, "normal": [0, 0, 1],
      "contact_count": 1,
      "contacts": [C([0, 0, .5], [0, 0, 0.499], -0.001)]},
     "Sphere r=0.5 centred 0.999 above a unit cube's centre, over the interior of "
     "its top face: depth 0.5+0.5-0.999=0.001 along +z, one contact (Coal: patch "
     "size 1 equal to the contact). point_a on the face (0,0,0.5), point_b the "
     "sphere's lowest point (0,0,0.499).")

z = 2*0.5 - 0.001
case(CP+"111", "box_box", "patch-coal-box-box",
     box([.5]*3), box([.5]*3, [0, 0, z]),
     {"state": "penetrating", "distance": -0.001, "normal": [0, 0, 1],
      "contacts": corners4(-.5, .5, -.5, .5, .5, z-.5, -0.001)},
     "Unit cubes, B at z=0.999: face-face overlap 0.001 along +z. Coal's expected "
     "patch is the 4 corners (+-0.5,+-0.5) placed at the mid-plane (corner + depth*n/2); "
     "mink puts point_a on A's top face z=0.5 and point_b on B's bottom face z=0.499, "
     "same (x,y).",
     (box_verts([.5]*3), box_verts([.5]*3, None, [0, 0, z]), [0, 0, 1]))

z = 0.5 - 0.001
case(CP+"169", "halfspace_box", "patch-coal-halfspace-box",
     box([10, 10, 10], [0, 0, -10]), box([.5]*3, [0, 0, z]),
     {"state": "penetrating", "distance": -0.001, "normal": [0, 0, 1],
      "contacts": corners4(-.5, .5, -.5, .5, 0, z-.5, -0.001)},
     "Coal's half-space z<=0 (shape A) is replaced by a box of half extents 10 whose "
     "top face is z=0. Unit cube centred at z=0.499 sinks 0.001. Coal compares the "
     "4 bottom corners (+-0.5,+-0.5) in the patch plane (normal = the half-space's +z). "
     "mink: point_a on the big box's top face z=0, point_b on the cube's bottom face "
     "z=-0.001.",
     (box_verts([10]*3, None, [0, 0, -10]), box_verts([.5]*3, None, [0, 0, z]), [0, 0, 1]))

case(CP+"228", "halfspace_capsule upright", "patch-coal-halfspace-capsule-upright",
     box([10, 10, 10], [0, 0, -10]), shp("capsule", [0, 0, 0.499], radius=0.25, half_height=0.5),
     {"state": "penetrating", "distance": -0.251, "normal": [0, 0, 1],
      "contact_count": 1, "contacts": [C([0, 0, 0], [0, 0, -0.251], -0.251)]},
     "Coal Capsule(0.25, 1): radius 0.25, half length 0.5, axis z, centred at 0.499 "
     "against the half-space z<=0 (here a big box with top face z=0). The lowest point "
     "is the bottom cap's pole (0,0,0.499-0.5-0.25=-0.251): depth 0.251, one contact "
     "(Coal's patch has one point, the transformed capsule end (0,0,-0.5) projected).")

case(CP+"305", "halfspace_capsule lying (rotated 90 deg about y)", "patch-coal-halfspace-capsule-lying",
     box([10, 10, 10], [0, 0, -10]),
     shp("capsule", [0, 0, 0.249], ROTY_M90, radius=0.25, half_height=0.5),
     {"state": "penetrating", "distance": -0.001, "normal": [0, 0, 1],
      "contacts": [C([-.5, 0, 0], [-.5, 0, -0.001], -0.001), C([.5, 0, 0], [.5, 0, -0.001], -0.001)]},
     "Coal's tf2 has columns (0,0,1),(0,1,0),(-1,0,0): local z -> world -x, so the capsule "
     "lies along x with its core from x=-0.5 to 0.5 at height 0.249; its lowest line is "
     "z=0.249-0.25=-0.001, y=0. Line on a face: 2 contacts at the segment ends x=+-0.5 "
     "(Coal: expected_size 2, points tf2*(-r,0,+-h) = (+-0.5,0,.)). point_a on the top "
     "face z=0, point_b on the capsule z=-0.001.")

case(CP+"340", "halfspace_cone upright (base disc)", "patch-coal-halfspace-cone-upright",
     box([10, 10, 10], [0, 0, -10]), shp("cone", [0, 0, 0.499], radius=0.25, half_height=0.5),
     {"state": "penetrating", "distance": -0.001, "normal": [0, 0, 1], "contact_count_min": 4},
     "Coal Cone(0.25, 1) base at z=-0.5 local, centred at 0.499: the base disc sits at "
     "z=-0.001, depth 0.001 along +z. The exact region is the whole disc (Coal samples "
     "6 rim points); it has no finite vertex set, so only depth/normal and 'a reduced "
     "patch of at least 4 points' (mink's default maximum) are expected.")

case(CP+"393", "halfspace_cone apex down (rotated 180 deg about y)", "patch-coal-halfspace-cone-apex",
     box([10, 10, 10], [0, 0, -10]), shp("cone", [0, 0, 0.499], [0, 0, 1, 0], radius=0.25, half_height=0.5),
     {"state": "penetrating", "distance": -0.001, "normal": [0, 0, 1],
      "contact_count": 1, "contacts": [C([0, 0, 0], [0, 0, -0.001], -0.001)]},
     "Coal's tf2 = diag(-1,1,-1) (quaternion [0,0,1,0]): apex (local (0,0,0.5)) at "
     "z=0.499-0.5=-0.001, the only point below z=0; Coal asserts a 1-point patch at "
     "the cone tip. Depth 0.001 along +z.")

case(CP+"428", "halfspace_cone on its side (rotated 90 deg about y)", "patch-coal-halfspace-cone-side",
     box([10, 10, 10], [0, 0, -10]), shp("cone", [0, 0, 0.249], ROTY_M90, radius=0.25, half_height=0.5),
     {"state": "penetrating", "distance": -0.001, "normal": [0, 0, 1],
      "contact_count": 1, "contacts": [C([0.5, 0, 0], [0.5, 0, -0.001], -0.001)]},
     "Axis local z -> world -x: apex at (-0.5,0,0.249), base disc in the plane x=0.5 "
     "centred at height 0.249, radius 0.25. Lowest point: the base rim point "
     "tf2*(-r,0,-h) = (0.5,0,-0.001) (the slant generatrix rises towards the apex), "
     "one contact as in Coal (point_on_circle_basis).")

case(CP+"465", "halfspace_cylinder upright (base disc)", "patch-coal-halfspace-cylinder-upright",
     box([10, 10, 10], [0, 0, -10]), shp("cylinder", [0, 0, 0.499], radius=0.25, half_height=0.5),
     {"state": "penetrating", "distance": -0.001, "normal": [0, 0, 1], "contact_count_min": 4},
     "Cylinder r=0.25, half height 0.5 at z=0.499: bottom disc at z=-0.001. Region is "
     "the disc (Coal samples 6 rim points), so only depth, normal and >=4 points.")

case(CP+"539", "halfspace_cylinder lying (rotated 90 deg about y)", "patch-coal-halfspace-cylinder-lying",
     box([10, 10, 10], [0, 0, -10]), shp("cylinder", [0, 0, 0.249], ROTY_M90, radius=0.25, half_height=0.5),
     {"state": "penetrating", "distance": -0.001, "normal": [0, 0, 1],
      "contacts": [C([-.5, 0, 0], [-.5, 0, -0.001], -0.001), C([.5, 0, 0], [.5, 0, -0.001], -0.001)]},
     "Axis along world x from -0.5 to 0.5 at height 0.249; lowest side line z=-0.001, "
     "y=0. Coal's 2-point patch: tf2*(r,0,+-h), i.e. x=+-0.5 in the plane. point_a on "
     "the big box's top face z=0.")

z = 2*0.5 - 0.001
case(CP+"575", "convex_convex", "patch-coal-convex-convex",
     shp("hull", points=cube), shp("hull", [0, 0, z], points=cube),
     {"state": "penetrating", "distance": -0.001, "normal": [0, 0, 1],
      "contacts": corners4(-.5, .5, -.5, .5, .5, z-.5, -0.001)},
     "As box_box but both cubes are Convex<Quadrilateral> hulls (8 corner points).",
     (xf(cube), xf(cube, None, [0, 0, z]), [0, 0, 1]))

T1 = [[-1, 0, 0], [0, 0, 0], [0, 1, 0], [-1, -1, -1]]
segseg = [
    ("651", "Case 1 face-face", T1, [[0, 0.5, 0], [0, 1.5, 0], [1, 0.5, 0], [1, 1, 1]]),
    ("702", "Case 2 face-segment", [[-1, 0, -0.2], [0, 0, 0], [0, 1, 0], [-1, -1, -1]],
     [[0, 0.5, 0], [0, 1.5, 0], [1, 0.5, 0], [1, 1, 1]]),
    ("751", "Case 3 segment-segment", [[-1, 0, -0.2], [0, 0, 0], [0, 1, 0], [-1, -1, -1]],
     [[0, 0.5, 0], [0, 1.5, 0], [1, 0.5, 0.5], [1, 1, 1]]),
]
for line, nm, pa, pb in segseg:
    case(CP+line, "edge_case_segment_segment " + nm, "patch-coal-segseg-" + nm.split()[1],
         shp("hull", points=pa), shp("hull", points=pb),
         {"state": "touching", "distance": 0.0,
          "contacts": [C([0, 0.5, 0], [0, 0.5, 0], 0.0), C([0, 1, 0], [0, 1, 0], 0.0)]},
         "Two tetrahedra, identity poses. A lies in x<=0 and B in x>=0 (also z<=0 / z>=0), "
         "so they only touch; A meets x=0 in the edge (0,0,0)-(0,1,0), B in the edge "
         "(0,0.5,0)-(0,1.5,0): the contact set A∩B is the segment (0,0.5,0)-(0,1,0), "
         "Coal's expected_cp1/cp2. The normal is not unique (any direction (a,0,c) with "
         "a>=0, a+c>=0 separates; Coal says 'any normal in the dual cone'), so none is "
         "expected; the touching set is the same for every admissible normal.")

vv = [
    ("817", "Case 1 face-face", T1, [[1, 0, 0], [0, 0, 0], [0, -1, 0], [1, 1, 1]]),
    ("865", "Case 2 segment-face", [[-1, 0, -0.5], [0, 0, 0], [0, 1, 0], [-1, -1, -1]],
     [[1, 0, 0], [0, 0, 0], [0, -1, 0], [1, 1, 1]]),
    ("913", "Case 3 segment-segment", [[-1, 0, -0.2], [0, 0, 0], [0, 1, 0], [-1, -1, -1]],
     [[1, 0, 0], [0, 0, 0], [0, -1, 0.5], [1, 1, 1]]),
]
for line, nm, pa, pb in vv:
    case(CP+line, "edge_case_vertex_vertex " + nm, "patch-coal-vv-" + nm.split()[1],
         shp("hull", points=pa), shp("hull", points=pb),
         {"state": "touching", "distance": 0.0, "contact_count": 1,
          "contacts": [C([0, 0, 0], [0, 0, 0], 0.0)]},
         "Tetrahedra in x<=0 (A) and x>=0 (B); A meets x=0 in (0,0,0)-(0,1,0), B in "
         "(0,0,0)-(0,-1,.) : they touch only at the origin (Coal: 1-point patch at "
         "(0,0,0)). Normal not unique, not expected.")

case(CP+"962", "edge_case_segment_face", "patch-coal-segment-face",
     shp("hull", points=T1), shp("hull", points=[[-0.5, 0.5, 0], [0.5, -0.5, 0], [1, 0.5, 0.5], [1, 1, 1]]),
     {"state": "touching", "distance": 0.0, "normal": [0, 0, 1],
      "contacts": [C([0, 0, 0], [0, 0, 0], 0.0), C([-0.5, 0.5, 0], [-0.5, 0.5, 0], 0.0)]},
     "A's face z=0 is the triangle (-1,0),(0,0),(0,1) (rest of A below), B's edge "
     "(-0.5,0.5,0)-(0.5,-0.5,0) lies on z=0 (rest of B above). The edge inside the "
     "triangle runs from (0,0) to (-0.5,0.5) (which lies on the hypotenuse y=x+1): "
     "Coal's expected_cp1/cp2. Normal unique: a separating normal must be orthogonal "
     "to the edge, n=(a,a,c); A's vertices (-1,0,0),(0,1,0) force a>=0 and a<=0, so "
     "n=(0,0,1).")

# ======================= Coal: test/capsule_box_1.cpp =======================
CB = "coal-library/coal test/capsule_box_1.cpp:"
case(CB+"73", "distance_capsule_box side", "patch-coal-capsule-box-side",
     shp("capsule", [3, 0, 0], radius=2, half_height=2), box([0.5, 1, 2]),
     {"state": "separated", "distance": 0.5, "normal": [-1, 0, 0],
      "contacts": [C([1, 0, -2], [0.5, 0, -2], 0.5), C([1, 0, 2], [0.5, 0, 2], 0.5)]},
     "Coal Capsule(2,4): radius 2, half length 2, axis z, at (3,0,0); Box(1,2,4) = half "
     "extents (0.5,1,2) at the origin. Capsule side line x=1,y=0,z in [-2,2] faces the "
     "box face x=0.5 (y in [-1,1], z in [-2,2]): distance 0.5, normal from the capsule "
     "(A) to the box (B) = -x. Coal checks o1=(1,0,.), o2=(0.5,0,.) (z free, since the "
     "closest set is a segment); the patch is that segment, ends z=+-2.")
case(CB+"89", "distance_capsule_box above", "patch-coal-capsule-box-above",
     shp("capsule", [0, 0, 8], radius=2, half_height=2), box([0.5, 1, 2]),
     {"state": "separated", "distance": 2.0, "normal": [0, 0, -1], "contact_count": 1,
      "contacts": [C([0, 0, 4], [0, 0, 2], 2.0)]},
     "Capsule at (0,0,8): bottom pole (0,0,4), box top face z=2: distance 2 along -z "
     "(A=capsule to B=box); Coal: o1=(0,0,4), o2=(0,0,2).")
q = [S2/2, 0, S2/2, 0]
case(CB+"109", "distance_capsule_box rotated behind", "patch-coal-capsule-box-rotated",
     shp("capsule", [-10, 0, 0], q, radius=2, half_height=2), box([0.5, 1, 2]),
     {"state": "separated", "distance": 5.5, "normal": [1, 0, 0], "contact_count": 1,
      "contacts": [C([-6, 0, 0], [-0.5, 0, 0], 5.5)]},
     "Capsule rotated pi/2 about y (makeQuat(w=sqrt2/2,0,sqrt2/2,0)): axis along x, "
     "centre (-10,0,0), reaching x=-10+2+2=-6; box face x=-0.5: distance 5.5, normal +x. "
     "Coal: o1=(-6,0,0), o2=(-0.5,0,0).")

# ======================= MuJoCo: engine_collision_box_test.cc =======================
MB = "google-deepmind/mujoco test/engine/engine_collision_box_test.cc:"
case(MB+"271", "BoxBoxContactDistance", "patch-mujoco-boxbox-contact-distance",
     box([1, 1, 1]), box([1, 1, 1], [0, 0, 1.5]),
     {"state": "penetrating", "distance": -0.5, "normal": [0, 0, 1],
      "contacts": corners4(-1, 1, -1, 1, 1, 0.5, -0.5)},
     "Two boxes of half size 1, B at z=1.5: overlap 2-1.5=0.5 along z, identical "
     "2x2 faces. MuJoCo asserts every contact of mjc_BoxBox and mjc_Convex has dist "
     "-0.5; the exact patch is the square's 4 corners, point_a on z=1, point_b on z=0.5.",
     (box_verts([1]*3), box_verts([1]*3, None, [0, 0, 1.5]), [0, 0, 1]))

case(MB+"230", "DeepPenetration (boxbox_deep.xml)", "patch-mujoco-boxbox-deep",
     box([1, 1, 1]), box([.2, .2, .2], [.1, .2, .3]),
     {"state": "penetrating", "distance": -0.9, "normal": [0, 0, 1],
      "contacts": corners4(-0.1, 0.3, 0.0, 0.4, 1, 0.1, -0.9)},
     "testdata/collision_box/boxbox_deep.xml: box of half size 1 at the origin, box of "
     "half size 0.2 at (0.1,0.2,0.3) entirely inside. Overlaps along +-x,+-y,+-z: 1.1, "
     "1.3, 1.0, 1.4, 0.9, 1.5 and for axis-aligned boxes min over directions of "
     "1.2|n|_1 - n.c is reached on an axis: depth 0.9 along +z. Patch: B's bottom face "
     "x in [-0.1,0.3], y in [0,0.4] (z=0.1) inside A's top face (z=1); MuJoCo expects "
     "4 contacts.",
     (box_verts([1]*3), box_verts([.2]*3, None, [.1, .2, .3]), [0, 0, 1]))

case(MB+"737", "ConcentricAndContainedBoxes concentric identical", "patch-mujoco-concentric-identical",
     box([1, 1, 1]), box([1, 1, 1]),
     {"state": "penetrating", "distance": -2.0, "contact_count": 4},
     "Coincident boxes of half size 1: depth 2 (MuJoCo: every contact dist -2, 1..8 "
     "contacts). The normal is any of the 6 face axes (not unique, not expected); along "
     "any of them both supporting faces are the same 2x2 square, so the patch is its 4 "
     "corners, each at -2.")

for axis, sgn, off in [(0, 1, 0.5), (1, -1, 0.81), (2, 1, 1.2), (0, -1, 1.3)]:
    pos = [0, 0, 0]; pos[axis] = sgn*off
    d = off - 1.2
    n = [0, 0, 0]; n[axis] = sgn
    others = [i for i in range(3) if i != axis]
    cts = []
    for s1 in (-.2, .2):
        for s2 in (-.2, .2):
            pa = [0, 0, 0]; pa[others[0]] = s1; pa[others[1]] = s2
            pb = list(pa); pa[axis] = sgn*1.0; pb[axis] = sgn*(off-0.2)
            cts.append(C(pa, pb, 0.0 if abs(d) < 1e-12 else d))
    st = "touching" if abs(d) < 1e-12 else ("separated" if d > 0 else "penetrating")
    ex = {"state": st, "distance": 0.0 if st == "touching" else d, "normal": n, "contacts": cts}
    nm = "xyz"[axis] + ("+" if sgn > 0 else "-") + str(off)
    extra = (" MuJoCo (margin 0.05) expects no contact since 0.1>0.05; in mink terms the "
             "pair is apart by 0.1 and the patch is that of the facing faces.") if d > 0.05 else ""
    case(MB+"751", "ConcentricAndContainedBoxes contained " + nm, "patch-mujoco-contained-" + nm,
         box([1, 1, 1]), box([.2, .2, .2], pos), ex,
         "Box of half size 0.2 moved along %s by %g inside/through a box of half size 1; "
         "MuJoCo expects every contact at dist offset-1-0.2 = %.10g with normal[axis] = "
         "dir. Patch: the small box's face (side 0.4) against the big box's face at "
         "%s=%g: 4 corners.%s" % ("xyz"[axis], sgn*off, d, "xyz"[axis], sgn, extra),
         (box_verts([1]*3), box_verts([.2]*3, None, pos), n))

h = 0.1 + 0.1*S2 - 0.005
q45 = axis_angle_quat([0, 1, 0], math.pi/4)
case(MB+"791", "CanonicalFaceAndEdgeAlignments 45-degree edge on face", "patch-mujoco-canonical-edge",
     box([.1]*3), box([.1]*3, [0, 0, h], q45),
     {"state": "penetrating", "distance": -0.005, "normal": [0, 0, 1],
      "contacts": [C([0, y, 0.1], [0, y, 0.095], -0.005) for y in (-0.1, 0.1)]},
     "Cubes of half size 0.1; B rotated 45 deg about y, centre at 0.1+0.1*sqrt2-0.005, so "
     "its lowest edge (parallel to y, at x=0) is at z=0.095, 5 mm into A's top face. "
     "MuJoCo: every contact dist -0.005, normal z. Edge on face: 2 contacts at the edge "
     "ends y=+-0.1 (A's face spans y in [-0.1,0.1] too). Brute-force SAT over all "
     "axes: next best overlap 0.0742, so the normal is unique.",
     (box_verts([.1]*3), box_verts([.1]*3, quat_mat(q45), [0, 0, h]), [0, 0, 1]))

q90 = axis_angle_quat([0, 0, 1], math.pi/2)
case(MB+"815", "CanonicalFaceAndEdgeAlignments perpendicular (90 deg about z)", "patch-mujoco-canonical-perp",
     box([.1]*3), box([.1]*3, [0, 0, 0.2-0.002], q90),
     {"state": "penetrating", "distance": -0.002, "normal": [0, 0, 1],
      "contacts": corners4(-.1, .1, -.1, .1, .1, 0.098, -0.002)},
     "B turned 90 deg about z is the same cube; centre at 0.198: face-face overlap "
     "0.002. MuJoCo: 4..8 contacts each at -0.002; the exact region is the 0.2x0.2 "
     "square, 4 corners.",
     (box_verts([.1]*3), box_verts([.1]*3, quat_mat(q90), [0, 0, 0.198]), [0, 0, 1]))

# ======================= MuJoCo: engine_collision_gjk_test.cc =======================
MG = "google-deepmind/mujoco test/engine/engine_collision_gjk_test.cc:"
case(MG+"609", "BoxBoxMultiCCD", "patch-mujoco-multiccd",
     box([1, 1, 1], [0, 0, 1.9]), box([10, 10, 1]),
     {"state": "penetrating", "distance": -0.1, "normal": [0, 0, -1],
      "contacts": corners4(-1, 1, -1, 1, 0.9, 1.0, -0.1)},
     "A: half size 1 at z=1.9 (bottom z=0.9); B: half extents (10,10,1) (top z=1). "
     "MuJoCo asserts 4 contacts, dir=(0,0,-1) (x1-x2, i.e. A->B in mink's sense) and "
     "positions (+-1,+-1,0.95) = midpoints; mink: point_a on z=0.9, point_b on z=1.",
     (box_verts([1]*3, None, [0, 0, 1.9]), box_verts([10, 10, 1]), [0, 0, -1]))
case(MG+"643", "BoxBoxMultiCCD2", "patch-mujoco-multiccd2",
     box([1, 1, 1], [9.5, 9.5, 1.9]), box([10, 10, 1]),
     {"state": "penetrating", "distance": -0.1, "normal": [0, 0, -1],
      "contacts": corners4(8.5, 10, 8.5, 10, 0.9, 1.0, -0.1)},
     "A over B's corner: A's bottom face [8.5,10.5]^2 clipped by B's top face "
     "[-10,10]^2 gives [8.5,10]^2 (side overlaps 1.5 > 0.1, so z stays the axis); "
     "MuJoCo positions (8.5|10, 8.5|10, 0.95) are the midpoints.",
     (box_verts([1]*3, None, [9.5, 9.5, 1.9]), box_verts([10, 10, 1]), [0, 0, -1]))

za, zb = -4.859662640000005, -4.9585742896728355
xc, yc = -0.0153465, -0.0235055
d8 = (za - 0.05) - (zb + 0.05)
case(MG+"951", "BoxBoxMultiCCD8", "patch-mujoco-multiccd8",
     box([.25, .25, .05], [xc, yc, za]), box([.25, .25, .05], [xc, yc, zb]),
     {"state": "penetrating", "distance": -(0.1 - (za - zb)), "normal": [0, 0, -1],
      "contacts": corners4(xc-.25, xc+.25, yc-.25, yc+.25, za-0.05, zb+0.05, -(0.1 - (za - zb)))},
     "Identical plates (0.25,0.25,0.05), same x,y, B below A; B's xmat has off-diagonal "
     "1.5e-17 (taken as identity). Overlap 0.1-(zA-zB) = 0.00108835 along -z (A->B); "
     "identical faces: the 4 corners. MuJoCo asserts 4 contacts.",
     (box_verts([.25, .25, .05], None, [xc, yc, za]), box_verts([.25, .25, .05], None, [xc, yc, zb]), [0, 0, -1]))

z1, z2 = 0.12576287454564056, 0.17513999999999996
xc, yc = -0.103486, -0.07651400000000003
case(MG+"1068", "BoxBoxMultiCCD10", "patch-mujoco-multiccd10",
     box([.025]*3, [xc, yc, z1]), box([.025]*3, [xc, yc, z2]),
     {"state": "penetrating", "distance": -((z1+0.025)-(z2-0.025)), "normal": [0, 0, 1],
      "contacts": corners4(xc-.025, xc+.025, yc-.025, yc+.025, z1+0.025, z2-0.025, -((z1+0.025)-(z2-0.025)))},
     "Two cubes of half size 0.025 stacked, same x,y: overlap (z1+0.025)-(z2-0.025) "
     "= 6.2287e-4; MuJoCo (max 8 contacts) asserts 4; the identical squares' corners.",
     (box_verts([.025]*3, None, [xc, yc, z1]), box_verts([.025]*3, None, [xc, yc, z2]), [0, 0, 1]))

penta = [[0.2, 0.0, 0.0], [0.0618, 0.1902, 0.0], [-0.16180000000000003, 0.1176, 0.0],
         [-0.16180000000000003, -0.1176, 0.0], [0.0618, -0.1902, 0.0]]
penta = [[0.2*v for v in p] for p in [[1, 0, 0], [0.309, 0.951, 0], [-0.809, 0.588, 0], [-0.809, -0.588, 0], [0.309, -0.951, 0]]]
prism = [[p[0], p[1], 0.0] for p in penta] + [[p[0], p[1], 0.1] for p in penta]
yv = 0.2*0.588; xlo = 0.2*-0.809
dz = 0.157 + xlo
case(MG+"1459", "BoxMesh (pentagonal prism on its side)", "patch-mujoco-boxmesh",
     shp("hull", [0, 0, 0.157], ROTY_M90, points=prism), box([3, 3, .01], [0, 0, -.01]),
     {"state": "penetrating", "distance": dz, "normal": [0, 0, -1],
      "contacts": [C([x, y, dz], [x, y, 0.0], dz) for x in (0.0, -0.1) for y in (-yv, yv)]},
     "Pentagonal prism (vertices 0.2*(cos,sin) pentagon, z in [0,0.1]) rotated by "
     "euler(0,-90,0) = -90 deg about y (local (x,y,z) -> world (-z,y,x)) at z=0.157; the "
     "face local x=-0.1618 (between (-0.1618,+-0.1176)) becomes the bottom rectangle "
     "x in {0,-0.1}, y=+-0.1176 at z=0.157-0.1618=-0.0048, inside the plate's top face "
     "z=0. MuJoCo calls Penetration(g2=mesh, g1=box) and asserts 4 contacts; A=prism, "
     "normal A->B = -z, depth 0.0048.",
     (xf(prism, MROTY_M90, [0, 0, 0.157]), box_verts([3, 3, .01], None, [0, 0, -.01]), [0, 0, -1]))

case(MG+"1519", "BoxMesh2 / BoxMeshPrune (pentagon face down)", "patch-mujoco-boxmesh2",
     shp("hull", [0, 0, -0.001], points=prism), box([3, 3, .01], [0, 0, -.01]),
     {"state": "penetrating", "distance": -0.001, "normal": [0, 0, -1], "contact_count": 4},
     "Upright prism at z=-0.001: its pentagonal bottom face is 0.001 into the plate. "
     "The exact region has 5 vertices (BoxMesh2 at :1489 asserts 5 with max 1000), more "
     "than mink's default 4, so only the count of the reduction is expected: 4, as "
     "BoxMeshPrune asserts with max_contacts=4.")
case(MG+"1581", "MeshMesh / MeshMeshPrune", "patch-mujoco-meshmesh",
     shp("hull", [0, 0, -0.01], points=[[sx, sy, sz*0.01] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]),
     shp("hull", [0, 0, -0.001], points=prism),
     {"state": "penetrating", "distance": -0.001, "normal": [0, 0, 1], "contact_count": 4},
     "Mesh plate (+-1,+-1,+-0.01) at z=-0.01 (top z=0) and the upright prism at "
     "z=-0.001: pentagon region (MeshMesh :1549 asserts 5 with max 1000); reduced to "
     "4 as MeshMeshPrune asserts with max 4.")

qz40 = [0.9396926207859084, 0.0, 0.0, 0.3420201433256687]
Rz40 = quat_mat(qz40)
lb = [[sx*0.6, sy*0.03, sz*0.03] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
cts = []
for sx in (-1, 1):
    for sy in (-1, 1):
        p = add(matvec(Rz40, [sx*0.6, sy*0.03, -0.03]), [0, 0, 0.02])
        cts.append(C([p[0], p[1], 0.0], p, -0.01))
case(MG+"1985", "LongBox (multicontact)", "patch-mujoco-longbox",
     box([1, 1, .3], [0, 0, -.3]), shp("hull", [0, 0, 0.02], qz40, points=lb),
     {"state": "penetrating", "distance": -0.01, "normal": [0, 0, 1], "contacts": cts},
     "Box mesh (0.6,0.03,0.03) turned 40 deg about z at z=0.02: bottom face z=-0.01, a "
     "1.2x0.06 rectangle well inside the top face of the (1,1,0.3) box (top z=0). "
     "MuJoCo: depth 0.01, normal z, and 4 contacts with multi-contact on. Contacts: "
     "Rz(40)*(+-0.6,+-0.03) at z=-0.01 (B) and z=0 (A).",
     (box_verts([1, 1, .3], None, [0, 0, -.3]), xf(lb, Rz40, [0, 0, 0.02]), [0, 0, 1]))

qe = [0.6644630243886748, 0.24184476264797522, 0.6644630243886747, 0.24184476264797528]
Re = quat_mat(qe)
lo = sorted(box_verts([1]*3, Re, [0, 0, 4.4]), key=lambda v: v[2])[:2]
ye = sum(v[1] for v in lo)/2; ze = sum(v[2] for v in lo)/2
s40, c40 = math.sin(math.radians(40)), math.cos(math.radians(40))
de = ze - 3.0
for nm, line, mk in [("BoxEdge", "1613", lambda p, r: box([1, 1, 1], p, r)),
                     ("MeshEdge", "1753", lambda p, r: shp("hull", p, r, points=[[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]))]:
    case(MG+line, nm, "patch-mujoco-" + nm.lower(),
         mk([0, 0, 2], None), mk([0, 0, 4.4], qe),
         {"state": "penetrating", "distance": de, "normal": [0, 0, 1],
          "contacts": [C([x, ye, 3.0], [x, ye, ze], de) for x in (-1.0, 1.0)]},
         "B = unit-half cube with euler(0,90,40): R=[[0,0,1],[s40,c40,0],[-c40,s40,0]] "
         "(the quaternion of the existing suite case). Its lowest edge is the one along "
         "local z = world x, at local (x,y)=(1,-1): world y = s40-c40 = %.12g, z = "
         "4.4-s40-c40 = %.12g, x in [-1,1]. A's top face z=3 spans x,y in [-1,1]: edge on "
         "face, 2 contacts at x=+-1, depth c40+s40-1.4 = 0.0088321. MuJoCo (max 4) "
         "asserts 2 contacts. SAT brute force: next axis 0.1067." % (s40-c40, 4.4-s40-c40),
         (box_verts([1]*3, None, [0, 0, 2]), box_verts([1]*3, Re, [0, 0, 4.4]), [0, 0, 1]))

q5 = [0.9990482215818578, 0.0, 0.043619387365336, 0.0]
R5 = quat_mat(q5)
lo = sorted(box_verts([1]*3, R5, [2, 0, 1]), key=lambda v: v[2])[:2]
xe = lo[0][0]; ze5 = lo[0][2]
case(MG+"1783", "MeshEdge2 (cube tilted 5 deg, deep in a floor box)", "patch-mujoco-meshedge2",
     box([6, 6, 2], [0, 0, -1]), shp("hull", [2, 0, 1], q5, points=[[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]),
     {"state": "penetrating", "distance": ze5 - 1.0, "normal": [0, 0, 1],
      "contacts": [C([xe, y, 1.0], [xe, y, ze5], ze5 - 1.0) for y in (-1.0, 1.0)]},
     "Floor box (6,6,2) at z=-1 (top z=1); unit-half cube mesh at (2,0,1) turned 5 deg "
     "about y. Depth cos5+sin5 = 1.0833504 along +z (SAT brute force: next 1.349). "
     "The cube's support along -z is the edge at local (x,z)=(1,-1): world x = "
     "2+cos5-sin5 = 2.909039, z = 1-cos5-sin5, y in [-1,1]: edge on face, 2 contacts. "
     "NOTE MuJoCo asserts 4 contacts here: its multi-contact clips the cube's bottom "
     "face (5 deg off the floor) as a face-face patch, a heuristic; under exact "
     "supporting features (mink's contract, tolerance 1e-9 of size) the patch is the edge.",
     (box_verts([6, 6, 2], None, [0, 0, -1]), box_verts([1]*3, R5, [2, 0, 1]), [0, 0, 1]))

qf = [-0.34831291801703534, 0.0, 0.0, 0.9373783180458455]
Vf = sorted(box_verts([0.65, 0.48, 0.04], quat_mat(qf), [1.10164554, -0.11389316, 0.74]), key=lambda v: -v[0])[:2]
xf_, yf_ = Vf[0][0], Vf[0][1]
case(MG+"2097", "BoxEdgeFlipped", "patch-mujoco-boxedgeflipped",
     box([0.65, 0.48, 0.04], [1.10164554, -0.11389316, 0.74], qf), box([0.1, 1.2, 1.4], [1.4, 0, 1.425]),
     {"state": "penetrating", "distance": -(xf_ - 1.3), "normal": [1, 0, 0],
      "contacts": [C([xf_, yf_, z], [1.3, yf_, z], -(xf_ - 1.3)) for z in (0.7, 0.78)]},
     "Flat box (0.65,0.48,0.04) turned about z only, at z=0.74; tall thin box with face "
     "x=1.3 (y in [-1.2,1.2], z in [0.025,2.825]). A's support along +x is a vertical "
     "edge (x=%.9g, y=%.9g, z in [0.70,0.78]); depth %.12g along +x (SAT brute force: "
     "next 0.6596). Edge on face: 2 contacts. MuJoCo asserts 2 contacts, the first with "
     "x1=(1.907368,-0.052973,0.7), x2=(1.3,-0.052973,0.7): exactly the z=0.7 one." % (xf_, yf_, xf_-1.3),
     (box_verts([0.65, 0.48, 0.04], quat_mat(qf), [1.10164554, -0.11389316, 0.74]), box_verts([0.1, 1.2, 1.4], None, [1.4, 0, 1.425]), [1, 0, 0]))

# BoxBoxLarge: B tilted by ~1.7e-10 rad; use the xmat directly
Mx = [[1.000000000000000, -0.000000000004566, -0.000000000167641],
      [0.000000000004566, 1.000000000000000, -0.000000000017877],
      [0.000000000167641, 0.000000000017877, 1.000000000000000]]
pB = [-0.000000000043537, -0.000000000012973, 0.599245786666870]
bot = [add(matvec(Mx, [sx*.1, sy*.1, -.1]), pB) for sx in (-1, 1) for sy in (-1, 1)]
case(MG+"1943", "BoxBoxLarge", "patch-mujoco-boxboxlarge",
     box([50, 50, .25], [0, 0, .25]), box([.1, .1, .1], pB, {"matrix": Mx}),
     {"state": "penetrating", "distance": min(p[2] for p in bot) - 0.5, "normal": [0, 0, 1],
      "contacts": [C([p[0], p[1], 0.5], p, p[2] - 0.5) for p in bot], "tol": 1e-9},
     "Huge plate (top z=0.5) and a 0.2 cube at z=0.59924578666687 tilted by ~1.7e-10 "
     "rad (xmat given to the pair as a matrix). MuJoCo: dist -0.000754 (1e-6) and 4 "
     "contacts. The cube's bottom corners differ in height by <4e-11, far inside the "
     "contact tolerance (1e-9 of the pair's size), so the patch is the bottom face's 4 "
     "corners, each with its own depth; tol 1e-9 absorbs the 1e-10-level choice of normal.")

# ======================= FCL: test/test_fcl_box_box.cpp =======================
FB = "flexible-collision-library/fcl test/test_fcl_box_box.cpp:"
qy45 = axis_angle_quat([0, 1, 0], math.pi/4)
r2 = S2/2
cts12 = [C([0, y, -r2], [0, y, 0.0], -r2) for y in (-.5, .5)]
case(FB+"259", "collision_box_box_all_contacts (1,2) top", "patch-fcl-boxbox-all-12",
     box([.5]*3, None, qy45), box([1.5]*3, [0, 0, -1.5]),
     {"state": "penetrating", "distance": -r2, "normal": [0, 0, -1], "contacts": cts12},
     "Unit cube turned 45 deg about y at the origin: its lowest edge (along y, x=0, "
     "y in [-0.5,0.5]) is at z=-sqrt2/2; box of side 3 with top face z=0. FCL: depth "
     "sqrt2/2, normal (0,0,-1) for order (1,2) (FCL normal points from o1 to o2 like "
     "mink's), contact on the edge x=0, |y|<=0.5. The patch is that edge on the face: "
     "2 contacts y=+-0.5, point_a on the edge, point_b on z=0.",
     (box_verts([.5]*3, quat_mat(qy45)), box_verts([1.5]*3, None, [0, 0, -1.5]), [0, 0, -1]))
qleft = axis_angle_quat([0, 1, 0], math.pi/2)
case(FB+"259", "collision_box_box_all_contacts (2,1) left", "patch-fcl-boxbox-all-21-left",
     box([1.5]*3, [0, 0, -1.5], qleft), box([.5]*3, None, qy45),
     {"state": "penetrating", "distance": -r2, "normal": [0, 0, 1],
      "contacts": [C(c["point_b"], c["point_a"], -r2) for c in cts12]},
     "Same boxes with box 2 pre-rotated pi/2 about y (FCL's 'left' isomorphic pose, the "
     "same cube) and the order swapped: FCL expects normal -(0,0,-1) = (0,0,1); the "
     "contacts are those of (1,2) with points exchanged.",
     (box_verts([1.5]*3, quat_mat(qleft), [0, 0, -1.5]), box_verts([.5]*3, quat_mat(qy45)), [0, 0, 1]))

th = math.pi/8
qx = axis_angle_quat([1, 0, 0], th); qz45 = axis_angle_quat([0, 0, 1], math.pi/4)
dep = r2*math.cos(math.pi/4 - th) - 0.25
ye = -r2*math.sin(math.pi/4 - th); ze_ = -r2*math.cos(math.pi/4 - th)
xe_ = r2 + ye
cull = [C([x, ye, ze_], [x, ye, -0.25], -dep) for x in (-xe_, xe_)]
case(FB+"343", "collision_box_box_cull_contacts (1,2) top", "patch-fcl-boxbox-cull-12",
     box([.5]*3, None, qx), box([.5]*3, [0, 0, -0.75], qz45),
     {"state": "penetrating", "distance": -dep, "normal": [0, 0, -1], "contacts": cull},
     "Box 1: unit cube tilted 22.5 deg about x; box 2: unit cube turned 45 deg about z "
     "at (0,0,-0.75) (top face a diamond |x|+|y|<=sqrt2/2 at z=-0.25). Box 1's lowest "
     "edge is parallel to x at y=-sqrt2/2*sin(pi/8), z=-sqrt2/2*cos(pi/8); depth "
     "sqrt2/2*cos(pi/4-theta)-0.25 = 0.40328 along (0,0,-1) (SAT brute force: next "
     "0.5396). FCL checks the contact lies on that edge with |x| <= sqrt2/2 + y. Exact "
     "patch: the edge clipped by the diamond, 2 contacts x=+-(sqrt2/2-|y|) = +-0.43651 "
     "(FCL's own box-box clips the 8-gon of box 1's tilted face and culls; that is its "
     "heuristic, the exact supporting feature of box 1 is the edge).",
     (box_verts([.5]*3, quat_mat(qx)), box_verts([.5]*3, quat_mat(qz45), [0, 0, -0.75]), [0, 0, -1]))

qe1 = quat_mul(axis_angle_quat([0, 1, 0], -math.pi/4), axis_angle_quat([0, 0, 1], math.pi/4))
dirv = [r2, 0, r2]
c1 = mul(S2 - 0.1, dirv)
pa = mul(r2 - 0.1, dirv); pb = mul(r2, dirv)
case(FB+"423", "collision_box_box_edge_contact (1,2) top", "patch-fcl-boxbox-edge-12",
     box([.5]*3, c1, qe1), box([.5]*3),
     {"state": "penetrating", "distance": -0.1, "normal": [-r2, 0, -r2], "contact_count": 1,
      "contacts": [C(pa, pb, -0.1)]},
     "Box 1 = unit cube rotated Rz(45) then Ry(-45) (quaternion qy(-pi/4)*qz(pi/4)), "
     "centre dir*(sqrt2-0.1), dir=(sqrt2/2,0,sqrt2/2); box 2 = unit cube at the origin. "
     "Box 1's edge nearest the origin is orthogonal to dir and to y; it crosses box 2's "
     "edge x=z=0.5 (along y): edge-edge, one point. FCL: depth 0.1, normal -dir, contact "
     "(midpoint) at dir*(sqrt2/2-0.05). mink: point_a on box 1's edge dir*(sqrt2/2-0.1), "
     "point_b on box 2's edge (0.5,0,0.5). SAT brute force: next 0.370.",
     (box_verts([.5]*3, quat_mat(qe1), c1), box_verts([.5]*3), [-r2, 0, -r2]))
qback = axis_angle_quat([1, 0, 0], math.pi/2)
case(FB+"423", "collision_box_box_edge_contact (2,1) back", "patch-fcl-boxbox-edge-21-back",
     box([.5]*3, None, qback), box([.5]*3, c1, qe1),
     {"state": "penetrating", "distance": -0.1, "normal": [r2, 0, r2], "contact_count": 1,
      "contacts": [C(pb, pa, -0.1)]},
     "Order swapped and box 2 pre-rotated pi/2 about x (FCL's 'back' pose, same cube): "
     "normal +dir, points exchanged.",
     (box_verts([.5]*3, quat_mat(qback)), box_verts([.5]*3, quat_mat(qe1), c1), [r2, 0, r2]))

# ======================= FCL: halfspace vs box/capsule/cylinder =======================
FG = "flexible-collision-library/fcl test/test_fcl_geometric_shapes.cpp:"
BIG = 20
def hs(h): return box([BIG]*3, [h - BIG, 0, 0])
for line, h, nm in [("1594", 0.0, "identity"), ("1642", 2.51, "x=2.51 (box inside)"), ("1654", -2.51, "x=-2.51 (apart)")]:
    d = -(h + 2.5)
    st = "separated" if d > 0 else "penetrating"
    cts = [C([-2.5, y, z], [h, y, z], d) for y in (-5, 5) for z in (-10, 10)]
    note = {"identity": "FCL: depth 2.5, normal (-1,0,0), contact (-1.25,0,0) (the middle "
                        "between the face x=-2.5 and the plane).",
            "x=2.51 (box inside)": "FCL: depth 5.01, normal (-1,0,0), contact (0.005,0,0): the "
                                   "box is entirely inside the half-space; the translation "
                                   "that ends the overlap moves the box by 5.01 along +x.",
            "x=-2.51 (apart)": "FCL asserts no collision; mink reports the gap 0.01 along -x "
                               "and the facing faces' patch."}[nm]
    case(FG+line, "shapeIntersection_halfspacebox " + nm, "patch-fcl-halfspacebox-" + nm.split()[0],
         box([2.5, 5, 10]), hs(h),
         {"state": st, "distance": d, "normal": [-1, 0, 0], "contacts": cts},
         "Box(5,10,20) = half extents (2.5,5,10) at the origin (A) against Halfspace(n=(1,0,0), "
         "d=0) translated by %g, i.e. x <= %g (B), modelled as a box of half size %d whose face "
         "x=%g covers the box's y,z range (other axes overlap >= 25). " % (h, h, BIG, h) + note +
         " Patch: A's face x=-2.5 (corners y=+-5, z=+-10) on B's face x=%g." % h,
         (box_verts([2.5, 5, 10]), box_verts([BIG]*3, None, [h - BIG, 0, 0]), [-1, 0, 0]))

for line, t, nm in [("2251", "capsule", "halfspacecapsule"), ("2722", "cylinder", "halfspacecylinder")]:
    case(FG+line, "shapeIntersection_%s identity" % nm, "patch-fcl-%s" % nm,
         shp(t, radius=5, half_height=5), hs(0.0),
         {"state": "penetrating", "distance": -5.0, "normal": [-1, 0, 0],
          "contacts": [C([-5, 0, z], [0, 0, z], -5.0) for z in (-5, 5)]},
         "FCL %s(5,10): radius 5, length 10 (half 5), axis z, at the origin vs half-space "
         "x<=0 (a box of half size %d with face x=0). FCL: depth 5, normal (-1,0,0), one "
         "contact (-2.5,0,0) = middle of the contact line. The exact patch is the side line "
         "x=-5, y=0, z in [-5,5] on the face: 2 contacts at z=+-5." % (t.capitalize(), BIG))

# ======================= ODE: tests/collision.cpp =======================
OD = "thomasmarsh/ODE tests/collision.cpp:"
case(OD+"63", "test_collision_trimesh_sphere_exact (triangle 0,1,2)", "patch-ode-trisphere",
     shp("triangle", points=[[-1, -1, 0], [1, -1, 0], [1, 1, 0]]), shp("sphere", [0, 0, 4], radius=4),
     {"state": "touching", "distance": 0.0, "normal": [0, 0, 1], "contact_count": 1,
      "contacts": [C([0, 0, 0], [0, 0, 0], 0.0)]},
     "ODE: square (-1..1)^2 in z=0 as two triangles, sphere r=4 at (0,0,4) touching the "
     "diagonal edge at the origin; ODE asserts depth 0 and normal (0,0,-1) (ODE's normal "
     "points into geom 1, i.e. B->A), so A->B is +z. One triangle (0,1,2) of the square "
     "is the pair; the touch point (0,0,0) is on its hypotenuse.")
case(OD+"90", "test_collision_trimesh_sphere_exact rotated (triangle 0,2,3)", "patch-ode-trisphere-rot",
     shp("triangle", [10, 30, 40], {"matrix": [[1, 0, 0], [0, 0, -1], [0, 1, 0]]},
         points=[[-1, -1, 0], [1, 1, 0], [-1, 1, 0]]),
     shp("sphere", [10, 26, 40], radius=4),
     {"state": "touching", "distance": 0.0, "normal": [0, -1, 0], "contact_count": 1,
      "contacts": [C([10, 30, 40], [10, 30, 40], 0.0)]},
     "Trimesh at (10,30,40) rotated 90 deg about x (ODE dMatrix3 rows 1 0 0 / 0 0 -1 / "
     "0 1 0: local (x,y,z) -> (x,-z,y)), sphere at (10,26,40): touch at (10,30,40). ODE "
     "asserts normal (0,1,0) into geom 1, so A->B is (0,-1,0).")

# ======================= Drake: BoxPenetrationTest =======================
DR = "RobotLocomotion/drake geometry/proximity/test/penetration_as_point_pair_callback_test.cc:"
pC = [0, 0, -1e-3]; corner = [-.5, -.5, -.5]
def pose_box(q):
    R = quat_mat(q)
    return q, sub(pC, matvec(R, corner))
q2 = axis_angle_quat([math.sqrt(0.5), -math.sqrt(0.5), 0], math.atan(S2))
q1 = quat_mul(axis_angle_quat([0, 1, 0], -math.pi/4), axis_angle_quat([1, 0, 0], math.pi/4))
ex = {"state": "penetrating", "distance": -1e-3, "normal": [0, 0, 1], "contact_count": 1,
      "contacts": [C([0, 0, 0], [0, 0, -1e-3], -1e-3)]}
rx90 = axis_angle_quat([1, 0, 0], math.pi/2)
cube5 = [[sx*5, sy*5, sz*5] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
drake = [
    ("914", "TangentBox1", box([5]*3, [0, 0, -5]), q1),
    ("918", "TangentBox2", box([5]*3, [0, 0, -5]), q2),
    ("929", "TangentSphere2", shp("sphere", [0, 0, -1], radius=1), q2),
    ("939", "TangentStandingCylinder2", shp("cylinder", [0, 0, -5], radius=1, half_height=5), q2),
    ("950", "TangentProneCylinder2", shp("cylinder", [0, 0, -1], rx90, radius=1, half_height=5), q2),
    ("957", "TangentConvex1", shp("hull", [0, 0, -5], points=cube5), q1),
    ("972", "TangentStandingCapsule2", shp("capsule", [0, 0, -6], radius=1, half_height=5), q2),
    ("981", "TangentProneCapsule2", shp("capsule", [0, 0, -1], rx90, radius=1, half_height=5), q1),
]
for line, nm, A, q in drake:
    qq, p = pose_box(q)
    which = "X_WB_1 = AngleAxis(-pi/4,y)*AngleAxis(pi/4,x)" if q is q1 else "X_WB_2 = AngleAxis(atan(sqrt2),(1,-1,0)/sqrt2)"
    case(DR+line, "BoxPenetrationTest " + nm, "patch-drake-" + nm.lower(),
         A, box([.5]*3, p, qq), ex,
         "Unit cube posed by %s, translated so its corner (-0.5,-0.5,-0.5) is at "
         "(0,0,-1e-3) and every other corner is above z=0; the tangent shape (A) touches "
         "z=0 at the origin from below (kRadius 1, kLength 10; capsule length = its "
         "cylinder part, so half_height 5; prone = rotated pi/2 about x, axis along y). "
         "Drake expects depth 1e-3, nhat_BA_W=(0,0,-1) (from the box B into A, so mink's "
         "A->B normal is +z), p_WCa=(0,0,0) on A, p_WCb=(0,0,-1e-3) on the box. A vertex "
         "is the box's supporting feature: a single contact." % which)

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "testdata",
                       "suites", "patches-others.ndjson"), "w") as f:
    for c in CASES:
        f.write(json.dumps(c) + "\n")
print(len(CASES), "cases")

# ---- cross-check the polytope contacts by brute force (independent of mink)
bad = 0
for pid, VA, VB, n in CHECKS:
    c = next(x for x in CASES if x["pair"]["id"] == pid)
    exp = c["expect"]["contacts"]
    got = patch(VA, VB, unit(n))
    dd, best = polytope_depth(VA, VB)
    ok_n = norm(sub(best[0][1], unit(n))) < 1e-9 and best[0][0] == best[0][0]
    # distance check
    if abs(-dd - c["expect"]["distance"]) > 1e-9 * 10:
        print("DEPTH MISMATCH", pid, -dd, c["expect"]["distance"]); bad += 1
    if not ok_n: print("NORMAL?", pid, best[0]); bad += 1
    used = set()
    for e in exp:
        m = [i for i, g in enumerate(got) if i not in used and norm(sub(g[0], e["point_a"])) < 1e-9
             and norm(sub(g[1], e["point_b"])) < 1e-9 and abs(g[2] - e["distance"]) < 1e-9]
        if not m: print("CONTACT MISMATCH", pid, e, got); bad += 1; break
        used.add(m[0])
    if len(got) != len(exp): print("COUNT MISMATCH", pid, len(got), len(exp)); bad += 1
print("cross-check problems:", bad, "of", len(CHECKS))
