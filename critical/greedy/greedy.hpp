// Greedy removal: from a uniquely completable clue set, try to remove each clue in a given
// order and keep the removal if the set stays uniquely completable. Every clue is tried once
// against a set that only shrinks afterwards, and uniqueness is monotone (a subset of a
// non-uniquely-completable set is not uniquely completable), so a clue that could not be
// removed stays necessary: the result is critical. This is the standard construction of a
// minimal critical set by deletion (e.g. Keedwell, "Critical sets in latin squares and related
// matters: an update", Util. Math. 65, 2004, §2, for number clues).
#pragma once

#include "critical/clue_universe.hpp"
#include "critical/objective.hpp"
#include "critical/oracle/oracle.hpp"
#include "critical/oracle/witness.hpp"

#include <random>
#include <vector>

namespace futolab::critical {

// `set` must be uniquely completable; it is reduced in place. `order` lists clue indices;
// clues not in the set are skipped. With `witnesses` (one entry per clue of the universe), each
// clue kept gets the second solution that kept it, where the oracle reports one (critical/oracle/witness.hpp).
void greedy_remove(const ClueUniverse& u, ClueSet& set, const std::vector<int>& order, UniquenessOracle& oracle,
                   Witnesses* witnesses = nullptr);

// The clues of `set` in random order, heavier clues first (stable within a weight): removing
// the expensive kind first tends to lower a weighted cost. Unit weights: a plain shuffle.
std::vector<int> removal_order(const ClueUniverse& u, const ClueSet& set, Weights w, std::mt19937_64& rng);

}  // namespace futolab::critical
