// The experiment driver end to end through the CLI: determinism, shards + merge, resume,
// signals (kill -9, full disks and limits: fault_test.cpp). Runs use node limits (not time
// limits) wherever rows must be reproducible, since a time limit makes the outcome depend on
// the machine's speed.
#include "../app/cli_runner.hpp"
#include "records/csv_reader.hpp"
#include "runner_helpers.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

using futolab::test::rows_by_run;
using futolab::test::run_cli;
using futolab::test::scratch;
using futolab::test::write_config;
namespace fs = std::filesystem;

TEST_CASE("the same config twice gives the same rows apart from time columns", "[runner][threads]") {
    const std::string dir = scratch("determinism");
    const std::string cfg = write_config(dir);
    REQUIRE(run_cli("run -q --jobs 2 " + cfg + " --out " + dir + "/a").exit_code == 0);
    REQUIRE(run_cli("run -q --jobs 1 " + cfg + " --out " + dir + "/b").exit_code == 0);
    const auto a = rows_by_run(dir + "/a/results.csv");
    CHECK(a.size() == futolab::test::kSweepRuns);
    CHECK(a == rows_by_run(dir + "/b/results.csv"));
    CHECK(fs::exists(dir + "/a/results.csv.meta.yaml"));
}

// The worker pool itself (what the tsan step checks): threads, so sanitizer builds keep two
// workers here (process isolation runs one worker there, runner.cpp).
TEST_CASE("two thread workers give the rows of one", "[runner][threads]") {
    const std::string dir = scratch("determinism-threads");
    const std::string cfg = write_config(dir, "isolation: thread\n");
    REQUIRE(run_cli("run -q --jobs 2 " + cfg + " --out " + dir + "/a").exit_code == 0);
    REQUIRE(run_cli("run -q --jobs 1 " + cfg + " --out " + dir + "/b").exit_code == 0);
    const auto a = rows_by_run(dir + "/a/results.csv");
    CHECK(a.size() == futolab::test::kSweepRuns);
    CHECK(a == rows_by_run(dir + "/b/results.csv"));
}

TEST_CASE("shards merged equal a single run", "[runner][threads][long]") {
    const std::string dir = scratch("shards");
    const std::string cfg = write_config(dir);
    REQUIRE(run_cli("run -q " + cfg + " --out " + dir + "/single").exit_code == 0);
    std::string shards;
    for (int i = 0; i < 3; ++i) {
        REQUIRE(run_cli("run -q " + cfg + " --shard " + std::to_string(i) + "/3 --out " + dir + "/sh").exit_code == 0);
        shards += " " + dir + "/sh/results.shard-" + std::to_string(i) + "-of-3.csv";
    }
    auto r = run_cli("merge" + shards + " --out " + dir + "/merged.csv");
    CHECK(r.exit_code == 0);
    CHECK(rows_by_run(dir + "/merged.csv") == rows_by_run(dir + "/single/results.csv"));
    // A missing shard is reported and fails the merge.
    r = run_cli("merge " + dir + "/sh/results.shard-0-of-3.csv --out " + dir + "/partial.csv");
    CHECK(r.exit_code == 1);
    const std::size_t in_shard = rows_by_run(dir + "/sh/results.shard-0-of-3.csv").size();
    CHECK(in_shard > futolab::test::kSweepRuns * 2 / 9);  // a fair slice (a third) of the runs
    CHECK(in_shard < futolab::test::kSweepRuns * 4 / 9);
    CHECK(r.err.find(std::to_string(futolab::test::kSweepRuns - in_shard) + " runs missing") != std::string::npos);
    // Shards of another config are refused.
    const std::string other = scratch("shards-other");
    REQUIRE(run_cli("run -q " + write_config(other, "description: other\n") + " --shard 1/3").exit_code == 0);
    r = run_cli("merge " + dir + "/sh/results.shard-0-of-3.csv " + other + "/out/results.shard-1-of-3.csv --out " +
                dir + "/bad.csv");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("comes from another config") != std::string::npos);
}

TEST_CASE("resume cuts a truncated last row and never duplicates", "[runner][resume][threads]") {
    const std::string dir = scratch("truncated");
    const std::string cfg = write_config(dir);
    REQUIRE(run_cli("run -q " + cfg).exit_code == 0);
    const std::string csv = dir + "/out/results.csv";
    const auto whole = rows_by_run(csv);
    fs::resize_file(csv, fs::file_size(csv) - 25);  // cut the last row in the middle
    const auto r = run_cli("run -q --resume " + cfg);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find(std::to_string(futolab::test::kSweepRuns - 1) + " already done, 1 written now") != std::string::npos);
    CHECK(rows_by_run(csv) == whole);
}

namespace {

// The records (header first) of a CSV's text, each with its newline; the test CSVs have no
// quoted newlines.
std::vector<std::string> lines_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line + "\n");
    return out;
}

std::string text_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool has_status(const std::string& line, const std::vector<std::string>& statuses) {
    for (const std::string& s : statuses)
        if (line.find("," + s + ",") != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("run --redo re-runs exactly the rows with those statuses and keeps every other byte", "[runner][resume][redo]") {
    const std::string dir = scratch("redo");
    const std::string cfg = dir + "/cfg.yaml";
    // 75 Tatham 5x5 x 2 solvers; a node limit of 400 stops about three quarters of them.
    std::ofstream(cfg) << "name: redo-test\nseed: 5\nmode: { count: 2 }\nlimits: { nodes: 400 }\ninstances:\n  - file: "
                       << futolab::test::kRoot << "/corpora/tatham-dev/n05.tatham\n"
                       << "solvers: [ \"bitmask\", \"fc:var=static\" ]\noutput: " << dir << "/out/results.csv\n";
    REQUIRE(run_cli("run -q " + cfg).exit_code == 0);
    const std::string csv = dir + "/out/results.csv";
    const std::vector<std::string> before = lines_of(csv);
    const auto rows_before = rows_by_run(csv);
    const std::vector<std::string> redo{"node_limit", "memout"};  // timeout: refused, the config sets no time limit
    std::vector<std::string> kept;
    for (const std::string& line : before)
        if (!has_status(line, redo)) kept.push_back(line);
    const std::size_t redone = before.size() - kept.size();
    REQUIRE(redone > 50);
    REQUIRE(kept.size() > 10);  // the header and the finished runs

    const auto r = run_cli("run -q --resume --redo node_limit,memout " + cfg);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("--redo took out " + std::to_string(redone) + " rows with status node_limit,memout") !=
          std::string::npos);
    CHECK(r.out.find(std::to_string(150 - redone) + " already done, " + std::to_string(redone) + " written now") !=
          std::string::npos);
    // The untouched rows, byte for byte and in their order, then the re-run ones.
    const std::vector<std::string> after = lines_of(csv);
    REQUIRE(after.size() == before.size());
    CHECK(std::vector<std::string>(after.begin(), after.begin() + static_cast<long>(kept.size())) == kept);
    for (std::size_t i = kept.size(); i < after.size(); ++i) CHECK(has_status(after[i], redo));
    CHECK(rows_by_run(csv) == rows_before);  // the same runs again (node limits are deterministic)
    const std::string meta = text_of(csv + ".meta.yaml");
    CHECK(meta.find("redone:\n  - at: ") != std::string::npos);
    CHECK(meta.find("statuses: [node_limit, memout]\n    rows: " + std::to_string(redone)) != std::string::npos);
    CHECK_FALSE(fs::exists(csv + ".redo.tmp"));

    // A second redo keeps the first in the sidecar; a status no row has changes no byte.
    const std::string whole = text_of(csv);
    REQUIRE(run_cli("run -q --resume --redo crash " + cfg).exit_code == 0);
    CHECK(text_of(csv) == whole);
    const std::string meta2 = text_of(csv + ".meta.yaml");
    CHECK(meta2.find("rows: " + std::to_string(redone)) != std::string::npos);
    CHECK(meta2.find("statuses: [crash]\n    rows: 0") != std::string::npos);

    // Bad usage: exit 2, the CSV untouched.
    auto bad = run_cli("run -q --redo timeout " + cfg);
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("--redo needs --resume") != std::string::npos);
    bad = run_cli("run -q --resume --redo nodelimit " + cfg);
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("--redo: 'nodelimit' is not a run status") != std::string::npos);
    CHECK(text_of(csv) == whole);
}

TEST_CASE("existing results are never overwritten without --resume", "[runner]") {
    const std::string dir = scratch("exists");
    const std::string cfg = write_config(dir);
    REQUIRE(run_cli("run -q " + cfg).exit_code == 0);
    const auto r = run_cli("run -q " + cfg);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("results exist already: use --resume") != std::string::npos);
}

TEST_CASE("an --out naming a file instead of a folder is one clear line and exit 2", "[runner]") {
    const std::string dir = scratch("out-is-file");
    const std::string cfg = write_config(dir);
    REQUIRE(run_cli("run -q " + cfg).exit_code == 0);
    // A file of no output kind's name (a name ending in .csv is refused as a results CSV's first).
    std::ofstream(dir + "/a-file") << "x\n";
    const auto r = run_cli("run -q --resume --out " + dir + "/a-file " + cfg);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("a-file: is a file, not a folder") != std::string::npos);
    CHECK(r.err.find("filesystem error") == std::string::npos);
}

TEST_CASE("SIGTERM stops cleanly with a valid CSV, and resume completes it", "[runner][signals][threads]") {
    const std::string dir = scratch("sigterm");
    const std::string cfg = write_config(dir);
    const std::string csv = dir + "/out/results.csv";
    // Signal once the first row is written (the handler is installed before any run starts),
    // not after a fixed sleep: under ThreadSanitizer start-up alone can take longer.
    const auto r = run_cli("run -q --jobs 2 " + cfg + " & pid=$!; for i in $(seq 500); do [ \"$(wc -l < " + csv +
                           " 2>/dev/null || echo 0)\" -ge 2 ] && break; sleep 0.02; done; kill -TERM $pid; wait $pid");
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("(interrupted: run again with --resume)") != std::string::npos);
    CHECK_FALSE(futolab::read_csv_file(csv).truncated);
    std::ifstream meta(csv + ".meta.yaml");
    const std::string sidecar((std::istreambuf_iterator<char>(meta)), std::istreambuf_iterator<char>());
    CHECK(sidecar.find("state: interrupted") != std::string::npos);
    CHECK(run_cli("run -q --resume " + cfg).exit_code == 0);
    CHECK(rows_by_run(csv).size() == futolab::test::kSweepRuns);
}

TEST_CASE("config errors stop the run before anything runs", "[runner]") {
    const std::string dir = scratch("badcfg");
    std::ofstream(dir + "/cfg.yaml") << "name: x\ninstances:\n  - file: " << dir << "/nothing*.futo\nsolvers: [gac]\n"
                                     << "output: " << dir << "/x.csv\n";
    const auto r = run_cli("run " + dir + "/cfg.yaml");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("cfg.yaml:3:11: file: no file matches") != std::string::npos);
    CHECK_FALSE(fs::exists(dir + "/x.csv"));
}

// Every path a config key names that cannot be what it must be (a folder, a symlink to nothing,
// a FIFO, nothing there, or for an output a file where its folder belongs) is refused at that
// key's line and column, naming the key, exit 2, before any output is made (red-team round 19:
// `file:` and `output:` refusals named no config line, critical_squares.file and
// critical_orders.file the source's line alone, builds[].path no column).
TEST_CASE("a config path that cannot be read or written is refused at the line and column of its key", "[runner][paths]") {
    const std::string dir = scratch("config-paths");
    fs::copy_file(futolab::test::kRoot + "/corpora/conjure-tutorial-4x4.futo", dir + "/p.futo");
    fs::create_directory(dir + "/adir");
    fs::create_symlink("nowhere", dir + "/dangling");
    REQUIRE(::mkfifo((dir + "/fifo").c_str(), 0644) == 0);
    std::ofstream(dir + "/afile") << "a file\n";
    struct Key {
        std::string name;      // as the message names it
        std::string before;    // the config up to the value
        std::string after;     // the config after it
        std::string place;     // LINE:COLUMN of the value
    };
    const std::vector<Key> keys{
        {"file", "name: e\ninstances:\n  - file: ", "\nsolvers: [ gac ]\noutput: o.csv\n", "3:11"},
        {"output", "name: e\ninstances:\n  - file: p.futo\nsolvers: [ gac ]\noutput: ", "\n", "5:9"},
        {"critical_squares.file", "name: e\ntask: greedy\ninstances:\n  - critical_squares: { file: ",
         " }\nmethods: [ critical ]\noutput: o.csv\n", "4:31"},
        {"critical_orders.file", "name: e\ntask: free-square\ninstances:\n  - critical_orders: { file: ",
         " }\nmethods: [ free-square ]\noutput: o.csv\n", "4:30"},
        {"build a: path", "name: e\ninstances:\n  - file: p.futo\nsolvers: [ gac ]\nbuilds:\n  - { name: a, path: ",
         " }\noutput: o.csv\n", "6:22"},
    };
    for (const Key& key : keys) {
        // A missing output is made: for it, a file where its folder belongs.
        for (const std::string value : {"adir", "dangling", "fifo", key.name == "output" ? "afile/o.csv" : "missing"}) {
            std::ofstream(dir + "/cfg.yaml", std::ios::trunc) << key.before << value << key.after;
            const auto r = run_cli("run -q cfg.yaml", dir);
            INFO(key.name << " " << value << ": " << r.err);
            CHECK(r.exit_code == 2);
            CHECK(r.err.starts_with("futolab: cfg.yaml:" + key.place + ": "));
            CHECK(r.err.find(key.name + (key.name == "file" && value == "missing" ? ": " : " " + value + ": ")) != std::string::npos);
            CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
            CHECK_FALSE(fs::exists(dir + "/o.csv"));
        }
    }
}

TEST_CASE("generated instances are the same in every run, shard and job count", "[runner][generate][threads]") {
    const std::string dir = scratch("generate");
    std::ofstream(dir + "/cfg.yaml") << "name: gen\nseed: 3\nmode: { count: 2 }\nlimits: { nodes: 100000 }\n"
                                        "instances:\n  - generate: { kind: random, n: [4, 5], givens: [0.2, 0.4],"
                                        " relations: 0.1, count: 5 }\n"
                                     << "solvers: [ fc, gac ]\noutput: " << dir << "/g.csv\n";
    REQUIRE(run_cli("run -q --jobs 2 " + dir + "/cfg.yaml --out " + dir + "/a").exit_code == 0);
    REQUIRE(run_cli("run -q --jobs 1 " + dir + "/cfg.yaml --shard 0/2 --out " + dir + "/b").exit_code == 0);
    REQUIRE(run_cli("run -q --jobs 1 " + dir + "/cfg.yaml --shard 1/2 --out " + dir + "/b").exit_code == 0);
    REQUIRE(run_cli("merge " + dir + "/b/g.shard-0-of-2.csv " + dir + "/b/g.shard-1-of-2.csv --out " + dir +
                    "/merged.csv").exit_code == 0);
    const auto a = rows_by_run(dir + "/a/g.csv");
    CHECK(a.size() == 2 * 2 * 5 * 2);
    CHECK(a == rows_by_run(dir + "/merged.csv"));
}

TEST_CASE("instance paths in a config are relative to the config file, with the old working-directory rule as fallback",
          "[runner][paths]") {
    const std::string dir = scratch("relpaths");
    fs::create_directories(dir + "/cfgs");
    fs::create_directories(dir + "/data");
    fs::copy_file(futolab::test::kRoot + "/corpora/conjure-tutorial-4x4.futo", dir + "/data/p.futo");
    const auto config = [&](const std::string& file) {
        std::ofstream(dir + "/cfgs/c.yaml", std::ios::trunc)
            << "name: rel\ninstances:\n  - file: " << file << "\nsolvers: [gac]\nisolation: thread\noutput: out/" << file.size()
            << ".csv\n";
    };
    // Beside the config: found from any working directory, no note.
    config("../data/p.futo");
    for (const std::string& cwd : {dir, dir + "/cfgs", std::string("/")}) {
        const auto r = run_cli("run -q " + dir + "/cfgs/c.yaml --out " + dir + "/o" + std::to_string(cwd.size()), cwd);
        INFO(cwd << ": " << r.err);
        CHECK(r.exit_code == 0);
        CHECK(r.err.find("note") == std::string::npos);
    }
    // Written for the working directory (the old rule): still read from there, with a note.
    config("data/p.futo");
    const auto old = run_cli("run -q cfgs/c.yaml --out " + dir + "/old", dir);
    CHECK(old.exit_code == 0);
    CHECK(old.err.find("cfgs/c.yaml:3:11: 'data/p.futo' matches nothing beside the config, so it is read from the working "
                       "directory; paths in a config are relative to the config file (write '../data/p.futo')") !=
          std::string::npos);
    // Neither: the error names where it looked.
    const auto none = run_cli("run -q " + dir + "/cfgs/c.yaml --out " + dir + "/none", "/");
    CHECK(none.exit_code == 2);
    CHECK(none.err.find("no file matches 'data/p.futo' (relative to the config file: '" + dir + "/cfgs/data/p.futo')") !=
          std::string::npos);
}
