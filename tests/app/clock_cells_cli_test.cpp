// Resume and merge refuse a row whose clocks or counters contradict each other or the sweep
// that made it (experiments/clock_facts.hpp; red-team round 26, B F1 and C F1): cpu_ns 2^63 − 1
// or far above a one-thread run's wall_ns, wall_ns longer than the sweep, fails above nodes + 1,
// max_depth above nodes or the puzzle's cells, nodes 2^64 − 1 in a µs run, session 2^32 and a
// process row's max_rss_kb 0 were resumed and merged, and critical --exact --resume wrote the
// doctored wall time into its record's time_ms. Exit 2 naming the file, line and column; the
// files as futolab wrote them resume and merge, and a resume keeps the first run's start.
#include "cli_runner.hpp"
#include "records/csv_reader.hpp"
#include "records/sidecar.hpp"
#include "records/sidecar_numbers.hpp"
#include "tests/experiments/csv_edit.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <utility>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// Two shards of a count sweep of 4 x 4 puzzles (gac and fc, two repeats) in `isolation`, made once
// per isolation in DIR/sh, with the config in DIR/s.yaml.
fs::path sweep(const std::string& isolation) {
    const fs::path d = futolab::test::fresh_dir("clock-cells", "sweep-" + isolation);
    REQUIRE(run_cli("generate unique --n 4 --count 3 --seed 5 --out p.jsonl", d.string()).exit_code == 0);
    std::ofstream(d / "s.yaml") << "name: cc\nseed: 1\nrepeats: 2\nmode: { count: 2 }\nisolation: " << isolation
                                << "\ninstances:\n  - file: p.jsonl\nsolvers: [ gac, fc ]\n";
    for (const char* shard : {"0/2", "1/2"})
        REQUIRE(run_cli(std::string("run -q s.yaml --out sh --shard ") + shard, d.string()).exit_code == 0);
    return d;
}

const fs::path& thread_sweep() {
    static const fs::path d = sweep("thread");
    return d;
}

// An edit of the first row of shard 1's table, given that row's cells.
using RowEdit = std::function<void(futolab::CsvTable&, std::vector<std::string>&)>;

std::string& cell(futolab::CsvTable& t, std::vector<std::string>& row, const std::string& column) {
    return row.at(t.column(column, "t"));
}

std::uint64_t number(futolab::CsvTable& t, std::vector<std::string>& row, const std::string& column) {
    return std::stoull(cell(t, row, column));
}

// A copy of `base`'s sweep with `edit` made to shard 1's first row, and what resume (of that
// shard) and merge (of both) say of it; the shard's line 2 and the edited column's place.
struct Outcome {
    futolab::test::CliResult resume, merge;
    std::string place;  // "cc.shard-1-of-2.csv:2:COLUMN:"
    std::string csv_after;
    std::string csv_edited;
};

Outcome edited(const fs::path& base, const std::string& name, const std::string& column, const RowEdit& edit) {
    const fs::path d = futolab::test::fresh_dir("clock-cells", name);
    fs::copy(base, d, fs::copy_options::recursive);
    const fs::path shard = d / "sh" / "cc.shard-1-of-2.csv";
    futolab::CsvTable t = futolab::read_csv_file(shard.string());
    edit(t, t.rows.at(0));
    futolab::test::write_csv_table(shard, t);
    Outcome o;
    o.csv_edited = slurp(shard.string());
    o.place = "cc.shard-1-of-2.csv:2:" + std::to_string(t.column(column, "t") + 1) + ": column '" + column + "'";
    o.resume = run_cli("run -q s.yaml --out sh --shard 1/2 --resume", d.string());
    o.csv_after = slurp(shard.string());
    o.merge = run_cli("merge sh/cc.shard-0-of-2.csv sh/cc.shard-1-of-2.csv --out m.csv", d.string());
    return o;
}

RowEdit set_to(const std::string& column, const std::string& value) {
    return [column, value](futolab::CsvTable& t, std::vector<std::string>& row) { cell(t, row, column) = value; };
}

void refused(const Outcome& o, const std::string& says) {
    INFO(o.resume.err);
    INFO(o.merge.err);
    CHECK(o.resume.exit_code == 2);
    CHECK(has(o.resume.err, o.place + " is '"));
    CHECK(has(o.resume.err, says));
    CHECK(has(o.resume.err, "refusing to resume; use a new --out"));
    CHECK(o.csv_after == o.csv_edited);  // nothing appended
    CHECK(o.merge.exit_code == 2);
    CHECK(has(o.merge.err, o.place + " is '"));
    CHECK(has(o.merge.err, says));
    CHECK(has(o.merge.err, "refusing to merge it"));
}

void taken(const Outcome& o) {
    INFO(o.resume.err);
    INFO(o.merge.err);
    CHECK(o.resume.exit_code == 0);
    CHECK(o.merge.exit_code == 0);
}

}  // namespace

TEST_CASE("resume and merge refuse a one-thread run's CPU time far above its wall time", "[resume][merge][clocks]") {
    refused(edited(thread_sweep(), "cpu-max", "cpu_ns", set_to("cpu_ns", "9223372036854775807")), "more than 1.25 × its wall_ns");
    refused(edited(thread_sweep(), "cpu-100", "cpu_ns",
                   [](futolab::CsvTable& t, std::vector<std::string>& row) {
                       cell(t, row, "cpu_ns") = std::to_string(number(t, row, "wall_ns") * 100 + 20'000'000);
                   }),
            "is timed on its one thread's CPU clock inside its wall time");
    refused(edited(thread_sweep(), "cpu-edge", "cpu_ns",
                   [](futolab::CsvTable& t, std::vector<std::string>& row) {
                       cell(t, row, "cpu_ns") = std::to_string(number(t, row, "wall_ns") * 5 / 4 + 10'000'001);
                   }),
            "+ 10 ms =");
    // At the bound, and a CPU time below the wall time, as runs write them.
    taken(edited(thread_sweep(), "cpu-at-bound", "cpu_ns", [](futolab::CsvTable& t, std::vector<std::string>& row) {
        cell(t, row, "wall_ns") = "4000000";
        cell(t, row, "cpu_ns") = "15000000";
    }));
}

TEST_CASE("resume and merge refuse a wall or calibration time longer than the sweep", "[resume][merge][clocks]") {
    // The shard's sidecar: its first run's start to its finish, whole seconds.
    const futolab::SidecarFacts made = futolab::read_sidecar((thread_sweep() / "sh" / "cc.shard-1-of-2.csv").string());
    REQUIRE_FALSE(made.first_started.empty());
    const std::uint64_t most = (futolab::utc_seconds(made.finished) - futolab::utc_seconds(made.first_started) + 62) * 1'000'000'000ULL;
    refused(edited(thread_sweep(), "wall-max", "wall_ns", set_to("wall_ns", "9223372036854775807")),
            "longer than the sweep that made the row (its sidecar says run.first_started " + made.first_started);
    refused(edited(thread_sweep(), "wall-past", "wall_ns", set_to("wall_ns", std::to_string(most + 1))),
            "cc.shard-1-of-2.csv.meta.yaml:");
    refused(edited(thread_sweep(), "calibration", "calibration_ns", set_to("calibration_ns", "18446744073709551615")),
            "longer than the sweep");
    taken(edited(thread_sweep(), "wall-at-bound", "wall_ns", [most](futolab::CsvTable& t, std::vector<std::string>& row) {
        cell(t, row, "wall_ns") = std::to_string(most);
        cell(t, row, "calibration_ns") = std::to_string(most);
    }));
}

TEST_CASE("resume and merge refuse counters that no search counts", "[resume][merge][clocks][long]") {
    refused(edited(thread_sweep(), "fails", "fails",
                   [](futolab::CsvTable& t, std::vector<std::string>& row) {
                       cell(t, row, "fails") = std::to_string(number(t, row, "nodes") + 2);
                   }),
            "more than nodes + 1");
    refused(edited(thread_sweep(), "depth-nodes", "max_depth",
                   [](futolab::CsvTable& t, std::vector<std::string>& row) {
                       cell(t, row, "max_depth") = std::to_string(number(t, row, "nodes") + 1);
                   }),
            "where each decision on the deepest node's path is a node");
    refused(edited(thread_sweep(), "depth-cells", "max_depth",
                   [](futolab::CsvTable& t, std::vector<std::string>& row) {
                       cell(t, row, "nodes") = "500";
                       cell(t, row, "max_depth") = "17";
                   }),
            "more than 16, the most decisions one path of");
    refused(edited(thread_sweep(), "nodes", "nodes", set_to("nodes", "18446744073709551615")), "more than 1024 per ns");
    refused(edited(thread_sweep(), "session", "session", set_to("session", "4294967296")), "the most sessions the runner counts");
    // As a search can count them: a root that fails, a path as deep as its nodes.
    taken(edited(thread_sweep(), "counters-at-bounds", "fails", [](futolab::CsvTable& t, std::vector<std::string>& row) {
        cell(t, row, "fails") = std::to_string(number(t, row, "nodes") + 1);
        cell(t, row, "max_depth") = std::to_string(std::min<std::uint64_t>(16, number(t, row, "nodes")));
    }));
}

TEST_CASE("resume and merge refuse a process row's peak of 0 kB", "[resume][merge][clocks][long]") {
    const fs::path base = sweep("process");
    refused(edited(base, "rss-zero", "max_rss_kb", set_to("max_rss_kb", "0")), "answered with its process's peak");
    taken(edited(base, "rss-one", "max_rss_kb", set_to("max_rss_kb", "1")));
}

TEST_CASE("a resume keeps the first run's start and holds rows of earlier runs to it", "[resume][clocks]") {
    const fs::path d = futolab::test::fresh_dir("clock-cells", "first-started");
    fs::copy(thread_sweep(), d, fs::copy_options::recursive);
    const fs::path shard = d / "sh" / "cc.shard-1-of-2.csv";
    // As if the shard's first run had started in 2001 and its last row taken out to run again.
    std::string sidecar = slurp(futolab::sidecar_path(shard.string()));
    const futolab::SidecarFacts made = futolab::read_sidecar(shard.string());
    for (const std::string key : {"  started: ", "  first_started: "})
        sidecar.replace(sidecar.find(key + made.started), key.size() + made.started.size(), key + "2001-01-01T00:00:00Z");
    std::ofstream(futolab::sidecar_path(shard.string()), std::ios::trunc) << sidecar;
    futolab::CsvTable t = futolab::read_csv_file(shard.string());
    t.rows.pop_back();
    cell(t, t.rows.at(0), "wall_ns") = "86400000000000";  // a day: within the span since 2001, not within the last run
    cell(t, t.rows.at(0), "calibration_ns") = "86400000000000";
    futolab::test::write_csv_table(shard, t);
    const auto resumed = run_cli("run -q s.yaml --out sh --shard 1/2 --resume", d.string());
    INFO(resumed.err);
    REQUIRE(resumed.exit_code == 0);
    const futolab::SidecarFacts after = futolab::read_sidecar(shard.string());
    CHECK(after.first_started == "2001-01-01T00:00:00Z");
    CHECK(after.started != after.first_started);
    // Resumed again, the rows of both runs are checked against the first run's start: taken.
    CHECK(run_cli("run -q s.yaml --out sh --shard 1/2 --resume", d.string()).exit_code == 0);
    CHECK(run_cli("merge sh/cc.shard-0-of-2.csv sh/cc.shard-1-of-2.csv --out m.csv", d.string()).exit_code == 0);
    // A fresh run starts the span again.
    const auto fresh = run_cli("run -q s.yaml --out fresh --shard 1/2", d.string());
    REQUIRE(fresh.exit_code == 0);
    const futolab::SidecarFacts fresh_made = futolab::read_sidecar((d / "fresh" / "cc.shard-1-of-2.csv").string());
    CHECK(fresh_made.first_started == fresh_made.started);
}

TEST_CASE("critical --exact --resume refuses a doctored clock before it becomes the record's time", "[resume][clocks][critical]") {
    const fs::path d = futolab::test::fresh_dir("clock-cells", "critical");
    const std::string command = "critical --exact --n 3 --objective h+k --out c3.jsonl";
    REQUIRE(run_cli(command, d.string()).exit_code == 0);
    for (const auto& [column, value] : std::vector<std::pair<std::string, std::string>>{
             {"cpu_ns", "9223372036854775807"}, {"wall_ns", "9223372036854775807"}}) {
        INFO(column);
        const fs::path o = d / column;
        fs::create_directories(o);
        for (const char* file : {"c3.csv", "c3.csv.meta.yaml", "c3.csv.schema.json"}) fs::copy_file(d / file, o / file);
        futolab::CsvTable t = futolab::read_csv_file((o / "c3.csv").string());
        cell(t, t.rows.at(0), column) = value;
        futolab::test::write_csv_table(o / "c3.csv", t);
        const auto r = run_cli(command + " --resume", o.string());
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "c3.csv:2:" + std::to_string(t.column(column, "t") + 1) + ": column '" + column + "' is '" + value + "'"));
        CHECK_FALSE(fs::exists(o / "c3.jsonl"));
    }
}
