#!/usr/bin/env python3
"""The error corpus (tests/contract/errors.txt) against mink and the schema.

For every case: mink's exit status and standard error, exactly; for a case
with a code, one error record with that code and the stderr message, valid
under the result schema, and an input record that the pair schema (or
strict JSON) rejects too.  Then the mixed batches: the corpus's one-line
records between good ones, as NDJSON and as a JSON array, where every good
record must get the result it gets alone and every bad one its error
record, in its place, with the stderr line at its own line.
"""
import json
import os
import random
import shutil
import tempfile

from common import (Tally, _check_strings, _no_constant, expected_id, good_records,
                    load_corpus, names_obj, pair_verdict, records_of, run,
                    split_records,
                    strict_json, validate_output, validator)

t = Tally("corpus")
pairs = validator("pair")
pairs_d2 = validator("pair", "pair2_default")
results = validator("result")
tmp = tempfile.mkdtemp(prefix="mink-corpus.")


def message_of(line, path):
    """The message of a stderr line about `path`: after FILE:LINE[:COL]: ."""
    prefix = "mink: %s:" % path
    if not line.startswith(prefix):
        return None
    rest = line[len(prefix):]
    for _ in range(2):
        head, sep, tail = rest.partition(":")
        if not sep or not head.isdigit():
            break
        rest = tail
    return rest[1:] if rest.startswith(" ") else None


def run_case(case, k):
    path = os.path.join(tmp, "case%03d.%s" % (k, "json" if (
        case.input or b"").startswith(b"[") else "ndjson"))
    stdin = b""
    if case.input is not None:
        if case.stdin:
            stdin = case.input
        else:
            with open(path, "wb") as f:
                f.write(case.input)
            if case.mode is not None:
                os.chmod(path, case.mode)
    name = "<stdin>" if case.stdin else path
    argv = case.argv(path)
    if case.stdout == "full":
        status, out, err = run(argv, stdin=stdin, stdout_path="/dev/full")
    else:
        status, out, err = run(argv, stdin=stdin)
    return name, argv, status, out, err


def check_case(case, k):
    what = "%s (errors.txt:%d)" % (case.name, case.line)
    if case.mode is not None and os.geteuid() == 0:
        print("SKIP: corpus: %s: root reads any file" % what)
        return
    name, argv, status, out, err = run_case(case, k)
    want_status = case.status if case.status is not None else 1
    t.check(status == want_status, "%s: exit status %d, expected %d"
            % (what, status, want_status), err)
    want_err = [e.replace("{in}", name).replace("{root}", os.getcwd())
                for e in case.err]
    got_err = err.split("\n")[:-1] if err.endswith("\n") else err.split("\n")
    if case.err or case.code:
        t.check(got_err == want_err, "%s: standard error differs" % what,
                "expected:\n%s\ngot:\n%s" % ("\n".join(want_err), err))
    elif status == 2 and argv and argv[0].startswith("-"):
        # Usage errors: the reason, then where to look.
        t.check(len(got_err) == 2 and got_err[0].startswith("mink: ") and
                got_err[1] == "Try 'mink --help' for more information.",
                "%s: not a usage message" % what, err)
    else:
        t.check(len(got_err) == 1 and got_err[0].startswith("mink: %s:" % name),
                "%s: expected one line about %s on stderr" % (what, name), err)
    if case.code:
        recs = validate_output(t, what, out, "ndjson", results) or []
        if t.check(len(recs) == 1, "%s: %d records, expected one error record"
                   % (what, len(recs)), out.decode("utf-8", "replace")):
            rec = recs[0]
            t.check(rec["status"] == "error" and
                    rec["error"]["code"] == case.code,
                    "%s: record %r, expected code %s" % (what, rec, case.code))
            msg = message_of(got_err[0], name) if len(got_err) == 1 else None
            t.check(rec.get("error", {}).get("message") == msg,
                    "%s: record message %r is not the stderr message %r"
                    % (what, rec.get("error", {}).get("message"), msg))
        # The same record under the schema.
        v = pairs_d2 if "-d 2" in (case.args or "") else pairs
        texts = [text for text, _ in split_records(case.input)]
        if t.check(len(texts) == 1, "%s: %d records in the input, expected 1"
                   % (what, len(texts))):
            ok, why = pair_verdict(v, texts[0])
            if case.schema == "accept":
                t.check(ok, "%s: the schema should accept it" % what, why)
            else:
                t.check(not ok, "%s: the schema accepts what mink rejects"
                        % what)
    elif case.out != "any" and case.stdout != "full":
        # Usage errors and unusable files write no results (CSV: no header).
        t.check(out in (b"", b"[]\n") if not argv or "-f" not in argv
                else out == b"", "%s: unexpected output" % what,
                out.decode("utf-8", "replace")[:500])


def mixed(bad, good, fmt):
    """Bad records between good ones, run together: each must get what it
    gets alone, in its place."""
    texts = []
    for i, b in enumerate(bad):
        texts.append(good[i % len(good)])
        texts.append(b)
    texts.append(good[len(bad) % len(good)])
    path = os.path.join(tmp, "mixed." + fmt)
    with open(path, "wb") as f:
        if fmt == "ndjson":
            f.write(b"\n".join(texts) + b"\n")
            first = 1
        else:
            f.write(b"[\n" + b",\n".join(texts) + b"\n]\n")
            first = 2
    status, out, err = run(["-f", "ndjson", path])
    what = "mixed batch (%s, %d records)" % (fmt, len(texts))
    t.check(status == 1, "%s: exit status %d, expected 1" % (what, status))
    recs = validate_output(t, what, out, "ndjson", results) or []
    if not t.check(len(recs) == len(texts), "%s: %d results for %d records"
                   % (what, len(recs), len(texts))):
        return
    want_err = []
    problems = []
    for k, text in enumerate(texts):
        alone_status, alone_out, alone_err = run(["-f", "ndjson", "-"], stdin=text + b"\n")
        alone = records_of(alone_out.decode("utf-8"), "ndjson")[0]
        got = dict(recs[k])
        if got.get("id") != expected_id(text, k + 1):
            problems.append("record %d: id %r, expected %r"
                            % (k + 1, got.get("id"), expected_id(text, k + 1)))
        got.pop("id", None)
        alone.pop("id", None)
        if got != alone:
            problems.append("record %d: %r alone, %r in the batch"
                            % (k + 1, alone, got))
        for line in alone_err.split("\n")[:-1]:
            want_err.append(line.replace("mink: <stdin>:1:", "mink: %s:%d:"
                                         % (path, first + k)))
    t.check(not problems, "%s: records differ from their results alone" % what,
            "\n".join(problems))
    t.check(err.split("\n")[:-1] == want_err, "%s: standard error differs" % what,
            "expected:\n%s\ngot:\n%s" % ("\n".join(want_err), err))


def syntax_ok(text):
    """Whether Python reads text as one JSON value, with mink's extra rules
    (no NaN or Infinity, no unpaired surrogates), duplicates allowed."""
    try:
        _check_strings(json.loads(text, parse_constant=_no_constant))
        return True
    except ValueError:
        return False


def fuzz(good, n=3000, seed=6):
    """Seeded random edits of good records: mink calls a record bad_json
    exactly when Python's JSON reader refuses it."""
    rng = random.Random(seed)
    alphabet = '{}[],:"\\ \t\x01-+.eE0123456789aeflnrstux/\''
    texts = []
    while len(texts) < n:
        t_ = bytearray(rng.choice(good))
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(len(t_) + 1)
            op = rng.randrange(3)
            c = ord(rng.choice(alphabet))
            if op == 0:
                t_.insert(k, c)
            elif k < len(t_):
                if op == 1:
                    del t_[k]
                else:
                    t_[k] = c
        try:
            t_.decode("utf-8")  # invalid UTF-8 is mink's to replace
        except UnicodeDecodeError:
            continue
        if t_.strip(b" \t\r") and b"\n" not in t_:
            texts.append(bytes(t_))
    path = os.path.join(tmp, "fuzz.ndjson")
    with open(path, "wb") as f:
        f.write(b"".join(good[0:1] + [b"\n" + x for x in texts]) + b"\n")
    status, out, err = run(["-f", "ndjson", path])
    recs = records_of(out.decode("utf-8"), "ndjson")[1:]
    if not t.check(len(recs) == len(texts), "fuzz: %d results for %d records"
                   % (len(recs), len(texts))):
        return
    problems, drift = [], []
    for text, rec in zip(texts, recs):
        bad_json = rec.get("error", {}).get("code") == "bad_json"
        if bad_json == syntax_ok(text.decode()):
            problems.append("%s: mink says %s" % (text.decode(), rec.get("error")))
        elif not bad_json and not names_obj(text):
            # JSON both ways: the schema accepts it iff mink answers it.
            ok, why = pair_verdict(pairs, text)
            if ok != (rec["status"] != "error"):
                drift.append("%s: mink says %s; the schema %s" % (
                    text.decode(), rec.get("error", "ok"), why or "accepts it"))
    t.check(not problems, "fuzz: mink and Python disagree on JSON syntax "
            "(%d of %d)" % (len(problems), len(texts)), "\n".join(problems[:20]))
    t.check(not drift, "fuzz: mink and the schema disagree (%d of %d)"
            % (len(drift), len(texts)), "\n".join(drift[:20]))


def main():
    cases = load_corpus()
    codes = sum(1 for c in cases if c.code)
    print("corpus: %d cases, %d with an error record" % (len(cases), codes))
    t.check(len(cases) >= 50, "the corpus has %d cases, fewer than 50" % len(cases))
    names = [c.name for c in cases]
    t.check(len(set(names)) == len(names), "case names repeat")
    for k, case in enumerate(cases):
        check_case(case, k)

    good = good_records()
    for g in good:
        ok, why = pair_verdict(pairs, g)
        t.check(ok, "good record rejected by the schema: %s" % g.decode(), why)
    bad = [c.single_record() for c in cases if c.single_record()]
    t.check(len(bad) >= 40, "only %d one-line bad records" % len(bad))
    mixed(bad, good, "ndjson")
    # In an array, a syntax error can break the array itself: only records
    # that are JSON go there.
    json_bad = []
    for b in bad:
        try:
            strict_json(b)
            json_bad.append(b)
        except ValueError:
            pass
    mixed(json_bad, good, "json")
    fuzz(good)
    shutil.rmtree(tmp, ignore_errors=True)
    t.finish()


if __name__ == "__main__":
    main()
