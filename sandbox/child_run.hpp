// A run in a fresh forked child (fork isolation, sandbox.hpp; child_run.cpp says why forking
// from a worker thread is safe): the work runs in the child, its answer comes back as bytes
// through a pipe, and the parent watches the time limit and the interrupt.
#pragma once

#include "solvers/solver.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace futolab {

class Interrupt;

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
// fork, shared copy-on-write. Throws std::runtime_error without a pipe or a fork.
ChildResult run_work_in_child(const std::function<std::string()>& work, const Limits& limits,
                              const Interrupt* interrupt);

// The ending of a child whose record does not decode.
SolveResult malformed_record();

// The messages of what a run whose process could not be made throws (a run in fork isolation
// then fails with status error: fork_per_run.cpp), each followed by the system's reason.
inline constexpr std::string_view kNoPipe = "cannot make a pipe: ";
inline constexpr std::string_view kNoFork = "cannot fork a run's process: ";
// A warm worker that cannot be put into the memory cgroup the sidecar's memory_limit names
// (cgroup-v1, cgroup-v2: the cgroup could not be made, its limit not written, the worker not
// moved in) runs nothing: its run is an `error` row with this message, then the path that
// failed and the system's reason (warm_worker.cpp), never a row under RLIMIT_AS alone.
inline constexpr std::string_view kNoCgroup =
    "cannot put the run's worker in a memory cgroup, as the sidecar's memory_limit says, so the run did not run: ";

// Whether `message` is one the sandbox writes on the `error` row of a run it lost, whose own
// process sent no row back (malformed_record's, or kNoPipe or kNoFork and a system error's
// text, or kNoCgroup, an absolute path, ": " and a system error's text): resume and merge take
// such a row, without a record, of a kind whose run itself writes an error only with its
// records (experiments/error_rows.hpp).
bool lost_run_message(std::string_view message);

// The parent's last resort for a run that ignores its time limit: killed this long after it.
double kill_grace_seconds(double time_limit_seconds);

}  // namespace futolab
