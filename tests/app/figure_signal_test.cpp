// Red-team round 13 (issue #45), A7: one SIGTERM, SIGINT or SIGHUP killed `report` and
// `analyze --plots` by the default action, leaving their scratch folders (futolab-report-*,
// futolab-gnuplot-*) until the next futolab start. Now the signal is a stop request seen
// between two figures: exit 1, "interrupted", no page, the folders removed. A gnuplot of the
// test's own (first on PATH) holds the first figure until the signal was sent: no timing.
#include "cli_runner.hpp"
#include "fake_gnuplot.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string kResults = FUTOLAB_SOURCE_DIR "/tests/data/analysis/growth.csv";

// DIR/bin/gnuplot: says it started (DIR/started), waits for DIR/go, then writes the figure's files.
void fake_gnuplot(const fs::path& dir) {
    futolab::test::install_fake_gnuplot(dir, futolab::test::started_then_wait_sh(dir / "started", dir / "go"));
}

// Starts futolab with `args` in `dir` (standard error to DIR/err.txt, DIR/bin first on PATH,
// TMPDIR DIR/tmp), and returns its pid once the fake gnuplot said it started.
pid_t start_at_figure(const fs::path& dir, const std::vector<std::string>& args) {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        [[maybe_unused]] const int c = ::chdir(dir.c_str());
        const int err = ::open((dir / "err.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(err, STDERR_FILENO);
        const int out = ::open("/dev/null", O_WRONLY);
        ::dup2(out, STDOUT_FILENO);
        ::setenv("PATH", ((dir / "bin").string() + ":" + ::getenv("PATH")).c_str(), 1);
        ::setenv("TMPDIR", (dir / "tmp").c_str(), 1);
        futolab::test::exec_cli(args);
    }
    int status = 0;
    while (!fs::exists(dir / "started")) {
        REQUIRE(::waitpid(pid, &status, WNOHANG) == 0);  // ended before its first figure: no figures?
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return pid;
}

// Runs futolab with `args` in `dir`, one `sig` once the fake gnuplot started; returns its exit status.
int signalled_run(const fs::path& dir, const std::vector<std::string>& args, int sig) {
    const pid_t pid = start_at_figure(dir, args);
    int status = 0;
    REQUIRE(::kill(pid, sig) == 0);
    std::ofstream(dir / "go") << "";
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

TEST_CASE("report and analyze --plots stop on one signal between figures, their scratch folders removed",
          "[cli][signals][figures]") {
    const std::vector<std::pair<std::vector<std::string>, std::string>> commands{
        {{"report", kResults, "--out", "r.html"}, "r.html"}, {{"analyze", kResults, "--plots", "pl"}, ""}};
    for (const auto& [args, page] : commands)
        for (const int sig : {SIGTERM, SIGINT, SIGHUP}) {
            const fs::path dir = fresh_dir("app", "figure-signal");
            fake_gnuplot(dir);
            fs::create_directories(dir / "tmp");
            INFO(args.front() << " signal " << sig);
            CHECK(signalled_run(dir, args, sig) == 1);
            INFO(slurp((dir / "err.txt").string()));
            CHECK(has(slurp((dir / "err.txt").string()), "interrupted"));
            CHECK(fs::is_empty(dir / "tmp"));  // futolab-report-*, futolab-gnuplot-* removed
            if (!page.empty()) CHECK_FALSE(fs::exists(dir / page));
        }
}

// Red-team round 30 spot check: a stop while gnuplot drew was taken only when gnuplot's time limit
// ended it (19 s later). Now gnuplot is killed at once: this fake one never finishes (no `go`),
// its limit is 100 s, and futolab must end within 10 s (or the test kills it and fails).
TEST_CASE("a stop while gnuplot draws ends gnuplot at once", "[cli][signals][figures]") {
    const std::vector<std::vector<std::string>> commands{{"report", kResults, "--out", "r.html"},
                                                         {"analyze", kResults, "--plots", "pl"}};
    for (const auto& args : commands)
        for (const int sig : {SIGTERM, SIGINT, SIGHUP}) {
            const fs::path dir = fresh_dir("app", "figure-signal-now");
            fake_gnuplot(dir);
            fs::create_directories(dir / "tmp");
            INFO(args.front() << " signal " << sig);
            ::setenv("FUTOLAB_GNUPLOT_WAIT", "100", 1);
            const pid_t pid = start_at_figure(dir, args);
            ::unsetenv("FUTOLAB_GNUPLOT_WAIT");
            REQUIRE(::kill(pid, sig) == 0);
            int status = 0;
            const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
            while (::waitpid(pid, &status, WNOHANG) == 0 && std::chrono::steady_clock::now() < until)
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            if (::waitpid(pid, &status, WNOHANG) == 0) {  // still running: the stop waited for gnuplot
                ::kill(pid, SIGKILL);
                ::waitpid(pid, &status, 0);
                FAIL("futolab did not end within 10 s of the signal");
            }
            CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 1));
            const std::string err = slurp((dir / "err.txt").string());
            INFO(err);
            CHECK(has(err, "interrupted while gnuplot drew figure"));
            CHECK(fs::is_empty(dir / "tmp"));  // futolab-report-*, futolab-gnuplot-* removed
            CHECK_FALSE(fs::exists(dir / "r.html"));
            CHECK_FALSE(fs::exists(dir / "pl"));
        }
}
