// A stop while the reader of standard output has stopped reading ends the stream between two
// records only (docs/reliability.md): red-team round 27, A F4: convert wrote its 60 grids in one
// write, and a SIGTERM with the reader stalled left 55 whole puzzles and a torn one in the pipe.
// Each write is now whole records of at most PIPE_BUF bytes, which a pipe takes whole or not at
// all. Synchronised on the pipe having stopped filling (the write waiting for its reader).
#include "cli_runner.hpp"

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

using futolab::test::exec_cli;
using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

struct Stalled {
    int code = -1;    // the exit status, or 128 + the signal that ended it
    std::string out;  // what the pipe held when futolab ended
    std::string err;
};

// The bytes queued in the pipe once they stop growing (the writer waits for its reader).
void wait_until_full(int pipe_end, pid_t pid) {
    int last = -1;
    for (int queued = 0, still = 0; still < 15; last = queued) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        REQUIRE(::ioctl(pipe_end, FIONREAD, &queued) == 0);
        int status = 0;
        REQUIRE(::waitpid(pid, &status, WNOHANG) == 0);  // still writing: the pipe fills first
        still = queued > 0 && queued == last ? still + 1 : 0;
    }
}

// `futolab ARGS` in `dir` writing onto a pipe nobody reads; once it waits for its reader, one
// SIGTERM; then what the pipe holds.
Stalled stop_with_reader_stalled(const fs::path& dir, const std::vector<std::string>& args) {
    int out[2];
    REQUIRE(::pipe(out) == 0);
    const std::string err = (dir / "err.txt").string();
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        if (::chdir(dir.c_str()) != 0) ::_exit(127);
        ::dup2(out[1], STDOUT_FILENO);
        const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(e, STDERR_FILENO);
        ::close(out[0]);
        exec_cli(args);
    }
    ::close(out[1]);
    wait_until_full(out[0], pid);
    REQUIRE(::kill(pid, SIGTERM) == 0);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);  // never reading: only the stop ends it
    Stalled r{.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), .out = "", .err = slurp(err)};
    char buffer[65536];
    for (ssize_t n; (n = ::read(out[0], buffer, sizeof buffer)) > 0;) r.out.append(buffer, static_cast<std::size_t>(n));
    ::close(out[0]);
    return r;
}

// 300 puzzles of order 12: 98 kB as Tatham ids, 347 kB as JSON Lines, 409 kB as grids, more than
// a pipe holds.
fs::path with_puzzles(const std::string& name) {
    const fs::path dir = fresh_dir("app", "stalled-stdout-" + name);
    REQUIRE(run_cli("generate random --n 12 --count 300 --seed 7 --out g.jsonl", dir.string()).exit_code == 0);
    return dir;
}

}  // namespace

TEST_CASE("convert onto a stalled standard output stopped by SIGTERM leaves whole instances only",
          "[cli][rt27a][signals][stalled-pipe][convert][long]") {
    for (const std::string to : {"futo", "tatham", "jsonl"}) {
        DYNAMIC_SECTION("--to " << to) {
            const fs::path dir = with_puzzles(to);
            const std::string ext = to == "jsonl" ? "jsonl" : to;
            REQUIRE(run_cli("convert g.jsonl --to " + to + " --out whole." + ext, dir.string()).exit_code == 0);
            const std::string whole = slurp((dir / ("whole." + ext)).string());
            const Stalled r = stop_with_reader_stalled(dir, {"convert", "g.jsonl", "--to", to});
            INFO(r.err);
            CHECK(r.code == 1);
            CHECK(has(r.err, "interrupted: standard output took nothing for 1000 ms"));
            CHECK(has(r.err, "records written, each whole"));
            REQUIRE(!r.out.empty());
            CHECK(r.out.size() < whole.size());
            CHECK(whole.compare(0, r.out.size(), r.out) == 0);  // the first instances, as written to a file
            // What the reader got reads back: no instance cut in the middle.
            std::ofstream(dir / ("got." + ext)) << r.out;
            const auto check = run_cli("check got." + ext, dir.string());
            INFO(check.err);
            CHECK(check.exit_code == 0);
        }
    }
}

TEST_CASE("generate onto a stalled standard output stopped by SIGTERM leaves whole records only",
          "[cli][rt27a][signals][stalled-pipe][generate]") {
    const fs::path dir = fresh_dir("app", "stalled-stdout-generate");
    const Stalled r = stop_with_reader_stalled(dir, {"generate", "random", "--n", "12", "--count", "100000"});
    INFO(r.err);
    CHECK(r.code == 1);
    CHECK(has(r.err, "interrupted"));
    REQUIRE(!r.out.empty());
    CHECK(r.out.back() == '\n');
    std::ofstream(dir / "got.jsonl") << r.out;
    CHECK(run_cli("check got.jsonl", dir.string()).exit_code == 0);
}
