#!/usr/bin/env python3
"""The structured squares of issues #42 (item 1) and #47 (item 1), as `--square` text.

  python3 families.py affine N    one line per class: name, class size, square
  python3 families.py shifts N    every shifted cyclic square (r + c + s) mod N + 1, s = 0..N-1:
                                  name, name of its class representative, square

The affine family is every square L(r, c) = (a·r + b·c + s) mod n + 1 with a, b units mod n
and any shift s. It holds the back-circulant (cyclic) square (a = b = 1), the circulant
(a = -1, b = 1), their shifts, transposes (a <-> b) and reversals (a -> -a or b -> -b), and the
isotopes that multiply rows or columns by a unit. It is listed up to the 16 maps of
SYMMETRIES (the grid's dihedral group, with and without the value reversal v -> n + 1 - v);
each of them maps a zero-given uniquely completable critical set of L to one of the image
with the same number of relations, so every square of a class has the same minimum k
(README.md, "Structured squares"). The class representative is the image with the smallest
(a, b, s); a map's image is recomputed as a square and checked to be affine again, so the
reduction does not rest on the algebra in the README.
"""
import math
import sys

from squares import square


def affine(n, a, b, s):
    return [[(a * r + b * c + s) % n + 1 for c in range(n)] for r in range(n)]


def text(sq):
    return "/".join(" ".join(str(v) for v in row) for row in sq)


def transpose(sq):
    return [list(col) for col in zip(*sq)]


def flip_rows(sq):
    return sq[::-1]


def reverse_values(sq):
    n = len(sq)
    return [[n + 1 - v for v in row] for row in sq]


def dihedral(sq):
    """The 8 images of the grid's dihedral group: rows reversed, transposed, both, ..."""
    out, cur = [], sq
    for _ in range(4):  # four rotations (a rotation is a transpose then a row reversal)
        out += [cur, transpose(cur)]
        cur = flip_rows(transpose(cur))
    return out


def symmetries(sq):
    """The 16 images: the dihedral group, then each with the values reversed."""
    images = dihedral(sq)
    return images + [reverse_values(im) for im in images]


def parameters(sq):
    """(a, b, s) of an affine square, or None if the square is not affine."""
    n = len(sq)
    s = sq[0][0] - 1
    a = (sq[1][0] - sq[0][0]) % n
    b = (sq[0][1] - sq[0][0]) % n
    return (a, b, s) if affine(n, a, b, s) == sq else None


def units(n):
    return [u for u in range(1, n) if math.gcd(u, n) == 1]


def affine_classes(n):
    """[(representative (a, b, s), class size)] in order of the representative."""
    seen, classes = set(), []
    for a in units(n):
        for b in units(n):
            for s in range(n):
                if (a, b, s) in seen:
                    continue
                orbit = {parameters(im) for im in symmetries(affine(n, a, b, s))}
                if None in orbit:
                    sys.exit(f"n={n} a={a} b={b} s={s}: an image is not affine")
                seen |= orbit
                classes.append((min(orbit), len(orbit)))
    return sorted(classes)


def name(n, a, b, s):
    return f"n{n}-a{a}b{b}s{s}"


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("affine", "shifts"):
        sys.exit("usage: families.py affine|shifts N")
    n = int(sys.argv[2])
    if sys.argv[1] == "affine":
        for (a, b, s), size in affine_classes(n):
            print(f"{name(n, a, b, s)}\t{size}\t{text(affine(n, a, b, s))}")
    else:
        for s in range(n):
            rep = min(parameters(im) for im in symmetries(affine(n, 1, 1, s)))
            print(f"{name(n, 1, 1, s)}\t{name(n, *rep)}\t{square(n, lambda r, c: r + c + s)}")


if __name__ == "__main__":
    main()
