// `futolab critical` with an option its mode cannot run without left out (app/critical_modes.hpp,
// CriticalMode::required): every mode is walked without each of them, and the refusal names the
// option as missing, never the default's value as if it had been typed (red-team round 20, B
// F3: `--exact --n 3` said "got 'greedy'", `--exact --objective k` "got 0", `--few-relations 3`
// "--n 0 is not 2 to 6"). A value that was typed is quoted as typed.
#include "app/critical_modes.hpp"
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

using futolab::app::critical_mode_flags;
using futolab::app::critical_modes;
using futolab::app::CriticalMode;
using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

// One command line per mode: what selects it, and each option it cannot run without with a
// value it takes. Written out here, not read from the table: the table is checked against it.
struct ModeLine {
    std::string selection;
    std::vector<std::pair<std::string, std::string>> required;
};

const std::map<std::string, ModeLine> kLines{
    {"few-relations", {"--few-relations 2", {{"--n", "3"}}}},
    {"exhaustive", {"--exhaustive", {{"--n", "2"}}}},
    {"exact-square", {"--exact --square '1 2/2 1'", {{"--objective", "k"}}}},
    {"exact-sample", {"--exact --sample 1", {{"--n", "3"}, {"--objective", "k"}}}},
    {"exact", {"--exact", {{"--n", "3"}, {"--objective", "k"}}}},
    {"check-certificate", {"--check-certificate x.cert", {}}},
    {"free-square", {"--free-square", {}}},  // --n or --input: one of two, said by the mode
    {"construct", {"--construct", {{"--n", "3"}}}},
    {"greedy", {"", {}}},  // --square, --input or --n: one of three, said by the mode
};

std::string prefix_of(const CriticalMode& m) {
    return "futolab: critical" + (m.flag.empty() ? std::string() : " " + critical_mode_flags(m)) + ": ";
}

}  // namespace

TEST_CASE("critical: every mode left without an option it cannot run without names that option as missing",
          "[critical][modes][messages]") {
    const fs::path dir = fresh_dir("critical-required", "walk");
    std::size_t walked = 0;
    for (const CriticalMode& m : critical_modes()) {
        INFO(m.name);
        const auto line = kLines.find(std::string(m.name));
        REQUIRE(line != kLines.end());  // a new mode: add its command line above
        std::vector<std::string> listed;
        for (const auto& [option, what] : m.required) listed.emplace_back(option);
        std::vector<std::string> expected;
        for (const auto& [option, value] : line->second.required) expected.push_back(option);
        CHECK(listed == expected);
        for (const auto& [missing, unused] : line->second.required) {
            std::string args = line->second.selection;
            for (const auto& [option, value] : line->second.required)
                if (option != missing) args += " " + option + " " + value;
            const auto r = run_cli("critical " + args + " --out out.jsonl", dir.string());
            INFO(args);
            INFO(r.err);
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, prefix_of(m) + "give "));
            CHECK(has(r.err, missing + " ("));  // "the order with --n (2 to 6)", "--objective (h+k, …)"
            CHECK_FALSE(has(r.err, "got"));
            CHECK_FALSE(has(r.err, "greedy"));
            CHECK(r.err.find('\n') == r.err.size() - 1);  // one line
            CHECK_FALSE(fs::exists(dir / "out.jsonl"));
            ++walked;
        }
    }
    CHECK(walked == 8);
    // The modes whose one source is one of several say which.
    CHECK(has(run_cli("critical --free-square --out out.jsonl", dir.string()).err,
              "futolab: critical --free-square: give exactly one of --n or --input"));
    CHECK(has(run_cli("critical --out out.jsonl", dir.string()).err, "futolab: critical: give exactly one of --square, --input or --n"));
}

TEST_CASE("critical: the cases found, word for word, and values typed quoted as typed", "[critical][modes][messages]") {
    const fs::path dir = fresh_dir("critical-required", "words");
    const std::vector<std::pair<std::string, std::string>> cases{
        {"--exact --n 3", "futolab: critical --exact: give --objective (h+k, 2h+3k, k, h, frontier)\n"},
        {"--exact --sample 2 --n 4", "futolab: critical --exact --sample: give --objective (h+k, 2h+3k, k, h, frontier)\n"},
        {"--exact --objective k", "futolab: critical --exact: give the order with --n (2 to 5; n = 6: --sample S)\n"},
        {"--exact --sample 2 --objective k", "futolab: critical --exact --sample: give the order with --n (2 to 6)\n"},
        {"--exact --square '1 2/2 1'", "futolab: critical --exact --square/--input: give --objective (h+k, 2h+3k, k, h)\n"},
        {"--few-relations 3", "futolab: critical --few-relations: give the order with --n (2 to 6)\n"},
        {"--exhaustive", "futolab: critical --exhaustive: give the order with --n (2 to 4)\n"},
        {"--construct", "futolab: critical --construct: give the order with --n (2 to 64)\n"},
        // Typed: quoted as typed.
        {"--few-relations 3 --n 7", "futolab: critical --few-relations: --n 7 is not 2 to 6\n"},
        {"--exact --n 7 --objective k", "futolab: critical --exact: --n must be 2..5 (n = 6: --sample S), got 7\n"},
        {"--exact --n 3 --objective greedy",
         "futolab: critical --exact: --objective must be h+k, 2h+3k, k, h, frontier, got 'greedy'\n"},
    };
    for (const auto& [args, says] : cases) {
        const auto r = run_cli("critical " + args + " --out out.jsonl", dir.string());
        INFO(args);
        CHECK(r.exit_code == 2);
        CHECK(r.err == says);
    }
}

TEST_CASE("critical --help names each mode's required options", "[critical][modes]") {
    const std::string help = futolab::app::critical_modes_help();
    for (const CriticalMode& m : critical_modes())
        for (const auto& [option, what] : m.required) {
            INFO(m.name << " " << option);
            CHECK(has(help, "; " + std::string(option) + " is required"));
        }
}
