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
    for (const std::string args : {"analyze - -", "report - - --out r.html", "analyze out/s.csv -"}) {
        const auto r = run_cli(args + " < out/s.csv", dir.string());
        INFO(args << " -> " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "-: given twice (inputs 1 and 2): its runs would count twice"));
        CHECK_FALSE(has(r.err, "empty"));
    }
    const auto piped = run_cli_env("cat out/s.csv | ", "analyze - -", dir.string());
    INFO(piped.err);
    CHECK(piped.exit_code == 2);
    CHECK(has(piped.err, "-: given twice (inputs 1 and 2)"));
    CHECK_FALSE(fs::exists(dir / "r.html"));
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
