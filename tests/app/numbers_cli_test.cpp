// Every numeric option of every subcommand over the boundary values of issue #18. A value
// out of range is exit 2 with one line "futolab: OPTION: VALUE ... (accepted: ...)"; a value in
// range passes the option and the command stops at a later, deliberate usage error (a missing
// input file, two sources), so that no test waits for a run of 2^63 instances.
#include "../support/boundaries.hpp"
#include "cli_runner.hpp"
#include "records/csv_reader.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cmath>
#include <string>
#include <vector>

using futolab::test::run_cli;

namespace {

enum class Kind { whole, real, duration };

struct NumericOption {
    std::string command;  // everything before the option; must fail after parsing
    std::string option;
    Kind kind;
    double min, max;
    std::uint64_t whole_max = 0;  // max exactly, where a double cannot tell it (2^63 - 1 and 2^63)
};

const double kU64 = 18446744073709551615.0, kInt = 2147483647.0, kSeconds = 9.2e9;
// 2^63 - 1 (as a double, 2^63: compared as the whole number it stands for): the iterations the
// method `critical` takes (round 12, F9).
const double kI63 = 9223372036854775807.0;

// Each command line ends in a usage error found after every option is read.
const std::string kSolve = "solve nosuch.futo";
const std::string kRandom = "generate random --use both";          // --use does not apply to random
const std::string kUnique = "generate unique --givens 0.5";        // --givens does not apply to unique
const std::string kCritical = "critical --square '1 2/2 1' --input nosuch.jsonl";  // two sources

const std::vector<NumericOption> kOptions{
    {kSolve, "--time-limit", Kind::duration, 0, kSeconds},
    {kSolve, "--node-limit", Kind::whole, 0, kU64},
    {kSolve, "--seed", Kind::whole, 0, kU64},
    {kSolve, "--count", Kind::whole, 1, kU64},
    {kRandom, "--n", Kind::whole, 2, 64},
    {kRandom, "--givens", Kind::real, 0, 1},
    {kRandom, "--relations", Kind::real, 0, 1},
    {kRandom, "--h", Kind::whole, 0, 4096},
    {kRandom, "--k", Kind::whole, 0, 8064},
    {kRandom, "--count", Kind::whole, 1, kI63, 9223372036854775808u},  // instance i has seed --seed + i < 2^63
    {kRandom, "--seed", Kind::whole, 0, kI63},  // the largest seed a run has (core/seed_range.hpp)
    {kRandom, "--steps", Kind::whole, 0, kU64},
    {kUnique, "--max-attempts", Kind::whole, 1, kInt},
    {kCritical, "--n", Kind::whole, 2, 64},
    {kCritical, "--count", Kind::whole, 1, 100000000},  // the default search's run-matrix guard (round 12, F18)
    {kCritical, "--seed", Kind::whole, 0, kI63},  // the largest seed a run has (core/seed_range.hpp)
    {kCritical, "--iterations", Kind::whole, 0, kI63},
    {kCritical, "--time-limit", Kind::duration, 0, kSeconds},
    {kCritical, "--patience", Kind::whole, 1, kInt},
    {kCritical, "--temperature", Kind::real, 0, 1e9},
    {kCritical, "--max-remove", Kind::whole, 1, 8064},
    {kCritical, "--node-limit", Kind::whole, 0, kI63},  // method free-square's node_limit (a whole option: 63 bits)
    {"run nosuch.yaml", "--jobs", Kind::whole, 0, 4096},
};

using futolab::test::Boundary;
const std::vector<Boundary>& kBoundaries = futolab::test::boundary_values();

bool accepted(const NumericOption& o, const Boundary& b) {
    if (std::isnan(b.value) || std::isinf(b.value)) return false;
    if (o.kind != Kind::whole) return b.value >= o.min && b.value <= o.max;
    // Whole numbers compared exactly: as doubles, 2^64 and 2^64 - 1 are the same number.
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(b.text.data(), b.text.data() + b.text.size(), v);
    if (ec != std::errc() || end != b.text.data() + b.text.size()) return false;  // -1, 1e300, 2^64
    if (v < static_cast<std::uint64_t>(o.min)) return false;
    if (o.whole_max != 0) return v <= o.whole_max;
    if (o.max == kU64) return true;  // 2^64 - 1 as a double is 2^64: never converted (UBSan)
    return v <= (o.max == kI63 ? std::uint64_t{9223372036854775807} : static_cast<std::uint64_t>(o.max));
}

// The word a rejection must use for this value.
std::string problem(const NumericOption& o, const Boundary& b) {
    if (std::isnan(b.value)) return "is not a number";
    if (b.value < 0) return "is negative";
    if (b.value < o.min) return "is too small";
    return "is too large";
}

}  // namespace

TEST_CASE("every numeric option: boundary values are accepted or refused with the range", "[cli][numbers][lifecycle]") {
    int refused = 0, passed = 0;
    for (const NumericOption& o : kOptions) {
        for (const Boundary& b : kBoundaries) {
            const std::string cmd = o.command + " " + o.option + " " + b.text;
            INFO(cmd);
            const auto r = run_cli(cmd);
            CHECK(r.exit_code == 2);
            CHECK(r.out.empty());
            CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
            const std::string head = "futolab: " + o.option + ": " + b.text;
            if (accepted(o, b)) {
                CHECK(r.err.find(head) == std::string::npos);  // stopped later, by the deliberate error
                ++passed;
            } else {
                CHECK(r.err.rfind(head, 0) == 0);
                CHECK(r.err.find(" " + problem(o, b) + " (accepted: ") != std::string::npos);
                ++refused;
            }
        }
    }
    SUCCEED(refused << " refused, " << passed << " accepted");
}

// Red-team round 26, B F2: `critical --time-limit -0` ran with no limit (0 = none) where -1 was
// "negative", and every real option took -0 as 0, while the whole-number options refused it.
// Every numeric option refuses a zero with a minus sign, in each spelling, naming itself.
TEST_CASE("every numeric option refuses -0 in each spelling", "[cli][numbers][lifecycle]") {
    for (const NumericOption& o : kOptions)
        for (const std::string zero : {"-0", "-0.0", "-0e3", "-00"}) {
            const std::string cmd = o.command + " " + o.option + " " + zero;
            INFO(cmd);
            const auto r = run_cli(cmd);
            CHECK(r.exit_code == 2);
            CHECK(r.out.empty());
            CHECK(r.err.rfind("futolab: " + o.option + ": " + zero, 0) == 0);
            CHECK(r.err.find(o.kind == Kind::whole ? " is not a whole number" : " is zero with a minus sign") != std::string::npos);
            CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        }
    for (const char* zero : {"-0s", "-0ms", "-0us", "-0m", "-0h"})
        CHECK(run_cli(std::string("solve good/conjure-4x4.futo --time-limit ") + zero).err ==
              std::string("futolab: --time-limit: ") + zero +
                  " is zero with a minus sign, which futolab never writes (write 0) (accepted: 0 to 9.2e9 s; 0 = none)\n");
    CHECK(run_cli("analyze analysis/paired.csv --where 'n<-0'").err ==
          "futolab: --where n<-0: -0 is zero with a minus sign, which futolab never writes (write 0) (accepted: -1.8e308 to "
          "1.8e308)\n");
    CHECK(run_cli("analyze analysis/paired.csv --where 'n>0'").exit_code == 0);
}

// Round 20 left open: `generate --count 0` wrote nothing and `critical --count 0` made an
// experiment of no runs (exit 0), while a config's counts refuse 0. Refused alike, naming the option.
TEST_CASE("count 0 is refused by generate and critical as by a config source", "[cli][numbers][count]") {
    const std::string dir = futolab::test::fresh_dir("numbers-cli", "count-0").string();
    for (const auto& [command, most] : std::vector<std::pair<std::string, std::string>>{
             {"generate random --n 4", "9223372036854775808"},
             {"generate unique --n 4", "9223372036854775808"},
             {"critical --n 4", "100000000"},
             {"critical --free-square --n 4", "100000000"}}) {
        INFO(command);
        const auto r = run_cli(command + " --count 0", dir);
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        CHECK(r.err == "futolab: --count: 0 is too small (accepted: 1 to " + most + ")\n");
        CHECK(run_cli(command + " --count 1", dir).exit_code == 0);
    }
}

TEST_CASE("time limits: the messages of issue #18", "[cli][numbers]") {
    const std::string cmd = "solve good/conjure-4x4.futo --time-limit ";
    CHECK(run_cli(cmd + "1e10").err == "futolab: --time-limit: 1e10 s is too large (accepted: 0 to 9.2e9 s; 0 = none)\n");
    CHECK(run_cli(cmd + "-1").err == "futolab: --time-limit: -1 s is negative (accepted: 0 to 9.2e9 s; 0 = none)\n");
    CHECK(run_cli(cmd + "nan").err == "futolab: --time-limit: nan is not a number (accepted: 0 to 9.2e9 s; 0 = none)\n");
    // A large valid limit is no limit: the run solves (it used to time out at once).
    const auto r = run_cli("solve --format csv good/conjure-4x4.futo --time-limit 9e9");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find(",solved,") != std::string::npos);
    CHECK(run_cli("solve --format csv good/conjure-4x4.futo --time-limit 2h").exit_code == 0);
}

TEST_CASE("solve --format csv writes the limits its runs had, to the nanosecond", "[cli][numbers][limits]") {
    // The limit cells were empty ("no limit", SPEC §5) while the status said timeout, and a
    // limit of 400us was written as 0.39999999999999997 (seconds × 1000 in binary).
    const auto r = run_cli("solve --format csv good/conjure-4x4.futo --time-limit 400us --cpu-limit 3");
    REQUIRE(r.exit_code == 0);
    const futolab::CsvTable t = futolab::parse_csv(r.out, "solve's output");
    REQUIRE(t.rows.size() == 1);
    const auto cell = [&](const std::string& column) {
        const auto at = std::find(t.header.begin(), t.header.end(), column);
        REQUIRE(at != t.header.end());
        return t.rows[0].at(static_cast<std::size_t>(at - t.header.begin()));
    };
    CHECK(cell("time_limit_ms") == "0.4");
    CHECK(cell("cpu_limit_ms") == "3000");
    const auto none = run_cli("solve --format csv good/conjure-4x4.futo");
    REQUIRE(none.exit_code == 0);
    CHECK(none.out.find(",,,") != std::string::npos);  // no limit: empty cells
}

TEST_CASE("run: --shard reads I and N as whole numbers with their range", "[cli][numbers]") {
    const std::string range = "I/N with 0 <= I < N <= 1000000: shard I of N, counted from 0";
    CHECK(run_cli("run nosuch.yaml --shard 1/4294967297").err ==
          "futolab: run: --shard 1/4294967297: N 4294967297 is too large (" + range + ")\n");
    CHECK(run_cli("run nosuch.yaml --shard 1/18446744073709551616").err ==
          "futolab: run: --shard 1/18446744073709551616: N 18446744073709551616 is too large (" + range + ")\n");
    for (const std::string i : {"-1", "x"})
        CHECK(run_cli("run nosuch.yaml --shard " + i + "/2").err ==
              "futolab: run: --shard " + i + "/2: I '" + i + "' is not a whole number in plain digits (" + range + ")\n");
    for (const std::string i : {"2", "3", "18446744073709551616"})
        CHECK(run_cli("run nosuch.yaml --shard " + i + "/2").err ==
              "futolab: run: --shard " + i + "/2: I " + i + " is not below N 2 (" + range + "; the last is 1/2)\n");
    CHECK(run_cli("run nosuch.yaml --shard 2").exit_code == 2);
}

TEST_CASE("analyze: an ordered --where needs a finite number", "[cli][numbers]") {
    CHECK(run_cli("analyze analysis/paired.csv --where 'n<nan'").err ==
          "futolab: --where n<nan: nan is not a number (accepted: -1.8e308 to 1.8e308)\n");
    CHECK(run_cli("analyze analysis/paired.csv --where 'n<1e400'").err ==
          "futolab: --where n<1e400: 1e400 is too large (accepted: -1.8e308 to 1.8e308)\n");
    CHECK(run_cli("analyze analysis/paired.csv --where 'n<=4'").exit_code == 0);
    CHECK(run_cli("analyze analysis/paired.csv --where 'spec=nan'").exit_code == 2);  // = compares text: no rows
}
