#include "solvers/run/oracle.hpp"

#include "solvers/options.hpp"
#include "solvers/registry/registry.hpp"

#include <stdexcept>

namespace futolab {

namespace {

std::atomic<const std::atomic<bool>*>& ambient_stop() {
    static std::atomic<const std::atomic<bool>*> stop{nullptr};
    return stop;
}

}  // namespace

AmbientOracleStop::AmbientOracleStop(const std::atomic<bool>* stop) : outer_(ambient_stop().exchange(stop)) {}

AmbientOracleStop::~AmbientOracleStop() { ambient_stop().store(outer_); }

CountOracle::CountOracle(std::string_view spec, std::uint64_t node_limit, const std::atomic<bool>* stop)
    : node_limit_(node_limit), stop_(stop != nullptr ? stop : ambient_stop().load()) {
    const SolverSpec parsed = parse_solver_spec(spec);
    solver_ = make_solver(parsed);
    spec_ = parsed.text();
}

// 0 for no deadline, which Limits::time_seconds reads as none.
double CountOracle::seconds_left() const {
    if (!deadline_) return 0;
    const double left = std::chrono::duration<double>(*deadline_ - std::chrono::steady_clock::now()).count();
    if (!(left > 0)) throw OracleOutOfTime();
    return left;
}

OracleAnswer CountOracle::count_to(const Puzzle& puzzle, std::uint64_t k, std::uint64_t seed) {
    const auto stopped = [this] { return stop_ != nullptr && stop_->load(std::memory_order_relaxed); };
    if (stopped()) throw OracleStopped();
    const double left = seconds_left();
    ++queries_;
    const Mode mode = k == 1 ? Mode::first() : Mode::count_to(k);
    RunResult run = run_solver(*solver_, puzzle, {mode, {.time_seconds = left, .nodes = node_limit_, .stop = stop_}, seed});
    const Status s = run.result.status;
    if (stopped()) throw OracleStopped();  // its answer, if any, may be a stop's timeout
    if (s == Status::timeout && deadline_) throw OracleOutOfTime();  // the deadline's is the only wall limit
    const bool answer = s == Status::solved || s == Status::unique || s == Status::multiple || s == Status::unsat ||
                        s == Status::counted || (s == Status::node_limit && node_limit_ != 0);
    if (!answer)
        throw OracleFailed(spec_, s, run.result.message,
                           spec_ + ": counting to " + std::to_string(k) + " on " + puzzle.id() + " gave " +
                               std::string(status_name(s)) + (run.result.message.empty() ? "" : ": " + run.result.message));
    return {s, std::move(run.result.solution), std::move(run.result.second), run.result.counters.nodes};
}

}  // namespace futolab
