// `futolab critical --exact --n N` as an experiment (task exact, one run per symmetry class):
// the results CSV beside --out with a row per class, --resume after a finished run searching
// nothing, a CSV with a row removed resumed to that row only and the same records, the
// certificate made after the rows (also of a resumed run) accepted by --check-certificate, and
// the refusals of the mode.
#include "critical_cli.hpp"
#include "core/instance.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::run_in;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// The records with their time (the classes' CPU time, which a run searched again changes) left out.
std::string timeless(const std::string& records) {
    return std::regex_replace(records, std::regex("\"time_ms\":[0-9.e+-]+"), "\"time_ms\":0");
}

// The CSV's header and rows, one line each (the outputs of objective h+k are one line).
std::vector<std::string> lines_of(const fs::path& csv) {
    std::istringstream in(slurp(csv.string()));
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

}  // namespace

TEST_CASE("critical --exact --n: a results CSV beside --out with a row per class, --resume after a finished run searches nothing",
          "[app][critical][exact]") {
    const fs::path dir = fresh_dir("critical-exact", "resume");
    const std::string command = "critical --exact --n 4 --objective h+k";
    CHECK(has(run_in(dir, command, "", 0), "70 classes, 70 searched now, 0 from the CSV"));
    REQUIRE(fs::exists(dir / "o.csv"));
    REQUIRE(fs::exists(dir / "o.csv.meta.yaml"));
    CHECK(lines_of(dir / "o.csv").size() == 71);
    const std::string records = slurp((dir / "o.jsonl").string());
    const futolab::Json record = futolab::Json::parse(records.substr(0, records.find('\n')));
    CHECK(record["id"] == "exact-n4-h+k");
    CHECK(record["meta"]["minimum"] == 4);
    CHECK(record["meta"]["classes"] == 70);
    CHECK(record["meta"]["classes_at_minimum"].is_number());  // every class's own minimum: no pruning
    CHECK(has(run_in(dir, command, "", 2), "exists already"));
    CHECK(has(run_in(dir, command, "--resume", 0), "0 searched now, 70 from the CSV"));
    CHECK(slurp((dir / "o.jsonl").string()) == records);
    CHECK(has(run_in(dir, "critical --exact --n 4 --objective k", "--resume", 2), "other options: --objective (h+k there, k here): refusing"));
    CHECK(has(run_in(dir, command + " --shard 1/2", "--resume", 2), "other options: --shard (not given there, 1/2 here): refusing"));
}

TEST_CASE("critical --exact --n: a CSV with a row removed resumes that row only and the records come out the same",
          "[app][critical][exact]") {
    const fs::path dir = fresh_dir("critical-exact", "row-removed");
    const std::string command = "critical --exact --n 4 --objective 2h+3k --shard 0/3";
    run_in(dir, command, "", 0);
    const std::string records = slurp((dir / "o.jsonl").string());
    std::vector<std::string> lines = lines_of(dir / "o.csv");
    REQUIRE(lines.size() == 25);  // classes 0, 3, ..., 69
    lines.erase(lines.begin() + 5);
    std::ofstream csv(dir / "o.csv", std::ios::trunc);
    for (const std::string& line : lines) csv << line << '\n';
    csv.close();
    fs::remove(dir / "o.jsonl");
    CHECK(has(run_in(dir, command, "--resume", 0), "24 classes, 1 searched now, 23 from the CSV"));
    CHECK(timeless(slurp((dir / "o.jsonl").string())) == timeless(records));
}

TEST_CASE("critical --exact --n --certificate: written after the rows, also of a resumed run, and the shards' checked together",
          "[app][critical][exact]") {
    const fs::path dir = fresh_dir("critical-exact", "certificate");
    for (const std::string shard : {"0", "1"}) {
        const std::string command = "critical --exact --n 4 --objective k --shard " + shard + "/2";
        const auto r = run_cli(command + " --out " + shard + ".jsonl --certificate " + shard + ".cert", dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(fs::exists(dir / (shard + ".csv")));
        // The rows are there: a resumed run searches no class and writes the certificate from them again.
        const auto again = run_cli(command + " --out " + shard + ".jsonl --resume --certificate " + shard + "-again.cert", dir.string());
        INFO(again.err);
        CHECK(has(again.err, "0 searched now, 35 from the CSV"));
        CHECK(slurp((dir / (shard + "-again.cert")).string()) == slurp((dir / (shard + ".cert")).string()));
    }
    const auto checked = run_cli("critical --check-certificate 0.cert 1.cert", dir.string());
    INFO(checked.err);
    CHECK(checked.exit_code == 0);
    CHECK(has(checked.out, "2 shards: certificate accepted: 70 classes"));
    CHECK(has(checked.out, "minimum 4 (k) over all squares of order 4"));
}

TEST_CASE("critical --exact --n: refusals of the mode, before any search", "[app][critical][exact]") {
    const fs::path dir = fresh_dir("critical-exact", "refusals");
    CHECK(has(run_in(dir, "critical --exact --n 4 --objective k --per-class", "", 2), "--per-class does not apply with --exact --n: every class gets its own minimum"));
    // A shard that holds no class (--shard 3/5 at n = 2) is no refusal: it runs and certifies
    // nothing (red-team round 26, B F11; empty_shard_certificate_cli_test.cpp).
    CHECK(has(run_in(dir, "critical --exact --n 4 --objective k --shard 2/2", "", 2), "I 2 is not below N 2"));
    CHECK(has(run_in(dir, "critical --exact --n 4 --objective k --resume --force", "", 2), "--force does not apply with --resume"));
    CHECK_FALSE(fs::exists(dir / "o.csv"));
    CHECK_FALSE(fs::exists(dir / "o.jsonl"));
}
