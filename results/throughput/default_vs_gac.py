#!/usr/bin/env python3
"""The default spec (`futolab solve` with no -s: portfolio:schedule=sequence) against gac alone,
per instance, on corpora/tatham-check (count to 2): PASSES passes over each file, alternating
the two, each instance's median wall_ns per side, then per n the median over instances and
their ratio. A busy machine blurs the figures; the ratio of medians is the number to watch.
Side gac-again is gac run once more: gac-again / gac is the protocol's false alarm, the band a
default / gac ratio must leave to mean anything.

  python3 results/throughput/default_vs_gac.py build/release/app/futolab [PASSES]
"""
import csv
import io
import statistics
import subprocess
import sys

futolab = sys.argv[1]
passes = int(sys.argv[2]) if len(sys.argv) > 2 else 3
orders = [f"{n:02d}" for n in range(4, 13)]
walls = {}
for _ in range(passes):
    for n in orders:
        for side, spec in (("gac", ["-s", "gac"]), ("gac-again", ["-s", "gac"]), ("default", [])):
            out = subprocess.run([futolab, "solve", *spec, "--count", "2", "--format", "csv",
                                  f"corpora/tatham-check/n{n}.tatham"], capture_output=True, text=True, check=True).stdout
            for row in csv.DictReader(io.StringIO(out)):
                walls.setdefault((n, side, row["instance"]), []).append(int(row["wall_ns"]))
print("| n | gac median µs | default median µs | default / gac | gac-again / gac |")
print("| ---: | ---: | ---: | ---: | ---: |")
for n in orders:
    med = {side: statistics.median(statistics.median(v) for (m, s, _), v in walls.items() if m == n and s == side)
           for side in ("gac", "gac-again", "default")}
    print(f"| {int(n)} | {med['gac'] / 1e3:.2f} | {med['default'] / 1e3:.2f} | {med['default'] / med['gac']:.3f} "
          f"| {med['gac-again'] / med['gac']:.3f} |")
