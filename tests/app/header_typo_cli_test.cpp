// Red-team round 26, C F11: a results CSV whose header has one name misspelt (`Experiment`,
// `nodes ` with a space at its end, `nodez`, `grad`) is futolab's header, damaged: merge said
// "not a futolab results CSV" for a misspelt base column (the first ~25) while it, resume and
// schema named a later one; analyze said "no column 'nodes' in the results", naming neither the
// file nor the column as written. Now merge, resume and schema name the column and what the
// experiment writes there, and analyze, report and compare name the file, the header field and
// the name as written; "not a futolab results CSV" is left to files that are none (a CSV of
// other columns, or of a few of futolab's made by hand) (records/header_names.hpp).
#include "cli_runner.hpp"
#include "records/results_csv.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// A small sweep (75 4x4 puzzles, bitmask, count to 2) made once: DIR/sw/hdr.csv and its sidecar.
fs::path sweep() {
    static const fs::path dir = [] {
        const fs::path d = futolab::test::fresh_dir("header-typo", "sweep");
        std::ofstream(d / "cfg.yaml") << "name: hdr\nseed: 1\nmode: { count: 2 }\ninstances:\n  - file: " FUTOLAB_DATA_DIR
                                         "/tatham-dev/n04.tatham\nsolvers: [ bitmask ]\n";
        REQUIRE(run_cli("run -q cfg.yaml --out sw", d.string()).exit_code == 0);
        return d;
    }();
    return dir;
}

std::string column_of(const std::string& name) {
    const std::vector<std::string> header = futolab::csv_columns();
    return std::to_string(std::find(header.begin(), header.end(), name) - header.begin() + 1);
}

// DIR/NAME/hdr.csv: the sweep's CSV, its sidecar and schema beside it, its header's `from` now
// `to`; returns the CSV's path.
std::string damaged(const std::string& name, const std::string& from, const std::string& to) {
    const fs::path dir = futolab::test::fresh_dir("header-typo", name);
    for (const char* file : {"hdr.csv.meta.yaml", "hdr.csv.schema.json"}) fs::copy(sweep() / "sw" / file, dir / file);
    std::string text = slurp((sweep() / "sw" / "hdr.csv").string());
    const std::size_t end = text.find('\n');
    std::string header = "," + text.substr(0, end) + ",";
    const std::size_t at = header.find("," + from + ",");
    REQUIRE(at != std::string::npos);
    header.replace(at + 1, from.size(), to);
    std::ofstream(dir / "hdr.csv", std::ios::binary) << header.substr(1, header.size() - 2) << text.substr(end);
    return (dir / "hdr.csv").string();
}

struct Typo {
    const char* column;
    const char* spelt;
    const char* shown;  // the name as the message quotes it
};

const Typo kTypos[] = {{"experiment", "Experiment", "'Experiment'"},
                       {"nodes", "nodes ", "'nodes ' (a space at its end)"},
                       {"nodes", "nodez", "'nodez'"},
                       {"grade", "grad", "'grad'"},
                       {"status", "status\xE2\x80\x8B", "'status<U+200B>'"},
                       {"max_rss_kb", "max_rss", "'max_rss'"}};

void check_refused(const futolab::test::CliResult& r, const std::string& expected) {
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err == "futolab: " + expected + "\n");
}

}  // namespace

TEST_CASE("merge resume and schema name a misspelt header column of futolab's", "[cli][csv][header][long]") {
    for (const Typo& typo : kTypos) {
        INFO(typo.spelt);
        const std::string csv = damaged("merge", typo.column, typo.spelt), folder = fs::path(csv).parent_path().string();
        const std::string why = fmt::format("column {} is {}, this experiment writes '{}'", column_of(typo.column),
                                            typo.shown, typo.column);
        check_refused(run_cli("merge " + csv + " --out " + folder + "/m.csv"), csv + ": " + why + ": refusing to merge it");
        CHECK_FALSE(fs::exists(folder + "/m.csv"));
        const std::string before = slurp(csv);
        check_refused(run_cli("run -q cfg.yaml --resume --out " + folder, sweep().string()),
                      csv + ": " + why + ": refusing to resume; use a new --out");
        CHECK(slurp(csv) == before);
        if (std::string(typo.column) != "max_rss_kb")  // a later column: schema describes what the file has
            check_refused(run_cli("schema " + csv), csv + ": " + why);
    }
}

TEST_CASE("merge resume and schema call only a CSV of other columns not a results CSV", "[cli][csv][header][long]") {
    const std::string none = "not a futolab results CSV (its header does not start with futolab's columns)";
    for (const std::string header : {"id,n,foo", "solver,options,status,wall_ns,cpu_ns",
                                     "instance,instance_hash,n,solver,options,status,nodes,wall_ns,cpu_ns"}) {
        INFO(header);
        const std::string csv = damaged("other", "experiment", "experiment");
        const fs::path folder = fs::path(csv).parent_path();
        std::ofstream(csv, std::ios::trunc) << header << "\n" << std::string(std::count(header.begin(), header.end(), ','), ',')
                                            << "\n";
        check_refused(run_cli("merge " + csv + " --out " + (folder / "m.csv").string()), csv + ": " + none);
        check_refused(run_cli("run -q cfg.yaml --resume --out " + folder.string(), sweep().string()), csv + ": " + none);
        check_refused(run_cli("schema " + csv), csv + ": " + none);
        fs::remove(folder / "hdr.csv.meta.yaml");  // and before the sidecar is asked for
        check_refused(run_cli("merge " + csv + " --out " + (folder / "m.csv").string()), csv + ": " + none);
    }
}

TEST_CASE("analyze and report name the file and the column as written when a column they need is missing",
          "[cli][csv][header]") {
    for (const Typo& typo : kTypos) {
        const std::string column = typo.column;
        if (column != "nodes" && column != "status") continue;  // the columns analyze needs by default
        INFO(typo.spelt);
        const std::string csv = damaged("analyze", typo.column, typo.spelt), folder = fs::path(csv).parent_path().string();
        const std::string field = column_of(column);
        const std::string expected =
            column == "status"
                ? fmt::format("{}:1:{}: no column 'status': column {} is {}", csv, field, field, typo.shown)
                : fmt::format("{}:1:{}: no column 'nodes' in the results: column {} is {} (see docs/analysis.md)", csv, field,
                              field, typo.shown);
        check_refused(run_cli("analyze " + csv), expected);
        const futolab::test::CliResult report = run_cli("report " + csv + " --out " + folder + "/r.html");
        CHECK(report.exit_code == 2);
        CHECK(has(report.err, expected + "\n"));
        CHECK_FALSE(fs::exists(folder + "/r.html"));
    }
    // --where and a plot name them too.
    const std::string csv = damaged("where", "n", "N");
    const std::string at = csv + ":1:" + column_of("n") + ": no column 'n' in the results: column " + column_of("n") + " is 'N'";
    check_refused(run_cli("analyze " + csv + " --metric wall_ms --by spec --where 'n>3'"), at + " (--where n>3)");
    // A hand-made CSV without the column: the file named.
    const std::string hand = fs::path(csv).parent_path().string() + "/hand.csv";
    std::ofstream(hand) << "solver,options,status,wall_ns,cpu_ns\nfc,,solved,1,1\n";
    check_refused(run_cli("analyze " + hand), hand + ": no column 'n' in the results (see docs/analysis.md)");
}

TEST_CASE("compare names the file and the column as written", "[cli][csv][header]") {
    const std::string good = (sweep() / "sw" / "hdr.csv").string();
    // Paired by instance_hash: a misspelt one is named where it is.
    const std::string hash = damaged("compare-hash", "instance_hash", "Instance_hash");
    check_refused(run_cli("compare " + hash + " " + good),
                  hash + ":1:" + column_of("instance_hash") + ": no column 'instance_hash' in the results: column " +
                      column_of("instance_hash") + " is 'Instance_hash': runs cannot be paired by instance");
    // A counter it compares when both sides have it: the misspelt one is said, not left out silently.
    const std::string nodes = damaged("compare-nodes", "nodes", "nodes ");
    const futolab::test::CliResult r = run_cli("compare " + nodes + " " + good);
    INFO(r.err);
    CHECK(has(r.err, "futolab: warning: " + nodes + ":1:" + column_of("nodes") + ": column " + column_of("nodes") +
                         " is 'nodes ' (a space at its end), which futolab writes 'nodes': read as a column of its own, so "
                         "this file has no 'nodes'\n"));
    CHECK_FALSE(has(run_cli("compare " + good + " " + good).err, "warning"));
}
