// The uniqueness oracle: the one door through which critical/ asks whether a clue set of L
// admits L as its only solution, and for a second solution when it does not. Strategies
// behind it, chosen by what the spec's backend offers (its registry row), never by its name:
//   - counting: count to 2 (SPEC §4: K = 2 decides uniqueness) through any registered backend
//     (solvers/oracle.hpp, CountOracle);
//   - breaking search (breaking_search.hpp): greedy removal's question through the backend's
//     SearchKernel (solvers/kernel.hpp), when its row offers one;
//   - incremental clues (incremental.hpp): verification's many questions about one square
//     through the backend's ClueKernel, when its row offers one (verify.cpp chooses it);
//   - counterexamples for the exact search (counterexample.hpp: the table of all squares;
//     solver_counterexample.hpp: an enumeration through a SearchKernel).
// Every second solution any strategy reports is checked (witness.hpp) before it is used.
#pragma once

#include "critical/clue_universe.hpp"
#include "critical/oracle/breaking_search.hpp"
#include "solvers/oracle.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::critical {

class UniquenessOracle {
public:
    // spec: a solver spec (SPEC §3): the search's backend, or another for verification.
    explicit UniquenessOracle(std::string_view spec = kDefaultOracleSpec);

    // Status of count-to-2 on the set: unique, multiple (unsat is impossible: L satisfies every
    // clue of its own universe). Throws std::runtime_error on a backend error, or if a
    // "unique" answer is not L (a backend bug the caller must not hide).
    Status count_to_two(const ClueUniverse& u, const ClueSet& set);
    bool unique(const ClueUniverse& u, const ClueSet& set) { return count_to_two(u, set) == Status::unique; }
    // After a `multiple` answer: a solution other than L, if the backend reported one (gac
    // keeps both solutions of a count to 2); else, and after `unique`, empty. A witness that
    // the set does not determine L (witness.hpp), checked again wherever it is used.
    const std::vector<int>& other_solution() const { return other_; }

    // Greedy removal's question: `set` determined L, and now lacks clue i; does it still? By
    // the breaking search when the backend offers a search kernel, else by a count to 2.
    // After `false`, other_solution() holds the solution found (checked: witness.hpp).
    bool removable(const ClueUniverse& u, const ClueSet& set, int i);

    std::uint64_t checks() const { return oracle_.queries() + (breaking_ ? breaking_->checks() : 0); }
    const std::string& spec() const { return oracle_.spec(); }

private:
    CountOracle oracle_;  // solvers/oracle.hpp: the one count-to-K door
    std::optional<BreakingSearch> breaking_;
    std::vector<int> other_;
};

}  // namespace futolab::critical
