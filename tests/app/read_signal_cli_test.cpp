// Red-team round 30, F4: a SIGINT, SIGTERM or SIGHUP while analyze, report or compare read and
// studied their CSVs ended them by the default action (exit 130/143/129, no word), and report
// left its page's lock file. They take the signals from their start now: exit 1, "interrupted",
// nothing printed or written, nothing left. The signal is sent once futolab catches SIGTERM
// (/proc/PID/status, SigCgt), while it reads and studies its CSVs (about a second).
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// DIR/NAME: a results CSV of `instances` × 2 specs (its time column `shift` apart from another's).
void big_csv(const fs::path& file, int instances, int shift) {
    std::ofstream out(file);
    out << "experiment,instance,instance_hash,n,h,k,solver,options,seed,repeat,mode,status,solutions,nodes,fails,checks,"
           "propagations,max_depth,wall_ns,cpu_ns,solution,run,message\n";
    int run = 0;
    for (int i = 0; i < instances; ++i)
        for (const char* solver : {"fc", "gac"}) {
            char hash[17];
            std::snprintf(hash, sizeof hash, "%016x", i);
            out << "t,i" << i << "," << hash << ",4,4,0," << solver << ",," << i << ",1,count:2,unique,1,81,0,0,0,0,"
                << 32000 + i + shift << "," << 32000 + i + shift << ",," << run++ << ",\n";
        }
}

// Whether process `pid` catches SIGTERM (its handler is set: /proc/PID/status, SigCgt's bit 15).
bool catches_sigterm(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("SigCgt:", 0) == 0) return (std::stoull(line.substr(7), nullptr, 16) >> (SIGTERM - 1)) & 1;
    return false;
}

// Runs futolab with `args` in `dir` (standard error to DIR/err.txt), sends `sig` as soon as it
// catches SIGTERM, and returns its exit status (128 + the signal if it died by it).
int signalled_while_reading(const fs::path& dir, const std::vector<std::string>& args, int sig) {
    // A close-on-exec pipe: its end of file says the child is futolab (before the exec it is a
    // copy of this test, whose own handlers catch SIGTERM).
    int exec_pipe[2];
    REQUIRE(::pipe2(exec_pipe, O_CLOEXEC) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(exec_pipe[0]);
        [[maybe_unused]] const int c = ::chdir(dir.c_str());
        const int err = ::open((dir / "err.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(err, STDERR_FILENO);
        const int out = ::open((dir / "out.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(out, STDOUT_FILENO);
        futolab::test::exec_cli(args);
    }
    ::close(exec_pipe[1]);
    char byte = 0;
    while (::read(exec_pipe[0], &byte, 1) < 0 && errno == EINTR) {
    }
    ::close(exec_pipe[0]);
    int status = 0;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!catches_sigterm(pid) && std::chrono::steady_clock::now() < until) {
        if (::waitpid(pid, &status, WNOHANG) != 0) FAIL("futolab ended before it caught a signal");
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    REQUIRE(::kill(pid, sig) == 0);
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

TEST_CASE("analyze report and compare stop on a signal while they read their CSVs", "[cli][signals][long]") {
    const fs::path dir = fresh_dir("app", "read-signal");
    big_csv(dir / "a.csv", 30000, 0);  // analyze and report: about a second
    big_csv(dir / "c.csv", 3000, 0);   // compare pairs every run: a tenth of the rows take as long
    big_csv(dir / "d.csv", 3000, 5);
    const std::vector<std::pair<std::vector<std::string>, std::string>> commands{
        {{"analyze", "a.csv"}, "interrupted: nothing printed or written"},
        {{"report", "a.csv", "--out", "r.html"}, "interrupted: no report written"},
        {{"compare", "c.csv", "d.csv"}, "interrupted: nothing printed"}};
    for (const auto& [args, said] : commands)
        for (const int sig : {SIGTERM, SIGINT, SIGHUP}) {
            INFO(args.front() << " signal " << sig);
            CHECK(signalled_while_reading(dir, args, sig) == 1);
            const std::string err = slurp((dir / "err.txt").string());
            INFO(err);
            CHECK(has(err, said));
            CHECK(slurp((dir / "out.txt").string()).empty());
            CHECK_FALSE(fs::exists(dir / "r.html"));
            CHECK_FALSE(fs::exists(dir / ".r.html.lock"));
        }
    fs::remove_all(dir);
}
