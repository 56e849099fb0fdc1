#!/bin/sh
# GNU parallel and Slurm, as mink(1)'s EXAMPLES and the README run them:
# the same bytes as one run.
#   - parallel --pipepart: chunks of an NDJSON file on each mink's standard
#     input, kept in order (-k); the records carry ids (mink gen's), since
#     a default id is the record's index in mink's own input;
#   - the same spread over two "hosts" with -S, through a stand-in for ssh
#     that runs the command here;
#   - parallel running --shard K/N parts, for files without ids;
#   - a Slurm job array: --shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT,
#     the tasks running at once as separate processes, then cat in task
#     order; a task that failed is run again alone.
#
#   MINK=build/mink sh tests/cli/parallel.sh     (from the repository root)

suite=parallel
summary_skips=yes
HERE=tests/cli

# shellcheck source=tests/setup.sh
. tests/setup.sh

case $MINK in /*) ;; *) MINK=$(pwd)/$MINK ;; esac
# The documented commands call "mink": this one.
mkdir "$TMP/bin" && ln -s "$MINK" "$TMP/bin/mink" || exit 2
PATH=$TMP/bin:$PATH
export PATH

# pairs.ndjson: with ids; bare.ndjson: the same pairs, every third without.
mink gen -n 4000 --seed 17 --kinds all >"$TMP/pairs.ndjson"
awk 'NR % 3 == 0 { sub(/^\{"id": *[^,]*, */, "{") } { print }' "$TMP/pairs.ndjson" >"$TMP/bare.ndjson"
if grep -q '^{"id"' "$TMP/bare.ndjson" && grep -q -v '^{"id"' "$TMP/bare.ndjson"; then
	pass
else
	fail "bare.ndjson: the ids were not removed from every third record"
fi
cd "$TMP" || exit 2
mink -f ndjson pairs.ndjson >one.ndjson 2>one.err
mink -f csv pairs.ndjson >one.csv 2>/dev/null
mink -f ndjson bare.ndjson >bare-one.ndjson 2>/dev/null

# --- Slurm job array (no Slurm needed: the tasks are processes) ---------------

for fmt in ndjson csv json; do
	mink -f $fmt bare.ndjson >one.$fmt.out 2>/dev/null
	for task in 1 2 3 4 5; do
		SLURM_ARRAY_TASK_ID=$task SLURM_ARRAY_TASK_COUNT=5 sh -c \
			'mink --shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT -f '$fmt' bare.ndjson >'$fmt'.$SLURM_ARRAY_TASK_ID' &
	done
	wait
	cat $fmt.1 $fmt.2 $fmt.3 $fmt.4 $fmt.5 >joined
	same one.$fmt.out joined "Slurm array of 5 tasks, -f $fmt" && pass
done
# Task 3 fails (its output cannot be written); it is run again alone.
rm csv.3
mink --shard 3/5 -f csv bare.ndjson >/dev/full 2>/dev/null
equal "a task writing to /dev/full fails" 2 $?
SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_COUNT=5 sh -c \
	'mink --shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT -f csv bare.ndjson >csv.$SLURM_ARRAY_TASK_ID'
cat csv.1 csv.2 csv.3 csv.4 csv.5 >joined
same one.csv.out joined "the failed task run again" && pass

if ! command -v parallel >/dev/null 2>&1; then
	skip "GNU parallel not found (Debian parallel; make deps installs it)"
	finish
fi

# --- parallel --pipepart ----------------------------------------------------------

# parallel keeps state in ~/.parallel and resolves --workdir against $HOME:
# a home of the test's own keeps it apart from the caller's (CI may have none).
HOME=$TMP/home
mkdir -p "$HOME" || exit 2
export HOME

# As documented (one chunk for a file this small), then in chunks of 64 KB.
parallel --pipepart -a pairs.ndjson --block 10M -k mink -f ndjson >par.ndjson 2>par.err
same one.ndjson par.ndjson "parallel --pipepart --block 10M" && pass
parallel --pipepart -a pairs.ndjson --block 64k -k mink -f ndjson >par.ndjson 2>par.err
same one.ndjson par.ndjson "parallel --pipepart --block 64k" && pass
n=$(parallel --pipepart -a pairs.ndjson --block 64k -k 'echo x' | wc -l)
if [ "$n" -ge 10 ]; then pass; else fail "--block 64k made $n chunks, not 10 or more"; fi
# CSV: the header once, from mink itself, then the chunks without theirs.
{ mink -f csv </dev/null; parallel --pipepart -a pairs.ndjson --block 64k -k mink -f csv --no-header; } >par.csv
same one.csv par.csv "parallel --pipepart, CSV with --no-header" && pass

# Two hosts: a stand-in for ssh runs the command here.  It drops ssh's
# options and the host, as ssh does, and runs the rest with sh in the home
# folder, with SHELL set as sshd sets it (parallel's remote worker runs the
# command with $SHELL; CI may run without SHELL).
cat >fakessh <<'SSH'
#!/bin/sh
echo "$1" >>hosts.log
while [ $# -gt 0 ]; do case $1 in -*) shift ;; *) break ;; esac; done
shift
[ "$1" = -- ] && shift
SHELL=/bin/sh
export SHELL
cd "$HOME" || exit 255
exec sh -c "$*"
SSH
chmod +x fakessh
parallel --pipepart -a pairs.ndjson --block 64k -k --ssh "$TMP/fakessh" -S 1/hostA,1/hostB \
	mink -f ndjson >par.ndjson 2>par.err
same one.ndjson par.ndjson "parallel --pipepart -S hostA,hostB" && pass
for h in hostA hostB; do
	if grep -q -x $h hosts.log; then pass; else fail "no chunk went to $h"; fi
done

# Without ids, --pipepart numbers each chunk from 1 (why --shard exists):
parallel --pipepart -a bare.ndjson --block 64k -k mink -f ndjson >par.ndjson 2>/dev/null
if cmp -s bare-one.ndjson par.ndjson; then
	fail "--pipepart of records without ids matched one run: the test lost its point"
else
	pass
fi
# ... and parallel running the parts of --shard gives one run, here or on hosts.
parallel -k mink --shard {}/6 -f ndjson bare.ndjson ::: 1 2 3 4 5 6 >par.ndjson
same bare-one.ndjson par.ndjson "parallel -k mink --shard {}/6" && pass
parallel -k --ssh "$TMP/fakessh" -S 1/hostA,1/hostB --workdir . \
	mink --shard {}/6 -f ndjson bare.ndjson ::: 1 2 3 4 5 6 >par.ndjson
same bare-one.ndjson par.ndjson "parallel -S hostA,hostB mink --shard {}/6" && pass

finish
