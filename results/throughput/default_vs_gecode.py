#!/usr/bin/env python3
"""The default spec (`futolab solve` with no -s) against Gecode (`-s gecode`), per instance, on
both Tatham corpora at n = 7..12 (count to 2; issue #46 item 2): PASSES passes over each file,
the sides alternating, each instance's median wall_ns per side; then per corpus and n the median
over instances, their ratio (gecode / default: how many times faster the default is) and the
default's worst instance. Side default-again is the default run once more: default-again /
default is the protocol's false alarm. Every run has a 1 s time limit (Gecode takes minutes to
count some n = 12 puzzles to 2): a run at the limit counts as 1 s, a lower bound, so a ratio
with such runs in its median understates the default's lead. Measure on an idle machine.

  python3 results/throughput/default_vs_gecode.py build/release/app/futolab [PASSES]
"""
import csv
import io
import statistics
import subprocess
import sys

futolab = sys.argv[1]
passes = int(sys.argv[2]) if len(sys.argv) > 2 else 3
corpora = ["tatham-check", "tatham-dev"]
orders = [f"{n:02d}" for n in range(7, 13)]
sides = (("default", []), ("gecode", ["-s", "gecode"]), ("default-again", []))
walls = {}
for _ in range(passes):
    for corpus in corpora:
        for n in orders:
            for side, spec in sides:
                out = subprocess.run([futolab, "solve", *spec, "--count", "2", "--time-limit", "1", "--format", "csv",
                                      f"corpora/{corpus}/n{n}.tatham"], capture_output=True, text=True, check=True).stdout
                for row in csv.DictReader(io.StringIO(out)):
                    walls.setdefault((corpus, n, side, row["instance"]), []).append(int(row["wall_ns"]))
print("| corpus | n | default median µs | gecode median µs | gecode / default | default worst µs | default-again / default |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for corpus in corpora:
    for n in orders:
        per = {side: [statistics.median(v) for (c, m, s, _), v in walls.items() if c == corpus and m == n and s == side]
               for side, _ in sides}
        med = {side: statistics.median(v) for side, v in per.items()}
        print(f"| {corpus} | {int(n)} | {med['default'] / 1e3:.2f} | {med['gecode'] / 1e3:.2f} | "
              f"{med['gecode'] / med['default']:.2f} | {max(per['default']) / 1e3:.0f} | "
              f"{med['default-again'] / med['default']:.3f} |")
