#include "app/critical_experiment.hpp"

#include "app/load.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/status.hpp"
#include "core/visible_text.hpp"
#include "experiments/config.hpp"
#include "experiments/runner.hpp"
#include "records/csv_reader.hpp"
#include "records/output_guard.hpp"
#include "records/table_schema.hpp"
#include "records/sidecar.hpp"
#include "solvers/external/temp_dir.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <memory>

namespace futolab::app {
namespace {

// The config's name in messages and in the sidecar's `config_file`: what made the CSV.
constexpr const char* kCriticalConfig = "futolab critical";
// The private folder of a CSV that does not outlive the command (external/temp_dir.hpp).
constexpr const char* kScratchPrefix = "critical-search";

// The rows in run-matrix order (records/outputs.hpp's order), each read by the mode's report.
struct RowsRead {
    std::string records;
    bool failed = false;  // a row the report says failed
};

RowsRead read_rows(const std::string& csv, const RowReport& report) {
    const CsvTable t = read_csv_file(csv);
    const std::size_t run = t.column("run", csv), output = t.column("output", csv), status = t.column("status", csv),
                      instance = t.column("instance", csv), message = t.column("message", csv), cpu = t.column("cpu_ns", csv),
                      n = t.column("n", csv);
    std::map<std::size_t, std::size_t> by_run;  // run → row
    for (std::size_t r = 0; r < t.rows.size(); ++r) by_run.emplace(whole_number_cell(t, r, run, csv), r);
    RowsRead out;
    for (const auto& [index, r] : by_run) {
        const std::vector<std::string>& row = t.rows[r];
        const CriticalRow read{.instance = row[instance],
                               .n = whole_number_cell(t, r, n, csv),
                               .status = status_named(row[status]),
                               .status_text = row[status],
                               .message = row[message],
                               .output = row[output],
                               .cpu_ns = row[cpu].empty() ? 0 : static_cast<std::int64_t>(whole_number_cell(t, r, cpu, csv, INT64_MAX))};
        out.failed = report(read, out.records) || out.failed;
    }
    return out;
}

// Whether the results CSV can lie beside `out`: a regular file there or none yet, named as
// itself (not a symlink, not this process's standard output or error by another name), in a
// folder that is not /dev or /proc. Otherwise (standard output, /dev/null, /dev/full) the CSV
// is a temporary file and --out gets the records alone, as a stream.
bool csv_beside(const std::string& out) {
    namespace fs = std::filesystem;
    if (out.empty() || out == "-" || own_stream_of(out) >= 0) return false;
    std::error_code ec;
    if (fs::is_symlink(out, ec) || (fs::exists(out, ec) && !fs::is_regular_file(out, ec))) return false;
    const std::string folder = fs::weakly_canonical(fs::absolute(out, ec), ec).parent_path().string();
    return !(folder == "/dev" || folder.starts_with("/dev/") || folder == "/proc" || folder.starts_with("/proc/"));
}

}  // namespace

bool report_greedy_row(const CriticalRow& row, std::string& records) {
    bool failed = false;
    if (row.status == Status::multiple)
        std::cerr << fmt::format("futolab critical: {}: the clues the search may use do not determine the square; skipped\n",
                                 visible_text(row.instance));
    else if (row.status != Status::critical) {
        std::cerr << fmt::format("futolab critical: {}: {}: {}\n", visible_text(row.instance), row.status_text,
                                 visible_text(row.message));
        failed = true;
    }
    if (!row.output.empty()) records.append(row.output).append("\n");
    return failed;
}

std::string critical_csv_path(const std::string& out) {
    const std::filesystem::path path(out);
    if (path.extension() == ".jsonl") return std::filesystem::path(path).replace_extension(".csv").string();
    return out + ".csv";
}

std::string critical_csv_of(const std::string& out) { return csv_beside(out) ? critical_csv_path(out) : ""; }

int run_critical_experiment(const CriticalExperiment& run) {
    const bool to_stdout = !csv_beside(run.out);
    if (run.resume && to_stdout)
        throw InputError("critical --resume: needs --out FILE, a regular file (the results CSV beside it is what is resumed)");
    // Standard output: the CSV lives in a private folder, gone when the command ends.
    const std::unique_ptr<external::TempDir> scratch = to_stdout ? std::make_unique<external::TempDir>(kScratchPrefix) : nullptr;
    const std::string csv = to_stdout ? (scratch->path() / "results.csv").string() : critical_csv_path(run.out);
    const ExperimentConfig config = parse_config(run.config_of(csv), kCriticalConfig);
    // Another live writer's CSV, a lock file, a FIFO or a folder there: refused even with --force.
    if (!to_stdout) check_output_path(csv, {}, true, "--out's results CSV");
    if (!to_stdout && !run.resume && std::filesystem::exists(csv)) {
        if (!run.force)
            throw InputError(fmt::format("critical: {} (the results CSV of --out {}) exists already: --resume goes on with it, "
                                         "--force searches again from scratch (replacing it), or give another --out",
                                         csv, run.out));
        // Only a CSV of this command: another experiment's results are not ours to replace.
        if (!std::filesystem::exists(sidecar_path(csv)) || read_sidecar(csv).identity.config_file != kCriticalConfig)
            throw InputError(fmt::format("critical --force: {} (the results CSV of --out {}) is not one futolab critical made: "
                                         "not replaced; give another --out",
                                         csv, run.out));
        for (const std::string& file : {csv, sidecar_path(csv), schema_path(csv)}) std::filesystem::remove(file);
    }
    RunnerOptions options;
    options.jobs = run.jobs;
    options.resume = run.resume;
    options.quiet = true;
    options.command_line = run.command_line;
    const RunnerReport r = run_experiment(config, options);
    const RowsRead rows = read_rows(r.csv_path, run.report);
    write_output(run.out.empty() ? "-" : run.out, rows.records);
    if (!to_stdout)
        std::cerr << fmt::format("futolab critical: {} square{}, {} searched now, {} from the CSV; results {} (its sidecar, "
                                 "--resume){}\n",
                                 r.shard_runs, r.shard_runs == 1 ? "" : "s", r.completed, r.skipped, visible_text(r.csv_path),
                                 r.interrupted ? "; interrupted: run the same command with --resume to finish" : "");
    if (!r.interrupted && run.on_complete) run.on_complete();
    return rows.failed || r.interrupted ? 1 : 0;
}

}  // namespace futolab::app
