// A quick, incomplete search for a hitting set within a cost bound (issue #42 item 4): the
// "non-optimal hitting sets first" of implicit hitting-set solvers (Davies & Bacchus, "Solving
// MAXSAT by solving a sequence of simpler SAT instances", CP 2011, and "Exploiting the power of
// MIP solvers in MAXSAT", SAT 2013). In the per-square search most hitting-set calls ask for a
// set at the current lower bound, and one exists: the last candidate misses only the few sets
// its counterexample added. A local search repairs it in milliseconds; on C7 (objective k) the
// branch and bound took 0.4–4.4 s per such call. Only when this fails does the complete search
// (hitting_set_lagrange.hpp) run.
//
// Moves: take a set the current choice misses; add the clue of it that hits most missed sets,
// dropping (if the bound needs it) the chosen clue whose loss uncovers fewest; a dropped clue
// may not come back for a few moves (tabu search, Glover 1989). Deterministic: a fixed seed.
#pragma once

#include <optional>
#include <vector>

namespace futolab::critical {

// A set within `allowed` costing at most `bound` that hits every set, if `moves` moves from
// `start` find one.
template <class Mask>
std::optional<Mask> local_hitting_set(const std::vector<Mask>& sets, const Mask& allowed, const std::vector<int>& weight, int bound,
                                      const Mask& start, int moves);

}  // namespace futolab::critical
