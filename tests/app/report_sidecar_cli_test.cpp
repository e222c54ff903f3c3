// Red-team round 25, A F4: `report` with a sidecar that is a FIFO, a device or a folder first
// warned that it went on without it ("what made these runs is not known"), then refused the
// same file, exit 2: two lines, two answers. The page shows the sidecar's text, so a sidecar
// that cannot be read is refused before any work, in one line naming it and what it is, and
// nothing before it; a missing one (or a link to nothing) is no sidecar and a malformed one
// is text the page shows with a warning, as before (docs/analysis.md).
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using futolab::test::fresh_dir;
using futolab::test::has;
using futolab::test::run_cli_env;
namespace fs = std::filesystem;

namespace {

const std::string kFixtures = FUTOLAB_SOURCE_DIR "/tests/data/analysis/compare/";

// `report` of the inputs in `dir`, bounded in time: a FIFO opened for reading would block.
futolab::test::CliResult report(const fs::path& dir, const std::string& inputs) {
    return run_cli_env("timeout 120 ", "report " + inputs + " --out r.html", dir.string());
}

std::size_t lines(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

}  // namespace

TEST_CASE("report refuses a sidecar that is no regular file in one line before any work", "[cli][report][sidecar]") {
    struct Case {
        const char* what;
        std::function<void(const fs::path&)> make;  // makes the sidecar at this path
        const char* says;
    };
    const std::vector<Case> cases = {
        {"a FIFO", [](const fs::path& p) { REQUIRE(::mkfifo(p.c_str(), 0600) == 0); }, "is a FIFO (named pipe), not a regular file"},
        {"a link to /dev/zero", [](const fs::path& p) { fs::create_symlink("/dev/zero", p); }, "is a device, not a regular file"},
        {"a folder", [](const fs::path& p) { fs::create_directories(p / "inner"); }, "is a folder, not a regular file"},
        {"a link to a folder", [](const fs::path& p) { fs::create_directory_symlink(p.parent_path() / "elsewhere", p); },
         "is a folder, not a regular file"},
    };
    for (const Case& c : cases) {
        for (const bool compare : {false, true}) {  // the second input's sidecar with --compare
            INFO(c.what << (compare ? " (--compare, second input)" : ""));
            const fs::path dir = fresh_dir("report-sidecar", "refused");
            fs::create_directories(dir / "elsewhere");
            fs::copy_file(kFixtures + "base.csv", dir / "b.csv");
            fs::copy_file(kFixtures + "base.csv.meta.yaml", dir / "b.csv.meta.yaml");
            fs::copy_file(kFixtures + "new.csv", dir / "n.csv");
            c.make(dir / "n.csv.meta.yaml");
            const auto r = report(dir, compare ? "b.csv n.csv --compare" : "n.csv");
            INFO(r.err);
            CHECK(r.exit_code == 2);
            CHECK(lines(r.err) == 1);
            CHECK(r.err.starts_with("futolab: n.csv.meta.yaml: cannot read: "));
            CHECK(has(r.err, c.says));
            CHECK(has(r.err, "the sidecar of n.csv"));
            CHECK_FALSE(has(r.err, "warning"));
            CHECK_FALSE(fs::exists(dir / "r.html"));
        }
    }
}

TEST_CASE("report goes on without a missing sidecar and warns about a malformed one", "[cli][report][sidecar]") {
    const fs::path dir = fresh_dir("report-sidecar", "kept");
    fs::copy_file(kFixtures + "new.csv", dir / "n.csv");
    SECTION("missing") {
        const auto r = report(dir, "n.csv");
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK_FALSE(has(r.err, "meta.yaml"));
    }
    SECTION("a link to nothing: no sidecar") {
        fs::create_symlink(dir / "gone.yaml", dir / "n.csv.meta.yaml");
        const auto r = report(dir, "n.csv");
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK_FALSE(has(r.err, "meta.yaml"));
    }
    SECTION("malformed: its text on the page, and one warning") {
        std::ofstream(dir / "n.csv.meta.yaml") << "experiment: [\n";
        const auto r = report(dir, "n.csv");
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(has(r.err, "warning: n.csv.meta.yaml"));
        CHECK(has(r.err, "what made these runs is not known"));
    }
    CHECK(fs::exists(dir / "r.html"));
}
