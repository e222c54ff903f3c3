// Seeded, portable random draws: the one random module of futolab. Only the raw
// std::mt19937_64 output is used, whose sequence the standard fixes;
// std::uniform_int_distribution and std::shuffle are implementation-defined (libstdc++ and
// libc++ give different sequences), so with them "same seed → same instance" would depend on
// the standard library. With these helpers it holds on every machine.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <utility>
#include <vector>

namespace futolab {

// splitmix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators",
// OOPSLA 2014): one step of the generator's state plus its finaliser, a bijective mixer.
constexpr std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

// The seed of the i-th independent stream of one user seed: splitmix64's i-th output, so
// stream i does not depend on how many draws the streams before it used.
constexpr std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t stream) {
    return splitmix64(seed + 0x9E3779B97F4A7C15ULL * stream);
}

// Uniform in [0, bound), bound >= 1. Rejection removes the modulo bias: raw draws below
// 2^64 mod bound are thrown away, so the accepted range is a whole number of periods. (A
// rejection happens with probability below bound / 2^64: practically never.)
inline std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t bound) {
    const std::uint64_t threshold = (0 - bound) % bound;  // == 2^64 mod bound
    for (;;) {
        const std::uint64_t x = rng();
        if (x >= threshold) return x % bound;
    }
}

// A uniform double in [0, 1) from 53 random bits.
inline double uniform01(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

// Uniform in [-half_width, half_width): a plot's jitter (one draw).
inline double uniform_symmetric(std::mt19937_64& rng, double half_width) {
    return (uniform01(rng) * 2.0 - 1.0) * half_width;
}

// An index in [0, n), n >= 1, by scaling a uniform01 draw: one draw, never rejected, with a
// bias below n / 2^53. The bootstrap resamples with it (analysis/bootstrap.cpp); it is not
// uniform_below because the committed reports' confidence intervals were drawn this way, and
// the same seed must keep giving the same intervals.
inline std::size_t scaled_index(std::mt19937_64& rng, std::size_t n) {
    return std::min(n - 1, static_cast<std::size_t>(uniform01(rng) * static_cast<double>(n)));
}

// True with probability p.
inline bool coin(std::mt19937_64& rng, double p) { return uniform01(rng) < p; }

// Fisher–Yates (Knuth, TAOCP vol. 2, §3.4.2, Algorithm P) over any random-access range with
// size() (a vector, or a std::span of part of an array).
template <class Range>
void shuffle(Range&& items, std::mt19937_64& rng) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[uniform_below(rng, i)]);
}

// A generator seeded on its first draw: seeding std::mt19937_64 fills 312 words, which a
// search whose options never draw (gac with val=min) should not pay per solve (1.4 % of a
// median puzzle's instructions, callgrind). The draws are those of std::mt19937_64(seed).
class LazyRng {
public:
    explicit LazyRng(std::uint64_t seed) : seed_(seed) {}
    std::mt19937_64& engine() {
        if (!engine_) engine_.emplace(seed_);
        return *engine_;
    }

private:
    std::uint64_t seed_;
    std::optional<std::mt19937_64> engine_;
};

// A uniform permutation of 0..n-1.
inline std::vector<int> random_permutation(int n, std::mt19937_64& rng) {
    std::vector<int> perm(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) perm[static_cast<std::size_t>(i)] = i;
    shuffle(perm, rng);
    return perm;
}

}  // namespace futolab
