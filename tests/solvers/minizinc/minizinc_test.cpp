// Backend `minizinc`: its output parser, and agreement with gac (tests/solvers/external/agreement.hpp).
#include "solvers/minizinc/output.hpp"
#include "../external/agreement.hpp"

using namespace futolab;
using namespace futolab::minizinc;

TEST_CASE("minizinc output: solutions, end markers and statistics", "[minizinc]") {
    const Output o = parse_output(
        "% Generated FlatZinc statistics:\n%%%mzn-stat: flatTime=0.1\n%%%mzn-stat-end\n"
        "2 1/1 2\n----------\n1 2/2 1\r\n----------\n==========\n%%%mzn-stat: nodes=7\n%%%mzn-stat: failures=3\n"
        "%%%mzn-stat: peakDepth=2\n%%%mzn-stat-end\n");
    REQUIRE(o.error.empty());
    CHECK(o.solutions == std::vector<std::string>{"2 1/1 2", "1 2/2 1"});
    CHECK(o.complete);
    CHECK_FALSE(o.unsat);
    std::string error;
    CHECK(stat_uint(o, "nodes", error) == 7u);
    CHECK(stat_uint(o, "flatTime", error) == std::nullopt);
    CHECK(error == "minizinc statistic flatTime is not a whole number: '0.1'");
    CHECK(parse_output("=====UNSATISFIABLE=====\n").unsat);
}

TEST_CASE("minizinc output that is not valid names the line", "[minizinc]") {
    const std::vector<std::pair<std::string, std::string>> cases{
        {"----------\n", "line 1 of minizinc output: a solution separator without a solution"},
        {"1 2/2 1\n2 1/1 2\n----------\n", "line 2 of minizinc output: two lines in one solution"},
        {"1 2/2 1\n", "line 1 of minizinc output: the output ends inside a solution (no ----------)"},
        {"%%%mzn-stat: nodes\n", "line 1 of minizinc output: a statistic without key=value"},
        {"%%%mzn-stat: =1\n", "line 1 of minizinc output: a statistic without key=value"},
        {"=====ERROR=====\n", "line 1 of minizinc output: the solver ended with '=====ERROR====='"},
        {"1 2/2 1\n----------\n=====UNSATISFIABLE=====\n", "line 3 of minizinc output: UNSATISFIABLE together with solutions"},
    };
    for (const auto& [text, message] : cases) {
        INFO(text);
        const Output o = parse_output(text);
        CHECK(o.error == message);
    }
}

TEST_CASE("minizinc agrees with gac on random instances (n <= 5)", "[minizinc][conformance]") {
    test::agrees_on_random("minizinc", 16);
}

TEST_CASE("minizinc proves Tatham puzzles unique (n = 4..9, 2 each)", "[minizinc][conformance]") {
    test::unique_on_tatham("minizinc", 9, 2);
}

TEST_CASE("minizinc counts L(3) = 12 and L(4) = 576, first solution of an empty 5x5", "[minizinc][conformance]") {
    const RunResult l3 = test::run_spec("minizinc", test::empty_square(3), Mode::count_all());
    CHECK(l3.result.status == Status::counted);
    CHECK(l3.result.counters.solutions == 12);
    // Gecode's statistics, the root removed as for the gecode backend: its 23 nodes are 22 here.
    CHECK(l3.result.counters.nodes == 22);
    CHECK(l3.result.unknown == counter_bits({Counter::checks, Counter::propagations}));
    const RunResult l4 = test::run_spec("minizinc", test::empty_square(4), Mode::count_all());
    CHECK(l4.result.counters.solutions == 576);
    CHECK(test::run_spec("minizinc", test::empty_square(5), Mode::first()).result.status == Status::solved);
}

TEST_CASE("minizinc: unsat found while flattening leaves the search counters empty", "[minizinc]") {
    Instance in;
    in.n = 3;
    in.givens = {{0, 0, 1}, {0, 1, 1}};
    const RunResult r = test::run_spec("minizinc", Puzzle::compile(in), Mode::count_to(2));
    CHECK(r.result.status == Status::unsat);
    CHECK(r.result.counters.solutions == 0);
    CHECK((r.result.unknown & counter_bit(Counter::solutions)) == 0);
}

TEST_CASE("minizinc respects the time limit", "[minizinc]") {
    // Counting every 7x7 Latin square takes far longer than 0.3 s.
    const RunResult r = test::run_spec("minizinc", test::empty_square(7), Mode::count_all(), {0.3, 0, 0});
    CHECK(r.result.status == Status::timeout);
}
