// generate and critical write JSON Lines at --out: a name that ends in another format's
// extension is refused before any work, as convert refuses one for --to (red-team round 25, C F4:
// `generate --out g.futo` and `critical --out cr.futo` wrote JSON Lines that `check` then read as
// grid text and refused, "not a cell").
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

// Each name another format's extension ends, with that format, as the refusal names them.
const std::vector<std::pair<std::string, std::string>> kForeign{
    {".futo", "futo"},     {".tatham", "tatham"}, {".TATHAM", "tatham"}, {".param", "essence"},
    {".essence-param", "essence"}, {".dzn", "dzn"}, {".usp", "usp"}};

}  // namespace

TEST_CASE("generate refuses an --out named for another puzzle format (round 25 C F4)", "[cli][generate][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("jsonl-out-name", "generate");
    for (const auto& [ext, format] : kForeign) {
        const std::string out = "g" + ext;
        const auto r = run_cli("generate random --n 4 --out " + out, dir.string());
        INFO(out + ": " + r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "generate: --out " + out + " ends in " + ext + ", the extension of format '" + format +
                             "'; generate writes JSON Lines (.jsonl)"));
        CHECK_FALSE(fs::exists(dir / out));
    }
    // JSON Lines, or a name of no format's (read back by its content): written.
    for (const std::string out : {"g.jsonl", "g.txt", "g", "g.futo.jsonl"}) {
        CHECK(run_cli("generate random --n 4 --out " + out, dir.string()).exit_code == 0);
        CHECK(run_cli("check " + out, dir.string()).exit_code == 0);
    }
}

TEST_CASE("critical refuses an --out named for another puzzle format in every mode (round 25 C F4)",
          "[cli][critical][outputs][long]") {
    const fs::path dir = futolab::test::fresh_dir("jsonl-out-name", "critical");
    const std::vector<std::string> modes{"critical --square '2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4'",
                                         "critical --exact --n 4 --objective h+k", "critical --construct --n 4",
                                         "critical --n 3 --few-relations 2"};
    for (const std::string& mode : modes)
        for (const auto& [ext, format] : kForeign) {
            const std::string out = "cr" + ext;
            const auto r = run_cli(mode + " --out " + out, dir.string());
            INFO(mode + " --out " + out + ": " + r.err);
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, "critical: --out " + out + " ends in " + ext + ", the extension of format '" + format +
                                 "'; critical writes JSON Lines (.jsonl)"));
            CHECK_FALSE(fs::exists(dir / out));
            CHECK_FALSE(fs::exists(dir / (out + ".csv")));
        }
}
