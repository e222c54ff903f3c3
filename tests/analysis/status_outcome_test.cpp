// Every status of core/status.hpp's table through its consumers: the CSV writer puts its
// name in the `status` cell, and analysis reads that cell back as the same status with the
// table's outcome class (and `finished` column). Derived from the table, not a list.
#include "analysis/results_table.hpp"
#include "core/grades.hpp"
#include "core/instance.hpp"
#include "core/puzzle.hpp"
#include "core/status.hpp"
#include "records/results_csv.hpp"
#include "solvers/options.hpp"
#include "solvers/run/run.hpp"
#include "solvers/registry/registry.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace futolab;

TEST_CASE("every status is written, read back and classed as its table entry says", "[results_table][status]") {
    Instance in;
    in.id = "p";
    in.n = 2;
    const Puzzle puzzle = Puzzle::compile(in);
    const SolverSpec spec = parse_solver_spec("fc");
    std::string text = csv_header_line();
    int repeat = 0;  // one run each: the same run twice would be refused
    for (const StatusWord& w : kStatuses) {
        RunResult run;
        run.result.status = w.value;
        const ResultRow row = make_result_row("e", puzzle, spec, 1, ++repeat, Mode::first(), run, 0);
        CHECK(row.status == w.value);
        text += csv_line(row);
    }
    const std::string path = (std::filesystem::temp_directory_path() / "futolab-status-outcome.csv").string();
    std::ofstream(path) << text;
    const ResultsTable t = ResultsTable::load({path});
    REQUIRE(t.size() == kStatuses.size());
    for (std::size_t i = 0; i < kStatuses.size(); ++i) {
        const StatusWord& w = kStatuses[i];
        INFO(w.name);
        CHECK(t.text(i, "status") == w.name);
        CHECK(t.status(i) == w.value);
        CHECK(t.outcome(i) == w.outcome);
        CHECK(t.finished(i) == (w.outcome == RunOutcome::finished));
        CHECK(t.censored(i) == (w.outcome == RunOutcome::censored));
        CHECK(t.text(i, "finished") == (w.outcome == RunOutcome::finished ? "1" : "0"));
    }
}

TEST_CASE("a status not in the table is an input error naming its line", "[results_table][status]") {
    const std::string path = (std::filesystem::temp_directory_path() / "futolab-status-unknown.csv").string();
    std::ofstream(path) << "solver,options,status,wall_ns,cpu_ns\nfc,,solved,1,1\nfc,,finished,1,1\n";
    CHECK_THROWS_WITH(ResultsTable::load({path}), path + ":3: status 'finished' is not a run status (SPEC §4)");
}

// The same for the grades: every grade of core/grades.hpp's table (and none) written by the CSV
// writer and read back by analysis as the same grade.
TEST_CASE("every grade is written and read back as its table entry", "[results_table][grade]") {
    Instance in;
    in.id = "p";
    in.n = 2;
    const Puzzle puzzle = Puzzle::compile(in);
    const SolverSpec spec = parse_solver_spec("fc");
    std::string text = csv_header_line();
    std::vector<std::optional<Grade>> written;
    for (const GradeWord& w : kGrades) written.emplace_back(w.value);
    written.emplace_back(std::nullopt);
    int repeat = 0;  // one run each: the same run twice would be refused
    for (const std::optional<Grade>& g : written) {
        ResultRow row = make_result_row("e", puzzle, spec, 1, ++repeat, Mode::first(), RunResult{}, 0);
        row.grade = g;
        text += csv_line(row);
    }
    const std::string path = (std::filesystem::temp_directory_path() / "futolab-grade-roundtrip.csv").string();
    std::ofstream(path) << text;
    const ResultsTable t = ResultsTable::load({path});
    REQUIRE(t.size() == written.size());
    for (std::size_t i = 0; i < written.size(); ++i) {
        INFO(i);
        CHECK(t.grade(i) == written[i]);
        CHECK(t.text(i, "grade") == (written[i] ? grade_name(*written[i]) : ""));
    }
}

TEST_CASE("a grade not in the table is an input error naming its line", "[results_table][grade]") {
    const std::string path = (std::filesystem::temp_directory_path() / "futolab-grade-unknown.csv").string();
    std::ofstream(path) << "solver,options,status,wall_ns,cpu_ns,grade\nfc,,solved,1,1,gac\nfc,,solved,1,1,easy\n";
    const ResultsTable t = ResultsTable::load({path});
    CHECK(t.grade(0) == Grade::gac);
    CHECK_THROWS_WITH(t.grade(1), path + ":3: grade 'easy' is not a grade (valid: " + names_of(kGrades) + ")");
}
