#!/usr/bin/env python3
"""Issue #28 round 8: gac root=planes against root=queue (and both against Gecode) from the
interleaved runs of configs/root-ab-dev.yaml and configs/root-ab-check.yaml. Per (instance,
spec) the median wall time over its repeats; per n the median per-instance planes / queue; over
n = 7..12 the median per-instance Gecode / spec with a 95 % bootstrap CI (2 000 resamples of
instances, seed 1).

    python3 results/oracle/root_ab.py results/oracle/root-ab-dev.csv results/oracle/root-ab-check.csv
"""
import collections
import csv
import random
import statistics as st
import sys

runs = collections.defaultdict(list)
n_of = {}
for f in sys.argv[1:]:
    for r in csv.DictReader(open(f)):
        runs[(f, r["instance"], r["spec"])].append(int(r["wall_ns"]))
        n_of[(f, r["instance"])] = int(r["n"])
med = {k: st.median(v) for k, v in runs.items()}
queue, planes = "gac:root=queue", "gac:root=planes"
print("| n | puzzles | planes / queue, median per instance |")
print("| ---: | ---: | ---: |")
by_n = collections.defaultdict(list)
for (f, i), n in n_of.items():
    by_n[n].append(med[(f, i, planes)] / med[(f, i, queue)])
for n in sorted(by_n):
    print(f"| {n} | {len(by_n[n])} | {st.median(by_n[n]):.3f} |")
big = [k for k, n in n_of.items() if n >= 7]
print(f"\nn = 7..12 ({len(big)} puzzles): planes / queue {st.median(med[(f, i, planes)] / med[(f, i, queue)] for f, i in big):.3f}")
print("\n| spec | median µs, n = 7..12 | Gecode / spec (medians) | median per-instance Gecode / spec [95 % CI] | worst ms |")
print("| --- | ---: | ---: | ---: | ---: |")
gecode = st.median(med[(f, i, "gecode")] for f, i in big)
for spec in (queue, planes):
    m = st.median(med[(f, i, spec)] for f, i in big)
    ratios = [med[(f, i, "gecode")] / med[(f, i, spec)] for f, i in big]
    rng = random.Random(1)
    boot = sorted(st.median(rng.choices(ratios, k=len(ratios))) for _ in range(2000))
    worst = max(med[(f, i, spec)] for f, i in n_of)
    print(f"| `{spec}` | {m / 1e3:.2f} | {gecode / m:.2f} | {st.median(ratios):.2f} [{boot[50]:.2f}, {boot[1950]:.2f}] | {worst / 1e6:.3f} |")
