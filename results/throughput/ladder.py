#!/usr/bin/env python3
"""The throughput ladder of issue #16 from a results CSV of configs/throughput.yaml.

Per backend spec and per n (all levels), per n-group (4-6, 7-9, 10-12) and per n x Tatham
level: puzzles, solved (status `unique`), median and p99 microseconds per puzzle (wall_ns of
the run, nearest-rank percentiles), worst case, median nodes, % decided without search (nodes
= 0; "n/a" for backends that do not report nodes), and puzzles per second (puzzles / total
wall time). Runs stopped by the time limit are censored: an order statistic that lands on one
is printed as "> LIMIT", and puzzles/s over a group with timeouts as "< x" (its true total time
is longer). The Tatham level of an instance `nNN:k` is read from line k of the corpus file.
Specs are listed fastest first (median over all puzzles).

Beside the measured specs, the per-n tables print a line "word-parallel estimate": what a
solver of tdoku's kind would take, scaled from 1-5 us per 9x9 Sudoku (729 candidates, typical
puzzles; tdoku's published figures) by the number of candidates n^3. It is NOT measured here -
no such Futoshiki solver exists to run - and is printed only to show the distance to that limit.

usage: ladder.py RESULTS.csv [--corpus corpora/tatham-dev] [--limit-ms 1000]
"""
import argparse
import csv
import math
import os
import sys
from collections import defaultdict

LEVELS = {"t": "trivial", "e": "easy", "k": "tricky", "x": "extreme", "r": "recursive"}
LEVEL_ORDER = ["t", "e", "k", "x", "r"]
GROUPS = [("4-6", range(4, 7)), ("7-9", range(7, 10)), ("10-12", range(10, 13))]
CENSORED = {"timeout", "node_limit", "memout"}


def levels_of(corpus):
    """instance id 'n07:3' -> level letter, from the corpus files."""
    out = {}
    for name in sorted(os.listdir(corpus)):
        if not name.endswith(".tatham"):
            continue
        stem = name[: -len(".tatham")]
        with open(os.path.join(corpus, name)) as f:
            lines = [l for l in f if l.strip() and not l.startswith("#")]
        for k, line in enumerate(lines, 1):
            params = line.split(":", 1)[0]
            out[f"{stem}:{k}"] = params.split("d", 1)[1][:1]
    return out


def rank(values, q):
    """Nearest-rank q-quantile of a sorted list (q in (0, 1])."""
    return values[max(0, math.ceil(q * len(values)) - 1)]


class Cell:
    def __init__(self):
        self.runs = []  # (wall_us or inf when censored, nodes or None, status)

    def add(self, row):
        censored = row["status"] in CENSORED
        wall = math.inf if censored else int(row["wall_ns"]) / 1000
        nodes = int(row["nodes"]) if row["nodes"] != "" else None
        self.runs.append((wall, nodes, row["status"], int(row["wall_ns"]) / 1000))

    def stats(self, limit_ms):
        walls = sorted(r[0] for r in self.runs)
        fmt = lambda us: f"> {limit_ms:g} ms" if math.isinf(us) else f"{us:,.0f}" if us >= 100 else f"{us:.1f}"
        solved = sum(1 for r in self.runs if r[2] == "unique")
        nodes = [r[1] for r in self.runs if r[1] is not None]
        no_search = f"{100 * sum(1 for n in nodes if n == 0) / len(nodes):.0f}" if len(nodes) == len(self.runs) else "n/a"
        med_nodes = "n/a"
        if len(nodes) == len(self.runs):
            keyed = sorted((math.inf if math.isinf(r[0]) else r[1]) for r in self.runs)
            m = rank(keyed, 0.5)
            med_nodes = "≥ limit" if math.isinf(m) else f"{m:,}"
        total_s = sum(r[3] for r in self.runs) / 1e6
        rate = len(self.runs) / total_s if total_s > 0 else math.inf
        timeouts = len(self.runs) - solved
        return {
            "puzzles": len(self.runs),
            "solved": solved,
            "median": fmt(rank(walls, 0.5)),
            "p99": fmt(rank(walls, 0.99)),
            "max": fmt(walls[-1]),
            "median_us": rank(walls, 0.5),
            "nodes": med_nodes,
            "no_search": no_search,
            "rate": ("< " if timeouts else "") + f"{rate:,.0f}",
        }


# tdoku-class solvers: 1-5 us on typical 9x9 Sudoku (729 candidates); issue #28 asks for the
# line. Scaled linearly in candidates (n^3): a pass over the board is linear in them.
WORD_PARALLEL_US_9X9 = (1.0, 5.0)


def word_parallel_estimate(ns):
    lo, hi = WORD_PARALLEL_US_9X9
    scale = (sum(n ** 3 for n in ns) / len(ns)) / 729
    return f"{lo * scale:.1f}-{hi * scale:.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv")
    ap.add_argument("--corpus", default=os.path.join(os.path.dirname(__file__), "../../corpora/tatham-dev"))
    ap.add_argument("--limit-ms", type=float, default=1000)
    a = ap.parse_args()
    levels = levels_of(a.corpus)
    by_n, by_group, by_level = defaultdict(Cell), defaultdict(Cell), defaultdict(Cell)
    specs = []
    with open(a.csv, newline="") as f:
        for row in csv.DictReader(f):
            spec, n = row["spec"], int(row["n"])
            if spec not in specs:
                specs.append(spec)
            by_n[spec, n].add(row)
            for g, ns in GROUPS:
                if n in ns:
                    by_group[spec, g].add(row)
            if row["instance"] not in levels:
                sys.exit(f"ladder.py: {row['instance']}: not in the corpus {a.corpus}")
            by_level[spec, n, levels[row["instance"]]].add(row)
    ns = sorted({n for _, n in by_n})
    # The ladder: specs from the fastest to the slowest median over all puzzles (censored = slowest).
    overall = defaultdict(list)
    for (spec, n), cell in by_n.items():
        overall[spec] += [r[0] for r in cell.runs]
    specs.sort(key=lambda spec: (rank(sorted(overall[spec]), 0.5), spec))

    print("## Per n-group: every backend\n")
    print("| n | spec | puzzles | solved | median µs | p99 µs | worst µs | median nodes | no search % | puzzles/s | median vs gecode |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for g, _ in GROUPS:
        ref = by_group.get(("gecode", g))
        ref_med = ref.stats(a.limit_ms)["median_us"] if ref else None
        for spec in specs:
            s = by_group[spec, g].stats(a.limit_ms)
            ratio = ""
            if ref_med and not math.isinf(ref_med) and not math.isinf(s["median_us"]) and s["median_us"] > 0:
                ratio = f"{ref_med / s['median_us']:.2f}×"
            print(f"| {g} | {spec} | {s['puzzles']} | {s['solved']} | {s['median']} | {s['p99']} | {s['max']} | "
                  f"{s['nodes']} | {s['no_search']} | {s['rate']} | {ratio} |")
        group_ns = dict(GROUPS)[g]
        print(f"| {g} | word-parallel estimate (not measured) | | | {word_parallel_estimate(list(group_ns))} | | | | | | |")
    print("\n## Per n: every backend\n")
    print("| n | spec | puzzles | solved | median µs | p99 µs | median nodes | no search % | puzzles/s |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for n in ns:
        for spec in specs:
            s = by_n[spec, n].stats(a.limit_ms)
            print(f"| {n} | {spec} | {s['puzzles']} | {s['solved']} | {s['median']} | {s['p99']} | {s['nodes']} | "
                  f"{s['no_search']} | {s['rate']} |")
        print(f"| {n} | word-parallel estimate (not measured) | | | {word_parallel_estimate([n])} | | | | |")
    print("\n## Per n and Tatham level: median µs / p99 µs (15 puzzles each: p99 is the worst)\n")
    print("| n | level | " + " | ".join(specs) + " |")
    print("| ---: | --- | " + " | ".join("---:" for _ in specs) + " |")
    for n in ns:
        for lv in LEVEL_ORDER:
            if (specs[0], n, lv) not in by_level:
                continue
            cells = []
            for spec in specs:
                s = by_level[spec, n, lv].stats(a.limit_ms)
                cells.append(f"{s['median']} / {s['p99']}")
            print(f"| {n} | {LEVELS[lv]} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
