#!/bin/sh
# The tests of hostile and unusual input: ids and strings as counted
# strings, the caps on a record's size and on the number of errors, one
# diagnosis for a file that is not pairs, compressed input, a stream of
# JSON values, --obj-dir.  Oracles: python3's json and csv modules, jq,
# gzip and zstd, and hand-written expectations.
#
#   MINK=build/mink sh tests/cli/input.sh      (from the repository root)

suite=input
summary_skips=yes

# shellcheck source=tests/setup.sh
. tests/setup.sh

SPHERES='"a":{"type":"sphere","radius":1},"b":{"type":"sphere","radius":1,"position":[3,0,0]}'

# --- Ids and strings are counted: NUL bytes kept, never a collision -----------

printf '{"id":"x\\u0000y",%s}\n{"id":"x",%s}\n{"id":"\\u0000",%s}\n{"id":"",%s}\n' \
	"$SPHERES" "$SPHERES" "$SPHERES" "$SPHERES" >"$TMP/nul.ndjson"
# The ids as python reads them back from each output format.
printf '%s\n' "['x\\x00y', 'x', '\\x00', '']" >"$TMP/want"
for fmt in json ndjson csv; do
	run -f $fmt "$TMP/nul.ndjson"
	expect "NUL in an id, -f $fmt" 0 '*' -
	cp "$TMP/out" "$TMP/nul-out.$fmt"
	python3 -c '
import csv, json, sys
fmt, path = sys.argv[1], sys.argv[2]
with open(path, newline="", encoding="utf-8") as f:
    if fmt == "json":
        ids = [r["id"] for r in json.load(f)]
    elif fmt == "ndjson":
        ids = [json.loads(l)["id"] for l in f]
    else:
        ids = [r["id"] for r in csv.DictReader(f)]
print(ids)' "$fmt" "$TMP/out" >"$TMP/ids" 2>&1
	same "$TMP/want" "$TMP/ids" "ids read back from -f $fmt" && pass
done
# JSON writes the NUL as \u0000; CSV quotes a field holding one.
run -f ndjson "$TMP/nul.ndjson"
has "NUL written back as \\u0000" "$TMP/out" '{"id":"x\u0000y","status":"ok"'
printf '"x\0y",3,ok\n' >"$TMP/want"
cut -d, -f1-3 "$TMP/nul-out.csv" | sed -n 2p >"$TMP/got"
same "$TMP/want" "$TMP/got" "CSV field with a NUL quoted" && pass
# diff matches ids whole: the same files in two formats agree, and ids that
# differ after the NUL are told apart.
run diff "$TMP/nul-out.csv" "$TMP/nul-out.json"
expect "diff: NUL ids, CSV against JSON" 0 '*' -
has "diff: 4 ids matched" "$TMP/out" "4 matched, 0 differ"
sed 's/x\\u0000y/x\\u0000z/' "$TMP/nul.ndjson" | "$MINK" -f csv >"$TMP/nulz.csv"
run diff "$TMP/nul-out.json" "$TMP/nulz.csv"
expect "diff: ids differing after a NUL" 1 '*' '*'
has "diff: x\\u0000y only in expected" "$TMP/out" '"x\u0000y": only in '
has "diff: x\\u0000z only in actual" "$TMP/out" '"x\u0000z": only in '
# A NUL cannot sneak into the strings the parser compares or opens.
printf '{"id":1,"a":{"type":"sphere\\u0000x","radius":1},"b":{"type":"sphere","radius":1}}\n' >"$TMP/nultype.ndjson"
run -f ndjson "$TMP/nultype.ndjson"
expect "NUL in a type" 1 '*' '*'
has "NUL in a type: an error record" "$TMP/out" '"status":"error"'
printf '{"id":1,"a":{"type":"hull","obj":"x.obj\\u0000y"},"b":{"type":"sphere","radius":1}}\n' >"$TMP/nulobj.ndjson"
run -f ndjson "$TMP/nulobj.ndjson"
expect "NUL in an obj path" 1 '*' '*'
has "NUL in an obj path: the message" "$TMP/err" "a.obj: '\\u0000' in the path"
printf '{"id":1,"a\\u0000":{"type":"sphere","radius":1},%s}\n' \
	'"b":{"type":"sphere","radius":1}' >"$TMP/nulkey.ndjson"
run -f ndjson "$TMP/nulkey.ndjson"
expect "NUL in a member name" 1 '*' '*'
has "NUL in a member name: the message" "$TMP/err" "'\\u0000' in a member name"

# --- Bounded memory: --max-record-bytes ---------------------------------------

# A record over the cap is one error record at its line, skipped; the
# records around it are answered.  Its id alone is 3 MB, the cap 1 MB.
{
	printf '{"id":1,%s}\n{"id":"' "$SPHERES"
	head -c 3000000 /dev/zero | tr '\0' x
	printf '",%s}\n{"id":3,%s}\n' "$SPHERES" "$SPHERES"
} >"$TMP/long.ndjson"
run -f ndjson --max-record-bytes 1000000 "$TMP/long.ndjson"
printf 'mink: %s:2: record longer than 1000000 bytes (--max-record-bytes): skipped\n' \
	"$TMP/long.ndjson" >"$TMP/want"
expect "an over-cap record: one message" 1 '*' "$TMP/want"
cut -c1-30 "$TMP/out" >"$TMP/got"
printf '%s\n' '{"id":1,"status":"ok","state":' \
	'{"id":2,"status":"error","erro' \
	'{"id":3,"status":"ok","state":' >"$TMP/want"
same "$TMP/want" "$TMP/got" "an over-cap record among good ones" && pass
# The same as an element of a JSON array, and as a value of a stream.
{
	printf '[{"id":1,%s},\n{"id":"' "$SPHERES"
	head -c 3000000 /dev/zero | tr '\0' x
	printf '",%s},\n{"id":3,%s}]\n' "$SPHERES" "$SPHERES"
} >"$TMP/long.json"
run -f ndjson --max-record-bytes 1000000 "$TMP/long.json"
cut -c1-30 "$TMP/out" >"$TMP/got"
same "$TMP/want" "$TMP/got" "an over-cap array element" && pass
has "an over-cap array element: its line" "$TMP/err" "long.json:2: record longer than 1000000 bytes"
# Memory stays flat: under a 400 MB address-space limit, a 300 MB record
# (default cap 64 MiB) and 300 MB of NUL bytes each end in one message.
# (A sanitizer build maps terabytes of shadow memory and cannot start under
# the limit: there the probe fails and the checks are skipped.)
if (ulimit -v 400000 && "$MINK" --version) >/dev/null 2>&1; then
	{
		printf '{"id":"'
		head -c 300000000 /dev/zero | tr '\0' x
		printf '",%s}\n{"id":2,%s}\n' "$SPHERES" "$SPHERES"
	} | (ulimit -v 400000; "$MINK" -f ndjson -j 2 >"$TMP/out" 2>"$TMP/err")
	status=$?
	expect "a 300 MB record under ulimit -v 400000" 1 '*' '*'
	has "a 300 MB record: the next one answered" "$TMP/out" '{"id":2,"status":"ok"'
	has "a 300 MB record: skipped" "$TMP/err" 'mink: <stdin>:1: record longer than 67108864 bytes'
	head -c 300000000 /dev/zero | (ulimit -v 400000; "$MINK" >"$TMP/out" 2>"$TMP/err")
	status=$?
	printf '[]\n' >"$TMP/want"
	printf '%s\n' 'mink: <stdin>:1: this looks like binary data (byte 0x00 at offset 0), not JSON text: mink reads pairs as JSON: one array, or one object per line' >"$TMP/wanterr"
	expect "300 MB of NUL bytes as stdin: one message" 1 "$TMP/want" "$TMP/wanterr"
	# NUL bytes after good records (beyond the first bytes, which would
	# tell binary data): the over-long line ends the input.
	{
		for i in $(seq 60); do printf '{"id":%d,%s}\n' "$i" "$SPHERES"; done
		head -c 100000000 /dev/zero
	} | (ulimit -v 400000; "$MINK" -f ndjson --max-record-bytes 100000 >"$TMP/out" 2>"$TMP/err")
	status=$?
	expect "NUL bytes after a record" 1 '*' '*'
	has "NUL bytes after a record: the record answered" "$TMP/out" '{"id":1,"status":"ok"'
	has "NUL bytes after a record: one message" "$TMP/err" 'mink: <stdin>:61: NUL bytes in a record longer than 100000 bytes: this is not text; the rest is not read'
else
	skip "mink does not start under ulimit -v 400000 (a sanitizer build?)"
fi
run /dev/zero
printf '[]\n' >"$TMP/want"
expect "/dev/zero as a file: one message" 1 "$TMP/want" '*'
has "/dev/zero as a file: binary" "$TMP/err" 'mink: /dev/zero:1: this looks like binary data'

# --- --max-errors ---------------------------------------------------------------

# testdata/errors.ndjson: line 1 is good, lines 2, 3 and 4 are errors.
run -f ndjson -j 3 --max-errors 2 testdata/errors.ndjson
expect "--max-errors 2" 1 '*' '*'
cut -d, -f1 "$TMP/out" >"$TMP/got"
printf '%s\n' '{"id":"spheres"' '{"id":"typo"' '{"id":"wrong-dim"' >"$TMP/want"
same "$TMP/want" "$TMP/got" "--max-errors 2: the records up to the second error" && pass
tail -n 1 "$TMP/err" >"$TMP/got"
echo 'mink: stopped after 2 error records (--max-errors); 3 records written, the rest of the input not read' >"$TMP/want"
same "$TMP/want" "$TMP/got" "--max-errors: the summary line" && pass
grep -c '^mink: testdata' "$TMP/err" >"$TMP/got"
echo 2 >"$TMP/want"
same "$TMP/want" "$TMP/got" "--max-errors: one message per error record written" && pass
run -f json --max-errors 1 testdata/errors.ndjson testdata/demo.json
expect "--max-errors with -f json" 1 '*' '*'
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d))' "$TMP/out" >"$TMP/got"
echo 2 >"$TMP/want"
same "$TMP/want" "$TMP/got" "--max-errors: valid JSON, later files not read" && pass
run --max-errors 0 testdata/demo.json
expect "--max-errors 0 is a usage error" 2 - '*'

# --- One diagnosis for a file that is not pairs ----------------------------------

"$MINK" -f csv testdata/demo.json >"$TMP/res.csv"
"$MINK" -f ndjson testdata/demo.json >"$TMP/res.ndjson"
printf 'name,x,y\n1,2,3\n4,5,6\n' >"$TMP/plain.csv"
printf 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n' >"$TMP/tri.txt"
printf '%%PDF-1.4\nxx\n' >"$TMP/doc.pdf"
printf 'BZh91AY&SY\n{"id":1}\n' >"$TMP/x.bz2"
printf '<html>\n<body>\n' >"$TMP/page.html"
for case in "res.csv:mink's CSV results, not pairs" \
	"res.ndjson:mink's results (records with \"status\"), not pairs" \
	"plain.csv:a CSV file, not JSON" "tri.txt:an OBJ file, not pairs" \
	"doc.pdf:a PDF document, not JSON" "x.bz2:bzip2-compressed data, not JSON" \
	"page.html:HTML or XML, not JSON"; do
	file=${case%%:*}
	what=${case#*:}
	run -f ndjson "$TMP/$file"
	expect "$file: one message, no records" 1 - '*'
	equal "$file: one line on stderr" 1 "$(wc -l <"$TMP/err" | tr -d ' ')"
	has "$file: what it looks like" "$TMP/err" "mink: $TMP/$file:1: this looks like $what"
done
# mink diff given pair files: one message each, not one per record.
run diff testdata/demo.json testdata/errors.ndjson
expect "diff of pair files" 2 - '*'
equal "diff of pair files: two lines" 2 "$(wc -l <"$TMP/err" | tr -d ' ')"
has "diff of pair files: what they look like" "$TMP/err" 'mink diff: testdata/errors.ndjson:1: this looks like a batch of pairs'
# diff --max-errors: records that are not results, over both files.
{ echo '{"x":1}'; cat "$TMP/res.ndjson"; echo '{"x":2}'; echo '{"x":3}'; } >"$TMP/res-bad.ndjson"
run diff --max-errors 2 "$TMP/res.ndjson" "$TMP/res-bad.ndjson"
expect "diff --max-errors 2" 2 - '*'
tail -n 1 "$TMP/err" >"$TMP/got"
echo 'mink diff: stopped after 2 records that are not results (--max-errors)' >"$TMP/want"
same "$TMP/want" "$TMP/got" "diff --max-errors: the summary line" && pass

# --- Compressed input: the same bytes out as from the plain file -----------------

jq -c '.[]' testdata/demo.json >"$TMP/demo.ndjson"
jq -c '.[]' testdata/analytic.json >"$TMP/analytic.ndjson"
for f in testdata/demo.json testdata/errors.ndjson testdata/analytic.json testdata/noid.ndjson "$TMP/demo.ndjson"; do
	"$MINK" -f ndjson "$f" >"$TMP/plain.out" 2>"$TMP/plain.err"
	want=$?
	sed "s|$f|<stdin>|" "$TMP/plain.err" >"$TMP/plain.stdin.err"
	for z in gzip zstd; do
		if ! command -v $z >/dev/null 2>&1; then
			skip "$z not found"
			continue
		fi
		$z -c <"$f" >"$TMP/in.$z"
		run -f ndjson "$TMP/in.$z"
		sed "s|$TMP/in.$z|<stdin>|" "$TMP/err" >"$TMP/err.stdin"
		cp "$TMP/err.stdin" "$TMP/err"
		expect "$f as $z" $want "$TMP/plain.out" "$TMP/plain.stdin.err"
		run_in "$TMP/in.$z" -f ndjson
		expect "$f as $z on stdin" $want "$TMP/plain.out" "$TMP/plain.stdin.err"
	done
done
# Members and frames one after the other are read as one text.
D=$TMP/demo.ndjson
{ gzip -c <"$D"; gzip -c <"$D"; } >"$TMP/two.gz"
cat "$D" "$D" | "$MINK" -f ndjson >"$TMP/want"
run_in "$TMP/two.gz" -f ndjson
expect "two gzip members" 0 "$TMP/want" -
{ zstd -c <"$D"; zstd -c <"$D"; } >"$TMP/two.zst"
run_in "$TMP/two.zst" -f ndjson
expect "two zstd frames" 0 "$TMP/want" -
# --shard cuts by the file's size, which is not the text's: refused.
run -f ndjson --shard 1/2 "$TMP/in.gzip"
expect "--shard of a gzip file" 1 - '*'
has "--shard of a gzip file: the message" "$TMP/err" "--shard needs an uncompressed file (this is gzip data)"
# Truncated and corrupt data: the records before it, then one message.
for z in gzip zstd; do
	cat "$D" "$D" "$D" | $z -c >"$TMP/t.$z"
	size=$(wc -c <"$TMP/t.$z")
	head -c $((size - 10)) "$TMP/t.$z" >"$TMP/cut.$z"
	run_in "$TMP/cut.$z" -f ndjson
	expect "truncated $z" 1 '*' '*'
	equal "truncated $z: one message" 1 "$(wc -l <"$TMP/err" | tr -d ' ')"
	has "truncated $z: what" "$TMP/err" "truncated $z data"
	# Every record the truncated data holds in full is answered.
	$z -dc <"$TMP/cut.$z" 2>/dev/null | grep -c '}$' >"$TMP/n.want"
	grep -c . "$TMP/out" >"$TMP/n.got"
	same "$TMP/n.want" "$TMP/n.got" "truncated $z: the records before it answered" && pass
done
printf '\037\213\010\000\000\000\000\000\000\003garbage-garbage-garbage' >"$TMP/bad.gz"
run_in "$TMP/bad.gz"
expect "corrupt gzip" 1 '*' '*'
has "corrupt gzip: what" "$TMP/err" "mink: <stdin>:1: corrupt gzip data"

# --- A stream of JSON values (jq's default output) -------------------------------

if command -v jq >/dev/null 2>&1; then
	for f in "$TMP/demo.ndjson" "$TMP/analytic.ndjson" testdata/degenerate.ndjson \
		testdata/noid.ndjson testdata/errors.ndjson; do
		"$MINK" -f ndjson "$f" >"$TMP/want" 2>"$TMP/want.err"
		want=$?
		jq . "$f" >"$TMP/pretty.json" 2>/dev/null || continue
		run -f ndjson "$TMP/pretty.json"
		expect "jq . $f" $want "$TMP/want" '*'
		equal "jq . $f: as many messages" "$(wc -l <"$TMP/want.err")" "$(wc -l <"$TMP/err")"
	done
	# Errors name the line where the record starts, and the byte at fault.
	printf '{"id":"a",%s}\n{"id":"b","a":{"type":"sphere","radius":1}}\n{"id":"c",%s}\n' \
		"$SPHERES" "$SPHERES" >"$TMP/three.ndjson"
	jq . "$TMP/three.ndjson" >"$TMP/three.json"
	run -f ndjson "$TMP/three.json"
	expect "jq stream with an error record" 1 '*' '*'
	# jq puts "a" 12 lines into the first record, so "b" starts on line 28.
	start=$(grep -n '"id": "b"' "$TMP/three.json" | cut -d: -f1)
	echo "mink: $TMP/three.json:$((start - 1)): missing field 'b'" >"$TMP/want"
	same "$TMP/want" "$TMP/err" "jq stream: the line of the record's first line" && pass
	printf '{\n  "id": 1,\n  "a": {"type": "sphere", "radius": 1},\n  "b": {"type": "sphere", "radius": 1}, x\n}\n' >"$TMP/bad.json"
	run -f ndjson "$TMP/bad.json"
	echo "mink: $TMP/bad.json:4:41: invalid JSON: unexpected 'x'" >"$TMP/want"
	expect "jq stream: a syntax error's line and column" 1 '*' "$TMP/want"
else
	skip "jq not found"
fi

# --- --obj-dir --------------------------------------------------------------------

run -f ndjson testdata/obj-errors.ndjson
mv "$TMP/out" "$TMP/want"
run_in testdata/obj-errors.ndjson -f ndjson --obj-dir testdata
expect "--obj-dir for standard input" 1 "$TMP/want" '*'
mkdir "$TMP/elsewhere"
cp testdata/obj-errors.ndjson "$TMP/elsewhere/"
run -f ndjson --obj-dir testdata "$TMP/elsewhere/obj-errors.ndjson"
expect "--obj-dir for a file in another folder" 1 "$TMP/want" '*'
gzip -c testdata/obj-errors.ndjson >"$TMP/elsewhere/pairs.gz"
run -f ndjson --obj-dir testdata "$TMP/elsewhere/pairs.gz"
expect "--obj-dir with compressed input" 1 "$TMP/want" '*'

finish
