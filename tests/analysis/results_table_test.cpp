#include "analysis/results_table.hpp"
#include "core/error.hpp"
#include "data.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>

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

TEST_CASE("spec: the CSV's column as written, never recomputed from today's defaults", "[results_table][spec]") {
    const std::string with_spec = write_csv("with-spec.csv",
                                            "solver,options,spec,status,wall_ns,cpu_ns\n"
                                            "fc,\"val=min,var=static\",fc:var=static,solved,1,1\n"
                                            "fc,\"val=min,var=static\",,solved,1,1\n"
                                            "fc,\"val=min,var=mrv\",fc:var=mrv,solved,1,1\n"
                                            "critical,\"iterations=0,objective=greedy\",\"critical:iterations=0,objective=greedy\",critical,1,1\n");
    const ResultsTable t = ResultsTable::load({with_spec});
    CHECK(t.text(0, "spec") == "fc:var=static");
    CHECK(t.text(1, "spec") == "fc:var=static");  // empty cell: the label its options have in the file
    CHECK(t.text(2, "spec") == "fc:var=mrv");     // var=mrv is the default today: still as written
    CHECK(t.text(3, "spec") == "critical:iterations=0,objective=greedy");
    CHECK(t.warnings().empty());
}

TEST_CASE("spec: older CSVs get labels from their own solver and options cells", "[results_table][spec]") {
    // paired.csv has no spec column: one option set per solver, so the bare names.
    const ResultsTable paired = ResultsTable::load({analysis_csv("paired.csv")});
    CHECK(paired.text(0, "spec") == "backtracking");
    CHECK(paired.text(1, "spec") == "fc");
    // Two fc option sets in one file: the option that tells them apart, also when it is
    // today's default (var=mrv); options they share (val) stay out.
    const std::string two = write_csv("two-fc.csv",
                                      "solver,options,status,wall_ns,cpu_ns\n"
                                      "fc,\"val=min,var=mrv\",solved,1,1\n"
                                      "fc,\"val=min,var=static\",solved,1,1\n"
                                      "gac,\"alldiff=regin,sac=none\",solved,1,1\n"
                                      "ilp,,solved,1,1\n");
    const ResultsTable t = ResultsTable::load({two});
    CHECK(t.text(0, "spec") == "fc:var=mrv");
    CHECK(t.text(1, "spec") == "fc:var=static");
    CHECK(t.text(2, "spec") == "gac");
    CHECK(t.text(3, "spec") == "ilp");
}

TEST_CASE("spec: older CSVs with a sidecar get the labels their config asked for", "[results_table][spec]") {
    // usp-table1's config: the spellings as asked, keys sorted; a row takes the entry that
    // names the most of its options ("fc" also fits the var=static row; "fc:var=static" wins).
    const std::string csv = write_csv("asked.csv",
                                      "solver,options,status,wall_ns,cpu_ns\n"
                                      "backtracking,\"assign_limit=1000000,val=max\",solved,1,1\n"
                                      "fc,\"val=max,var=static\",solved,1,1\n"
                                      "fc,\"val=min,var=mrv\",solved,1,1\n"
                                      "gac,\"sac=none,var=mrv\",solved,1,1\n"
                                      "gecode,\"alldiff=dom\",solved,1,1\n");
    std::ofstream(csv + ".meta.yaml") << "experiment: t\nconfig_hash: 1\nfutolab: {version: 0.1.0, git_commit: c}\n"
                                         "machine: {cpu: c, host: h}\nrun: {state: finished, started: 2026-01-01T00:00:00Z, "
                                         "finished: 2026-01-01T00:00:00Z, jobs: 1, shard_index: 1, shard_count: 1, "
                                         "total_runs: 5}\nconfig: |\n  name: t\n  solvers:\n"
                                         "    - \"backtracking:val=max,assign_limit=1000000\"\n"
                                         "    - \"fc:var=static,val=max\"\n    - fc\n    - \"gac:var=mrv\"\n";
    const ResultsTable t = ResultsTable::load({csv});
    CHECK(t.text(0, "spec") == "backtracking:assign_limit=1000000,val=max");
    CHECK(t.text(1, "spec") == "fc:val=max,var=static");
    CHECK(t.text(2, "spec") == "fc");
    CHECK(t.text(3, "spec") == "gac:var=mrv");
    CHECK(t.text(4, "spec") == "gecode");  // not in the config: rule 2
    std::filesystem::remove(csv + ".meta.yaml");
}

TEST_CASE("spec: the committed results keep the labels their configs asked for", "[results_table][spec]") {
    const ResultsTable t = ResultsTable::load({FUTOLAB_SOURCE_DIR "/results/solver-comparison/solver-comparison.csv"});
    std::set<std::string> specs;
    for (std::size_t i = 0; i < t.size(); ++i) specs.insert(t.text(i, "spec"));
    CHECK(specs == std::set<std::string>{"backtracking", "bitmask", "fc:var=mrv", "fc:var=static", "gac", "gecode"});
}

TEST_CASE("spec: a label standing for different options in the inputs is a warning naming them", "[results_table][spec]") {
    const std::string old_csv = write_csv("old-gac.csv",
                                          "instance_hash,solver,options,status,wall_ns,cpu_ns\n"
                                          "1,gac,\"alldiff=regin,sac=none,sac_after=0\",solved,1,1\n");
    const std::string new_csv = write_csv("new-gac.csv",
                                          "instance_hash,solver,options,spec,status,wall_ns,cpu_ns\n"
                                          "2,gac,\"alldiff=regin,sac=all,sac_after=10\",gac,solved,1,1\n"
                                          "2,fc,\"val=min,var=mrv\",fc,solved,1,1\n");
    const ResultsTable t = ResultsTable::load({old_csv, new_csv});
    CHECK(t.text(0, "spec") == "gac");
    REQUIRE(t.warnings().size() == 1);
    const std::string& w = t.warnings()[0];
    CHECK_THAT(w, Catch::Contains("spec 'gac' stands for different options"));
    CHECK_THAT(w, Catch::Contains("sac=none,sac_after=0 in " + old_csv));
    CHECK_THAT(w, Catch::Contains("sac=all,sac_after=10 in " + new_csv));
    CHECK_THAT(w, !Catch::Contains("alldiff"));  // only what differs
    CHECK(ResultsTable::load({new_csv}).warnings().empty());
}

TEST_CASE("statuses: finished, censored (a limit) or failed", "[results_table]") {
    const std::string path = write_csv("statuses.csv",
                                       "solver,options,status,wall_ns,cpu_ns,nodes\n"
                                       "fc,,solved,1,1,2\nfc,,timeout,1,1,3\nfc,,node_limit,1,1,\nfc,,memout,1,1,4\n"
                                       "fc,,crash,1,1,\nfc,,error,1,1,\nfc,,counted,1,1,5\n");
    const ResultsTable t = ResultsTable::load({path});
    const std::vector<RunOutcome> want{RunOutcome::finished, RunOutcome::censored, RunOutcome::censored,
                                       RunOutcome::censored, RunOutcome::failed,   RunOutcome::failed,
                                       RunOutcome::finished};
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

// Issue #45, round 6: nodes 99999999999999999999999 was read as the double 99999999999999991611392.
TEST_CASE("a count past 64 bits is refused, not rounded", "[results_table]") {
    const std::string header = "solver,options,status,nodes,wall_ns,cpu_ns\n";
    const std::string most = write_csv("most-count.csv", header + "fc,,solved,18446744073709551615,1,1\n");
    CHECK(ResultsTable::load({most}).number(0, "nodes") == 18446744073709551615.0);
    const std::string past = write_csv("huge-count.csv", header + "fc,,solved,18446744073709551616,1,1\n");
    try {
        ResultsTable::load({past});
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()) == past + ":2:4: nodes: '18446744073709551616' is larger than any count futolab "
                                              "writes (at most 18446744073709551615)");
    }
}

TEST_CASE("a truncated last line is left out with a warning", "[results_table]") {
    const std::string path = write_csv("truncated.csv", "solver,options,status,wall_ns,cpu_ns\nfc,,solved,1,1\nfc,,sol");
    const ResultsTable t = ResultsTable::load({path});
    CHECK(t.size() == 1);
    REQUIRE(t.warnings().size() == 1);
    CHECK(t.warnings()[0].find("incomplete") != std::string::npos);
}

// Round 7: `deterministic` 2 was read as a deterministic spec (only "0" was tested), and a
// `session` was a name: 99999999999999999999 and -3 were sessions of their own.
TEST_CASE("deterministic is 0 or 1 and session a count", "[results_table]") {
    const std::string header = "solver,options,status,wall_ns,cpu_ns,deterministic,session\n";
    CHECK(ResultsTable::load({write_csv("flags-ok.csv", header + "fc,,solved,1,1,0,3\nfc,,solved,1,1,1,\n")}).size() == 2);
    for (const auto& [name, row, says] :
         {std::tuple{"det-2.csv", "fc,,solved,1,1,2,3\n", ":2:6: deterministic: '2' is neither 0 nor 1"},
          {"session-neg.csv", "fc,,solved,1,1,1,-3\n", ":2:7: session: '-3' is negative"},
          {"session-huge.csv", "fc,,solved,1,1,1,99999999999999999999\n", ":2:7: session: '99999999999999999999' is larger"},
          {"session-text.csv", "fc,,solved,1,1,1,s1\n", ":2:7: session: 's1' is not a number"}}) {
        const std::string path = write_csv(name, header + row);
        INFO(name);
        try {
            ResultsTable::load({path});
            FAIL("no error");
        } catch (const InputError& e) {
            CHECK_THAT(e.what(), Catch::Matchers::StartsWith(path + says));
        }
    }
}
