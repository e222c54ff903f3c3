// experiments/status_facts.hpp (issue #45, round 10, finding 15): a row's status must agree
// with its own solution, solutions and output cells, as each task kind writes them.
#include "experiments/status_facts.hpp"

#include "records/csv_quote.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace {

const std::string kSquare = "1 2 3 4/2 1 4 3/3 4 1 2/4 3 2 1";

void check_row(const std::string& mode, const std::string& status, const std::string& solutions,
               const std::string& solution, const std::string& output = "") {
    const futolab::CsvTable t = futolab::parse_csv("mode,status,solutions,solution,output\n" + mode + "," + status + "," +
                                                       solutions + "," + futolab::csv_quote(solution) + "," +
                                                       futolab::csv_quote(output) + "\n",
                                                   "r.csv");
    futolab::check_status_facts(t, 0, "r.csv", "refusing");
}

}  // namespace

TEST_CASE("a solver row's status is what its mode and solutions count make it, with a solution iff the count is not 0",
          "[records][resume][merge]") {
    using Catch::Matchers::Contains;
    // What the backends write (every backend, every mode: checked by hand on a mixed corpus).
    CHECK_NOTHROW(check_row("first", "solved", "1", kSquare));
    CHECK_NOTHROW(check_row("first", "unsat", "0", ""));
    CHECK_NOTHROW(check_row("count:2", "unique", "1", kSquare));
    CHECK_NOTHROW(check_row("count:2", "multiple", "2", kSquare));
    CHECK_NOTHROW(check_row("count:3", "multiple", "2", kSquare));  // a complete search that found 2 of 3
    CHECK_NOTHROW(check_row("count:all", "counted", "576", kSquare));
    CHECK_NOTHROW(check_row("count:all", "unsat", "0", ""));
    CHECK_NOTHROW(check_row("count:all", "timeout", "3", kSquare));
    CHECK_NOTHROW(check_row("count:all", "timeout", "", ""));
    CHECK_NOTHROW(check_row("first", "memout", "", ""));
    CHECK_NOTHROW(check_row("first", "crash", "", ""));
    CHECK_NOTHROW(check_row("count:2", "error", "0", kSquare));  // evidence of a wrong answer
    // The round-10 case: a unique row edited to unsat, its solution kept.
    CHECK_THROWS_WITH(check_row("count:2", "unsat", "1", kSquare),
                      Contains("r.csv:2:2: column 'status' is 'unsat', where a run in mode count:2 that found 1 solution "
                               "is 'unique': refusing"));
    CHECK_THROWS_WITH(check_row("count:2", "unsat", "0", kSquare),
                      Contains("r.csv:2:4: column 'solution' is '" + kSquare + "', where its 'unsat' run found no solution"));
    CHECK_THROWS_WITH(check_row("count:2", "unique", "1", ""), Contains("column 'solution' is '', empty, where its 'unique' run"));
    CHECK_THROWS_WITH(check_row("count:2", "solved", "1", kSquare), Contains("is 'unique'"));
    CHECK_THROWS_WITH(check_row("first", "unique", "1", kSquare), Contains("is 'solved'"));
    CHECK_THROWS_WITH(check_row("count:2", "multiple", "1", kSquare), Contains("is 'unique'"));
    CHECK_THROWS_WITH(check_row("count:2", "multiple", "3", kSquare), Contains("column 'solutions' is '3', more than mode count:2"));
    CHECK_THROWS_WITH(check_row("count:all", "unique", "1", kSquare), Contains("is 'counted'"));
    CHECK_THROWS_WITH(check_row("count:all", "counted", "0", ""), Contains("is 'unsat'"));
    CHECK_THROWS_WITH(check_row("count:all", "timeout", "0", kSquare), Contains("column 'solution'"));
    CHECK_THROWS_WITH(check_row("first", "crash", "", kSquare), Contains("where a crashed run found none"));
    CHECK_THROWS_WITH(check_row("first", "critical", "1", kSquare), Contains("a status of task critical"));
}

TEST_CASE("a generate, critical or exact row's status agrees with its output", "[records][resume][merge]") {
    using Catch::Matchers::Contains;
    const std::string record = R"({"id":"x","n":4,"givens":[],"lt":[]})";
    CHECK_NOTHROW(check_row("generate", "unique", "1", kSquare, record));
    CHECK_NOTHROW(check_row("generate", "error", "0", kSquare));
    CHECK_NOTHROW(check_row("generate", "timeout", "", kSquare));
    CHECK_NOTHROW(check_row("critical", "critical", "1", kSquare, record));
    CHECK_NOTHROW(check_row("critical", "multiple", "0", kSquare));
    CHECK_NOTHROW(check_row("critical", "error", "1", kSquare, record));  // a set that failed its verification
    CHECK_NOTHROW(check_row("exact", "solved", "2", kSquare, record + "\n" + record));
    CHECK_NOTHROW(check_row("exact", "multiple", "0", kSquare));
    CHECK_THROWS_WITH(check_row("generate", "unique", "1", kSquare), Contains("column 'status' is 'unique', where its output is empty"));
    CHECK_THROWS_WITH(check_row("generate", "multiple", "0", kSquare), Contains("a status task generate never writes"));
    CHECK_THROWS_WITH(check_row("generate", "unsat", "0", kSquare, record), Contains("a status task generate never writes"));
    CHECK_THROWS_WITH(check_row("critical", "unique", "1", kSquare, record), Contains("a status task critical never writes"));
    CHECK_THROWS_WITH(check_row("critical", "multiple", "0", kSquare, record), Contains("where its output holds a record"));
    CHECK_THROWS_WITH(check_row("critical", "timeout", "", kSquare, record), Contains("where its output holds a record"));
    CHECK_THROWS_WITH(check_row("critical", "critical", "2", kSquare, record),
                      Contains("column 'solutions' is '2', where its output holds 1 records"));
    CHECK_THROWS_WITH(check_row("exact", "solved", "1", kSquare, record + "\n" + record), Contains("holds 2 records"));
}
