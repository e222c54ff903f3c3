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
#include "core/vocabulary.hpp"

#include <cstdint>
#include <random>
#include <vector>

namespace futolab::critical {

// `set` must be uniquely completable; it is reduced in place. `order` lists clue indices;
// clues not in the set are skipped. With `witnesses` (one entry per clue of the universe), each
// clue kept gets the second solution that kept it, where the oracle reports one (critical/oracle/witness.hpp).
void greedy_remove(const ClueUniverse& u, ClueSet& set, const std::vector<int>& order, UniquenessOracle& oracle,
                   Witnesses* witnesses = nullptr);

// Greedy removal with the easy questions first (the default pass, issue #28 item 3): rounds
// over the clues of `order`, each with a larger budget per question than the last — the
// breaking search's nodes (kEasyFirstNodes), then the hard-question kernel's conflicts
// (kEasyFirstConflicts, CaDiCaL: oracle.hpp), then the kernel without a limit. A clue whose
// question its round cannot decide waits, in order, for the next round. The result is critical
// for the same reason as greedy_remove's: a clue is kept only with a witness found against a
// set that only shrinks afterwards. The answers are facts, so only the order in which the
// clues are asked differs from greedy_remove: another critical set of the same square.
//
// Why: in the plain order the last clues are asked about a nearly critical set, where at 20×20
// a question can take seconds to minutes (the 133 questions past the node budget cost CaDiCaL
// 489 s on one square, results/oracle/REPORT.md round 5). Asked first, the questions the root
// propagation or a few nodes decide (three quarters at 20×20) remove most clues while the set
// is dense, and each later round sees only what the rounds before could not decide; an
// expensive removal, which makes every later question harder, comes last. Measured
// (REPORT, round 9) on 20×20 squares: {1, 30, 300} nodes alone left one set at 37.9 s, five
// node rounds 4.0 s, a single round 42.8 s; the two conflict rounds took the slowest of six
// from 73.9 s to 25.5 s; a last node round of 10 000 took the median of 15 sets from 6.0 s to
// 4.6 s (conflict rounds of 300, 3 000, 30 000 instead: 4.5 s, worst 23.0 s against 19.9 s).
// At 12×12 the 200-set tail is faster and its sets 6 % smaller.
inline constexpr std::uint64_t kEasyFirstNodes[] = {1, 10, 100, 1000, 3000, 10000};
inline constexpr std::uint64_t kEasyFirstConflicts[] = {1000, 10000};
// Where the first conflict round goes: after the node rounds of at most this budget, before
// the others. A CaDiCaL question (kernel with settled clues, oracle.hpp) costs about what gac's
// 1 000 nodes cost at 12×12 (1.1 ms against 1.5 ms per question still open) but more than its
// 10 000 at 20×20 (29 ms against 19 ms): a gac node grows dearer with n more slowly than a
// conflict over the n³-variable formula. Measured (REPORT, round 10) on random squares: at
// n = 12 the orders agree at the median and the 10 000-node round cost one 12×12 set 230 ms
// that CaDiCaL spends 26 ms on; at n = 14 the round after 1 000 nodes was slower in the mean
// (75.6 ms against 69.9–70.5 after 3 000 or at the end), at n = 16 the three were within noise
// (medians 188–218 ms, after 3 000 the lowest); at 20×20 the end is fastest (median 4.0 s).
std::uint64_t easy_first_nodes_before_conflicts(int n);
void greedy_remove_easy_first(const ClueUniverse& u, ClueSet& set, const std::vector<int>& order,
                              UniquenessOracle& oracle, Witnesses* witnesses = nullptr);

// How a greedy pass orders its questions (`--order`, method option `order`).
enum class GreedyOrder { easy_first, plain };
inline constexpr HelpedVocabulary<GreedyOrder, 2> kGreedyOrders{{
    {GreedyOrder::easy_first, "easy-first", "questions a few search nodes decide first, the rest at the end; fast at n >= 14"},
    {GreedyOrder::plain, "plain", "every clue asked once, in the random order; the pass before issue #28 round 9"},
}};
std::string_view greedy_order_name(GreedyOrder order);

// One greedy pass in the given order of questions.
void greedy_pass(const ClueUniverse& u, ClueSet& set, const std::vector<int>& order, GreedyOrder how,
                 UniquenessOracle& oracle, Witnesses* witnesses = nullptr);

// The clues of `set` in random order, heavier clues first (stable within a weight): removing
// the expensive kind first tends to lower a weighted cost. Unit weights: a plain shuffle.
std::vector<int> removal_order(const ClueUniverse& u, const ClueSet& set, Weights w, std::mt19937_64& rng);

}  // namespace futolab::critical
