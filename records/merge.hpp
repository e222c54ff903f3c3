// `futolab merge`: joins the shard CSVs of one experiment into one CSV in run-matrix order,
// after checking that every shard comes from the same config (the config hash in each
// metadata sidecar), and reports missing and duplicate runs.
#pragma once

#include "records/csv_reader.hpp"
#include "records/sidecar.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace futolab {

class OutputLock;

struct MergeReport {
    std::size_t rows = 0;        // rows written
    std::size_t expected = 0;    // runs in the experiment's matrix
    std::size_t missing = 0;     // run indices absent from every shard
    std::vector<std::size_t> first_missing;  // the first few of them (at most 10: a count of
                                             // 10^10 missing runs is not a list)
    std::vector<std::size_t> duplicates; // run indices found more than once (first kept)
    std::vector<std::string> notes;      // warnings for stderr (a killed run's shard merged as it is)
};

// Throws InputError if an input names standard input (a shard is read with its sidecar beside
// it), if the inputs do not belong together, if a `run` cell is not a whole
// number below the matrix's size (named by file, line and column), or if `out` would replace an
// input, an existing results CSV or sidecar (records/output_guard.hpp) and `force` is not set.
// The CSV, its sidecar and its outputs are each written to a temporary file and renamed
// (core/atomic_file.hpp): a kill leaves the old files, never half of one; a full disk at the
// sidecar, schema or outputs removes the merged CSV again (all of them or none).
// An input whose lock a live run holds is refused (records/read_lock.hpp); two inputs that
// claim one shard, or shards of two shardings, are refused before anything is read.
// `check_rows` is called with each shard's table, its path and its own sidecar's facts once its
// run cells are read, before anything is written; it throws to refuse the shard. The app passes
// experiments/merged_rows.hpp: records/ does not know what a config's runs are.
// `held`, the caller's lock of `out` (none: not locked), is asked once the inputs are read, right
// before the merged CSV replaces `out`: removed or replaced meanwhile, nothing is written
// (OutputLock::check_held_for; another futolab may hold the name now and write there).
// `command_line` is the merged sidecar's run.command: the merge's own, shell-quoted as a POSIX
// shell reads it back (core/shell_words.hpp; main's for `futolab merge`); "" writes the command
// these arguments make. The merged sidecar's run.first_started is the earliest of its shards'
// (the rows were all made after it), and left out where a shard names none or one after this
// merge's start (another machine's clock ahead), which would bound the rows by what is not so.
// Throws InputError "-: standard input cannot be merged (input 1): …" for an input that names
// standard input by any name (core/atomic_file.hpp, names_standard_input): a shard CSV is read
// with its sidecar beside it, which standard input has not.
void refuse_standard_input(const std::vector<std::string>& inputs);

using MergeRowCheck = std::function<void(const CsvTable&, const std::string&, const SidecarFacts&)>;
MergeReport merge_results(const std::vector<std::string>& inputs, const std::string& out, bool force = false,
                          const MergeRowCheck& check_rows = {}, const OutputLock* held = nullptr,
                          const std::string& command_line = "");

}  // namespace futolab
