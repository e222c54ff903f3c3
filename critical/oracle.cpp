#include "critical/oracle.hpp"

#include "core/puzzle.hpp"
#include "solvers/options.hpp"
#include "solvers/registry.hpp"
#include "solvers/run.hpp"

#include <stdexcept>

namespace futolab::critical {

UniquenessOracle::UniquenessOracle(std::string_view spec) {
    const SolverSpec parsed = parse_solver_spec(spec);
    solver_ = make_solver(parsed);
    spec_text_ = parsed.text();
}

Status UniquenessOracle::count_to_two(const ClueUniverse& u, const ClueSet& set) {
    ++checks_;
    const Puzzle puzzle = Puzzle::compile(u.to_instance(set, "critical"));
    // run_solver re-verifies any solution the backend reports (solvers/run.hpp).
    const RunResult run = run_solver(*solver_, puzzle, {Mode::count_to(2), {}, 0});
    const Status status = run.result.status;
    if (status == Status::unique && run.result.solution != u.square())
        throw std::runtime_error(spec_text_ + ": the unique solution of a clue set is not its square");
    if (status != Status::unique && status != Status::multiple)
        throw std::runtime_error(spec_text_ + ": count-to-2 of a clue set gave " + std::string(status_name(status)) +
                                 (run.result.message.empty() ? "" : ": " + run.result.message));
    return status;
}

}  // namespace futolab::critical
