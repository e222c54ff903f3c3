// `-` among a command's inputs (red-team round 24, C F1 and F2). Standard input is one stream:
// compare looks at its inputs twice (for copies, then to read them) and found `-` empty the
// second time, so `compare A -` always failed with "-: empty file"; `analyze - -` called the
// second `-` empty rather than given twice; and `check --expect M s.csv - < s.csv` counted every
// run twice with no word. Now `-` is read once and is the same input at every look.
#include "tests/app/cli_runner.hpp"
#include "tests/app/small_sweep.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::run_cli_env;
namespace fs = std::filesystem;

TEST_CASE("compare reads - from a file or a pipe, and says it is that file", "[cli][stdin][compare]") {
    const fs::path dir = futolab::test::small_sweep("stdin-twice", "compare");
    const auto redirected = run_cli("compare out/s.csv - < out/s.csv", dir.string());
    INFO(redirected.err);
    CHECK(redirected.exit_code == 0);
    CHECK(has(redirected.err, "note: out/s.csv and - are one file"));
    fs::copy_file(dir / "out/s.csv", dir / "c.csv");
    const auto piped = run_cli_env("cat c.csv | ", "compare - out/s.csv", dir.string());
    INFO(piped.err);
    CHECK(piped.exit_code == 0);
    CHECK(has(piped.err, "warning: - and out/s.csv hold the same 150 runs"));
    CHECK_FALSE(has(piped.err, "empty"));
}

TEST_CASE("standard input given twice is refused as given twice, not as empty", "[cli][stdin][twice]") {
    const fs::path dir = futolab::test::small_sweep("stdin-twice", "twice");
    // `-` named twice: refused before anything is read, as in every command (below).
    for (const std::string args : {"analyze - -", "report - - --out r.html"}) {
        const auto r = run_cli(args + " < out/s.csv", dir.string());
        INFO(args << " -> " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "-: given twice (inputs 1 and 2): standard input can be read only once"));
        CHECK_FALSE(has(r.err, "empty"));
    }
    // A file and `-` redirected from it: one file given twice, known once both are read.
    const auto file_and_stdin = run_cli("analyze out/s.csv - < out/s.csv", dir.string());
    INFO(file_and_stdin.err);
    CHECK(file_and_stdin.exit_code == 2);
    CHECK(has(file_and_stdin.err, "-: given twice (inputs 1 and 2): its runs would count twice"));
    const auto piped = run_cli_env("cat out/s.csv | ", "analyze - -", dir.string());
    INFO(piped.err);
    CHECK(piped.exit_code == 2);
    CHECK(has(piped.err, "-: given twice (inputs 1 and 2)"));
    CHECK_FALSE(fs::exists(dir / "r.html"));
}

// Red-team round 24 (left open): `solve - -` and `check - -` solved or checked standard input's
// puzzles twice from the one text read, and `compare - -` compared it with itself, where analyze
// and report refused it. Standard input can be read only once: `-` named twice is refused by
// every command that takes several inputs, before anything is read or printed, exit 2.
TEST_CASE("every command that takes several inputs refuses - named twice before reading it", "[cli][stdin][twice]") {
    const fs::path dir = futolab::test::small_sweep("stdin-twice", "every");
    const std::string puzzle = FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.futo";
    struct Case {
        std::string args, input, inputs;  // the command line, what standard input is, the inputs named
    };
    const Case cases[] = {
        {"solve - -", puzzle, "1 and 2"},
        {"solve --format csv " + puzzle + " - -", puzzle, "2 and 3"},
        {"check - -", puzzle, "1 and 2"},
        {"check - " + puzzle + " -", puzzle, "1 and 3"},
        {"grade - -", puzzle, "1 and 2"},
        {"compare - -", "out/s.csv", "1 and 2"},
        {"compare out/s.csv - -", "out/s.csv", "2 and 3"},
        {"check --expect " FUTOLAB_SOURCE_DIR "/bench/v1/manifest.json - -", "out/s.csv", "1 and 2"},
    };
    for (const Case& c : cases) {
        for (const bool piped : {false, true}) {
            const auto r = piped ? run_cli_env("cat " + c.input + " | ", c.args, dir.string())
                                 : run_cli(c.args + " < " + c.input, dir.string());
            INFO(c.args << (piped ? " (piped)" : " (redirected)") << " -> " << r.err);
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, "futolab: -: given twice (inputs " + c.inputs +
                                 "): standard input can be read only once; name it once\n"));
            CHECK(r.out.empty());  // nothing solved, checked or compared first
        }
    }
    // `-` once, with other inputs, is read as before; a file named twice is two inputs there.
    const auto once = run_cli("check " + puzzle + " - < " + puzzle, dir.string());
    INFO(once.err);
    CHECK(once.exit_code == 0);
    CHECK(has(once.out, "stdin: valid"));
}

TEST_CASE("check --expect counts a CSV and - once: refused as one file, warned as a copy", "[cli][stdin][expect]") {
    const fs::path dir = futolab::test::small_sweep("stdin-twice", "expect");
    const std::string expect = "check --expect " FUTOLAB_SOURCE_DIR "/bench/v1/manifest.json out/s.csv -";
    const auto redirected = run_cli(expect + " < out/s.csv", dir.string());
    INFO(redirected.err);
    CHECK(redirected.exit_code == 2);
    CHECK(has(redirected.err, "-: given twice (inputs 1 and 2): its runs would count twice"));
    const auto piped = run_cli_env("cat out/s.csv | ", expect, dir.string());
    INFO(piped.err);
    CHECK(has(piped.err, "warning: out/s.csv and - hold the same 150 runs, measurements included (a copy?): they are "
                         "counted twice"));
}
