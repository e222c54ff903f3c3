// `commands:` declarations that no solver runs (red-team round 28, C F6): `solve --commands FILE
// -s gac` read the declarations and ignored them, and a config's `commands:` entry that no
// solver of the config names was run past without a word. Both are refused, as every option or
// key that would be ignored is.
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::CliResult;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

const std::string kPuzzle = FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.futo";
const std::string kDeclared = "commands:\n  - name: mypy\n    argv: [python3, \"{cwd}/x.py\", \"{instance}\"]\n";

}  // namespace

TEST_CASE("solve refuses --commands without a command solver", "[cli][solve][command]") {
    const fs::path dir = futolab::test::fresh_dir("unused-commands", "solve");
    std::ofstream(dir / "cmds.yaml") << kDeclared;
    for (const std::string solvers : {"-s gac", "", "-s gac -s fc"}) {
        const CliResult r = run_cli("solve " + kPuzzle + " --commands cmds.yaml " + solvers, dir.string());
        INFO(solvers << " -> " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(r.err == "futolab: solve: --commands does not apply without a -s command:name=NAME solver (it only declares "
                       "the commands such a solver runs)\n");
        CHECK(r.out.empty());
    }
    // With one, --commands is read: an undeclared name is named as such, not as this rule.
    const CliResult other = run_cli("solve " + kPuzzle + " --commands cmds.yaml -s gac -s command:name=other", dir.string());
    CHECK(other.exit_code == 2);
    CHECK(other.err == "futolab: no command named 'other' (declared: mypy)\n");
}

TEST_CASE("a config declaring a command that no solver runs is refused at its name", "[cli][run][command]") {
    const fs::path dir = futolab::test::fresh_dir("unused-commands", "config");
    const std::string head = "name: u\nmode: { count: 2 }\ninstances:\n  - file: " + kPuzzle + "\n" + kDeclared +
                             "  - name: other\n    argv: [other-tool, \"{instance}\"]\n";
    std::ofstream(dir / "none.yaml") << head << "solvers: [ gac ]\n";
    std::ofstream(dir / "one.yaml") << head << "solvers: [ gac, \"command:name=mypy\" ]\n";
    const CliResult none = run_cli("run none.yaml -q", dir.string());
    CHECK(none.exit_code == 2);
    CHECK(none.err == "futolab: none.yaml:6:11: command 'mypy' is declared but no solver runs it (add \"command:name=mypy\" "
                      "to solvers, or remove the declaration)\n");
    const CliResult one = run_cli("run one.yaml -q", dir.string());
    CHECK(one.exit_code == 2);
    CHECK(one.err == "futolab: one.yaml:8:11: command 'other' is declared but no solver runs it (add \"command:name=other\" "
                     "to solvers, or remove the declaration)\n");
    CHECK_FALSE(fs::exists(dir / "results"));
}
