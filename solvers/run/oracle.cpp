#include "solvers/run/oracle.hpp"

#include "solvers/options.hpp"
#include "solvers/registry/registry.hpp"

#include <stdexcept>

namespace futolab {

CountOracle::CountOracle(std::string_view spec, std::uint64_t node_limit) : node_limit_(node_limit) {
    const SolverSpec parsed = parse_solver_spec(spec);
    solver_ = make_solver(parsed);
    spec_ = parsed.text();
}

OracleAnswer CountOracle::count_to(const Puzzle& puzzle, std::uint64_t k, std::uint64_t seed) {
    ++queries_;
    const Mode mode = k == 1 ? Mode::first() : Mode::count_to(k);
    RunResult run = run_solver(*solver_, puzzle, {mode, {0, node_limit_}, seed});
    const Status s = run.result.status;
    const bool answer = s == Status::solved || s == Status::unique || s == Status::multiple || s == Status::unsat ||
                        s == Status::counted || (s == Status::node_limit && node_limit_ != 0);
    if (!answer)
        throw std::runtime_error(spec_ + ": counting to " + std::to_string(k) + " on " + puzzle.id() + " gave " +
                                 std::string(status_name(s)) + (run.result.message.empty() ? "" : ": " + run.result.message));
    return {s, std::move(run.result.solution), std::move(run.result.second), run.result.counters.nodes};
}

}  // namespace futolab
