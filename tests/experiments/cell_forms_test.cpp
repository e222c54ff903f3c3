// experiments/cell_forms.hpp and the round-11 checks beside it (issue #45, red-team round 11,
// tester B: F1, F2, F4, F5, F6, F23): every cell of a results row in the form futolab writes
// it, as resume and merge check it through check_row_facts.
#include "experiments/cell_forms.hpp"
#include "experiments/row_facts.hpp"
#include "experiments/status_facts.hpp"

#include "records/csv_quote.hpp"
#include "solvers/registry/registry.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

namespace {

const std::string kSquare = "1 2 3 4/2 1 4 3/3 4 1 2/4 3 2 1";

// A finished gac row in thread isolation, with `edits` applied (column → cell).
futolab::CsvTable row_with(const std::map<std::string, std::string>& edits) {
    std::vector<std::pair<std::string, std::string>> cells{
        {"n", "4"},        {"h", "3"},         {"k", "2"},          {"solver", "gac"},   {"seed", "7"},
        {"mode", "count:2"}, {"status", "unique"}, {"solutions", "1"}, {"nodes", "0"},     {"fails", "0"},
        {"checks", "5"},   {"propagations", "9"}, {"max_depth", "0"}, {"wall_ns", "1000"}, {"cpu_ns", "900"},
        {"solution", kSquare}, {"grade", ""},  {"max_rss_kb", ""},  {"isolation", "thread"}, {"core", ""},
        {"deterministic", "1"}};
    std::string header, line;
    for (auto& [column, cell] : cells) {
        if (const auto it = edits.find(column); it != edits.end()) cell = it->second;
        const bool first = header.empty();
        header += (first ? "" : ",") + column;
        line += (first ? "" : ",") + futolab::csv_quote(cell);
    }
    return futolab::parse_csv(header + "\n" + line + "\n", "r.csv");
}

void check(const std::map<std::string, std::string>& edits) { futolab::check_row_facts(row_with(edits), 0, "r.csv", "refusing"); }

}  // namespace

using Catch::Matchers::Contains;

TEST_CASE("a status that is no run status is refused, naming its column (round 11, F1)", "[records][resume][merge]") {
    CHECK_NOTHROW(check({}));
    for (const char* status : {"foo", "UNIQUE", "unique ", "finished"}) {
        INFO(status);
        CHECK_THROWS_WITH(check({{"status", status}}),
                          Contains("r.csv:2:7: column 'status' is '" + std::string(status) + "', not a run status") &&
                              Contains(": refusing"));
    }
    CHECK_THROWS_WITH(check({{"status", ""}}), Contains("column 'status' is '', empty, where futolab always writes it"));
    CHECK_THROWS_WITH(check({{"grade", "bogus"}}), Contains("column 'grade' is 'bogus', not a grade"));
    CHECK_THROWS_WITH(check({{"isolation", "Thread"}}), Contains("column 'isolation' is 'Thread', not an isolation"));
}

TEST_CASE("required cells and the counters a finished run reports are never empty (round 11, F23)", "[records][resume][merge]") {
    for (const char* column : {"wall_ns", "cpu_ns", "seed", "deterministic", "n", "solver", "mode"}) {
        INFO(column);
        CHECK_THROWS_WITH(check({{column, ""}}), Contains("column '" + std::string(column) + "' is '', empty"));
    }
    for (const char* counter : {"solutions", "nodes", "fails", "checks", "propagations", "max_depth"}) {
        INFO(counter);
        CHECK_THROWS_WITH(check({{counter, ""}}), Contains("column '" + std::string(counter) + "' is '', empty, where a finished "
                                                          "run of gac reports it"));
    }
    // What the backends leave empty (SPEC §4): sat's four, an external tool's, a run that died.
    const std::map<std::string, std::string> sat_four{{"nodes", ""}, {"checks", ""}, {"propagations", ""}, {"max_depth", ""}};
    std::map<std::string, std::string> sat = sat_four, portfolio = sat_four;
    sat["solver"] = "sat";
    portfolio["solver"] = "portfolio";
    CHECK_NOTHROW(check(sat));
    CHECK_NOTHROW(check(portfolio));
    sat["fails"] = "";
    CHECK_THROWS_WITH(check(sat), Contains("column 'fails' is '', empty, where a finished run of sat reports it"));
    CHECK_NOTHROW(check({{"solver", "minizinc"}, {"nodes", ""}, {"checks", ""}, {"propagations", ""}}));
    CHECK_THROWS_WITH(check({{"solver", "minizinc"}, {"solutions", ""}}), Contains("column 'solutions' is '', empty"));
    CHECK_NOTHROW(check({{"status", "crash"}, {"solutions", ""}, {"nodes", ""}, {"solution", ""}}));
    CHECK_NOTHROW(check({{"status", "timeout"}, {"solutions", ""}, {"nodes", ""}, {"solution", ""}}));
}

TEST_CASE("a thread run has no max_rss_kb (round 11, F6)", "[records][resume][merge]") {
    CHECK_THROWS_WITH(check({{"max_rss_kb", "5000"}}), Contains("column 'max_rss_kb' is '5000', where a run in thread isolation"));
    CHECK_NOTHROW(check({{"max_rss_kb", "5000"}, {"isolation", "process"}}));
}

TEST_CASE("a solution is written as futolab writes it (round 11, F4)", "[records][resume][merge]") {
    for (const std::string& spaced : std::vector<std::string>{"1  2 3 4/2 1 4 3/3 4 1 2/4 3 2 1", kSquare + " ", " " + kSquare,
                                      "1 2 3 4 / 2 1 4 3 / 3 4 1 2 / 4 3 2 1", "01 2 3 4/2 1 4 3/3 4 1 2/4 3 2 1"}) {
        INFO(spaced);
        CHECK_THROWS_WITH(check({{"solution", spaced}}), Contains("column 'solution' is '") &&
                                                              Contains("not written as futolab writes it ('" + kSquare + "')"));
    }
}

TEST_CASE("a solve row's grade is its instance's with grade: true, empty without (round 11, F2)", "[records][resume][merge]") {
    const auto grade = [](const std::string& cell, const std::optional<std::string>& want, const std::string& status = "unique") {
        futolab::check_grade_cell(row_with({{"grade", cell}, {"status", status}}), 0, "r.csv", want, "refusing");
    };
    CHECK_NOTHROW(grade("", std::nullopt));
    CHECK_NOTHROW(grade("fc", "fc"));
    CHECK_NOTHROW(grade("", "fc", "crash"));  // a run that died wrote none
    CHECK_THROWS_WITH(grade("fc", std::nullopt), Contains("column 'grade' is 'fc', where a run without `grade: true`"));
    CHECK_THROWS_WITH(grade("search", "fc"), Contains("r.csv:2:17: column 'grade' is 'search', where its instance's grade is 'fc'"));
    CHECK_THROWS_WITH(grade("", "fc"), Contains("column 'grade' is '', where its instance's grade is 'fc'"));
    CHECK_THROWS_WITH(grade("search", "fc", "crash"), Contains("where its instance's grade is 'fc'"));
}

TEST_CASE("a censored status names a limit the run had (round 11, F5)", "[records][resume][merge]") {
    // A node_limit row counted to its limit (node_facts.hpp): 10 nodes, or 5 that passed the test.
    const auto censored = [](const std::string& status, const futolab::Limits& limits, const std::string& spec = "gac") {
        futolab::check_censored_status(row_with({{"status", status}, {"nodes", "10"}, {"fails", "5"}}), 0, "r.csv", limits,
                                       futolab::parse_solver_spec(spec), "refusing");
    };
    futolab::Limits none, timed, cpu, nodes;
    timed.time_seconds = 1;
    cpu.cpu_seconds = 1;
    nodes.nodes = 10;
    CHECK_NOTHROW(censored("timeout", timed));
    CHECK_NOTHROW(censored("timeout", cpu));
    CHECK_NOTHROW(censored("node_limit", nodes));
    CHECK_NOTHROW(censored("node_limit", none, "backtracking:assign_limit=5"));
    CHECK_NOTHROW(censored("memout", none));  // heap exhaustion needs no limit
    CHECK_NOTHROW(censored("unique", none));
    CHECK_THROWS_WITH(censored("timeout", none), Contains("r.csv:2:7: column 'status' is 'timeout', where the run had no time limit"));
    CHECK_THROWS_WITH(censored("timeout", nodes), Contains("no time limit"));
    CHECK_THROWS_WITH(censored("node_limit", timed), Contains("column 'status' is 'node_limit', where the run had no node limit"));
    CHECK_THROWS_WITH(censored("node_limit", none, "backtracking"), Contains("no node limit"));
}
