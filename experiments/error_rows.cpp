#include "experiments/error_rows.hpp"

#include "core/counters.hpp"
#include "core/vocabulary.hpp"
#include "experiments/method_counters.hpp"
#include "sandbox/child_run.hpp"
#include "sandbox/sandbox.hpp"

#include <fmt/format.h>

namespace futolab {
namespace {

// Whether the row's run had a process of its own (its isolation cell: process or fork).
bool own_process(const RowCells& row) {
    if (!row.has("isolation")) return false;
    const SandboxRow* where = row_named(kSandboxes, row.cell("isolation"));
    return where != nullptr && where->own_process;
}

}  // namespace

void check_recordless_error(const RowCells& row) {
    if (!own_process(row)) row.refuse("output", "empty, where the run writes an error with the records that failed their verification");
    if (!lost_run_message(row.cell("message")))
        row.refuse("message", fmt::format("where an error row without a record is only a run whose process the sandbox lost "
                                          "('{}', or '{}…', '{}…' with the system's reason): the run itself writes an error "
                                          "with the records that failed their verification", malformed_record().message,
                                          kNoPipe, kNoFork));
    // What unfinished_square writes (tasks/square_row.cpp): nothing is known of the run's search.
    check_nothing_counted(row, "where the run's process sent no row");
}

void check_nothing_counted(const RowCells& row, std::string_view why) {
    for (const char* column : {"h", "k"})
        if (row.whole(column) != 0) row.refuse(column, fmt::format("{} (it writes 0)", why));
    for_each_counter(Counters{}, [&](std::string_view name, std::string_view, std::uint64_t) {
        if (row.has(name) && !row.cell(name).empty())
            row.refuse(name, fmt::format("{} (nothing is known of its search: the cell is empty)", why));
    });
    if (row.has("grade") && !row.cell("grade").empty()) row.refuse("grade", fmt::format("{} (no puzzle to grade)", why));
}

// The counters a row of the kind without a record holds (the others are written empty): the
// method's counted ones, but free-square's nodes, which it reports with its record only
// (tasks/free_square.cpp).
CounterMask recordless_uncounted(Task task, const SolverSpec& method) {
    const CounterMask uncounted = method_uncounted(task, method);
    return task == Task::free_square ? uncounted | counter_bit(Counter::nodes) : uncounted;
}

// h = k = 0, solutions 0, and each counter as the run writes it: empty where it counts none,
// else present (round 15, B F7: an emptied `nodes` of a multiple row, or a `nodes` 5 of a
// timeout row, were resumed and merged).
void check_recordless_cells(const RowCells& row, Task task, const SolverSpec& method) {
    for (const char* column : {"h", "k", "solutions"})
        if (row.cell(column).empty() || row.whole(column) != 0) row.refuse(column, "where its run made no record (it writes 0)");
    const CounterMask uncounted = recordless_uncounted(task, method);
    unsigned index = 0;  // the visit follows the Counter enum's order
    for_each_counter(Counters{}, 0, [&](std::string_view name, std::uint64_t, bool) {
        const bool counted = (uncounted & (CounterMask{1} << index++)) == 0;
        if (!row.has(name) || row.cell(name).empty() != counted) return;
        row.refuse(name, counted ? fmt::format("empty, where a '{}' run of task {} counts it", row.cell("status"), task_name(task))
                                 : fmt::format("where a '{}' run of task {} writes it empty (not counted)", row.cell("status"),
                                               task_name(task)));
    });
}

void check_generator_error(const RowCells& row, const SolverSpec& method) {
    check_recordless_cells(row, Task::generate, method);
    if (row.whole("nodes") != 0) row.refuse("nodes", "where a generate run that made no puzzle writes 0 (gac counted none)");
    if (row.has("grade") && !row.cell("grade").empty())
        row.refuse("grade", "where a generate run that made no puzzle has none to grade");
}

}  // namespace futolab
