// A lower bound on the zero-given minimum valid for EVERY square of order n (issue #15): no
// puzzle with h = 0 and exactly k relations has a unique solution ⇒ every zero-given
// uniquely completable set has more than k relations (a uniquely completable set with fewer
// would stay so with any of L's other relations added, up to k of them).
//
// The enumeration covers every puzzle up to the 16 clue-preserving symmetries (the grid's 8,
// each with or without the value reversal, which reverses every relation: generators/latin/symmetry.hpp):
// each set of k adjacent pairs that is the lexicographically smallest of its 8 images, with
// every orientation whose first relation points up (the reversal flips them all). A set
// leaving two rows untouched is skipped without search — swapping those rows maps every
// solution to another one — and likewise two columns. A puzzle whose relations form a
// directed cycle has no solution (checked by a graph search, not a solver). Every other
// puzzle gets two solutions, both checked here (Latin, every relation kept), so "not unique"
// rests on two checked squares, not on a solver's word: two squares of a fixed pool of
// distinct random squares (4096 up to n = 5, 16384 at n = 6; none the value reversal of
// another), each taken as it is or reversed, that order the puzzle's pairs its way; else a
// cheap backtracking for two squares (two_squares.hpp); else the complete search of the default
// oracle backend's search kernel (critical/oracle/solver_counterexample.hpp, kernel_solutions).
// A unique answer, and "no solution" without a cycle (a
// chain that forces a clash), are confirmed by a second backend: Gecode, another model and
// solver (fc, used before, took 3.6 ms per "no solution" at K = 7).
//
// Speed (issue #26: K = 8 at n = 6 is ~13× the puzzles of K = 7): the enumeration is orderly —
// a set's least pair must be the least of its orbit and no later pair's orbit may reach below
// it, so most non-canonical sets are never built — and the canonical test compares 64-bit
// masks; the pool is held transposed (one bit per square, 64 squares a word), the squares
// matching each orientation of a set's prefix are kept for the first 1024 squares and shared
// by all the prefix's extensions, and only an orientation still short of two squares there
// meets the rest. Shards split the enumeration tree at depth max(3, k − 3) (prefixes I,
// I + N, ... of the pruned tree), so a shard costs about 1/N of the whole, not the whole
// enumeration as before.
#pragma once

#include "core/instance.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>

namespace futolab::critical {

struct FewRelationsCount {
    std::uint64_t pair_sets = 0;       // canonical sets of k adjacent pairs
    std::uint64_t swap_skipped = 0;    // of those, skipped by the row/column swap argument
    std::uint64_t puzzles = 0;         // oriented puzzles counted to 2
    std::uint64_t cyclic = 0;          // of those, with a directed cycle (no solution)
    std::uint64_t multiple = 0;        // two distinct solutions found and checked
    std::uint64_t pool = 0;            // of those, two squares of the random pool (no search)
    std::uint64_t unsat = 0;           // no solution, no cycle: gac's search, confirmed by gecode
    std::uint64_t unique = 0;          // exactly one solution (gac, confirmed by gecode)
    std::optional<Instance> example;   // the first unique puzzle, if any
    double seconds = 0;                // wall
    double cpu_seconds = 0;            // CPU of the calling thread
};

// The random pool of order n (built once, ~0.5 s at n = 6; shared read-only by threads);
// nullptr for n ≤ 4, where every puzzle is searched.
struct FewRelationsPool;
std::shared_ptr<const FewRelationsPool> few_relations_pool(int n);

// The most relations counted (the enumeration's depth), and the most a square of order n has:
// k takes 1 to few_relations_max_k(n).
inline constexpr int kMaxFewRelations = 16;
constexpr int few_relations_max_k(int n) { return 2 * n * (n - 1) < kMaxFewRelations ? 2 * n * (n - 1) : kMaxFewRelations; }

// A count ended by its stop flag (the command's SIGINT, SIGTERM or SIGHUP): no count at all.
struct FewRelationsStopped : std::runtime_error {
    FewRelationsStopped() : std::runtime_error("the few-relations count was stopped") {}
};

// 2 ≤ n ≤ 6 (the pairs fit a 64-bit word), 1 ≤ k ≤ 16. unique == 0 proves: min k over all squares of order n is > k.
// shard/shards: only the subtrees under the prefixes (depth max(3, k − 3)) with index ≡ shard (mod shards),
// in enumeration order (the claim then needs every shard). pool: few_relations_pool(n), or
// nullptr to build it here. stop (may be null): polled at every pair set; once true, the count
// throws FewRelationsStopped.
FewRelationsCount few_relations(int n, int k, std::size_t shard = 0, std::size_t shards = 1,
                                std::shared_ptr<const FewRelationsPool> pool = nullptr,
                                const std::atomic<bool>* stop = nullptr);

}  // namespace futolab::critical
