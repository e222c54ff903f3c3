// What a few-relations row (task few-relations) must be for resume and merge to keep it
// (called by output_facts.hpp's OutputFacts::check): a `counted` row holds one record, the one
// its run writes for its shard (few_relations_record.hpp): the empty board of the row's order,
// id the row's instance, its n, k, shard and shards those the instance names, counts that add
// up as the shard files' reader asks, an example exactly when a puzzle was unique (k relations
// of adjacent cells), the row's nodes its puzzles and no message. Any other status (a limit's
// timeout, an error) holds no record. The count is not run again (a shard of n = 6 costs
// CPU-minutes to hours); where the row's source has a checkpoint and the shard's file there reads
// back whole (the run's reader), the record holds that file's counts and example, as the run
// copied or wrote them (a file gone or not whole cannot be checked: the row is taken).
//
// What the row's config decides (check_few_relations_row; red-team round 20, B F2: a timeout
// with nodes 123, an error with h 3, solutions 1 or a limit's message, in a config without
// limits too, and a counted record from a checkpoint in a config without one were resumed and
// merged), as tasks/few_relations.cpp writes each status:
//   - counted: meta.from "checkpoint" only where the row's few_relations source has a checkpoint,
//     and then the counts and example of the shard's file there, when it reads back whole;
//   - timeout and error: nothing counted: h = k = 0, every counter empty (nodes and solutions
//     too), no grade;
//   - timeout: the message of a limit the config sets, exactly as the count's watch writes it
//     ("wall time limit (2 s)", "cpu time limit (2 s)");
//   - error: only where the source has a checkpoint (the run writes error for the shard's file
//     alone: held by another futolab, not whole, not writable), its message naming that file
//     (or its lock) or, for its folder, the key few_relations.checkpoint, at its start exactly
//     as the run writes it (few_relations_record.hpp, names_shard_file).
#pragma once

#include "experiments/config.hpp"
#include "experiments/row_cells.hpp"

namespace futolab {

// Throws InputError "PATH:LINE:COLUMN: column 'output' is '…', WHY: REFUSING" (or names the
// nodes or message cell) for a row that is not what its run writes.
void check_few_relations_output(const RowCells& row);

// Throws InputError "PATH:LINE:COLUMN: column 'C' is '…', WHY: REFUSING" for a row of `config`
// (task few-relations) whose cells are not what its status's run writes in that config (above).
void check_few_relations_row(const RowCells& row, const ExperimentConfig& config);

}  // namespace futolab
