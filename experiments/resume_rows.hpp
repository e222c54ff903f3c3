// A resumed results CSV holds runs of this experiment only (issue #45, round 6). The rows
// already there are matched to the run matrix by their run key (instance, hash, solver,
// options, seed, repeat, build: records/results_file.hpp); before, a row of that key written
// for another experiment name, mode, spec label or run index was counted as done, and a row
// whose key no run has was kept (and analysed with the others) while the run was made again.
// Round 7: the isolation and limit cells too (the sidecar's isolation is the whole file's; a
// row edited to say `thread`, or another time limit, was counted as done).
// Round 8: the file and its rows must be this --shard's (a shard's CSV copied to another
// shard's name, the unsharded CSV copied to a shard's, or one row of shard 2 appended to shard
// 1, were resumed); each row's n, h, k and solution must be its instance's (or, for the square
// tasks, possible: experiments/row_facts.hpp), its host one of the hosts that wrote the file
// (the sidecar lists them: a resume on another machine adds its own); and the sidecar's config
// text must hash to its config_hash.
// Round 10: a row's status must agree with its own cells (status_facts.hpp), and a square
// task's output record be what its run writes or proves (output_facts.hpp).
// Round 11: every cell in the form futolab writes it (cell_forms.hpp), a censored status with
// the limit it names (status_facts.hpp), a solve row's grade its instance's (row_facts.hpp),
// and core empty without `pin`.
#pragma once

#include "experiments/config.hpp"
#include "experiments/run_matrix.hpp"
#include "records/results_file.hpp"
#include "records/sidecar.hpp"

#include <string>
#include <vector>

namespace futolab {

// The isolation a sweep's rows are written with: the config's for the task kinds that take the
// `isolation` key; generate and critical run on the runner's threads and say `thread`.
Isolation isolation_written(const ExperimentConfig& config);

// The shard a resume writes (`--shard INDEX/COUNT`, counted from 0; 0 of 1 without it).
struct ResumedShard {
    int index = 0, count = 1;
};

// Before the CSV is touched: throws InputError "CSV: its sidecar says shard 0 of 2, not 1 of 2
// as --shard asks …: refusing to resume; use a new --out" (a sidecar counting from 1, of an
// older futolab, whose file --shard names by that number: "… its shard 2 of 4 is --shard 1/4
// now: rename it … and resume with --shard 1/4; …"), or if the sidecar has no config text
// or one that does not hash to its config_hash (records/sidecar.hpp, check_config_text), or
// says it ran otherwise than a sweep of `config` runs, with `runs` runs in its matrix
// (sidecar_protocol.hpp, as merge asks it). A CSV without a sidecar passes (check_resumable
// decides about it).
void check_resumed_sidecar(const std::string& csv_path, const ResumedShard& shard, const ExperimentConfig& config,
                           std::size_t runs);

// The hosts that wrote rows into the CSV before this run (its sidecar's list; none for a new
// run): the sidecar written next lists them and this machine.
std::vector<std::string> hosts_before(const std::string& csv_path, bool resume);

// When the CSV's first run started (the sidecar's run.first_started): a resume's sidecar's
// ("" where it does not say), `now` for a new run. The rows' clocks are held to the span from it
// (clock_facts.hpp), which a resume's own run.started would cut short.
std::string first_started_before(const std::string& csv_path, bool resume, const std::string& now);

// What a run reads, named as the sidecar it writes names it: a sidecar names its config and input
// files from the folder its first run ran in (experiments/merge_matrix.hpp, locate_run_files),
// and a resume from another working folder read them by other names (`../proj/corpora/p.tatham`
// for `corpora/p.tatham`), so it was refused as "made by other inputs". For a resume whose
// sidecar's inputs are found from here (in the CSV's folder or one above it, or here) and are the
// very files the config read (the same file and content hash, each), the inputs, the skipped
// inputs' errors and the config file are named as the sidecar names them (the config file: as it
// does where it is the same file, else from the run's folder); otherwise as read (a new run, or a
// resume check_resumable refuses, naming what differs).
struct RunNames {
    ExperimentIdentity identity;
    std::vector<SkippedInput> skipped;
};
RunNames names_of_run(const std::string& csv_path, bool resume, ExperimentIdentity read, std::vector<SkippedInput> skipped);

// Throws InputError "CSV:LINE: …: refusing to resume; use a new --out" for the first row that
// is no run of `matrix`, and "CSV:LINE:COLUMN: column 'C' is 'X', …" for one whose run is not
// of `shard`, whose host the sidecar does not list, whose experiment, mode, run, spec,
// isolation, limit, deterministic, build, n, h or k cell is not what this experiment writes for
// that run, or whose solution does not solve its instance; then "CSV: its sidecar says …" if
// the sidecar's state, shard_runs, completed or skipped_inputs are not what a sweep leaves
// beside these rows (sidecar_protocol.hpp, sidecar_progress_problem).
// `skipped`: the matrix's skipped inputs as the sidecar names them (names_of_run; null: the matrix's).
void check_resumed_rows(const ResultsFile& file, const ExperimentConfig& config, const RunMatrix& matrix,
                        const ResumedShard& shard, const std::vector<SkippedInput>* skipped = nullptr);

}  // namespace futolab
