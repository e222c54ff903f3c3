#include "experiments/tasks/solve.hpp"

#include "experiments/isolation.hpp"
#include "experiments/tasks.hpp"
#include "solvers/run.hpp"

namespace futolab::tasks {

ResultRow run_solve(TaskContext& t, const PlannedRun& run) {
    const Puzzle& puzzle = t.matrix.instances[run.instance];
    const SolverSpec& spec = t.matrix.solvers[run.solver];
    // Here, on this thread: the runner has already put the whole task run where the config's
    // isolation wants it (a warm worker, a forked child, or this thread of futolab).
    const RunResult result =
        execute_run(Isolation::thread, spec, puzzle, {t.config.mode, t.config.limits, run.seed}, t.interrupt);
    ResultRow row = make_result_row(t.config.name, puzzle, spec, run.seed, run.repeat, t.config.mode, result, run.index);
    if (t.config.grade) row.grade = t.grades.get(static_cast<std::size_t>(run.instance), puzzle, t.grader);
    return row;
}

ResultRow unfinished_solve(const TaskContext& t, const PlannedRun& run, const SolveResult& ended) {
    RunResult result;
    result.result = ended;
    result.result.unknown = ~CounterMask{0};  // the process died: nothing is known of its search
    return make_result_row(t.config.name, t.matrix.instances[run.instance], t.matrix.solvers[run.solver], run.seed,
                           run.repeat, t.config.mode, result, run.index);
}

}  // namespace futolab::tasks
