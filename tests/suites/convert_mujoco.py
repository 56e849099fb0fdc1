#!/usr/bin/env python3
"""MuJoCo's test/engine/engine_collision_gjk_test.cc as mink pairs.

MuJoCo's geom sizes are half sizes (box half extents, capsule and cylinder
radius and half length along local z, ellipsoid radii), its matrices are
row-major, its quaternions [w, x, y, z] and its euler angles degrees about
the moving axes x, y, z.  A mesh geom keeps its declared world geometry (the
compiler moves the mesh to its inertial frame and the geom frame with it), so
meshes are hulls of their scaled vertices in the declared frame.  The test's
`dir` is x1 - x2 normalised, from geom 1 towards geom 2 when they overlap,
like mink's normal; `margin` inflates each geom by margin/2.

The geom poses overwritten in the tests (xmat/xpos) are in TESTS below, read
from the test source.  Expectations are re-derived (refgeom's oracle, closed
forms, or the smooth solver for ellipsoids); MuJoCo's own recorded values are
checked against them in `notes` where they differ by more than their
tolerances.
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import refgeom as R  # noqa: E402

SRC = "google-deepmind/mujoco test/engine/engine_collision_gjk_test.cc:%d"

# ---- poses overwritten in the tests (name, line, calls, xmat<g>, xpos<g>), read from the source
TESTS = [
  {'name': 'SphereSphereDist', 'line': 163, 'calls': [(179, 'mjtNum dist = GeomDist(model, data, geom1, geom2, x1, x2);')]},
  {'name': 'SphereSphereDistCutoff', 'line': 186, 'calls': [(201, 'mjtNum dist = GeomDist(model, data, geom1, geom2, nullptr, nullptr, .999999);')]},
  {'name': 'SphereSphereNoDist', 'line': 206, 'calls': [(225, 'int ncons = Penetration(status, dist, dir, pos, model, data, geom1, geom2);')]},
  {'name': 'SphereSphereIntersect', 'line': 230, 'calls': [(249, 'int ncons = Penetration(status, dist, dir, pos, model, data, geom1, geom2);')]},
  {'name': 'BoxBoxDepth', 'line': 267, 'calls': [(286, 'int ncons = Penetration(status, dist, dir, pos, model, data, geom1, geom2);')]},
  {'name': 'BoxBoxDepth2', 'line': 296, 'calls': [(332, 'int ncons = Penetration(status, dist, dir, pos, model, data, geom1, geom2);')], 'xmat1': [0.9999999660394431, -3.3960556969622166e-08, -0.0002606167907773242, -3.396055697208763e-08, 0.9999999660394431, -0.0002606167907773218, 0.0002606167907773242, 0.0002606167907773218, 0.999999932078886], 'xpos1': [-0.00017120857750729172, -0.0001712085775072909, 1.0671195862485539]},
  {'name': 'BoxBoxDepth3', 'line': 341, 'calls': [(394, 'int ncons = Penetration(status, dist, dir, pos, model, data, geom1, geom2);')], 'xmat0': [0.9659258262890682, -0.25881904510252074, 6.339100926609e-18, 0.25881904510252074, 0.9659258262890682, -2.14827792362716e-16, 4.9478422780336e-17, 2.09148392896446e-16, 1.0], 'xmat1': [0.8660254037844387, -0.49999999999999994, 1.8716705841316e-17, 0.49999999999999994, 0.8660254037844387, -2.6316173687573e-16, 1.15371725704125e-16, 2.37263102359077e-16, 1.0], 'xpos0': [-0.0153464999999992, -0.023505500000000002, -4.562296442400121], 'xpos1': [-0.015346499999999798, -0.0235055, -4.659230360891631]},
  {'name': 'BoxBoxSize05', 'line': 404, 'calls': [(457, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 4);')], 'xmat0': [1.0, 4.728988e-08, -5.0905665e-08, -4.728988e-08, 1.0, 1.7136196e-08, 5.0905665e-08, -1.7136193e-08, 1.0], 'xmat1': [1.0, -1.372695e-08, 8.94602e-09, 1.372695e-08, 1.0, -1.2039017e-08, -8.94602e-09, 1.2039017e-08, 1.0], 'xpos0': [9.724202e-09, -1.4139289e-08, 7.369161128997803], 'xpos1': [1.3445962e-08, -1.9194527e-08, 8.26449203491211]},
  {'name': 'BoxBoxSize05b', 'line': 462, 'calls': [(515, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 4);')], 'xmat0': [1.0, -8.764291e-09, 3.86995168e-07, 8.764733e-09, 1.0, -1.144207772e-06, -3.86995168e-07, 1.144207772e-06, 1.0], 'xmat1': [1.0, 3.313412e-09, -1.96321196e-07, -3.313673e-09, 1.0, -1.329654879e-06, 1.96321196e-07, 1.329654879e-06, 1.0], 'xpos0': [9.62082822e-07, -1.747370789e-06, 3.469238519668579], 'xpos1': [2.897753802e-06, -4.625266229e-06, 4.435211658477783]},
  {'name': 'BoxBoxSize05c', 'line': 523, 'calls': [(576, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 4);')], 'xmat0': [1.0, -5.70266e-10, 1.68314983e-07, 5.7029e-10, 1.0, -1.42656916e-07, -1.68314983e-07, 1.42656916e-07, 1.0], 'xmat1': [1.0, -5.8608e-11, 1.607574859e-06, 6.0496e-11, 1.0, -1.174638669e-06, -1.607574859e-06, 1.174638669e-06, 1.0], 'xpos0': [1.88941314e-07, -1.95227585e-07, 0.497281551361084], 'xpos1': [9.53407323e-07, -9.23845278e-07, 1.493984460830688]},
  {'name': 'BoxBoxTouching', 'line': 584, 'calls': [(603, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2);')]},
  {'name': 'BoxBoxMultiCCD', 'line': 609, 'calls': [(628, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 1000);')]},
  {'name': 'BoxBoxMultiCCD2', 'line': 643, 'calls': [(662, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 1000);')]},
  {'name': 'BoxBoxMultiCCD3', 'line': 677, 'calls': [(714, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 1000);')], 'xmat1': [0.999999806540386, -1.4738590672566123e-05, 0.0006218536517648646, -0.0006218534342691464, 1.475687855519148e-05, 0.9999998065402517, -1.474776444006031e-05, -0.9999999997825043, 1.4747710457105431e-05], 'xpos1': [-0.9412186185918694, 2.209729011624416, 1.0954567026303823]},
  {'name': 'BoxBoxMultiCCD4', 'line': 719, 'calls': [(772, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 1000);')], 'xmat0': [0.5000632466941185, -0.8659888850785822, -1.5036290463686326e-05, 0.8659888852088018, 0.5000632466036506, 9.541064416582983e-06, -7.433595104331356e-07, -1.7792396065397684e-05, 0.9999999998414385], 'xmat1': [0.9999999994486337, -3.320742076119545e-05, -4.492552733386883e-08, 3.3207420790006527e-05, 0.999999999448429, 6.414586527410463e-07, 4.490422612170667e-08, -6.414601442482573e-07, 0.9999999999997944], 'xpos0': [-0.015346718925143525, -0.023500448793229847, -4.85938271725998], 'xpos1': [-0.015347749710384112, -0.023500601273213628, -4.958782854594746]},
  {'name': 'BoxBoxMultiCCD5', 'line': 782, 'calls': [(836, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 1000);')], 'xmat0': [0.9659550455620104, -0.25870989814173967, -0.00019635881126703247, 0.25870991923141956, 0.9659550556341746, 9.047678584621864e-05, 0.00016626654641123972, -0.00013819647999766007, 0.9999999766285829], 'xmat1': [0.8660765366776939, -0.49991138841360205, -0.00019065875372916222, 0.49991140991206184, 0.8660765409353228, 8.649418936821106e-05, 0.00012188564363202074, -0.00017022307435958652, 0.9999999780839994], 'xpos0': [-0.015381524498156992, -0.02352793189039658, -4.559214004409498], 'xpos1': [-0.015358668590921718, -0.023542070504611382, -4.659108354876987]},
  {'name': 'BoxBoxMultiCCD6', 'line': 846, 'calls': [(882, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 1000);')], 'xmat1': [-0.4126175289928081, -0.9109039391434114, -0.0008879306753514478, 0.9109043703831071, -0.4126172757949861, -0.0004601439757365456, 5.277142371321313e-05, -0.0009986834030241984, 0.999999499923193], 'xpos1': [0.413029898172642, 0.19077771529313514, 0.10000665801741174]},
  {'name': 'BoxBoxMultiCCD7', 'line': 892, 'calls': [(946, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 1000);')], 'xmat0': [0.4828519328270586, -0.8756974590063814, 0.0028233410954369505, 0.8757010840727742, 0.48285360192776605, -0.0001022699901417107, -0.0012737028469027123, 0.00252178412039148, 0.9999960091349906], 'xmat1': [0.9999851338053065, -0.0052938452715284605, 0.0013066639304436518, 0.005293871114312042, 0.9999859872329673, -1.6319793417504115e-05, -0.001306559226005187, 2.323686124176687e-05, 0.9999991461811555], 'xpos0': [-0.002020740254618143, -0.022654384848980465, -4.8585429021443245], 'xpos1': [-0.011066235018223425, -0.023114696036485725, -4.958375812037025]},
  {'name': 'BoxBoxMultiCCD8', 'line': 951, 'calls': [(1004, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 1000);')], 'xmat0': [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0], 'xmat1': [1.0, 0.0, 0.0, 0.0, 1.0, -1.5361939765351e-17, 0.0, 1.5361939765351e-17, 1.0], 'xpos0': [-0.0153465, -0.0235055, -4.859662640000005], 'xpos1': [-0.0153465, -0.0235055, -4.9585742896728355]},
  {'name': 'BoxBoxMultiCCD9', 'line': 1009, 'calls': [(1063, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 1000);')], 'xmat0': [1.0, -5.0579e-36, 1.927715439853908e-19, 5.6403e-36, 1.0, -3.0208514688407265e-18, -1.927715439853908e-19, 3.0208514688407265e-18, 1.0], 'xmat1': [1.0, 3.7070001e-33, -6.495787477412687e-17, 6.4174485e-33, 1.0, 1.5586175822263984e-16, 6.495787477412687e-17, -1.5586175822263984e-16, 1.0], 'xpos0': [-0.10714000000000003, -0.19285999999999998, 0.17499515245649172], 'xpos1': [-0.10714000000000003, -0.19285999999999998, 0.21562591877938536]},
  {'name': 'BoxBoxMultiCCD10', 'line': 1068, 'calls': [(1099, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 8);')], 'xpos0': [-0.103486, -0.07651400000000003, 0.12576287454564056], 'xpos1': [-0.103486, -0.07651400000000003, 0.17513999999999996]},
  {'name': 'BoxBoxMultiCCD11', 'line': 1104, 'calls': [(1159, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 8);')], 'xmat0': [1.0, 0.0, 0.0, 0.0, 1.0, -1.3928437397151767e-18, 0.0, 1.3928437397151767e-18, 1.0], 'xmat1': [1.0, 0.0, 0.0, 0.0, 1.0, -1.888526835460578e-18, 0.0, 1.888526835460578e-18, 1.0], 'xpos0': [-0.103655, -0.19634500000000002, 0.12476850384683685], 'xpos1': [-0.103655, -0.19634500000000002, 0.17452484978974378]},
  {'name': 'BoxBoxMultiCCD12', 'line': 1165, 'calls': [(1218, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 8);')], 'xmat0': [1.0, 0.0, 0.0, 0.0, 1.0, -3.215438347827794e-18, 0.0, 3.215438347827794e-18, 1.0], 'xmat1': [1.0, 0.0, 0.0, 0.0, 1.0, -1.899760230205255e-18, 0.0, 1.899760230205255e-18, 1.0], 'xpos0': [0.016429999999999986, -0.07643000000000003, 0.1252706891962387], 'xpos1': [0.016429999999999986, -0.07643000000000003, 0.17483742489487186]},
  {'name': 'BoxBoxMultiCCD13', 'line': 1223, 'calls': [(1276, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 8);')], 'xmat0': [1.0, -1.366192847e-31, -2.4512354020419446e-16, 1.366707863e-31, 1.0, 2.1010473249419789e-19, 2.4512354020419446e-16, -2.1010473249419789e-19, 1.0], 'xmat1': [1.0, -7.40327228e-32, -2.5572597454637663e-16, 7.75428823e-32, 1.0, 1.3726253399708176e-17, 2.5572597454637663e-16, -1.3726253399708176e-17, 1.0], 'xpos0': [-0.1, -0.2, -0.08099218107600015], 'xpos1': [-0.1, -0.2, -0.04183966952864324]},
  {'name': 'BoxBoxMultiCCD14', 'line': 1285, 'calls': [(1338, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 8);')], 'xmat0': [0.9999999980312528, 1.7910915061244517e-05, -6.01389470252842e-05, -1.7910868685174208e-05, 0.9999999998393023, 7.716871733595439e-07, 6.013896083724344e-05, -7.706100310572527e-07, 0.9999999981913554], 'xmat1': [0.9999999606378873, -1.8681857073357218e-05, -0.000279955731014353, 1.8685325299759272e-05, 0.9999999997487241, 1.2385871115819116e-05, 0.0002799554995529331, -1.23911016921886e-05, 0.9999999607356884], 'xpos0': [0.00020512571331614737, 5.179315738088348e-06, -0.0800031938952458], 'xpos1': [0.0002145111032389044, -5.133899975136876e-06, -0.040005900962563914]},
  {'name': 'BoxBoxMultiCCD15', 'line': 1342, 'calls': [(1395, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 4);')], 'xmat0': [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0], 'xmat1': [1.0, 1.62423755001306e-10, -1.73500047822017e-05, 1.44241105171083e-10, 1.0, 1.76752037077677e-05, 1.73500047822017e-05, -1.76752037077677e-05, 1.0], 'xpos0': [0.0, 0.0, 0.0], 'xpos1': [0.0520339831709862, -0.0520339831709862, 0.124986477196217]},
  {'name': 'SmallBoxMesh', 'line': 1400, 'calls': [(1440, 'int ncons = Penetration(status, dist, dir, pos, model, data, geom1, geom2);')]},
  {'name': 'BoxMesh', 'line': 1459, 'calls': [(1484, 'int ncons = Penetration(status, dist, dir, pos, model, data, g2, g1, 0, 1000);')]},
  {'name': 'BoxMesh2', 'line': 1489, 'calls': [(1514, 'int ncons = Penetration(status, dist, dir, pos, model, data, g2, g1, 0, 1000);')]},
  {'name': 'BoxMeshPrune', 'line': 1519, 'calls': [(1544, 'int ncons = Penetration(status, dist, dir, pos, model, data, g2, g1, 0, 4);')]},
  {'name': 'MeshMesh', 'line': 1549, 'calls': [(1576, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 1000);')]},
  {'name': 'MeshMeshPrune', 'line': 1581, 'calls': [(1608, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 4);')]},
  {'name': 'BoxEdge', 'line': 1613, 'calls': [(1632, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 4);')]},
  {'name': 'BoxEdge2', 'line': 1637, 'calls': [(1690, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 4);')], 'xmat0': [0.9999979704374095, -0.001778936344951647, -0.000945783560981819, 0.0017817418144636251, 0.9999939910254955, 0.0029737701675293876, 0.0009404877299599626, -0.0029754492741947336, 0.9999951310803709], 'xmat1': [0.0006737475542006746, -0.009560368958563083, 0.9999540716500983, -0.10956581347262509, 0.993933408575618, 0.009576629643873485, -0.9939793149670246, -0.10956723352640668, -0.00037782939897727883], 'xpos0': [0.000557860297929612, 0.00986459500897836, 1.1037596929447946], 'xpos1': [-0.021811935945573104, 0.9828851949225972, 3.0930077345364815]},
  {'name': 'BoxEdgeEdge', 'line': 1695, 'calls': [(1748, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 4);')], 'xmat0': [0.9182779243587342, -3.6426856406889076e-20, 0.39593642625478986, -5.913215775024414e-20, 1.0, 2.291443915550544e-19, -0.39593642625478986, -2.338308114719866e-19, 0.9182779243587342], 'xmat1': [0.9182779243587342, 7.283981447564164e-20, -0.39593642625478986, -1.6740602515931585e-19, 1.0, -2.0428896527128375e-19, 0.39593642625478986, 2.5387619033380694e-19, 0.9182779243587342], 'xpos0': [-1.3241298058948088, 7.148993364299687e-19, 2.814152615358873], 'xpos1': [1.324129805894809, -8.679606505055749e-19, 2.814152615358873]},
  {'name': 'MeshEdge', 'line': 1753, 'calls': [(1778, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 4);')]},
  {'name': 'MeshEdge2', 'line': 1783, 'calls': [(1818, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 4);')]},
  {'name': 'EllipsoidEllipsoidPenetrating', 'line': 1823, 'calls': [(1835, 'int ncons = Penetration(status, dist, dir, pos, model, data, geom1, geom2);')]},
  {'name': 'EllipsoidEllipsoid', 'line': 1841, 'calls': [(1856, 'mjtNum dist = GeomDist(model, data, geom1, geom2, nullptr, nullptr);')]},
  {'name': 'EllipsoidEllipsoidSlowConvergence', 'line': 1861, 'calls': [(1917, 'Penetration(status, dist, dir, pos, model, data, geom1, geom2);')], 'xmat0': [0.9879924519127165, -0.13055117805648397, -0.08262750674904573, -0.039107988380011484, 0.30606703783583483, -0.9512063569989782, 0.14947066671547388, 0.9430160965001937, 0.2972863292066587], 'xmat1': [0.5330165608121595, -0.5933551663348665, -0.6031774137711904, -0.3946941487774638, 0.4562016753522311, -0.7975566188846108, 0.7484048869567944, 0.6631814819410611, 0.008969235733740963], 'xpos0': [0.44826351361072503, -0.1044142331517169, 0.2121646627845365], 'xpos1': [0.396941371876243, 0.009615426467416881, 0.29832742817753183]},
  {'name': 'BoxBox', 'line': 1923, 'calls': [(1938, 'mjtNum dist = GeomDist(model, data, geom1, geom2, nullptr, nullptr);')]},
  {'name': 'BoxBoxLarge', 'line': 1943, 'calls': [(1979, 'int ncon = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 1000);')], 'xmat1': [1.0, -4.566e-12, -1.67641e-10, 4.566e-12, 1.0, -1.7877e-11, 1.67641e-10, 1.7877e-11, 1.0], 'xpos1': [-4.3537e-11, -1.2973e-11, 0.59924578666687]},
  {'name': 'LongBox', 'line': 1985, 'calls': [(2009, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2);'), (2019, 'ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 1000);')]},
  {'name': 'EllipsoidEllipsoidIntersect', 'line': 2023, 'calls': [(2042, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 15);')]},
  {'name': 'CapsuleCapsule', 'line': 2048, 'calls': [(2063, 'mjtNum dist = GeomDist(model, data, geom1, geom2, nullptr, nullptr);')]},
  {'name': 'CylinderBoxMargin', 'line': 2068, 'calls': []},
  {'name': 'BoxEdgeFlipped', 'line': 2097, 'calls': [(2117, 'int ncons = Penetration(status, dist, dir, pos, model, data, g1, g2, 0, 1000);')]},
  {'name': 'ThinBoxGrazing', 'line': 2128, 'calls': [(2174, 'mjtNum dist = mj_geomDistance(model.get(), data.get(), g1, g2, 1, nullptr);')], 'xmat0': [0.41747699392674587, 0.7445704580736479, -0.5208913442416622, 0.735898261710082, -0.6133129289446175, -0.28688150794614425, -0.5330728917830726, -0.263556605216739, -0.8039721437292835], 'xmat1': [-0.11330328891322261, 0.6014637637569688, -0.7908246996703808, 0.9557435215667675, 0.2834865022971088, 0.07867479900517776, 0.2715081687621951, -0.7469114699230777, -0.6069650487406557], 'xpos1': [-0.004522410871927232, -0.009955852699440446, 0.00749543399075938]},
]

BY_NAME = {t["name"]: t for t in TESTS}
lines = []


def euler(a, b, c):
    d = math.pi / 180
    q = R.quat_mul(R.quat_axis_angle([1, 0, 0], a * d), R.quat_axis_angle([0, 1, 0], b * d))
    return R.quat_mul(q, R.quat_axis_angle([0, 0, 1], c * d))


def pose(shape, pos=None, quat=None):
    if pos is not None:
        shape["position"] = [float(x) for x in pos]
    if quat is not None:
        shape["rotation"] = quat
    return shape


def box(size, pos=None, quat=None):
    return pose({"type": "box", "half_extents": [float(x) for x in size]}, pos, quat)


def mesh(verts, sc, pos=None, quat=None):
    pts = [[verts[i] * sc[0], verts[i + 1] * sc[1], verts[i + 2] * sc[2]] for i in range(0, len(verts), 3)]
    return pose({"type": "hull", "points": pts}, pos, quat)


CUBE = [-1, -1, -1, 1, -1, -1, 1, 1, -1, 1, 1, 1, 1, -1, 1, -1, 1, -1, -1, 1, 1, -1, -1, 1]
PENTA = [1, 0, 0, 0.309, 0.951, 0, -0.809, 0.588, 0, -0.809, -0.588, 0, 0.309, -0.951, 0,
         1, 0, 1, 0.309, 0.951, 1, -0.809, 0.588, 1, -0.809, -0.588, 1, 0.309, -0.951, 1]


def overridden(name, g, shape):
    t = BY_NAME[name]
    if "xpos%d" % g in t:
        shape["position"] = t["xpos%d" % g]
    if "xmat%d" % g in t:
        shape["rotation"] = R.mat_to_quat(t["xmat%d" % g])
    return shape


def call_line(name, k=0):
    return BY_NAME[name]["calls"][k][0]


def emit(name, pid, a, b, expect, note=None, k=0, case=None):
    pair = {"id": "mujoco-" + pid, "a": a, "b": b}
    lines.append(R.case_line(SRC % call_line(name, k), case or name, pair, expect, note))
    return pair


def compare(e, rec):
    """Notes where the source's recorded value is off the exact one by more
    than the source's own tolerance."""
    out = []
    if "dist" in rec and "distance" in e:
        want, tol = rec["dist"]
        if abs(e["distance"] - want) > tol:
            out.append("the source records distance %r (within %g); the exact value is %.17g"
                       % (want, tol, e["distance"]))
    if "dir" in rec and "normal" in e:
        want, tol = rec["dir"]
        if max(abs(x - y) for x, y in zip(e["normal"], want)) > tol:
            out.append("the source records dir %r (within %g), the direction of one of its contact points; "
                       "the exact normal is [%s]"
                       % (want, tol, ", ".join("%.9g" % x for x in e["normal"])))
    return "; ".join(out) or None


def poly_case(name, pid, a, b, rec=None, note=None, touching=False, k=0, case=None):
    pair = {"id": "mujoco-" + pid, "a": a, "b": b}
    e = R.expect_from(pair, touching_exact=touching)
    notes = [x for x in (note, compare(e, rec or {})) if x]
    emit(name, pid, a, b, e, "; ".join(notes) or None, k, case)


# ---- spheres and boxes at declared poses
sph = lambda r, p: {"type": "sphere", "radius": float(r), "position": [float(x) for x in p]}
poly_case("SphereSphereDist", "sphere-sphere-dist", sph(1, [-1.5, 0, 0]), sph(1, [1.5, 0, 0]),
          {"dist": (1.0, 0.0)})
poly_case("SphereSphereIntersect", "sphere-sphere-intersect", sph(3, [-1, 0, 0]), sph(3, [3, 0, 0]),
          {"dist": (-2.0, 1e-6), "dir": ([1, 0, 0], 1e-6)})
poly_case("BoxBoxDepth", "box-box-depth", box([2.5, 2.5, 2.5], [-1, 0, 0]), box([1, 1, 1], [1.5, 0, 0]),
          {"dist": (-1.0, 1e-6), "dir": ([1, 0, 0], 1e-6)})
poly_case("BoxBoxDepth2", "box-box-depth2", box([5, 5, .1]), overridden("BoxBoxDepth2", 1, box([1, 1, 1])),
          {"dist": (-0.033401579411886845, 1e-6), "dir": ([0, 0, 1], 1e-5)})
poly_case("BoxBoxDepth3", "box-box-depth3", overridden("BoxBoxDepth3", 0, box([.25, .25, .05])),
          overridden("BoxBoxDepth3", 1, box([.25, .25, .05])),
          {"dist": (-0.003066, 1e-6), "dir": ([0, 0, -1], 1e-6)})
for nm, rec in (("BoxBoxSize05", {}), ("BoxBoxSize05b", {"dir": ([0, 0, 1], 1e-5)}),
                ("BoxBoxSize05c", {"dir": ([0, 0, 1], 1e-5)})):
    poly_case(nm, nm.lower().replace("boxboxsize", "box-box-size"), overridden(nm, 0, box([.5, .5, .5])),
              overridden(nm, 1, box([.5, .5, .5])), rec)
z = 1.859913200000001376466229885409
poly_case("BoxBoxTouching", "box-box-touching", box([1, 1, 1], [0, 0, z]), box([1, 1, 1], [0, 2, z]), {},
          note="faces exactly in contact: touching (MuJoCo makes no contact of it)", touching=True)
poly_case("BoxBoxMultiCCD", "box-box-multiccd", box([1, 1, 1], [0, 0, 1.9]), box([10, 10, 1]),
          {"dist": (-.1, 1e-6), "dir": ([0, 0, -1], 1e-6)})
poly_case("BoxBoxMultiCCD2", "box-box-multiccd2", box([1, 1, 1], [9.5, 9.5, 1.9]), box([10, 10, 1]),
          {"dist": (-.1, 1e-6), "dir": ([0, 0, -1], 1e-6)})
poly_case("BoxBoxMultiCCD3", "box-box-multiccd3", box([5, 5, .1]), overridden("BoxBoxMultiCCD3", 1, box([1, 1, 1])))
multi = {
    "BoxBoxMultiCCD4": ([.25, .25, .05], [.25, .25, .05], {"dist": (-0.00060425119242707459, 1e-6), "dir": ([0, 0, -1], 1e-6)}),
    "BoxBoxMultiCCD5": ([.25, .25, .05], [.25, .25, .05], {"dist": (-0.0001077858631973211, 1e-6),
                                                           "dir": ([0.00019065, -0.00008649, -1], 1e-6)}),
    "BoxBoxMultiCCD7": ([.25, .25, .05], [.25, .25, .05], {}),
    "BoxBoxMultiCCD8": ([.25, .25, .05], [.25, .25, .05], {}),
    "BoxBoxMultiCCD9": ([.025] * 3, [.025] * 3, {}),
    "BoxBoxMultiCCD10": ([.025] * 3, [.025] * 3, {}),
    "BoxBoxMultiCCD11": ([.025] * 3, [.025] * 3, {}),
    "BoxBoxMultiCCD12": ([.025] * 3, [.025] * 3, {}),
    "BoxBoxMultiCCD13": ([.02] * 3, [.02] * 3, {"dir": ([0, 0, 1], 1e-6)}),
    "BoxBoxMultiCCD14": ([.02] * 3, [.02] * 3, {}),
    "BoxBoxMultiCCD15": ([.5, .5, .1], [.025] * 3, {}),
}
for nm, (s1, s2, rec) in multi.items():
    poly_case(nm, nm.lower().replace("boxboxmulticcd", "box-box-multiccd"), overridden(nm, 0, box(s1)),
              overridden(nm, 1, box(s2)), rec)
poly_case("BoxBoxMultiCCD6", "box-box-multiccd6", box([.5, .5, .1], [0, 0, -.1]),
          overridden("BoxBoxMultiCCD6", 1, box([.1, .1, .1])),
          {"dist": (-0.00009843, 1e-6), "dir": ([-0.0008879, -0.0004601, 0.9999994], 1e-6)})

# ---- meshes
poly_case("SmallBoxMesh", "small-box-mesh", mesh(CUBE, [.5, .5, .1], [0, 0, -.099999999]),
          mesh(CUBE, [.1, .1, .1], [0, 0, .1]), {"dist": (0.0, 1e-6), "dir": ([0, 0, 1], 1e-6)})
slab = box([3, 3, .01], [0, 0, -.01])
poly_case("BoxMesh", "box-mesh", mesh(PENTA, [.2, .2, .1], [0, 0, 0.157], euler(0, -90, 0)), slab)
for nm in ("BoxMesh2", "BoxMeshPrune"):
    poly_case(nm, nm.lower().replace("boxmeshprune", "box-mesh-prune").replace("boxmesh2", "box-mesh2"), mesh(PENTA, [.2, .2, .1], [0, 0, -0.001]), slab)
for nm in ("MeshMesh", "MeshMeshPrune"):
    poly_case(nm, nm.lower().replace("meshmeshprune", "mesh-mesh-prune").replace("meshmesh", "mesh-mesh"), mesh(CUBE, [1, 1, .01], [0, 0, -0.01]),
              mesh(PENTA, [.2, .2, .1], [0, 0, -0.001]))
poly_case("BoxEdge", "box-edge", box([1, 1, 1], [0, 0, 2]), box([1, 1, 1], [0, 0, 4.4], euler(0, 90, 40)))
poly_case("BoxEdge2", "box-edge2", overridden("BoxEdge2", 0, box([1, 1, 1])), overridden("BoxEdge2", 1, box([1, 1, 1])))
poly_case("BoxEdgeEdge", "box-edge-edge", overridden("BoxEdgeEdge", 0, box([.15, 1, 3])),
          overridden("BoxEdgeEdge", 1, box([.15, 1, 3])))
poly_case("MeshEdge", "mesh-edge", mesh(CUBE, [1, 1, 1], [0, 0, 2]), mesh(CUBE, [1, 1, 1], [0, 0, 4.4], euler(0, 90, 40)))
poly_case("MeshEdge2", "mesh-edge2", box([6, 6, 2], [0, 0, -1]), mesh(CUBE, [1, 1, 1], [2, 0, 1], euler(0, 5, 0)))
poly_case("BoxBox", "box-box", box([1, 1, 1], [-1.5, .5, 0]), box([1, 1, 1], [1.5, 0, 0]), {"dist": (1.0, 0.0)})
poly_case("BoxBoxLarge", "box-box-large", box([50, 50, .25], [0, 0, .25]),
          overridden("BoxBoxLarge", 1, box([.1, .1, .1], [0, 0, .6])), {"dist": (-0.000754, 1e-6)})
poly_case("LongBox", "long-box", box([1, 1, .3], [0, 0, -.3]), mesh(CUBE, [.6, .03, .03], [0, 0, .02], euler(0, 0, 40)),
          {"dist": (-0.01, 1e-6), "dir": ([0, 0, 1], 1e-5)})
cap = lambda r, h, p: {"type": "capsule", "radius": r, "half_height": h, "position": p}
poly_case("CapsuleCapsule", "capsule-capsule", cap(.15, .30, [-.3, .2, -.4]), cap(.10, .10, [.3, .2, .4]),
          {"dist": (0.4711, 1e-4)})
poly_case("BoxEdgeFlipped", "box-edge-flipped", box([0.65, 0.48, 0.04], [1.10164554, -0.11389316, 0.74],
                                                    R.quat_normalize([-0.348312918, 0, 0, 0.937378318])),
          box([0.1, 1.2, 1.4], [1.4, 0, 1.425]),
          note="the source checks the first of two contacts: x1 (1.907368, -0.052973, 0.7), x2 (1.3, -0.052973, 0.7)")
tg = BY_NAME["ThinBoxGrazing"]
poly_case("ThinBoxGrazing", "thin-box-grazing",
          overridden("ThinBoxGrazing", 0, box([0.015108062742470629, 0.00020768330936692047, 0.00033708479398415232])),
          overridden("ThinBoxGrazing", 1, box([0.0022889234034685867, 0.00039019141130537644, 0.00066943745945985227])),
          note="the source's comment gives the separation +7.6933e-7 and checks 0 <= dist <= 1e-6")

# ---- cylinder vs box: closed form (the box's bottom face over the cylinder's top disk)
lines.append(R.case_line(SRC % 2093, "CylinderBoxMargin: box above the cylinder's top face",
                         {"id": "mujoco-cylinder-box",
                          "a": {"type": "box", "half_extents": [.05, .05, .05], "position": [0, 0, .265]},
                          "b": {"type": "cylinder", "radius": .2, "half_height": .2}},
                         {"state": "separated", "intersecting": False, "distance": .265 - .05 - .2,
                          "normal": [0.0, 0.0, -1.0]},
                         "the source steps a simulation and counts the contact within margin 0.1 (at dist ~0.015); "
                         "here the distance itself, face over face"))


# ---- ellipsoids: the smooth solver
def smooth_case(name, pid, a, b, rec, note=None, k=0, normal_tol=1e-4):
    def sup(s):
        if s["type"] == "sphere":
            c, r = s.get("position", [0, 0, 0]), s["radius"] + s.get("margin", 0.0)
            return lambda n: R.add(c, R.scale(R.unit(n), r))
        return R.ellipsoid_support(s.get("position", [0, 0, 0]), s.get("rotation", [1, 0, 0, 0]), s["radii"],
                                   s.get("margin", 0.0))
    res = R.solve_smooth(sup(a), sup(b))
    sd, n = res[0]
    pair = {"id": "mujoco-" + pid, "a": a, "b": b}
    eps = 1e-9 * R.pair_size(pair)
    e = {"state": "separated" if sd > 0 else "penetrating", "intersecting": sd <= 0, "distance": sd,
         "normal": n, "normal_tol": normal_tol}
    assert abs(sd) > eps
    for other_sd, other_n in res[1:]:
        if other_sd > sd - eps and R.angle(other_n, n) > 1e-6:
            del e["normal"], e["normal_tol"]  # two optima as good: no unique normal
            break
    notes = [x for x in (note, compare(e, rec)) if x]
    emit(name, pid, a, b, e, "; ".join(notes) or None, k)


kq = R.quat_normalize([0.98783, 0.155468, 0.00454524, 1.60038e-06])
smooth_case("EllipsoidEllipsoidPenetrating", "ellipsoid-penetrating",
            {"type": "ellipsoid", "radii": [.1, .1, .1], "position": [0, 0, -.1]},
            {"type": "ellipsoid", "radii": [.01, .02, .1], "position": [0.000886189, -0.0303047, 0.0951303],
             "rotation": kq},
            {"dist": (-0.00022548856248122027, 1e-6)},
            note="geom 2 at the keyframe's free-joint pose; the recorded -0.000225489 is 4.2e-7 off the exact "
                 "value, inside the source's 1e-6; curved contact: normal to 1e-4")
ell1 = {"type": "ellipsoid", "radii": [.15, .30, .20], "position": [1.5, 0, -.5]}
ell2 = {"type": "ellipsoid", "radii": [.10, .10, .15], "position": [1.5, .5, .5]}
smooth_case("EllipsoidEllipsoid", "ellipsoid-ellipsoid", ell1, ell2, {"dist": (0.7542, 1e-4)})
smooth_case("EllipsoidEllipsoidSlowConvergence", "ellipsoid-slow-convergence",
            overridden("EllipsoidEllipsoidSlowConvergence", 0, {"type": "ellipsoid", "radii": [.05, .07, .15]}),
            overridden("EllipsoidEllipsoidSlowConvergence", 1, {"type": "ellipsoid", "radii": [.05, .07, .15]}),
            {"dist": (0.0, 1e-6)}, note="the source checks -1e-6 <= dist < 0")
smooth_case("EllipsoidEllipsoidIntersect", "ellipsoid-margin", dict(ell1, margin=7.5), dict(ell2, margin=7.5),
            {"dist": (-14.245732934582151, 1e-6)},
            note="margin 15 given to the query inflates each geom by 7.5")

if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "testdata", "suites", "mujoco.ndjson")
    R.write_cases(out, lines)
    print(len(lines), "cases ->", out)
