// experiments/row_facts.hpp (issue #45, round 8): the cells of a results row that its own n
// bounds, as resume and merge check them.
#include "experiments/row_facts.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace {

void check_row(const std::string& n, const std::string& h, const std::string& k, const std::string& solution,
               const std::string& status = "solved") {
    const futolab::CsvTable t =
        futolab::parse_csv("n,h,k,solution,status\n" + n + "," + h + "," + k + ",\"" + solution + "\"," + status + "\n", "r.csv");
    futolab::check_row_facts(t, 0, "r.csv", "refusing");
}

}  // namespace

TEST_CASE("a row's h, k and solution are within what its n allows", "[records][resume][merge]") {
    CHECK_NOTHROW(check_row("4", "16", "24", "1 2 3 4/2 1 4 3/3 4 1 2/4 3 2 1"));
    CHECK_NOTHROW(check_row("4", "0", "0", ""));
    CHECK_NOTHROW(check_row("64", "4096", "8064", ""));
    using Catch::Matchers::Contains;
    CHECK_THROWS_WITH(check_row("4", "17", "0", ""), Contains("r.csv:2:2: column 'h' is '17', more than 16") &&
                                                          Contains(": refusing"));
    CHECK_THROWS_WITH(check_row("4", "0", "25", ""), Contains("r.csv:2:3: column 'k' is '25', more than 24"));
    CHECK_THROWS_WITH(check_row("4", "4294967302", "0", ""), Contains("column 'h' is '4294967302'"));
    CHECK_THROWS_WITH(check_row("1", "0", "0", ""), Contains("r.csv:2:1: column 'n' is '1', not a side from 2 to 64"));
    CHECK_THROWS_WITH(check_row("65", "0", "0", ""), Contains("column 'n' is '65'"));
    CHECK_THROWS_WITH(check_row("4", "0", "0", "1 1 1 1/2 2 2 2/3 3 3 3/4 4 4 4"),
                      Contains("r.csv:2:4: column 'solution' is '1 1 1 1/2 2 2 2/3 3 3 3/4 4 4 4', not a Latin square "
                               "(row 1 repeats 1)"));
    CHECK_THROWS_WITH(check_row("4", "0", "0", "1 2 3 4/2 1 4 3/3 4 1 2/4 3 1 2"), Contains("(column 3 repeats 1)"));
    CHECK_THROWS_WITH(check_row("4", "0", "0", "1 2 3 5/2 1 4 3/3 4 1 2/4 3 2 1"), Contains("out of range 1..4"));
    CHECK_THROWS_WITH(check_row("4", "0", "0", "1 2/2 1"),
                      Contains("r.csv:2:4: solution row 1 has 2 values, expected 4: refusing"));
    CHECK_THROWS_WITH(check_row("4", "0", "0", "1 2 3 x/2 1 4 3/3 4 1 2/4 3 2 1"), Contains("'x' is not a number"));
    CHECK_THROWS_AS(check_row("4", "1.5", "0", ""), futolab::InputError);
    // A backend's wrong solution, kept as the evidence of its `error` row, is not refused.
    CHECK_NOTHROW(check_row("4", "0", "0", "1 1 1 1/2 2 2 2/3 3 3 3/4 4 4 4", "error"));
    CHECK_THROWS_WITH(check_row("4", "17", "0", "", "error"), Contains("column 'h' is '17'"));
}
