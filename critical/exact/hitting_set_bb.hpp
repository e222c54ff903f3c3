// Weighted minimum hitting set by depth-first branch and bound (issue #15): the search engine
// of the exact critical-set search. Measured against CaDiCaL with a totalizer (hitting_set.hpp)
// on all 70 classes of order 4, objective 2h+3k: see docs/critical.md ("Hitting-set engine");
// CDCL spends its time re-proving the cardinality bound (pigeonhole-like reasoning it is weak
// at), while a disjoint-set packing bound prunes these small problems (≤ 96 clues, tens of
// sets) at once. CaDiCaL still writes the DRAT proofs of the certificates.
//
// Branching: the unhit set with the fewest available clues; its clues in order of weight, each
// later sibling excluding the earlier ones (every subset visited once). Bound: cost so far plus,
// over a greedy packing of pairwise disjoint unhit sets, the cheapest available clue of each.
#pragma once

#include "critical/clue_mask.hpp"
#include "critical/deadline.hpp"

#include <cstdint>
#include <vector>

namespace futolab::critical {

// Over either mask width (critical/clue_mask.hpp); HittingProblem is the 128-bit one.
template <class Mask>
struct BasicHittingProblem {
    std::vector<Mask> sets;
    Mask allowed;
    std::vector<int> weight;  // per clue, ≥ 0
    Mask limited;             // at most `limit` clues of this mask (limit < 0: no such constraint)
    int limit = -1;
    // If set (size = sets.size()), marks every set the search relied on: dead ends, the sets
    // of each packing that pruned, the sets branched on. When nothing is found, the marked
    // sets alone give the same search tree, so they alone refute the bound: a core, which is
    // all a certificate needs to store.
    std::vector<std::uint8_t>* used = nullptr;
    // The search gives up (timed_out) once this has passed; checked every 2^16 nodes.
    Deadline deadline;
};
using HittingProblem = BasicHittingProblem<ClueMask>;

template <class Mask>
struct BasicHittingSolution {
    bool found = false;
    bool timed_out = false;  // the deadline passed: found = false says nothing then
    int cost = 0;
    Mask set;
    std::uint64_t nodes = 0;
};
using HittingSolution = BasicHittingSolution<ClueMask>;

// A cheapest hitting set of cost ≤ upper; `lower` is a known lower bound (the search stops at
// the first set that costs it). found = false (and not timed_out): none costs ≤ upper.
// Defined for ClueMask and WideClueMask.
template <class Mask>
BasicHittingSolution<Mask> min_hitting_set(const BasicHittingProblem<Mask>& p, int lower, int upper);

}  // namespace futolab::critical
