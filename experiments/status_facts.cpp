#include "experiments/status_facts.hpp"

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/counters.hpp"
#include "core/status.hpp"
#include "experiments/censored_facts.hpp"
#include "experiments/config_statuses.hpp"
#include "experiments/node_facts.hpp"
#include "experiments/row_cells.hpp"
#include "experiments/task_kinds.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/solver.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

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

// How a solve or count run came to be memout, as its message says (the header's list).
struct MemoutCause {
    bool needs_memory_limit = false;  // an OOM kill, the peak rule, a tool's limit: only under limits.memory
    bool keeps_cells = false;         // the run answered, and its row says what it said (the kill or the rule came after)
};

// A portfolio's member that ran out of memory (portfolio.cpp): a race's verdict "portfolio:
// member M: out of memory", a sequence's label "memout by M[ after FIRST at N nodes, …]", M one
// of its members (in a sequence, after those that handed over).
bool portfolio_memout(const SolverSpec& spec, std::string_view m) {
    if (spec.name != "portfolio") return false;
    if (spec.options.at("schedule") == "sequence") {
        constexpr std::string_view by = "memout by ";
        return m.starts_with(by) && is_finished_message(spec, fmt::format("answered by {}", m.substr(by.size())));
    }
    constexpr std::string_view head = "portfolio: member ", tail = ": out of memory";
    if (!m.starts_with(head) || !m.ends_with(tail) || m.size() <= head.size() + tail.size()) return false;
    return is_finished_message(spec, fmt::format("answered by {}", m.substr(head.size(), m.size() - head.size() - tail.size())));
}

// The limit a tool's memout names (external/outcome.cpp, process_failure): "P ran out of memory
// (limit L kB, the tool's peak …)" or "P's processes held N kB together (…), above the memory
// limit (L kB): stopped"; nullopt for another message.
std::optional<std::string_view> tool_memout_limit(std::string_view m) {
    for (const std::string_view head : {std::string_view(" ran out of memory (limit "), std::string_view(", above the memory limit (")}) {
        const std::size_t at = m.find(head);
        if (at == std::string_view::npos) continue;
        const std::string_view rest = m.substr(at + head.size());
        return rest.substr(0, rest.find(" kB"));
    }
    return std::nullopt;
}

// The cause of a memout row of `spec`, or nullopt where no run writes its message: run_solver's
// and a member's std::bad_alloc "out of memory" (any isolation, no limit needed: the search and
// its counters are lost), the sandbox's OOM kill of the run's process ("out of memory: killed by
// SIGKILL …", "out of memory: the memory cgroup's OOM killer ended the run's process (…)") and a
// tool's (child_process.cpp, process_row.cpp, outcome.cpp), the OOM kill of a process the run
// started after it answered ("… ended a process of the run (the run said S)") and the peak rule
// ("peak resident memory …", whose figures censored_facts.hpp holds).
std::optional<MemoutCause> memout_cause(std::string_view m, const SolverSpec& spec) {
    constexpr std::string_view oom = "out of memory";
    if (m == oom || portfolio_memout(spec, m)) return MemoutCause{};
    if (m.starts_with("out of memory: killed by SIGKILL") || m.starts_with("out of memory: the memory cgroup's OOM killer ended the run's process ("))
        return MemoutCause{true, false};
    if (constexpr std::string_view said = "out of memory: the memory cgroup's OOM killer ended a process of the run (the run said ";
        m.starts_with(said) && m.ends_with(")")) {
        const std::optional<Status> answer = status_named(m.substr(said.size(), m.size() - said.size() - 1));
        return answer && *answer != Status::memout ? std::optional(MemoutCause{true, true}) : std::nullopt;
    }
    if (m.starts_with("peak resident memory ")) return MemoutCause{true, true};
    if (is_external_backend(spec.name) && tool_memout_limit(m)) return MemoutCause{true, false};
    return std::nullopt;
}

// A run that ran out of memory before it answered lost its search: no solution, and counters of
// nothing, 0 where its process answered (run_solver's SolveResult{}), every one empty where it
// died or a tool was stopped (unknown) — never a mixture, never a figure.
void check_search_lost(const Row& row) {
    if (!row.cell("solution").empty())
        row.refuse("solution", "where a 'memout' run that ran out of memory before it answered lost its search (it keeps none)");
    std::optional<std::string> first;
    for_each_counter(Counters{}, [&](std::string_view name, std::string_view, std::uint64_t) {
        if (!row.has(name)) return;
        const std::string& cell = row.cell(name);
        if ((cell != "0" && !cell.empty()) || (first && cell != *first))
            row.refuse(name, "where a 'memout' run that ran out of memory before it answered counts nothing: every counter 0 "
                             "(the run's process answered) or every one empty (it died, or its tool was stopped)");
        first = cell;
    });
}

// A memout row of a solve or count run (red-team round 27, B F1: a memout keeping its solution
// and counters, one with an empty message or naming a memory limit the sweep never had, were
// resumed and merged): its message one a run writes, of a limit the config sets, and its cells
// those of a lost search where the run did not answer.
void check_memout(const Row& row, const Limits& limits, const SolverSpec& spec) {
    if (!row.has("message")) return;
    const std::string& m = row.cell("message");
    // Another status's words ("wall time limit (…)"): check_censored_cells names whose.
    if (const std::optional<Status> said = status_of_message(m); said && *said != Status::memout) return;
    const std::optional<MemoutCause> cause = memout_cause(m, spec);
    if (!cause)
        row.refuse("message", fmt::format("where a 'memout' run of {} writes 'out of memory' (a failed allocation), the "
                                          "sandbox's 'out of memory: …' of an OOM kill, the peak rule's 'peak resident memory "
                                          "…'{}{}", message_text(spec.spec(), 200),
                                          spec.name == "portfolio" ? ", or the member's that ran out" : "",
                                          is_external_backend(spec.name) ? ", or its tool's naming limits.memory" : ""));
    if (cause->needs_memory_limit && limits.memory_bytes == 0)
        row.refuse("message", "where the run had no memory limit (the config sets no limits.memory): only a failed allocation "
                              "is memout then ('out of memory')");
    if (const auto named = tool_memout_limit(m); named && is_external_backend(spec.name) &&
                                                 *named != fmt::format("{}", limits.memory_bytes / 1024))
        row.refuse("message", fmt::format("where the run's limit is limits.memory ({} kB)", limits.memory_bytes / 1024));
    if (!cause->keeps_cells) check_search_lost(row);
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
    if (!row.has("mode") || !solver_mode(row.cell("mode"))) return;
    const std::optional<Status> status = status_named(row.cell("status"));
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
    if (status == Status::memout) check_memout(row, limits, spec);  // red-team round 27, B F1
    check_node_limit(t, r, path, limits, spec, refusing);  // nodes and a node_limit's message (red-team round 26, B F8)
}

}  // namespace futolab
