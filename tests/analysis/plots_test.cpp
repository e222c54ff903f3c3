#include "analysis/compare_inputs.hpp"
#include "analysis/critical_plot.hpp"
#include "analysis/paired.hpp"
#include "analysis/palette.hpp"
#include "analysis/phase.hpp"
#include "analysis/plot_types.hpp"
#include "analysis/plots.hpp"
#include "core/error.hpp"
#include "data.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <utility>
#include <vector>

using namespace futolab;
using futolab::test::analysis_csv;
namespace fs = std::filesystem;

namespace {

// Looks as a registry would hand them in (app/backend_looks.hpp).
const BackendLooks kLooks{{"backtracking", "#D55E00", 7}, {"fc", "#56B4E9", 5}, {"gac", "#009E73", 9}};

// Renders into a fresh directory and checks the files render_plot promises.
void check_rendered(const PlotSpec& plot) {
    const fs::path dir = fs::temp_directory_path() / ("futolab-plots-test-" + plot.name);
    fs::remove_all(dir);
    const std::string png = render_plot(plot, dir.string());
    CHECK(fs::exists(dir / (plot.name + ".gp")));
    for (std::size_t i = 0; i < all_series(plot).size(); ++i)
        CHECK(fs::exists(dir / (plot.name + "-" + std::to_string(i) + ".dat")));
    if (gnuplot_available()) {
        CHECK(fs::file_size(png) > 1000);
        CHECK(fs::file_size(dir / (plot.name + ".svg")) > 1000);
        CHECK(fs::file_size(dir / (plot.name + ".pdf")) > 1000);
    } else {
        CHECK(png.empty());
    }
    fs::remove_all(dir);
}

// spec → the style text of every series labelled with it (legend entries start with the spec).
std::map<std::string, std::string> styles_by_spec(const PlotSpec& plot, const std::vector<std::string>& specs) {
    std::map<std::string, std::string> out;
    for (const PlotSeries* s : all_series(plot))
        for (const std::string& spec : specs)
            if (s->label == spec || s->label.rfind(spec + " (", 0) == 0) {
                const SeriesLook look = look_of(spec, kLooks);
                CHECK(s->style.find("'" + look.colour + "'") != std::string::npos);
                CHECK(s->style.find("pt " + std::to_string(look.point)) != std::string::npos);
                out[spec] = look.colour;
            }
    return out;
}

}  // namespace

TEST_CASE("a backend's spec has its row's look, variants and unknown backends a shape no backend has", "[plots][palette]") {
    // The fixed looks themselves are the registry's (tests/solvers/registry_test.cpp).
    for (const BackendLook& b : kLooks) {
        INFO(b.name);
        const SeriesLook look = look_of(b.name, kLooks);
        CHECK(look.colour == b.colour);
        CHECK(look.point == b.point);
        CHECK(look.dash == 1);
    }
    CHECK(look_of(std::string(kVirtualBest), kLooks).colour == "#000000");
    CHECK(look_of(std::string(kVirtualBest), kLooks).dash == 2);
    // A variant keeps its backend's colour, is dashed, and is the same on every call.
    CHECK(look_of("fc:var=static", kLooks).colour == "#56B4E9");
    CHECK(look_of("fc:var=static", kLooks).dash > 1);
    CHECK(look_of("fc:var=static", kLooks).point == look_of("fc:var=static", kLooks).point);
    // Variants and unknown backends never take a backend's shape, nor the ring (issue #24 §6).
    std::vector<std::string> specs{"x", "unknown"};
    for (const std::string name : {"backtracking", "fc", "gac", "x"})
        for (int v = 0; v < 40; ++v) specs.push_back(name + ":o=" + std::to_string(v));
    for (const std::string& spec : specs) {
        INFO(spec);
        const int point = look_of(spec, kLooks).point;
        CHECK(point != kLimitRing);
        for (const BackendLook& b : kLooks) CHECK(point != b.point);
    }
    // No pale yellow anywhere.
    for (const std::string spec : {"x", "x:y=z", "unknown"}) CHECK(look_of(spec, kLooks).colour != "#F0E442");
    // With every shape taken, the rest still avoid the ring.
    BackendLooks full;
    for (int p = 1; p <= kPointTypes; ++p)
        if (p != kLimitRing) full.push_back({"b" + std::to_string(p), "#0072B2", p});
    for (int v = 0; v < 40; ++v) CHECK(look_of("x:o=" + std::to_string(v), full).point != kLimitRing);
}

TEST_CASE("a spec has the same colour and point type in every figure", "[plots][palette]") {
    const ResultsTable all = with_virtual_best(ResultsTable::load({analysis_csv("paired.csv")}), "nodes");
    const std::vector<std::string> specs{"backtracking", "fc", "gac", kVirtualBest};
    const auto cactus = styles_by_spec(cactus_plot(all, "nodes", kLooks), specs);
    const auto ecdf = styles_by_spec(ecdf_plot(all, "nodes", kLooks), specs);
    const auto growth = styles_by_spec(growth_plot(all, "nodes", kLooks), specs);
    CHECK(cactus.size() == 4);
    CHECK(cactus == ecdf);
    CHECK(cactus == growth);
    // Without gac in the file, fc keeps its colour: the look never depends on position.
    const ResultsTable two = ResultsTable::load({analysis_csv("growth.csv")});
    const auto growth_two = styles_by_spec(growth_plot(two, "nodes", kLooks), {"backtracking", "fc"});
    CHECK(growth_two.at("fc") == cactus.at("fc"));
    CHECK(growth_two.at("backtracking") == cactus.at("backtracking"));
}

TEST_CASE("cactus, ecdf and growth plots render as PNG, SVG and PDF", "[plots]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("growth.csv")});
    check_rendered(cactus_plot(t, "nodes", kLooks));
    check_rendered(ecdf_plot(t, "nodes", kLooks));
    check_rendered(growth_plot(t, "nodes", kLooks));
}

TEST_CASE("a gnuplot script runs from any directory", "[plots]") {
    if (!gnuplot_available()) return;
    const fs::path dir = fs::temp_directory_path() / "futolab-plots-relative";
    fs::remove_all(dir);
    const PlotSpec plot = cactus_plot(ResultsTable::load({analysis_csv("growth.csv")}), "nodes", kLooks);
    render_plot(plot, dir.string());
    for (const char* ext : {".png", ".svg", ".pdf"}) fs::remove(dir / (plot.name + ext));
    // From / with an absolute path, then from the folder itself.
    CHECK(std::system(("cd / && gnuplot '" + (dir / "cactus-nodes.gp").string() + "' 2>/dev/null").c_str()) == 0);
    CHECK(fs::exists(dir / "cactus-nodes.png"));
    CHECK(fs::exists(dir / "cactus-nodes.pdf"));
    fs::remove(dir / "cactus-nodes.png");
    CHECK(std::system(("cd '" + dir.string() + "' && gnuplot cactus-nodes.gp 2>/dev/null").c_str()) == 0);
    CHECK(fs::exists(dir / "cactus-nodes.png"));
    fs::remove_all(dir);
}

TEST_CASE("growth plots draw a censored median apart from the line", "[plots]") {
    const std::string path = (fs::temp_directory_path() / "futolab-growth-capped.csv").string();
    std::ofstream(path) << "instance_hash,n,solver,options,status,nodes,wall_ns,cpu_ns\n"
                           "1,4,fc,,solved,10,1,1\n2,5,fc,,solved,20,1,1\n3,6,fc,,node_limit,50,1,1\n";
    const PlotSpec p = growth_plot(ResultsTable::load({path}), "nodes", kLooks);
    REQUIRE(p.series.size() == 4);  // line, the limited median in fc's marker, its ring, legend entry
    CHECK(p.series[0].points.size() == 2);
    REQUIRE(p.series[1].points.size() == 1);
    CHECK(p.series[1].points[0].second == 50);
    CHECK(p.series[1].style.find(fmt::format("pt {} ", look_of("fc", kLooks).point)) != std::string::npos);  // fc's marker
    CHECK(p.series[2].points == p.series[1].points);
    CHECK(p.series[2].style.find(fmt::format("pt {} ", kLimitRing)) != std::string::npos);  // and the ring
    CHECK(p.series[3].key_only);
    // Words and units, not column names.
    CHECK(p.ylabel == "median search nodes per run");
    CHECK(p.xlabel == "board size n");
    CHECK(growth_plot(ResultsTable::load({path}), "wall_ms", kLooks).ylabel == "median wall time per run (ms)");
    CHECK(cactus_plot(ResultsTable::load({path}), "wall_ms", kLooks).ylabel == "wall time per run (ms)");
    CHECK(ecdf_plot(ResultsTable::load({path}), "cpu_ms", kLooks).xlabel == "budget: CPU time per run (ms)");
}

TEST_CASE("scatter plots: one point per instance, log-log with the diagonal and the cap", "[plots]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("paired.csv")});
    const auto plots = scatter_plots(t, "backtracking", "nodes", kLooks);
    REQUIRE(plots.size() == 2);
    CHECK(plots[0].name == "scatter-nodes-fc");
    REQUIRE(plots[0].series.size() == 4);  // finished, limit hit, its ring, diagonal
    CHECK(plots[0].series[0].points.size() + plots[0].series[1].points.size() == 8);  // 8 shared instances
    CHECK(plots[0].series[2].points == plots[0].series[1].points);
    CHECK(plots[0].series.back().label == "y = x (below: y used less)");
    // Log–log always, one range on both axes, axis labels in words.
    CHECK(plots[0].logx);
    CHECK(plots[0].logy);
    CHECK(plots[0].xlabel == "backtracking: search nodes per instance + 1");
    CHECK(plots[0].ylabel == "fc: search nodes per instance + 1");
    const std::string& range = plots[0].extra_commands.front();
    const auto bounds = [&](const std::string& axis) {
        const std::size_t at = range.find("set " + axis + "range [");
        REQUIRE(at != std::string::npos);
        return range.substr(at + 12, range.find(']', at) - at - 12);
    };
    CHECK(bounds("x") == bounds("y"));
    CHECK(scatter_plots(t, "backtracking", "wall_ms", kLooks)[0].xlabel == "backtracking: wall time per instance (ms)");
    // Nodes had no node limit (the limited run timed out): no cap line; wall time has one.
    auto has_cap_line = [](const PlotSpec& p) {
        bool found = false;
        for (const std::string& c : p.extra_commands) found = found || c.find("'limit'") != std::string::npos;
        return found;
    };
    CHECK_FALSE(has_cap_line(plots[0]));
    CHECK(has_cap_line(scatter_plots(t, "backtracking", "wall_ms", kLooks)[0]));
    for (const PlotSpec& p : plots) check_rendered(p);
}

namespace {

// The text of a file render_plot wrote into `dir` ("" if there is none).
std::string file_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// `plot` rendered into a fresh folder: its script, and its SVG where gnuplot is installed.
std::pair<std::string, std::string> script_and_svg(const PlotSpec& plot) {
    const fs::path dir = fs::temp_directory_path() / "futolab-plots-title";
    fs::remove_all(dir);
    render_plot(plot, dir.string());
    std::pair<std::string, std::string> out;  // the files' stem is the name made safe (a spec's ':' is hashed)
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() == ".gp") out.first = file_text(entry.path());
        if (entry.path().extension() == ".svg") out.second = file_text(entry.path());
    }
    fs::remove_all(dir);
    return out;
}

}  // namespace

// Red-team round 28, C F4: the title's two lines were joined by a line feed and then shown as
// data, so every scatter figure (analyze's, report --compare's) printed "…8 instances<U+000A>fc
// (y) against …" in the PNG, SVG, PDF and the page's inline SVG. The line break is gnuplot's own.
TEST_CASE("a scatter figure's title is two lines gnuplot breaks and shows no line feed as data", "[plots][quoting]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("paired.csv")});
    std::vector<PlotSpec> figures{scatter_plots(t, "backtracking", "nodes", kLooks).at(0)};
    const std::string base = analysis_csv("compare/base.csv"), next = analysis_csv("compare/new.csv");
    const ComparedRun compared = compare_inputs({base, next}, {"v1", "v2"}, "wall_ms", &kLooks);
    REQUIRE_FALSE(compared.plots.empty());
    figures.push_back(compared.plots.front());
    for (const PlotSpec& plot : figures) {
        CAPTURE(plot.name);
        const auto [script, svg] = script_and_svg(plot);
        const std::size_t title = script.find("set title ");
        REQUIRE(title != std::string::npos);
        const std::string line = script.substr(title, script.find('\n', title) - title);
        CHECK(line.find("median over repeats") != std::string::npos);
        CHECK(line.find(".\"\\n\".") != std::string::npos);  // gnuplot's own line break between the lines
        CHECK(script.find("U+000A") == std::string::npos);
        if (!gnuplot_available()) continue;
        CHECK(svg.find("U+000A") == std::string::npos);
        // Each line its own <text>: the first ends the element, the second starts one.
        CHECK(svg.find("instances</text>") != std::string::npos);
        const std::size_t second = svg.find(" (y) against ");
        REQUIRE(second != std::string::npos);
        const std::size_t start = svg.rfind("<text>", second);
        REQUIRE(start != std::string::npos);
        CHECK(svg.substr(start, second - start).find("instances") == std::string::npos);
    }
}

TEST_CASE("the phase plot has one column of panels per relations level", "[plots]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("phase.csv")});
    const PlotSpec p = phase_plot(t, "fc", "nodes");
    CHECK(p.cols == 1);  // k = 0 only
    REQUIRE(p.panels.size() == 3);
    CHECK(p.panels[0].logy);
    CHECK(p.panels[0].ylabel.find("+ 1") != std::string::npos);  // n = 4 has a median of 0 nodes
    CHECK(p.panels[0].series[0].columns == "1:2:3");             // the interquartile band
    check_rendered(p);
    CHECK_THROWS_AS(phase_plot(t, "nosuch", "nodes"), InputError);
}

TEST_CASE("the critical-set plot separates methods and draws the bound", "[plots]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("critical.csv")});
    const PlotSpec p = critical_plot(t);
    REQUIRE(p.panels.size() == 3);
    const PlotSeries& bound = p.panels[0].series.back();
    CHECK(bound.label == "bound 2(n − 1)");
    CHECK(bound.points.front() == std::make_pair(3.5, 5.0));  // 2(3.5 − 1)
    CHECK(bound.points.back() == std::make_pair(5.5, 9.0));
    check_rendered(p);
    CHECK_THROWS_AS(critical_plot(ResultsTable::load({analysis_csv("paired.csv")})), InputError);
    const auto labels = distinguishing_labels({"critical:iterations=0,use=both", "critical:iterations=200,use=both"});
    CHECK(labels.at("critical:iterations=0,use=both") == "iterations=0");
}

TEST_CASE("plot types: one vocabulary reads the names the CLI offers", "[plots][vocabulary]") {
    CHECK(names_of(kPlotTypes) == "cactus, ecdf, growth, scatter, phase, uniqueness, critical");
    const std::vector<PlotType> all = plot_types_named(name_list(kPlotTypes));
    REQUIRE(all.size() == kPlotTypes.size());
    for (std::size_t i = 0; i < all.size(); ++i) CHECK(all[i] == kPlotTypes[i].value);
    CHECK_THROWS_WITH(plot_types_named({"cactus", "violin"}),
                      "unknown plot type 'violin' (valid: cactus, ecdf, growth, scatter, phase, uniqueness, critical)");
}
