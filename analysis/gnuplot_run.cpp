#include "analysis/gnuplot_run.hpp"

#include "core/child_wait.hpp"
#include "core/env.hpp"
#include "core/temp_dir.hpp"
#include "core/tool_guard.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace futolab {
namespace {

// The child's side, between fork and exec (async-signal-safe calls only): a session of its own
// (and so a group), which the deadline's kill and the guard reach; killed with futolab too (a
// SIGINT or kill of futolab no longer reaches a session of its own through the terminal);
// every file it writes, its log and its figures, capped as a solver tool's output is (`limit`,
// gnuplot_file_limit()).
[[noreturn]] void exec_gnuplot(char* const* argv, char* const* envp, const char* log, pid_t parent, rlim_t limit) {
    ::setsid();
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // futolab died before the prctl
    const int in = ::open("/dev/null", O_RDONLY);
    if (in >= 0) ::dup2(in, STDIN_FILENO);  // a script that pauses for a key cannot wait on ours
    const int fd = ::open(log, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
    if (fd >= 0) {
        ::dup2(fd, STDOUT_FILENO);  // futolab's stdout holds its tables, never gnuplot's words
        ::dup2(fd, STDERR_FILENO);
    }
    const rlimit size{limit, limit};  // never above the hard limit: that call would fail and leave the soft one
    ::setrlimit(RLIMIT_FSIZE, &size);
    ::signal(SIGXFSZ, SIG_DFL);  // futolab ignores it (its writes see EFBIG); past the cap gnuplot ends
    ::signal(SIGPIPE, SIG_DFL);  // futolab ignores it (app/main.cpp): its helpers' pipes behave as usual
    ::execvpe(argv[0], argv, envp);
    ::_exit(127);
}

}  // namespace

std::uint64_t gnuplot_file_limit() {
    rlimit now{};
    if (::getrlimit(RLIMIT_FSIZE, &now) != 0 || now.rlim_max == RLIM_INFINITY) return kGnuplotMaxFileBytes;
    return std::min<std::uint64_t>(kGnuplotMaxFileBytes, now.rlim_max);
}

std::string gnuplot_file_limit_words(std::uint64_t limit) {
    if (limit < kGnuplotMaxFileBytes) return fmt::format("the file-size limit (ulimit -f) of {} bytes", limit);
    return fmt::format("futolab's cap of {} MiB on a file gnuplot writes", kGnuplotMaxFileBytes >> 20);
}

double gnuplot_base_seconds() { return env_wait("FUTOLAB_GNUPLOT_WAIT").value_or(kGnuplotBaseSeconds); }

double gnuplot_seconds(std::size_t points) {
    return gnuplot_base_seconds() + kGnuplotSecondsPerPoint * static_cast<double>(points);
}

int run_gnuplot(const std::string& figure, const std::string& script, const std::string& log, double seconds, int stop_fd) {
    // gnuplot's own folder (core/temp_dir.hpp): its TMPDIR, and the mark every process it
    // starts carries (core/tool_guard.hpp), as a solver tool's run folder is.
    const external::TempDir folder("gnuplot");
    const std::string dir = folder.path().string();
    std::vector<std::string> env = external::marked_environment(dir);
    std::vector<char*> envp;
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    std::string program = "gnuplot", path = script;
    char* const argv[] = {program.data(), path.data(), nullptr};

    const pid_t parent = ::getpid();
    const auto limit = static_cast<rlim_t>(gnuplot_file_limit());
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error(fmt::format("figure {}: cannot start gnuplot: fork failed", figure));
    if (pid == 0) exec_gnuplot(argv, envp.data(), log.c_str(), parent, limit);
    // Kills gnuplot's session and everything carrying its mark if futolab dies meanwhile
    // (kill -9, SIGTERM): gnuplot itself dies with futolab, what it started would not.
    const pid_t guard = external::start_guard(pid, dir);
    const std::uint64_t started = external::process_start_ticks(pid);  // unreaped: its pid is its own
    std::optional<int> status = wait_child_until(pid, deadline_after(seconds), nullptr, stop_fd);
    if (!status) {
        ::kill(pid, SIGKILL);  // also before its setsid(), when the group does not exist yet
        kill_and_reap(pid, -pid);
    }
    external::stop_guard(guard);
    // Whatever it left running, a daemon in a session of its own too: found by its mark (or
    // waited for while it is inside an execve, where its mark does not show yet).
    const std::string_view mark = dir;
    external::kill_marked(&mark, 1, 0, started);
    if (!status && fd_readable(stop_fd))
        throw std::runtime_error(fmt::format("interrupted while gnuplot drew figure {}: killed it, no figure written", figure));
    if (!status)
        // "its script": the one it ran is a temporary file, gone when the message is read (red-team round 29, A5).
        throw std::runtime_error(fmt::format("figure {}: gnuplot did not finish its script within {:.3g} s: killed it and its "
                                             "process group (FUTOLAB_GNUPLOT_WAIT sets the base of this limit, "
                                             "{:g} s + {:g} s per 10 000 points)",
                                             figure, seconds, gnuplot_base_seconds(),
                                             kGnuplotSecondsPerPoint * 10'000));
    return *status;
}

}  // namespace futolab
