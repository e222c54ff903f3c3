// Squares for the critical-set tests, built here (not by generators/) so the tests do not
// depend on the sampler under test elsewhere.
#pragma once

#include "critical/squares.hpp"

#include <random>
#include <vector>

namespace futolab::critical::test {

inline std::vector<int> test_square(int n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    return random_isotope(n, rng);
}

}  // namespace futolab::critical::test
