// `futolab merge` takes only rows that are runs of the experiment their sidecar's config
// describes (issue #45, round 6): a shard row whose seed, repeat, spec, mode, experiment, run or
// instance_hash cell was edited was merged silently ("8 of 8 runs"). Now exit 2, naming the
// file, line and column (experiments/merged_rows.hpp).
#include "cli_runner.hpp"
#include "records/csv_quote.hpp"
#include "records/csv_reader.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <fstream>

using futolab::test::has;
using futolab::test::run_cli;
namespace fs = std::filesystem;

namespace {

// Two shards of a small count sweep (two solvers, two repeats), made once.
fs::path shards() {
    static const fs::path dir = [] {
        const fs::path d = futolab::test::fresh_dir("merge-rows", "shards");
        REQUIRE(run_cli("generate unique --n 4 --count 2 --seed 3 --out p.jsonl", d.string()).exit_code == 0);
        std::ofstream(d / "s.yaml") << "name: mr\nseed: 1\nrepeats: 2\nmode: { count: 2 }\ninstances:\n"
                                       "  - file: p.jsonl\nsolvers: [ fc, \"gac:sac=none\" ]\n";
        for (const char* shard : {"1/2", "2/2"})
            REQUIRE(run_cli(std::string("run -q s.yaml --out sh --shard ") + shard, d.string()).exit_code == 0);
        return d / "sh";
    }();
    return dir;
}

void write_row(std::ostream& out, const std::vector<std::string>& row) {
    for (std::size_t c = 0; c < row.size(); ++c) out << (c ? "," : "") << futolab::csv_quote(row[c]);
    out << "\n";
}

// A copy of the shards with cell `column` of shard 2's first row replaced by what `edit` makes
// of it; returns the merge's result.
futolab::test::CliResult merge_edited(const std::string& name, const std::string& column,
                                      const std::function<std::string(const std::string&)>& edit,
                                      fs::path* merged = nullptr) {
    const fs::path dir = futolab::test::fresh_dir("merge-rows", name);
    if (merged != nullptr) *merged = dir / "m.csv";
    fs::copy(shards(), dir);
    const std::string second = (dir / "mr.shard-2-of-2.csv").string();
    futolab::CsvTable t = futolab::read_csv_file(second);
    std::string& cell = t.rows.at(0).at(t.column(column, second));
    cell = edit(cell);
    std::ofstream out(second, std::ios::trunc);
    write_row(out, t.header);
    for (const auto& row : t.rows) write_row(out, row);
    out.close();
    return run_cli("merge " + (dir / "mr.shard-1-of-2.csv").string() + " " + second + " --out " +
                   (dir / "m.csv").string());
}

std::string column_number(const std::string& column) {
    const futolab::CsvTable t = futolab::read_csv_file((shards() / "mr.shard-2-of-2.csv").string());
    return std::to_string(t.column(column, "shard") + 1);
}

// The message names shard 2, line 2 (its first row) and the column, on one line.
void check_refused(const futolab::test::CliResult& r, const std::string& name, const std::string& column) {
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, name + "/mr.shard-2-of-2.csv:2:" + column_number(column) + ": column '" + column + "' is '"));
    CHECK(has(r.err, "refusing to merge it"));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

}  // namespace

TEST_CASE("merge takes the shards as the sweep wrote them", "[cli][merge]") {
    const auto r = merge_edited("unedited", "seed", [](const std::string& s) { return s; });
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "8 of 8 runs from 2 files"));
}

TEST_CASE("merge refuses a row whose cells the config would not write", "[cli][merge]") {
    // Each cell edited so that the row stays well formed: only its run says it is wrong.
    check_refused(merge_edited("seed", "seed", [](const std::string& s) { return std::to_string(std::stoull(s) + 1); }),
                  "seed", "seed");
    check_refused(merge_edited("repeat", "repeat", [](const std::string& s) { return s == "1" ? "2" : "1"; }), "repeat",
                  "seed");
    check_refused(merge_edited("repeat-out", "repeat", [](const std::string&) { return "0"; }), "repeat-out", "repeat");
    check_refused(merge_edited("hash", "instance_hash", [](const std::string&) { return "0123456789abcdef"; }), "hash",
                  "seed");
    // Another run of the matrix, one place on: its solver or repeat are not this row's.
    check_refused(merge_edited("run", "run", [](const std::string& s) { return std::to_string(s == "0" ? 1 : std::stoull(s) - 1); }),
                  "run", "run");
    check_refused(merge_edited("mode", "mode", [](const std::string&) { return "count:3"; }), "mode", "mode");
    check_refused(merge_edited("experiment", "experiment", [](const std::string&) { return "other"; }), "experiment",
                  "experiment");
    // A spec the config does not have, and the config's other spec (its solver cell then differs).
    check_refused(merge_edited("spec-unknown", "spec", [](const std::string&) { return "fc:var=static"; }),
                  "spec-unknown", "spec");
    check_refused(merge_edited("spec-other", "spec", [](const std::string& s) { return s == "fc" ? "gac:sac=none" : "fc"; }),
                  "spec-other", "solver");
}

// Round 7: the instance cell was not checked (it needs the matrix). Now each row's instance,
// instance_hash and n must be those of the other rows of its instance's block, and an id belongs
// to one block: an id edited to another instance's, or to a new one beside an unedited row of
// its block, is refused.
TEST_CASE("merge refuses a row whose instance cell another row of the merge contradicts", "[cli][merge]") {
    const auto other = [](const std::string& id) {
        const futolab::CsvTable t = futolab::read_csv_file((shards() / "mr.shard-1-of-2.csv").string());
        for (const auto& row : t.rows)
            if (row[t.column("instance", "shard")] != id) return row[t.column("instance", "shard")];
        FAIL("one instance only");
        return std::string();
    };
    check_refused(merge_edited("instance-new", "instance", [](const std::string& s) { return s + "x"; }), "instance-new",
                  "instance");
    check_refused(merge_edited("instance-other", "instance", other), "instance-other", "instance");
    const auto n = merge_edited("n", "n", [](const std::string&) { return "5"; });
    INFO(n.err);
    CHECK(n.exit_code == 2);
    CHECK(has(n.err, "column 'n' is '5', where the first row of its instance's runs ("));
}

// Round 7: the cells a shard's config and sidecar fix for every row (where it ran, its limits,
// whether its counters are deterministic, the binary that ran it) were merged as edited.
TEST_CASE("merge refuses a row whose isolation, limit, deterministic or build cell its shard would not write",
          "[cli][merge]") {
    check_refused(merge_edited("isolation", "isolation", [](const std::string&) { return "fork"; }), "isolation",
                  "isolation");
    check_refused(merge_edited("time-limit", "time_limit_ms", [](const std::string&) { return "5000"; }), "time-limit",
                  "time_limit_ms");
    check_refused(merge_edited("cpu-limit", "cpu_limit_ms", [](const std::string&) { return "0.5"; }), "cpu-limit",
                  "cpu_limit_ms");
    check_refused(merge_edited("memory-limit", "memory_limit_kb", [](const std::string&) { return "1024"; }),
                  "memory-limit", "memory_limit_kb");
    check_refused(merge_edited("deterministic", "deterministic", [](const std::string& s) { return s == "1" ? "0" : "1"; }),
                  "deterministic", "deterministic");
    check_refused(merge_edited("build", "build",
                               [](const std::string& s) { return s.substr(0, s.rfind(':') + 1) + "0000000000000000"; }),
                  "build", "build");
}

namespace {

// A copy of the shards with `from` replaced by `to` in the sidecar of shard `shard`; returns the
// merge's result.
futolab::test::CliResult merge_sidecar_edited(const std::string& name, const std::string& from, const std::string& to,
                                              int shard) {
    const fs::path dir = futolab::test::fresh_dir("merge-rows", name);
    fs::copy(shards(), dir);
    const fs::path meta = dir / ("mr.shard-" + std::to_string(shard) + "-of-2.csv.meta.yaml");
    std::string text = futolab::test::slurp(meta.string());
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    std::ofstream(meta, std::ios::trunc) << text;
    return run_cli("merge " + (dir / "mr.shard-1-of-2.csv").string() + " " + (dir / "mr.shard-2-of-2.csv").string() +
                   " --out " + (dir / "m.csv").string());
}

}  // namespace

// Round 7: shards run with two --isolation values were merged into one file (its sidecar saying
// no isolation), and a shard's sidecar with another total or timing was not noticed; one without
// its `futolab` key was refused as "shards of two builds".
TEST_CASE("merge refuses shards whose sidecars disagree on isolation, total or timing", "[cli][merge]") {
    // The config text is the first shard's (the others must have its hash): edited there, it no
    // longer hashes to its config_hash.
    for (const auto& [name, from, to, shard, says] :
         {std::tuple{"isolation", "isolation: process", "isolation: fork", 2, "refusing to merge shards of two isolations"},
          {"total", "total_runs: 8", "total_runs: 9", 2, "its sidecar says the experiment has 9 runs"},
          {"warmup", "warmup: 0", "warmup: 1", 2, "its sidecar's timing (order, warmup, pin) differs"},
          {"config-text", "  name: mr\n", "  name: mr # edited\n", 1, "its config text hashes to "},
          {"no-futolab", "\nfutolab:", "\nfutolab_gone:", 2, "mr.shard-2-of-2.csv.meta.yaml: key 'futolab' is missing"}}) {
        INFO(name);
        const auto r = merge_sidecar_edited(name, from, to, shard);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, says));
    }
    // The merged sidecar says where its rows ran.
    fs::path merged;
    REQUIRE(merge_edited("isolation-kept", "seed", [](const std::string& s) { return s; }, &merged).exit_code == 0);
    CHECK(has(futolab::test::slurp(merged.string() + ".meta.yaml"), "  isolation: process\n"));
}
