#include "analysis/results_table.hpp"
#include "data.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using futolab::test::analysis_csv;

TEST_CASE("CSVs with different columns load together, matched by name", "[results_table]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("paired.csv"), analysis_csv("new-columns.csv")});
    REQUIRE(t.size() == 25 + 3);
    CHECK(t.has_column("grade"));
    CHECK(t.text(0, "grade").empty());  // the older file has no grade
    CHECK(t.text(25, "grade") == "easy");
    CHECK(t.text(25, "spec") == "bitmask");
    CHECK(t.number(25, "nodes") == 9);
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
