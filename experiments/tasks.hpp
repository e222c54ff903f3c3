// One run of an experiment, whatever its task (configs/README.md, `task:`), turned into its
// CSV row. solve/count run a solver through run_solver (timing + re-verification); generate
// makes a uniquely solvable puzzle from the input square (generators/unique.hpp); critical
// finds a verified critical set of it (critical/pipeline.hpp); exact finds the exact minimum of
// one symmetry class (experiments/exact_task.hpp). Each worker thread owns one
// TaskRunner; the grade cache is shared so an instance is graded once, whatever the solvers.
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
    ResultRow solve(const PlannedRun& run);
    ResultRow generate(const PlannedRun& run);
    ResultRow critical(const PlannedRun& run);
    ResultRow exact(const PlannedRun& run);
    ResultRow square_row(const PlannedRun& run) const;  // the columns generate, critical and exact share

    const ExperimentConfig& config_;
    const RunMatrix& matrix_;
    GradeCache& grades_;
    const Interrupt* interrupt_;
    const SquareTables* tables_;
    std::unique_ptr<Grader> grader_;
};

}  // namespace futolab
