// The methods of square tasks (experiments/methods.hpp): the spec of a method names the
// options given, as a backend's does (SPEC §3); `options` (text()) keeps every one.
#include "experiments/methods.hpp"

#include "core/error.hpp"
#include "experiments/config.hpp"
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <tuple>
#include <vector>

using namespace futolab;

TEST_CASE("a method's spec is the method as written", "[methods][spec]") {
    CHECK(parse_method_spec(Task::critical, "critical").spec() == "critical");
    CHECK(parse_method_spec(Task::critical, "critical:verify=sat,objective=k").spec() == "critical:objective=k,verify=sat");
    CHECK(parse_method_spec(Task::critical, "critical:objective=greedy").spec() == "critical:objective=greedy");
    CHECK(parse_method_spec(Task::critical, "critical").text() ==
          "critical:iterations=0,objective=greedy,oracle=gac,order=easy-first,time_ms=0,use=both,verify=gecode");
    CHECK(parse_method_spec(Task::generate, "unique:use=relations").spec() == "unique:use=relations");
    CHECK(parse_method_spec(Task::exact, "exact:objective=k").spec() == "exact:objective=k");
}

// Round 20 left open: `exact-sample:sample=01` was taken and `construct:split=05` refused (split's
// numbers are names of its table, matched as typed). A whole number in a method option is read
// as the command line and configs read one, leading zeros taken (`--split 05`, `seed: 05`), and
// kept without them.
TEST_CASE("a method option reads a whole number with leading zeros as every whole number is read", "[methods][numbers]") {
    const std::vector<std::tuple<Task, std::string, std::string, std::string>> taken{
        {Task::construct, "construct:split=05", "split", "5"},
        {Task::construct, "construct:split=00", "split", "0"},
        {Task::exact_sample, "exact-sample:sample=01", "sample", "1"},
        {Task::greedy, "critical:objective=h+k,iterations=007", "iterations", "7"},
    };
    for (const auto& [task, text, key, value] : taken) {
        INFO(text);
        const SolverSpec method = parse_method_spec(task, text);
        CHECK(method.options.at(key) == value);
        CHECK(method.given.at(key) == value);
    }
    CHECK(construct_method(parse_method_spec(Task::construct, "construct:split=05")).split == 5);
    CHECK(parse_method_spec(Task::construct, "construct:split=05").spec() == "construct:split=5");
    // Not a whole number in digits, or past the table (n - 1 <= 63): refused as before.
    for (const std::string text : {"construct:split=+5", "construct:split=5.0", "construct:split=0x5", "construct:split=064"}) {
        INFO(text);
        CHECK_THROWS_AS(parse_method_spec(Task::construct, text), InputError);
    }
}

TEST_CASE("every method's default text has the bare method name as its spec", "[methods][spec]") {
    for (const Task task : {Task::generate, Task::critical, Task::exact}) {
        const SolverSpec method = parse_method_spec(task, std::string(method_name(task)));
        CHECK(method.spec() == method_name(task));
    }
}

// Red-team round 12, finding 3: `critical:iterations=2` (objective greedy) made one pass and
// `critical:objective=k,use=numbers` wrote relations, while the spec claimed what was typed and
// the command line refuses both. An option another option's value makes inert is refused in a
// method as in a solver spec (solvers/option_applies.hpp), naming the option and the setting.
TEST_CASE("a method option another option makes inert is refused, naming both", "[methods][applies]") {
    const std::vector<std::tuple<Task, std::string, std::string>> refused{
        {Task::greedy, "critical:iterations=2", "option iterations=2 has no effect with objective=greedy"},
        {Task::critical, "critical:time_ms=100", "option time_ms=100 has no effect with objective=greedy"},
        {Task::greedy, "critical:objective=greedy,iterations=0", "option iterations=0 has no effect with objective=greedy"},
        {Task::critical, "critical:objective=k,use=numbers", "option use=numbers has no effect with objective=k (only with"},
        {Task::greedy, "critical:objective=h,use=relations", "option use=relations has no effect with objective=h (only with"},
        {Task::critical, "critical:objective=h,use=both", "option use=both has no effect with objective=h"},
        {Task::generate, "unique:attempts=5", "option attempts=5 has no effect with grade=any and use=both"},
        {Task::generate, "unique:use=numbers,attempts=5", "option attempts=5 has no effect with grade=any and use=numbers"},
    };
    for (const auto& [task, text, message] : refused) {
        INFO(text);
        CHECK_THROWS_WITH(parse_method_spec(task, text), Catch::Contains(message));
    }
}

TEST_CASE("a method option is accepted where it has an effect, or names what another option forces", "[methods][applies]") {
    for (const std::string text : {"critical:objective=h+k,iterations=3,time_ms=5", "critical:objective=2h+3k,use=numbers",
                                   "critical:objective=k,use=relations", "critical:objective=h,use=numbers",
                                   "critical:objective=k,iterations=9", "critical:use=relations,order=plain"}) {
        INFO(text);
        CHECK_NOTHROW(parse_method_spec(Task::critical, text));
    }
    for (const std::string text : {"unique:grade=search,attempts=5", "unique:use=relations,attempts=5"}) {
        INFO(text);
        CHECK_NOTHROW(parse_method_spec(Task::generate, text));
    }
}

// The full form (the CSV `options` column, a resumed config) names every option, the inert
// ones at their defaults: read back, as a solver's is.
TEST_CASE("every method's full form reads back, whatever makes an option inert", "[methods][applies]") {
    for (const std::string objective : {"greedy", "h+k", "2h+3k", "k", "h"}) {
        const SolverSpec method = parse_method_spec(Task::critical, "critical:objective=" + objective);
        CHECK(parse_method_spec(Task::critical, method.text()).text() == method.text());
    }
    const SolverSpec unique = parse_method_spec(Task::generate, "unique:use=numbers");
    CHECK(parse_method_spec(Task::generate, unique.text()).text() == unique.text());
}

// `futolab critical` has a value for every option; it renders those that apply (app/cmd_critical.cpp).
TEST_CASE("method_text drops what another setting makes inert at its default, and keeps any other value",
          "[methods][applies]") {
    const auto greedy = [](std::string objective, std::string use, std::string iterations) {
        return method_text(Task::greedy, {{"objective", objective}, {"use", use}, {"order", "easy-first"},
                                          {"iterations", iterations}, {"time_ms", "0"}, {"verify", "gecode"}});
    };
    CHECK(greedy("greedy", "both", "0") == "critical:objective=greedy,order=easy-first,use=both,verify=gecode");
    CHECK(greedy("k", "both", "0") == "critical:iterations=0,objective=k,order=easy-first,time_ms=0,verify=gecode");
    CHECK(greedy("k", "relations", "7") ==
          "critical:iterations=7,objective=k,order=easy-first,time_ms=0,use=relations,verify=gecode");
    for (const std::string objective : {"greedy", "h+k", "2h+3k", "k", "h"}) {
        INFO(objective);
        CHECK_NOTHROW(parse_method_spec(Task::greedy, greedy(objective, "both", "0")));
    }
    // A value of its own is not dropped: the method refuses it rather than run without it.
    CHECK(greedy("greedy", "both", "2") == "critical:iterations=2,objective=greedy,order=easy-first,use=both,verify=gecode");
    CHECK_THROWS_WITH(parse_method_spec(Task::greedy, greedy("greedy", "both", "2")), Catch::Contains("iterations=2 has no effect"));
    CHECK_THROWS_WITH(parse_method_spec(Task::greedy, greedy("k", "numbers", "0")), Catch::Contains("use=numbers has no effect"));
}

TEST_CASE("a config's method with an inert option is refused at its line, in tasks greedy and critical", "[methods][applies]") {
    for (const std::string task : {"greedy", "critical"}) {
        const std::string source = task == "greedy" ? "critical_squares: { n: 4, count: 1, seed: 3 }" : "file: p4.tatham";
        const std::string text = "name: g\ntask: " + task + "\ninstances:\n  - " + source +
                                 "\nmethods: [ \"critical:objective=k,use=numbers\" ]\noutput: out/g.csv\n";
        INFO(task);
        CHECK_THROWS_WITH(parse_config(text, "g.yaml"), Catch::StartsWith("g.yaml:5:") &&
                                                            Catch::Contains("option use=numbers has no effect with objective=k"));
    }
}

// The generate source's attempts and generate --max-attempts follow method unique's rule: inert
// (refused) unless a grade is targeted or the puzzle uses relations only.
TEST_CASE("generate.attempts and --max-attempts without a grade or use relations are refused", "[methods][generate]") {
    const auto error = [](const std::string& source) {
        try {
            futolab::parse_config("name: t\ninstances:\n  - generate: { kind: unique, n: 4, " + source + " }\nsolvers: [gac]\n", "cfg.yaml");
        } catch (const futolab::InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK_THAT(error("attempts: 5"), Catch::Contains("cfg.yaml:3:") && Catch::Contains("generate.attempts does not apply"));
    CHECK(error("attempts: 5, grade: search") == "");
    CHECK(error("attempts: 5, use: relations") == "");
    const auto r = futolab::test::run_cli("generate unique --n 4 --max-attempts 5");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("--max-attempts does not apply"));
    CHECK(futolab::test::run_cli("generate unique --n 4 --max-attempts 50 --grade fc").exit_code == 0);
}
