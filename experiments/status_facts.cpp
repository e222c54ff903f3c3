#include "experiments/status_facts.hpp"

#include "core/error.hpp"
#include "core/isolation.hpp"
#include "core/message_text.hpp"
#include "core/counters.hpp"
#include "core/status.hpp"
#include "core/vocabulary.hpp"
#include "experiments/censored_facts.hpp"
#include "experiments/config_statuses.hpp"
#include "experiments/node_facts.hpp"
#include "experiments/row_cells.hpp"
#include "experiments/task_kinds.hpp"
#include "sandbox/child_process.hpp"
#include "sandbox/sandbox.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/solver.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <csignal>
#include <cstdint>
#include <optional>
#include <string>

namespace futolab {
namespace {

// The row, with its solutions cell: empty (not counted) or a whole number.
struct Row : RowCells {
    std::optional<std::uint64_t> solutions() const {
        if (cell("solutions").empty()) return std::nullopt;
        return whole("solutions");
    }
};

// The solver mode a `mode` cell names (records/results_csv.cpp writes Mode::name()).
std::optional<Mode> solver_mode(const std::string& cell) {
    if (cell == "first") return Mode::first();
    if (!cell.starts_with("count:")) return std::nullopt;
    try {
        return parse_mode(std::string_view(cell).substr(6));
    } catch (const InputError&) {
        return std::nullopt;
    }
}

// The kind a square task's `mode` cell names (its task name), if it is one.
const TaskInfo* square_kind(const std::string& cell) {
    for (const TaskInfo& kind : kTasks)
        if (takes_methods(kind) && kind.name == cell) return &kind;
    return nullptr;
}

std::string solutions_text(std::uint64_t count) { return fmt::format("{} solution{}", count, count == 1 ? "" : "s"); }

// solve and count rows (see the header).
void check_solver_row(const Row& row, const Mode& mode, Status status) {
    const std::optional<std::uint64_t> count = row.solutions();
    const bool has_solution = !row.cell("solution").empty();
    if (status == Status::critical) row.refuse("status", "a status of task critical, never of a solver's run");
    if (outcome_of(status) == RunOutcome::finished) {
        if (!count) return;  // a count a tool did not report: the solution decides nothing more
        if (const Status want = completed_status(mode, *count); want != status)
            row.refuse("status", fmt::format("where a run in mode {} that found {} is '{}'", mode.name(), solutions_text(*count),
                                             status_name(want)));
        if (mode.kind == Mode::Kind::count && mode.limit != 0 && *count > mode.limit)
            row.refuse("solutions", fmt::format("more than mode {} counts", mode.name()));
    }
    if (status == Status::crash && has_solution) row.refuse("solution", "where a crashed run found none");
    if (count && (*count != 0) != has_solution)
        row.refuse("solution", has_solution ? fmt::format("where its '{}' run found no solution", status_name(status))
                                            : fmt::format("empty, where its '{}' run found {}", status_name(status),
                                                          solutions_text(*count)));
}


// A counter the kind does not count is empty, as its run writes it (round 13, F9: an edited
// `fails` of a greedy row was resumed, merged and analysed; and a 0 there let `compare
// --fail-on-change fails` pass without measuring anything): its TaskInfo's empty_counters.
void check_uncounted(const Row& row, const TaskInfo& kind) {
    unsigned index = 0;  // the visit follows the Counter enum's order
    for_each_counter(Counters{}, 0, [&](std::string_view name, std::uint64_t, bool) {
        const CounterMask bit = CounterMask{1} << index++;
        if ((kind.empty_counters & bit) != 0 && row.has(name) && !row.cell(name).empty())
            row.refuse(name, fmt::format("where task {} counts none (the cell is empty)", kind.name));
    });
}

// The grade a square kind's row carries (round 11, F2's rule for solve rows, here from the
// kind's row of task_kinds.hpp): none where the kind fills no grade (exact, exact-square and the
// order kinds write it empty and refuse `grade:`), and none where the run made no puzzle to
// grade (a status without a record); the grade of a record is output_facts.hpp's.
void check_square_grade(const Row& row, const TaskInfo& kind, Status status) {
    if (!row.has("grade") || row.cell("grade").empty()) return;
    if (!fills(kind, TaskColumn::grade))
        row.refuse("grade", fmt::format("where task {} writes none (it grades nothing)", kind.name));
    if (status != Status::error && !carries_output(kind, status))
        row.refuse("grade", fmt::format("where a '{}' run made no puzzle to grade", status_name(status)));
}

// generate, critical and exact rows (see the header).
void check_square_row(const Row& row, const TaskInfo& kind, Status status) {
    check_uncounted(row, kind);
    if (!row.has("output")) return;  // a CSV before the column
    const std::string& output = row.cell("output");
    const std::uint64_t records = output.empty() ? 0 : static_cast<std::uint64_t>(std::count(output.begin(), output.end(), '\n')) + 1;
    if (status == kind.success && records == 0) row.refuse("status", "where its output is empty");
    // h and k count the record's clues (row_facts.hpp): a run that made none writes 0.
    if (records == 0)
        for (const char* column : {"h", "k"})
            if (row.has(column) && row.whole(column) != 0) row.refuse(column, "where its output holds no record to count the clues of");
    if (carries_output(kind, status)) {  // a bounds record may be missing: a search that found no set
        if (const auto count = row.solutions(); count && *count != records)
            row.refuse("solutions", fmt::format("where its output holds {} records", records));
        return;
    }
    const bool multiple_ok = status == Status::multiple && may_write_multiple(kind);
    if (!multiple_ok && outcome_of(status) == RunOutcome::finished)
        row.refuse("status", fmt::format("a status task {} never writes", kind.name));
    if (records != 0) row.refuse("status", "where its output holds a record");
    if (const auto count = row.solutions(); count && *count != 0)
        row.refuse("solutions", fmt::format("where a '{}' run made nothing", status_name(status)));
}

// A portfolio's member that ran out of memory (portfolio.cpp): a race's verdict "portfolio:
// member M: out of memory", a sequence's label "memout by M[ after FIRST at N nodes, …]", M one
// of its members (in a sequence, after those that handed over).
bool portfolio_memout(std::string_view m, const SolverSpec& spec) {
    if (spec.name != "portfolio") return false;
    if (spec.options.at("schedule") == "sequence") {
        constexpr std::string_view by = "memout by ";
        return m.starts_with(by) && is_finished_message(spec, fmt::format("answered by {}", m.substr(by.size())));
    }
    constexpr std::string_view head = "portfolio: member ", tail = ": out of memory";
    if (!m.starts_with(head) || !m.ends_with(tail) || m.size() <= head.size() + tail.size()) return false;
    return is_finished_message(spec, fmt::format("answered by {}", m.substr(head.size(), m.size() - head.size() - tail.size())));
}

// The whole number written in `m` right after the first `before` and followed by `after` (in
// futolab's form: digits, no leading zero), and where that `after` ends: "… (limit 26624 kB, …"
// → 26624. nullopt where `m` has no such figure.
struct Figure {
    std::uint64_t value;
    std::size_t end;  // just past `after`
};
std::optional<Figure> figure_in(std::string_view m, std::string_view before, std::string_view after) {
    const std::size_t at = m.find(before);
    if (at == std::string_view::npos) return std::nullopt;
    const std::size_t from = at + before.size(), end = m.find(after, from);
    if (end == std::string_view::npos) return std::nullopt;
    const std::string_view digits = m.substr(from, end - from);
    if (digits.empty() || digits.size() > 19 || (digits.size() > 1 && digits[0] == '0') ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    return Figure{std::stoull(std::string(digits)), end + after.size()};
}

// Whether `m` ends with the figure after `before`, then `after`.
bool ends_with_figure(std::string_view m, std::string_view before, std::string_view after) {
    const std::optional<Figure> f = figure_in(m, before, after);
    return f && f->end == m.size();
}

// The sandbox's OOM kill of a run's process outside a cgroup (child_process.cpp,
// ended_without_result): "out of memory: killed by SIGKILL (Killed) at a peak of N kB".
std::string oom_kill_head() { return fmt::format("out of memory: killed by {} at a peak of ", child::signal_text(SIGKILL)); }

bool failed_allocation(std::string_view m, const SolverSpec&) { return m == "out of memory"; }
bool oom_kill(std::string_view m, const SolverSpec&) {
    return m.starts_with(oom_kill_head()) && ends_with_figure(m, oom_kill_head(), " kB");
}
bool cgroup_kill(std::string_view m, const SolverSpec&) {
    return m.starts_with("out of memory: the memory cgroup's OOM killer ended the run's process (") && m.ends_with(")");
}
bool cgroup_kill_after_answer(std::string_view m, const SolverSpec&) {
    constexpr std::string_view said = "out of memory: the memory cgroup's OOM killer ended a process of the run (the run said ";
    if (!m.starts_with(said) || !m.ends_with(")")) return false;
    const std::optional<Status> answer = status_named(m.substr(said.size(), m.size() - said.size() - 1));
    return answer && *answer != Status::memout;
}
bool peak_rule(std::string_view m, const SolverSpec&) { return m.starts_with("peak resident memory "); }

// A tool backend's memout (external/outcome.cpp, process_failure): "P ran out of memory (limit
// L kB, the tool's peak resident set X kB)" or "P's processes held T kB together (polled every
// 20 ms), above the memory limit (L kB): stopped".
constexpr std::string_view kToolRanOut = " ran out of memory (limit ", kToolPeak = " kB, the tool's peak resident set ";
constexpr std::string_view kToolHeld = "'s processes held ", kToolAbove = ", above the memory limit (";
bool tool_ran_out(std::string_view m, const SolverSpec& spec) {
    return is_external_backend(spec.name) && figure_in(m, kToolRanOut, kToolPeak) && ends_with_figure(m, kToolPeak, " kB)");
}
bool tool_held(std::string_view m, const SolverSpec& spec) {
    return is_external_backend(spec.name) && figure_in(m, kToolHeld, " kB together (") &&
           ends_with_figure(m, kToolAbove, " kB): stopped");
}

// What a memout leaves of its run's cells.
enum class MemoutCells {
    lost,    // the run's search is lost: no solution (a solver's), every counter empty (its process
             // died, or its tool was stopped); a method kind's record with it (no output, h = k = 0)
    caught,  // lost, but a solver's run (solve, count) may answer the failed allocation itself
             // (run_solver, a portfolio): then every counter is 0; else its process exited, empty
    said,    // the run answered, then the kill or the rule came: its cells are what it said, but for
             // a method kind's record, which the limit rule drops (limit_rule.hpp)
};

// How the figure a memout's message names relates to the row's max_rss_kb and limits.memory.
enum class MemoutPeak {
    none,       // no figure ("out of memory", a portfolio's, the cgroup's words)
    kill,       // N, the killed process's wait4 peak: a SIGKILL is an OOM kill only at N × 1024 ≥ 0.9 ×
                // limits.memory; in fork isolation max_rss_kb is that same wait4 peak, N (in process
                // isolation it is the cgroup's, or empty: the worker's N spans its whole life)
    tool,       // X, the tool's peak: max_rss_kb, where known, is the run's process's peak plus the
                // tool's largest (X or more)
    tree,       // T, the tool's processes together: above limits.memory (why they were stopped), and
                // max_rss_kb, where known, holds at least T
    rule,       // the peak rule's P: the row's max_rss_kb, above limits.memory (censored_facts.hpp)
};

// Every way a run of any kind comes to be memout, as its message says (red-team round 27, B F1:
// solve and count rows; the kinds a method runs, exact and exact-square in process or fork
// isolation, write the sandbox's and the rule's). A cause a kind's run cannot write does not
// match its rows: a portfolio's and a tool's need that spec, which no method is.
struct MemoutCause {
    bool (*matches)(std::string_view message, const SolverSpec& spec);
    bool needs_memory_limit;  // an OOM kill, the rule, a tool's limit: only under limits.memory
    bool warm_workers_only;   // the memory cgroup's: only warm workers (process isolation) live in one
    MemoutCells cells;
    MemoutPeak peak;
};

constexpr std::array kMemoutCauses{
    MemoutCause{failed_allocation, false, false, MemoutCells::caught, MemoutPeak::none},  // std::bad_alloc, any isolation
    MemoutCause{portfolio_memout, false, false, MemoutCells::caught, MemoutPeak::none},
    MemoutCause{oom_kill, true, false, MemoutCells::lost, MemoutPeak::kill},
    MemoutCause{cgroup_kill, true, true, MemoutCells::lost, MemoutPeak::none},
    MemoutCause{cgroup_kill_after_answer, true, true, MemoutCells::said, MemoutPeak::none},
    MemoutCause{peak_rule, true, false, MemoutCells::said, MemoutPeak::rule},
    MemoutCause{tool_ran_out, true, false, MemoutCells::lost, MemoutPeak::tool},
    MemoutCause{tool_held, true, false, MemoutCells::lost, MemoutPeak::tree},
};

const MemoutCause* memout_cause(std::string_view m, const SolverSpec& spec) {
    for (const MemoutCause& cause : kMemoutCauses)
        if (cause.matches(m, spec)) return &cause;
    return nullptr;
}

// The mode the row's isolation cell names (resume and merge have compared it with the config),
// if it names one: a CSV before the column does not.
const SandboxRow* isolation_of(const Row& row) {
    if (!row.has("isolation")) return nullptr;
    const auto* word = row_named(kIsolations, row.cell("isolation"));
    return word != nullptr ? &sandbox_row(word->value) : nullptr;
}

// The row's max_rss_kb, where it has one.
std::optional<std::uint64_t> peak_of(const Row& row) {
    if (!row.has("max_rss_kb") || row.cell("max_rss_kb").empty()) return std::nullopt;
    return row.whole("max_rss_kb");
}

// The figure a memout's message names against max_rss_kb and limits.memory (MemoutPeak).
void check_memout_peak(const Row& row, const MemoutCause& cause, std::string_view m, const Limits& limits) {
    const std::uint64_t limit_kb = limits.memory_bytes / 1024;
    const std::optional<std::uint64_t> peak = peak_of(row);
    switch (cause.peak) {
        case MemoutPeak::kill: {
            const std::uint64_t n = figure_in(m, oom_kill_head(), " kB")->value;
            if (!child::oom_kill_peak(static_cast<std::int64_t>(std::min<std::uint64_t>(n, INT64_MAX)), limits.memory_bytes))
                row.refuse("message", fmt::format("where the sandbox calls a SIGKILL an OOM kill only at a peak of at least 90 % of "
                                                  "limits.memory ({} kB)", limit_kb));
            const SandboxRow* where = isolation_of(row);
            if (where != nullptr && where->own_process && !where->warm_workers && row.has("max_rss_kb") &&
                row.cell("max_rss_kb") != std::to_string(n))
                row.refuse("max_rss_kb", fmt::format("where its message says the killed process peaked at {} kB, which in {} "
                                                     "isolation is the row's peak too (both are its wait4 figure)",
                                                     n, where->name));
            return;
        }
        case MemoutPeak::tool: {
            const std::uint64_t x = figure_in(m, kToolPeak, " kB)")->value;
            if (peak && *peak < x)
                row.refuse("max_rss_kb", fmt::format("below the tool's peak its message names ({} kB), where max_rss_kb is the "
                                                     "run's process's peak plus the tool's", x));
            return;
        }
        case MemoutPeak::tree: {
            const std::uint64_t held = figure_in(m, kToolHeld, " kB together (")->value;
            if (held <= limit_kb)  // process.cpp stops them at held × 1024 > limits.memory
                row.refuse("message", fmt::format("where the tool's processes are stopped only once they hold more than "
                                                  "limits.memory ({} kB) together", limit_kb));
            if (peak && *peak < held)
                row.refuse("max_rss_kb", fmt::format("below what its message says the tool's processes held ({} kB), where "
                                                     "max_rss_kb is the run's process's peak plus the tool's", held));
            return;
        }
        case MemoutPeak::none:
        case MemoutPeak::rule: return;  // the rule's figure: censored_facts.hpp
    }
}

// A run that ran out of memory before it answered lost its search: a solver's row keeps no
// solution (a method kind's `solution` is its input square, and its record, h, k and solutions
// are check_square_row's), and counts nothing: every counter 0 where a solver's run caught the
// failed allocation (run_solver's SolveResult{}), else every one empty (its process died, or its
// tool was stopped: unknown) — never a mixture, never a figure.
void check_search_lost(const Row& row, const MemoutCause& cause, bool solver_run) {
    if (solver_run && !row.cell("solution").empty())
        row.refuse("solution", "where a 'memout' run that ran out of memory before it answered lost its search (it keeps none)");
    const bool zeros = solver_run && cause.cells == MemoutCells::caught;
    std::optional<std::string> first;
    for_each_counter(Counters{}, [&](std::string_view name, std::string_view, std::uint64_t) {
        if (!row.has(name)) return;
        const std::string& cell = row.cell(name);
        if ((!cell.empty() && !(zeros && cell == "0")) || (first && cell != *first))
            row.refuse(name, zeros ? "where a 'memout' run that ran out of memory before it answered counts nothing: every "
                                     "counter 0 (the run's process answered) or every one empty (it died)"
                                   : "where a 'memout' run that ran out of memory before it answered counts nothing: every "
                                     "counter empty (its process died, or its tool was stopped)");
        first = cell;
    });
}

// A memout row of any kind (red-team round 27, B F1: a memout keeping its solution and counters,
// one with an empty message or naming a memory limit the sweep never had, were resumed and
// merged; round 27's leftovers: so were such rows of exact and exact-square, and a memout whose
// figures its max_rss_kb contradicts): its message one a run of its kind writes, of a limit the
// config sets, in an isolation that writes it, its figures those of the row's peak and limit, and
// its cells those of a lost search where the run did not answer. `solver_run`: solve and count.
void check_memout(const Row& row, const Limits& limits, const SolverSpec& spec, bool solver_run) {
    if (!row.has("message")) return;
    const std::string& m = row.cell("message");
    // Another status's words ("wall time limit (…)"): check_censored_cells names whose.
    if (const std::optional<Status> said = status_of_message(m); said && *said != Status::memout) return;
    const MemoutCause* cause = memout_cause(m, spec);
    if (cause == nullptr)
        row.refuse("message", fmt::format("where a 'memout' run of {} writes 'out of memory' (a failed allocation), the "
                                          "sandbox's 'out of memory: …' of an OOM kill, the peak rule's 'peak resident memory "
                                          "…'{}{}", message_text(spec.spec(), 200),
                                          spec.name == "portfolio" ? ", or the member's that ran out" : "",
                                          is_external_backend(spec.name) ? ", or its tool's naming limits.memory" : ""));
    if (cause->needs_memory_limit && limits.memory_bytes == 0)
        row.refuse("message", "where the run had no memory limit (the config sets no limits.memory): only a failed allocation "
                              "is memout then ('out of memory')");
    if (const SandboxRow* where = isolation_of(row); cause->warm_workers_only && where != nullptr && !where->warm_workers)
        row.refuse("message", fmt::format("where a run in {} isolation has no memory cgroup (only process isolation's warm "
                                          "workers live in one)", where->name));
    const std::optional<Figure> named = cause->peak == MemoutPeak::tool ? figure_in(m, kToolRanOut, " kB")
                                        : cause->peak == MemoutPeak::tree ? figure_in(m, kToolAbove, " kB)")
                                                                          : std::nullopt;
    if (named && named->value != limits.memory_bytes / 1024)
        row.refuse("message", fmt::format("where the run's limit is limits.memory ({} kB)", limits.memory_bytes / 1024));
    check_memout_peak(row, *cause, m, limits);
    if (cause->cells != MemoutCells::said) check_search_lost(row, *cause, solver_run);
}

}  // namespace

void check_status_facts(const CsvTable& t, std::size_t r, const std::string& path, std::string_view refusing) {
    const Row row{{t, r, path, refusing}};
    if (!row.has("mode") || !row.has("solutions")) return;  // SPEC §5 columns: only a hand-made table lacks them
    const std::optional<Status> status = status_named(row.cell("status"));
    if (!status) return;  // an unknown status: the reader refuses it
    const std::string& mode = row.cell("mode");
    if (const TaskInfo* kind = square_kind(mode)) {
        check_square_grade(row, *kind, *status);
        if (*status != Status::error) check_square_row(row, *kind, *status);  // error: its cells are evidence
        return;
    }
    if (*status == Status::error) return;
    if (const std::optional<Mode> m = solver_mode(mode)) check_solver_row(row, *m, *status);
}

void check_censored_status(const CsvTable& t, std::size_t r, const std::string& path, const Limits& limits,
                           const SolverSpec& spec, std::string_view refusing) {
    const Row row{{t, r, path, refusing}};
    if (!row.has("mode")) return;
    const bool solver_run = solver_mode(row.cell("mode")).has_value();
    if (!solver_run && square_kind(row.cell("mode")) == nullptr) return;
    const std::optional<Status> status = status_named(row.cell("status"));
    if (!solver_run) {
        // A method kind's run is memout only in a process of its own (exact and exact-square in
        // process or fork isolation: config_statuses.hpp); check_censored_cells refuses another's.
        const SandboxRow* where = isolation_of(row);
        if (status == Status::memout && (where == nullptr || where->own_process)) check_memout(row, limits, spec, false);
        return;
    }
    if (status == Status::timeout && limits.time_seconds <= 0 && limits.cpu_seconds <= 0)
        row.refuse("status", "where the run had no time limit (the config sets none)");
    if (status == Status::node_limit && limits.nodes == 0 && !has_own_node_budget(spec))
        row.refuse("status", "where the run had no node limit (neither the config nor the spec sets one)");
    // A finished run's message: none, or a portfolio's member that answered (red-team round 23,
    // C F6: "see the log" on a gac `solved` row, "answered by minizinc" of a portfolio, were taken).
    if (status && outcome_of(*status) == RunOutcome::finished && row.has("message") &&
        !is_finished_message(spec, row.cell("message")))
        row.refuse("message", spec.name == "portfolio"
                                  ? fmt::format("where a '{}' run of {} writes 'answered by MEMBER' of one of its members",
                                                status_name(*status), message_text(spec.spec(), 200))
                                  : fmt::format("where a '{}' run of {} writes none", status_name(*status),
                                                message_text(spec.spec(), 200)));
    if (status == Status::memout) check_memout(row, limits, spec, true);  // red-team round 27, B F1
    check_node_limit(t, r, path, limits, spec, refusing);  // nodes and a node_limit's message (red-team round 26, B F8)
}

}  // namespace futolab
