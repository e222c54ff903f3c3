#!/usr/bin/env python3
"""Issue #16 §1 tables from a count-to-2 CSV with repeats (configs/speed-16.yaml).

Per (instance, spec) the median wall time over its repeats first; a run stopped by a limit
makes that instance's time censored (printed "> limit", never averaged). Then per source
(Tatham's corpus: instances "nNN:k"; generated: the rest) and n-group, per spec: instances,
median / p99 (nearest rank) / worst in microseconds, median nodes, and Gecode's median over
the spec's. Last, the pooled n = 7..12 ratio of medians with a 95 % bootstrap CI
(10 000 resamples of instances, seed 1).

    python3 results/oracle/speed_table.py results/oracle/speed-16.csv
"""
import collections
import csv
import math
import random
import statistics as st
import sys

CENSORED = {"timeout", "node_limit", "memout"}
GROUPS = [("4–6", range(4, 7)), ("7–9", range(7, 10)), ("10–12", range(10, 13))]

runs = collections.defaultdict(list)
for row in csv.DictReader(open(sys.argv[1])):
    us = math.inf if row["status"] in CENSORED else int(row["wall_ns"]) / 1000
    nodes = int(row["nodes"]) if row["nodes"] else None
    runs[(row["instance"], row["spec"])].append((us, nodes, int(row["n"])))

spec_order = list(dict.fromkeys(s for _, s in runs))
per = {k: (st.median(u for u, _, _ in v), v[0][1], v[0][2]) for k, v in runs.items()}
instances = sorted({i for i, _ in runs})
source = lambda i: "Tatham" if i[:1] == "n" and ":" in i else "generated"


def rank(sorted_values, q):
    return sorted_values[max(0, math.ceil(q * len(sorted_values)) - 1)]


def fmt(us):
    return "> limit" if math.isinf(us) else f"{us:,.0f}" if us >= 100 else f"{us:.1f}"


print("| source | n | spec | instances | median µs | p99 µs | worst µs | median nodes | median vs Gecode |")
print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for src in ("Tatham", "generated"):
    for name, ns in GROUPS:
        group = [i for i in instances if source(i) == src and per[(i, spec_order[0])][2] in ns]
        if not group:
            continue
        gecode = st.median(per[(i, "gecode")][0] for i in group)
        for spec in spec_order:
            t = sorted(per[(i, spec)][0] for i in group)
            nodes = [per[(i, spec)][1] for i in group if per[(i, spec)][1] is not None]
            med_nodes = f"{st.median(nodes):.0f}" if nodes else "n/a"
            print(f"| {src} | {name} | `{spec}` | {len(group)} | {fmt(st.median(t))} | {fmt(rank(t, 0.99))} | "
                  f"{fmt(t[-1])} | {med_nodes} | {gecode / st.median(t):.2f}× |")

rng = random.Random(1)
for label, keep in (("Tatham", lambda i: source(i) == "Tatham"), ("Tatham + generated", lambda i: True)):
    pool = [i for i in instances if keep(i) and 7 <= per[(i, spec_order[0])][2] <= 12]
    print(f"\nPooled n = 7..12, {label} ({len(pool)} instances): ratio of medians, Gecode / spec [95 % CI]")
    for spec in spec_order:
        ratio = lambda sample: st.median(per[(i, "gecode")][0] for i in sample) / st.median(per[(i, spec)][0] for i in sample)
        boot = sorted(ratio(rng.choices(pool, k=len(pool))) for _ in range(2000))
        print(f"- `{spec}`: median {st.median(per[(i, spec)][0] for i in pool):.1f} µs, "
              f"{ratio(pool):.2f}× [{rank(boot, 0.025):.2f}, {rank(boot, 0.975):.2f}]")
