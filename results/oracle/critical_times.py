#!/usr/bin/env python3
"""Time per verified critical set (task critical) from one or more runs of the same config.

Usage: critical_times.py RUN.csv [RUN.csv ...]

Each row's wall_ns is one set's search plus its verification. With several runs of the same
config, a set's time is its median over the runs (the runs must hold the same instances; a set
found differently in two runs - it cannot be, the search is deterministic - is an error). Prints,
per n: the number of sets, the median, p90, p95 and worst of those per-set times, the per-run
medians and worsts (how much they move between runs), and the slowest five sets.
"""
import csv
import statistics
import sys
from collections import defaultdict


def quantile(xs, q):
    """Nearest-rank quantile of a sorted list."""
    k = max(0, min(len(xs) - 1, int(round(q * len(xs) + 0.5)) - 1))
    return xs[k]


def main(paths):
    runs = []
    for path in paths:
        with open(path, newline="") as f:
            runs.append({(r["n"], r["instance"]): r for r in csv.DictReader(f) if r["status"] == "critical"})
    keys = set(runs[0])
    for path, run in zip(paths, runs):
        if set(run) != keys:
            sys.exit(f"{path}: not the same critical sets as {paths[0]}")
        for key, r in run.items():
            if (r["h"], r["k"]) != (runs[0][key]["h"], runs[0][key]["k"]):
                sys.exit(f"{path}: {key[1]} found another set than in {paths[0]}")
    by_n = defaultdict(list)
    for key in keys:
        ms = [int(run[key]["wall_ns"]) / 1e6 for run in runs]
        by_n[int(key[0])].append((statistics.median(ms), key[1]))
    print(f"{len(runs)} run(s): " + ", ".join(paths))
    print("| n | sets | median ms | p90 | p95 | worst | per-run medians | per-run worsts |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |")
    for n in sorted(by_n):
        t = sorted(ms for ms, _ in by_n[n])
        per_run = [sorted(int(r["wall_ns"]) / 1e6 for (rn, _), r in run.items() if int(rn) == n) for run in runs]
        print(f"| {n} | {len(t)} | {statistics.median(t):.1f} | {quantile(t, 0.9):.1f} | {quantile(t, 0.95):.1f} | "
              f"{t[-1]:.1f} | {', '.join(f'{statistics.median(x):.1f}' for x in per_run)} | "
              f"{', '.join(f'{x[-1]:.1f}' for x in per_run)} |")
    for n in sorted(by_n):
        slow = sorted(by_n[n], reverse=True)[:5]
        print(f"n = {n}, slowest: " + ", ".join(f"{i} {ms:.1f} ms" for ms, i in slow))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
