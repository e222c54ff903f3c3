// Red-team round 13 (issue #45), A5: an output name that fits, and whose lock file fits, but
// whose temporary sibling (`NAME.tmp-<host>-p<pid>s<start>-<random>`, core/atomic_file.hpp) does not,
// was accepted and failed after the work with "File name too long", exit 1 (a long --exact
// search lost). The check before any work now counts that name too: exit 2, one line, nothing
// made.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

const std::string kPuzzle = FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.jsonl";
const std::string kSquare = "--square '1 2 3 4/2 1 4 3/3 4 1 2/4 3 2 1' --objective k";

}  // namespace

TEST_CASE("an output whose temporary file's name would be too long is refused before any work",
          "[cli][output][long-name]") {
    // 241 and 242 bytes: the name (at most 255) and its lock `.NAME.lock` (+6) fit, NAME.tmp-… (+50) does not.
    const std::string stem(236, 'd');
    const std::vector<std::pair<std::string, std::string>> cases{
        {"critical --exact " + kSquare + " --out o.jsonl --certificate " + stem + ".cert", "--certificate " + stem + ".cert"},
        {"critical --exact --n 3 --objective k --certificate " + stem + ".cert", "--certificate " + stem + ".cert"},
        {"critical --construct --n 5 --certificate " + stem + ".cert", "--certificate " + stem + ".cert"},
        {"report " + kPuzzle + " --out " + stem + ".html", "--out " + stem + ".html"},
        {"convert " + kPuzzle + " --to tatham --out " + stem + ".tatham", "--out " + stem + ".tatham"}};
    for (const auto& [command, named] : cases) {
        const fs::path dir = fresh_dir("app", "temp-name-length");
        INFO(command);
        const auto r = run_cli(command, dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, named + ": name too long for its temporary file beside it"));
        CHECK(fs::is_empty(dir));  // no search's CSV, no lock: refused first
    }
    // 50 bytes shorter, the same commands write it.
    const fs::path dir = fresh_dir("app", "temp-name-length-fits");
    const std::string fits(236 - 50, 'd');
    const auto r = run_cli("critical --exact " + kSquare + " --out o.jsonl --certificate " + fits + ".cert", dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(fs::exists(dir / (fits + ".cert")));
}
