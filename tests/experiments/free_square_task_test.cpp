// Task free-square (`futolab critical --free-square` through the experiment driver): a
// `critical_orders:` source gives `count` runs from the empty board (seeds seed..seed + count − 1)
// or one run per start puzzle of its `file`; resume and merge verify each record's set again and
// hold the record to what the run writes for it (experiments/order_outputs.hpp), without running
// the search again; the config's refusals name the field; temperature is a real-valued option;
// exact-sample takes `count` too.
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/row_edits.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::Json;
using futolab::test::accepted_by_both;
using futolab::test::cell;
using futolab::test::has;
using futolab::test::record_edited;
using futolab::test::refused_by_both;
using futolab::test::row_of;
using futolab::test::table_of;
namespace fs = std::filesystem;

namespace {

// A zero-given puzzle of order 5 with 6 relations, unique and critical (the record of
// `critical --free-square --n 5 --seed 7 --iterations 200`).
const std::string kStart = R"({"id":"p1","n":5,"givens":[],"lt":[[2,3,2,2],[3,1,3,2],[4,1,4,2],[2,2,1,2],[2,1,3,1],[2,4,3,4]]})";

// kStart in a file of its own (an absolute path: the sweeps resume from their own folders).
const std::string& starts_file() {
    static const std::string path = [] {
        const fs::path dir = futolab::test::fresh_dir("free-square-task", "starts");
        std::ofstream(dir / "starts.jsonl") << kStart << "\n";
        return (dir / "starts.jsonl").string();
    }();
    return path;
}

fs::path sweep(const std::string& name, const std::string& config) { return futolab::test::sweep_in("free-square-task", name, config); }

}  // namespace

TEST_CASE("task free-square: runs from the empty board and from start puzzles, each record verified again by resume and merge",
          "[resume][merge][free-square][long]") {
    const fs::path dir = sweep("runs", "name: fs\ntask: free-square\ninstances:\n  - critical_orders: { n: 5, count: 2, seed: 7 }\n"
                                       "  - critical_orders: { file: \"" + starts_file() + "\", seed: 4 }\n"
                                       "methods: [ \"free-square:iterations=40,temperature=0.40\" ]\n");
    const futolab::CsvTable t = table_of(dir / "base" / "fs.csv");
    REQUIRE(t.rows.size() == 3);
    const std::size_t empty = row_of(t, "zero-given-n5-free-s8"), start = row_of(t, "p1:free-s4");
    static_cast<void>(row_of(t, "zero-given-n5-free-s7"));
    CHECK(cell(t, empty, "seed") == "8");
    CHECK(cell(t, start, "seed") == "4");
    CHECK(cell(t, empty, "status") == "critical");
    CHECK(cell(t, empty, "h") == "0");
    CHECK(has(cell(t, empty, "options"), "temperature=0.4,"));  // the canonical text of the double
    CHECK(cell(t, empty, "fails").empty());
    const Json record = Json::parse(cell(t, empty, "output"));
    CHECK(record["id"] == "zero-given-n5-free-s8");
    CHECK(record["meta"]["seed"] == 8);
    CHECK(record["meta"]["temperature"] == 0.4);
    CHECK(record["meta"]["started_from"] == "empty");
    CHECK(cell(t, empty, "k") == std::to_string(record["lt"].size()));
    CHECK(cell(t, empty, "nodes") == record["meta"]["checks"].dump());
    CHECK(Json::parse(cell(t, start, "output"))["meta"]["started_from"] == "input");
    accepted_by_both(dir, "fs");
    // A relation dropped (k with it): the set no longer determines its square.
    refused_by_both(dir, "fs", empty, futolab::test::relation_dropped(empty), "not uniquely completable by its square");
    refused_by_both(dir, "fs", empty, {{"k", "3"}}, "where the row's h and k are");
    refused_by_both(dir, "fs", empty, record_edited(empty, [](Json& r) { r["id"] = "zero-given-n5-free-s9"; }),
                    "whose id is not the row's instance");
    refused_by_both(dir, "fs", empty, {{"meta.seed", "9"}}, "other than the one the search writes for its set (seed 8");
    refused_by_both(dir, "fs", empty, {{"meta.temperature", "0.5"}}, "other than the one the search writes");
    refused_by_both(dir, "fs", start, {{"meta.started_from", "\"empty\""}}, "started from the instance");
    refused_by_both(dir, "fs", empty, {{"meta.checks", "-1"}}, "'checks' is not a whole number");
    refused_by_both(dir, "fs", empty, {{"nodes", "1"}}, "where its record's search counts");
    refused_by_both(dir, "fs", empty, {{"seed", "9"}}, "seed");
    // Another square: its rows swapped, which the relations do not allow (or a second solution).
    refused_by_both(dir, "fs", start, record_edited(start, [](Json& r) { std::swap(r["solution"][0], r["solution"][1]); }),
                    "column 'output'");
}

TEST_CASE("task free-square: a budget spent without a puzzle is a timeout row that says so", "[resume][merge][free-square]") {
    // A node limit of 1 leaves every check undecided: no start succeeds in the 5 iterations.
    const fs::path dir = sweep("none", "name: fn\ntask: free-square\ninstances:\n  - critical_orders: { n: 5 }\n"
                                       "methods: [ \"free-square:iterations=5,node_limit=1\" ]\n");
    const futolab::CsvTable t = table_of(dir / "base" / "fn.csv");
    REQUIRE(t.rows.size() == 1);
    CHECK(cell(t, 0, "status") == "timeout");
    CHECK(cell(t, 0, "message") == "no zero-given puzzle found in the budget");
    CHECK(cell(t, 0, "output").empty());
    CHECK(cell(t, 0, "nodes").empty());
    CHECK(cell(t, 0, "solutions") == "0");
    accepted_by_both(dir, "fn");
    refused_by_both(dir, "fn", 0, {{"message", "interrupted"}}, "where its run writes 'no zero-given puzzle found in the budget'");
    refused_by_both(dir, "fn", 0, {{"status", "multiple"}}, "a status task free-square never writes");
}

TEST_CASE("critical_orders count and file, a real temperature: refusals name the field",
          "[config][free-square]") {
    const fs::path dir = futolab::test::fresh_dir("free-square-task", "refusals");
    std::ofstream(dir / "starts.jsonl") << kStart << "\n";
    std::ofstream(dir / "given.jsonl") << R"({"id":"g","n":3,"givens":[[0,0,1]],"lt":[]})" << "\n";
    const auto refused = [&](const std::string& source, const std::string& method, const std::string& says) {
        const std::string config = "name: e\ntask: " + std::string(method.starts_with("free-square") ? "free-square" : method) +
                                   "\ninstances:\n  - critical_orders: " + source + "\nmethods: [ \"" + method + "\" ]\n";
        const std::string err = futolab::test::config_refused(dir, config, says);
        CHECK(has(err, "cfg.yaml:"));
        CHECK(err.find('\n') == err.size() - 1);  // one line
    };
    refused("{ n: 5, count: 2 }", "construct", "critical_orders.count does not apply to task construct");
    refused("{ file: starts.jsonl }", "exact-sample", "critical_orders.file does not apply to task exact-sample");
    refused("{ n: 5, file: starts.jsonl }", "free-square", "'n' (runs from the empty board) or 'file' (start puzzles), not both");
    refused("{ file: starts.jsonl, count: 2 }", "free-square", "critical_orders.count applies with 'n' only");
    refused("{ seed: 3 }", "free-square", "critical_orders needs 'n' or 'file'");
    refused("{ file: given.jsonl }", "free-square", "has givens");
    refused("{ n: 5 }", "free-square:temperature=2e9", "temperature=2e9 is too large (at most 1000000000)");
    refused("{ n: 5 }", "free-square:temperature=abc", "temperature=abc is invalid (valid: a number 0..1000000000)");
    refused("{ n: 5 }", "free-square:temperature=-1", "temperature=-1 is invalid");
    refused("{ n: 5 }", "free-square:temperature=nan", "temperature=nan is invalid");
    refused("{ n: 5 }", "free-square:time_limit=1e10", "time_limit=1e10 is too large");
    refused("{ n: 5 }", "free-square:patience=0", "patience=0 is too small");
}

TEST_CASE("critical_orders count gives task exact-sample one run per seed", "[config][exact-sample]") {
    const fs::path dir = sweep("sample-count", "name: sc\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 3, count: 2 }\n"
                                               "methods: [ \"exact-sample:objective=2h+3k\" ]\n");
    const futolab::CsvTable t = table_of(dir / "base" / "sc.csv");
    REQUIRE(t.rows.size() == 2);
    CHECK(cell(t, row_of(t, "n4-s4"), "seed") == "4");
    CHECK(Json::parse(cell(t, row_of(t, "n4-s3"), "output"))["meta"]["sample_seed"] == 3);
    accepted_by_both(dir, "sc");
}
