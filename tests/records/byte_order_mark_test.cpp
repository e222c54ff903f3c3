// A UTF-8 byte-order mark at the start of a file futolab reads is skipped by every reader
// (docs/formats.md), and now by every look at a file's first bytes too (core/files.hpp,
// read_file_head). Red-team round 23, B F1: with a mark before a results CSV's header, `run
// --resume` (--redo error too; tasks construct, few-relations, exact-sample, exhaustive) refused
// its own export, saying the CSV had "no results yet whose export it could be", though resume's
// row reader took every row; and a file output replaced a certificate or checkpoint file with a
// mark as a file of no kind.
#include "records_cli.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using namespace futolab::test;  // run_cli, slurp, has, fresh_dir
namespace fs = std::filesystem;

namespace {

const std::string kMark = "\xEF\xBB\xBF";

// A config of `task` (its method of the same name) over critical_orders n = 3, 4, in `dir`,
// writing out/c.csv and its export out/c.jsonl.
void export_config(const std::string& dir, const std::string& task) {
    std::ofstream(dir + "/c.yaml") << "name: c\ntask: " << task
                                   << "\ninstances:\n  - critical_orders: { n: 3 }\n  - critical_orders: { n: 4 }\nmethods: [ \""
                                   << task << "\" ]\noutput: out/c.csv\n";
}

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary | std::ios::trunc) << text; }

void put_mark_before(const std::string& path) { write(path, kMark + slurp(path)); }

}  // namespace

TEST_CASE("run --resume takes its own export beside a results CSV that starts with a byte-order mark",
          "[records][outputs][resume][bom][lifecycle]") {
    for (const std::string task : {"construct", "exhaustive"})
        for (const bool redo : {false, true}) {
            const std::string how = redo ? " --resume --redo error" : " --resume";
            const std::string dir = fresh_dir("byte-order-mark", task + (redo ? "-redo" : "")).string();
            export_config(dir, task);
            REQUIRE(run_cli("run -q c.yaml", dir).exit_code == 0);
            const std::string csv = dir + "/out/c.csv", jsonl = dir + "/out/c.jsonl", exported = slurp(jsonl);
            REQUIRE(!exported.empty());
            put_mark_before(csv);
            const CliResult r = run_cli("run c.yaml" + how, dir);
            INFO(task << how << ": " << r.err);
            CHECK(r.exit_code == 0);
            CHECK(has(r.out, "2 already done, 0 written now"));
            CHECK(slurp(jsonl) == exported);
            CHECK(slurp(csv).starts_with(kMark + "experiment,"));  // the file's own bytes: the mark stays
            // An export re-saved with a mark is read past it by every reader: still the earlier export.
            put_mark_before(jsonl);
            const CliResult again = run_cli("run -q c.yaml" + how, dir);
            INFO(again.err);
            CHECK(again.exit_code == 0);
            CHECK(slurp(jsonl) == exported);
        }
}

TEST_CASE("a file output refuses a certificate, checkpoint file, sidecar or results CSV that starts with a byte-order mark",
          "[records][outputs][bom]") {
    const std::string dir = fresh_dir("byte-order-mark", "kinds").string();
    REQUIRE(run_cli("critical --exact --n 3 --objective k --certificate cert.txt --out e.jsonl", dir).exit_code == 0);
    REQUIRE(run_cli("critical --n 3 --few-relations 3 --checkpoint ck --shards 2 --out f.jsonl", dir).exit_code == 0);
    const std::vector<std::pair<std::string, std::string>> kept{
        {"cert.txt", "is a futolab certificate (futolab-exact-critical"},
        {"ck/n3-k3-shard-000-of-002.yaml", "is a few-relations checkpoint file"},
        {"ck/n3-k3-of-002.table.md", "is a few-relations checkpoint table"},
        {"e.csv", "is a results CSV"},
        {"e.csv.meta.yaml", "is a metadata sidecar"}};
    for (const auto& [name, kind] : kept) {
        const std::string copy = dir + "/copy-" + fs::path(name).filename().string();
        write(copy, kMark + slurp(dir + "/" + name));
        const CliResult r = run_cli("critical --square \"2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4\" --out " + copy, dir);
        INFO(name << ": " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "--out " + copy + ": " + kind));
        CHECK(slurp(copy).starts_with(kMark));  // kept as it was
    }
}

TEST_CASE("a results CSV of a byte-order mark and its header alone, with no sidecar, is made again",
          "[records][outputs][bom]") {
    const std::string dir = fresh_dir("byte-order-mark", "unstarted").string();
    export_config(dir, "construct");
    REQUIRE(run_cli("run -q c.yaml", dir).exit_code == 0);
    const std::string csv = dir + "/out/c.csv", all = slurp(csv);
    for (const std::string& left : {kMark, kMark + all.substr(0, all.find('\n') + 1)}) {
        for (const char* companion : {".meta.yaml", ".schema.json"}) fs::remove(csv + companion);
        fs::remove(dir + "/out/c.jsonl");
        write(csv, left);
        const CliResult r = run_cli("run -q c.yaml", dir);
        INFO(r.err);
        CHECK(r.exit_code == 0);
        const std::string made = slurp(csv);
        CHECK(made.starts_with("experiment,"));  // made again: futolab writes no mark
        CHECK(std::ranges::count(made, '\n') == 3);  // its header and both rows
    }
}

// The table of a count is rewritten only if it is this count's, row by row: with a mark before
// its header it was "not this count's table (its line 1 is not the table's header line)".
TEST_CASE("critical --few-relations --checkpoint rewrites its own table that starts with a byte-order mark",
          "[records][outputs][bom]") {
    const std::string dir = fresh_dir("byte-order-mark", "table").string();
    const std::string count = "critical --n 3 --few-relations 3 --checkpoint ck --shards 2 --out f.jsonl";
    REQUIRE(run_cli(count, dir).exit_code == 0);
    const std::string table = dir + "/ck/n3-k3-of-002.table.md";
    put_mark_before(table);
    const CliResult r = run_cli(count, dir);
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(slurp(table).starts_with("| shard |"));
}
