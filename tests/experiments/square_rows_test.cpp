// Red-team round 13 (issue #45), tester B, on the rows of task exact-square (`futolab critical
// --exact --square/--input`) and task greedy: F1 a `timeout` row, which carries its bounds
// record, could be neither resumed nor merged; F2 an edited meta.certificate was resumed and
// merged (and --certificate then wrote a false certificate); F4 an order the task does not
// take failed in its run, after the CSV was written; F9 counters futolab writes
// deterministically were kept as edited.
#include "core/instance.hpp"
#include "records/csv_reader.hpp"
#include "tests/app/cli_runner.hpp"
#include "tests/experiments/row_edits.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

using futolab::Json;
using futolab::test::accepted_by_both;
using futolab::test::cell;
using futolab::test::cells_set;
using futolab::test::has;
using futolab::test::record_edited;
using futolab::test::refused_by_both;
using futolab::test::run_cli;
using futolab::test::table_of;
namespace fs = std::filesystem;

namespace {

// The cyclic square of order 7: objective h's search takes far longer than its 200 ms of CPU
// (a thread run checks its own limit, so the row is a timeout with the bounds it reached).
constexpr const char* kCyclic7 = "1 2 3 4 5 6 7/2 3 4 5 6 7 1/3 4 5 6 7 1 2/4 5 6 7 1 2 3/5 6 7 1 2 3 4/6 7 1 2 3 4 5/7 1 2 3 4 5 6";

const std::string kTimeoutConfig = std::string("name: es\ntask: exact-square\ninstances:\n  - critical_squares: { square: \"") +
                                   kCyclic7 + "\" }\nmethods: [ \"exact-square:objective=h\" ]\nlimits: { cpu: 200ms }\n"
                                   "isolation: thread\n";

fs::path sweep(const std::string& name, const std::string& config) { return futolab::test::sweep_in("square-rows", name, config); }

}  // namespace

TEST_CASE("an exact-square timeout row carries its bounds record: resumed, redone and merged, and its edits refused (round 13, F1)",
          "[resume][merge][exact-square][long]") {
    const fs::path dir = sweep("timeout", kTimeoutConfig);
    const futolab::CsvTable t = table_of(dir / "base" / "es.csv");
    REQUIRE(cell(t, 0, "status") == "timeout");
    REQUIRE_FALSE(cell(t, 0, "output").empty());
    const Json meta = Json::parse(cell(t, 0, "output"))["meta"];
    CHECK(cell(t, 0, "message") == "bounds [" + meta["lower_bound"].dump() + ", " + meta["upper_bound"].dump() + "]");
    accepted_by_both(dir, "es");
    const auto redone = run_cli("run -q cfg.yaml --out o --resume --redo timeout", dir.string());
    INFO(redone.err);
    CHECK(redone.exit_code == 0);
    const int upper = meta["upper_bound"].get<int>();
    refused_by_both(dir, "es", 0, {{"meta.lower_bound", std::to_string(upper + 1)}}, "is above its set's cost");
    refused_by_both(dir, "es", 0, {{"meta.upper_bound", std::to_string(upper - 1)}}, "meta 'upper_bound' is");
    refused_by_both(dir, "es", 0, {{"meta.exact", "true"}}, "meta 'exact' is true, where the method writes false");
    refused_by_both(dir, "es", 0, {{"meta.timed_out", "false"}}, "meta 'timed_out' is false");
    refused_by_both(dir, "es", 0, {{"meta.minimum", std::to_string(upper)}}, "meta 'minimum', which the method does not write");
    refused_by_both(dir, "es", 0, {{"meta.cpu_limit_s", "0.5"}}, "meta 'cpu_limit_s' is 0.5, where the method writes 0.2");
    refused_by_both(dir, "es", 0, {{"message", "bounds [1, 99]"}}, "column 'message' is 'bounds [1, 99]'");
    refused_by_both(dir, "es", 0, {{"solutions", "0"}}, "column 'solutions' is '0', where its output holds 1 records");
    fs::remove_all(dir);
}

// A search stopped at a limit has spent it by its own clocks (tasks/exact_square.cpp counts its
// deadlines from where its record's times start): a timeout record's time_ms of 0, 0.001 or
// 100 under a 0.3 s limit was resumed and merged (red-team round 25, B F13).
TEST_CASE("an exact-square timeout record spent its limit by the search's own times", "[resume][merge][exact-square][limits][long]") {
    const fs::path wall = sweep("timeout-wall", std::string("name: es\ntask: exact-square\ninstances:\n  - critical_squares: { square: \"") +
                                                    kCyclic7 + "\" }\nmethods: [ \"exact-square:objective=h+k\" ]\nlimits: { time: 300ms }\n"
                                                    "isolation: thread\n");
    const futolab::CsvTable t = table_of(wall / "base" / "es.csv");
    REQUIRE(cell(t, 0, "status") == "timeout");
    const Json meta = Json::parse(cell(t, 0, "output"))["meta"];
    CHECK(meta["time_ms"].get<double>() >= 300);
    accepted_by_both(wall, "es");
    for (const char* time_ms : {"0.0", "0.001", "100", "299.8"})
        refused_by_both(wall, "es", 0, {{"meta.time_ms", time_ms}},
                        "a record whose search stopped at a limit (timed_out) after time_ms " + std::string(time_ms == std::string("0.0") ? "0" : time_ms) +
                            " and cpu_seconds");
    fs::remove_all(wall);
    // Under a CPU limit its cpu_seconds reached it (its wall time may be anything above).
    const fs::path cpu = sweep("timeout-cpu", kTimeoutConfig);
    REQUIRE(cell(table_of(cpu / "base" / "es.csv"), 0, "status") == "timeout");
    accepted_by_both(cpu, "es");
    refused_by_both(cpu, "es", 0, {{"meta.cpu_seconds", "0.1"}}, "short of every limit it had (cpu_limit_s 0.2)");
    fs::remove_all(cpu);
}

// The search looks at its deadlines every 256 branch-and-bound nodes and once per bound, and
// completes a candidate to a critical set without looking (seconds at n = 9): a record, proved
// or stopped, is within each limit plus 10 s and the limit again by its own times
// (class_search_facts.hpp, check_square_search_time); a proved record of 20 s under a 5 s limit
// was resumed and merged (red-team rounds 25 and 26 left it open).
TEST_CASE("an exact-square record finished within its limits and the step its search takes past one", "[resume][merge][exact-square][limits][long]") {
    const std::string cyclic4 = "name: es\ntask: exact-square\ninstances:\n  - critical_squares: { square: \"1 2 3 4/2 3 4 1/3 4 1 2/4 1 2 3\" }\n"
                                "methods: [ \"exact-square:objective=2h+3k\" ]\nisolation: thread\n";
    const fs::path wall = sweep("finished-wall", cyclic4 + "limits: { time: 5s }\n");
    REQUIRE(cell(table_of(wall / "base" / "es.csv"), 0, "status") == "solved");
    // The row's wall_ns holds the search's time_ms (check_search_ms): set above both.
    refused_by_both(wall, "es", 0, {{"meta.time_ms", "20100"}, {"wall_ns", "21000000000"}},
                    "a record whose meta 'time_ms' says its search took 20.1 s, more than limits.time (5 s) and 15 s past it");
    refused_by_both(wall, "es", 0, {{"meta.time_ms", "50000"}, {"wall_ns", "51000000000"}}, "more than limits.time (5 s)");
    accepted_by_both(wall, "es", cells_set(0, {{"meta.time_ms", "19900"}, {"wall_ns", "21000000000"}}));
    fs::remove_all(wall);
    const fs::path cpu = sweep("finished-cpu", cyclic4 + "limits: { cpu: 2s }\n");
    REQUIRE(cell(table_of(cpu / "base" / "es.csv"), 0, "status") == "solved");
    refused_by_both(cpu, "es", 0, {{"meta.cpu_seconds", "14.1"}, {"cpu_ns", "15000000000"}, {"wall_ns", "15000000000"}},
                    "a record whose meta 'cpu_seconds' says its search took 14.1 s, more than limits.cpu (2 s) and 12 s past it");
    accepted_by_both(cpu, "es", cells_set(0, {{"meta.cpu_seconds", "13.9"}, {"cpu_ns", "15000000000"}, {"wall_ns", "15000000000"}}));
    fs::remove_all(cpu);
    // A record stopped at its limit completed its set past it, and is held the same way.
    const fs::path stopped = sweep("stopped-late", kTimeoutConfig);
    REQUIRE(cell(table_of(stopped / "base" / "es.csv"), 0, "status") == "timeout");
    refused_by_both(stopped, "es", 0, {{"meta.cpu_seconds", "10.5"}, {"cpu_ns", "11000000000"}, {"wall_ns", "11000000000"}},
                    "more than limits.cpu (0.2 s) and 10.2 s past it");
    accepted_by_both(stopped, "es", cells_set(0, {{"meta.cpu_seconds", "10.3"}, {"cpu_ns", "11000000000"}, {"wall_ns", "11000000000"}}));
    fs::remove_all(stopped);
}

TEST_CASE("critical --exact resumes its own timeout rows (round 13, F1)", "[resume][exact-square]") {
    const fs::path dir = futolab::test::fresh_dir("square-rows", "cli-timeout");
    const std::string command = std::string("critical --exact --square \"") + kCyclic7 +
                                "\" --objective h --cpu-limit 0.2 --out a.jsonl";
    const auto made = run_cli(command, dir.string());
    INFO(made.err);
    REQUIRE(made.exit_code == 0);
    REQUIRE(cell(table_of(dir / "a.csv"), 0, "status") == "timeout");
    const auto resumed = run_cli(command + " --resume", dir.string());
    INFO(resumed.err);
    CHECK(resumed.exit_code == 0);
    fs::remove_all(dir);
}

TEST_CASE("resume and merge check an exact-square row's certificate against its record (round 13, F2)",
          "[resume][merge][exact-square][long]") {
    const fs::path dir = sweep("certificate", "name: es\ntask: exact-square\ninstances:\n  - critical_squares: { n: 4, count: 1, "
                                              "seed: 3 }\nmethods: [ \"exact-square:objective=h+k,certificate=yes\" ]\n");
    const futolab::CsvTable t = table_of(dir / "base" / "es.csv");
    REQUIRE(cell(t, 0, "status") == "solved");
    const Json head = Json::parse(cell(t, 0, "output"))["meta"]["certificate"][0];
    REQUIRE(head["sets"].get<int>() > 0);
    accepted_by_both(dir, "es");
    const auto certificate = [](std::function<void(Json&)> edit) {
        return record_edited(0, [edit](Json& record) { edit(record["meta"]["certificate"]); });
    };
    refused_by_both(dir, "es", 0, certificate([](Json& c) { c[0]["minimum"] = c[0]["minimum"].get<int>() - 1; }),
                    "a certificate whose 'minimum' is not this record's");
    refused_by_both(dir, "es", 0, certificate([](Json& c) { c[0]["nodes"] = c[0]["nodes"].get<int>() + 1; }),
                    "a certificate that does not check (line 1: the branch and bound re-run took");
    refused_by_both(dir, "es", 0, certificate([](Json& c) { c = Json::array({c[0]}); }),
                    "a certificate that does not check (line 1: the file ends after 0 of the");
    refused_by_both(dir, "es", 0, certificate([](Json& c) { c[0]["witness"].erase(c[0]["witness"].begin()); }),
                    "a certificate whose 'witness' is not this record's");
    refused_by_both(dir, "es", 0, certificate([](Json& c) { c[0]["version"] = 3; }), "a certificate that is not one (");
    refused_by_both(dir, "es", 0, certificate([](Json& c) { c.push_back(c[0]); }), "a certificate that does not check (");
    fs::remove_all(dir);
}

TEST_CASE("resume and merge hold the square tasks' counters to what their runs write (round 13, F9)",
          "[resume][merge][exact-square][greedy][long]") {
    const fs::path exact = sweep("counters-exact", "name: es\ntask: exact-square\ninstances:\n  - critical_squares: { n: 4, "
                                                   "count: 1, seed: 3 }\nmethods: [ \"exact-square:objective=h+k\" ]\n");
    const futolab::CsvTable t = table_of(exact / "base" / "es.csv");
    REQUIRE(cell(t, 0, "fails").empty());
    const std::string checks = cell(t, 0, "checks");
    refused_by_both(exact, "es", 0, {{"checks", std::to_string(std::stoull(checks) + 1)}},
                    "column 'checks' is '" + std::to_string(std::stoull(checks) + 1) + "', where its output's meta 'oracle_queries'");
    refused_by_both(exact, "es", 0, {{"fails", "3"}}, "column 'fails' is '3', where task exact-square counts none");
    const Json meta = Json::parse(cell(t, 0, "output"))["meta"];
    refused_by_both(exact, "es", 0, {{"meta.seeded", std::to_string(meta["unavoidable_sets"].get<int>() + 1)}},
                    "meta 'seeded' is more than its 'unavoidable_sets'");
    fs::remove_all(exact);
    const fs::path greedy = sweep("counters-greedy", "name: gr\ntask: greedy\ninstances:\n  - critical_squares: { n: 4, count: 1, "
                                                     "seed: 3 }\nmethods: [ \"critical:objective=h+k,iterations=3\" ]\n");
    accepted_by_both(greedy, "gr");
    for (const char* column : {"fails", "checks", "propagations", "max_depth"}) {
        REQUIRE(cell(table_of(greedy / "base" / "gr.csv"), 0, column).empty());  // SPEC §4: not counted (round 14, B F7)
        refused_by_both(greedy, "gr", 0, {{column, "7"}}, "column '" + std::string(column) + "' is '7', where task greedy counts none");
    }
    fs::remove_all(greedy);
}

TEST_CASE("an order a task does not take is named where it is given, before any file is written (round 13, F4)",
          "[run][exact-square]") {
    const fs::path dir = futolab::test::fresh_dir("square-rows", "order");
    const std::string head = "name: big\ntask: exact-square\nmethods: [ \"exact-square:objective=k\" ]\noutput: out/big.csv\n"
                             "instances:\n";
    std::ofstream(dir / "big.jsonl") << R"({"id":"ok","n":4,"solution":[[1,2,3,4],[2,1,4,3],[3,4,1,2],[4,3,2,1]]})" << "\n"
                                     << R"({"id":"ten","n":10,"solution":[)";
    {
        std::ofstream more(dir / "big.jsonl", std::ios::app);
        for (int i = 0; i < 10; ++i) {
            more << (i ? "," : "") << "[";
            for (int j = 0; j < 10; ++j) more << (j ? "," : "") << (i + j) % 10 + 1;
            more << "]";
        }
        more << "]}\n";
    }
    std::string ten;
    for (int i = 0; i < 10; ++i) {
        ten += i ? "/" : "";
        for (int j = 0; j < 10; ++j) ten += (j ? " " : "") + std::to_string((i + j) % 10 + 1);
    }
    const struct {
        std::string source, where, says;
    } cases[] = {
        {"  - critical_squares: { n: 10, count: 1 }\n", "cfg.yaml:6:", "critical_squares.n"},
        {"  - critical_squares: { square: \"" + ten + "\" }\n", "cfg.yaml:6: ",
         "critical_squares.square has order 10: task exact-square takes n from 2 to 9"},
        {"  - critical_squares: { file: big.jsonl }\n", "big.jsonl:2: ",
         "instance 'ten:critical' has order 10: task exact-square takes n from 2 to 9"},
    };
    for (const auto& c : cases) {
        std::ofstream(dir / "cfg.yaml") << head << c.source;
        const auto refused = run_cli("run -q cfg.yaml", dir.string());
        INFO(refused.err);
        CHECK(refused.exit_code == 2);
        CHECK(has(refused.err, c.where));
        CHECK(has(refused.err, c.says));
        CHECK_FALSE(fs::exists(dir / "out" / "big.csv"));
        CHECK_FALSE(fs::exists(dir / "out" / "big.csv.meta.yaml"));
    }
    std::ofstream(dir / "cfg.yaml") << head << "  - critical_squares: { n: 4, count: 1 }\n";
    const auto fixed = run_cli("run -q cfg.yaml", dir.string());
    INFO(fixed.err);
    CHECK(fixed.exit_code == 0);  // nothing was left behind by the refused configs
    fs::remove_all(dir);
}

TEST_CASE("square kinds: an error row's record fails its verification again, with the message its run writes", "[resume][merge][critical][exact][exact-square][long]") {
    const auto relabelled = [](const std::string& message) {
        return futolab::test::cells_set(0, {{"status", "error"}, {"message", message}});
    };
    const fs::path critical = sweep("error-critical", "name: cr\ntask: critical\ninstances:\n  - squares: { n: 5, count: 1 }\n"
                                                      "methods: [ critical ]\n");
    REQUIRE(cell(table_of(critical / "base" / "cr.csv"), 0, "status") == "critical");
    refused_by_both(critical, "cr", 0, relabelled("the set has a second solution"), "verifies its set again (its run writes critical)");
    const fs::path exact = sweep("error-exact", "name: ex\ntask: exact\ninstances:\n  - classes: { n: 4, count: 1 }\n"
                                                "methods: [ \"exact:objective=k\" ]\nisolation: thread\n");
    refused_by_both(exact, "ex", 0, relabelled("verification failed: the set has a second solution"), "(its run writes solved)");
    const fs::path square = sweep("error-square", "name: es\ntask: exact-square\ninstances:\n  - critical_squares: { square: "
                                                  "\"1 2 3 4/2 1 4 3/3 4 1 2/4 3 2 1\" }\nmethods: [ exact-square ]\nisolation: thread\n");
    refused_by_both(square, "es", 0, relabelled("the set failed its verification"), "(its run writes solved)");
    // A record that does fail (a relation taken out, k with it): the reason is the verification's.
    const auto failing = [](const std::string& message) {
        return [message](futolab::CsvTable& t) {
            futolab::test::relation_dropped(0)(t);
            futolab::test::cells_set(0, {{"status", "error"}, {"message", message}})(t);
        };
    };
    refused_by_both(critical, "cr", 0, failing("lol"), "where its run writes 'the set has a second solution'");
    futolab::test::edit_table(critical / "base" / "cr.csv", failing("the set has a second solution"));
    accepted_by_both(critical, "cr");
}
