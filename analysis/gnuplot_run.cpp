#include "analysis/gnuplot_run.hpp"

#include "core/child_wait.hpp"
#include "core/env.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <optional>
#include <stdexcept>

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace futolab {
namespace {

// The child's side, between fork and exec (async-signal-safe calls only): its own process
// group, so the deadline's kill reaches whatever it started; killed with futolab too (a
// SIGINT or kill of futolab no longer reaches a group of its own through the terminal).
[[noreturn]] void exec_gnuplot(const char* script, const char* log, pid_t parent) {
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // futolab died before the prctl
    const int in = ::open("/dev/null", O_RDONLY);
    if (in >= 0) ::dup2(in, STDIN_FILENO);  // a script that pauses for a key cannot wait on ours
    const int fd = ::open(log, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
    if (fd >= 0) {
        ::dup2(fd, STDOUT_FILENO);  // futolab's stdout holds its tables, never gnuplot's words
        ::dup2(fd, STDERR_FILENO);
    }
    ::execlp("gnuplot", "gnuplot", script, static_cast<char*>(nullptr));
    ::_exit(127);
}

}  // namespace

double gnuplot_base_seconds() { return env_wait("FUTOLAB_GNUPLOT_WAIT").value_or(kGnuplotBaseSeconds); }

double gnuplot_seconds(std::size_t points) {
    return gnuplot_base_seconds() + kGnuplotSecondsPerPoint * static_cast<double>(points);
}

void run_gnuplot(const std::string& figure, const std::string& script, const std::string& log, double seconds) {
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error(fmt::format("figure {}: cannot start gnuplot: fork failed", figure));
    if (pid == 0) exec_gnuplot(script.c_str(), log.c_str(), parent);
    ::setpgid(pid, pid);  // here too, so the group exists before any kill (EACCES once it has exec'd: done)
    const std::optional<int> status = wait_child_until(pid, deadline_after(seconds));
    if (!status) {
        kill_and_reap(pid, -pid);
        throw std::runtime_error(fmt::format("figure {}: gnuplot did not finish {} within {:.3g} s: killed it and its "
                                             "process group (FUTOLAB_GNUPLOT_WAIT sets the base of this limit, "
                                             "{:g} s + {:g} s per 10 000 points)",
                                             figure, script, seconds, gnuplot_base_seconds(),
                                             kGnuplotSecondsPerPoint * 10'000));
    }
    if (!WIFEXITED(*status) || WEXITSTATUS(*status) != 0)
        throw std::runtime_error(fmt::format("figure {}: gnuplot failed on {} (see {})", figure, script, log));
}

}  // namespace futolab
