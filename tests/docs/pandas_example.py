#!/usr/bin/env python3
"""The pandas example of docs/schema.md, run as it stands there (issue #44 item 1).

A small sweep's CSV is re-written by Python's csv module (CR LF line ends, as RFC 4180 has
them) with one `nodes` cell emptied (a backend that does not report it). The example must load
it with the schema's dtypes (`nodes` a nullable Int64, not float64) and print, per spec, the
median that `futolab analyze --by spec --metric nodes --format csv` prints.

Usage: pandas_example.py FUTOLAB SOURCE_DIR SCRATCH_DIR. Exit 77 (CTest: skipped) only when
python3-pandas is not installed; scripts/install-deps.sh installs it, so CI runs this.
"""
import csv
import math
import os
import re
import shutil
import subprocess
import sys


def sweep(futolab, source_dir, scratch):
    """A count-to-2 sweep of two specs over the 4x4 Tatham puzzles; returns its CSV."""
    cfg = os.path.join(scratch, "cfg.yaml")
    with open(cfg, "w") as f:
        f.write("name: pandas\nseed: 1\nmode: { count: 2 }\ninstances:\n"
                f"  - file: {source_dir}/corpora/tatham-dev/n04.tatham\n"
                f"solvers: [ fc, bitmask ]\nisolation: thread\noutput: {scratch}/r.csv\n")
    subprocess.run([futolab, "run", "-q", cfg], check=True, stdout=subprocess.DEVNULL)
    return os.path.join(scratch, "r.csv")


def rewritten_by_python(path, scratch):
    """The CSV as Python's csv module writes it, one nodes cell empty; its schema copied.

    Not its sidecar: with it, analyze holds the rows to the run that wrote them, and a finished
    fc row without its nodes is one no run writes (refused as doctored, red-team round 26 B F10).
    A CSV alone is read as a hand-made table is, which is what this one now is."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    rows[1][rows[0].index("nodes")] = ""
    out = os.path.join(scratch, "python.csv")
    with open(out, "w", newline="") as f:
        csv.writer(f).writerows(rows)
    with open(out, "rb") as f:
        assert f.read().count(b"\r\n") == len(rows), "csv.writer wrote CR LF line ends"
    shutil.copy(path + ".schema.json", out + ".schema.json")
    return out


def example_code(source_dir):
    with open(os.path.join(source_dir, "docs", "schema.md")) as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    assert len(blocks) == 1, "docs/schema.md has one python block"
    return blocks[0]


def analyze_medians(futolab, path):
    out = subprocess.run([futolab, "analyze", path, "--by", "spec", "--metric", "nodes", "--format", "csv"],
                         check=True, capture_output=True, text=True).stdout
    table = list(csv.DictReader(out.splitlines()))
    return {row["spec"]: float(row["median"]) for row in table if row["metric"] == "nodes" and row["spec"] != "virtual-best"}


def main(futolab, source_dir, scratch):
    try:
        import pandas  # noqa: F401  (the example's own import)
    except ImportError:
        print("SKIP: python3-pandas is not installed (scripts/install-deps.sh installs it)")
        return 77
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    data = rewritten_by_python(sweep(futolab, source_dir, scratch), scratch)
    example = os.path.join(scratch, "example.py")
    with open(example, "w") as f:
        f.write(example_code(source_dir))
    printed = subprocess.run([sys.executable, example, data], check=True, capture_output=True, text=True).stdout
    lines = printed.splitlines()
    assert lines[0] == "Int64", f"nodes is read as {lines[0]}, not the schema's nullable integer"
    want = analyze_medians(futolab, data)
    got = {}
    for line in lines[1:]:
        parts = line.split()
        if len(parts) == 2 and parts[0] in want:
            got[parts[0]] = float(parts[1])
    assert set(got) == set(want) and len(want) == 2, f"specs: example {sorted(got)}, analyze {sorted(want)}"
    for spec, median in want.items():
        assert math.isclose(got[spec], median, rel_tol=1e-12), f"{spec}: example {got[spec]}, analyze {median}"
    print(f"the example's medians are analyze's: {want}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
