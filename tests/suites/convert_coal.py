#!/usr/bin/env python3
"""Writes testdata/suites/coal.ndjson from Coal's (formerly hpp-fcl) tests.

Poses from coal-library/coal test/geometric_shapes.cpp whose shapes or
poses differ from FCL's (those FCL shares are in fcl.ndjson):
collide_cylindercylinder (cylinders of length 15), collide_conecone (the
pose nudged by 1e-5 along z) and GJKSolver_shapeDistance_cylinderbox.
Expected values are derived as in convert_fcl.py; a fixed transform stands
for generateRandomTransform.  Coal's Quatf(w, x, y, z) is Eigen's
Quaternion constructor: w first, as in mink.

usage: convert_coal.py [OUTPUT]
"""
import math
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import geom  # noqa: E402
import convert_fcl as F  # noqa: E402

FILE = "test/geometric_shapes.cpp"
S = geom.Suite("coal-library/coal", "coal")
F.S = S
F.FILE = FILE


def qpose(q, t):
    return (geom.quat_matrix(q), list(t))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "..", "testdata", "suites",
        "coal.ndjson")
    ID, T, tr, tp = F.ID, F.T, F.tr, F.tpair
    cy = ("cylinder", 5, 15)
    cn = ("cone", 5, 10)
    add = F.add
    add(613, "collide_cylindercylinder coincident", cy, ID, cy, ID,
        "the depth is the diameter, 10 (the length is 15); every radial "
        "direction is as good", check=-10)
    add(620, "collide_cylindercylinder coincident transformed", cy, T, cy, T,
        check=-10)
    add(626, "collide_cylindercylinder x=9.9", cy, ID, cy, tr(9.9, 0, 0),
        check=-0.1)
    add(632, "collide_cylindercylinder y=9.9", cy, ID, cy, tr(0, 9.9, 0),
        check=-0.1)
    add(644, "collide_cylindercylinder x=9.9 transformed", cy, T, cy,
        tp((9.9, 0, 0)), check=-0.1)
    add(649, "collide_cylindercylinder x=10.01", cy, ID, cy, tr(10.01, 0, 0))
    add(654, "collide_cylindercylinder x=10.01 transformed", cy, T, cy,
        tp((10.01, 0, 0)))

    w = 4 * math.sqrt(5)
    add(676, "collide_conecone coincident", cn, ID, cn, ID,
        "identical coincident cones: the least width is 4*sqrt(5)",
        check=-w)
    add(683, "collide_conecone coincident transformed", cn, T, cn, T,
        check=-w)
    add(691, "collide_conecone x=9.9 z=1e-5", cn, ID, cn, tr(9.9, 0, 1e-5))
    add(697, "collide_conecone x=9.9 z=1e-5 both transformed", cn, T, cn,
        F.compose(T, tr(9.9, 0, 1e-5)))
    add(710, "collide_conecone x=10.1", cn, ID, cn, tr(10.1, 0, 0))
    add(715, "collide_conecone x=10.001", cn, ID, cn, tr(10.001, 0, 0))
    add(720, "collide_conecone x=10.001 transformed", cn, T, cn,
        tp((10.001, 0, 0)))
    add(726, "collide_conecone z=9.9", cn, ID, cn, tr(0, 0, 9.9), check=-0.1)
    add(732, "collide_conecone z=9.9 transformed", cn, T, cn,
        tp((0, 0, 9.9)), check=-0.1)

    box = ("box", 1.6, 0.6, 0.025)
    tf2 = qpose([0.70738826916719977, 0, 0, 0.70682518110536596],
                [-0.29936284351096382, 0.80023864435868775,
                 0.71750000000000003])
    tf1 = qpose([0.5279170511703305, -0.50981118132505521,
                 -0.67596178682051911, 0.0668715876735793],
                [0.041218354748013122, 1.2022554710435607,
                 0.77338855025700015])
    add(3732, "shapeDistance_cylinderbox 1", ("cylinder", 0.029, 0.1), tf1,
        box, tf2)
    tf1b = qpose([0.52613359459338371, 0.32189408354839893,
                  0.70415587451837913, -0.35175580165512249],
                 [-0.66734052046473924, 0.22219183277457269,
                  0.76825248755616293])
    add(3765, "shapeDistance_cylinderbox 2", ("cylinder", 0.06, 0.1), tf1b,
        box, tf2)
    S.write(out)
    print("%s: %d cases" % (out, len(S.cases)))


if __name__ == "__main__":
    main()
