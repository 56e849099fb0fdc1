#!/bin/sh
# The CLI tests: golden outputs, error records, exit statuses, standard
# input, streaming across chunk boundaries, write failures, and the same
# output for every number of threads.
#
#   MINK=build/mink sh tests/cli/run.sh        (from the repository root)
#
# The golden cases are listed in tests/cli/cases; tests/cli/check.py checks
# the golden files themselves against hand-derived values, and
# tests/cli/regen.sh rewrites them when the output is meant to change.

suite=cli
summary_skips=yes
HERE=tests/cli
GOLDEN=$HERE/golden

# shellcheck source=tests/setup.sh
. tests/setup.sh

golden_stderr() {
	if [ "$1" = - ]; then echo -; else echo "$GOLDEN/$1"; fi
}

# --- The golden cases -----------------------------------------------------

set -f # the arguments in the cases file are split, never globbed
while read -r name want errname check args; do
	case $name in '' | '#'*) continue ;; esac
	# shellcheck disable=SC2086
	run $args
	expect "$name" "$want" "$GOLDEN/$name" "$(golden_stderr "$errname")"
done <"$HERE/cases"

# The golden files must hold the hand-derived values, not just any output.
if command -v python3 >/dev/null 2>&1; then
	while read -r name want errname check args; do
		case $name in '' | '#'*) continue ;; esac
		input=${args##* }
		if python3 "$HERE/check.py" "$check" "$GOLDEN/$name" "$input" >"$TMP/check" 2>&1; then
			pass
		else
			fail "check.py $name:"
			cat "$TMP/check"
		fi
	done <"$HERE/cases"
else
	skip "python3 not found, golden values not checked"
fi
set +f

# --- Standard input ---------------------------------------------------------

run_in testdata/analytic.json -
expect "stdin via -" 0 "$GOLDEN/analytic.json" -
run_in testdata/analytic.json -f csv
expect "stdin without FILE" 0 "$GOLDEN/analytic.csv" -
sed 's|^mink: testdata/errors.ndjson:|mink: <stdin>:|' "$GOLDEN/errors.stderr" >"$TMP/stdin.stderr"
run_in testdata/errors.ndjson
expect "stdin errors name <stdin>" 1 "$GOLDEN/errors.json" "$TMP/stdin.stderr"
printf '[]' >"$TMP/empty"
run_in "$TMP/empty"
printf '[]\n' >"$TMP/want"
expect "empty array from stdin" 0 "$TMP/want" -
printf '\n  \n' >"$TMP/blank"
run_in "$TMP/blank" -f ndjson
expect "blank NDJSON, ndjson output" 0 - -

# --- Several files, options -------------------------------------------------

run testdata/missing.json testdata/demo.json
echo "mink: testdata/missing.json: No such file or directory" >"$TMP/want"
expect "missing file, other files still read" 2 "$GOLDEN/demo.json" "$TMP/want"

run -f ndjson testdata/demo.json testdata/noid.ndjson
sed -n '9,10s/,"status".*//p' "$TMP/out" >"$TMP/ids"
printf '{"id":9\n{"id":10\n' >"$TMP/want"
same "$TMP/want" "$TMP/ids" "default ids count over all files" && pass

run -o "$TMP/o.json" testdata/analytic.json
expect "-o FILE: nothing on stdout" 0 - -
same "$GOLDEN/analytic.json" "$TMP/o.json" "-o FILE" && pass

printf '{"a": {"type": "circle", "radius": 1}, "b": {"type": "circle", "radius": 1, "position": [3, 0]}}\n' >"$TMP/circles"
run_in "$TMP/circles" -f ndjson
expect "a 2D shape in a 3D pair" 1 '*' '*'
has "a 2D shape in a 3D pair" "$TMP/err" "<stdin>:1: a: 'circle' is a 2D shape; this pair is 3D"
run_in "$TMP/circles" -f ndjson -d 2
expect "--dim 2 sets the default" 0 '*' -
has "--dim 2 sets the default" "$TMP/out" '{"id":1,"status":"ok","state":"separated","intersecting":false,"distance":1,'
run_in "$TMP/circles" -f ndjson --dim=3
expect "--dim=3" 1 '*' '*'
# A byte order mark and CRLF line ends change nothing.
run_in "$TMP/circles" -f ndjson -d 2
mv "$TMP/out" "$TMP/circles.out"
{ printf '\357\273\277'; sed 's/$/\r/' "$TMP/circles"; printf '\r\n'; } >"$TMP/crlf"
run_in "$TMP/crlf" -f ndjson -d 2
expect "BOM and CRLF" 0 "$TMP/circles.out" -

# Only a whole byte order mark at the start of the file is one: bytes it
# begins with are data anywhere else (they used to be dropped after a
# newline at offset 1 or 2, turning "\273 2a" into "2a").
printf '\n\2732a\n' >"$TMP/stray"
run_in "$TMP/stray" -f ndjson
has "a stray 0xBB at offset 1 is kept" "$TMP/err" 'mink: <stdin>:2:1: invalid JSON: unexpected byte 0xBB'
printf '\357{"id": 1}\n' >"$TMP/stray"
run_in "$TMP/stray" -f ndjson
has "a lone 0xEF at offset 0 is kept" "$TMP/err" 'mink: <stdin>:1:1: invalid JSON: unexpected byte 0xEF'

# A backslash before a raw newline inside a string still ends the line:
# the next records' line numbers stay right.
printf '[{"id": "a\\\n"},\n{"bad": 1}\n]\n' >"$TMP/bsl.json"
run_in "$TMP/bsl.json"
has "an escaped raw newline counts as a line" "$TMP/err" "mink: <stdin>:3: unknown field 'bad'"

# Two boxes are answered in closed form (separating axes); the same cubes
# as hulls of their corners go through EPA.
cube='{"type": "hull", "points": [[-0.5,-0.5,-0.5],[0.5,-0.5,-0.5],[-0.5,0.5,-0.5],[0.5,0.5,-0.5],[-0.5,-0.5,0.5],[0.5,-0.5,0.5],[-0.5,0.5,0.5],[0.5,0.5,0.5]]'
printf '{"id": "cubes", "a": %s}, "b": %s, "position": [0.75, 0.1, 0.2]}}\n' "$cube" "$cube" >"$TMP/boxes"
run_in "$TMP/boxes" -f ndjson --max-epa-iterations=1
expect "an EPA limit gives an approximate result" 0 '*' -
has "an EPA limit gives an approximate result" "$TMP/out" '"status":"approximate","warning":{"code":"epa_iterations","message":"'
run_in "$TMP/boxes" -f ndjson --tolerance=1e-12 --size-tolerance 0 --max-gjk-iterations 64
expect "tolerance options" 0 '*' -
has "tolerance options" "$TMP/out" '"status":"ok"'

# Strings: escapes on output, invalid UTF-8 replaced, CSV quoting.
printf '{"id": "\303\251 \\"q\\" \\t \\u0001 \377", "a": {"type": "point"}}\n' >"$TMP/utf8"
run_in "$TMP/utf8" -f ndjson
printf '{"id":"\303\251 \\"q\\" \\t \\u0001 \\ufffd","status":"error","error":{"code":"bad_record","message":"missing field '"'b'"'"}}\n' >"$TMP/want"
expect "string escapes and invalid UTF-8" 1 "$TMP/want" '*'

# --- Exit statuses and usage ------------------------------------------------

run --help
expect "--help" 0 '*' -
has "--help" "$TMP/out" "Usage: mink [OPTION]... [FILE]..."
run -h
expect "-h" 0 '*' -
run --version
echo "mink 0.1.0" >"$TMP/want"
expect "--version" 0 "$TMP/want" -
run -V
expect "-V" 0 "$TMP/want" -
for bad in --bogus -x "-f xml" "--format" "-d 4" "--tolerance=-1" \
	"--tolerance=nan" "--size-tolerance=x" "--max-gjk-iterations=0" \
	"--max-epa-iterations=1.5" "--max"; do
	set -f
	# shellcheck disable=SC2086
	run $bad testdata/demo.json
	set +f
	expect "bad usage: $bad" 2 - '*'
	has "bad usage: $bad" "$TMP/err" "Try 'mink --help' for more information."
done
run testdata/missing.json
expect "missing file" 2 '*' '*'
run testdata
expect "a directory" 2 '*' '*'
has "a directory" "$TMP/err" "mink: testdata: Is a directory"

# --- Write errors -----------------------------------------------------------

# -o never destroys a file: not an input (refused before anything is
# read), and not the old output when the new one fails half-way.
cp testdata/demo.json "$TMP/in.json"
run -o "$TMP/in.json" "$TMP/in.json"
expect "-o on its own input is refused" 2 - '*'
has "-o on its own input: the message" "$TMP/err" "the output file is also an input"
same testdata/demo.json "$TMP/in.json" "-o on its own input: the input" && pass
ln -s in.json "$TMP/link.json"
run -o "$TMP/link.json" testdata/analytic.json "$TMP/in.json"
expect "-o on an input by another name is refused" 2 - '*'
printf 'old\n' >"$TMP/old.json"
chmod 640 "$TMP/old.json"
awk -v seed=3 -v n=3000 -f "$HERE/mixed.awk" >"$TMP/many.ndjson"
fails_halfway "-o" 8 "$TMP/old.json" -f ndjson -o "$TMP/old.json" "$TMP/many.ndjson"
run -o "$TMP/old.json" testdata/demo.json
expect "-o replaces the old file whole" 0 - -
same "$GOLDEN/demo.json" "$TMP/old.json" "-o: the new file" && pass
if [ "$(stat -c %a "$TMP/old.json")" = 640 ]; then pass; else fail "-o: the old file's mode is lost"; fi

one='{"a": {"type": "sphere", "radius": 1}, "b": {"type": "sphere", "radius": 1, "position": [3, 0, 0]}}'
# Results flow while a pipe's input trickles: the records read so far are
# answered and written before the input ends (a block is handed on before
# every read of a pipe; a regular file's blocks go when full).
for j in 1 2; do
	{ printf '%s\n%s\n' "$one" "$one"; sleep 6; } |
		"$MINK" -f ndjson -j $j >"$TMP/flow" 2>/dev/null &
	n=0
	for _ in 1 2 3 4 5 6 7 8 9 10 11 12; do
		n=$(wc -l <"$TMP/flow")
		[ "$n" -ge 2 ] && break
		sleep 0.5
	done
	wait $!
	if [ "$n" -ge 2 ] && [ "$(wc -l <"$TMP/flow")" -eq 2 ]; then
		pass
	else
		fail "trickling pipe with -j $j: $n of 2 results before the input ended"
	fi
done

# Interrupts: SIGINT or SIGTERM stop the reading; what was read is written
# and the document closed (valid JSON), exit 128 + the signal, a message;
# with -o the old file stays and the output is kept as FILE.partial.
interrupt() { # SIGNAL ARGS...: two records, a pause, the signal, a third
	# (3 s for mink to start and read the two: a sanitizer build on a
	# loaded machine needed more than 1)
	sig=$1
	shift
	{ printf '%s\n%s\n' "$one" "$one"; sleep 8; printf '%s\n' "$one"; } |
		"$MINK" "$@" >"$TMP/out" 2>"$TMP/err" &
	sleep 3
	kill -"$sig" $! # a background pipeline's $! is its last command, mink
	wait $!
	status=$?
}
if command -v python3 >/dev/null 2>&1; then
	for j in 1 2; do
		interrupt INT -j $j
		expect "SIGINT with -j $j: exit 130" 130 '*' '*'
		has "SIGINT with -j $j: the message" "$TMP/err" "mink: interrupted by SIGINT after 2 records; the output is incomplete"
		if python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(len(d) != 2)' "$TMP/out"; then
			pass
		else
			fail "SIGINT with -j $j: the output is not a JSON array of the 2 records"
		fi
	done
	printf 'old\n' >"$TMP/kept.json"
	interrupt TERM -o "$TMP/kept.json"
	expect "SIGTERM with -o: exit 143" 143 - '*'
	printf 'old\n' >"$TMP/want"
	same "$TMP/want" "$TMP/kept.json" "SIGTERM with -o: the old file" && pass
	if python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(len(d) != 2)' "$TMP/kept.json.partial"; then
		pass
	else
		fail "SIGTERM with -o: no well-formed FILE.partial with the 2 records"
	fi
else
	skip "no python3: interrupts not tested"
fi

if [ -w /dev/full ]; then
	run -o /dev/full testdata/analytic.json
	expect "-o /dev/full" 2 - '*'
	has "-o /dev/full" "$TMP/err" "mink: write error: "
	"$MINK" testdata/analytic.json >/dev/full 2>"$TMP/err"
	status=$?
	expect "stdout on /dev/full" 2 '*' '*'
	has "stdout on /dev/full" "$TMP/err" "mink: write error: No space left on device"
	"$MINK" --help >/dev/full 2>"$TMP/err"
	status=$?
	expect "--help on /dev/full" 2 '*' '*'
	# A write that fails while the input waits (a pipe still open): the
	# reading stops at once, with one worker or two, not at the input's end.
	mkfifo "$TMP/fifo"
	for j in 1 2; do
		sh -c 'cat testdata/noid.ndjson && exec sleep 30' >"$TMP/fifo" 2>/dev/null &
		feeder=$!
		timeout 20 "$MINK" -j $j -f ndjson "$TMP/fifo" >/dev/full 2>"$TMP/err"
		status=$?
		kill $feeder 2>/dev/null
		wait $feeder 2>/dev/null
		expect "-j $j: stdout on /dev/full, the input a pipe that stays open" 2 '*' '*'
		sh -c 'cat testdata/noid.ndjson && exec sleep 30' >"$TMP/fifo" 2>/dev/null &
		feeder=$!
		timeout 20 "$MINK" -j $j --max-errors 1 -f ndjson "$TMP/fifo" >/dev/null 2>"$TMP/err"
		status=$?
		kill $feeder 2>/dev/null
		wait $feeder 2>/dev/null
		expect "-j $j: --max-errors 1, the input a pipe that stays open" 1 '*' '*'
	done
	rm -f "$TMP/fifo"
else
	skip "no /dev/full"
fi

# --- Streaming: records across chunk boundaries -----------------------------

# The same 3000 pairs as a pretty-printed array and as NDJSON must give the
# same results; ids full of brackets, commas and escapes test the scanner.
awk 'BEGIN {
	print "["
	for (i = 1; i <= 3000; i++) {
		printf "%s  {\"id\": \"r%d ]}[{,\\\"\\\\\",\n", (i > 1 ? ",\n" : ""), i
		printf "   \"a\": {\"type\": \"sphere\", \"radius\": 1},\n"
		printf "   \"b\": {\"type\": \"sphere\", \"radius\": 1, \"position\": [1.5, 0, 0]}}"
	}
	print "\n]"
}' >"$TMP/big.json"
awk 'BEGIN {
	for (i = 1; i <= 3000; i++)
		printf "{\"id\": \"r%d ]}[{,\\\"\\\\\", \"a\": {\"type\": \"sphere\", \"radius\": 1}, \"b\": {\"type\": \"sphere\", \"radius\": 1, \"position\": [1.5, 0, 0]}}\n", i
}' >"$TMP/big.ndjson"
run -f ndjson "$TMP/big.json"
mv "$TMP/out" "$TMP/big.out"
expect "3000 pairs in an array" 0 '*' -
run -f ndjson "$TMP/big.ndjson"
expect "3000 pairs in NDJSON" 0 "$TMP/big.out" -
n=$(grep -c '"distance":-0.5,' "$TMP/big.out")
if [ "$n" = 3000 ]; then pass; else fail "3000 pairs: $n right results"; fi
has "ids survive the scanner" "$TMP/big.out" '{"id":"r2999 ]}[{,\"\\","status":"ok"'

# One record larger than the reader's buffer: a hull of 40000 points in the
# cube [-1,1]^3 (its corners included), 1.5 from a sphere.
awk 'BEGIN {
	srand(7)
	printf "{\"id\": \"big-hull\", \"a\": {\"type\": \"hull\", \"points\": ["
	printf "[1,1,1],[1,1,-1],[1,-1,1],[1,-1,-1],[-1,1,1],[-1,1,-1],[-1,-1,1],[-1,-1,-1]"
	for (i = 0; i < 40000; i++)
		printf ",[%.6f,%.6f,%.6f]", 2 * rand() - 1, 2 * rand() - 1, 2 * rand() - 1
	printf "]}, \"b\": {\"type\": \"sphere\", \"radius\": 0.5, \"position\": [3, 0.25, 0.5]}}\n"
}' >"$TMP/hull.ndjson"
run -f ndjson "$TMP/hull.ndjson"
expect "a record larger than a chunk" 0 '*' -
d=$(sed 's/.*"distance":\([^,]*\),.*/\1/' "$TMP/out")
if awk -v d="$d" 'BEGIN { exit !(d - 1.5 < 1e-12 && 1.5 - d < 1e-12) }'; then
	pass
else
	fail "a record larger than a chunk: distance $d, expected 1.5"
fi

# --- Threads: the same bytes for every -j ----------------------------------

# A few thousand mixed pairs (3D and 2D, every shape type, ids of every
# kind, error records of several kinds, blank lines), as NDJSON and as a
# JSON array: records, messages and exit status must not depend on -j.
awk -v seed=5 -v n=4000 -f "$HERE/mixed.awk" >"$TMP/mixed.ndjson"
awk 'BEGIN { print "[" } NF { printf "%s%s", (n++ ? ",\n" : ""), $0 }
	END { print "\n]" }' "$TMP/mixed.ndjson" >"$TMP/mixed.json"
records=$(grep -c . "$TMP/mixed.ndjson")
for input in mixed.ndjson mixed.json; do
	for fmt in json ndjson csv; do
		run -j 1 -f $fmt "$TMP/$input"
		expect "$input -f $fmt -j 1" 1 '*' '*'
		mv "$TMP/out" "$TMP/j1.out"
		mv "$TMP/err" "$TMP/j1.err"
		[ $fmt = ndjson ] && cp "$TMP/j1.out" "$TMP/j1.ndjson"
		for j in 2 3 8; do
			run -j $j -f $fmt "$TMP/$input"
			expect "$input -f $fmt -j $j" 1 "$TMP/j1.out" "$TMP/j1.err"
		done
	done
	# Not a vacuous comparison: every record answered, in order.
	n=$(grep -c '^{"id":' "$TMP/j1.ndjson")
	errors=$(grep -c '"status":"error"' "$TMP/j1.ndjson")
	messages=$(grep -c '^mink: ' "$TMP/j1.err")
	flat=$(grep -c ',"tangents":\[\[[^]]*\]\],' "$TMP/j1.ndjson")
	if [ "$n" = "$records" ] && [ "$errors" -gt 100 ] &&
		[ "$errors" = "$messages" ] && [ "$flat" -gt 500 ]; then
		pass
	else
		fail "$input: $n records of $records, $errors errors, $messages messages, $flat 2D"
	fi
	sed -n 's/^mink: [^:]*:\([0-9]*\):.*/\1/p' "$TMP/j1.err" >"$TMP/lines"
	if sort -n -c "$TMP/lines" 2>/dev/null; then
		pass
	else
		fail "$input: messages out of input order"
	fi
done
if [ "$records" -gt 3000 ]; then pass; else fail "mixed.awk: $records records"; fi

# Degenerate pairs (needle and sliver hulls whose EPA starts from an
# ill-conditioned tetrahedron, each followed by an ordinary pair) once read
# a weight left on the stack by the previous query: the bytes changed with
# -j.  They must not.  (Their quaternions are not all of norm 1.)
run -j 1 --normalize-rotations -f ndjson testdata/degenerate.ndjson
expect "degenerate.ndjson -j 1" 0 '*' -
mv "$TMP/out" "$TMP/j1.out"
mv "$TMP/err" "$TMP/j1.err"
for j in 2 8; do
	run -j $j --normalize-rotations -f ndjson testdata/degenerate.ndjson
	expect "degenerate.ndjson -j $j" 0 "$TMP/j1.out" "$TMP/j1.err"
done

# Standard input through a pipe, and the long option.
run -j 1 -f csv "$TMP/mixed.ndjson"
mv "$TMP/out" "$TMP/j1.out"
sed 's|^mink: [^:]*mixed.ndjson:|mink: <stdin>:|' "$TMP/err" >"$TMP/j1.err"
cat "$TMP/mixed.ndjson" | "$MINK" --jobs=3 -f csv >"$TMP/out" 2>"$TMP/err"
status=$?
expect "a pipe, --jobs=3" 1 "$TMP/j1.out" "$TMP/j1.err"

# Several files: default ids and messages run on across them.
run -j 1 -f ndjson "$TMP/mixed.ndjson" testdata/errors.ndjson "$TMP/mixed.json"
mv "$TMP/out" "$TMP/j1.out"
mv "$TMP/err" "$TMP/j1.err"
run -j 2 -f ndjson "$TMP/mixed.ndjson" testdata/errors.ndjson "$TMP/mixed.json"
expect "several files, -j 2" 1 "$TMP/j1.out" "$TMP/j1.err"

# Progress: never in a file unless asked for, and then erased so that what
# remains is the messages alone.
run -f csv "$TMP/mixed.ndjson"
if tr '\r' '\n' <"$TMP/err" | cmp -s - "$TMP/err"; then
	pass
else
	fail "progress shown on stderr that is not a terminal"
fi
mv "$TMP/err" "$TMP/plain.err"
run --progress -f csv "$TMP/mixed.ndjson"
tr '\r' '\n' <"$TMP/err" | grep -v -e '^ *$' -e '^mink: [0-9]* records, ' >"$TMP/msgs"
expect "--progress" 1 '*' '*'
same "$TMP/plain.err" "$TMP/msgs" "--progress, its lines taken out" && pass
run --progress --no-progress -f csv "$TMP/mixed.ndjson"
expect "--no-progress" 1 '*' "$TMP/plain.err"

for bad in "-j 0" "-j x" "--jobs=-1" "--jobs=100000" "-j"; do
	set -f
	# shellcheck disable=SC2086
	run $bad testdata/demo.json
	set +f
	expect "bad usage: $bad" 2 - '*'
	has "bad usage: $bad" "$TMP/err" "Try 'mink --help' for more information."
done

# --- The subcommands: gen, diff, render (their own script and tally) ---------

MINK="$MINK" sh "$HERE/subcommands.sh" && pass || fail "tests/cli/subcommands.sh"

# --- Contacts: --contacts, --contact-tolerance, --contact-rows ---------------

MINK="$MINK" sh "$HERE/contacts.sh" && pass || fail "tests/cli/contacts.sh"

# --- OBJ hulls: two OBJ files as a pair, usage, unusable files ---------------

MINK="$MINK" sh "$HERE/obj.sh" && pass || fail "tests/cli/obj.sh"

# --- Rotations: quaternion order, matrices, axis and angle, norms -----------

MINK="$MINK" sh "$HERE/rotations.sh" && pass || fail "tests/cli/rotations.sh"

# --- Shards: --shard K/N, --no-header -----------------------------------------

MINK="$MINK" sh "$HERE/shards.sh" && pass || fail "tests/cli/shards.sh"

# --- GNU parallel and Slurm job arrays ----------------------------------------

MINK="$MINK" sh "$HERE/parallel.sh" && pass || fail "tests/cli/parallel.sh"

# --- Hostile input: counted ids, caps, diagnoses, compression, streams -------

MINK="$MINK" sh "$HERE/input.sh" && pass || fail "tests/cli/input.sh"

# --- Manners: default -j, mink help, --version, progress ---------------------

MINK="$MINK" sh "$HERE/manners.sh" && pass || fail "tests/cli/manners.sh"

# --- Summary ----------------------------------------------------------------

finish
