// A lower bound on the zero-given minimum valid for EVERY square of order n (issue #15): no
// puzzle with h = 0 and exactly k relations has a unique solution ⇒ every zero-given
// uniquely completable set has more than k relations (a uniquely completable set with fewer
// would stay so with any of L's other relations added, up to k of them).
//
// The enumeration covers every puzzle up to the 16 clue-preserving symmetries (the grid's 8,
// each with or without the value reversal, which reverses every relation: exact_squares.hpp):
// each set of k adjacent pairs that is the lexicographically smallest of its 8 images, with
// every orientation whose first relation points up (the reversal flips them all). A set
// leaving two rows untouched is skipped without search — swapping those rows maps every
// solution to another one — and likewise two columns. A puzzle whose relations form a
// directed cycle has no solution (checked by a graph search, not a solver). Every other
// puzzle is searched for two solutions (the gac engine, solver_counterexample.hpp), and both
// are checked here (Latin, every relation kept): "not unique" rests on two checked squares,
// not on a solver's word. A unique answer, and "no solution" without a cycle (a chain that
// forces a clash), are confirmed by a second backend (`fc`). Most
// puzzles need no search at all: two squares of a fixed pool of 4096 distinct random squares
// (none the value reversal of another), each taken as it is or reversed, that order the
// puzzle's pairs its way are two solutions already.
#pragma once

#include "core/instance.hpp"

#include <cstdint>
#include <optional>

namespace futolab::critical {

struct FewRelationsCount {
    std::uint64_t pair_sets = 0;       // canonical sets of k adjacent pairs
    std::uint64_t swap_skipped = 0;    // of those, skipped by the row/column swap argument
    std::uint64_t puzzles = 0;         // oriented puzzles counted to 2
    std::uint64_t cyclic = 0;          // of those, with a directed cycle (no solution)
    std::uint64_t multiple = 0;        // two distinct solutions found and checked
    std::uint64_t pool = 0;            // of those, two squares of the random pool (no search)
    std::uint64_t unsat = 0;           // no solution, no cycle: gac's search, confirmed by fc
    std::uint64_t unique = 0;          // exactly one solution (gac, confirmed by fc)
    std::optional<Instance> example;   // the first unique puzzle, if any
    double seconds = 0;
};

// 2 ≤ n ≤ 6 (the pairs fit a 64-bit word), 1 ≤ k ≤ 16. unique == 0 proves: min k over all squares of order n is > k.
// shard/shards: only the canonical pair sets with index ≡ shard (mod shards), in enumeration
// order (the claim then needs every shard).
FewRelationsCount few_relations(int n, int k, std::size_t shard = 0, std::size_t shards = 1);

}  // namespace futolab::critical
