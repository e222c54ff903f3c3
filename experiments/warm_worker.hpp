// Process isolation (SPEC §4, isolation.hpp): a warm worker is a long-lived process forked
// from futolab once, then fed runs over a pipe, so it keeps its caches, its allocator's free
// lists and gac's per-thread engine from run to run (pyperf's worker processes and BenchExec's
// long-lived tool processes are the models; a fresh process per run times cold caches and
// copy-on-write faults, not the solver: results/isolation/REPORT.md).
//
// Each call sends one request and waits for the answer; the worker measures what only it can
// see: its peak resident set during the run (VmHWM, reset before each run: child_process.hpp)
// and the CPU time of the processes the run started and it reaped. A run that kills the
// worker (a crash, the OOM killer), overruns its time limit (killed limit + 0.5 s after its
// start) or is interrupted costs that worker only: the call says how it ended and the next
// call starts a fresh worker.
//
// The worker is forked from the thread that calls (the runner's job thread, pinned when `pin`
// is on, so the worker inherits its CPU); everything the handler reads (the run matrix) is the
// parent's memory at the fork, shared copy-on-write. See child_run.cpp for why forking from a
// thread of a multi-threaded process is safe here.
#pragma once

#include "experiments/cgroup.hpp"
#include "solvers/solver.hpp"

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace futolab {

class Interrupt;

// What one call to a worker gave back.
struct WorkerAnswer {
    std::optional<std::string> record;  // the handler's answer, if the worker survived the run
    SolveResult ended;                  // else how the run ended (timeout, memout, crash, "interrupted")
    std::int64_t peak_kb = -1;          // the worker's peak resident set during this run
    std::int64_t reaped_cpu_ns = 0;     // CPU of processes the run started (reaped by the worker)
    std::int64_t elapsed_ns = 0;        // the parent's wall time for the whole call
    bool oom_killed = false;            // the worker's memory cgroup OOM-killed a process of this run
};

class WarmWorker {
public:
    using Handler = std::function<std::string(std::string_view request)>;

    // `memory_bytes` (0: none): RLIMIT_AS of the worker, relative to its address space at
    // start, and, where futolab may make one (cgroup.hpp), the hard limit of a memory cgroup
    // that holds the worker and every process its runs start.
    WarmWorker(Handler handler, std::uint64_t memory_bytes);
    ~WarmWorker();  // ends the worker (EOF on its request pipe, SIGKILL if it does not exit)
    WarmWorker(const WarmWorker&) = delete;
    WarmWorker& operator=(const WarmWorker&) = delete;

    // One run: the worker is started first if there is none. The worker is killed at
    // limits.time + kill_grace_seconds (none without a time limit) or when `interrupt` fires.
    WorkerAnswer call(std::string_view request, const Limits& limits, const Interrupt* interrupt);

    pid_t pid() const { return pid_; }  // 0: no worker running
    bool in_cgroup() const { return cgroup_ != nullptr; }
    int started() const { return started_; }  // workers started so far (1 + replacements)

private:
    void start();
    void stop();
    static std::string make_scratch();
    void remove_scratch();

    Handler handler_;
    std::uint64_t memory_bytes_;
    std::unique_ptr<MemoryCgroup> cgroup_;  // made with the first worker, reused by its replacements
    pid_t pid_ = 0;
    int to_worker_ = -1, from_worker_ = -1;
    int started_ = 0;
    std::string scratch_;  // the worker's TMPDIR, removed when it ends
};

}  // namespace futolab
