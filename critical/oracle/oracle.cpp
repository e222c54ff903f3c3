#include "critical/oracle/oracle.hpp"

#include "core/puzzle.hpp"
#include "solvers/options.hpp"
#include "solvers/registry.hpp"

#include <stdexcept>

namespace futolab::critical {

UniquenessOracle::UniquenessOracle(std::string_view spec) : oracle_(spec) {
    if (std::unique_ptr<SearchKernel> kernel = make_search_kernel(parse_solver_spec(spec)))
        breaking_.emplace(std::move(kernel), oracle_.spec());
}

bool UniquenessOracle::removable(const ClueUniverse& u, const ClueSet& set, int i) {
    if (!breaking_) return unique(u, set);
    return breaking_->removable(u, set, i, other_);
}

Status UniquenessOracle::count_to_two(const ClueUniverse& u, const ClueSet& set) {
    OracleAnswer a = oracle_.count_to_two(Puzzle::compile(u.to_instance(set, "critical")));
    other_.clear();
    if (a.status == Status::multiple) other_ = std::move(a.first != u.square() ? a.first : a.second);
    if (a.status == Status::unique && a.first != u.square())
        throw std::runtime_error(spec() + ": the unique solution of a clue set is not its square");
    if (a.status != Status::unique && a.status != Status::multiple)
        throw std::runtime_error(spec() + ": count-to-2 of a clue set gave " + std::string(status_name(a.status)));
    return a.status;
}

}  // namespace futolab::critical
