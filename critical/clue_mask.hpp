// A clue set of a square as a bit mask over the clue universe (SPEC §1, the order of
// clue_universe.hpp: the n² numbers by cell, then the horizontal and the vertical
// comparisons), `Words` 64-bit words wide.
//
// Two widths: ClueMask (128 bits) holds n ≤ 6 (6² + 2·6·5 = 96 clues) and is what the search
// over symmetry classes uses; WideClueMask (256 bits) holds n ≤ 9 (81 + 144 = 225 clues) for
// the per-square search (critical/exact/exact_square.hpp). A template, not one 256-bit mask for all: the
// branch and bound spends its time in these word operations, and at n ≤ 6 the upper two
// words would only double them. The word loops have a constant trip count and unroll.
#pragma once

#include <cstdint>
#include <vector>

namespace futolab::critical {

// Bit count without the POPCNT instruction (the portable build has none, and std::popcount
// then calls a library routine): the SWAR sum of Hacker's Delight, inlined in the hot loops.
constexpr int bit_count(std::uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

template <int Words>
struct BasicClueMask {
    static constexpr int kWords = Words;
    static constexpr int kBits = 64 * Words;
    std::uint64_t w[Words] = {};

    bool test(int i) const { return ((w[i / 64] >> (i % 64)) & 1U) != 0; }
    void set(int i) { w[i / 64] |= std::uint64_t{1} << (i % 64); }
    void reset(int i) { w[i / 64] &= ~(std::uint64_t{1} << (i % 64)); }
    int count() const {
        int c = 0;
        for (int j = 0; j < Words; ++j) c += bit_count(w[j]);
        return c;
    }
    bool empty() const {
        std::uint64_t any = 0;
        for (int j = 0; j < Words; ++j) any |= w[j];
        return any == 0;
    }
    bool intersects(const BasicClueMask& o) const {
        std::uint64_t any = 0;
        for (int j = 0; j < Words; ++j) any |= w[j] & o.w[j];
        return any != 0;
    }
    BasicClueMask operator&(const BasicClueMask& o) const {
        BasicClueMask m;
        for (int j = 0; j < Words; ++j) m.w[j] = w[j] & o.w[j];
        return m;
    }
    BasicClueMask operator|(const BasicClueMask& o) const {
        BasicClueMask m;
        for (int j = 0; j < Words; ++j) m.w[j] = w[j] | o.w[j];
        return m;
    }
    // This mask without the clues of o.
    BasicClueMask minus(const BasicClueMask& o) const {
        BasicClueMask m;
        for (int j = 0; j < Words; ++j) m.w[j] = w[j] & ~o.w[j];
        return m;
    }
    bool operator==(const BasicClueMask&) const = default;

    // The clue indices in increasing order.
    std::vector<int> indices() const {
        std::vector<int> out;
        for (int j = 0; j < Words; ++j)
            for (std::uint64_t x = w[j]; x != 0; x &= x - 1) out.push_back(64 * j + bit_count((x & (~x + 1)) - 1));
        return out;
    }
    static BasicClueMask of(const std::vector<int>& indices) {
        BasicClueMask m;
        for (int i : indices) m.set(i);
        return m;
    }
    // The first `bits` clues.
    static BasicClueMask prefix(int bits) {
        BasicClueMask m;
        for (int i = 0; i < bits; ++i) m.set(i);
        return m;
    }
    // The same clues in a mask of another width (clues beyond its width are dropped).
    template <class Other>
    Other as() const {
        Other m;
        for (int j = 0; j < Words && j < Other::kWords; ++j) m.w[j] = w[j];
        return m;
    }
};

using ClueMask = BasicClueMask<2>;
using WideClueMask = BasicClueMask<4>;
constexpr int kMaskBits = ClueMask::kBits;

}  // namespace futolab::critical
