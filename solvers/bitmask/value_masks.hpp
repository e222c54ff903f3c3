// Sets of values as 64-bit masks (n <= 64): value v is bit v - 1. Shared by `bitmask` and
// `fc`, which both test and prune values a word at a time.
#pragma once

#include <bit>
#include <cstdint>

namespace futolab::bitmask {

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

// The number of values in a set. Without POPCNT in the target (-mpopcnt is not in the default
// x86-64 flags) std::popcount is a call into libgcc; this inline SWAR count is several times
// faster there.
constexpr int count_values(ValueSet x) {
#ifdef __POPCNT__
    return std::popcount(x);
#else
    x -= (x >> 1) & 0x5555555555555555u;
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return static_cast<int>((x * 0x0101010101010101u) >> 56);
#endif
}

}  // namespace futolab::bitmask
