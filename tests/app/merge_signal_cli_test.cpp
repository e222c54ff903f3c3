// `merge` takes SIGINT, SIGTERM and SIGHUP as a stop request from its start, as every command
// that writes does: the default action ended it with exit 143 and nothing said. A signal before
// the write leaves the merged CSV there as it was, exit 1, "interrupted: nothing written".
// No timing: the test holds a reader's lock on --out's lock file, so merge waits for it
// (records/output_lock.hpp) and cannot write before the signal, sent once it catches SIGTERM;
// then the reader lets it go on.
#include "signalled_cli.hpp"
#include "tests/app/small_sweep.hpp"
#include "core/live_writer.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>
#include <signal.h>
#include <sys/file.h>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::catches_sigterm;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

TEST_CASE("merge ends on SIGTERM, SIGINT or SIGHUP before its write with exit 1 and the old CSV whole", "[cli][signals][merge]") {
    const fs::path dir = futolab::test::small_sweep("merge-signal", "before-write");
    REQUIRE(run_cli("merge out/s.csv --out m.csv", dir.string()).exit_code == 0);
    const std::string old = slurp((dir / "m.csv").string());
    const std::string lock = futolab::lock_path((dir / "m.csv").string());
    for (const int sig : {SIGTERM, SIGINT, SIGHUP}) {
        INFO(sig);
        std::ofstream(lock, std::ios::app).close();  // there, as the first merge may have left it or not
        const int reader = ::open(lock.c_str(), O_RDONLY | O_CLOEXEC);
        REQUIRE(reader >= 0);
        REQUIRE(::flock(reader, LOCK_SH) == 0);  // a reader of m.csv: merge waits for it before writing
        // Signalled once it catches SIGTERM (after its exec), then the reader goes: the write may
        // go on now, and the stop request comes first. (signalled_cli's own signal: 0, none.)
        const auto signal_then_release = [&](pid_t pid) {
            if (!catches_sigterm(pid)) return false;
            REQUIRE(::kill(pid, sig) == 0);
            ::close(reader);
            return true;
        };
        const int code = futolab::test::signalled_cli(dir, {"merge", "out/s.csv", "--out", "m.csv", "--force"}, 0, signal_then_release);
        const std::string err = slurp((dir / "err.txt").string());
        INFO(err);
        CHECK(code == 1);
        CHECK(has(err, "interrupted: nothing written"));
        CHECK(slurp((dir / "m.csv").string()) == old);
        for (const fs::directory_entry& e : fs::directory_iterator(dir))  // no temp file left beside it
            CHECK_FALSE(has(e.path().filename().string(), ".tmp"));
    }
}
