#!/bin/sh
# The contract tests (issue 6): the JSON Schemas against every input and
# output, the error corpus, CSV against JSON, the man pages and their
# examples, and `make install`.
#
#   MINK=build/mink BUILD=build sh tests/contract/run.sh   (from the root)
#
# Needs python3 with jsonschema (Debian python3-jsonschema), mandoc, jq (an
# example of mink.1 uses it) and pkg-config: `make deps` installs them.
# PYTHON picks the interpreter.

suite=contract
BUILD=${BUILD:-build}
HERE=tests/contract

# shellcheck source=tests/setup.sh
. tests/setup.sh
export MINK BUILD

PY=
for p in ${PYTHON:-} /usr/bin/python3 python3; do
	if "$p" -c 'from jsonschema import Draft202012Validator as V; V.FORMAT_CHECKER' \
		>/dev/null 2>&1; then
		PY=$p
		break
	fi
done
if [ -z "$PY" ]; then
	echo "contract: no python3 with jsonschema 4 (Debian python3-jsonschema): run make deps" >&2
	exit 2
fi
if ! command -v mandoc >/dev/null 2>&1; then
	echo "contract: mandoc not found (Debian mandoc): run make deps" >&2
	exit 2
fi
if ! command -v jq >/dev/null 2>&1; then
	echo "contract: jq not found (Debian jq): run make deps" >&2
	exit 2
fi

# CONTRACT_PARTS picks some (the sanitizer run takes those that feed mink
# input it has not seen elsewhere).
for part in ${CONTRACT_PARTS:-schemas corpus csv_json fields man install}; do
	case $part in
	install) sh "$HERE/install.sh" >"$TMP/log" 2>&1 ;;
	*) PYTHONPATH=$HERE "$PY" "$HERE/$part.py" >"$TMP/log" 2>&1 ;;
	esac
	rc=$?
	cat "$TMP/log"
	last=$(tail -n 1 "$TMP/log")
	p=$(printf '%s\n' "$last" | sed -n 's/^[a-z_]*: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
	f=$(printf '%s\n' "$last" | sed -n 's/^[a-z_]*: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
	if [ -z "$p" ]; then
		fail "$part ended without its summary (status $rc)"
		continue
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && fail "$part ended with status $rc, no failure counted"
done

finish
