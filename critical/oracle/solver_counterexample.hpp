// Counterexamples without the table of all squares (issue #15, n = 6): the same question as
// TableOracle (counterexample.hpp) — a Latin square M ≠ L satisfying every clue of a candidate
// S — answered by search over the `gac` engine (solvers/gac/engine.hpp: GAC on the rows and
// columns, bounds on the relations) instead of a pass over 812 851 200 squares.
//
// Two searches per query:
//  1. find: depth-first over the puzzle of S's clues, L's value tried first at every cell, so
//     the first leaf is L itself and the next ones differ from L only in the cells decided
//     last: M comes out close to L, its violated set small. No M: S is uniquely completable.
//  2. shrink: every square M' whose violated set lies inside V = violation_mask(L, M) solves
//     the puzzle of all L's clues outside V (which contains S, since S avoids V). That puzzle
//     is nearly solved — only V's cells are open — so all its solutions are enumerated, and
//     the smallest non-empty violated set among them is inclusion-minimal (a square violating
//     a proper subset of it would be a solution too, and smaller): the strongest cut, as the
//     table oracle's, for one small extra search.
// Every M returned is checked independently (a Latin square, ≠ L, satisfying S) and a
// failure throws: a solver bug must not become a wrong minimum.
#pragma once

#include "core/puzzle.hpp"
#include "critical/oracle/counterexample.hpp"
#include "solvers/kernel.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace futolab::critical {

// Up to `limit` solutions of a puzzle, by the kernel's enumeration (smallest domain first,
// values in increasing order); not verified here — callers check them. nodes (if given) is
// increased by the search nodes.
std::vector<std::vector<int>> kernel_solutions(SearchKernel& kernel, const Puzzle& p, std::size_t limit,
                                               std::uint64_t* nodes = nullptr);

struct SolverOracleStats {
    std::uint64_t queries = 0;  // find() calls
    std::uint64_t nodes = 0;    // search nodes over all searches (find and shrink)
    std::uint64_t shrunk = 0;   // counterexamples whose set the shrink made smaller
    std::uint64_t shrunk_clues = 0;  // clues removed by shrinking, summed
};

// Over either mask width (critical/clue_mask.hpp): SolverOracle (n ≤ kMaxExactN) or
// BasicSolverOracle<WideClueMask> (n ≤ kMaxWideN, the per-square search).
template <class Mask>
class BasicSolverOracle {
public:
    using Found = BasicCounterexample<Mask>;
    // L a Latin square of order n, n² + 2n(n−1) ≤ Mask::kBits. shrink: run step 2 on every
    // counterexample.
    BasicSolverOracle(int n, std::vector<int> L, bool shrink = true);

    std::optional<Found> find(const Mask& set);
    // Step 2 alone: an inclusion-minimal unavoidable set inside m.violated, with its square.
    Found shrink(Found m);

    const SolverOracleStats& stats() const { return stats_; }
    std::uint64_t queries() const { return stats_.queries; }

private:
    void check(const Found& m, const Mask& set) const;

    int n_;
    std::vector<int> L_;
    bool shrink_;
    SolverOracleStats stats_;
    std::unique_ptr<SearchKernel> kernel_;  // the default oracle backend's (solvers/run/oracle.hpp)
};
using SolverOracle = BasicSolverOracle<ClueMask>;

}  // namespace futolab::critical
