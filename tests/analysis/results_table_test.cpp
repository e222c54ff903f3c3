#include "analysis/results_table.hpp"
#include "core/error.hpp"
#include "data.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace futolab;
using futolab::test::analysis_csv;

namespace {

std::string write_csv(const std::string& name, const std::string& text) {
    const std::string path = (std::filesystem::temp_directory_path() / ("futolab-rt-" + name)).string();
    std::ofstream(path) << text;
    return path;
}

}  // namespace

TEST_CASE("CSVs with different columns load together, matched by name", "[results_table]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("paired.csv"), analysis_csv("new-columns.csv")});
    REQUIRE(t.size() == 25 + 3);
    CHECK(t.has_column("grade"));
    CHECK(t.text(0, "grade").empty());  // the older file has no grade
    CHECK(t.text(25, "grade") == "easy");
    CHECK(t.text(25, "spec") == "bitmask");
    CHECK(t.number(25, "nodes") == 9);
}

TEST_CASE("spec: the CSV's column where present, else the short form of solver:options", "[results_table]") {
    const std::string with_spec = write_csv("with-spec.csv",
                                            "solver,options,spec,status,wall_ns,cpu_ns\n"
                                            "fc,\"val=min,var=static\",fc:var=static,solved,1,1\n"
                                            "fc,\"val=min,var=static\",,solved,1,1\n");
    const ResultsTable t = ResultsTable::load({with_spec, analysis_csv("paired.csv")});
    CHECK(t.text(0, "spec") == "fc:var=static");
    CHECK(t.text(1, "spec") == "fc:var=static");  // empty cell: computed
    CHECK(t.text(3, "spec") == "fc");             // paired.csv: fc, var=mrv (the default)
    CHECK(t.text(2, "spec") == "backtracking");
}

TEST_CASE("spec: method rows that kept every option pair with the short specs of newer rows", "[results_table]") {
    const std::string old_and_new = write_csv("method-specs.csv",
                                              "solver,options,spec,status,wall_ns,cpu_ns\n"
                                              "critical,\"iterations=0,objective=greedy,oracle=gac,time_ms=0,use=both,verify=gecode\","
                                              "\"critical:iterations=0,objective=greedy,oracle=gac,time_ms=0,use=both,verify=gecode\",critical,1,1\n"
                                              "critical,\"objective=k\",critical,critical,1,1\n");
    const ResultsTable t = ResultsTable::load({old_and_new});
    CHECK(t.text(0, "spec") == "critical");
    CHECK(t.text(1, "spec") == "critical");  // the column as written, already short
}

TEST_CASE("statuses: finished, censored (a limit) or failed", "[results_table]") {
    const std::string path = write_csv("statuses.csv",
                                       "solver,options,status,wall_ns,cpu_ns,nodes\n"
                                       "fc,,solved,1,1,2\nfc,,timeout,1,1,3\nfc,,node_limit,1,1,\nfc,,memout,1,1,4\n"
                                       "fc,,crash,1,1,\nfc,,error,1,1,\nfc,,counted,1,1,5\n");
    const ResultsTable t = ResultsTable::load({path});
    const std::vector<Outcome> want{Outcome::finished, Outcome::censored, Outcome::censored, Outcome::censored,
                                    Outcome::failed,   Outcome::failed,   Outcome::finished};
    for (std::size_t i = 0; i < want.size(); ++i) CHECK(t.outcome(i) == want[i]);
    CHECK_FALSE(t.comparable(4));
    CHECK(t.comparable(1));
    CHECK_FALSE(t.value(2, "nodes"));  // an empty counter is no value, not 0
    CHECK_THROWS_AS(t.number(2, "nodes"), InputError);
}

TEST_CASE("givens_frac is h / n²", "[results_table]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("phase.csv")});
    CHECK(t.has_column("givens_frac"));
    CHECK(t.number(0, "givens_frac") == Approx(0.2));
    CHECK(t.number(5, "givens_frac") == Approx(0.5));
}

TEST_CASE("error runs and critical-set records are not comparable runs", "[results_table]") {
    const ResultsTable phase = ResultsTable::load({analysis_csv("phase.csv")});
    CHECK(phase.comparable(0));
    CHECK_FALSE(phase.comparable(7));  // status error
    const ResultsTable critical = ResultsTable::load({analysis_csv("critical.csv")});
    CHECK_FALSE(critical.comparable(0));
}

TEST_CASE("a text cell used as a number names file, line and column", "[results_table]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("paired.csv")});
    try {
        t.number(2, "instance");
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()) == analysis_csv("paired.csv") + ":4:2: instance: 'i1' is not a number");
    }
}

TEST_CASE("a truncated last line is left out with a warning", "[results_table]") {
    const std::string path = write_csv("truncated.csv", "solver,options,status,wall_ns,cpu_ns\nfc,,solved,1,1\nfc,,sol");
    const ResultsTable t = ResultsTable::load({path});
    CHECK(t.size() == 1);
    REQUIRE(t.warnings().size() == 1);
    CHECK(t.warnings()[0].find("incomplete") != std::string::npos);
}
