// The symmetry classes of Latin squares that the critical-set searches use (issue #15): the 16
// clue-preserving maps, the canonical form under them, and the classes of order n ≤ 5.
//
// The 16 maps are the 8 symmetries of the grid, each with or without the value reversal
// v → n+1−v (which reverses every relation); they send the clue sets of L to those of the
// image with the same h, k and unique completability (docs/critical.md). The group is fixed
// and has 16 elements, so the lexicographically smallest of the 16 images is an exact
// canonical form at the cost of 16 copies: a general graph-canonisation tool (nauty, bliss)
// would rediscover a group we already know and could not help more here.
#pragma once

#include <cstddef>
#include <vector>

namespace futolab {

constexpr int kMaxEnumeratedN = 5;  // every square in memory: 161 280 at n = 5

// Symmetry sym in 0..15: bit 0 flips rows, bit 1 flips columns, bit 2 transposes (applied
// first), bit 3 complements values.
std::vector<int> apply_symmetry(int n, const std::vector<int>& square, int sym);

// The smallest of the 16 images of the square.
std::vector<int> canonical_square(int n, const std::vector<int>& square);
// 16 / |stabiliser|: how many Latin squares the class of `square` holds.
int orbit_size(int n, const std::vector<int>& square);

struct SquareClass {
    std::vector<int> square;  // canonical (the smallest of its orbit)
    int orbit = 0;            // squares in the class
};

// Every class of order n ≤ kMaxEnumeratedN in lexicographic order of the representatives
// (class index = position). Throws InputError for other n.
std::vector<SquareClass> square_classes(int n);

// square_classes(n).size() without enumerating them (n = 5: 161 280 squares): 1, 2, 70, 10 192
// for n = 2..5, so a config's `classes:` range is checked as it is read, naming its key.
// Throws InputError for other n, as square_classes does.
std::size_t square_class_count(int n);

}  // namespace futolab
