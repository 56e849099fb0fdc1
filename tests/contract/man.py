#!/usr/bin/env python3
"""The man pages: lint, options, examples, the library API, the codes.

- mandoc -T lint -W warning finds nothing in man/mink.1, mink.3, mink.5.
- Every option that `mink --help` shows is described in the OPTIONS
  section of mink.1, every option in a getopt table of cli/*.c is in
  mink.1, and so is every command that --help lists, with the options of
  its own --help.  Adding an option or a command without documenting it
  fails here, on purpose.
- Every example in mink.1 (a line starting with "$ " in a literal display)
  runs from a copy of the repository root (testdata/ and schemas/ are
  there) with the documented exit status and output.
- Every function, type and constant of include/mink.h is in mink.3.
- Every error code, warning code and shape type of the schemas is in
  mink.5.
"""
import glob
import os
import re
import shutil
import subprocess
import tempfile

from common import MINK, Tally, load_schema, run

t = Tally("man")
PAGES = ["man/mink.1", "man/mink.3", "man/mink.5"]


def render(page):
    p = subprocess.run(["mandoc", "-T", "ascii", page], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    t.check(p.returncode == 0, "mandoc cannot render %s" % page, p.stderr)
    return re.sub(".\b", "", p.stdout.decode("utf-8", "replace"))


def sections(text):
    """Rendered page -> {SECTION NAME: its text}."""
    out, name = {}, None
    for line in text.split("\n"):
        if re.match(r"^[A-Z][A-Z0-9 ]+$", line):
            name = line.strip()
            out[name] = ""
        elif name:
            out[name] += line + "\n"
    return out


def has_option(text, opt):
    """Whether `opt` ("--format", "-f") is in text as a whole option."""
    return re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(opt), text) is not None


def check_lint():
    p = subprocess.run(["mandoc", "-T", "lint", "-W", "warning"] + PAGES,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.decode("utf-8", "replace")
    t.check(p.returncode == 0 and not out.strip(), "mandoc -T lint -W warning", out)


def help_options(text):
    longs = set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", text))
    shorts = set()
    for line in text.split("\n"):
        m = re.match(r"^\s+(-[A-Za-z0-9])\b", line)
        if m:
            shorts.add(m.group(1))
    return longs, shorts


def help_commands(text):
    """Commands --help lists: 'mink a|b|c ...' usage lines and the lines of
    a 'Commands' block."""
    names = set()
    for m in re.finditer(r"mink ([a-z][a-z|]*)( |$)", text, re.M):
        names.update(w for w in m.group(1).split("|") if w)
    block = re.search(r"^Commands[^\n]*:\n((?:[ \t]+\S[^\n]*\n)+)", text, re.M)
    if block:
        names.update(re.findall(r"^[ \t]+([a-z][a-z0-9-]*)\s", block.group(1), re.M))
    return names


def source_options():
    """Long option names in the getopt tables of cli/*.c."""
    names = set()
    for path in glob.glob("cli/*.c"):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for m in re.finditer(r'\{\s*"([a-z][a-z0-9-]*)"\s*,\s*'
                             r'(?:no|required|optional)_argument', text):
            names.add((path, "--" + m.group(1)))
    return names


def check_options(page):
    secs = sections(page)
    opts = secs.get("OPTIONS", "")
    t.check(opts, "mink.1 has no OPTIONS section")
    status, out, err = run(["--help"])
    text = out.decode("utf-8")
    t.check(status == 0 and text, "mink --help", err)
    longs, shorts = help_options(text)
    t.check(len(longs) >= 5, "too few options found in --help: %s" % sorted(longs))
    for o in sorted(longs | shorts):
        t.check(has_option(opts, o), "mink --help shows %s, mink.1's OPTIONS "
                "does not describe it" % o)
    for path, o in sorted(source_options()):
        t.check(has_option(page, o), "%s has option %s, mink.1 does not "
                "mention it" % (path, o))
    for cmd in sorted(help_commands(text)):
        t.check(re.search(r"(?<![\w-])mink %s(?![\w-])" % cmd, secs.get("SYNOPSIS", "")),
                "mink --help lists command %s, mink.1's SYNOPSIS does not" % cmd)
        status, out, err = run([cmd, "--help"])
        if status != 0:
            continue
        sub_longs, sub_shorts = help_options(out.decode("utf-8"))
        for o in sorted(sub_longs):
            t.check(has_option(page, o), "mink %s --help shows %s, mink.1 "
                    "does not mention it" % (cmd, o))


ESCAPES = {"e": "\\", "-": "-", "&": "", "(aq": "'", "(dq": '"', "(ti": "~",
           "(ha": "^", "(rs": "\\"}


def unroff(line, where):
    def sub(m):
        key = m.group(1)
        if key not in ESCAPES:
            t.check(False, "%s: roff escape \\%s in an example" % (where, key))
            return ""
        return ESCAPES[key]
    return re.sub(r"\\(\(..|.)", sub, line)


def examples(path):
    """(line, command, expected status, expected output) of each example."""
    out, inside, status, cur = [], False, 0, None
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for k, raw in enumerate(lines, 1):
        if raw.startswith(".Bd") and "-literal" in raw:
            inside = True
            continue
        if not inside:
            continue
        if raw.startswith(".Ed"):
            inside, cur = False, None
            continue
        m = re.match(r'^\.\\"\s*exit\s+(\d+)\s*$', raw)
        if m:
            status = int(m.group(1))
            continue
        line = unroff(raw, "%s:%d" % (path, k))
        if cur is not None and cur["open"]:
            cur["cmd"] += "\n" + line
        elif line.startswith("$ "):
            cur = {"line": k, "cmd": line[2:], "status": status, "out": []}
            status = 0
            out.append(cur)
        elif cur is not None:
            cur["out"].append(line)
            continue
        else:
            continue
        cur["open"] = cur["cmd"].endswith(("\\", "|"))
    return out


def check_examples():
    exs = examples("man/mink.1")
    t.check(len(exs) >= 4, "mink.1 has %d examples" % len(exs))
    t.check(any(e["status"] != 0 for e in exs),
            "no example in mink.1 shows a failing run")
    tmp = tempfile.mkdtemp(prefix="mink-man.")
    bindir = os.path.join(tmp, "bin")
    os.mkdir(bindir)
    os.symlink(os.path.abspath(MINK), os.path.join(bindir, "mink"))
    work = os.path.join(tmp, "root")
    os.mkdir(work)
    for d in ("testdata", "schemas"):
        os.symlink(os.path.abspath(d), os.path.join(work, d))
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"])
    for e in exs:
        what = "mink.1:%d: $ %s" % (e["line"], e["cmd"].split("\n")[0])
        if not t.check(re.search(r"(^|[|;&(]\s*)mink(\s|$)", e["cmd"], re.M),
                       "%s: does not run mink" % what):
            continue
        p = subprocess.run(["bash", "-o", "pipefail", "-c", e["cmd"]], cwd=work,
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        got = (p.stdout + p.stderr).decode("utf-8", "replace")
        want = "".join(line + "\n" for line in e["out"])
        t.check(p.returncode == e["status"], "%s: exit status %d, documented %d"
                % (what, p.returncode, e["status"]), got)
        t.check(got == want, "%s: output differs from mink.1" % what,
                "documented:\n%sgot:\n%s" % (want, got))
    shutil.rmtree(tmp)


def check_api():
    with open("include/mink.h", encoding="utf-8") as f:
        header = f.read()
    page = render("man/mink.3")
    names = set(re.findall(r"\b(mink_[a-z0-9_]+)\s*\(", header))
    names |= set(re.findall(r"\btypedef\s+(?:struct|enum)\s+(mink_[a-z0-9_]+)", header))
    names |= set(re.findall(r"\b(MINK_[A-Z0-9_]+)\b", header)) - {"MINK_H"}
    t.check(len(names) > 40, "include/mink.h: only %d names found" % len(names))
    for n in sorted(names):
        t.check(re.search(r"(?<!\w)%s(?!\w)" % n, page),
                "include/mink.h declares %s, mink.3 does not mention it" % n)
    synopsis = sections(page).get("SYNOPSIS", "")
    for n in sorted(set(re.findall(r"\b(mink_[a-z0-9_]+)\s*\(", header))):
        t.check(n + "(" in synopsis, "mink.3's SYNOPSIS lacks %s()" % n)


def check_codes():
    page = render("man/mink.5")
    result = load_schema("result")
    pair = load_schema("pair")
    defs = result["$defs"]
    words = defs["error"]["properties"]["error"]["properties"]["code"]["enum"]
    words = words + defs["answer"]["properties"]["warning"]["properties"]["code"]["enum"]
    for dim in ("shape3", "shape2"):
        words = words + pair["$defs"][dim]["properties"]["type"]["enum"]
    for w in words:
        t.check(re.search(r"(?<!\w)%s(?!\w)" % w, page),
                "the schemas have %s, mink.5 does not" % w)


def main():
    check_lint()
    page = render("man/mink.1")
    check_options(page)
    check_examples()
    check_api()
    check_codes()
    t.finish()


if __name__ == "__main__":
    main()
