#!/usr/bin/env python3
"""The tables of STRUCTURED.md from the runs of run_structured.py (issues #42, #47).

  python3 results/critical/per-square/structured_table.py [--write]

Prints (or, with --write, puts between the table markers of STRUCTURED.md) one table per n of
the affine classes, a table of every shifted cyclic square, and the shape of each shift's set.
Every k of a greedy run is an UPPER bound on that square's min k. A lower bound comes from
(a) the exact minimum over all squares (n <= 6: 4, 6, 9, the law's values), (b) a capped
per-square `--exact` run on a square of the class (its meta.lower_bound; records of
results/critical/per-square/*.jsonl and structured/exact-*.jsonl), else (c) n - 1, the
adjacent-symbol cycle bound that holds for every square (REPORT.md, "n = 6").
"""
import glob
import json
import os
import re
import sys

import families

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "structured")
DOC = os.path.join(HERE, "STRUCTURED.md")
BEGIN, END = "<!-- tables: structured_table.py -->", "<!-- /tables -->"
EXACT_OVER_ALL = {4: 4, 5: 6, 6: 9}  # min k over all squares (exact; REPORT.md)


def law(n):
    return n * n // 4


def class_of(sq):
    """Name of the class representative of an affine square, or None."""
    orbit = {families.parameters(im) for im in families.symmetries(sq)}
    return None if None in orbit else families.name(len(sq), *min(orbit))


def read_runs():
    runs = {}
    for path in sorted(glob.glob(os.path.join(RUNS, "*.run.json"))):
        with open(path) as f:
            run = json.load(f)
        out = path[: -len(".run.json")] + ".jsonl"
        rec = None
        if os.path.getsize(out) > 0:
            with open(out) as f:
                rec = json.loads(f.readline())
        runs[run["name"]] = (run, rec)
    return runs


def exact_bounds():
    """Class name -> (lower bound, where from) of capped per-square --exact runs."""
    best = {}
    paths = (glob.glob(os.path.join(HERE, "*-k*.jsonl")) + glob.glob(os.path.join(RUNS, "exact-*.jsonl")) +
             glob.glob(os.path.join(HERE, "..", "certificates", "*-k.jsonl")))
    for path in sorted(paths):
        with open(path) as f:
            for line in f:
                if not line.strip():
                    continue
                rec = json.loads(line)
                m = rec["meta"]
                if m.get("objective") != "k" or not m.get("per_square"):
                    continue
                name = class_of(rec["solution"])
                lower = m["minimum"] if m.get("exact") else m["lower_bound"]
                certified = m.get("exact") and os.path.exists(path[: -len(".jsonl")] + ".cert")
                old = best.get(name, (0, "", False))
                if name and (lower, bool(certified)) > (old[0], bool(old[2])):  # a certified equal bound wins
                    best[name] = (lower, os.path.relpath(path, HERE), certified)
    return best


def lower_bound(n, cls, exact):
    """(bound, where from, certified?) of a class's min k."""
    if n in EXACT_OVER_ALL:
        return EXACT_OVER_ALL[n], "exact over all squares", n <= 5
    if cls in exact:
        lower, path, certified = exact[cls]
        return lower, f"--exact ({path}{', certificate accepted' if certified else ''})", certified
    return n - 1, "n − 1 (every square)", False


def status(k, lower, certified):
    if k is None:
        return "no zero-given set"
    if k != lower:
        return "bound"
    return "**exact, certified**" if certified else "exact (lower bound uncertified)"


def class_best(runs):
    """Class name -> (best k, run name, CPU s summed over the class's runs, runs) over every run
    square of the class (a class's members are run where the shift table needs them)."""
    best = {}
    for name, (run, rec) in runs.items():
        cls = class_of(families.affine(run["n"], *map(int, name_params(name))))
        k = rec["meta"]["k"] if rec else None
        old = best.get(cls)
        cpu = run["cpu_seconds"] + (old[2] if old else 0)
        count = 1 + (old[3] if old else 0)
        if old is None or (k is not None and (old[0] is None or k < old[0])):
            best[cls] = (k, name, cpu, count)
        else:
            best[cls] = (old[0], old[1], cpu, count)
    return best


def name_params(name):
    """(a, b, s) of a name n<N>-a<A>b<B>s<S>, with or without a suffix (-i3000: a longer run)."""
    return re.match(r"n\d+-a(\d+)b(\d+)s(\d+)", name).groups()


def affine_table(n, runs, exact):
    rows = [f"#### n = {n}: affine classes (⌊n²/4⌋ = {law(n)})", "",
            "| class (a, b, s) | squares | best k (upper bound) | found on | ⌊n²/4⌋ | lower bound | exact? | runs | CPU s |",
            "| --- | ---: | ---: | --- | ---: | --- | --- | ---: | ---: |"]
    best = class_best(runs)
    for (a, b, s), size in families.affine_classes(n):
        name = families.name(n, a, b, s)
        if name not in best:
            rows.append(f"| {name} | {size} | not run | | {law(n)} | | | 0 | |")
            continue
        k, where, cpu, count = best[name]
        lo, why, certified = lower_bound(n, name, exact)
        shown = "none ¹" if k is None else f"{k}{' ✓' if k <= law(n) else ''}"
        rows.append(f"| {name} | {size} | {shown} | {where} | {law(n)} | {lo} ({why}) | "
                    f"{status(k, lo, certified)} | {count} | {cpu:.1f} |")
    return rows + [""]


def profile(n, rec):
    """Relations by the values they join: d[v] = relations between v and v + 1 (v = 1..n-1),
    then the relations across the wrap n | 1; horizontal and vertical counts."""
    sq = rec["solution"]
    d = [0] * (n + 1)
    hor = 0
    for r1, c1, r2, c2 in rec["lt"]:
        lo, hi = sq[r1][c1], sq[r2][c2]
        d[lo if hi == lo + 1 else n] += 1
        hor += r1 == r2
    return d[1:n], d[n], hor, len(rec["lt"]) - hor


def shift_runs(runs, n, s):
    """(k, name, run, rec) of every run of shift s: the budgeted one and any longer one."""
    base = families.name(n, 1, 1, s)
    return [(rec["meta"]["k"] if rec else None, name, run, rec)
            for name, (run, rec) in sorted(runs.items()) if name == base or name.startswith(base + "-")]


def best_of(found):
    done = [x for x in found if x[0] is not None]
    return min(done, key=lambda x: (x[0], x[1])) if done else None


def shift_table(runs, exact):
    rows = ["| n | ⌊n²/4⌋ | best k per shift s = 0, 1, …, n − 1 (✓ = ⌊n²/4⌋; a → b → …: the runs of one shift: seed 1, then 3000 iterations, seeds 2, 3 where listed in run_structured.py) | shifts at ⌊n²/4⌋ | best | lower bound | CPU s (all runs) |",
            "| ---: | ---: | --- | --- | ---: | --- | ---: |"]
    for n in range(4, 17):
        cells, at, ks, cpu = [], [], [], 0.0
        for s in range(n):
            found = shift_runs(runs, n, s)
            cpu += sum(x[2]["cpu_seconds"] for x in found)
            done = [x[0] for x in found if x[0] is not None]
            if not done:
                cells.append("·")
                continue
            ks += done
            tick = "✓" if min(done) <= law(n) else ""
            cells.append(" → ".join(map(str, done)) + tick)
            if tick:
                at.append(str(s))
        if not ks:
            continue
        lo = min(lower_bound(n, class_of(families.affine(n, 1, 1, s)), exact)[0] for s in range(n))
        rows.append(f"| {n} | {law(n)} | {' '.join(cells)} | {', '.join(at) or 'none'} | {min(ks)} | {lo} | {cpu:.1f} |")
    return rows + ["", "(· = not run.)", ""]


def shape_table(runs):
    rows = ["| square | k | relations joining v, v + 1 for v = 1..n − 1 | V profile: m | across the wrap n, 1 | horizontal, vertical |",
            "| --- | ---: | --- | --- | ---: | --- |"]
    for n in range(4, 17):
        for s in range(n):
            best = best_of(shift_runs(runs, n, s))
            if best is None or best[0] > law(n):
                continue
            k, name, _, rec = best
            d, wrap, hor, ver = profile(n, rec)
            m = v_split(d)
            rows.append(f"| {name} | {k} | {' '.join(map(str, d))} | "
                        f"{'no' if m is None or wrap else m} | {wrap} | {hor}, {ver} |")
    return rows + [""]


def v_split(d):
    """m if d is the V profile m, m − 1, …, 1, 1, 2, …, n − 1 − m (d[v − 1] = m + 1 − v for
    v <= m, v − m above), else None."""
    for m in range(1, len(d)):
        if all(d[v - 1] == (m + 1 - v if v <= m else v - m) for v in range(1, len(d) + 1)):
            return m
    return None


def picture(rec):
    """The puzzle as text lines: L's values, '<' or '>' between row neighbours with a relation,
    '^' under a cell smaller than the one below it, 'v' under a larger one."""
    n, sq = rec["n"], rec["solution"]
    width = len(str(n))
    hor, ver = {}, {}
    for r1, c1, r2, c2 in rec["lt"]:
        if r1 == r2:
            hor[(r1, min(c1, c2))] = "<" if c1 < c2 else ">"
        else:
            ver[(min(r1, r2), c1)] = "^" if r1 < r2 else "v"
    lines = []
    for r in range(n):
        lines.append("".join(f"{sq[r][c]:>{width}}" + (f" {hor.get((r, c), ' ')} " if c < n - 1 else "")
                             for c in range(n)).rstrip())
        if r < n - 1:
            lines.append("".join(f"{ver.get((r, c), ' '):>{width}}" + ("   " if c < n - 1 else "")
                                 for c in range(n)).rstrip())
    return lines


def pictures(runs):
    out = []
    for n in range(8, 13):
        found = [b for s in range(n) for b in [best_of(shift_runs(runs, n, s))] if b]
        if not found:
            continue
        k, name, _, rec = min(found, key=lambda x: (x[0], x[1]))
        out += [f"{name}, k = {k} (⌊n²/4⌋ = {law(n)}):", "", "```"] + picture(rec) + ["```", ""]
    return out


def tables():
    runs, exact = read_runs(), exact_bounds()
    out = ["### Shifted cyclic squares (r + c + s) mod n + 1, n = 4..16 (issue #47)", ""]
    out += shift_table(runs, exact)
    out += ["### Shapes of the sets at ⌊n²/4⌋ on shifted cyclic squares", ""]
    out += shape_table(runs)
    out += ["### The best set of each order n = 8..12 on a shifted cyclic square", "",
            "Values of L; `<` `>` a relation between row neighbours, `^` under a cell: the cell is",
            "smaller than the one below it, `v`: larger.", ""]
    out += pictures(runs)
    out += ["### Affine classes (a·r + b·c + s) mod n + 1, n = 7..12 (issue #42)", ""]
    for n in range(7, 13):
        out += affine_table(n, runs, exact)
    return "\n".join(out)


def main():
    text = tables()
    if len(sys.argv) > 1 and sys.argv[1] == "--write":
        with open(DOC) as f:
            doc = f.read()
        head, rest = doc.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        tmp = DOC + ".tmp"
        with open(tmp, "w") as f:
            f.write(head + BEGIN + "\n" + text + "\n" + END + tail)
        os.replace(tmp, DOC)
    else:
        print(text)


if __name__ == "__main__":
    main()
