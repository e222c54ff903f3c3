#include "experiments/clock_facts.hpp"

#include "core/puzzle.hpp"
#include "core/status.hpp"
#include "experiments/censored_facts.hpp"
#include "experiments/row_cells.hpp"
#include "experiments/task_kinds.hpp"
#include "records/sidecar_numbers.hpp"
#include "solvers/command/declaration.hpp"
#include "solvers/registry/registry.hpp"

#include <fmt/format.h>

#include <chrono>
#include <climits>
#include <limits>

namespace futolab {
namespace {

// The slack of a sweep's span: its timestamps are whole seconds (each may be up to 1 s before
// the moment it names), a leap second may repeat one, and an NTP daemon steps a clock that ran
// ahead back (ntpd past 128 ms, chrony's makestep): a minute more for such a step during the
// sweep, which would shorten the span its timestamps give while the runs' steady clocks go on.
constexpr std::int64_t kSpanSlackSeconds = 62;
// A one-thread run's CPU against its wall time (the header: clock drift, an unstable TSC's tick).
constexpr double kCpuPerWall = 1.25;
constexpr double kCpuSlackNs = 10e6;
// The most of any counter a search counts per ns of wall time (the header: at most 126 a step,
// fewer than 8 steps a ns).
constexpr std::uint64_t kCountsPerNs = 1024;

// Every counter a search counts, each step of which is a step of the search (core/counters.hpp;
// the increments read in each backend, red-team round 28, B F1): one table, one rate. The most
// any step adds is gac's ≠ pass, 2(n − 1) ≤ 126 checks counted at its start (solvers/gac/
// engine.cpp, run_neq); a bit scan or a word of values adds at most n ≤ 64 (bitmask's nodes and
// fails, gac's and fc's removed values, Régin's n checks a line); the rest add 1 a step. Held
// for futolab's own backends, a tool's (each counter a step of its search: a node, a failure, a
// level, a Prolog inference; solutions futolab counts as it reads each one) and task
// exact-square's branch and bound (nodes, and checks: its oracle's queries, each a search of
// its own), all counted inside the row's wall time; not a command's (check_command_counters).
struct CounterStep {
    const char* column;
    const char* step;  // what one step is, for the refusal
};
constexpr CounterStep kCounterSteps[] = {
    {"solutions", "a solution found, at a leaf"},
    {"nodes", "a value tried, or n ≤ 64 of them in one bit scan"},
    {"fails", "a node that failed, n ≤ 64 in one bit scan, or one of sat's conflicts"},
    {"checks", "a constraint check, at most 2(n − 1) ≤ 126 in one pass of gac's ≠ revisions"},
    {"propagations", "a value removed, at most n ≤ 64 in one word"},
    {"max_depth", "a level of the deepest path"},
};
// The counter columns (core/counters.hpp) but solutions, futolab's own count.
constexpr const char* kCounterColumns[] = {"nodes", "fails", "checks", "propagations", "max_depth"};

// The cell as a whole number, or nullopt where it is empty (unknown) or absent (an older CSV).
std::optional<std::uint64_t> known(const RowCells& row, std::string_view column) {
    if (!row.has(column) || row.cell(column).empty()) return std::nullopt;
    return row.whole(column);
}

// Whether the row's run answered with the clocks it read itself: a run whose process died or was
// killed has its CPU read from outside (sandbox/warm_worker.cpp: the worker's since its last
// answer, its start-up included for a first run), not on the run's thread.
bool answered(const RowCells& row) {
    const std::optional<Status> status = status_named(row.cell("status"));
    return status && !died_unanswered(*status, row.has("message") ? std::string_view(row.cell("message")) : "");
}

// Whether the row's CPU time is its one thread's (CLOCK_THREAD_CPUTIME_ID, read inside its wall
// window: solvers/run/run.cpp, experiments/tasks/square_row.cpp Stopwatch, exact_task.cpp): a
// run of a backend that runs no tool, or of a task that runs no backend of its own choosing (the
// square tasks verify with gac, fc, gecode or sat, in the process).
bool one_thread_clock(const ExperimentConfig& config, const SolverSpec& spec) {
    return task_info(config.task).inputs != TaskInput::puzzles || !is_external_backend(spec.name);
}

void check_span(const RowCells& row, const SweepSpan& span) {
    if (!span.most_ns) return;
    for (const char* column : {"wall_ns", "calibration_ns"})
        if (const auto ns = known(row, column); ns && *ns > *span.most_ns)
            row.refuse(column, fmt::format("longer than the sweep that made the row ({}: at most {} s with the "
                                           "timestamps' rounding and a step of the clock)",
                                           span.words, *span.most_ns / 1'000'000'000));
}

void check_cpu(const RowCells& row, const ExperimentConfig& config, const SolverSpec& spec, const SweepSpan& span) {
    const auto wall = known(row, "wall_ns"), cpu = known(row, "cpu_ns");
    if (!wall || !cpu || !answered(row)) return;
    const double one = kCpuPerWall * static_cast<double>(*wall) + kCpuSlackNs;  // one CPU's most in the window
    if (one_thread_clock(config, spec)) {
        if (static_cast<double>(*cpu) > one)
            row.refuse("cpu_ns", fmt::format("more than {} × its wall_ns ({}) + 10 ms = {:.0f} ns, where a run of {} is timed on "
                                             "its one thread's CPU clock inside its wall time (docs/reliability.md, \"Clocks "
                                             "and counters\")",
                                             kCpuPerWall, *wall, one, spec.spec()));
        return;
    }
    // A tool's process tree lives inside the run's wall window, each process on at most one CPU
    // at a time (the header): as many CPUs as the machine has, each held to the one-thread rule.
    const double most = static_cast<double>(span.cores) * one;
    if (static_cast<double>(*cpu) > most)
        row.refuse("cpu_ns", fmt::format("more than {} cores × ({} × its wall_ns ({}) + 10 ms) = {:.0f} ns (cores: {}), where "
                                         "a run of {} counts its tool's process tree, which ran inside its wall time "
                                         "(docs/reliability.md, \"Clocks and counters\")",
                                         span.cores, kCpuPerWall, *wall, most, span.cores_words, spec.spec()));
}

// The most decisions one path of `spec`'s search holds for side n: n² cells for d-way branching,
// n − 1 per cell for binary branching (a decision needs two values left).
std::uint64_t most_depth(const SolverSpec& spec, std::uint64_t n) {
    const auto branch = spec.options.find("branch");
    const bool dway = spec.name == "backtracking" || spec.name == "bitmask" || spec.name == "fc" ||
                      (spec.name == "gac" && branch != spec.options.end() && branch->second == "dway");
    return dway ? n * n : n * n * (n - 1);
}

// A command's counters: what its regex rule reads, at most 2^63 − 1 (a larger number made the
// run an error, solvers/command/counter_rules.cpp), whatever its tool means by them.
void check_command_counters(const RowCells& row) {
    constexpr auto most = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    for (const char* column : kCounterColumns)
        if (const auto value = known(row, column); value && *value > most)
            row.refuse(column, fmt::format("more than {}, the most a command's counter rule reads (docs/solvers.md, "
                                           "\"Counters\" of a command)",
                                           most));
}

// Every counter of kCounterSteps at most kCountsPerNs a ns of the row's wall time (the header).
void check_count_rates(const RowCells& row) {
    const auto wall = known(row, "wall_ns");
    if (!wall) return;
    for (const CounterStep& c : kCounterSteps)
        if (const auto value = known(row, c.column); value && *value / kCountsPerNs > *wall)
            row.refuse(c.column, fmt::format("more than {} per ns of its wall_ns ({}), more than any search counts (one "
                                             "step is {}, and no core takes 8 steps a ns: docs/reliability.md, \"Clocks "
                                             "and counters\")",
                                             kCountsPerNs, *wall, c.step));
}

// Whether the row's counters are a search's counted inside its wall time (kCounterSteps).
bool counted_in_wall(const ExperimentConfig& config, const SolverSpec& spec) {
    if (config.task == Task::exact_square) return true;
    return task_info(config.task).inputs == TaskInput::puzzles && spec.name != command::kBackend;
}

// A tool's depth (minizinc, clpfd, ilp): minizinc's peakDepth at most nodes + 1 (the header).
void check_tool_depth(const RowCells& row, std::optional<std::uint64_t> nodes) {
    if (const auto depth = known(row, "max_depth"); depth && nodes && *depth > *nodes && *depth - *nodes > 1)
        row.refuse("max_depth", fmt::format("more than nodes + 1 (nodes is {}), where each level of the deepest path is a "
                                            "node (one more for a push not yet explored)",
                                            *nodes));
}

void check_counters(const RowCells& row, const ExperimentConfig& config, const SolverSpec& spec) {
    if (task_info(config.task).inputs != TaskInput::puzzles) return;
    if (spec.name == command::kBackend) return check_command_counters(row);
    const auto nodes = known(row, "nodes"), fails = known(row, "fails"), depth = known(row, "max_depth");
    if (nodes && fails && *fails > *nodes && *fails - *nodes > 1)
        row.refuse("fails", fmt::format("more than nodes + 1 (nodes is {}), where a fail is a node at which a conflict was "
                                        "found, plus 1 for a root that fails (docs/solvers.md, \"Counters\")", *nodes));
    if (is_external_backend(spec.name)) return check_tool_depth(row, nodes);  // a tool's depth is its own
    if (!depth) return;
    if (nodes && *depth > *nodes)
        row.refuse("max_depth", fmt::format("more than nodes ({}), where each decision on the deepest node's path is a node",
                                            *nodes));
    // Capped: an n past 2^64 − 1 is the row checks' to refuse, in their words (merge asks them after these).
    const std::uint64_t n = row.cell("n").empty() ? 0 : capped_whole_number_cell(row.t, row.r, row.t.column("n", row.path), row.path);
    if (n == 0 || n > static_cast<std::uint64_t>(kMaxSize)) return;
    if (const std::uint64_t most = most_depth(spec, n); *depth > most)
        row.refuse("max_depth", fmt::format("more than {}, the most decisions one path of {} holds for n = {}", most,
                                            spec.spec(), n));
}

// The runner counts sessions in an int (experiments/runner.cpp, WorkQueue::sessions).
void check_session(const RowCells& row) {
    if (const auto session = known(row, "session"); session && *session > static_cast<std::uint64_t>(INT_MAX))
        row.refuse("session", fmt::format("more than {}, the most sessions the runner counts", INT_MAX));
}

std::int64_t now_seconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// The span alone (sweep_span): none without run.first_started.
SweepSpan span_of(const SidecarFacts& made) {
    if (made.first_started.empty()) return {};
    const bool going = made.finished.empty();
    const std::int64_t end = going ? now_seconds() : utc_seconds(made.finished);
    const std::int64_t seconds = std::max<std::int64_t>(0, end - utc_seconds(made.first_started)) + kSpanSlackSeconds;
    SweepSpan span;
    span.most_ns = static_cast<std::uint64_t>(seconds) * 1'000'000'000;
    span.words = fmt::format("its sidecar says run.first_started {} ({}) to {}", made.first_started,
                             sidecar_at(made, "run.first_started"),
                             going ? "now, the run going on (run.finished \"\")" : "run.finished " + made.finished);
    return span;
}

}  // namespace

SweepSpan sweep_span(const SidecarFacts& made) {
    SweepSpan span = span_of(made);
    // One machine wrote every row: a merge's shards name no cores, and a file resumed on another
    // host holds rows of a machine whose cores the sidecar no longer says.
    if (made.merged || made.machines.size() != 1 || !made.machines.front().cores || made.machines.front().hosts.size() > 1)
        return span;
    span.cores = *made.machines.front().cores;
    span.cores_words = fmt::format("its sidecar's machine.cores ({})", sidecar_at(made, "machine.cores"));
    return span;
}

void check_clock_cells(const CsvTable& t, std::size_t r, const std::string& path, const ExperimentConfig& config,
                       const SolverSpec& spec, const SweepSpan& span, std::string_view refusing) {
    const RowCells row{t, r, path, refusing};
    check_span(row, span);
    check_cpu(row, config, spec, span);
    if (counted_in_wall(config, spec)) check_count_rates(row);  // red-team round 28, B F1 and F2
    check_counters(row, config, spec);
    check_session(row);
}

}  // namespace futolab
