// critical --free-square's --time-limit bounds its search's oracle questions, not only the
// loop between them: at n = 14 one count to 2 can run for minutes, and a 1 s limit ran on for
// more than a minute before each question took the search's deadline.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

using namespace futolab::test;

TEST_CASE("critical --free-square --time-limit 1 at n = 14 ends well within 20 s", "[cli][critical]") {
    const std::filesystem::path dir = fresh_dir("free-square-time", "n14");
    // Killed at 20 s (exit 137) if the limit does not bind: generous, for a loaded machine; the
    // search stops at 1 s and finds nothing at n = 14 in that time, so nothing is verified.
    const CliResult r = run_cli_env("timeout -s KILL 20 ", "critical --free-square --n 14 --time-limit 1 --out t.jsonl", dir.string());
    INFO(r.err);
    CHECK(r.exit_code != 137);
    CHECK(has(r.err, "no zero-given puzzle found in the budget"));
}
