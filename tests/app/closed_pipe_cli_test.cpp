// A standard output whose reader closed the pipe is a failed write: exit 1 with the reason,
// scratch folders removed (docs/cli.md, Exit codes). SIGPIPE killed every command instead (exit
// 141, nothing said; `critical` left futolab-critical-search-*: red-team round 16, A F3).
// futolab now ignores SIGPIPE; the programs it starts get the default back (gnuplot here).
#include "cli_runner.hpp"
#include "fake_gnuplot.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string kResults = FUTOLAB_SOURCE_DIR "/tests/data/analysis/growth.csv";

// Runs futolab with `args` in `dir` (TMPDIR=DIR/tmp, PATH led by DIR/bin), its standard output
// a pipe nobody can read any more, its standard error DIR/err.txt; returns the exit status, or
// 128 + the signal that killed it.
int run_on_closed_pipe(const fs::path& dir, const std::vector<std::string>& args) {
    int out[2];
    REQUIRE(::pipe(out) == 0);
    ::close(out[0]);  // before the fork: no process holds the reading end
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        [[maybe_unused]] const int c = ::chdir(dir.c_str());
        ::dup2(out[1], STDOUT_FILENO);
        const int e = ::open((dir / "err.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(e, STDERR_FILENO);
        ::setenv("TMPDIR", (dir / "tmp").c_str(), 1);
        ::setenv("PATH", ((dir / "bin").string() + ":" + ::getenv("PATH")).c_str(), 1);
        std::vector<char*> argv{const_cast<char*>(FUTOLAB_CLI)};
        for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        ::execv(FUTOLAB_CLI, argv.data());
        ::_exit(127);
    }
    ::close(out[1]);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

TEST_CASE("every command writing to a closed pipe exits 1 saying so, its scratch folders removed", "[cli][signals][pipe]") {
    const fs::path dir = fresh_dir("app", "closed-pipe");
    fs::create_directories(dir / "tmp");
    fs::create_directories(dir / "bin");
    REQUIRE(run_cli("generate random --n 5 --count 50 --out p.jsonl", dir.string()).exit_code == 0);
    const std::vector<std::vector<std::string>> commands{
        {"generate", "random", "--n", "5", "--count", "1000"},
        {"generate", "random", "--n", "5", "--count", "1000", "--out", "/dev/stdout"},
        {"grade", "p.jsonl"},
        {"check", "p.jsonl"},
        {"solve", "p.jsonl"},
        {"solve", "--format", "csv", "p.jsonl"},
        {"convert", "p.jsonl", "--to", "futo"},
        {"list"},
        {"schema"},
        {"analyze", kResults},
        {"compare", kResults, kResults},
        {"critical", "--n", "4", "--count", "20"}};
    for (const std::vector<std::string>& args : commands) {
        INFO(args.front() << " " << (args.size() > 1 ? args[1] : ""));
        CHECK(run_on_closed_pipe(dir, args) == 1);
        const std::string err = slurp((dir / "err.txt").string());
        INFO(err);
        CHECK(has(err, "cannot write "));  // to standard output, or /dev/stdout as named
        CHECK(has(err, "the pipe was closed by its reader"));
        CHECK(fs::is_empty(dir / "tmp"));  // critical's futolab-critical-search-* removed
    }
}

TEST_CASE("gnuplot started by analyze --plots gets SIGPIPE back at its default", "[cli][signals][pipe][figures]") {
    const fs::path dir = fresh_dir("app", "gnuplot-sigpipe");
    fs::create_directories(dir / "tmp");
    fs::create_directories(dir / "bin");
    // A gnuplot of the test's own: writes the signals it ignores (SigIgn, a hex mask) and the figures.
    std::ofstream(dir / "bin/gnuplot") << "#!/bin/sh\ngrep SigIgn /proc/self/status > '" << (dir / "ignored.txt").string()
                                       << "'\n" << futolab::test::fake_figures_sh();
    fs::permissions(dir / "bin/gnuplot", fs::perms::owner_all);
    const std::string run = "PATH='" + (dir / "bin").string() + ":'\"$PATH\" TMPDIR='" + (dir / "tmp").string() + "' ";
    REQUIRE(futolab::test::run_cli_env(run, "analyze '" + kResults + "' --plots pl", dir.string()).exit_code == 0);
    const std::string line = slurp((dir / "ignored.txt").string());
    REQUIRE(has(line, "SigIgn:"));
    const unsigned long long mask = std::stoull(line.substr(line.find(':') + 1), nullptr, 16);
    CHECK((mask & (1ULL << (SIGPIPE - 1))) == 0);
}
