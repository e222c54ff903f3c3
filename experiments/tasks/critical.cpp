#include "experiments/task_fns.hpp"

#include "core/status.hpp"
#include "critical/greedy/pipeline.hpp"
#include "experiments/methods.hpp"
#include "experiments/tasks/square_row.hpp"
#include "generators/grade.hpp"
#include "sandbox/interrupt.hpp"

#include <fmt/format.h>

namespace futolab::tasks {

namespace {

// A verified critical set of the square; `nodes` = the search's uniqueness checks. A square
// whose allowed clue universe does not determine it (relations only) gives status `multiple`.
// Tasks critical and greedy differ only in the record's id (critical_record_id) and where the
// run's seed comes from (the matrix: derived, or the square's own).
ResultRow critical_row(TaskContext& t, const PlannedRun& run) {
    ResultRow row = square_row(t, run);
    critical::PipelineOptions method = critical_method(t.matrix.solvers[run.solver]);
    if (t.interrupt != nullptr) method.search.stop = t.interrupt->flag();  // TaskRunner::run takes the stop
    const Stopwatch clock;
    const critical::PipelineOutput out = critical::critical_set_of(row.n, square_of(t.matrix.instances[run.instance]), method,
                                                                   run.seed, critical_record_id(t.config.task, row.instance, run.seed));
    clock.stop(row);
    if (!out.record) {
        row.status = Status::multiple;
        return row;
    }
    row.status = out.verified ? Status::critical : Status::error;
    row.message = out.why;
    row.h = static_cast<int>(out.record->givens.size());
    row.k = static_cast<int>(out.record->lt.size());
    row.counters.solutions = 1;
    row.counters.nodes = out.record->meta.value("checks", std::uint64_t{0});
    row.grade = t.grader.grade(Puzzle::compile(*out.record)).grade;
    Instance record = *out.record;
    record.meta.erase("time_ms");  // the row's wall_ns has it; `output` stays reproducible
    row.output = jsonl_line(record);
    return row;
}

}  // namespace

ResultRow run_critical(TaskContext& t, const PlannedRun& run) { return critical_row(t, run); }
ResultRow run_greedy(TaskContext& t, const PlannedRun& run) { return critical_row(t, run); }

}  // namespace futolab::tasks
