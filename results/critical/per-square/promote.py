#!/usr/bin/env python3
"""Write the best structured-square set of order N as the zero-given record, if it beats it.

  python3 results/critical/per-square/promote.py N...

For each N: the run of structured/ with the fewest relations (ties: the smallest (a, b, s),
then the fewest iterations, then the smallest seed) replaces
results/critical/zero-given-n<N>.jsonl when its k is smaller than the committed record's. The
record is futolab's line as written by the run, with its id set to zero-given-<run name> so
the file says where it came from. Verify the new file afterwards with verify_records.sh (two
backends or more; STRUCTURED.md, "Zero-given records").
"""
import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CRITICAL = os.path.dirname(HERE)


def best_run(n):
    best = None
    for path in sorted(glob.glob(os.path.join(HERE, "structured", f"n{n}-a*.jsonl"))):
        if os.path.getsize(path) == 0 or not os.path.exists(path[: -len(".jsonl")] + ".run.json"):
            continue
        with open(path) as f:
            rec = json.loads(f.readline())
        name = os.path.basename(path)[: -len(".jsonl")]
        params = tuple(map(int, re.match(r"n\d+-a(\d+)b(\d+)s(\d+)", name).groups()))
        key = (rec["meta"]["k"], params, rec["meta"]["iterations"], rec["meta"]["seed"])
        if best is None or key < best[0]:
            best = (key, name, rec)
    return best


def main():
    for n in map(int, sys.argv[1:]):
        found = best_run(n)
        target = os.path.join(CRITICAL, f"zero-given-n{n}.jsonl")
        with open(target) as f:
            old = json.loads(f.readline())
        if found is None or found[2]["meta"]["k"] >= len(old["lt"]):
            print(f"n={n}: committed k={len(old['lt'])} stays")
            continue
        _, name, rec = found
        rec["id"] = f"zero-given-{name}"
        tmp = target + ".tmp"
        with open(tmp, "w") as f:
            f.write(json.dumps(rec, separators=(",", ":")) + "\n")
        os.replace(tmp, target)
        print(f"n={n}: k {len(old['lt'])} -> {rec['meta']['k']} ({name})")


if __name__ == "__main__":
    main()
