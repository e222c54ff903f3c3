// Seeded, portable random draws for the critical-set search. std::uniform_int_distribution
// and std::shuffle are implementation-defined (libstdc++ and libc++ give different sequences),
// so a seed would not reproduce across standard libraries; these draws use only the raw
// std::mt19937_64 output, whose sequence the standard fixes.
#pragma once

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace futolab::critical {

// Uniform in [0, bound), bound > 0, by rejection: draws above the largest multiple of bound
// are redrawn, so every residue is equally likely (no modulo bias).
inline std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t bound) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    std::uint64_t x = rng();
    while (x >= limit) x = rng();
    return x % bound;
}

// Fisher–Yates (Knuth, TAOCP vol. 2, Algorithm 3.4.2 P) with the draws above.
template <class T>
void shuffle(std::vector<T>& v, std::mt19937_64& rng) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[uniform_below(rng, i)]);
}

// A seed for the i-th independent stream derived from one user seed (splitmix64 finaliser,
// Steele, Lea & Flood, OOPSLA 2014), so square i's search does not depend on how many draws
// the squares before it used.
inline std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t stream) {
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (stream + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace futolab::critical
