#!/usr/bin/env python3
"""--fields and "meta": the records against the schema and mink(5)'s table.

- mink(5)'s table (.Ss Fields) names every field of cli/writer.c, and for
  each the CSV columns it takes; its "default" column matches the default
  JSON members and CSV header.
- For every testdata input and several field lists, as JSON and NDJSON:
  every record validates against #/$defs/fields_record, holds only the
  fields asked for, in their order, and each value equals the member of the
  default record of the same input (type_a, type_b: the input's shape
  types; dim: the input's dimension).
- As CSV: the header is the table's columns of the fields asked for, and
  each column holds what the default CSV holds; meta is the JSON text.
- "meta" comes back byte for byte, written with whitespace, escapes, odd
  number forms, raw and invalid UTF-8, in NDJSON and in a JSON array, in
  results and in error records (which keep their id and line): the
  expected texts are written by hand.
"""
import json
import os
import re
import tempfile

from common import (Tally, documented_columns, errors_of, read_csv, records_of,
                    run, split_records, strict_json, validator)

t = Tally("fields")
fields_v = validator("result", "fields_record")
results_v = validator("result")


def field_table():
    """{field: (columns, defaults)} from man/mink.5's Fields table."""
    table, inside = {}, False
    with open("man/mink.5", encoding="utf-8") as f:
        for line in f:
            if line.startswith((".Ss", ".Sh")):
                inside = line.strip() == ".Ss Fields"
            elif inside and line.startswith(".It Va "):
                cells = [c.strip() for c in re.split(r"\s+Ta(?:\s+|$)", line[len(".It "):].strip())]
                name = cells[0].replace("Va ", "").strip()
                cols = [c.strip() for c in cells[1].replace("Va ", "").split(",")]
                defaults = [d.strip() for d in cells[2].split(",")] if len(cells) > 2 and cells[2] else []
                table[name] = (cols, defaults)
    return table


def writer_fields():
    """The field names of cli/writer.c, in their order."""
    with open("cli/writer.c", encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"cli_field_names\[CLI_FIELDS\] = \{(.*?)\};", text, re.S)
    return re.findall(r'"([a-z_]+)"', m.group(1)) if m else []


TABLE = field_table()
LISTS = [
    "id,type_a,type_b,distance,meta",
    "meta,status,error,id",
    "distance,normal,contacts,state,depth,intersecting,tangents",
    "dim,id,status,warning,error,state,intersecting,distance,depth,normal,point_a,"
    "point_b,local_a,local_b,tangents,contacts,iterations,notes,meta,type_a,type_b",
    "+type_a,type_b",
    "iterations,notes,warning",
]
JSON_DEFAULT = [f for f in TABLE if "json" in TABLE[f][1]]
CSV_DEFAULT = ["id", "dim", "status", "state", "intersecting", "distance",
               "depth", "normal", "point_a", "point_b", "local_a", "local_b",
               "tangents", "contacts", "iterations", "warning", "error", "notes"]


def expand(lst, csv):
    names = lst.split(",")
    if names[0].startswith("+"):
        names = (CSV_DEFAULT if csv else JSON_DEFAULT) + [names[0][1:]] + names[1:]
    return names


def check_table():
    t.check(sorted(TABLE) == sorted(writer_fields()) and len(TABLE) == 21,
            "mink.5's Fields table and cli/writer.c's fields differ",
            "%s\n%s" % (sorted(TABLE), writer_fields()))
    cols = [c for f in CSV_DEFAULT for c in TABLE.get(f, ([], []))[0]]
    t.check(cols == documented_columns(), "the table's default CSV fields are "
            "not mink.5's CSV columns", "%s\n%s" % (cols, documented_columns()))
    t.check(sorted(CSV_DEFAULT) == sorted(f for f in TABLE if "csv" in TABLE[f][1]),
            "the table's 'csv' defaults are not the default CSV fields")


def input_pairs(path):
    """The input records (parsed, or None) in order."""
    with open(path, "rb") as f:
        data = f.read()
    out = []
    for text, _ in split_records(data):
        try:
            out.append(strict_json(text))
        except ValueError:
            out.append(None)
    return out


def lists_for(path):
    """The field lists tried on an input.  The OBJ inputs spend their time
    building hulls (a 50 000-point sphere among them), not writing fields:
    they get the list of every field and the '+' form only."""
    return LISTS[3:5] if os.path.basename(path).startswith("obj-") else LISTS


def check_json(path, extra):
    status, out, err = run(extra + ["-f", "ndjson", path])
    default = records_of(out.decode("utf-8"), "ndjson")
    pairs = input_pairs(path)
    for lst in lists_for(path):
        names = expand(lst, False)
        for fmt in ("json", "ndjson"):
            args = extra + ["--fields", lst, "-f", fmt, path]
            st, out, err = run(args)
            what = "mink " + " ".join(args)
            try:
                recs = records_of(out.decode("utf-8"), fmt)
            except ValueError as e:
                t.check(False, what + ": unreadable output", e)
                continue
            problems = []
            if len(recs) != len(default):
                problems.append("%d records, %d by default" % (len(recs), len(default)))
            for k, (rec, d) in enumerate(zip(recs, default)):
                for e in errors_of(fields_v, rec):
                    problems.append("record %d: %s" % (k + 1, e))
                keys = list(rec)
                if keys != [n for n in names if n in keys]:
                    problems.append("record %d: members %s, not in the order %s" % (k + 1, keys, names))
                for key, value in rec.items():
                    pair = pairs[k] if k < len(pairs) else None
                    if key in d:
                        ok = value == d[key]
                    elif key == "dim":
                        ok = value == len(d["normal"]) if "normal" in d else value in (2, 3)
                    elif key in ("type_a", "type_b"):
                        ok = isinstance(pair, dict) and value == pair[key[-1]]["type"]
                    else:
                        ok = False
                    if not ok:
                        problems.append("record %d: %s = %r, by default %r" % (k + 1, key, value, d.get(key)))
                for key in d:
                    if key in names and key not in rec:
                        problems.append("record %d: %s missing" % (k + 1, key))
            t.check(not problems, what + ": %d problems" % len(problems), "\n".join(problems[:10]))


def check_csv(path, extra):
    st, out, err = run(extra + ["-f", "csv", path])
    dh, drows = read_csv(out)
    st, out, err = run(extra + ["-f", "ndjson", path])
    djson = records_of(out.decode("utf-8"), "ndjson")
    for lst in lists_for(path):
        names = expand(lst, True)
        args = extra + ["--fields", lst, "-f", "csv", path]
        st, out, err = run(args)
        header, rows = read_csv(out)
        want = [c for n in names for c in TABLE[n][0]]
        what = "mink " + " ".join(args)
        t.check(header == want, what + ": header is not the table's columns", "%s\n%s" % (header, want))
        problems = []
        for k, (row, drow) in enumerate(zip(rows, drows)):
            for col, value in zip(header, row):
                if col in dh:
                    if value != drow[dh.index(col)]:
                        problems.append("row %d: %s %r, by default %r" % (k + 1, col, value, drow[dh.index(col)]))
                elif col == "meta":
                    dm = djson[k].get("meta")
                    if (value == "") != (dm is None) or (value and json.loads(value) != dm):
                        problems.append("row %d: meta %r, JSON %r" % (k + 1, value, dm))
        t.check(not problems and len(rows) == len(drows), what + ": %d problems" % len(problems),
                "\n".join(problems[:10]))


# (input text of "meta", the text mink must write), by hand.
METAS = [
    ('{"label":"rock","w":1.10,"tags":["a","\\u00e9"],"x":1e2}',
     '{"label":"rock","w":1.10,"tags":["a","\\u00e9"],"x":1e2}'),
    ('  [ 1 ,\t2 ,\n 3 ]  ', '[1,2,3]'),
    ('"caf\xc3\xa9 \\" , : { "', '"caf\xc3\xa9 \\" , : { "'),
    ('-0.0', '-0.0'),
    ('1E+400', '1E+400'),
    ('0.1000000000000000055511151231257827', '0.1000000000000000055511151231257827'),
    ('null', 'null'), ('true', 'true'), ('""', '""'), ('{ }', '{}'), ('[\n]', '[]'),
    ('"\udcff\udcfe x"', '"\\ufffd\\ufffd x"'),  # bytes FF FE: invalid UTF-8
    ('{"a" : {"b" : [ {"c":"]}"} ] } }', '{"a":{"b":[{"c":"]}"}]}}'),
]


def check_meta():
    tmp = tempfile.mkdtemp(prefix="mink-fields.")
    good = '"a": {"type": "box", "half_extents": [1, 1, 1]}, "b": {"type": "point", "position": [2, 0, 0]}'
    lines, want = [], []
    for k, (text, expect) in enumerate(METAS):
        key = '"\\u006deta"' if k == 3 else '"meta"'
        lines.append('{"id": %d, %s, %s: %s}' % (k, good, key, text))
        want.append(("ok", k, expect))
    # Error records keep their meta, id and line.
    lines.append('{"id": "bad", "a": {"type": "box", "half_extents": [-1, 1, 1]}, "b": {"type": "point"}, "meta": {"n": 1.50}}')
    want.append(("error", "bad", '{"n":1.50}'))
    lines.append('{"id": "twice", %s, "meta": 1, "meta": 2}' % good)
    want.append(("error", "twice", '1'))
    nd = os.path.join(tmp, "meta.ndjson")
    arr = os.path.join(tmp, "meta.json")
    with open(nd, "wb") as f:  # NDJSON: a record on one line
        f.write("\n".join(l.replace("\n", " ") for l in lines).encode("utf-8", "surrogateescape") + b"\n")
    with open(arr, "wb") as f:
        f.write(("[\n" + ",\n".join(lines) + "\n]\n").encode("utf-8", "surrogateescape"))
    for path, fmt in ((nd, "ndjson"), (arr, "ndjson"), (nd, "json")):
        st, out, err = run(["-f", fmt, path])
        body = out
        if fmt == "json":
            body = out[2:-3].replace(b",\n", b"\n") if out.startswith(b"[\n") else b""
        got = body.split(b"\n")
        if got and got[-1] == b"":
            got.pop()
        t.check(len(got) == len(want), "meta: %s -f %s: %d records" % (path, fmt, len(got)))
        for line, (status, rid, expect) in zip(got, want):
            tail = b',"meta":' + expect.encode("utf-8", "surrogateescape") + b"}"
            ok = line.endswith(tail) and (b'"status":"%s"' % status.encode()) in line and \
                line.startswith(b'{"id":' + json.dumps(rid).encode())
            t.check(ok, "meta of %r, -f %s: not byte for byte" % (rid, fmt),
                    "want ...%r\ngot  %r" % (tail, line[-120:]))
        for rec in records_of(out.decode("utf-8"), fmt):
            t.check(not errors_of(results_v, rec), "meta: record %r breaks the result schema" % rec.get("id"),
                    errors_of(results_v, rec))
    # Error messages keep their lines: the bad records are the last two.
    st, out, err = run(["-f", "ndjson", nd])
    n = len(METAS)
    t.check(err.splitlines() == [
        "mink: %s:%d: a.half_extents: must not be negative" % (nd, n + 1),
        "mink: %s:%d: duplicate field 'meta'" % (nd, n + 2)],
        "meta: the error messages and their lines", err)
    # CSV: the JSON text, quoted as CSV quotes.
    st, out, err = run(["-f", "csv", "--fields", "id,meta", nd])
    header, rows = read_csv(out)
    t.check(header == ["id", "meta"] and [r[1] for r in rows] == [e for _, _, e in want],
            "meta: the CSV meta column", rows)
    for p in (nd, arr):
        os.remove(p)
    os.rmdir(tmp)


def check_misuse():
    for args, msg in (
            (["--fields", "id,nothing"], "unknown field 'nothing' in '--fields'"),
            (["--fields", "id,id"], "field 'id' twice in '--fields'"),
            (["--fields", ""], "unknown field '' in '--fields'"),
            (["--fields", "id", "-f", "csv", "--contact-rows"],
             "option '--fields' does not go with '--contact-rows'")):
        st, out, err = run(args + ["testdata/demo.json"])
        t.check(st == 2 and not out and err.startswith("mink: " + msg),
                "mink %s: usage error" % " ".join(args), err)


def main():
    check_table()
    inputs = sorted(p for p in os.listdir("testdata") if p.endswith((".json", ".ndjson")))
    for name in inputs:
        path = os.path.join("testdata", name)
        check_json(path, ["--normalize-rotations"])
        check_csv(path, ["--normalize-rotations"])
    check_json("tests/contract/valid-d2.ndjson", ["-d", "2"])
    check_meta()
    check_misuse()
    t.finish()


if __name__ == "__main__":
    main()
