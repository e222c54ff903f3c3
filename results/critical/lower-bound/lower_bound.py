#!/usr/bin/env python3
"""The defining-set bound for Futoshiki clue sets, checked (issue #42 item 5; docs/critical.md,
section "A general lower bound").

Lemma. If a clue set S (h givens, k relations) determines the Latin square L, then the cells S
touches (its given cells and both cells of every relation), filled with L's values, form a
defining set of L: a numbers-only puzzle whose only completion is L. So
h + 2k >= |touched| >= scs(n), the size of the smallest critical set of any Latin square of
order n.

This script
  1. prints, for n = 2..13, the bounds the lemma gives with the scs(n) known to us (n <= 5:
     futolab's exact min h, certified; n = 6: the census of Adams, Bean and Khodkar; n >= 7:
     only scs(n) >= n - 1) beside the earlier bounds and the exact minima (n <= 6), and checks
     that no bound exceeds an exact minimum;
  2. checks the lemma on every distinct critical-set record of order n <= 12 in the JSONL files
     git tracks under results/ (as they are in the working tree): the touched
     cells, as givens, are counted to 2 by `futolab solve -s gac` (unique, and the solution is L);
  3. shows where the easy arguments stop: on the cyclic square C_n the adjacent-symbol cycles
     give exactly n - 1 (each pair v, v + 1 is one cycle), while the per-square hitting number
     of all cycle switches (row, column, symbol; the fewest relations breaking every one) is
     larger; and the least hitting number over all 576 squares of order 4.

  python3 results/critical/lower-bound/lower_bound.py build/release/app/futolab > results/critical/lower-bound/lower_bound.txt

Exit 0 if every check holds, 1 if one fails.
"""
import itertools
import json
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "results", "critical"))
from verify_sets import solve_all, square_text  # noqa: E402  (one way to call futolab solve)

# scs(n): exact for n <= 6 (n <= 5 futolab's certified min h, results/critical/REPORT.md; n = 6
# the census of Adams, Bean and Khodkar); None: only scs(n) >= n - 1 is used.
SCS = {2: 1, 3: 2, 4: 4, 5: 6, 6: 9}
# Exact minima over all squares (results/critical/REPORT.md), None where only bounds are known.
EXACT = {  # n: (min k with h = 0, min h + k, min 2h + 3k)
    2: (1, 1, 2), 3: (2, 2, 4), 4: (4, 4, 8), 5: (6, 6, 12), 6: (9, None, None)}


def ceil_div(a, b):
    return -(-a // b)


def bound_table():
    ok = True
    print("n | scs(n) used | k >= (old n-1 / new ceil(s/2)) | h+k >= (old ceil(2(n-1)/3) / new ceil(s/2)) | "
          "2h+3k >= (old 2(n-1) / new ceil(3s/2)) | exact min k, h+k, 2h+3k")
    for n in range(2, 14):
        s = SCS.get(n, n - 1)
        old = (n - 1, ceil_div(2 * (n - 1), 3), 2 * (n - 1))
        new = (ceil_div(s, 2), ceil_div(s, 2), ceil_div(3 * s, 2))
        exact = EXACT.get(n, (None, None, None))
        for b_old, b_new, e in zip(old, new, exact):
            if e is not None and max(b_old, b_new) > e:
                ok = False
        best = tuple(max(a, b) for a, b in zip(old, new))
        print(f"{n} | {s}{'' if n in SCS else ' (n-1 only)'} | {old[0]} / {new[0]} | {old[1]} / {new[1]} | "
              f"{old[2]} / {new[2]} | {', '.join('?' if e is None else str(e) for e in exact)}"
              f"   best: k >= {best[0]}, h+k >= {best[1]}, 2h+3k >= {best[2]}")
    print("bounds <= exact minima:", "yes" if ok else "NO")
    return ok


def touched_puzzle(rec, i):
    sq = rec["solution"]
    cells = {(r, c) for r, c, _ in rec["givens"]}
    for r1, c1, r2, c2 in rec["lt"]:
        cells |= {(r1, c1), (r2, c2)}
    givens = [[r, c, sq[r][c]] for r, c in sorted(cells)]
    return {"id": f"rec-{i}", "n": rec["n"], "givens": givens, "lt": []}, len(cells)


def committed_jsonl():
    """The JSONL files under results/ that git tracks (runs in progress are not evidence)."""
    done = subprocess.run(["git", "-C", ROOT, "ls-files", "results"], capture_output=True, text=True, check=True)
    return [os.path.join(ROOT, name) for name in done.stdout.split() if name.endswith(".jsonl")]


def records():
    seen = set()
    for name in sorted(committed_jsonl()):
        with open(name) as f:
            for line in f:
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if not isinstance(rec, dict) or rec.get("meta", {}).get("critical") is not True:
                    continue
                if "solution" not in rec or rec.get("n", 99) > 12:
                    continue
                key = json.dumps([rec["solution"], sorted(rec["givens"]), sorted(rec["lt"])])
                if key not in seen:
                    seen.add(key)
                    yield rec


def lemma_check(futolab):
    recs = list(records())
    puzzles, sizes = zip(*(touched_puzzle(r, i) for i, r in enumerate(recs)))
    rows = solve_all(futolab, "gac", puzzles, count=True)
    ok = True
    by_n = {}
    for i, rec in enumerate(recs):
        row = rows.get(f"rec-{i}")
        good = row is not None and row["status"] == "unique" and row["solution"] == square_text(rec["solution"])
        h, k = len(rec["givens"]), len(rec["lt"])
        good = good and h + 2 * k >= sizes[i] >= SCS.get(rec["n"], rec["n"] - 1)
        ok = ok and good
        least = by_n.setdefault(rec["n"], [0, None])
        least[0] += 1
        least[1] = sizes[i] if least[1] is None else min(least[1], sizes[i])
    for n in sorted(by_n):
        print(f"n = {n}: {by_n[n][0]} distinct critical sets, touched cells a defining set in every one; "
              f"fewest touched cells {by_n[n][1]}")
    print("lemma holds on every record:", "yes" if ok else "NO")
    return ok


def cyclic(p):
    return [[(r + c) % p + 1 for c in range(p)] for r in range(p)]


def cycle_switches(sq):
    """Every cycle switch of the square (row, column and symbol cycles), as sets of changed
    cells with their new values."""
    n = len(sq)
    triples = [(r, c, sq[r][c]) for r in range(n) for c in range(n)]
    for face in range(3):  # rows, columns, symbols play the role of "lines"
        def key(t):
            return (t[face], t[(face + 1) % 3], t[(face + 2) % 3])
        table = {}
        for t in triples:
            x, y, z = key(t)
            table[(x, y)] = z
        for x1, x2 in itertools.combinations(sorted({key(t)[0] for t in triples}), 2):
            ys = sorted({y for (x, y) in table if x == x1})
            where2 = {table[(x2, y)]: y for y in ys}
            seen = set()
            for y0 in ys:
                if y0 in seen:
                    continue
                cyc, y = [], y0
                while y not in seen:
                    seen.add(y)
                    cyc.append(y)
                    y = where2[table[(x1, y)]]
                change = {}
                for y in cyc:
                    for xa, xb in ((x1, x2), (x2, x1)):
                        t = [None, None, None]
                        t[face], t[(face + 1) % 3], t[(face + 2) % 3] = xa, y, table[(xb, y)]
                        change[(t[0], t[1])] = t[2]
                yield change


def broken(sq, change, rel):
    (r1, c1, r2, c2) = rel
    a = change.get((r1, c1), sq[r1][c1])
    b = change.get((r2, c2), sq[r2][c2])
    return not a < b


def relations_of(sq):
    n = len(sq)
    out = []
    for r in range(n):
        for c in range(n):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < n and c2 < n:
                    out.append([r, c, r2, c2] if sq[r][c] < sq[r2][c2] else [r2, c2, r, c])
    return out


def hitting_number(sets, limit):
    """Fewest relations breaking every one of the sets (bitmasks over relations): plain
    branching on the elements of a smallest set not yet hit."""
    best = [limit]

    def search(chosen, size):
        if size >= best[0]:
            return
        open_sets = [m for m in sets if not m & chosen]
        if not open_sets:
            best[0] = size
            return
        rest = min(open_sets, key=lambda m: bin(m).count("1"))
        while rest:
            bit = rest & -rest
            rest ^= bit
            search(chosen | bit, size + 1)

    search(0, 0)
    return best[0]


def switch_sets(sq):
    """Per cycle switch, the relations of L it breaks (a bitmask); inclusion-minimal ones only."""
    rels = relations_of(sq)
    found = set()
    for change in cycle_switches(sq):
        found.add(sum(1 << i for i, x in enumerate(rels) if broken(sq, change, x)))
    keep = []
    for m in sorted(found, key=lambda m: bin(m).count("1")):
        if not any(k & m == k for k in keep):
            keep.append(m)
    return keep


def adjacent_symbol_cycles(sq):
    """Sum over v of the cycles of the cells holding v and v + 1 (docs/critical.md, k >= 9 section)."""
    n = len(sq)
    total = 0
    for v in range(1, n):
        where = {(r, c) for r in range(n) for c in range(n) if sq[r][c] in (v, v + 1)}
        seen = set()
        for start in where:
            if start in seen:
                continue
            total += 1
            todo = [start]
            while todo:
                r, c = todo.pop()
                if (r, c) in seen:
                    continue
                seen.add((r, c))
                todo += [x for x in where if (x[0] == r) != (x[1] == c)]
    return total


def latin_squares(n):
    rows = []

    def extend():
        if len(rows) == n:
            yield [row[:] for row in rows]
            return
        for perm in itertools.permutations(range(1, n + 1)):
            if all(perm[c] != row[c] for row in rows for c in range(n)):
                rows.append(list(perm))
                yield from extend()
                rows.pop()

    yield from extend()


def easy_arguments():
    """The bounds that need no search, against the cycle-switch hitting number per square."""
    print("cyclic square C_n: row/column count ceil(2(n-1)/3), adjacent-symbol cycles, "
          "cycle-switch hitting number (a per-square lower bound on k), min k (n <= 5: over all squares; "
          "n = 6, 7: C_n's own, results/critical/REPORT.md)")
    exact_cyclic = {3: 2, 4: 4, 5: 6, 6: 9, 7: 12}  # the hitting number is checked against C6, C7 only
    ok = True
    for n in range(3, 8):
        sq = cyclic(n)
        cycles = adjacent_symbol_cycles(sq)
        hit = hitting_number(switch_sets(sq), 3 * n)
        ok = ok and cycles == n - 1 and (n < 6 or hit <= exact_cyclic[n])
        print(f"C{n}: {ceil_div(2 * (n - 1), 3)}, {cycles}, {hit}, {exact_cyclic[n]}")
    least = None
    for sq in latin_squares(4):
        hit = hitting_number(switch_sets(sq), 12)
        least = hit if least is None else min(least, hit)
    print(f"all 576 squares of order 4: least cycle-switch hitting number {least} (exact min k = 4)")
    ok = ok and least <= 4
    print("adjacent-symbol cycles = n - 1 on every C_n, hitting numbers <= exact minima:", "yes" if ok else "NO")
    return ok


def main():
    futolab = sys.argv[1]
    ok = bound_table()
    print()
    ok = lemma_check(futolab) and ok
    print()
    ok = easy_arguments() and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
