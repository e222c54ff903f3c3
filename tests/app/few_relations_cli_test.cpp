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
