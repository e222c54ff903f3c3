// A refused command leaves no lock file it made (left open from round 25): `merge - - --out m.csv`
// and `critical --few-relations … --out X` refused for its count's lock had made `.m.csv.lock`
// and `.X.lock` in a folder that was there, and left them. Each lock file OutputLock creates is
// noted (core/made_folders.hpp) and removed again when the command is refused (exit 2), if no
// process holds it; a lock file that was there before, or one another process holds, stays.
#include "cli_runner.hpp"
#include "records/output_lock.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

// `command` in `dir` exits 2 saying `why`, and leaves no lock file of `out` (a name in `dir`).
void refused_unlocked(const fs::path& dir, const std::string& command, const std::string& why, const std::string& out) {
    const auto r = run_cli(command, dir.string());
    INFO(command + ": " + r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, why));
    CHECK_FALSE(fs::exists(dir / ("." + out + ".lock")));
}

// A config of six tiny runs, shardable.
void write_config(const fs::path& dir) {
    std::ofstream(dir / "s.yaml") << "name: s\nseed: 1\nmode: { count: 2 }\nisolation: thread\ninstances:\n  - generate: { kind: "
                                     "random, n: 4, count: 3 }\nsolvers: [ fc ]\n";
}

}  // namespace

TEST_CASE("a refused merge leaves no lock file it made beside --out", "[cli][merge][lock]") {
    const fs::path dir = futolab::test::fresh_dir("refused-locks", "merge");
    write_config(dir);
    for (const char* shard : {"0/2", "0/3"}) REQUIRE(run_cli(std::string("run -q s.yaml --out sh --shard ") + shard, dir.string()).exit_code == 0);
    std::ofstream(dir / "notes.csv") << "not,a,results,csv\n";
    refused_unlocked(dir, "merge - - --out m.csv < /dev/null", "-: standard input cannot be merged", "m.csv");
    refused_unlocked(dir, "merge sh/s.shard-0-of-2.csv sh/s.shard-0-of-2.csv --out m.csv", "given twice", "m.csv");
    refused_unlocked(dir, "merge notes.csv --out m.csv", "notes.csv: not a futolab results CSV", "m.csv");
    // Refused once the shards are read, long after the lock was taken.
    refused_unlocked(dir, "merge sh/s.shard-0-of-2.csv sh/s.shard-0-of-3.csv --out m.csv", "refusing to merge shards of two shardings", "m.csv");
    CHECK_FALSE(fs::exists(dir / "m.csv"));
    // A lock file that was there before the command is not its to remove.
    std::ofstream(dir / ".m.csv.lock") << "1\n";
    const auto kept = run_cli("merge sh/s.shard-0-of-2.csv sh/s.shard-0-of-3.csv --out m.csv", dir.string());
    CHECK(kept.exit_code == 2);
    CHECK(fs::exists(dir / ".m.csv.lock"));
    // Not refused: the merged CSV written, its lock file kept as every writer keeps it.
    REQUIRE(run_cli("run -q s.yaml --out sh --shard 1/2", dir.string()).exit_code == 0);
    CHECK(run_cli("merge sh/s.shard-0-of-2.csv sh/s.shard-1-of-2.csv --out ok.csv", dir.string()).exit_code == 0);
    CHECK(fs::exists(dir / ".ok.csv.lock"));
}

TEST_CASE("a few-relations count refused for its count's lock leaves no lock file of --out", "[cli][critical][lock]") {
    const fs::path dir = futolab::test::fresh_dir("refused-locks", "few-relations");
    fs::create_directory(dir / "ck");
    const std::string count = "critical --n 4 --few-relations 3 --checkpoint ck --shards 4";
    const std::string busy = "another futolab (pid ";
    {
        const futolab::OutputLock other((dir / "ck" / "n4-k3-of-004.table.md").string());  // another writer counts it
        refused_unlocked(dir, count + " --out x.jsonl", busy, "x.jsonl");
        refused_unlocked(dir, count + " --out sub.jsonl --force", busy, "sub.jsonl");
        // Standard output redirected to a file: its lock made and gone again, the file left as the shell made it.
        refused_unlocked(dir, count + " >> r.jsonl", busy, "r.jsonl");
        CHECK(futolab::test::slurp((dir / "r.jsonl").string()).empty());
        // The lock another process holds is never removed.
        CHECK(fs::exists(dir / "ck" / ".n4-k3-of-004.table.md.lock"));
        // --out's lock file there before: kept.
        std::ofstream(dir / ".y.jsonl.lock") << "1\n";
        const auto r = run_cli(count + " --out y.jsonl", dir.string());
        CHECK(r.exit_code == 2);
        CHECK(fs::exists(dir / ".y.jsonl.lock"));
    }
    {
        const futolab::OutputLock shard((dir / "ck" / "n4-k3-shard-001-of-004.yaml").string());  // another writer counts shard 1
        refused_unlocked(dir, "critical --n 4 --few-relations 3 --checkpoint ck --shard 1/4 --out s.jsonl", busy, "s.jsonl");
    }
    // Not refused: --out written, its lock file kept.
    REQUIRE(run_cli(count + " --out x.jsonl", dir.string()).exit_code == 0);
    CHECK(fs::exists(dir / ".x.jsonl.lock"));
}

TEST_CASE("a generate refused once its lock is taken leaves no lock file", "[cli][generate][lock]") {
    const fs::path dir = futolab::test::fresh_dir("refused-locks", "generate");
    // A record stream with two names is refused once the file is opened, after its lock.
    std::ofstream(dir / "g.jsonl") << "";
    fs::create_hard_link(dir / "g.jsonl", dir / "h.jsonl");
    refused_unlocked(dir, "generate random --n 4 --count 2 --out g.jsonl --force", "has 2 names (hard links)", "g.jsonl");
    refused_unlocked(dir, "generate random --n 4 --count 2 --out h.jsonl --force", "has 2 names (hard links)", "h.jsonl");
    // A third name, in a folder of its own: the folder there before stays.
    fs::create_directory(dir / "d");
    fs::create_hard_link(dir / "g.jsonl", dir / "d" / "g.jsonl");
    refused_unlocked(dir / "d", "generate random --n 4 --count 2 --out g.jsonl --force", "has 3 names (hard links)", "g.jsonl");
    CHECK(fs::is_directory(dir / "d"));
}
