// A sidecar that does not read back whole with the keys futolab writes there is one that cannot
// be read (analysis/provenance.hpp, whole_sidecar): analyze and report warn that what made the
// runs is not known, naming the file, line, column and the missing key; report shows its text as
// text, not as the runs' provenance; compare refuses it, as it refuses a sidecar that is not
// YAML. A sidecar `foo: 1`, one holding only `experiment: s`, and one torn mid-file were taken
// by all three without a word, compare leaving out its "commit, config and machine unknown"
// note and report showing the fragment as whole (red-team round 23, C F2).
#include "tests/app/cli_runner.hpp"
#include "tests/app/small_sweep.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;

namespace {

// A finished sweep's folder (tests/app/small_sweep.hpp): out/s.csv, with a copy of the CSV as b/s.csv.
fs::path finished_sweep(const std::string& name) {
    const fs::path dir = futolab::test::small_sweep("whole-sidecar", name);
    fs::create_directory(dir / "b");
    fs::copy_file(dir / "out/s.csv", dir / "b/s.csv");
    return dir;
}

}  // namespace

TEST_CASE("analyze, report and compare take a sidecar without its keys as one that cannot be read", "[provenance][cli]") {
    const fs::path dir = finished_sweep("fragments");
    const std::string whole = slurp((dir / "out/s.csv.meta.yaml").string());
    const struct {
        const char* name;
        std::string text;
        const char* named;  // where the message says the sidecar falls short
    } cases[] = {
        {"no futolab sidecar", "foo: 1\n", "b/s.csv.meta.yaml:1:1: key 'config_hash' is missing"},
        {"its experiment alone", "experiment: s\n", "b/s.csv.meta.yaml:1:1: key 'config_hash' is missing"},
        {"torn mid-file", whole.substr(0, whole.find("machine:")), "b/s.csv.meta.yaml:1:1: key 'run.shard_count' is missing"},
    };
    for (const auto& c : cases) {
        INFO(c.name);
        std::ofstream(dir / "b/s.csv.meta.yaml", std::ios::binary | std::ios::trunc) << c.text;
        auto r = run_cli("analyze b/s.csv", dir.string());
        CHECK(r.exit_code == 0);
        CHECK(has(r.err, std::string("futolab: warning: ") + c.named));
        CHECK(has(r.err, ": what made these runs is not known\n"));
        r = run_cli("report b/s.csv --out r.html --force", dir.string());
        CHECK(r.exit_code == 0);
        CHECK(has(r.err, std::string("futolab: warning: ") + c.named));
        const std::string page = slurp((dir / "r.html").string());
        std::string escaped = c.named;  // as the page writes it
        for (std::size_t at = escaped.find('\''); at != std::string::npos; at = escaped.find('\'', at))
            escaped.replace(at, 1, "&#39;");
        CHECK(has(page, "<p class=\"note\">" + escaped + "; its text:"));  // its text shown as text
        CHECK_FALSE(has(page, "<table class=\"meta\">"));
        r = run_cli("compare out/s.csv b/s.csv", dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, std::string("futolab: ") + c.named));
        CHECK(r.out.empty());
    }
}

TEST_CASE("analyze, report and compare take a whole sidecar without a word about it", "[provenance][cli]") {
    const fs::path dir = finished_sweep("whole");
    fs::copy_file(dir / "out/s.csv.meta.yaml", dir / "b/s.csv.meta.yaml");
    auto r = run_cli("analyze b/s.csv", dir.string());
    CHECK(r.exit_code == 0);
    CHECK_FALSE(has(r.err, "sidecar"));
    CHECK_FALSE(has(r.err, "meta.yaml"));
    r = run_cli("report b/s.csv --out r.html", dir.string());
    CHECK(r.exit_code == 0);
    CHECK(has(slurp((dir / "r.html").string()), "<table class=\"meta\">"));
    r = run_cli("compare out/s.csv b/s.csv", dir.string());
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "same: commit, version, config_hash"));
}
