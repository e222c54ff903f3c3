#include "experiments/task_fns.hpp"

#include "core/status.hpp"
#include "sandbox/interrupt.hpp"
#include "experiments/tasks.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/run/run.hpp"

namespace futolab::tasks {
namespace {

// run_solver, stopped by the interrupt's flag (Limits::stop) where the run has no process of
// its own to kill (`interrupt` null otherwise). A run cut short comes back as status error with
// message "interrupted" (the runner does not write it).
RunResult solve_here(const SolverSpec& spec, const Puzzle& puzzle, SolveRequest request, const Interrupt* interrupt) {
    if (interrupt != nullptr) request.limits.stop = interrupt->flag();
    RunResult run = run_solver(*make_solver(spec), puzzle, request);
    if (interrupt != nullptr && interrupt->requested()) {
        run.result.status = Status::error;
        run.result.message = "interrupted";
    }
    return run;
}

}  // namespace

ResultRow run_solve(TaskContext& t, const PlannedRun& run) {
    const Puzzle& puzzle = t.matrix.instances[run.instance];
    const SolverSpec& spec = t.matrix.solvers[run.solver];
    // Here, on this thread: the runner has already put the whole task run where the config's
    // isolation wants it (sandbox.hpp: a warm worker, a forked child, or this thread of futolab).
    const RunResult result = solve_here(spec, puzzle, {t.config.mode, t.config.limits, run.seed}, t.interrupt);
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
