// Bit counting for the 64-bit value sets (domains) every bitset backend uses.
#pragma once

#include <bit>
#include <cstdint>

namespace futolab {

// Number of set bits. Without -mpopcnt (the portable -O2 default) std::popcount becomes a
// call into libgcc; the inline SWAR count (Warren, Hacker's Delight, §5-1) is several times
// cheaper. -march=native (FUTOLAB_NATIVE) defines __POPCNT__ and gets the instruction.
constexpr int count_bits(std::uint64_t x) {
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
    return std::popcount(x);
#else
    x -= (x >> 1) & 0x5555555555555555u;
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return static_cast<int>((x * 0x0101010101010101u) >> 56);
#endif
}

}  // namespace futolab
