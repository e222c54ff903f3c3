#include "sandbox/child_process.hpp"

#include "core/status.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

namespace futolab::child {
namespace {

// The address space this process holds now (inherited from futolab at fork: code, libraries,
// other threads' stacks, the run matrix), from /proc/self/statm, in bytes.
std::uint64_t address_space_bytes() {
    std::uint64_t pages = 0;
    std::ifstream("/proc/self/statm") >> pages;
    return pages * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
}

// pid → parent pid of every live process (zombies too: they still hold their pid).
std::map<pid_t, pid_t> parent_links() {
    std::map<pid_t, pid_t> links;
    DIR* proc = ::opendir("/proc");
    if (proc == nullptr) return links;
    while (const dirent* e = ::readdir(proc)) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        std::ifstream in(std::string("/proc/") + e->d_name + "/stat");
        std::string line;
        if (!std::getline(in, line)) continue;
        const std::size_t close = line.rfind(')');  // the command name may hold spaces and ')'
        long ppid = 0;
        char state = 0;
        if (close == std::string::npos || std::sscanf(line.c_str() + close + 1, " %c %ld", &state, &ppid) != 2) continue;
        links[static_cast<pid_t>(std::atol(e->d_name))] = static_cast<pid_t>(ppid);
    }
    ::closedir(proc);
    return links;
}

// Fields 14-17 of /proc/<pid>/stat (utime, stime, cutime, cstime), in clock ticks; 0 if gone.
unsigned long long stat_cpu_ticks(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(in, line)) return 0;
    const std::size_t close = line.rfind(')');
    unsigned long long u = 0, s = 0, cu = 0, cs = 0;
    if (close == std::string::npos ||
        std::sscanf(line.c_str() + close + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu", &u, &s,
                    &cu, &cs) != 4)
        return 0;
    return u + s + cu + cs;
}

std::vector<pid_t> descendants_of(pid_t root) {
    const std::map<pid_t, pid_t> links = parent_links();
    std::vector<pid_t> found{root};
    for (std::size_t i = 0; i < found.size(); ++i)
        for (const auto& [pid, ppid] : links)
            if (ppid == found[i]) found.push_back(pid);
    found.erase(found.begin());
    return found;
}

}  // namespace

void prepare(pid_t parent, const int* keep, int count) {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    ::sigaction(SIGINT, &ignore, nullptr);
    ::sigaction(SIGTERM, &ignore, nullptr);
    ::sigaction(SIGHUP, &ignore, nullptr);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(kExitOrphan);  // the parent died before prctl
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    // Moved up first (above every target), then down: a source may sit on another's target.
    std::vector<int> high(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
        if ((high[static_cast<std::size_t>(i)] = ::fcntl(keep[i], F_DUPFD_CLOEXEC, 3 + count)) < 0) ::_exit(kExitFailed);
    for (int i = 0; i < count; ++i)
        if (::dup2(high[static_cast<std::size_t>(i)], 3 + i) < 0) ::_exit(kExitFailed);  // dup2 clears FD_CLOEXEC
    ::close_range(static_cast<unsigned>(3 + count), ~0U, 0);
}

void limit_address_space(std::uint64_t bytes) {
    const rlim_t cap = static_cast<rlim_t>(address_space_bytes() + bytes);
    const rlimit limit{cap, cap};
    if (::setrlimit(RLIMIT_AS, &limit) != 0) throw std::runtime_error("setrlimit(RLIMIT_AS) failed");
}

// /proc/self/... opened once per process and kept: a warm worker asks before and after every
// run, and open + close cost more than the read or write itself (1.3 µs against 0.3 µs for
// clear_refs here). "self" resolves at open time: a forked child must not reuse its parent's
// descriptor, so each process keeps its own (keyed by pid).
static int proc_self_fd(const char* name, int flags, int& fd, pid_t& owner) {
    const pid_t me = ::getpid();
    if (owner != me) {
        fd = ::open((std::string("/proc/self/") + name).c_str(), flags | O_CLOEXEC);
        owner = me;
    }
    return fd;
}

void reset_peak() {
    static int fd = -1;
    static pid_t owner = 0;
    if (proc_self_fd("clear_refs", O_WRONLY, fd, owner) < 0) return;
    [[maybe_unused]] const ssize_t n = ::pwrite(fd, "5", 1, 0);
}

// A "Vm...:" field of /proc/self/status in kB (-1 if absent). The file is small (~1.5 kB):
// one read, no stream.
static std::int64_t status_kb(const char* field) {
    static int fd = -1;
    static pid_t owner = 0;
    if (proc_self_fd("status", O_RDONLY, fd, owner) < 0) return -1;
    char buf[4096];
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0) return -1;
    buf[n] = '\0';
    const char* at = std::strstr(buf, field);
    return at != nullptr ? std::strtoll(at + std::strlen(field), nullptr, 10) : -1;
}

// getrusage's ru_maxrss is the same high-water mark, without formatting /proc/self/status
// (0.2 µs against 3.3 µs per run here), where the kernel resets it with clear_refs as it
// resets VmHWM (Linux 6.x does; checked once per process: after a reset, a figure far above
// VmHWM means this kernel keeps the larger figure, and VmHWM is read instead).
static bool rusage_follows_reset() {
    static const bool follows = [] {
        reset_peak();
        rusage usage{};
        ::getrusage(RUSAGE_SELF, &usage);
        const std::int64_t hwm = status_kb("VmHWM:");
        return hwm >= 0 && usage.ru_maxrss <= hwm + 1024;
    }();
    return follows;
}

// getrusage(RUSAGE_SELF) with the peak since the last reset read from it (or from VmHWM where
// the kernel keeps the larger figure). The check runs first: its own reset must not follow
// the figure it would spoil.
static rusage self_usage(std::int64_t& peak) {
    const bool follows = rusage_follows_reset();
    rusage self{};
    ::getrusage(RUSAGE_SELF, &self);
    peak = follows ? self.ru_maxrss : status_kb("VmHWM:");
    return self;
}

std::int64_t peak_kb() {
    std::int64_t peak = -1;
    self_usage(peak);
    return peak;
}

Usage usage_now() {
    Usage now;
    now.own_cpu_ns = cpu_ns_of(self_usage(now.peak_kb));
    now.children_cpu_ns = children_cpu_ns();
    return now;
}

std::int64_t anonymous_resident_kb() { return std::max<std::int64_t>(0, status_kb("RssAnon:")); }

std::uint64_t resident_bytes_now() {
    const std::int64_t kb = status_kb("VmRSS:");
    return kb > 0 ? static_cast<std::uint64_t>(kb) * 1024 : 0;
}

// Whether this process has a child now (alive or a zombie, which this reaps): one waitpid,
// where the /proc scan of descendants_of costs about a millisecond. A run that started nothing
// (every in-process backend) pays only this. Every descendant that outlived its own parent was
// re-parented to this process (the subreaper), so no child means no descendant at all.
static bool has_children() {
    int status = 0;
    for (;;) {
        const pid_t pid = ::waitpid(-1, &status, WNOHANG);
        if (pid > 0) continue;            // a zombie: reaped, look again
        return pid == 0 || errno != ECHILD;  // 0: children running; -1/ECHILD: none
    }
}

void kill_descendants() {
    if (!has_children()) return;
    for (int pass = 0; pass < 20; ++pass) {
        const std::vector<pid_t> left = descendants_of(::getpid());
        bool alive = false;
        for (pid_t pid : left) alive = (::kill(pid, SIGKILL) == 0) || alive;
        int status = 0;
        while (::waitpid(-1, &status, WNOHANG) > 0) {
        }
        if (left.empty()) return;
        if (!alive) continue;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

std::int64_t own_cpu_ns() {
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    return cpu_ns_of(usage);
}

std::int64_t descendants_cpu_ns(pid_t root) {
    unsigned long long ticks = 0;
    for (pid_t pid : descendants_of(root)) ticks += stat_cpu_ticks(pid);
    return static_cast<std::int64_t>(ticks * 1'000'000'000ULL / static_cast<unsigned long long>(::sysconf(_SC_CLK_TCK)));
}

std::int64_t children_cpu_ns() {
    rusage usage{};
    ::getrusage(RUSAGE_CHILDREN, &usage);
    return cpu_ns_of(usage);
}

void write_all(int fd, const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) throw std::runtime_error("cannot write the result record");
        done += static_cast<std::size_t>(n);
    }
}

std::int64_t cpu_ns_of(const rusage& u) {
    auto ns = [](const timeval& t) { return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_usec * 1000; };
    return ns(u.ru_utime) + ns(u.ru_stime);
}

std::string signal_text(int sig) {
    const char* abbrev = ::sigabbrev_np(sig);
    const char* descr = ::sigdescr_np(sig);
    return abbrev ? fmt::format("SIG{} ({})", abbrev, descr ? descr : "?") : fmt::format("signal {}", sig);
}

bool oom_kill_peak(std::int64_t peak_kb, std::uint64_t memory_bytes) {
    return memory_bytes != 0 && static_cast<double>(peak_kb) * 1024 >= 0.9 * static_cast<double>(memory_bytes);
}

SolveResult ended_without_result(int status, std::int64_t peak, const Limits& limits, bool oom_killed) {
    SolveResult r;
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        // A SIGKILL at a peak near the memory limit is the kernel's (or a cgroup's) OOM kill.
        const bool oom = oom_killed || (sig == SIGKILL && oom_kill_peak(peak, limits.memory_bytes));
        r.status = oom ? Status::memout : Status::crash;
        if (oom_killed)
            r.message = fmt::format("out of memory: the memory cgroup's OOM killer ended the run's process ({})",
                                    signal_text(sig));
        else
            r.message = fmt::format("{} by {}{}", oom ? "out of memory: killed" : "killed", signal_text(sig),
                                    oom && peak >= 0 ? fmt::format(" at a peak of {} kB", peak) : "");
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == kExitOutOfMemory) {
        r.status = Status::memout;
        r.message = "out of memory";
    } else {
        r.status = Status::crash;
        r.message = fmt::format("the run's process exited with code {} without a result",
                                WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    return r;
}

void apply_memory_rule(Status& status, std::string& message, std::int64_t peak, const Limits& limits) {
    if (limits.memory_bytes == 0 || peak < 0 || static_cast<std::uint64_t>(peak) * 1024 <= limits.memory_bytes) return;
    if (status != Status::memout)
        message = fmt::format("peak resident memory {} kB exceeds limits.memory ({} kB) (the run said {})", peak,
                              limits.memory_bytes / 1024, status_name(status));
    status = Status::memout;
}

}  // namespace futolab::child
