// `futolab critical --exact --square/--input` runs as task exact-square through the experiment
// driver (issue #43): its results CSV beside --out, --resume after a kill, the run's limits in
// its rows, and --certificate written from the rows that carry one.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
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
TEST_CASE("critical --exact --input keeps each square's row: --resume after a kill gives the whole run's records", "[cli][critical]") {
    const fs::path dir = fresh_dir("exact-square", "resume");
    const std::string args = "critical --exact --input " + kCorpus + " --objective k";
    const auto r = run_cli(args + " --certificate part.cert --out part.jsonl & pid=$!; for i in $(seq 600); do "
                                  "[ $(wc -l < part.csv 2>/dev/null || echo 0) -ge 4 ] && break; sleep 0.1; done; "
                                  "kill $pid; wait $pid; echo exit=$?",
                           dir.string());
    CHECK(r.out == "exit=1\n");  // SIGTERM: interrupted, the running search not written
    const std::string rows = slurp((dir / "part.csv").string());
    const auto done = std::count(rows.begin(), rows.end(), '\n') - 1;
    REQUIRE(done >= 3);
    REQUIRE(done < 150);
    CHECK(!fs::exists(dir / "part.cert"));
    CHECK(run_cli(args + " --certificate part.cert --out part.jsonl", dir.string()).exit_code == 2);  // no --resume
    CHECK(run_cli(args + " --no-shrink --certificate part.cert --resume --out part.jsonl", dir.string()).exit_code == 2);
    const auto resumed = run_cli(args + " --certificate part.cert --resume --out part.jsonl", dir.string());
    REQUIRE(resumed.exit_code == 0);
    CHECK(has(resumed.err, std::to_string(done) + " from the CSV"));
    REQUIRE(run_cli(args + " --certificate whole.cert --out whole.jsonl", dir.string()).exit_code == 0);
    const std::string text = slurp((dir / "part.jsonl").string());
    CHECK(std::count(text.begin(), text.end(), '\n') > 50);  // the others: k does not determine the square
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

// Standard output: the CSV is a private temporary file; --jobs searches squares at once and
// gives the records in the squares' order.
TEST_CASE("critical --exact --square to standard output and with --jobs: the same records", "[cli][critical]") {
    const fs::path dir = fresh_dir("exact-square", "stdout");
    const auto one = run_cli("critical --exact --input " + kSmall + " --objective 2h+3k", dir.string());
    const auto two = run_cli("critical --exact --input " + kSmall + " --objective 2h+3k --jobs 2", dir.string());
    REQUIRE(one.exit_code == 0);
    REQUIRE(two.exit_code == 0);
    CHECK(without_times(one.out) == without_times(two.out));
    CHECK(std::count(one.out.begin(), one.out.end(), '\n') == 150);
    CHECK(fs::is_empty(dir));
    const auto square = run_cli("critical --exact --square '" + kCyclic5 + "' --objective k", dir.string());
    CHECK(has(square.out, "\"id\":\"square:critical:exact-k\""));
    CHECK(has(square.out, "\"minimum\":"));
}
