// The rows `futolab merge` takes are runs of the experiment their sidecar's config describes
// (issue #45, round 6): a shard row whose seed, repeat, spec, mode or experiment cell was edited
// was merged silently. Checked from the config alone, without the run matrix (which would mean
// reading or generating every instance again): each cell that the config and the row's own
// instance hash and repeat determine. The run cell is checked up to its instance (which of the
// matrix's instances a run index means needs the matrix); the instance cell is not checked.
#pragma once

#include "experiments/config.hpp"
#include "records/csv_reader.hpp"

#include <string>

namespace futolab {

// Throws InputError "PATH:LINE:COLUMN: column 'C' is 'X', where … writes 'Y': refusing to merge
// it" for the first row of `t` (read from `path`) that `config` would not have written.
void check_rows_of_config(const CsvTable& t, const std::string& path, const ExperimentConfig& config);

}  // namespace futolab
