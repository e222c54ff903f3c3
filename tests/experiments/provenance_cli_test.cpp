// Resume and merge refuse alike every row cell futolab would not write (issue #45, red-team
// round 11, tester B: F1 a status that is no run status, F23 emptied required cells and
// counters, F2 the grade cell, F4 a solution not in futolab's form, F5 a censored status
// without its limit, F6 max_rss_kb in thread isolation and core without pin). Before, each
// edit below was resumed as done and merged (exit 0), and analyze then refused the merge.
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/csv_edit.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

// Cell `column` of the first data row of CSV replaced by `value`.
void set_cell(const fs::path& csv, const std::string& column, const std::string& value) {
    futolab::CsvTable t = futolab::read_csv_file(csv.string());
    t.rows.at(0).at(t.column(column, csv.string())) = value;
    futolab::test::write_csv_table(csv, t);
}

// A finished sweep `pv` (fc and gac on conjure-4x4, thread isolation, no limits) in DIR/base.
void base_sweep(const fs::path& dir, const std::string& extra = "") {
    std::ofstream(dir / "cfg.yaml") << "name: pv\nseed: 1\nmode: { count: 2 }\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
                                       "/tests/data/good/conjure-4x4.jsonl\nsolvers: [ fc, gac ]\nisolation: thread\n"
                                    << extra;
    REQUIRE(run_cli("run -q cfg.yaml --out base", dir.string()).exit_code == 0);
}

// The base sweep's CSV with one cell edited: resume and merge of it, each exit 2 naming the
// file, line and column.
void refused_by_both(const fs::path& dir, const std::string& column, const std::string& value) {
    INFO(column << " = '" << value << "'");
    fs::remove_all(dir / "o");
    fs::remove_all(dir / "m");
    fs::copy(dir / "base", dir / "o");
    set_cell(dir / "o" / "pv.csv", column, value);
    const auto edited = futolab::read_csv_file((dir / "o" / "pv.csv").string());
    REQUIRE(edited.rows.at(0).at(edited.column(column, "pv.csv")) == value);
    const auto resumed = run_cli("run -q cfg.yaml --out o --resume", dir.string());
    CHECK(resumed.exit_code == 2);
    CHECK(has(resumed.err, "pv.csv:2:"));
    CHECK(has(resumed.err, "column '" + column + "'"));
    const auto merged = run_cli("merge o/pv.csv --out m/pv.csv", dir.string());
    CHECK(merged.exit_code == 2);
    CHECK(has(merged.err, "o/pv.csv:2:"));
    CHECK(has(merged.err, "column '" + column + "'"));
    CHECK(has(merged.err, "refusing to merge it"));
    CHECK_FALSE(fs::exists(dir / "m" / "pv.csv"));
}

std::string first_cell(const fs::path& dir, const std::string& column) {
    const std::string csv = (dir / "base" / "pv.csv").string();
    const futolab::CsvTable t = futolab::read_csv_file(csv);
    return t.rows.at(0).at(t.column(column, csv));
}

void accepted_by_both(const fs::path& dir) {
    fs::remove_all(dir / "o");
    fs::remove_all(dir / "m");
    fs::copy(dir / "base", dir / "o");
    CHECK(run_cli("run -q cfg.yaml --out o --resume", dir.string()).exit_code == 0);
    const auto merged = run_cli("merge o/pv.csv --out m/pv.csv", dir.string());
    CHECK(merged.exit_code == 0);
    CHECK(merged.err.find("checked against the other rows") == std::string::npos);  // against the instances
}

}  // namespace

TEST_CASE("resume and merge refuse a row cell futolab does not write (round 11)", "[resume][merge][records][lifecycle]") {
    const fs::path dir = fresh_dir("provenance", "cells");
    base_sweep(dir);
    accepted_by_both(dir);
    const std::string square = first_cell(dir, "solution");
    const std::vector<std::pair<std::string, std::string>> edits{
        {"status", "foo"},       {"status", ""},         {"status", "UNIQUE"},   {"status", "unique "},  // F1
        {"wall_ns", ""},         {"cpu_ns", ""},         {"nodes", ""},          {"fails", ""},          // F23
        {"max_depth", ""},       {"solutions", ""},      {"checks", ""},         {"propagations", ""},
        {"build", ""},           {"deterministic", ""},  {"seed", ""},          {"session", ""},
        {"calibration_ns", ""},
        {"grade", "fc"},         {"grade", "bogus"},                                                     // F2
        {"status", "timeout"},   {"status", "node_limit"},                                               // F5
        {"max_rss_kb", "5000"},  {"core", "99"},         {"core", "4294967296"},                         // F6
        {"solution", square + " "}, {"solution", " " + square}};                                         // F4
    for (const auto& [column, value] : edits) refused_by_both(dir, column, value);
    fs::remove_all(dir);
}

TEST_CASE("with grade: true resume and merge refuse a grade that is not the instance's (round 11, F2)",
          "[resume][merge][records]") {
    const fs::path dir = fresh_dir("provenance", "grade");
    base_sweep(dir, "grade: true\n");
    accepted_by_both(dir);
    const std::string grade = first_cell(dir, "grade");
    REQUIRE_FALSE(grade.empty());
    for (const std::string& value : {std::string("bogus"), std::string(""), std::string(grade == "search" ? "fc" : "search")})
        refused_by_both(dir, "grade", value);
    fs::remove_all(dir);
}

// Round 11, F18: a sidecar listing the config's one input file twice was said to list a file
// "the config no longer reads".
TEST_CASE("resume names an input its sidecar lists twice as such", "[resume][records]") {
    const fs::path dir = fresh_dir("provenance", "inputs-twice");
    base_sweep(dir);
    const fs::path sidecar = dir / "base" / "pv.csv.meta.yaml";
    std::string text = futolab::test::slurp(sidecar.string());
    const auto at = text.find("  - {file: ");
    REQUIRE(at != std::string::npos);
    const std::string line = text.substr(at, text.find('\n', at) + 1 - at);
    text.insert(at, line);
    std::ofstream(sidecar, std::ios::trunc) << text;
    const auto r = run_cli("run -q cfg.yaml --out base --resume", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "conjure-4x4.jsonl twice (its sidecar lists it again as input 2), not inputs that list it once"));
    CHECK_FALSE(has(r.err, "no longer reads"));
    fs::remove_all(dir);
}

// Round 11, F7: a one-pass greedy critical row whose output says 0 or 2 starts was resumed
// and merged (its iterations, checks and cost were refused).
TEST_CASE("resume and merge refuse a greedy critical record whose starts are not its one pass", "[resume][merge][records]") {
    const fs::path dir = fresh_dir("provenance", "starts");
    std::ofstream(dir / "cfg.yaml") << "name: pv\nseed: 1\ntask: critical\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
                                       "/tests/data/good/conjure-4x4.jsonl\nmethods: [ critical ]\n";
    REQUIRE(run_cli("run -q cfg.yaml --out base", dir.string()).exit_code == 0);
    accepted_by_both(dir);
    const std::string output = first_cell(dir, "output");
    const auto at = output.find("\"starts\":1");
    REQUIRE(at != std::string::npos);
    for (const char* starts : {"0", "2"}) {
        std::string edited = output;
        edited.replace(at, 10, std::string("\"starts\":") + starts);
        refused_by_both(dir, "output", edited);
    }
    fs::remove_all(dir);
}
