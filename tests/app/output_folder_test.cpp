// Folder outputs checked before any work (app/output_folder.hpp, red-team round 8): `analyze
// --plots X` with X a file or FIFO printed every table and then exited 2; `--tables -`,
// `--plots -` and `critical --checkpoint -` made a folder named "-"; `convert --out d/` with d a
// FIFO said "is a folder".
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <sys/stat.h>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

const std::string kCsv = FUTOLAB_SOURCE_DIR "/tests/data/analysis/paired.csv";
const std::string kPuzzle = FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.jsonl";

}  // namespace

TEST_CASE("a folder option given - is refused before any work, and no folder '-' is made", "[cli][output]") {
    const fs::path dir = fresh_dir("app", "folder-dash");
    for (const std::string& command : {"analyze " + kCsv + " --tables -", "analyze " + kCsv + " --plots - --plot cactus",
                                       std::string("critical --n 4 --few-relations 3 --checkpoint - --shards 2")}) {
        INFO(command);
        const auto r = run_cli(command, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, " -: a folder is needed, not standard output"));
        CHECK(r.out.empty());
        CHECK_FALSE(fs::exists(dir / "-"));
    }
    fs::remove_all(dir);
}

TEST_CASE("a folder option naming a file, FIFO or device is refused before the tables are printed", "[cli][output]") {
    const fs::path dir = fresh_dir("app", "folder-kinds");
    std::ofstream(dir / "file") << "x\n";
    REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"analyze " + kCsv + " --plots file --plot cactus", "--plots file: file is not a folder but a regular file"},
        {"analyze " + kCsv + " --plots fifo --plot cactus", "--plots fifo: fifo is not a folder but a FIFO (named pipe)"},
        {"analyze " + kCsv + " --tables file/sub", "--tables file/sub: file is not a folder but a regular file"},
        {"analyze " + kCsv + " --tables fifo", "--tables fifo: fifo is not a folder but a FIFO (named pipe)"},
        {"analyze " + kCsv + " --tables /dev/null", "--tables /dev/null: /dev/null is not a folder but a device"},
        {"critical --n 4 --few-relations 3 --checkpoint fifo --shards 2", "--checkpoint fifo: fifo is not a folder but a FIFO (named pipe)"},
        {"convert " + kPuzzle + " --to futo --out fifo/", "--out fifo/: fifo is not a folder but a FIFO (named pipe)"},
        {"convert " + kPuzzle + " --to futo --out file/", "--out file/: file is not a folder but a regular file"}};
    for (const auto& [command, message] : cases) {
        INFO(command);
        const auto r = futolab::test::run_cli_env("timeout 20 ", command, dir.string());  // a hang is exit 124
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, message));
        CHECK(r.out.empty());  // refused before the tables (or a shard) were printed
    }
    // run --out with a file, FIFO or device above the CSV's folder (red-team round 30, F2: "cannot
    // create the output folder: Not a directory", exit 1): refused as the others, nothing run.
    std::ofstream(dir / "r.yaml") << "name: r\nmode: { count: 1 }\nisolation: thread\ninstances:\n  - file: " << kPuzzle
                                  << "\nsolvers: [fc]\n";
    for (const auto& [out, message] : std::vector<std::pair<std::string, std::string>>{
             {"file/x", "file/x: file is not a folder but a regular file"},
             {"file/x/y", "file/x/y: file is not a folder but a regular file"},
             {"fifo/x", "fifo/x: fifo is not a folder but a FIFO (named pipe)"},
             {"/dev/null/x", "/dev/null/x: /dev/null is not a folder but a device"}}) {
        INFO(out);
        const auto r = futolab::test::run_cli_env("timeout 20 ", "run r.yaml -q --out " + out, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, message));
    }
    // A file, FIFO or device that a ".." follows: the kernel walks through it and fails, where the
    // path's lexical form drops both (round 30 spot check: the work was done, then exit 1).
    for (const std::string part : {"file", "fifo", "/dev/null"}) {
        const std::string kind = part == "file" ? "a regular file" : part == "fifo" ? "a FIFO (named pipe)" : "a device";
        for (const std::string& command :
             {"run r.yaml -q --out " + part + "/../o", "analyze " + kCsv + " --tables " + part + "/../t",
              "generate random --out " + part + "/../g.jsonl", "critical --exact --n 3 --objective h+k --certificate " + part + "/../x/c.cert",
              "convert " + kPuzzle + " --to futo --out " + part + "/../c.futo"}) {
            INFO(command);
            const auto r = futolab::test::run_cli_env("timeout 20 ", command, dir.string());
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, part + " is not a folder but " + kind));
        }
    }
    // A link to a folder is a folder.
    fs::create_directory(dir / "real");
    fs::create_directory_symlink(dir / "real", dir / "link");
    const auto r = run_cli("analyze " + kCsv + " --tables link", dir.string());
    CHECK(r.exit_code == 0);
    CHECK(fs::exists(dir / "real" / "summary.csv"));
    fs::remove_all(dir);
}

// Red-team round 11, F12: a symlink to nothing as a folder output failed only when the first
// file was written ("cannot create the folder: File exists"), after analyze had printed every
// table; run --out and critical --checkpoint the same, exit 1.
TEST_CASE("a folder option naming a symlink to nothing is refused before any work", "[cli][output]") {
    const fs::path dir = fresh_dir("app", "folder-dangling");
    fs::create_symlink(dir / "nowhere", dir / "dl");
    std::ofstream(dir / "a.yaml") << "name: a\nmode: { count: 1 }\ninstances:\n  - file: " << kPuzzle
                                  << "\nsolvers: [ \"gac\" ]\noutput: out/a.csv\n";
    const std::string message = "dl is not a folder but a symbolic link to nothing";
    for (const std::string& command :
         {"analyze " + kCsv + " --plots dl --plot cactus", "analyze " + kCsv + " --tables dl/sub", std::string("run -q a.yaml --out dl"),
          std::string("critical --n 4 --few-relations 3 --checkpoint dl --shards 2"), "convert " + kPuzzle + " --to futo --out dl/"}) {
        INFO(command);
        const auto r = futolab::test::run_cli_env("timeout 20 ", command, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, message));
        CHECK(r.out.empty());
        CHECK_FALSE(fs::exists(dir / "nowhere"));
    }
    // A file output whose folder is such a link: refused before the work, not "cannot write".
    for (const std::string& command : {std::string("generate random --n 4 --count 2 --out dl/g.jsonl"),
                                       "convert " + kPuzzle + " --to jsonl --out dl/x.jsonl",
                                       "report " + kCsv + " --out dl/r.html",
                                       std::string("critical --exact --n 3 --objective h --certificate dl/c.cert --out o.jsonl")}) {
        INFO(command);
        const auto r = futolab::test::run_cli_env("timeout 20 ", command, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, message));
        CHECK_FALSE(fs::exists(dir / "nowhere"));
    }
    fs::remove_all(dir);
}
