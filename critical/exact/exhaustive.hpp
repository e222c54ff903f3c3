// Exact minima over all critical sets of all Latin squares of a small order n (issue #4).
//
// A clue set S of L is uniquely completable iff every other Latin square M of order n violates
// some clue of S (the solutions of S are exactly the Latin squares satisfying S). So the
// cheapest uniquely completable set of L is a weighted set cover: the elements are the other
// squares, clue i of L covers the squares that violate it, weights are 2 per number and 3 per
// relation (or, for h = 0, 1 per relation and numbers forbidden). A minimum-weight uniquely
// completable set is critical: if a clue could be dropped keeping unique completability, the
// smaller set would be cheaper (weights are positive). Hence the minimum over uniquely
// completable sets equals the minimum over critical sets.
//
// The 16 maps (generators/latin/symmetry.hpp) that send Futoshiki clue sets to clue sets — the 8 symmetries of the square,
// each with or without the complement v → n+1−v (which reverses every relation) — preserve h,
// k and unique completability, so only one square per orbit is solved.
#pragma once

#include "critical/clue_universe.hpp"

#include <cstdint>
#include <vector>

namespace futolab::critical {

constexpr int kMaxExhaustiveN = 4;

struct ExactMinimum {
    bool found = false;  // false: no square has such a uniquely completable set
    int cost = 0;
    std::vector<int> square;
    ClueSet set;
};

struct ExhaustiveResult {
    int n = 0;
    std::size_t squares = 0;  // Latin squares of order n
    std::size_t classes = 0;  // orbits under the 16 symmetries (squares solved)
    ExactMinimum weighted;    // min 2h + 3k
    ExactMinimum relations;   // min k with h = 0
    std::uint64_t nodes = 0;  // branch-and-bound nodes over both problems
    double seconds = 0;
};

// Throws InputError unless 2 ≤ n ≤ kMaxExhaustiveN.
ExhaustiveResult exhaustive_minimum(int n);

}  // namespace futolab::critical
