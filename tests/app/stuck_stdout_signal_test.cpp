// Red-team round 13 (issue #45), A4 and A7: `critical … --out -` blocked on a pipe whose reader
// never reads was deaf to the SIGTERM that had stopped its search (still alive 8 s later), or,
// signalled while writing, was killed by the default action and left its private CSV folder
// (futolab-critical-search-*). Now the write takes the signal as a stop request: exit 1,
// "interrupted", the scratch folder removed. Synchronised on the pipe being full, not on time.
#include "cli_runner.hpp"
#include "signalled_cli.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <thread>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::slurp;
namespace fs = std::filesystem;

TEST_CASE("critical --out - blocked on a reader that never reads ends on one SIGTERM, interrupted",
          "[cli][signals][stuck-pipe]") {
    const fs::path dir = fresh_dir("app", "stuck-stdout");
    const fs::path tmp = dir / "tmp";
    fs::create_directories(tmp);
    int out[2];
    REQUIRE(::pipe(out) == 0);
    const std::string err = (dir / "err.txt").string();
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::dup2(out[1], STDOUT_FILENO);
        const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(e, STDERR_FILENO);
        ::close(out[0]);
        ::setenv("TMPDIR", tmp.c_str(), 1);
        ::execl(FUTOLAB_CLI, FUTOLAB_CLI, "critical", "--n", "4", "--count", "400", "--seed", "1", "--out", "-", nullptr);
        ::_exit(127);
    }
    ::close(out[1]);
    // About 190 kB of records: the pipe (64 KiB) fills and futolab waits in its write.
    futolab::test::wait_until_pipe_full(out[0], pid);
    REQUIRE(::kill(pid, SIGTERM) == 0);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);  // never reading: only the signal ends it
    ::close(out[0]);
    INFO(slurp(err));
    CHECK(WIFEXITED(status));
    CHECK((WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status)) == 1);
    CHECK(has(slurp(err), "interrupted"));
    CHECK(fs::is_empty(tmp));  // its private CSV folder removed on the way out
}
