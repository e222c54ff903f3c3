// Fork isolation (sandbox.hpp, child_run.hpp): one forked child per run.
//
// Why fork from the worker threads and not from one dispatcher thread: a fork copies only the
// calling thread, so a lock another thread holds at that moment stays locked forever in the
// child. The child here allocates (make_solver, the search) and formats nothing; the locks it
// can meet are glibc's malloc arenas and stdio, and glibc's fork() takes and resets exactly
// those (its atfork handling of malloc and of the stdio list), so allocation in the child is
// safe whichever thread forks. In fork isolation the parent's threads run no solver code
// (only the row, the grade cache's gac grader and the CSV write), so no backend lock (e.g.
// Gecode's shared memory pool) can be held by a parent thread at a fork. A dispatcher thread
// would add a hand-off per run and change none of this.
//
// The child: ignores SIGINT/SIGTERM (a Ctrl-C reaches the whole process group; the parent
// decides and kills), dies with the thread that forked it (PR_SET_PDEATHSIG: a killed futolab
// leaves no orphan running), closes every inherited descriptor but its result pipe (another
// worker's pipe held open here would delay that worker's end-of-file), sets its memory limit,
// runs the work (a task run, fork_per_run.cpp) and writes its answer, then _exit()s (no atexit handlers or static
// destructors of the parent's objects run twice).
#include "sandbox/child_run.hpp"

#include "core/temp_dir.hpp"

#include "sandbox/child_process.hpp"
#include "sandbox/interrupt.hpp"

#include <fmt/format.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fstream>
#include <functional>
#include <new>
#include <optional>
#include <stdexcept>

namespace futolab {
namespace {

constexpr int kResultFd = 3;

using Clock = std::chrono::steady_clock;

std::int64_t ns_since(Clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
}

[[noreturn]] void child_main(int result_fd, pid_t parent, const std::function<std::string()>& work,
                             std::uint64_t memory_bytes) {
    child::prepare(parent, &result_fd, 1);
    try {
        if (memory_bytes != 0) child::limit_address_space(memory_bytes);
        child::peak_kb();  // its first call decides how this kernel's peak is read (a reset)
        std::string record = work();
        child::kill_descendants();
        // Its own peak, measured here: wait4's ru_maxrss would be the largest of it and every
        // child it reaped, so a tool the run started would count twice (in the record's tool
        // peak, and again as the child's).
        const std::int64_t peak = child::peak_kb();
        record.append(reinterpret_cast<const char*>(&peak), sizeof peak);
        child::write_all(kResultFd, record);
        ::_exit(0);
    } catch (const std::bad_alloc&) {
        ::_exit(child::kExitOutOfMemory);
    } catch (...) {
        ::_exit(child::kExitFailed);
    }
}

// How the wait for the child ended.
enum class Ending { exited, interrupted, overtime };

struct Collected {
    std::string record;
    Ending ending = Ending::exited;
};

// Reads the child's result pipe until end-of-file (the child exited or died), the interrupt,
// or the kill deadline (none without a time limit).
Collected collect(int fd, pid_t pid, const Limits& limits, const Interrupt* interrupt, Clock::time_point start) {
    Collected c;
    const bool timed = limits.time_seconds > 0;
    const auto deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
                                      timed ? limits.time_seconds + kill_grace_seconds(limits.time_seconds) : 0));
    pollfd fds[2] = {{fd, POLLIN, 0}, {interrupt ? interrupt->fd() : -1, POLLIN, 0}};
    char buf[4096];
    for (;;) {
        int wait_ms = -1;
        if (timed) {
            const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
            wait_ms = static_cast<int>(std::clamp<std::int64_t>(left, 0, 1'000'000));
        }
        const int ready = ::poll(fds, 2, wait_ms);
        if (ready < 0 && errno == EINTR) continue;
        if (fds[1].revents != 0) c.ending = Ending::interrupted;
        else if (ready == 0 && Clock::now() >= deadline) c.ending = Ending::overtime;
        if (c.ending != Ending::exited) {
            ::kill(pid, SIGKILL);
            return c;
        }
        if (fds[0].revents == 0) continue;
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return c;  // end-of-file: the child closed its end by exiting
        c.record.append(buf, static_cast<std::size_t>(n));
    }
}

int reap(pid_t pid, rusage& usage) {
    int status = 0;
    while (::wait4(pid, &status, 0, &usage) < 0)
        if (errno != EINTR) throw std::runtime_error(fmt::format("wait4 of a run's process: {}", std::strerror(errno)));
    return status;
}

// The row of a child that did not send a usable result.
SolveResult unfinished(const Collected& c, int status, const rusage& usage, const Limits& limits) {
    SolveResult r;
    if (c.ending == Ending::interrupted) {
        r.status = Status::error;
        r.message = "interrupted";
    } else if (c.ending == Ending::overtime) {
        r.status = Status::timeout;
        r.message = fmt::format("killed {:g} s after its time limit: the run did not stop by itself",
                                kill_grace_seconds(limits.time_seconds));
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        r = malformed_record();
    } else {
        r = child::ended_without_result(status, usage.ru_maxrss, limits);
    }
    return r;
}

}  // namespace

// 0.5 s (issue #23 §5): every task checks its clock cooperatively, so this is the last resort
// for a run stuck where it cannot look (a long system call, a foreign library).
double kill_grace_seconds(double) { return 0.5; }

ChildResult run_work_in_child(const std::function<std::string()>& work, const Limits& limits,
                              const Interrupt* interrupt) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error(fmt::format("{}{}", kNoPipe, std::strerror(errno)));
    const pid_t parent = ::getpid();
    const Clock::time_point start = Clock::now();
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        child_main(fds[1], parent, work, limits.memory_bytes);
    }
    ::close(fds[1]);
    if (pid < 0) {
        ::close(fds[0]);
        throw std::runtime_error(fmt::format("{}{}", kNoFork, std::strerror(errno)));
    }
    const std::optional<external::Owner> owner = external::process_owner(pid);  // unreaped: its pid is its own
    Collected c = collect(fds[0], pid, limits, interrupt, start);
    ::close(fds[0]);
    rusage usage{};
    const int status = reap(pid, usage);
    // Killed (by us at its deadline or the interrupt, or by a signal): the tool folders it made
    // were never removed (red-team round 11, F10), so the parent removes them now.
    if (!WIFEXITED(status) && owner) external::remove_folders_of(*owner);
    ChildResult r;
    r.max_rss_kb = usage.ru_maxrss;  // for a child that did not finish: an upper bound of its peak
    if (c.ending == Ending::exited && WIFEXITED(status) && WEXITSTATUS(status) == 0 && c.record.size() >= sizeof(std::int64_t)) {
        std::memcpy(&r.max_rss_kb, c.record.data() + c.record.size() - sizeof(std::int64_t), sizeof(std::int64_t));
        c.record.resize(c.record.size() - sizeof(std::int64_t));
        r.record = std::move(c.record);
    } else if (c.ending == Ending::exited && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        r.ended = malformed_record();
    } else {
        r.ended = unfinished(c, status, usage, limits);
    }
    r.wall_ns = ns_since(start);
    r.cpu_ns = child::cpu_ns_of(usage);
    return r;
}

SolveResult malformed_record() {
    SolveResult r;
    r.status = Status::error;
    r.message = "the run's process sent a malformed result";
    return r;
}

namespace {

// Whether `text` is a system error's text (errno's values: Linux defines fewer than 140).
bool system_reason(std::string_view text) {
    for (int e = 1; e < 256; ++e)
        if (text == std::strerror(e)) return true;
    return false;
}

// Whether `text` is "PATH: REASON" as a worker's cgroup problem says it (cgroup.hpp): an
// absolute path, then a system error's text.
bool path_and_reason(std::string_view text) {
    for (int e = 1; e < 256; ++e) {
        const std::string tail = std::string(": ") + std::strerror(e);
        if (text.size() > tail.size() + 1 && text.front() == '/' && text.ends_with(tail)) return true;
    }
    return false;
}

}  // namespace

bool lost_run_message(std::string_view message) {
    if (message == malformed_record().message) return true;
    for (const std::string_view prefix : {kNoPipe, kNoFork})
        if (message.starts_with(prefix) && system_reason(message.substr(prefix.size()))) return true;
    return message.starts_with(kNoCgroup) && path_and_reason(message.substr(kNoCgroup.size()));
}

}  // namespace futolab
