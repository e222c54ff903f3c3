// Where a run of `futolab run` executes (SPEC §4/§6 `isolation`, docs/isolation.md). The three
// modes are one vocabulary (kIsolations, core/isolation.hpp): config, --isolation, --help, the sidecar and the
// CSV's `isolation` column all read it.
//   process  (the default) warm worker processes, one per job, forked once and fed runs over a
//            pipe (warm_worker.hpp): caches, allocator and gac's per-thread engine stay warm
//            across runs, so µs-scale timings agree with thread mode, while each run still has
//            a process of its own: a per-run peak resident set (max_rss_kb), limits.memory, a
//            time limit the parent enforces (the worker is killed limit + 0.5 s after), and a
//            crash, memout or overrun that costs only that worker, which is replaced;
//   fork     a fresh forked child per run (the old default): for solvers that leak or corrupt
//            state across runs; every run starts cold (page faults, allocator, caches), which
//            inflates µs-scale runs by 2-13x (results/isolation/REPORT.md);
//   thread   runs as threads of the futolab process (no process per run: no memory limit, no
//            peak memory, and a crash ends the sweep).
#pragma once

#include "core/isolation.hpp"
#include "core/vocabulary.hpp"
#include "solvers/options.hpp"
#include "solvers/run.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace futolab {

class Interrupt;

// Isolation and its table kIsolations: core/isolation.hpp (the results row holds the value).
std::string_view isolation_name(Isolation isolation);
// Whether runs in this mode have a process of their own (memory limit, max_rss_kb, crash rows).
inline bool has_own_process(Isolation isolation) { return isolation != Isolation::thread; }

// limits.memory: parse_memory_size (core/numbers.hpp), 1 MiB to 1 EiB; a NumberError
// (an InputError) saying why not.
std::uint64_t parse_memory_bytes(const std::string& text);

// How limits.memory is enforced in a run's own process, for the sidecar's `memory_limit`:
// none, or rlimit (RLIMIT_AS + the peak rule; cgroup-v1 / cgroup-v2 are the names reserved
// for a kernel-enforced limit).
std::string memory_limit_mechanism(const Limits& limits, Isolation isolation);

// One run of `spec` on `puzzle`. Thread isolation: run_solver on this thread, the interrupt's
// flag as Limits::stop. Process isolation: run_in_child. A run cut short by the interrupt
// comes back as status error with message "interrupted" (the runner does not write it).
RunResult execute_run(Isolation isolation, const SolverSpec& spec, const Puzzle& puzzle, SolveRequest request,
                      const Interrupt* interrupt);

// run_solver in a forked child process; the result comes back through a pipe, max_rss_kb is
// the child's peak resident set (it includes the pages it shares with futolab at fork time).
// The child is killed when `interrupt` fires, or after the time limit plus kill_grace_seconds.
RunResult run_in_child(const SolverSpec& spec, const Puzzle& puzzle, const SolveRequest& request,
                       const Interrupt* interrupt);

// What a forked child sent back (`record`: the bytes its work returned, if it exited normally),
// else how it ended (`ended`: status timeout, memout, crash or error "interrupted", with a
// message); and the child's wall time, CPU time (user + system, with what it reaped) and peak
// resident set (its own, as it measured it; wait4's, which includes what it reaped, for a
// child that did not finish).
struct ChildResult {
    std::optional<std::string> record;
    SolveResult ended;
    std::int64_t wall_ns = 0, cpu_ns = 0, max_rss_kb = -1;
};

// `work` in a forked child under `limits` (memory: RLIMIT_AS in the child; time: the parent
// kills it kill_grace_seconds after the limit; `stop` is not used), killed when `interrupt`
// fires. `work` runs in the child only: whatever it captures is the parent's memory at the
// fork, shared copy-on-write. run_in_child is this with run_solver as the work.
ChildResult run_work_in_child(const std::function<std::string()>& work, const Limits& limits,
                              const Interrupt* interrupt);

// The ending of a child whose record does not decode.
SolveResult malformed_record();

// The parent's last resort for a run that ignores its time limit: killed this long after it.
double kill_grace_seconds(double time_limit_seconds);

}  // namespace futolab
