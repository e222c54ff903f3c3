#include "critical/oracle/incremental.hpp"

#include "critical/oracle/witness.hpp"
#include "solvers/options.hpp"
#include "solvers/registry/registry.hpp"

#include <stdexcept>
#include <utility>
#include <vector>

namespace futolab::critical {

std::optional<IncrementalOracle> IncrementalOracle::of(std::string_view spec, const ClueUniverse& u) {
    std::vector<SquareClue> clues;
    clues.reserve(static_cast<std::size_t>(u.size()));
    for (int i = 0; i < u.size(); ++i) {
        const Clue& c = u.clue(i);
        clues.push_back({c.cell, c.is_number ? -1 : c.other});
    }
    std::unique_ptr<ClueKernel> kernel = make_clue_kernel(parse_solver_spec(spec), u.n(), u.square(), clues);
    if (kernel == nullptr) return std::nullopt;
    return IncrementalOracle(u, std::move(kernel));
}

IncrementalOracle::IncrementalOracle(const ClueUniverse& u, std::unique_ptr<ClueKernel> kernel)
    : u_(&u), kernel_(std::move(kernel)) {}

bool IncrementalOracle::unique(const ClueSet& set) { return *ask(set, 0); }

std::optional<bool> IncrementalOracle::unique_within(const ClueSet& set, std::uint64_t conflicts) {
    return ask(set, conflicts == 0 ? 1 : conflicts);
}

std::optional<bool> IncrementalOracle::ask(const ClueSet& set, std::uint64_t conflicts) {
    ++checks_;
    std::vector<int> on;
    for (int i = 0; i < u_->size(); ++i)
        if (set[static_cast<std::size_t>(i)]) on.push_back(i);
    other_.clear();
    const std::optional<bool> answer = conflicts == 0 ? std::optional<bool>(kernel_->unique(on, other_))
                                                      : kernel_->unique_within(on, other_, conflicts);
    if (!answer || *answer) return answer;
    if (!is_second_solution(*u_, set, other_))
        throw std::runtime_error(label() + ": the second solution is not a Latin square other than L keeping the set");
    return false;
}

}  // namespace futolab::critical
