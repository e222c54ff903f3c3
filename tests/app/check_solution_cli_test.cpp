// `check --solution` and `critical --square` read a grid by one rule (core/verify.hpp). Round
// 10: `critical --square "…/"` said "row 1 has 3 values, expected 4" while `check --solution
// "…/"` accepted the trailing '/'. Both refuse it now, with one message, before printing.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

using futolab::test::has;
using futolab::test::run_cli;

TEST_CASE("check --solution and critical --square refuse a trailing '/' alike, before any output", "[cli][grid]") {
    const std::string param = "good/conjure-4x4.jsonl", square = "2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4";
    const std::string ends = ": solution ends with '/': rows are separated by '/', not ended by it\n";
    const auto checked = run_cli("check " + param + " --solution '" + square + "/'");
    CHECK(checked.exit_code == 2);
    CHECK(checked.out.empty());  // no "valid" line before the refusal
    CHECK(checked.err == "futolab: --solution" + ends);
    const auto critical = run_cli("critical --square '" + square + "/'");
    CHECK(critical.exit_code == 2);
    CHECK(critical.err == "futolab: --square" + ends);
    const auto empty_row = run_cli("check " + param + " --solution '2 1 4 3//4 2 3 1/3 4 1 2/1 3 2 4'");
    CHECK(empty_row.exit_code == 2);
    CHECK(has(empty_row.err, "--solution: solution row 2 is empty"));
    const auto right = run_cli("check " + param + " --solution '" + square + "'");
    CHECK(right.exit_code == 0);
    CHECK(has(right.out, ": solution verifies"));
}
