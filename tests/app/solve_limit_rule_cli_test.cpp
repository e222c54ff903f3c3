// Red-team round 26, C F10: `futolab solve --time-limit/--cpu-limit` wrote a run that answered
// past its limit as `unique` or `solved` with an empty message (CSV and pretty), where `run`
// applies the rule for a run past its limit (experiments/limit_rule.hpp, docs/isolation.md):
// such a run is `timeout`, its message keeping the answer. solve now applies the same function,
// in every format. The puzzles are a real corpus's (tatham-dev n09), timed under 1 µs and 50 µs.
#include "cli_runner.hpp"
#include "records/csv_reader.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <tuple>

using futolab::test::has;
using futolab::test::run_cli;

namespace {

const std::string kPuzzles = FUTOLAB_DATA_DIR "/tatham-dev/n09.tatham";

futolab::CsvTable solve_csv(const std::string& options) {
    const futolab::test::CliResult r = run_cli("solve " + kPuzzles + " " + options + " --format csv");
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return futolab::parse_csv(r.out, "solve");
}

std::string cell(const futolab::CsvTable& t, std::size_t row, const char* column) {
    return t.rows.at(row).at(t.column(column, "solve"));
}

// Every row of `t` as the rule leaves it under a limit of `limit_ns` on `clock`: a finished row
// within it, a timeout row named after `kind`'s limit, and one the rule relabelled keeps its
// answer ("(it said unique)"). Returns how many rows the rule relabelled.
std::size_t check_rows(const futolab::CsvTable& t, const char* clock, double limit_ns, const std::string& kind,
                       const std::string& answer) {
    std::size_t relabelled = 0;
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const std::string status = cell(t, r, "status"), message = cell(t, r, "message");
        const double ns = std::stod(cell(t, r, clock));
        INFO("row " << r << ": " << status << " " << clock << " " << ns << " '" << message << "'");
        if (status == answer) {
            CHECK(ns <= limit_ns);
            CHECK(message.empty());
            continue;
        }
        CHECK(status == "timeout");
        CHECK(message.starts_with(kind + " time limit ("));
        if (!has(message, "(it said ")) continue;  // the search saw its limit itself
        CHECK(ns > limit_ns);
        CHECK(has(message, "): the run took "));
        CHECK(message.ends_with(" ms (it said " + answer + ")"));
        ++relabelled;
    }
    return relabelled;
}

}  // namespace

TEST_CASE("solve --format csv writes an answer past --cpu-limit or --time-limit as a timeout", "[cli][solve][limits]") {
    for (const auto& [option, clock, kind] : {std::tuple{"--cpu-limit 1us", "cpu_ns", "cpu"},
                                              std::tuple{"--time-limit 1us", "wall_ns", "wall"}}) {
        INFO(option);
        const futolab::CsvTable counted = solve_csv(std::string("-s gac --count 2 ") + option);
        REQUIRE(counted.rows.size() >= 30);
        // A search answers in ~10 µs or more: under 1 µs no row may keep its answer.
        CHECK(check_rows(counted, clock, 1e3, kind, "unique") > 0);
        for (std::size_t r = 0; r < counted.rows.size(); ++r) CHECK(cell(counted, r, "status") == "timeout");
        const futolab::CsvTable first = solve_csv(std::string("-s fc:var=mrv ") + option);
        CHECK(check_rows(first, clock, 1e3, kind, "solved") > 0);
    }
}

TEST_CASE("solve applies the limit rule to each row: within the limit the answer stays", "[cli][solve][limits]") {
    // 50 µs: some runs answer within it, some past it, some stop at it; each is held to its clock.
    const futolab::CsvTable mixed = solve_csv("-s gac --count 2 --time-limit 50us");
    check_rows(mixed, "wall_ns", 50e3, "wall", "unique");
    // An hour: every run within it, its answer and its empty message kept.
    const futolab::CsvTable roomy = solve_csv("-s gac --count 2 --time-limit 1h --cpu-limit 1h");
    for (std::size_t r = 0; r < roomy.rows.size(); ++r) {
        CHECK(cell(roomy, r, "status") == "unique");
        CHECK(cell(roomy, r, "message").empty());
    }
}

TEST_CASE("solve's pretty output says timeout and the answer past the limit and shows no grid", "[cli][solve][limits]") {
    const futolab::test::CliResult past = run_cli("solve " + kPuzzles + " -s gac --cpu-limit 1us");
    INFO(past.err);
    REQUIRE(past.exit_code == 0);
    CHECK_FALSE(has(past.out, "  solved  "));
    CHECK(has(past.out, "  timeout  "));
    CHECK(has(past.out, " ms (it said solved)\n"));
    CHECK_FALSE(has(past.out, "# n09:"));  // no solution grid under a timeout
    const futolab::test::CliResult within = run_cli("solve " + kPuzzles + " -s gac --cpu-limit 1h");
    CHECK(has(within.out, "  solved  "));
    CHECK(has(within.out, "# n09:1\n"));
    CHECK_FALSE(has(within.out, "timeout"));
}
