# mixed.awk - a reproducible batch of mixed pairs for the CLI tests, one per
# line (NDJSON): 3D and 2D pairs of every shape type with random poses and
# margins, ids of every kind (none, integers, strings with escapes), error
# records of several kinds and blank lines.
#
#   awk -v seed=5 -v n=4000 -f tests/cli/mixed.awk
function r(lo, hi) { return lo + (hi - lo) * rand() }
function f(x) { return sprintf("%.6g", x) }
function v3() { return "[" f(r(-2, 2)) ", " f(r(-2, 2)) ", " f(r(-2, 2)) "]" }
function v2() { return "[" f(r(-2, 2)) ", " f(r(-2, 2)) "]" }
# A unit quaternion (mink refuses others without --normalize-rotations).
function quat(  w, x, y, z, n) {
	w = r(-1, 1); x = r(-1, 1); y = r(-1, 1); z = r(-1, 1)
	n = sqrt(w * w + x * x + y * y + z * z)
	return sprintf("[%.9g, %.9g, %.9g, %.9g]", w / n, x / n, y / n, z / n)
}
function pose3(  s) {
	s = ", \"position\": " v3()
	if (rand() < 0.7)
		s = s ", \"rotation\": " quat()
	if (rand() < 0.2)
		s = s ", \"margin\": " f(r(0, 0.2))
	return s
}
function pose2(  s) {
	s = ", \"position\": " v2()
	if (rand() < 0.7)
		s = s ", \"rotation\": " f(r(-3, 3))
	return s
}
function shape3(  k, s, i, n) {
	k = int(rand() * 10)
	if (k == 0) s = "\"type\": \"sphere\", \"radius\": " f(r(0.1, 1))
	if (k == 1) s = "\"type\": \"box\", \"half_extents\": [" f(r(0.1, 1)) ", " f(r(0.1, 1)) ", " f(r(0.1, 1)) "]"
	if (k == 2) s = "\"type\": \"capsule\", \"radius\": " f(r(0.1, 1)) ", \"half_height\": " f(r(0, 1))
	if (k == 3) s = "\"type\": \"cylinder\", \"radius\": " f(r(0.1, 1)) ", \"half_height\": " f(r(0.1, 1))
	if (k == 4) s = "\"type\": \"cone\", \"radius\": " f(r(0.1, 1)) ", \"half_height\": " f(r(0.1, 1))
	if (k == 5) s = "\"type\": \"ellipsoid\", \"radii\": [" f(r(0.1, 1)) ", " f(r(0.1, 1)) ", " f(r(0.1, 1)) "]"
	if (k == 6) s = "\"type\": \"point\""
	if (k == 7) s = "\"type\": \"segment\", \"points\": [" v3() ", " v3() "]"
	if (k == 8) s = "\"type\": \"triangle\", \"points\": [" v3() ", " v3() ", " v3() "]"
	if (k == 9) {
		n = 4 + int(rand() * 12)
		s = "\"type\": \"hull\", \"points\": [" v3()
		for (i = 1; i < n; i++) s = s ", " v3()
		s = s "]"
	}
	return "{" s pose3() "}"
}
function shape2(  k, s, i, n) {
	k = int(rand() * 6)
	if (k == 0) s = "\"type\": \"circle\", \"radius\": " f(r(0.1, 1))
	if (k == 1) s = "\"type\": \"box\", \"half_extents\": [" f(r(0.1, 1)) ", " f(r(0.1, 1)) "]"
	if (k == 2) s = "\"type\": \"capsule\", \"radius\": " f(r(0.1, 1)) ", \"half_height\": " f(r(0, 1))
	if (k == 3) s = "\"type\": \"segment\", \"points\": [" v2() ", " v2() "]"
	if (k == 4) s = "\"type\": \"point\""
	if (k == 5) {
		n = 3 + int(rand() * 8)
		s = "\"type\": \"polygon\", \"points\": [" v2()
		for (i = 1; i < n; i++) s = s ", " v2()
		s = s "]"
	}
	return "{" s pose2() "}"
}
function id(i,  k) {
	k = i % 5
	if (k == 0) return ""
	if (k == 1) return "\"id\": " i ", "
	if (k == 2) return "\"id\": \"r" i " \\\"q\\\" \\u00e9,\", "
	return "\"id\": \"p" i "\", "
}
BEGIN {
	srand(seed)
	for (i = 1; i <= n; i++) {
		k = i % 97
		if (k == 13) { print "{" id(i) "\"a\": {\"type\": \"sphere\", \"radius\": -1}, \"b\": {\"type\": \"point\"}}"; continue }
		if (k == 29) { print "{" id(i) "\"a\": {\"type\": \"point\"} \"b\": {\"type\": \"point\"}}"; continue }
		if (k == 41) { print "{" id(i) "\"dim\": 2, \"a\": {\"type\": \"sphere\", \"radius\": 1}, \"b\": {\"type\": \"point\"}}"; continue }
		if (k == 53) { print "{" id(i) "\"a\": {\"type\": \"box\", \"half_extents\": [1, 1, 1], \"rotation\": [0, 0, 0, 0]}, \"b\": {\"type\": \"point\"}, \"c\": 1}"; continue }
		if (k == 67) { print "[" i "]"; continue }
		if (k == 71) { print ""; continue }
		if (rand() < 0.3)
			print "{" id(i) "\"dim\": 2, \"a\": " shape2() ", \"b\": " shape2() "}"
		else
			print "{" id(i) "\"a\": " shape3() ", \"b\": " shape3() "}"
	}
}
