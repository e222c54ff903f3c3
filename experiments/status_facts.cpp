#include "experiments/status_facts.hpp"

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/counters.hpp"
#include "core/status.hpp"
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
    check_node_limit(t, r, path, limits, spec, refusing);  // nodes and a node_limit's message (red-team round 26, B F8)
}

}  // namespace futolab
