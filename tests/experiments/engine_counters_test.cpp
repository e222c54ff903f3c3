// A counter a method's engine does not count is written empty, never 0 (SPEC §4), and resume
// and merge hold the row to it (experiments/method_counters.hpp): the CaDiCaL hitting-set engine
// of tasks exact and exact-sample counts no branch-and-bound nodes. Exact-sample wrote `nodes` 0
// (and its record's meta.nodes 0), a forged 5 was resumed and merged, and `compare
// --fail-on-change nodes` passed on zeros.
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/row_edits.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using futolab::Json;
using futolab::test::accepted_by_both;
using futolab::test::cell;
using futolab::test::has;
using futolab::test::refused_by_both;
using futolab::test::run_cli;
using futolab::test::table_of;
namespace fs = std::filesystem;

namespace {

fs::path sweep(const std::string& name, const std::string& config) { return futolab::test::sweep_in("engine-counters", name, config); }

const std::string kSample = "name: cad\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 1 }\n"
                            "methods: [ \"exact-sample:engine=cadical\" ]\n";
// As order_rows_test's: no class of this sample has a set cheaper than 8 (status multiple, no record).
const std::string kSampleNoSet = "name: ns\ntask: exact-sample\ninstances:\n  - critical_orders: { n: 4, seed: 2 }\n"
                                 "methods: [ \"exact-sample:sample=3,below=8,engine=cadical\" ]\n";
const std::string kExact = "name: ex\ntask: exact\ninstances:\n  - classes: { n: 4, count: 1 }\n"
                           "methods: [ \"exact:engine=cadical\" ]\n";

}  // namespace

TEST_CASE("engine cadical: exact-sample writes nodes empty and resume and merge hold it to that", "[resume][merge][exact-sample]") {
    const fs::path dir = sweep("sample", kSample);
    const futolab::CsvTable t = table_of(dir / "base" / "cad.csv");
    REQUIRE(cell(t, 0, "status") == "solved");
    CHECK(cell(t, 0, "nodes").empty());
    CHECK_FALSE(cell(t, 0, "checks").empty());
    CHECK_FALSE(Json::parse(cell(t, 0, "output"))["meta"].contains("nodes"));
    accepted_by_both(dir, "cad");
    refused_by_both(dir, "cad", 0, {{"nodes", "5"}, {"meta.nodes", "5"}}, "counts none (the cell is empty)");
    refused_by_both(dir, "cad", 0, {{"nodes", "0"}}, "counts none (the cell is empty)");
    refused_by_both(dir, "cad", 0, {{"meta.nodes", "0"}}, "a record with meta 'nodes', where engine=cadical counts none");

    const fs::path none = sweep("sample-no-set", kSampleNoSet);
    const futolab::CsvTable u = table_of(none / "base" / "ns.csv");
    REQUIRE(cell(u, 0, "status") == "multiple");
    CHECK(cell(u, 0, "nodes").empty());
    accepted_by_both(none, "ns");
    refused_by_both(none, "ns", 0, {{"nodes", "5"}}, "counts none (the cell is empty)");
}

TEST_CASE("engine cadical: compare says nodes are not measured, for exact-sample as for task exact", "[exact-sample][exact]") {
    const fs::path dir = sweep("compare", kSample);
    REQUIRE(run_cli("run -q cfg.yaml --out again", dir.string()).exit_code == 0);
    const auto r = run_cli("compare base/cad.csv again/cad.csv --fail-on-change nodes", dir.string());
    INFO(r.out << r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.out + r.err, "not measured"));
}

TEST_CASE("engine cadical: task exact holds its empty nodes, in the cell and the record, on resume and merge", "[resume][merge][exact]") {
    const fs::path dir = sweep("exact", kExact);
    const futolab::CsvTable t = table_of(dir / "base" / "ex.csv");
    CHECK(cell(t, 0, "nodes").empty());
    const std::string output = cell(t, 0, "output");
    CHECK_FALSE(Json::parse(output.substr(0, output.find('\n')))["meta"].contains("nodes"));
    accepted_by_both(dir, "ex");
    refused_by_both(dir, "ex", 0, {{"nodes", "5"}}, "counts none (the cell is empty)");
    refused_by_both(dir, "ex", 0, {{"meta.nodes", "0"}}, "a record with meta 'nodes', where engine=cadical counts none");
}

TEST_CASE("engine cadical: critical --exact --sample writes nodes empty in its CSV and record", "[exact-sample][cli]") {
    const fs::path dir = futolab::test::fresh_dir("engine-counters", "cli");
    const auto r = run_cli("critical --exact --sample 1 --n 4 --objective k --engine cadical --out s.jsonl", dir.string());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const futolab::CsvTable t = table_of(dir / "s.csv");
    CHECK(cell(t, 0, "nodes").empty());
    CHECK_FALSE(Json::parse(cell(t, 0, "output"))["meta"].contains("nodes"));
}
