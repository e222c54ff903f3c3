#!/usr/bin/env python3
"""The per-square results as the Markdown rows of results/critical/REPORT.md.

  python3 results/critical/per-square/table.py results/critical/per-square/*.jsonl

One row per record: square (file name; the record's id where a file has several), n, objective, exact value or [lower, upper] of the run,
h and k of the run's set, CPU seconds of the search, the cap it ran under.
"""
import json
import os
import sys


def rows(path):
    name = os.path.basename(path)[: -len(".jsonl")]
    with open(path) as f:
        records = [json.loads(line) for line in f if line.strip()]
    for rec in records:
        m = rec["meta"]
        label = name if len(records) == 1 else f"{name}: {rec['id'].split(':')[0]}"
        value = f"**{m['minimum']}** (exact)" if m["exact"] else f"[{m['lower_bound']}, {m['upper_bound']}]"
        cap = (f"{m['cpu_limit_s']:g} s CPU" if "cpu_limit_s" in m
               else f"{m['time_limit_s']:g} s wall" if "time_limit_s" in m else "none")
        yield f"| {label} | {rec['n']} | {m['objective']} | {value} | {m['h']}, {m['k']} | {m['cpu_seconds']:.1f} | {cap} |"


def main():
    print("| run | n | objective | this run: minimum or [lower, upper] | set h, k | CPU s | cap |")
    print("| --- | ---: | --- | --- | --- | ---: | --- |")
    for path in sys.argv[1:]:
        if os.path.getsize(path) > 0:  # a run still going, or one that found no set
            for line in rows(path):
                print(line)


if __name__ == "__main__":
    main()
