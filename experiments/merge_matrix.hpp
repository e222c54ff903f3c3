// The instances behind the rows `futolab merge` takes. merged_rows.hpp checks each row against
// its config and against the other rows of its instance; what no other row can show — an
// instance id edited in the only row of its block, or h and k edited alike in every row of an
// instance (known limits of rounds 7 and 8, issue #45) — needs the instances themselves. So the
// run matrix is built again from the shards' config, once per merge, as `--resume` builds it:
// every row's instance, instance_hash and n (h and k of a puzzle task, the square of a square
// task) must be those of the instance its run cell names, its seed its run's (the square's own
// for task greedy and exact-square, round 12), and a puzzle task's solution must solve it. Where the matrix cannot be built as it was (an input file moved or changed since,
// a config that no longer reads), the merge goes on with the row-against-row checks and says
// so in a warning: a note, not a refusal, since shards are often merged on another machine.
#pragma once

#include "experiments/config.hpp"
#include "experiments/run_matrix.hpp"
#include "records/csv_reader.hpp"
#include "records/sidecar.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace futolab {

class MergedMatrix {
public:
    MergedMatrix();
    ~MergedMatrix();
    MergedMatrix(const MergedMatrix&) = delete;
    MergedMatrix& operator=(const MergedMatrix&) = delete;

    // Builds the matrix of the experiment `config` (the text of `made_by`, the sidecar of the
    // merge's first input) describes, before merge takes its inputs' read locks: building it
    // may take as long as the sweep's instance generation did, and a run may start meanwhile.
    // Built only by the binary that ran the shards: another build's generators, ids or hashes
    // may differ (then the note says so, and rows are checked against each other only).
    void prepare(const ExperimentConfig& config, const SidecarFacts& made_by, const std::string& path);

    // Throws InputError "PATH:LINE:COLUMN: column 'C' is 'X', where run R of this experiment
    // writes 'Y' (its instance …): refusing to merge it" for the first row of `t` whose instance
    // cells are not its run's instance's. `made_by` is the sidecar of `path` (merge has checked
    // that every shard has the prepared config).
    void check(const CsvTable& t, const std::string& path, const ExperimentConfig& config, const SidecarFacts& made_by);

    // The size of the run matrix of the shard whose sidecar is `made_by`, if it was built
    // (nullopt: not built, see note(); its sidecar's total_runs is then not checked).
    std::optional<std::size_t> runs(const SidecarFacts& made_by) const;
    // The inputs it skipped (--skip-invalid), likewise (nullopt: not built).
    std::optional<std::vector<SkippedInput>> skipped(const SidecarFacts& made_by) const;

    // Why rows were checked against each other only ("" if against the instances).
    const std::string& note() const { return note_; }

private:
    struct Built;
    std::unique_ptr<Built> built_;  // null: not built (note_ says why)
    std::string note_;
};

}  // namespace futolab
