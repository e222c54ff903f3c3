// An incremental SAT uniqueness oracle for the clue sets of one square L (issue #16 §4): one
// CaDiCaL solver holds L's whole clue universe, each clue switched on by an assumption, so the
// ~n² + 2n(n−1) checks of a verification share one formula and everything CaDiCaL learned.
//
// The formula (no clue is a clause of its own; all are assumptions):
//   - the Latin square in the direct encoding with the extended ALO/AMO families (per cell,
//     row-value and column-value), as solvers/sat/encode.hpp states it (Lynce & Ouaknine 2006);
//   - order variables o(c, v) = "value(c) ≥ v" channelled to the direct ones, and for relation
//     clue j (a < b) the clauses s_j ∧ o(a, v) → o(b, v + 1): the order encoding of
//     Tamura et al. (2009), guarded by a selector s_j;
//   - one clause excluding L itself: some cell differs from L.
// A clue set S is uniquely completable iff the formula is unsatisfiable under the assumptions
// {x(c, L(c)) : number clue c ∈ S} ∪ {s_j : relation j ∈ S}, since L satisfies all its clues.
// A satisfying model is a second solution; it is read back and checked (Latin, ≠ L, every clue
// of S holds) before it is believed, so a "not unique" answer never rests on the SAT solver alone.
//
// Why incremental: a fresh count-to-2 at 12×12 rebuilds ~30 000 clauses and learns nothing
// from the previous check; here clauses learned under one assumption set stay valid for every
// other (they follow from the base formula): about 0.9 ms per check at 12×12 (verify.hpp).
#pragma once

#include "critical/clue_universe.hpp"

#include <cstdint>
#include <memory>

namespace CaDiCaL {
class Solver;
}

namespace futolab::critical {

class SatUniquenessOracle {
public:
    explicit SatUniquenessOracle(const ClueUniverse& u);
    ~SatUniquenessOracle();
    SatUniquenessOracle(const SatUniquenessOracle&) = delete;
    SatUniquenessOracle& operator=(const SatUniquenessOracle&) = delete;

    // Is L the only solution of the set? Throws std::runtime_error if the solver's second
    // solution is not one (a solver bug the caller must not hide) or the solver gives up.
    bool unique(const ClueSet& set);
    std::uint64_t checks() const { return checks_; }

private:
    int x(int cell, int value) const { return cell * n_ + value; }  // value 1..n
    int o(int cell, int value) const;                              // value 2..n
    int selector(int relation) const { return selector0_ + relation; }
    void add(std::initializer_list<int> clause);
    void encode_latin();
    void encode_order();
    void encode_relations();
    void exclude_square();
    void prefer_square();
    void check_second_solution(const ClueSet& set) const;

    const ClueUniverse& u_;
    int n_;
    int numbers_;    // clue index of the first relation (numbers come first in the universe)
    int selector0_;  // variable of the first relation's selector
    std::unique_ptr<CaDiCaL::Solver> solver_;
    std::uint64_t checks_ = 0;
};

}  // namespace futolab::critical
