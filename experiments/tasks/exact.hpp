// Task kind exact: the exact minimum critical set of one symmetry class for one objective
// (experiments/exact_task.hpp, method `exact`).
#pragma once

#include "experiments/tasks/task_fn.hpp"

namespace futolab::tasks {

ResultRow run_exact(TaskContext& context, const PlannedRun& run);

}  // namespace futolab::tasks
