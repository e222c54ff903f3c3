// A clue set of a square of order n ≤ 6 as a 128-bit mask over the clue universe (SPEC §1,
// the order of clue_universe.hpp: the n² numbers by cell, then the horizontal and the vertical
// comparisons). 6² + 2·6·5 = 96 ≤ 128; the exact search (exact.hpp) is limited to n ≤ 6.
#pragma once

#include <cstdint>
#include <vector>

namespace futolab::critical {

constexpr int kMaskBits = 128;

// Bit count without the POPCNT instruction (the portable build has none, and std::popcount
// then calls a library routine): the SWAR sum of Hacker's Delight, inlined in the hot loops.
constexpr int bit_count(std::uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

struct ClueMask {
    std::uint64_t lo = 0, hi = 0;

    bool test(int i) const { return ((i < 64 ? lo >> i : hi >> (i - 64)) & 1U) != 0; }
    void set(int i) { (i < 64 ? lo : hi) |= std::uint64_t{1} << (i % 64); }
    void reset(int i) { (i < 64 ? lo : hi) &= ~(std::uint64_t{1} << (i % 64)); }
    int count() const { return bit_count(lo) + bit_count(hi); }
    bool empty() const { return (lo | hi) == 0; }
    bool intersects(const ClueMask& o) const { return ((lo & o.lo) | (hi & o.hi)) != 0; }
    ClueMask operator&(const ClueMask& o) const { return {lo & o.lo, hi & o.hi}; }
    ClueMask operator|(const ClueMask& o) const { return {lo | o.lo, hi | o.hi}; }
    bool operator==(const ClueMask&) const = default;

    // The clue indices in increasing order.
    std::vector<int> indices() const {
        std::vector<int> out;
        for (int i = 0; i < kMaskBits; ++i)
            if (test(i)) out.push_back(i);
        return out;
    }
    static ClueMask of(const std::vector<int>& indices) {
        ClueMask m;
        for (int i : indices) m.set(i);
        return m;
    }
    // The first `bits` clues.
    static ClueMask prefix(int bits) {
        ClueMask m;
        for (int i = 0; i < bits; ++i) m.set(i);
        return m;
    }
};

}  // namespace futolab::critical
