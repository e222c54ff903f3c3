// Red-team round 29, A6: a SIGTERM or SIGHUP while solve, grade, check or convert still read
// their input ended futolab by the default action (exit 143 or 129) with no word: their stop
// requests began only once the input was read (round 30: analyze, compare, report and critical
// --check-certificate too, which the last hung). Now each takes the signals from before the read:
// a read of standard input that waits ends at the signal, exit 1, "interrupted while reading
// standard input: nothing written".
//
// No timing: the signal is sent once futolab catches SIGTERM, or once it waits in a read of its
// standard input without catching it (then the default action ends it and the test fails).
#include "signalled_cli.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

using futolab::test::catches_sigterm;
using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::signalled_cli;
using futolab::test::slurp;
using futolab::test::waits_for_input;
namespace fs = std::filesystem;

TEST_CASE("every command reading standard input takes a signal while it waits for it", "[cli][signals]") {
    const std::string csv = FUTOLAB_SOURCE_DIR "/tests/data/analysis/paper.csv";
    // The last four read standard input without a stop of their own: the read watches one
    // (core/files.cpp, StdinStop; red-team round 30: 143 with no word, or a hang).
    const std::vector<std::vector<std::string>> commands{{"solve", "-"},
                                                         {"grade", "-"},
                                                         {"check", "-"},
                                                         {"convert", "-", "--to", "futo", "--out", "c.futo"},
                                                         {"analyze", "-"},
                                                         {"compare", csv, "-"},
                                                         {"report", "-", "--out", "c.html"},
                                                         {"critical", "--check-certificate", "-"}};
    for (const auto& args : commands) {
        for (const int sig : {SIGTERM, SIGHUP}) {
            INFO(args.front() << " signal " << sig);
            const fs::path dir = fresh_dir("input-signal", args.front() + std::to_string(sig));
            int in[2];
            REQUIRE(::pipe2(in, O_CLOEXEC) == 0);  // never written nor closed before the signal
            const int code = signalled_cli(
                dir, args, sig, [](pid_t pid) { return catches_sigterm(pid) || waits_for_input(pid); },
                [&in] { ::dup2(in[0], STDIN_FILENO); });
            ::close(in[0]);
            ::close(in[1]);
            const std::string err = slurp((dir / "err.txt").string());
            INFO(err);
            CHECK(code == 1);
            CHECK(has(err, "interrupted while reading standard input: nothing written"));
            CHECK(slurp((dir / "out.txt").string()).empty());
            CHECK_FALSE(fs::exists(dir / "c.futo"));
            CHECK_FALSE(fs::exists(dir / "c.html"));
        }
    }
}
