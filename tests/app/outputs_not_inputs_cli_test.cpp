// An output never replaces a file the command reads or its runs read (red-team round 25, A F1):
// `merge … --out FILE` replaced the shards' instances file, config or an A/B sweep's build binary,
// exit 0, where `run` refuses the same file at `output:`; by any name of the file, --force or
// not. And --force replaces an input only with an output of its kind: `report x.csv --out x.csv
// --force` replaced the results with a page and left their sidecar beside it.
#include "tests/app/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::run_cli_env;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string kPuzzles = FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham";
const std::string kSquares = FUTOLAB_SOURCE_DIR "/tests/data/good/conjure-4x4.jsonl";

// Two puzzles of kPuzzles in `dir`/p.tatham.
void two_puzzles(const fs::path& dir) {
    std::ifstream in(kPuzzles);
    std::ofstream out(dir / "p.tatham");
    std::string line;
    for (int i = 0; i < 2 && std::getline(in, line); ++i) out << line << "\n";
}

// Runs `config` (in `dir`) as shards 0/2 and 1/2 into sh/; returns the two shard CSVs.
std::string two_shards(const fs::path& dir, const std::string& config, const std::string& stem) {
    for (const char* shard : {"0/2", "1/2"}) {
        const auto r = run_cli("run -q " + config + " --out sh --shard " + shard, dir.string());
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
    }
    return "sh/" + stem + ".shard-0-of-2.csv sh/" + stem + ".shard-1-of-2.csv";
}

// `merge SHARDS --out OUT [--force]` is refused naming `file` as what the merged runs read, and
// `kept` (the file that would be replaced) is as it was, with nothing written beside --out.
void refused_as_input(const fs::path& dir, const std::string& shards, const std::string& out, const std::string& why,
                      const std::string& kept) {
    const std::string before = slurp((dir / kept).string());
    for (const std::string force : {"", " --force"}) {
        const auto r = run_cli("merge " + shards + " --out " + out + force, dir.string());
        INFO(out + force + ": " + r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "futolab: --out " + out + ": " + why));
        CHECK(has(r.err, "refusing to overwrite it, --force or not (write the merged CSV elsewhere)"));
        CHECK(slurp((dir / kept).string()) == before);
        CHECK_FALSE(fs::exists(dir / (out + ".meta.yaml")));
    }
}

}  // namespace

TEST_CASE("merge refuses an --out that is the instances file or config of its runs by any name (round 25 A F1)",
          "[cli][merge][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("outputs-not-inputs", "merge-instances");
    two_puzzles(dir);
    std::ofstream(dir / "b.yaml") << "name: b\nseed: 1\nmode: { count: 2 }\nisolation: thread\ninstances:\n  - file: p.tatham\n"
                                     "solvers: [ fc ]\n";
    const std::string shards = two_shards(dir, "b.yaml", "b");
    fs::create_symlink("p.tatham", dir / "ln.tatham");
    fs::create_hard_link(dir / "p.tatham", dir / "hard.tatham");
    const std::string instances = "is the input p.tatham of the merged runs (an instances file, file: at b.yaml:6:11, as the "
                                  "sidecar of sh/b.shard-0-of-2.csv names it)";
    for (const std::string out : {"p.tatham", "./p.tatham", "ln.tatham", "hard.tatham", "sh/../p.tatham"})
        refused_as_input(dir, shards, out, instances, "p.tatham");
    refused_as_input(dir, shards, "b.yaml", "is the input b.yaml of the merged runs (the config itself", "b.yaml");
    // Elsewhere the merge is written, and a shard CSV is still replaced by --force (its like).
    CHECK(run_cli("merge " + shards + " --out m.csv", dir.string()).exit_code == 0);
    CHECK(run_cli("merge " + shards + " --out sh/b.shard-0-of-2.csv --force", dir.string()).exit_code == 0);
}

TEST_CASE("merge refuses to export its outputs over the instances file of its runs (round 25 A F1)", "[cli][merge][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("outputs-not-inputs", "merge-export");
    fs::copy_file(kSquares, dir / "sq.jsonl");
    std::ofstream(dir / "g.yaml") << "name: g\ntask: generate\nseed: 1\ninstances:\n"
                                     "  - file: sq.jsonl\nmethods: [ unique ]\n";
    const std::string shards = two_shards(dir, "g.yaml", "g");
    refused_as_input(dir, shards, "sq.csv",
                     "its exported outputs sq.jsonl is the input sq.jsonl of the merged runs (an instances file", "sq.jsonl");
    CHECK_FALSE(fs::exists(dir / "sq.csv"));
}

TEST_CASE("merge refuses an --out that is the binary of a build of its runs (round 25 A F1)", "[cli][merge][outputs][long]") {
    const fs::path dir = futolab::test::fresh_dir("outputs-not-inputs", "merge-build");
    fs::copy_file(FUTOLAB_CLI, dir / "fb");  // a copy: the test never writes near the real one
    fs::permissions(dir / "fb", fs::perms::owner_all);
    two_puzzles(dir);
    std::ofstream(dir / "ab.yaml") << "name: ab\nseed: 1\nmode: { count: 2 }\ninstances:\n  - file: p.tatham\nsolvers: [ fc ]\n"
                                      "isolation: process\nbuilds:\n  - { name: a, path: fb }\n";
    const std::string shards = two_shards(dir, "ab.yaml", "ab");
    // The sidecar names the build by its absolute path.
    refused_as_input(dir, shards, "fb", "is the input " + (dir / "fb").string() + " of the merged runs (the binary of build a",
                     "fb");
}

TEST_CASE("an output replaces an input with --force only if it is of its kind (round 25)", "[cli][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("outputs-not-inputs", "force-kind");
    two_puzzles(dir);
    std::ofstream(dir / "s.yaml") << "name: s\nseed: 1\nmode: { count: 2 }\nisolation: thread\ninstances:\n  - file: p.tatham\n"
                                     "solvers: [ fc ]\noutput: summary.csv\n";
    REQUIRE(run_cli("run -q s.yaml", dir.string()).exit_code == 0);
    const std::string rows = slurp((dir / "summary.csv").string());
    const std::string why = "is the input summary.csv, and is no file of its kind: refusing to overwrite it, --force or not";
    // A page, a table or a certificate over the input: refused, the results kept.
    for (const std::string& command : {std::string("report summary.csv --out summary.csv --force"),
                                       std::string("analyze summary.csv --tables . --force")}) {
        const auto r = run_cli(command, dir.string());
        INFO(command + ": " + r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, why));
        CHECK(slurp((dir / "summary.csv").string()) == rows);
    }
    fs::copy_file(kSquares, dir / "sq.jsonl");
    const std::string squares = slurp((dir / "sq.jsonl").string());
    const auto certificate =
        run_cli("critical --exact --input sq.jsonl --objective h+k --out o.jsonl --certificate sq.jsonl --force", dir.string());
    CHECK(certificate.exit_code == 2);
    CHECK(has(certificate.err, "--certificate sq.jsonl: is the input sq.jsonl, and is no file of its kind"));
    CHECK(slurp((dir / "sq.jsonl").string()) == squares);
    // Instances over the instances read: replaced, as --force says.
    fs::copy_file(dir / "p.tatham", dir / "q.tatham");
    CHECK(run_cli("convert q.tatham --to tatham --out q.tatham --force", dir.string()).exit_code == 0);
    CHECK(run_cli("critical --input sq.jsonl --out sq.jsonl --force", dir.string()).exit_code == 0);
    CHECK(has(slurp((dir / "sq.jsonl").string()), ":critical"));
}

// `-` read from a redirected file is that file (red-team round 31, H1): `convert - --out F < F`,
// `critical --input - --out F < F`, and analyze's --tables and report's --out over the CSV
// standard input came from replaced their input, exit 0, where /dev/stdin was refused. A pipe on
// standard input is no file: the same output is written from it.
TEST_CASE("an output that is the file standard input is redirected from is an input (round 31 H1)", "[cli][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("outputs-not-inputs", "stdin-file");
    two_puzzles(dir);
    std::ofstream(dir / "s.yaml") << "name: s\nseed: 1\nmode: { count: 2 }\nisolation: thread\ninstances:\n  - file: p.tatham\n"
                                     "solvers: [ fc ]\noutput: r.csv\n";
    REQUIRE(run_cli("run -q s.yaml", dir.string()).exit_code == 0);
    fs::create_directories(dir / "t");
    fs::copy_file(dir / "r.csv", dir / "t" / "summary.csv");
    fs::copy_file(dir / "r.csv", dir / "page.html");
    fs::copy_file(kSquares, dir / "sq.jsonl");
    fs::copy_file(dir / "p.tatham", dir / "q.tatham");
    struct Case {
        std::string command, file, why;
    };
    const std::string own = "is the input - (standard input, redirected from this file): refusing to overwrite it";
    const std::string other = "is the input - (standard input, redirected from this file), and is no file of its kind";
    for (const Case& c : {Case{"convert - --to tatham --out q.tatham", "q.tatham", own},
                          Case{"critical --input - --out sq.jsonl", "sq.jsonl", own},
                          Case{"analyze - --tables t --force", "t/summary.csv", other},
                          Case{"report - --out page.html --force", "page.html", other}}) {
        const std::string before = slurp((dir / c.file).string());
        const auto r = run_cli(c.command + " < " + c.file, dir.string());
        INFO(c.command + ": " + r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "futolab: "));
        CHECK(has(r.err, c.why));
        CHECK(slurp((dir / c.file).string()) == before);
    }
    // From a pipe: no file, so the output is written.
    const auto piped = run_cli_env("cat q.tatham | ", "convert - --to futo --out q.futo", dir.string());
    CHECK(piped.exit_code == 0);
    CHECK(fs::file_size(dir / "q.futo") > 0);
}
