// Backend `command`: the answer grammar (answer.hpp), the argv templates (argv_template.hpp) and
// the counter rules (counter_rules.hpp), as pure functions on text.
#include "solvers/command/answer.hpp"
#include "solvers/command/argv_template.hpp"
#include "solvers/command/counter_rules.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using namespace futolab::command;

TEST_CASE("command answer: SOLUTION, UNSAT and COUNT lines, other lines ignored", "[command]") {
    const Answer a = parse_answer("c log line\nSOLUTION 1 2/2 1\r\nnodes=7\nSOLUTION 2 1/1 2  \n");
    REQUIRE(a.error.empty());
    CHECK(a.solutions == std::vector<std::string>{"1 2/2 1", "2 1/1 2"});
    CHECK_FALSE(a.unsat);
    CHECK_FALSE(a.count);
    const Answer u = parse_answer("UNSAT\n");
    CHECK((u.error.empty() && u.unsat && u.solutions.empty()));
    const Answer c = parse_answer("SOLUTION 1 2/2 1\nCOUNT 2\n");
    CHECK((c.error.empty() && c.count == 2u));
    CHECK(parse_answer("UNSAT\nCOUNT 0").error.empty());
}

TEST_CASE("a command answer that is not one names the line and the rule", "[command]") {
    const std::vector<std::pair<std::string, std::string>> cases{
        {"", "no answer: no SOLUTION, UNSAT or COUNT line"},
        {"solution 1 2/2 1\n", "no answer: no SOLUTION, UNSAT or COUNT line"},  // keywords are upper case
        {"SOLUTION\n", "line 1 of the answer: SOLUTION needs a grid after one space"},
        {"UNSAT now\n", "line 1 of the answer: 'UNSAT now': UNSAT stands alone on its line"},
        {"UNSAT\nUNSAT\n", "line 2 of the answer: UNSAT a second time"},
        {"COUNT 1\nCOUNT 1\n", "line 2 of the answer: COUNT a second time"},
        {"COUNT x\n", "line 1 of the answer: COUNT: 'x' is not a whole number (accepted: 0 to 9223372036854775807)"},
        {"COUNT 9223372036854775808\n",
         "line 1 of the answer: COUNT: 9223372036854775808 is too large (accepted: 0 to 9223372036854775807)"},
        {"SOLUTION 1 2/2 1\nUNSAT\n", "UNSAT, but a SOLUTION was printed"},
        {"UNSAT\nCOUNT 3\n", "UNSAT, but COUNT 3"},
        {"SOLUTION 1 2/2 1\nSOLUTION 2 1/1 2\nCOUNT 1\n", "COUNT 1, but 2 SOLUTION lines"},
    };
    for (const auto& [text, message] : cases) {
        INFO(text);
        const Answer a = parse_answer(text);
        CHECK(a.error == message);
        CHECK(a.solutions.empty());
    }
}

TEST_CASE("argv templates: placeholders expand inside one element, braces escape", "[command]") {
    const TemplateValues v{"/tmp/a b;$(rm -rf x)/instance.futo", "2", "7", "/home/me"};
    CHECK(expand("{instance}", v) == v.instance);  // one element, whatever the path holds
    CHECK(expand("--file={instance}", v) == "--file=" + v.instance);
    CHECK(expand("{cwd}/solver.py", v) == "/home/me/solver.py");
    CHECK(expand("-n{count},s={seed}", v) == "-n2,s=7");
    CHECK(expand("{{x}}", v) == "{x}");
    CHECK(names_instance("--in={instance}"));
    CHECK_FALSE(names_instance("{{instance}}"));
    CHECK(template_problem("{instance}").empty());
    CHECK(template_problem("{input}") ==
          "unknown placeholder '{input}' (valid: {instance}, {count}, {seed}, {cwd}; '{{' and '}}' for braces)");
    CHECK(template_problem("a{instance") == "'{' at position 2 is never closed (write '{{' for a brace)");
    CHECK(template_problem("a}") == "'}' at position 2 closes no placeholder (write '}}' for a brace)");
}

TEST_CASE("counter rules: the last matching line, stdout first, exact numbers", "[command]") {
    const std::vector<CounterRule> rules = compile_rules({{"nodes", "nodes=(\\d+)"}, {"fails", "fails: (\\d+)"}});
    Counters c;
    CounterMask unknown = 0;
    CHECK_FALSE(read_counters(rules, "nodes=3\nnodes=12\n", "fails: 4\n", c, unknown));
    CHECK(c.nodes == 12);
    CHECK(c.fails == 4);
    CHECK(unknown == counter_bits({Counter::checks, Counter::propagations, Counter::max_depth}));
    // A rule that matches nothing leaves its counter unknown (empty), never 0.
    Counters none;
    CounterMask none_unknown = 0;
    CHECK_FALSE(read_counters(rules, "SOLUTION 1\n", "", none, none_unknown));
    CHECK((none_unknown & counter_bit(Counter::nodes)) != 0);
    CHECK((none_unknown & counter_bit(Counter::solutions)) == 0);
    Counters big;
    CHECK(read_counters(rules, "nodes=9223372036854775808\n", "", big, unknown) ==
          "counter nodes: 9223372036854775808 is too large (accepted: 0 to 9223372036854775807)");
    CHECK(read_counters(compile_rules({{"nodes", "nodes=(\\S+)"}}), "nodes=12k\n", "", big, unknown) ==
          "counter nodes: '12k' is not a whole number (accepted: 0 to 9223372036854775807)");
    CHECK(counter_rule_problem("nodes", "n=(\\d+)").empty());
    CHECK(counter_rule_problem("solutions", "(\\d+)") ==
          "'solutions' is futolab's own count of the verified solutions, not read from output");
    CHECK(counter_rule_problem("node", "(\\d+)") ==
          "unknown counter 'node' (valid: nodes, fails, checks, propagations, max_depth)");
    CHECK(counter_rule_problem("nodes", "nodes=\\d+") ==
          "the regex of nodes has 0 capture groups: it needs exactly one, around the number");
    CHECK(counter_rule_problem("nodes", "(a)(\\d+)").find("2 capture groups") != std::string::npos);
    CHECK(counter_rule_problem("nodes", "(\\d+").starts_with("the regex of nodes does not compile: "));
}
