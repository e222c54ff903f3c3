// Incremental clues, a strategy of the uniqueness oracle (oracle.hpp) for verification: when
// the backend's registry row offers a ClueKernel (solvers/kernel.hpp; today sat's, one
// CaDiCaL solver holding L's whole clue universe), every question about the clue sets of one
// square goes to that one kernel. Its second solutions are checked (witness.hpp) before they
// are believed, so a "not unique" answer never rests on the kernel alone.
#pragma once

#include "critical/clue_universe.hpp"
#include "solvers/kernel.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::critical {

class IncrementalOracle {
public:
    // The kernel of the spec's backend for L's universe, or nullopt when its row offers none
    // (or not for these options): then the caller counts to 2 (UniquenessOracle).
    static std::optional<IncrementalOracle> of(std::string_view spec, const ClueUniverse& u);

    // Is L the only solution of the set? Throws std::runtime_error if the kernel's second
    // solution is not one (a solver bug the caller must not hide) or the kernel gives up.
    bool unique(const ClueSet& set);
    // The same within `conflicts` (≥ 1) of the kernel's search: nullopt when they ran out.
    std::optional<bool> unique_within(const ClueSet& set, std::uint64_t conflicts);
    // Clue i stays in every later set asked (ClueKernel::settle).
    void settle(int i) { kernel_->settle(i); }
    // After unique() said false: the checked second solution.
    const std::vector<int>& other_solution() const { return other_; }
    std::uint64_t checks() const { return checks_; }
    const ClueUniverse& universe() const { return *u_; }
    std::string label() const { return kernel_->label(); }

private:
    std::optional<bool> ask(const ClueSet& set, std::uint64_t conflicts);  // 0: no limit
    IncrementalOracle(const ClueUniverse& u, std::unique_ptr<ClueKernel> kernel);

    const ClueUniverse* u_;
    std::unique_ptr<ClueKernel> kernel_;
    std::vector<int> other_;
    std::uint64_t checks_ = 0;
};

}  // namespace futolab::critical
