// Issue #45: a report page is bounded whatever the number of specs. `report --compare` with
// 5000 specs wrote a 75 MB page of 5000 scatter figures; now at most kReportMaxFigures
// figures, and kReportMaxSeries series per figure, are drawn, with a note on the page.
#include "cli_runner.hpp"

#include "analysis/html_report.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

// A results CSV with `specs` specs (fc with a tag option) on two instances, and its sidecar
// (a copy of the compare fixture's, with the run count), times scaled by `scale`.
void write_results(const fs::path& csv, const std::string& fixture, int specs, int scale) {
    std::ofstream out(csv);
    out << "experiment,instance,instance_hash,n,h,k,solver,options,seed,repeat,mode,status,solutions,nodes,fails,checks,"
           "propagations,max_depth,wall_ns,cpu_ns,solution,run,message\n";
    int run = 0;
    for (int s = 0; s < specs; ++s)
        for (int i = 1; i <= 2; ++i) {
            const long ns = (s % 7 + 1) * 1000000L * scale * i;
            out << "t,i" << i << ",000000000000000" << i << ",4,6,3,fc,var=mrv;tag=" << s << ",11,1,count:2,unique,1,5,0,0,0,0,"
                << ns << "," << ns << ",," << run++ << ",\n";
        }
    std::string meta = slurp(FUTOLAB_SOURCE_DIR "/tests/data/analysis/compare/" + fixture + ".meta.yaml");
    meta.replace(meta.find("total_runs: 24"), 14, "total_runs: " + std::to_string(run));
    std::ofstream(csv.string() + ".meta.yaml") << meta;
}

}  // namespace

TEST_CASE("report --compare with many specs draws a bounded number of figures, and says so (issue #45)",
          "[cli][report]") {
    const fs::path dir = futolab::test::fresh_dir("report-size", "compare");
    const int specs = 60;
    write_results(dir / "base.csv", "base.csv", specs, 1);
    write_results(dir / "new.csv", "new.csv", specs, 2);
    const std::string page = (dir / "r.html").string();
    const auto r = run_cli("report " + (dir / "base.csv").string() + " " + (dir / "new.csv").string() + " --compare --out " + page);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string html = slurp(page);
    CHECK(count_of(html, "<figure>") == futolab::kReportMaxFigures);
    CHECK(has(html, "24 of 60 figures are drawn (at most 24 per page); the other 36 are left out"));
    CHECK(has(r.err, "note: 24 of 60 figures"));
    CHECK(has(html, "fc:var=mrv;tag=59"));  // every spec is still in the tables
    fs::remove_all(dir);
}

TEST_CASE("report: a figure with more specs than its bound draws the first ones and says so (issue #45)", "[cli][report]") {
    const fs::path dir = futolab::test::fresh_dir("report-size", "series");
    write_results(dir / "r.csv", "base.csv", 30, 1);
    const std::string page = (dir / "r.html").string();
    const auto r = run_cli("report " + (dir / "r.csv").string() + " --plot cactus --no-vbs --out " + page);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string html = slurp(page);
    CHECK(count_of(html, "<figure>") == 1);
    CHECK(has(html, "(6 more series not drawn: see the tables)"));
    CHECK(has(html, "1 figure shows only the first 24 series (specs) each"));
    fs::remove_all(dir);
}

TEST_CASE("bound_figures keeps small reports as they are (issue #45)", "[report]") {
    std::vector<futolab::PlotSpec> few(3);
    few[0].series.resize(futolab::kReportMaxSeries);
    const futolab::BoundedFigures b = futolab::bound_figures(few);
    CHECK(b.figures.size() == 3);
    CHECK(b.figures[0].series.size() == futolab::kReportMaxSeries);
    CHECK(b.note.empty());
}
