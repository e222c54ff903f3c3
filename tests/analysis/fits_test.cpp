#include "analysis/fits.hpp"
#include "data.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace futolab;
using futolab::test::analysis_csv;

TEST_CASE("exact exponential growth gives its base with R² = 1", "[fits]") {
    std::vector<std::pair<double, double>> medians;
    for (int n = 4; n <= 9; ++n) medians.emplace_back(n, std::pow(3.0, n));
    const GrowthFit f = fit_growth(medians, FitModel::exponential);
    CHECK(f.ok);
    CHECK(f.points == 6);
    CHECK(f.value == Approx(3.0));
    CHECK(f.r2 == Approx(1.0));
}

TEST_CASE("an exact power law gives its exponent with R² = 1", "[fits]") {
    std::vector<std::pair<double, double>> medians;
    for (int n = 4; n <= 9; ++n) medians.emplace_back(n, 7 * std::pow(n, 2.5));
    const GrowthFit f = fit_growth(medians, FitModel::power);
    CHECK(f.value == Approx(2.5));
    CHECK(f.r2 == Approx(1.0));
}

TEST_CASE("R² is below 1 for noisy data", "[fits]") {
    const LineFit f = fit_line({{0, 0}, {1, 1.2}, {2, 1.8}, {3, 3.1}});
    CHECK(f.slope == Approx(0.99));  // Sxy / Sxx = 4.95 / 5
    CHECK(f.r2 < 1.0);
    CHECK(f.r2 > 0.95);
}

TEST_CASE("fewer than 3 n with a positive median is no fit", "[fits]") {
    const GrowthFit f = fit_growth({{4, 10}, {5, 30}, {6, 0}}, FitModel::exponential);
    CHECK_FALSE(f.ok);
    CHECK(f.points == 2);
    const std::string md = table_markdown(fits_table({f}));
    CHECK(md.find("needs ≥ 3 n with median > 0") != std::string::npos);
}

TEST_CASE("growth fits from a results CSV, per spec", "[fits]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("growth.csv")});
    const auto fits = growth_fits(t, {"nodes", "wall_ms"}, {FitModel::exponential, FitModel::power});
    REQUIRE(fits.size() == 8);  // 2 specs x 2 metrics x 2 models
    for (const GrowthFit& f : fits) {
        INFO(f.spec << " " << f.metric);
        if (f.spec == "fc:var=mrv" && f.metric == "nodes" && f.model == FitModel::exponential) {
            CHECK(f.value == Approx(3.0));
            CHECK(f.r2 == Approx(1.0));
        }
        if (f.spec == "fc:var=mrv" && f.metric == "wall_ms" && f.model == FitModel::power) {
            CHECK(f.value == Approx(2.5).epsilon(1e-6));
            CHECK(f.r2 == Approx(1.0));
        }
        if (f.spec == "backtracking" && f.metric == "nodes" && f.model == FitModel::exponential)
            CHECK(f.value == Approx(2.0));
    }
}
