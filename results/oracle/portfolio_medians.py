#!/usr/bin/env python3
"""Issue #16 §3 verdict from a CSV with repeats: per (instance, spec) the median wall time over
its repeats first (a run stopped by the limit counts at the limit: censored high, never
dropped), then per spec the median over instances, its ratio to Gecode's, the median of the
per-instance ratios spec / Gecode with a 95 % bootstrap CI (10 000 resamples of instances,
seed 1), and instances solved in at least 2 of 3 repeats.

    python3 results/oracle/portfolio_medians.py results/oracle/portfolio-planted.csv [limit_ms]
"""
import collections
import csv
import random
import statistics as st
import sys

path = sys.argv[1]
limit_ms = float(sys.argv[2]) if len(sys.argv) > 2 else 10_000.0
runs = collections.defaultdict(list)
for row in csv.DictReader(open(path)):
    ms = float(row["wall_ns"]) / 1e6
    if row["status"] in ("timeout", "node_limit", "memout"):
        ms = max(ms, limit_ms)
    runs[(row["instance"], row["spec"])].append((ms, row["status"] == "solved"))

instances = sorted({i for i, _ in runs})
specs = sorted({s for _, s in runs})
median = {key: st.median(ms for ms, _ in rs) for key, rs in runs.items()}
gecode = st.median(median[(i, "gecode")] for i in instances)
rng = random.Random(1)
print("| spec | solved (2 of 3) | median of instance medians, ms | / Gecode's | median per-instance ratio [95 % CI] |")
print("| --- | ---: | ---: | ---: | ---: |")
for spec in specs:
    ratios = [median[(i, spec)] / median[(i, "gecode")] for i in instances]
    boot = sorted(st.median(rng.choices(ratios, k=len(ratios))) for _ in range(10_000))
    solved = sum(sum(ok for _, ok in runs[(i, spec)]) * 2 > len(runs[(i, spec)]) for i in instances)
    m = st.median(median[(i, spec)] for i in instances)
    print(f"| `{spec}` | {solved}/{len(instances)} | {m:.3f} | {m / gecode:.2f} | "
          f"{st.median(ratios):.3f} [{boot[250]:.3f}, {boot[9750]:.3f}] |")
