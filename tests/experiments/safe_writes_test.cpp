// Issue #25, "writes that cannot destroy" and "every message names the cell", through the CLI:
// an output that would replace an input, a results CSV or a sidecar is refused (exit 2, files
// unchanged) unless --force; nothing is written through a symlink or a planted temp name; a
// closed stderr cannot turn the CSV into the progress bar's output; cells a spreadsheet
// changed are refused by resume and merge with file, line and column.
#include "../app/cli_runner.hpp"
#include "records/csv_reader.hpp"
#include "records/results_csv.hpp"
#include "records/sidecar.hpp"
#include "runner_helpers.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using futolab::test::run_cli;
using futolab::test::scratch;
using futolab::test::replace_in_file;
using futolab::test::slurp;
namespace fs = std::filesystem;

using futolab::test::has;

namespace {

// 75 Tatham 4x4 puzzles x 2 solvers = 150 runs, in 2 shards under DIR/sh.
std::string small_config(const std::string& dir) {
    const std::string path = dir + "/cfg.yaml";
    std::ofstream(path) << "name: safe-writes\nseed: 1\nmode: { count: 2 }\ninstances:\n  - file: "
                        << futolab::test::kRoot << "/corpora/tatham-dev/n04.tatham\n"
                        << "solvers: [ \"bitmask\", \"fc\" ]\noutput: " << dir << "/out/r.csv\n";
    return path;
}

std::string shards_of(const std::string& dir) {
    const std::string cfg = small_config(dir);
    std::string shards;
    for (int i = 0; i < 2; ++i) {
        REQUIRE(run_cli("run -q " + cfg + " --shard " + std::to_string(i) + "/2 --out " + dir + "/sh").exit_code == 0);
        shards += " " + dir + "/sh/r.shard-" + std::to_string(i) + "-of-2.csv";
    }
    return shards;
}

// Files in `dir` whose name holds ".tmp": a temporary file left behind.
std::size_t temp_files(const std::string& dir) {
    std::size_t n = 0;
    for (const auto& e : fs::directory_iterator(dir)) n += has(e.path().filename().string(), ".tmp");
    return n;
}

}  // namespace

TEST_CASE("report and merge never replace an input, a results CSV or a sidecar without --force", "[records][safe-writes]") {
    const std::string dir = scratch("safe-outputs");
    const std::string shards = shards_of(dir), first = dir + "/sh/r.shard-0-of-2.csv";
    const std::string csv = slurp(first), meta = slurp(first + ".meta.yaml");
    for (const std::string& args : {"report " + first + " --out " + first,
                                    "report " + first + " --out " + dir + "/sh/./r.shard-1-of-2.csv",
                                    "merge" + shards + " --out " + first, "merge" + shards + " --out " + dir + "/sh/../sh/r.shard-1-of-2.csv"}) {
        INFO(args);
        const auto r = run_cli(args);
        INFO(r.err);
        CHECK(r.exit_code == 2);
        // A page over an input is refused --force or not, and says so (red-team round 27, A F6).
        // A page over another results CSV: no --force advised, the name being refused anyway (round 27, C F6).
        const bool other_input = args.find("/./") != std::string::npos;
        CHECK(has(r.err, !args.starts_with("report") ? "refusing to overwrite it (use another file, or --force)"
                         : other_input             ? "is a results CSV: refusing to overwrite it (use another file)"
                                                   : "refusing to overwrite it, --force or not"));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
    // An input's sidecar: not even with --force (tests/records/input_companions_test.cpp).
    const auto sidecar = run_cli("report " + first + " --out " + first + ".meta.yaml");
    CHECK(sidecar.exit_code == 2);
    CHECK(has(sidecar.err, "is the sidecar of the input " + first + ": an input's companion files are never replaced"));
    CHECK(slurp(first) == csv);
    CHECK(slurp(first + ".meta.yaml") == meta);
    // A merged CSV is a results CSV too: merging again over it needs --force.
    REQUIRE(run_cli("merge" + shards + " --out " + dir + "/m.csv").exit_code == 0);
    const auto again = run_cli("merge" + shards + " --out " + dir + "/m.csv");
    CHECK(again.exit_code == 2);
    CHECK(has(again.err, "--out " + dir + "/m.csv: is a results CSV"));
    CHECK(run_cli("merge" + shards + " --out " + dir + "/m.csv --force").exit_code == 0);
    // The sidecar alone is guarded too (a CSV removed by hand, its sidecar left).
    fs::remove(dir + "/m.csv");
    CHECK(run_cli("merge" + shards + " --out " + dir + "/m.csv").exit_code == 2);
    // --force replaces an input only with its like (red-team round 25): a page over the results
    // CSV would leave its sidecar beside HTML.
    const auto page = run_cli("report " + first + " --out " + first + " --force");
    CHECK(page.exit_code == 2);
    CHECK(has(page.err, "is the input " + first + ", and is no file of its kind: refusing to overwrite it, --force or not"));
    CHECK(slurp(first) == csv);
    CHECK(temp_files(dir) == 0);
}

TEST_CASE("merge writes through no symlink and never opens a planted temp name", "[records][safe-writes]") {
    const std::string dir = scratch("safe-symlinks");
    const std::string shards = shards_of(dir);
    std::ofstream(dir + "/victim.txt") << "keep me\n";
    fs::create_symlink(dir + "/victim.txt", dir + "/m.csv.meta.yaml.tmp");  // the old fixed temp name
    fs::create_symlink(dir + "/victim.txt", dir + "/m.csv.tmp");
    REQUIRE(run_cli("merge" + shards + " --out " + dir + "/m.csv").exit_code == 0);
    CHECK(slurp(dir + "/victim.txt") == "keep me\n");
    CHECK(fs::is_regular_file(fs::symlink_status(dir + "/m.csv.meta.yaml")));
    // --out itself a symlink to a file that is not results: the link is replaced, the file kept.
    fs::create_symlink(dir + "/victim.txt", dir + "/link.csv");
    REQUIRE(run_cli("merge" + shards + " --out " + dir + "/link.csv").exit_code == 0);
    CHECK(slurp(dir + "/victim.txt") == "keep me\n");
    CHECK(fs::is_regular_file(fs::symlink_status(dir + "/link.csv")));
    // A symlink to a results CSV is refused like the CSV.
    fs::create_symlink(dir + "/m.csv", dir + "/link2.csv");
    CHECK(run_cli("merge" + shards + " --out " + dir + "/link2.csv").exit_code == 2);
    CHECK(temp_files(dir) == 2);  // the two planted links, nothing of futolab's
}

TEST_CASE("merge names a run cell outside the matrix and refuses a total_runs its matrix has not", "[records][safe-writes]") {
    const std::string dir = scratch("safe-merge-cells");
    const std::string shards = shards_of(dir), first = dir + "/sh/r.shard-0-of-2.csv";
    const futolab::CsvTable t = futolab::read_csv_file(first);
    const std::string run = t.rows[0][t.column("run", first)];
    const std::string header = slurp(first).substr(0, slurp(first).find('\n') + 1);
    // The sidecars claim 10^10 runs, which the matrix of their config, made again, has not: refused
    // (merged as "150 of 10000000000 runs" before). (Both: shards whose sidecars disagree on the
    // total are refused.) One shard alone: the missing runs counted, the first ten listed.
    const std::string second = dir + "/sh/r.shard-1-of-2.csv", meta = slurp(first + ".meta.yaml"),
                      meta2 = slurp(second + ".meta.yaml");
    for (const std::string& shard : {first, second})
        replace_in_file(shard + ".meta.yaml", "total_runs: 150", "total_runs: 10000000000");
    auto r = run_cli("merge" + shards + " --out " + dir + "/m.csv");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "its sidecar says total_runs: 10000000000, where its config's run matrix has 150 runs"));
    CHECK_FALSE(fs::exists(dir + "/m.csv"));
    std::ofstream(first + ".meta.yaml", std::ios::binary | std::ios::trunc) << meta;
    std::ofstream(second + ".meta.yaml", std::ios::binary | std::ios::trunc) << meta2;
    r = run_cli("merge " + first + " --out " + dir + "/m1.csv");
    CHECK(r.exit_code == 1);
    CHECK(has(r.out, " of 150 runs"));
    CHECK(has(r.err, " runs missing (run "));
    CHECK(has(r.err, ", ...)"));
    // A run index written as 1.5, as 1E+2 or beyond the matrix is no run of it.
    for (const std::string& bad : {std::string("1.5"), std::string("1E+2"), std::string("150"), std::string("")}) {
        std::vector<std::string> row = t.rows[0];
        row[t.column("run", first)] = bad;
        std::string line;
        for (const std::string& cell : row) line += (line.empty() ? "" : ",") + futolab::csv_quote(cell);
        std::ofstream(dir + "/bad.csv", std::ios::binary | std::ios::trunc) << header << line << "\n";
        fs::copy_file(first + ".meta.yaml", dir + "/bad.csv.meta.yaml", fs::copy_options::overwrite_existing);
        r = run_cli("merge " + dir + "/bad.csv --out " + dir + "/mb.csv");
        INFO(bad << ": " << r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, dir + "/bad.csv:2: column 'run': '" + bad + "' is "));
    }
    CHECK(!run.empty());
}

TEST_CASE("a closed stderr does not turn the results CSV into the progress output", "[records][safe-writes]") {
    const std::string dir = scratch("safe-fds");
    const std::string cfg = small_config(dir);
    const auto r = run_cli("run " + cfg + " 2>&- <&-");
    CHECK(r.exit_code == 0);
    const std::string csv = dir + "/out/r.csv";
    const futolab::CsvTable t = futolab::read_csv_file(csv);  // throws on a progress line
    CHECK(t.rows.size() == 150);
    CHECK_FALSE(has(slurp(csv), " runs"));
}

TEST_CASE("resume and merge refuse a CSV re-saved by a spreadsheet, naming the cell", "[records][safe-writes][resume]") {
    const std::string dir = scratch("safe-resaved");
    const std::string cfg = small_config(dir);
    REQUIRE(run_cli("run -q " + cfg).exit_code == 0);
    const std::string csv = dir + "/out/r.csv";
    const futolab::CsvTable t = futolab::read_csv_file(csv);
    const std::string seed = t.rows[0][t.column("seed", csv)];
    // The seed of line 2 as a spreadsheet shows a 19-digit number.
    replace_in_file(csv, "," + seed + ",", ",5.17E+18,");
    std::string text = slurp(csv);
    auto r = run_cli("run -q --resume " + cfg);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, csv + ":2: column 'seed': '5.17E+18' is not a whole number in plain digits"));
    CHECK(slurp(csv) == text);
    r = run_cli("merge " + csv + " --out " + dir + "/m.csv");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, csv + ":2: column 'seed': '5.17E+18' is not a whole number in plain digits"));
    CHECK_FALSE(fs::exists(dir + "/m.csv"));
    // CR LF line ends are RFC 4180's (issue #44): read, and the mangled seed still refused.
    std::string crlf;
    for (const char ch : text) crlf += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
    std::ofstream(csv, std::ios::binary | std::ios::trunc) << crlf;
    for (const std::string& args : {"run -q --resume " + cfg, "merge " + csv + " --out " + dir + "/m2.csv"}) {
        INFO(args);
        r = run_cli(args);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, csv + ":2: column 'seed': '5.17E+18' is not a whole number in plain digits"));
    }
    CHECK(slurp(csv) == crlf);
}

TEST_CASE("merge refuses shards of two builds, and its sidecar names the shards' build", "[records][safe-writes]") {
    const std::string dir = scratch("safe-merge-version");
    const std::string shards = shards_of(dir), first = dir + "/sh/r.shard-0-of-2.csv",
                      second = dir + "/sh/r.shard-1-of-2.csv";
    const std::string meta = slurp(first + ".meta.yaml");
    const std::size_t at = meta.find("binary_hash: ") + 13;
    const std::string hash = meta.substr(at, 16);
    futolab::test::as_another_binary(first);
    auto r = run_cli("merge" + shards + " --out " + dir + "/m.csv");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, second + ": made by futolab "));  // the shard that differs from the first, naming both
    CHECK(has(r.err, "binary " + hash + "), not futolab "));
    CHECK(has(r.err, "binary 0123456789abcdef) (" + second + ".meta.yaml:"));  // where the shard's sidecar holds it
    CHECK(has(r.err, ", unlike " + first + ": "));
    CHECK(has(r.err, "refusing to merge shards of two builds"));
    CHECK_FALSE(fs::exists(dir + "/m.csv"));
    // Both shards of that other build: merged, and the merged sidecar names it, not the merger.
    futolab::test::as_another_binary(second);
    r = run_cli("merge" + shards + " --out " + dir + "/m.csv");
    CHECK(r.exit_code == 0);
    const std::string merged = slurp(dir + "/m.csv.meta.yaml");
    CHECK(merged.find("futolab:\n  version: ") == merged.find("futolab:"));
    CHECK(merged.find("binary_hash: 0123456789abcdef") < merged.find("merged_by:"));
    CHECK(merged.find("merged_by:\n  version: ") != std::string::npos);
    CHECK(merged.find("binary_hash: " + hash) > merged.find("merged_by:"));
}

// A run asks its lock before every row (known limit of round 9, fixed): a lock file removed by
// hand lets a second run lock a new one and append beside this one, so the run stops at the
// next row, writes none, and leaves the sidecar alone (another writer may own it now). The
// command removes the lock during the first run, so the row after it is the one refused.
TEST_CASE("a run stops at the next row once its lock file is removed", "[records][safe-writes][lock]") {
    const std::string dir = scratch("run-lock-removed"), csv = dir + "/r.csv", lock = dir + "/.r.csv.lock";
    const std::string cfg = dir + "/cfg.yaml";
    std::ofstream(cfg) << "name: lock-removed\nseed: 1\nisolation: thread\nmode: { count: 2 }\n"
                       << "commands:\n  - name: rmlock\n    argv: [sh, -c, 'rm -f \"$0\"', \"" << lock
                       << "\", \"{instance}\"]\n    format: futo\n"
                       << "instances:\n  - file: " << futolab::test::kRoot << "/corpora/tatham-dev/n04.tatham\n"
                       << "solvers: [ \"command:name=rmlock\" ]\noutput: " << csv << "\n";
    const auto r = run_cli("run -q --jobs 1 " + cfg);
    INFO(r.err);
    CHECK(r.exit_code != 0);
    CHECK(has(r.err, ".r.csv.lock: removed or replaced while futolab held it"));
    CHECK(futolab::read_csv_file(csv).rows.empty());  // the row after the removal was not appended
    const std::string sidecar = slurp(csv + ".meta.yaml");  // as written at the start: not rewritten after
    CHECK(has(sidecar, "state: running"));
}
