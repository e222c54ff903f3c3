// The guard and the mark are in core/ because every external program futolab runs has them:
// the solver tools (solvers/external/process.hpp) and gnuplot (analysis/gnuplot_run.hpp).
//
// What a tool leaves running when the futolab that ran it dies without cleaning up (kill -9,
// the OOM killer, a crash; issue #45, red-team round 10 finding 7). While futolab lives,
// run_process kills the tool's session and reaps what escaped it (process.hpp). The tool
// itself dies with futolab (PR_SET_PDEATHSIG), but not its children: `sh -c "sleep 36; …"`
// left `sleep` running, re-parented to init, once futolab and the shell were gone.
//
// Two layers, both keyed to things a reused pid cannot fake:
// - A guard: a small process forked beside each tool by the thread that runs it. It does
//   nothing but wait for its death signal (PR_SET_PDEATHSIG: the kernel sends it when that
//   thread dies, however it dies), then kills the tool's session and every marked process.
//   It leaves futolab's process group, so a kill of the whole group (`timeout`, `kill -9
//   -PGID`) spares it; it is killed and reaped when the tool's run ends normally.
// - A mark: the tool's environment carries FUTOLAB_TOOL_RUN=<its run folder>, inherited by
//   everything it starts (a daemon that left the session too). The next futolab that removes a
//   dead owner's folder (temp_dir.hpp) first kills the processes that carry that folder's mark:
//   the guard's backstop when the guard died as well (a kill of every futolab process by name).
//
// A process is signalled only through a pidfd opened before it is examined, so a pid reused
// between the check and the kill is never hit; only processes of this user can be read or
// signalled at all. Not covered: a process that both left the tool's session and dropped or
// changed FUTOLAB_TOOL_RUN (env -i, a daemon that rebuilds its environment), when futolab
// died while it ran; nor anything the kernel's death signal cannot reach (a process in
// another pid namespace).
//
// Every function here is async-signal-safe (raw system calls, fixed buffers, no allocation):
// the guard runs them in a child forked from a multi-threaded futolab.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::external {

// The environment variable that marks a tool's processes with the tool's run folder.
inline constexpr std::string_view kToolMark = "FUTOLAB_TOOL_RUN";

// Whether the value of a mark (a run folder's path) names `folder`: equal to it or inside it
// (`folder` + "/…"), or, for `folder` of the form "/NAME", a path with NAME as one whole
// component (a dead owner's folder "/futolab-worker-p…-X" names every tool folder inside it,
// however TMPDIR was spelled).
bool mark_names(std::string_view value, std::string_view folder);

// One pass over /proc: SIGKILL to every live process (not this one, not a kernel thread) that
// is in session `session` and started at or after `session_start` (clock ticks since boot;
// `session` 0: no session), or whose environment carries a mark naming one of `folders`.
// `signalled`: how many it signalled; `unknown`: how many, started at or after `session_start`,
// showed an empty environment (one caught inside an execve shows that: tool_guard.cpp).
struct MarkedPass {
    int signalled = 0, unknown = 0;
};
MarkedPass kill_marked_once(const std::string_view* folders, int count, pid_t session, std::uint64_t session_start);
// Passes until one signals nothing and sees no empty environment (or has waited 0.3 s for
// those to show theirs). `session_start` also bounds whom that wait is for: pass the tool's
// start time (process_start_ticks) where it is known, 0 where not.
void kill_marked(const std::string_view* folders, int count, pid_t session, std::uint64_t session_start);

// The start time of process `pid` (clock ticks since boot, /proc/<pid>/stat field 22), 0 if it
// cannot be read. Only meaningful while `pid` cannot be reused: the caller's unreaped child.
std::uint64_t process_start_ticks(pid_t pid);

// The environment a tool starts with: this process's, with TMPDIR set to the tool's run folder
// `folder` (temporary files it makes, MiniZinc's FlatZinc, go with the folder even if it is
// killed) and the mark naming `folder`, which every process it starts inherits. A mark this
// process inherited (futolab run as a tool) is replaced. Built before the fork (it allocates).
std::vector<std::string> marked_environment(const std::string& folder);

// Forks the guard of tool `tool` (a child of the calling thread, in a session of its own) run
// in `folder`; `folder` must stay valid until stop_guard. -1 if it cannot be forked (a process
// limit): the run goes on with the mark alone.
pid_t start_guard(pid_t tool, const std::string& folder);
// Kills and reaps the guard (-1: none).
void stop_guard(pid_t guard);

}  // namespace futolab::external
