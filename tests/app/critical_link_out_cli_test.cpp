// critical places every file of --out by one rule, the kernel's (red-team round 25, A F6): with
// `--out lnk/../x.jsonl`, lnk a symlink to deep/target, --out and --certificate were written in
// deep/ (where the kernel takes `lnk/..`) but the results CSV, its sidecar and lock in `.` (the
// path read as text), so a search replaced another search's deep/x.jsonl beside its CSV, exit 0.
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string kSearch = "critical --n 4 --count 2 --objective h+k --iterations 50";

// A folder with deep/target and lnk -> deep/target.
fs::path linked_folder(const std::string& name) {
    const fs::path dir = futolab::test::fresh_dir("critical-link-out", name);
    fs::create_directories(dir / "deep" / "target");
    fs::create_directory_symlink("deep/target", dir / "lnk");
    return dir;
}

}  // namespace

TEST_CASE("critical --out LINK/../x.jsonl puts its results CSV sidecar and lock beside --out (round 25 A F6)",
          "[cli][critical][outputs]") {
    const fs::path dir = linked_folder("search");
    const auto r = run_cli(kSearch + " --out lnk/../x.jsonl", dir.string());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(has(r.err, "results deep/x.csv"));
    for (const std::string name : {"x.jsonl", "x.csv", "x.csv.meta.yaml", "x.csv.schema.json", ".x.csv.lock"}) {
        CHECK(fs::exists(dir / "deep" / name));
        CHECK_FALSE(fs::exists(dir / name));
    }
    // Another search there is refused before any work, by the CSV it would share: deep/x.jsonl kept.
    const std::string records = slurp((dir / "deep" / "x.jsonl").string());
    for (const std::string out : {"lnk/../x.jsonl", "deep/x.jsonl", "deep/target/../x.jsonl"}) {
        const auto again = run_cli(kSearch + " --seed 99 --out " + out, dir.string());
        INFO(out + ": " + again.err);
        CHECK(again.exit_code == 2);
        CHECK(has(again.err, "deep/x.csv (the results CSV of --out " + out + ") exists already"));
        CHECK(slurp((dir / "deep" / "x.jsonl").string()) == records);
    }
    // The same search spelled the other way goes on with that CSV.
    const auto resumed = run_cli(kSearch + " --out deep/x.jsonl --resume", dir.string());
    INFO(resumed.err);
    CHECK(resumed.exit_code == 0);
    CHECK(has(resumed.err, "0 searched now, 2 from the CSV"));
}

TEST_CASE("critical --exact --out and --certificate through LINK/.. land in one folder (round 25 A F6)",
          "[cli][critical][outputs]") {
    const fs::path dir = linked_folder("exact");
    const auto r = run_cli("critical --exact --n 4 --objective h+k --out lnk/../e.jsonl --certificate lnk/../e.cert",
                           dir.string());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    for (const std::string name : {"e.jsonl", "e.cert", "e.csv", "e.csv.meta.yaml", ".e.csv.lock"}) {
        CHECK(fs::exists(dir / "deep" / name));
        CHECK_FALSE(fs::exists(dir / name));
    }
    // A folder not there yet in the spelling is still made as spelled, and `..` leaves it.
    REQUIRE(run_cli("critical --exact --n 4 --objective h+k --out nosub/../n.jsonl", dir.string()).exit_code == 0);
    CHECK(fs::exists(dir / "n.jsonl"));
    CHECK(fs::exists(dir / "n.csv"));
}
