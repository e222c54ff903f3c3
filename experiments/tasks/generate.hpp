// Task kind generate: the uniquely solvable puzzle made from the input square
// (generators/unique.hpp, method `unique`).
#pragma once

#include "experiments/tasks/task_fn.hpp"

namespace futolab::tasks {

ResultRow run_generate(TaskContext& context, const PlannedRun& run);

}  // namespace futolab::tasks
