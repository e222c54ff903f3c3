#include "core/tool_guard.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

extern char** environ;

namespace futolab::external {
namespace {

// The guard's death signal: blocked, then waited for, so nothing but the kernel's notice (or a
// stray signal, after which the guard checks that its parent really is gone) wakes it.
constexpr int kDeathSignal = SIGUSR1;

// glibc 2.36's <sys/pidfd.h> declares these without C linkage: the system calls directly.
int open_pidfd(pid_t pid) { return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)); }
bool signal_pidfd(int pidfd, int sig) { return ::syscall(SYS_pidfd_send_signal, pidfd, sig, nullptr, 0) == 0; }

// Appends `text` to `buf` (capacity `cap`, NUL-terminated); false if it does not fit.
bool append(char* buf, std::size_t cap, std::size_t& len, std::string_view text) {
    if (len + text.size() + 1 > cap) return false;
    for (char c : text) buf[len++] = c;
    buf[len] = '\0';
    return true;
}

// Decimal digits → number; false for anything else (or nothing, or a value past 2^63).
bool parse_number(std::string_view s, std::uint64_t& v) {
    if (s.empty() || s.size() > 18) return false;
    v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return true;
}

std::string_view number_text(std::uint64_t v, char (&digits)[24]) {
    std::size_t at = sizeof digits;
    do digits[--at] = static_cast<char>('0' + v % 10);
    while ((v /= 10) != 0);
    return {digits + at, sizeof digits - at};
}

// Reads /proc/<name>/<what> (relative to the open /proc) into `buf`: the bytes read, -1 if not.
ssize_t read_proc(int proc, std::string_view name, std::string_view what, char* buf, std::size_t cap) {
    char path[64];
    std::size_t len = 0;
    if (!append(path, sizeof path, len, name) || !append(path, sizeof path, len, "/") || !append(path, sizeof path, len, what))
        return -1;
    const int fd = ::openat(proc, path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = 0;
    while ((n = ::read(fd, buf, cap)) < 0 && errno == EINTR) {
    }
    ::close(fd);
    return n;
}

// Of /proc/<pid>/stat (fields after the command name, which may hold spaces and ')'): whether
// the process is a zombie (state Z or X), whether it is a kernel thread (PF_KTHREAD in its flags,
// field 9), its session (field 6) and start time (field 22).
struct Fields {
    bool zombie = false, kernel = false;
    std::uint64_t session = 0, start = 0;
};

constexpr std::uint64_t kKernelThreadFlag = 0x00200000;  // PF_KTHREAD, include/linux/sched.h

// How long kill_marked keeps looking at a process whose environment reads empty (see
// Environment::unknown), 1 ms between passes. An exec takes microseconds on a warm page cache
// and milliseconds on a cold one or a loaded machine; a user process with a truly empty
// environment (env -i) costs at most this much per call.
constexpr long kUnknownWaitNs = 300'000'000;

bool read_fields(int proc, std::string_view name, Fields& f) {
    char buf[1024];
    const ssize_t n = read_proc(proc, name, "stat", buf, sizeof buf);
    if (n <= 0) return false;
    const std::string_view line(buf, static_cast<std::size_t>(n));
    const std::size_t close = line.rfind(')');
    if (close == std::string_view::npos) return false;
    std::string_view rest = line.substr(close + 1);
    bool session = false, start = false;
    for (int field = 3; field <= 22 && !rest.empty(); ++field) {
        while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
        const std::size_t end = rest.find(' ');
        const std::string_view token = rest.substr(0, end);
        if (field == 3) f.zombie = token == "Z" || token == "X";
        if (field == 6) session = parse_number(token, f.session);
        std::uint64_t flags = 0;
        if (field == 9 && parse_number(token, flags)) f.kernel = (flags & kKernelThreadFlag) != 0;
        if (field == 22) start = parse_number(token, f.start);
        rest.remove_prefix(end == std::string_view::npos ? rest.size() : end);
    }
    return session && start;
}

// Whether an environment entry is a mark that names one of `folders`.
bool entry_marks(std::string_view entry, const std::string_view* folders, int count) {
    if (!entry.starts_with(kToolMark) || entry.size() <= kToolMark.size() || entry[kToolMark.size()] != '=') return false;
    const std::string_view value = entry.substr(kToolMark.size() + 1);
    for (int i = 0; i < count; ++i)
        if (mark_names(value, folders[i])) return true;
    return false;
}

// What /proc/<pid>/environ (NUL-separated entries, readable for this user's processes only)
// says of a mark naming one of `folders`. `unknown`: it reads empty (0 bytes, not an error). A
// process inside an execve() reads so (the kernel sets the new image's environment bounds only
// after loading it), so a tool's daemon caught while `setsid` execs `sleep` passed for
// unmarked: the CI run of 2fcac93 left one running that way.
enum class Environment { unmarked, marked, unknown };

// Streamed through fixed buffers; an entry longer than a path can be is skipped.
Environment environment_mark(int proc, std::string_view name, const std::string_view* folders, int count) {
    char path[64];
    std::size_t len = 0;
    if (!append(path, sizeof path, len, name) || !append(path, sizeof path, len, "/environ")) return Environment::unmarked;
    const int fd = ::openat(proc, path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return Environment::unmarked;
    char buf[4096], entry[4096];
    std::size_t used = 0, total = 0;
    bool overflow = false, found = false, failed = false;
    while (!found) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        failed = n < 0;  // a process without memory (a kernel thread, one exiting): ESRCH
        if (n <= 0) break;
        total += static_cast<std::size_t>(n);
        for (ssize_t i = 0; i < n && !found; ++i) {
            if (buf[i] != '\0') {
                if (used < sizeof entry) entry[used++] = buf[i];
                else overflow = true;
                continue;
            }
            found = !overflow && entry_marks({entry, used}, folders, count);
            used = 0;
            overflow = false;
        }
    }
    ::close(fd);
    if (found || (!overflow && entry_marks({entry, used}, folders, count))) return Environment::marked;
    return total == 0 && !failed ? Environment::unknown : Environment::unmarked;
}

// The guard's life (in the forked child: async-signal-safe calls only).
[[noreturn]] void guard(pid_t parent, pid_t tool, std::string_view folder) {
    sigset_t all;
    ::sigfillset(&all);
    ::sigprocmask(SIG_SETMASK, &all, nullptr);  // a Ctrl-C or SIGTERM meant for futolab is not its end
    ::setpgid(0, 0);  // out of futolab's group: a signal to the whole group spares the guard
    ::prctl(PR_SET_PDEATHSIG, kDeathSignal);
    ::prctl(PR_SET_NAME, "futolab-guard");
    ::close_range(0, ~0U, 0);  // holds no pipe or output of futolab's open
    // The tool's start time, read while it is futolab's unreaped child (its pid cannot have
    // been reused): its session's members started at or after it.
    const std::uint64_t tool_start = process_start_ticks(tool);
    sigset_t death;
    ::sigemptyset(&death);
    ::sigaddset(&death, kDeathSignal);
    while (::getppid() == parent) ::sigwaitinfo(&death, nullptr);  // the parent died before prctl: no wait
    kill_marked(&folder, 1, tool_start > 0 ? tool : 0, tool_start);
    ::_exit(0);
}

}  // namespace

bool mark_names(std::string_view value, std::string_view folder) {
    if (folder.empty()) return false;
    for (std::size_t at = value.find(folder); at != std::string_view::npos; at = value.find(folder, at + 1)) {
        const std::size_t end = at + folder.size();
        const bool begins = at == 0 || (folder.front() == '/' && folder.size() > 1);
        if (begins && (end == value.size() || value[end] == '/')) return true;
    }
    return false;
}

MarkedPass kill_marked_once(const std::string_view* folders, int count, pid_t session, std::uint64_t session_start) {
    MarkedPass result;
    const int proc = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (proc < 0) return result;
    const pid_t self = ::getpid();
    alignas(dirent64) char entries[8192];
    ssize_t n = 0;
    while ((n = ::getdents64(proc, entries, sizeof entries)) > 0) {
        for (ssize_t at = 0; at < n;) {
            const auto* e = reinterpret_cast<const dirent64*>(entries + at);
            at += e->d_reclen;
            const std::string_view name = e->d_name;
            std::uint64_t pid = 0;
            if (!parse_number(name, pid) || static_cast<pid_t>(pid) == self) continue;
            // Opened before the process is examined: if it dies and its pid is reused
            // meanwhile, the signal below fails (ESRCH) instead of reaching the newcomer.
            const int pidfd = open_pidfd(static_cast<pid_t>(pid));
            if (pidfd < 0) continue;
            Fields f;
            if (read_fields(proc, name, f) && !f.zombie && !f.kernel) {
                const bool member =
                    session > 0 && f.session == static_cast<std::uint64_t>(session) && f.start >= session_start;
                const Environment env = member ? Environment::marked : environment_mark(proc, name, folders, count);
                if (env == Environment::marked && signal_pidfd(pidfd, SIGKILL)) ++result.signalled;
                // Started before the tool: not one of its descendants, whatever it is doing.
                if (env == Environment::unknown && f.start >= session_start) ++result.unknown;
            }
            ::close(pidfd);
        }
    }
    ::close(proc);
    return result;
}

void kill_marked(const std::string_view* folders, int count, pid_t session, std::uint64_t session_start) {
    timespec begin{};
    ::clock_gettime(CLOCK_MONOTONIC, &begin);
    // Passes until one signals nothing (a process forking meanwhile is caught by the next) and
    // sees no process mid-exec, or that has lasted kUnknownWaitNs; at most 500 passes.
    for (int pass = 0; pass < 500; ++pass) {
        const MarkedPass found = kill_marked_once(folders, count, session, session_start);
        if (found.signalled == 0 && found.unknown == 0) return;
        timespec now{};
        ::clock_gettime(CLOCK_MONOTONIC, &now);
        const long waited = (now.tv_sec - begin.tv_sec) * 1'000'000'000L + (now.tv_nsec - begin.tv_nsec);
        if (found.signalled == 0 && waited > kUnknownWaitNs) return;
        const timespec pause{0, 1'000'000};  // 1 ms: the killed ones become zombies, skipped next pass
        ::nanosleep(&pause, nullptr);
    }
}

std::uint64_t process_start_ticks(pid_t pid) {
    Fields f;
    char digits[24];
    const int proc = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    const bool known = proc >= 0 && read_fields(proc, number_text(static_cast<std::uint64_t>(pid), digits), f);
    if (proc >= 0) ::close(proc);
    return known ? f.start : 0;
}

std::vector<std::string> marked_environment(const std::string& folder) {
    const std::string mark = std::string(kToolMark) + "=";
    std::vector<std::string> env;
    for (char** e = environ; *e != nullptr; ++e)
        if (std::strncmp(*e, "TMPDIR=", 7) != 0 && std::strncmp(*e, mark.c_str(), mark.size()) != 0) env.emplace_back(*e);
    env.push_back("TMPDIR=" + folder);
    env.push_back(mark + folder);
    return env;
}

pid_t start_guard(pid_t tool, const std::string& folder) {
    const pid_t parent = ::getpid();
    const std::string_view dir = folder;
    const pid_t pid = ::fork();
    if (pid == 0) guard(parent, tool, dir);
    return pid;
}

void stop_guard(pid_t guard) {
    if (guard <= 0) return;
    ::kill(guard, SIGKILL);
    while (::waitpid(guard, nullptr, 0) < 0 && errno == EINTR) {
    }
}

}  // namespace futolab::external
