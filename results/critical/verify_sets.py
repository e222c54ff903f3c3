#!/usr/bin/env python3
"""Re-check shipped critical sets with a backend other than the search's (issue #26 §4).

For every JSONL record (givens, lt, solution = L):
  1. L is a Latin square and every clue of the set is a clue of L (its given numbers are L's,
     its relations are adjacent and ordered as L orders them);
  2. uniquely completable: `futolab solve -s BACKEND --count 2` on the set finds exactly one
     solution, and it is L;
  3. critical: for every clue, the set without it has a second solution (status multiple).
Nothing of the search is reused: the sets and the one-clue-removed subsets are written as
instances and handed to `futolab solve`, whose CSV is read back.

  python3 results/critical/verify_sets.py --futolab build/release/app/futolab \
      [--backend gecode] results/critical/cyclic-numbers.jsonl ...

Exit 0 if every record passes, 1 if one fails, 2 on bad input.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time


def fail_input(where, what):
    print(f"{where}: {what}", file=sys.stderr)
    sys.exit(2)


def check_clues_of_square(where, rec):
    """Claim 1: L is Latin, and the set's clues are clues of L."""
    n = rec["n"]
    sq = rec["solution"]
    if len(sq) != n or any(len(row) != n for row in sq):
        fail_input(where, "solution is not n x n")
    want = set(range(1, n + 1))
    for i in range(n):
        if set(sq[i]) != want or {sq[r][i] for r in range(n)} != want:
            fail_input(where, f"solution is not a Latin square (line {i})")
    for r, c, v in rec["givens"]:
        if sq[r][c] != v:
            fail_input(where, f"given ({r},{c})={v} is not L's value {sq[r][c]}")
    for r1, c1, r2, c2 in rec["lt"]:
        if abs(r1 - r2) + abs(c1 - c2) != 1:
            fail_input(where, f"relation ({r1},{c1})<({r2},{c2}) is not between adjacent cells")
        if not sq[r1][c1] < sq[r2][c2]:
            fail_input(where, f"relation ({r1},{c1})<({r2},{c2}) is not L's order")


def instances_of(rec):
    """The set itself, then the set without each clue (givens first, then relations)."""
    base = {"n": rec["n"], "givens": rec["givens"], "lt": rec["lt"]}
    out = [dict(base, id="full")]
    for i in range(len(rec["givens"])):
        out.append(dict(base, id=f"drop-given-{i}",
                        givens=rec["givens"][:i] + rec["givens"][i + 1:]))
    for i in range(len(rec["lt"])):
        out.append(dict(base, id=f"drop-lt-{i}", lt=rec["lt"][:i] + rec["lt"][i + 1:]))
    return out


def solve_all(futolab, backend, instances):
    """Runs futolab solve --count 2 on the instances (one temp file), rows by instance id."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "sets.jsonl")
        with open(path, "w") as f:
            for inst in instances:
                f.write(json.dumps(inst) + "\n")
        done = subprocess.run([futolab, "solve", "-s", backend, "--count", "2",
                               "--format", "csv", path],
                              capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):
        print(done.stderr, file=sys.stderr)
        sys.exit(2)
    return {row["instance"]: row for row in csv.DictReader(done.stdout.splitlines())}


def square_text(sq):
    return "/".join(" ".join(str(v) for v in row) for row in sq)


def verify(futolab, backend, where, rec):
    check_clues_of_square(where, rec)
    instances = instances_of(rec)
    start = time.monotonic()
    rows = solve_all(futolab, backend, instances)
    seconds = time.monotonic() - start
    problems = []
    full = rows.get("full")
    if full is None or full["status"] != "unique" or full["solution"] != square_text(rec["solution"]):
        problems.append("the set does not determine L")
    for inst in instances[1:]:
        row = rows.get(inst["id"])
        if row is None or row["status"] != "multiple":
            problems.append(f"{inst['id']}: {row['status'] if row else 'no row'}, clue not necessary")
    return problems, len(instances), seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--futolab", required=True)
    ap.add_argument("--backend", default="gecode")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    bad = 0
    for name in args.files:
        with open(name) as f:
            for lineno, line in enumerate(f, 1):
                if not line.strip():
                    continue
                where = f"{name}:{lineno}"
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError as e:
                    fail_input(where, f"not JSON ({e.msg})")
                problems, count, seconds = verify(args.futolab, args.backend, where, rec)
                h, k = len(rec["givens"]), len(rec["lt"])
                verdict = "critical" if not problems else "FAILED: " + "; ".join(problems)
                print(f"{where} {rec.get('id', '')} n={rec['n']} h={h} k={k} "
                      f"2h+3k={2 * h + 3 * k} {args.backend}: {verdict} "
                      f"({count} counts to 2, {seconds:.2f} s wall)")
                bad += bool(problems)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
