// Red-team round 18, A F2: once a results CSV had a row, `run --resume` (also with --redo, or
// a shard) replaced whatever regular file was at its `<stem>.jsonl` with the export, and a
// resume (run's or critical's) replaced any file at the CSV's column schema. A resume now takes
// only the CSV's earlier export there (every line a record of its rows, as export_outputs
// writes them) and only a column schema of its columns, refusing anything else with one line,
// exit 2, the file left as it was; a hard link to a user's file is the user's file.
#include "records_cli.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using namespace futolab::test;  // run_cli, run_cli_env, slurp, has, fresh_dir
namespace fs = std::filesystem;

namespace {

// An exhaustive experiment (records of exhaustive_minimum, two a row) over the orders given,
// each `repeats` times; returns its config, in `dir`, writing `dir`/out/e.csv.
std::string exhaustive_config(const std::string& dir, const std::vector<int>& orders, int repeats = 1) {
    std::ofstream out(dir + "/e.yaml");
    out << "name: e\ntask: exhaustive\nrepeats: " << repeats << "\ninstances:\n";
    for (const int n : orders) out << "  - critical_orders: { n: " << n << " }\n";
    out << "methods: [ \"exhaustive\" ]\noutput: out/e.csv\n";
    return dir + "/e.yaml";
}

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary | std::ios::trunc) << text; }

std::size_t lines(const std::string& text) { return static_cast<std::size_t>(std::ranges::count(text, '\n')); }

void refused_naming(const CliResult& r, const std::string& what) {
    INFO(r.out << "|" << r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, what));
    CHECK(lines(r.err) == 1);
}

}  // namespace

TEST_CASE("run --resume refuses a file at its outputs path that is not the CSV export and leaves it",
          "[records][outputs][resume]") {
    const std::string dir = fresh_dir("earlier-export", "refused").string();
    exhaustive_config(dir, {3});
    REQUIRE(run_cli("run -q e.yaml", dir).exit_code == 0);
    const std::string jsonl = dir + "/out/e.jsonl", csv = slurp(dir + "/out/e.csv"), exported = slurp(jsonl);
    REQUIRE(lines(exported) == 2);
    std::string other = exported.substr(0, exported.find('\n') + 1);  // a record of an order the CSV has not
    other.replace(other.find("exhaustive-n3"), 13, "exhaustive-n4");
    const std::vector<std::pair<std::string, std::string>> planted{
        {"my notes, not JSON\n", "its line 1 is no record of its rows"},
        {other, "its line 1 is no record of its rows"},
        {exported.substr(exported.find('\n') + 1) + other, "its line 2 is no record of its rows"},
        {exported.substr(0, exported.size() - 1), "its last line has no newline"},
        {"", "it is empty"},
        {exported + exported, fmt::format("{} bytes, more than the {} of all the records", 2 * exported.size(), exported.size())}};
    for (const auto& [text, why] : planted)
        for (const std::string how : {" --resume", " --resume --redo solved"}) {
            INFO(how << " over: " << text);
            write(jsonl, text);
            refused_naming(run_cli("run -q e.yaml" + how, dir), "out/e.jsonl: exists, and is not an earlier export of out/e.csv (" + why);
            CHECK(slurp(jsonl) == text);
            CHECK(slurp(dir + "/out/e.csv") == csv);
        }
    // A hard link to a user's file: refused by what it holds, the name and the file kept.
    write(dir + "/notes.txt", "the user's notes\n");
    fs::remove(jsonl);
    fs::create_hard_link(dir + "/notes.txt", jsonl);
    refused_naming(run_cli("run -q e.yaml --resume", dir), "is not an earlier export of out/e.csv");
    CHECK(fs::equivalent(jsonl, dir + "/notes.txt"));
    CHECK(slurp(dir + "/notes.txt") == "the user's notes\n");
}

TEST_CASE("run --resume takes the CSV export, whole or in part, and writes it again whole", "[records][outputs][resume][lifecycle]") {
    const std::string dir = fresh_dir("earlier-export", "taken").string();
    exhaustive_config(dir, {3, 4});
    REQUIRE(run_cli("run -q e.yaml", dir).exit_code == 0);
    const std::string jsonl = dir + "/out/e.jsonl", exported = slurp(jsonl);
    REQUIRE(lines(exported) == 4);
    for (const std::string& part : {exported, exported.substr(exported.find('\n') + 1),
                                    exported.substr(exported.find('\n') + 1) + exported.substr(0, exported.find('\n') + 1)}) {
        write(jsonl, part);
        const CliResult r = run_cli("run -q e.yaml --resume", dir);
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(slurp(jsonl) == exported);
    }
    const CliResult redo = run_cli("run -q e.yaml --resume --redo solved", dir);
    INFO(redo.err);
    CHECK(redo.exit_code == 0);
    CHECK(lines(slurp(jsonl)) == 4);
}

// A --redo takes rows out of the CSV before it runs them again. Their records were left in the
// export when the run then stopped before its end (here a file size limit: the CSV fills after
// about 11 of its 14 rows), and the next resume took that export for another file. The redo
// now writes the export of the rows it keeps first (none here: it is removed).
TEST_CASE("a --redo that stops before its end leaves an export the next resume takes", "[records][outputs][resume]") {
    const std::string dir = fresh_dir("earlier-export", "redo").string();
    exhaustive_config(dir, {3}, 14);
    REQUIRE(run_cli("run -q e.yaml", dir).exit_code == 0);
    REQUIRE(lines(slurp(dir + "/out/e.jsonl")) == 28);
    // 24 blocks of 512 bytes (sh's ulimit -f): the schema (11 KiB) fits, the CSV's 14 rows do not.
    const CliResult stopped = run_cli_env("ulimit -f 24; ", "run -q e.yaml --resume --redo solved", dir);
    INFO(stopped.err);
    REQUIRE(stopped.exit_code == 1);
    REQUIRE(has(stopped.err, "File too large"));
    const CliResult resumed = run_cli("run -q e.yaml --resume", dir);
    INFO(resumed.err);
    CHECK(resumed.exit_code == 0);
    CHECK(lines(slurp(dir + "/out/e.jsonl")) == 28);
}

TEST_CASE("run and critical --resume refuse a file at the schema path that is not the CSV column schema",
          "[records][outputs][resume][companions]") {
    const std::string dir = fresh_dir("earlier-export", "schema").string();
    exhaustive_config(dir, {3});
    REQUIRE(run_cli("run -q e.yaml", dir).exit_code == 0);
    const std::string search = "critical --construct --n 4 --out a.jsonl";
    REQUIRE(run_cli(search, dir).exit_code == 0);
    const std::string schema = slurp(dir + "/out/e.csv.schema.json");
    std::string renamed = schema;  // a schema of other columns
    renamed.replace(renamed.find("\"name\": \"instance\""), 18, "\"name\": \"puzzle\"");
    for (const std::string& text : {std::string("the user's notes\n"), renamed}) {
        for (const auto& [name, args] : {std::pair{std::string("out/e.csv.schema.json"), std::string("run -q e.yaml --resume")},
                                         std::pair{std::string("a.csv.schema.json"), search + " --resume"}}) {
            INFO(args << " over: " << text.substr(0, 40));
            write(dir + "/" + name, text);
            refused_naming(run_cli(args, dir), name + ": is not the column schema of ");
            CHECK(slurp(dir + "/" + name) == text);
        }
    }
    write(dir + "/out/e.csv.schema.json", schema);
    CHECK(run_cli("run -q e.yaml --resume", dir).exit_code == 0);
}
