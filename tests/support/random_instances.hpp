// Small random Futoshiki instances for tests (header-only). A random Latin square is planted
// (the cyclic square with its rows, columns and symbols shuffled); each cell is kept as a given
// with probability p_given and each adjacent pair becomes a relation, oriented as the square
// orients it, with probability p_relation. So the instance is satisfiable (the planted square
// solves it) unless `perturb` changes one given to another value, which often makes it
// unsatisfiable. Relations stay acyclic either way, so Puzzle::compile accepts every instance.
//
// Randomness is std::mt19937_64 (fully specified by the standard) with the library's own
// Fisher-Yates shuffle and coin flips, so an instance depends only on its arguments, on any
// platform.
#pragma once

#include "core/instance.hpp"
#include "core/random.hpp"
#include "generators/latin/random.hpp"

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace futolab::test {

// The draws (coin flips, the planted square: the cyclic square with rows, columns and symbols
// shuffled) are the library's own (core/random.hpp, generators/latin/random.hpp).
inline int random_below(std::mt19937_64& rng, int bound) {
    return static_cast<int>(uniform_below(rng, static_cast<std::uint64_t>(bound)));
}

struct RandomInstanceSpec {
    int n = 4;
    double p_given = 0.3;
    double p_relation = 0.2;
    bool perturb = false;  // change one given (if any) to a different value
};

// The instance for (spec, seed); id "random-<n>-<seed>".
inline Instance random_instance(const RandomInstanceSpec& spec, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    const int n = spec.n;
    const std::vector<int> square = random_latin_square(n, rng, LatinSampler::shuffle_cyclic);
    Instance in;
    in.id = "random-" + std::to_string(n) + "-" + std::to_string(seed);
    in.source = "random_instances.hpp";
    in.n = n;
    for (int cell = 0; cell < n * n; ++cell)
        if (coin(rng, spec.p_given)) in.givens.push_back({cell / n, cell % n, square[cell]});
    auto maybe_relate = [&](int a, int b) {
        if (!coin(rng, spec.p_relation)) return;
        if (square[a] > square[b]) std::swap(a, b);
        in.lt.push_back({a / n, a % n, b / n, b % n});
    };
    for (int cell = 0; cell < n * n; ++cell) {
        if (cell % n + 1 < n) maybe_relate(cell, cell + 1);
        if (cell + n < n * n) maybe_relate(cell, cell + n);
    }
    if (spec.perturb && !in.givens.empty()) {
        Given& g = in.givens[static_cast<std::size_t>(random_below(rng, static_cast<int>(in.givens.size())))];
        g.value = (g.value + random_below(rng, n - 1)) % n + 1;  // any value but the old one
    }
    return in;
}

// A spread of specs over seeds: n = 3..6, givens from none to dense (0.0..0.6), relations
// 0, 0.15 or 0.3, and every third seed with one given changed (often unsatisfiable).
inline RandomInstanceSpec mixed_spec(std::uint64_t seed) {
    RandomInstanceSpec spec;
    spec.n = 3 + static_cast<int>(seed % 4);
    spec.p_given = 0.1 * static_cast<double>(seed % 7);
    spec.p_relation = 0.15 * static_cast<double>(seed % 3);
    spec.perturb = seed % 3 == 0;
    return spec;
}

}  // namespace futolab::test
