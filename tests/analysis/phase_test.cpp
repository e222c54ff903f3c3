#include "analysis/phase.hpp"
#include "data.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using futolab::test::analysis_csv;

TEST_CASE("givens fractions bin to the nearest 0.05", "[phase]") {
    CHECK(phase_bin(0.2) == Approx(0.2));
    CHECK(phase_bin(0.24) == Approx(0.25));
    CHECK(phase_bin(0.28) == Approx(0.3));
    CHECK(phase_bin(0.33) == Approx(0.35));
    CHECK(phase_bin(0.0) == 0);
}

TEST_CASE("phase points: median cost and the unique fraction of decided runs", "[phase]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("phase.csv")});
    const auto points = phase_points(t, "fc", "nodes");
    REQUIRE(points.size() == 4);
    for (const PhasePoint& p : points) CHECK(p.level == "no relations (k = 0)");
    CHECK(points[0].n == 4);  // sorted by n, then bin
    CHECK(points[0].frac == Approx(0.5));
    CHECK(points[0].unique_fraction() == 1.0);
    const PhasePoint& p = points[1];  // n = 5, h = 5: unique, multiple, timeout (the error run is left out)
    CHECK(p.frac == Approx(0.2));
    CHECK(p.runs == 3);
    CHECK(p.median == 20);
    CHECK(p.q1 == 15);  // 10, 20, 100: type-7 quartiles
    CHECK(p.q3 == 60);
    CHECK_FALSE(p.median_censored);  // the timeout (100) is above the median
    CHECK(p.decided == 2);
    CHECK(p.unique == 1);
    CHECK(p.unique_fraction() == 0.5);
    CHECK(points[2].frac == Approx(0.25));
    CHECK(points[3].frac == Approx(0.3));
    CHECK(points[3].unique_fraction() == 0.0);  // unsat
}
