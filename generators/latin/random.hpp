// Random Latin squares (issue #4). Two samplers:
//  - jacobson_matthews (default): the Markov chain of Jacobson & Matthews, "Generating
//    uniformly distributed random Latin squares", J. Combin. Designs 4(6), 1996 — ±1 moves on
//    the incidence cube through improper states; uniform in the limit. Starts from a random
//    isotope of the cyclic square and runs `steps` steps (default n³), a step being one move
//    from a proper state plus the improper moves until the state is proper again — so at
//    least `steps` moves (random.cpp explains why it is sampled at proper states).
//  - shuffle_cyclic: rows, columns and symbols of the cyclic square permuted at random — fast
//    but biased (it reaches only the isotopes of the cyclic square), kept for comparison.
#pragma once

#include "core/vocabulary.hpp"

#include <array>
#include <cstdint>
#include <random>
#include <string_view>
#include <vector>

namespace futolab {

enum class LatinSampler { jacobson_matthews, shuffle_cyclic };

struct SamplerWord {
    LatinSampler value;
    std::string_view name;   // written and offered (`--sampler`, `sampler:`)
    std::string_view help;
};

inline constexpr std::array<SamplerWord, 2> kLatinSamplers{{
    {LatinSampler::jacobson_matthews, "jm", "uniform, Jacobson-Matthews"},
    {LatinSampler::shuffle_cyclic, "shuffle", "the cyclic square's rows, columns, symbols shuffled: fast, biased"},
}};

std::string_view latin_sampler_name(LatinSampler sampler);

// A Latin square of order n (row-major, values 1..n). steps = 0: the default (n³ steps, so at
// least n³ moves of the chain; ignored by shuffle_cyclic).
std::vector<int> random_latin_square(int n, std::mt19937_64& rng, LatinSampler sampler = LatinSampler::jacobson_matthews,
                                     std::uint64_t steps = 0);

// The cyclic square with rows, columns and symbols permuted uniformly at random. Biased over
// all Latin squares (it reaches only the isotopes of the cyclic group table); the unbiased
// sampler is random_latin_square (Jacobson–Matthews), which the CLI uses.
std::vector<int> random_isotope(int n, std::mt19937_64& rng);

}  // namespace futolab
