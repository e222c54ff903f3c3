#include "experiments/error_rows.hpp"

#include "core/counters.hpp"
#include "core/vocabulary.hpp"
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
    for (const char* column : {"h", "k"})
        if (row.whole(column) != 0) row.refuse(column, "where the run's process sent no row (it writes 0)");
    for_each_counter(Counters{}, [&](std::string_view name, std::string_view, std::uint64_t) {
        if (row.has(name) && !row.cell(name).empty())
            row.refuse(name, "where the run's process sent no row (nothing is known of its search: the cell is empty)");
    });
    if (row.has("grade") && !row.cell("grade").empty()) row.refuse("grade", "where the run's process sent no puzzle to grade");
}

}  // namespace futolab
