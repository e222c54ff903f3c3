// `futolab critical --exact --square/--input` runs as task exact-square through the experiment
// driver (issue #43): its results CSV beside --out, --resume after a kill, the run's limits in
// its rows, and --certificate written from the rows that carry one.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string kCyclic5 = "1 2 3 4 5/2 3 4 5 1/3 4 5 1 2/4 5 1 2 3/5 1 2 3 4";
const std::string kCyclic7 = "1 2 3 4 5 6 7/2 3 4 5 6 7 1/3 4 5 6 7 1 2/4 5 6 7 1 2 3/5 6 7 1 2 3 4/6 7 1 2 3 4 5/7 1 2 3 4 5 6";
const std::string kCorpus = std::string(FUTOLAB_DATA_DIR) + "/tatham-check/n05.tatham";
const std::string kSmall = std::string(FUTOLAB_DATA_DIR) + "/tatham-check/n04.tatham";

// The first `count` puzzles of `corpus` (and its header line), as `name` in `dir`: enough squares
// for what a test checks, few enough that it stays short under the sanitizers (each square is a
// search of its own).
std::string first_puzzles(const std::string& corpus, int count, const std::filesystem::path& dir, const std::string& name) {
    std::istringstream in(slurp(corpus));
    std::ofstream out(dir / name);
    std::string line;
    for (int i = 0; i <= count && std::getline(in, line); ++i) out << line << "\n";
    return name;
}

// The records without the search's own times (meta.cpu_seconds, time_ms), one per line.
std::string without_times(const std::string& jsonl) {
    std::string out;
    std::istringstream in(jsonl);
    for (std::string line; std::getline(in, line);) {
        nlohmann::json record = nlohmann::json::parse(line);
        record["meta"].erase("cpu_seconds");
        record["meta"].erase("time_ms");
        out += record.dump() + "\n";
    }
    return out;
}

}  // namespace

// Killed after its first rows, the search goes on with --resume: the same records and the same
// certificate as one uninterrupted run, and the certificate is accepted.
TEST_CASE("critical --exact --input keeps each square's row: --resume after a kill gives the whole run's records", "[cli][critical][lifecycle]") {
    const fs::path dir = fresh_dir("exact-square", "resume");
    const std::string args = "critical --exact --input " + first_puzzles(kCorpus, 50, dir, "n05.tatham") + " --objective k";
    const auto r = run_cli(args + " --certificate part.cert --out part.jsonl & pid=$!; for i in $(seq 600); do "
                                  "[ $(wc -l < part.csv 2>/dev/null || echo 0) -ge 4 ] && break; sleep 0.1; done; "
                                  "kill $pid; wait $pid; echo exit=$?",
                           dir.string());
    CHECK(r.out == "exit=1\n");  // SIGTERM: interrupted, the running search not written
    const std::string rows = slurp((dir / "part.csv").string());
    const auto done = std::count(rows.begin(), rows.end(), '\n') - 1;
    REQUIRE(done >= 3);
    REQUIRE(done < 50);
    CHECK(!fs::exists(dir / "part.cert"));
    CHECK(run_cli(args + " --certificate part.cert --out part.jsonl", dir.string()).exit_code == 2);  // no --resume
    CHECK(run_cli(args + " --no-shrink --certificate part.cert --resume --out part.jsonl", dir.string()).exit_code == 2);
    const auto resumed = run_cli(args + " --certificate part.cert --resume --out part.jsonl", dir.string());
    REQUIRE(resumed.exit_code == 0);
    CHECK(has(resumed.err, std::to_string(done) + " from the CSV"));
    REQUIRE(run_cli(args + " --certificate whole.cert --out whole.jsonl", dir.string()).exit_code == 0);
    const std::string text = slurp((dir / "part.jsonl").string());
    CHECK(std::count(text.begin(), text.end(), '\n') > 20);  // the others: k does not determine the square
    CHECK(without_times(text) == without_times(slurp((dir / "whole.jsonl").string())));
    CHECK(slurp((dir / "part.cert").string()) == slurp((dir / "whole.cert").string()));
    CHECK(!has(text, "\"certificate\""));  // --out has the records alone
    const auto checked = run_cli("critical --check-certificate part.cert", dir.string());
    CHECK(checked.exit_code == 0);
    CHECK(has(checked.out + checked.err, "certificate accepted"));
}

// The limits are the rows': a search stopped there is a timeout row with its bounds, and the
// record says so; --certificate then certifies nothing (exit 2, no file).
TEST_CASE("critical --exact --square --cpu-limit: a timeout row with the bounds, and no certificate", "[cli][critical]") {
    const fs::path dir = fresh_dir("exact-square", "limit");
    // A CPU limit of 1 ms stops the search at its first check on any machine (a wall limit on a
    // loaded one may not come before the proof, or may come before any set).
    const auto r = run_cli("critical --exact --square '" + kCyclic7 + "' --objective h+k --cpu-limit 1ms --out o.jsonl", dir.string());
    CHECK(r.exit_code == 0);
    CHECK(has(r.err, "bounds ["));
    const std::string rows = slurp((dir / "o.csv").string());
    CHECK(has(rows, ",timeout,"));
    CHECK(has(rows, ",1,"));  // cpu_limit_ms
    CHECK(has(slurp((dir / "o.jsonl").string()), "\"exact\":false"));
    const auto certified =
        run_cli("critical --exact --square '" + kCyclic7 + "' --objective h+k --cpu-limit 1ms --certificate c.cert --out c.jsonl",
                dir.string());
    CHECK(certified.exit_code == 2);
    CHECK(has(certified.err, "only a proved minimum is certified"));
    CHECK(!fs::exists(dir / "c.cert"));
}

// Red-team round 14 (B F8): a square no clue set determines (status multiple) has no minimum
// to certify: the certificate was written empty (exit 0), and --check-certificate rejected it.
TEST_CASE("critical --exact --certificate of a square with no set: exit 2, no certificate, the square named", "[cli][critical]") {
    const fs::path dir = fresh_dir("exact-square", "no-set-certificate");
    const auto r = run_cli("critical --exact --square '2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4' --objective k --certificate ck.jsonl "
                           "--out k.jsonl",
                           dir.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "futolab: critical --exact --certificate: square:critical: no clue set determines the square, so it has "
                     "no minimum to certify, nor has any other square (no certificate written)\n"));
    CHECK(!fs::exists(dir / "ck.jsonl"));
    CHECK(has(slurp((dir / "k.csv").string()), ",multiple,"));
}

// Red-team round 14 (B F17): a square of order 10 through --input was named by its id alone
// ("big:critical has order 10"); it is named by its file and line, as `run` names it.
TEST_CASE("critical --exact --input of an order above 9 names the file and line of the square", "[cli][critical]") {
    const fs::path dir = fresh_dir("exact-square", "wide-input");
    std::string big = "{\"id\":\"big\",\"n\":10,\"givens\":[],\"lt\":[],\"solution\":[";
    for (int i = 0; i < 10; ++i) {
        big += i == 0 ? "[" : ",[";
        for (int j = 0; j < 10; ++j) big += (j == 0 ? "" : ",") + std::to_string((i + j) % 10 + 1);
        big += "]";
    }
    std::ofstream(dir / "big.jsonl") << "{\"id\":\"small\",\"n\":4,\"givens\":[],\"lt\":[],\"solution\":"
                                        "[[2,1,4,3],[4,2,3,1],[3,4,1,2],[1,3,2,4]]}\n"
                                     << big << "]}\n";
    const std::string says = "instance 'big' has order 10: the per-square search (critical --exact --square/--input) takes n "
                             "from 2 to 9\n";
    auto r = run_cli("critical --exact --input big.jsonl --objective h --out o.jsonl", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: big.jsonl:2: " + says);
    r = run_cli("critical --exact --input - --objective h --out o.jsonl < big.jsonl", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: -:2: " + says);
    CHECK(!fs::exists(dir / "o.csv"));
}

// Standard output: the CSV is a private temporary file; --jobs searches squares at once and
// gives the records in the squares' order.
TEST_CASE("critical --exact --square to standard output and with --jobs: the same records", "[cli][critical][lifecycle]") {
    const fs::path dir = fresh_dir("exact-square", "stdout");
    const fs::path input = fresh_dir("exact-square", "stdout-input");
    const std::string small = (input / first_puzzles(kSmall, 40, input, "n04.tatham")).string();
    const auto one = run_cli("critical --exact --input " + small + " --objective 2h+3k", dir.string());
    const auto two = run_cli("critical --exact --input " + small + " --objective 2h+3k --jobs 2", dir.string());
    REQUIRE(one.exit_code == 0);
    REQUIRE(two.exit_code == 0);
    CHECK(without_times(one.out) == without_times(two.out));
    CHECK(std::count(one.out.begin(), one.out.end(), '\n') == 40);
    CHECK(fs::is_empty(dir));
    const auto square = run_cli("critical --exact --square '" + kCyclic5 + "' --objective k", dir.string());
    CHECK(has(square.out, "\"id\":\"square:critical:exact-k\""));
    CHECK(has(square.out, "\"minimum\":"));
}
