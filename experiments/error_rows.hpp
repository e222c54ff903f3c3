// An `error` row without a record, of a kind whose run writes `error` only with the records that
// failed their verification, as the evidence (tasks/critical.cpp for critical and greedy,
// exact_task.cpp, tasks/exact_square.cpp, tasks/exhaustive.cpp, tasks/exact_sample.cpp). Such a
// row is a run whose own process the sandbox lost before the run's row came back (isolation
// process or fork: sandbox/child_run.hpp, lost_run_message), as unfinished_square writes it:
// h = k = 0, every counter empty, no grade. Any other is refused by resume and merge (round 16,
// B F5, for exhaustive and exact-sample, which run on futolab's threads; round 17, B F2: a
// solved or multiple row of task exact relabelled error, its record and counts taken out, was
// resumed and merged, and so were exact-square's and greedy's). Generate's error carries the
// generator's own message and no record (a missed target grade), and a solve or count error
// the solver's: those are not checked here.
#pragma once

#include "experiments/row_cells.hpp"

namespace futolab {

// Refuses row's `output` (or its message, or a cell the sandbox writes otherwise) unless the
// row is one the sandbox writes for a run it lost; the caller has seen status error and no record.
void check_recordless_error(const RowCells& row);

}  // namespace futolab
