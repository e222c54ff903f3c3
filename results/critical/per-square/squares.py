#!/usr/bin/env python3
"""The structured squares of the per-square runs (issue #26 item 2), as `--square` text.

  cyclic N      L[r][c] = (r + c) mod n + 1 (back-circulant: constant on anti-diagonals)
  shift N S     L[r][c] = (r + c + S) mod n + 1: an isotope of the cyclic square (rows
                shifted) that the 16 clue-preserving maps do not reach, so its relations differ
  circulant N   L[r][c] = (c - r) mod n + 1 (constant on diagonals)
"""
import sys


def square(n, f):
    return "/".join(" ".join(str(f(r, c) % n + 1) for c in range(n)) for r in range(n))


def main():
    kind, n = sys.argv[1], int(sys.argv[2])
    if kind == "cyclic":
        print(square(n, lambda r, c: r + c))
    elif kind == "shift":
        s = int(sys.argv[3])
        print(square(n, lambda r, c: r + c + s))
    elif kind == "circulant":
        print(square(n, lambda r, c: c - r))
    else:
        sys.exit(f"unknown kind {kind}")


if __name__ == "__main__":
    main()
