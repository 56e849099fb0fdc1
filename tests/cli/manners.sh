#!/bin/sh
# The manners: the default -j under taskset (worker threads counted in
# /proc), mink help [COMMAND], --version of every command, and the
# progress line's share and time left.
#
#   MINK=build/mink sh tests/cli/manners.sh     (from the repository root)

suite=manners
summary_skips=yes
HERE=tests/cli

# shellcheck source=tests/setup.sh
. tests/setup.sh
case $MINK in /*) ;; *) MINK=$(pwd)/$MINK ;; esac

# --- Default -j: the CPUs this process may use ----------------------------------

# threads [RUNNER...] -- ARGS: the threads of a mink that waits for its
# input on a pipe (its workers and reader are started by then).
threads() {
	runner=
	while [ "$1" != -- ]; do runner="$runner $1"; shift; done
	shift
	# shellcheck disable=SC2086
	sleep 3 | $runner "$MINK" "$@" -f ndjson >/dev/null 2>&1 &
	pid=$!
	n=0
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		sleep 0.2
		n=$(ls "/proc/$pid/task" 2>/dev/null | wc -l)
		[ "$n" -gt 1 ] && break
	done
	wait $pid
	echo "$n"
}

if [ ! -d /proc/self/task ] || ! command -v taskset >/dev/null 2>&1; then
	skip "no /proc or taskset: the default -j is not observed"
else
	# One CPU: one worker, run in mink's own thread (no reader, no workers).
	equal "taskset -c 0: one thread, no workers" 1 "$(threads taskset -c 0 --)"
	# An explicit -j wins: 3 workers, the reader and the main thread.
	equal "taskset -c 0 with -j 3: 5 threads" 5 "$(threads taskset -c 0 -- -j 3)"
	cpus=$(taskset -p $$ 2>/dev/null | sed 's/.*: //')
	if [ "$(nproc)" -ge 2 ]; then
		# Two CPUs: two workers, the reader and the main thread.
		equal "taskset -c 0,1: 4 threads" 4 "$(threads taskset -c 0,1 --)"
	else
		skip "one CPU here ($cpus): two workers not observed"
	fi
fi

# --- mink help, --version ---------------------------------------------------------

run --help
mv "$TMP/out" "$TMP/help"
run help
expect "mink help = mink --help" 0 "$TMP/help" -
for cmd in gen diff render; do
	run $cmd --help
	mv "$TMP/out" "$TMP/help"
	run help $cmd
	expect "mink help $cmd = mink $cmd --help" 0 "$TMP/help" -
	has "mink $cmd --help lists --version" "$TMP/help" "-V, --version"
	for v in --version -V; do
		run $cmd $v
		printf 'mink %s\n' "$(sed -n 's/.*MINK_VERSION_STRING "\(.*\)".*/\1/p' include/mink.h)" >"$TMP/want"
		expect "mink $cmd $v" 0 "$TMP/want" -
	done
done
run help nothing
printf "mink: unknown command 'nothing' (gen, diff or render)\nTry 'mink --help' for more information.\n" >"$TMP/want"
expect "mink help nothing" 2 - "$TMP/want"
run help gen diff
expect "mink help gen diff" 2 - '*'
mkdir "$TMP/d" && printf '[]' >"$TMP/d/help"
(cd "$TMP/d" && "$MINK" ./help >"$TMP/out" 2>"$TMP/err")
status=$?
printf '[]\n' >"$TMP/want"
expect "a file named help is read as ./help" 0 "$TMP/want" -

# --- Progress: share read and time left -----------------------------------------

"$MINK" gen -n 3000 --seed 3 >"$TMP/pairs.ndjson"
run --progress -f csv "$TMP/pairs.ndjson"
tr '\r' '\n' <"$TMP/err" | grep -v '^ *$' >"$TMP/lines"
if grep -q -E '^mink: [0-9]+ records, [0-9]+%, [0-9]+:[0-5][0-9] left, [0-9]+ records/s, 0 errors *$' "$TMP/lines"; then
	pass
else
	fail "--progress on a file: no line with a share and the time left:"
	head -n 5 "$TMP/lines"
fi
cat "$TMP/pairs.ndjson" | "$MINK" --progress -f csv >/dev/null 2>"$TMP/err"
tr '\r' '\n' <"$TMP/err" | grep -v '^ *$' >"$TMP/lines"
if grep -q -E '^mink: [0-9]+ records, [0-9]+ records/s, 0 errors *$' "$TMP/lines" &&
	! grep -q '%' "$TMP/lines"; then
	pass
else
	fail "--progress on a pipe: the size is unknown, no share should show:"
	head -n 5 "$TMP/lines"
fi

finish
