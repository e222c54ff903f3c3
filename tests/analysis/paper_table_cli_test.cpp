// `analyze --format latex` for a paper (issue #44), through the CLI: --columns (every format),
// --digits, --caption, --label, the lower-bound marks and their note, against a golden file;
// the options' refusals. tests/analysis/latex_compile.sh compiles the same tables.
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

using namespace futolab::test;

namespace {

const std::string kPaper = "analysis/paper.csv";

}  // namespace

TEST_CASE("analyze --format latex --columns matches its golden file", "[cli][analyze][latex]") {
    // Numbers by hand (tests/data/README.md, paper.csv): backtracking's median wall time is a
    // timeout (≥), fc's p90 and mean rest on two timeouts (≥), gac finished every run.
    const CliResult r = run_cli("analyze " + kPaper +
                                " --by spec --metric wall_ms --format latex --columns spec,median,p90,mean"
                                " --caption 'Wall time (ms) per spec: 50% & 90% points' --label tab:paper");
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK(r.out == slurp(FUTOLAB_SOURCE_DIR "/tests/data/analysis/paper-columns.tex"));
}

TEST_CASE("analyze --columns: the done-when command and every format", "[cli][analyze][latex]") {
    CliResult r = run_cli("analyze " + kPaper + " --format latex --columns spec,median,p90");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("\\begin{tabular}{lrr}\n\\toprule\nspec & median & p90 \\\\\n\\midrule\n") == 0);
    CHECK(has(r.out, "gac & $2.50\\times10^{6}$ & $3.30\\times10^{6}$ \\\\\n"));  // nodes: never 2.5e+06
    CHECK_FALSE(has(r.out, "e+"));
    CHECK(has(r.out, "{\\footnotesize $\\geq$\\,$x$: a lower bound."));
    CHECK_FALSE(has(r.out, "median\\_censored"));
    r = run_cli("analyze " + kPaper + " --by spec --metric wall_ms --columns spec,median_censored,median --format csv");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("spec,median_censored,median\nbacktracking,1,10000.2\nfc:var=static,0,45.5\ngac,0,2550\n") == 0);
    r = run_cli("analyze " + kPaper + " --by spec --metric wall_ms --columns spec,p90");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "| spec | p90 |\n| --- | ---: |\n| backtracking | ≥ 10001 |\n| fc:var=static | ≥ 10000 |\n| gac | 3420 |\n"));
    // Markdown without --columns marks cells and leaves the flag columns to CSV.
    r = run_cli("analyze " + kPaper + " --by spec --metric wall_ms");
    CHECK(has(r.out, "| spec | metric | runs | finished | limit_hit | failed | min | median | mean | p90 | max | geomean | par2 |"));
    r = run_cli("analyze " + kPaper + " --by spec --metric wall_ms --format latex --digits 5 --table summary --columns spec,mean");
    CHECK(has(r.out, "gac & 2409.4 \\\\\n"));
}

TEST_CASE("analyze --columns, --digits, --caption, --label: bad values and clashes exit 2", "[cli][analyze][latex]") {
    CliResult r = run_cli("analyze " + kPaper + " --columns spec,median,nosuch");
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: --columns: the summary table has no column 'nosuch' (its columns: spec, n, metric, runs, "
                   "finished, limit_hit, failed, min, min_censored, median, median_censored, mean, mean_censored, p90, "
                   "p90_censored, max, max_censored, geomean, geomean_censored, par2)\n");
    r = run_cli("analyze " + kPaper + " --columns spec,spec");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "analyze: --columns has spec twice"));  // every list option's rule (app/list_items.hpp)
    r = run_cli("analyze " + kPaper + " --format latex --columns spec --label 'tab:a b'");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--label: 'tab:a b' is not a LaTeX label here"));
    for (const std::string& args : {std::string(" --digits 4"), std::string(" --format latex --digits 0"),
                                    std::string(" --format latex --digits 18"), std::string(" --caption x"),
                                    std::string(" --format latex --caption x"), std::string(" --format latex --label x"),
                                    std::string(" --columns spec --baseline gac"), std::string(" --columns spec --tables /tmp/x")}) {
        INFO(args);
        r = run_cli("analyze " + kPaper + args);
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
    // With --table the paired table's columns are there to choose.
    r = run_cli("analyze " + kPaper + " --baseline gac --table paired --columns spec,metric,geomean_ratio,holm_p");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "| spec | metric | geomean_ratio | holm_p |"));
}
