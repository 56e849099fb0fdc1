#!/bin/sh
# e2e.sh - end-to-end benchmark of the mink CLI on 1,000,000 box-box pairs.
#
# Generates the pairs as NDJSON (seeded, bench/gen_boxes.c), then times in
# the same run: `mink -f csv` with one worker and with every core (when the
# CLI has -j), and `jq -c .` re-printing the same file as a yardstick for
# "parse and print JSON".  Wall time and peak RSS come from GNU time; the
# output goes to /dev/null.  The same runs on the first 100,000 records
# show whether memory stays bounded as the input grows.
#
# Environment: MINK (the binary), GEN (gen_boxes), OUT (data directory),
# RUNS (repetitions of each run, default 3), E2E_N and E2E_N_SMALL (record
# counts, default 1000000 and 100000).
set -eu

MINK=${MINK:-../build/mink}
GEN=${GEN:-../build/bench/gen_boxes}
OUT=${OUT:-out}
N=${E2E_N:-1000000}
N_SMALL=${E2E_N_SMALL:-100000}
SEED=42
RUNS=${RUNS:-3}
TIME=/usr/bin/time

mkdir -p "$OUT"
big=$OUT/boxes-$N.ndjson
small=$OUT/boxes-$N_SMALL.ndjson
tfile=$OUT/.time

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
gen_s=$(( $(date +%s) - start ))
echo "Input: $N box-box pairs as NDJSON ($(( $(wc -c < "$big") / 1048576 )) MiB, seed $SEED, generated in about ${gen_s} s); the first $N_SMALL of them for the memory check."

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
	sort -n "$tfile.all" | awk -v label="$label" -v n="$records" '
		{ wall[NR] = $1; cpu[NR] = $4 + $5; if ($2 > rss) rss = $2 }
		END {
			m = (NR % 2) ? wall[(NR + 1) / 2] : (wall[NR / 2] + wall[NR / 2 + 1]) / 2;
			rate = (m > 0) ? n / m : 0;
			spread = sprintf("%.2f-%.2f", wall[1], wall[NR]);
			printf "| %s | %d | %.2f | %s | %.0f | %.2f | %.1f |\n", label, n, m, spread, rate,
			       median(cpu, NR), rss / 1024
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
if [ "$has_j" = 1 ]; then
	run "mink -f csv -j 1" "$N" "$MINK" -f csv -j 1 "$big"
	run "mink -f csv -j $cores" "$N" "$MINK" -f csv -j "$cores" "$big"
else
	run "mink -f csv" "$N" "$MINK" -f csv "$big"
fi
run "jq -c ." "$N" jq -c . "$big"
if [ "$has_j" = 1 ]; then
	run "mink -f csv -j 1 (first $N_SMALL)" "$N_SMALL" "$MINK" -f csv -j 1 "$small"
	run "mink -f csv -j $cores (first $N_SMALL)" "$N_SMALL" "$MINK" -f csv -j "$cores" "$small"
else
	run "mink -f csv (first $N_SMALL)" "$N_SMALL" "$MINK" -f csv "$small"
fi
run "jq -c . (first $N_SMALL)" "$N_SMALL" jq -c . "$small"

# A sanity check of the output: one CSV row per record plus the header.
rows=$("$MINK" -f csv "$small" | wc -l)
echo
if [ "$rows" -eq $((N_SMALL + 1)) ]; then
	echo "Check: mink wrote $N_SMALL rows and a header for the first $N_SMALL records."
else
	echo "Check FAILED: mink wrote $rows lines for $N_SMALL records (expected $((N_SMALL + 1)))."
fi
echo "Load average at the end: $(cut -d ' ' -f 1-3 /proc/loadavg)."
rm -f "$tfile" "$tfile.all"
