// An `error` row without a record, of a kind whose run writes `error` only with the records that
// failed their verification, as the evidence (tasks/critical.cpp for critical and greedy,
// exact_task.cpp, tasks/exact_square.cpp, tasks/exhaustive.cpp, tasks/exact_sample.cpp). Such a
// row is a run whose own process the sandbox lost before the run's row came back (isolation
// process or fork: sandbox/child_run.hpp, lost_run_message), as unfinished_square writes it:
// h = k = 0, every counter empty, no grade. Any other is refused by resume and merge (round 16,
// B F5, for exhaustive and exact-sample, which run on futolab's threads; round 17, B F2: a
// solved or multiple row of task exact relabelled error, its record and counts taken out, was
// resumed and merged, and so were exact-square's and greedy's). Generate's error carries the
// generator's own message and no record (a missed target grade): its cells are held
// (check_generator_error), its message is not read; nor is a solve or count error's, the solver's.
//
// The other rows without a record are held to their counters here too, as the run writes them:
// a status the run writes without a record (exact-sample's and the square kinds' `multiple`,
// free-square's budget `timeout`) has h = k = solutions = 0 and the counters its method counts
// (round 15, B F7, for the order kinds; round 18, B F2: a task exact `multiple` row with its
// `nodes` emptied was resumed and merged); a search that stopped at its limit and keeps no
// figures (task exact's `timeout`) has none, as a lost run has.
#pragma once

#include "experiments/row_cells.hpp"
#include "experiments/task_kinds.hpp"
#include "solvers/options.hpp"

#include <string_view>

namespace futolab {

// Refuses row's `output` (or its message, or a cell the sandbox writes otherwise) unless the
// row is one the sandbox writes for a run it lost; the caller has seen status error and no record.
void check_recordless_error(const RowCells& row);

// A row of `task` whose run wrote it without a record: h = k = 0, solutions 0, each counter empty
// where `method` counts none (method_counters.hpp; free-square's nodes too, which it reports with
// its record only) and present elsewhere.
void check_recordless_cells(const RowCells& row, Task task, const SolverSpec& method);

// h = k = 0, every counter (solutions too) empty and no grade: nothing is known of the run's
// search. `why` says so ("where the run's process sent no row").
void check_nothing_counted(const RowCells& row, std::string_view why);

// A generate row of status error, which its run writes without a puzzle (tasks/generate.cpp: the
// generator's error, a missed target grade): h = k = 0, solutions and nodes 0 (gac counted no
// puzzle), the kind's uncounted counters empty, no grade (red-team round 20, B F2's class: h 3,
// solutions 1 or nodes 7 were resumed). Its message, an exception's words, is not read.
void check_generator_error(const RowCells& row, const SolverSpec& method);

}  // namespace futolab
