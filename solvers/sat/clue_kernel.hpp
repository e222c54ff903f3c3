// The `sat` backend's clue kernel (solvers/kernel.hpp, issue #16 §4): one CaDiCaL solver holds
// a square L's whole clue list, each clue switched on by an assumption, so the ~n² + 2n(n−1)
// questions of a critical-set verification share one formula and everything CaDiCaL learned.
//
// The formula is encode.hpp's, with no clue as a clause of its own:
//   - the Latin square (encode_latin_square, pairwise AMO) over the direct variables x(c, v);
//   - order variables for every cell (OrderVars), and each relation clue j as
//     encode_less_than guarded by a selector s_j;
//   - one clause excluding L itself: some cell differs from L.
// The clues S are uniquely completable iff the formula is unsatisfiable under the assumptions
// {x(c, L(c)) : number clue c ∈ S} ∪ {s_j : relation j ∈ S}, since L satisfies all its clues.
// A satisfying model is a second solution; the caller checks it before believing it.
//
// Why incremental: a fresh count-to-2 at 12×12 rebuilds ~30 000 clauses and learns nothing
// from the previous check; here clauses learned under one assumption set stay valid for every
// other (they follow from the base formula): about 0.9 ms per check at 12×12.
#pragma once

#include "solvers/kernel.hpp"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace futolab::sat {

// config: CaDiCaL's option configuration (default, sat, unsat), set before any clause.
std::unique_ptr<ClueKernel> make_incremental_clues(int n, const std::vector<int>& square, std::span<const SquareClue> clues,
                                                   const std::string& config = "default");

}  // namespace futolab::sat
