// Latin squares for the exact critical-set search (issue #15): the canonical form under the
// 16 clue-preserving symmetries, the symmetry classes of order n ≤ 5, and the violation mask
// of one square against another.
//
// The 16 maps are the 8 symmetries of the grid, each with or without the value reversal
// v → n+1−v (which reverses every relation); they send the clue sets of L to those of the
// image with the same h, k and unique completability (docs/critical.md). The group is fixed
// and has 16 elements, so the lexicographically smallest of the 16 images is an exact
// canonical form at the cost of 16 copies: a general graph-canonisation tool (nauty, bliss)
// would rediscover a group we already know and could not help more here.
#pragma once

#include "critical/clue_mask.hpp"

#include <cstdint>
#include <vector>

namespace futolab::critical {

constexpr int kMaxExactN = 6;          // ClueMask holds 128 bits (n = 6: 96 clues)
constexpr int kMaxWideN = 9;           // WideClueMask holds 256 bits (n = 9: 225 clues)
constexpr int kMaxEnumeratedN = 5;     // every square in memory: 161 280 at n = 5

// The smallest of the 16 images of the square (exhaustive.hpp: apply_symmetry).
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

// The clues of L (its universe, clue_universe.hpp) that M violates: the cells where M differs
// and the adjacent pairs M orders the other way. n ≤ kMaxExactN.
ClueMask violation_mask(int n, const std::vector<int>& L, const std::vector<int>& M);
// The same in a mask of either width (ClueMask: n ≤ kMaxExactN, WideClueMask: n ≤ kMaxWideN).
template <class Mask>
Mask violation_mask_as(int n, const std::vector<int>& L, const std::vector<int>& M);

// All Latin squares of one order, packed so that the violation mask against any L costs a
// few word operations per square: the cells of each value and the orientation of every
// adjacent pair as bit masks.
class SquareTable {
public:
    explicit SquareTable(int n);  // n ≤ kMaxEnumeratedN
    int n() const { return n_; }
    std::size_t size() const { return squares_.size(); }
    const std::vector<int>& square(std::size_t i) const { return squares_[i]; }
    // violation_mask(L, square i) for every i, in table order (L itself gives an empty mask).
    std::vector<ClueMask> violations(const std::vector<int>& L) const;
    // How many squares no other square shares all 2n(n−1) adjacent comparisons with: the
    // squares a zero-given puzzle can determine (P(U) = this / size()).
    std::size_t determined_by_relations() const;

private:
    struct Packed {
        std::vector<std::uint64_t> cells_of_value;  // [v-1]: cells holding v
        std::uint64_t less = 0;                     // bit p: pair p has value(a) < value(b)
    };
    Packed pack(const std::vector<int>& sq) const;

    int n_;
    std::vector<std::vector<int>> squares_;
    std::vector<Packed> packed_;
};

}  // namespace futolab::critical
