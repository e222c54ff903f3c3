// Backend `command`: a declaration travels in its spec (the CSV `options`) and in the worker
// plan, and a spec names a declared command or is refused.
#include "core/error.hpp"
#include "solvers/command/declaration.hpp"
#include "solvers/registry/registry.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using namespace futolab::command;

namespace {

Declaration mypy() {
    Declaration d;
    d.name = "mypy";
    d.argv = {"python3", "{cwd}/solver.py", "{instance}", "a \"quoted\", comma"};
    d.format = Format::jsonl;
    d.counters = {{"nodes", "nodes=(\\d+)"}};
    return d;
}

}  // namespace

TEST_CASE("a command spec carries its whole declaration, the label is command:name=NAME", "[command]") {
    const std::vector<Declaration> declared{mypy()};
    const SolverSpec spec = parse_solver_spec("command:name=mypy", declared);
    CHECK(spec.spec() == "command:name=mypy");
    CHECK(spec.canonical_options() ==
          "argv=[\"python3\",\"{cwd}/solver.py\",\"{instance}\",\"a \\\"quoted\\\", comma\"],"
          "counter_nodes=nodes=(\\d+),format=jsonl,name=mypy");
    const std::optional<Declaration> back = declaration_of(spec);
    REQUIRE(back);
    CHECK(back->argv == mypy().argv);
    CHECK(back->format == Format::jsonl);
    CHECK(back->counters == mypy().counters);
    CHECK(make_solver(spec) != nullptr);
    // Other specs go to the registry as ever.
    CHECK(parse_solver_spec("fc:var=static", declared).spec() == "fc:var=static");
    CHECK_FALSE(declaration_of(parse_solver_spec("command")));  // the bare row: its runs say how to declare one
}

TEST_CASE("a command spec that names nothing declared is refused, listing what is", "[command]") {
    const std::vector<Declaration> declared{mypy()};
    CHECK_THROWS_WITH(parse_solver_spec("command:name=other", declared), "no command named 'other' (declared: mypy)");
    CHECK_THROWS_WITH(parse_solver_spec("command:name=x", {}), "no command named 'x' (none: declare one under 'commands:')");
    CHECK_THROWS_WITH(parse_solver_spec("command", declared), "solver 'command' needs name=NAME, a declared command (declared: mypy)");
    CHECK_THROWS_WITH(parse_solver_spec("command:name=mypy,argv=x", declared), "solver 'command' has no option 'argv' (valid: name)");
}

TEST_CASE("declarations survive the worker plan's JSON, and a damaged one is refused", "[command]") {
    const std::vector<Declaration> declared{mypy()};
    const std::vector<Declaration> back = declarations_from_json(declarations_json(declared), "plan");
    REQUIRE(back.size() == 1);
    CHECK(back[0].name == "mypy");
    CHECK(back[0].argv == mypy().argv);
    CHECK_THROWS_AS(declarations_from_json("[{\"name\":\"x\"}]", "plan"), InputError);
    CHECK_THROWS_WITH(declarations_from_json(R"([{"name":"x","argv":"[\"p\",\"{nope}\"]","format":"futo"}])", "plan"),
                      Catch::StartsWith("plan: command x: argv: unknown placeholder '{nope}'"));
}

TEST_CASE("declaration fields: name, argv, format", "[command]") {
    CHECK(name_problem("my-solver_2.1").empty());
    CHECK(name_problem("my solver") == "a command's name must be letters, digits, '_', '.' or '-'");
    CHECK(argv_problem({"python3", "s.py", "{instance}"}).empty());
    CHECK(argv_problem({}) == "argv needs a program as its first element");
    CHECK(argv_problem({"python3", "s.py"}) == "no element of argv names {instance}: the tool would never see the puzzle");
    CHECK(format_problem("tatham").empty());
    CHECK(format_problem("xml").starts_with("unknown format 'xml'"));
}
