// The search kit: sets of values as 64-bit masks (n <= 64), value v is bit v - 1. Used by
// `bitmask` and `fc`, which both test and prune values a word at a time.
#pragma once

#include "solvers/bits.hpp"

#include <bit>
#include <cstdint>

namespace futolab::kit {

using ValueSet = std::uint64_t;

constexpr ValueSet value_bit(int v) { return ValueSet{1} << (v - 1); }

// The values 1..k (empty for k <= 0; all 64 for k >= 64, where a shift would be undefined).
constexpr ValueSet values_up_to(int k) {
    return k <= 0 ? 0 : k >= 64 ? ~ValueSet{0} : (ValueSet{1} << k) - 1;
}

// The values lo..hi.
constexpr ValueSet value_range(int lo, int hi) { return values_up_to(hi) & ~values_up_to(lo - 1); }

// The values of 1..n a cell may take when it must be smaller (greater) than a cell holding w.
constexpr ValueSet values_below(int w) { return values_up_to(w - 1); }
constexpr ValueSet values_above(int w, int n) { return value_range(w + 1, n); }

// The number of values in a set (solvers/bits.hpp says why not std::popcount).
constexpr int count_values(ValueSet x) { return count_bits(x); }

}  // namespace futolab::kit
