#!/bin/sh
# stages.sh - where the instructions of a mink run go, stage by stage.
#
# Runs `mink -j 2` under callgrind (which serialises the threads but counts
# every instruction each one executes, whatever else the machine is doing)
# on a few thousand records of each workload, and splits the instructions
# per record by stage, from callgrind's inclusive counts:
#
#   read + split  the reader thread (read(2) calls, record splitting and the
#                 copy of the records into blocks): reader_main
#   parse         the text read: cli_fastpair_parse (the one-pass reader,
#                 text straight to a checked pair, for the common records;
#                 its attempt on the others too), cli_fastjson_parse and
#                 cli_parse_json (text to a tree, for the records it declines)
#   contract      a tree checked against the contract into a pair:
#                 cli_parse_pair (OBJ hulls looked up in the cache included);
#                 only for records the one-pass reader declined
#   query         mink_query3 / mink_query2: cli_answer_pair
#   format        the output record as text: cli_writer_result_notes,
#                 cli_writer_error
#   write + rest  everything else: the ordered writer (fwrite to the
#                 output), thread hand-over, start-up and the end
#
# Instructions count the work, not the waiting: time spent in the kernel
# (read(2), write(2)) does not show here (e2e.sh reports it as system time).
#
# Environment: MINK, GEN (gen_boxes), OUT (data directory), STAGES_N
# (records per workload, default 20000).
set -eu

MINK=${MINK:-../build/mink}
GEN=${GEN:-../build/bench/gen_boxes}
OUT=${OUT:-out}
N=${STAGES_N:-20000}
TESTDATA=${TESTDATA:-../testdata}

command -v valgrind >/dev/null 2>&1 || { echo "stages.sh: valgrind not found" >&2; exit 2; }
command -v callgrind_annotate >/dev/null 2>&1 || { echo "stages.sh: callgrind_annotate not found" >&2; exit 2; }

mkdir -p "$OUT"
rm -rf "$OUT/meshes"
cp -R "$TESTDATA/meshes" "$OUT/meshes"
boxes=$OUT/stages-boxes.ndjson
hulls=$OUT/stages-obj.ndjson
mixed=$OUT/stages-mixed.ndjson
"$GEN" "$N" 42 > "$boxes"
"$GEN" "$N" 42 obj > "$hulls"
"$MINK" gen -n "$N" --seed 7 --margins 0.2 > "$mixed"
cg=$OUT/.callgrind

echo "## Instructions per record by stage"
echo
echo "callgrind (valgrind $(valgrind --version | sed 's/^valgrind-//')), \`mink -j 2\`, $N records per workload; $("$MINK" --version | head -n 1).  Box pairs: \`gen_boxes $N 42\`; OBJ hulls: \`gen_boxes $N 42 obj\` (cube, icosphere1, cylinder16 from testdata/meshes); mixed: \`mink gen -n $N --seed 7 --margins 0.2\` (every 3D kind)."
echo
echo "| workload | read + split | parse | contract | query | format | write + rest | total |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|"

# stage LABEL FILE FORMAT: one row.
stage() {
	label=$1
	file=$2
	format=$3
	valgrind --tool=callgrind --callgrind-out-file="$cg" \
		"$MINK" -j 2 -f "$format" "$file" > /dev/null 2> "$cg.err" || {
		status=$?
		[ "$status" = 1 ] || { cat "$cg.err" >&2; echo "stages.sh: mink failed on $file" >&2; exit 1; }
	}
	callgrind_annotate --auto=no --show-percs=no --threshold=100 --inclusive=yes "$cg" 2>/dev/null | awk -v label="$label" -v n="$N" '
		function num(s) { gsub(/,/, "", s); return s + 0 }
		/PROGRAM TOTALS/ { total = num($1) }
		NF >= 2 && $1 ~ /^[0-9,]+$/ && $2 ~ /:/ {
			fn = $2; sub(/^.*:/, "", fn)
			v = num($1)
			if (fn in seen) next
			seen[fn] = 1
			if (fn == "reader_main") read += v
			else if (fn == "cli_fastpair_parse" || fn == "cli_fastjson_parse" || fn == "cli_parse_json") parse += v
			else if (fn == "cli_parse_pair") contract += v
			else if (fn == "cli_answer_pair") query += v
			else if (fn == "cli_writer_result_notes" || fn == "cli_writer_error") format += v
		}
		END {
			rest = total - read - parse - contract - query - format
			printf "| %s | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f |\n", label,
			       read / n, parse / n, contract / n, query / n, format / n, rest / n, total / n
		}'
}

stage "box pairs, NDJSON -> CSV" "$boxes" csv
stage "box pairs, NDJSON -> NDJSON" "$boxes" ndjson
stage "OBJ hull pairs, NDJSON -> CSV" "$hulls" csv
stage "mixed 3D kinds, NDJSON -> CSV" "$mixed" csv
stage "mixed 3D kinds, NDJSON -> NDJSON" "$mixed" ndjson
rm -f "$cg" "$cg.err"
