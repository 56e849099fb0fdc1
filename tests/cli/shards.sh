#!/bin/sh
# --shard K/N: the N parts of a file, run as separate processes and
# concatenated in order, are the bytes of one run (standard output, and
# standard error too when no JSON array breaks) - for NDJSON and JSON-array
# input, with and without ids, in every output format.  This is also the
# Slurm job array of mink(1)'s EXAMPLES, run here task by task.
#
#   MINK=build/mink sh tests/cli/shards.sh     (from the repository root)

suite=shards
summary_skips=no
HERE=tests/cli

# shellcheck source=tests/setup.sh
. tests/setup.sh

# parts N ARGS...: runs the N parts, concatenates their outputs in order.
parts() {
	_n=$1
	shift
	: >"$TMP/parts.out"
	: >"$TMP/parts.err"
	_k=1
	while [ $_k -le "$_n" ]; do
		"$MINK" --shard "$_k/$_n" "$@" >>"$TMP/parts.out" 2>>"$TMP/parts.err" </dev/null
		_k=$((_k + 1))
	done
}

# same_as_one NAME N ARGS...: the parts of ARGS concatenated = one run.
same_as_one() {
	_name=$1
	_n=$2
	shift 2
	"$MINK" "$@" >"$TMP/one.out" 2>"$TMP/one.err" </dev/null
	parts "$_n" "$@"
	if cmp -s "$TMP/one.out" "$TMP/parts.out" && cmp -s "$TMP/one.err" "$TMP/parts.err"; then
		pass
	else
		fail "$_name: $_n parts of mink $* are not one run:"
		diff "$TMP/one.out" "$TMP/parts.out" | head -n 6
		diff "$TMP/one.err" "$TMP/parts.err" | head -n 6
	fi
}

# Inputs: ids on every record (mink gen), no ids and error records among
# good ones (mixed.awk, default ids are the records' indices), both as
# JSON arrays (ids.json spread over many lines a record, by jq), and a
# stream of values as jq prints them (ids.jq: one record over many lines,
# no array around them).
"$MINK" gen -n 1500 --seed 21 --kinds all >"$TMP/ids.ndjson"
awk -v seed=9 -v n=1500 -f "$HERE/mixed.awk" >"$TMP/mixed.ndjson"
jq -s . "$TMP/ids.ndjson" >"$TMP/ids.json"
jq . "$TMP/ids.ndjson" >"$TMP/ids.jq"
awk 'BEGIN { print "[" } NF { printf "%s%s", (n++ ? ",\n" : ""), $0 }
	END { print "\n]" }' "$TMP/mixed.ndjson" >"$TMP/mixed.json"
if [ "$(grep -c '"id"' "$TMP/mixed.ndjson")" -lt "$(grep -c . "$TMP/mixed.ndjson")" ]; then
	pass
else
	fail "mixed.ndjson: every record has an id, the default ids go untested"
fi

for input in ids.ndjson mixed.ndjson ids.json mixed.json ids.jq; do
	for fmt in ndjson csv json; do
		for n in 2 3 7; do
			same_as_one "$input -f $fmt" $n -f $fmt "$TMP/$input"
		done
	done
done
same_as_one "mixed.ndjson --contact-rows" 4 -f csv --contact-rows "$TMP/mixed.ndjson"
same_as_one "mixed.json -j 1" 3 -j 1 -f ndjson "$TMP/mixed.json"
same_as_one "1 part" 1 -f csv "$TMP/mixed.ndjson"

# Each part has records of its own: about a third of the lines each.
for k in 1 2 3; do
	"$MINK" -f ndjson --shard $k/3 "$TMP/ids.ndjson" >"$TMP/part$k" 2>/dev/null
	n=$(wc -l <"$TMP/part$k")
	if [ "$n" -gt 400 ] && [ "$n" -lt 600 ]; then pass; else fail "part $k/3 of 1500 records has $n"; fi
done
# Default ids and line numbers are the whole file's: the first record of
# part 2 of mixed.ndjson keeps its index as its id.
"$MINK" -f csv --shard 2/2 "$TMP/mixed.ndjson" >"$TMP/p2.csv" 2>"$TMP/p2.err"
"$MINK" -f csv "$TMP/mixed.ndjson" >"$TMP/all.csv" 2>/dev/null
first=$(head -n 1 "$TMP/p2.csv")
if [ "$(grep -c -x -F "$first" "$TMP/all.csv")" -ge 1 ] && [ "$(grep -n -x -F "$first" "$TMP/all.csv" | cut -d: -f1)" -gt 500 ]; then
	pass
else
	fail "part 2/2 starts with '$first', not a row from the second half of one run"
fi

# More parts than records: the empty ones write nothing (the last closes
# the array), and a tiny file cut into 8 is still one run.
head -n 3 "$TMP/ids.ndjson" >"$TMP/three.ndjson"
for fmt in json ndjson csv; do
	same_as_one "3 records in 8 parts -f $fmt" 8 -f $fmt "$TMP/three.ndjson"
done
: >"$TMP/empty"
same_as_one "an empty file, 3 parts" 3 "$TMP/empty"
printf '[]\n' >"$TMP/want"
"$MINK" --shard 3/3 "$TMP/empty" >"$TMP/out" 2>&1
same "$TMP/want" "$TMP/out" "empty file, last part" && pass

# A JSON array that breaks: each part reports it once it reaches it; the
# outputs still join into one run's.
printf '[{"a": {"type": "point"}, "b": {"type": "point"}},\n{"a": 1},\n{"a": {"type": "point"}, "b": {"type": "point"}} {}]\n' >"$TMP/broken.json"
"$MINK" -f ndjson "$TMP/broken.json" >"$TMP/one.out" 2>/dev/null
parts 3 -f ndjson "$TMP/broken.json"
same "$TMP/one.out" "$TMP/parts.out" "broken array in 3 parts" && pass

# --no-header
run -f csv --no-header testdata/analytic.json
tail -n +2 tests/cli/golden/analytic.csv >"$TMP/want"
expect "--no-header" 0 "$TMP/want" -
run -f csv --shard 2/2 --no-header testdata/analytic.json
expect "--no-header with --shard" 0 '*' -
if grep -q '^id,' "$TMP/out"; then fail "--no-header with --shard: a header"; else pass; fi

# Misuse: the part, the file.
for bad in 0/2 3/2 2 /2 1/ a/b 1/2/3 -1/2 1/0; do
	run --shard "$bad" testdata/demo.json
	expect "--shard $bad" 2 - '*'
	has "--shard $bad: message" "$TMP/err" "mink: invalid shard '$bad' (K/N, with 1 <= K <= N)"
done
run --shard 1/2 testdata/demo.json testdata/analytic.json
expect "--shard with two files" 2 - '*'
has "--shard with two files: message" "$TMP/err" "option '--shard' needs exactly one input FILE"
run --shard 1/2
expect "--shard with no file" 2 - '*'
cat testdata/demo.json | "$MINK" --shard 1/2 - >"$TMP/out" 2>"$TMP/err"
status=$?
printf 'mink: <stdin>: --shard needs a regular file (its size decides where the parts are cut)\n' >"$TMP/want"
expect "--shard on a pipe" 2 - "$TMP/want"

finish
