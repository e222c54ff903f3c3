#include "experiments/tasks.hpp"

#include "core/formats/formats.hpp"
#include "core/status.hpp"
#include "core/verify.hpp"
#include "critical/pipeline.hpp"
#include "experiments/exact_task.hpp"
#include "experiments/isolation.hpp"
#include "experiments/methods.hpp"
#include "generators/grade.hpp"
#include "generators/unique.hpp"
#include "solvers/registry.hpp"
#include "solvers/run.hpp"

#include <fmt/format.h>

#include <chrono>
#include <exception>
#include <stdexcept>

namespace futolab {
namespace {

// Wall and thread-CPU time of one generate or critical run.
class Stopwatch {
public:
    void stop(ResultRow& row) const {
        row.cpu_ns = thread_cpu_ns() - cpu0_;
        row.wall_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - wall0_).count();
    }

private:
    std::chrono::steady_clock::time_point wall0_ = std::chrono::steady_clock::now();
    std::int64_t cpu0_ = thread_cpu_ns();
};

std::vector<int> square_of(const Puzzle& p) {
    std::vector<int> square(static_cast<std::size_t>(p.cells()));
    for (int cell = 0; cell < p.cells(); ++cell) square[static_cast<std::size_t>(cell)] = p.given(cell);
    return square;
}

std::string jsonl_line(const Instance& in) {
    std::string line = write_instances({in}, Format::jsonl);
    while (!line.empty() && line.back() == '\n') line.pop_back();
    return line;
}

}  // namespace

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
    : config_(config),
      matrix_(matrix),
      grades_(grades),
      interrupt_(interrupt),
      tables_(tables),
      grader_(std::make_unique<Grader>()) {}

TaskRunner::~TaskRunner() = default;

ResultRow TaskRunner::run(const PlannedRun& run) {
    switch (config_.task) {  // no default: a new task kind without its case does not compile
        case Task::solve:
        case Task::count: return solve(run);
        case Task::generate: return generate(run);
        case Task::critical: return critical(run);
        case Task::exact: return exact(run);
    }
    throw std::logic_error("a task kind without a runner");
}

ResultRow TaskRunner::solve(const PlannedRun& run) {
    const Puzzle& puzzle = matrix_.instances[run.instance];
    const SolverSpec& spec = matrix_.solvers[run.solver];
    // Here, on this thread: the runner has already put the whole task run where the config's
    // isolation wants it (a warm worker, a forked child, or this thread of futolab).
    const RunResult result =
        execute_run(Isolation::thread, spec, puzzle, {config_.mode, config_.limits, run.seed}, interrupt_);
    ResultRow row = make_result_row(config_.name, puzzle, spec, run.seed, run.repeat, config_.mode, result, run.index);
    if (config_.grade) row.grade = grades_.get(static_cast<std::size_t>(run.instance), puzzle, *grader_);
    return row;
}

ResultRow TaskRunner::unfinished_row(const PlannedRun& run, const SolveResult& ended) const {
    if (is_square_task(config_.task) || config_.task == Task::exact) {
        ResultRow row = square_row(run);
        row.status = ended.status;
        row.message = ended.message;
        row.unknown_counters = ~CounterMask{0};
        return row;
    }
    RunResult result;
    result.result = ended;
    result.result.unknown = ~CounterMask{0};  // the process died: nothing is known of its search
    return make_result_row(config_.name, matrix_.instances[run.instance], matrix_.solvers[run.solver], run.seed, run.repeat,
                           config_.mode, result, run.index);
}

ResultRow TaskRunner::square_row(const PlannedRun& run) const {
    const Puzzle& square = matrix_.instances[run.instance];
    const SolverSpec& method = matrix_.solvers[run.solver];
    ResultRow row;
    row.experiment = config_.name;
    row.instance = square.id();
    row.instance_hash = square.hash();
    row.n = square.n();
    row.solver = method.name;
    row.options = method.canonical_options();
    row.seed = run.seed;
    row.repeat = run.repeat;
    row.mode = std::string(task_name(config_.task));
    row.solution = solution_to_text(square.n(), square_of(square));
    row.run = run.index;
    return row;
}

// The uniquely solvable puzzle made from the square; `nodes` = gac's count-to-2 nodes on it
// (the grade's secondary measure). A missed target grade is an `error` row, not a stop.
ResultRow TaskRunner::generate(const PlannedRun& run) {
    ResultRow row = square_row(run);
    const Stopwatch clock;
    try {
        const std::vector<int> square = square_of(matrix_.instances[run.instance]);
        const Instance in = unique_instance(unique_method(matrix_.solvers[run.solver], row.n), run.seed, *grader_, &square);
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

// A verified critical set of the square; `nodes` = the search's uniqueness checks. A square
// whose allowed clue universe does not determine it (relations only) gives status `multiple`.
ResultRow TaskRunner::critical(const PlannedRun& run) {
    ResultRow row = square_row(run);
    const Stopwatch clock;
    const critical::PipelineOutput out =
        critical::critical_set_of(row.n, square_of(matrix_.instances[run.instance]), critical_method(matrix_.solvers[run.solver]),
                                  run.seed, fmt::format("{}:critical-s{}", row.instance, run.seed));
    clock.stop(row);
    if (!out.record) {
        row.status = Status::multiple;
        return row;
    }
    row.status = out.verified ? Status::critical : Status::error;
    row.message = out.why;
    row.h = static_cast<int>(out.record->givens.size());
    row.k = static_cast<int>(out.record->lt.size());
    row.counters.solutions = 1;
    row.counters.nodes = out.record->meta.value("checks", std::uint64_t{0});
    row.grade = grader_->grade(Puzzle::compile(*out.record)).grade;
    Instance record = *out.record;
    record.meta.erase("time_ms");  // the row's wall_ns has it; `output` stays reproducible
    row.output = jsonl_line(record);
    return row;
}

// The exact minimum of one class (exact_task.hpp): the row's columns as documented there; no
// grade (the witness is not a puzzle anyone plays, and grading it would cost more than it says).
ResultRow TaskRunner::exact(const PlannedRun& run) {
    if (tables_ == nullptr) throw std::logic_error("an exact run without its square tables");
    ResultRow row = square_row(run);
    const ExactOutcome out =
        execute_exact(Isolation::thread, matrix_.instances[run.instance], matrix_.classes[static_cast<std::size_t>(run.instance)],
                      exact_method(matrix_.solvers[run.solver]), tables_->of(row.n), config_.limits, interrupt_);
    row.status = out.status;
    row.h = out.h;
    row.k = out.k;
    row.counters = out.counters;
    row.unknown_counters = out.unknown;
    row.message = out.message;
    row.output = out.output;
    row.wall_ns = out.wall_ns;
    row.cpu_ns = out.cpu_ns;
    row.max_rss_kb = out.max_rss_kb;
    return row;
}

}  // namespace futolab
