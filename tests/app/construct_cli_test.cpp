// `futolab critical --construct --n N` (critical/construction/): the record and its certificate
// from the command line, the certificate checked by --check-certificate (a tampered one exit 1),
// and the refusals (no --n, a split out of range, a proof past the formula's cap, --split in
// another mode), each exit 2 with one line.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;

TEST_CASE("critical --construct: a verified record with floor(n^2/4) relations and a certificate that checks", "[app][critical][construction]") {
    const auto dir = fresh_dir("construct", "record");
    const std::string cert = (dir / "n12.cert").string(), out = (dir / "n12.jsonl").string();
    const auto made = run_cli("critical --construct --n 12 --certificate '" + cert + "' --out '" + out + "'");
    INFO(made.err);
    REQUIRE(made.exit_code == 0);
    REQUIRE(has(made.err, "k=36 (floor(n^2/4) = 36): unique and critical"));
    const nlohmann::json rec = nlohmann::json::parse(slurp(out));
    REQUIRE(rec["n"] == 12);
    REQUIRE(rec["lt"].size() == 36);
    REQUIRE(rec["givens"].empty());
    REQUIRE(rec["meta"]["critical"] == true);
    REQUIRE(rec["meta"]["uniquely_completable"] == true);
    REQUIRE(rec["meta"]["split"] == 5);

    const auto checked = run_cli("critical --check-certificate '" + cert + "'");
    REQUIRE(checked.exit_code == 0);
    REQUIRE(has(checked.out, "order 12 with 36 relations is uniquely completable"));

    // A witness that exchanges other rows is caught: exit 1, the reason on one line.
    std::string text = slurp(cert);
    const std::size_t at = text.find("[\"rows\",");
    REQUIRE(at != std::string::npos);
    const std::size_t comma = text.find(',', at + 8);
    text.replace(at + 8, comma - (at + 8), text.substr(at + 8, comma - (at + 8)) == "0" ? "11" : "0");
    { std::ofstream(dir / "bad.cert") << text; }
    const auto rejected = run_cli("critical --check-certificate '" + (dir / "bad.cert").string() + "'");
    REQUIRE(rejected.exit_code == 1);
    REQUIRE(has(rejected.err, "certificate rejected: line 1: witness 0"));

    // Another split: the chains from 1 and into n change, the record stays verified.
    const auto other = run_cli("critical --construct --n 7 --split 1");
    REQUIRE(other.exit_code == 0);
    REQUIRE(nlohmann::json::parse(other.out)["lt"].size() == 1 + 15);
}

TEST_CASE("critical --construct: refusals name the problem, exit 2", "[app][critical][construction]") {
    const auto no_n = run_cli("critical --construct");
    REQUIRE(no_n.exit_code == 2);
    REQUIRE(has(no_n.err, "give the order with --n"));
    const auto split = run_cli("critical --construct --n 6 --split 6");
    REQUIRE(split.exit_code == 2);
    REQUIRE(has(split.err, "--split must be 0..5 for n = 6, got 6"));
    const auto big = run_cli("critical --construct --n 41 --certificate /tmp/never-written.cert");
    REQUIRE(big.exit_code == 2);
    REQUIRE(has(big.err, "--n <= 40"));
    const auto elsewhere = run_cli("critical --n 6 --split 2");
    REQUIRE(elsewhere.exit_code == 2);
    REQUIRE(has(elsewhere.err, "--split does not apply"));
}

// --check-certificate reads a --construct certificate without a solver (its DRUP proof by unit
// propagation, its exchange witnesses): --verify-with there was parsed and dropped. It is refused
// with one line naming the option, as an option that does not apply is; an --exact
// certificate, whose witnesses the backend verifies, takes it.
TEST_CASE("critical --check-certificate: --verify-with is refused for a --construct certificate", "[app][critical][construction]") {
    const auto dir = fresh_dir("construct", "verify-with");
    REQUIRE(run_cli("critical --construct --n 5 --certificate c.cert --out o.jsonl", dir.string()).exit_code == 0);
    const auto refused = run_cli("critical --check-certificate c.cert --verify-with fc", dir.string());
    INFO(refused.err);
    CHECK(refused.exit_code == 2);
    CHECK(has(refused.err, "critical --check-certificate: --verify-with does not apply to c.cert, a --construct certificate"));
    CHECK(std::count(refused.err.begin(), refused.err.end(), '\n') == 1);
    CHECK(refused.out.empty());
    CHECK(run_cli("critical --check-certificate c.cert", dir.string()).exit_code == 0);
    REQUIRE(run_cli("critical --exact --n 3 --objective k --certificate e.cert --out e.jsonl", dir.string()).exit_code == 0);
    const auto exact = run_cli("critical --check-certificate e.cert --verify-with fc", dir.string());
    INFO(exact.err);
    CHECK(exact.exit_code == 0);
    CHECK(has(exact.out, "certificate accepted"));
    REQUIRE(run_cli("critical --exact --square '1 2 3/2 3 1/3 1 2' --objective h+k --certificate s.cert --out s.jsonl",
                    dir.string()).exit_code == 0);
    const auto square = run_cli("critical --check-certificate s.cert --verify-with fc", dir.string());
    INFO(square.err);
    CHECK(square.exit_code == 0);
    CHECK(has(square.out, "certificate accepted"));
}
