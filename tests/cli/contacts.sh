#!/bin/sh
# The tests of the contact options: --contacts (1, all, out of range),
# --contact-tolerance, --contact-rows (a row per contact, one per error
# record, the same numbers as the JSON contacts, usage), in the two-OBJ
# mode too, and the same bytes for every -j.  (The contacts of the golden
# cases are checked by tests/cli/check.py.)
#
#   MINK=build/mink sh tests/cli/contacts.sh      (from the repository root)

suite=contacts
summary_skips=yes
HERE=tests/cli
M=testdata/meshes

# shellcheck source=tests/setup.sh
. tests/setup.sh

# column NAME FILE: the 1-based column of CSV header field NAME in FILE.
column() {
	head -n 1 "$2" | tr ',' '\n' | grep -n -x -F -e "$1" | cut -d: -f1
}

# plain [FILE]: the CSV file (or standard input) with a quoted id as the
# word "quoted", for awk -F, (no other field of these rows is quoted).
plain() {
	sed -E 's/^"([^"]|"")*",/quoted,/' ${1:+"$1"}
}

# Pairs whose patches are known: two squares turned 45 degrees to each
# other (an octagon of 8 corners), a cylinder's cap on a box (its 16-gon),
# a small box whose bottom face is tilted by 2e-8 rad (an edge at the
# default tolerance, a face at 1e-6), a 2D box on a box (two points).
cat >"$TMP/patches.ndjson" <<'EOF'
{"id": "octagon", "a": {"type": "box", "half_extents": [1, 1, 1]}, "b": {"type": "box", "half_extents": [1, 1, 1], "position": [0, 0, 1.75], "rotation": [0.9238795325112867, 0, 0, 0.3826834323650898]}}
{"id": "cap", "a": {"type": "box", "half_extents": [2, 2, 1]}, "b": {"type": "cylinder", "radius": 1, "half_height": 1, "position": [0, 0, 1.9]}}
{"id": "tilted", "a": {"type": "box", "half_extents": [1, 1, 1]}, "b": {"type": "box", "half_extents": [0.5, 0.5, 0.5], "position": [0, 0, 1.4], "rotation": [1, 1e-8, 0, 0]}}
{"id": "flat", "dim": 2, "a": {"type": "box", "half_extents": [1, 1]}, "b": {"type": "box", "half_extents": [0.5, 0.5], "position": [0.3, 1.4]}}
EOF

# counts ARGS...: "id:count ..." of each record of patches.ndjson, with ARGS.
counts() {
	"$MINK" -f csv "$@" "$TMP/patches.ndjson" >"$TMP/counts.csv" 2>"$TMP/err"
	c=$(column contact_count "$TMP/counts.csv")
	awk -F, -v c="$c" 'NR > 1 { printf "%s%s:%s", (NR > 2 ? " " : ""), $1, $c }' "$TMP/counts.csv"
}

# --- --contacts ----------------------------------------------------------------

equal "default: 4 contacts at most" "octagon:4 cap:4 tilted:2 flat:2" "$(counts)"
equal "--contacts=all" "octagon:8 cap:16 tilted:2 flat:2" "$(counts --contacts=all)"
equal "--contacts 16" "octagon:8 cap:16 tilted:2 flat:2" "$(counts --contacts 16)"
equal "--contacts=1" "octagon:1 cap:1 tilted:1 flat:1" "$(counts --contacts=1)"
equal "--contacts=3" "octagon:3 cap:3 tilted:2 flat:2" "$(counts --contacts=3)"

# One contact is the result's own: its distance and points.
awk -v seed=5 -v n=2000 -f "$HERE/mixed.awk" >"$TMP/mixed.ndjson"
"$MINK" -f csv --contact-rows --contacts=1 "$TMP/mixed.ndjson" 2>/dev/null |
	plain | cut -d, -f1-2,4,8-19 >"$TMP/one.csv"
"$MINK" -f csv --contacts=1 "$TMP/mixed.ndjson" 2>/dev/null | plain |
	awk -F, -v OFS=, '{ print $1, $3, $6, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22 }' |
	sed -e '1s/.*/id,status,distance,point_a_x,point_a_y,point_a_z,point_b_x,point_b_y,point_b_z,local_a_x,local_a_y,local_a_z,local_b_x,local_b_y,local_b_z/' \
		-e 's/^\([^,]*\),error,.*/\1,error,,,,,,,,,,,,,/' >"$TMP/result.csv"
same "$TMP/result.csv" "$TMP/one.csv" "--contacts=1 against the results' own points" && pass
n=$(awk -F, 'NR > 1 && $2 != "error"' "$TMP/one.csv" | wc -l)
if [ "$n" -gt 1500 ]; then pass; else fail "--contacts=1: $n results"; fi

for bad in 0 17 -1 x 2.5 "" ALL; do
	run --contacts="$bad" "$TMP/patches.ndjson"
	expect "bad usage: --contacts=$bad" 2 - '*'
	has "bad usage: --contacts=$bad" "$TMP/err" "mink: invalid number of contacts '$bad' (1 to 16, or all)"
	has "bad usage: --contacts=$bad" "$TMP/err" "Try 'mink --help' for more information."
done
run --contacts
expect "bad usage: --contacts without a value" 2 - '*'

# --- --contact-tolerance ---------------------------------------------------------

# The bottom face of "tilted" drops 2e-8 across: an edge at 1e-9 of the
# pair's size, the whole face at 1e-6.
equal "--contact-tolerance=1e-6" "octagon:4 cap:4 tilted:4 flat:2" "$(counts --contact-tolerance=1e-6)"
equal "--contact-tolerance 1e-12" "octagon:4 cap:4 tilted:2 flat:2" "$(counts --contact-tolerance 1e-12)"
equal "--contact-tolerance=0" "octagon:4 cap:4 tilted:2 flat:2" "$(counts --contact-tolerance=0)"
for bad in -1 nan inf x 0x1p-3 ""; do
	run --contact-tolerance="$bad" "$TMP/patches.ndjson"
	expect "bad usage: --contact-tolerance=$bad" 2 - '*'
	has "bad usage: --contact-tolerance=$bad" "$TMP/err" "mink: invalid contact tolerance '$bad' (a number >= 0)"
done

# --- --contact-rows ----------------------------------------------------------------

run -f csv --contact-rows "$TMP/patches.ndjson"
expect "--contact-rows" 0 '*' -
head -n 1 "$TMP/out" >"$TMP/header"
echo "id,status,contact,distance,nx,ny,nz,point_a_x,point_a_y,point_a_z,point_b_x,point_b_y,point_b_z,local_a_x,local_a_y,local_a_z,local_b_x,local_b_y,local_b_z,error_code" >"$TMP/want"
same "$TMP/want" "$TMP/header" "--contact-rows header" && pass
# The 2D box on a box: two corners, z = 0 in every vector as in the
# result CSV, the points at x = 0.8 and -0.2 on y = 1 (A) and 0.9 (B).
grep '^flat,' "$TMP/out" | cut -d, -f1-3,7,10,13,16,19,20 >"$TMP/flat"
printf '%s\n' 'flat,ok,1,0,0,0,0,0,' 'flat,ok,2,0,0,0,0,0,' >"$TMP/want"
same "$TMP/want" "$TMP/flat" "--contact-rows: a 2D patch" && pass
n=$(awk -F, '$1 == "flat" && ($8 - 0.3) ^ 2 > 0.2499999 && ($8 - 0.3) ^ 2 < 0.2500001 &&
	$8 == $11 && $9 == 1 && $12 > 0.8999999 && $12 < 0.9000001' "$TMP/out" | wc -l)
equal "--contact-rows: the 2D patch's corners" 2 "$n"

# Every record is in the output: as many rows as contacts, one per error.
run -f csv --contact-rows "$TMP/mixed.ndjson"
expect "--contact-rows, errors among the records" 1 '*' '*'
plain "$TMP/out" >"$TMP/rows.csv"
mv "$TMP/err" "$TMP/rows.err"
run -f csv "$TMP/mixed.ndjson"
expect "the same records as results" 1 '*' "$TMP/rows.err"
c=$(column contact_count "$TMP/out")
want=$(plain "$TMP/out" | awk -F, -v c="$c" 'NR > 1 { n += $3 == "error" ? 1 : $c } END { print n }')
got=$(($(wc -l <"$TMP/rows.csv") - 1))
equal "--contact-rows: a row per contact and per error record" "$want" "$got"
errors=$(grep -c '^mink: ' "$TMP/rows.err")
n=$(awk -F, '$2 == "error"' "$TMP/rows.csv" | wc -l)
equal "--contact-rows: a row per error record" "$errors" "$n"
if [ "$errors" -gt 50 ] && [ "$got" -gt 1500 ]; then pass; else fail "mixed.awk: $errors errors, $got rows"; fi

# An error row: id, status and error_code, every other field empty.
run -f csv --contact-rows testdata/errors.ndjson
expect "--contact-rows on error records" 1 '*' "$HERE/golden/errors.stderr"
has "--contact-rows: an error row" "$TMP/out" 'typo,error,,,,,,,,,,,,,,,,,,bad_record'
has "--contact-rows: an error row without an id" "$TMP/out" '4,error,,,,,,,,,,,,,,,,,,bad_json'
has "--contact-rows: a result row" "$TMP/out" 'spheres,ok,1,-0.5,1,0,0,1,0,0,0.5,0,0,1,0,0,-1,0,0,'
plain "$TMP/out" | awk -F, '{ print NF }' | sort -u >"$TMP/nf"
echo 20 >"$TMP/want"
same "$TMP/want" "$TMP/nf" "--contact-rows: 20 fields in every row" && pass

# The numbers of the rows are those of the JSON contacts.
if command -v python3 >/dev/null 2>&1; then
	"$MINK" -f ndjson --contacts=all "$TMP/mixed.ndjson" >"$TMP/rows.ndjson" 2>/dev/null
	"$MINK" -f csv --contact-rows --contacts=all "$TMP/mixed.ndjson" >"$TMP/rows.csv" 2>/dev/null
	if python3 - "$TMP/rows.ndjson" "$TMP/rows.csv" >"$TMP/py" 2>&1 <<'EOF'; then
import csv, json, sys
recs = [json.loads(line) for line in open(sys.argv[1])]
rows = list(csv.DictReader(open(sys.argv[2], newline="")))
want = []
for r in recs:
    if r["status"] == "error":
        want.append((str(r["id"]), "error", "", r["error"]["code"]))
        continue
    pad = [0.0] * (3 - len(r["normal"]))
    for k, c in enumerate(r["contacts"], 1):
        nums = [c["distance"]] + r["normal"] + pad
        for v in ("point_a", "point_b", "local_a", "local_b"):
            nums += c[v] + pad
        want.append((str(r["id"]), r["status"], str(k), nums))
got = []
for row in rows:
    if row["status"] == "error":
        got.append((row["id"], "error", row["contact"], row["error_code"]))
        continue
    cols = ["distance", "nx", "ny", "nz"] + ["%s_%s" % (v, c) for v in (
        "point_a", "point_b", "local_a", "local_b") for c in "xyz"]
    got.append((row["id"], row["status"], row["contact"],
                [float(row[c]) for c in cols]))
assert len(want) == len(got), "%d rows, %d contacts" % (len(got), len(want))
bad = [(w, g) for w, g in zip(want, got) if w != g]
assert not bad, "%d rows differ, the first: %r" % (len(bad), bad[0])
print(len(got), "rows")
EOF
		pass
	else
		fail "--contact-rows against the JSON contacts:"
		cat "$TMP/py"
	fi
else
	skip "python3 not found, --contact-rows not compared with JSON"
fi

# Only with CSV.
for args in "-f json --contact-rows" "--contact-rows" "--contact-rows -f ndjson" "--contact-rows=1 -f csv"; do
	set -f
	# shellcheck disable=SC2086
	run $args "$TMP/patches.ndjson"
	set +f
	expect "bad usage: $args" 2 - '*'
	has "bad usage: $args" "$TMP/err" "Try 'mink --help' for more information."
done
has "bad usage: --contact-rows without csv" "$TMP/err" "mink: option '--contact-rows' takes no argument"
run -f json --contact-rows "$TMP/patches.ndjson"
has "bad usage: -f json --contact-rows" "$TMP/err" "mink: option '--contact-rows' needs -f csv"

# --- The same bytes for every -j ------------------------------------------------------

for args in "-f csv --contact-rows" "-f csv --contact-rows --contacts=all" "-f ndjson --contacts=all --contact-tolerance=1e-6"; do
	set -f
	# shellcheck disable=SC2086
	run -j 1 $args "$TMP/mixed.ndjson"
	mv "$TMP/out" "$TMP/j1.out"
	mv "$TMP/err" "$TMP/j1.err"
	for j in 2 8; do
		# shellcheck disable=SC2086
		run -j $j $args "$TMP/mixed.ndjson"
		expect "$args -j $j" 1 "$TMP/j1.out" "$TMP/j1.err"
	done
	set +f
done

# --- Two OBJ files ----------------------------------------------------------------------

# Two unit cubes, B 0.75 along x: face on face, the four corners.
run -f csv --contact-rows $M/cube.obj $M/cube.obj --position-b 0.75,0,0
expect "A.obj B.obj --contact-rows" 0 '*' -
equal "A.obj B.obj --contact-rows: 4 rows" 5 "$(wc -l <"$TMP/out")"
run -f csv --contacts=1 $M/cube.obj $M/cube.obj --position-b 0.75,0,0
expect "A.obj B.obj --contacts=1" 0 '*' -
c=$(column contact_count "$TMP/out")
equal "A.obj B.obj --contacts=1: one contact" 1 "$(sed -n "2p" "$TMP/out" | cut -d, -f"$c")"
run -f csv --contact-tolerance=1e-6 --contacts=all $M/cube.obj $M/cube.obj \
	--position-b 0,0,0.9 --rotation-b 1,1e-8,0,0
expect "A.obj B.obj --contact-tolerance" 0 '*' -
equal "A.obj B.obj --contact-tolerance: a face" 4 "$(sed -n "2p" "$TMP/out" | cut -d, -f"$c")"
run -f csv --contacts=all $M/cube.obj $M/cube.obj --position-b 0,0,0.9 --rotation-b 1,1e-8,0,0
equal "A.obj B.obj, default tolerance: an edge" 2 "$(sed -n "2p" "$TMP/out" | cut -d, -f"$c")"

finish
