// Counts said with their nouns in agreement (red-team round 26, left open): critical's exact
// certificates were accepted with "1 classes, 1 unavoidable sets, 1 proofs (0 lemmas)", a
// per-square one with "1 square(s) ... (1 nodes)", and a certificate's phase began with "the 1
// classes searched again"; one helper (app/counted.hpp) now counts every noun of these messages.
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

// The accepted line of `critical --check-certificate FILE` in `dir`.
std::string accepted(const fs::path& dir, const std::string& file) {
    const auto r = run_cli("critical --check-certificate " + file, dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 0);
    return r.out;
}

}  // namespace

TEST_CASE("critical's exact certificates count one class and several in agreement", "[cli][critical][certificate][words]") {
    const fs::path dir = fresh_dir("counted-words", "exact");
    for (const std::string proof : {"drat", "bb"}) {
        INFO(proof);
        const fs::path at = dir / proof;  // a folder each: --out's results CSV and sidecar stay beside it
        fs::create_directories(at);
        const auto two = run_cli("critical --exact --n 2 --objective k --proof " + proof + " --certificate k2.cert --out k2.jsonl",
                                 at.string());
        INFO(two.err);
        REQUIRE(two.exit_code == 0);
        CHECK(has(two.err, "futolab critical: certificate k2.cert: the 1 class searched again for their sets\n"));
        const std::string one = proof == "drat" ? "1 proof (0 lemmas)" : "1 claim refuted again by branch and bound";
        CHECK(accepted(at, "k2.cert") == "k2.cert: certificate accepted: 1 class, 1 unavoidable set, " + one +
                                              "; minimum 1 (k) over all squares of order 2\n");
        const auto three = run_cli("critical --exact --n 3 --objective k --proof " + proof + " --certificate k3.cert --out k3.jsonl",
                                   at.string());
        REQUIRE(three.exit_code == 0);
        CHECK(has(three.err, "futolab critical: certificate k3.cert: the 2 classes searched again for their sets\n"));
        const std::string many = proof == "drat" ? "2 proofs (" : "2 claims refuted again by branch and bound;";
        CHECK(has(accepted(at, "k3.cert"), "k3.cert: certificate accepted: 2 classes, 4 unavoidable sets, " + many));
    }
    // The committed n = 2 certificate: one lemma count of many.
    CHECK(has(accepted(dir, FUTOLAB_SOURCE_DIR "/results/critical/exact/n2-2h+3k.cert"),
              ": certificate accepted: 1 class, 1 unavoidable set, 1 proof (39 lemmas); minimum 2 (2h+3k)"));
    // A shard that holds none of the one class of order 2, alone and with the shard that holds it.
    const auto none = run_cli("critical --exact --n 2 --objective k --shard 1/2 --certificate s1.cert --out s1.jsonl", dir.string());
    REQUIRE(none.exit_code == 0);
    CHECK(has(none.err, "futolab critical: --shard 1/2: n = 2 has 1 class (0..0): this shard holds none"));
    CHECK(accepted(dir, "s1.cert") == "s1.cert: certificate accepted: 0 classes, 0 unavoidable sets, 0 proofs (0 lemmas); nothing "
                                      "claimed, the shard holding none of the 1 class of order 2 (k) over shard 1/2 only (check "
                                      "all 2 shards' certificates together for all squares)\n");
    REQUIRE(run_cli("critical --exact --n 2 --objective k --shard 0/2 --certificate s0.cert --out s0.jsonl", dir.string()).exit_code == 0);
    CHECK(has(accepted(dir, "s0.cert s1.cert"), "2 shards: certificate accepted: 1 class, 1 unavoidable set, 1 proof ("));
    fs::remove_all(dir);
}

TEST_CASE("critical's per-square certificate counts one square and one node in agreement", "[cli][critical][certificate][words]") {
    const fs::path dir = fresh_dir("counted-words", "square");
    REQUIRE(run_cli("critical --exact --square '1 2/2 1' --objective k --certificate sq2.cert --out sq2.jsonl", dir.string())
                .exit_code == 0);
    CHECK(accepted(dir, "sq2.cert") == "sq2.cert: certificate accepted: 1 square, 1 unavoidable set, branch and bound re-run (1 "
                                       "node); minimum 1 (k) of the given square\n");
    REQUIRE(run_cli("critical --exact --square '1 2 3/2 3 1/3 1 2' --objective k --certificate sq3.cert --out sq3.jsonl",
                    dir.string())
                .exit_code == 0);
    CHECK(has(accepted(dir, "sq3.cert"), "sq3.cert: certificate accepted: 1 square, 6 unavoidable sets, branch and bound re-run ("));
    fs::remove_all(dir);
}
