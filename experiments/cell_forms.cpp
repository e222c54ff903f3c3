#include "experiments/cell_forms.hpp"

#include "core/grades.hpp"
#include "core/isolation.hpp"
#include "core/message_text.hpp"
#include "core/status.hpp"
#include "core/vocabulary.hpp"
#include "experiments/row_cells.hpp"
#include "records/columns.hpp"
#include "solvers/registry/registry.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace futolab {
namespace {

// The counters a finished run of backend `solver` may leave empty (see the header). A name
// that is no row of the table (the test-only fault backend) may leave any.
CounterMask may_leave_empty(const std::string& solver) {
    constexpr CounterMask kSat = counter_bits({Counter::nodes, Counter::checks, Counter::propagations, Counter::max_depth});
    const auto table = backend_table();
    const auto row = std::find_if(table.begin(), table.end(), [&](const BackendInfo& b) { return b.name == solver; });
    if (row == table.end()) return ~CounterMask{0};
    if (row->external || row->declared) return ~counter_bit(Counter::solutions);
    return solver == "sat" || solver == "portfolio" ? kSat : 0;
}

bool solver_mode(const std::string& mode) { return mode == "first" || mode.starts_with("count:"); }

// A cell of a closed vocabulary: one of its words (empty only where the column allows it).
template <class Words>
void check_word(const RowCells& row, std::string_view column, const Words& words, std::string_view what) {
    if (!row.has(column)) return;
    const std::string& cell = row.cell(column);
    if (cell.empty()) return;  // a required column's emptiness is refused before
    if (row_named(words, cell) == nullptr) row.refuse(column, fmt::format("not {} (valid: {})", what, names_of(words)));
}

// A finished solve or count run's counters (see the header).
void check_counters(const RowCells& row) {
    if (!row.has("mode") || !row.has("solver") || !solver_mode(row.cell("mode"))) return;
    const std::optional<Status> status = status_named(row.cell("status"));
    if (!status || outcome_of(*status) != RunOutcome::finished) return;
    const std::string& solver = row.cell("solver");
    for_each_counter(Counters{}, may_leave_empty(solver), [&](std::string_view name, std::uint64_t, bool reported) {
        if (reported && row.has(name) && row.cell(name).empty())
            row.refuse(name, fmt::format("empty, where a finished run of {} reports it", message_text(solver, 100)));
    });
}

}  // namespace

void check_cell_forms(const CsvTable& t, std::size_t r, const std::string& path, std::string_view refusing) {
    const RowCells row{t, r, path, refusing};
    for (const std::string& name : t.header)
        if (const Column* c = column_named(name); c != nullptr && c->required && row.cell(name).empty())
            row.refuse(name, "empty, where futolab always writes it");
    // Optional in the schema (solve --format csv leaves both empty), but a sweep's runner writes
    // both for every row it records (experiments/runner.cpp: each job calibrates as it starts);
    // a sweep's row is known by its isolation, which solve leaves empty too (red-team round 31,
    // H5: check --expect refused solve's CSV, calling its rows damaged sweep rows).
    const bool sweep_row = row.has("isolation") && !row.cell("isolation").empty();
    for (const char* sweep : {"session", "calibration_ns"}) {
        if (sweep_row && row.has(sweep) && row.cell(sweep).empty())
            row.refuse(sweep, "empty, where every sweep run writes it (its isolation says it is a sweep's row)");
        // And the other way: a row with a sweep's cells has its isolation (spot check of round 31, J4).
        if (!sweep_row && row.has("isolation") && row.has(sweep) && !row.cell(sweep).empty())
            row.refuse("isolation", fmt::format("empty, where a sweep's row has one (its {} says it is one)", sweep));
    }
    check_word(row, "status", kStatuses, "a run status (SPEC §4)");
    check_word(row, "grade", kGrades, "a grade");
    check_word(row, "isolation", kIsolations, "an isolation");
    check_counters(row);
}

void check_isolation_cells(const CsvTable& t, std::size_t r, const std::string& path, std::string_view refusing) {
    const RowCells row{t, r, path, refusing};
    if (row.has("isolation") && row.has("max_rss_kb") && row.cell("isolation") == "thread" && !row.cell("max_rss_kb").empty())
        row.refuse("max_rss_kb", "where a run in thread isolation has none (its peak would be futolab's)");
}

}  // namespace futolab
