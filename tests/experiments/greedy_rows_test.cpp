// Red-team round 12 (issue #45), tester B, on the rows of task greedy (`futolab critical`'s
// default search) and the other square tasks: F1 merge refused every task greedy CSV (it
// derived the seed from the config seed, where each square runs with its own); F4 a search
// bounded by time_ms said deterministic=1; F5 an output record's iterations and a successful
// row's message were resumed as edited; F6 whole-number cells with leading zeros were resumed
// (and merged) as typed.
#include "core/instance.hpp"
#include "experiments/methods.hpp"
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/csv_edit.hpp"
#include "tests/experiments/row_edits.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::accepted_by_both;
using futolab::test::cell;
using futolab::test::edit_row;
using futolab::test::refused_by_both;
using futolab::test::table_of;
namespace fs = std::filesystem;

namespace {

// Two methods (a search bounded by iterations, one by time) on two squares of their own seeds.
constexpr const char* kGreedyConfig =
    "name: gr\ntask: greedy\ninstances:\n  - critical_squares: { n: 3, count: 2, seed: 7 }\n"
    "methods: [ \"critical:objective=h+k,iterations=3\", \"critical:objective=h+k,time_ms=5\" ]\n";

// A finished sweep of `config` (DIR/cfg.yaml) in DIR/base.
fs::path sweep(const std::string& name, const std::string& config = kGreedyConfig) {
    return futolab::test::sweep_in("greedy-rows", name, config);
}

// The first row of method `options_part` in base/gr.csv.
std::size_t row_of(const fs::path& dir, const std::string& options_part) {
    const futolab::CsvTable t = table_of(dir / "base" / "gr.csv");
    for (std::size_t r = 0; r < t.rows.size(); ++r)
        if (has(cell(t, r, "options"), options_part)) return r;
    FAIL("no row of " << options_part);
    return 0;
}

}  // namespace

TEST_CASE("merge takes task greedy shards, each square's runs with its own seed, and refuses another seed (round 12, F1)",
          "[merge][greedy]") {
    const fs::path dir = fresh_dir("greedy-rows", "merge");
    std::ofstream(dir / "cfg.yaml") << kGreedyConfig;
    REQUIRE(run_cli("run -q cfg.yaml --shard 0/2 --out s", dir.string()).exit_code == 0);
    REQUIRE(run_cli("run -q cfg.yaml --shard 1/2 --out s", dir.string()).exit_code == 0);
    const auto merged = run_cli("merge s/gr.shard-0-of-2.csv s/gr.shard-1-of-2.csv --out m.csv", dir.string());
    INFO(merged.err);
    CHECK(merged.exit_code == 0);
    const futolab::CsvTable t = table_of(dir / "m.csv");
    REQUIRE(t.rows.size() == 4);
    CHECK(cell(t, 0, "seed") == "7");  // critical-n3-s7's own seed, in both methods' runs
    CHECK(cell(t, 1, "seed") == "7");
    CHECK(cell(t, 3, "seed") == "8");
    // futolab critical's own CSV (its default search runs as task greedy).
    REQUIRE(run_cli("critical --n 3 --count 2 --out n.jsonl", dir.string()).exit_code == 0);
    const auto own = run_cli("merge n.csv --out mn.csv", dir.string());
    INFO(own.err);
    CHECK(own.exit_code == 0);
    // A file: source, every square with the source's seed.
    std::ofstream(dir / "file.yaml") << "name: gf\ntask: greedy\ninstances:\n  - critical_squares: { file: " FUTOLAB_SOURCE_DIR
                                        "/tests/data/good/conjure-4x4.jsonl, seed: 5 }\nmethods: [ critical ]\n";
    REQUIRE(run_cli("run -q file.yaml --out f", dir.string()).exit_code == 0);
    CHECK(run_cli("merge f/gf.csv --out mf.csv", dir.string()).exit_code == 0);
    // Another seed, in the cell and the record alike: only the instance's own seed shows it
    // (resume finds no run of that seed: resume_rows_test).
    edit_row(dir / "f" / "gf.csv", 0, {{"seed", "6"}, {"meta.seed", "6"}});
    const auto refused = run_cli("merge f/gf.csv --out mf2.csv", dir.string());
    CHECK(refused.exit_code == 2);
    CHECK(has(refused.err, "f/gf.csv:2:9: column 'seed' is '6', where run 0 of this experiment writes '5'"));
    CHECK_FALSE(fs::exists(dir / "mf2.csv"));
    fs::remove_all(dir);
}

TEST_CASE("a method's counters are deterministic unless time_ms bounds a search of more than one pass (round 12, F4)",
          "[methods][greedy]") {
    using futolab::method_counters_deterministic;
    using futolab::parse_method_spec;
    using futolab::Task;
    CHECK(method_counters_deterministic(parse_method_spec(Task::greedy, "critical"), {}));
    CHECK(method_counters_deterministic(parse_method_spec(Task::greedy, "critical:objective=k,iterations=9"), {}));
    CHECK_FALSE(method_counters_deterministic(parse_method_spec(Task::greedy, "critical:objective=h+k,time_ms=5"), {}));
    CHECK_FALSE(method_counters_deterministic(parse_method_spec(Task::critical, "critical:objective=2h+3k,iterations=3,time_ms=5"), {}));
    CHECK(method_counters_deterministic(parse_method_spec(Task::generate, "unique"), {}));
    CHECK(method_counters_deterministic(parse_method_spec(Task::exact_square, "exact-square"), {}));
    CHECK(method_counters_deterministic(parse_method_spec(Task::exact, "exact"), {}));
}

TEST_CASE("task greedy rows say whether their counters are deterministic, and resume and merge hold them to it (round 12, F4)",
          "[resume][merge][greedy]") {
    const fs::path dir = sweep("deterministic");
    const futolab::CsvTable t = table_of(dir / "base" / "gr.csv");
    const std::size_t timed = row_of(dir, "time_ms=5"), counted = row_of(dir, "iterations=3");
    CHECK(cell(t, timed, "deterministic") == "0");
    CHECK(cell(t, counted, "deterministic") == "1");
    accepted_by_both(dir, "gr");
    refused_by_both(dir, "gr", timed, {{"deterministic", "1"}}, "column 'deterministic' is '1'");
    refused_by_both(dir, "gr", counted, {{"deterministic", "0"}}, "column 'deterministic' is '0'");
    fs::remove_all(dir);
}

TEST_CASE("resume and merge refuse a greedy row's edited iterations or message (round 12, F5)", "[resume][merge][greedy]") {
    const fs::path dir = sweep("meta");
    const std::size_t counted = row_of(dir, "iterations=3"), timed = row_of(dir, "time_ms=5");
    for (const char* iterations : {"2", "4"})
        refused_by_both(dir, "gr", counted, {{"meta.iterations", iterations}},
                        std::string("a record of ") + iterations + " iterations, where the method makes exactly 3");
    refused_by_both(dir, "gr", counted, {{"message", "hello"}}, "column 'message' is 'hello', where a 'critical' run writes none");
    refused_by_both(dir, "gr", timed, {{"message", "hello"}}, "column 'message' is 'hello'");
    fs::remove_all(dir);
}

TEST_CASE("resume and merge refuse whole-number cells with a leading zero (round 12, F6)", "[resume][merge][greedy][long]") {
    const fs::path dir = sweep("zeros");
    const futolab::CsvTable t = table_of(dir / "base" / "gr.csv");
    for (const char* column : {"seed", "nodes", "wall_ns", "h", "k", "run", "repeat"}) {
        const std::string value = cell(t, 0, column) == "0" ? "00" : "0" + cell(t, 0, column);
        refused_by_both(dir, "gr", 0, {{column, value}}, "column '" + std::string(column) + "': '" + value + "' has a leading zero");
    }
    fs::remove_all(dir);
    // A solve sweep's counters alike.
    const fs::path solve = sweep("zeros-solve", "name: sv\nseed: 1\ninstances:\n  - file: " FUTOLAB_SOURCE_DIR
                                                "/tests/data/good/conjure-4x4.jsonl\nsolvers: [ fc ]\nisolation: thread\n");
    for (const char* column : {"nodes", "fails", "checks"}) {
        const std::string value = "0" + cell(table_of(solve / "base" / "sv.csv"), 0, column);
        refused_by_both(solve, "sv", 0, {{column, value}}, "has a leading zero, where futolab writes none");
    }
    fs::remove_all(solve);
}

TEST_CASE("resume and merge refuse an exact-square row's edited limits in its record or message (round 12, F5)",
          "[resume][merge][exact-square]") {
    const fs::path dir = sweep("exact-square", "name: es\ntask: exact-square\ninstances:\n  - critical_squares: { n: 3, count: 1, seed: 3 }\n"
                                               "methods: [ \"exact-square:objective=k\" ]\nlimits: { time: 600, cpu: 300 }\n");
    const futolab::CsvTable t = table_of(dir / "base" / "es.csv");
    REQUIRE(cell(t, 0, "status") == "solved");
    CHECK(cell(t, 0, "deterministic") == "0");  // the limits can cut the search (round 14, B F6)
    accepted_by_both(dir, "es");
    refused_by_both(dir, "es", 0, {{"meta.time_limit_s", "30"}}, "meta 'time_limit_s' is 30, where the method writes 600");
    refused_by_both(dir, "es", 0, {{"meta.cpu_limit_s", "600"}}, "meta 'cpu_limit_s' is 600, where the method writes 300");
    refused_by_both(dir, "es", 0, {{"message", "hello"}}, "column 'message' is 'hello', where a 'solved' run writes none");
    fs::remove_all(dir);
}

TEST_CASE("resume and merge refuse an exact row's edited minimum or message, and take a frontier's (round 12, F5)",
          "[resume][merge][exact]") {
    const fs::path dir = sweep("exact", "name: ex\ntask: exact\ninstances:\n  - classes: { n: 3 }\n"
                                       "methods: [ exact, \"exact:objective=frontier\" ]\nisolation: thread\n");
    accepted_by_both(dir, "ex");
    const futolab::CsvTable t = table_of(dir / "base" / "ex.csv");
    REQUIRE(cell(t, 0, "status") == "solved");
    const std::string minimum = futolab::Json::parse(cell(t, 0, "output"))["meta"]["minimum"].dump();
    REQUIRE(cell(t, 0, "message") == "minimum 2h+3k = " + minimum);
    refused_by_both(dir, "ex", 0, {{"message", "hello"}}, "column 'message' is 'hello', where its run writes 'minimum 2h+3k = ");
    refused_by_both(dir, "ex", 0, {{"meta.minimum", "99"}}, "a record whose meta 'minimum' is not " + minimum);
    refused_by_both(dir, "ex", 0, {{"meta.objective", "\"k\""}}, "a record whose meta 'objective' is not \"2h+3k\"");
    fs::remove_all(dir);
}

namespace {

// Every whole number of row `row`'s record meta (one record) written as `V.0` instead: resume
// and merge refuse it, naming the key. nlohmann's == takes 10.0 for 10, so the keys compared
// with what the method writes (minimum, orbit, h, n, 2h+3k, bound, slack, h+k) were kept.
void whole_meta_as_floats_refused(const fs::path& dir, const std::string& name, std::size_t row) {
    const futolab::Json meta = futolab::Json::parse(cell(table_of(dir / "base" / (name + ".csv")), row, "output"))["meta"];
    int keys = 0;
    for (const auto& [key, value] : meta.items()) {
        if (!value.is_number_integer()) continue;
        ++keys;
        refused_by_both(dir, name, row, {{"meta." + key, value.dump() + ".0"}}, "a record whose meta '" + key + "'");
    }
    CHECK(keys >= 5);
}

}  // namespace

TEST_CASE("resume and merge refuse a whole-number meta written as a float in greedy, exact and exact-square records",
          "[resume][merge][greedy][exact][exact-square][lifecycle]") {
    const fs::path greedy = sweep("float-meta-greedy");
    whole_meta_as_floats_refused(greedy, "gr", row_of(greedy, "iterations=3"));
    fs::remove_all(greedy);
    const fs::path exact = sweep("float-meta-exact", "name: ex\ntask: exact\ninstances:\n  - classes: { n: 3 }\n"
                                                    "methods: [ exact ]\nisolation: thread\n");
    whole_meta_as_floats_refused(exact, "ex", 0);
    fs::remove_all(exact);
    const fs::path square = sweep("float-meta-square", "name: es\ntask: exact-square\ninstances:\n  - critical_squares: { n: 3, "
                                                       "count: 1, seed: 3 }\nmethods: [ \"exact-square:objective=k\" ]\n");
    whole_meta_as_floats_refused(square, "es", 0);
    fs::remove_all(square);
}

// The search's cpu_seconds is its thread's CPU inside the run's: 50.0 in a row of 9.5 ms cpu_ns
// was resumed and merged (red-team round 24, B F1).
TEST_CASE("resume and merge refuse an exact-square record whose cpu_seconds is past the row's cpu_ns", "[resume][merge][exact-square]") {
    const fs::path dir = sweep("cpu-seconds", "name: es\ntask: exact-square\ninstances:\n  - critical_squares: { n: 3, count: 1, seed: 3 }\n"
                                             "methods: [ \"exact-square:objective=k\" ]\n");
    refused_by_both(dir, "es", 0, {{"meta.cpu_seconds", "50.0"}}, "a record whose meta 'cpu_seconds' is 50 s, more than the run's cpu_ns");
    fs::remove_all(dir);
}
