#!/usr/bin/env python3
"""More of MuJoCo's collision tests as mink pairs (those mujoco.ndjson and
patches-others.ndjson leave out).

Sources (google-deepmind/mujoco):
  test/engine/engine_collision_box_test.cc   BoxSphere, ThinBox*,
      EdgeContactAtDepthBound, NearAlignedManifoldIsExact,
      ShallowOverlapSurvivesRounding, and the start poses of the models of
      BadContacts / DuplicateContacts (testdata/collision_box/*.xml)
  test/engine/engine_collision_convex_test.cc  CylinderBox
      (testdata/collision_convex/cylinder_box.xml)
  test/engine/engine_collision_gjk_test.cc   SphereSphereDistCutoff /
      SphereSphereNoDist (the only pose of that file not yet converted)
engine_collision_primitive_test.cc is not in the repository snapshot read;
the convex test's FramelessContact* only load models, and the box test's
AlignedTowerStands is a simulation: none is a fixed-pose query.

Conventions: MuJoCo sizes are half sizes (box half extents; cylinder radius
and half length along local z); quaternions are [w, x, y, z] as mink's; the
tests that write geom_xpos / geom_xmat from a quaternion give the pose
directly (geom 0 at the origin).  A free joint's qpos is the body position
then its quaternion, and a body's only geom sits at its origin.  The euler
angles of the XML models used here are single turns about z, so the axis
sequence does not matter.  MuJoCo's geom 1 is mink's A, geom 2 its B; the
contact normal of MuJoCo points from geom 1 to geom 2, as mink's.

Expectations are re-derived: refgeom's exact polytope oracle for box pairs,
closed forms for spheres, the cylinder and the touching face patches.
MuJoCo's tests mostly assert signs or a count of contacts; the notes say
what they check.  Geom margins are left out (mj_geomDistance and the
collider's depth are geometric distances).
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refgeom as R  # noqa: E402
import suitekit  # noqa: E402

BOX_SRC = "google-deepmind/mujoco test/engine/engine_collision_box_test.cc:%d"
CVX_SRC = "google-deepmind/mujoco test/engine/engine_collision_convex_test.cc:%d"
GJK_SRC = "google-deepmind/mujoco test/engine/engine_collision_gjk_test.cc:%d"

lines = []


def box(he, pos=(0.0, 0.0, 0.0), quat=None):
    s = {"type": "box", "half_extents": [float(x) for x in he], "position": [float(x) for x in pos]}
    if quat is not None:
        s["rotation"] = R.quat_normalize([float(x) for x in quat])
    return s


def add(src, case, pid, a, b, expect, note=None):
    lines.append(R.case_line(src, case, {"id": "mujoco-more-" + pid, "a": a, "b": b}, expect, note))


def oracle(src, case, pid, a, b, note=None, normal_tol=None):
    e = R.expect_from({"a": a, "b": b})
    if normal_tol is not None and "normal" in e:
        e["normal_tol"] = normal_tol
    add(src, case, pid, a, b, e, note)
    return e


def face_patch(z, corners):
    """Touching faces at height z: the patch is the corners (x, y) of the overlap."""
    pts = [[float(x), float(y), float(z)] for x, y in corners]
    return {"state": "touching", "intersecting": True, "distance": 0.0, "normal": [0.0, 0.0, 1.0],
            "contact_count": len(pts),
            "contacts": [{"point_a": p, "point_b": p, "distance": 0.0} for p in pts]}


# ---- gjk test: two unit spheres 3 apart (the only pose there not yet in mujoco.ndjson)
add(GJK_SRC % 201, "SphereSphereDistCutoff / SphereSphereNoDist", "sphere-sphere-apart",
    {"type": "sphere", "radius": 1.0, "position": [-1.5, 0.0, 0.0]},
    {"type": "sphere", "radius": 1.0, "position": [1.5, 0.0, 0.0]},
    {"state": "separated", "intersecting": False, "distance": 1.0, "normal": [1.0, 0.0, 0.0],
     "point_a": [-0.5, 0.0, 0.0], "point_b": [0.5, 0.0, 0.0]},
    "centres 3 apart, radii 1: distance 1; the source checks that a cutoff of 0.999999 gives no "
    "distance (line 201) and that Penetration finds no contact (line 225)")

# ---- box test, BoxSphere: sphere r 0.005 at (0, 0, z) against the box whose top face is z = 0
BOX_BS = box([0.05, 0.05, 0.025], [0, 0, -0.025])
for i, z in enumerate([-.015, -.00501, -.005, -.00499, 0.0, 0.004]):
    r = 0.005
    # the centre is in the box or on its top face, nearest the top face (0.05 to the sides,
    # 0.05 + z to the bottom): depth r - z along +z
    d = z - r
    add(BOX_SRC % 259, "BoxSphere: sphere at z = %g" % z, "box-sphere-%d" % i, dict(BOX_BS),
        {"type": "sphere", "radius": r, "position": [0.0, 0.0, z]},
        {"state": "penetrating", "intersecting": True, "distance": d, "normal": [0.0, 0.0, 1.0],
         "point_a": [0.0, 0.0, 0.0], "point_b": [0.0, 0.0, d]},
        "the sphere's centre is %s the box's top face z = 0, 0.05 from its sides: signed distance "
        "z - r = %r; the source (with a plane too) checks 2 contacts of equal depth"
        % ("on" if z == 0 else ("above" if z > 0 else "below"), d))

# ---- box test, ThinBoxNoSpuriousDeepContact: keyframe free-joint poses
q = [2.8218257713084481e-05, -0.013292121195706197, 0.029256072037790268,
     0.84130787082244052, 0.54054898504499482, 0.0015299333749655413, 0.0023495878161510389,
     -5.3521944872628108e-05, 0.01427117523229726, 0.029254416229696868,
     0.8413227886432264, -0.54053283716888822, 0.00024615852936852315, -0.00039580009650069315]
thin = [0.047, 0.032, 0.00035]
ta, tb = box(thin, q[0:3], q[3:7]), box(thin, q[7:10], q[10:14])
e = oracle(BOX_SRC % 329, "ThinBoxNoSpuriousDeepContact: keyframe pose", "thin-box-keyframe", ta, tb,
           "thin boxes edge to face about 15 um apart; the source checks gap > 0 and that every "
           "contact within the margin (1e-5 per geom, left out here) has positive distance")
assert e["distance"] > 0
n = e["normal"]
tb2 = dict(tb, position=[p - 1e-4 * c for p, c in zip(tb["position"], n)])
e2 = oracle(BOX_SRC % 342, "ThinBoxNoSpuriousDeepContact: box 2 pushed 1e-4 against the normal",
            "thin-box-pushed", ta, tb2,
            "box 2 moved by -1e-4 times the exact separating normal (the source uses its contact "
            "frame's normal, the same direction to its accuracy); the source checks gap < 0 and "
            "that the deepest contact equals the gap")
assert e2["distance"] < 0

# ---- box test: poses written into geom_xpos/xmat (geom 0 at the origin)
direct = [
    (382, "ThinBoxShallowPenetration", "thin-box-shallow",
     [0.00044359468518251132, 0.0019427705390657074, 0.00056716790015765711],
     [0.00062288175555326323, 0.0010906336314477707, 0.00030803275652456415],
     [-0.0011513383735175778, -0.0013813387665010076, -0.00043818094448460645],
     [0.28720146798163904, -0.083561810000907483, -0.51853459717827233, 0.80103346511099693],
     [0.51588977358544519, 0.63445106644895233, 0.50962161111201376, -0.26761053656263345],
     "the source checks gap < 0 and that the collider's deepest contact equals it"),
    (426, "ThinBoxTunneledPenetration: face contact", "thin-box-tunneled-face",
     [0.10375412296887962, 0.0014208822825842824, 0.029838770510023913],
     [0.0047738704827163959, 0.0007140947854610601, 0.0045937794963772805],
     [0.027189909560778446, 0.003935055006556199, -0.0055232476077228749],
     [-0.18064681165220281, -0.38732117424997786, 0.11417869384387985, 0.89683457966874658],
     [-0.29829616465597159, 0.84519552206173276, 0.23968520782082428, -0.37311516826607399],
     "deeper than box 1's thinnest half size; the source checks gap < 0 and the deepest contact "
     "(collider margin 1e-5) equals it"),
    (436, "ThinBoxTunneledPenetration: edge-edge contact", "thin-box-tunneled-edge",
     [0.034760484829104925, 0.00071213467312592935, 0.0059314873303977222],
     [0.013576183806600434, 0.0082162263322061238, 0.0011680617239575811],
     [0.0044392420645136049, -0.0041767483250730571, 0.00078140511512282684],
     [0.58664366826657666, 0.39991671184222333, 0.24085697266687636, -0.66174296278070577],
     [-0.35168496783547554, 0.48328103093900215, 0.12063144050164629, -0.79259395915916098],
     "the source checks gap < 0 and the deepest contact (collider margin 1e-4) equals it"),
    (491, "EdgeContactAtDepthBound: config 1", "edge-depth-bound-1",
     [0.018352361395955086, 0.038452208042144775, 0.047704100608825684],
     [0.026817722246050835, 0.0014398059574887156, 0.0082265362143516541],
     [-0.026325162500143051, 0.030753342434763908, 0.02338058315217495],
     [-0.90091776847839355, -0.42279955744743347, 0.097014322876930237, -0.013262901455163956],
     [0.23919239640235901, 0.056073460727930069, 0.91227829456329346, 0.32770577073097229],
     "the source checks gap < 0 and the deepest contact within 6% of it"),
    (497, "EdgeContactAtDepthBound: config 2", "edge-depth-bound-2",
     [0.044790275394916534, 0.0057221869938075542, 0.0049537895247340202],
     [0.026496950536966324, 0.019804427400231361, 0.0057344711385667324],
     [0.0094044031575322151, 0.020275400951504707, -0.017358051612973213],
     [0.040385473519563675, 0.75189536809921265, -0.55430221557617188, 0.35464280843734741],
     [-0.6716417670249939, 0.085770353674888611, 0.69683432579040527, -0.23656430840492249],
     "the source checks gap < 0 and the deepest contact within 6% of it"),
    (642, "ShallowOverlapSurvivesRounding", "shallow-overlap",
     [0.076610468327999115, 0.21989625692367554, 0.0005179486470296979],
     [0.02934698574244976, 0.00031350101926364005, 0.1565844863653183],
     [0.1099575087428093, 0.067433357238769531, -0.27263233065605164],
     [-0.59937000274658203, 0.082370907068252563, -0.38643673062324524, 0.6961590051651001],
     [0.051869582384824753, -0.75536203384399414, 0.60438132286071777, 0.24791309237480164],
     "the source's comment: overlap 7.1e-8 of the scale; it checks that the collider finds a contact"),
]
for line, case, pid, s1, s2, p2, q1, q2, note in direct:
    e = oracle(BOX_SRC % line, case, pid, box(s1, [0, 0, 0], q1), box(s2, p2, q2), note)
    assert e["distance"] < 0, (case, e)

# ---- box test, NearAlignedManifoldIsExact: box 2 over box 1, tilted by 10^k about (1, 0.5, 3)
ax = R.unit([1.0, 0.5, 3.0])
for k in range(-9, -1):
    th = 10.0 ** k
    qa = R.quat_axis_angle(ax, th)
    b1 = box([.05, .05, .05])
    b2 = box([.05, .05, .05], [0, 0, 0.1 - 1e-5], qa)
    # box 1's face normal z, box 2's and the edge-cross axes near z differ by O(th) in
    # direction and by O(th^2) in depth: for small tilts they tie to the oracle's accuracy,
    # so the normal (when the oracle calls it unique) is checked to 1.5 th only
    tol = None if th >= 1e-3 else max(1e-9, 1.5 * th)
    # depth along box 1's face normal z: box 2's lowest point below z = 0.05
    low = (0.1 - 1e-5) - .05 * sum(abs(R.quat_rotate(qa, e)[2]) for e in ([1, 0, 0], [0, 1, 0], [0, 0, 1]))
    dz = low - .05
    note = ("overlap 1e-5 face on face, box 2 turned by %g rad about (1, 0.5, 3); the source checks every "
            "contact normal is +z within 1e-15 and, for tilts 1e-6..1e-4, an 8-point (octagon) patch; "
            "mink's patch holds at most 4 points, so the count is not checked" % th)
    e = R.expect_from({"a": b1, "b": b2})
    if "normal" in e and R.angle(e["normal"], [0, 0, 1]) > 1e-12:
        note += ("; the exact minimum is along the edge-cross axis (box 1's y edge x box 2's x edge), "
                 "%.3g rad off +z, depth %r, less than the %r along +z MuJoCo's face-preferring "
                 "collider reports" % (R.angle(e["normal"], [0, 0, 1]), -e["distance"], -dz))
    if tol is not None and "normal" in e:
        e["normal_tol"] = tol
        note += "; normal to %g rad (face and edge axes tie)" % tol
    elif "normal" not in e:
        note += "; the face and edge axes tie to 1e-9 of the size: no unique normal"
    add(BOX_SRC % 578, "NearAlignedManifoldIsExact: tilt 1e%d rad" % k, "near-aligned-%d" % -k, b1, b2, e, note)
    assert e["distance"] < 0

# ---- box test: start poses of the BadContacts / DuplicateContacts models (box pairs that touch)
add(BOX_SRC % 45, "BadContacts boxbox_bad0.xml: geom01 under geom02", "bad0-01-02",
    box([.5, .5, 1.5], [-.9, 0, 1.5]), box([1.5, .5, .5], [-.7, 0, 3.5]),
    face_patch(3.0, [(-1.4, -.5), (-1.4, .5), (-.4, -.5), (-.4, .5)]),
    "geom01's top z = 3 is geom02's bottom: touching, the patch is geom01's top face "
    "(x in [-1.4, -0.4] within geom02's [-2.2, 0.8]); the source checks MuJoCo drops only contacts "
    "outside the boxes")
add(BOX_SRC % 45, "BadContacts boxbox_bad0.xml: geom03 under geom04", "bad0-03-04",
    box([.5, .5, 1.5], [.3, 0, 5.5]), box([1.5, .5, .5], [.2, 1e-9, 7.5]),
    face_patch(7.0, [(-.2, -.5 + 1e-9), (-.2, .5), (.8, -.5 + 1e-9), (.8, .5)]),
    "faces meet at z = 7; x in [-0.2, 0.8], y in [-0.5 + 1e-9, 0.5] (geom04 is 1e-9 off in y)")
# boxbox_bad1.xml: the free box (-30 deg about z) rests on the plank (+30 deg about z, its body
# 0.03 up, the geom 0.01 more, the hinge at 0)
qp, qc = R.quat_axis_angle([0, 0, 1], math.radians(30)), R.quat_axis_angle([0, 0, 1], math.radians(-30))
cc = [-.3, -.14, .055]
corners = []
for sx, sy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
    v = R.quat_rotate(qc, [.01 * sx, .01 * sy, -.01])
    corners.append((cc[0] + v[0], cc[1] + v[1]))
add(BOX_SRC % 45, "BadContacts boxbox_bad1.xml: free box on the plank", "bad1-box-plank",
    box([.1, .02, .005], [-.23, -.1, .04], qp), box([.01, .01, .01], cc, qc),
    face_patch(.045, corners),
    "the plank's top z = 0.045 is the small box's bottom; in the plank's frame the small box's "
    "centre is at (-0.0806, 0.0004), its bottom face within +-0.0137 of it, inside the plank's "
    "top (+-0.1, +-0.02): the patch is the small box's 4 bottom corners")
add(BOX_SRC % 149, "DuplicateContacts boxbox_duplicate.xml", "duplicate",
    box([1, 1, 1]), box([1, 1, 1], [0, 0, 2]),
    face_patch(1.0, [(-1, -1), (-1, 1), (1, -1), (1, 1)]),
    "unit boxes stacked face to face: touching, the patch is the shared face's 4 corners")

# ---- convex test, CylinderBox: cylinder (0.4, 0.03) at z 0.02 on the box (1, 1, 0.3) at z -0.3
add(CVX_SRC % 60, "CylinderBox cylinder_box.xml", "cylinder-box",
    box([1, 1, .3], [0, 0, -.3]), {"type": "cylinder", "radius": .4, "half_height": .03, "position": [0.0, 0.0, .02]},
    {"state": "penetrating", "intersecting": True, "distance": -0.01, "normal": [0.0, 0.0, 1.0]},
    "the cylinder's bottom disk z = -0.01 lies 0.01 below the box's top z = 0, well inside it "
    "(radius 0.4 < 1): depth 0.01 along +z; the patch is a disk (no unique points); the source "
    "counts 5 contacts with multiCCD, 1 without")

if __name__ == "__main__":
    suitekit.write_lines(lines, "mujoco-more.ndjson")
