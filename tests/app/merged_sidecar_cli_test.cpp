// A merged CSV's sidecar (records/merge.hpp): its run.first_started is the earliest of its
// shards', so a later merge of the merged file holds its rows to the span they were made in, as
// a run's sidecar holds a shard's (experiments/clock_facts.hpp; it had none, and a merged file's
// rows were bounded by nothing: a wall_ns of 292 years was merged again); its run.command is the
// merge as typed, shell-quoted, which pasted re-runs it (it said "futolab merge (2 shard files)").
#include "cli_runner.hpp"
#include "small_sweep.hpp"
#include "records/csv_reader.hpp"
#include "records/sidecar.hpp"
#include "tests/experiments/csv_edit.hpp"

#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <string>

using futolab::test::has;
using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

namespace {

// Two shards of a small count sweep in DIR/sh, its config DIR/s.yaml (small_sweep.hpp).
fs::path sweep(const std::string& name) { return futolab::test::two_shard_sweep("merged-sidecar", name); }

const char* kShards = futolab::test::kTwoShards;

// The sidecar of `csv` without its run.first_started line (an older futolab's, a merge's before).
void drop_first_started(const fs::path& csv) {
    const fs::path sidecar = csv.string() + ".meta.yaml";
    std::string text = slurp(sidecar.string());
    const std::size_t at = text.find("\n  first_started: ");
    REQUIRE(at != std::string::npos);
    text.erase(at, text.find('\n', at + 1) - at);
    std::ofstream(sidecar, std::ios::binary | std::ios::trunc) << text;
}

// The first row's wall_ns of `csv` set to `value`.
void set_wall(const fs::path& csv, const std::string& value) {
    futolab::CsvTable t = futolab::read_csv_file(csv.string());
    t.rows.at(0).at(t.column("wall_ns", "t")) = value;
    futolab::test::write_csv_table(csv, t);
}

}  // namespace

TEST_CASE("a merged sidecar's run.first_started is the earliest of its shards'", "[merge][clocks][sidecar]") {
    const fs::path d = sweep("earliest");
    struct Case {
        const char* first0;  // shard 0's run.first_started ("" keeps it)
        const char* first1;
        const char* merged;  // the merged sidecar's
    };
    for (const Case& c : {Case{"2001-01-01T00:00:00Z", "2002-06-01T00:00:00Z", "2001-01-01T00:00:00Z"},
                          Case{"2003-01-01T00:00:00Z", "2002-06-01T12:30:00Z", "2002-06-01T12:30:00Z"},
                          Case{"2001-01-01T00:00:00Z", "2001-01-01T00:00:00Z", "2001-01-01T00:00:00Z"}}) {
        INFO(c.first0 << " " << c.first1);
        futolab::test::sweep_began(d / "sh" / "ms.shard-0-of-2.csv", c.first0);
        futolab::test::sweep_began(d / "sh" / "ms.shard-1-of-2.csv", c.first1);
        const auto r = run_cli(std::string("merge ") + kShards + " --out m.csv --force", d.string());
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        const futolab::SidecarFacts merged = futolab::read_sidecar((d / "m.csv").string());
        CHECK(merged.merged);
        CHECK(merged.first_started == c.merged);
        CHECK(merged.started >= merged.first_started);
    }
    // A merged CSV that names no first_started (a merge of a shard of an older futolab): the
    // merged rows' start is not known, and none is written. A shard of this futolab without one
    // was edited, and is refused (tests/app/merge_provenance_cli_test.cpp).
    drop_first_started(d / "m.csv");
    REQUIRE(run_cli("merge m.csv --out m2.csv", d.string()).exit_code == 0);
    CHECK_FALSE(has(slurp((d / "m2.csv.meta.yaml").string()), "first_started"));
    CHECK(futolab::read_sidecar((d / "m2.csv").string()).first_started.empty());
    fs::remove_all(d);
}

TEST_CASE("a merge of a merged CSV holds its rows to the span of its shards' sweeps", "[merge][clocks]") {
    const fs::path d = sweep("span");
    REQUIRE(run_cli(std::string("merge ") + kShards + " --out m.csv", d.string()).exit_code == 0);
    const futolab::SidecarFacts merged = futolab::read_sidecar((d / "m.csv").string());
    REQUIRE_FALSE(merged.first_started.empty());
    fs::copy_file(d / "m.csv", d / "m.csv.orig");
    // Longer than the sweeps took (a second or two, plus 62 s): refused at its cell, merged again or not.
    for (const char* wall : {"9223372036854775807", "18446744073709551615", "3600000000000", "70000000000"}) {
        INFO(wall);
        set_wall(d / "m.csv", wall);
        const auto r = run_cli("merge m.csv --out again.csv --force", d.string());
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, "m.csv:2:"));
        CHECK(has(r.err, "column 'wall_ns' is '" + std::string(wall) + "', longer than the sweep that made the row (its "
                                                                         "sidecar says run.first_started " +
                             merged.first_started));
        CHECK(has(r.err, "refusing to merge it"));
        CHECK_FALSE(fs::exists(d / "again.csv"));
    }
    // As merged, and with a run that took as long as the span allows, it merges again.
    fs::copy_file(d / "m.csv.orig", d / "m.csv", fs::copy_options::overwrite_existing);
    CHECK(run_cli("merge m.csv --out again.csv", d.string()).exit_code == 0);
    futolab::test::sweep_began(d / "m.csv", "2001-01-01T00:00:00Z");  // a merged sweep of years
    set_wall(d / "m.csv", "3600000000000");
    const auto r = run_cli("merge m.csv --out again.csv --force", d.string());
    INFO(r.err);
    CHECK(r.exit_code == 0);
    fs::remove_all(d);
}

TEST_CASE("a merged sidecar's run.command is the merge shell-quoted and pasted re-runs it", "[merge][sidecar]") {
    const fs::path d = sweep("command");
    struct Case {
        std::string out, quoted;  // --out as typed (in single quotes) and as the sidecar quotes it
    };
    for (const Case& c : {Case{"m.csv", "m.csv"}, Case{"my merge.csv", "'my merge.csv'"},
                          Case{"m; touch PWNED.csv", "'m; touch PWNED.csv'"}, Case{"it's.csv", "'it'\\''s.csv'"}}) {
        INFO(c.out);
        std::string typed = c.out;
        for (std::size_t at = typed.find('\''); at != std::string::npos; at = typed.find('\'', at + 4))
            typed.replace(at, 1, "'\\''");
        auto r = run_cli(std::string("merge ") + kShards + " --out '" + typed + "'", d.string());
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        const std::string sidecar = (d / (c.out + ".meta.yaml")).string();
        const std::string command = YAML::LoadFile(sidecar)["run"]["command"].as<std::string>();
        CHECK(command == std::string("futolab merge ") + kShards + " --out " + c.quoted);
        const futolab::SidecarFacts f = futolab::read_sidecar((d / c.out).string());
        CHECK(f.merged);
        // Pasted into a shell with --force, it merges the same shards into the same file again.
        fs::remove(d / c.out);
        r = run_cli(command.substr(8) + " --force", d.string());
        CHECK(r.exit_code == 0);
        CHECK(fs::exists(d / c.out));
        CHECK_FALSE(fs::exists(d / "PWNED.csv"));
    }
    fs::remove_all(d);
}
