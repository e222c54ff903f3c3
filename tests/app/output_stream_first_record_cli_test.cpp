// app/load.hpp, OutputStream: a record stream's file holds whole records of this command or is as
// it was. Red-team round 30 spot check: `generate --out new/a/b/g.jsonl` failing on its first
// record (a file size limit standing in for a full disk: sh's `ulimit -f`, 512-byte blocks; a
// 30x30 instance does not fit in one) left an empty g.jsonl and the folders made for it, and a
// generate that failed before its first record had already emptied the file it was to replace.
#include "../records/records_cli.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <algorithm>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::run_cli_env;
using futolab::test::slurp;
namespace fs = std::filesystem;

TEST_CASE("a record stream that fails on its first record leaves no file and no folder it made", "[cli][output][stream]") {
    const fs::path dir = fresh_dir("app", "stream-first-record");
    for (const std::string out : {"g.jsonl", "new/g.jsonl", "new/a/b/g.jsonl"}) {
        INFO(out);
        const auto r = run_cli_env("ulimit -f 1; ", "generate random --n 30 --out " + out, dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 1);
        CHECK(has(r.err, "File too large (it was the first record: " + out + " is removed again)"));
        CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 0);  // no file, lock or folder
    }
    // The same limit after whole records: they stay, and the message says the file ends with them.
    const auto r = run_cli_env("ulimit -f 2; ", "generate random --n 8 --count 20 --out g.jsonl", dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(has(r.err, "taken out again: the file ends with the last whole record"));
    const std::string kept = slurp((dir / "g.jsonl").string());
    CHECK_FALSE(kept.empty());
    CHECK(kept.back() == '\n');
    fs::remove_all(dir);
}

TEST_CASE("a record stream that fails before its first record leaves the file it was to replace as it was",
          "[cli][output][stream]") {
    const fs::path dir = fresh_dir("app", "stream-kept-file");
    std::ofstream(dir / "g.jsonl") << "earlier records\n";
    // Seed 5 at n = 7 gives no puzzle of grade fc in one square: the command fails before it writes.
    const auto r = run_cli("generate unique --n 7 --grade fc --max-attempts 1 --seed 5 --out g.jsonl", dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(has(r.err, "no puzzle of grade fc in 1 attempts"));
    CHECK(slurp((dir / "g.jsonl").string()) == "earlier records\n");
    // A first record the disk refuses: the file was cut for it, and is left empty, which the
    // message says (red-team round 30 spot check: "the file ends with the last whole record").
    const auto full = run_cli_env("ulimit -f 1; ", "generate random --n 30 --out g.jsonl", dir.string());
    INFO(full.err);
    CHECK(full.exit_code == 1);
    CHECK(has(full.err, "File too large (it was the first record: g.jsonl is left empty, its earlier records cut for this one)"));
    CHECK(slurp((dir / "g.jsonl").string()).empty());
    // A run that writes replaces it whole.
    REQUIRE(run_cli("generate random --n 4 --count 2 --out g.jsonl", dir.string()).exit_code == 0);
    const std::string now = slurp((dir / "g.jsonl").string());
    CHECK_FALSE(has(now, "earlier"));
    CHECK(std::count(now.begin(), now.end(), '\n') == 2);
    fs::remove_all(dir);
}

// Red-team round 30, F3: `convert … > f` on a full disk left half a record at the end of f, where
// solve, grade and generate behind the same redirect took it out again. Every format convert
// writes ends with whole records then (usp's text is one record: whole or nothing).
TEST_CASE("convert to a redirected standard output on a full disk ends with whole records", "[cli][output][stream]") {
    const fs::path dir = fresh_dir("app", "convert-full-stdout");
    REQUIRE(run_cli("generate random --n 6 --count 300 --out g.jsonl", dir.string()).exit_code == 0);
    for (const std::string to : {"jsonl", "tatham", "futo", "usp"}) {
        INFO(to);
        const auto r = run_cli_env("ulimit -f 3; ", "convert g.jsonl --to " + to + " > c." + to, dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 1);
        const std::string kept = slurp((dir / ("c." + to)).string());
        if (to == "usp") {
            CHECK(has(r.err, "cannot write to standard output: File too large (the record it was writing was taken out again"));
            CHECK(kept.empty());
            continue;
        }
        CHECK(has(r.err, "cannot write to standard output: File too large (the record it was writing was taken out again"));
        REQUIRE_FALSE(kept.empty());
        CHECK(kept.back() == '\n');
        // Whole records: read back by check (the file's own format, its extension).
        const auto c = run_cli("check c." + to, dir.string());
        INFO(c.err);
        CHECK(c.exit_code == 0);
    }
    fs::remove_all(dir);
}
