// `futolab critical`'s searches as experiments (issue #43): a mode writes the config its options
// mean (a YAML text made by yaml-cpp's emitter, so nothing typed on the command line is pasted
// into YAML source) and the experiment driver runs it, as `futolab run` would: resume, content
// hashes of the inputs, limits and isolation in every row, a metadata sidecar. The results CSV
// lies beside --out (critical_csv_path); --out gets the CSV's records in run-matrix order, the
// order the command searched them in before.
#pragma once

#include "core/status.hpp"
#include "experiments/progress.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace futolab {
class Interrupt;
class OutputLock;
}

namespace futolab::app {

// The config's name in messages and in the sidecar's `config_file`: what made the CSV.
inline constexpr const char* kCriticalConfig = "futolab critical";

// One row of the results CSV, as a mode's report reads it (in run-matrix order).
struct CriticalRow {
    std::string_view instance;
    std::uint64_t n = 0;
    std::optional<Status> status;  // none: a status this build does not know
    std::string_view status_text, message, output;
    std::int64_t cpu_ns = 0;

    double cpu_seconds() const { return static_cast<double>(cpu_ns) / 1e9; }
};
// A mode's reading of a row: its stderr line(s), its records appended to `records` (--out's
// text); true when the row failed (exit 1).
using RowReport = std::function<bool(const CriticalRow& row, std::string& records)>;

// The default search's: a line for each square skipped (multiple: its clue universe does not
// determine it) or whose set failed (the row's message); the row's record as it is.
bool report_greedy_row(const CriticalRow& row, std::string& records);

// A certificate made from all the rows (--exact's and --construct's --certificate), once every
// run has its row and --out's records are made, before either is written: `make` gives its
// text, or none if `stop` came while it was made (--exact --n searches its classes again,
// minutes at n = 5). A stop before both are made writes neither (exit 1, the summary line says
// to go on: red-team round 19, A F6, where --out was written first and the certificate lost).
// It goes to `path` ("-": standard output) together with --out (app/outputs_together.hpp: a full
// disk at either leaves both as they were, issue #45 A F4), while `lock` (reserved from the
// search's start; null: none) is still held; a stop that comes once both are made is no reason
// to leave one of them out. A failure while it is made (a minimum not proved, a lock lost) is
// thrown once --out is written, as --out does not depend on it. Null `make`: no certificate.
struct CertificateStep {
    std::function<std::optional<std::string>(const Interrupt& stop)> make = nullptr;
    std::string path = "";
    const OutputLock* lock = nullptr;
};

struct CriticalExperiment {
    std::function<std::string(const std::string& csv)> config_of;  // the rendered config, `output: csv`
    std::string out;           // --out; "" or "-": standard output, the CSV in a private temporary folder
    // Where the results CSV lies when the mode places it itself (--few-relations: in its
    // --checkpoint folder, or "" for a private temporary folder); none: beside --out, as above.
    std::optional<std::string> csv = std::nullopt;
    // The option that placed that CSV, with its value as given ("--checkpoint ck"), and what a
    // message about a file there it may not use advises instead ("another --checkpoint folder"):
    // a file there is the user's to move, not another --out's. "": beside --out, "--out FILE".
    std::string csv_option = "";
    std::string_view csv_elsewhere = "another --out";
    bool writes_out = true;    // false: the mode writes --out itself, from what its report read
    bool resume = false;       // --resume: only with an --out file (the CSV must outlive the command)
    bool force = false;        // --force: an earlier run's CSV beside --out is removed, the search starts again
    int jobs = 1;              // --jobs: squares searched at once
    std::string command_line;  // for the sidecar
    RowReport report = report_greedy_row;
    // A mode whose records need every row (--exact --n: the minimum over the classes): --out's
    // text, made once every run has its row, or none if `stop` came while it was made; after an
    // interrupt --out is not written at all. Null: the records `report` appends, row by row.
    std::function<std::optional<std::string>(const Interrupt& stop)> records_of_all;
    // After --out, when every run has its row (not after an interrupt): what a mode says of all
    // its rows (--exact --n's minima), before its certificate is written. Null: nothing.
    std::function<void(const Interrupt& stop)> on_complete;
    // The mode's certificate (below); none: the mode writes none.
    CertificateStep certificate = {};
    // The driver's progress line, naming what it counts; none: quiet (a mode whose runs take
    // a second or less). --exact --n shows its classes, as minutes can pass at n = 5.
    std::optional<ProgressWords> progress;
    // The command's stop request, its signals taken from the command's start (a SignalScope the
    // caller holds: app/cmd_critical.cpp run_critical). Null: taken here, from the driver's start.
    Interrupt* stop = nullptr;
    // What the summary line says goes on after an interrupt (a mode whose same command goes on
    // says so: --few-relations resumes from its --checkpoint folder without --resume).
    std::string_view go_on = "run the same command with --resume to finish";
    // What the driver's line at a stop says redoes the runs it stops (with an --out file: a
    // temporary CSV keeps nothing, so it then says nothing of it).
    std::string_view redo_stopped = "--resume redoes them";
    // The summary line's account of the runs, given those written now and those kept from the
    // CSV; null: "N searched now, M from the CSV". --few-relations makes its CSV again each time
    // and reads the shards done from their checkpoint files, so it counts those instead.
    std::function<std::string(std::size_t written, std::size_t kept)> runs_taken = nullptr;
    // What the summary line says goes on from the results CSV (--few-relations: the same command
    // with its --checkpoint, as --resume is refused there).
    std::string csv_goes_on = "its sidecar, --resume";
    // Keys the mode renders from its options, each with its value as rendered, and the option with
    // its value as typed ({"few_relations.checkpoint ck", "--checkpoint ./ck"}): a message of the
    // driver's, or a row's, that starts with one names the option instead. A message's place in
    // the rendered config ("futolab critical:10:19: ") is left out whatever it names: the user
    // typed no config (red-team round 23, A F2: a planted shard lock was refused at a line and a
    // key of the config --few-relations renders).
    std::vector<std::pair<std::string, std::string>> options_of_keys = {};
};

// `futolab critical`'s --out as a symbolic link to a file, a folder or nothing: refused in every
// mode (InputError "critical: --out L: is a symbolic link; WHY, so give the file's own path"),
// `why` saying what the mode does at the name given. A link to a device is a device.
void check_out_not_linked(const std::string& out, std::string_view why);

// The lock of the regular file a standard stream was redirected to, when `out` (critical's --out
// or --certificate; "-" for standard output, as no --out means) names that stream ("-",
// /dev/stdout, /dev/fd/2), taken through generate's (app/load.hpp lock_of_stream): another
// writer of that file refuses this search (exit 2) before any work, and is refused while it
// runs. Null for anything else (a file output has a lock of its own). Left open from round 25:
// two `critical … >> res.jsonl` took no lock, and their records went into one file.
std::unique_ptr<OutputLock> lock_of_stream_output(const std::string& out);

// "sets.jsonl" → "sets.csv"; any other name gets ".csv" appended ("sets.txt" → "sets.txt.csv").
std::string critical_csv_path(const std::string& out);
// critical_csv_path(out) where the CSV lies beside --out (a regular file or a new name, under
// /dev/shm too); "" where it is a temporary file (standard output by any name, a device, a path
// under /proc: --out is written as a stream).
std::string critical_csv_of(const std::string& out);

// A path as the command finds it, so one file spelled two ways is one text in the rendered
// config (its hash is what --resume checks): "./b.csv", "b.csv" and "$PWD/b.csv" → "b.csv"; a
// path outside the working directory → absolute. Its folders are resolved (symlinks, ".."),
// its last name is kept as given (a symlink named there stays that name).
std::string normal_path(const std::string& path);

// Runs it; reports each row (`report`), writes --out, and says where the results are. Exit 0, or
// 1 when a row failed or the run was interrupted (--resume goes on).
int run_critical_experiment(const CriticalExperiment& run);

}  // namespace futolab::app
