#!/usr/bin/env python3
"""Checks of check_construction.py: every committed certificate passes with --law; tampered
copies fail (a witness exchanging other lines, a relation reversed, a relation and its witness
dropped so that propagation no longer fixes L, the law's count with a split set); malformed
ones exit 2 naming the file.

  python3 results/critical/construction/test_check_construction.py
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run(head, *extra):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "x.cert")
        with open(path, "w") as f:
            f.write(json.dumps(head) + "\n" + json.dumps({"drat": "0\n"}) + "\n")
        done = subprocess.run([sys.executable, os.path.join(HERE, "check_construction.py"), *extra, path],
                              capture_output=True, text=True, check=False)
    return done.returncode, done.stdout + done.stderr


def main():
    certs = sorted(glob.glob(os.path.join(HERE, "certificates", "n*.cert")))
    assert len(certs) >= 29, f"expected the committed certificates n = 2..40, found {len(certs)}"
    done = subprocess.run([sys.executable, os.path.join(HERE, "check_construction.py"), "--law", *certs],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("unique and critical") == len(certs)

    with open(os.path.join(HERE, "certificates", "n9.cert")) as f:
        good = json.loads(f.readline())
    assert run(good, "--law")[0] == 0

    t = json.loads(json.dumps(good))
    t["witnesses"][0][2] = (t["witnesses"][0][2] + 1) % 9
    code, out = run(t)
    assert code == 1 and "witness 0" in out, out

    t = json.loads(json.dumps(good))
    r = t["relations"][4]
    t["relations"][4] = [r[2], r[3], r[0], r[1]]
    code, out = run(t)
    assert code == 1 and "relation 4 is not an order of L" in out, out

    t = json.loads(json.dumps(good))
    del t["relations"][7], t["witnesses"][7]
    code, out = run(t)
    assert code == 1 and "uniqueness not shown" in out, out
    code, out = run(t, "--law")
    assert code == 1 and "not floor(n^2/4)" in out, out

    t = json.loads(json.dumps(good))
    t["square"][0] = 0
    code, out = run(t)
    assert code == 2 and "x.cert:1" in out, out

    t = json.loads(json.dumps(good))
    t["relations"][0] = [0, 0, 2, 0]
    code, out = run(t)
    assert code == 2 and "not adjacent" in out, out

    t = json.loads(json.dumps(good))
    t["n"] = 9 + 2 ** 32
    code, out = run(t)
    assert code == 2 and "n:" in out, out
    print("check_construction.py: all checks passed")


if __name__ == "__main__":
    main()
