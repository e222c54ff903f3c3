// Backend `ilp`: the LP model, the parsers of CBC's output, and agreement with gac
// (tests/solvers/external/agreement.hpp). Counting by no-good cuts costs one CBC run per
// solution, so L(3) is counted here and L(4) (577 runs) is not.
#include "solvers/ilp/cbc_output.hpp"
#include "solvers/ilp/lp_model.hpp"
#include "../external/agreement.hpp"

#include <cstdint>
#include <limits>
#include <optional>

using namespace futolab;
using namespace futolab::ilp;

TEST_CASE("the LP model has one row per cell, row value, column value, given, relation and no-good", "[ilp]") {
    Instance in;
    in.n = 2;
    in.givens = {{0, 0, 1}};
    in.lt = {{0, 0, 0, 1}};
    const std::string lp = lp_model(Puzzle::compile(in), {{1, 2, 2, 1}});
    CHECK(lp.find(" cell_1_2: + 1 x_1_2_1 + 1 x_1_2_2 = 1\n") != std::string::npos);
    CHECK(lp.find(" row_2_1: + 1 x_2_1_1 + 1 x_2_2_1 = 1\n") != std::string::npos);
    CHECK(lp.find(" col_1_2: + 1 x_1_1_2 + 1 x_2_1_2 = 1\n") != std::string::npos);
    CHECK(lp.find(" given_1_1: x_1_1_1 = 1\n") != std::string::npos);
    CHECK(lp.find(" lt_1: + 1 x_1_1_1 + 2 x_1_1_2 - 1 x_1_2_1 - 2 x_1_2_2 <= -1\n") != std::string::npos);
    CHECK(lp.find(" nogood_1: + 1 x_1_1_1 + 1 x_1_2_2 + 1 x_2_1_2 + 1 x_2_2_1 <= 3\n") != std::string::npos);
    CHECK(lp.find("Binary\n x_1_1_1 x_1_1_2\n") != std::string::npos);
    CHECK(lp.ends_with("End\n"));
}

TEST_CASE("cbc solution files: feasible, infeasible, malformed", "[ilp]") {
    const CbcSolution s = parse_cbc_solution(
        "Optimal - objective value 0.00000000\n      0 x_1_1_1  1  0\n  1 x_1_1_2 0 0\n  2 x_1_2_2 1 0\n"
        "  3 x_2_1_2 0.9999999 0\n  4 x_2_2_1 1e-9 0\n 5 x_2_2_1 1 0\n",
        2);
    REQUIRE(s.error.empty());
    CHECK(s.feasible);
    CHECK(s.grid == std::vector<int>{1, 2, 2, 1});
    CHECK_FALSE(parse_cbc_solution("Infeasible - objective value 0\n 0 x_1_1_1 0.3 0\n", 2).feasible);
    CHECK(parse_cbc_solution("Integer infeasible - objective value 0\n", 2).error.empty());
    const std::vector<std::pair<std::string, std::string>> bad{
        {"", "line 1 of the cbc solution: empty"},
        {"Optimal\n 0 x_1_1_1 1 0\n", "line 2 of the cbc solution: cell 1 has no value"},
        {"Optimal\n 0 x_1_1_1 1 0\n 1 x_1_1_2 1 0\n", "line 3 of the cbc solution: a second value for cell 0 (x_1_1_2)"},
        {"Optimal\n 0 x_1_1_1\n", "line 2 of the cbc solution: not 'index name value': ' 0 x_1_1_1'"},
        {"Optimal\n 0 x_1_1_1 nan 0\n", "line 2 of the cbc solution: not 'index name value': ' 0 x_1_1_1 nan 0'"},
        {"Optimal\n 0 y_1_1_1 1 0\n", "line 2 of the cbc solution: unknown variable 'y_1_1_1'"},
        {"Optimal\n 0 x_1_1_3 1 0\n", "line 2 of the cbc solution: unknown variable 'x_1_1_3'"},
        {"Optimal\n 0 x_1_1 1 0\n", "line 2 of the cbc solution: unknown variable 'x_1_1'"},
        {"Optimal\n 0 x_1_1_1_1 1 0\n", "line 2 of the cbc solution: unknown variable 'x_1_1_1_1'"},
        {"Optimal\n ** 0 x_1_1_1 1 0\n", "line 2 of the cbc solution: not 'index name value': ' ** 0 x_1_1_1 1 0'"},
    };
    for (const auto& [text, message] : bad) {
        INFO(text);
        const CbcSolution b = parse_cbc_solution(text, 2);
        CHECK(b.error == message);
        CHECK_FALSE(b.feasible);
        CHECK(b.grid.empty());
    }
}

TEST_CASE("cbc's log gives its branch-and-bound nodes", "[ilp]") {
    CHECK(parse_cbc_nodes("Result - Optimal solution found\n\nEnumerated nodes:               17\nTotal") == 17u);
    CHECK(parse_cbc_nodes("Pre-processing says infeasible or unbounded\n") == 0u);
    CHECK(parse_cbc_nodes("Problem is infeasible - 0.00 seconds\n") == 0u);
    CHECK(parse_cbc_nodes("Enumerated nodes: x\n") == std::nullopt);
    CHECK(parse_cbc_nodes("") == std::nullopt);
}

// The runs' nodes summed with an overflow check (red-team round 27, left open): a sum past
// 2^64-1 wrapped to a small count no run made; it is unknown (an empty counter) instead.
TEST_CASE("cbc's nodes are summed over its runs and a sum past 2^64-1 is unknown", "[ilp]") {
    constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
    CHECK(add_cbc_nodes(0, 17) == 17u);
    CHECK(add_cbc_nodes(17, 0) == 17u);
    CHECK(add_cbc_nodes(kMax - 1, 1) == kMax);  // the largest sum is kept
    CHECK(add_cbc_nodes(kMax, 0) == kMax);
    CHECK(add_cbc_nodes(kMax, 1) == std::nullopt);
    CHECK(add_cbc_nodes(kMax - 5, 10) == std::nullopt);
    CHECK(add_cbc_nodes(kMax, kMax) == std::nullopt);
    CHECK(add_cbc_nodes(1ull << 63, 1ull << 63) == std::nullopt);
    CHECK(add_cbc_nodes(std::nullopt, 3) == std::nullopt);  // unknown stays unknown
    CHECK(add_cbc_nodes(3, std::nullopt) == std::nullopt);
    // A run's count past 2^64-1 in the log is no count either.
    CHECK(parse_cbc_nodes("Enumerated nodes: 18446744073709551616\n") == std::nullopt);
    CHECK(parse_cbc_nodes("Enumerated nodes: 18446744073709551615\n") == kMax);
}

TEST_CASE("ilp agrees with gac on random instances (n <= 5)", "[ilp][conformance]") {
    test::agrees_on_random("ilp", 16);
}

TEST_CASE("ilp proves Tatham puzzles unique (n = 4..7, 2 each)", "[ilp][conformance]") {
    test::unique_on_tatham("ilp", 7, 2);
}

TEST_CASE("ilp counts L(3) = 12 by 13 CBC runs, nodes known, the rest empty", "[ilp][conformance]") {
    const RunResult r = test::run_spec("ilp", test::empty_square(3), Mode::count_all());
    CHECK(r.result.status == Status::counted);
    CHECK(r.result.counters.solutions == 12);
    CHECK(r.result.unknown == counter_bits({Counter::fails, Counter::checks, Counter::propagations, Counter::max_depth}));
}

TEST_CASE("ilp: the time limit spans the CBC runs", "[ilp]") {
    const RunResult r = test::run_spec("ilp", test::empty_square(5), Mode::count_all(), {0.5, 0, 0});
    CHECK(r.result.status == Status::timeout);
    CHECK((r.result.unknown & counter_bit(Counter::solutions)) == 0);  // the solutions so far are known
    CHECK((r.result.unknown & counter_bit(Counter::nodes)) != 0);
}
