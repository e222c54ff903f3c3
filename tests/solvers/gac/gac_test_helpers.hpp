// Helpers shared by the gac tests: random planted instances, a brute-force solution counter
// and a brute-force propagation fixpoint, each written independently of the backend.
#pragma once

#include "core/instance.hpp"
#include "core/puzzle.hpp"

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

namespace futolab::gac::test {

using Domains = std::vector<std::uint64_t>;

// A random Latin square (a cyclic square with rows, columns and symbols shuffled), row-major.
std::vector<int> random_latin_square(std::mt19937_64& rng, int n);

// Givens and relations planted from a random Latin square: each cell given with probability
// p_given, each adjacent pair related with p_rel, oriented as the square orients it. With
// `noise`, about one clue in ten is corrupted (a wrong value, a reversed relation), so some
// instances are unsatisfiable. Instances whose relations form a cycle are drawn again.
Puzzle random_puzzle(std::mt19937_64& rng, int n, double p_given, double p_rel, bool noise);

Instance make_instance(int n, const std::vector<std::vector<int>>& givens, const std::vector<std::vector<int>>& lt);

// Solutions by plain backtracking over all n^n^2 fillings (n ≤ 4), counted up to `limit`.
std::uint64_t brute_force_count(const Puzzle& puzzle, std::uint64_t limit);

// The largest common fixpoint of GAC on every row/column (enumerating its permutations when
// `alldiff_gac`, else arc consistency on each pairwise ≠) and on every relation, from `d`,
// by naive iteration; with `cube`, also GAC on each value's rows-to-columns alldifferent (the
// Latin cube's third face: the rows holding a value take distinct columns), by enumerating
// its permutations too. nullopt if some domain empties.
std::optional<Domains> naive_fixpoint(const Puzzle& puzzle, Domains d, bool alldiff_gac, bool cube = false);

// What a light probe propagates (engine.hpp, ProbeOptions::light): arc consistency of every
// pairwise ≠, the hidden-single rule on every line (a value with no place fails, a value with
// one place is taken there) and bounds on every relation, to their common fixpoint by naive
// iteration. nullopt on a failure.
std::optional<Domains> naive_light_fixpoint(const Puzzle& puzzle, Domains d);

// Singleton arc consistency with light probes over GAC: the largest domains at the GAC
// fixpoint (naive_fixpoint) in which no value x = v makes naive_light_fixpoint fail. The
// reference for the engine's sac=root,sac_probe=light,sac_sweeps=0. nullopt on a failure.
std::optional<Domains> naive_light_sac(const Puzzle& puzzle, Domains d);

}  // namespace futolab::gac::test
