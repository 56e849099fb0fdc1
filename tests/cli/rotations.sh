#!/bin/sh
# Rotations: --quaternion-order, rotation matrices, axis and angle, and the
# norm of a quaternion (--normalize-rotations).  The oracles are quaternions
# worked out by hand for each matrix and axis: where the conversion is exact
# in binary (half-turns about an axis, the 120-degree turn about (1,1,1),
# the identity) the results must be the same bytes, elsewhere the same
# values within 1e-12 (mink diff).
#
#   MINK=build/mink sh tests/cli/rotations.sh     (from the repository root)

suite=rotations
summary_skips=no
HERE=tests/cli

# shellcheck source=tests/setup.sh
. tests/setup.sh

# pair ID ROTATION: B, a tetrahedron with no symmetry, rotated about its
# origin next to sphere A (every rotation gives other values; a sphere
# makes the contact one point, so no tie between equally deep corners is
# decided by the last bits).
pair() {
	printf '{"id": "%s", "a": {"type": "sphere", "radius": 1}, "b": {"type": "hull", "points": [[-0.5, -0.2, -0.1], [0.6, -0.2, -0.1], [-0.5, 0.4, -0.1], [-0.5, -0.2, 0.8]], "position": [1.1, 0.3, 0.2], "rotation": %s}}\n' "$1" "$2"
}

# --- Scalar last: [x, y, z, w] with the option = [w, x, y, z] without -------

"$MINK" gen -n 400 --seed 11 --kinds box,hull,capsule,cylinder,cone,triangle >"$TMP/wxyz.ndjson"
# The same numbers, as written, moved: w from first to last.
sed -E 's/"rotation": ?\[([^],]*), ?([^],]*), ?([^],]*), ?([^]]*)\]/"rotation": [\2, \3, \4, \1]/g' \
	"$TMP/wxyz.ndjson" >"$TMP/xyzw.ndjson"
if cmp -s "$TMP/wxyz.ndjson" "$TMP/xyzw.ndjson"; then
	fail "the reordered batch is the batch itself: no rotations moved"
fi
run -f ndjson "$TMP/wxyz.ndjson"
expect "wxyz batch" 0 '*' - && mv "$TMP/out" "$TMP/wxyz.out"
run -f ndjson --quaternion-order xyzw "$TMP/xyzw.ndjson"
expect "xyzw batch with --quaternion-order xyzw" 0 "$TMP/wxyz.out" -
run -f csv --quaternion-order=xyzw "$TMP/xyzw.ndjson"
run -f csv "$TMP/wxyz.ndjson"
mv "$TMP/out" "$TMP/wxyz.csv"
run -f csv --quaternion-order=xyzw "$TMP/xyzw.ndjson"
expect "xyzw batch, CSV" 0 "$TMP/wxyz.csv" -
run -f ndjson --quaternion-order=wxyz "$TMP/wxyz.ndjson"
expect "--quaternion-order=wxyz is the default" 0 "$TMP/wxyz.out" -
# Read in the wrong order, the answers change (the 90-degree turn:
# distance 0.70 one way, -0.80 the other).
pair turn '[0.7071067811865476, 0, 0.7071067811865476, 0]' >"$TMP/turn.ndjson"
run -f csv "$TMP/turn.ndjson"
mv "$TMP/out" "$TMP/turn-wxyz.csv"
run -f csv --quaternion-order xyzw "$TMP/turn.ndjson"
if cmp -s "$TMP/out" "$TMP/turn-wxyz.csv"; then
	fail "a 90-degree turn read in both orders gives the same answer"
else
	pass
fi
# Two OBJ files: the rotation options follow the order too.
M=testdata/meshes
run -f ndjson $M/cube.obj $M/cube.obj --position-b 1.5,0.2,0 --rotation-b 0.8,0,0.6,0
mv "$TMP/out" "$TMP/obj-wxyz.out"
run -f ndjson --quaternion-order xyzw $M/cube.obj $M/cube.obj --position-b 1.5,0.2,0 --rotation-b 0,0.6,0,0.8
expect "--rotation-b in xyzw order" 0 "$TMP/obj-wxyz.out" -

# --- Rotation matrices and axis-angle against hand-made quaternions ---------

# exact NAME QUATERNION OTHER: the same bytes.
exact() {
	pair "$1" "$2" >"$TMP/q.ndjson"
	pair "$1" "$3" >"$TMP/o.ndjson"
	run -f ndjson "$TMP/q.ndjson"
	expect "$1: quaternion" 0 '*' - && mv "$TMP/out" "$TMP/q.out"
	run -f ndjson "$TMP/o.ndjson"
	expect "$1: $3" 0 "$TMP/q.out" -
}

# close NAME QUATERNION OTHER [TOL]: the same values within TOL (1e-12).
close() {
	tol=${4:-1e-12}
	pair "$1" "$2" >"$TMP/q.ndjson"
	pair "$1" "$3" >"$TMP/o.ndjson"
	"$MINK" -f ndjson "$TMP/q.ndjson" >"$TMP/q.out" 2>"$TMP/err"
	"$MINK" -f ndjson "$TMP/o.ndjson" >"$TMP/o.out" 2>>"$TMP/err"
	if "$MINK" diff --abs "$tol" --rel "$tol" --angle "$tol" "$TMP/q.out" "$TMP/o.out" >"$TMP/diff" 2>&1 &&
		[ ! -s "$TMP/err" ]; then
		pass
	else
		fail "$1: $3 differs from $2:"
		cat "$TMP/diff" "$TMP/err" | head -n 10
	fi
}

# Each of these rotations gives its own answer.
for q in '[1, 0, 0, 0]' '[0, 1, 0, 0]' '[0, 0, 1, 0]' '[0, 0, 0, 1]' '[0.5, 0.5, 0.5, 0.5]' \
	'[0.5, -0.5, -0.5, -0.5]' '[0.6, 0, 0.8, 0]' '[0.7071067811865476, 0, 0, 0.7071067811865476]' \
	'[0, 0.7071067811865476, 0.7071067811865476, 0]' '[0.7071067811865476, -0.7071067811865476, 0, 0]'; do
	pair q "$q"
done >"$TMP/distinct.ndjson"
n=$("$MINK" -f csv "$TMP/distinct.ndjson" | cut -d, -f6-13 | sort -u | wc -l)
equal "ten rotations, ten answers (and the header)" 11 "$n"

# The 120-degree turn about (1, 1, 1) maps x to y, y to z, z to x.
exact "120 about (1,1,1), matrix" '[0.5, 0.5, 0.5, 0.5]' '{"matrix": [[0, 0, 1], [1, 0, 0], [0, 1, 0]]}'
exact "-120 about (1,1,1), matrix" '[0.5, -0.5, -0.5, -0.5]' '{"matrix": [[0, 1, 0], [0, 0, 1], [1, 0, 0]]}'
exact "180 about x, matrix" '[0, 1, 0, 0]' '{"matrix": [[1, 0, 0], [0, -1, 0], [0, 0, -1]]}'
exact "180 about y, matrix" '[0, 0, 1, 0]' '{"matrix": [[-1, 0, 0], [0, 1, 0], [0, 0, -1]]}'
exact "180 about z, matrix" '[0, 0, 0, 1]' '{"matrix": [[-1, 0, 0], [0, -1, 0], [0, 0, 1]]}'
exact "identity, matrix" '[1, 0, 0, 0]' '{"matrix": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}'
exact "identity, axis and angle 0" '[1, 0, 0, 0]' '{"axis": [3, -4, 12], "angle": 0}'
# q = (0.6, 0, 0.8, 0): R = [[1 - 2y^2, 0, 2wy], [0, 1, 0], [-2wy, 0, 1 - 2y^2]].
close "q (0.6, 0, 0.8, 0), matrix" '[0.6, 0, 0.8, 0]' '{"matrix": [[-0.28, 0, 0.96], [0, 1, 0], [-0.96, 0, -0.28]]}'
close "90 about z, matrix" '[0.7071067811865476, 0, 0, 0.7071067811865476]' '{"matrix": [[0, -1, 0], [1, 0, 0], [0, 0, 1]]}'
close "180 about (1,1,0), matrix" '[0, 0.7071067811865476, 0.7071067811865476, 0]' '{"matrix": [[0, 1, 0], [1, 0, 0], [0, 0, -1]]}'
close "90 about z, axis and angle" '[0.7071067811865476, 0, 0, 0.7071067811865476]' '{"axis": [0, 0, 5], "angle": 1.5707963267948966}'
close "120 about (1,1,1), axis and angle" '[0.5, 0.5, 0.5, 0.5]' '{"axis": [1, 1, 1], "angle": 2.0943951023931953}'
close "-90 about x, axis and angle" '[0.7071067811865476, -0.7071067811865476, 0, 0]' '{"axis": [1, 0, 0], "angle": -1.5707963267948966}'
close "180 about y, axis and angle" '[0, 0, 1, 0]' '{"axis": [0, 0.5, 0], "angle": 3.141592653589793}'
# A matrix written to 7 digits (float32 data) is within the tolerance.
close "90 about z, matrix to 7 digits" '[0.7071068, 0, 0, 0.7071068]' '{"matrix": [[0.0000001, -1, 0], [1, 0.0000001, 0], [0, 0, 1]]}' 1e-6

# --- Norms ------------------------------------------------------------------

pair unit '[0.8, 0, 0.6, 0]' >"$TMP/unit.ndjson"
pair long '[1.6, 0, 1.2, 0]' >"$TMP/long.ndjson"
run -f ndjson "$TMP/long.ndjson"
printf '%s\n' "mink: $TMP/long.ndjson:1: b.rotation: quaternion of norm 2, not 1 (--normalize-rotations accepts it)" >"$TMP/want.err"
printf '%s\n' '{"id":"long","status":"error","error":{"code":"bad_pose","message":"b.rotation: quaternion of norm 2, not 1 (--normalize-rotations accepts it)"}}' >"$TMP/want.out"
expect "a quaternion of norm 2 is an error record" 1 "$TMP/want.out" "$TMP/want.err"
run -f ndjson "$TMP/unit.ndjson"
sed 's/"id":"unit"/"id":"long"/' "$TMP/out" >"$TMP/unit.out"
run -f ndjson --normalize-rotations "$TMP/long.ndjson"
expect "--normalize-rotations: norm 2 as its unit quaternion" 0 "$TMP/unit.out" -
# Within 1e-6 of norm 1 is accepted as it is (mink gen writes 6 decimals).
pair near '[1.0000009, 0, 0, 0]' >"$TMP/near.ndjson"
run -f ndjson "$TMP/near.ndjson"
expect "norm 1 + 9e-7 is accepted" 0 '*' -
pair far '[1.0000011, 0, 0, 0]' >"$TMP/far.ndjson"
run -f ndjson "$TMP/far.ndjson"
expect "norm 1 + 1.1e-6 is refused" 1 '*' '*'
has "norm 1 + 1.1e-6: the message" "$TMP/err" "b.rotation: quaternion of norm 1.0000011, not 1"

finish
