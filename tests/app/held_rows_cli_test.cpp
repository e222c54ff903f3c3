// check --expect, analyze, report and compare read every results CSV held to its sidecar as
// merge holds a shard (experiments/held_rows.hpp; red-team round 26, B F10): a row no sweep of
// the sidecar's config writes is refused at its cell, exit 2, one line, before any verdict;
// everything a real run writes is still read (a sweep, its shards and their merge, standard
// input, --where, a CSV without its sidecar).
#include "cli_runner.hpp"
#include "records/csv_quote.hpp"
#include "records/csv_reader.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;

namespace {

const std::string kRoot = FUTOLAB_SOURCE_DIR;
const std::string kManifest = kRoot + "/bench/v1/manifest.json";

// futolab-bench's small tier, as CI runs it: gac, count:2, limits.time 10 s (its folder is the
// test process's: CTest may run two test cases at once).
fs::path small_tier(const std::string& name, const std::string& options = "") {
    const fs::path dir = futolab::test::fresh_dir("held-rows", name);
    const auto r = run_cli("run configs/bench-small.yaml --jobs 2 -q --out '" + dir.string() + "'" + options, kRoot);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return dir;
}

// One edit of a CSV: the cells it changes, by column, in the first row `pick` accepts.
struct Edit {
    const char* name;
    std::function<bool(const futolab::CsvTable&, std::size_t)> pick;
    std::vector<std::pair<const char*, const char*>> cells;
    const char* column;  // the column the refusal names (its 1-based field)
};

std::string cell(const futolab::CsvTable& t, std::size_t r, const char* column) { return t.rows[r][t.column(column, "t")]; }

std::function<bool(const futolab::CsvTable&, std::size_t)> status_is(std::string status) {
    return [status](const futolab::CsvTable& t, std::size_t r) { return cell(t, r, "status") == status; };
}

// The edits merge and resume refuse, which check --expect counted right, undecided or not at all.
const std::vector<Edit>& edits() {
    static const std::vector<Edit> all{
        {"solved", status_is("unique"), {{"status", "solved"}}, "status"},  // a status count:2 never writes
        {"two", status_is("unique"), {{"solutions", "2"}}, "status"},        // unique with 2 solutions
        {"build", status_is("unique"), {{"build", "self@a6ce22447b3a:Release:0000000000000000"}}, "build"},
        {"experiment", status_is("unique"), {{"experiment", "other"}}, "experiment"},
        {"cpu", status_is("unique"), {{"cpu_ns", "9223372036854775807"}}, "cpu_ns"},
        {"unsat-solution", status_is("unsat"), {{"solution", "1 2/2 1"}}, "solution"},
        // a wrong answer hidden as undecided: a timeout at 1 ms under the 10 s its message names
        {"timeout", status_is("unsat"), {{"status", "timeout"}, {"solutions", ""}, {"message", "wall time limit (10 s)"},
                                         {"wall_ns", "1000000"}}, "wall_ns"},
        {"no-solution", status_is("unique"), {{"solution", ""}}, "solution"},
        {"seed", status_is("unique"), {{"seed", "12345"}}, "seed"},
        {"time-limit", status_is("unique"), {{"time_limit_ms", "20000"}}, "time_limit_ms"},
        {"isolation", status_is("unique"), {{"isolation", "thread"}}, "isolation"},
        {"message", status_is("unique"), {{"message", "hello"}}, "message"},
    };
    return all;
}

// `csv` with `edit` made, written to `out` (with a copy of its sidecar unless `sidecar` is
// false); returns "OUT:LINE:FIELD: " of the cell the refusal names.
std::string write_edited(const std::string& csv, const Edit& edit, const fs::path& out, bool sidecar = true) {
    futolab::CsvTable t = futolab::parse_csv(slurp(csv), csv);
    std::size_t row = 0;
    while (row < t.rows.size() && !edit.pick(t, row)) ++row;
    REQUIRE(row < t.rows.size());
    for (const auto& [column, value] : edit.cells) t.rows[row][t.column(column, csv)] = value;
    std::ofstream file(out);
    const auto line = [&file](const std::vector<std::string>& fields) {
        for (std::size_t i = 0; i < fields.size(); ++i) file << (i ? "," : "") << futolab::csv_quote(fields[i]);
        file << "\n";
    };
    line(t.header);
    for (const auto& r : t.rows) line(r);
    if (sidecar) fs::copy_file(csv + ".meta.yaml", out.string() + ".meta.yaml", fs::copy_options::overwrite_existing);
    return out.string() + ":" + std::to_string(row + 2) + ":" + std::to_string(t.column(edit.column, csv) + 1) + ": ";
}

// A refusal as merge words it: one line at the cell, nothing on standard output.
void check_refused(const futolab::test::CliResult& r, const std::string& at, const std::string& verb) {
    INFO(r.out << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(has(r.err, "futolab: " + at));
    CHECK(has(r.err, ": refusing to " + verb + " it\n"));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

}  // namespace

TEST_CASE("check --expect refuses every row no sweep of its sidecar's config writes before any verdict", "[cli][bench][long]") {
    const fs::path dir = small_tier("check");
    const std::string csv = (dir / "bench-small.csv").string();
    auto r = run_cli("check --expect '" + kManifest + "' --tier small '" + csv + "'");
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(has(r.out, "69 right, 0 wrong, 0 undecided, 0 missing"));
    for (const Edit& edit : edits()) {
        INFO(edit.name);
        const std::string at = write_edited(csv, edit, dir / (std::string(edit.name) + ".csv"));
        check_refused(run_cli("check --expect '" + kManifest + "' --tier small '" + (dir / (std::string(edit.name) + ".csv")).string() + "'"),
                      at, "check");
    }
    // Without its sidecar (standard input, a copy alone) its rows are still held to what every
    // row of this futolab's is: a status its cells contradict, a solution of another side (a
    // timeout under its limit or a message of another solver need its config: its sidecar).
    for (const char* name : {"solved", "two", "unsat-solution", "no-solution"}) {
        INFO(name);
        const Edit& edit = *std::find_if(edits().begin(), edits().end(), [&](const Edit& e) { return e.name == std::string(name); });
        const fs::path alone = dir / (std::string(name) + "-alone.csv");
        const std::string at = write_edited(csv, edit, alone, false);
        check_refused(run_cli("check --expect '" + kManifest + "' --tier small '" + alone.string() + "'"), at, "check");
        r = run_cli("check --expect '" + kManifest + "' --tier small - < '" + alone.string() + "'");
        check_refused(r, "-" + at.substr(alone.string().size()), "check");
    }
    fs::remove_all(dir);
}

TEST_CASE("analyze report and compare refuse the rows merge refuses and read what a run writes", "[cli][analyze][compare][long]") {
    const fs::path dir = small_tier("readers");
    const std::string csv = (dir / "bench-small.csv").string();
    for (const Edit& edit : edits()) {
        INFO(edit.name);
        const fs::path edited = dir / (std::string(edit.name) + ".csv");
        const std::string at = write_edited(csv, edit, edited);
        check_refused(run_cli("analyze '" + edited.string() + "'"), at, "analyze");
        check_refused(run_cli("compare '" + csv + "' '" + edited.string() + "'"), at, "compare");
        check_refused(run_cli("report '" + edited.string() + "' --out '" + (dir / "r.html").string() + "'"), at, "report");
        CHECK_FALSE(fs::exists(dir / "r.html"));
    }
    // What a run writes is read: the CSV, by name, on standard input, with --where, compared with
    // itself, and without its sidecar (a CSV alone is read as it is: docs/analysis.md).
    for (const std::string& args : {"analyze '" + csv + "'", "analyze - < '" + csv + "'", "analyze '" + csv + "' --where 'n>=4'",
                                    "compare '" + csv + "' '" + csv + "'",
                                    "report '" + csv + "' --out '" + (dir / "r.html").string() + "'"}) {
        const auto r = run_cli(args);
        INFO(args << "\n" << r.err);
        CHECK(r.exit_code == 0);
    }
    const fs::path alone = dir / "solved-alone.csv";
    write_edited(csv, edits().front(), alone, false);
    CHECK(run_cli("analyze '" + alone.string() + "'").exit_code == 0);
    fs::remove_all(dir);
}

TEST_CASE("a sharded run and its merge are read by check --expect analyze and compare as they are", "[cli][bench][long]") {
    const fs::path one = small_tier("shard-0", " --shard 0/2"), two = small_tier("shard-1", " --shard 1/2");
    const std::string a = (one / "bench-small.shard-0-of-2.csv").string(), b = (two / "bench-small.shard-1-of-2.csv").string();
    const std::string merged = (one / "merged.csv").string();
    auto r = run_cli("merge '" + a + "' '" + b + "' --out '" + merged + "'");
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    r = run_cli("check --expect '" + kManifest + "' --tier small '" + merged + "'");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "69 right, 0 wrong"));
    r = run_cli("check --expect '" + kManifest + "' --tier small '" + a + "' '" + b + "'");
    CHECK(r.exit_code == 0);
    CHECK(run_cli("analyze '" + a + "' '" + b + "'").exit_code == 0);
    CHECK(run_cli("analyze '" + merged + "'").exit_code == 0);
    CHECK(run_cli("compare '" + merged + "' '" + a + "'").exit_code == 0);
    // A doctored row of the merge is refused as in a run's own CSV.
    const Edit& edit = edits().front();
    const fs::path edited = one / "merged-solved.csv";
    const std::string at = write_edited(merged, edit, edited);
    check_refused(run_cli("check --expect '" + kManifest + "' --tier small '" + edited.string() + "'"), at, "check");
    fs::remove_all(one);
    fs::remove_all(two);
}
