// futolab analyze end to end on the handmade CSVs of tests/data/analysis and the bad ones of
// tests/data/bad-results.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("futolab-analyze-cli-" + name);
    fs::remove_all(dir);
    return dir;
}

// The PNG when gnuplot is installed, else the script; SVG, PDF, data and script always come together.
void check_plot_files(const fs::path& dir, const std::string& name) {
    INFO(name);
    CHECK(fs::exists(dir / (name + ".gp")));
    CHECK(fs::exists(dir / (name + "-0.dat")));
    if (std::system("command -v gnuplot >/dev/null 2>&1") == 0)
        for (const char* ext : {".png", ".svg", ".pdf"}) CHECK(fs::exists(dir / (name + ext)));
}

}  // namespace

TEST_CASE("analyze --baseline prints the paired comparison per instance", "[cli][analyze]") {
    const auto r = run_cli("analyze analysis/paired.csv --metric nodes --baseline backtracking");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "## Paired comparison per instance against backtracking"));
    CHECK(has(r.out, "| spec | metric | instances | limited | geomean_ratio | ci_low | ci_high | wins | ties | losses | wilcoxon_p |"));
    CHECK(has(r.out, "| fc | nodes | 8 | 1 | 2 | 2 | 2 | 8 | 0 | 0 | 0.00781 |"));
    CHECK(has(r.out, "| gac | nodes | 8 | 0 | 1 | 1 | 1 | 0 | 8 | 0 | 1 |"));
    CHECK(has(r.out, "| virtual-best | 4 | nodes |"));  // the summary has the virtual best solver
    const auto again = run_cli("analyze analysis/paired.csv --metric nodes --baseline backtracking");
    CHECK(again.out == r.out);
    CHECK_FALSE(has(run_cli("analyze analysis/paired.csv --metric nodes --no-vbs").out, "virtual-best"));
}

TEST_CASE("analyze --format csv writes one table, at full precision", "[cli][analyze]") {
    const fs::path dir = fresh_dir("csv");
    fs::create_directories(dir);
    const std::string csv = (dir / "big.csv").string();
    std::ofstream(csv) << "instance_hash,n,solver,options,status,nodes,wall_ns,cpu_ns\n"
                          "1,4,fc,,solved,3000000,3000417590000,1\n";
    auto r = run_cli("analyze " + csv + " --by spec --metric wall_ms,nodes --format csv");
    CHECK(r.exit_code == 0);
    CHECK(r.out == "spec,metric,runs,finished,limit_hit,failed,min,min_censored,median,median_censored,mean,mean_censored,"
                   "p90,p90_censored,max,max_censored,geomean,geomean_censored,par2\n"
                   "fc,wall_ms,1,1,0,0,3000417.59,0,3000417.59,0,3000417.59,0,3000417.59,0,3000417.59,0,3000417.5900000026,0,"
                   "3000417.59\n"
                   "fc,nodes,1,1,0,0,3000000,0,3000000,0,3000000,0,3000000,0,3000000,0,3000000.000000001,0,3000000\n");  // exp(log(x + 1)) − 1: every digit
    // Several tables: choose one, or write each to its own file.
    r = run_cli("analyze analysis/paired.csv --metric nodes --baseline backtracking --fit exp --format csv");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--table"));
    r = run_cli("analyze analysis/paired.csv --metric nodes --baseline backtracking --format csv --table paired");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "spec,metric,instances,limited,geomean_ratio,ci_low,ci_high,wins,ties,losses,wilcoxon_p,holm_p\n"));
    CHECK(has(r.out, "\nfc,nodes,8,1,2,2,2,8,0,0,0.0078125,0.015625\n"));
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 3);  // header, fc, gac: one table
    r = run_cli("analyze analysis/paired.csv --metric nodes --baseline backtracking --fit exp --tables " + dir.string());
    CHECK(r.exit_code == 0);
    for (const char* name : {"summary", "paired", "fits", "instances"}) CHECK(fs::exists(dir / (std::string(name) + ".csv")));
    fs::remove_all(dir);
}

// Round 9 (R9 #13): `--table instances --tables DIR` wrote every table, --table ignored.
TEST_CASE("analyze --table NAME --tables DIR writes only that table", "[cli][analyze]") {
    const fs::path dir = fresh_dir("one-table");
    for (const std::string name : {"instances", "summary", "paired"}) {
        INFO(name);
        const fs::path sub = dir / name;
        const std::string baseline = name == "paired" ? " --baseline backtracking" : "";
        const auto r = run_cli("analyze analysis/paired.csv --metric nodes" + baseline + " --table " + name + " --tables " + sub.string());
        REQUIRE(r.exit_code == 0);
        std::vector<std::string> written;
        for (const auto& entry : fs::directory_iterator(sub))
            if (entry.path().filename() != ".futolab-folder.lock") written.push_back(entry.path().filename().string());  // its lock (round 26, A F2)
        CHECK(written == std::vector<std::string>{name + ".csv"});
        CHECK(has(r.out, "table: " + (sub / (name + ".csv")).string() + "\n"));
    }
    // An option for another table no longer rides on --tables: it would feed nothing written.
    const auto r = run_cli("analyze analysis/paired.csv --table summary --fit exp --tables " + (dir / "f").string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--fit does not apply with --table summary"));
    CHECK_FALSE(fs::exists(dir / "f"));
    fs::remove_all(dir);
}

TEST_CASE("analyze --fit prints growth bases and exponents", "[cli][analyze]") {
    auto r = run_cli("analyze analysis/growth.csv --metric nodes --fit exp,power");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "| fc | nodes | exp | 3 | 1 | 4 | 0 |"));
    CHECK(has(r.out, "| backtracking | nodes | exp | 2 | 1 | 4 | 0 |"));
    r = run_cli("analyze analysis/paired.csv --metric nodes --fit exp");  // only n = 4
    CHECK(has(r.out, "| gac | nodes | exp | - | - | 1 | 0 |"));
}

TEST_CASE("analyze writes every plot type", "[cli][analyze]") {
    const fs::path dir = fresh_dir("plots");
    auto r = run_cli("analyze analysis/paired.csv --metric nodes --baseline backtracking --plots " + dir.string() +
                     " --plot cactus,ecdf,growth,scatter,phase");
    CHECK(r.exit_code == 0);
    for (const char* name : {"cactus-nodes", "ecdf-nodes", "growth-nodes", "scatter-nodes-fc", "scatter-nodes-gac", "phase-nodes"})
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
                                   "analysis/paired.csv" + plots + " --plot critical",
                                   "analysis/paired.csv --metric instance", "analysis/paired.csv --table paired",
                                   "nosuch.csv"}) {
        INFO(args);
        const auto r = run_cli("analyze " + args);
        CHECK(r.exit_code == 2);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.out.empty());
    }
    CHECK_FALSE(fs::exists(dir));
}

TEST_CASE("analyze and report read numbers strictly: file, line and column", "[cli][analyze][report][long]") {
    std::ifstream tsv(FUTOLAB_SOURCE_DIR "/tests/data/bad-results/EXPECTED.tsv");
    std::string line;
    int cases = 0;
    while (std::getline(tsv, line)) {
        const std::size_t tab = line.find('\t');
        const std::string file = line.substr(0, tab), expected = line.substr(tab + 1);
        for (const std::string& command : {"analyze " + file, "report " + file + " --out /tmp/futolab-bad-report.html"}) {
            INFO(command);
            const auto r = run_cli(command);
            CHECK(r.exit_code == 2);
            CHECK(r.err == "futolab: " + expected + (has(expected, "status") ? " (SPEC §4)\n" : "\n"));
            CHECK(r.out.empty());
        }
        ++cases;
    }
    CHECK(cases == 19);
    CHECK_FALSE(fs::exists("/tmp/futolab-bad-report.html"));
}

TEST_CASE("analyze and report fail when standard output cannot be written", "[cli][analyze][report]") {
    auto r = run_cli("analyze analysis/paired.csv >/dev/full");
    CHECK(r.exit_code == 1);
    CHECK(has(r.err, "cannot write to standard output"));
    r = run_cli("report analysis/paired.csv --out /tmp/futolab-full-report.html >/dev/full");
    CHECK(r.exit_code == 1);
    fs::remove("/tmp/futolab-full-report.html");
    // A page whose folder is missing is refused before any work (exit 2), not failed at its write.
    r = run_cli("report analysis/paired.csv --out /nonexistent-dir/r.html");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "its folder /nonexistent-dir is not there"));
}

TEST_CASE("analyze and report refuse to pool the same runs twice or two versions silently", "[cli][analyze]") {
    auto r = run_cli("analyze analysis/paired.csv analysis/paired.csv");
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: analysis/paired.csv: given twice (inputs 1 and 2): its runs would count twice\n");
    r = run_cli("report analysis/paired.csv ./analysis/paired.csv --out /dev/null");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "given twice"));
    // Two commits of one config (the compare fixtures): refused, with the way out.
    r = run_cli("analyze analysis/compare/base.csv analysis/compare/new.csv");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "come from different commits (aaaaaaaa and bbbbbbbb)"));
    CHECK(has(r.err, "futolab compare"));
    CHECK(has(r.err, "--pool"));
    r = run_cli("analyze analysis/compare/base.csv analysis/compare/new.csv --pool --by spec --metric nodes");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "| fc | nodes | 22 |"));  // 12 runs + 10: pooled, as asked
    // The same runs in two files (a copy: shards with their merge look the same).
    const fs::path dir = fresh_dir("pool");
    fs::create_directories(dir);
    fs::copy_file(FUTOLAB_SOURCE_DIR "/tests/data/analysis/paired.csv", dir / "copy.csv");
    r = run_cli("analyze analysis/paired.csv " + (dir / "copy.csv").string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "analysis/paired.csv:2 and " + (dir / "copy.csv").string() + ":2 hold the same run (instance i1"));
    fs::remove_all(dir);
}

TEST_CASE("analyze: critical-set statistics count only sets, and the sets table says how many", "[cli][analyze]") {
    auto r = run_cli("analyze analysis/critical-k.csv --by n --metric slack");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "| 4 | slack | 5 | 5 | 0 | 0 | 9 | 12 |"));  // min 9: the `multiple` rows' −6 left out
    CHECK(has(r.out, "## Critical-set records per method and n: only sets count in h, k, score and slack"));
    CHECK(has(r.out, "| critical:objective=k | 5 | 6 | 2 | 3 | 1 | 0 | 21 | 12 (exact) | 13 | 14.5 |"));
    r = run_cli("analyze analysis/critical-k.csv --format csv --table sets");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "critical:objective=k,4,5,3,2,0,0,15,8 (exact),9,12\n"));
    r = run_cli("analyze analysis/paired.csv --table sets");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "sets needs critical-set records"));
}

TEST_CASE("analyze --format latex: every table as a booktabs float", "[cli][analyze]") {
    auto r = run_cli("analyze analysis/paired.csv --metric nodes --baseline backtracking --format latex");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("\\begin{table}[htbp]\n\\centering\n\\caption{Summary}\n\\begin{tabular}{lllrrrrrrrrrrr}\n\\toprule\n"
                     "spec & n & metric & runs & finished & limit\\_hit & failed &") == 0);
    CHECK(has(r.out, "\\caption{Paired comparison per instance against backtracking (ratio baseline / spec, \\textgreater{} 1: spec used less)}"));
    CHECK(has(r.out, "fc & nodes & 8 & 1 & 2 & 2 & 2 & 8 & 0 & 0 & 0.00781 & 0.0156 \\\\\n"));
    CHECK(!has(r.out, "|"));  // nothing of the Markdown
    r = run_cli("analyze analysis/paired.csv --metric nodes --format latex --table summary");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("\\begin{tabular}{lllrrrrrrrrrrr}\n") == 0);  // one table: no float
}

TEST_CASE("analyze warns when one spec label means different options in the inputs", "[cli][analyze][spec]") {
    const fs::path dir = fs::temp_directory_path() / "futolab-analyze-labels";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string header = "instance,instance_hash,solver,options,spec,status,nodes,wall_ns,cpu_ns\n";
    std::ofstream(dir / "old.csv") << header << "a,01,gac,\"sac=none,var=mrv\",gac,unique,3,5,5\n";
    std::ofstream(dir / "new.csv") << header << "b,02,gac,\"sac=all,var=mrv\",gac,unique,3,5,5\n";
    const auto r = run_cli("analyze " + (dir / "old.csv").string() + " " + (dir / "new.csv").string() + " --by spec");
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("futolab: warning: spec 'gac' stands for different options: sac=none in " + (dir / "old.csv").string() +
                     "; sac=all in " + (dir / "new.csv").string()) != std::string::npos);
    fs::remove_all(dir);
}

// Red-team round 25, C F3: output with a heading says which rows --where kept, of how many:
// analyze's Markdown of every table starts with it, as the report page's header line does;
// CSV, LaTeX, one table and --tables keep their form, and stderr says it instead.
TEST_CASE("analyze and report say which rows --where kept of how many", "[cli][analyze][report]") {
    const fs::path dir = fresh_dir("where-note");
    const std::string note = "rows kept by --where spec=fc: 8 of 25 runs";
    auto r = run_cli("analyze analysis/paired.csv --where spec=fc");
    CHECK(r.exit_code == 0);
    CHECK(r.out.rfind(note + "\n\n| spec |", 0) == 0);
    CHECK(r.err.empty());
    r = run_cli("analyze analysis/paired.csv --where spec=fc --baseline fc --fit exp");  // several headings
    CHECK(r.out.rfind(note + "\n\n| spec |", 0) == 0);
    r = run_cli("analyze analysis/paired.csv --where 'spec!=a|b' --where 'n<=4'");  // typed text, escaped for Markdown
    CHECK(r.out.rfind("rows kept by --where spec!=a\\|b --where n\\<=4: 25 of 25 runs\n\n", 0) == 0);
    for (const std::string& form : {std::string("--format csv --table summary"), std::string("--table summary"),
                                    std::string("--format latex"), std::string("--columns spec,median"),
                                    std::string("--tables ") + (dir / "t").string()}) {
        r = run_cli("analyze analysis/paired.csv --where spec=fc " + form);
        INFO(form);
        CHECK(r.exit_code == 0);
        CHECK_FALSE(has(r.out, "rows kept"));
        CHECK(r.err == "futolab: note: " + note + "\n");
    }
    CHECK(futolab::test::slurp((dir / "t" / "summary.csv").string()).rfind("spec,", 0) == 0);
    r = run_cli("analyze analysis/paired.csv");  // no --where: nothing said
    CHECK(r.out.rfind("| spec |", 0) == 0);
    CHECK(r.err.empty());
    const std::string page = (dir / "r.html").string();
    r = run_cli("report analysis/paired.csv --where 'n<=4' --where spec!=gac --out " + page);
    CHECK(r.exit_code == 0);
    CHECK(has(futolab::test::slurp(page), "17 runs (<b>rows kept by --where n&lt;=4 --where spec!=gac: 17 of 25 runs</b>"));
    fs::remove_all(dir);
}
