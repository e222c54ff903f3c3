// The uniqueness oracle: does a clue set of L admit L as its only solution? One count-to-2
// search (SPEC §4: K = 2 decides uniqueness) by a reusable backend, counting the checks made.
#pragma once

#include "critical/clue_universe.hpp"
#include "solvers/oracle.hpp"

#include <cstdint>
#include <string>
#include <string_view>

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

    std::uint64_t checks() const { return oracle_.queries(); }
    const std::string& spec() const { return oracle_.spec(); }

private:
    CountOracle oracle_;  // solvers/oracle.hpp: the one count-to-K door
};

}  // namespace futolab::critical
