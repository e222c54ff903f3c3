#include "experiments/task_fns.hpp"

#include "core/status.hpp"
#include "experiments/methods.hpp"
#include "experiments/tasks/square_row.hpp"
#include "generators/grade.hpp"
#include "generators/unique.hpp"

#include <exception>

namespace futolab::tasks {

// The uniquely solvable puzzle made from the square; `nodes` = gac's count-to-2 nodes on it
// (the grade's secondary measure). A missed target grade is an `error` row, not a stop.
ResultRow run_generate(TaskContext& t, const PlannedRun& run) {
    ResultRow row = square_row(t, run);
    const Stopwatch clock;
    try {
        const std::vector<int> square = square_of(t.matrix.instances[run.instance]);
        const Instance in = unique_instance(unique_method(t.matrix.solvers[run.solver], row.n), run.seed, t.grader, &square);
        clock.stop(row);
        row.status = Status::unique;
        row.h = static_cast<int>(in.givens.size());
        row.k = static_cast<int>(in.lt.size());
        row.counters.solutions = 1;
        row.counters.nodes = in.meta.value("gac_nodes", std::uint64_t{0});
        row.grade = grade_named(in.meta.value("grade", std::string()));
        row.output = jsonl_line(in);
    } catch (const std::exception& e) {
        clock.stop(row);
        row.status = Status::error;
        row.message = e.what();
    }
    return row;
}

}  // namespace futolab::tasks
