#include "experiments/tasks/exact.hpp"

#include "experiments/exact_task.hpp"
#include "experiments/tasks/square_row.hpp"

#include <stdexcept>

namespace futolab::tasks {

// The exact minimum of one class (exact_task.hpp): the row's columns as documented there; no
// grade (the witness is not a puzzle anyone plays, and grading it would cost more than it says).
ResultRow run_exact(TaskContext& t, const PlannedRun& run) {
    if (t.tables == nullptr) throw std::logic_error("an exact run without its square tables");
    ResultRow row = square_row(t, run);
    const ExactOutcome out =
        execute_exact(Isolation::thread, t.matrix.instances[run.instance], t.matrix.classes[static_cast<std::size_t>(run.instance)],
                      exact_method(t.matrix.solvers[run.solver]), t.tables->of(row.n), t.config.limits, t.interrupt);
    row.status = out.status;
    row.h = out.h;
    row.k = out.k;
    row.counters = out.counters;
    row.unknown_counters = out.unknown;
    row.message = out.message;
    row.output = out.output;
    row.wall_ns = out.wall_ns;
    row.cpu_ns = out.cpu_ns;
    row.max_rss_kb = out.max_rss_kb;
    return row;
}

}  // namespace futolab::tasks
