#!/usr/bin/env python3
"""How far a few-relations checkpoint folder is: shards present, their summed counts and CPU.

Reads the shard files futolab writes (`futolab critical --few-relations K --checkpoint DIR`)
with an independent YAML reader, re-checks each file's sums, and prints one Markdown line per
folder. Usage: shard_status.py DIR [DIR...]
"""
import glob
import os
import sys

import yaml

FIELDS = ["pair_sets", "swap_skipped", "puzzles", "cyclic", "multiple", "pool", "unsat", "unique"]


def status(folder):
    files = sorted(glob.glob(os.path.join(folder, "n*-k*-shard-*-of-*.yaml")))
    if not files:
        return f"{folder}: no shard files"
    total = dict.fromkeys(FIELDS, 0)
    cpu = 0.0
    shards = set()
    for path in files:
        with open(path) as f:
            s = yaml.safe_load(f)
        if s["cyclic"] + s["multiple"] + s["unsat"] + s["unique"] != s["puzzles"]:
            raise SystemExit(f"{path}: counts do not add up")
        shards.add(s["shards"])
        for k in FIELDS:
            total[k] += s[k]
        cpu += s["cpu_seconds"]
    (of,) = shards  # one partition size per folder
    return (f"{folder}: {len(files)}/{of} shards, " + ", ".join(f"{k} {total[k]}" for k in FIELDS)
            + f", CPU {cpu:.0f} s ({cpu / len(files):.1f} s a shard)")


if __name__ == "__main__":
    for d in sys.argv[1:]:
        print(status(d))
