#!/bin/sh
# e2e.sh - end-to-end benchmark of the mink CLI.
#
# Generates 1,000,000 box-box pairs as NDJSON (seeded, bench/gen_boxes.c),
# then times in the same run: `mink -f csv` and `mink -f ndjson` with one
# worker and with every core, and `jq -c .` re-printing the same file as a
# yardstick for "parse and print JSON"; then hull pairs read from OBJ files
# (gen_boxes ... obj) and a mixed batch of every 3D kind (mink gen), on
# 100,000 records each.  Wall time and peak RSS come from GNU time; the
# output goes to /dev/null.  Peak memory is measured for 10^5, 10^6 and
# 10^7 records (the largest streamed from the generator through a pipe,
# so that it needs no 3.6 GB file).
#
# Environment: MINK (the binary), GEN (gen_boxes), OUT (data directory),
# RUNS (repetitions of each run, default 3), E2E_N and E2E_N_SMALL (record
# counts, default 1000000 and 100000), E2E_N_HUGE (default 10000000, 0 to
# skip that run), TESTDATA (the meshes' directory's parent).
set -eu

MINK=${MINK:-../build/mink}
GEN=${GEN:-../build/bench/gen_boxes}
OUT=${OUT:-out}
N=${E2E_N:-1000000}
N_SMALL=${E2E_N_SMALL:-100000}
N_HUGE=${E2E_N_HUGE:-10000000}
TESTDATA=${TESTDATA:-../testdata}
SEED=42
RUNS=${RUNS:-3}
TIME=/usr/bin/time

mkdir -p "$OUT"
big=$OUT/boxes-$N.ndjson
small=$OUT/boxes-$N_SMALL.ndjson
hulls=$OUT/obj-$N_SMALL.ndjson
mixed=$OUT/mixed-$N_SMALL.ndjson
tfile=$OUT/.time
rates=$OUT/.rates

for tool in "$MINK" "$GEN" jq "$TIME"; do
	command -v "$tool" >/dev/null 2>&1 || { echo "e2e.sh: $tool not found" >&2; exit 2; }
done

cores=$(nproc)
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)

echo "## End-to-end benchmark"
echo
echo "Machine: $cores cores, ${cpu:-unknown CPU}; $("$MINK" --version 2>/dev/null | head -n 1); $(jq --version); load average at start $(cut -d ' ' -f 1-3 /proc/loadavg)."

start=$(date +%s)
"$GEN" "$N" "$SEED" > "$big"
head -n "$N_SMALL" "$big" > "$small"
rm -rf "$OUT/meshes"
cp -R "$TESTDATA/meshes" "$OUT/meshes"
"$GEN" "$N_SMALL" "$SEED" obj > "$hulls"
"$MINK" gen -n "$N_SMALL" --seed 7 --margins 0.2 > "$mixed"
gen_s=$(( $(date +%s) - start ))
echo "Input: $N box-box pairs as NDJSON ($(( $(wc -c < "$big") / 1048576 )) MiB, seed $SEED, generated in about ${gen_s} s); the first $N_SMALL of them for the memory check; $N_SMALL hull pairs from OBJ files (\`gen_boxes $N_SMALL $SEED obj\`: cube, icosphere1, cylinder16) and $N_SMALL mixed pairs of every 3D kind (\`mink gen -n $N_SMALL --seed 7 --margins 0.2\`)."

if "$MINK" --help 2>&1 | grep -q -e '--jobs' -e ' -j'; then
	has_j=1
else
	has_j=0
	echo "Note: this mink has no -j option yet: its runs below use its default threading."
fi
echo

# run LABEL RECORDS CMD...: runs CMD (stdout to /dev/null) RUNS times and
# prints a row: the median wall time and the largest peak RSS.
run() {
	label=$1
	records=$2
	shift 2
	: > "$tfile.all"
	i=0
	while [ "$i" -lt "$RUNS" ]; do
		if ! "$TIME" -f '%e %M %x %U %S' -o "$tfile" "$@" > /dev/null; then
			status=$(tail -n 1 "$tfile" | awk '{print $3}')
			case $status in
			1) ;; # some records were errors: still a complete run
			*) echo "e2e.sh: '$*' failed (exit $status)" >&2; exit 1 ;;
			esac
		fi
		tail -n 1 "$tfile" >> "$tfile.all"
		i=$((i + 1))
	done
	sort -n "$tfile.all" | awk -v label="$label" -v n="$records" -v rates="$rates" '
		{ wall[NR] = $1; cpu[NR] = $4 + $5; if ($2 > rss) rss = $2 }
		END {
			m = (NR % 2) ? wall[(NR + 1) / 2] : (wall[NR / 2] + wall[NR / 2 + 1]) / 2;
			rate = (m > 0) ? n / m : 0;
			spread = sprintf("%.2f-%.2f", wall[1], wall[NR]);
			printf "| %s | %d | %.2f | %s | %.0f | %.2f | %.1f |\n", label, n, m, spread, rate,
			       median(cpu, NR), rss / 1024
			printf "%s\t%.6f\t%.1f\n", label, rate, rss / 1024 >> rates
		}
		function median(v, k,    i, j, t) {
			for (i = 2; i <= k; i++)
				for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
			return (k % 2) ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
		}'
}

echo "Each run $RUNS times: median wall time (and the range), records/s from the median wall time, median CPU time (user + system), largest peak RSS.  The machine may be shared: when CPU time is well below wall time, the run waited for a core."
echo
echo "| run | records | wall s (median) | wall s (range) | records/s | CPU s | peak RSS MiB |"
echo "|---|--:|--:|--:|--:|--:|--:|"
: > "$rates"
if [ "$has_j" = 1 ]; then
	j1="-j 1"
	jn="-j $cores"
else
	j1=""
	jn=""
fi
# shellcheck disable=SC2086 # $j1 and $jn are one option and its value, or nothing
{
run "mink -f csv $j1" "$N" "$MINK" -f csv $j1 "$big"
run "mink -f csv $jn" "$N" "$MINK" -f csv $jn "$big"
run "mink -f ndjson $j1" "$N" "$MINK" -f ndjson $j1 "$big"
run "mink -f ndjson $jn" "$N" "$MINK" -f ndjson $jn "$big"
run "jq -c ." "$N" jq -c . "$big"
run "OBJ hulls: mink -f csv $j1" "$N_SMALL" "$MINK" -f csv $j1 "$hulls"
run "OBJ hulls: mink -f csv $jn" "$N_SMALL" "$MINK" -f csv $jn "$hulls"
run "mixed: mink -f csv $j1" "$N_SMALL" "$MINK" -f csv $j1 "$mixed"
run "mixed: mink -f csv $jn" "$N_SMALL" "$MINK" -f csv $jn "$mixed"
run "mixed: mink -f ndjson $jn" "$N_SMALL" "$MINK" -f ndjson $jn "$mixed"
run "mink -f csv $j1 (first $N_SMALL)" "$N_SMALL" "$MINK" -f csv $j1 "$small"
run "mink -f csv $jn (first $N_SMALL)" "$N_SMALL" "$MINK" -f csv $jn "$small"
run "jq -c . (first $N_SMALL)" "$N_SMALL" jq -c . "$small"
}

# Ratios of records/s within this run (shared-machine noise cancels in part).
rate() { awk -F '\t' -v l="$1" '$1 == l { print $2 }' "$rates"; }
ratio() { awk -v a="$(rate "$1")" -v b="$(rate "$2")" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", a / b; else printf "n/a" }'; }
echo
echo "Ratios of records/s in this run: csv $jn / $j1: $(ratio "mink -f csv $jn" "mink -f csv $j1"); ndjson $jn / $j1: $(ratio "mink -f ndjson $jn" "mink -f ndjson $j1"); OBJ hulls $jn / $j1: $(ratio "OBJ hulls: mink -f csv $jn" "OBJ hulls: mink -f csv $j1"); mixed $jn / $j1: $(ratio "mixed: mink -f csv $jn" "mixed: mink -f csv $j1"); mink -f csv $jn / jq -c .: $(ratio "mink -f csv $jn" "jq -c ."); mink -f ndjson $jn / jq -c .: $(ratio "mink -f ndjson $jn" "jq -c .")."

# Peak memory against the number of records: 10^5 and 10^6 from the runs
# above, 10^7 streamed from the generator (one run: its time includes
# waiting for the generator, so only its memory is reported).
if [ "$N_HUGE" -gt 0 ]; then
	"$GEN" "$N_HUGE" "$SEED" | "$TIME" -f '%e %M %x %U %S' -o "$tfile" "$MINK" -f csv $jn - > /dev/null
	huge_rss=$(tail -n 1 "$tfile" | awk '{ printf "%.1f", $2 / 1024 }')
	echo
	echo "Peak RSS of \`mink -f csv $jn\`: $(awk -F '\t' -v l="mink -f csv $jn (first $N_SMALL)" '$1 == l { print $3 }' "$rates") MiB for $N_SMALL records, $(awk -F '\t' -v l="mink -f csv $jn" '$1 == l { print $3 }' "$rates") MiB for $N, $huge_rss MiB for $N_HUGE (streamed from gen_boxes through a pipe)."
fi

# A sanity check of the output: one CSV row per record plus the header.
rows=$("$MINK" -f csv "$small" | wc -l)
echo
if [ "$rows" -eq $((N_SMALL + 1)) ]; then
	echo "Check: mink wrote $N_SMALL rows and a header for the first $N_SMALL records."
else
	echo "Check FAILED: mink wrote $rows lines for $N_SMALL records (expected $((N_SMALL + 1)))."
fi
echo "Load average at the end: $(cut -d ' ' -f 1-3 /proc/loadavg)."
rm -f "$tfile" "$tfile.all" "$rates"
