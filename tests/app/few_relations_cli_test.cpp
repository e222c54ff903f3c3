// `futolab critical --few-relations K --checkpoint DIR` (issue #26): one file per shard, the
// per-shard table and the claim once all are there; a second run reads the files instead of
// computing; one shard alone makes no claim for the whole; options of other modes are refused.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using futolab::test::run_cli;
namespace fs = std::filesystem;

TEST_CASE("critical --few-relations --checkpoint: shard files, table, resume", "[app][critical]") {
    const fs::path dir = fs::temp_directory_path() / ("futolab-few-cli-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    const std::string args = "critical --n 5 --few-relations 5 --checkpoint '" + dir.string() + "' --shards 4 --jobs 2";
    const auto first = run_cli(args);
    REQUIRE(first.exit_code == 0);
    CHECK(first.out.find("| **total** | 82422 | 25252 | 914720 |") != std::string::npos);
    CHECK(first.out.find("proved: every zero-given uniquely completable set of order 5 has more than 5 relations") !=
          std::string::npos);
    CHECK(fs::exists(dir / "n5-k5-shard-003-of-004.yaml"));
    CHECK(fs::exists(dir / "n5-k5-of-004.table.md"));
    CHECK(first.err.find("(from its file)") == std::string::npos);

    const auto again = run_cli(args);
    REQUIRE(again.exit_code == 0);
    CHECK(again.err.find("shard 3/4: ") != std::string::npos);
    CHECK(again.err.find("(from its file)") != std::string::npos);
    CHECK(again.out.find("| **total** | 82422 | 25252 | 914720 |") != std::string::npos);

    // One shard (a cluster job): its file only, no claim for the whole.
    fs::remove(dir / "n5-k5-shard-001-of-004.yaml");
    const auto one = run_cli("critical --n 5 --few-relations 5 --checkpoint '" + dir.string() + "' --shard 1/4");
    REQUIRE(one.exit_code == 0);
    CHECK(fs::exists(dir / "n5-k5-shard-001-of-004.yaml"));
    CHECK(one.out.find("proved") == std::string::npos);
    CHECK(one.out.find("every shard must say so") != std::string::npos);

    // A tampered file stops the run with its name (exit 2), and options of other modes are refused.
    { std::ofstream(dir / "n5-k5-shard-002-of-004.yaml", std::ios::app) << "unique: 3\n"; }
    const auto bad = run_cli(args);
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("n5-k5-shard-002-of-004.yaml") != std::string::npos);
    CHECK(run_cli("critical --n 5 --exact --objective k --checkpoint '" + dir.string() + "'").exit_code == 2);
    fs::remove_all(dir);
}

TEST_CASE("critical --few-relations --out always writes what this count found, an empty file for none", "[app][critical]") {
    // Red-team round 9: with no unique puzzle, no file was written, so an older answer at
    // --out stayed in place, and read as this count's.
    const fs::path dir = futolab::test::fresh_dir("few-relations", "out");
    const std::string out = (dir / "o.jsonl").string(), fresh = (dir / "fresh.jsonl").string();
    REQUIRE(run_cli("critical --n 4 --few-relations 4 --out " + out).exit_code == 0);
    const auto lines = [](const std::string& path) {
        std::ifstream in(path);
        std::size_t count = 0;
        for (std::string line; std::getline(in, line);) ++count;
        return count;
    };
    CHECK(lines(out) == 1);  // k = 4 has a unique puzzle at n = 4
    const auto r = run_cli("critical --n 4 --few-relations 3 --out " + out + " --force");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("proved") != std::string::npos);
    CHECK(fs::file_size(out) == 0);
    CHECK(run_cli("critical --n 4 --few-relations 3 --out " + fresh).exit_code == 0);
    CHECK(fs::exists(fresh));
    CHECK(fs::file_size(fresh) == 0);
}

// The committed n = 6, K = 8 count (results/critical/n6/k8: 256 shard files an older build
// computed, CPU-hours) read back through the experiment driver: every shard is taken from its
// file, not counted, and the table and the claim are the committed ones, byte for byte; the
// results CSV and its sidecar lie in the folder, each row saying its counts came from the file.
// (Read back by the table's writer before, 17.950 s of CPU made "17.9" where the table says 18.0.)
TEST_CASE("critical --few-relations --checkpoint reads the committed n = 6, K = 8 folder back, its table byte for byte",
          "[app][critical][few-relations]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations", "k8");
    const fs::path committed = fs::path(FUTOLAB_SOURCE_DIR) / "results" / "critical" / "n6" / "k8";
    fs::copy(committed, dir / "k8", fs::copy_options::recursive);
    const auto r = run_cli("critical --n 6 --few-relations 8 --checkpoint k8 --shards 256 --jobs 2", dir.string());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string table = futolab::test::slurp((committed / "n6-k8-of-256.table.md").string());
    CHECK(futolab::test::slurp((dir / "k8" / "n6-k8-of-256.table.md").string()) == table);
    CHECK(r.out.find(table) == 0);  // printed as written
    CHECK(futolab::test::has(r.out, "n=6 k=8 (256 shards of k8): 319854588 canonical pair sets, 54284654 skipped"));
    CHECK(futolab::test::has(r.out, "proved: every zero-given uniquely completable set of order 6 has more than 8 relations\n"));
    std::size_t from_files = 0;
    for (std::size_t at = 0; (at = r.err.find("(from its file)", at)) != std::string::npos; ++at) ++from_files;
    CHECK(from_files == 256);
    const std::string csv = futolab::test::slurp((dir / "k8" / "n6-k8-of-256.csv").string());
    CHECK(futolab::test::has(csv, "n6-k8-shard-255-of-256"));
    CHECK(futolab::test::has(csv, "\"\"from\"\":\"\"checkpoint\"\""));
    CHECK(fs::exists(dir / "k8" / "n6-k8-of-256.csv.meta.yaml"));
    // The same command again makes its CSV again, every shard from its file: the same output.
    const auto again = run_cli("critical --n 6 --few-relations 8 --checkpoint k8 --shards 256 --jobs 2", dir.string());
    INFO(again.err);
    REQUIRE(again.exit_code == 0);
    CHECK(again.out == r.out);
}

// Red-team round 19, B F4: a CSV in the --checkpoint folder under the count's name, made by
// another experiment, was kept, but the refusal said "critical --force" (not given), "the results
// CSV of --out " (empty; the folder placed it) and "give another --out" (which changes nothing).
// It names --checkpoint with its value now, and each way out it gives works.
TEST_CASE("critical --few-relations: a CSV in --checkpoint it did not make is kept, the refusal naming --checkpoint",
          "[app][critical][few-relations]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations", "not-its-csv");
    fs::create_directories(dir / "ck");
    std::ofstream(dir / "c.yaml") << "name: mine\ntask: few-relations\ninstances:\n  - few_relations: { n: 3, k: 2, shards: 2, "
                                     "checkpoint: ck }\nmethods: [ few-relations ]\noutput: ck/n3-k2-of-002.csv\n";
    REQUIRE(run_cli("run -q c.yaml", dir.string()).exit_code == 0);
    const std::string mine = futolab::test::slurp((dir / "ck" / "n3-k2-of-002.csv").string());
    const std::string refusal =
        "futolab: critical: ck/n3-k2-of-002.csv (the results CSV of --checkpoint ck) is not one futolab critical made: "
        "neither replaced nor resumed, --force or not; give another --checkpoint folder, or move ck/n3-k2-of-002.csv, "
        "ck/n3-k2-of-002.csv.meta.yaml, ck/n3-k2-of-002.csv.schema.json, ck/n3-k2-of-002.jsonl away\n";
    for (const std::string more : {"", " --out other.jsonl", " --force"}) {
        const auto r = run_cli("critical --n 3 --few-relations 2 --checkpoint ck --shards 2" + more, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(r.err == refusal);
        CHECK(futolab::test::slurp((dir / "ck" / "n3-k2-of-002.csv").string()) == mine);
    }
    // Another folder, or the same one with those files moved away.
    CHECK(run_cli("critical --n 3 --few-relations 2 --checkpoint ck2 --shards 2", dir.string()).exit_code == 0);
    fs::create_directories(dir / "away");
    for (const std::string name : {"n3-k2-of-002.csv", "n3-k2-of-002.csv.meta.yaml", "n3-k2-of-002.csv.schema.json", "n3-k2-of-002.jsonl"})
        fs::rename(dir / "ck" / name, dir / "away" / name);
    const auto moved = run_cli("critical --n 3 --few-relations 2 --checkpoint ck --shards 2", dir.string());
    INFO(moved.err);
    CHECK(moved.exit_code == 0);
    CHECK(futolab::test::slurp((dir / "away" / "n3-k2-of-002.csv").string()) == mine);
}

// Red-team round 19, B F5: the summary pointed to --resume, which this mode refuses, and counted
// the shards read from their checkpoint files as "searched now, 0 from the CSV". It says how each
// shard was had and what goes on: the same command with its --checkpoint.
TEST_CASE("critical --few-relations: the summary counts the shards read from their files and points to --checkpoint",
          "[app][critical][few-relations]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations", "summary");
    const std::string count = "critical --n 3 --few-relations 2 --checkpoint ck --shards 2";
    const std::string results = "; results ck/n3-k2-of-002.csv (its sidecar; the same command with --checkpoint ck goes on "
                                "from the shard files)\n";
    const auto first = run_cli(count, dir.string());
    REQUIRE(first.exit_code == 0);
    CHECK(futolab::test::has(first.err, "futolab critical: 2 shards, 2 searched now, 0 read from their checkpoint files" + results));
    CHECK_FALSE(futolab::test::has(first.err, "--resume"));
    const auto again = run_cli(count, dir.string());
    REQUIRE(again.exit_code == 0);
    CHECK(futolab::test::has(again.err, "futolab critical: 2 shards, 0 searched now, 2 read from their checkpoint files" + results));
    fs::remove(dir / "ck" / "n3-k2-shard-001-of-002.yaml");
    const auto half = run_cli(count, dir.string());
    REQUIRE(half.exit_code == 0);
    CHECK(futolab::test::has(half.err, "futolab critical: 2 shards, 1 searched now, 1 read from their checkpoint files" + results));
    const auto one = run_cli("critical --n 3 --few-relations 2 --checkpoint ck --shard 1/2", dir.string());
    REQUIRE(one.exit_code == 0);
    CHECK(futolab::test::has(one.err, "futolab critical: 1 shard, 0 searched now, 1 read from their checkpoint files; results "
                                      "ck/n3-k2-shard-001-of-002.csv (its sidecar; the same command with --checkpoint ck"));
}
