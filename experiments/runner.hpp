// `futolab run`: executes an experiment's run matrix (or one shard of it) on a pool of worker
// threads, appending each row to the CSV as soon as its run finishes (one write, flushed), so
// a killed run loses nothing that finished and `--resume` continues where it stopped.
#pragma once

#include "core/formats/formats.hpp"
#include "experiments/config.hpp"
#include "experiments/noise.hpp"
#include "experiments/progress.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace futolab {

class Interrupt;
class OutputLock;

struct RunnerOptions {
    int jobs = 0;  // 0 = all cores
    int shard_index = 0, shard_count = 1;  // shard I of N, counted from 0 (the CSV names it so)
    bool resume = false;
    std::vector<std::string> redo;  // with resume: statuses whose rows are taken out and run again
    bool quiet = false;
    // The command's stop request, its signals taken from the command's start (a SignalScope it
    // holds): a signal while the config was read counts too. Null: taken here, before the
    // matrix is built. A stop before the results CSV is touched ends the run with MatrixStopped.
    Interrupt* interrupt = nullptr;
    ProgressWords progress_words;  // what the progress line counts (a command may name its runs: "classes")
    // How the runs a stop ends are done later, as the line said at the first stop gives it
    // ("not written; ADVICE"); "": none is (their CSV is temporary). A command that refuses
    // --resume names its own way on (critical --few-relations: the same command).
    std::string stopped_runs_advice = "--resume redoes them";
    bool skip_invalid = false;  // leave invalid instances out (listed in the sidecar)
    std::string out_dir;       // overrides the directory of the config's output
    // The results CSV is where the config's `output:` puts it (run without --out): what cannot be
    // there (a folder, a FIFO, a symlink, a file where its folder belongs) is refused at that
    // key's line and column (ExperimentConfig::output_at) before any work.
    bool output_at_key = false;
    std::string command_line;  // for the sidecar
    // The outputs beside the CSV (records/outputs.hpp) for kinds that have them. A command that
    // writes the records itself (`futolab critical --out`) sets false: a second copy beside its
    // CSV would replace a file it was never asked to write (red-team round 12, F2).
    bool export_outputs = true;
    // Without resume: an existing results CSV (its sidecar and schema) is removed and the runs
    // start again, once every check that can refuse the run has passed (`futolab critical
    // --force`; red-team round 13, A1: removed first, a later refusal left nothing).
    bool start_over = false;
    // The results CSV's lock goes on to RunnerReport::lock, still held, for a caller that writes
    // from the rows once the run is over (`futolab critical`'s --out and the records --exact
    // --n makes, which that lock stands for: red-team round 17, A F5). Otherwise it is released
    // when the run returns.
    bool keep_lock = false;
    // What a refusal of the results CSV's lock advises instead: the option that places the CSV
    // (critical --few-relations puts it in its --checkpoint folder, where another --out changes
    // nothing).
    std::string lock_elsewhere = "use another --out";
    // A futolab binary that serves `futolab worker` (the command line: /proc/self/exe). With it,
    // solve and count sweeps in process isolation start their workers from it, a fresh
    // address-space layout each session (builds.hpp); without it (a library caller, a test
    // binary) they fork them. An A/B sweep's builds name their own binaries either way.
    std::string worker_binary;
    // Task few-relations with a checkpoint: the first shard file of each count there that the run
    // would take is counted again before any run (critical::recount_shard_file; a file that
    // differs is refused, exit 2). `futolab critical --few-relations` sets false: it counts one
    // again itself, before the run, and says so in its claim.
    bool recount_checkpoint = true;
};

struct RunnerReport {
    std::string csv_path;
    std::size_t shard_runs = 0;  // runs in this shard
    std::size_t skipped = 0;     // already in the CSV (resume)
    std::size_t redone = 0;      // rows taken out by --redo (run again, counted in completed)
    std::size_t completed = 0;   // rows written now
    std::size_t errors = 0;      // rows with status error
    std::size_t warmups = 0;     // warm-up runs done (config `warmup`; not in the CSV)
    std::vector<SkippedInput> invalid;  // inputs left out by skip_invalid
    bool interrupted = false;    // stopped by SIGINT/SIGTERM
    std::vector<NoiseFigure> noise;  // repeats > 1: the median CV of wall time per spec (noise.hpp)
    std::vector<BusyFigure> busy;    // in-process runs with CPU/wall below kBusyCpuWall, per spec
    std::shared_ptr<const OutputLock> lock;  // RunnerOptions::keep_lock: the CSV's, still held (check_held before a write)
};

// Before a run, for the results CSV `csv`: the `<stem>.jsonl` a generate or critical task exports
// beside it (an existing file there is not replaced, records/output_guard.hpp check_outputs_file)
// and the names of the files beside it (records/results_file.hpp check_results_names).
void check_files_beside(const ExperimentConfig& config, const std::string& csv);

// The CSV path for a config and options (output dir override, shard suffix).
std::string results_path(const ExperimentConfig& config, const RunnerOptions& options);

RunnerReport run_experiment(const ExperimentConfig& config, const RunnerOptions& options);

}  // namespace futolab
