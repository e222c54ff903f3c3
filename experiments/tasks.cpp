#include "experiments/tasks.hpp"

#include "experiments/task_kinds.hpp"
#include "generators/grade.hpp"
#include "sandbox/interrupt.hpp"
#include "solvers/run/oracle.hpp"

namespace futolab {

Grade GradeCache::get(std::size_t i, const Puzzle& puzzle, Grader& grader) {
    {
        const std::lock_guard<std::mutex> guard(lock_);
        if (grades_[i]) return *grades_[i];
    }
    // Graded outside the lock: two threads may grade the same instance once each, never wrongly.
    const Grade grade = grader.grade(puzzle).grade;
    const std::lock_guard<std::mutex> guard(lock_);
    grades_[i] = grade;
    return grade;
}

TaskRunner::TaskRunner(const ExperimentConfig& config, const RunMatrix& matrix, GradeCache& grades,
                       const Interrupt* interrupt, const SquareTables* tables)
    : grader_(std::make_unique<Grader>(interrupt != nullptr ? interrupt->flag() : nullptr)),
      context_{config, matrix, grades, interrupt, tables, *grader_} {}

TaskRunner::~TaskRunner() = default;

// A search made of oracle questions (generate's, critical's, free-square's, a grade) ends at
// the first question after the interrupt (OracleStopped): its row says so, and the runner,
// which sees the interrupt too, does not write it (runner.cpp).
ResultRow TaskRunner::run(const PlannedRun& run) {
    try {
        return task_info(context_.config.task).run(context_, run);
    } catch (const OracleStopped&) {
        ResultRow row;
        row.status = Status::error;
        row.message = "interrupted";
        row.unknown_counters = ~CounterMask{0};
        return row;
    }
}

ResultRow TaskRunner::unfinished_row(const PlannedRun& run, const SolveResult& ended) const {
    return task_info(context_.config.task).unfinished(context_, run, ended);
}

}  // namespace futolab
