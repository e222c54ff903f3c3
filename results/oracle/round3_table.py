#!/usr/bin/env python3
"""Issue #28 item 1 verdict from a count-to-2 CSV with repeats: per (instance, spec) the median
wall time over its repeats; per spec the median over instances n = 7..12 (pooled), its ratio to
Gecode's, the median per-instance ratio Gecode / spec with a 95 % bootstrap CI (10 000 resamples
of instances, seed 1), the worst per-instance median over all n, and whether the
Gecode-equivalent gac's nodes and fails equal Gecode's on every instance.

    python3 results/oracle/round3_table.py results/oracle/round3-tatham.csv
"""
import collections
import csv
import random
import statistics as st
import sys

runs = collections.defaultdict(list)
count = {}
n_of = {}
for row in csv.DictReader(open(sys.argv[1])):
    key = (row["instance"], row["spec"])
    runs[key].append(float(row["wall_ns"]) / 1e6)
    count[key] = (int(row["nodes"]), int(row["fails"]))
    n_of[row["instance"]] = int(row["n"])

instances = sorted(n_of)
big = [i for i in instances if n_of[i] >= 7]
specs = sorted({s for _, s in runs})
med = {k: st.median(v) for k, v in runs.items()}
gecode = st.median(med[(i, "gecode")] for i in big)
rng = random.Random(1)
print(f"{len(instances)} instances ({len(big)} with n >= 7), repeats per run: "
      f"{min(len(v) for v in runs.values())}..{max(len(v) for v in runs.values())}")
print("| spec | median ms, n = 7..12 | Gecode / spec (medians) | median per-instance Gecode / spec [95 % CI] | worst ms, n = 4..12 (instance) |")
print("| --- | ---: | ---: | ---: | ---: |")
for spec in specs:
    m = st.median(med[(i, spec)] for i in big)
    ratios = [med[(i, "gecode")] / med[(i, spec)] for i in big]
    boot = sorted(st.median(rng.choices(ratios, k=len(ratios))) for _ in range(10_000))
    worst = max(instances, key=lambda i: med[(i, spec)])
    print(f"| `{spec}` | {m:.4f} | {gecode / m:.2f} | {st.median(ratios):.2f} [{boot[250]:.2f}, {boot[9750]:.2f}] | "
          f"{med[(worst, spec)]:.3f} ({worst}) |")
equiv = "gac:branch=binary,sac=none"
if equiv in specs:
    diff = [i for i in instances if count[(i, equiv)] != count[(i, "gecode")]]
    print(f"\n`{equiv}` nodes and fails equal to Gecode's on {len(instances) - len(diff)} of {len(instances)} instances"
          + (f"; differ: {', '.join(diff[:10])}" if diff else ""))
