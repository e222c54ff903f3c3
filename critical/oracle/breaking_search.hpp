// The breaking search, a strategy of the uniqueness oracle (oracle.hpp): `set` determined L and
// now lacks clue i; is there a solution of the set that breaks clue i (the relation reversed,
// or the cell's value excluded)? A solution other than L of the set must break i, since with i
// it would satisfy a set that determines L — so "none" means the set still determines L. The
// search never re-proves that L's own subtree holds nothing else, which a count to 2 does
// every time (docs/critical.md, "Greedy checks").
//
// It needs a search that can exclude a value, which a Puzzle cannot state: the backend's
// SearchKernel (solvers/kernel.hpp), given by its registry row. Every square found is checked
// (witness.hpp) before it is returned.
#pragma once

#include "core/instance.hpp"
#include "critical/clue_universe.hpp"
#include "solvers/kernel.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace futolab::critical {

class BreakingSearch {
public:
    enum class Answer {
        removable,  // the set without clue i still determines L
        needed,     // `other` holds a checked solution of the set that breaks clue i
        undecided,  // the node budget ran out first (never with node_budget = 0)
    };

    // label: how errors name the backend (its spec).
    BreakingSearch(std::unique_ptr<SearchKernel> kernel, std::string label);

    // node_budget: search nodes for this question, 0 = none. Throws std::runtime_error on a
    // backend error or an unchecked square.
    Answer removable(const ClueUniverse& u, const ClueSet& set, int i, std::vector<int>& other,
                     std::uint64_t node_budget = 0);
    std::uint64_t checks() const { return checks_; }

private:
    std::unique_ptr<SearchKernel> kernel_;
    std::string label_;
    Instance question_;  // reused buffers (removable() fills them anew each time)
    std::uint64_t checks_ = 0;
};

}  // namespace futolab::critical
