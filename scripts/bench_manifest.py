#!/usr/bin/env python3
"""Builds bench/v1/manifest.json, the expected answers of futolab-bench (bench/README.md).

For every tier folder under bench/v1/ (files made by scripts/bench-regenerate.sh):
  1. `futolab check FILE` lists each instance: its id, n, h, k and canonical hash;
  2. two sweeps per tier (`futolab run`, count to 2, --jobs 1): gac three times, then gecode
     and sat once each; gac and at least one of the checkers must decide each instance, and
     all that decide must agree, else this script stops (exit 1) naming it: an expected
     answer rests on two independent implementations;
  3. the manifest gets, per instance: tier, file, id, n, h, k, hash, status, solution_hash
     (FNV-1a 64 of gac's solution cell, for unique instances), time_class (floor of log10 of
     gac's median wall seconds) and tags (a Tatham puzzle's level, a generated one's kind);
     per tier its files with their SHA-256 and whether they are committed.

  python3 scripts/bench_manifest.py --futolab build/release/app/futolab [--time-limit 60]

The time classes are measured: the gac sweeps take the build lock (/tmp/futolab-build.lock,
a quiet core); the checkers run at nice 10 beside other work. Exit 0 on success, 1 if a
check fails, 2 on bad usage.
"""
import argparse
import csv
import datetime
import hashlib
import json
import math
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench" / "v1"
LOCK = "/tmp/futolab-build.lock"  # the machine's build lock: timings need a quiet core

FNV_OFFSET, FNV_PRIME = 14695981039346656037, 1099511628211


def fnv1a64(text):
    """FNV-1a 64 (Fowler, Noll & Vo), as core/files.hpp computes it."""
    h = FNV_OFFSET
    for byte in text.encode():
        h = ((h ^ byte) * FNV_PRIME) % 2**64
    return f"{h:016x}"


SOURCES = {
    "tatham-check": {
        "what": "Simon Tatham's Unequal generator (Portable Puzzle Collection) as packaged in Debian 12 "
                "(sgt-puzzles 20230122.806ae71-2), seeds chk-<n><level>-<k>: corpora/tatham-check/",
        "licence": "MIT (the generator's: Copyright Simon Tatham and contributors); the game IDs are "
                   "the program's output for the listed seeds",
        "url": "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/",
    },
    "futolab-generators": {
        "what": "futolab's own generators (`futolab generate random|unique`, docs/generators.md) with "
                "the fixed seeds of scripts/bench-regenerate.sh",
        "licence": "the futolab repository's licence (none declared at v1; see bench/README.md)",
    },
    "futolab-critical": {
        "what": "verified critical sets of futolab's critical-set searches: results/critical/ "
                "(exhaustive.jsonl, critical-12.jsonl, critical-20.jsonl, zero-given-n<N>.jsonl; "
                "methods in results/critical/README.md and docs/critical.md)",
        "licence": "the futolab repository's licence (none declared at v1; see bench/README.md)",
    },
}

# tier → (description, committed, {file stem prefix or "*": source})
TIERS = {
    "small": ("CI tier: a few small instances of every kind (n <= 9), under a second each with gac",
              True, {"tatham": "tatham-check", "planted": "futolab-generators", "unsat": "futolab-generators",
                     "*": "futolab-critical"}),
    "tatham": ("Tatham's Unequal puzzles by n (4..12) and level (t e k x, r for n <= 8): the held-out corpus, "
               "30 per size and level", True, {"*": "tatham-check"}),
    "planted": ("planted random instances (10 % relations) at the cost peak and at the 50 %-unique point "
                "of the phase-transition study, n = 7..25, 10 each", True, {"*": "futolab-generators"}),
    "critical": ("verified critical (minimal) clue sets: exhaustive minima n = 2..4, greedy critical sets "
                 "of random 9x9, 12x12 and 20x20 squares", True, {"*": "futolab-critical"}),
    "zero-given": ("the best zero-given (relations-only) critical sets found, n = 4..12", True,
                   {"*": "futolab-critical"}),
    "unsat": ("unsatisfiable: a uniquely solvable puzzle plus one given contradicting its solution, "
              "n = 6, 9, 12, 15", True, {"*": "futolab-generators"}),
    "large": ("large n: planted instances at 80 % and 85 % givens, n = 30, 40, 50, 64 (not committed: "
              "regenerate with the script)", False, {"*": "futolab-generators"}),
}


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kw).stdout


def list_instances(futolab, path):
    """(id, n, h, k, hash) per instance, from `futolab check` (ids as every futolab command gives them)."""
    out = []
    for line in run([futolab, "check", str(path)]).splitlines():
        if ": valid, " not in line:
            continue
        ident, rest = line.rsplit(": valid, ", 1)
        fields = dict(part.split("=") for part in rest.split())
        out.append((ident, int(fields["n"]), int(fields["h"]), int(fields["k"]), fields["hash"]))
    return out


def tags_of(path, ident):
    if path.suffix == ".tatham":
        lines = path.read_text().splitlines()
        params = lines[int(ident.rsplit(":", 1)[1]) - 1].split(":", 1)[0]
        return {"level": params.split("d", 1)[1]} if "d" in params else {}
    for line in path.read_text().splitlines():
        record = json.loads(line)
        if record.get("id") == ident:
            kind = record.get("meta", {}).get("kind")
            return {"kind": kind} if kind else {}
    return {}


def sweep(futolab, name, files, solvers, repeats, time_limit, scratch, timed):
    config = scratch / f"{name}.yaml"
    sources = "\n".join(f"  - file: {json.dumps(str(f))}" for f in files)
    config.write_text(f"name: {name}\nseed: 1\nrepeats: {repeats}\nmode: {{ count: 2 }}\n"
                      f"limits: {{ time: {time_limit}s }}\ninstances:\n{sources}\n"
                      f"solvers: {json.dumps(solvers)}\noutput: {name}.csv\n")
    # The timed sweep takes the build lock (a quiet core); the checkers' only yields to it.
    prefix = ["flock", LOCK] if timed else ["nice", "-n", "10"]
    run(prefix + [futolab, "run", str(config), "--jobs", "1", "--out", str(scratch)])
    with open(scratch / f"{name}.csv", newline="") as f:
        return list(csv.DictReader(f))


VERDICTS = {"unique", "multiple", "unsat"}
# Independent implementations that check gac's answer: Gecode's propagators and CaDiCaL on a
# CNF encoding share no search code with gac; at least one must decide each instance.
CHECKERS = ["gecode", "sat"]


def decide(rows, where):
    """The agreed status, gac's solution, gac's median wall seconds and the checkers that agreed."""
    gac = [r for r in rows if r["solver"] == "gac"]
    checks = [r for r in rows if r["solver"] != "gac" and r["status"] in VERDICTS]
    statuses = {r["status"] for r in gac + checks}
    if not gac or {r["status"] for r in gac} - VERDICTS or len(statuses) != 1 or not checks:
        sys.exit(f"bench_manifest: {where}: not decided alike by gac and a checker: "
                 f"{sorted((r['solver'], r['status']) for r in rows)}")
    status = statuses.pop()
    solutions = {r["solution"] for r in gac + checks}
    if status == "unique" and len(solutions) != 1:
        sys.exit(f"bench_manifest: {where}: gac and its checkers found different only solutions")
    median = statistics.median(int(r["wall_ns"]) for r in gac) / 1e9
    return status, {r["solution"] for r in gac}.pop(), median, sorted({r["solver"] for r in checks})


def time_class(seconds):
    return math.floor(math.log10(max(seconds, 1e-9)))


def build_tier(futolab, tier, time_limit, scratch):
    description, committed, sources = TIERS[tier]
    folder = BENCH / tier
    files = sorted(p for p in folder.iterdir() if p.suffix in (".jsonl", ".tatham")) if folder.is_dir() else []
    if not files:
        sys.exit(f"bench_manifest: no files in {folder}: run scripts/bench-regenerate.sh {tier} first")
    rows = sweep(futolab, f"bench-{tier}", files, ["gac"], 3, time_limit, scratch, timed=True)
    rows += sweep(futolab, f"bench-{tier}-check", files, CHECKERS, 1, time_limit, scratch, timed=False)
    by_hash = {}
    for r in rows:
        by_hash.setdefault(r["instance_hash"], []).append(r)
    instances, file_entries = [], []
    for path in files:
        rel = path.relative_to(BENCH).as_posix()
        listed = list_instances(futolab, path)
        source = sources.get(path.stem, sources["*"])
        file_entries.append({"path": rel, "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
                             "instances": len(listed), "source": source})
        for ident, n, h, k, hsh in listed:
            status, solution, median, checked_by = decide(by_hash.get(hsh, []), f"{rel} {ident}")
            instances.append({"tier": tier, "file": rel, "id": ident, "n": n, "h": h, "k": k, "hash": hsh,
                              "status": status,
                              "solution_hash": fnv1a64(solution) if status == "unique" else None,
                              "time_class": time_class(median), "checked_by": checked_by,
                              "tags": tags_of(path, ident)})
    entry = {"name": tier, "description": description, "committed": committed,
             "regenerate": f"bash scripts/bench-regenerate.sh {tier}", "instances": len(instances),
             "files": file_entries}
    return entry, instances


def machine():
    model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    return f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def merged(tiers, instances):
    """The existing manifest's tiers in their order, the rebuilt ones in place of theirs."""
    old = json.loads((BENCH / "manifest.json").read_text())
    new = {t["name"]: t for t in tiers}
    out_tiers, out_instances = [], []
    for t in old["tiers"]:
        name = t["name"]
        out_tiers.append(new.pop(name, t))
        out_instances += [i for i in (instances if name in {x["name"] for x in tiers} else old["instances"])
                          if i["tier"] == name]
    return out_tiers + list(new.values()), out_instances + [i for i in instances if i["tier"] in new]


def write_manifest(tiers, instances, futolab):
    head = {
        "name": "futolab-bench",
        "version": 1,
        "description": "A versioned Futoshiki benchmark library with expected answers (bench/README.md)",
        "hashes": {
            "hash": "futolab's canonical instance hash (SPEC §5 instance_hash): FNV-1a 64 of the canonical "
                    "text (n, givens row-major, relations sorted), 16 hex digits; the same puzzle in any format "
                    "has the same hash",
            "solution_hash": "FNV-1a 64 of the only solution written as the results CSV's solution cell (rows "
                             "separated by '/', values by one space), 16 hex digits; null unless status is unique",
            "sha256": "SHA-256 of a tier file's bytes (scripts/bench-regenerate.sh --verify)",
        },
        "status": "the answer of a count to 2 (SPEC §4): unique, multiple or unsat; decided by gac and by "
                  "the checkers in checked_by (gecode, sat: those that decided within the time limit), which agree",
        "time_class": {
            "definition": "floor(log10(median wall seconds)) of gac (default options) over 3 runs, count to 2, "
                          "process isolation: -5 means 10 to 100 microseconds",
            "machine": machine(),
            "measured": datetime.date.today().isoformat(),
            "futolab": run([futolab, "--version"]).strip(),
        },
        "sources": SOURCES,
    }
    text = json.dumps({**head, "tiers": tiers}, indent=2, ensure_ascii=False)[:-2]
    lines = ",\n".join("    " + json.dumps(i, ensure_ascii=False, separators=(", ", ": ")) for i in instances)
    text += ',\n  "instances": [\n' + lines + "\n  ]\n}\n"
    json.loads(text)  # what is written parses
    target = BENCH / "manifest.json"
    tmp = target.with_suffix(".json.tmp")
    tmp.write_text(text)
    os.replace(tmp, target)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--futolab", default=str(ROOT / "build/release/app/futolab"))
    ap.add_argument("--time-limit", type=int, default=20)
    ap.add_argument("--tiers", default=",".join(TIERS))
    ap.add_argument("--update", action="store_true",
                    help="keep the other tiers of the existing manifest (their entries, answers and time classes)")
    args = ap.parse_args()
    tiers, instances = [], []
    with tempfile.TemporaryDirectory(prefix="bench-manifest-") as scratch:
        for tier in args.tiers.split(","):
            if tier not in TIERS:
                ap.error(f"unknown tier {tier!r}")
            entry, rows = build_tier(args.futolab, tier, args.time_limit, pathlib.Path(scratch))
            tiers.append(entry)
            instances += rows
            print(f"bench_manifest: {tier}: {len(rows)} instances", file=sys.stderr)
    if args.update:
        tiers, instances = merged(tiers, instances)
    write_manifest(tiers, instances, args.futolab)


if __name__ == "__main__":
    main()
