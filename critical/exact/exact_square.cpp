#include "critical/exact/exact_square.hpp"

#include "core/error.hpp"
#include "critical/exact_squares.hpp"
#include "critical/exact/lazy_search.hpp"
#include "solvers/run/run.hpp"

#include <algorithm>
#include <chrono>
#include <string>

namespace futolab::critical {
namespace {

// The options' limits in seconds as deadlines from `t0` and `cpu0`, the search's own start.
void limit_from(ExactOptions& options, std::chrono::steady_clock::time_point t0, std::int64_t cpu0) {
    constexpr double kNone = 1e9;
    if (options.time_limit_seconds > 0 && options.time_limit_seconds < kNone)
        options.deadline = std::min(options.deadline, t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                              std::chrono::duration<double>(options.time_limit_seconds)));
    if (options.cpu_limit_seconds > 0 && options.cpu_limit_seconds < kNone)
        options.cpu_deadline_ns = std::min(options.cpu_deadline_ns, cpu0 + static_cast<std::int64_t>(options.cpu_limit_seconds * 1e9));
}

template <class Mask>
SquareOptimum solve_square(int n, const std::vector<int>& L, ExactObjective objective, ExactOptions options) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::int64_t cpu0 = thread_cpu_ns();
    limit_from(options, t0, cpu0);
    options.engine = HittingEngine::lagrange;
    options.oracle = ExactOracle::solver;
    BasicLazySearch<Mask> search(n, nullptr, L, options);
    const Anytime<Mask> at = search.minimise_anytime(cost_model_as<Mask>(n, objective));
    SquareOptimum r;
    r.n = n;
    r.square = L;
    r.objective = objective;
    r.exact = at.exact;
    r.timed_out = at.timed_out && !at.exact;
    r.lower = at.lower;
    r.feasible = at.best.feasible;
    r.cost = at.best.cost;
    r.clues = at.best.set.indices();
    r.unavoidable_sets = search.pool_size();
    for (BasicCounterexample<Mask>& m : search.take_sets()) r.sets.push_back({std::move(m.square), m.violated.indices()});
    record_effort(r, search, t0, cpu0);
    return r;
}

}  // namespace

SquareOptimum exact_square(int n, const std::vector<int>& L, ExactObjective objective, const ExactOptions& options) {
    if (n < 2 || n > kMaxWideN)
        throw InputError("critical --exact: a square needs order 2.." + std::to_string(kMaxWideN) + ", got " +
                         std::to_string(n));
    if (objective == ExactObjective::frontier)
        throw InputError("critical --exact --square/--input: --objective must be 2h+3k, h+k, k or h (not frontier)");
    // The narrow mask where it holds the clues: the branch and bound's word operations halve.
    return n <= kMaxExactN ? solve_square<ClueMask>(n, L, objective, options)
                           : solve_square<WideClueMask>(n, L, objective, options);
}

}  // namespace futolab::critical
