#include "experiments/runner.hpp"

#include "core/atomic_file.hpp"
#include "core/env.hpp"
#include "core/error.hpp"
#include "core/sanitizers.hpp"
#include "core/status.hpp"
#include "experiments/builds.hpp"
#include "experiments/calibration.hpp"
#include "sandbox/child_process.hpp"
#include "experiments/exact_task.hpp"
#include "experiments/limit_rule.hpp"
#include "sandbox/interrupt.hpp"
#include "experiments/noise.hpp"
#include "sandbox/pinning.hpp"
#include "experiments/progress.hpp"
#include "experiments/resume_rows.hpp"
#include "experiments/run_matrix.hpp"
#include "experiments/schedule.hpp"
#include "experiments/tasks.hpp"
#include "experiments/worker_protocol.hpp"
#include "records/output_guard.hpp"
#include "records/output_lock.hpp"
#include "records/outputs.hpp"
#include "records/redo.hpp"
#include "records/results_csv.hpp"
#include "records/results_file.hpp"
#include "records/results_head.hpp"
#include "records/sidecar.hpp"
#include "records/table_schema.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/warm_worker.hpp"
#include "solvers/external/process.hpp"
#include "solvers/registry/registry.hpp"
#include "core/visible_text.hpp"
#include "critical/zero_given/few_relations_shards.hpp"
#include "experiments/few_relations_record.hpp"
#include "core/live_writer.hpp"

#include <fmt/format.h>

#include <poll.h>
#include <sys/stat.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>
#include <tuple>

namespace futolab {
namespace {

// Shared by the workers: the next run to take, and the file rows go to (under the lock).
struct WorkQueue {
    const ExperimentConfig& config;
    const RunMatrix& matrix;
    std::vector<PlannedRun> todo;
    std::atomic<std::size_t> next{0};
    std::mutex lock{};
    ResultsFile& file;
    const OutputLock& output_lock;  // asked before each row: removed or replaced, the run stops
    const CsvLayout& layout;
    std::vector<std::int64_t>& walls;  // wall_ns by run index (-1: not run): the noise figure
    Progress& progress;
    GradeCache& grades;
    const SquareTables& tables;          // task exact: every square of each order, built once
    Interrupt& interrupt;                // SIGINT/SIGTERM (interrupt.hpp)
    const SweepBuilds& builds;           // the build of each run (builds.hpp): its workers and row cell
    std::atomic<int> running{0};         // runs in progress
    std::atomic<int> sessions{0};        // worker sessions started so far (the next one's id)
    std::atomic<int> workers_left{0};
    int done_fd = -1;                    // readable once the last worker has finished
    std::size_t done = 0, errors = 0;
    std::atomic<std::size_t> warmups{0};  // warm-up runs done
    std::map<std::string, BusyFigure> busy{};  // by spec (under the lock)
    std::exception_ptr failure{};  // the first write error: stops everything
    std::atomic<bool> failed{false};
    bool lock_lost = false;  // the failure is the lock's: the CSV and sidecar may have a new writer
};

void record(WorkQueue& q, const ResultRow& row) {
    const std::lock_guard<std::mutex> guard(q.lock);
    if (q.failed) return;
    try {
        // A lock file removed or replaced by hand would let a second run lock the new one and
        // append beside this one (round 9's R1 for generate and critical streams; here too).
        try {
            q.output_lock.check_held();
        } catch (...) {
            q.lock_lost = true;
            throw;
        }
        q.file.append(csv_line(row, q.layout));
    } catch (...) {
        q.failure = std::current_exception();
        q.failed = true;
        return;
    }
    ++q.done;
    q.walls[row.run] = row.wall_ns;
    if (!is_external_backend(row.solver) && row.wall_ns > 0) {  // a tool's wall includes its start-up and I/O
        BusyFigure& b = q.busy[row.spec];
        b.spec = row.spec;
        ++b.runs;
        if (static_cast<double>(row.cpu_ns) < kBusyCpuWall * static_cast<double>(row.wall_ns)) ++b.busy;
    }
    if (row.status == Status::error) ++q.errors;
    q.progress.update(q.done, q.errors);
}

// Where one job's runs execute: the sandbox of the config's isolation (sandbox.hpp), with one
// worker per build of an A/B sweep where the mode has warm workers. Whatever the place, the
// row comes from the same TaskRunner::run; a process that ends without one gives the runner's
// unfinished_row.
class Placement {
public:
    Placement(WorkQueue& q, Isolation where)
        : q_(q),
          runner_(q.config, q.matrix, q.grades, sandbox_row(where).own_process ? nullptr : &q.interrupt, &q.tables),
          warmup_config_(warmup_config(q.config)),
          warmup_runner_(warmup_config_, q.matrix, q.grades, nullptr, &q.tables),
          sandbox_(sandbox_row(where).make(job())) {}

    // Throws InputError if a build's replacement worker is refused (its binary changed).
    ResultRow run(std::size_t i) { return run_planned(q_.todo[i]); }

    // `session_warmup`: a session's warm-up copy of a run (warm workers; Session).
    ResultRow run_planned(const PlannedRun& run, bool session_warmup = false) {
        return sandbox_->run({.build = run.build,
                              .session_warmup = session_warmup,
                              .here = [&] { return runner_.run(run); },
                              .request = [&] { return run_request(run, session_warmup); },
                              .unfinished = [&](const SolveResult& ended) { return runner_.unfinished_row(run, ended); }});
    }

    // Ends this job's worker processes: the next run starts a new session in fresh ones.
    void new_session() { sandbox_->new_session(); }

    // The builds this job's runs go to (one without `builds:`).
    int builds() const { return static_cast<int>(q_.builds.identities().size()); }

    // One timing of the calibration workload where the runs of `build` execute: in its worker,
    // else on this thread. nullopt if the worker could not answer. (Each build's worker gets
    // its share: the workload disturbs the caches of the worker it runs in, and an A/B sweep
    // that timed it in one build's worker only read that build 3 % slower.)
    std::optional<CalibrationTiming> calibrate(int build) {
        Limits limits;
        limits.time_seconds = worker_wait_seconds();  // far beyond the workload's 0.1 ms: only a stuck worker reaches it
        const std::optional<std::string> answer = sandbox_->ask(build, calibration_request(), limits);
        return answer ? decode_calibration(*answer) : std::nullopt;
    }

private:
    SandboxJob job() {
        return {.limits = q_.config.limits,
                .warmup_limits = warmup_config_.limits,
                .interrupt = &q_.interrupt,
                .handler = [this](std::string_view request) { return answer_request(runner_, warmup_runner_, q_.matrix, request); },
                .commands = q_.builds.commands()};
    }

    WorkQueue& q_;
    TaskRunner runner_;
    const ExperimentConfig warmup_config_;  // a session's warm-up runs: time capped (worker_protocol.hpp)
    TaskRunner warmup_runner_;
    std::unique_ptr<Sandbox> sandbox_;  // after what its job refers to
};

// The worker sessions of one job (issue #41 §2, docs/isolation.md "Sessions"): once a session
// has lasted kSessionSeconds and run kSessionRuns runs, the job's workers are ended and the
// next run starts fresh ones (from the build's binary: a new address-space layout; a start
// costs ~15 ms). A fresh worker runs its first runs slowly (gac's first 5 runs 43 % slower,
// runs 5-9 9 %, measured on the verdicts sweep): at a session's start each build's new worker
// runs kWarmupRuns of the runs just ahead of it, unrecorded and stopped at 10 ms each
// (warm_up), so the recorded runs are warm, and the builds of an A/B sweep equally so (an
// unequal warm-up read one build of two identical ones 3 % slower); the build that starts first
// turns round from session to session (a worker started first read 1-2 % slower). Each
// row names its session, so compare measures how much whole sessions differ from one another
// (the layout, the machine's state of the moment) and puts that variance in its interval,
// where a sweep that shares one worker for all its runs would pass it off as the code's.
class Session {
public:
    static constexpr int kSessionRuns = 50;
    static constexpr double kSessionSeconds = 1.0;
    static constexpr int kWarmupRuns = 10;

    explicit Session(WorkQueue& q) : q_(q), id_(q.sessions++), start_(std::chrono::steady_clock::now()) {}
    int id() const { return id_; }
    // After a run: true when this session has ended and a new one begins (the id moves on).
    bool after_run() {
        const auto now = std::chrono::steady_clock::now();
        if (++runs_ < kSessionRuns || std::chrono::duration<double>(now - start_).count() < kSessionSeconds) return false;
        id_ = q_.sessions++;
        runs_ = 0;
        start_ = now;
        return true;
    }

private:
    WorkQueue& q_;
    int id_;
    int runs_ = 0;
    std::chrono::steady_clock::time_point start_;
};

// The calibration workload of one job (issue #41 §2, calibration.hpp): timed twice in each
// build's worker at the start of every session (which also warms the fresh workers), then,
// whenever kCalibrationEveryMs have passed since the last timing, once in the worker of the run
// that just ended (a ~0.1 ms workload: under 5 % of the sweep). Each row carries the median of the
// job's last kCalibrationWindow timings (`calibration_ns`): the speed of the machine around
// that run, which `compare` divides out of the times of two sweeps made at different times.
class Calibration {
public:
    static constexpr int kCalibrationEveryMs = 2;
    static constexpr std::size_t kCalibrationWindow = 5;

    // `first`: the build whose worker starts first; the runner turns it round session by
    // session (a worker started first read 1-2 % slower than its twin on the verdicts sweep).
    void start(Placement& place, int first) {
        for (int k = 0; k < place.builds(); ++k)
            for (int i = 0; i < 2; ++i) sample(place, (first + k) % place.builds());
    }
    void after_run(Placement& place, int build) {
        if (std::chrono::steady_clock::now() >= next_) sample(place, build);
    }
    // The median of the last timings (-1: none).
    std::int64_t level() const {
        if (count_ == 0) return -1;
        const std::size_t n = std::min(count_, kCalibrationWindow);
        std::array<std::int64_t, kCalibrationWindow> v{};
        std::copy_n(last_.begin(), n, v.begin());
        std::sort(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(n));
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

private:
    void sample(Placement& place, int build) {
        if (const auto t = place.calibrate(build)) last_[count_++ % kCalibrationWindow] = t->wall_ns;
        next_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(kCalibrationEveryMs);
    }
    std::array<std::int64_t, kCalibrationWindow> last_{};
    std::size_t count_ = 0;
    std::chrono::steady_clock::time_point next_{};
};

// A results CSV with its sidecar and schema, removed to start again (RunnerOptions::start_over):
// regular files by then (check_results_companions). The CSV goes last, as a run makes it first:
// a removal cut short leaves no sidecar or schema without their CSV.
void remove_results(const std::string& csv) {
    for (const std::string& file : {schema_path(csv), sidecar_path(csv), csv}) {
        std::error_code ec;
        if (std::filesystem::remove(file, ec); ec)
            throw std::runtime_error(fmt::format("cannot remove {}: {}", file, ec.message()));
    }
}

// The first sidecar of a run. If it cannot be written (a full disk, a file size limit) where the
// run made its CSV just now (`made_now`: its header alone), the CSV and a schema written before
// the sidecar failed are taken out again: a failed command leaves no results CSV without its
// sidecar, which the next command took for a user's file (red-team round 19, A F3: `critical
// --few-relations --checkpoint`, which makes its CSV again each time, and `critical --force`
// were refused for good after one). The write's error is the one told.
void write_first_sidecar(const std::string& csv, const ExperimentIdentity& identity, const RunInfo& info, bool made_now) {
    try {
        write_sidecar(csv, identity, info);
    } catch (const std::runtime_error&) {
        std::error_code ec;  // best effort: a CSV left is named by the next command
        if (made_now)
            for (const std::string& file : {schema_path(csv), csv}) std::filesystem::remove(file, ec);
        throw;
    }
}

// The exported `<stem>.jsonl` of a run that writes one, made from its rows before the last
// sidecar says how the run ended: that sidecar said `finished` beside an export that could not be
// written (a full disk; red-team round 26, A F5), and a script keyed on it went on to a missing or
// older file. Its failure is the run's: `info.state` becomes `failed`, and the error is returned
// for the caller to throw once the sidecar says so.
std::exception_ptr export_before_sidecar(const std::string& csv, bool exported, RunInfo& info) {
    if (!exported) return nullptr;
    try {
        export_outputs(csv);
        return nullptr;
    } catch (const std::exception&) {
        info.state = "failed";
        return std::current_exception();
    }
}

// `cpu` >= 0: pin this worker there first (config `pin`); its runs' rows name it. A run still
// going when the interrupt comes is not written (`--resume` redoes it): a row always means a
// finished measurement; warm-up runs are run and never recorded (they go to the worker that
// does the measured runs: this job's).
// A session's warm-up (Session): each build's fresh worker runs up to kWarmupRuns of the runs
// next in the order, unrecorded and stopped at kSessionWarmupSeconds (the runs themselves stay
// in the queue for whichever job takes them), builds taken from `first` round.
void warm_up(WorkQueue& q, Placement& place, int first) {
    if (!sandbox_row(isolation_written(q.config)).warm_workers) return;
    const std::size_t from = q.next.load();
    for (int k = 0; k < place.builds(); ++k) {
        const int build = (first + k) % place.builds();
        int done = 0;
        for (std::size_t i = from; i < q.todo.size() && done < Session::kWarmupRuns && !q.interrupt.requested(); ++i) {
            if (q.todo[i].build != build) continue;
            place.run_planned(q.todo[i], true);
            ++done;
        }
    }
}

void work(WorkQueue& q, int cpu) {
    if (cpu >= 0 && !pin_current_thread(cpu)) {
        std::cerr << "futolab: warning: pin: cannot pin a worker to CPU " << cpu << "; its rows have no core\n";
        cpu = -1;
    }
    // Generate and critical: this thread (minutes of work, where the isolation's overhead does not matter).
    const Isolation where = isolation_written(q.config);
    try {
        Placement place(q, where);
        Calibration calibration;
        Session session(q);
        calibration.start(place, session.id() % place.builds());
        warm_up(q, place, session.id() % place.builds());
        for (std::size_t i; !q.interrupt.requested() && !q.failed && (i = q.next++) < q.todo.size();) {
            const PlannedRun& run = q.todo[i];
            ++q.running;
            ResultRow row = place.run(i);
            --q.running;
            apply_limit_rule(row, q.config.limits, task_info(q.config.task));  // limit_rule.hpp
            if (q.interrupt.requested()) break;
            row.session = session.id();
            if (session.after_run()) {
                place.new_session();
                calibration.start(place, session.id() % place.builds());
                warm_up(q, place, session.id() % place.builds());
            } else {
                calibration.after_run(place, run.build);
            }
            if (run.warmup) {
                ++q.warmups;
                continue;
            }
            row.spec = q.matrix.specs[static_cast<std::size_t>(run.solver)];
            row.params = q.matrix.params_of(run.instance);
            row.core = cpu >= 0 ? current_cpu() : -1;  // where it ran: the pinned CPU, as the CSV shows
            row.isolation = where;
            row.time_limit_ms = limit_ms(q.config.limits.time_seconds);
            row.cpu_limit_ms = limit_ms(q.config.limits.cpu_seconds);
            row.memory_limit_kb = sandbox_row(where).own_process ? q.config.limits.memory_bytes / 1024 : 0;
            row.build = q.builds.cell(run.build);
            row.calibration_ns = calibration.level();
            record(q, row);
        }
    } catch (...) {  // a build's worker refused (its binary changed), no fork, …: the sweep stops with it
        const std::lock_guard<std::mutex> guard(q.lock);
        if (!q.failure) q.failure = std::current_exception();
        q.failed = true;
    }
    if (--q.workers_left == 0) {
        const std::uint64_t one = 1;
        [[maybe_unused]] const ssize_t n = ::write(q.done_fd, &one, sizeof one);
    }
}
// An eventfd the last worker writes, so watch() returns at once (no polling interval).
class DoneEvent {
public:
    DoneEvent() : fd_(::eventfd(0, EFD_CLOEXEC)) {
        if (fd_ < 0) throw std::runtime_error(std::string("cannot make an eventfd: ") + std::strerror(errno));
    }
    ~DoneEvent() { ::close(fd_); }
    DoneEvent(const DoneEvent&) = delete;
    DoneEvent& operator=(const DoneEvent&) = delete;
    int fd() const { return fd_; }

private:
    int fd_;
};

// Waits for the workers; on the first signal says what happens, once, and how the stopped runs
// are done later (`advice`, RunnerOptions::stopped_runs_advice).
void watch(WorkQueue& q, const std::string& advice) {
    bool told = false;
    for (;;) {
        pollfd fds[2] = {{q.done_fd, POLLIN, 0}, {told ? -1 : q.interrupt.fd(), POLLIN, 0}};
        if (::poll(fds, 2, -1) < 0) continue;  // EINTR: a signal arrived
        // A stop that came before the sweep (during --redo's rewrite) ends it at once: said too.
        if (fds[0].revents != 0 && (told || fds[1].revents == 0)) return;
        if (fds[1].revents != 0 && !told) {
            told = true;
            std::cerr << fmt::format("{}futolab: interrupted: stopping {} running runs (not written{}{})\n",
                                     ::isatty(STDERR_FILENO) ? "\n" : "", q.running.load(), advice.empty() ? "" : "; ", advice)
                      << std::flush;
        }
    }
}

// The sanitizer runtimes of clang 14 (Debian 12) are not fork-safe in a multi-threaded
// process: AddressSanitizer does not lock its allocator around fork(), so a run's child forked
// while another runner thread holds that lock waits for it forever (seen in the asan suite: a
// child stuck in the allocator's futex); ThreadSanitizer's child can meet one of its runtime's
// locks held the same way (seen once in CI: a two-worker run under tsan that never ended).
// glibc's malloc is fork-safe, so only such builds are affected; there, process isolation runs
// one worker, whose forks cannot meet an allocation in progress (the main thread only polls).
// Rows are the same, only slower; thread isolation keeps its worker pool (what tsan tests).
constexpr bool kForkUnsafeRuntime = kSanitizerBuild;

// What the records layer keeps of a config: its identity (resume contract) and protocol.
ExperimentIdentity identity_of(const ExperimentConfig& config, const RunMatrix& matrix) {
    return {.name = config.name,
            .config_file = config.path,
            .config_hash = config.config_hash,
            .config_text = config.text,
            .inputs = matrix.input_files};
}

TimingProtocol protocol_of(const ExperimentConfig& config) {
    return {.order = std::string(run_order_name(config.order)), .warmup = config.warmup, .pin = config.pin};
}

// Whether a resume appends to rows its sidecar describes (a CSV with bytes, a sidecar beside it).
bool resumes_rows(const std::string& csv_path) {
    namespace fs = std::filesystem;
    return fs::exists(csv_path) && fs::file_size(csv_path) > 0 && fs::exists(sidecar_path(csv_path));
}

// A resumed CSV gets rows of one isolation only: timings of two modes in one file would be
// pooled by every analysis (issue #25). Refused before the file is touched. The advice is one
// the config's kind can follow: a kind whose runs are threads of futolab refuses --isolation,
// so its CSV made in another isolation cannot be resumed at all.
void refuse_other_isolation(const std::string& csv_path, const SidecarFacts& made, const ExperimentConfig& config) {
    const std::string& was = made.isolation;
    const std::string_view is = name_in(kIsolations, isolation_written(config));
    if (was.empty() || was == is) return;
    const TaskInfo& kind = task_info(config.task);
    const std::string advice = accepts(kind, TaskKey::isolation)
                                   ? fmt::format("resume with --isolation {}, or use a new --out", was)
                                   : fmt::format("task {} runs only as threads of futolab ({}), so use a new --out", kind.name, is);
    throw InputError(fmt::format("{}: made in isolation {}, not {} ({}): refusing to resume (its rows would mix two "
                                 "isolations); {}",
                                 csv_path, was, is, sidecar_at(made, "run.isolation"), advice));
}

// How to have limits.memory enforced again as the sidecar records (`was`): the cgroup is
// futolab's where the host lets it make one, unless FUTOLAB_NO_CGROUP turns it off
// (sandbox/cgroup.hpp); RLIMIT_AS alone ("rlimit") is what that switch gives.
std::string memory_limit_advice(const std::string& was) {
    if (was == "rlimit") return "resume with FUTOLAB_NO_CGROUP=1 (as its rows ran), or use a new --out";
    if (!was.starts_with("cgroup-")) return "use a new --out";
    if (env_switch_on("FUTOLAB_NO_CGROUP")) return "resume without FUTOLAB_NO_CGROUP (as its rows ran), or use a new --out";
    return fmt::format("resume where futolab may make memory cgroups ({}, as its rows ran), or use a new --out", was);
}

// The same for how limits.memory is enforced (run.memory_limit): a kernel memory cgroup bounds
// a worker's whole tree, RLIMIT_AS each process alone (docs/isolation.md), so their memout rows
// and peaks mean different things, and merge refuses shards of two mechanisms. A resume after
// FUTOLAB_NO_CGROUP was set or unset, or on a host with cgroups of another version or none,
// appended its rows and rewrote the sidecar's memory_limit (red-team round 25, A F3).
void refuse_other_memory_limit(const std::string& csv_path, const SidecarFacts& made, const ExperimentConfig& config) {
    const std::string& was = made.memory_limit;
    const std::string is = memory_limit_mechanism(config.limits, isolation_written(config));
    if (was.empty() || was == is) return;
    throw InputError(fmt::format("{}: its rows ran with limits.memory enforced by {}, this resume would enforce it by {} ({}): "
                                 "refusing to resume (its rows would mix two memory limit mechanisms); {}",
                                 csv_path, was, is, sidecar_at(made, "run.memory_limit"), memory_limit_advice(was)));
}

// A resume appends rows only of the isolation and memory limit mechanism its sidecar records.
void check_same_isolation(const std::string& csv_path, const ExperimentConfig& config) {
    if (!resumes_rows(csv_path)) return;
    const SidecarFacts made = read_sidecar(csv_path);
    refuse_other_isolation(csv_path, made, config);
    refuse_other_memory_limit(csv_path, made, config);
}

// The sidecar's memory_limit: how limits.memory is enforced now, which a resume's sidecar
// records already (check_same_isolation). One that records none (written before the key)
// keeps none: nothing names how its earlier rows ran, so no mechanism is claimed for them.
std::string memory_limit_written(const std::string& csv_path, const ExperimentConfig& config, bool resume) {
    if (resume && resumes_rows(csv_path) && read_sidecar(csv_path).memory_limit.empty()) return "";
    return memory_limit_mechanism(config.limits, isolation_written(config));
}

// A memory limit below what a run's process holds before it runs anything cannot be kept: every
// row would be memout by the rule of SPEC §4. Refused before the sweep, with the floor: what
// futolab holds now (a worker or a forked child starts with all of it mapped) plus 1 MiB.
// Named at limits.memory's line and column, as its other refusals are (red-team round 14, B F19).
// limits.memory as the config wrote it (`1.5MiB` was quoted "1 MiB", red-team round 29, B5), or
// in bytes for a config built in code.
std::string shown_memory(const ExperimentConfig& config) {
    if (!config.memory_limit_text.empty()) return config.memory_limit_text;
    return fmt::format("{} bytes", config.limits.memory_bytes);
}

void check_memory_floor(const ExperimentConfig& config, Isolation where) {
    const std::uint64_t limit = config.limits.memory_bytes;
    if (limit == 0 || !sandbox_row(where).own_process) return;
    const std::uint64_t floor = child::resident_bytes_now() + (std::uint64_t{1} << 20);
    if (limit < floor)
        throw_input_error(config.memory_limit_at,
                          fmt::format("limits.memory {} is below what a run's process needs before it starts "
                                      "(futolab's resident memory with this experiment loaded, plus 1 MiB): use at least {} MiB",
                                      shown_memory(config), (floor + (1 << 20) - 1) >> 20));
}

// The exported `<stem>.jsonl` of a CSV whose rows with the statuses `leaving` are about to
// leave it: written again first from the rows that stay (removed if none has a record), so
// whatever a kill leaves holds records of the CSV only, which is how a resume knows its
// earlier export (records/outputs.hpp, not_an_export).
void export_kept_rows(const std::string& csv_path, const std::set<std::string>& leaving) {
    const std::string exported = outputs_path(csv_path);
    std::error_code ec;
    if (!std::filesystem::exists(exported, ec) || export_outputs(csv_path, leaving) > 0) return;
    if (!std::filesystem::remove(exported, ec) && ec)
        throw std::runtime_error(fmt::format("cannot remove {}: {} (its records leave {} by --redo)", exported,
                                             ec.message(), csv_path));
}

// --redo (SPEC §5): the rows with the statuses named leave the CSV (an atomic rewrite that keeps
// every other byte), so the resume below runs them again; the sidecar keeps every redo.
// Each rewrite asks first whether the CSV's lock is still this run's (a lock removed during the
// resume's checks let another futolab take the name): by its name only, so the CSV rewritten
// is still locked by its identity at the first record (OutputLock::check_name_held_for).
std::vector<RedoRecord> redo_rows(const std::string& csv_path, const RunnerOptions& options, const CsvLayout& layout,
                                  bool exported, RunnerReport& report, const OutputLock& lock) {
    if (!options.resume) return {};
    std::vector<RedoRecord> redone = read_redone(csv_path);
    if (options.redo.empty()) return redone;
    const std::set<std::string> leaving(options.redo.begin(), options.redo.end());
    if (exported) {
        lock.check_name_held_for(outputs_path(csv_path));
        export_kept_rows(csv_path, leaving);
    }
    const RedoRemoval removed = remove_rows_with_status(csv_path, leaving, csv_columns(layout), &lock);
    report.redone = removed.rows;
    redone.push_back({utc_now_iso8601(), options.redo, removed.rows});
    return redone;
}

int resolve_jobs(int jobs, const ExperimentConfig& config) {
    if (kForkUnsafeRuntime && sandbox_row(isolation_written(config)).own_process) return 1;
    if (jobs > 0) return jobs;
    const unsigned cores = std::thread::hardware_concurrency();
    return cores == 0 ? 1 : static_cast<int>(cores);
}

// A few_relations: checkpoint folder is none of the files the run writes (its results CSV, the
// shard CSV of `--shard I/N`, under `--out DIR` too; its sidecar, column schema, export and lock)
// by any name (`sub/../ck` is `./ck`), nor under one (`r.csv/ck`): the run made that file where
// the folder goes, and every shard was an `error` row, exit 0, or the export failed after the
// count, exit 1 (red-team round 22, A F1). Refused at the checkpoint's key before anything is made.
void check_checkpoints_apart(const ExperimentConfig& config, const std::string& csv, bool exported) {
    const std::vector<std::string> beside = companions_of(csv);  // sidecar, schema, export
    std::vector<std::pair<std::string, std::string>> files{{csv, fmt::format("the run's results CSV {}", csv)},
                                                           {beside[0], fmt::format("the sidecar {} of the run's results CSV", beside[0])},
                                                           {beside[1], fmt::format("the column schema {} of the run's results CSV", beside[1])},
                                                           {lock_path(csv), fmt::format("the lock file {} of the run's results CSV", lock_path(csv))}};
    if (exported) files.emplace_back(beside[2], fmt::format("the exported outputs {} of the run's results CSV", beside[2]));
    for (const InstanceSource& source : config.instances) {
        const FewRelationsSource& f = source.few_relations;
        if (source.kind != InstanceSource::Kind::few_relations || f.checkpoint.empty()) continue;
        for (const auto& [file, named] : files)
            if (const FolderPlace place = folder_place(f.checkpoint, file); place != FolderPlace::apart)
                throw_input_error(f.checkpoint_at, fmt::format("few_relations.checkpoint {}: {} {}, a file the run writes: give "
                                                               "the checkpoint another folder", f.checkpoint,
                                                               place == FolderPlace::at ? "is" : "lies under", named));
    }
}

// A few_relations: checkpoint folder that cannot be one (a file, FIFO or device at it or at a part
// of its path, a symlink to nothing) is refused at its key before anything is made, as `critical
// --checkpoint` refuses it (app/output_folder.cpp; red-team round 19, B F1: every shard failed
// making it, an `error` row each, exit 0). Asked here, not as the config is read: merge reads the
// config too, perhaps on another machine, and makes no checkpoint. So is a path too long for the
// file system, itself or for the shard files made in it (their locks and temporary names too):
// every shard was an `error` row, exit 0, one that fit only after its count (red-team round 23, A F1).
void check_checkpoint_folders(const ExperimentConfig& config) {
    for (const InstanceSource& source : config.instances) {
        const FewRelationsSource& f = source.few_relations;
        if (source.kind != InstanceSource::Kind::few_relations || f.checkpoint.empty()) continue;
        std::vector<std::string> names;  // the first and the last shard's: the longest number
        for (const std::uint64_t shard : {std::uint64_t{0}, f.shards - 1})
            names.push_back(critical::few_relations_shard_name(f.n, f.k, shard, f.shards) + ".yaml");
        std::string why = folder_length_problem(f.checkpoint, names);
        if (why.empty()) why = folder_path_problem(f.checkpoint);
        if (!why.empty()) throw_input_error(f.checkpoint_at, fmt::format("few_relations.checkpoint {}: {}", f.checkpoint, why));
    }
}

// A checkpoint folder the disk will not let this run write in (a read-only file system, no
// permission), or the nearest folder above it that is there when it is not yet: each shard takes
// its file's lock there, so each would be an `error` row, exit 0, where `critical --checkpoint`
// fails on the first lock before any work. The disk's failure, exit 1, before anything is made
// (red-team round 19, A, borderline 198e).
void check_checkpoint_writable(const ExperimentConfig& config) {
    namespace fs = std::filesystem;
    for (const InstanceSource& source : config.instances) {
        const FewRelationsSource& f = source.few_relations;
        if (source.kind != InstanceSource::Kind::few_relations || f.checkpoint.empty()) continue;
        fs::path at = fs::absolute(f.checkpoint).lexically_normal();
        std::error_code ec;
        while (!fs::exists(at, ec) && at.has_relative_path()) at = at.parent_path();
        if (::access(at.c_str(), W_OK | X_OK) != 0)
            throw std::runtime_error(fmt::format("{}: few_relations.checkpoint {}: cannot write in {}: {} (asked before any work)",
                                                 format_location(f.checkpoint_at), f.checkpoint, at.string(), std::strerror(errno)));
    }
}

// The results CSV and the files beside it are never a checkpoint's shard files (or their locks),
// by name or by another name of the same file (a hard link): the run would write its rows into the
// file a shard's count is read from, each such shard an `error` row, exit 0, where `critical
// --few-relations --out` is refused before any work (red-team round 19, A, borderline 102).
void check_outputs_outside_checkpoints(const ExperimentConfig& config, const std::string& csv) {
    namespace fs = std::filesystem;
    const std::vector<std::string> outputs{csv, sidecar_path(csv), schema_path(csv), outputs_path(csv), lock_path(csv)};
    for (const InstanceSource& source : config.instances) {
        const FewRelationsSource& f = source.few_relations;
        if (source.kind != InstanceSource::Kind::few_relations || f.checkpoint.empty()) continue;
        std::error_code ec;
        const fs::path folder = fs::weakly_canonical(fs::absolute(f.checkpoint), ec);
        for (const std::string& out : outputs) {
            const fs::path at = fs::weakly_canonical(fs::absolute(out), ec);
            if (at.parent_path() == folder && critical::is_few_relations_shard_file(at.filename().string(), f.n, f.k))
                throw_input_error(f.checkpoint_at, fmt::format("few_relations.checkpoint {}: the results file {} is one of its shard files: "
                                                               "give the run another output", f.checkpoint, out));
        }
        if (!fs::is_directory(f.checkpoint, ec)) continue;
        for (const fs::directory_entry& entry : fs::directory_iterator(f.checkpoint, ec)) {
            if (!critical::is_few_relations_shard_file(entry.path().filename().string(), f.n, f.k)) continue;
            for (const std::string& out : outputs)
                if (fs::equivalent(out, entry.path(), ec) && !ec)
                    throw_input_error(f.checkpoint_at, fmt::format("few_relations.checkpoint {}: the results file {} is another name of its shard file {}: "
                                                                   "give the run another output", f.checkpoint, out, entry.path().string()));
        }
    }
}

// Something planted at the lock path of a shard file this run takes (a folder, a FIFO, a symlink,
// a hard link, another user's file) made that shard an `error` row after the other shards' work,
// exit 1, where a planted lock is bad input (round 20, left open): refused before any work, at
// the checkpoint's key, naming the path. Only this run's shards (`--shard`): another's are not
// its business. One planted later is still that shard's `error` row (tasks/few_relations.cpp).
void check_checkpoint_locks(const ExperimentConfig& config, const RunMatrix& matrix, const std::vector<PlannedRun>& runs) {
    for (const PlannedRun& run : runs) {
        const FewRelationsRef& ref = matrix.few_relations.at(static_cast<std::size_t>(run.instance));
        if (ref.checkpoint.empty()) continue;
        const int n = matrix.instances[static_cast<std::size_t>(run.instance)].n();
        const std::string shard = critical::few_relations_shard_path(ref.checkpoint, n, ref.k, ref.shard, ref.shards);
        const std::string why = planted_at_lock(shard);
        if (why.empty()) continue;
        const auto source = std::find_if(config.instances.begin(), config.instances.end(), [&](const InstanceSource& s) {
            return s.kind == InstanceSource::Kind::few_relations && s.few_relations.checkpoint == ref.checkpoint;
        });
        throw_input_error(source->few_relations.checkpoint_at,
                          fmt::format("few_relations.checkpoint {}: {}, not futolab's lock file of the shard file {}: "
                                      "remove it (asked before any work)",
                                      ref.checkpoint, why, shard));
    }
}

// The checkpoint's shard files this run would take (its shards': `--shard`), asked once every
// other check has passed and before anything is written:
//   - one counted under other limits than the run's (`time_limit_ms`, `cpu_limit_ms`) is refused,
//     exit 2, naming the file, the key and both values (read_few_relations_shard): a shard counted
//     under a 1 h limit was taken into a run of 1 s, or the reverse, without a word (red-team
//     round 27, left open). A file recording no limits (an older futolab's) is taken as before;
//     one that does not read back whole, or another build's, is left to its run (an error row);
//   - with `recount`, the first file of each count there (its folder, n, k and shards) is counted
//     again and compared (critical::recount_shard_file, exit 2 where it differs), as `critical
//     --few-relations --checkpoint` does: files edited together, each one consistent, were taken
//     into the rows (round 27, left open: `run` re-counted none). Its stop request ends the run
//     with nothing written (MatrixStopped). Said on standard error unless `quiet`.
void check_checkpoint_files(const RunMatrix& matrix, const std::vector<PlannedRun>& runs, bool recount, bool quiet,
                            const Interrupt& interrupt, const critical::FewRelationsLimits& limits) {
    std::set<std::tuple<std::string, int, int, std::uint64_t>> counted;  // the counts one file of was counted again
    for (const PlannedRun& run : runs) {
        const FewRelationsRef& ref = matrix.few_relations.at(static_cast<std::size_t>(run.instance));
        if (ref.checkpoint.empty()) continue;
        const int n = matrix.instances[static_cast<std::size_t>(run.instance)].n();
        const std::string path = critical::few_relations_shard_path(ref.checkpoint, n, ref.k, ref.shard, ref.shards);
        std::optional<critical::FewRelationsShard> file;
        try {
            file = critical::read_few_relations_shard(path, n, ref.k, ref.shard, ref.shards, few_relations_producer(), limits);
        } catch (const critical::FewRelationsLimitsDiffer&) {
            throw;
        } catch (const InputError&) {
            continue;  // its run's error row names it
        }
        if (!file || !recount || !counted.emplace(ref.checkpoint, n, ref.k, ref.shards).second) continue;
        try {
            const double cpu = critical::recount_shard_file(*file, ref.checkpoint, interrupt.flag(),
                                                            "the file or make its shard's row from it");
            if (!quiet)
                std::cerr << visible_text(fmt::format("futolab: {}: its shard counted again before any run, the same ({:.1f} s CPU)",
                                                      path, cpu),
                                          LineBreaks::shown)
                          << "\n";
        } catch (const critical::FewRelationsStopped&) {
            throw MatrixStopped();
        }
    }
}

// The results CSV and the two files beside it that the run writes, with how a refusal names each.
std::array<std::pair<std::string, std::string>, 3> run_outputs(const std::string& csv) {
    return {{{csv, ""}, {sidecar_path(csv), "its sidecar "}, {schema_path(csv), "its column schema "}}};
}

// Throws `refusal` (about the results CSV `csv`) at the `output:` key when the config places the
// CSV, after `--out DIR` when that does, else as it is.
[[noreturn]] void refuse_output(const ExperimentConfig& config, const RunnerOptions& options, const std::string& csv,
                                const InputError& refusal) {
    if (options.output_at_key) throw_at_key(config.output_at, "output", config.output, csv, refusal);
    if (!options.out_dir.empty()) throw InputError(fmt::format("--out {}: {}", options.out_dir, refusal.what()));
    throw refusal;
}

// The results CSV, its sidecar and its schema are never a file the experiment reads (its config,
// an instances file, a build's binary) by any name (the same device and inode: a hard link, a
// symbolic link, a ./ spelling): refused as that input, at the `output:` key when the config
// places the CSV, first of the output's checks (red-team round 21, A F3: an instances file at
// `output:` was called "results exist already: … or remove the file").
void check_output_not_input(const ExperimentConfig& config, const RunnerOptions& options, const std::string& csv) {
    const std::vector<ConfigInput> inputs = config_inputs(config);
    for (const auto& [out, whose] : run_outputs(csv)) {
        struct stat written {};
        if (::stat(out.c_str(), &written) != 0) continue;
        for (const ConfigInput& in : inputs) {
            struct stat read {};
            if (::stat(in.path.c_str(), &read) != 0 || read.st_dev != written.st_dev || read.st_ino != written.st_ino) continue;
            refuse_output(config, options, csv,
                          InputError(fmt::format("{}: {}is the input {} ({}): refusing to overwrite it", csv,
                                                 whose.empty() ? "" : whose + out + " ", in.path, in.what)));
        }
    }
}

// Nor a few-relations checkpoint file or table, or a certificate (kept_file_kind, each known by
// its first line), which every file output replaces only with --force: refused naming what it is,
// at the `output:` key as above, once a shard file of the config's own checkpoint has been named
// as one (red-team round 22, B F3: a certificate or a table at `output:` was called "results
// exist already: use --resume …", and --resume then found no sidecar).
void check_output_not_kept(const ExperimentConfig& config, const RunnerOptions& options, const std::string& csv) {
    if (options.start_over && !options.resume) return;  // critical --force: replaced, as by any output with --force
    for (const auto& [out, whose] : run_outputs(csv))
        if (const std::string kind = kept_file_kind(out); !kind.empty())
            refuse_output(config, options, csv,
                          InputError(fmt::format("{}: {}is {}: refusing to overwrite it (give the run another output)",
                                                 csv, whose.empty() ? "" : whose + out + " ", kind)));
}

// Nor named for another format (records/results_file.hpp, results_format_problem; red-team round
// 26, C F2: `output: g.jsonl` was written, and every puzzle reader took it for JSON Lines): asked
// once what is there has been, whose refusals say more. The name is the config's, which --out DIR
// keeps and a shard tags before its extension (`g.csv.schema.json`'s shard is no schema's name,
// and its merge would be). A resume goes on with the CSV an earlier futolab began under its name.
void check_output_name(const ExperimentConfig& config, const RunnerOptions& options, const std::string& csv) {
    std::error_code ec;
    if (options.resume && std::filesystem::exists(csv, ec)) return;
    const std::string why = results_format_problem(config.output);
    if (why.empty()) return;
    if (options.output_at_key)
        throw_at_key(config.output_at, "output", config.output, config.output, InputError(config.output + ": " + why));
    if (options.out_dir.empty()) throw InputError(config.output + ": " + why);
    const std::filesystem::path placed = std::filesystem::path(options.out_dir) / std::filesystem::path(config.output).filename();
    throw InputError(fmt::format("--out {}: {}: {}", options.out_dir, placed.string(), why));
}

}  // namespace

namespace {

// A results CSV that names a descriptor of this command (`output: /dev/fd/7`) is refused by that
// name, before the files beside it: the check of its export called `/dev/fd/7.jsonl`, a path
// the user never gave, the descriptor.
void refuse_descriptor_csv(const std::string& csv) {
    if (names_another_descriptor(csv)) check_results_target(csv);
}

}  // namespace

void check_files_beside(const ExperimentConfig& config, const std::string& csv) {
    refuse_descriptor_csv(csv);
    if (fills(task_info(config.task), TaskColumn::output)) check_outputs_file(csv, {}, false);
    check_results_names(csv);  // before its lock is made: a name too long for a file beside it left the lock behind
}

namespace {

// A results CSV the config's `output:` places (RunnerOptions::output_at_key): its folder, what is at
// its path and beside it, each refused at that key's line and column (red-team round 19: the
// refusals named no config line). Asked once the checkpoints are (a shard file there is named as
// one, at the checkpoint's key); the same checks are asked again as the CSV is made.
void check_output_at_key(const ExperimentConfig& config, const std::string& csv) {
    try {
        if (const std::string folder = std::filesystem::path(csv).parent_path().string(); !folder.empty())
            if (const std::string why = folder_path_problem(folder); !why.empty()) throw InputError(why);
        // A live writer first, in its own words: the checks of the files beside the CSV would name
        // one of them (its sidecar) and advise removing it. The CSV named: a shard's is not the
        // key's value (`out/p.shard-0-of-2.csv`, where only `out/p.csv` was named, a file free).
        if (const std::string why = lock_problem(csv); !why.empty()) throw InputError(csv + ": " + why);
        check_files_beside(config, csv);
        check_results_target(csv);
        check_results_companions(csv, true);
    } catch (const InputError& e) {
        throw_at_key(config.output_at, "output", config.output, csv, e);
    }
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
    // Again here: the command line may have changed the isolation or the builds since the config was read.
    for (const std::string& why : {isolation_problem(config), builds_problem(config)})
        if (!why.empty()) throw InputError(config.path + ": " + why);
    const TaskInfo& kind = task_info(config.task);
    // SIGINT, SIGTERM and SIGHUP are stop requests before the matrix is built: building it takes
    // seconds to minutes (10000 squares of order 9: 5 s), and a signal then killed futolab by the
    // default action, leaving `critical --out -`'s scratch folder (red-team round 16, A F2). A
    // stop before the results CSV is touched ends the run there, nothing written (MatrixStopped);
    // from the redo's rewrite (and the CSV's opening) on, the redo is recorded and the run ends
    // `interrupted`, exit 1, the sweep taking no run (a stop between the rewrite and the
    // sidecar's `running` killed futolab with the redo rows gone: round 11, F16).
    std::optional<Interrupt> own_interrupt;
    std::optional<SignalScope> signals;
    Interrupt& interrupt = options.interrupt != nullptr ? *options.interrupt : own_interrupt.emplace();
    if (options.interrupt == nullptr) signals.emplace(interrupt);
    check_checkpoints_apart(config, results_path(config, options), options.export_outputs && fills(kind, TaskColumn::output));
    check_checkpoint_folders(config);
    check_checkpoint_writable(config);
    check_output_not_input(config, options, results_path(config, options));
    check_outputs_outside_checkpoints(config, results_path(config, options));
    check_output_not_kept(config, options, results_path(config, options));
    check_output_name(config, options, results_path(config, options));
    if (options.output_at_key) check_output_at_key(config, results_path(config, options));
    const RunMatrix matrix = build_run_matrix(config, options.skip_invalid, interrupt.flag());
    check_memory_floor(config, isolation_written(config));  // before any file is touched
    const SweepBuilds builds(config, matrix, options.worker_binary);  // the builds' binaries answer (or are refused) first
    const std::vector<PlannedRun> shard = shard_of(matrix.runs, options.shard_index, options.shard_count, interrupt.flag());
    if (kind.inputs == TaskInput::few_relations) check_checkpoint_locks(config, matrix, shard);
    RunnerReport report;
    report.csv_path = results_path(config, options);
    report.shard_runs = shard.size();
    report.invalid = matrix.skipped;
    // One writer per output folder, for the whole run.
    const auto held = std::make_shared<const OutputLock>(report.csv_path, options.lock_elsewhere);
    const OutputLock& lock = *held;
    if (options.keep_lock) report.lock = held;
    const bool exported = options.export_outputs && fills(kind, TaskColumn::output);
    if (exported) {  // the exported `<stem>.jsonl` never replaces a file the run reads
        refuse_descriptor_csv(report.csv_path);
        std::vector<std::string> read{config.path};
        for (const InputFile& f : matrix.input_files) read.push_back(f.path);
        check_outputs_file(report.csv_path, read, true);
    }
    check_results_target(report.csv_path);   // a symlink, FIFO or folder there: refused before it is read
    // The same for its sidecar, schema and exported outputs, before the CSV is made or (critical
    // --force) an earlier one removed: a symlinked sidecar would be replaced by the rewrite (two
    // copies that differ), a folder there would leave a CSV without one, and --force removed
    // a FIFO, a symlink or a user's folder at the schema's path.
    check_results_companions(report.csv_path, options.export_outputs);
    // A sidecar or schema with no CSV beside it is someone else's file (red-team round 13, A3);
    // only `critical --force` (start_over) may replace it.
    if (!options.start_over || options.resume) check_no_orphan_companions(report.csv_path);
    // Named as the resumed CSV's sidecar names its files, whatever the working folder (resume_rows.hpp).
    const RunNames named = names_of_run(report.csv_path, options.resume, identity_of(config, matrix), matrix.skipped);
    if (options.resume) {  // before the file is touched
        // A file that is no results CSV is said to be none, not "has no sidecar" or an RFC 4180
        // quoting error (red-team round 25, C F5); an empty one is a run killed before its header.
        if (check_results_target(report.csv_path) > 0) check_results_file_head(report.csv_path);
        check_resumable(report.csv_path, named.identity, builds.identities());
        check_same_isolation(report.csv_path, config);
        check_resumed_sidecar(report.csv_path, {options.shard_index, options.shard_count}, config, matrix.runs.size());
        check_resumed_schema(report.csv_path);
    }
    if (kind.inputs == TaskInput::few_relations)
        check_checkpoint_files(matrix, shard, options.recount_checkpoint, options.quiet, interrupt, few_relations_limits(config.limits));
    if (interrupt.requested()) throw MatrixStopped();  // the last moment nothing is written
    if (options.start_over && !options.resume) remove_results(report.csv_path);
    const CsvLayout layout = csv_layout(matrix.param_names);
    const ResumedShard resumed{options.shard_index, options.shard_count};
    // Every row, the redone ones too, is checked before the redo rewrites the CSV: a refusal
    // leaves the CSV and its sidecar as they were (round 9, R3: the timeout rows were gone and
    // the sidecar said so, then an edited row was refused; a foreign row was redone unseen).
    const bool redo = options.resume && !options.redo.empty();
    if (redo && check_results_target(report.csv_path) > 0)
        check_resumed_rows(ResultsFile(report.csv_path, true, layout), config, matrix, resumed, &named.skipped);
    // The exported `<stem>.jsonl` is the CSV's earlier export or is not replaced, asked once the
    // rows are checked (an edited row is named as such): before the redo exports the rows it keeps.
    if (redo && exported) check_earlier_export(report.csv_path);
    std::vector<RedoRecord> redone = redo_rows(report.csv_path, options, layout, exported, report, lock);  // before the file is reopened
    ResultsFile file(report.csv_path, options.resume, layout);
    lock.check_held();  // locks the CSV as now made (or rewritten by --redo) by its identity too, before any run
    // Only this experiment's runs, of this shard, count as done.
    check_resumed_rows(file, config, matrix, resumed, &named.skipped);
    if (options.resume && !redo && exported) check_earlier_export(report.csv_path);

    const std::string now = utc_now_iso8601();
    RunInfo info{.command_line = options.command_line,
                 .jobs = resolve_jobs(options.jobs, config),
                 .shard_index = options.shard_index,
                 .shard_count = options.shard_count,
                 .total_runs = matrix.runs.size(),
                 .shard_runs = shard.size(),
                 .completed = file.rows(),
                 .started = now,
                 .finished = "",
                 .first_started = first_started_before(report.csv_path, options.resume, now),
                 .state = "running",
                 .skipped_inputs = named.skipped,
                 .pinned_cpus = {},
                 .shards = {},
                 .hosts = hosts_before(report.csv_path, options.resume),
                 .isolation = std::string(name_in(kIsolations, isolation_written(config))),
                 .memory_limit = memory_limit_written(report.csv_path, config, options.resume),
                 .memory_poll_ms = external::kTreePollMs,
                 .timing = protocol_of(config),
                 .redone = std::move(redone),
                 .driver = this_build(),
                 .merged_by = std::nullopt,
                 .builds = builds.identities(),
                 .load = {}};
    if (config.pin) {
        const CorePlan plan = plan_cores(info.jobs, usable_cpus());
        info.pinned_cpus = plan.cpus;
        if (!plan.warning.empty()) std::cerr << visible_text("futolab: warning: " + plan.warning, LineBreaks::shown) << "\n";
    }
    write_first_sidecar(report.csv_path, named.identity, info, !options.resume);

    // Keying 10^7 runs takes seconds, as ordering them does: a stop meanwhile lists and orders no
    // more (red-team round 17, B F6), and the sweep takes no run and ends `interrupted`. Every
    // finished row is a run of this shard (check_resumed_rows), so they are the runs done.
    std::vector<PlannedRun> todo;
    for (std::size_t i = 0; i < shard.size() && !interrupt.requested(); ++i)
        if (!file.finished_keys().count(run_key(matrix, shard[i]))) todo.push_back(shard[i]);
    report.skipped = file.finished_keys().size();

    std::vector<std::int64_t> walls(matrix.runs.size(), -1);
    for (const auto& [run, wall] : file.earlier_walls())
        if (run < walls.size()) walls[run] = wall;
    Progress progress(todo.size(), options.quiet, options.progress_words);
    GradeCache grades(matrix.instances.size());
    // Before the workers start: with process isolation every run's process is forked from
    // futolab and shares the tables copy-on-write.
    const SquareTables tables = kind.square_tables ? SquareTables(matrix) : SquareTables();
    const DoneEvent all_done;
    WorkQueue q{.config = config,
                .matrix = matrix,
                .todo = schedule_runs(todo, config, interrupt.flag()),
                .file = file,
                .output_lock = lock,
                .layout = layout,
                .walls = walls,
                .progress = progress,
                .grades = grades,
                .tables = tables,
                .interrupt = interrupt,
                .builds = builds,
                .done_fd = all_done.fd()};
    const LoadMeter load;
    {
        q.workers_left = info.jobs;
        std::vector<std::jthread> workers;
        for (int j = 0; j < info.jobs; ++j) {
            const int cpu = info.pinned_cpus.empty() ? -1 : info.pinned_cpus[static_cast<std::size_t>(j)];
            workers.emplace_back([&q, cpu] { work(q, cpu); });
        }
        watch(q, options.stopped_runs_advice);
        workers.clear();  // joins
        report.interrupted = interrupt.requested();
        signals.reset();
    }
    progress.finish(q.done, q.errors);
    report.completed = q.done;
    report.errors = q.errors;
    report.warmups = q.warmups;
    if (config.repeats > 1) report.noise = noise_by_spec(repeat_groups(matrix, walls));
    for (const auto& [spec, figure] : q.busy) report.busy.push_back(figure);

    info.completed = file.rows();
    info.finished = utc_now_iso8601();
    info.load = load.figure();
    info.state = q.failed ? "failed" : report.interrupted ? "interrupted" : "finished";
    if (q.lock_lost) std::rethrow_exception(q.failure);  // the sidecar may be another writer's now: left alone
    lock.check_held();  // the same after the last row: a lock removed since leaves the sidecar alone too
    // The first error (the results write), not a follow-up one; else the export's.
    const std::exception_ptr failure = q.failure ? q.failure : export_before_sidecar(report.csv_path, exported, info);
    try {
        write_sidecar(report.csv_path, named.identity, info);
    } catch (const std::exception&) {
        // A full disk refuses the new sidecar too: the old one must not go on saying `running`.
        mark_sidecar_state(report.csv_path, "failed");
        if (!failure) throw;
    }
    if (failure) std::rethrow_exception(failure);
    return report;
}

}  // namespace futolab
