#!/usr/bin/env python3
"""Checks of families.py and structured_table.py (issues #42, #47).

  python3 -m unittest results/critical/per-square/test_structured.py
"""
import math
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import families  # noqa: E402
import structured_table  # noqa: E402


def is_latin(sq):
    n = len(sq)
    want = set(range(1, n + 1))
    return all(set(row) == want for row in sq) and all(set(col) == want for col in zip(*sq))


def relations(sq):
    """Every adjacent pair of cells with its order in sq: ((r1, c1), (r2, c2), r1c1 < r2c2)."""
    n = len(sq)
    for r in range(n):
        for c in range(n):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < n and c2 < n:
                    yield (r, c), (r2, c2), sq[r][c] < sq[r2][c2]


class Families(unittest.TestCase):
    def test_classes_partition_the_family(self):
        for n in range(4, 13):
            sizes = [size for _, size in families.affine_classes(n)]
            self.assertEqual(sum(sizes), len(families.units(n)) ** 2 * n, n)
            self.assertTrue(all(size in (1, 2, 4, 8, 16) for size in sizes), n)

    def test_images_are_latin_affine_and_keep_adjacent_orders(self):
        n = 7
        sq = families.affine(n, 1, 3, 2)
        images = families.symmetries(sq)
        self.assertEqual(len(images), 16)
        for im in images:
            self.assertTrue(is_latin(im))
            self.assertIsNotNone(families.parameters(im))
        # the multiset of (values on a pair, ordered or not) is kept by grid maps
        pairs = sorted(sorted((sq[a[0]][a[1]], sq[b[0]][b[1]])) for a, b, _ in relations(sq))
        for im in families.dihedral(sq):
            self.assertEqual(pairs, sorted(sorted((im[a[0]][a[1]], im[b[0]][b[1]]))
                                           for a, b, _ in relations(im)))

    def test_shift_s_and_one_minus_s_are_one_class(self):
        for n in range(4, 17):
            for s in range(n):
                orbit = {families.parameters(im) for im in families.symmetries(families.affine(n, 1, 1, s))}
                self.assertIn((1, 1, (1 - s) % n), orbit)

    def test_no_unit_step_means_a_second_solution(self):
        """a, b not ±1: swapping v and v + 1 keeps every relation of L (README's argument)."""
        n = 7
        sq = families.affine(n, 2, 3, 1)
        swapped = [[2 if x == 1 else 1 if x == 2 else x for x in row] for row in sq]
        self.assertTrue(is_latin(swapped))
        self.assertNotEqual(swapped, sq)
        self.assertEqual([o for _, _, o in relations(sq)], [o for _, _, o in relations(swapped)])
        self.assertTrue(math.gcd(2, n) == 1 and math.gcd(3, n) == 1)


class Table(unittest.TestCase):
    def test_v_profile(self):
        self.assertEqual(structured_table.v_split([4, 3, 2, 1, 1, 2, 3]), 4)
        self.assertEqual(structured_table.v_split([3, 2, 1, 1, 2, 3, 4]), 3)
        self.assertIsNone(structured_table.v_split([2, 2, 2, 3, 3, 3, 3]))

    def test_profile_counts_value_pairs_and_the_wrap(self):
        rec = {"n": 4, "solution": families.affine(4, 1, 1, 0),
               "lt": [[0, 0, 0, 1], [1, 3, 0, 3], [1, 0, 2, 0]]}
        d, wrap, hor, ver = structured_table.profile(4, rec)
        self.assertEqual((d, wrap, hor, ver), ([1, 1, 0], 1, 1, 2))


if __name__ == "__main__":
    unittest.main()
