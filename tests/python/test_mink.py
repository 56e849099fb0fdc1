#!/usr/bin/env python3
"""The Python module `mink` against the CLI, its oracle.

Run from the repository root with Debian's python3, the module on the path:

    PYTHONPATH=build/python:tests/contract MINK=build/mink \\
        /usr/bin/python3 tests/python/test_mink.py

- Every record of testdata/ (and its suites), the contract's valid pairs
  and the error corpus's one-line records: mink.batch gives what the CLI's
  NDJSON output holds, read by Python's json (same members in the same
  order, the same numbers), records the CLI rejects as text (bad_json)
  aside; mink.query the same, or ValueError with the CLI's message.
- Options by keyword against the CLI's options on the same records.
- batch_arrays against batch, row by row; threads 1, 2 and the default
  agree; batch_poses against batch_arrays on the same poses, 3D and 2D,
  bad poses included.
- hull_from_obj against the CLI's OBJ pairs and messages.
- Reference counts and memory: batches in a loop, RSS and tracemalloc
  bounded.
- The README's pandas example runs and prints what the README shows.
"""
import gc
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import tracemalloc

import numpy as np

import mink
from common import Tally, load_corpus, split_records, strict_json

t = Tally("python")
MINK = os.environ.get("MINK", "build/mink")
ROOT = os.getcwd()


def cli(args, data):
    """The CLI's NDJSON records for input bytes `data` (one per record)."""
    p = subprocess.run([os.path.abspath(MINK), "-f", "ndjson", "-j", "1"] + args,
                       input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return [json.loads(line) for line in p.stdout.decode().splitlines()]


def records(data):
    """The records of a batch file as Python values; None where strict JSON
    does not read a record (the CLI's bad_json records)."""
    out = []
    for text, _ in split_records(data):
        try:
            out.append(strict_json(text))
        except (ValueError, UnicodeDecodeError):
            out.append(None)
    return out


def same(a, b):
    """Equal values, members in the same order, numbers equal as doubles."""
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return float(a) == float(b)
    return type(a) is type(b) and a == b


def in_dir(path, fn):
    """fn() run in the directory of `path` (OBJ files are named from there)."""
    here = os.getcwd()
    os.chdir(os.path.dirname(os.path.abspath(path)))
    try:
        return fn()
    finally:
        os.chdir(here)


# --- Files: batch and query against the CLI -------------------------------

FILES = sorted(
    [os.path.join("testdata", f) for f in os.listdir("testdata")
     if f.endswith((".json", ".ndjson"))] +
    [os.path.join("testdata/suites", f) for f in os.listdir("testdata/suites")
     if f.endswith(".ndjson")] +
    ["tests/contract/valid.ndjson"])
compared = 0
all_pairs = []  # every record both sides read, for the later checks


def check_file(path, args, options):
    global compared
    with open(path, "rb") as f:
        data = f.read()
    # Run where the file is: OBJ files are named from its directory.
    p = subprocess.run([os.path.abspath(MINK), "-f", "ndjson", "-j", "1"] + args +
                       [os.path.basename(path)], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, cwd=os.path.dirname(os.path.abspath(path)))
    want = [json.loads(line) for line in p.stdout.decode().splitlines()]
    recs = records(data)
    if not t.check(len(want) == len(recs), "%s: %d CLI records, %d read" %
                   (path, len(want), len(recs))):
        return
    got = in_dir(path, lambda: mink.batch(recs, **options))
    for i, (w, g, r) in enumerate(zip(want, got, recs), 1):
        if r is None or (w.get("status") == "error" and w["error"]["code"] == "bad_json"):
            continue
        compared += 1
        t.check(same(w, g), "%s: record %d: batch differs from the CLI" % (path, i),
                "cli:    %s\npython: %s" % (json.dumps(w), json.dumps(g)))
        if "obj" not in json.dumps(r):
            all_pairs.append((r, w, options))
        # query: one pair alone, its default id 1.
        if isinstance(r, dict) and "id" not in r:
            w = dict(w, id=1)
        try:
            q = in_dir(path, lambda: mink.query(r, **options))
            t.check(w["status"] != "error" and same(w, q),
                    "%s: record %d: query differs from the CLI" % (path, i),
                    "cli:    %s\npython: %s" % (json.dumps(w), json.dumps(q)))
        except ValueError as e:
            t.check(w["status"] == "error" and str(e) == w["error"]["message"],
                    "%s: record %d: query raised %r, the CLI wrote %s" %
                    (path, i, str(e), json.dumps(w)))


for path in FILES:
    check_file(path, [], {})
check_file("tests/contract/valid-d2.ndjson", ["-d", "2"], {"dim": 2})
# Options by keyword, against the CLI's options.
check_file("testdata/analytic.json",
           ["--contacts=all", "--tolerance=1e-6", "--size-tolerance=1e-9",
            "--contact-tolerance=1e-4"],
           {"contacts": "all", "tolerance": 1e-6, "size_tolerance": 1e-9,
            "contact_tolerance": 1e-4})
check_file("testdata/demo.json",
           ["--contacts=1", "--max-gjk-iterations=3", "--max-epa-iterations=2"],
           {"max_contacts": 1, "max_gjk_iterations": 3, "max_epa_iterations": 2})
t.check(compared > 3000, "only %d records compared" % compared)
print("python: %d records compared with the CLI's" % compared)

# --- The error corpus: every one-line record with a code ------------------

corpus_lines = []
for case in load_corpus():
    if (case.code and case.code != "bad_json" and case.args is None and
            not case.stdin and case.lines and len(case.lines) == 1):
        corpus_lines.append(case.lines[0].replace(b"{root}", ROOT.encode()))
data = b"\n".join(corpus_lines) + b"\n"
want = cli([], data)
recs = records(data)
t.check(len(want) == len(recs) and len(recs) > 40,
        "corpus: %d CLI records, %d read" % (len(want), len(recs)))
got = mink.batch(recs)
for i, (w, g, r) in enumerate(zip(want, got, recs), 1):
    if r is None:
        continue
    t.check(same(w, g), "corpus record %d: batch differs from the CLI" % i,
            "cli:    %s\npython: %s" % (json.dumps(w), json.dumps(g)))
    try:
        mink.query(r)
        t.check(w["status"] != "error", "corpus record %d: query did not raise" % i)
    except ValueError as e:
        t.check(str(e) == w["error"]["message"],
                "corpus record %d: %r, the CLI: %r" % (i, str(e), w["error"]["message"]))

# Values JSON has no form for: an error record in a batch, ValueError alone.
odd = [{"a": {"type": "sphere", "radius": {1, 2}}, "b": {"type": "point"}},
       {"a": {"type": "point"}, "b": {"type": "point"}, 3: 4},
       {"a": {"type": "sphere", "radius": float("nan")}, "b": {"type": "point"}},
       {"a": {"type": "sphere", "radius": 10 ** 400}, "b": {"type": "point"}},
       {"a": {"type": "point", "position": np.array([1.0, 2, 3])},
        "b": {"type": "sphere", "radius": np.float32(0.5)}, "id": np.int64(7)}]
got = mink.batch(odd)
t.check([g["status"] for g in got] == ["error"] * 4 + ["ok"],
        "values JSON has no form for", got)
t.check(got[0]["error"]["code"] == "bad_record" and "set" in got[0]["error"]["message"],
        "a set as a number", got[0])
t.check(got[2]["error"]["message"] == "a.radius: number out of range" and
        got[3]["error"]["message"] == "a.radius: number out of range",
        "NaN and 10**400 are out of range, as 1e400 is for the CLI", got[2:4])
t.check(got[4]["id"] == 7 and abs(got[4]["distance"] - (math.sqrt(14) - 0.5)) < 1e-15,
        "numpy values in a pair", got[4])
try:
    mink.query(odd[0])
    t.check(False, "query of a pair with a set did not raise")
except ValueError:
    t.passed += 1

# --- Threads, arrays ------------------------------------------------------

pairs = [r for r, _, o in all_pairs if not o]
one = mink.batch(pairs, threads=1)
t.check(all(same(a, b) for a, b in zip(one, mink.batch(pairs, threads=2))) and
        all(same(a, b) for a, b in zip(one, mink.batch(pairs))) and
        all(same(a, b) for a, b in zip(one, mink.batch(iter(pairs), 3))),
        "batch: threads 1, 2, 3 and the default differ")


def row_of(arrays, i, dim):
    """Row i of batch_arrays as a result dict's numbers, for comparison."""
    def vec(name, j=None):
        v = arrays[name][i] if j is None else arrays[name][i][j]
        return [float(x) for x in v[:dim]]
    r = {"id": arrays["id"][i] if "id" in arrays else None,
         "status": str(arrays["status"][i])}
    if r["status"] == "error":
        r["error"] = {"code": str(arrays["error_code"][i]),
                      "message": str(arrays["error_message"][i])}
        return r
    if arrays["warning"][i]:
        r["warning"] = str(arrays["warning"][i])
    r.update(state=str(arrays["state"][i]), intersecting=bool(arrays["intersecting"][i]),
             distance=float(arrays["distance"][i]), depth=float(arrays["depth"][i]))
    for k in ("normal", "point_a", "point_b", "local_a", "local_b"):
        r[k] = vec(k)
    r["tangents"] = [vec("tangents", 0)] + ([vec("tangents", 1)] if dim == 3 else [])
    r["contacts"] = [{"distance": float(arrays["contact_distance"][i][j]),
                      "point_a": vec("contact_point_a", j),
                      "point_b": vec("contact_point_b", j),
                      "local_a": vec("contact_local_a", j),
                      "local_b": vec("contact_local_b", j)}
                     for j in range(int(arrays["contact_count"][i]))]
    r["iterations"] = {"gjk": int(arrays["gjk_iterations"][i]),
                       "epa": int(arrays["epa_iterations"][i])}
    if arrays["notes"][i]:
        r["notes"] = str(arrays["notes"][i]).split("; ")
    return r


def as_row(d):
    """A result dict as row_of makes it (the warning's code alone)."""
    d = dict(d)
    if "warning" in d:
        d["warning"] = d["warning"]["code"]
    return d


arrays = mink.batch_arrays(pairs, threads=1, contacts=16)
dicts = mink.batch(pairs, contacts=16)
bad_rows = [i for i, d in enumerate(dicts)
            if not same(as_row(d), row_of(arrays, i, len(d.get("normal", "xyz"))))]
t.check(not bad_rows, "batch_arrays differs from batch in %d rows" % len(bad_rows),
        bad_rows[:5] and "%s\n%s" % (as_row(dicts[bad_rows[0]]),
                                     row_of(arrays, bad_rows[0], 3)))
t.check(arrays["contact_point_a"].shape == (len(pairs), 16, 3) and
        arrays["normal"].shape == (len(pairs), 3) and
        arrays["distance"].dtype == np.float64, "batch_arrays shapes",
        {k: v.shape for k, v in arrays.items()})
arrays2 = mink.batch_arrays(pairs, contacts=16)
t.check(all(np.array_equal(arrays[k], arrays2[k], equal_nan=arrays[k].dtype.kind == "f")
            for k in arrays), "batch_arrays: 1 thread and the default differ")

# --- batch_poses against batch_arrays on the same poses -------------------

rng = np.random.default_rng(16)
N = 3000
box_a = {"type": "box", "half_extents": [0.5, 0.3, 0.2]}
box_b = {"type": "box", "half_extents": [0.4, 0.4, 0.1], "margin": 0.01}
pos_a = rng.uniform(-1, 1, (N, 3))
pos_b = pos_a + rng.uniform(-1, 1, (N, 3))
quat_a = rng.normal(size=(N, 4))
quat_b = rng.normal(size=(N, 4))
# Unit quaternions: a pair's rotation of norm != 1 is an error (mink(5)).
quat_a /= np.linalg.norm(quat_a, axis=1, keepdims=True)
quat_b /= np.linalg.norm(quat_b, axis=1, keepdims=True)
quat_a[7] = 0           # a.rotation: zero quaternion
pos_b[11, 1] = 1e101    # b.position: number out of range
quat_b[13, 2] = np.inf  # b.rotation: number out of range
as_pairs = [{"a": dict(box_a, position=pos_a[i].tolist(), rotation=quat_a[i].tolist()),
             "b": dict(box_b, position=pos_b[i].tolist(), rotation=quat_b[i].tolist())}
            for i in range(N)]
as_pairs[13]["b"]["rotation"][2] = 1e300  # JSON has no infinity
quat_b[13, 2] = 1e300
via_pairs = mink.batch_arrays(as_pairs)
via_poses = mink.batch_poses(box_a, box_b, pos_a, quat_a, pos_b, quat_b)
t.check(set(via_poses) == set(via_pairs) - {"id"}, "batch_poses columns",
        sorted(set(via_pairs) ^ set(via_poses)))
diff = [k for k in via_poses
        if not np.array_equal(via_poses[k], via_pairs[k],
                              equal_nan=via_poses[k].dtype.kind == "f")]
t.check(not diff, "batch_poses differs from batch_arrays in %s" % diff)
t.check(list(via_poses["error_message"][[7, 11, 13]]) ==
        ["a.rotation: zero quaternion", "b.position: number out of range",
         "b.rotation: number out of range"], "batch_poses: bad poses",
        via_poses["error_message"][[7, 11, 13]])
one_thread = mink.batch_poses(box_a, box_b, pos_a, quat_a, pos_b, quat_b, threads=1)
t.check(all(np.array_equal(one_thread[k], via_poses[k],
                           equal_nan=one_thread[k].dtype.kind == "f")
            for k in one_thread), "batch_poses: 1 thread and the default differ")
# out=: an earlier call's columns filled again in place, every element
# (the earlier call's rows were other poses), the same values as new ones.
other = mink.batch_poses(box_b, box_a, pos_b, quat_b, pos_a, quat_a)
again = mink.batch_poses(box_a, box_b, pos_a, quat_a, pos_b, quat_b, out=other)
t.check(all(again[k] is other[k] for k in other if k not in
            ("error_code", "error_message", "notes")), "out=: not the same arrays")
diff = [k for k in via_poses if not np.array_equal(via_poses[k], again[k],
                                                   equal_nan=via_poses[k].dtype.kind == "f")]
t.check(not diff, "batch_poses with out= differs in %s" % diff)
for out, message in (
        (dict(other, normal=other["normal"][:10]),
         "out: 'normal' is not a writeable C-contiguous array of this call's shape and "
         "type (an earlier result of the same rows and contacts)"),
        (dict(other, state=other["state"].astype("U12")),
         "out: 'state' is not a writeable C-contiguous array of this call's shape and "
         "type (an earlier result of the same rows and contacts)"),
        (dict(other, point_a=np.asfortranarray(other["point_a"])),
         "out: 'point_a' is not a writeable C-contiguous array of this call's shape and "
         "type (an earlier result of the same rows and contacts)"),
        ({k: v for k, v in other.items() if k != "depth"}, "out: no array 'depth'")):
    try:
        mink.batch_poses(box_a, box_b, pos_a, quat_a, pos_b, quat_b, out=out)
        t.check(False, "no ValueError: " + message)
    except ValueError as e:
        t.check(str(e) == message, "%r, expected %r" % (str(e), message))
try:
    mink.batch_poses(box_a, box_b, pos_a, quat_a, pos_b, quat_b, out=other, contacts=2)
    t.check(False, "out= with other contacts: no ValueError")
except ValueError as e:
    t.check("'contact_distance' is not" in str(e), "out= with other contacts: %r" % str(e))
# Columns of 1 MiB and more come from a pool that dead columns return to:
# a call that reuses another's memory fills every element anew (the
# earlier rows were other poses), a live column (or a view of one) is never
# handed out again, and release_memory() gives the pool back.
M = 60000
big = [np.tile(x, (M // N + 1,) + (1,) * (x.ndim - 1))[:M] for x in (pos_a, quat_a, pos_b, quat_b)]
big[0] = big[0] + rng.uniform(-0.01, 0.01, big[0].shape)  # not only repeats
mink.release_memory()
fresh = {k: v.copy() for k, v in mink.batch_poses(box_a, box_b, *big).items()}
t.check(mink.release_memory() > 0, "release_memory: the dead columns were not pooled")
t.check(mink.release_memory() == 0, "release_memory: twice gives something back")
swapped = mink.batch_poses(box_b, box_a, big[2], big[3], big[0], big[1])
view = swapped["point_a"][::2]
kept = view.copy()
del swapped
reused = mink.batch_poses(box_a, box_b, *big)
diff = [k for k in fresh if not np.array_equal(fresh[k], reused[k],
                                               equal_nan=fresh[k].dtype.kind == "f")]
t.check(not diff, "batch_poses on pooled memory differs in %s" % diff)
t.check(np.array_equal(view, kept), "a live view's memory was handed out again")
t.check(view.base is not None and not view.flags.owndata, "a pooled column's view")
del reused, view
mink.release_memory()
# One pose for every row, and None: the origin, no rotation.
fixed = mink.batch_poses(box_a, {"type": "sphere", "radius": 0.25}, None, None,
                         pos_b[:5], [1, 0, 0, 0])
ref = mink.batch_arrays([{"a": box_a, "b": {"type": "sphere", "radius": 0.25,
                                            "position": pos_b[i].tolist()}}
                         for i in range(5)])
t.check(np.array_equal(fixed["distance"], ref["distance"]) and
        np.array_equal(fixed["contact_point_b"], ref["contact_point_b"], equal_nan=True),
        "batch_poses with one pose for every row")
# 2D: positions (N, 2), angles (N,).
M = 500
p2a, p2b = rng.uniform(-1, 1, (M, 2)), rng.uniform(-1, 1, (M, 2))
ang_a, ang_b = rng.uniform(-4, 4, M), rng.uniform(-4, 4, M)
poly = {"type": "polygon", "points": [[0, 0], [1, 0], [0.2, 0.7]]}
cap = {"type": "capsule", "radius": 0.2, "half_height": 0.3}
two_d = mink.batch_poses(poly, cap, p2a, ang_a, p2b, ang_b)
ref = mink.batch_arrays([{"dim": 2, "a": dict(poly, position=p2a[i].tolist(),
                                                rotation=float(ang_a[i])),
                          "b": dict(cap, position=p2b[i].tolist(), rotation=float(ang_b[i]))}
                         for i in range(M)])
diff = [k for k in two_d if not np.array_equal(two_d[k], ref[k],
                                               equal_nan=two_d[k].dtype.kind == "f")]
t.check(not diff and set(two_d["dim"]) == {2}, "batch_poses 2D differs in %s" % diff)
for bad_call, message in [
        (lambda: mink.batch_poses({"type": "box"}, box_b, pos_a, quat_a, pos_b, quat_b),
         "a: missing field 'half_extents'"),
        (lambda: mink.batch_poses(dict(box_a, position=[0, 0, 0]), box_b),
         "a: no position or rotation here: the poses are pos_a and quat_a"),
        (lambda: mink.batch_poses(box_a, box_b, pos_a[:3], None, pos_b[:4]),
         "pos_b: 4 rows, but another pose array has 3"),
        (lambda: mink.batch_poses(box_a, box_b, pos_a, quat_a[:, :3]),
         "quat_a: expected shape (N, 4) or (4,)")]:
    try:
        bad_call()
        t.check(False, "no ValueError: " + message)
    except ValueError as e:
        t.check(str(e) == message, "%r, expected %r" % (str(e), message))

# --- Rotation options: quaternion_order and normalize_rotations -----------
# As the CLI's --quaternion-order and --normalize-rotations: the same pairs
# written scalar last, or scaled, give the CLI's answers with the option and
# its error without.  batch_poses reads its quaternion arrays the same way.
K = 200
xyzw_pairs = [{"a": dict(box_a, position=pos_a[i].tolist(),
                         rotation=quat_a[i, [1, 2, 3, 0]].tolist()),
               "b": dict(box_b, position=pos_b[i].tolist(),
                         rotation=(2.5 * quat_b[i]).tolist())}
              for i in range(20, 20 + K)]
text = b"".join(json.dumps(p).encode() + b"\n" for p in xyzw_pairs)
want = cli(["--quaternion-order=xyzw", "--normalize-rotations"], text)
got = mink.batch(xyzw_pairs, quaternion_order="xyzw", normalize_rotations=True)
t.check(len(want) == K and all(same(w, g) for w, g in zip(want, got)),
        "batch with quaternion_order='xyzw', normalize_rotations=True differs from the CLI")
t.check(all(w["status"] != "error" for w in want), "xyzw pairs: the CLI refused some")
want = cli(["--quaternion-order=xyzw"], text)
got = mink.batch(xyzw_pairs, quaternion_order="xyzw")
t.check(all(same(w, g) and g["status"] == "error" for w, g in zip(want, got)) and
        got[0]["error"]["message"].startswith("b.rotation: quaternion of norm 2.5"),
        "a quaternion of norm 2.5 is an error, as in the CLI", got[0])
try:
    mink.query(xyzw_pairs[0], quaternion_order="xyzw")
    t.check(False, "query: no ValueError for a quaternion of norm 2.5")
except ValueError as e:
    t.check(str(e) == want[0]["error"]["message"], "query: %r" % str(e))
sl = slice(20, 20 + K)
plain = mink.batch_poses(box_a, box_b, pos_a[sl], quat_a[sl], pos_b[sl], quat_b[sl])
reordered = mink.batch_poses(box_a, box_b, pos_a[sl], quat_a[sl][:, [1, 2, 3, 0]],
                             pos_b[sl], quat_b[sl][:, [1, 2, 3, 0]], quaternion_order="xyzw")
scaled = mink.batch_poses(box_a, box_b, pos_a[sl], 3 * quat_a[sl], pos_b[sl],
                          quat_b[sl], normalize_rotations=True)
refused = mink.batch_poses(box_a, box_b, pos_a[sl], 3 * quat_a[sl], pos_b[sl], quat_b[sl])
for name, other in (("quaternion_order='xyzw'", reordered),
                    ("normalize_rotations=True", scaled)):
    diff = [k for k in plain if plain[k].dtype.kind == "f" and
            not np.allclose(plain[k], other[k], rtol=0, atol=1e-12, equal_nan=True)]
    t.check(not diff and list(other["status"]) == list(plain["status"]),
            "batch_poses with %s differs in %s" % (name, diff))
# Normalised or not, a number beyond 1e100 is out of range, as in the CLI.
huge = quat_a[sl].copy()
huge[3] = [1e150, 0, 0, 0]
huge_rows = mink.batch_poses(box_a, box_b, pos_a[sl], huge, pos_b[sl], quat_b[sl],
                             normalize_rotations=True)
huge_pair = {"a": dict(box_a, position=pos_a[20 + 3].tolist(), rotation=[1e150, 0, 0, 0]),
             "b": dict(box_b, position=pos_b[20 + 3].tolist(),
                       rotation=quat_b[20 + 3].tolist())}
want = cli(["--normalize-rotations"], json.dumps(huge_pair).encode() + b"\n")[0]
t.check(huge_rows["error_message"][3] == want["error"]["message"] ==
        "a.rotation: number out of range" and huge_rows["status"][2] == "ok",
        "batch_poses: a normalised quaternion of 1e150", huge_rows["error_message"][3])
t.check(set(refused["status"]) == {"error"} and
        refused["error_message"][0].startswith("a.rotation: quaternion of norm 3, not 1"),
        "batch_poses: a quaternion of norm 3 is an error row", refused["error_message"][:1])
for bad, message in (({"quaternion_order": "zyxw"}, "invalid quaternion order 'zyxw' (wxyz or xyzw)"),
                     ({"quaternion_order": 4}, "invalid quaternion order 4 (wxyz or xyzw)")):
    try:
        mink.query(xyzw_pairs[0], **bad)
        t.check(False, "no ValueError: " + message)
    except ValueError as e:
        t.check(str(e) == message, "%r, expected %r" % (str(e), message))

# --- OBJ hulls ------------------------------------------------------------

cube = mink.hull_from_obj("testdata/meshes/cube.obj")
t.check(cube == {"type": "hull", "obj": os.path.join(ROOT, "testdata/meshes/cube.obj")},
        "hull_from_obj", cube)
pair = {"a": cube, "b": dict(cube, position=[1.5, 0.25, 0])}
text = json.dumps(pair).encode()
w = cli([], text + b"\n")[0]
t.check(same(w, mink.query(pair)), "an OBJ pair: query differs from the CLI",
        "%s\n%s" % (w, mink.query(pair)))
pose = mink.batch_poses(cube, cube, None, None, [[1.5, 0.25, 0]], None)
t.check(pose["distance"][0] == w["distance"], "an OBJ hull in batch_poses")
try:
    mink.hull_from_obj("testdata/meshes/no-such.obj")
    t.check(False, "hull_from_obj of a missing file did not raise")
except ValueError as e:
    w = cli([], b'{"a": {"type": "hull", "obj": "%s"}, "b": {"type": "point"}}\n' %
            os.path.join(ROOT, "testdata/meshes/no-such.obj").encode())[0]
    t.check("a.obj: " + str(e) == w["error"]["message"], "hull_from_obj's message",
            "%r\n%r" % (str(e), w["error"]["message"]))

# --- Options and the module -----------------------------------------------

t.check(mink.__version__ == re.search(r'MINK_VERSION_STRING "(.*)"',
                                      open("include/mink.h").read()).group(1),
        "mink.__version__")
for kw, message in [({"tolerance": -1}, "invalid tolerance -1 (a number >= 0)"),
                    ({"contacts": 17}, "invalid number of contacts 17 (1 to 16, or all)"),
                    ({"dim": 4}, "invalid dimension 4 (2 or 3)"),
                    ({"max_gjk_iterations": 0},
                     "invalid iteration limit 0 (a number >= 1)")]:
    try:
        mink.query(as_pairs[0], **kw)
        t.check(False, "no ValueError for %s" % kw)
    except ValueError as e:
        t.check(str(e) == message, "%r, expected %r" % (str(e), message))
try:
    mink.query(as_pairs[0], tolerances=1)
    t.check(False, "an unknown option was taken")
except TypeError:
    t.passed += 1
for f in (mink.query, mink.batch, mink.batch_arrays, mink.batch_poses,
          mink.hull_from_obj):
    t.check(f.__doc__ and f.__name__ + "(" in f.__doc__, "%s has no docstring" % f.__name__)

# --- Reference counts and memory ------------------------------------------


def rss_kib():
    with open("/proc/self/status") as f:
        return int(re.search(r"VmRSS:\s*(\d+)", f.read()).group(1))


some = pairs[:400] + [None, {"a": 1}] + odd
poses = (box_a, box_b, pos_a, quat_a, pos_b, quat_b)


def churn():
    mink.batch(some)
    mink.batch_arrays(some)
    mink.batch_poses(*poses)
    for r in some[:50]:
        try:
            mink.query(r)
        except ValueError:
            pass


for _ in range(3):
    churn()
gc.collect()
tracemalloc.start()
before, rss0 = tracemalloc.take_snapshot(), rss_kib()
for _ in range(40):
    churn()
gc.collect()
grown = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(before, "filename"))
rss1 = rss_kib()
tracemalloc.stop()
t.check(grown < 256 * 1024, "Python objects grew by %d bytes over 40 rounds" % grown)
t.check(rss1 - rss0 < 16 * 1024, "RSS grew by %d KiB over 40 rounds" % (rss1 - rss0))
probe = {"a": {"type": "point"}, "b": {"type": "point"}, "id": "refcount probe"}
counts = (sys.getrefcount(probe), sys.getrefcount(probe["id"]))
for _ in range(100):
    mink.batch([probe, probe])
    mink.query(probe)
t.check((sys.getrefcount(probe), sys.getrefcount(probe["id"])) == counts,
        "the reference counts of a pair changed")

# --- The README's example -------------------------------------------------

readme = open("README.md").read()
m = re.search(r"<!-- python example -->\s*```python\n(.*?)```\s*prints\s*```\n(.*?)```",
              readme, re.S)
if t.check(m is not None, "no python example in README.md"):
    p = subprocess.run([sys.executable, "-c", m.group(1)], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=dict(os.environ), cwd=ROOT)
    t.check(p.returncode == 0 and p.stdout.decode() == m.group(2),
            "README's python example", "got:\n%s%s\nwant:\n%s" %
            (p.stdout.decode(), p.stderr.decode(), m.group(2)))

# mink(3) shows the same example and output.
man = open("man/mink.3").read().replace("\\e", "\\")
m3 = re.search(r'\.\\" example: python\n\.Bd -literal\n(.*?)\.Ed\n\.Pp\nprints\n'
               r'\.Bd -literal -offset indent\n(.*?)\.Ed', man, re.S)
t.check(m is not None and m3 is not None and m3.groups() == m.groups(),
        "mink(3)'s python example is not README's")

# Ids are counted strings: a NUL inside is kept, two ids never collide; the
# CLI's JSON text of the same pairs is the oracle.
spheres = {"a": {"type": "sphere", "radius": 1},
           "b": {"type": "sphere", "radius": 1, "position": [3, 0, 0]}}
nul_pairs = [dict(spheres, id="x\x00y"), dict(spheres, id="x")]
want = cli([], "\n".join(json.dumps(p) for p in nul_pairs).encode() + b"\n")
got = mink.batch(nul_pairs)
t.check([r["id"] for r in want] == ["x\x00y", "x"] and
        [r["id"] for r in got] == ["x\x00y", "x"],
        "ids with a NUL: %r, CLI %r" % ([r["id"] for r in got], [r["id"] for r in want]))
bad_key = mink.batch([{"id": 1, "a\x00": spheres["a"], "b": spheres["b"]}])[0]
t.check(bad_key["status"] == "error" and "NUL" in bad_key["error"]["message"],
        "a key with a NUL is refused, not read as 'a': %r" % bad_key)
# A query in a thread with a small stack (threading.stack_size, musl's 128 KB
# default) runs on a thread of the module's own: query() ran in the caller's
# and a deep pair (tests/test_stack.c's) overflowed 256 KB.
import threading
half = math.radians(40) / 2
deep = {"a": {"type": "segment", "points": [[-0.5, 0, 0], [0.5, 0, 0]],
              "rotation": [math.cos(half), 0, math.sin(half), 0]},
        "b": {"type": "ellipsoid", "radii": [0.6, 0.45, 0.3]}}
want = mink.query(deep)
small = []
old_size = threading.stack_size(256 * 1024)
try:
    th = threading.Thread(target=lambda: small.append((mink.query(deep),
                                                       mink.batch([deep], threads=1)[0])))
    th.start()
    th.join()
finally:
    threading.stack_size(old_size)
t.check(len(small) == 1 and small[0][0] == want and small[0][1] == want,
        "a query in a thread of 256 KB: %r, want %r" % (small, want))
# numpy arrays of no dimensions are numbers (they had made query() and the
# whole batch raise TypeError: not a sequence).
zero_d = {"a": {"type": "sphere", "radius": np.array(0.5)},
          "b": {"type": "sphere", "radius": np.array(1, dtype=np.int32),
                "position": np.array([np.array(3.0), 0, 0], dtype=object)}}
plain = {"a": {"type": "sphere", "radius": 0.5},
         "b": {"type": "sphere", "radius": 1, "position": [3.0, 0, 0]}}
try:
    got0 = (mink.query(zero_d), mink.batch([zero_d, plain]))
except TypeError as exc:
    got0 = exc
t.check(not isinstance(got0, Exception) and got0[0] == mink.query(plain) and
        got0[1] == mink.batch([plain, plain]),
        "numpy arrays of no dimensions: %r" % (got0,))
# batch_poses gives the shapes' notes (an OBJ hull's) on every answered row, as
# batch_arrays does; an error row has none (they had all been empty).
lsh = mink.hull_from_obj(os.path.join(ROOT, "testdata/meshes/lshape.obj"))
ball = {"type": "sphere", "radius": 0.1}
rows = mink.batch_poses(lsh, ball, pos_b=[[3, 0, 0], [float("nan"), 0, 0]])
ref = mink.batch_arrays([{"a": lsh, "b": dict(ball, position=[3, 0, 0])},
                         {"a": lsh, "b": dict(ball, position=[float("nan"), 0, 0])}])
t.check(list(rows["notes"]) == list(ref["notes"]) and ref["notes"][0] != "" and
        list(rows["status"]) == list(ref["status"]),
        "batch_poses' notes %r, batch_arrays' %r" % (list(rows["notes"]), list(ref["notes"])))
# A batch answers without the GIL while another thread replaces the pairs' ids
# and keys: the trees point into the strs, which the module now holds for the
# chunk (ids came back garbled in 1 to 15 of 20 tries: freed memory).
def replace_ids(pairs, stop):
    k = 0
    while not stop:
        for i, p in enumerate(pairs):
            p["id"] = "replaced-%d-%d-%s" % (k, i, "z" * 40)
            p["b"] = {"type": "sphere", "radius": 1, "position": [3, 0, 0]}
        k += 1
garbled = []
for attempt in range(6):
    pairs = [{"id": "original-%d-%s" % (i, "y" * 40),
              "a": {"type": "sphere", "radius": 1},
              "b": {"type": "sphere", "radius": 1, "position": [3, 0, 0]}}
             for i in range(20000)]
    stop = []
    th = threading.Thread(target=replace_ids, args=(pairs, stop))
    th.start()
    try:
        out = mink.batch(pairs, threads=2)
    finally:
        stop.append(1)
        th.join()
    # (a freed id's memory taken by another pair's new id reads as that one)
    garbled += [r["id"] for i, r in enumerate(out)
                if not (r["id"] == "original-%d-%s" % (i, "y" * 40) or
                        (isinstance(r["id"], str) and r["id"].startswith("replaced-") and
                         r["id"].split("-")[2:3] == [str(i)] and r["id"].endswith("z" * 40)))
                or r["status"] != "ok" or abs(r["distance"] - 1.0) > 1e-12]
t.check(not garbled, "ids changed under a batch came back garbled: %r" % garbled[:3])
t.finish()
