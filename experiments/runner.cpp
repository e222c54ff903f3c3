#include "experiments/runner.hpp"

#include "experiments/outputs.hpp"
#include "experiments/progress.hpp"
#include "experiments/results_csv.hpp"
#include "experiments/results_file.hpp"
#include "experiments/run_matrix.hpp"
#include "experiments/sidecar.hpp"
#include "experiments/tasks.hpp"
#include "solvers/registry.hpp"

#include <fmt/format.h>

#include <atomic>
#include <csignal>
#include <exception>
#include <filesystem>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace futolab {
namespace {

// Signals are process-wide by nature: this counter is the one piece of global state. The
// first SIGINT/SIGTERM stops the taking of new runs (running ones finish and are written);
// the second exits at once — every row written so far is already whole on disk.
std::atomic<int> g_signals{0};

extern "C" void on_stop_signal(int) {
    if (g_signals.fetch_add(1) >= 1) ::_exit(130);
}

class SignalScope {
public:
    SignalScope() {
        g_signals = 0;
        struct sigaction sa {};
        sa.sa_handler = on_stop_signal;
        sigemptyset(&sa.sa_mask);
        ::sigaction(SIGINT, &sa, &old_int_);
        ::sigaction(SIGTERM, &sa, &old_term_);
    }
    ~SignalScope() {
        ::sigaction(SIGINT, &old_int_, nullptr);
        ::sigaction(SIGTERM, &old_term_, nullptr);
    }
    bool stop_requested() const { return g_signals.load() > 0; }

private:
    struct sigaction old_int_ {}, old_term_ {};
};

// Shared by the workers: the next run to take, and the file rows go to (under the lock).
struct WorkQueue {
    const ExperimentConfig& config;
    const RunMatrix& matrix;
    std::vector<PlannedRun> todo;
    std::atomic<std::size_t> next{0};
    std::mutex lock;
    ResultsFile& file;
    Progress& progress;
    GradeCache& grades;
    std::size_t done = 0, errors = 0;
    std::exception_ptr failure;  // the first write error: stops everything
    std::atomic<bool> failed{false};
};

void record(WorkQueue& q, const ResultRow& row) {
    const std::lock_guard<std::mutex> guard(q.lock);
    if (q.failed) return;
    try {
        q.file.append(csv_line(row));
    } catch (...) {
        q.failure = std::current_exception();
        q.failed = true;
        return;
    }
    ++q.done;
    if (row.status == "error") ++q.errors;
    q.progress.update(q.done, q.errors);
}

void work(WorkQueue& q, const SignalScope& signals) {
    TaskRunner runner(q.config, q.matrix, q.grades);
    for (std::size_t i; !signals.stop_requested() && !q.failed && (i = q.next++) < q.todo.size();)
        record(q, runner.run(q.todo[i]));
}

int resolve_jobs(int jobs) {
    if (jobs > 0) return jobs;
    const unsigned cores = std::thread::hardware_concurrency();
    return cores == 0 ? 1 : static_cast<int>(cores);
}

}  // namespace

std::string results_path(const ExperimentConfig& config, const RunnerOptions& options) {
    namespace fs = std::filesystem;
    fs::path path = config.output;
    if (!options.out_dir.empty()) path = fs::path(options.out_dir) / path.filename();
    if (options.shard_count > 1)
        path.replace_filename(fmt::format("{}.shard-{}-of-{}{}", path.stem().string(), options.shard_index,
                                          options.shard_count, path.extension().string()));
    return path.string();
}

RunnerReport run_experiment(const ExperimentConfig& config, const RunnerOptions& options) {
    const RunMatrix matrix = build_run_matrix(config, options.skip_invalid);
    const std::vector<PlannedRun> shard = shard_of(matrix.runs, options.shard_index, options.shard_count);
    RunnerReport report;
    report.csv_path = results_path(config, options);
    report.shard_runs = shard.size();
    report.invalid = matrix.skipped;
    ResultsFile file(report.csv_path, options.resume);

    RunInfo info{options.command_line, resolve_jobs(options.jobs), options.shard_index, options.shard_count,
                 matrix.runs.size(), shard.size(), file.rows(), utc_now_iso8601(), "", "running", matrix.skipped};
    write_sidecar(report.csv_path, config, info);

    std::vector<PlannedRun> todo;
    for (const PlannedRun& run : shard)
        if (!file.finished_keys().count(run_key(matrix, run))) todo.push_back(run);
    report.skipped = shard.size() - todo.size();

    Progress progress(todo.size(), options.quiet);
    GradeCache grades(matrix.instances.size());
    WorkQueue q{config, matrix, std::move(todo), {}, {}, file, progress, grades, 0, 0, nullptr, {false}};
    {
        SignalScope signals;
        std::vector<std::jthread> workers;
        for (int j = 0; j < info.jobs; ++j) workers.emplace_back([&q, &signals] { work(q, signals); });
        workers.clear();  // joins
        report.interrupted = signals.stop_requested();
    }
    progress.finish(q.done, q.errors);
    report.completed = q.done;
    report.errors = q.errors;

    info.completed = file.rows();
    info.finished = utc_now_iso8601();
    info.state = q.failed ? "failed" : report.interrupted ? "interrupted" : "finished";
    if (!q.failure) {
        write_sidecar(report.csv_path, config, info);
        if (is_square_task(config.task)) export_outputs(report.csv_path);
        return report;
    }
    // The sidecar is best effort here: on a full disk it fails too, and the user needs the
    // first error (the results write), not the follow-up one.
    try {
        write_sidecar(report.csv_path, config, info);
    } catch (const std::exception&) {
    }
    std::rethrow_exception(q.failure);
}

}  // namespace futolab
