#!/usr/bin/env python3
"""The fidelity table of results/isolation/REPORT.md (issue #23 §6).

Usage: fidelity_table.py THREAD.csv PROCESS.csv FORK.csv [--where-n-min N]

For each spec: the median over instances of the per-instance median wall time (over repeats),
in each isolation mode; each mode's median as a ratio of thread mode's; the geometric mean of
the per-instance ratios (mode / thread) with a 95 % bootstrap CI over instances (2000
resamples, seed 1); and the rank order of the specs' medians in each mode. Only runs that
finished (a definitive status) are used, paired by (instance_hash, spec). Standard library only.
"""
import csv
import math
import random
import statistics
import sys
from collections import defaultdict

FINISHED = {"solved", "unique", "multiple", "unsat", "counted"}


def per_instance_medians(path, n_min):
    runs = defaultdict(list)
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            if row["status"] not in FINISHED or int(row["n"]) < n_min:
                continue
            runs[(row.get("spec") or row["solver"], row["instance_hash"])].append(int(row["wall_ns"]) / 1e3)
    return {key: statistics.median(v) for key, v in runs.items()}


def geo_mean_ci(ratios, rng):
    logs = [math.log(r) for r in ratios]
    mean = sum(logs) / len(logs)
    boots = []
    for _ in range(2000):
        sample = [logs[rng.randrange(len(logs))] for _ in logs]
        boots.append(sum(sample) / len(sample))
    boots.sort()
    return math.exp(mean), math.exp(boots[49]), math.exp(boots[1949])


def main():
    args = sys.argv[1:]
    n_min = 0
    if "--where-n-min" in args:
        i = args.index("--where-n-min")
        n_min = int(args[i + 1])
        del args[i : i + 2]
    names = ["thread", "process", "fork"]
    tables = {name: per_instance_medians(path, n_min) for name, path in zip(names, args)}
    specs = sorted({spec for spec, _ in tables["thread"]})
    rng = random.Random(1)
    print(f"| spec | instances | thread median µs | process median µs (× thread) | fork median µs (× thread) "
          f"| process/thread per instance, geo-mean [95 % CI] | fork/thread per instance, geo-mean [95 % CI] |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    medians = {name: {} for name in names}
    for spec in specs:
        keys = [k for k in tables["thread"] if k[0] == spec and all(k in tables[m] for m in names)]
        if not keys:
            continue
        cells = [spec, str(len(keys))]
        for name in names:
            medians[name][spec] = statistics.median(tables[name][k] for k in keys)
        cells.append(f"{medians['thread'][spec]:.1f}")
        for name in names[1:]:
            cells.append(f"{medians[name][spec]:.1f} ({medians[name][spec] / medians['thread'][spec]:.2f})")
        for name in names[1:]:
            g, lo, hi = geo_mean_ci([tables[name][k] / tables["thread"][k] for k in keys], rng)
            cells.append(f"{g:.2f} [{lo:.2f}, {hi:.2f}]")
        print("| " + " | ".join(cells) + " |")
    print()
    for name in names:
        order = sorted(medians[name], key=lambda s: medians[name][s])
        print(f"- rank order ({name}): " + " < ".join(order))


if __name__ == "__main__":
    main()
