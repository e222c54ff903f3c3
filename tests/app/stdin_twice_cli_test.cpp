// `-` among a command's inputs (red-team round 24, C F1 and F2). Standard input is one stream:
// compare looks at its inputs twice (for copies, then to read them) and found `-` empty the
// second time, so `compare A -` always failed with "-: empty file"; `analyze - -` called the
// second `-` empty rather than given twice; and `check --expect M s.csv - < s.csv` counted every
// run twice with no word. Now `-` is read once and is the same input at every look.
#include "tests/app/cli_runner.hpp"
#include "tests/app/small_sweep.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

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

// Red-team round 26, C F7: standard input named by an input and an option that reads a file
// (`check --expect - -`, `solve - --commands -`), twice among --check-certificate's files, or by
// two of its names (`solve /dev/stdin /dev/fd/0` solved it twice, exit 0) was read once and its
// text handed to both readers, whose message blamed the content ("not a YAML mapping", "both
// shard 0/2"). One rule refuses every such pair before anything is read, piped or redirected.
TEST_CASE("standard input named by two options or by two of its names is refused before it is read", "[cli][stdin][twice][long]") {
    const fs::path dir = futolab::test::small_sweep("stdin-twice", "options");
    const std::string puzzle = FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.futo";
    const std::string manifest = FUTOLAB_SOURCE_DIR "/bench/v1/manifest.json";
    std::ofstream(dir / "cmd.yaml") << "commands:\n  - name: x\n    run: [ \"true\" ]\n";
    REQUIRE(run_cli("critical --exact --n 4 --objective k --shard 0/2 --certificate s0.cert --out /dev/null", dir.string()).exit_code == 0);
    struct Case {
        std::string args, input, pair;  // the command line, what standard input is, the two names said
    };
    const Case cases[] = {
        {"check --expect - -", "out/s.csv", "-: given twice (--expect and input 1)"},
        {"check --expect - out/s.csv -", manifest, "-: given twice (--expect and input 2)"},
        {"check --expect /dev/stdin -", "out/s.csv", "/dev/stdin: given twice (--expect and input 1 as -)"},
        {"check --expect - /proc/self/fd/0", "out/s.csv", "-: given twice (--expect and input 1 as /proc/self/fd/0)"},
        {"solve - -s command:name=x --commands -", puzzle, "-: given twice (input 1 and --commands)"},
        {"solve " + puzzle + " /dev/fd/0 -s command:name=x --commands -", puzzle, "/dev/fd/0: given twice (input 2 and --commands as -)"},
        {"solve /dev/stdin /dev/fd/0", puzzle, "/dev/stdin: given twice (inputs 1 and 2 as /dev/fd/0)"},
        {"check - /dev/stdin", puzzle, "-: given twice (inputs 1 and 2 as /dev/stdin)"},
        {"grade /proc/self/fd/0 " + puzzle + " -", puzzle, "/proc/self/fd/0: given twice (inputs 1 and 3 as -)"},
        {"analyze - /dev/stdin", "out/s.csv", "-: given twice (inputs 1 and 2 as /dev/stdin)"},
        {"compare /dev/stdin out/s.csv -", "out/s.csv", "/dev/stdin: given twice (inputs 1 and 3 as -)"},
        {"report /dev/stdin - --out r.html", "out/s.csv", "/dev/stdin: given twice (inputs 1 and 2 as -)"},
        {"critical --check-certificate - -", "s0.cert", "-: given twice (inputs 1 and 2)"},
        {"critical --check-certificate - /dev/stdin", "s0.cert", "-: given twice (inputs 1 and 2 as /dev/stdin)"},
    };
    for (const Case& c : cases)
        for (const bool piped : {false, true}) {
            const auto r = piped ? run_cli_env("cat " + c.input + " | ", c.args, dir.string())
                                 : run_cli(c.args + " < " + c.input, dir.string());
            INFO(c.args << (piped ? " (piped)" : " (redirected)") << " -> " << r.err);
            CHECK(r.exit_code == 2);
            CHECK(r.err == "futolab: " + c.pair + ": standard input can be read only once; name it once\n");
            CHECK(r.out.empty());
        }
    CHECK_FALSE(fs::exists(dir / "r.html"));
    // Standard input named once, by any name, or a file named by both: read as before.
    for (const std::string& args : std::vector<std::string>{"solve /dev/stdin", "check /dev/fd/0 " + puzzle, "solve " + puzzle + " " + puzzle}) {
        const auto r = run_cli(args + " < " + puzzle, dir.string());
        INFO(args << " -> " << r.err);
        CHECK(r.exit_code == 0);
    }
    const auto expect = run_cli("check --expect - out/s.csv < " + manifest, dir.string());
    INFO(expect.err);
    CHECK_FALSE(has(expect.err, "given twice"));
    CHECK_FALSE(has(expect.err, "not a futolab-bench manifest"));
}
