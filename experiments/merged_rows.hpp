// The rows `futolab merge` takes are runs of the experiment their sidecar's config describes
// (issue #45, round 6): a shard row whose seed, repeat, spec, mode or experiment cell was edited
// was merged silently. Checked from the config alone, without the run matrix (which would mean
// reading or generating every instance again): each cell that the config and the row's own
// instance hash and repeat determine. The run cell is checked up to its instance (which of the
// matrix's instances a run index means needs the matrix). The instance cell is checked against
// the other rows of the merge (round 7): a run index names its instance's block of the matrix,
// and ids are unique in an experiment, so every row of one block carries one id, hash and n, and
// one id belongs to one block. An id edited in the only row of its block, to an id no other row
// has, is not seen here (merge_matrix.hpp checks it against the instances).
// Round 8: a puzzle task's h and k are checked across the block as n is (a square task's
// solution, its square, too); every row's run must be of its file's shard, its host one of the
// hosts that wrote the file, and its n, h, k and solution possible (experiments/row_facts.hpp).
// What no other row can contradict (an id edited in the only row of its block, h and k edited
// alike in every row of an instance) is checked against the instances: merge_matrix.hpp.
// Round 10: each row's status against its own cells (status_facts.hpp, through row_facts) and
// a square task's output record against what its run writes or proves (output_facts.hpp).
// Round 11: every cell in the form futolab writes it (cell_forms.hpp, through row_facts), a
// censored status with the limit it names, grade empty without `grade: true` (with it,
// merge_matrix.hpp grades the instances), core empty without `pin`, the build one of the sidecar's.
#pragma once

#include "experiments/config.hpp"
#include "experiments/output_facts.hpp"
#include "records/csv_reader.hpp"
#include "records/sidecar.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace futolab {

// Throws InputError "PATH:LINE:COLUMN: column 'C' is 'X', where … writes 'Y': refusing to merge
// it" for the first row of `t` (read from `path`) that `config` (the text of `made_by`, checked
// by the caller to hash to its config_hash) would not have written, or whose isolation, limit,
// deterministic, build, run (its shard) or host cell is not what its shard (`made_by`, its
// sidecar) wrote for it; first, "PATH: column 38 is 'extra', this experiment writes '(none)':
// refusing to merge it" if its header is not the one `config` writes (records/results_csv.hpp,
// header_difference, as resume asks it; a shard another binary ran may lack later columns).
// `refusing` ends every message: merge's words, or those of a command that reads the CSV held
// to its sidecar as merge holds a shard (experiments/held_rows.hpp: check --expect, analyze, …).
void check_rows_of_config(const CsvTable& t, const std::string& path, const ExperimentConfig& config,
                          const SidecarFacts& made_by, std::string_view refusing = "refusing to merge it");

// The instance cells of every shard of one merge, checked against each other as they come.
class MergedInstances {
public:
    // Throws InputError "PATH:LINE:COLUMN: column 'instance' is 'X', where … : refusing to merge
    // it" for the first row whose instance, instance_hash or n (h and k of a puzzle task, the
    // solution of a square task) differs from an earlier row of its instance's block, or whose
    // id an earlier row of another block has.
    void check(const CsvTable& t, const std::string& path, const ExperimentConfig& config,
               std::string_view refusing = "refusing to merge it");

private:
    struct Seen {
        std::vector<std::string> cells;  // of instance_columns (merged_rows.cpp)
        std::string where;               // PATH:LINE of the first row of the block
    };
    std::map<std::uint64_t, Seen> blocks_;           // by instance block (run / runs per instance)
    std::map<std::string, std::uint64_t> block_of_;  // instance id → its block
    OutputFacts outputs_;                            // each output record against its run (round 10)
};

}  // namespace futolab
