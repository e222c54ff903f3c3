// A results CSV, its sidecar or column schema, or a config given where puzzles, a certificate or
// the bench manifest belong is named as what it is, by its first bytes, whatever its name
// (red-team round 26, C F2): `solve g1.jsonl` of a results CSV named so, `check --expect r.csv
// r.csv`, `critical --check-certificate w.yaml` and the rest answered with the JSON parser's
// "malformed JSON: syntax error while parsing value - invalid literal; last read: 'e'", or with
// "cannot tell the format". The files here are the ones futolab writes (a small sweep's).
#include "tests/app/small_sweep.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::run_cli_env;
namespace fs = std::filesystem;

namespace {

// The sweep's files, each with what it is called, under its own name and under a puzzle's.
struct Kind {
    std::string file, kind;
};

std::vector<Kind> kinds_in(const fs::path& dir) {
    const std::vector<Kind> kinds{{"out/s.csv", "a futolab results CSV"},
                                  {"out/s.csv.meta.yaml", "a metadata sidecar"},
                                  {"out/s.csv.schema.json", "a results CSV's column schema"},
                                  {"s.yaml", "YAML ('name: s': an experiment config?)"}};
    std::vector<Kind> all = kinds;
    for (const Kind& k : kinds)
        for (const std::string ext : {".jsonl", ".futo", ".tatham", ".param"}) {
            const std::string copy = "as" + std::to_string(all.size()) + ext;
            fs::copy_file(dir / k.file, dir / copy);
            all.push_back({copy, k.kind});
        }
    return all;
}

void refused(const fs::path& dir, const std::string& args, const std::string& says) {
    const auto r = run_cli(args, dir.string());
    INFO(args << " -> " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: " + says + "\n");
    CHECK_FALSE(has(r.err, "malformed JSON"));
    CHECK_FALSE(has(r.err, "cannot tell the format"));
}

}  // namespace

TEST_CASE("puzzle readers name a results CSV or sidecar or schema or config given as puzzles", "[cli][file_kind][lifecycle]") {
    const fs::path dir = futolab::test::small_sweep("file-kind", "puzzles");
    const std::string puzzle = FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.futo";
    for (const Kind& k : kinds_in(dir)) {
        const std::string said = k.file + ": " + k.kind + ", not a puzzle file";
        for (const std::string command : {"solve ", "grade ", "check ", "critical --input "}) refused(dir, command + k.file, said);
        refused(dir, "solve " + puzzle + " " + k.file, said);  // the second input too
        refused(dir, "convert " + k.file + " --to futo", said);
        refused(dir, "solve - < " + k.file, "-: " + k.kind + ", not a puzzle file");
        const auto piped = run_cli_env("cat " + k.file + " | ", "check -", dir.string());
        CHECK(piped.err == "futolab: -: " + k.kind + ", not a puzzle file\n");
    }
}

TEST_CASE("a run's instances file that is a results CSV is named so", "[cli][file_kind][run]") {
    const fs::path dir = futolab::test::small_sweep("file-kind", "run");
    fs::copy_file(dir / "out/s.csv", dir / "p.jsonl");
    std::ofstream(dir / "r.yaml") << "name: r\ninstances:\n  - file: p.jsonl\nsolvers: [ gac ]\noutput: r/r.csv\n";
    const auto r = run_cli("run r.yaml -q", dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "p.jsonl: a futolab results CSV, not a puzzle file"));
    CHECK_FALSE(has(r.err, "malformed JSON"));
    CHECK_FALSE(fs::exists(dir / "r/r.csv"));
}

TEST_CASE("check --expect names a results CSV or sidecar or schema or config given as the manifest", "[cli][file_kind][expect][long]") {
    const fs::path dir = futolab::test::small_sweep("file-kind", "manifest");
    for (const Kind& k : kinds_in(dir)) refused(dir, "check --expect " + k.file + " out/s.csv", k.file + ": " + k.kind + ", not a futolab-bench manifest");
    // The manifest itself is read as before: a manifest.
    const auto r = run_cli("check --expect " FUTOLAB_SOURCE_DIR "/bench/v1/manifest.json out/s.csv", dir.string());
    INFO(r.err);
    CHECK_FALSE(has(r.err, "not a futolab-bench manifest"));
}

TEST_CASE("critical --check-certificate names a results CSV or sidecar or schema or config", "[cli][file_kind][certificate][long]") {
    const fs::path dir = futolab::test::small_sweep("file-kind", "certificate");
    REQUIRE(run_cli("critical --exact --n 3 --objective h+k --certificate c3.cert --out /dev/null", dir.string()).exit_code == 0);
    for (const Kind& k : kinds_in(dir)) {
        const std::string said = k.file + ": " + k.kind + ", not a futolab certificate";
        refused(dir, "critical --check-certificate " + k.file, said);
        refused(dir, "critical --check-certificate c3.cert " + k.file, said);  // among shards, before any is judged
        refused(dir, "critical --check-certificate " + k.file + " c3.cert", said);
    }
    CHECK(run_cli("critical --check-certificate c3.cert", dir.string()).exit_code == 0);
}
