#!/bin/sh
# The tests of hostile and unusual input: ids and strings as counted
# strings, the caps on a record's size and on the number of errors, one
# diagnosis for a file that is not pairs, compressed input, a stream of
# JSON values, --obj-dir.  Oracles: python3's json and csv modules, jq,
# gzip and zstd, and hand-written expectations.
#
#   MINK=build/mink sh tests/cli/input.sh      (from the repository root)

suite=input
summary_skips=yes

# shellcheck source=tests/setup.sh
. tests/setup.sh

SPHERES='"a":{"type":"sphere","radius":1},"b":{"type":"sphere","radius":1,"position":[3,0,0]}'

# --- Ids and strings are counted: NUL bytes kept, never a collision -----------

printf '{"id":"x\\u0000y",%s}\n{"id":"x",%s}\n{"id":"\\u0000",%s}\n{"id":"",%s}\n' \
	"$SPHERES" "$SPHERES" "$SPHERES" "$SPHERES" >"$TMP/nul.ndjson"
# The ids as python reads them back from each output format.
printf '%s\n' "['x\\x00y', 'x', '\\x00', '']" >"$TMP/want"
for fmt in json ndjson csv; do
	run -f $fmt "$TMP/nul.ndjson"
	expect "NUL in an id, -f $fmt" 0 '*' -
	cp "$TMP/out" "$TMP/nul-out.$fmt"
	python3 -c '
import csv, json, sys
fmt, path = sys.argv[1], sys.argv[2]
with open(path, newline="", encoding="utf-8") as f:
    if fmt == "json":
        ids = [r["id"] for r in json.load(f)]
    elif fmt == "ndjson":
        ids = [json.loads(l)["id"] for l in f]
    else:
        ids = [r["id"] for r in csv.DictReader(f)]
print(ids)' "$fmt" "$TMP/out" >"$TMP/ids" 2>&1
	same "$TMP/want" "$TMP/ids" "ids read back from -f $fmt" && pass
done
# JSON writes the NUL as \u0000; CSV quotes a field holding one.
run -f ndjson "$TMP/nul.ndjson"
has "NUL written back as \\u0000" "$TMP/out" '{"id":"x\u0000y","status":"ok"'
printf '"x\0y",3,ok\n' >"$TMP/want"
cut -d, -f1-3 "$TMP/nul-out.csv" | sed -n 2p >"$TMP/got"
same "$TMP/want" "$TMP/got" "CSV field with a NUL quoted" && pass
# diff matches ids whole: the same files in two formats agree, and ids that
# differ after the NUL are told apart.
run diff "$TMP/nul-out.csv" "$TMP/nul-out.json"
expect "diff: NUL ids, CSV against JSON" 0 '*' -
has "diff: 4 ids matched" "$TMP/out" "4 matched, 0 differ"
sed 's/x\\u0000y/x\\u0000z/' "$TMP/nul.ndjson" | "$MINK" -f csv >"$TMP/nulz.csv"
run diff "$TMP/nul-out.json" "$TMP/nulz.csv"
expect "diff: ids differing after a NUL" 1 '*' '*'
has "diff: x\\u0000y only in expected" "$TMP/out" '"x\u0000y": only in '
has "diff: x\\u0000z only in actual" "$TMP/out" '"x\u0000z": only in '
# A NUL cannot sneak into the strings the parser compares or opens.
printf '{"id":1,"a":{"type":"sphere\\u0000x","radius":1},"b":{"type":"sphere","radius":1}}\n' >"$TMP/nultype.ndjson"
run -f ndjson "$TMP/nultype.ndjson"
expect "NUL in a type" 1 '*' '*'
has "NUL in a type: an error record" "$TMP/out" '"status":"error"'
printf '{"id":1,"a":{"type":"hull","obj":"x.obj\\u0000y"},"b":{"type":"sphere","radius":1}}\n' >"$TMP/nulobj.ndjson"
run -f ndjson "$TMP/nulobj.ndjson"
expect "NUL in an obj path" 1 '*' '*'
has "NUL in an obj path: the message" "$TMP/err" "a.obj: '\\u0000' in the path"
printf '{"id":1,"a\\u0000":{"type":"sphere","radius":1},%s}\n' \
	'"b":{"type":"sphere","radius":1}' >"$TMP/nulkey.ndjson"
run -f ndjson "$TMP/nulkey.ndjson"
expect "NUL in a member name" 1 '*' '*'
has "NUL in a member name: the message" "$TMP/err" "'\\u0000' in a member name"

finish
