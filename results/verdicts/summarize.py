#!/usr/bin/env python3
"""The tables of REPORT.md from trials.csv (written by study.sh): per part, how compare's
--fail-if-slower 5 ended (exit 0 pass, 1 slower, 2 refused) over its comparisons, and per
spec the ratios and intervals it saw.

    python3 results/verdicts/summarize.py results/verdicts/trials.csv
"""
import csv
import statistics
import sys
from collections import defaultdict

PARTS = [
    ("plant", "idle A/B sweeps: this build vs the planted one (+10 %)"),
    ("aa", "A/A in one sweep: this build against itself, under load"),
    ("power", "power in one sweep: this build vs the planted one, under load"),
    ("runs", "A/A across separate sweeps, one sweep a side, under load"),
    ("replicates", "A/A across separate sweeps, 3 replicate sweeps a side, under load"),
]


def main(path):
    rows = list(csv.DictReader(open(path, newline="")))
    by_part = defaultdict(list)
    for r in rows:
        by_part[r["part"]].append(r)
    print("| part | comparisons | exit 0 (pass) | exit 1 (slower) | exit 2 (refused) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for part, what in PARTS:
        trials = {}
        for r in by_part.get(part, []):
            trials[r["trial"]] = r["exit"]
        if not trials:
            continue
        codes = list(trials.values())
        print(f"| {part}: {what} | {len(codes)} | {codes.count('0')} | {codes.count('1')} | {codes.count('2')} |")
    print()
    print("| part | spec | comparisons | CI above 1.05 | median ratio | ratio range | median CI | median cluster_sd | median drift |")
    print("| --- | --- | ---: | ---: | ---: | --- | --- | ---: | ---: |")
    for part, _ in PARTS:
        specs = defaultdict(list)
        for r in by_part.get(part, []):
            specs[r["spec"]].append(r)
        for spec, rs in sorted(specs.items()):
            ratios = [float(r["ratio"]) for r in rs]
            lows = [float(r["ci_low"]) for r in rs]
            highs = [float(r["ci_high"]) for r in rs]
            sds = [float(r["cluster_sd"]) for r in rs]
            drifts = [float(r["drift"]) for r in rs if r["drift"]]
            above = sum(1 for low in lows if low > 1.05)
            print(f"| {part} | {spec} | {len(rs)} | {above} | {statistics.median(ratios):.3f} | "
                  f"{min(ratios):.3f}–{max(ratios):.3f} | [{statistics.median(lows):.3f}, {statistics.median(highs):.3f}] | "
                  f"{statistics.median(sds):.3f} | {statistics.median(drifts):.3f} |" if drifts else
                  f"| {part} | {spec} | {len(rs)} | {above} | {statistics.median(ratios):.3f} | "
                  f"{min(ratios):.3f}–{max(ratios):.3f} | [{statistics.median(lows):.3f}, {statistics.median(highs):.3f}] | "
                  f"{statistics.median(sds):.3f} | - |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "results/verdicts/trials.csv")
