// The squares of the exact critical-set search (issue #15): the violation mask of one square
// against another, and the table of all squares packed for it. The symmetry classes these
// searches walk are generators/latin/symmetry.hpp.
#pragma once

#include "critical/clue_mask.hpp"
#include "generators/latin/symmetry.hpp"

#include <cstdint>
#include <vector>

namespace futolab::critical {

constexpr int kMaxExactN = 6;          // ClueMask holds 128 bits (n = 6: 96 clues)
constexpr int kMaxWideN = 9;           // WideClueMask holds 256 bits (n = 9: 225 clues)

// The clues of L (its universe, critical/clue_universe.hpp) that M violates: the cells where M differs
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
