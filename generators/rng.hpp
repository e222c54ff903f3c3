// Random draws for the generators, with our own algorithms on top of std::mt19937_64 (whose
// output sequence the standard fixes). std::uniform_int_distribution and std::shuffle are
// implementation-defined, so using them would make "same seed → same instance" depend on the
// standard library; these helpers make it hold on every machine.
#pragma once

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace futolab::gen {

// Uniform in [0, bound), bound >= 1. Rejection removes the modulo bias: raw draws below
// 2^64 mod bound are thrown away, so the accepted range is a whole number of periods.
inline std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t bound) {
    const std::uint64_t threshold = (0 - bound) % bound;  // == 2^64 mod bound
    for (;;) {
        const std::uint64_t x = rng();
        if (x >= threshold) return x % bound;
    }
}

// True with probability p: a 53-bit uniform double in [0, 1) compared with p.
inline bool coin(std::mt19937_64& rng, double p) {
    return static_cast<double>(rng() >> 11) * 0x1.0p-53 < p;
}

// Fisher–Yates (Knuth, TAOCP vol. 2, Algorithm P).
template <class T>
void shuffle(std::vector<T>& items, std::mt19937_64& rng) {
    for (std::size_t i = items.size(); i > 1; --i) {
        const std::size_t j = uniform_below(rng, i);
        std::swap(items[i - 1], items[j]);
    }
}

inline std::vector<int> random_permutation(int n, std::mt19937_64& rng) {
    std::vector<int> perm(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) perm[static_cast<std::size_t>(i)] = i;
    shuffle(perm, rng);
    return perm;
}

}  // namespace futolab::gen
