// Where the runs of one job of `futolab run` execute (SPEC §4/§6 `isolation`, docs/isolation.md).
// Each isolation mode (kIsolations, core/isolation.hpp: its name and help, which the results
// row holds below this layer) has one row in kSandboxes: what a run gets there (a process of its
// own, warm workers) and the factory of its Sandbox. Everything that differs between the modes
// is read from that row; nothing outside this folder branches on the mode.
//   process  warm worker processes, one per job and build, forked once (or started from a
//            build's binary) and fed runs over a pipe (warm_workers.cpp, warm_worker.hpp);
//   fork     a fresh forked child per run (fork_per_run.cpp, child_run.hpp): for solvers that
//            leak or corrupt state across runs; every run starts cold;
//   thread   runs as threads of the futolab process (in_thread.cpp): no process per run, no
//            memory limit, no peak memory, and a crash ends the sweep.
#pragma once

#include "core/isolation.hpp"
#include "records/results_csv.hpp"
#include "sandbox/warm_worker.hpp"
#include "solvers/solver.hpp"

#include <array>
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

// One run as the driver hands it to a sandbox (experiments/runner.cpp). The sandbox calls what
// its mode needs: `here` computes the row on the calling thread (thread; fork's child),
// `request` is the run as a warm worker's request (worker_protocol.hpp), `unfinished` is the row
// of a run whose process ended without one (`ended`: timeout, memout, crash, interrupted).
struct SandboxRun {
    int build = 0;                // the build whose worker runs it (an A/B sweep, SPEC §5)
    bool session_warmup = false;  // a session's unrecorded warm-up copy: under the warm-up limits
    std::function<ResultRow()> here;
    std::function<std::string()> request;
    std::function<ResultRow(const SolveResult& ended)> unfinished;
};

// What one job gives its sandbox.
struct SandboxJob {
    Limits limits;         // the sweep's: the memory rule and the watchdogs
    Limits warmup_limits;  // a session's warm-up runs (worker_protocol.hpp, kSessionWarmupSeconds)
    const Interrupt* interrupt = nullptr;
    // A request's answer on this thread: what a worker forked from futolab serves, and where
    // a mode without workers answers a request that is not a run (a calibration timing).
    WarmWorker::Handler handler;
    std::vector<WorkerCommand> commands;  // non-empty: one worker per build, started from its binary
};

class Sandbox {
public:
    explicit Sandbox(SandboxJob job) : job_(std::move(job)) {}
    virtual ~Sandbox() = default;
    Sandbox(const Sandbox&) = delete;
    Sandbox& operator=(const Sandbox&) = delete;

    // The run's row, computed in this mode's place; what only the owner of the run's process
    // knows (its peak memory, the CPU of what it reaped) and SPEC §4's memory rule applied.
    // Throws InputError if a build's replacement worker is refused (its binary changed).
    virtual ResultRow run(const SandboxRun& run) = 0;
    // The answer to a request that is not a run (a calibration timing) from where the runs of
    // `build` execute: the job's handler on this thread, unless the mode has workers (then
    // nullopt if the worker could not answer).
    virtual std::optional<std::string> ask(int build, std::string_view request, const Limits& limits);
    // Ends the job's worker processes: the next run starts a new session in fresh ones.
    virtual void new_session() {}

protected:
    const SandboxJob& job() const { return job_; }

private:
    SandboxJob job_;
};

// A mode's row: what its runs get, and its sandbox.
struct SandboxRow {
    Isolation value;
    std::string_view name;  // kIsolations' (checked below)
    // A process of its own per run or per worker: limits.memory, max_rss_kb, a time limit kept
    // by killing the process, a crash or memout that costs one row. Without: the interrupt
    // reaches the run through the flag its search polls (Limits::stop).
    bool own_process;
    // Long-lived workers: warmed up at each session's start, and started from a build's binary
    // (an A/B sweep; this binary's own, for a fresh address-space layout per session).
    bool warm_workers;
    std::unique_ptr<Sandbox> (*make)(SandboxJob job);
};

std::unique_ptr<Sandbox> make_warm_workers(SandboxJob job);
std::unique_ptr<Sandbox> make_fork_per_run(SandboxJob job);
std::unique_ptr<Sandbox> make_in_thread(SandboxJob job);

inline constexpr std::array<SandboxRow, 3> kSandboxes{{
    {Isolation::process, "process", true, true, make_warm_workers},
    {Isolation::fork, "fork", true, false, make_fork_per_run},
    {Isolation::thread, "thread", false, false, make_in_thread},
}};

// Every mode of the vocabulary has its row, in the vocabulary's order.
constexpr bool sandboxes_match_vocabulary() {
    if (kSandboxes.size() != kIsolations.size()) return false;
    for (std::size_t i = 0; i < kSandboxes.size(); ++i)
        if (kSandboxes[i].value != kIsolations[i].value || kSandboxes[i].name != kIsolations[i].name) return false;
    return true;
}
static_assert(sandboxes_match_vocabulary(), "kSandboxes must have one row per kIsolations word, in its order");

const SandboxRow& sandbox_row(Isolation isolation);

// The mode of a config without `isolation:` (kIsolations' help says why).
inline constexpr Isolation kDefaultIsolation = Isolation::process;
// Where the work of a task kind that takes no `isolation:` runs (generate, critical): the
// driver's own threads.
inline constexpr Isolation kDriverThreads = Isolation::thread;

// What a sweep asks of its mode (its config, after the command line's overrides).
struct SandboxNeeds {
    bool memory_limit = false;                // limits.memory is set
    std::string time_limit_kill;              // non-empty: "limits.time of task K" is kept only by a kill…
    std::string_view time_limit_kill_why;     // …because (task_kinds.hpp: time_limit_needs_process)
    bool builds = false;                      // `builds:` names binaries to start workers from
};
// "" if `isolation` gives everything `needs` asks; else the one message, naming the modes that would.
std::string sandbox_problem(Isolation isolation, const SandboxNeeds& needs);

// How limits.memory is enforced in a run's own process, for the sidecar's `memory_limit`: none,
// rlimit (RLIMIT_AS + the peak rule), or cgroup-v1 / cgroup-v2 (warm workers in a memory cgroup
// futolab may make: cgroup.hpp).
std::string memory_limit_mechanism(const Limits& limits, Isolation isolation);

}  // namespace futolab
