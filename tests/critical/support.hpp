// Squares for the critical-set tests: random isotopes of the cyclic square, not the
// Jacobson–Matthews chain, so the tests do not depend on the sampler tested elsewhere.
#pragma once

#include "generators/latin/random.hpp"

#include <random>
#include <vector>

namespace futolab::critical::test {

inline std::vector<int> test_square(int n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    return random_isotope(n, rng);
}

}  // namespace futolab::critical::test
