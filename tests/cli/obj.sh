#!/bin/sh
# The tests of OBJ hulls on the command line: `mink A.obj B.obj` gives the
# record of the equivalent JSON pair, byte for byte; its options and usage
# errors; OBJ files that cannot serve; paths from standard input and from
# other directories.  (The OBJ golden cases are in tests/cli/cases.)
#
#   MINK=build/mink sh tests/cli/obj.sh      (from the repository root)

suite=obj
M=testdata/meshes

# shellcheck source=tests/setup.sh
. tests/setup.sh
# Absolute: one test runs mink from another directory.
case $MINK in /*) ;; *) MINK=$(pwd)/$MINK ;; esac

# --- Two OBJ files: the record of the equivalent JSON pair ------------------

# obj-direct.json and the pairs below hold quaternions of norm != 1 (written
# before mink refused them): read with --normalize-rotations, as mink read
# them then.

for fmt in json ndjson csv; do
	run --normalize-rotations -f $fmt testdata/obj-direct.json
	expect "obj-direct.json -f $fmt" 0 '*' -
	mv "$TMP/out" "$TMP/json.out"
	run --normalize-rotations -f $fmt $M/cube.obj $M/icosphere1.obj --margin-a 0.05 \
		--position-b 0.25,1.1,0.2 --rotation-b=0.9,0.1,-0.3,0.2 --object-b icosphere1
	expect "A.obj B.obj -f $fmt" 0 '*' - && same "$TMP/json.out" "$TMP/out" "A.obj B.obj -f $fmt" && pass
done
if grep -q '"status":"ok","state":"penetrating"' "$TMP/json.out" 2>/dev/null ||
	grep -q ',ok,penetrating,' "$TMP/json.out"; then
	pass
else
	fail "obj-direct.json: not the overlapping pair it was meant to be"
fi

# Options anywhere, notes included, an output file.  A JSON pair names its
# OBJ files from its own directory.
ln -s "$(pwd)/$M" "$TMP/meshes" || exit 2
printf '{"a": {"type": "hull", "obj": "meshes/lshape.obj", "position": [-1, 0, 0]}, "b": {"type": "hull", "obj": "meshes/torus.obj", "rotation": [1, 1, 0, 0], "margin": 0.125}}\n' >"$TMP/rel.ndjson"
# OBJ paths that are not regular files are refused at once (a FIFO used to
# block the whole run in open(2), /dev/zero to fill the memory); the
# records around them are answered.
if mkfifo "$TMP/fifo.obj" 2>/dev/null; then
	sphere='"b": {"type": "sphere", "radius": 1, "position": [3, 0, 0]}'
	{
		printf '{"a": {"type": "sphere", "radius": 1}, %s}\n' "$sphere"
		printf '{"a": {"type": "hull", "obj": "fifo.obj"}, %s}\n' "$sphere"
		printf '{"a": {"type": "hull", "obj": "/dev/zero"}, %s}\n' "$sphere"
		printf '{"a": {"type": "hull", "obj": "."}, %s}\n' "$sphere"
		printf '{"a": {"type": "sphere", "radius": 1}, %s}\n' "$sphere"
	} >"$TMP/special.ndjson"
	timeout 20 "$MINK" -f ndjson "$TMP/special.ndjson" >"$TMP/out" 2>"$TMP/err" </dev/null
	status=$?
	expect "OBJ paths to a FIFO, a device, a directory" 1 '*' '*'
	has "a FIFO OBJ path" "$TMP/err" 'fifo.obj: not a regular file (a FIFO)'
	has "a device OBJ path" "$TMP/err" '/dev/zero: not a regular file (a device)'
	has "a directory OBJ path" "$TMP/err" '.: not a regular file (a directory)'
	if [ "$(grep -c '"status":"ok"' "$TMP/out")" = 2 ]; then pass; else fail "the records around them are not answered"; fi
else
	skip "no mkfifo"
fi

# A file that opens with an empty statement line reads as the rest of it
# (the reader once took a zero offset of a null pointer there: UBSan).
printf ' \nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n' >"$TMP/blank-first.obj"
printf '{"a": {"type": "hull", "obj": "blank-first.obj"}, "b": {"type": "sphere", "radius": 0.25, "position": [2, 0, 0]}}\n' >"$TMP/blank-first.ndjson"
run -f ndjson "$TMP/blank-first.ndjson"
expect "an OBJ file opening with a blank line" 0 '*' -
has "an OBJ file opening with a blank line: distance" "$TMP/out" '"distance":0.75'

run --normalize-rotations -f ndjson "$TMP/rel.ndjson"
expect "paths from the input file's directory" 0 '*' -
mv "$TMP/out" "$TMP/json.out"
run --normalize-rotations --margin-b=0.125 $M/lshape.obj --rotation-b 1,1,0,0 -o "$TMP/o.ndjson" \
	--position-a -1,0,0 -f ndjson $M/torus.obj
expect "options among the files, -o" 0 '*' - &&
	same "$TMP/json.out" "$TMP/o.ndjson" "options among the files, -o" && pass
for note in '"a: non-convex mesh, its convex hull is used"' '"b: non-convex mesh, its convex hull is used"'; do
	if grep -q -F "$note" "$TMP/o.ndjson"; then pass; else fail "note $note missing"; fi
done

# Standard input: OBJ paths from the current directory.
(cd testdata && "$MINK" --normalize-rotations -f ndjson <obj-direct.json >"$TMP/stdin.out" 2>"$TMP/err")
status=$?
run --normalize-rotations -f ndjson testdata/obj-direct.json
expect "stdin: paths from the current directory" 0 '*' - &&
	same "$TMP/out" "$TMP/stdin.out" "stdin: paths from the current directory" && pass

# An upper-case extension, and -d 2 does not make an OBJ pair 2D.
cp $M/cube.obj "$TMP/CUBE.OBJ"
run -d 2 -f csv "$TMP/CUBE.OBJ" $M/cube.obj --position-b 0,0,1.5
expect "CUBE.OBJ, -d 2" 0 '*' - &&
	if grep -q '^1,3,ok,separated,false,0.5,0,0,0,1,' "$TMP/out"; then pass; else
		fail "CUBE.OBJ: unexpected output"; cat "$TMP/out"; fi

# --- Usage errors ------------------------------------------------------------

usage_error() {
	name=$1
	shift
	run "$@"
	if expect "$name" 2 && grep -q -F "Try 'mink --help' for more information." "$TMP/err" &&
		[ ! -s "$TMP/out" ]; then
		pass
	else
		fail "$name: not a usage error:"
		cat "$TMP/err"
	fi
}
usage_error "one OBJ file" $M/cube.obj
usage_error "three OBJ files" $M/cube.obj $M/cube.obj $M/cube.obj
usage_error "an OBJ file and a batch" $M/cube.obj testdata/demo.json
usage_error "pose option with batch files" --position-a 1,2,3 testdata/demo.json
usage_error "pose option alone" --object-b x
usage_error "short position" --position-a 1,2 $M/cube.obj $M/cube.obj
usage_error "long position" --position-a 1,2,3,4 $M/cube.obj $M/cube.obj
usage_error "empty number" --position-a 1,,3 $M/cube.obj $M/cube.obj
usage_error "nan position" --position-b nan,0,0 $M/cube.obj $M/cube.obj
usage_error "hex position" --position-b 0x1,0,0 $M/cube.obj $M/cube.obj
usage_error "huge position" --position-b 1e101,0,0 $M/cube.obj $M/cube.obj
usage_error "zero rotation" --rotation-a 0,0,0,0 $M/cube.obj $M/cube.obj
usage_error "negative margin" --margin-b -1 $M/cube.obj $M/cube.obj
usage_error "empty object" --object-a= $M/cube.obj $M/cube.obj
usage_error "ambiguous option" --pos 1,2,3 $M/cube.obj $M/cube.obj
run --position-a 1,2 $M/cube.obj $M/cube.obj
printf '%s\n' "mink: invalid position '1,2' (X,Y,Z)" \
	"Try 'mink --help' for more information." >"$TMP/want"
expect "the message names the value" 2 '*' "$TMP/want"

run --help
if grep -q -F "mink [OPTION]... A.obj B.obj" "$TMP/out" && grep -q -F -- "--position-a=X,Y,Z" "$TMP/out"; then
	pass
else
	fail "--help does not show the OBJ pair"
fi

# --- OBJ files that cannot serve: a message, exit 2, no record -------------

run -f ndjson $M/cube.obj $M/missing.obj
printf '%s\n' "mink: $M/missing.obj: No such file or directory" >"$TMP/want"
expect "a missing OBJ file" 2 '*' "$TMP/want" &&
	if [ -s "$TMP/out" ]; then fail "a missing OBJ file: output written"; else pass; fi
run -f ndjson $M/bad/w0.obj $M/cube.obj
printf '%s\n' "mink: $M/bad/w0.obj:2: v: w must be positive" >"$TMP/want"
expect "w = 0" 2 '*' "$TMP/want"
run -f ndjson --object-a nothing $M/cube.obj $M/cube.obj
printf '%s\n' "mink: $M/cube.obj: no object or group 'nothing'" >"$TMP/want"
expect "no such object" 2 '*' "$TMP/want"
mkdir "$TMP/dir.obj"
run -f ndjson "$TMP/dir.obj" $M/cube.obj
printf '%s\n' "mink: $TMP/dir.obj: not a regular file (a directory)" >"$TMP/want"
expect "a directory" 2 '*' "$TMP/want"
# Every file of bad/ is refused with its line.
for f in $M/bad/*.obj; do
	run -f ndjson $M/cube.obj "$f"
	if [ "$status" -eq 2 ] && grep -q "^mink: $f:[0-9][0-9]*: " "$TMP/err"; then
		pass
	else
		fail "$f: status $status, stderr:"
		cat "$TMP/err"
	fi
done

# --- Every mesh of testdata/meshes is read, its hull built ------------------

for f in $M/*.obj; do
	run -f ndjson "$f" $M/point.obj --position-b 9,9,9
	if [ "$status" -eq 0 ] && grep -q '"status":"ok","state":"separated"' "$TMP/out"; then
		pass
	else
		fail "$f: status $status"
		cat "$TMP/err"
	fi
done

finish
