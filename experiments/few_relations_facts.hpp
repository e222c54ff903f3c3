// What a few-relations row (task few-relations) must be for resume and merge to keep it
// (called by output_facts.hpp's OutputFacts::check): a `counted` row holds one record, the one
// its run writes for its shard (few_relations_record.hpp): the empty board of the row's order,
// id the row's instance, its n, k, shard and shards those the instance names, counts that add
// up as the shard files' reader asks, an example exactly when a puzzle was unique (k relations
// of adjacent cells), the row's nodes its puzzles and no message. Any other status (a limit's
// timeout, an error, a process's memout or crash) holds no record. The count is not run again
// (a shard of n = 6 costs CPU-minutes to hours): what it found only a re-run can tell.
#pragma once

#include "experiments/row_cells.hpp"

namespace futolab {

// Throws InputError "PATH:LINE:COLUMN: column 'output' is '…', WHY: REFUSING" (or names the
// nodes or message cell) for a row that is not what its run writes.
void check_few_relations_output(const RowCells& row);

}  // namespace futolab
