#include "experiments/task_fns.hpp"

#include "core/status.hpp"
#include "critical/exact/exact.hpp"
#include "critical/exact/exact_report.hpp"
#include "experiments/methods.hpp"
#include "experiments/order_outputs.hpp"
#include "experiments/task_kinds.hpp"
#include "experiments/tasks/square_row.hpp"
#include "sandbox/interrupt.hpp"

#include <fmt/format.h>

namespace futolab::tasks {

// The classes of `sample` random squares of the row's order drawn from the row's seed (square i
// from seed + i, the critical_orders: source's seed), each its own minimum by the solver oracle
// (critical/exact/exact.hpp, exact_sample): the minimum over them is an UPPER bound on the
// minimum over all squares, and its record says so (meta.sample, sample_bound "upper", exact
// false). `nodes` and `checks` are the branch and bound's nodes and the oracle's queries over
// all classes (`nodes` empty with engine=cadical, which counts none). No record: status
// multiple, the message says why.
ResultRow run_exact_sample(TaskContext& t, const PlannedRun& run) {
    ResultRow row = order_row(t, run);
    const ExactSampleMethod method = exact_sample_method(t.matrix.solvers[run.solver]);
    critical::ExactOptions options = method.search;
    if (t.interrupt != nullptr) options.stop = t.interrupt->flag();
    const Stopwatch clock;
    critical::ExactResult r;
    try {
        r = critical::exact_sample(row.n, method.objective, method.sample, run.seed, options);
    } catch (const critical::OutOfTime&) {  // the runner's interrupt: nothing of the sample is kept
        clock.stop(row);
        row.status = Status::error;
        row.message = "interrupted";
        row.unknown_counters = ~CounterMask{0};
        return row;
    }
    bool verified = false;
    const std::vector<Instance> records = critical::exact_records(r, method.verify, verified);
    clock.stop(row);  // row.unknown_counters: order_row's (nodes too with engine=cadical, which counts none)
    for (const critical::ClassResult& c : r.classes) {
        row.counters.nodes += c.nodes;
        row.counters.checks += c.oracle_queries;
    }
    row.counters.solutions = records.size();
    if (records.empty()) {
        row.status = Status::multiple;
        row.message = exact_sample_no_set_message(static_cast<std::uint64_t>(method.search.below));
        return row;
    }
    row.status = verified ? Status::solved : Status::error;
    if (!verified) row.message = kWitnessUnverified;
    row.h = static_cast<int>(records.front().givens.size());
    row.k = static_cast<int>(records.front().lt.size());
    for (const Instance& record : records) row.output += (row.output.empty() ? "" : "\n") + jsonl_line(record);
    return row;
}

}  // namespace futolab::tasks
