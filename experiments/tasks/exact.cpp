#include "experiments/task_fns.hpp"

#include "experiments/exact_task.hpp"
#include "experiments/tasks/square_row.hpp"
#include "sandbox/interrupt.hpp"

#include <stdexcept>

namespace futolab::tasks {

// The exact minimum of one class (exact_task.hpp): the row's columns as documented there; no
// grade (the witness is not a puzzle anyone plays, and grading it would cost more than it says).
ResultRow run_exact(TaskContext& t, const PlannedRun& run) {
    if (t.tables == nullptr) throw std::logic_error("an exact run without its square tables");
    ResultRow row = square_row(t, run);
    // Here, on this thread: the runner has already put the whole task run where the config's
    // isolation wants it (sandbox.hpp); the search checks limits.time itself, between steps.
    Limits limits = t.config.limits;
    if (t.interrupt != nullptr) limits.stop = t.interrupt->flag();
    const ExactOutcome out =
        solve_exact_class(t.matrix.instances[run.instance], t.matrix.classes[static_cast<std::size_t>(run.instance)],
                          exact_method(t.matrix.solvers[run.solver]), t.tables->of(row.n), limits);
    row.status = out.status;
    row.h = out.h;
    row.k = out.k;
    row.counters = out.counters;
    row.unknown_counters = out.unknown;
    row.message = out.message;
    row.output = out.output;
    row.wall_ns = out.wall_ns;
    row.cpu_ns = out.cpu_ns;
    return row;
}

}  // namespace futolab::tasks
