#!/usr/bin/env python3
"""Re-check shipped critical sets with a backend other than the search's (issue #26 §4).

For every JSONL record (givens, lt, solution = L):
  1. L is a Latin square and every clue of the set is a clue of L (its given numbers are L's,
     its relations are adjacent and ordered as L orders them);
  2. uniquely completable: `futolab solve -s BACKEND --count 2` on the set finds exactly one
     solution, and it is L;
  3. critical: for every clue, the set without it has a second solution. For a relation a < b
     (--drops witness, the default): `futolab solve -s DROP_BACKEND` finds a square of the set
     with that one relation reversed, b < a, and this script checks the square itself: Latin,
     every other clue of the set kept, the dropped relation broken. Such a square is a second
     solution of the set without the relation (L is the first), so the claim rests on a checked
     certificate, not on the backend; conversely, since the set determines L, any second
     solution of the set without the relation breaks it, so none is missed (issue #42 item 4).
     A given number, and every clue with --drops count: the set without it counted to 2
     (status multiple), as before.
Nothing of the search is reused: the sets and the one-clue-changed subsets are written as
instances and handed to `futolab solve`, whose CSV is read back.

  python3 results/critical/verify_sets.py --futolab build/release/app/futolab \
      [--backend gecode] [--drop-backend SPEC] [--drops witness|count] FILE.jsonl ...

Each line ends with the wall and the CPU seconds of the futolab runs (CPU: user + system of the
child processes; wall under load overstates the cost). Exit 0 if every record passes, 1 if one
fails, 2 on bad input.
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


def counted_instances(rec, drops):
    """Counted to 2: the set itself, then the set without each given (and, with --drops
    count, without each relation)."""
    base = {"n": rec["n"], "givens": rec["givens"], "lt": rec["lt"]}
    out = [dict(base, id="full")]
    for i in range(len(rec["givens"])):
        out.append(dict(base, id=f"drop-given-{i}",
                        givens=rec["givens"][:i] + rec["givens"][i + 1:]))
    if drops == "count":
        for i in range(len(rec["lt"])):
            out.append(dict(base, id=f"drop-lt-{i}", lt=rec["lt"][:i] + rec["lt"][i + 1:]))
    return out


def reversed_instances(rec):
    """One per relation: the set with that relation reversed (any solution is a witness)."""
    out = []
    for i, (r1, c1, r2, c2) in enumerate(rec["lt"]):
        lt = rec["lt"][:i] + [[r2, c2, r1, c1]] + rec["lt"][i + 1:]
        out.append({"n": rec["n"], "givens": rec["givens"], "lt": lt, "id": f"reverse-lt-{i}"})
    return out


def solve_all(futolab, backend, instances, count):
    """Runs futolab solve (--count 2, or a first solution) on the instances (one temp file),
    rows by instance id."""
    if not instances:
        return {}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "sets.jsonl")
        with open(path, "w") as f:
            for inst in instances:
                f.write(json.dumps(inst) + "\n")
        mode = ["--count", "2"] if count else []
        done = subprocess.run([futolab, "solve", "-s", backend, *mode, "--format", "csv", path],
                              capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):
        print(done.stderr, file=sys.stderr)
        sys.exit(2)
    return {row["instance"]: row for row in csv.DictReader(done.stdout.splitlines())}


def square_text(sq):
    return "/".join(" ".join(str(v) for v in row) for row in sq)


def parse_square(text, n):
    """The CSV's solution "r0/r1/..." as rows of ints, or None if it is not n x n numbers."""
    rows = [row.split() for row in text.split("/")] if text else []
    if len(rows) != n or any(len(row) != n for row in rows):
        return None
    try:
        return [[int(v) for v in row] for row in rows]
    except ValueError:
        return None


def is_witness(rec, dropped, m):
    """Plain check, trusting no solver: M is a Latin square, keeps every given and every
    relation of the set but `dropped`, and breaks that one (so M is not L)."""
    n = rec["n"]
    if m is None:
        return False
    want = set(range(1, n + 1))
    if any(set(m[i]) != want or {m[r][i] for r in range(n)} != want for i in range(n)):
        return False
    if any(m[r][c] != v for r, c, v in rec["givens"]):
        return False
    for i, (r1, c1, r2, c2) in enumerate(rec["lt"]):
        if (m[r1][c1] < m[r2][c2]) != (i != dropped):
            return False
    return True


def cpu_of_children():
    usage = os.times()
    return usage.children_user + usage.children_system


def verify(args, where, rec):
    check_clues_of_square(where, rec)
    counted = counted_instances(rec, args.drops)
    flipped = reversed_instances(rec) if args.drops == "witness" else []
    start, cpu = time.monotonic(), cpu_of_children()
    rows = solve_all(args.futolab, args.backend, counted, count=True)
    found = solve_all(args.futolab, args.drop_backend or args.backend, flipped, count=False)
    seconds, cpu = time.monotonic() - start, cpu_of_children() - cpu
    problems = []
    full = rows.get("full")
    if full is None or full["status"] != "unique" or full["solution"] != square_text(rec["solution"]):
        problems.append("the set does not determine L")
    for inst in counted[1:]:
        row = rows.get(inst["id"])
        if row is None or row["status"] != "multiple":
            problems.append(f"{inst['id']}: {row['status'] if row else 'no row'}, clue not necessary")
    for i, inst in enumerate(flipped):
        row = found.get(inst["id"])
        if row is None or not is_witness(rec, i, parse_square(row["solution"], rec["n"])):
            status = row["status"] if row else "no row"
            problems.append(f"drop-lt-{i}: {status}, no checked second solution")
    work = f"{len(counted)} count{'' if len(counted) == 1 else 's'} to 2" + (f" + {len(flipped)} checked witnesses" if flipped else "")
    return problems, work, seconds, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--futolab", required=True)
    ap.add_argument("--backend", default="gecode", help="counts to 2 (the uniqueness claim)")
    ap.add_argument("--drop-backend", default="",
                    help="finds the witnesses of --drops witness (default: --backend)")
    ap.add_argument("--drops", choices=["witness", "count"], default="witness",
                    help="a dropped relation: a checked witness square (default) or a count to 2")
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
                problems, work, seconds, cpu = verify(args, where, rec)
                h, k = len(rec["givens"]), len(rec["lt"])
                verdict = "critical" if not problems else "FAILED: " + "; ".join(problems)
                drops = f", witnesses by {args.drop_backend}" if args.drop_backend and args.drops == "witness" else ""
                print(f"{where} {rec.get('id', '')} n={rec['n']} h={h} k={k} "
                      f"2h+3k={2 * h + 3 * k} {args.backend}{drops}: {verdict} "
                      f"({work}, {seconds:.2f} s wall, {cpu:.2f} s CPU)")
                bad += bool(problems)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
