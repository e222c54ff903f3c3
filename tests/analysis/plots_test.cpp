#include "analysis/critical_plot.hpp"
#include "analysis/phase.hpp"
#include "analysis/plots.hpp"
#include "core/error.hpp"
#include "data.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace futolab;
using futolab::test::analysis_csv;
namespace fs = std::filesystem;

namespace {

// Renders into a fresh directory and checks the files render_plot promises.
void check_rendered(const PlotSpec& plot) {
    const fs::path dir = fs::temp_directory_path() / ("futolab-plots-test-" + plot.name);
    fs::remove_all(dir);
    const std::string png = render_plot(plot, dir.string());
    CHECK(fs::exists(dir / (plot.name + ".gp")));
    for (std::size_t i = 0; i < plot.series.size(); ++i)
        CHECK(fs::exists(dir / (plot.name + "-" + std::to_string(i) + ".dat")));
    if (gnuplot_available()) {
        CHECK(fs::file_size(png) > 1000);
        CHECK(fs::file_size(dir / (plot.name + ".svg")) > 1000);
    } else {
        CHECK(png.empty());
    }
    fs::remove_all(dir);
}

}  // namespace

TEST_CASE("cactus and growth plots render", "[plots]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("growth.csv")});
    check_rendered(cactus_plot(t, "nodes"));
    check_rendered(growth_plot(t, "nodes"));
}

TEST_CASE("scatter plots: one per other spec, log-log with the diagonal", "[plots]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("paired.csv")});
    const auto plots = scatter_plots(t, "backtracking", "nodes");
    REQUIRE(plots.size() == 2);
    CHECK(plots[0].name == "scatter-nodes-fc_var_mrv");
    CHECK(plots[0].series.back().label == "y = x (below: y used less)");
    CHECK(plots[0].series.size() == 3);  // finished, limit hit, diagonal
    for (const PlotSpec& p : plots) check_rendered(p);
}

TEST_CASE("the phase plot has a cost and a unique-fraction line per n", "[plots]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("phase.csv")});
    const PlotSpec p = phase_plot(t, "fc:var=mrv", "nodes");
    REQUIRE(p.series.size() == 4);
    CHECK(p.logy);
    CHECK_FALSE(p.series[0].y2);
    CHECK(p.series[1].y2);
    CHECK(p.ylabel.find("+ 1") != std::string::npos);  // n = 4 has a median of 0 nodes
    check_rendered(p);
    CHECK_THROWS_AS(phase_plot(t, "nosuch", "nodes"), InputError);
}

TEST_CASE("the critical-set plot has points and a bound line per n", "[plots]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("critical.csv")});
    const PlotSpec p = critical_plot(t);
    REQUIRE(p.series.size() == 4);
    CHECK(p.series[0].label == "n=4 (4 sets)");
    CHECK(p.series[1].points.front() == std::make_pair(0.0, 2.0));  // 3k = 2(4 - 1)
    CHECK(p.series[1].points.back() == std::make_pair(3.0, 0.0));
    check_rendered(p);
    CHECK_THROWS_AS(critical_plot(ResultsTable::load({analysis_csv("paired.csv")})), InputError);
}
