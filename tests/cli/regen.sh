#!/bin/sh
# Rewrites the golden files of the CLI tests (tests/cli/golden) from the
# current build, for the cases listed in tests/cli/cases, and keeps them
# only if tests/cli/check.py finds the hand-derived values in them.  Review
# the diff before committing: a golden file records what mink must print.
#
#   MINK=build/mink sh tests/cli/regen.sh      (from the repository root)

suite=regen
HERE=tests/cli
GOLDEN=$HERE/golden

# shellcheck source=tests/setup.sh
. tests/setup.sh

bad=0
set -f
while read -r name want errname check args; do
	case $name in '' | '#'*) continue ;; esac
	# shellcheck disable=SC2086
	"$MINK" $args >"$TMP/$name" 2>"$TMP/$name.err" </dev/null
	status=$?
	if [ "$status" -ne "$want" ]; then
		echo "regen.sh: $name: exit status $status, expected $want" >&2
		bad=1
	fi
	if [ "$errname" != - ]; then
		cp "$TMP/$name.err" "$TMP/$errname"
	elif [ -s "$TMP/$name.err" ]; then
		echo "regen.sh: $name: unexpected stderr:" >&2
		cat "$TMP/$name.err" >&2
		bad=1
	fi
	if ! python3 "$HERE/check.py" "$check" "$TMP/$name" "${args##* }"; then
		bad=1
	fi
done <"$HERE/cases"
set +f

if [ "$bad" -ne 0 ]; then
	echo "regen.sh: golden files left unchanged" >&2
	exit 1
fi
mkdir -p "$GOLDEN"
for f in "$TMP"/*; do
	case $f in *.err) continue ;; esac
	cp "$f" "$GOLDEN/"
done
echo "regen.sh: golden files written to $GOLDEN"
