// The uniqueness oracle: does a clue set of L admit L as its only solution? One count-to-2
// search (SPEC §4: K = 2 decides uniqueness) by a reusable backend, counting the checks made.
#pragma once

#include "critical/clue_universe.hpp"
#include "solvers/oracle.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::critical {

class UniquenessOracle {
public:
    // spec: a solver spec (SPEC §3), e.g. "gac" for the search or "fc" for verification.
    explicit UniquenessOracle(std::string_view spec = "gac");

    // Status of count-to-2 on the set: unique, multiple (unsat is impossible: L satisfies every
    // clue of its own universe). Throws std::runtime_error on a backend error, or if a
    // "unique" answer is not L (a backend bug the caller must not hide).
    Status count_to_two(const ClueUniverse& u, const ClueSet& set);
    bool unique(const ClueUniverse& u, const ClueSet& set) { return count_to_two(u, set) == Status::unique; }
    // After a `multiple` answer: a solution other than L, if the backend reported one (gac
    // keeps both solutions of a count to 2); else, and after `unique`, empty. A witness that
    // the set does not determine L (witness.hpp), checked again wherever it is used.
    const std::vector<int>& other_solution() const { return other_; }

    // Greedy removal's question: `set` determined L, and now lacks clue i; does it still? With
    // a gac spec this is not a count to 2 but a search for a solution breaking clue i (the
    // relation reversed, or the cell's value excluded): a solution other than L of the set
    // must break i, since with i it would satisfy a set that determines L. That search never
    // re-proves that L's own subtree holds nothing else, which a count to 2 does every time
    // (docs/critical.md, "Greedy checks"). Other specs count to 2. After `false`,
    // other_solution() holds the solution found (checked: witness.hpp).
    bool removable(const ClueUniverse& u, const ClueSet& set, int i);

    std::uint64_t checks() const { return oracle_.queries() + breaking_checks_; }
    const std::string& spec() const { return oracle_.spec(); }

private:
    bool breaking_search(const ClueUniverse& u, const ClueSet& set, int i);

    CountOracle oracle_;  // solvers/oracle.hpp: the one count-to-K door
    std::unique_ptr<Solver> gac_;  // the breaking search, for gac specs (else null)
    std::vector<int> other_;
    std::uint64_t breaking_checks_ = 0;
};

}  // namespace futolab::critical
