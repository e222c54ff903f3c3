// `convert` and `report` make no folders (docs/cli.md): a file output whose folder is missing was
// found only at the final write, "cannot write nodir/x.jsonl: No such file or directory", exit 1,
// after every instance was read or the whole study and its figures made (red-team round 24, a
// borderline then). Now refused before any work, exit 2, one line naming the missing folder, and
// nothing made. generate, run, merge, analyze and critical make the folder (tested elsewhere).
#include "tests/app/cli_runner.hpp"
#include "tests/app/small_sweep.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

const std::string kGood = FUTOLAB_SOURCE_DIR "/tests/data/good/";

// One refusal of a missing folder: exit 2, its one line (`advice` ending it), nothing on
// standard output.
void check_refused(const futolab::test::CliResult& r, const std::string& out, const std::string& folder,
                   const std::string& command, const std::string& advice = "") {
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: --out " + out + ": its folder " + folder + " is not there (" + command +
                       " makes no folders: make it first" + advice + ")\n");
    CHECK(r.out.empty());
}

}  // namespace

TEST_CASE("convert refuses a file output whose folder is missing before reading its input", "[cli][convert][output]") {
    const fs::path dir = futolab::test::fresh_dir("missing-out-folder", "convert");
    struct Case {
        std::string args, out, folder, redirect = "";
    };
    const Case cases[] = {
        {"convert " + kGood + "corpus.jsonl --to jsonl", "nodir/x.jsonl", "nodir"},
        {"convert " + kGood + "corpus.jsonl --to futo", "a/b/x.futo", "a/b"},
        {"convert " + kGood + "conjure-4x4.futo --to tatham", "nodir/x.tatham", "nodir"},
        {"convert " + kGood + "conjure-4x4.futo --to jsonl", "nosub/../x.jsonl", "nosub/.."},
        {"convert - --to jsonl", "nodir/x.jsonl", "nodir", " < " + kGood + "conjure-4x4.futo"},
        // Before the input is read: a bad or missing input is not what is said first.
        {"convert " FUTOLAB_SOURCE_DIR "/tests/data/bad/futo-bad-token.futo --to jsonl", "nodir/x.jsonl", "nodir"},
        {"convert no-such-input.futo --to jsonl", "nodir/x.jsonl", "nodir"},
    };
    for (const Case& c : cases) {
        const std::string args = c.args + " --out " + c.out + c.redirect;
        const auto r = run_cli(args, dir.string());
        INFO(args << " -> " << r.err);
        check_refused(r, c.out, c.folder, "convert");
    }
    // A one-instance format: a folder named with a final '/' is the other way (it is made).
    for (const std::string input : {"corpus.jsonl", "conjure-4x4.futo"}) {
        const auto r = run_cli("convert " + kGood + input + " --to dzn --out nodir/x.dzn", dir.string());
        INFO(input << " -> " << r.err);
        check_refused(r, "nodir/x.dzn", "nodir", "convert",
                      ", or give --out nodir/x/ to write one file per instance into a folder it makes");
    }
    CHECK(fs::is_empty(dir));  // no folder made, no lock, no temporary file
    // A folder that is there is written into; a name ending in '/' still makes its folder.
    fs::create_directory(dir / "there");
    CHECK(run_cli("convert " + kGood + "corpus.jsonl --to jsonl --out there/x.jsonl", dir.string()).exit_code == 0);
    CHECK(fs::is_regular_file(dir / "there/x.jsonl"));
    CHECK(run_cli("convert " + kGood + "corpus.jsonl --to dzn --out made/x/", dir.string()).exit_code == 0);
    CHECK(fs::is_directory(dir / "made/x"));
    // A folder part that is no folder is named for what it is, not as missing.
    fs::create_symlink(dir / "nowhere", dir / "dangling");
    const auto link = run_cli("convert " + kGood + "corpus.jsonl --to jsonl --out dangling/x.jsonl", dir.string());
    INFO(link.err);
    CHECK(link.exit_code == 2);
    CHECK(has(link.err, "symbolic link to nothing"));
    CHECK_FALSE(has(link.err, "is not there"));
}

TEST_CASE("report refuses a page whose folder is missing before reading its inputs", "[cli][report][output]") {
    const fs::path dir = futolab::test::small_sweep("missing-out-folder", "report");
    struct Page {
        std::string out, folder;
    };
    for (const Page& p : {Page{"nodir/r.html", "nodir"}, Page{"a/b/r.html", "a/b"}}) {
        for (const std::string input : {"out/s.csv", "no-such.csv", FUTOLAB_SOURCE_DIR "/tests/data/bad-results/bad-status.csv"}) {
            const auto r = run_cli("report " + input + " --out " + p.out, dir.string());
            INFO(input << " --out " << p.out << " -> " << r.err);
            check_refused(r, p.out, p.folder, "report");
        }
    }
    CHECK_FALSE(fs::exists(dir / "nodir"));
    CHECK_FALSE(fs::exists(dir / "a"));
    // Piped results too: standard input is not read first.
    const auto piped = futolab::test::run_cli_env("cat out/s.csv | ", "report - --out nodir/r.html", dir.string());
    INFO(piped.err);
    check_refused(piped, "nodir/r.html", "nodir", "report");
}
