# shellcheck shell=sh
# The prologue of the shell test drivers (tests/cli/*.sh, tests/contract/*.sh).
# A driver runs from the repository root, names its suite (and says if
# its summary counts skipped checks), then sources this:
#
#   suite=cli
#   summary_skips=yes
#   . tests/setup.sh
#
# Sourcing it exits 2 unless $MINK (default build/mink) is an executable,
# makes the temporary directory $TMP (removed on exit) and zeroes the
# counters $passed, $failed and $skipped.  It provides:
#
#   pass / fail TEXT / skip TEXT    count a check; fail and skip print
#                                   "FAIL: SUITE: TEXT", "SKIP: SUITE: TEXT"
#   run ARGS...                     runs mink, stdin /dev/null: its stdout,
#                                   stderr and exit status in $TMP/out,
#                                   $TMP/err and $status
#   run_in INPUT ARGS...            the same, stdin from INPUT
#   expect NAME STATUS [OUT [ERR]]  checks the last run (one pass)
#   has NAME FILE TEXT              FILE holds TEXT (one pass)
#   same EXPECTED GOT WHAT          compares two files (no pass counted)
#   equal NAME WANT GOT             two words are equal (one pass)
#   finish                          the summary line; exits 1 if any failed

: "${suite:?must be set before sourcing tests/setup.sh}"
MINK=${MINK:-build/mink}

if [ ! -x "$MINK" ]; then
	echo "$suite: $MINK is not an executable (build it first)" >&2
	exit 2
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/mink-$suite.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
trap 'exit 2' HUP INT TERM

passed=0
failed=0
skipped=0

pass() { passed=$((passed + 1)); }

fail() {
	failed=$((failed + 1))
	printf 'FAIL: %s: %s\n' "$suite" "$*"
}

skip() {
	skipped=$((skipped + 1))
	printf 'SKIP: %s: %s\n' "$suite" "$*"
}

# run ARGS...: mink's stdout, stderr and status in $TMP/out, $TMP/err, $status.
run() {
	"$MINK" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
	status=$?
}

# run_in INPUT ARGS...: the same, with standard input from INPUT.
run_in() {
	_input=$1
	shift
	"$MINK" "$@" >"$TMP/out" 2>"$TMP/err" <"$_input"
	status=$?
}

# same EXPECTED GOT WHAT: compares two files and shows how they differ.
same() {
	cmp -s "$1" "$2" && return 0
	fail "$3 differs from $1:"
	diff -u "$1" "$2" | head -n 40
	return 1
}

# equal NAME WANT GOT: one pass if GOT is WANT.
equal() {
	if [ "$2" = "$3" ]; then
		pass
	else
		fail "$1: got '$3', expected '$2'"
	fi
}

# expect NAME STATUS [STDOUT [STDERR]]: checks the last run's exit status,
# and its stdout and stderr against files: "-" for empty, "*" (the default)
# for anything.  One pass if all hold; otherwise returns 1.
expect() {
	_ok=1
	if [ "$status" -ne "$2" ]; then
		fail "$1: exit status $status, expected $2"
		head -n 10 "$TMP/err"
		_ok=0
	fi
	for _stream in out err; do
		if [ "$_stream" = out ]; then _want=${3-*}; else _want=${4-*}; fi
		case $_want in
		'*') ;;
		-)
			if [ -s "$TMP/$_stream" ]; then
				fail "$1: unexpected std$_stream:"
				head -n 20 "$TMP/$_stream"
				_ok=0
			fi
			;;
		*) same "$_want" "$TMP/$_stream" "$1: std$_stream" || _ok=0 ;;
		esac
	done
	[ $_ok = 1 ] && pass
}

# fails_halfway NAME KB FILE ARGS...: mink ARGS, whose -o is FILE (holding
# "old"), under a file size limit of KB KiB that stops the write half way:
# exit 2, FILE still "old", no temporary left beside it.
fails_halfway() {
	_name=$1
	_kb=$2
	_file=$3
	shift 3
	(ulimit -f "$_kb"; trap '' XFSZ; "$MINK" "$@") >"$TMP/out" 2>"$TMP/err" </dev/null
	status=$?
	expect "$_name: a write that fails half-way" 2 - '*'
	printf 'old\n' >"$TMP/want"
	same "$TMP/want" "$_file" "$_name: the old file after a failed write" && pass
	if ls -a "$(dirname "$_file")" | grep -q "^\.$(basename "$_file")\."; then
		fail "$_name: a temporary file left behind"
	else
		pass
	fi
}

# has NAME FILE TEXT: FILE must contain the fixed string TEXT.
has() {
	if grep -F -q -e "$3" "$2"; then
		pass
	else
		fail "$1: no '$3' in:"
		head -n 20 "$2"
	fi
}

# finish: "SUITE: P passed, F failed" (", S skipped" added if the driver set
# summary_skips=yes), then exits 0 if nothing failed, 1 otherwise.
finish() {
	if [ "${summary_skips-}" = yes ]; then
		echo "$suite: $passed passed, $failed failed, $skipped skipped"
	else
		echo "$suite: $passed passed, $failed failed"
	fi
	[ "$failed" -eq 0 ] || exit 1
	exit 0
}
