#include "core/child_wait.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <thread>

namespace futolab {
namespace {

using Clock = std::chrono::steady_clock;

// wait4 without blocking: the child's pid once it has ended, 0 while it runs, -1 on an error.
pid_t reap_if_ended(pid_t pid, int& status, rusage* usage) {
    rusage ignored{};
    for (;;) {
        const pid_t got = ::wait4(pid, &status, WNOHANG, usage != nullptr ? usage : &ignored);
        if (got < 0 && errno == EINTR) continue;
        return got;
    }
}

}  // namespace

int poll_ms_until(Clock::time_point deadline) {
    if (deadline == Clock::time_point::max()) return -1;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return static_cast<int>(std::clamp<std::int64_t>(left, 0, 1'000'000));
}

bool fd_readable(int fd) {
    if (fd < 0) return false;
    pollfd p{fd, POLLIN, 0};
    return ::poll(&p, 1, 0) > 0 && (p.revents & POLLIN) != 0;
}

std::optional<int> wait_child_until(pid_t pid, Clock::time_point deadline, rusage* usage, int stop_fd) {
    int status = 0;
    // The raw system call: glibc's wrapper came in 2.36, and ENOSYS on an older kernel falls
    // back to looking.
    const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
    for (;;) {
        const pid_t got = reap_if_ended(pid, status, usage);
        if (got != 0) break;  // ended; -1 (not a child of ours, reaped elsewhere): nothing to wait for
        if (Clock::now() >= deadline || fd_readable(stop_fd)) {
            if (pidfd >= 0) ::close(pidfd);
            return std::nullopt;
        }
        if (pidfd >= 0) {
            // Readable once the child has ended, or a stop was requested; EINTR: look again.
            pollfd fds[] = {{pidfd, POLLIN, 0}, {stop_fd, POLLIN, 0}};
            ::poll(fds, stop_fd >= 0 ? 2 : 1, poll_ms_until(deadline));
        } else {
            const int left = poll_ms_until(deadline);  // -1: no deadline
            std::this_thread::sleep_for(std::chrono::milliseconds(left < 0 ? 10 : std::clamp(left, 1, 10)));
        }
    }
    if (pidfd >= 0) ::close(pidfd);
    return status;
}

int kill_and_reap(pid_t pid, pid_t target, rusage* usage) {
    ::kill(target, SIGKILL);
    int status = 0;
    rusage ignored{};
    while (::wait4(pid, &status, 0, usage != nullptr ? usage : &ignored) < 0 && errno == EINTR) {
    }
    return status;
}

Clock::time_point deadline_after(double seconds) {
    if (!(seconds < 1e9)) return Clock::time_point::max();
    return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(std::max(seconds, 0.0)));
}

}  // namespace futolab
