// Counterexamples for the lazy hitting-set search (issue #15): given a clue set S of L, a
// Latin square M ≠ L that satisfies every clue of S, if there is one. The clues of L that M
// violates form an *unavoidable set* (McGuire, Tugemann & Civario 2012, "There is no 16-clue
// Sudoku"; for Latin squares the non-L side of a trade, Bean): every uniquely completable set
// must hit it, and S does not.
#pragma once

#include "critical/clue_mask.hpp"
#include "critical/exact_squares.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace futolab::critical {

template <class Mask>
struct BasicCounterexample {
    std::vector<int> square;  // M
    Mask violated;            // the clues of L that M violates (never empty: M ≠ L)
};
using Counterexample = BasicCounterexample<ClueMask>;

// Every square of order n ≤ 5 in memory (SquareTable): one pass over the violation masks of L
// answers a query exactly, and returns the M whose violated set is smallest among those
// avoiding S. That set is inclusion-minimal (a square violating a proper subset would also
// avoid S and be smaller), so each query adds a minimal unavoidable set, the strongest cut.
class TableOracle {
public:
    TableOracle(const SquareTable& table, std::vector<int> L);
    std::optional<Counterexample> find(const ClueMask& set);
    // Up to `limit` inclusion-minimal unavoidable sets of L, smallest first: a seed for the
    // lazy search, which otherwise finds them one hitting-set solve at a time.
    std::vector<Counterexample> smallest_sets(std::size_t limit) const;
    std::uint64_t queries() const { return queries_; }

private:
    const SquareTable& table_;
    std::vector<int> L_;
    std::vector<ClueMask> violations_;
    std::uint64_t queries_ = 0;
};

}  // namespace futolab::critical
