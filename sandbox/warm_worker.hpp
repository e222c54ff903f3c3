// Process isolation (SPEC §4, sandbox.hpp): a warm worker is a long-lived process forked
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

#include "sandbox/cgroup.hpp"
#include "solvers/solver.hpp"

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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
    std::int64_t leftover_kb = 0;       // what the worker kept resident after the run (trimmed) above its start
    std::int64_t killed_cpu_ns = 0;     // a run that did not answer: its CPU as measured from outside
};

// A worker that keeps more than this resident after a run (and after giving freed heap back)
// than it held when it started is replaced before the next run: the next run's peak must not
// include an earlier run's memory (SPEC §4). 2 MiB is above what the backends keep warm on
// purpose (gac's engine, Gecode's space cache: tens to hundreds of kB here).
inline constexpr std::int64_t kWorkerLeftoverKb = 2048;
// A run whose peak was this far above the worker's resident set at its start also gets the
// worker replaced (warm_worker.cpp: what the allocator keeps of a big heap).
inline constexpr std::int64_t kWorkerBigRunKb = 64 * 1024;

// How long futolab waits for a worker's answer that no run's time limit bounds (issue #45,
// "hangs"): its hello (plus the time to read a long plan: builds.cpp) and a calibration
// timing. A futolab worker answers in milliseconds (a 13.5 MB plan: 0.6 s); a binary that
// never answers is killed at the deadline instead of holding the sweep for good.
// FUTOLAB_WORKER_WAIT (a duration: 30s, 500ms) replaces the 10 s.
inline constexpr double kWorkerWaitSeconds = 10;
double worker_wait_seconds();

// A worker started from a futolab binary (an A/B sweep's build, worker_protocol.hpp) instead of
// forked with a handler: `path args…` with the request pipe on descriptor 3 and the answer
// pipe on 4. Its first request is `plan`; its first answer is its hello, which `check_hello`
// accepts or refuses by throwing (an InputError naming the build): a binary of another
// protocol is never fed a run. One that says no hello within `hello_seconds` is killed.
struct WorkerCommand {
    std::string path;
    std::vector<std::string> args;
    std::string plan;
    std::function<void(std::string_view hello)> check_hello;
    int protocol = 0;  // the worker protocol it must speak: named when it says no hello
    std::string who = "";        // how messages name it ("build new (/abs/futolab)"); "": its path
    double hello_seconds = 0;    // the wait for its hello; 0: worker_wait_seconds()
};

class WarmWorker {
public:
    using Handler = std::function<std::string(std::string_view request)>;

    // `memory_bytes` (0: none): RLIMIT_AS of the worker, relative to its address space at
    // start, and, where futolab may make one (cgroup.hpp), the hard limit of a memory cgroup
    // that holds the worker and every process its runs start. A worker that cannot be put in
    // that cgroup runs nothing: the call's answer is `error` with kNoCgroup's message
    // (child_run.hpp) naming the path and the system's reason, and the next call tries again.
    WarmWorker(Handler handler, std::uint64_t memory_bytes);
    // A worker of another binary (which sets its own RLIMIT_AS from its plan; the cgroup is
    // made here as for a forked one).
    WarmWorker(WorkerCommand command, std::uint64_t memory_bytes);
    ~WarmWorker();  // ends the worker (EOF on its request pipe, SIGKILL if it does not exit)
    WarmWorker(const WarmWorker&) = delete;
    WarmWorker& operator=(const WarmWorker&) = delete;

    // One run: the worker is started first if there is none. The worker is killed at
    // limits.time + kill_grace_seconds (none without a time limit) or when `interrupt` fires.
    // A worker of another binary that says no hello (it exits, dies or is silent past its
    // wait) gives an `error` answer naming it; until retire(), the later calls give the same
    // answer at once (a build that stopped answering costs one wait per session, not per run).
    // Throws as check_hello when a hello is refused (the binary changed during the sweep).
    WorkerAnswer call(std::string_view request, const Limits& limits, const Interrupt* interrupt);

    // Starts the worker now if none runs (a started worker of another binary has said a hello
    // that check_hello accepted). Throws as check_hello, an InputError naming the worker if it
    // says no hello, or std::runtime_error without a pipe or fork.
    void ensure_started();
    // Ends the worker; the next call starts a fresh one (after a run that left it holding
    // memory: the memory contract of SPEC §4; at a new session).
    void retire() {
        stop();
        no_hello_.clear();
    }

    pid_t pid() const { return pid_; }  // 0: no worker running
    bool in_cgroup() const { return cgroup_ != nullptr; }
    int started() const { return started_; }  // workers started so far (1 + replacements)

private:
    // "" once the worker runs (and, of another binary, has said an accepted hello); else why
    // not ("interrupted", kNoCgroup's message, or how it failed to say its hello: it is gone).
    std::string start(const Interrupt* interrupt);
    std::string await_hello(const Interrupt* interrupt);
    std::string enter_cgroup();
    void stop();
    static std::string make_scratch();
    void remove_scratch();

    Handler handler_;
    std::optional<WorkerCommand> command_;
    std::uint64_t memory_bytes_;
    // Made with the first worker, reused by its replacements; dropped when one cannot enter it
    // (the next start makes a new one).
    std::unique_ptr<MemoryCgroup> cgroup_;
    pid_t pid_ = 0;
    int to_worker_ = -1, from_worker_ = -1;
    int started_ = 0;
    std::int64_t cpu_at_last_answer_ = 0;  // the worker's own + reaped CPU at its last answer
    std::string scratch_;  // the worker's TMPDIR, removed when it ends
    std::string no_hello_;  // set: the last start said no hello; calls answer this until retire()
};

// The worker's side in a process started from a binary (`futolab worker PLAN`): the pipes are
// descriptors 3 and 4 already (the parent's fork prepared them, child_process.hpp). Sends
// `hello` as its first answer, then serves requests with `handler` under RLIMIT_AS of
// `memory_bytes` (0: none) until the request pipe closes. Never returns.
[[noreturn]] void serve_worker(const WarmWorker::Handler& handler, std::uint64_t memory_bytes, const std::string& hello);
// The worker's first request (the plan), before it says hello; nullopt if the pipe closed.
std::optional<std::string> receive_plan();

}  // namespace futolab
