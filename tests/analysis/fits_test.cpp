#include "analysis/fits.hpp"
#include "data.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>

using namespace futolab;
using futolab::test::analysis_csv;

TEST_CASE("exact exponential growth gives its base with R² = 1", "[fits]") {
    std::vector<MedianPoint> medians;
    for (int n = 4; n <= 9; ++n) medians.push_back({double(n), std::pow(3.0, n)});
    const GrowthFit f = fit_growth(medians, FitModel::exponential);
    CHECK(f.ok);
    CHECK(f.points == 6);
    CHECK(f.value == Approx(3.0));
    CHECK(f.r2 == Approx(1.0));
}

TEST_CASE("an exact power law gives its exponent with R² = 1", "[fits]") {
    std::vector<MedianPoint> medians;
    for (int n = 4; n <= 9; ++n) medians.push_back({double(n), 7 * std::pow(n, 2.5)});
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
    CHECK(md.find("| exp | - | - | 2 | 0 |") != std::string::npos);
}

TEST_CASE("a median at the cap is left out of the fit and counted", "[fits]") {
    // 3^n up to n = 7, then n = 8 and 9 stuck at a cap of 5000: fitting them would bend the line.
    std::vector<MedianPoint> medians;
    for (int n = 4; n <= 7; ++n) medians.push_back({double(n), std::pow(3.0, n)});
    medians.push_back({8, 5000, true});
    medians.push_back({9, 5000, true});
    const GrowthFit f = fit_growth(medians, FitModel::exponential);
    CHECK(f.ok);
    CHECK(f.points == 4);
    CHECK(f.censored == 2);
    CHECK(f.value == Approx(3.0));
    CHECK(f.r2 == Approx(1.0));
}

TEST_CASE("growth fits from a CSV leave out n whose median hit the node limit", "[fits]") {
    const std::string path = (std::filesystem::temp_directory_path() / "futolab-fits-capped.csv").string();
    std::ofstream out(path);
    out << "instance_hash,n,solver,options,status,nodes,wall_ns,cpu_ns\n";
    for (int n = 4; n <= 9; ++n)
        for (int r = 0; r < 3; ++r)  // n ≥ 8: two of three runs at the 300-node limit
            out << "00" << n << r << "," << n << ",bitmask,,"
                << (n >= 8 && r > 0 ? "node_limit,300" : "solved," + std::to_string(1 << n)) << ",1,1\n";
    out.close();
    const auto fits = growth_fits(ResultsTable::load({path}), {"nodes"}, {FitModel::exponential});
    REQUIRE(fits.size() == 1);
    CHECK(fits[0].points == 4);
    CHECK(fits[0].censored == 2);
    CHECK(fits[0].value == Approx(2.0));
    CHECK(fits[0].r2 == Approx(1.0));
}

TEST_CASE("growth fits from a results CSV, per spec", "[fits]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("growth.csv")});
    const auto fits = growth_fits(t, {"nodes", "wall_ms"}, {FitModel::exponential, FitModel::power});
    REQUIRE(fits.size() == 8);  // 2 specs x 2 metrics x 2 models
    for (const GrowthFit& f : fits) {
        INFO(f.spec << " " << f.metric);
        if (f.spec == "fc" && f.metric == "nodes" && f.model == FitModel::exponential) {
            CHECK(f.value == Approx(3.0));
            CHECK(f.r2 == Approx(1.0));
        }
        if (f.spec == "fc" && f.metric == "wall_ms" && f.model == FitModel::power) {
            CHECK(f.value == Approx(2.5).epsilon(1e-6));
            CHECK(f.r2 == Approx(1.0));
        }
        if (f.spec == "backtracking" && f.metric == "nodes" && f.model == FitModel::exponential)
            CHECK(f.value == Approx(2.0));
    }
}
