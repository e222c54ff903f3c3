// `futolab critical`'s searches as experiments (issue #43): a mode writes the config its options
// mean (a YAML text made by yaml-cpp's emitter, so nothing typed on the command line is pasted
// into YAML source) and the experiment driver runs it, as `futolab run` would: resume, content
// hashes of the inputs, limits and isolation in every row, a metadata sidecar. The results CSV
// lies beside --out (critical_csv_path); --out gets the CSV's records in run-matrix order, the
// order the command searched them in before.
#pragma once

#include <functional>
#include <string>

namespace futolab::app {

struct CriticalExperiment {
    std::function<std::string(const std::string& csv)> config_of;  // the rendered config, `output: csv`
    std::string out;           // --out; "" or "-": standard output, the CSV in a private temporary folder
    bool resume = false;       // --resume: only with an --out file (the CSV must outlive the command)
    bool force = false;        // --force: an earlier run's CSV beside --out is removed, the search starts again
    int jobs = 1;              // --jobs: squares searched at once
    std::string command_line;  // for the sidecar
};

// "sets.jsonl" → "sets.csv"; any other name gets ".csv" appended ("sets.txt" → "sets.txt.csv").
std::string critical_csv_path(const std::string& out);
// critical_csv_path(out) where the CSV lies beside --out; "" where it is a temporary file
// (standard output, a device, a symlink, a path in /dev or /proc: --out is written as a stream).
std::string critical_csv_of(const std::string& out);

// Runs it; prints one line on standard error per square the search skipped or whose set failed
// its verification (the row's message), and where the results are. Exit 0, or 1 when a set
// failed its verification or the run was interrupted (--resume goes on).
int run_critical_experiment(const CriticalExperiment& run);

}  // namespace futolab::app
