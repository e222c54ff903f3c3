// No silent pooling (issue #24 §3): `analyze` and `report` given several CSVs treat their rows
// as one experiment, which is right for the shards of one sweep and wrong for
//   - the same file twice, or shards together with their merge: every run counted twice;
//     found as rows with the same run key (instance, instance_hash, solver, options, seed,
//     repeat: records/results_csv.hpp run_key) in two inputs;
//   - runs of two commits or two configs (the sidecars' git_commit or config_hash differ):
//     medians and noise figures would mix versions, and a spec could mean two things;
//   - rows of two experiments (their `experiment` cells differ), in several files or in one
//     (rows appended from another CSV), sidecars or not.
// Both are refused with a message naming the files, unless `--pool` says the pooling is
// meant; `futolab compare` is the tool for two versions of an experiment. A file given twice
// is refused even with --pool: nothing makes that a second measurement.
#pragma once

#include "analysis/results_table.hpp"

namespace futolab {

// Throws InputError (naming both files, and for a duplicate run both lines) as described.
void check_pooling(const ResultsTable& table, bool pool);

// The part of check_pooling that --pool does not lift, for every reader that sums the runs
// of its inputs (check --expect too): one file given twice, by any name (./x, a symbolic or a
// hard link), throws InputError "FILE: given twice (inputs I and J): …".
void refuse_file_given_twice(const ResultsTable& table);

}  // namespace futolab
