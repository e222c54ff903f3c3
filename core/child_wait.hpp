// Waiting for a child process with a deadline (issue #45, "hangs": nothing futolab waits on may
// block forever). A plain waitpid() waits as long as the child runs; a child that closed its
// pipes but lives on (a fake worker, a gnuplot that never ends) would hold futolab with it.
// One place for the wait, so the warm workers and the gnuplot runner bound it the same way.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <chrono>
#include <optional>

namespace futolab {

// Waits until child `pid` has ended or `deadline` has passed. Its wait status (the child is
// reaped, its rusage in `usage` if given), or nullopt if it still runs at the deadline (not
// reaped: the caller kills it and calls kill_and_reap). Watches the child through a pidfd
// (Linux 5.3), or, without one, looks every 10 ms. With `stop_fd` (an Interrupt's fd, readable
// once a stop is requested) it returns nullopt as soon as that is readable too: the caller
// tells the two apart by fd_readable(stop_fd).
std::optional<int> wait_child_until(pid_t pid, std::chrono::steady_clock::time_point deadline,
                                    rusage* usage = nullptr, int stop_fd = -1);

// Whether `fd` is readable now (false for -1).
bool fd_readable(int fd);

// SIGKILL to `target` (a pid, or -pgid for the child's whole process group), then reaps child
// `pid`: bounded, a killed process ends. Its wait status.
int kill_and_reap(pid_t pid, pid_t target, rusage* usage = nullptr);

// The milliseconds poll() may wait to reach `deadline` (rounded up; -1 for time_point::max()).
int poll_ms_until(std::chrono::steady_clock::time_point deadline);

// now + `seconds`, or time_point::max() for a wait too long for the clock (from about 31
// years on, as external::kNoTimeLimit): never an overflowed deadline in the past.
std::chrono::steady_clock::time_point deadline_after(double seconds);

}  // namespace futolab
