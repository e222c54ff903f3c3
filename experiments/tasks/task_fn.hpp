// The signatures of a task kind's row functions (experiments/task_kinds.hpp), on declared
// types only, so the table and the kinds' headers include nothing heavy.
#pragma once

namespace futolab {

struct PlannedRun;
struct ResultRow;
struct SolveResult;
struct TaskContext;  // experiments/tasks.hpp

// The run on this thread, turned into its row.
using TaskRunFn = ResultRow (*)(TaskContext& context, const PlannedRun& run);
// The row of a run whose process ended without a result (`ended`: timeout, memout, crash).
using TaskUnfinishedFn = ResultRow (*)(const TaskContext& context, const PlannedRun& run, const SolveResult& ended);

namespace tasks {
// The row of a square kind's run (generate, critical, exact) whose process ended without one:
// the run's identity columns and its ending (tasks/square_row.cpp).
ResultRow unfinished_square(const TaskContext& context, const PlannedRun& run, const SolveResult& ended);
}  // namespace tasks

}  // namespace futolab
