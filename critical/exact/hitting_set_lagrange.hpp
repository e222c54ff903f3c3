// "Is there a hitting set costing at most B?" by branch and bound with a Lagrangian bound
// (issue #42 item 4): the engine of the per-square exact search and of its certificates' check.
//
// The disjoint-set packing of hitting_set_bb.hpp is the Lagrangian bound with 0/1 multipliers;
// on the pools of one square at n = 7 (hundreds of overlapping sets, minimum 12) it stays a few
// units below the minimum and the tree grew to 10⁸ nodes. Here each unhit set j gets a
// multiplier u_j ≥ 0 and, for every u, cost(C) ≥ c + Σ u_j + Σ_e min(0, w_e − Σ_{j∋e} u_j)
// over the available clues e (relax "every set is hit", Beasley 1990, "A Lagrangian heuristic
// for set-covering problems", Naval Research Logistics 37); subgradient steps (Held & Karp
// 1971) raise it towards the LP bound. The reduced costs also fix clues (in when leaving one
// out already costs too much, out when taking it does) and order the branches.
//
// Exact arithmetic: multipliers and weights are integers in units of 1/kScale, so a pruned
// node is refuted exactly, whatever the step rule: any u ≥ 0 gives a valid bound. The search
// is deterministic (no clock, no randomness inside), so a checker that re-runs it on the same
// sets walks the same tree.
//
// Branching: the unhit set with the fewest available clues; its clues by increasing reduced
// cost, each later sibling excluding the earlier ones (every hitting set is reached once).
#pragma once

#include "critical/exact/hitting_set_bb.hpp"

#include <functional>
#include <vector>

namespace futolab::critical {

// Asked at every hitting set the search finds: the sets it misses that must be hit too (the
// per-square search's counterexamples), or none to accept it. Branch and check (Thorsteinsson,
// CP 2001): one search tree serves a whole run of counterexamples, where a fresh search per
// counterexample re-proved the same subtrees (on C7, k: 15 searches of 2–6 s each at bound 11).
template <class Mask>
using LeafCheck = std::function<std::vector<Mask>(const Mask& set)>;

// A hitting set of p.sets (and of every set `check` adds) within p.allowed costing at most
// `upper`, accepted by `check` if given; found = false (not timed out): none exists. p.limit
// must be < 0 (no side constraint); p.used, if set, marks the sets the refutation relied on
// (branched on, dead ends, and every set with a positive multiplier where a node was pruned or
// a clue fixed); the check's sets are appended to it.
template <class Mask>
BasicHittingSolution<Mask> lagrange_hitting_set(const BasicHittingProblem<Mask>& p, int upper, const LeafCheck<Mask>* check = nullptr);

}  // namespace futolab::critical
