// A resumed results CSV holds runs of this experiment only (issue #45, round 6). The rows
// already there are matched to the run matrix by their run key (instance, hash, solver,
// options, seed, repeat, build: records/results_file.hpp); before, a row of that key written
// for another experiment name, mode, spec label or run index was counted as done, and a row
// whose key no run has was kept (and analysed with the others) while the run was made again.
// Round 7: the isolation and limit cells too (the sidecar's isolation is the whole file's; a
// row edited to say `thread`, or another time limit, was counted as done).
#pragma once

#include "experiments/config.hpp"
#include "experiments/run_matrix.hpp"
#include "records/results_file.hpp"

namespace futolab {

// The isolation a sweep's rows are written with: the config's for the task kinds that take the
// `isolation` key; generate and critical run on the runner's threads and say `thread`.
Isolation isolation_written(const ExperimentConfig& config);

// Throws InputError "CSV:LINE: …: refusing to resume; use a new --out" for the first row that
// is no run of `matrix`, or whose experiment, mode, run or spec cell is not the one this
// experiment writes for that run; the isolation and limit cells as this config writes them.
void check_resumed_rows(const ResultsFile& file, const ExperimentConfig& config, const RunMatrix& matrix);

}  // namespace futolab
