// One run of an experiment, whatever its task kind (configs/README.md, `task:`), turned into its
// CSV row by the functions its row of experiments/task_kinds.hpp names (experiments/tasks/:
// solve.cpp for solve and count, generate.cpp, critical.cpp, exact.cpp). Each worker thread
// owns one TaskRunner; the grade cache is shared so an instance is graded once, whatever the
// solvers.
#pragma once

#include "experiments/run_matrix.hpp"
#include "records/results_csv.hpp"

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace futolab {

class Grader;
class Interrupt;
class SquareTables;

// Grades of the matrix's instances, filled on first use (solve/count with `grade: true`).
class GradeCache {
public:
    explicit GradeCache(std::size_t instances) : grades_(instances) {}
    // The grade of instance i, computing it with `grader` if no thread has yet.
    Grade get(std::size_t i, const Puzzle& puzzle, Grader& grader);

private:
    std::mutex lock_;
    std::vector<std::optional<Grade>> grades_;
};

// What a kind's row functions read: the experiment, its matrix and the per-process state.
struct TaskContext {
    const ExperimentConfig& config;
    const RunMatrix& matrix;
    GradeCache& grades;
    const Interrupt* interrupt;   // cuts thread runs short (null: a worker process is killed instead)
    const SquareTables* tables;   // kinds with square_tables (exact_task.hpp); else null
    Grader& grader;               // this thread's
};

class TaskRunner {
public:
    // `interrupt` (may be null: a worker process is killed instead) cuts thread runs short. Exact runs need `tables` (built once per
    // process from the matrix, exact_task.hpp).
    TaskRunner(const ExperimentConfig& config, const RunMatrix& matrix, GradeCache& grades,
               const Interrupt* interrupt = nullptr, const SquareTables* tables = nullptr);
    ~TaskRunner();
    TaskRunner(const TaskRunner&) = delete;
    TaskRunner& operator=(const TaskRunner&) = delete;

    // The run on this thread. The runner (runner.cpp) calls it here (thread isolation), in a
    // warm worker process or in a forked child.
    ResultRow run(const PlannedRun& run);
    // The row of a run whose process ended without a result (`ended`: timeout, memout, crash).
    ResultRow unfinished_row(const PlannedRun& run, const SolveResult& ended) const;

private:
    std::unique_ptr<Grader> grader_;
    TaskContext context_;
};

}  // namespace futolab
