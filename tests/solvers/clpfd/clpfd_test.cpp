// Backend `clpfd`: the parser of models/futoshiki.pl's answer, and agreement with gac
// (tests/solvers/external/agreement.hpp).
#include "solvers/clpfd/answer.hpp"
#include "../external/agreement.hpp"

using namespace futolab;
using namespace futolab::clpfd;

TEST_CASE("clpfd answer: solutions, count and inferences", "[clpfd]") {
    const Answer a = parse_answer("solution 1 2/2 1\nsolution 2 1/1 2\nsolutions 2\ninferences 1234\n");
    REQUIRE(a.error.empty());
    CHECK(a.solutions == std::vector<std::string>{"1 2/2 1", "2 1/1 2"});
    CHECK(a.inferences == 1234);
    CHECK(parse_answer("solutions 0\ninferences 0").error.empty());
}

TEST_CASE("a clpfd answer that is not valid names the line", "[clpfd]") {
    const std::vector<std::pair<std::string, std::string>> cases{
        {"", "line 1 of the clpfd answer: no 'solutions' line"},
        {"solution 1 2/2 1\n", "line 2 of the clpfd answer: no 'solutions' line"},
        {"solutions 1\ninferences 3\n", "line 1 of the clpfd answer: says 1 solutions but printed 0"},
        {"solutions 0\n", "line 2 of the clpfd answer: no 'inferences' line"},
        {"solutions 0\ninferences 3\nextra\n", "line 3 of the clpfd answer: unexpected 'extra'"},
        {"solutions x\n", "line 1 of the clpfd answer: unexpected 'solutions x'"},
        {"solutions 99999999999999999999999\n", "line 1 of the clpfd answer: unexpected 'solutions 99999999999999999999999'"},
        {"solutions  0\ninferences 3\n", "line 1 of the clpfd answer: unexpected 'solutions  0'"},
    };
    for (const auto& [text, message] : cases) {
        INFO(text);
        const Answer a = parse_answer(text);
        CHECK(a.error == message);
        CHECK(a.solutions.empty());
    }
}

TEST_CASE("clpfd agrees with gac on random instances (n <= 5)", "[clpfd][conformance]") {
    test::agrees_on_random("clpfd", 10);
    test::agrees_on_random("clpfd:labeling=ff", 4);
}

TEST_CASE("clpfd proves Tatham puzzles unique (n = 4..7, 2 each)", "[clpfd][conformance]") {
    test::unique_on_tatham("clpfd:labeling=ff", 7, 2);
}

TEST_CASE("clpfd counts L(3) = 12 and L(4) = 576, inferences are its checks, deterministic", "[clpfd][conformance]") {
    const RunResult l3 = test::run_spec("clpfd", test::empty_square(3), Mode::count_all());
    CHECK(l3.result.status == Status::counted);
    CHECK(l3.result.counters.solutions == 12);
    CHECK(l3.result.counters.checks > 0);
    CHECK(l3.result.unknown == counter_bits({Counter::nodes, Counter::fails, Counter::propagations, Counter::max_depth}));
    CHECK(test::run_spec("clpfd", test::empty_square(3), Mode::count_all()).result.counters.checks == l3.result.counters.checks);
    CHECK(test::run_spec("clpfd", test::empty_square(4), Mode::count_all()).result.counters.solutions == 576);
}

TEST_CASE("clpfd: unsat at posting and the time limit", "[clpfd]") {
    Instance in;
    in.n = 3;
    in.givens = {{0, 0, 1}, {0, 1, 1}};
    CHECK(test::run_spec("clpfd", Puzzle::compile(in), Mode::count_to(2)).result.status == Status::unsat);
    CHECK(test::run_spec("clpfd", test::empty_square(7), Mode::count_all(), {0.3, 0, 0}).result.status == Status::timeout);
}
