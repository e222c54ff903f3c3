#include "solvers/external/process.hpp"

#include "core/tool_guard.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <mutex>
#include <set>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <thread>
#include <utility>

namespace futolab::external {
namespace {

using Clock = std::chrono::steady_clock;

bool executable(const std::filesystem::path& p) {
    struct stat st {};
    return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
}

[[noreturn]] void fail(const std::string& what) { throw std::runtime_error(what + ": " + std::strerror(errno)); }

// An fd that closes itself.
struct Fd {
    int fd = -1;
    explicit Fd(int f) : fd(f) {}
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
};

int open_or_fail(const std::filesystem::path& p, int flags) {
    const int fd = ::open(p.c_str(), flags | O_CLOEXEC, 0600);
    if (fd < 0) fail("cannot open " + p.string());
    return fd;
}

void limit(int resource, rlim_t value) {
    const rlimit r{value, value};
    ::setrlimit(resource, &r);  // failure leaves the inherited limit: nothing safe to report here
}

// In the child, between fork and execve: async-signal-safe calls only.
// Why the child could not start the tool, told to the parent through a close-on-exec pipe (a
// successful execve closes it unwritten): which step failed and its errno. Without it a tool
// that cannot be executed (a bad "#!" line, a file of no known format) was only "exited with
// status 127" (issue #45, red-team round 29, A4).
struct StartFailure {
    int step = 0;  // StartStep
    int error = 0;
};

[[noreturn]] void start_failed(int report, StartStep step, int code) {
    const StartFailure f{static_cast<int>(step), errno};
    [[maybe_unused]] const ssize_t n = ::write(report, &f, sizeof f);  // async-signal-safe; a pipe takes it whole
    ::_exit(code);
}

[[noreturn]] void exec_child(const char* path, char* const* argv, char* const* envp, const char* dir, int in,
                             int out, int err, int report, std::uint64_t memory_bytes, double cpu_seconds,
                             pid_t parent) {
    // Its own session (and group): a timeout signals the group, and the end of the run kills
    // whatever is left in the session (kill_session), also what moved to a group of its own.
    ::setsid();
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // futolab (or its run's process) killed: the tool too
    if (::getppid() != parent) ::_exit(125);  // it died before prctl
    // The tool adopts what its own children orphan (kept across execve): while it runs, a
    // daemon that double-forked into a session of its own stays in its tree, not init's.
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);

    ::signal(SIGPIPE, SIG_DFL);  // futolab ignores it (warm_worker.cpp); a tool gets the default
    // A run's process ignores these (sandbox/child_process.cpp, prepare) and an ignored
    // signal stays ignored across execve: a tool without handlers of its own (a Python script)
    // then ignored the time limit's SIGTERM, and lost the race with the worker's watchdog.
    ::signal(SIGTERM, SIG_DFL);
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGHUP, SIG_DFL);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(err, 2);
    if (memory_bytes != 0) limit(RLIMIT_AS, static_cast<rlim_t>(memory_bytes));
    // The kernel's backstop of the CPU watch (wait_for_end), per process: killed 2 s past the limit.
    if (cpu_seconds > 0) limit(RLIMIT_CPU, static_cast<rlim_t>(cpu_seconds) + 2);
    limit(RLIMIT_FSIZE, static_cast<rlim_t>(kMaxOutputBytes));
    limit(RLIMIT_CORE, 0);
    if (::chdir(dir) != 0) start_failed(report, StartStep::chdir, 126);
    ::execve(path, argv, envp);
    start_failed(report, StartStep::execve, 127);
}

// Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses):
// state, ppid, pgrp, session.
struct ProcStat {
    char state = 0;
    long ppid = 0, pgrp = 0, session = 0;
    bool zombie() const { return state == 'Z' || state == 'X'; }
};

bool proc_stat(const char* pid, ProcStat& st) {
    std::ifstream in(std::string("/proc/") + pid + "/stat");
    std::string line;
    if (!std::getline(in, line)) return false;
    const std::size_t close = line.rfind(')');
    return close != std::string::npos &&
           std::sscanf(line.c_str() + close + 1, " %c %ld %ld %ld", &st.state, &st.ppid, &st.pgrp, &st.session) == 4;
}

// SIGKILL to every live process of session `sid` (the tool's: it ran setsid). A group kill
// is not enough: MiniZinc starts its solver (fzn-gecode) in a process group of its own, which
// survived minizinc's SIGKILL and ran on, orphaned, for minutes, skewing every later run. A
// process leaves a session only by setsid(), which no tool we run calls. Passes repeat while
// they find live members (one forking while we scan is caught by the next pass).
void kill_session(pid_t sid) {
    for (int pass = 0; pass < 20; ++pass) {
        DIR* proc = ::opendir("/proc");
        if (proc == nullptr) return;
        bool found = false;
        while (const dirent* e = ::readdir(proc)) {
            if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
            ProcStat st;
            if (!proc_stat(e->d_name, st) || st.session != sid || st.zombie()) continue;
            ::kill(static_cast<pid_t>(std::atol(e->d_name)), SIGKILL);
            found = true;
        }
        ::closedir(proc);
        if (!found) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

// The tools this process runs now (every thread's). Their fork and their registration are one
// step under the lock, so a sweep (reap_escaped) never sees a tool that is not yet registered.
// Process-wide by nature, as the subreaper attribute it goes with.
struct RunningTools {
    std::mutex mutex;
    std::set<pid_t> pids;
};

RunningTools& running_tools() {
    static RunningTools tools;
    return tools;
}

// Children of this process (the subreaper: PR_SET_CHILD_SUBREAPER in run_process) that are
// neither a running tool nor in this process's own session: what an ended tool left behind
// (issue #45: `setsid sleep 300 &` escaped the session kill and outlived `solve`). Tools run in
// sessions of their own and nothing joins ours, so a worker, a forked run or gnuplot (our
// session) is never taken for one. Each is killed and reaped; its children come to us in turn
// and go in the next pass.
void reap_escaped() {
    const pid_t self = ::getpid(), own_session = ::getsid(0);
    for (int pass = 0; pass < 20; ++pass) {
        std::vector<pid_t> left;
        const std::lock_guard lock(running_tools().mutex);
        DIR* proc = ::opendir("/proc");
        if (proc == nullptr) return;
        while (const dirent* e = ::readdir(proc)) {
            if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
            ProcStat st;
            const pid_t pid = static_cast<pid_t>(std::atol(e->d_name));
            if (proc_stat(e->d_name, st) && st.ppid == self && st.session != own_session &&
                !running_tools().pids.contains(pid))
                left.push_back(pid);
        }
        ::closedir(proc);
        if (left.empty()) return;
        for (pid_t pid : left) ::kill(pid, SIGKILL);
        for (pid_t pid : left)
            while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
            }
    }
}

// What the live processes of session `sid` (the tool's whole tree, as runsolver counts it) use
// together, from /proc/<pid>/stat: CPU time (fields 14-17: utime, stime, cutime, cstime, in
// clock ticks; with the children each has reaped), in seconds, and resident memory (field 24,
// in pages), in kB.
struct SessionUsage {
    double cpu_seconds = 0;
    std::int64_t resident_kb = 0;
};

SessionUsage session_usage(pid_t sid) {
    SessionUsage usage;
    DIR* proc = ::opendir("/proc");
    if (proc == nullptr) return usage;
    unsigned long long ticks = 0;
    long long pages = 0;
    while (const dirent* e = ::readdir(proc)) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        std::ifstream in(std::string("/proc/") + e->d_name + "/stat");
        std::string line;
        if (!std::getline(in, line)) continue;
        const std::size_t close = line.rfind(')');
        if (close == std::string::npos) continue;
        char state = 0;
        long ppid = 0, pgrp = 0, session = 0;
        unsigned long long u = 0, s = 0, cu = 0, cs = 0;
        long long rss = 0;
        if (std::sscanf(line.c_str() + close + 1,
                        " %c %ld %ld %ld %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu %*d %*d %*d %*d %*u %*u %lld",
                        &state, &ppid, &pgrp, &session, &u, &s, &cu, &cs, &rss) != 9 ||
            session != sid)
            continue;
        ticks += u + s + cu + cs;
        pages += rss > 0 ? rss : 0;
    }
    ::closedir(proc);
    usage.cpu_seconds = static_cast<double>(ticks) / static_cast<double>(::sysconf(_SC_CLK_TCK));
    usage.resident_kb = static_cast<std::int64_t>(pages * ::sysconf(_SC_PAGESIZE) / 1024);
    return usage;
}

// True once the child has ended, without reaping it (WNOWAIT), so its pid (= its group id)
// stays reserved until we have signalled what is left of its group.
bool ended(pid_t pid) {
    siginfo_t info{};
    info.si_pid = 0;
    if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0) return errno == ECHILD;
    return info.si_pid == pid;
}

// Polls for the end; on the deadline (wall, or the session's CPU time) SIGTERM to the group,
// SIGKILL after the grace period. Every kTreePollMs the session's CPU and resident memory are
// summed over its processes: the tree's peak (ProcessResult::tree_peak_kb), and, where the sum
// passes the memory limit, SIGKILL at once (a tool of four 150 MiB processes under a 256 MiB
// limit: RLIMIT_AS binds each process alone, this the tree). Polling for the end backs off from
// 0.1 ms to 5 ms: a short run costs little latency, a long one little CPU.
bool wait_for_end(pid_t pid, const ProcessSpec& spec, ProcessResult& r) {
    const auto start = Clock::now();
    const auto seconds = [](double s) { return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s)); };
    const bool timed = is_time_limit(spec.time_seconds);
    const auto deadline = timed ? start + seconds(spec.time_seconds) : Clock::time_point::max();
    bool terminated = false;
    auto kill_at = Clock::time_point::max();
    auto pause = std::chrono::microseconds(100);
    const bool cpu_timed = is_time_limit(spec.cpu_seconds);
    auto next_poll = start + std::chrono::milliseconds(kTreePollMs);
    while (!ended(pid)) {
        const auto now = Clock::now();
        if (!terminated && now >= next_poll) {
            next_poll = now + std::chrono::milliseconds(kTreePollMs);
            const SessionUsage usage = session_usage(pid);
            r.tree_peak_kb = std::max(r.tree_peak_kb, usage.resident_kb);
            r.cpu_limited = cpu_timed && usage.cpu_seconds >= spec.cpu_seconds;
            if (spec.memory_bytes != 0 && static_cast<std::uint64_t>(usage.resident_kb) * 1024 > spec.memory_bytes) {
                r.memory_exceeded = true;
                ::kill(-pid, SIGKILL);
                kill_session(pid);
                terminated = true;
                continue;
            }
        }
        const bool stopped = spec.stop != nullptr && spec.stop->load(std::memory_order_relaxed);
        if (!terminated && (now >= deadline || r.cpu_limited || stopped)) {
            ::kill(-pid, SIGTERM);
            terminated = true;
            kill_at = now + seconds(is_time_limit(spec.grace_seconds) ? spec.grace_seconds : 0);
        } else if (terminated && now >= kill_at) {
            ::kill(-pid, SIGKILL);
            kill_at = Clock::time_point::max();
        }
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::microseconds(5000));
    }
    return terminated;
}

}  // namespace

std::optional<std::string> read_tool_file(const std::filesystem::path& p, bool& truncated, std::string& why) {
    // O_NONBLOCK: opening a FIFO with no writer would wait forever; the type is checked before
    // any read (a regular file ignores the flag). A symlink is followed, to a regular file only.
    const int fd = ::open(p.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        why = std::string(errno == ENOENT ? "missing" : std::strerror(errno));
        return std::nullopt;
    }
    const Fd closer(fd);
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        why = "not a regular file";
        return std::nullopt;
    }
    std::string text;
    char buf[1 << 16];
    while (text.size() < kMaxOutputBytes) {
        const ssize_t n = ::read(fd, buf, static_cast<std::size_t>(std::min<std::uint64_t>(sizeof buf, kMaxOutputBytes - text.size())));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return text;
        text.append(buf, static_cast<std::size_t>(n));
    }
    truncated = truncated || static_cast<std::uint64_t>(st.st_size) > kMaxOutputBytes;
    return text;
}

std::optional<std::filesystem::path> find_program(const std::string& program) {
    if (program.empty()) return std::nullopt;
    // Absolute, always: the tool is started after a chdir into its run's folder, where a
    // relative path (a PATH entry "bin" or ".", or "./tool") would name nothing (issue #25 §7).
    std::error_code ec;
    if (program.find('/') != std::string::npos) {
        if (executable(program)) return std::filesystem::absolute(program, ec);
        return std::nullopt;
    }
    const char* path = std::getenv("PATH");
    std::string_view dirs = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
    while (true) {
        const std::size_t colon = dirs.find(':');
        const std::string_view dir = dirs.substr(0, colon);
        const std::filesystem::path candidate = std::filesystem::path(dir.empty() ? "." : std::string(dir)) / program;
        if (executable(candidate)) return std::filesystem::absolute(candidate, ec);
        if (colon == std::string_view::npos) return std::nullopt;
        dirs.remove_prefix(colon + 1);
    }
}

ProcessResult run_process(const ProcessSpec& spec) {
    ProcessResult r;
    if (spec.argv.empty()) throw std::invalid_argument("run_process: empty argument vector");
    const std::optional<std::filesystem::path> program = find_program(spec.argv[0]);
    if (!program) return r;
    r.started = true;

    // Everything the child needs, prepared before the fork.
    std::vector<std::string> args = spec.argv;
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const std::string path = program->string(), dir = spec.dir.string();
    std::vector<std::string> env = marked_environment(dir);  // TMPDIR and the mark (tool_guard.hpp)
    std::vector<char*> envp;
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    const Fd in(open_or_fail("/dev/null", O_RDONLY));
    const Fd out(open_or_fail(spec.dir / "stdout.txt", O_WRONLY | O_CREAT | O_TRUNC));
    const Fd err(open_or_fail(spec.dir / "stderr.txt", O_WRONLY | O_CREAT | O_TRUNC));
    // Read only after the child ended, never waited on: non-blocking, so a write end that another
    // thread's fork inherited for a moment cannot hold this read.
    int report_fds[2];
    if (::pipe2(report_fds, O_CLOEXEC | O_NONBLOCK) != 0) fail("cannot make a pipe");
    const Fd report_in(report_fds[0]);
    Fd report_out(report_fds[1]);

    const pid_t self = ::getpid();
    // What the tool orphans when it ends comes to this process, not to init: reap_escaped finds it.
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    pid_t pid = 0;
    {
        const std::lock_guard lock(running_tools().mutex);
        pid = ::fork();
        if (pid == 0)
            exec_child(path.c_str(), argv.data(), envp.data(), dir.c_str(), in.fd, out.fd, err.fd, report_out.fd,
                       spec.memory_bytes,
                       is_time_limit(spec.cpu_seconds) ? spec.cpu_seconds : 0, self);
        if (pid > 0) running_tools().pids.insert(pid);
    }
    if (pid < 0) fail("cannot start " + spec.argv[0]);
    ::close(std::exchange(report_out.fd, -1));
    // No setpgid(pid, pid) here: a group leader cannot call setsid(). A deadline kill comes at
    // least milliseconds later, long after the child's setsid().
    // Kills the tool's session and marked processes if this thread dies (a kill -9) meanwhile.
    const pid_t guard = start_guard(pid, dir);

    r.timed_out = wait_for_end(pid, spec, r) && !r.memory_exceeded;
    ::kill(-pid, SIGKILL);  // whatever it started and left behind (the leader is still unreaped,
    kill_session(pid);      // so its pid, the group and session id, cannot be reused meanwhile)
    stop_guard(guard);      // before the tool is reaped: the guard never acts on a freed session id
    int status = 0;
    rusage usage{};
    while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    {
        const std::lock_guard lock(running_tools().mutex);
        running_tools().pids.erase(pid);
    }
    reap_escaped();
    // The larger of the largest single process (wait4: kilobytes) and the polled sum of the tree.
    r.max_rss_kb = std::max<std::int64_t>(usage.ru_maxrss, r.tree_peak_kb);
    r.cpu_ns = (static_cast<std::int64_t>(usage.ru_utime.tv_sec) + usage.ru_stime.tv_sec) * 1'000'000'000 +
               (static_cast<std::int64_t>(usage.ru_utime.tv_usec) + usage.ru_stime.tv_usec) * 1000;
    if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
    StartFailure failure;
    if (::read(report_in.fd, &failure, sizeof failure) == static_cast<ssize_t>(sizeof failure)) {
        r.start_step = static_cast<StartStep>(failure.step);
        r.start_errno = failure.error;
    }
    std::string why;  // a tool that replaced its output file by something else said nothing
    r.out = read_tool_file(spec.dir / "stdout.txt", r.output_truncated, why).value_or("");
    r.err = read_tool_file(spec.dir / "stderr.txt", r.output_truncated, why).value_or("");
    return r;
}

}  // namespace futolab::external
