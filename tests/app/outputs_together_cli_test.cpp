// A results CSV's companions go with it (red-team round 26, A F4 and A F5).
// merge --force over an earlier merge renamed its new CSV into place, then failed on a full disk
// at the schema, sidecar or export and removed the CSV, sidecar and schema, old and new: neither
// merge was left. Every file is now written whole to its temporary file before any is renamed
// (core/atomic_file.hpp, commit_together), so a failure leaves the earlier merge as it was.
// A run whose export `<stem>.jsonl` could not be written exited 1 with its sidecar saying
// `finished`: the export is now written before that last sidecar, and its failure makes it `failed`.
// A file size limit stands in for the full disk (`ulimit -f`, 512-byte blocks in sh; SIGXFSZ
// ignored, the write fails with EFBIG); a full tmpfs, tried by hand, fails the same writes.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// The two shards (DIR/NAME/NAME.shard-I-of-2.csv) of the config `text` saved as DIR/NAME.yaml.
std::string shards_of(const fs::path& dir, const std::string& name, const std::string& text) {
    std::ofstream(dir / (name + ".yaml")) << text;
    for (const char* shard : {"0/2", "1/2"})
        REQUIRE(run_cli("run -q " + name + ".yaml --out " + name + " --shard " + shard, dir.string()).exit_code == 0);
    return name + "/" + name + ".shard-0-of-2.csv " + name + "/" + name + ".shard-1-of-2.csv";
}

// Six count runs of one solver over three random 4x4 puzzles; `seed` and `comment` (put in the
// config text, which every sidecar carries) make another experiment of it.
std::string count_config(const std::string& name, int seed, const std::string& comment = "") {
    return comment + "name: " + name + "\nseed: " + std::to_string(seed) +
           "\nmode: { count: 2 }\nisolation: thread\ninstances:\n  - generate: { kind: random, n: 4, count: 3 }\nsolvers: [ fc ]\n";
}

std::string generate_config(const std::string& name, int seed, int n, int count) {
    return "name: " + name + "\nseed: " + std::to_string(seed) + "\ntask: generate\ninstances:\n  - squares: { n: " +
           std::to_string(n) + ", count: " + std::to_string(count) + " }\nmethods: [ unique ]\n";
}

// Each file of `names` in `dir` with its content ("" when it is not there: a removed file differs).
std::map<std::string, std::string> contents(const fs::path& dir, const std::vector<std::string>& names) {
    std::map<std::string, std::string> out;
    for (const std::string& name : names) out[name] = fs::exists(dir / name) ? slurp((dir / name).string()) : "";
    return out;
}

const std::vector<std::string> kMerged{"m.csv", "m.csv.meta.yaml", "m.csv.schema.json"};

// `merge SHARDS --out m.csv --force` in `dir` under a file size limit of `blocks` 512-byte blocks:
// it fails (exit 1) naming `failing`, and leaves every file of the earlier merge as it was.
void forced_merge_fails(const fs::path& dir, const std::string& shards, int blocks, const std::string& failing,
                        const std::vector<std::string>& files) {
    const auto before = contents(dir, files);
    for (const auto& [name, text] : before) REQUIRE_FALSE(text.empty());
    const auto r = futolab::test::run_cli_env("trap '' XFSZ; ulimit -f " + std::to_string(blocks) + "; ",
                                              "merge " + shards + " --out m.csv --force", dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(has(r.err, "cannot write m.csv" + failing + ": "));
    CHECK(contents(dir, files) == before);
    for (const auto& entry : fs::directory_iterator(dir))  // no temporary file left either
        CHECK_FALSE(has(entry.path().filename().string(), ".tmp-"));
}

// A plain re-run, without the limit, puts the new merge in place.
void forced_merge_works(const fs::path& dir, const std::string& shards) {
    const auto before = contents(dir, kMerged);
    const auto r = run_cli("merge " + shards + " --out m.csv --force", dir.string());
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(contents(dir, kMerged).at("m.csv") != before.at("m.csv"));
}

}  // namespace

TEST_CASE("merge --force keeps the earlier merge whole when its schema cannot be written", "[cli][merge][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("outputs-together", "schema");
    const std::string first = shards_of(dir, "a", count_config("a", 1)), second = shards_of(dir, "b", count_config("b", 2));
    REQUIRE(run_cli("merge " + first + " --out m.csv", dir.string()).exit_code == 0);
    // 8 KiB: the new CSV fits, its column schema (11 KiB) does not.
    REQUIRE(fs::file_size(dir / "m.csv") < 8192);
    REQUIRE(fs::file_size(dir / "m.csv.schema.json") > 8192);
    forced_merge_fails(dir, second, 16, ".schema.json", kMerged);
    forced_merge_works(dir, second);
    CHECK(has(slurp((dir / "m.csv.meta.yaml").string()), "experiment: b\n"));
}

TEST_CASE("merge --force keeps the earlier merge whole when its sidecar cannot be written", "[cli][merge][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("outputs-together", "sidecar");
    const std::string first = shards_of(dir, "a", count_config("a", 1));
    // A config text of 14 KiB makes the sidecar, which carries it, the one file over 12 KiB.
    const std::string second = shards_of(dir, "b", count_config("b", 2, "# " + std::string(14 * 1024, 'x') + "\n"));
    REQUIRE(run_cli("merge " + first + " --out m.csv", dir.string()).exit_code == 0);
    forced_merge_fails(dir, second, 24, ".meta.yaml", kMerged);
    forced_merge_works(dir, second);
    REQUIRE(fs::file_size(dir / "m.csv") < 12288);
    REQUIRE(fs::file_size(dir / "m.csv.schema.json") < 12288);
    REQUIRE(fs::file_size(dir / "m.csv.meta.yaml") > 12288);
}

TEST_CASE("merge --force keeps the earlier merge's export when the new merge fails", "[cli][merge][outputs]") {
    const fs::path dir = futolab::test::fresh_dir("outputs-together", "export");
    const std::string first = shards_of(dir, "a", generate_config("a", 1, 4, 3));
    const std::string second = shards_of(dir, "b", generate_config("b", 2, 4, 3));
    REQUIRE(run_cli("merge " + first + " --out m.csv", dir.string()).exit_code == 0);
    const std::string earlier = slurp((dir / "m.jsonl").string());
    REQUIRE_FALSE(earlier.empty());
    std::vector<std::string> files = kMerged;
    files.emplace_back("m.jsonl");
    forced_merge_fails(dir, second, 16, ".schema.json", files);
    forced_merge_works(dir, second);
    const std::string now = slurp((dir / "m.jsonl").string());
    CHECK_FALSE(now.empty());
    CHECK(now != earlier);  // the new merge's instances
}

TEST_CASE("a run whose export cannot be written ends failed and not finished", "[cli][run][outputs][long]") {
    const fs::path dir = futolab::test::fresh_dir("outputs-together", "run-export");
    // 40 puzzles of order 5: an export of more than 12 KiB, where the schema and sidecar are less.
    std::ofstream(dir / "g.yaml") << generate_config("g", 1, 5, 40) << "output: out/g.csv\n";
    REQUIRE(run_cli("run -q g.yaml", dir.string()).exit_code == 0);
    const fs::path csv = dir / "out" / "g.csv", exported = dir / "out" / "g.jsonl", sidecar = dir / "out" / "g.csv.meta.yaml";
    const std::string whole = slurp(exported.string());
    REQUIRE(whole.size() > 12288);
    REQUIRE(has(slurp(sidecar.string()), "\n  state: finished\n"));
    const auto limited = [&dir] {
        return futolab::test::run_cli_env("trap '' XFSZ; ulimit -f 24; ", "run -q g.yaml --resume", dir.string());
    };
    SECTION("no export there") {
        fs::remove(exported);
        const auto r = limited();
        INFO(r.err);
        CHECK(r.exit_code == 1);
        CHECK(has(r.err, "cannot write out/g.jsonl: "));
        CHECK(has(slurp(sidecar.string()), "\n  state: failed\n"));
        CHECK_FALSE(fs::exists(exported));
    }
    SECTION("an earlier, shorter export there: kept as it was") {
        const std::string first_line = whole.substr(0, whole.find('\n') + 1);
        std::ofstream(exported, std::ios::trunc) << first_line;
        const auto r = limited();
        INFO(r.err);
        CHECK(r.exit_code == 1);
        CHECK(has(slurp(sidecar.string()), "\n  state: failed\n"));
        CHECK(slurp(exported.string()) == first_line);
    }
    SECTION("the export written: finished") {
        fs::remove(exported);
    }
    // A resume without the limit writes the export, then says finished.
    const auto again = run_cli("run -q g.yaml --resume", dir.string());
    INFO(again.err);
    CHECK(again.exit_code == 0);
    CHECK(slurp(exported.string()) == whole);
    CHECK(has(slurp(sidecar.string()), "\n  state: finished\n"));
    CHECK(fs::exists(csv));
}
