// Task kinds solve and count: one solver run on one instance (solvers/run.hpp: timing and
// re-verification), in the config's mode and limits.
#pragma once

#include "experiments/tasks/task_fn.hpp"

namespace futolab::tasks {

ResultRow run_solve(TaskContext& context, const PlannedRun& run);
// The row of a solver run whose process died: nothing is known of its search.
ResultRow unfinished_solve(const TaskContext& context, const PlannedRun& run, const SolveResult& ended);

}  // namespace futolab::tasks
