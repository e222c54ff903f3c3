#!/usr/bin/env python3
"""Re-check certificates of zero-given puzzles (futolab critical --construct --certificate)
without futolab and without a SAT solver: an independent second checker beside futolab's own
`critical --check-certificate` (which checks the DRUP proof by reverse unit propagation).

For each certificate file (JSON Lines: a header, then the proof line, which is not needed here):
  1. L is a Latin square of order n; every relation joins adjacent cells and is one of L's
     orders; no pair of cells twice; there are floor(n^2/4) relations (with --law).
  2. Unique: a propagation with three sound rules (a relation a < b narrows a below max(b)
     and b above min(a); a value fixed in a cell leaves its row and column; a value with one
     place left in a row or column goes there), run from full domains, ends with every cell
     fixed to L's value. Every rule removes only values no solution can take, so every
     solution equals L.
  3. Critical: each relation's witness, an exchange of two rows or two columns of L, is a
     Latin square that breaks that relation and keeps every other: the set without the
     relation has a second solution.

  python3 results/critical/construction/check_construction.py [--law] CERT...

One line per file with the CPU seconds; exit 0 if all pass, 1 if one fails, 2 on bad input.
"""
import argparse
import json
import sys
import time


def fail_input(where, what):
    print(f"{where}: {what}", file=sys.stderr)
    sys.exit(2)


def whole(value, where, field, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        fail_input(where, f"{field}: {value!r} is not a whole number in {lo}..{hi}")
    return value


def read_header(path):
    with open(path) as f:
        first = f.readline()
    try:
        head = json.loads(first)
    except json.JSONDecodeError as e:
        fail_input(f"{path}:1", f"not JSON ({e.msg})")
    if not isinstance(head, dict) or head.get("certificate") != "futolab-zero-given-critical":
        fail_input(f"{path}:1", "not a futolab-zero-given-critical certificate")
    return head


def square_of(head, where):
    n = whole(head.get("n"), where, "n", 1, 64)
    flat = head.get("square")
    if not isinstance(flat, list) or len(flat) != n * n:
        fail_input(where, f"square: needs {n * n} entries")
    sq = [[whole(flat[r * n + c], where, "square entry", 1, n) for c in range(n)] for r in range(n)]
    want = set(range(1, n + 1))
    for i in range(n):
        if set(sq[i]) != want or {sq[r][i] for r in range(n)} != want:
            fail_input(where, f"square: not Latin (line {i})")
    return n, sq


def relations_of(head, n, where):
    rels, seen = [], set()
    for i, rel in enumerate(head.get("relations", [])):
        if not isinstance(rel, list) or len(rel) != 4:
            fail_input(where, f"relation {i}: needs [r1, c1, r2, c2]")
        a, b, c, d = (whole(x, where, f"relation {i}", 0, n - 1) for x in rel)
        if abs(a - c) + abs(b - d) != 1:
            fail_input(where, f"relation {i}: cells not adjacent")
        key = tuple(sorted([(a, b), (c, d)]))
        if key in seen:
            fail_input(where, f"relation {i}: the same pair twice")
        seen.add(key)
        rels.append((a, b, c, d))
    return rels


def propagate(n, rels):
    """Domains after the three rules reach their fixpoint (None if one empties)."""
    dom = [[set(range(1, n + 1)) for _ in range(n)] for _ in range(n)]
    lines = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    changed = True
    while changed:
        changed = False
        for a, b, c, d in rels:
            lo, hi = min(dom[a][b]), max(dom[c][d])
            below = {v for v in dom[a][b] if v < hi}
            above = {v for v in dom[c][d] if v > lo}
            if below != dom[a][b] or above != dom[c][d]:
                dom[a][b], dom[c][d], changed = below, above, True
            if not below or not above:
                return None
        for line in lines:
            for r, c in line:
                if len(dom[r][c]) == 1:
                    v = next(iter(dom[r][c]))
                    for p, q in line:
                        if (p, q) != (r, c) and v in dom[p][q]:
                            dom[p][q] = dom[p][q] - {v}
                            changed = True
                            if not dom[p][q]:
                                return None
            for v in range(1, n + 1):
                places = [(r, c) for r, c in line if v in dom[r][c]]
                if not places:
                    return None
                if len(places) == 1 and len(dom[places[0][0]][places[0][1]]) > 1:
                    dom[places[0][0]][places[0][1]] = {v}
                    changed = True
    return dom


def exchanged(sq, kind, a, b):
    n = len(sq)
    if kind == "rows":
        out = [row[:] for row in sq]
        out[a], out[b] = out[b], out[a]
        return out
    return [[row[b] if c == a else row[a] if c == b else row[c] for c in range(n)] for row in sq]


def check(path, law):
    where = f"{path}:1"
    head = read_header(path)
    n, sq = square_of(head, where)
    rels = relations_of(head, n, where)
    wits = head.get("witnesses")
    if not isinstance(wits, list) or len(wits) != len(rels):
        fail_input(where, "witnesses: one per relation")
    problems = []
    holds = lambda m, rel: m[rel[0]][rel[1]] < m[rel[2]][rel[3]]
    for i, rel in enumerate(rels):
        if not holds(sq, rel):
            problems.append(f"relation {i} is not an order of L")
    if law and len(rels) != n * n // 4:
        problems.append(f"{len(rels)} relations, not floor(n^2/4) = {n * n // 4}")
    dom = propagate(n, rels)
    if dom is None or any(dom[r][c] != {sq[r][c]} for r in range(n) for c in range(n)):
        problems.append("propagation does not fix every cell to L: uniqueness not shown")
    for i, w in enumerate(wits):
        if not isinstance(w, list) or len(w) != 3 or w[0] not in ("rows", "columns"):
            fail_input(where, f"witness {i}: needs [\"rows\" or \"columns\", a, b]")
        a, b = whole(w[1], where, f"witness {i}", 0, n - 1), whole(w[2], where, f"witness {i}", 0, n - 1)
        m = exchanged(sq, w[0], a, b)
        broken = [j for j, rel in enumerate(rels) if not holds(m, rel)]
        if broken != [i]:
            problems.append(f"witness {i} breaks relations {broken}, not exactly [{i}]")
            break
    return n, len(rels), problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--law", action="store_true", help="also require floor(n^2/4) relations")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    bad = 0
    for path in args.files:
        t0 = time.process_time()
        n, k, problems = check(path, args.law)
        verdict = "unique and critical" if not problems else "FAILED: " + "; ".join(problems)
        print(f"{path}: n={n} k={k}: {verdict} ({time.process_time() - t0:.2f} s CPU)")
        bad += bool(problems)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
