// Bitset domains for the `gac` backend. n ≤ 64, so a cell's domain is one 64-bit word:
// bit v−1 set ⇔ value v is still possible. Every operation is a handful of instructions
// (popcount, count-trailing-zeros), which is what lets propagation at every node stay cheap.
#pragma once

#include "solvers/bits.hpp"

#include <bit>
#include <cstdint>

namespace futolab::gac {

using Dom = std::uint64_t;

constexpr Dom bit(int index) { return Dom{1} << index; }          // index = value − 1
// The number of values (solvers/bits.hpp says why not std::popcount).
constexpr int size(Dom d) { return count_bits(d); }
// For sets expected to be small (values removed by one narrowing): one step per element.
constexpr int size_sparse(Dom d) {
    int k = 0;
    for (; d != 0; d &= d - 1) ++k;
    return k;
}
constexpr bool is_singleton(Dom d) { return d != 0 && (d & (d - 1)) == 0; }
constexpr bool has(Dom d, int index) { return (d >> index) & 1; }
constexpr int lowest(Dom d) { return std::countr_zero(d); }        // min index, d ≠ 0
constexpr int highest(Dom d) { return 63 - std::countl_zero(d); }  // max index, d ≠ 0
// Indices 0..k−1 (k ≤ 64).
constexpr Dom first_k(int k) { return k >= 64 ? ~Dom{0} : bit(k) - 1; }
// Indices lo..hi inclusive (0 ≤ lo ≤ hi ≤ 63); empty if lo > hi.
constexpr Dom range(int lo, int hi) { return lo > hi ? Dom{0} : first_k(hi + 1) & ~first_k(lo); }
// Indices strictly above / below one index.
constexpr Dom above(int index) { return index >= 63 ? Dom{0} : ~first_k(index + 1); }
constexpr Dom below(int index) { return first_k(index); }

// The k-th (0-based) set index of d, k < size(d).
inline int nth(Dom d, int k) {
    for (; k > 0; --k) d &= d - 1;
    return lowest(d);
}

}  // namespace futolab::gac
