#!/usr/bin/env python3
"""CSV against JSON: the same run in both formats, number for number.

The CSV header must be the column list of man/mink.5 (section CSV); every
row, read with Python's csv module, must carry what the JSON record of the
same input says: the same text for every number, and float(field) equal to
the JSON value exactly; z = 0 in 2D, an empty second tangent, empty value
fields in error rows, contact_count the length of "contacts".  The same
for --contact-rows: the header of mink.5's contact rows, a row per
contact in order with the JSON contact's numbers as text, one row per
error record.  Inputs: every testdata file, the valid corpus, and a batch
of every bad record of the error corpus between good ones; plain and with
iteration caps (approximate results), --contacts=all and --contacts=1.
"""
import glob
import json
import os
import tempfile

from common import (HERE, Tally, documented_columns, good_records,
                    load_corpus, read_csv, run, validate_output, validator)

t = Tally("csv_json")
results = validator("result")

VECTORS = (("normal", ("nx", "ny", "nz")),
           ("point_a", ("point_a_x", "point_a_y", "point_a_z")),
           ("point_b", ("point_b_x", "point_b_y", "point_b_z")),
           ("local_a", ("local_a_x", "local_a_y", "local_a_z")),
           ("local_b", ("local_b_x", "local_b_y", "local_b_z")))
TANGENTS = (("t1x", "t1y", "t1z"), ("t2x", "t2y", "t2z"))
NUMERIC = {c for _, cols in VECTORS for c in cols} | \
    {c for cols in TANGENTS for c in cols} | {"distance", "depth"}


class Num(str):
    """A JSON number kept as its text."""


def expected_row(rec, raw):
    """The CSV fields (text) a JSON record stands for."""
    row = {"id": str(rec["id"]), "status": rec["status"]}
    blank = ["dim", "state", "intersecting", "distance", "depth",
             "contact_count", "gjk_iterations", "epa_iterations", "warning",
             "error_code",
             "error_message", "notes"] + list(NUMERIC)
    for c in blank:
        row[c] = ""
    if rec["status"] == "error":
        row["dim"] = None  # known or not: checked apart
        row["error_code"] = rec["error"]["code"]
        row["error_message"] = rec["error"]["message"]
        return row
    dim = len(rec["normal"])
    row.update(dim=str(dim), state=rec["state"],
               intersecting="true" if rec["intersecting"] else "false",
               distance=raw["distance"], depth=raw["depth"],
               contact_count=str(len(rec["contacts"])),
               gjk_iterations=str(rec["iterations"]["gjk"]),
               epa_iterations=str(rec["iterations"]["epa"]),
               warning=rec["warning"]["code"] if "warning" in rec else "",
               notes="; ".join(rec.get("notes", [])))
    for name, cols in VECTORS:
        vals = list(raw[name]) + ["0"] * (3 - dim)
        row.update(zip(cols, vals))
    for k, cols in enumerate(TANGENTS):
        if k < len(raw["tangents"]):
            vals = list(raw["tangents"][k]) + ["0"] * (3 - dim)
            row.update(zip(cols, vals))
    return row


CONTACT_VECTORS = tuple((name, tuple(name + "_" + c for c in "xyz"))
                        for name in ("point_a", "point_b", "local_a", "local_b"))


def expected_contact_rows(rec, raw):
    """The --contact-rows fields (text) a JSON record stands for."""
    if rec["status"] == "error":
        return [{"id": str(rec["id"]), "status": "error",
                 "error_code": rec["error"]["code"]}]
    rows = []
    pad = ["0"] * (3 - len(rec["normal"]))
    for k, c in enumerate(raw["contacts"], 1):
        row = {"id": str(rec["id"]), "status": rec["status"], "contact": str(k),
               "distance": c["distance"], "error_code": ""}
        row.update(zip(("nx", "ny", "nz"), list(raw["normal"]) + pad))
        for name, cols in CONTACT_VECTORS:
            row.update(zip(cols, list(c[name]) + pad))
        rows.append(row)
    return rows


def compare_contact_rows(what, args, out_j, recs):
    """--contact-rows against the JSON output out_j (records recs)."""
    status, out_r, err = run(["-f", "csv", "--contact-rows"] + args)
    raws = json.loads(out_j.decode("utf-8"), parse_float=Num, parse_int=Num)
    header, rows = read_csv(out_r)
    cols = documented_columns("Contact rows")
    t.check(header == cols, "%s --contact-rows: the header is not mink.5's "
            "contact-row columns" % what,
            "header:  %s\nmink.5:  %s" % (",".join(header), ",".join(cols)))
    want = [r for rec, raw in zip(recs, raws)
            for r in expected_contact_rows(rec, raw)]
    if not t.check(len(rows) == len(want), "%s --contact-rows: %d rows, "
                   "%d contacts and error records" % (what, len(rows), len(want))):
        return
    problems = []
    for k, (fields, w) in enumerate(zip(rows, want), 1):
        got = dict(zip(header, fields))
        if len(fields) != len(header):
            problems.append("row %d: %d fields" % (k, len(fields)))
        for c in header:
            if got[c] != w.get(c, ""):
                problems.append("row %d (id %r): %s is %r, JSON says %r"
                                % (k, w["id"], c, got[c], w.get(c, "")))
    t.check(not problems, "%s --contact-rows: rows differ from JSON" % what,
            "\n".join(problems[:40]))


def compare(what, args):
    status_j, out_j, err_j = run(["-f", "json"] + args)
    status_c, out_c, err_c = run(["-f", "csv"] + args)
    t.check(status_j == status_c and err_j == err_c,
            "%s: JSON and CSV runs differ in status or stderr" % what)
    recs = validate_output(t, what, out_j, "json", results)
    if recs is None:
        return
    compare_contact_rows(what, args, out_j, recs)
    raws = json.loads(out_j.decode("utf-8"), parse_float=Num, parse_int=Num)
    header, rows = read_csv(out_c)
    cols = documented_columns()
    t.check(header == cols, "%s: CSV header is not the column list of mink.5"
            % what, "header:  %s\nmink.5:  %s" % (",".join(header), ",".join(cols)))
    if not t.check(len(rows) == len(recs), "%s: %d CSV rows, %d JSON records"
                   % (what, len(rows), len(recs))):
        return
    problems = []
    for k, (rec, raw, fields) in enumerate(zip(recs, raws, rows)):
        if len(fields) != len(header):
            problems.append("row %d: %d fields" % (k + 1, len(fields)))
            continue
        got = dict(zip(header, fields))
        want = expected_row(rec, raw)
        for c in header:
            if c not in want:
                problems.append("column %s is not compared with JSON" % c)
                continue
            if want[c] is None:
                if got[c] not in ("", "2", "3"):
                    problems.append("row %d: %s %r" % (k + 1, c, got[c]))
                continue
            if got[c] != want[c]:
                problems.append("row %d (id %r): %s is %r in CSV, %r in JSON"
                                % (k + 1, rec["id"], c, got[c], want[c]))
            elif c in NUMERIC and want[c] and float(got[c]) != float(want[c]):
                problems.append("row %d: %s does not read back" % (k + 1, c))
        if rec["status"] != "error":
            # float(field) against the value JSON gives, exactly.
            for name, cols in VECTORS:
                for c, v in zip(cols, rec[name] + [0] * (3 - len(rec[name]))):
                    if float(got[c]) != v:
                        problems.append("row %d: %s %s != %r" % (k + 1, c, got[c], v))
            for c in ("distance", "depth"):
                if float(got[c]) != rec[c]:
                    problems.append("row %d: %s %s != %r" % (k + 1, c, got[c], rec[c]))
    t.check(not problems, "%s: CSV differs from JSON" % what,
            "\n".join(sorted(set(problems))[:40]))


def main():
    inputs = [(["--normalize-rotations"], p) for p in sorted(glob.glob("testdata/*.json") +
                                      glob.glob("testdata/*.ndjson"))]
    inputs.append(([], os.path.join(HERE, "valid.ndjson")))
    inputs.append((["-d", "2"], os.path.join(HERE, "valid-d2.ndjson")))
    tmp = tempfile.mkdtemp(prefix="mink-csv.")
    mixed = os.path.join(tmp, "mixed.ndjson")
    bad = [c.single_record() for c in load_corpus() if c.single_record()]
    good = good_records()
    with open(mixed, "wb") as f:
        for k, b in enumerate(bad):
            f.write(good[k % len(good)] + b"\n" + b + b"\n")
    inputs.append(([], mixed))
    for extra, path in inputs:
        for caps in ([], ["--max-epa-iterations=1"], ["--max-gjk-iterations=2"],
                     ["--contacts=all"], ["--contacts=1"]):
            args = extra + caps + [path]
            compare("mink -f json|csv " + " ".join(args), args)
    os.remove(mixed)
    os.rmdir(tmp)
    t.check(documented_columns()[:3] == ["id", "dim", "status"],
            "mink.5's CSV columns could not be read")
    t.check(documented_columns("Contact rows")[:3] == ["id", "status", "contact"],
            "mink.5's contact-row columns could not be read")
    t.finish()


if __name__ == "__main__":
    main()
