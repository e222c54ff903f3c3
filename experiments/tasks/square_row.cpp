#include "experiments/tasks/square_row.hpp"

#include "core/status.hpp"
#include "core/verify.hpp"
#include "experiments/method_counters.hpp"
#include "experiments/methods.hpp"
#include "experiments/task_kinds.hpp"
#include "solvers/run/run.hpp"

#include <sstream>

namespace futolab::tasks {

ResultRow square_row(const TaskContext& t, const PlannedRun& run) {
    const Puzzle& square = t.matrix.instances[run.instance];
    const SolverSpec& method = t.matrix.solvers[run.solver];
    ResultRow row;
    row.experiment = t.config.name;
    row.instance = square.id();
    row.instance_hash = square.hash();
    row.n = square.n();
    row.solver = method.name;
    row.options = method.canonical_options();
    row.seed = run.seed;
    row.repeat = run.repeat;
    row.mode = std::string(task_name(t.config.task));
    row.solution = solution_to_text(square.n(), square_of(square));
    row.run = run.index;
    // Said by the method and the limits (round 12, F4: a critical search bounded by time_ms wrote
    // 1, and compare then called the clock's cut a change of behaviour). Resume reads it from here too.
    row.deterministic = method_counters_deterministic(method, t.config.limits);
    // What the kind, or the method's engine, does not count is empty, not 0 (SPEC §4); resume
    // and merge hold the row to it.
    row.unknown_counters = method_uncounted(t.config.task, method);
    return row;
}

ResultRow order_row(const TaskContext& t, const PlannedRun& run) {
    ResultRow row = square_row(t, run);
    row.solution.clear();
    return row;
}

ResultRow unfinished_order(const TaskContext& t, const PlannedRun& run, const SolveResult& ended) {
    ResultRow row = unfinished_square(t, run, ended);
    row.solution.clear();
    return row;
}

Json json_lines(const std::string& text) {
    Json lines = Json::array();
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) lines.push_back(Json::parse(line));
    return lines;
}

ResultRow unfinished_square(const TaskContext& t, const PlannedRun& run, const SolveResult& ended) {
    ResultRow row = square_row(t, run);
    row.status = ended.status;
    row.message = ended.message;
    row.unknown_counters = ~CounterMask{0};
    return row;
}

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

Stopwatch::Stopwatch() : wall0_(std::chrono::steady_clock::now()), cpu0_(thread_cpu_ns()) {}

void Stopwatch::stop(ResultRow& row) const {
    row.cpu_ns = thread_cpu_ns() - cpu0_;
    row.wall_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - wall0_).count();
}

}  // namespace futolab::tasks
