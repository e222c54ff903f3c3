// Objective search for small critical sets: multi-start greedy (random removal orders) plus
// iterated greedy as the local search (Ruiz & Stützle, "A simple and effective iterated
// greedy algorithm for the permutation flowshop scheduling problem", EJOR 177(3), 2007: destroy
// part of a solution, rebuild greedily, accept if not worse). Here "destroy" re-adds 1..r
// removed clues to a critical set and "rebuild" is greedy removal that tries the old clues
// first: with r = 1 a success is exactly a remove-two-add-one swap. Every set kept is critical
// (greedy.hpp); the best one by the objective's weighted cost is returned.
#pragma once

#include "critical/clue_universe.hpp"
#include "critical/greedy/greedy.hpp"
#include "critical/objective.hpp"
#include "critical/oracle/witness.hpp"
#include "solvers/run/oracle.hpp"

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace futolab::critical {

// The search's oracle: gac without singleton consistency. Its questions are "a solution breaking
// clue i?" (critical/oracle/oracle.hpp), mostly decided by propagation, where probing costs more than it saves:
// one greedy pass on five 12×12 squares took 473 ms of CPU against 775 ms with the default gac
// and 4.8 s with gecode (futolab_bench --benchmark_filter=critical/greedy). The sets found do not
// depend on it: every spec answers the same questions the same way.
inline constexpr std::string_view kSearchOracle = kLightOracleSpec;  // solvers/run/oracle.hpp

struct SearchOptions {
    Objective objective = Objective::greedy;
    ClueUse use = ClueUse::both;  // overridden by the objectives k and h (objective_use)
    GreedyOrder order = GreedyOrder::easy_first;  // of each start's pass (a local move's pass is plain)
    std::uint64_t iterations = 0;  // greedy passes in all (starts + local moves); 0 = no bound
    double time_limit = 0;         // seconds, 0 = no bound; with both 0, one pass
    int patience = 40;             // local moves without improvement before a restart
    int max_readd = 3;             // a local move re-adds 1..max_readd clues
    std::string backend{kSearchOracle};  // the uniqueness oracle of the search
    // The outside stop (the experiment runner's interrupt, Limits::stop; null = none): once
    // set, the search throws OracleStopped (solvers/run/oracle.hpp) at its next question.
    const std::atomic<bool>* stop = nullptr;
};

struct SearchResult {
    bool found = false;  // false: the full allowed universe is not uniquely completable
    ClueSet set;
    Witnesses witnesses;  // per clue of `set`: the second solution that kept it (critical/oracle/witness.hpp)
    ClueCounts counts;
    int cost = 0;                // weighted by the objective
    std::uint64_t checks = 0;    // uniqueness checks (count-to-2 searches)
    std::uint64_t iterations = 0;  // greedy passes made
    std::uint64_t starts = 0;
    double seconds = 0;
};

// Deterministic per seed when bounded by iterations only (a time bound cuts the search at a
// machine-dependent point). Throws OracleStopped once options.stop is set.
SearchResult search_critical(const ClueUniverse& u, const SearchOptions& options, std::uint64_t seed);

}  // namespace futolab::critical
