// A sidecar missing a key futolab always writes, or whose `futolab` block its rows' build cells
// contradict (red-team round 27, B F9): compare read one without futolab.git_commit and dropped
// the commit from its provenance lines, called a build whose binary_hash was edited "same", and
// merge took a shard without run.state or run.load_own_cores, all without a word. Now compare
// refuses the sidecar naming the key (exit 2), analyze warns that what made the runs is not
// known, merge refuses the shard (records/sidecar.cpp, check_required_keys), and compare shows a
// contradicted build as a difference (analysis/provenance.hpp).
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

// `path` with its first line starting `line` removed, or replaced by `by`.
void edit_line(const fs::path& path, const std::string& line, const std::string& by = "") {
    std::string text = slurp(path.string());
    const std::size_t at = text.find("\n" + line);
    REQUIRE(at != std::string::npos);
    const std::size_t end = text.find('\n', at + 1);
    text.replace(at + 1, end - at, by.empty() ? "" : by + "\n");
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// A finished sweep (out/s.csv) and a copy of it with its sidecar as b/s.csv.
fs::path sweep_and_copy(const std::string& name) {
    const fs::path dir = futolab::test::small_sweep("sidecar-keys", name);
    fs::create_directory(dir / "b");
    for (const char* file : {"s.csv", "s.csv.meta.yaml"}) fs::copy_file(dir / "out" / file, dir / "b" / file);
    return dir;
}

}  // namespace

TEST_CASE("compare refuses and analyze warns about a sidecar without a key futolab always writes", "[provenance][cli][long]") {
    const fs::path dir = sweep_and_copy("missing");
    const std::string whole = slurp((dir / "b/s.csv.meta.yaml").string());
    const struct {
        const char* line;
        const char* key;
    } cases[] = {
        {"  git_commit: ", "futolab.git_commit"}, {"  binary_hash: ", "futolab.binary_hash"},
        {"  state: ", "run.state"},               {"  isolation: ", "run.isolation"},
        {"  jobs: ", "run.jobs"},                 {"  host: ", "machine.host"},
        {"  load_own_cores: ", "run.load_own_cores"}, {"  version: ", "futolab.version"},
    };
    for (const auto& c : cases) {
        INFO(c.key);
        std::ofstream(dir / "b/s.csv.meta.yaml", std::ios::binary | std::ios::trunc) << whole;
        edit_line(dir / "b/s.csv.meta.yaml", c.line);
        const std::string named = std::string("b/s.csv.meta.yaml:");
        auto r = run_cli("compare out/s.csv b/s.csv", dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, std::string("key '") + c.key + "' is missing"));
        CHECK(has(r.err, "futolab: " + named));
        CHECK(r.out.empty());
        r = run_cli("compare b/s.csv out/s.csv", dir.string());  // as BASE too
        CHECK(r.exit_code == 2);
        r = run_cli("analyze b/s.csv", dir.string());
        CHECK(r.exit_code == 0);
        CHECK(has(r.err, "futolab: warning: " + named));
        CHECK(has(r.err, std::string("key '") + c.key + "' is missing"));
        CHECK(has(r.err, "what made these runs is not known"));
    }
}

TEST_CASE("merge refuses a shard sidecar without run.state or run.load_own_cores", "[merge][cli]") {
    const fs::path dir = futolab::test::fresh_dir("sidecar-keys", "merge");
    std::ofstream(dir / "s.yaml") << "name: s\nmode: { count: 2 }\nlimits: { nodes: 100000 }\ninstances:\n  - file: "
                                  << FUTOLAB_SOURCE_DIR << "/corpora/tatham-dev/n04.tatham\n"
                                  << "solvers: [ \"fc\" ]\noutput: out/s.csv\n";
    for (const char* shard : {"0/2", "1/2"}) REQUIRE(run_cli(std::string("run s.yaml -q --shard ") + shard, dir.string()).exit_code == 0);
    const fs::path sidecar = dir / "out/s.shard-1-of-2.csv.meta.yaml";
    const std::string whole = slurp(sidecar.string());
    const std::string merge = "merge out/s.shard-0-of-2.csv out/s.shard-1-of-2.csv --out m/m.csv";
    REQUIRE(run_cli(merge, dir.string()).exit_code == 0);
    fs::remove_all(dir / "m");
    for (const char* key : {"state", "load_own_cores", "jobs", "memory_limit"}) {
        INFO(key);
        std::ofstream(sidecar, std::ios::binary | std::ios::trunc) << whole;
        edit_line(sidecar, std::string("  ") + key + ": ");
        const auto r = run_cli(merge, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "out/s.shard-1-of-2.csv.meta.yaml:"));
        CHECK(has(r.err, std::string("key 'run.") + key + "' is missing"));
        CHECK_FALSE(fs::exists(dir / "m/m.csv"));
    }
}

TEST_CASE("compare shows a build its sidecar's futolab block contradicts as a difference", "[provenance][cli]") {
    const fs::path dir = sweep_and_copy("contradicted");
    auto r = run_cli("compare out/s.csv b/s.csv", dir.string());  // the control: one build
    REQUIRE(r.exit_code == 0);
    CHECK(has(r.out, ", build\n"));
    const std::string whole = slurp((dir / "b/s.csv.meta.yaml").string());
    const std::string hash = "  binary_hash: 1111111111111111", commit = "  git_commit: 0000000000000000000000000000000000000000";
    for (const std::string& edit : {hash, commit}) {
        INFO(edit);
        std::ofstream(dir / "b/s.csv.meta.yaml", std::ios::binary | std::ios::trunc) << whole;
        edit_line(dir / "b/s.csv.meta.yaml", edit.substr(0, edit.find(':') + 2), edit);  // the futolab block's
        for (const char* order : {"out/s.csv b/s.csv", "b/s.csv out/s.csv"}) {
            r = run_cli(std::string("compare ") + order, dir.string());
            CHECK(r.exit_code == 0);
            CHECK(has(r.out, "build: "));
            CHECK(has(r.out, "(contradicted by its sidecar's futolab block: git_commit "));
            CHECK_FALSE(has(r.out, ", build\n"));
        }
    }
    // Both sides contradicted alike: still no "same … build".
    fs::copy_file(dir / "b/s.csv.meta.yaml", dir / "out/s.csv.meta.yaml", fs::copy_options::overwrite_existing);
    r = run_cli("compare out/s.csv b/s.csv", dir.string());
    CHECK(has(r.out, "(contradicted by its sidecar's futolab block"));
    CHECK_FALSE(has(r.out, ", build\n"));
}

// Red-team round 28, C F7: a key futolab never writes (at the top, in futolab:, machine:, run:)
// was taken by every reader without a word, and merge dropped it from the merged sidecar.
// Refused as a missing key is: merge, compare and resume exit 2, analyze and report warn.
TEST_CASE("a sidecar key futolab never writes is refused by merge compare and resume and warned of by analyze and report",
          "[provenance][cli][long]") {
    const fs::path dir = sweep_and_copy("unknown");
    const std::string whole = slurp((dir / "b/s.csv.meta.yaml").string());
    const struct {
        const char* after;
        const char* line;
        const char* key;
    } cases[] = {
        {"config_hash: ", "note: edited by hand", "note"},
        {"  binary_hash: ", "  patched_by: someone", "futolab.patched_by"},
        {"  host: ", "  gpu: none", "machine.gpu"},
        {"  state: ", "  operator: me", "run.operator"},
    };
    for (const auto& c : cases) {
        INFO(c.key);
        std::string text = whole;
        const std::size_t at = text.find("\n" + std::string(c.after));
        REQUIRE(at != std::string::npos);
        text.insert(text.find('\n', at + 1) + 1, std::string(c.line) + "\n");
        std::ofstream(dir / "b/s.csv.meta.yaml", std::ios::binary | std::ios::trunc) << text;
        const std::string said = std::string("key '") + c.key + "' is not a key futolab writes";
        auto r = run_cli("compare out/s.csv b/s.csv", dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "futolab: b/s.csv.meta.yaml:"));
        CHECK(has(r.err, said));
        r = run_cli("merge b/s.csv --out m/m.csv", dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, said));
        CHECK_FALSE(fs::exists(dir / "m/m.csv"));
        r = run_cli("run s.yaml -q --resume --out b", dir.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, said));
        r = run_cli("analyze b/s.csv", dir.string());
        CHECK(r.exit_code == 0);
        CHECK(has(r.err, "futolab: warning: b/s.csv.meta.yaml:"));
        CHECK(has(r.err, said));
        r = run_cli("report b/s.csv --out b/r.html", dir.string());
        CHECK(r.exit_code == 0);
        CHECK(has(r.err, said));
    }
}
