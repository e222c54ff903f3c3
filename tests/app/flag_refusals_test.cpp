// Issue #45: a flag that another flag (or its value) leaves unused or overrides is refused,
// exit 2, with one line naming both, before any work; the combinations that apply still run.
// `critical --use relations --objective h` wrote a numbers-only set, `--use numbers --objective
// k` exited 0 with no output, `report --compare --pool` was accepted and ignored.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

struct Refusal {
    std::string args;                // after `futolab` (cwd tests/data)
    std::vector<std::string> names;  // in the one-line message
};

}  // namespace

TEST_CASE("flags that do not apply are refused, naming both options (issue #45)", "[cli][refusals][long]") {
    const fs::path dir = futolab::test::fresh_dir("flag-refusals", "refused");
    const std::string out = (dir / "never.html").string();
    const std::string base = "analysis/compare/base.csv", next = "analysis/compare/new.csv";
    const std::vector<Refusal> cases{
        {"critical --n 3 --use relations --objective h --out " + out, {"critical: --use relations", "--objective h"}},
        {"critical --n 3 --use numbers --objective k --out " + out, {"--use numbers", "--objective k"}},
        {"critical --n 3 --use both --objective k --out " + out, {"--use both", "--objective k"}},
        {"critical --square '1 2/2 1' --use relations --objective h --out " + out, {"--use relations", "--objective h"}},
        {"critical --free-square --n 3 --objective h+k --out " + out, {"--objective h+k", "--free-square"}},
        {"critical --exact --n 3 --objective k --no-shrink --out " + out, {"--no-shrink", "table oracle"}},
        {"critical --exact --n 3 --objective k --oracle table --probe-seeds 3 --out " + out, {"--probe-seeds", "table oracle"}},
        {"critical --exact --n 3 --sample 2 --objective k --oracle table --no-cycle-seeds --out " + out, {"--oracle table", "solver oracle"}},
        {"critical --exact --n 3 --sample 2 --objective k --seed-sets 9 --out " + out, {"--seed-sets", "solver oracle"}},
        {"critical --exact --n 3 --objective k --oracle solver --seed-sets 9 --out " + out, {"--seed-sets", "solver oracle"}},
        {"critical --n 3 --iterations 50 --out " + out, {"--iterations", "--objective greedy"}},
        {"critical --n 3 --objective greedy --time-limit 5 --out " + out, {"--time-limit", "--objective greedy"}},
        {"critical --n 3 --few-relations 2 --checkpoint " + (dir / "c").string() + " --shards 8 --shard 1/4",
         {"--shards", "--shard I/N"}},
        {"critical --n 3 --few-relations 2 --checkpoint " + (dir / "c").string() + " --jobs 2 --shard 1/4",
         {"--jobs", "--few-relations --shard"}},
        {"critical --exact --n 3 --objective k --engine cadical --per-class --out " + out, {"--per-class", "--exact --n"}},
        {"critical --exact --n 3 --sample 2 --objective k --per-class --out " + out, {"--per-class", "--sample"}},
        {"report " + base + " " + next + " --compare --pool --out " + out, {"report: --pool", "--compare"}},
        {"report " + base + " " + next + " --compare --no-vbs --out " + out, {"--no-vbs", "--compare"}},
        {"report " + base + " " + next + " --compare --plot cactus --out " + out, {"--plot", "--compare"}},
        {"report " + base + " " + next + " --compare --baseline fc --out " + out, {"--baseline", "--compare"}},
        {"report " + base + " " + next + " --compare --solver fc --out " + out, {"--solver", "--compare"}},
        {"report analysis/paired.csv --solver fc --out " + out, {"--solver", "--plot phase"}},
        {"report analysis/paired.csv --solver fc --plot cactus --out " + out, {"--solver", "--plot phase"}},
        {"analyze analysis/paired.csv --solver fc", {"analyze: --solver", "--plots"}},
        {"analyze analysis/paired.csv --solver fc --plots " + (dir / "p").string() + " --plot cactus", {"--solver", "--plot phase"}},
        {"analyze analysis/paired.csv --force", {"--force", "--tables"}},
        {"analyze analysis/paired.csv --tables " + (dir / "t").string() + " --format latex", {"--format", "--tables"}},
        {"analyze analysis/paired.csv --table summary --fit exp", {"--fit", "--table summary"}},
        {"analyze analysis/paired.csv --table summary --baseline fc", {"--baseline", "--table summary"}},
        {"analyze analysis/paired.csv --table summary --instances", {"--instances", "--table summary"}},
        {"analyze analysis/paired.csv --table instances --by spec", {"--by", "--table instances"}},
        {"analyze analysis/paired.csv --table paired --baseline fc --no-vbs", {"--no-vbs", "--table paired"}},
    };
    for (const Refusal& c : cases) {
        INFO(c.args);
        const auto r = run_cli(c.args);
        CHECK(r.exit_code == 2);
        INFO(r.err);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        for (const std::string& name : c.names) CHECK(has(r.err, name));
        CHECK_FALSE(fs::exists(out));
        CHECK_FALSE(fs::exists(dir / "t"));
        CHECK_FALSE(fs::exists(dir / "p"));
        CHECK_FALSE(fs::exists(dir / "c"));
    }
    fs::remove_all(dir);
}

TEST_CASE("the same flags still run where they apply (issue #45)", "[cli][refusals]") {
    const fs::path dir = futolab::test::fresh_dir("flag-refusals", "applies");
    const std::string out = (dir / "x.jsonl").string();
    for (std::string args : std::vector<std::string>{
             "critical --n 3 --use relations --objective k --out " + out,
             "critical --n 3 --use numbers --objective h --out " + out,
             "critical --n 3 --use relations --objective h+k --out " + out,
             "critical --exact --n 3 --objective k --oracle solver --no-shrink --probe-seeds 2 --out " + out,
             "critical --exact --n 3 --objective k --seed-sets 9 --out " + out,
             "critical --n 3 --objective h+k --iterations 3 --out " + out,
             "critical --free-square --n 3 --iterations 3 --out " + out,
             "analyze analysis/paired.csv --table summary --no-vbs --by spec",
             "analyze analysis/paired.csv --table paired --baseline fc",
             "analyze analysis/paired.csv --tables " + (dir / "t").string() + " --force --instances --fit exp",
         }) {
        // Each its own --out: the default search leaves its results CSV (x.csv) beside it.
        if (args.ends_with(out)) fs::remove(out), fs::remove(dir / "x.csv"), fs::remove(dir / "x.csv.meta.yaml"),
            fs::remove(dir / "x.csv.schema.json");
        INFO(args);
        const auto r = run_cli(args);
        INFO(r.err);
        CHECK(r.exit_code == 0);
    }
    // --use numbers with --objective k exited 0 having written nothing; now it writes a set.
    REQUIRE(run_cli("critical --n 3 --objective k --force --out " + out).exit_code == 0);
    CHECK(has(futolab::test::slurp(out), "\"k\""));
    fs::remove_all(dir);
}

TEST_CASE("report --compare --where filters the compare section too (issue #45)", "[cli][refusals]") {
    // It filtered the summary tables, while compare's times and scatters took every row.
    const fs::path dir = futolab::test::fresh_dir("flag-refusals", "where");
    const std::string page = (dir / "r.html").string();
    const auto r = run_cli("report analysis/compare/base.csv analysis/compare/new.csv --compare --where instance=i1 --out " + page);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string html = futolab::test::slurp(page);
    CHECK(has(html, "median over repeats, 1 instances; backtracking"));
    CHECK_FALSE(has(html, "median over repeats, 6 instances"));
    fs::remove_all(dir);
}

TEST_CASE("generate and convert refuse options they would ignore", "[cli][flags]") {
    const auto refused = [](const std::string& args, const std::string& says) {
        const auto r = run_cli(args);
        INFO(args << ": " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(r.err.find(says) != std::string::npos);
        CHECK(r.out.empty());
    };
    refused("generate random --n 5 --sampler shuffle --steps 3 --count 1", "--steps does not apply with --sampler shuffle");
    refused("generate unique --n 4 --count 1 --force", "--force does not apply without --out");
    refused("convert good/conjure-4x4.jsonl --to futo --force", "--force does not apply without --out");
    CHECK(run_cli("generate random --n 5 --steps 3 --count 1").exit_code == 0);  // jm, the default sampler
}

TEST_CASE("compare and analyze refuse options their table would ignore", "[cli][flags]") {
    const std::string base = "analysis/compare/base.csv", fresh = "analysis/compare/new.csv";
    const auto refused = [](const std::string& args, const std::string& says) {
        const auto r = run_cli(args);
        INFO(args << ": " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(r.err.find(says) != std::string::npos);
    };
    refused("compare " + base + " " + fresh + " --format csv --table changes --list 1", "compare: --list does not apply with --format csv");
    refused("compare " + base + " " + fresh + " --format csv --table changes --metric cpu_ms",
            "compare: --metric does not apply with --table changes");
    refused("analyze analysis/paired.csv --table disagreements --metric nodes", "analyze: --metric does not apply with --table disagreements");
    // Round 14 (B F11): sets and noise have columns of their own too; --metric was read and ignored.
    refused("analyze analysis/critical.csv --table sets --metric wall_ms,nodes", "analyze: --metric does not apply with --table sets");
    refused("analyze analysis/paired.csv --table noise --metric nodes", "analyze: --metric does not apply with --table noise");
    // Where they apply they run.
    CHECK(run_cli("compare " + base + " " + fresh + " --list 1").exit_code == 0);
    CHECK(run_cli("compare " + base + " " + fresh + " --format csv --table times --metric cpu_ms").exit_code == 0);
    CHECK(run_cli("analyze analysis/paired.csv --table summary --metric nodes").exit_code == 0);
    CHECK(run_cli("analyze analysis/critical.csv --table sets").exit_code == 0);
}

TEST_CASE("convert refuses a file name of another format, analyze --pool of one input", "[cli][flags]") {
    const fs::path dir = fs::temp_directory_path() / "futolab-flag-refusals-ext";
    fs::remove_all(dir);
    fs::create_directories(dir);
    auto r = run_cli("convert good/conjure-4x4.jsonl --to futo --out " + (dir / "x.jsonl").string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "ends in .jsonl, the extension of format 'jsonl', not of --to futo"));
    CHECK_FALSE(fs::exists(dir / "x.jsonl"));
    CHECK(run_cli("convert good/conjure-4x4.jsonl --to futo --out " + (dir / "x.futo").string()).exit_code == 0);
    CHECK(run_cli("convert good/conjure-4x4.jsonl --to futo --out " + (dir / "x.txt").string()).exit_code == 0);  // not a format's
    r = run_cli("analyze analysis/paired.csv --pool");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "analyze: --pool does not apply with one input"));
    fs::remove_all(dir);
}

// Red-team round 25, C F1: `report x.csv --pool` wrote the page, exit 0, while analyze refused
// the same option of one input; a glob that matched one file went unsaid. Both refuse it in one
// wording, whatever else is given, before any work; with two inputs it applies in both.
TEST_CASE("report refuses --pool of one input as analyze does", "[cli][flags]") {
    const fs::path dir = futolab::test::fresh_dir("flag-refusals", "pool");
    const std::string page = (dir / "r.html").string();
    const std::string why = " --pool does not apply with one input (it lets several inputs be read as one)\n";
    for (const std::string& rest : {std::string(""), std::string(" --where spec=fc"), std::string(" --baseline backtracking"),
                                    std::string(" --by spec,n --metric nodes"), std::string(" --fit exp")}) {
        for (const std::string command : {"report", "analyze"}) {
            const std::string args = command + " analysis/paired.csv --pool" + rest +
                                     (command == "report" ? " --out " + page : std::string());
            const auto r = run_cli(args);
            INFO(args);
            CHECK(r.exit_code == 2);
            CHECK(r.err == "futolab: " + command + ":" + why);
            CHECK(r.out.empty());
        }
        CHECK_FALSE(fs::exists(page));
    }
    // One input read from standard input is one input too.
    auto r = run_cli("report - --pool --out " + page + " < analysis/paired.csv");
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: report:" + why);
    CHECK_FALSE(fs::exists(page));
    // Several inputs: --pool is what lets them be read as one (here, two versions of an experiment).
    r = run_cli("report analysis/compare/base.csv analysis/compare/new.csv --pool --out " + page);
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(fs::exists(page));
    CHECK(run_cli("analyze analysis/compare/base.csv analysis/compare/new.csv --pool").exit_code == 0);
    fs::remove_all(dir);
}

// Round 7: `run --isolation process` of a generate config ran its rows as threads (they said
// `thread`), and --skip-invalid of a config that reads no file did nothing; both exit 0.
TEST_CASE("run refuses --isolation for thread-only tasks and --skip-invalid without input files", "[cli][flags]") {
    const fs::path dir = futolab::test::fresh_dir("flag-refusals", "run");
    std::ofstream(dir / "g.yaml") << "name: g\nseed: 1\ntask: generate\ninstances:\n  - squares: { n: 4, count: 1 }\n"
                                     "methods: [ unique ]\n";
    std::ofstream(dir / "r.yaml") << "name: r\nseed: 1\ninstances:\n  - generate: { kind: random, n: [4], count: 1 }\n"
                                     "solvers: [ fc ]\nisolation: thread\n";
    for (const auto& [args, says] :
         {std::pair{"run -q g.yaml --out o1 --isolation process", "--isolation does not apply to task generate"},
          {"run -q r.yaml --out o2 --skip-invalid", "--skip-invalid does not apply: r.yaml reads no instance file"}}) {
        const auto r = run_cli(args, dir.string());
        INFO(args << ": " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(r.err.find(says) != std::string::npos);
        CHECK_FALSE(fs::exists(dir / (std::string(args).find("o1") != std::string::npos ? "o1" : "o2")));
    }
    CHECK(run_cli("run -q g.yaml --out o3 --isolation thread", dir.string()).exit_code == 2);  // thread too: not its key
    CHECK(run_cli("run -q g.yaml --out o4", dir.string()).exit_code == 0);
    CHECK(run_cli("run -q r.yaml --out o5", dir.string()).exit_code == 0);
}

TEST_CASE("a --verify-with spec the backend refuses is named by its option", "[cli][refusals]") {
    for (const char* spec : {"gac:var=dom", "gac:bogus=1", "nosuch"}) {
        INFO(spec);
        const auto r = run_cli(std::string("critical --n 4 --count 1 --verify-with ") + spec + " --out /dev/null");
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, std::string("critical: --verify-with ") + spec + ": "));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
}
