// Planted random instances (issue #4, `futolab generate random`): a random Latin square L is
// drawn, then givens and relations are taken from L's clue universe (SPEC §1), so L always
// solves the instance. Givens: each cell independently with probability p, or exactly h cells
// chosen uniformly. Relations: each of the 2n(n−1) adjacent pairs independently with
// probability q, or exactly k pairs chosen uniformly; each oriented as L orients it.
//
// Deterministic per seed: the instance depends only on the spec and the seed, on any machine
// (std::mt19937_64 plus our own draws, core/random.hpp).
#pragma once

#include "core/instance.hpp"
#include "generators/latin/random.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace futolab {

struct RandomInstanceSpec {
    int n = 5;
    double p = 0.3;             // probability of a given, unless h is set
    std::optional<int> h;       // exact number of givens
    double q = 0.1;             // probability of a relation, unless k is set
    std::optional<int> k;       // exact number of relations
    LatinSampler sampler = LatinSampler::jacobson_matthews;
    std::uint64_t steps = 0;    // Jacobson–Matthews moves, 0 = n³
};

// Throws InputError for an out-of-range parameter (n outside 2..64, p/q outside [0, 1], h or k
// above the size of the universe).
void validate(const RandomInstanceSpec& spec);

// Id "random-n<n>-p<p>-q<q>-s<seed>" (p, q with 2 decimals; "h<h>" / "k<k>" when exact).
std::string random_instance_id(const RandomInstanceSpec& spec, std::uint64_t seed);

// The instance, with `solution` = L and `meta` = every parameter (kind, n, p or h, q or k,
// sampler, steps, seed).
Instance random_instance(const RandomInstanceSpec& spec, std::uint64_t seed);

// Shared with the unique generator: the 2n(n−1) adjacent pairs (right neighbours row-major,
// then down neighbours row-major) as LessThan oriented by `square`.
std::vector<LessThan> oriented_pairs(int n, const std::vector<int>& square);
std::vector<std::vector<int>> square_rows(int n, const std::vector<int>& square);

}  // namespace futolab
