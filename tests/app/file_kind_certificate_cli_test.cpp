// A futolab certificate, the futolab-bench manifest and a puzzle JSONL file are told by their
// first bytes (core/file_kind.hpp) where another of them belongs (red-team round 27, C F9): a
// certificate given as puzzles was read as a puzzle with no clues, its keys kept as unknown ones
// (an empty shard's one-line certificate was "valid, n=3" and solved); a certificate or puzzle
// file given as the manifest, or the manifest as puzzles, got JSON's syntax error. Each is now
// named for what it is, exit 2, one line, before any parser reads it; each reader still reads
// its own kind.
#include "tests/app/certificate_cli.hpp"
#include "tests/app/small_sweep.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using futolab::test::has;
using futolab::test::made;
using futolab::test::run_cli;
using futolab::test::run_cli_env;
namespace fs = std::filesystem;

namespace {

const std::string kManifest = FUTOLAB_SOURCE_DIR "/bench/v1/manifest.json";

void refused(const fs::path& dir, const std::string& args, const std::string& says) {
    const auto r = run_cli(args, dir.string());
    INFO(args << " -> " << r.out << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: " + says + "\n");
    CHECK(r.out.empty());
}

// Certificates of each writer, under their own names and under a puzzle file's.
std::vector<std::string> certificates_in(const fs::path& dir) {
    made(dir, "critical --exact --n 3 --objective h+k", "e3.cert", "e3.jsonl");
    made(dir, "critical --exact --n 3 --objective h+k --shard 7/10", "empty.cert");  // one line: no class
    made(dir, "critical --construct --n 4", "c4.cert");
    made(dir, "critical --exact --square '1 2 3/2 3 1/3 1 2' --objective k", "sq3.cert");
    std::vector<std::string> all{"e3.cert", "empty.cert", "c4.cert", "sq3.cert"};
    for (const std::string name : {"e3.cert", "empty.cert"}) {
        fs::copy_file(dir / name, dir / (name + ".jsonl"));
        all.push_back(name + ".jsonl");
    }
    return all;
}

}  // namespace

TEST_CASE("a certificate given where puzzles belong is named so before it is read", "[cli][file_kind][certificate][long]") {
    const fs::path dir = futolab::test::fresh_dir("file-kind-certificate", "puzzles");
    const std::string puzzle = FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.futo";
    for (const std::string& cert : certificates_in(dir)) {
        const std::string said = cert + ": a futolab certificate, not a puzzle file";
        for (const std::string command : {"check ", "solve ", "solve --count 2 ", "grade ", "critical --input "})
            refused(dir, command + cert, said);
        refused(dir, "solve " + puzzle + " " + cert, said);  // the second input too, before the first is solved
        refused(dir, "convert " + cert + " --to jsonl", said);
        refused(dir, "convert " + cert + " --to futo --out c.futo", said);
        refused(dir, "check - < " + cert, "-: a futolab certificate, not a puzzle file");
        const auto piped = run_cli_env("cat " + cert + " | ", "solve -", dir.string());
        CHECK(piped.err == "futolab: -: a futolab certificate, not a puzzle file\n");
    }
    CHECK_FALSE(fs::exists(dir / "c.futo"));
    // The certificates are still certificates, and the search's puzzles still puzzles.
    CHECK(run_cli("critical --check-certificate e3.cert", dir.string()).exit_code == 0);
    CHECK(run_cli("check e3.jsonl", dir.string()).exit_code == 0);
}

TEST_CASE("a config's instances file that is a certificate or the manifest is named so", "[cli][file_kind][run]") {
    const fs::path dir = futolab::test::fresh_dir("file-kind-certificate", "run");
    made(dir, "critical --exact --n 3 --objective h+k --shard 7/10", "p.cert");
    fs::copy_file(dir / "p.cert", dir / "p.jsonl");
    fs::copy_file(kManifest, dir / "m.jsonl");
    for (const auto& [file, kind] : std::vector<std::pair<std::string, std::string>>{
             {"p.jsonl", "a futolab certificate"}, {"m.jsonl", "a futolab-bench manifest"}}) {
        std::ofstream(dir / "r.yaml") << "name: r\ninstances:\n  - file: " << file << "\nsolvers: [ gac ]\noutput: r/r.csv\n";
        const auto r = run_cli("run r.yaml -q", dir.string());
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, file + ": " + kind + ", not a puzzle file"));
        CHECK_FALSE(has(r.err, "malformed JSON"));
        CHECK_FALSE(fs::exists(dir / "r/r.csv"));
    }
}

TEST_CASE("the bench manifest given as puzzles or as a certificate is named so", "[cli][file_kind][expect]") {
    const fs::path dir = futolab::test::fresh_dir("file-kind-certificate", "manifest-as-puzzles");
    fs::copy_file(kManifest, dir / "ok.json");
    fs::copy_file(kManifest, dir / "m.jsonl");
    for (const std::string file : {"ok.json", "m.jsonl"}) {
        const std::string said = file + ": a futolab-bench manifest, not a puzzle file";
        for (const std::string command : {"check ", "solve ", "grade ", "critical --input "}) refused(dir, command + file, said);
        refused(dir, "convert " + file + " --to futo", said);
        refused(dir, "critical --check-certificate " + file, file + ": a futolab-bench manifest, not a futolab certificate");
    }
}

TEST_CASE("a certificate or puzzle file given as the bench manifest is named so", "[cli][file_kind][expect][long]") {
    const fs::path dir = futolab::test::small_sweep("file-kind-certificate", "as-manifest");
    std::vector<std::string> certs = certificates_in(dir);
    for (const std::string& cert : certs)
        refused(dir, "check --expect " + cert + " out/s.csv", cert + ": a futolab certificate, not a futolab-bench manifest");
    // Puzzle files in JSON Lines: the search's, a corpus's, one written by hand with spaces.
    std::ofstream(dir / "hand.jsonl") << "\n{ \"n\" : 4, \"givens\": [] }\n";  // a blank line first
    fs::copy_file(FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.futo", dir / "c.futo");
    REQUIRE(run_cli("convert c.futo --to jsonl --out conv.jsonl", dir.string()).exit_code == 0);
    for (const std::string file : {"e3.jsonl", "hand.jsonl", "conv.jsonl"}) {
        refused(dir, "check --expect " + file + " out/s.csv", file + ": a puzzle file (JSON Lines), not a futolab-bench manifest");
        refused(dir, "critical --check-certificate " + file, file + ": a puzzle file (JSON Lines), not a futolab certificate");
        CHECK(run_cli("check " + file, dir.string()).exit_code == 0);  // and still puzzles
    }
    const auto r = run_cli("check --expect " + kManifest + " out/s.csv", dir.string());  // the manifest itself is read
    INFO(r.err);
    CHECK_FALSE(has(r.err, "not a futolab-bench manifest"));
    CHECK_FALSE(has(r.err, "malformed JSON"));
}
