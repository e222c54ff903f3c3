// "needs a value" quotes the option's help as it is written but for a sentence's first letter
// (red-team round 28, C F12): its first letter was always lowered, so acronyms and placeholders
// read "nAME[:key=value,...]", "yAML file" and "cPU-time limit".
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <string>

using futolab::test::CliResult;
using futolab::test::run_cli;

namespace {

void check_line(const CliResult& r, const std::string& line) {
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err.substr(0, r.err.find('\n') + 1) == "futolab: " + line + "\n");
}

}  // namespace

TEST_CASE("needs a value keeps an acronym's capitals and lowers a sentence's first letter", "[cli][parse-errors]") {
    const std::string puzzle = "good/conjure-4x4.futo";
    // Acronyms and placeholders as written.
    check_line(run_cli("solve " + puzzle + " --solver"),
               "solve: --solver needs a value (TEXT): NAME[:key=value,...], repeatable (default portfolio:schedule=sequence: "
               "gac, then sat for a hard first solution; see futolab list)");
    check_line(run_cli("solve " + puzzle + " --commands"),
               "solve: --commands needs a value (TEXT): YAML file (e.g. an experiment config) whose 'commands:' declare the "
               "solvers -s command:name=NAME runs (docs/solvers.md)");
    check_line(run_cli("solve " + puzzle + " --cpu-limit"),
               "solve: --cpu-limit needs a value (SEC): CPU-time limit per run (the search's thread and every process it "
               "starts): seconds, or 500ms, 2m (0 = none); a run stopped by it is timeout, its message says which limit fired");
    // A sentence's first word lowered, the article "A" too.
    check_line(run_cli("solve " + puzzle + " --count"),
               "solve: --count needs a value (TEXT): count solutions up to K (2 = uniqueness test), or 'all'");
    check_line(run_cli("check " + puzzle + " --solution"),
               "check: --solution needs a value (TEXT): a candidate solution to verify, e.g. \"2 1 4 3/4 2 3 1/...\"");
}
