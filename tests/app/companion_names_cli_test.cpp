// What is at a results CSV's sidecar or schema name is said as it is (red-team round 26, A F1):
// merge called any file at `--out`'s sidecar or schema path "a metadata sidecar" / "a results
// CSV's column schema" by its name alone, a six-byte "hello" and a link to a text file alike,
// while a link to nothing there was replaced without a word. One rule for every command's
// outputs (records/output_guard.cpp, companion_at): a sidecar or schema by its content, under any
// name; at a companion's name, a file or link that is none named as what it is.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// A folder with the two shards of a config of six tiny runs (sh/s.shard-I-of-2.csv).
fs::path with_shards(const std::string& name) {
    const fs::path dir = futolab::test::fresh_dir("companion-names", name);
    std::ofstream(dir / "s.yaml") << "name: s\nseed: 1\nmode: { count: 2 }\nisolation: thread\ninstances:\n  - generate: { kind: "
                                     "random, n: 4, count: 3 }\nsolvers: [ fc ]\n";
    for (const char* shard : {"0/2", "1/2"})
        REQUIRE(run_cli(std::string("run -q s.yaml --out sh --shard ") + shard, dir.string()).exit_code == 0);
    return dir;
}

const std::string kShards = "sh/s.shard-0-of-2.csv sh/s.shard-1-of-2.csv";

// `merge` into m.csv in `dir` is refused (exit 2, one line) saying `said`, and writes no m.csv.
void merge_refused(const fs::path& dir, const std::string& said) {
    const auto r = run_cli("merge " + kShards + " --out m.csv", dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, said + ": refusing to overwrite it (use another file, or --force)\n"));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK_FALSE(fs::exists(dir / "m.csv"));
}

}  // namespace

TEST_CASE("merge names a file at its sidecar or schema name that futolab did not make as such", "[cli][merge][outputs]") {
    const fs::path dir = with_shards("not-made");
    const std::string not_sidecar = "--out's sidecar m.csv.meta.yaml: is a file named as a metadata sidecar but not one futolab made";
    const std::string not_schema =
        "--out's schema m.csv.schema.json: is a file named as a results CSV's column schema but not one futolab made";
    std::ofstream(dir / "m.csv.meta.yaml") << "hello\n";
    merge_refused(dir, not_sidecar + " (its first line is not a sidecar's 'experiment: …')");
    CHECK(slurp((dir / "m.csv.meta.yaml").string()) == "hello\n");
    std::ofstream(dir / "m.csv.meta.yaml", std::ios::trunc).close();
    merge_refused(dir, not_sidecar + " (it is empty)");
    fs::remove(dir / "m.csv.meta.yaml");
    std::ofstream(dir / "m.csv.schema.json") << "{\"title\": \"my table\"}\n";
    merge_refused(dir, not_schema + " (it holds no '\"title\": \"futolab results CSV\"')");
    std::ofstream(dir / "m.csv.schema.json", std::ios::trunc).close();
    merge_refused(dir, not_schema + " (it is empty)");
    CHECK(fs::file_size(dir / "m.csv.schema.json") == 0);
    // --force replaces such a file with the merge's own.
    const auto forced = run_cli("merge " + kShards + " --out m.csv --force", dir.string());
    INFO(forced.err);
    CHECK(forced.exit_code == 0);
    CHECK(slurp((dir / "m.csv.schema.json").string()).find("\"title\": \"futolab results CSV\"") != std::string::npos);
}

TEST_CASE("merge names a symbolic link at its sidecar name to a file or to nothing", "[cli][merge][outputs]") {
    const fs::path dir = with_shards("links");
    std::ofstream(dir / "secret.txt") << "mine\n";
    fs::create_symlink("secret.txt", dir / "m.csv.meta.yaml");
    merge_refused(dir, "--out's sidecar m.csv.meta.yaml: is a symbolic link to secret.txt, a file of another kind (not a "
                       "metadata sidecar futolab made)");
    fs::remove(dir / "m.csv.meta.yaml");
    // A link to nothing was replaced without a word, where a link to a file was refused.
    fs::create_symlink("gone.txt", dir / "m.csv.meta.yaml");
    merge_refused(dir, "--out's sidecar m.csv.meta.yaml: is a symbolic link to gone.txt, which is not there (not a metadata "
                       "sidecar futolab made)");
    CHECK(fs::is_symlink(fs::symlink_status(dir / "m.csv.meta.yaml")));
    CHECK_FALSE(fs::exists(dir / "gone.txt"));
    fs::remove(dir / "m.csv.meta.yaml");
    fs::create_symlink("secret.txt", dir / "m.csv.schema.json");
    merge_refused(dir, "--out's schema m.csv.schema.json: is a symbolic link to secret.txt, a file of another kind (not a "
                       "results CSV's column schema futolab made)");
    // --force replaces the link, never the file it leads to.
    CHECK(run_cli("merge " + kShards + " --out m.csv --force", dir.string()).exit_code == 0);
    CHECK_FALSE(fs::is_symlink(fs::symlink_status(dir / "m.csv.schema.json")));
    CHECK(slurp((dir / "secret.txt").string()) == "mine\n");
}

TEST_CASE("a real sidecar or schema is named so at any name and through a link for every command", "[cli][outputs]") {
    const fs::path dir = with_shards("real");
    REQUIRE(run_cli("merge " + kShards + " --out first.csv", dir.string()).exit_code == 0);
    const std::string sidecar = slurp((dir / "first.csv.meta.yaml").string());
    fs::copy_file(dir / "first.csv.meta.yaml", dir / "m.csv.meta.yaml");
    merge_refused(dir, "--out's sidecar m.csv.meta.yaml: is a metadata sidecar");
    fs::remove(dir / "m.csv.meta.yaml");
    fs::create_symlink("first.csv.meta.yaml", dir / "m.csv.meta.yaml");
    merge_refused(dir, "--out's sidecar m.csv.meta.yaml: is a symbolic link to first.csv.meta.yaml, a metadata sidecar");
    fs::remove(dir / "m.csv.meta.yaml");
    fs::copy_file(dir / "first.csv.schema.json", dir / "m.csv.schema.json");
    merge_refused(dir, "--out's schema m.csv.schema.json: is a results CSV's column schema");
    // Under a name of no companion's: known by its content (a copy, or a hard link), as a results CSV is.
    fs::copy_file(dir / "first.csv.meta.yaml", dir / "copy.jsonl");
    fs::create_hard_link(dir / "first.csv.schema.json", dir / "linked.jsonl");
    for (const std::string& command :
         {std::string("generate random --n 3 --out copy.jsonl"), std::string("critical --square \"2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4\" --out copy.jsonl"),
          std::string("convert " FUTOLAB_SOURCE_DIR "/corpora/tatham-dev/n04.tatham --to jsonl --out copy.jsonl")}) {
        const auto r = run_cli(command, dir.string());
        INFO(command << ": " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "--out copy.jsonl: is a metadata sidecar: refusing to overwrite it"));
    }
    const auto linked = run_cli("generate random --n 3 --out linked.jsonl", dir.string());
    CHECK(linked.exit_code == 2);
    CHECK(has(linked.err, "--out linked.jsonl: is a results CSV's column schema: refusing to overwrite it"));
    CHECK(slurp((dir / "copy.jsonl").string()) == sidecar);
    CHECK(slurp((dir / "first.csv.meta.yaml").string()) == sidecar);
}
