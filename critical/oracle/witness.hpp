// Witnesses of criticality (issue #16 §4). A clue set S of L is critical when S determines L
// and no S \ {i} does. The second half is an existence claim: S \ {i} has a solution M ≠ L. Such
// an M is a certificate anyone can check in O(n²) — a Latin square, not L, satisfying every clue
// of S but i — so the verification need not search for it again. The greedy search finds one
// for every clue it keeps: removing clue i failed because the count to 2 of the set at that
// moment, S_t \ {i} ⊇ S \ {i}, found a second solution M (and M breaks i, since S_t determined L).
// Only the uniqueness of S itself, a claim with no short certificate, goes to the independent
// backend (verify.hpp). Witnesses are always re-checked here, never trusted.
#pragma once

#include "critical/clue_universe.hpp"

#include <vector>

namespace futolab::critical {

// Per clue index of a universe: a square showing the clue necessary, or empty.
using Witnesses = std::vector<std::vector<int>>;

// Does M show that clue `clue` of `set` is necessary? M must be a Latin square of order n other
// than L, satisfy every clue of the set except `clue`, and break `clue`.
bool is_witness(const ClueUniverse& u, const ClueSet& set, int clue, const std::vector<int>& m);

// Does M show that the set does not determine L? A Latin square of order n other than L that
// satisfies every clue of the set.
bool is_second_solution(const ClueUniverse& u, const ClueSet& set, const std::vector<int>& m);

}  // namespace futolab::critical
