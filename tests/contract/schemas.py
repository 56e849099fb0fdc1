#!/usr/bin/env python3
"""The JSON Schemas against every input in testdata/ and what mink writes.

- Both schemas are valid draft 2020-12 schemas.
- Every record of every testdata/*.json and *.ndjson file: the pair schema
  (with strict JSON) accepts it exactly when mink answers it, bar faults
  in the OBJ files a record names.
- The valid corpus (tests/contract/valid*.ndjson): accepted by both.
- Every output mink writes for these inputs, as JSON and NDJSON, plain and
  with iteration caps that make results approximate, and every golden
  output of the CLI tests (tests/cli/golden): valid under the result
  schema, the JSON array as a whole under #/$defs/batch.
"""
import glob
import os

from common import (HERE, Tally, documented_columns, errors_of, names_obj,
                    pair_verdict, read_csv, records_of, run, split_records,
                    strict_json, validate_output, validator)

t = Tally("schemas")
pairs = validator("pair")
pairs_d2 = validator("pair", "pair2_default")
results = validator("result")


def inputs():
    """(path, extra arguments, pair validator) of every input to check."""
    out = []
    for path in sorted(glob.glob("testdata/*.json") +
                       glob.glob("testdata/*.ndjson")):
        # Some fixtures hold quaternions of norm != 1, which a schema
        # cannot see: they are read as mink read them before the check.
        out.append((path, ["--normalize-rotations"], pairs))
    out.append((os.path.join(HERE, "valid.ndjson"), [], pairs))
    out.append((os.path.join(HERE, "valid-d2.ndjson"), ["-d", "2"], pairs_d2))
    return out


def check_input(path, extra, v):
    with open(path, "rb") as f:
        data = f.read()
    texts = split_records(data)
    status, out, err = run(extra + ["-f", "ndjson", path])
    recs = validate_output(t, path, out, "ndjson", results)
    if recs is None:
        return
    if not t.check(len(recs) == len(texts), "%s: %d results for %d records"
                   % (path, len(recs), len(texts)), err):
        return
    valid = path.startswith(HERE)
    for (text, line), rec in zip(texts, recs):
        ok, why = pair_verdict(v, text)
        where = "%s:%d" % (path, line)
        answered = rec["status"] != "error"
        if valid:
            t.check(ok, "%s: the schema rejects a valid record" % where, why)
            t.check(answered, "%s: mink rejects a valid record: %s"
                    % (where, rec.get("error")))
        elif ok and not answered and names_obj(text):
            t.check(True, "")  # the fault is in an OBJ file
        elif ok:
            t.check(answered, "%s: the schema accepts it, mink says %s"
                    % (where, rec.get("error")))
        else:
            t.check(not answered, "%s: mink answers it, the schema says: %s"
                    % (where, why))


def check_outputs(path, extra):
    """JSON and NDJSON, plain and with small iteration caps."""
    for caps in ([], ["--max-epa-iterations=1"], ["--max-gjk-iterations=1"]):
        for fmt in ("json", "ndjson"):
            args = extra + caps + ["-f", fmt, path]
            status, out, err = run(args)
            t.check(status in (0, 1), "mink %s: exit status %d"
                    % (" ".join(args), status), err)
            validate_output(t, "mink " + " ".join(args), out, fmt, results)


def check_goldens():
    cols = documented_columns()
    for path in sorted(glob.glob("tests/cli/golden/*")):
        fmt = os.path.splitext(path)[1][1:]
        with open(path, "rb") as f:
            data = f.read()
        if fmt in ("json", "ndjson"):
            validate_output(t, path, data, fmt, results)
        elif fmt == "csv":
            header = read_csv(data)[0]
            t.check(header == cols, "%s: the header is not mink.5's columns"
                    % path, ",".join(header))


def check_generated():
    """What `mink gen` writes is input: valid pairs, all answered."""
    if run(["gen", "--help"])[0] != 0:
        return
    for dim in ("3", "2"):
        args = ["gen", "-n", "300", "--seed", "5", "-d", dim, "--margins=0.3"]
        status, out, err = run(args)
        if not t.check(status == 0, "mink %s: status %d" % (" ".join(args), status), err):
            continue
        texts = [x for x in out.split(b"\n") if x.strip()]
        bad = []
        for k, text in enumerate(texts):
            ok, why = pair_verdict(pairs, text)
            if not ok:
                bad.append("pair %d: %s" % (k + 1, why))
        t.check(texts and not bad, "mink %s: %d pairs break the pair schema"
                % (" ".join(args), len(bad)), "\n".join(bad[:20]))
        status, res, err = run(["-f", "ndjson", "-"], stdin=out)
        recs = validate_output(t, "mink gen | mink", res, "ndjson", results) or []
        t.check(status == 0 and len(recs) == len(texts) and
                all(r["status"] != "error" for r in recs),
                "mink does not answer every pair mink gen -d %s writes" % dim, err)


def check_approximate_seen():
    """The caps above must really give approximate results, with each
    warning the schema knows that a cap can cause."""
    seen = set()
    for path in ("testdata/analytic.json", "testdata/demo.json"):
        for cap in ("--max-epa-iterations=1", "--max-gjk-iterations=1"):
            status, out, err = run([cap, "-f", "ndjson", path])
            for rec in records_of(out.decode("utf-8"), "ndjson"):
                if rec["status"] == "approximate":
                    seen.add(rec["warning"]["code"])
    t.check({"gjk_iterations", "epa_iterations"} <= seen,
            "iteration caps gave warnings %s only" % sorted(seen))


def main():
    for name in ("pair", "result"):
        t.check(validator(name) is not None, "%s schema" % name)
    for path, extra, v in inputs():
        check_input(path, extra, v)
        check_outputs(path, extra)
    check_goldens()
    check_generated()
    check_approximate_seen()
    # The schemas reject what they must, whatever mink does.
    bad_results = [
        {"id": 1, "status": "ok"},
        {"id": 1, "status": "error", "error": {"code": "no_such_code",
                                               "message": "m"}},
        {"id": True, "status": "error", "error": {"code": "bad_json",
                                                  "message": "m"}},
    ]
    good = strict_json(run(["-f", "ndjson", "testdata/demo.json"])[1]
                       .decode().split("\n")[0])
    for field, value in (("normal", [1, 0]), ("distance", None),
                         ("state", "overlapping"), ("intersecting", False),
                         ("depth", -0.5), ("warning", {"code": "degenerate",
                                                       "message": "m"})):
        rec = dict(good)
        rec[field] = value
        bad_results.append(rec)
    # The contacts: required, 1 to 16 of them (2 in 2D), each with its
    # distance and points of the record's dimension, nothing else.
    contact = good["contacts"][0]
    rec = dict(good)
    del rec["contacts"]
    bad_results.append(rec)
    for contacts in ([], [contact] * 17, [dict(contact, extra=1)],
                     [dict(contact, point_a=[0, 0])], [{"distance": 0}],
                     [dict(contact, distance="0")]):
        bad_results.append(dict(good, contacts=contacts))
    good2 = strict_json(run(["-f", "ndjson", "testdata/demo.json"])[1]
                        .decode().split("\n")[-2])
    t.check(len(good2["normal"]) == 2, "the last demo result is not 2D")
    c2 = good2["contacts"][0]
    for contacts in ([c2] * 3, [dict(c2, local_b=[0, 0, 0])]):
        bad_results.append(dict(good2, contacts=contacts))
    t.check(not errors_of(results, dict(good, contacts=[contact] * 16)),
            "the result schema refuses 16 contacts")
    for rec in bad_results:
        t.check(errors_of(results, rec), "the result schema accepts %r" % rec)
    t.finish()


if __name__ == "__main__":
    main()
