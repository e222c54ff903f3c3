#include "experiments/tasks.hpp"

#include "experiments/task_kinds.hpp"
#include "generators/grade.hpp"

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
    : grader_(std::make_unique<Grader>()), context_{config, matrix, grades, interrupt, tables, *grader_} {}

TaskRunner::~TaskRunner() = default;

ResultRow TaskRunner::run(const PlannedRun& run) { return task_info(context_.config.task).run(context_, run); }

ResultRow TaskRunner::unfinished_row(const PlannedRun& run, const SolveResult& ended) const {
    return task_info(context_.config.task).unfinished(context_, run, ended);
}

}  // namespace futolab
