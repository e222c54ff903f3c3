// Red-team round 28, tester B: rows and sidecars edited into what no sweep writes, taken by
// resume, merge and analyze (exit 0), and now refused at their cell or key (exit 2), while the
// files as futolab wrote them are read as before:
//   F1 a counter of a search past 1024 a ns of its wall time (checks and propagations of gac,
//      backtracking, fc and gecode, sat's fails): experiments/clock_facts.hpp;
//   F3 a crash row with counters, a solution or a message no crash writes, and an error row that
//      keeps a search's solution: experiments/failed_facts.hpp;
//   F4 a sidecar's `redone` item outside its sweep (its time, statuses, rows): resume and merge
//      refuse it, analyze and report warn (experiments/sidecar_protocol.hpp, redone_problem).
#include "cli_runner.hpp"
#include "records/csv_reader.hpp"
#include "tests/app/small_sweep.hpp"
#include "tests/experiments/csv_edit.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

namespace fs = std::filesystem;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;

namespace {

std::string& cell(futolab::CsvTable& t, std::size_t r, const std::string& column) { return t.rows.at(r).at(t.column(column, "t")); }

// The first row of `csv` whose cell `column` is `value` edited by `edit`; its line and the place
// ("c.csv:LINE:FIELD: column 'C'") of `named`, the column the refusal names.
std::string edit_row(const fs::path& csv, const std::string& column, const std::string& value, const std::string& named,
                     const std::function<void(futolab::CsvTable&, std::size_t)>& edit) {
    futolab::CsvTable t = futolab::read_csv_file(csv.string());
    for (std::size_t r = 0; r < t.rows.size(); ++r)
        if (cell(t, r, column) == value) {
            edit(t, r);
            futolab::test::write_csv_table(csv, t);
            return csv.filename().string() + ":" + std::to_string(t.lines[r]) + ":" + std::to_string(t.column(named, "t") + 1) +
                   ": column '" + named + "'";
        }
    FAIL("no row of " << column << " " << value << " in " << csv);
    return "";
}

// A fresh copy of the folder `base` for one case.
fs::path copy_of(const fs::path& base, const std::string& name) {
    const fs::path d = futolab::test::fresh_dir("failed-rows", name);
    fs::copy(base, d, fs::copy_options::recursive);
    return d;
}

// Two shards (sh/) of a count sweep of two 4 x 4 puzzles by every backend of futolab's own that
// counts checks, propagations or fails, in thread isolation, made once.
const fs::path& search_sweep() {
    static const fs::path d = [] {
        const fs::path dir = futolab::test::fresh_dir("failed-rows", "searches");
        REQUIRE(run_cli("generate unique --n 4 --count 2 --seed 5 --out p.jsonl", dir.string()).exit_code == 0);
        std::ofstream(dir / "s.yaml") << "name: rr\nseed: 1\nrepeats: 2\nmode: { count: 2 }\nisolation: thread\n"
                                         "instances:\n  - file: p.jsonl\nsolvers: [ gac, backtracking, fc, gecode, sat ]\n";
        for (const char* shard : {"0/2", "1/2"})
            REQUIRE(run_cli(std::string("run -q s.yaml --out sh --shard ") + shard, dir.string()).exit_code == 0);
        return dir;
    }();
    return d;
}

constexpr const char* kShards = "sh/rr.shard-0-of-2.csv sh/rr.shard-1-of-2.csv";

}  // namespace

TEST_CASE("resume merge and analyze refuse a search's counter past 1024 a nanosecond of its wall time", "[resume][merge][cli][long]") {
    const fs::path& base = search_sweep();
    REQUIRE(run_cli(std::string("merge ") + kShards + " --out m/m.csv", copy_of(base, "whole").string()).exit_code == 0);
    const struct {
        const char* solver;
        const char* column;
    } cases[] = {{"gac", "checks"},    {"gac", "propagations"}, {"backtracking", "checks"}, {"backtracking", "propagations"},
                 {"fc", "propagations"}, {"gecode", "checks"},  {"sat", "fails"}};
    for (const auto& c : cases) {
        INFO(c.solver << " " << c.column);
        const fs::path d = copy_of(base, std::string(c.solver) + "-" + c.column);
        // The shard that holds a run of the solver (runs are hashed to shards).
        const bool first = has(slurp((d / "sh/rr.shard-0-of-2.csv").string()), std::string(",") + c.solver + ",");
        const std::string shard = first ? "0" : "1";
        const std::string place = edit_row(d / ("sh/rr.shard-" + shard + "-of-2.csv"), "solver", c.solver, c.column,
                                           [&](futolab::CsvTable& t, std::size_t r) {
                                               cell(t, r, c.column) = "18446744073709551615";
                                           });
        const std::string why = place + " is '18446744073709551615', more than 1024 per ns of its wall_ns (";
        auto r = run_cli("run -q s.yaml --out sh --shard " + shard + "/2 --resume", d.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, why));
        CHECK(has(r.err, "refusing to resume"));
        r = run_cli(std::string("merge ") + kShards + " --out m/m.csv", d.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, why));
        CHECK_FALSE(fs::exists(d / "m/m.csv"));
        r = run_cli("analyze sh/rr.shard-" + shard + "-of-2.csv", d.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, why));
        CHECK(r.out.empty());
    }
}

TEST_CASE("resume and analyze refuse a crash row with counters or another message and an error keeping a solution",
          "[resume][merge][crash][cli][long]") {
    const fs::path base = futolab::test::fresh_dir("failed-rows", "crash");
    std::ofstream(base / "seg.sh") << "#!/bin/sh\necho nodes=5\nkill -SEGV $$\n";
    fs::permissions(base / "seg.sh", fs::perms::owner_all);
    REQUIRE(run_cli("generate unique --n 4 --count 1 --seed 5 --out p.jsonl", base.string()).exit_code == 0);
    std::ofstream(base / "c.yaml") << "name: c\nseed: 1\nmode: { count: 2 }\nlimits: { time: 10s }\ninstances:\n  - file: p.jsonl\n"
                                      "commands:\n  - name: seg\n    argv: [ \"" << (base / "seg.sh").string()
                                   << "\", \"{instance}\" ]\n    counters: { nodes: '^nodes=(\\d+)$' }\n"
                                      "solvers: [ \"command:name=seg\", gac ]\noutput: co/c.csv\n";
    REQUIRE(run_cli("run -q c.yaml", base.string()).exit_code == 0);
    const std::string written = slurp((base / "co/c.csv").string());
    REQUIRE(has(written, ",crash,,,,,,,"));
    REQUIRE(has(written, "command:name=seg killed by SIGSEGV"));
    // The rows as written: a crash of the tool, a finished gac row.
    CHECK(run_cli("run -q c.yaml --resume", copy_of(base, "crash-whole").string()).exit_code == 0);
    CHECK(run_cli("analyze co/c.csv", copy_of(base, "crash-whole-analyze").string()).exit_code == 0);
    const struct {
        const char* name;
        const char* solver;
        const char* column;  // the column refused
        std::function<void(futolab::CsvTable&, std::size_t)> edit;
    } cases[] = {
        {"nodes", "command", "nodes", [](futolab::CsvTable& t, std::size_t r) { cell(t, r, "nodes") = "5"; }},
        {"hello", "command", "message", [](futolab::CsvTable& t, std::size_t r) { cell(t, r, "message") = "hello"; }},
        {"relabelled", "gac", "message",
         [](futolab::CsvTable& t, std::size_t r) {  // a finished row relabelled crash (the tester's words)
             cell(t, r, "status") = "crash";
             cell(t, r, "message") = "killed by SIGSEGV";
             cell(t, r, "solutions") = cell(t, r, "solution") = "";
         }},
        {"relabelled-counters", "gac", "nodes",
         [](futolab::CsvTable& t, std::size_t r) {  // with the sandbox's words, its counters kept
             cell(t, r, "status") = "crash";
             cell(t, r, "message") = "killed by SIGSEGV (Segmentation fault)";
             cell(t, r, "solutions") = cell(t, r, "solution") = "";
         }},
        {"error", "gac", "solution",
         [](futolab::CsvTable& t, std::size_t r) {  // an error that keeps its solution and solutions 1
             cell(t, r, "status") = "error";
             cell(t, r, "message") = "x";
         }},
    };
    for (const auto& c : cases) {
        INFO(c.name);
        const fs::path d = copy_of(base, std::string("crash-") + c.name);
        const std::string place = edit_row(d / "co/c.csv", "solver", c.solver, c.column, c.edit);
        auto r = run_cli("run -q c.yaml --resume", d.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, place + " is '"));
        CHECK(has(r.err, "refusing to resume"));
        r = run_cli("analyze co/c.csv", d.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, place + " is '"));
    }
}

namespace {

// A finished 2-run sweep (gac and fc counting to 2, limits.time 10 s, thread isolation), made once.
const fs::path& redo_sweep() {
    static const fs::path d = [] {
        const fs::path dir = futolab::test::fresh_dir("failed-rows", "redo");
        REQUIRE(run_cli("generate unique --n 4 --count 1 --seed 5 --out p.jsonl", dir.string()).exit_code == 0);
        std::ofstream(dir / "c.yaml") << "name: c\nseed: 1\nmode: { count: 2 }\nlimits: { time: 10s }\nisolation: thread\n"
                                         "instances:\n  - file: p.jsonl\nsolvers: [ gac, fc ]\noutput: co/c.csv\n";
        REQUIRE(run_cli("run -q c.yaml", dir.string()).exit_code == 0);
        return dir;
    }();
    return d;
}

// The sidecar `meta` with a `redone` item appended (as its last key, as the tester added it).
void add_redo(const fs::path& meta, const std::string& at, const std::string& statuses, const std::string& rows) {
    std::ofstream(meta, std::ios::app) << "redone:\n  - at: " << at << "\n    statuses: [" << statuses << "]\n    rows: " << rows
                                       << "\n";
}

// The line of the sidecar's text holding `text`, counted from 1.
int line_of(const std::string& text, const std::string& part) {
    const std::size_t at = text.find(part);
    REQUIRE(at != std::string::npos);
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

}  // namespace

TEST_CASE("resume and merge refuse and analyze and report warn of a redo its sweep cannot have", "[resume][merge][redo][cli][long]") {
    // A real redo is taken, and read again without a word.
    const fs::path real = copy_of(redo_sweep(), "real");
    REQUIRE(run_cli("run -q c.yaml --resume --redo timeout", real.string()).exit_code == 0);
    REQUIRE(has(slurp((real / "co/c.csv.meta.yaml").string()), "redone:"));
    CHECK(run_cli("run -q c.yaml --resume", real.string()).exit_code == 0);
    auto r = run_cli("analyze co/c.csv", real.string());
    CHECK(r.exit_code == 0);
    CHECK_FALSE(has(r.err, "redo"));
    const struct {
        const char* name;
        const char* at;
        const char* statuses;
        const char* rows;
        const char* key;  // where the refusal points: "at", "statuses[0]" or "rows"
        const char* why;
    } cases[] = {
        {"all", "2030-12-01T08:22:07Z", "bogus", "999", "at", "redone[0] at: 2030-12-01T08:22:07Z, after run.finished "},
        {"before", "2020-12-01T08:22:07Z", "timeout", "0", "at", "redone[0] at: 2020-12-01T08:22:07Z, before run.first_started "},
        {"bogus", "", "bogus", "0", "statuses[0]", "redone[0] statuses: bogus, which is no run status (valid: "},
        {"node_limit", "", "node_limit", "0", "statuses[0]", "redone[0] statuses: node_limit, a status no run of its config writes"},
        {"rows", "", "timeout", "5", "rows", "redone[0] rows: 5, more than the 2 runs of shard 0 of 1"},
    };
    for (const auto& c : cases) {
        INFO(c.name);
        const fs::path d = copy_of(redo_sweep(), std::string("redo-") + c.name);
        const fs::path meta = d / "co/c.csv.meta.yaml";
        std::string at = c.at;
        if (at.empty()) {  // the sweep's own start: within its span
            const std::string text = slurp(meta.string());
            const std::size_t k = text.find("\n  first_started: ") + 18;
            at = text.substr(k, text.find('\n', k) - k);
        }
        add_redo(meta, at, c.statuses, c.rows);
        // The item's lines: at, statuses, rows after the `redone:` line.
        const int line = line_of(slurp(meta.string()), "redone:") + (std::string(c.key) == "at" ? 1 : std::string(c.key) == "rows" ? 3 : 2);
        const std::string place = "c.csv.meta.yaml:" + std::to_string(line) + ":";
        r = run_cli("run -q c.yaml --resume", d.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "co/c.csv: its sidecar says " + std::string(c.why)));
        CHECK(has(r.err, place));
        CHECK(has(r.err, ": refusing to resume"));
        r = run_cli("analyze co/c.csv", d.string());
        CHECK(r.exit_code == 0);
        CHECK(has(r.err, "futolab: warning: co/c.csv: its sidecar says " + std::string(c.why)));
        CHECK(has(r.err, "its redo history is not one its sweep can have"));
        r = run_cli("report co/c.csv --out r.html", d.string());
        CHECK(r.exit_code == 0);
        CHECK(has(r.err, "futolab: warning: co/c.csv: its sidecar says " + std::string(c.why)));
        CHECK(has(slurp((d / "r.html").string()), "its redo history is not one its sweep can have"));
    }
    // merge refuses a shard whose sidecar says so.
    const fs::path m = futolab::test::two_shard_sweep("failed-rows", "redo-merge");
    REQUIRE(run_cli(std::string("merge ") + futolab::test::kTwoShards + " --out m/m.csv", m.string()).exit_code == 0);
    add_redo(m / "sh/ms.shard-0-of-2.csv.meta.yaml", "2030-12-01T08:22:07Z", "timeout", "1");
    r = run_cli(std::string("merge ") + futolab::test::kTwoShards + " --out m/n.csv", m.string());
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "sh/ms.shard-0-of-2.csv: its sidecar says redone[0] at: 2030-12-01T08:22:07Z, after run.finished "));
    CHECK(has(r.err, "refusing to merge it"));
    CHECK_FALSE(fs::exists(m / "m/n.csv"));
}
