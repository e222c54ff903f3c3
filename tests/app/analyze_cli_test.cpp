// futolab analyze end to end on the handmade CSVs of tests/data/analysis.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("futolab-analyze-cli-" + name);
    fs::remove_all(dir);
    return dir;
}

// The PNG when gnuplot is installed, else the script; SVG, data and script always come together.
void check_plot_files(const fs::path& dir, const std::string& name) {
    INFO(name);
    CHECK(fs::exists(dir / (name + ".gp")));
    CHECK(fs::exists(dir / (name + "-0.dat")));
    if (std::system("command -v gnuplot >/dev/null 2>&1") == 0) {
        CHECK(fs::exists(dir / (name + ".png")));
        CHECK(fs::exists(dir / (name + ".svg")));
    }
}

}  // namespace

TEST_CASE("analyze --baseline prints the paired comparison", "[cli][analyze]") {
    const auto r = run_cli("analyze analysis/paired.csv --metric nodes --baseline backtracking");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "## Paired comparison against backtracking"));
    CHECK(has(r.out, "| spec | metric | pairs | instances | limited | geomean_ratio | ci_low | ci_high | wins | ties | losses |"));
    CHECK(has(r.out, "| fc:var=mrv | nodes | 8 | 8 | 1 | 2 | 2 | 2 | 8 | 0 | 0 |"));
    CHECK(has(r.out, "| gac | nodes | 8 | 8 | 0 | 1 | 1 | 1 | 0 | 8 | 0 |"));
    const auto again = run_cli("analyze analysis/paired.csv --metric nodes --baseline backtracking");
    CHECK(again.out == r.out);
}

TEST_CASE("analyze --format csv prints every table as CSV", "[cli][analyze]") {
    const auto r = run_cli("analyze analysis/paired.csv --metric nodes --baseline backtracking --fit exp --format csv");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "\nspec,metric,pairs,instances,limited,geomean_ratio,ci_low,ci_high,wins,ties,losses\n"));
    CHECK(has(r.out, "\nspec,metric,model,base_or_exponent,r2,points\n"));
    CHECK_FALSE(has(r.out, "##"));
}

TEST_CASE("analyze --fit prints growth bases and exponents", "[cli][analyze]") {
    auto r = run_cli("analyze analysis/growth.csv --metric nodes --fit exp,power");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "| fc:var=mrv | nodes | exp | 3 | 1 | 4 |"));
    CHECK(has(r.out, "| backtracking | nodes | exp | 2 | 1 | 4 |"));
    r = run_cli("analyze analysis/paired.csv --metric nodes --fit exp");  // only n = 4
    CHECK(has(r.out, "| gac | nodes | exp | needs ≥ 3 n with median > 0 | - | 1 |"));
}

TEST_CASE("analyze writes every plot type", "[cli][analyze]") {
    const fs::path dir = fresh_dir("plots");
    auto r = run_cli("analyze analysis/paired.csv --metric nodes --baseline backtracking --plots " + dir.string() +
                     " --plot cactus,growth,scatter,phase");
    CHECK(r.exit_code == 0);
    for (const char* name : {"cactus-nodes", "growth-nodes", "scatter-nodes-fc_var_mrv", "scatter-nodes-gac", "phase-nodes"})
        check_plot_files(dir, name);
    r = run_cli("analyze analysis/critical.csv --plots " + dir.string() + " --plot critical");
    CHECK(r.exit_code == 0);
    check_plot_files(dir, "critical");
    fs::remove_all(dir);
}

TEST_CASE("analyze usage and data errors exit 2 with one line", "[cli][analyze]") {
    const fs::path dir = fresh_dir("errors");
    const std::string plots = " --plots " + dir.string();
    for (const std::string& args : std::vector<std::string>{"analysis/paired.csv --metric nosuch", "analysis/paired.csv --by nosuch",
                                   "analysis/paired.csv --baseline gecode",
                                   "analysis/paired.csv" + plots + " --plot scatter",
                                   "analysis/paired.csv --plot cactus", "analysis/paired.csv --fit cubic",
                                   "analysis/paired.csv" + plots + " --plot phase --solver nosuch",
                                   "analysis/paired.csv" + plots + " --plot critical"}) {
        INFO(args);
        const auto r = run_cli("analyze " + args);
        CHECK(r.exit_code == 2);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.out.empty());
    }
    CHECK_FALSE(fs::exists(dir));
}
