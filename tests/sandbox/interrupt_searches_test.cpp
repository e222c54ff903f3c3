// The stop request reaches every search a task kind runs on a runner thread
// (sandbox/interrupt.hpp, docs/reliability.md "Signals"): the searches made of oracle questions
// (critical's iterated search, free-square's zero-given search, generate's, a grade) end at
// the first question after the flag is set (OracleStopped, solvers/run/oracle.hpp), and the
// first SIGTERM of `futolab critical` or `futolab run` then exits 1 with no row written.
#include "../app/cli_runner.hpp"
#include "critical/clue_universe.hpp"
#include "critical/greedy/local_search.hpp"
#include "critical/zero_given/zero_given.hpp"
#include "generators/grade.hpp"
#include "generators/latin/random.hpp"
#include "records/csv_reader.hpp"
#include "solvers/run/oracle.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <fstream>
#include <random>
#include <string>

namespace {

using futolab::test::run_cli;

std::string dir_of(const std::string& name) { return futolab::test::fresh_dir("interrupt-searches", name).string(); }

// `futolab ARGS` in the background, SIGTERM once its sidecar (SIDECAR) says the sweep is
// running and the search has had a second, then its exit code; killed 15 s after the signal, so
// a search that ignores it fails the test (exit 137) instead of hanging it.
// `wrapper` (may be empty) goes before the executable: the signal is then the wrapper's.
futolab::test::CliResult terminated(const std::string& args, const std::string& sidecar, const std::string& wrapper = "") {
    return futolab::test::run_cli_env(wrapper, args + " & pid=$!; for i in $(seq 1500); do grep -q 'state: running' " + sidecar +
                   " 2>/dev/null && break; sleep 0.02; done; sleep 1; kill -TERM $pid; "
                   "(sleep 15; kill -KILL $pid 2>/dev/null) & killer=$!; wait $pid; code=$?; kill $killer 2>/dev/null; exit $code");
}

std::size_t rows_of(const std::string& csv) { return futolab::read_csv_file(csv).rows.size(); }

}  // namespace

TEST_CASE("an oracle question after the stop throws, in every search made of them", "[signals]") {
    using namespace futolab;
    std::atomic<bool> stop{true};
    Instance empty;
    empty.id = "e";
    empty.n = 4;
    CHECK_THROWS_AS(CountOracle(kDefaultOracleSpec, 0, &stop).count_to_two(Puzzle::compile(empty)), OracleStopped);
    CHECK_THROWS_AS(Grader(&stop).grade(Puzzle::compile(empty)), OracleStopped);
    std::mt19937_64 rng(3);
    const critical::ClueUniverse u(5, random_latin_square(5, rng));
    critical::SearchOptions search;
    search.objective = critical::Objective::h_plus_k;
    search.iterations = 1000000;
    search.stop = &stop;
    CHECK_THROWS_AS(critical::search_critical(u, search, 1), OracleStopped);
    critical::ZeroGivenOptions zero;
    zero.iterations = 1000000;
    zero.stop = &stop;
    CHECK_THROWS_AS(critical::search_zero_given(4, zero, 1), OracleStopped);
    stop = false;  // unset, the same searches answer
    CHECK(Grader(&stop).grade(Puzzle::compile(empty)).grade == Grade::multiple);
    zero.iterations = 3;
    CHECK(critical::search_zero_given(4, zero, 1).found);
}

TEST_CASE("SIGTERM stops critical --free-square and the iterated search at once, writing nothing", "[signals][cli]") {
    const std::string dir = dir_of("cli");
    for (const std::string& args : {std::string("critical --free-square --n 4 --iterations 100000000 --out ") + dir + "/f.jsonl",
                                    std::string("critical --n 9 --objective h+k --iterations 1000000 --out ") + dir + "/g.jsonl"}) {
        INFO(args);
        const std::string csv = dir + (args.find("free-square") != std::string::npos ? "/f.csv" : "/g.csv");
        const auto r = terminated(args, csv + ".meta.yaml");
        CHECK(r.exit_code == 1);
        CHECK(futolab::test::has(r.err, "futolab: interrupted: stopping 1 running runs"));
        CHECK(rows_of(csv) == 0);
        CHECK(futolab::test::has(futolab::test::slurp(csv + ".meta.yaml"), "state: interrupted"));
    }
}

// Red-team round 32, K2: GNU timeout, sent SIGTERM, sends it to futolab and then to its own
// process group (futolab again); when the handler ran between the two, the echo was taken as a
// second signal: exit 130 and the sidecar left `running`, in about half the tries.
TEST_CASE("SIGTERM to a GNU timeout wrapping critical is one stop: exit 1 and state interrupted", "[signals][cli]") {
    const std::string dir = dir_of("timeout-wrapper");
    for (int attempt = 0; attempt < 4; ++attempt) {
        INFO("attempt " << attempt);
        const std::string csv = dir + "/f" + std::to_string(attempt) + ".csv";
        const auto r = terminated("critical --free-square --n 4 --iterations 100000000 --out " + dir + "/f" +
                                      std::to_string(attempt) + ".jsonl",
                                  csv + ".meta.yaml", "timeout 100 ");
        CHECK(r.exit_code == 1);  // timeout passes on its child's status when it did not time out
        CHECK(futolab::test::has(r.err, "futolab: interrupted: stopping 1 running runs"));
        CHECK(futolab::test::has(futolab::test::slurp(csv + ".meta.yaml"), "state: interrupted"));
    }
}

TEST_CASE("SIGTERM stops a run of free-square runs on two threads, writing none", "[signals][runner][threads]") {
    const std::string dir = dir_of("run");
    std::ofstream(dir + "/c.yaml") << "name: t\ntask: free-square\ninstances:\n  - critical_orders: { n: 4, seed: 1, count: 2 }\n"
                                      "methods: [ \"free-square:iterations=100000000\" ]\noutput: "
                                   << dir << "/r.csv\n";
    const auto r = terminated("run -q --jobs 2 " + dir + "/c.yaml", dir + "/r.csv.meta.yaml");
    CHECK(r.exit_code == 1);
    CHECK(futolab::test::has(r.err, "futolab: interrupted: stopping "));
    CHECK(rows_of(dir + "/r.csv") == 0);
    CHECK(futolab::test::has(futolab::test::slurp(dir + "/r.csv.meta.yaml"), "state: interrupted"));
}
