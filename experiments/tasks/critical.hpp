// Task kind critical: a verified critical clue set of the input square (critical/greedy/pipeline.hpp,
// method `critical`).
#pragma once

#include "experiments/tasks/task_fn.hpp"

namespace futolab::tasks {

ResultRow run_critical(TaskContext& context, const PlannedRun& run);

}  // namespace futolab::tasks
