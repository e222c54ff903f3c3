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

// A shard's sidecar, with the config file and input files its runs read named from here. A
// sidecar names them as its run did (`config_file`, `inputs`), from the folder that run ran in,
// which it does not record: merge run from another folder read them from its own (the shards'
// instances "could not be read again", or a file of the same name there was taken for theirs,
// and `--out` could replace the runs' own instances file: a red-team finding). They are looked for
// in the shard's folder and each folder above it (a run writes below where it runs: `--out
// results/x`), then in the working directory (shards copied elsewhere, merged beside the files);
// the first folder that holds every input with the content hash the sidecar gives is where its
// run ran, and one that holds the config file too is taken before one that does not (a config
// moved since: its text is the sidecar's, only its folder counts). So merge reads the same files
// from any working directory, and a file of the same name elsewhere is never read for them.
struct LocatedShard {
    SidecarFacts facts;   // identity.config_file and identity.inputs named from here
    std::vector<InputFile> listed;  // identity.inputs as the sidecar lists them
    std::string folder;   // where its run ran, from here ("": the working directory)
    // "" if found (or the sidecar lists no input); else why not, at the sidecar line of the input
    // found nowhere with its content: 'a.csv.meta.yaml:53:5: input file corpora/p.tatham with
    // content hash afe50f3789054784 is in neither …'. Then `facts` is named from here as before.
    std::string unfound;
};
LocatedShard locate_run_files(const SidecarFacts& facts, const std::string& csv_path);

class MergedMatrix {
public:
    MergedMatrix();
    ~MergedMatrix();
    MergedMatrix(const MergedMatrix&) = delete;
    MergedMatrix& operator=(const MergedMatrix&) = delete;

    // Builds the matrix of the experiment `config` (the text of `shard`, the located sidecar of
    // the merge's first input `path`, its config file named from here) describes, before merge
    // takes its inputs' read locks: building it may take as long as the sweep's instance
    // generation did, and a run may start meanwhile. Built only by the binary that ran the
    // shards: another build's generators, ids or hashes may differ (then the note says so, and
    // rows are checked against each other only), and only from the files its runs read.
    void prepare(const ExperimentConfig& config, const LocatedShard& shard, const std::string& path);

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
