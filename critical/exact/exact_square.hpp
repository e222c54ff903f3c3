// The exact minimum of one objective for ONE given square (issue #26 item 2): the lazy
// hitting-set search of exact.hpp with the solver oracle, for a square of order n ≤ 9
// (128-bit masks up to n = 6, 256-bit ones above: critical/clue_mask.hpp).
//
// Over all squares of an order the minimum needs every symmetry class (exact.hpp); for one
// square it is one class's search. At n ≥ 7 that search may not finish, so it is anytime: with
// a deadline it returns what it has proved, a lower bound (every cheaper clue set of the pool's
// hitting-set problem is refuted, and the pool's sets are unavoidable, so every uniquely
// completable set of L costs at least that), and the cheapest critical set it has found (an
// upper bound), made by completing a hitting set with counterexample clues and stripping it.
#pragma once

#include "critical/exact/exact.hpp"

#include <cstdint>
#include <vector>

namespace futolab::critical {

// An unavoidable set of L (clue indices) with the square M ≠ L that violates exactly it.
struct WitnessedSet {
    std::vector<int> square;
    std::vector<int> clues;
};

struct SquareOptimum {
    int n = 0;
    std::vector<int> square;  // L, row-major
    ExactObjective objective = ExactObjective::k_only;
    // exact: lower is the minimum, and `clues` attain it; or (feasible = false) no clue set
    // within the objective's clues determines L (k: L's comparisons do not determine it).
    bool exact = false;
    bool timed_out = false;
    int lower = 0;            // every uniquely completable set of L costs at least this
    bool feasible = false;    // a critical set was found: `clues`, costing `cost`
    int cost = 0;             // the upper bound (= lower when exact)
    std::vector<int> clues;   // its clue indices (critical/clue_universe.hpp order), critical
    std::uint64_t engine_calls = 0, nodes = 0, oracle_queries = 0, oracle_nodes = 0;
    std::size_t seeded = 0, unavoidable_sets = 0;
    std::vector<WitnessedSet> sets;  // the pool at the end: what a certificate stores a core of
    double seconds = 0, cpu_seconds = 0;  // wall and thread CPU time
};

// The minimum of `objective` (2h+3k, h+k, k or h; not frontier) over the uniquely completable
// clue sets of L, a Latin square of order 2 ≤ n ≤ kMaxWideN. Uses options.deadline (bounds
// then), shrink, cycle_seeds and probe_seeds; the engine is always the branch and bound.
// Throws InputError for n out of range or the frontier objective.
SquareOptimum exact_square(int n, const std::vector<int>& L, ExactObjective objective, const ExactOptions& options = {});

}  // namespace futolab::critical
