#include "experiments/task_fns.hpp"

#include "core/status.hpp"
#include "critical/exact/exhaustive.hpp"
#include "critical/greedy/pipeline.hpp"
#include "experiments/methods.hpp"
#include "experiments/order_outputs.hpp"
#include "experiments/task_kinds.hpp"
#include "experiments/tasks/square_row.hpp"

#include <string>

namespace futolab::tasks {

// Every square of the row's order solved exactly for two objectives (critical/exact/
// exhaustive.hpp, n <= 4): the records of min 2h+3k and of min k with h = 0, in that order, each
// witness verified by the method's backend. The row's h and k are the first record's, as for
// every square kind; `nodes` the branch-and-bound nodes of both searches.
ResultRow run_exhaustive(TaskContext& t, const PlannedRun& run) {
    ResultRow row = order_row(t, run);
    const std::string verify = exhaustive_verify(t.matrix.solvers[run.solver]);
    const Stopwatch clock;
    const critical::ExhaustiveResult r = critical::exhaustive_minimum(row.n);
    bool verified = false;
    const std::vector<Instance> records = critical::exhaustive_records(r, verify, verified);
    clock.stop(row);
    row.status = verified ? Status::solved : Status::error;
    if (!verified) row.message = kWitnessUnverified;
    row.counters.nodes = r.nodes;
    row.counters.solutions = records.size();
    row.unknown_counters = task_info(Task::exhaustive).empty_counters;  // what resume holds it to
    if (!records.empty()) {
        row.h = static_cast<int>(records.front().givens.size());
        row.k = static_cast<int>(records.front().lt.size());
    }
    for (const Instance& record : records) row.output += (row.output.empty() ? "" : "\n") + jsonl_line(record);
    return row;
}

}  // namespace futolab::tasks
