// `futolab critical --few-relations K --checkpoint DIR` (issue #26): one file per shard, the
// per-shard table and the claim once all are there; a second run reads the files instead of
// computing; one shard alone makes no claim for the whole; options of other modes are refused.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>
#include <unistd.h>

using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {
// A shard file without its two clock lines (seconds, cpu_seconds): what a recount must write
// again byte for byte, its times being the new count's (under a sanitizer or a loaded machine
// 0.003 s where the first count took 0.001 s).
std::string without_times(const std::string& text) {
    std::string kept, line;
    std::istringstream in(text);
    while (std::getline(in, line))
        if (!line.starts_with("seconds: ") && !line.starts_with("cpu_seconds: ")) kept += line + "\n";
    return kept;
}
}  // namespace

TEST_CASE("critical --few-relations --checkpoint: shard files, table, resume", "[app][critical][long]") {
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
// computed, CPU-hours): a command of this build takes no file another build counted as its own
// (red-team round 25, B F10: a results CSV and sidecar naming this build were made from them, and
// its claim printed). It is refused before any shard runs, exit 2, naming the first file and its
// producer, and nothing is written there; the files themselves read back to the committed table
// byte for byte through the reader that names no build (tests/critical, test_few_relations_shards).
TEST_CASE("critical --few-relations --checkpoint takes none of the committed n = 6, K = 8 files of an older build",
          "[app][critical][few-relations]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations", "k8");
    const fs::path committed = fs::path(FUTOLAB_SOURCE_DIR) / "results" / "critical" / "n6" / "k8";
    fs::copy(committed, dir / "k8", fs::copy_options::recursive);
    const auto r = run_cli("critical --n 6 --few-relations 8 --checkpoint k8 --shards 256 --jobs 2", dir.string());
    CHECK(r.exit_code == 2);
    CHECK(r.err.starts_with("futolab: k8/n6-k8-shard-000-of-256.yaml:17:11: key 'producer' is 'futolab 0.1.0 "
                            "ed475dfc66b5cb0bc549a234e57a37f40fd43fad-dirty': another build counted it, not this one ("));
    CHECK(r.out.empty());
    CHECK(!fs::exists(dir / "k8" / "n6-k8-of-256.csv"));
    CHECK(futolab::test::slurp((dir / "k8" / "n6-k8-of-256.table.md").string()) ==
          futolab::test::slurp((committed / "n6-k8-of-256.table.md").string()));
}

namespace {

// `text` (a shard file: its first line a comment) with the line that starts with `key: `
// replaced by `line` ("" drops it).
std::string with_line(const std::string& text, const std::string& key, const std::string& line) {
    const std::size_t found = text.find("\n" + key + ": ");
    REQUIRE(found != std::string::npos);
    const std::size_t at = found + 1, end = text.find('\n', at) + 1;
    return text.substr(0, at) + (line.empty() ? "" : line + "\n") + text.substr(end);
}

std::uint64_t count_in(const std::string& text, const std::string& key) {
    const std::size_t at = text.find("\n" + key + ": ");
    REQUIRE(at != std::string::npos);
    return std::stoull(text.substr(at + key.size() + 3));
}

}  // namespace

// Red-team round 25, B F10: a re-run with --checkpoint took shard files edited after their count
// (every unique puzzle of n = 3, K = 3 made multiple, the example dropped: each file consistent)
// over the results CSV's rows of the same shards, made that CSV again from them and printed
// "proved: … more than 3 relations", exit 0; it took files of another build, or of none, and a
// count of 4294967297 canonical sets. Each is refused now before any shard runs, exit 2, naming
// the file (and the CSV's line, or the key's): the CSV and the table are left as they were and
// nothing is claimed. The genuine folder still goes on, each shard from its file.
TEST_CASE("critical --few-relations --checkpoint refuses a shard file the CSV's row, the build or the search contradicts",
          "[app][critical][few-relations]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations", "file-vs-row");
    const std::string args = "critical --few-relations 3 --n 3 --checkpoint fr --shards 8 --out o.jsonl";
    const auto first = run_cli(args, dir.string());
    REQUIRE(first.exit_code == 0);
    REQUIRE(futolab::test::has(first.out, "a zero-given puzzle of order 3 with 3 relations is unique"));
    const fs::path csv = dir / "fr" / "n3-k3-of-008.csv";
    const std::string rows = futolab::test::slurp(csv.string());
    const std::string table = futolab::test::slurp((dir / "fr" / "n3-k3-of-008.table.md").string());
    const auto file_of = [&dir](int s) { return dir / "fr" / ("n3-k3-shard-00" + std::to_string(s) + "-of-008.yaml"); };
    // The round's case: every file's unique puzzles made multiple, the example dropped, each file
    // consistent. Refused at the first file, naming the CSV's line of its row; nothing claimed.
    std::vector<std::string> genuine;
    for (int s = 0; s < 8; ++s) {
        genuine.push_back(futolab::test::slurp(file_of(s).string()));
        const std::string& t = genuine.back();
        const std::uint64_t unique = count_in(t, "unique"), multiple = count_in(t, "multiple");
        const std::string edited = unique == 0 ? t
                                               : with_line(with_line(with_line(t, "unique", "unique: 0"), "multiple",
                                                                     "multiple: " + std::to_string(unique + multiple)),
                                                           "example", "");
        std::ofstream(file_of(s), std::ios::trunc) << edited;
    }
    const auto doctored = run_cli(args, dir.string());
    CHECK(doctored.exit_code == 2);
    CHECK(doctored.err.starts_with("futolab: fr/n3-k3-shard-000-of-008.yaml: key 'multiple' is "));
    CHECK(futolab::test::has(doctored.err, ", where the row of its shard in the results CSV (fr/n3-k3-of-008.csv:"));
    CHECK(futolab::test::has(doctored.err, "remove it to count its shard again"));
    CHECK(!futolab::test::has(doctored.out, "proved"));
    CHECK(futolab::test::slurp(csv.string()) == rows);
    for (int s = 0; s < 8; ++s) std::ofstream(file_of(s), std::ios::trunc) << genuine[static_cast<std::size_t>(s)];
    // One file edited otherwise, each refused naming it (and no other line).
    const fs::path file = file_of(3);
    const std::string good = genuine[3];
    REQUIRE(count_in(good, "multiple") > 0);
    for (const auto& [edited, why] : std::vector<std::pair<std::string, std::string>>{
             // One puzzle moved from multiple to cyclic: the sums and the search's rules hold; the CSV's row does not.
             {with_line(with_line(good, "cyclic", "cyclic: " + std::to_string(count_in(good, "cyclic") + 1)), "multiple",
                        "multiple: " + std::to_string(count_in(good, "multiple") - 1)),
              ": key 'cyclic' is "},
             {with_line(good, "producer", "producer: \"futolab 0.1.0 1111111111111111111111111111111111111111\""),
              "key 'producer' is 'futolab 0.1.0 1111111111111111111111111111111111111111': another build counted it"},
             {with_line(good, "producer", ""), ": no 'producer': it does not say which futolab counted it"},
             {with_line(good, "pair_sets", "pair_sets: 4294967297"),
              "key 'pair_sets' is 4294967297, more than the 220 sets of 3 of the 12 adjacent pairs of a 3x3 grid"}}) {
        INFO(why);
        std::ofstream(file, std::ios::trunc) << edited;
        const auto r = run_cli(args, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(r.err.starts_with("futolab: fr/n3-k3-shard-003-of-008.yaml"));
        CHECK(futolab::test::has(r.err, why));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.out.empty());
        CHECK(futolab::test::slurp(csv.string()) == rows);
        CHECK(futolab::test::slurp((dir / "fr" / "n3-k3-of-008.table.md").string()) == table);
    }
    // Removed, as the refusal says: that shard is counted again, and the count goes on.
    fs::remove(file);
    const auto recounted = run_cli(args, dir.string());
    CHECK(recounted.exit_code == 0);
    CHECK(futolab::test::has(recounted.err, "1 searched now, 7 read from their checkpoint files"));
    CHECK(without_times(futolab::test::slurp(file.string())) == without_times(good));  // a count draws nothing at random
    // One shard alone (--shard I/S) holds its file to its own CSV's row too.
    {
        const std::string one = "critical --few-relations 3 --n 3 --checkpoint fr --shard 1/8 --out one.jsonl";
        REQUIRE(run_cli(one, dir.string()).exit_code == 0);
        const fs::path file = dir / "fr" / "n3-k3-shard-001-of-008.yaml";
        const std::string good = futolab::test::slurp(file.string());
        const std::string cyclic = "cyclic: " + std::to_string(count_in(good, "cyclic") + 1);
        const std::string multiple = "multiple: " + std::to_string(count_in(good, "multiple") - 1);
        REQUIRE(count_in(good, "multiple") > 0);
        std::ofstream(file, std::ios::trunc) << with_line(with_line(good, "cyclic", cyclic), "multiple", multiple);
        const auto r = run_cli(one, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(r.err.starts_with("futolab: fr/n3-k3-shard-001-of-008.yaml: key 'cyclic' is "));
        CHECK(futolab::test::has(r.err, "(fr/n3-k3-shard-001-of-008.csv:2)"));
        std::ofstream(file, std::ios::trunc) << good;
    }
    // The genuine folder goes on: every shard from its file, the same claim.
    const auto again = run_cli(args, dir.string());
    INFO(again.err);
    CHECK(again.exit_code == 0);
    CHECK(futolab::test::has(again.err, "8 read from their checkpoint files"));
    CHECK(futolab::test::has(again.out, "a zero-given puzzle of order 3 with 3 relations is unique"));
}

namespace {

// The text after `key: ` on its line of a shard file.
std::string value_in(const std::string& text, const std::string& key) {
    const std::size_t at = text.find("\n" + key + ": ");
    REQUIRE(at != std::string::npos);
    const std::size_t from = at + key.size() + 3;
    return text.substr(from, text.find('\n', from) - from);
}

}  // namespace

// Red-team round 26, B F4: a shard file's `cpu_seconds: 99999.000` was taken beside its CSV row's
// 0.0003 s, printed as the shard's CPU, summed into the table and written into the CSV made again
// (whose record then said cpu_seconds 99999.0 beside cpu_ns 297832); `seconds: 5000.000` and a CPU
// time above the wall time likewise. The times are held to the row as the counts are, as the file
// writes them (3 decimals), and to each other (one counting thread: CPU <= wall).
TEST_CASE("critical --few-relations --checkpoint holds a shard file's times to its CSV row and to each other",
          "[app][critical][few-relations]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations", "times-vs-row");
    const std::string args = "critical --few-relations 2 --n 3 --checkpoint fr --shards 2 --out o.jsonl";
    REQUIRE(run_cli(args, dir.string()).exit_code == 0);
    const fs::path csv = dir / "fr" / "n3-k2-of-002.csv", table = dir / "fr" / "n3-k2-of-002.table.md";
    const std::string rows = futolab::test::slurp(csv.string()), tabled = futolab::test::slurp(table.string());
    for (const char* name : {"n3-k2-shard-000-of-002.yaml", "n3-k2-shard-001-of-002.yaml"}) {
        const fs::path file = dir / "fr" / name;
        const std::string good = futolab::test::slurp(file.string());
        const std::string wall = value_in(good, "seconds"), cpu = value_in(good, "cpu_seconds");
        // A CPU time that differs from the row's and is still within the wall time (to its 1 ms).
        const std::string other_cpu = cpu == "0.000" ? "0.001" : "0.000";
        const std::string shown = std::string("fr/") + name;
        for (const auto& [edited, why] : std::vector<std::pair<std::string, std::string>>{
                 {with_line(good, "seconds", "seconds: 5000.000"),
                  shown + ": key 'seconds' is 5000.000, where the row of its shard in the results CSV (fr/n3-k2-of-002.csv:"},
                 {with_line(with_line(good, "seconds", "seconds: 4000.000"), "cpu_seconds", "cpu_seconds: 3000.000"),
                  shown + ": key 'seconds' is 4000.000, where the row of its shard"},
                 {with_line(good, "cpu_seconds", "cpu_seconds: " + other_cpu),
                  shown + ": key 'cpu_seconds' is " + other_cpu + ", where the row of its shard in the results CSV"},
                 {with_line(good, "cpu_seconds", "cpu_seconds: 99999.000"),
                  shown + ":16:14: key 'cpu_seconds' is 99999.000, more than the shard's wall time (key 'seconds', line 15: " +
                      wall + ")"},
                 {with_line(good, "seconds", "seconds: -0.000"), shown + ":15:10: key 'seconds': '-0.000' is not a number of seconds"},
                 {with_line(good, "cpu_seconds", "cpu_seconds: \"" + cpu + "\""),
                  shown + ":16:14: key 'cpu_seconds': '" + cpu + "' is quoted, where futolab writes the number plain"}}) {
            INFO(edited);
            std::ofstream(file, std::ios::trunc) << edited;
            const auto r = run_cli(args, dir.string());
            CHECK(r.exit_code == 2);
            CHECK(r.err.starts_with("futolab: " + why));
            CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
            CHECK(r.out.empty());
            CHECK(futolab::test::slurp(csv.string()) == rows);
            CHECK(futolab::test::slurp(table.string()) == tabled);
        }
        std::ofstream(file, std::ios::trunc) << good;
    }
    // The genuine folder goes on, every shard from its file.
    const auto again = run_cli(args, dir.string());
    INFO(again.err);
    CHECK(again.exit_code == 0);
    CHECK(futolab::test::has(again.err, "2 read from their checkpoint files"));
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

// Red-team round 27, B F5: shard files edited together, each still consistent (every unique
// puzzle moved into multiple, the example dropped) and their CSV and table removed, printed
// "proved: every zero-given uniquely completable set of order 4 has more than 4 relations",
// exit 0, a bound futolab's own --construct refutes. The command now counts the first shard file
// there again before any shard runs (a file that differs: exit 2, naming it and the count), and a
// claim resting on files it did not count says so, not "proved".
TEST_CASE("critical --few-relations --checkpoint counts a shard file again and says proved only of shards it counted",
          "[app][critical][few-relations][long]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations", "recount");
    const auto shard_file = [&dir](const std::string& ck, int n, int k, int s) {
        return dir / ck / ("n" + std::to_string(n) + "-k" + std::to_string(k) + "-shard-00" + std::to_string(s) + "-of-004.yaml");
    };
    // The companions that would disagree with an edited file (the CSV's rows, the table).
    const auto drop_companions = [&dir](const std::string& ck) {
        for (const fs::directory_entry& e : fs::directory_iterator(dir / ck))
            if (e.path().extension() != ".yaml") fs::remove(e.path());
    };
    // Moves `moved` of a file's `from` count into its `into` count: the file stays consistent.
    const auto move_count = [](const std::string& t, const std::string& from, const std::string& into, std::uint64_t moved) {
        return with_line(with_line(t, from, from + ": " + std::to_string(count_in(t, from) - moved)), into,
                         into + ": " + std::to_string(count_in(t, into) + moved));
    };
    const auto edit = [&](const fs::path& file, const std::function<std::string(const std::string&)>& how) {
        const std::string text = futolab::test::slurp(file.string());
        std::ofstream(file, std::ios::trunc) << how(text);
    };
    SECTION("the round's case, and other consistent edits of every file: refused at the file counted again") {
        int case_no = 0;
        for (const auto& [n, k, how] : std::vector<std::tuple<int, int, std::function<std::string(const std::string&)>>>{
                 {4, 4,
                  [&](const std::string& t) { return with_line(move_count(t, "unique", "multiple", count_in(t, "unique")), "example", ""); }},
                 {4, 4, [&](const std::string& t) { return move_count(t, "multiple", "unsat", 1); }},
                 {4, 3, [&](const std::string& t) { return move_count(t, "multiple", "cyclic", 1); }}}) {
            const std::string ck = "e" + std::to_string(case_no++);
            const std::string args = "critical --few-relations " + std::to_string(k) + " --n " + std::to_string(n) +
                                     " --checkpoint " + ck + " --shards 4";
            REQUIRE(run_cli(args, dir.string()).exit_code == 0);
            drop_companions(ck);
            for (int s = 0; s < 4; ++s) edit(shard_file(ck, n, k, s), how);
            const auto r = run_cli(args, dir.string());
            INFO(r.err);
            CHECK(r.exit_code == 2);
            CHECK(r.err.starts_with("futolab: " + ck + "/n" + std::to_string(n) + "-k" + std::to_string(k) + "-shard-000-of-004.yaml: key '"));
            CHECK(futolab::test::has(r.err, "where the shard counted again by this command ("));
            CHECK(futolab::test::has(r.err, "a shard file must be what its shard counts"));
            CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
            CHECK(r.out.empty());
            CHECK(!fs::exists(dir / ck / ("n" + std::to_string(n) + "-k" + std::to_string(k) + "-of-004.table.md")));
        }
    }
    SECTION("a claim from files not counted again is worded so; proved where every shard was counted") {
        const std::string args = "critical --few-relations 3 --n 4 --checkpoint ck --shards 4";
        const std::string bound = "every zero-given uniquely completable set of order 4 has more than 3 relations\n";
        const auto first = run_cli(args, dir.string());
        REQUIRE(first.exit_code == 0);
        CHECK(futolab::test::has(first.out, "\nproved: " + bound));
        CHECK(!futolab::test::has(first.err, "counted again"));
        const auto again = run_cli(args, dir.string());
        REQUIRE(again.exit_code == 0);
        CHECK(futolab::test::has(again.err, "futolab critical: shard 0/4: its file counted again before the count, the same ("));
        CHECK(futolab::test::has(again.out, "\nfrom 3 shard files of 4 shards not counted by this command (shard 0's file "
                                            "counted again, the same): " + bound));
        CHECK(!futolab::test::has(again.out, "proved"));
        // Files 1..3 edited together (shard 0, the one counted again, left as it was): taken, but
        // the claim names what it rests on.
        drop_companions("ck");
        for (int s = 1; s < 4; ++s) edit(shard_file("ck", 4, 3, s), [&](const std::string& t) { return move_count(t, "multiple", "cyclic", 1); });
        const auto edited = run_cli(args, dir.string());
        CHECK(edited.exit_code == 0);
        CHECK(futolab::test::has(edited.out, "\nfrom 3 shard files of 4 shards not counted"));
        CHECK(!futolab::test::has(edited.out, "proved"));
        // Only shard 2's file there, edited: it is the one counted again, and refused.
        for (int s : {0, 1, 3}) fs::remove(shard_file("ck", 4, 3, s));
        drop_companions("ck");
        const auto edited_one = run_cli(args, dir.string());
        CHECK(edited_one.exit_code == 2);
        CHECK(edited_one.err.starts_with("futolab: ck/n4-k3-shard-002-of-004.yaml: key 'cyclic' is 1, where the shard counted again"));
        // Counted afresh, then only shard 2's genuine file kept: counted again, the others now: proved.
        fs::remove(shard_file("ck", 4, 3, 2));
        REQUIRE(run_cli(args, dir.string()).exit_code == 0);
        for (int s : {0, 1, 3}) fs::remove(shard_file("ck", 4, 3, s));
        const auto one_file = run_cli(args, dir.string());
        CHECK(one_file.exit_code == 0);
        CHECK(futolab::test::has(one_file.err, "futolab critical: shard 2/4: its file counted again before the count, the same ("));
        CHECK(futolab::test::has(one_file.out, "\nproved: " + bound));
        // One shard alone (--shard I/S) counts its file again too.
        drop_companions("ck");
        edit(shard_file("ck", 4, 3, 1), [&](const std::string& t) { return move_count(t, "multiple", "cyclic", 2); });
        const auto alone = run_cli("critical --few-relations 3 --n 4 --checkpoint ck --shard 1/4", dir.string());
        CHECK(alone.exit_code == 2);
        CHECK(alone.err.starts_with("futolab: ck/n4-k3-shard-001-of-004.yaml: key 'cyclic' is 2, where the shard counted again"));
    }
}

namespace {

// A few-relations config over the checkpoint folder `ck` (n = 4, K = 3: a few hundredths of a
// second a shard), with `limits` ("" for none).
std::string checkpoint_config(const std::string& ck, int shards, const std::string& limits) {
    return "name: fr\ntask: few-relations\ninstances:\n  - few_relations: { n: 4, k: 3, shards: " + std::to_string(shards) +
           ", checkpoint: " + ck + " }\nmethods: [ \"few-relations\" ]\noutput: fr.csv\n" +
           (limits.empty() ? "" : "limits: " + limits + "\n");
}

}  // namespace

// Red-team round 27, left open: a few-relations checkpoint recorded no limits, so a shard counted
// under a 1 h limit was taken into a run of 1 s (or the reverse), its row saying it was counted
// under the run's. Each shard file records the limits it was counted under (time_limit_ms,
// cpu_limit_ms, as the results CSV's columns), and a run or a critical command whose limits
// differ refuses the folder before any work (exit 2), naming the file, the key and both values.
// A file of an older futolab, recording none, is taken as before.
TEST_CASE("run and critical take a few-relations checkpoint only under the limits its shards were counted under",
          "[app][critical][few-relations][limits]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations", "limits");
    const auto config = [&dir](const std::string& name, const std::string& ck, const std::string& limits) {
        std::ofstream(dir / name) << checkpoint_config(ck, 2, limits);
    };
    const auto refused = [&dir](const futolab::test::CliResult& r, const std::string& key, const std::string& why) {
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(r.err.starts_with("futolab: ck/n4-k3-shard-000-of-002.yaml:"));
        CHECK(futolab::test::has(r.err, ": key '" + key + "' is " + why +
                                            ": its shard was counted under other limits than this count's"));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(!futolab::test::has(r.err, "counted again"));  // refused before the file is counted again
        (void)dir;
    };
    config("hour.yaml", "ck", "{ time: 1h }");
    REQUIRE(run_cli("run -q hour.yaml --out a", dir.string()).exit_code == 0);
    const fs::path file = dir / "ck" / "n4-k3-shard-000-of-002.yaml";
    CHECK(futolab::test::has(futolab::test::slurp(file.string()), "\ntime_limit_ms: 3600000\ncpu_limit_ms: 0\n"));

    config("second.yaml", "ck", "{ time: 20s }");
    const auto shorter = run_cli("run -q second.yaml --out b", dir.string());
    refused(shorter, "time_limit_ms", "3600000, where this count's wall time limit is 20000");
    CHECK(!fs::exists(dir / "b" / "fr.csv"));
    config("none.yaml", "ck", "");
    refused(run_cli("run -q none.yaml --out c", dir.string()), "time_limit_ms", "3600000, where this count's wall time limit is 0 (none)");
    config("cpu.yaml", "ck", "{ time: 1h, cpu: 30s }");
    refused(run_cli("run -q cpu.yaml --out d", dir.string()), "cpu_limit_ms", "0 (none), where this count's CPU time limit is 30000");
    // critical --few-relations counts without limits: the folder is refused there too.
    const auto critical = run_cli("critical --n 4 --few-relations 3 --checkpoint ck --shards 2", dir.string());
    refused(critical, "time_limit_ms", "3600000, where this count's wall time limit is 0 (none)");
    CHECK(critical.out.empty());

    // The same limits: taken, each row from its file.
    const auto same = run_cli("run -q hour.yaml --out e", dir.string());
    REQUIRE(same.exit_code == 0);
    CHECK(futolab::test::has(futolab::test::slurp((dir / "e" / "fr.csv").string()), R"(""from"":""checkpoint"")"));

    // Files of an older futolab, recording no limits: taken under any, as before.
    for (const char* name : {"n4-k3-shard-000-of-002.yaml", "n4-k3-shard-001-of-002.yaml"}) {
        const fs::path f = dir / "ck" / name;
        const std::string text = futolab::test::slurp(f.string());
        std::ofstream(f, std::ios::trunc) << with_line(with_line(text, "time_limit_ms", ""), "cpu_limit_ms", "");
    }
    CHECK(run_cli("run -q second.yaml --out f", dir.string()).exit_code == 0);
    CHECK(run_cli("critical --n 4 --few-relations 3 --checkpoint ck --shards 2", dir.string()).exit_code == 0);

    // The reverse: counted without limits (critical), then a run under 1 h.
    REQUIRE(run_cli("critical --n 4 --few-relations 3 --checkpoint ck2 --shards 2", dir.string()).exit_code == 0);
    config("hour2.yaml", "ck2", "{ time: 1h }");
    const auto longer = run_cli("run -q hour2.yaml --out g", dir.string());
    INFO(longer.err);
    CHECK(longer.exit_code == 2);
    CHECK(longer.err.starts_with("futolab: ck2/n4-k3-shard-000-of-002.yaml:"));
    CHECK(futolab::test::has(longer.err, ": key 'time_limit_ms' is 0 (none), where this count's wall time limit is 3600000: "));
    config("none2.yaml", "ck2", "");
    CHECK(run_cli("run -q none2.yaml --out h", dir.string()).exit_code == 0);
}

// Red-team round 27, left open: `critical --few-relations --checkpoint` counts the first shard
// file there again before any shard runs (files edited together, each consistent, printed a
// false "proved"), but `futolab run` of a few-relations config took the same files into its rows
// unchecked. It now counts the first file of each count that it would take again too, before
// any run: one that differs is refused (exit 2) naming it and the count, nothing written.
TEST_CASE("run of a few-relations config counts the first shard file it takes again before any run",
          "[app][few-relations]") {
    const fs::path dir = futolab::test::fresh_dir("few-relations", "run-recount");
    std::ofstream(dir / "fr.yaml") << checkpoint_config("ck", 4, "");
    const auto first = run_cli("run fr.yaml --out a", dir.string());
    REQUIRE(first.exit_code == 0);
    CHECK(!futolab::test::has(first.err, "counted again"));  // no file there yet
    const auto again = run_cli("run fr.yaml --out b", dir.string());
    REQUIRE(again.exit_code == 0);
    CHECK(futolab::test::has(again.err, "futolab: ck/n4-k3-shard-000-of-004.yaml: its shard counted again before any run, the same ("));
    CHECK(!futolab::test::has(again.err, "shard-001-of-004.yaml: its shard counted again"));  // the first file only
    CHECK(!futolab::test::has(run_cli("run -q fr.yaml --out c", dir.string()).err, "counted again"));

    // Every file edited alike, each consistent (one multiple puzzle moved into cyclic).
    for (int s = 0; s < 4; ++s) {
        const fs::path f = dir / "ck" / ("n4-k3-shard-00" + std::to_string(s) + "-of-004.yaml");
        const std::string t = futolab::test::slurp(f.string());
        std::ofstream(f, std::ios::trunc) << with_line(with_line(t, "multiple", "multiple: " + std::to_string(count_in(t, "multiple") - 1)),
                                                       "cyclic", "cyclic: " + std::to_string(count_in(t, "cyclic") + 1));
    }
    const auto edited = run_cli("run -q fr.yaml --out d", dir.string());
    INFO(edited.err);
    CHECK(edited.exit_code == 2);
    CHECK(edited.err.starts_with("futolab: ck/n4-k3-shard-000-of-004.yaml: key 'cyclic' is 1, where the shard counted again "
                                 "by this command ("));
    CHECK(futolab::test::has(edited.err, "a shard file must be what its shard counts: refusing to take the file or make its "
                                         "shard's row from it; remove it to count its shard again\n"));
    CHECK(std::count(edited.err.begin(), edited.err.end(), '\n') == 1);
    CHECK(!fs::exists(dir / "d" / "fr.csv"));
    // Each shard of the run (--shard I/2: its runs by their hash) counts its own first file again:
    // the two name different files.
    std::vector<std::string> named;
    for (const char* half : {"0/2", "1/2"}) {
        const auto r = run_cli(std::string("run -q fr.yaml --out e --shard ") + half, dir.string());
        CHECK(r.exit_code == 2);
        CHECK(r.err.starts_with("futolab: ck/n4-k3-shard-00"));
        CHECK(futolab::test::has(r.err, "-of-004.yaml: key 'cyclic' is 1, where the shard counted again"));
        named.push_back(r.err.substr(0, r.err.find(".yaml")));
    }
    CHECK(named[0] != named[1]);
}
