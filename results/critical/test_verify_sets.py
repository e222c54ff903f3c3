#!/usr/bin/env python3
"""Checks of verify_sets.py (issue #42 item 4): a redundant relation fails, a forged witness is
refused, a shipped critical set passes in both --drops modes.

  python3 results/critical/test_verify_sets.py build/release/app/futolab
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import verify_sets  # noqa: E402


def run(futolab, rec, *extra):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "set.jsonl")
        with open(path, "w") as f:
            f.write(json.dumps(rec) + "\n")
        done = subprocess.run([sys.executable, os.path.join(HERE, "verify_sets.py"), "--futolab", futolab,
                               "--backend", "sat", *extra, path], capture_output=True, text=True, check=False)
    return done.returncode, done.stdout


def main():
    futolab = sys.argv[1]
    with open(os.path.join(HERE, "zero-given-n4.jsonl")) as f:
        rec = json.loads(f.readline())
    for drops in ("witness", "count"):
        code, out = run(futolab, rec, "--drops", drops)
        assert code == 0 and ": critical (" in out, out
    # A relation of L the set does not need: its drop has no second solution.
    sq, n = rec["solution"], rec["n"]
    extra = next([r, c, r, c + 1] if sq[r][c] < sq[r][c + 1] else [r, c + 1, r, c]
                 for r in range(n) for c in range(n - 1)
                 if [r, c, r, c + 1] not in rec["lt"] and [r, c + 1, r, c] not in rec["lt"])
    more = dict(rec, lt=rec["lt"] + [extra])
    for drops in ("witness", "count"):
        code, out = run(futolab, more, "--drops", drops)
        assert code == 1 and "FAILED" in out, out
    # Plain witness checks: L itself, a square keeping the dropped relation, a non-Latin one.
    assert not verify_sets.is_witness(rec, 0, sq)
    swapped = [row[:] for row in sq]
    swapped[0], swapped[1] = swapped[1], swapped[0]
    for i, (a, b, c, d) in enumerate(rec["lt"]):
        if swapped[a][b] < swapped[c][d]:  # keeps relation i: no witness for dropping it
            assert not verify_sets.is_witness(rec, i, swapped)
    broken = [row[:] for row in sq]
    broken[0][0] = broken[0][1]
    assert not any(verify_sets.is_witness(rec, i, broken) for i in range(len(rec["lt"])))
    assert verify_sets.parse_square("1 2/2 x", 2) is None
    print("ok")


if __name__ == "__main__":
    main()
