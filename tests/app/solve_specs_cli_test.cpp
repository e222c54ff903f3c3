// Round 11 (finding 12): `solve -s fc -s fc:var=mrv` ran every puzzle twice, under two labels
// of one solver, while a config with the same pair is refused. solve refuses it the same way.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

using namespace futolab::test;

TEST_CASE("solve refuses one solver given twice, however it is spelt", "[cli][solve]") {
    const std::string puzzle = "good/conjure-4x4.futo";
    for (const auto& [args, first, second] :
         {std::tuple{"-s fc -s fc:var=mrv", "fc", "fc:var=mrv"}, {"-s fc -s fc", "fc", "fc"},
          {"-s gac -s bitmask -s gac:var=mrv", "gac", "gac:var=mrv"}}) {
        INFO(args);
        const CliResult r = run_cli(std::string("solve ") + args + " " + puzzle + " --format csv");
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());  // refused before any run
        CHECK(has(r.err, "the same solver twice; keep one"));
        CHECK(has(r.err, std::string("'") + first + "' and '" + second + "' resolve to the same options"));
    }
    CHECK(run_cli("solve -s fc -s fc:var=static " + puzzle + " --format csv").exit_code == 0);
}
