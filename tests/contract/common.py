"""Shared helpers of the contract tests (run from the repository root).

The contract: schemas/pair.schema.json and schemas/result.schema.json,
man/mink.5, and what build/mink accepts and writes.  Each test module
keeps a Tally and ends with its summary line.
"""
import csv
import io
import json
import os
import re
import shlex
import subprocess
import sys

from jsonschema import Draft202012Validator

MINK = os.environ.get("MINK", "build/mink")
HERE = "tests/contract"
SAFE_INT = 2 ** 53 - 1


class Tally:
    """Counts checks; prints every failure as it happens."""

    def __init__(self, name):
        self.name = name
        self.passed = 0
        self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: %s: %s" % (self.name, what))
            if detail:
                for line in str(detail).rstrip("\n").split("\n")[:30]:
                    print("    " + line)
        return ok

    def finish(self):
        print("%s: %d passed, %d failed" % (self.name, self.passed, self.failed))
        sys.exit(1 if self.failed else 0)


# --- Running mink ---------------------------------------------------------

def run(args, stdin=b"", stdout_path=None, cwd=None):
    """Runs mink; returns (status, stdout bytes, stderr text)."""
    cmd = [os.path.abspath(MINK) if cwd else MINK] + list(args)
    if stdout_path:
        with open(stdout_path, "wb") as out:
            p = subprocess.run(cmd, input=stdin, stdout=out,
                               stderr=subprocess.PIPE, cwd=cwd)
        return p.returncode, b"", p.stderr.decode("utf-8", "replace")
    p = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, cwd=cwd)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


# --- Schemas ----------------------------------------------------------------

def load_schema(name):
    with open(os.path.join("schemas", name + ".schema.json"),
              encoding="utf-8") as f:
        return json.load(f)


def validator(name, ref=None):
    """A Draft 2020-12 validator of schema `name`, or of its #/$defs/`ref`."""
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    if ref:
        # The same document, its root a reference to one of its $defs.
        schema = {k: schema[k] for k in ("$schema", "$id", "$defs")}
        schema["$ref"] = "#/$defs/" + ref
    return Draft202012Validator(
        schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def errors_of(v, instance):
    """The validation errors of `instance`, one line each."""
    out = []
    for e in sorted(v.iter_errors(instance), key=lambda e: list(e.path)):
        path = "/".join(str(p) for p in e.absolute_path)
        out.append("%s: %s" % (path or "(record)", e.message[:200]))
    return out


# --- Strict JSON, as the contract reads it ----------------------------------

class NotIJSON(ValueError):
    pass


def _pairs_unique(pairs):
    seen = set()
    for k, _ in pairs:
        if k in seen:
            raise NotIJSON("duplicate member %r" % k)
        seen.add(k)
    return dict(pairs)


def _no_constant(name):
    raise ValueError("%s is not JSON" % name)


def _check_strings(v):
    if isinstance(v, str):
        if re.search("[\ud800-\udfff]", v):
            raise NotIJSON("unpaired surrogate")
    elif isinstance(v, list):
        for x in v:
            _check_strings(x)
    elif isinstance(v, dict):
        for k, x in v.items():
            _check_strings(k)
            _check_strings(x)


def strict_json(text):
    """Parses one JSON text as RFC 8259 and I-JSON (RFC 7493) read it:
    raises ValueError on a syntax error, a duplicate member or an unpaired
    surrogate.  `text` is bytes (must be UTF-8) or str."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    v = json.loads(text, object_pairs_hook=_pairs_unique,
                   parse_constant=_no_constant)
    _check_strings(v)
    return v


def lenient_json(text):
    """Parses as cJSON and mink would to find an id: the first of repeated
    members wins.  Returns None when the text is not JSON."""
    def first(pairs):
        d = {}
        for k, v in pairs:
            d.setdefault(k, v)
        return d
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8", "replace")
        return json.loads(text, object_pairs_hook=first)
    except ValueError:
        return None


def expected_id(text, index):
    """The id mink gives a record: its own when valid, else its index."""
    rec = lenient_json(text)
    try:
        _check_strings(rec)
    except NotIJSON:
        return index  # mink's JSON reading refuses the record
    if isinstance(rec, dict) and "id" in rec:
        i = rec["id"]
        if isinstance(i, str):
            return i
        if isinstance(i, (int, float)) and not isinstance(i, bool) and \
                i == int(i) and abs(i) <= SAFE_INT:
            return int(i)
    return index


def pair_verdict(v, text):
    """(accepted, why) of one record text under pair validator v."""
    try:
        rec = strict_json(text)
    except (ValueError, UnicodeDecodeError) as e:
        return False, "not JSON: %s" % e
    errs = errors_of(v, rec)
    return not errs, "; ".join(errs)


def names_obj(text):
    """Whether a record has a shape with an "obj" member (an OBJ hull)."""
    rec = lenient_json(text)
    return isinstance(rec, dict) and any(
        isinstance(rec.get(s), dict) and "obj" in rec[s] for s in ("a", "b"))


# --- Batch files, split as mink's reader splits them ------------------------

def split_records(data):
    """The records of a batch file (bytes), in mink's order: a list of
    (text bytes, line).  An empty array element is an empty text; the list
    ends where the array's structure breaks, as mink's reading does."""
    i, line, n = 0, 1, len(data)
    if data.startswith(b"\xef\xbb\xbf"):
        i = 3
    while i < n and data[i:i + 1] in b" \t\r\n":
        line += data[i:i + 1] == b"\n"
        i += 1
    if i == n:
        return []
    if data[i:i + 1] != b"[":
        out = []
        for k, raw in enumerate(data.split(b"\n")):
            if k == 0 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            if raw.strip(b" \t\r"):
                out.append((raw.strip(b" \t\r"), k + 1))
        return out
    out, i = [], i + 1
    start, start_line, depth, in_str, esc, after_comma = None, line, 0, False, False, False
    while i < n:
        c = data[i:i + 1]
        if c == b"\n":
            line += 1
        if in_str:
            if esc:
                esc = False
            elif c == b"\\":
                esc = True
            elif c == b'"':
                in_str = False
        elif c in b" \t\r\n":
            pass
        elif c in (b",", b"]") and depth == 0:
            if c == b"]" and start is None and not after_comma:
                return out
            out.append((data[start:i].strip() if start is not None else b"",
                        start_line))
            start = None
            if c == b"]":
                return out
            after_comma = True
        else:
            if start is None:
                start, start_line = i, line
            if c in b"[{":
                depth += 1
            elif c in b"]}":
                if depth == 0:
                    return out
                depth -= 1
            elif c == b'"':
                in_str = True
        i += 1
    if start is not None and depth == 0 and not in_str:
        out.append((data[start:].strip(), start_line))
    return out


# --- Output ------------------------------------------------------------------

def check_answer(rec):
    """Problems with an answer that a schema cannot see; [] when none."""
    out = []
    if rec.get("status") == "error":
        return out
    if rec["depth"] != max(0.0, -rec["distance"]):
        out.append("depth %r is not max(0, -distance)" % rec["depth"])
    n = sum(c * c for c in rec["normal"]) ** 0.5
    if abs(n - 1) > 1e-12:
        out.append("normal %r is not a unit vector" % rec["normal"])
    if rec["state"] == "touching" and rec["point_a"] != rec["point_b"]:
        out.append("touching, but point_a != point_b")
    return out


def records_of(text, fmt):
    """The records of mink's JSON or NDJSON output (str); raises ValueError."""
    if fmt == "json":
        v = strict_json(text)
        if not isinstance(v, list):
            raise ValueError("JSON output is not an array")
        return v
    if text and not text.endswith("\n"):
        raise ValueError("NDJSON output does not end with a newline")
    return [strict_json(line) for line in text.split("\n")[:-1]]


def validate_output(t, what, out, fmt, results=None):
    """Checks mink's output (bytes) against the result schema; returns its
    records (None if unreadable).  `results` is a result validator."""
    results = results or validator("result")
    try:
        text = out.decode("utf-8")
        recs = records_of(text, fmt)
    except ValueError as e:
        t.check(False, "%s: output is not %s" % (what, fmt), e)
        return None
    if fmt == "json":
        t.check(not errors_of(validator("result", "batch"), recs),
                "%s: output is not a batch" % what)
    problems = []
    for k, rec in enumerate(recs):
        for e in errors_of(results, rec) or check_answer(rec):
            problems.append("record %d (id %r): %s" % (k + 1, rec.get("id")
                            if isinstance(rec, dict) else None, e))
    t.check(not problems, "%s: %d output records break the result schema"
            % (what, len(problems)), "\n".join(problems))
    return recs


def documented_columns(section="CSV"):
    """The CSV columns man/mink.5 lists in `section` ("CSV", or "Contact
    rows" for --contact-rows), in order."""
    cols, inside = [], False
    with open("man/mink.5", encoding="utf-8") as f:
        for line in f:
            if line.startswith((".Ss", ".Sh")):
                inside = line.strip() == ".Ss " + section
            elif inside and line.startswith(".It Va "):
                cols += [c.strip() for c in line[len(".It Va "):].split(",")]
    return cols


def read_csv(out):
    """mink's CSV output (bytes) as (header, rows), with Python's csv."""
    rows = list(csv.reader(io.StringIO(out.decode("utf-8"), newline="")))
    return rows[0], rows[1:]


# --- The error corpus ----------------------------------------------------------

def unescape(s):
    """\\xNN, \\t, \\r, \\n and \\\\ in an 'inx:' line, to bytes."""
    out, i = bytearray(), 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            c = s[i + 1]
            if c == "x":
                out.append(int(s[i + 2:i + 4], 16))
                i += 4
                continue
            out += {"t": b"\t", "r": b"\r", "n": b"\n", "\\": b"\\"}[c]
            i += 2
            continue
        out += s[i].encode("utf-8")
        i += 1
    return bytes(out)


class Case:
    def __init__(self, name, line):
        self.name = name
        self.line = line
        self.args = None
        self.lines = None
        self.eol = True
        self.stdin = False
        self.mode = None
        self.stdout = None
        self.err = []
        self.status = None
        self.code = None
        self.out = None
        self.schema = "reject"

    @property
    def input(self):
        """The input's bytes, {root} replaced by the repository's path."""
        if self.lines is None:
            return None
        data = b"\n".join(self.lines) + (b"\n" if self.eol else b"")
        return data.replace(b"{root}", os.getcwd().encode())

    def argv(self, path):
        args = self.args if self.args is not None else "-f ndjson {in}"
        return [a.replace("{in}", path).replace("{dir}", os.path.dirname(path))
                .replace("{root}", os.getcwd()) for a in shlex.split(args)]

    def single_record(self):
        """The record of a one-line case run the default way, else None."""
        if (self.code and self.args is None and not self.stdin and
                self.mode is None and len(self.lines or []) == 1 and
                self.eol and self.schema == "reject" and
                b"{root}" not in self.lines[0]):
            return self.lines[0]
        return None


def load_corpus(path=os.path.join(HERE, "errors.txt")):
    cases, case = [], None
    with open(path, "rb") as f:
        for k, raw in enumerate(f.read().split(b"\n"), 1):
            line = raw.decode("utf-8")
            if line.startswith("== "):
                case = Case(line[3:].strip(), k)
                cases.append(case)
                continue
            if not line.strip() or line.startswith("#"):
                continue
            key, _, value = line.partition(":")
            if case is None or (not _ and line not in ("noeol", "stdin")):
                raise SystemExit("%s:%d: not a corpus line" % (path, k))
            value = value[1:] if value.startswith(" ") else value
            if line == "noeol":
                case.eol = False
            elif line == "stdin":
                case.stdin = True
            elif key == "in":
                case.lines = (case.lines or []) + [raw[len("in: "):] if
                                                   len(raw) > 3 else b""]
            elif key == "inx":
                case.lines = (case.lines or []) + [unescape(value)]
            elif key == "args":
                case.args = value
            elif key == "err":
                case.err.append(value)
            elif key == "status":
                case.status = int(value)
            elif key == "code":
                case.code = value
            elif key == "out":
                case.out = value
            elif key == "stdout":
                case.stdout = value
            elif key == "mode":
                case.mode = int(value, 8)
            elif key == "schema":
                case.schema = value
            else:
                raise SystemExit("%s:%d: unknown key %r" % (path, k, key))
    return cases


def good_records():
    """One-line texts of valid pairs: testdata/analytic.json's and the valid
    corpus's (those that need no -d option)."""
    out = []
    with open("testdata/analytic.json", "rb") as f:
        for text, _ in split_records(f.read()):
            out.append(json.dumps(strict_json(text)).encode())
    with open(os.path.join(HERE, "valid.ndjson"), "rb") as f:
        out += [t for t, _ in split_records(f.read())]
    return out
