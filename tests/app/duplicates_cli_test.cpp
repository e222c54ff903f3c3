// SPEC §5: a run key twice in one results file, or a column name twice in its header, is
// refused by every reader (analyze, report, compare, merge; resume: tests/experiments/
// records_test.cpp), naming the file and both lines: a run counted twice is a wrong statistic.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

using futolab::test::has;

namespace {

fs::path fresh_dir(const std::string& name) { return futolab::test::fresh_dir("duplicates", name); }

const std::string kFixture = std::string(FUTOLAB_SOURCE_DIR) + "/tests/data/analysis/compare/cal-base.csv";

}  // namespace

TEST_CASE("a run twice in one file is refused by analyze, report and compare", "[cli][duplicates]") {
    const fs::path dir = fresh_dir("rows");
    std::string text = slurp(kFixture);
    const std::size_t second = text.find('\n') + 1;
    text += text.substr(second, text.find('\n', second) + 1 - second);  // the first run appended again
    const std::string twice = (dir / "twice.csv").string();
    std::ofstream(twice) << text;
    const std::string message = twice + ":26: the run of line 2 again";
    auto r = run_cli("analyze " + twice);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, message));
    r = run_cli("report " + twice + " --out " + (dir / "r.html").string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, message));
    CHECK_FALSE(fs::exists(dir / "r.html"));
    r = run_cli("compare " + kFixture + " " + twice);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, message));
    CHECK(run_cli("analyze " + kFixture).exit_code == 0);  // the file as it was reads
}

TEST_CASE("a column name twice in a header is refused by every reader", "[cli][duplicates]") {
    const fs::path dir = fresh_dir("columns");
    std::string text = slurp(kFixture);
    text.insert(text.find('\n'), ",status");
    std::string body;
    for (std::size_t at = text.find('\n') + 1; at < text.size();) {  // the value once more on each row
        const std::size_t end = text.find('\n', at);
        body += text.substr(at, end - at) + ",unique\n";
        at = end + 1;
    }
    const std::string doubled = (dir / "doubled.csv").string();
    std::ofstream(doubled) << text.substr(0, text.find('\n') + 1) << body;
    auto r = run_cli("analyze " + doubled);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, doubled + ":1:26: column 'status' twice in the header (fields 12 and 26)"));
    CHECK(run_cli("compare " + kFixture + " " + doubled).exit_code == 2);
}
