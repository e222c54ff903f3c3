// A standard output whose reader is slow only makes the write wait; its reader taking nothing for
// a second ends the write only after a stop (SIGINT, SIGTERM, SIGHUP: docs/reliability.md).
// Red-team round 21, A F1: `critical --exact … --certificate -` with a reader that paused for
// 2 s exited 1, "interrupted: standard output took nothing for 1000 ms", only the first 64 KiB
// of the certificate written, although nothing had been stopped. Synchronised on the pipe being
// full (the write waiting for its reader); the only wait is the reader's own pause.
#include "cli_runner.hpp"
#include "signalled_cli.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

using futolab::test::CliResult;
using futolab::test::exec_cli;
using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// `futolab ARGS` started in `dir` with its standard output on a pipe, its standard error in
// dir/err.txt; the pipe is not read until it is full (64 KiB: the write waits for its reader).
struct LateReader {
    pid_t pid = -1;
    int pipe_end = -1;
    std::string err_path;
};

LateReader start_with_late_reader(const fs::path& dir, const std::vector<std::string>& args) {
    int out[2];
    REQUIRE(::pipe(out) == 0);
    LateReader r{.pid = ::fork(), .pipe_end = out[0], .err_path = (dir / "err.txt").string()};
    REQUIRE(r.pid >= 0);
    if (r.pid == 0) {
        if (::chdir(dir.c_str()) != 0) ::_exit(127);
        ::dup2(out[1], STDOUT_FILENO);
        const int e = ::open(r.err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(e, STDERR_FILENO);
        ::close(out[0]);
        exec_cli(args);
    }
    ::close(out[1]);
    futolab::test::wait_until_pipe_full(r.pipe_end, r.pid);
    return r;
}

// The exit code, or 128 + the signal that ended it.
int exit_code_of(pid_t pid) {
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// The whole run with a reader that, the pipe full, waits 2 s before it reads to the end.
CliResult run_with_reader_pausing(const fs::path& dir, const std::vector<std::string>& args) {
    const LateReader r = start_with_late_reader(dir, args);
    std::this_thread::sleep_for(std::chrono::seconds(2));
    CliResult result;
    char buffer[65536];
    for (ssize_t n; (n = ::read(r.pipe_end, buffer, sizeof buffer)) != 0;) {
        REQUIRE(n > 0);
        result.out.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(r.pipe_end);
    result.exit_code = exit_code_of(r.pid);
    result.err = slurp(r.err_path);
    return result;
}

// `args` (ending in `--certificate`) with the certificate to standard output behind a reader
// that pauses: all of it arrives, exit 0, as to the file `--certificate c.cert` in `dir`.
void check_certificate_waits(const fs::path& dir, std::vector<std::string> args) {
    const std::string line = [&] {
        std::string text;
        for (const std::string& a : args) text += " '" + a + "'";
        return text;
    }();
    const CliResult to_file = run_cli(line + " c.cert --out file.jsonl", dir.string());
    INFO(to_file.err);
    REQUIRE(to_file.exit_code == 0);
    args.insert(args.end(), {"-", "--out", "stdout.jsonl"});
    const CliResult late = run_with_reader_pausing(dir, args);
    INFO(late.err);
    CHECK(late.exit_code == 0);
    CHECK_FALSE(has(late.err, "interrupted"));
    const std::string certificate = slurp((dir / "c.cert").string());
    CHECK(late.out.size() == certificate.size());
    CHECK((late.out == certificate));  // not printed: 130 kB each
}

}  // namespace

TEST_CASE("critical --exact --n certificate to a reader that pauses 2 s is written whole, exit 0",
          "[cli][slow-reader][certificate]") {
    const fs::path dir = fresh_dir("app", "slow-reader-exact-n");
    check_certificate_waits(dir, {"critical", "--exact", "--n", "4", "--objective", "k", "--certificate"});
}

TEST_CASE("critical --exact --input certificate to a reader that pauses 2 s is written whole, exit 0",
          "[cli][slow-reader][certificate][lifecycle]") {
    const fs::path dir = fresh_dir("app", "slow-reader-exact-input");
    const CliResult made = run_cli("generate random --n 4 --count 80 --out sq4.jsonl", dir.string());
    REQUIRE(made.exit_code == 0);
    check_certificate_waits(dir, {"critical", "--exact", "--input", "sq4.jsonl", "--objective", "h+k", "--certificate"});
}

// A certificate is one record: begun on standard output, it is finished whatever stop comes, so
// the reader gets it whole or not at all (red-team round 27, A F4: a stop with the reader stalled
// left 64 KiB of a 636 KiB certificate in the pipe). A second signal still ends futolab at once.
TEST_CASE("critical --exact --n certificate begun on a stalled standard output is finished after one SIGTERM",
          "[cli][slow-reader][signals][certificate]") {
    const fs::path dir = fresh_dir("app", "slow-reader-stop");
    const std::vector<std::string> args{"critical", "--exact", "--n", "4", "--objective", "k", "--certificate"};
    std::string line;
    for (const std::string& a : args) line += " '" + a + "'";
    REQUIRE(run_cli(line + " c.cert --out file.jsonl", dir.string()).exit_code == 0);
    std::vector<std::string> to_stdout = args;
    to_stdout.insert(to_stdout.end(), {"-", "--out", "e.jsonl"});
    const LateReader r = start_with_late_reader(dir, to_stdout);
    REQUIRE(::kill(r.pid, SIGTERM) == 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // past the stalled reader's second
    int status = 0;
    CHECK(::waitpid(r.pid, &status, WNOHANG) == 0);  // still writing the certificate it began
    std::string got;
    char buffer[65536];
    for (ssize_t n; (n = ::read(r.pipe_end, buffer, sizeof buffer)) > 0;) got.append(buffer, static_cast<std::size_t>(n));
    ::close(r.pipe_end);
    exit_code_of(r.pid);
    INFO(slurp(r.err_path));
    const std::string certificate = slurp((dir / "c.cert").string());
    CHECK(got.size() == certificate.size());
    CHECK((got == certificate));  // whole: not printed, 130 kB each
}

TEST_CASE("critical --exact --n certificate to a reader that never reads ends at once on a second SIGTERM",
          "[cli][slow-reader][signals][certificate]") {
    const fs::path dir = fresh_dir("app", "slow-reader-second-stop");
    const LateReader r = start_with_late_reader(
        dir, {"critical", "--exact", "--n", "4", "--objective", "k", "--out", "e.jsonl", "--certificate", "-"});
    REQUIRE(::kill(r.pid, SIGTERM) == 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    REQUIRE(::kill(r.pid, SIGTERM) == 0);
    const int code = exit_code_of(r.pid);  // never reading: the second signal ends it
    ::close(r.pipe_end);
    INFO(slurp(r.err_path));
    CHECK(code == 130);
}
