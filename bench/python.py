#!/usr/bin/env python3
"""The Python module's rates against the C library and the CLI.

    PYTHONPATH=../build/python /usr/bin/python3 python.py \\
        --mink ../build/mink --poses ../build/bench/poses --out out

1. 10^6 box-box poses (seeded numpy): the C library's own rate
   (bench/poses.c: mink_query3 in a loop, 1 thread and every core; also
   keeping each answer in new memory, the bytes of the module's columns,
   the yardstick of a first call) against
   mink.batch_poses on the same rows (1 thread and every core): its first
   call, which gets new pages for its columns, once, then the calls after
   it (a loop over batches of one size, its columns' memory reused), and
   with out=.  The C loop and the module's calls run in rounds, one after
   the other, and the module's share of the C rate is the median of the
   rounds' shares.  The checksums (sum of the distances) must agree.
2. The first 10^5 of them as pair dicts: mink.batch and mink.batch_arrays,
   against the CLI on the same pairs as NDJSON (-j 1 and every core, output
   to /dev/null) and the CLI as Python reached it before the module
   (write the file, run mink, json.loads every output line), and against
   json.dumps of the pairs alone (the first half of a text path).
Each run RUNS times (default 3; the rounds of 1. at least 5); the median
wall time gives pairs/s.
Prints a Markdown table (also to OUT/python.md).
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

import numpy as np

import mink

HA = [0.5, 0.4, 0.3]
HB = [0.4, 0.3, 0.2]


def cpu():
    s = resource.getrusage(resource.RUSAGE_SELF)
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


def median_time(fn, runs):
    """(median wall s, min, max, median CPU s of this process and its
    children): on a shared machine the CPU time is the steadier figure."""
    times, cpus = [], []
    for _ in range(runs):
        c0, t0 = cpu(), time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
        cpus.append(cpu() - c0)
    return statistics.median(times), min(times), max(times), statistics.median(cpus)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mink", required=True)
    ap.add_argument("--poses", required=True)
    ap.add_argument("--out", default="out")
    ap.add_argument("--n", type=int, default=1000000)
    ap.add_argument("--n-dicts", type=int, default=100000)
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    cores = len(os.sched_getaffinity(0))
    load0 = os.getloadavg()

    rng = np.random.default_rng(2026)
    n = a.n
    pos_a = rng.uniform(-1, 1, (n, 3))
    pos_b = pos_a + rng.uniform(-1.2, 1.2, (n, 3))
    quat_a = rng.normal(size=(n, 4))
    quat_b = rng.normal(size=(n, 4))
    # Unit quaternions (uniform random rotations): a pair's rotation of
    # norm other than 1 is an error record (mink(5)).
    quat_a /= np.linalg.norm(quat_a, axis=1, keepdims=True)
    quat_b /= np.linalg.norm(quat_b, axis=1, keepdims=True)
    rows = np.hstack([pos_a, quat_a, pos_b, quat_b])
    path = os.path.join(a.out, "poses.bin")
    rows.astype(np.float64).tofile(path)
    box_a = {"type": "box", "half_extents": HA}
    box_b = {"type": "box", "half_extents": HB}
    table = []

    def row(name, pairs, t, base=None, share=None):
        """A table row; base: (wall rate, CPU rate) of the C library, or
        share: the (wall, CPU) shares of it measured round by round."""
        med, lo, hi, cpu_s = t
        rate, cpu_rate = pairs / med, pairs / cpu_s
        if base and not share:
            share = (rate / base[0], cpu_rate / base[1])
        table.append((name, pairs, med, lo, hi, rate, cpu_s, cpu_rate,
                      "%.0f%% / %.0f%%" % (100 * share[0], 100 * share[1]) if share else ""))
        return rate, cpu_rate

    def once(fn):
        """(wall s, CPU s) of one call of fn."""
        c0, t0 = cpu(), time.perf_counter()
        fn()
        return time.perf_counter() - t0, cpu() - c0

    # 1. The C library against batch_poses, in rounds: each round runs the
    # C loop, then the module's call and its call with out=, one after the
    # other, and the module's share of the C rate is taken within the
    # round; the median round is reported.  (On a shared machine the load
    # drifts between rounds more than within one.)
    c_rate = {}
    c_sum = None
    res = {}
    first_kept = []  # (threads, wall, CPU share of the C loop keeping its answers)
    for threads in (1, cores):
        plural = "s" if threads > 1 else ""

        def c_run(store=0):
            """The C loop: (its own clock, CPU s, checksum); its clock
            excludes reading the file, its CPU time does not (a few
            percent of it).  store=1: it keeps each answer in new memory,
            the module's bytes a row."""
            c0 = cpu()
            p = subprocess.run([a.poses, path] + [str(x) for x in HA + HB] +
                               [str(threads), str(store)],
                               stdout=subprocess.PIPE, check=True)
            o = p.stdout.decode().split()
            return float(o[1]), cpu() - c0, float(o[3])

        def py_run():
            res.pop(threads, None)  # the earlier result freed first, as a loop would
            res[threads] = mink.batch_poses(box_a, box_b, pos_a, quat_a, pos_b, quat_b,
                                            threads=threads)

        def out_run():
            mink.batch_poses(box_a, box_b, pos_a, quat_a, pos_b, quat_b,
                             threads=threads, out=res[threads])
        # The first call gets new pages from the kernel (faults and zeroing
        # of about 760 bytes a row); the calls after it, as in a loop over
        # batches of one size, reuse them through the module's pool.
        cw, cc, c_sum = c_run()
        kw, kc, _ = c_run(store=1)
        mink.release_memory()
        first = once(py_run)
        rounds = []
        for _ in range(max(a.runs, 5)):
            rounds.append((c_run(), once(py_run), once(out_run)))

        def col(k, j):
            return [r[k][j] for r in rounds]

        def stats(k):
            w = col(k, 0)
            return statistics.median(w), min(w), max(w), statistics.median(col(k, 1))

        def share(k):
            return (statistics.median([r[0][0] / r[k][0] for r in rounds]),
                    statistics.median([r[0][1] / r[k][1] for r in rounds]))
        c_rate[threads] = row("C library, mink_query3, %d thread%s" % (threads, plural),
                              n, stats(0))
        row("C library, mink_query3, %d thread%s, each answer kept in new memory "
            "(760 bytes a row, as the module's columns)" % (threads, plural),
            n, (kw, kw, kw, kc), share=(cw / kw, cc / kc))
        row("mink.batch_poses, %d thread%s, first call (new pages)" % (threads, plural),
            n, (first[0], first[0], first[0], first[1]), share=(cw / first[0], cc / first[1]))
        first_kept.append((threads, kw / first[0], kc / first[1]))
        row("mink.batch_poses, %d thread%s, later calls (pooled pages)" % (threads, plural),
            n, stats(1), share=share(1))
        row("mink.batch_poses, %d thread%s, out= (arrays reused)" % (threads, plural),
            n, stats(2), share=share(2))
    got_sum = float(np.sum(res[1]["distance"]))
    same_sum = abs(got_sum - c_sum) <= 1e-9 * max(1.0, abs(c_sum))
    # Every row answered: a run of error rows would time the wrong path.
    errors = int(np.sum(res[1]["status"] == "error"))
    res.clear()

    # 2. Dicts: the module against the CLI on the same pairs.
    m = min(a.n_dicts, n)
    pairs = [{"id": i + 1,
              "a": dict(box_a, position=pos_a[i].tolist(), rotation=quat_a[i].tolist()),
              "b": dict(box_b, position=pos_b[i].tolist(), rotation=quat_b[i].tolist())}
             for i in range(m)]
    for threads in (1, cores):
        row("mink.batch (dicts), %d thread%s" % (threads, "s" if threads > 1 else ""), m,
            median_time(lambda: mink.batch(pairs, threads=threads), a.runs),
            c_rate[threads])
    row("mink.batch_arrays (dicts), %d threads" % cores, m,
        median_time(lambda: mink.batch_arrays(pairs), a.runs), c_rate[cores])
    row("json.dumps of the pairs alone (no query)", m,
        median_time(lambda: [json.dumps(p) for p in pairs], a.runs))
    nd = os.path.join(a.out, "pairs.ndjson")
    with open(nd, "w") as f:
        for p in pairs:
            f.write(json.dumps(p) + "\n")
    for threads in (1, cores):
        row("mink CLI -f ndjson -j %d (file to /dev/null)" % threads, m,
            median_time(lambda: subprocess.run([a.mink, "-f", "ndjson", "-j", str(threads),
                                                nd], stdout=subprocess.DEVNULL, check=True),
                        a.runs), c_rate[threads])

    def cli_from_python():
        with open(nd, "w") as f:
            for p in pairs:
                f.write(json.dumps(p) + "\n")
        p = subprocess.run([a.mink, "-f", "ndjson", nd], stdout=subprocess.PIPE, check=True)
        return [json.loads(line) for line in p.stdout.splitlines()]
    row("Python via the CLI: json.dumps, mink -j %d, json.loads" % cores, m,
        median_time(cli_from_python, a.runs), c_rate[cores])
    os.remove(path)
    os.remove(nd)

    load1 = os.getloadavg()
    lines = ["### Python module (mink %s, Python %d.%d, numpy %s)" %
             (mink.__version__, sys.version_info[0], sys.version_info[1], np.__version__),
             "",
             "Box-box pairs in random poses (seed 2026), %d cores, load average %.2f at the "
             "start, %.2f at the end; each run %d times." % (cores, load0[0], load1[0], a.runs),
             "",
             "| run | pairs | wall s (median) | wall s (range) | pairs/s (wall) | CPU s "
             "(median) | pairs per CPU s | of the C library's rate, wall / CPU (same "
             "threads) |",
             "|---|--:|--:|--:|--:|--:|--:|--:|"]
    for name, pairs_n, med, lo, hi, rate, cpu_s, cpu_rate, pct in table:
        lines.append("| %s | %d | %.3f | %.3f-%.3f | %.0f | %.3f | %.0f | %s |" %
                     (name, pairs_n, med, lo, hi, rate, cpu_s, cpu_rate, pct))
    lines += ["", "Checksum (sum of the distances): C %.17g, batch_poses %.17g: %s; "
              "error rows: %d." % (c_sum, got_sum, "the same answers" if same_sum
                                   else "DIFFERENT", errors), ""]
    lines += ["batch_poses' first call against the C loop that keeps its answers in new "
              "memory (both pay for new pages): " +
              "; ".join("%d thread%s %.0f%% / %.0f%%" % (t, "s" if t > 1 else "", 100 * w, 100 * c)
                        for t, w, c in first_kept) + " (wall / CPU)."]
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    with open(os.path.join(a.out, "python.md"), "w") as f:
        f.write(text)
    return 0 if same_sum and errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
