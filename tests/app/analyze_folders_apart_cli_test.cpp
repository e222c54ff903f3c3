// analyze's two folder outputs, --tables and --plots: neither is one of the other's files nor lies
// under one, refused naming both before anything is written (the same rule as critical's
// --checkpoint beside --out: `--plots t/summary.csv` was refused only once the tables were in t).
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

TEST_CASE("analyze --plots at or under a table file, or --tables at a figure file, is refused before anything is written",
          "[cli][analyze]") {
    const fs::path dir = futolab::test::fresh_dir("analyze-folders-apart", "cases");
    const std::string t = (dir / "t").string(), p = (dir / "p").string();
    const std::string study = "analyze analysis/paired.csv --metric nodes --plot cactus";
    // A folder named as a table file is named for a file kind: refused for that (no folder's name).
    const auto at_table = run_cli(study + " --tables " + t + " --plots " + t + "/summary.csv");
    INFO(at_table.err);
    CHECK(at_table.exit_code == 2);
    CHECK(has(at_table.err, "--plots " + t + "/summary.csv ends in .csv, the extension of a results CSV"));
    const auto under_table = run_cli(study + " --tables " + t + " --plots " + t + "/summary.csv/figures");
    INFO(under_table.err);
    CHECK(under_table.exit_code == 2);
    CHECK(has(under_table.err, "--plots " + t + "/summary.csv/figures: lies under --tables " + t + "/summary.csv"));
    const auto at_figure = run_cli(study + " --tables " + p + "/cactus-nodes.png --plots " + p);
    INFO(at_figure.err);
    CHECK(at_figure.exit_code == 2);
    CHECK(has(at_figure.err, "--tables " + p + "/cactus-nodes.png: is also --plots " + p + "/cactus-nodes.png"));
    CHECK(fs::is_empty(dir));  // no table, folder or figure written

    const auto one_folder = run_cli(study + " --tables " + t + " --plots " + t);  // side by side in one folder
    INFO(one_folder.err);
    CHECK(one_folder.exit_code == 0);
    CHECK(fs::exists(dir / "t" / "summary.csv"));
    CHECK(fs::exists(dir / "t" / "cactus-nodes.png"));
}
