#!/usr/bin/env python3
"""Runs mink on the cases taken from other projects' unit tests.

usage: check.py [--mink PATH] [-v] FILE.ndjson...

Each line of FILE is one case:

  {"source": "owner/repo path/file.ext:LINE", "case": "short name",
   "pair": {a mink input pair with a unique string "id"},
   "expect": {...}, "note": "optional"}

"expect" members, all optional:
  status        "ok" (default), "approximate" or "error"
  state         "separated", "touching" or "penetrating"
  intersecting  true or false
  distance      signed distance (negative when overlapping)
  normal        unit normal from A to B (only when the answer's is unique)
  point_a, point_b  world contact points (only when unique)
  tol           absolute tolerance on distance and points
                (default 1e-9 * size of the pair)
  normal_tol    tolerance on the normal's direction, radians (default 1e-9)
  contacts      the contact patch as an unordered set of contacts, each
                with any of point_a, point_b, distance (only when the
                patch is unique and within the default 4 points, 2 in 2D)
  contact_count, contact_count_min, contact_count_max
                the number of contacts, exact or bounds

The size of a pair is the sum of the bounding radii of both shapes (about
their positions, margins included) plus the distance between the
positions.

All pairs of a file go to one mink process, together with every pair with
a and b swapped (id suffixed "~swap").  A case passes when its result
matches the expectation, keeps point_b - point_a = distance * normal (to
1e-12 of the size, with a unit normal), and the swapped result has the same
status and state, the same distance, the opposite normal (when the normal
is expected) and the exchanged points (when the points are expected).
Every result's contacts keep the same invariant each, the first one's
distance is the result's and no other is deeper; the swapped result has
as many contacts (where no normal is expected because normals tie, only
when it took the opposite of the same normal: each order may take another
of the tied normals, with that normal's patch).
Failures are printed as  SOURCE case: what differs (got X, want Y)  and a
summary line  suites: N passed, M failed  ends the run; the exit status is
1 when a case failed, 2 when a file or mink could not be used.
"""
import json
import math
import os
import subprocess
import sys
import tempfile

SWAP = "~swap"
REL_TOL = 1e-9
INVARIANT_TOL = 1e-12
KNOWN = {"status", "state", "intersecting", "distance", "normal", "point_a",
         "point_b", "tol", "normal_tol", "contacts", "contact_count",
         "contact_count_min", "contact_count_max"}


def norm(v):
    return math.sqrt(sum(x * x for x in v))


def sub(a, b):
    return [x - y for x, y in zip(a, b)]


def bounding_radius(s, dim):
    """Radius of a ball about the shape's position holding the shape."""
    t = s.get("type")
    m = s.get("margin", 0)
    if t in ("sphere", "circle"):
        r = s["radius"]
    elif t == "box":
        r = norm(s["half_extents"])
    elif t == "capsule":
        r = s["radius"] + s["half_height"]
    elif t in ("cylinder", "cone"):
        r = math.hypot(s["radius"], s["half_height"])
    elif t == "ellipsoid":
        r = max(s["radii"])
    elif t == "point":
        r = 0.0
    elif t in ("segment", "triangle", "hull", "polygon"):
        r = max((norm(p) for p in s.get("points", [])), default=0.0)
    else:
        r = 0.0
    return r + m


def pair_size(pair):
    dim = pair.get("dim", 3)
    a, b = pair["a"], pair["b"]
    pa = a.get("position", [0.0] * dim)
    pb = b.get("position", [0.0] * dim)
    return (bounding_radius(a, dim) + bounding_radius(b, dim)
            + norm(sub(pa, pb)))


def angle(u, v):
    """Angle between two vectors (2 or 3 numbers), radians."""
    if len(u) != len(v):
        return math.inf
    if len(u) == 2:
        cr = abs(u[0] * v[1] - u[1] * v[0])
    else:
        cr = norm([u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                   u[0] * v[1] - u[1] * v[0]])
    return math.atan2(cr, sum(x * y for x, y in zip(u, v)))


def fmt(x):
    if isinstance(x, float):
        return repr(x)
    if isinstance(x, list):
        return "[" + ", ".join(fmt(v) for v in x) + "]"
    return json.dumps(x)


def load(path):
    cases = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                c = json.loads(line)
                for k in ("source", "case", "pair"):
                    if k not in c:
                        raise ValueError("no %r" % k)
                if not isinstance(c["pair"].get("id"), str):
                    raise ValueError("the pair's id is not a string")
                unknown = set(c.get("expect", {})) - KNOWN
                if unknown:
                    raise ValueError("unknown expect members %s"
                                     % sorted(unknown))
            except (ValueError, AttributeError, TypeError) as e:
                raise SystemExit("check.py: %s:%d: %s" % (path, n, e))
            c["_line"] = n
            cases.append(c)
    ids = [c["pair"]["id"] for c in cases]
    if len(set(ids)) != len(ids):
        dup = sorted({i for i in ids if ids.count(i) > 1})
        raise SystemExit("check.py: %s: repeated ids %s" % (path, dup[:5]))
    return cases


def swapped(pair):
    p = dict(pair)
    p["id"] = pair["id"] + SWAP
    p["a"], p["b"] = pair["b"], pair["a"]
    return p


def run_mink(mink, pairs):
    fd, tmp = tempfile.mkstemp(suffix=".ndjson", prefix="suites-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            for p in pairs:
                f.write(json.dumps(p) + "\n")
        r = subprocess.run([mink, "-f", "ndjson", "--no-progress", tmp],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    finally:
        os.unlink(tmp)
    if r.returncode not in (0, 1):
        raise SystemExit("check.py: %s exited with %d: %s"
                         % (mink, r.returncode,
                            r.stderr.decode(errors="replace").strip()))
    out = {}
    for line in r.stdout.decode().splitlines():
        rec = json.loads(line)
        out[str(rec.get("id"))] = rec
    return out


def check_result(res, exp, size, side, fails):
    """Compares one result with the expectation; appends failure texts."""
    def fail(what, got, want):
        fails.append("%s%s (got %s, want %s)" % (side, what, fmt(got),
                                                 fmt(want)))

    if res is None:
        fails.append(side + "no result")
        return False
    want_status = exp.get("status", "ok")
    if res.get("status") != want_status:
        extra = res.get("error") or res.get("warning")
        code = (extra or {}).get("code")
        fail("status", res.get("status") + (" (%s)" % code if code else ""),
             want_status)
        if res.get("status") == "error" or want_status == "error":
            return False
    if want_status == "error":
        return True
    tol = exp.get("tol", REL_TOL * size)
    ntol = exp.get("normal_tol", 1e-9)
    if "state" in exp and res.get("state") != exp["state"]:
        fail("state", res.get("state"), exp["state"])
    if "intersecting" in exp and res.get("intersecting") != exp["intersecting"]:
        fail("intersecting", res.get("intersecting"), exp["intersecting"])
    d = res.get("distance")
    if "distance" in exp and not abs(d - exp["distance"]) <= tol:
        fail("distance", d, exp["distance"])
    n = res.get("normal")
    if "normal" in exp and not angle(n, exp["normal"]) <= ntol:
        fail("normal", n, exp["normal"])
    for k in ("point_a", "point_b"):
        if k in exp and not norm(sub(res[k], exp[k])) <= tol:
            fail(k, res[k], exp[k])
    cs = res.get("contacts", [])
    nc = len(cs)
    if "contact_count" in exp and nc != exp["contact_count"]:
        fail("contact count", nc, exp["contact_count"])
    if "contact_count_min" in exp and nc < exp["contact_count_min"]:
        fail("contact count", nc, ">= %d" % exp["contact_count_min"])
    if "contact_count_max" in exp and nc > exp["contact_count_max"]:
        fail("contact count", nc, "<= %d" % exp["contact_count_max"])
    if "contacts" in exp:
        check_contacts(cs, exp["contacts"], tol, fail)
    # the output contract's invariants
    if abs(norm(n) - 1) > 1e-12:
        fail("|normal|", norm(n), 1.0)
    for i, c in enumerate([res] + cs):
        gap = sub(c["point_b"], c["point_a"])
        err = norm(sub(gap, [c["distance"] * x for x in n]))
        # World points are rounded one by one when carried from A's frame:
        # far from the origin the invariant holds only to their ulps.
        far = max(abs(x) for x in c["point_a"] + c["point_b"])
        itol = INVARIANT_TOL * size + 8 * math.ulp(far)
        if not err <= itol:
            fail("point_b - point_a - distance*normal"
                 + (" of contact %d" % (i - 1) if i else ""), err,
                 "<= %g" % itol)
    if cs and cs[0]["distance"] != d:
        fail("first contact's distance", cs[0]["distance"], d)
    for i, c in enumerate(cs):
        if c["distance"] < d:
            fail("contact %d deeper than the result" % i, c["distance"],
                 ">= %r" % d)
    return True


def check_contacts(got, want, tol, fail):
    """The expected contacts as a set: each matched by one reported contact
    (every given member within tol), nothing reported left over."""
    def match(g, w):
        for k in ("point_a", "point_b"):
            if k in w and not norm(sub(g[k], w[k])) <= tol:
                return False
        return "distance" not in w or abs(g["distance"] - w["distance"]) <= tol

    left = list(range(len(got)))
    for w in want:
        hit = next((i for i in left if match(got[i], w)), None)
        if hit is None:
            fail("contacts: none matches", [[g.get("point_a"), g.get("point_b"),
                                             g.get("distance")] for g in got], w)
            return
        left.remove(hit)
    if left:
        fail("contacts: more than expected",
             [got[i].get("point_a") for i in left], want)


def check_case(c, results, fails):
    pair, exp = c["pair"], c.get("expect", {})
    size = pair_size(pair)
    res = results.get(pair["id"])
    sres = results.get(pair["id"] + SWAP)
    ok_a = check_result(res, exp, size, "", fails)
    # the swapped pair: same answer seen from the other side
    sexp = {k: exp[k] for k in ("status", "state", "intersecting",
                                "distance", "tol", "normal_tol") if k in exp}
    if "normal" in exp:
        sexp["normal"] = [-x for x in exp["normal"]]
    if "point_a" in exp:
        sexp["point_b"] = exp["point_a"]
    if "point_b" in exp:
        sexp["point_a"] = exp["point_b"]
    for k in ("contact_count", "contact_count_min", "contact_count_max"):
        if k in exp:
            sexp[k] = exp[k]
    if "contacts" in exp:
        sexp["contacts"] = [dict(c) for c in exp["contacts"]]
        for c in sexp["contacts"]:
            pa, pb = c.pop("point_a", None), c.pop("point_b", None)
            if pa is not None:
                c["point_b"] = pa
            if pb is not None:
                c["point_a"] = pb
    ok_b = check_result(sres, sexp, size, "swapped: ", fails)
    if ok_a and ok_b and exp.get("status", "ok") != "error":
        tol = exp.get("tol", REL_TOL * size)
        if res.get("state") != sres.get("state"):
            fails.append("swapped: state (got %s, want %s)"
                         % (sres.get("state"), res.get("state")))
        if not abs(res["distance"] - sres["distance"]) <= tol:
            fails.append("swapped: distance (got %s, want %s)"
                         % (fmt(sres["distance"]), fmt(res["distance"])))
        # Where normals tie (none expected), each order may take another of
        # them, with its own patch: the counts are compared when the two
        # normals are opposite.
        opposite = angle(sres["normal"], [-x for x in res["normal"]]) <= 1e-9
        if (len(res.get("contacts", [])) != len(sres.get("contacts", []))
                and ("normal" in exp or opposite)):
            fails.append("swapped: contact count (got %d, want %d)"
                         % (len(sres.get("contacts", [])),
                            len(res.get("contacts", []))))
        if "normal" in exp:
            want = [-x for x in res["normal"]]
            if not angle(sres["normal"], want) <= exp.get("normal_tol", 1e-9):
                fails.append("swapped: normal not opposite (got %s, want %s)"
                             % (fmt(sres["normal"]), fmt(want)))


def main(argv):
    mink = os.environ.get("MINK", "build/mink")
    verbose = False
    files = []
    i = 0
    while i < len(argv):
        if argv[i] == "--mink":
            mink = argv[i + 1]
            i += 2
            continue
        if argv[i].startswith("--mink="):
            mink = argv[i][len("--mink="):]
        elif argv[i] in ("-v", "--verbose"):
            verbose = True
        elif argv[i] in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            files.append(argv[i])
        i += 1
    if not files:
        print("usage: check.py [--mink PATH] [-v] FILE.ndjson...",
              file=sys.stderr)
        return 2
    passed = failed = 0
    for path in files:
        cases = load(path)
        pairs = [c["pair"] for c in cases]
        results = run_mink(mink, pairs + [swapped(p) for p in pairs])
        fpass = ffail = 0
        for c in cases:
            fails = []
            check_case(c, results, fails)
            if fails:
                ffail += 1
                for f in fails:
                    print("%s %s: %s" % (c["source"], c["case"], f))
            else:
                fpass += 1
        if verbose:
            print("%s: %d passed, %d failed" % (path, fpass, ffail))
        passed += fpass
        failed += ffail
    print("suites: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
