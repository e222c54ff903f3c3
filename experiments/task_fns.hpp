// The row functions of the task kinds (the `run` and `unfinished` columns of
// experiments/task_kinds.hpp), on declared types only, so the table includes nothing heavy.
// Each kind defines its functions in its own file under experiments/tasks/; the table is
// declared here, below them, so that experiments/tasks/ includes experiments/ and never the
// other way round (docs/architecture.md, "Layers").
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

// solve and count (tasks/solve.cpp): one solver run on one instance (solvers/run/run.hpp: timing
// and re-verification), in the config's mode and limits.
ResultRow run_solve(TaskContext& context, const PlannedRun& run);
// The row of a solver run whose process died: nothing is known of its search.
ResultRow unfinished_solve(const TaskContext& context, const PlannedRun& run, const SolveResult& ended);

// generate (tasks/generate.cpp): the uniquely solvable puzzle made from the input square
// (generators/unique.hpp, method `unique`).
ResultRow run_generate(TaskContext& context, const PlannedRun& run);

// critical (tasks/critical.cpp): a verified critical clue set of the input square
// (critical/greedy/pipeline.hpp, method `critical`).
ResultRow run_critical(TaskContext& context, const PlannedRun& run);

// greedy (tasks/critical.cpp): the same search on a `critical_squares:` square, with the
// square's own seed, its record named as the square (`futolab critical`'s default mode).
ResultRow run_greedy(TaskContext& context, const PlannedRun& run);

// exact (tasks/exact.cpp): the exact minimum critical set of one symmetry class for one
// objective (experiments/exact_task.hpp, method `exact`).
ResultRow run_exact(TaskContext& context, const PlannedRun& run);

// exact-square (tasks/exact_square.cpp): one given square's own minimum of one objective,
// or the bounds the run's limits leave (critical/exact/exact_square.hpp, method exact-square).
ResultRow run_exact_square(TaskContext& context, const PlannedRun& run);

// construct (tasks/construct.cpp): the chain construction of the run's order, verified, with
// its certificate in the record if the method asks (method construct).
ResultRow run_construct(TaskContext& context, const PlannedRun& run);

// exhaustive (tasks/exhaustive.cpp): the exact minima of 2h+3k and of k (h = 0) over every
// square of the run's order, one verified witness record each (method exhaustive).
ResultRow run_exhaustive(TaskContext& context, const PlannedRun& run);

// exact-sample (tasks/exact_sample.cpp): the classes of the random squares the run's seed draws,
// each its own minimum; the minimum over them, an upper bound (method exact-sample).
ResultRow run_exact_sample(TaskContext& context, const PlannedRun& run);

// free-square (tasks/free_square.cpp): a zero-given critical puzzle with the solution free to
// change, from the empty board or the run's start puzzle, verified (method free-square).
ResultRow run_free_square(TaskContext& context, const PlannedRun& run);

// few-relations (tasks/few_relations.cpp): one shard of the few-relations count, or its counts
// as the source's checkpoint folder holds them (method few-relations).
ResultRow run_few_relations(TaskContext& context, const PlannedRun& run);

// The row of a run without an input square (construct, exhaustive, exact-sample, free-square,
// few-relations) whose process ended without one.
ResultRow unfinished_order(const TaskContext& context, const PlannedRun& run, const SolveResult& ended);

// The row of a square kind's run (generate, critical, exact) whose process ended without one:
// the run's identity columns and its ending (tasks/square_row.cpp).
ResultRow unfinished_square(const TaskContext& context, const PlannedRun& run, const SolveResult& ended);

}  // namespace tasks

}  // namespace futolab
