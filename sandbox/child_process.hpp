// What a run's own process (fork isolation: child_run.cpp; process isolation: warm_worker.cpp)
// does the same way in both modes: how it is prepared after the fork, how its memory is
// limited and measured, how its descendants are cleaned up after a run, and how the parent
// names an ending without a result. One place, so the two modes cannot drift apart.
#pragma once

#include "solvers/solver.hpp"

#include <sys/resource.h>
#include <sys/types.h>

#include <cstdint>
#include <string>

namespace futolab::child {

// Exit codes of a run's process that could not send a result record.
inline constexpr int kExitOutOfMemory = 97;  // std::bad_alloc outside run_solver (e.g. building the record)
inline constexpr int kExitFailed = 98;       // any other exception outside run_solver
inline constexpr int kExitOrphan = 99;       // the parent was gone before the run started
inline constexpr int kExitExecFailed = 96;   // a worker's binary could not be started (execv failed)

// In the child right after fork: ignores SIGINT/SIGTERM (the parent decides and kills), dies
// with the thread that forked it (PR_SET_PDEATHSIG), becomes the subreaper of whatever its
// runs start (a tool's grandchild that calls setsid() is re-parented here, not to init, so
// kill_descendants finds it), moves `keep[i]` to descriptor 3 + i and closes every other
// inherited descriptor above 2.
void prepare(pid_t parent, const int* keep, int count);

// RLIMIT_AS at the address space held now plus `bytes`: the run itself may map at most
// `bytes` more (allocation beyond fails: std::bad_alloc → memout, not the OOM killer).
void limit_address_space(std::uint64_t bytes);

// The per-run peak resident set (issue #23 §2): reset_peak() sets this process's high-water
// mark (VmHWM) to its current resident set (/proc/self/clear_refs, "5"); peak_kb() reads it.
// -1 where the kernel does not offer it.
// peak_kb's first call in a process resets the mark itself (a check): make it before a run.
void reset_peak();
std::int64_t peak_kb();

// This process's resident set now (VmRSS), in bytes; 0 if unknown.
std::uint64_t resident_bytes_now();
// Its anonymous resident memory now (RssAnon: heap, stacks; no file pages), in kB; 0 if unknown.
std::int64_t anonymous_resident_kb();

// SIGKILL to every process below this one (found through /proc's parent links, which the
// subreaper keeps intact), then reaps them: no process a run started outlives the run.
void kill_descendants();

// CPU time (user + system) of this process's reaped children, ns (getrusage RUSAGE_CHILDREN).
std::int64_t children_cpu_ns();
// What a warm worker reports after a run, in two system calls (getrusage of itself, which
// carries both its peak and its CPU time, and of its children) where peak_kb(), own_cpu_ns()
// and children_cpu_ns() each make their own: about 1 µs a run on this kind of VM.
struct Usage {
    std::int64_t peak_kb = -1;
    std::int64_t own_cpu_ns = 0;
    std::int64_t children_cpu_ns = 0;
};
Usage usage_now();
// This process's own CPU time (user + system, every thread), ns (getrusage RUSAGE_SELF).
std::int64_t own_cpu_ns();
// The CPU time of every live process below `root` (not root itself), with the children each
// has reaped, from /proc/<pid>/stat: what a kill of `root` would otherwise take unseen.
std::int64_t descendants_cpu_ns(pid_t root);

void write_all(int fd, const std::string& bytes);
std::int64_t cpu_ns_of(const rusage& usage);
std::string signal_text(int sig);

// Whether a SIGKILL of a run's process that peaked at `peak_kb` (wait4's figure) is the kernel's
// OOM kill under a memory limit of `memory_bytes` (0: none): a peak of 90 % of the limit or more.
bool oom_kill_peak(std::int64_t peak_kb, std::uint64_t memory_bytes);

// The status of a run's process that ended without a result: killed by a signal (crash; a
// SIGKILL at a peak near the memory limit, or `oom_killed`, is memout), or exited with one of
// the codes above.
SolveResult ended_without_result(int wait_status, std::int64_t peak_kb, const Limits& limits, bool oom_killed = false);

// The rule of SPEC §4, the same in every mode with its own process: a run whose peak exceeds
// limits.memory is memout, whatever else happened.
void apply_memory_rule(Status& status, std::string& message, std::int64_t peak_kb, const Limits& limits);

}  // namespace futolab::child
