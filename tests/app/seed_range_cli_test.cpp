// Seeds derived as --seed + i are never wrapped (red-team round 12, F7): every command whose
// item i has seed --seed + i (generate, critical's default search, --free-square, --exact
// --sample) refuses a run whose last seed would pass 2^63 - 1, naming --seed and the count,
// before it writes anything. `generate unique --n 4 --count 2 --seed 2^64-1` wrote ids …-s0,
// its second record byte for byte that of --seed 0; --free-square also wrote seeds past 2^63.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using namespace futolab::test;

namespace {

const std::string kMax = "9223372036854775807";        // 2^63 - 1
const std::string kPastMax = "9223372036854775808";    // 2^63
const std::string kLast = "18446744073709551615";      // 2^64 - 1

std::string refusal(const std::string& command, const std::string& seed, const std::string& with, const std::string& item) {
    return "futolab: " + command + ": --seed " + seed + with + ": too large (" + item + " i has seed --seed + i, at most " + kMax +
           ")\n";
}

// A seed that is too large alone: refused as the option is read, stating the same range (red-team
// round 21, B F6: "accepted: 0 to 18446744073709551615" was stated and 2^63 refused later).
std::string option_refusal(const std::string& seed) {
    return "futolab: --seed: " + seed + " is too large (accepted: 0 to " + kMax + ")\n";
}

}  // namespace

TEST_CASE("generate: the last seed --seed + count - 1 is at most 2^63 - 1, never wrapped (round 12, F7)", "[cli][numbers][seed]") {
    const auto dir = fresh_dir("seed-range", "generate");
    const std::string out = (dir / "u.jsonl").string();
    for (const auto& [seed, count] : {std::pair{kLast, "2"}, {kLast, "1"}, {kPastMax, "1"}, {kMax, "2"}}) {
        INFO("--seed " << seed << " --count " << count);
        const auto r = run_cli("generate unique --n 4 --count " + std::string(count) + " --seed " + seed + " --out " + out);
        CHECK(r.exit_code == 2);
        CHECK(r.err == (seed == kMax ? refusal("generate", seed, std::string(" with --count ") + count, "instance")
                                     : option_refusal(seed)));
        CHECK_FALSE(std::filesystem::exists(out));
    }
    CHECK(run_cli("generate random --n 4 --seed -1").err ==
          "futolab: --seed: -1 is negative (accepted: 0 to " + kMax + ")\n");
    // Up to 2^63 - 1 exactly: the last two seeds.
    const auto r = run_cli("generate random --n 3 --count 2 --seed 9223372036854775806 --out " + out);
    REQUIRE(r.exit_code == 0);
    const std::string records = slurp(out);
    CHECK(has(records, "-s9223372036854775806\""));
    CHECK(has(records, "-s9223372036854775807\""));
}

TEST_CASE("critical --free-square and --exact --sample refuse seeds past 2^63 - 1 (round 12, F7)", "[cli][numbers][seed][critical]") {
    const auto dir = fresh_dir("seed-range", "critical");
    const std::string out = (dir / "f.jsonl").string();
    auto r = run_cli("critical --free-square --n 3 --count 2 --iterations 1 --seed " + kMax + " --out " + out);
    CHECK(r.exit_code == 2);
    CHECK(r.err == refusal("critical --free-square", kMax, " with --count 2", "square"));
    r = run_cli("critical --free-square --n 3 --count 2 --iterations 1 --seed " + kLast + " --out " + out);
    CHECK(r.err == option_refusal(kLast));
    for (const std::string mode : {"--n 3", "--free-square --n 3", "--exact --n 3 --objective h+k --sample 2"})
        CHECK(run_cli("critical " + mode + " --seed -1").err == "futolab: --seed: -1 is negative (accepted: 0 to " + kMax + ")\n");
    CHECK_FALSE(std::filesystem::exists(out));
    // One run per given start puzzle, each with seed --seed itself.
    r = run_cli("critical --free-square --input good/conjure-4x4.futo --iterations 1 --seed " + kPastMax + " --out " + out);
    CHECK(r.exit_code == 2);
    CHECK(r.err == option_refusal(kPastMax));
    CHECK_FALSE(std::filesystem::exists(out));
    r = run_cli("critical --free-square --n 3 --count 1 --iterations 1 --seed " + kMax + " --out " + out);
    CHECK(r.exit_code == 0);
    CHECK(has(slurp(out), "\"seed\":" + kMax));
    const std::string sample = (dir / "e.jsonl").string();
    r = run_cli("critical --exact --n 3 --objective h+k --sample 2 --seed " + kLast + " --out " + sample);
    CHECK(r.exit_code == 2);
    CHECK(r.err == option_refusal(kLast));
    r = run_cli("critical --exact --n 3 --objective h+k --sample 2 --seed " + kMax + " --out " + sample);
    CHECK(r.err == refusal("critical --exact", kMax, " with --sample 2", "square"));
    CHECK_FALSE(std::filesystem::exists(sample));
}
