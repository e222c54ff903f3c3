// A/B sweeps end to end (experiments/builds.hpp, SPEC §5 `build`, issue #41 §1): each build's
// runs come from workers started from its binary, every row names its build, the sidecar names
// every build, compare --base pairs them; a binary that is not a futolab worker of this
// protocol is refused before any row is written.
#include "../app/cli_runner.hpp"
#include "records/csv_reader.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

using futolab::test::has;

namespace {

std::string scratch(const std::string& name) { return futolab::test::fresh_dir("builds", name).string(); }

std::string config(const std::string& dir, const std::string& extra = "") {
    std::ofstream(dir + "/i.jsonl") << "{\"id\": \"e4\", \"n\": 4, \"givens\": [], \"lt\": []}\n"
                                    << "{\"id\": \"e5\", \"n\": 5, \"givens\": [[0, 0, 1]], \"lt\": []}\n";
    std::ofstream(dir + "/cfg.yaml") << "name: ab\nrepeats: 2\nmode: { count: 2 }\ninstances:\n  - file: " << dir
                                     << "/i.jsonl\nsolvers: [ gac, fc ]\noutput: " << dir << "/out/ab.csv\n"
                                     << extra;
    return dir + "/cfg.yaml";
}

}  // namespace

TEST_CASE("an A/B sweep names the build of every row, and compare --base pairs the builds", "[builds][cli]") {
    const std::string dir = scratch("ab");
    const std::string cfg = config(dir);
    const std::string builds = " --build old=" FUTOLAB_CLI " --build new=" FUTOLAB_CLI;
    auto r = run_cli("run -q " + cfg + builds);
    REQUIRE(r.exit_code == 0);
    const std::string csv = dir + "/out/ab.csv";
    const futolab::CsvTable t = futolab::read_csv_file(csv);
    REQUIRE(t.rows.size() == 2 * 2 * 2 * 2);  // instances x solvers x builds x repeats
    std::map<std::string, std::set<std::string>> seeds_by_build;
    std::set<int> sessions;
    for (const auto& row : t.rows) {
        const std::string build = row[t.column("build", csv)];
        const std::string name = build.substr(0, build.find('@'));
        REQUIRE((name == "old" || name == "new"));
        CHECK(std::count(build.begin(), build.end(), ':') == 2);  // name@commit:type:hash
        seeds_by_build[name].insert(row[t.column("instance", csv)] + row[t.column("solver", csv)] +
                                    row[t.column("seed", csv)] + row[t.column("repeat", csv)]);
        CHECK_FALSE(row[t.column("calibration_ns", csv)].empty());
        sessions.insert(std::stoi(row[t.column("session", csv)]));
    }
    CHECK(seeds_by_build["old"] == seeds_by_build["new"]);  // the same runs, the same seeds
    CHECK_FALSE(sessions.empty());
    const std::string meta = slurp(csv + ".meta.yaml");
    CHECK(has(meta, "builds:\n  - name: old\n"));
    CHECK(has(meta, "  - name: new\n"));
    CHECK(has(meta, "load_other_cores: "));

    r = run_cli("compare " + csv + " --base old");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "# BASE " + csv + "@old → NEW " + csv + "@new\n"));
    CHECK(has(r.out, "runs paired by (instance_hash, spec, mode): 4; status changes 0; counter changes 0"));
    CHECK(has(r.out, "drift: none to correct (builds of one sweep"));
    CHECK_FALSE(has(r.err, "warning"));  // each build's half is no CSV cut short (round 32, K1)
    {  // A copy cut to 11 of its 16 rows: one warning, with the file's true numbers, not each build's half.
        const std::string cut = dir + "/cut.csv";
        std::istringstream in(slurp(csv));
        std::string text, line;
        for (int i = 0; i < 12 && std::getline(in, line); ++i) text += line + "\n";
        std::ofstream(cut) << text;
        fs::copy_file(csv + ".meta.yaml", cut + ".meta.yaml");
        if (fs::exists(csv + ".schema.json")) fs::copy_file(csv + ".schema.json", cut + ".schema.json");
        const auto c = run_cli("compare " + cut + " --base old");
        INFO(c.err);
        CHECK(has(c.err, "the CSV holds 11 of its 16 runs (rows cut or removed?)"));
        CHECK(c.err.find("of its 16 runs") == c.err.rfind("of its 16 runs"));  // said once
    }
    // Its builds are never pooled by a comparison that does not pair them.
    r = run_cli("compare " + csv + " " + csv);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "holds the runs of 2 builds ("));
    CHECK(run_cli("compare " + csv + " --base newest").exit_code == 2);
    // Nor by analyze or report: each spec per build in every table (red-team round 31, H11: one
    // row per spec over both builds, their difference counted as noise, no build named).
    r = run_cli("analyze " + csv + " --format csv --table summary");
    CHECK(r.exit_code == 0);
    for (const char* spec : {"fc @ old,", "fc @ new,", "gac @ old,", "gac @ new,"}) CHECK(has(r.out, spec));
    CHECK_FALSE(has(r.out, "\nfc,"));
    CHECK_FALSE(has(r.out, "virtual-best"));  // no solver: the faster build per instance (round 31 spot check, J9)
    r = run_cli("analyze " + csv + " --format csv --table noise");
    CHECK(has(r.out, "\nfc @ old,"));
    CHECK(has(r.out, "\nfc @ new,"));
    r = run_cli("analyze " + csv + " --format csv --table paired --baseline 'fc @ old'");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "\nfc @ new,"));
    r = run_cli("analyze " + csv + " --baseline fc");
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--baseline 'fc' is ambiguous (matches: "));
    REQUIRE(run_cli("report " + csv + " --out " + dir + "/ab.html").exit_code == 0);
    CHECK(has(slurp(dir + "/ab.html"), "fc @ old"));
    CHECK(has(slurp(dir + "/ab.html"), "fc @ new"));
    // A resume must run the same builds: one of them missing is refused, the CSV untouched.
    const std::string before = slurp(csv);
    r = run_cli("run -q --resume " + cfg + " --build old=" FUTOLAB_CLI);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "builds old, new, not old"));
    CHECK(slurp(csv) == before);
    // The same builds with the flags in another order: refused, saying that and nothing of other
    // builds or pooling (red-team round 32, K3).
    r = run_cli("run -q --resume " + cfg + " --build new=" + FUTOLAB_CLI + " --build old=" + FUTOLAB_CLI);
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "made by builds old, new in that order, not new, old: the same builds, the --build flags given in "
                     "another order ("));
    CHECK(has(r.err, "refusing to resume; give --build in the sweep's order\n"));
    CHECK_FALSE(has(r.err, "pooled"));
    CHECK(slurp(csv) == before);
    CHECK(run_cli("run -q --resume " + cfg + builds).exit_code == 0);  // the same builds: nothing left to do
    CHECK(slurp(csv) == before);
}

TEST_CASE("a build that is not a futolab worker of this protocol is refused before any row", "[builds][cli]") {
    const std::string dir = scratch("refused");
    const std::string cfg = config(dir);
    auto r = run_cli("run -q " + cfg + " --build a=/bin/true");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "build a (/bin/true): exited with code 0 before its hello (not a futolab worker of protocol "));
    CHECK_FALSE(fs::exists(dir + "/out/ab.csv"));
    r = run_cli("run -q " + cfg + " --build a=" + dir + "/no-such-futolab");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--build: build a: " + dir + "/no-such-futolab: no such file"));
    r = run_cli("run -q " + cfg + " --build a=" + dir);  // a folder: there, but not a binary
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--build: build a: " + dir + ": is not a file"));
    // A worker that answers a hello of another protocol (written as a futolab of protocol 99 would).
    const std::string other = dir + "/futolab-99";
    std::ofstream(other) << "#!/usr/bin/perl\n"
                            "open(my $in, '<&=3'); open(my $out, '>&=4'); binmode $out;\n"
                            "my $hello = '{\"hello\": \"futolab-worker\", \"protocol\": 99, \"problem\": \"\"}';\n"
                            "print $out pack('L', length $hello) . $hello . pack('q4', -1, 0, 0, 0);\n"
                            "close $out; sleep 1;\n";
    fs::permissions(other, fs::perms::owner_all);
    r = run_cli("run -q " + cfg + " --build new=" FUTOLAB_CLI " --build other=" + other);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "build other (" + other + ") speaks worker protocol 99, this futolab speaks "));
    CHECK_FALSE(fs::exists(dir + "/out/ab.csv"));
    // Malformed --build, a name twice, and builds where workers cannot run them.
    CHECK(has(run_cli("run -q " + cfg + " --build a").err, "--build must be NAME=PATH"));
    CHECK(has(run_cli("run -q " + cfg + " --build 'a b=x'").err, "build name 'a b' has characters"));
    CHECK(has(run_cli("run -q " + cfg + " --build a=x --build a=y").err, "build name 'a' is given twice"));
    r = run_cli("run -q " + cfg + " --isolation thread --build a=" FUTOLAB_CLI);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "builds need isolation: process"));
    const std::string thread_cfg = config(dir, "isolation: thread\nbuilds: [ {name: a, path: " FUTOLAB_CLI "} ]\n");
    r = run_cli("run -q " + thread_cfg);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "builds need isolation: process"));
}

// Red-team round 10, finding 4 (issue #45, "hangs"): a build that never answers held `run` for
// good. Its hello has a wait (FUTOLAB_WORKER_WAIT, short here): the build is refused before any
// row, naming it, its path and what did not answer within how long.
TEST_CASE("a build that never says its hello is refused at its wait, before any row", "[builds][cli][hangs]") {
    const std::string dir = scratch("silent");
    const std::string cfg = config(dir);
    const std::string fake = dir + "/fake";
    std::ofstream(fake) << "#!/bin/sh\nexec sleep 30\n";
    fs::permissions(fake, fs::perms::owner_all);
    const auto r = futolab::test::run_cli_env("FUTOLAB_WORKER_WAIT=500ms ", "run -q " + cfg + " --build x=" + fake);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "futolab: build x (" + fake + "): said no hello within 0.5"));  // and 2 s per MiB of plan
    CHECK(has(r.err, " s of its start and was killed"));
    CHECK_FALSE(fs::exists(dir + "/out/ab.csv"));
}

// During the sweep a build's new worker (each session starts one) that says no hello gives
// its runs `error` rows naming the build; the sweep goes on. Here the binary works for the
// check at the start, then exits before its hello.
TEST_CASE("a build whose workers stop saying hello during the sweep gives error rows naming it", "[builds][cli][hangs]") {
    const std::string dir = scratch("stops");
    const std::string cfg = config(dir);
    const std::string once = dir + "/once";
    std::ofstream(once) << "#!/bin/sh\nif [ -e '" << dir << "/started' ]; then exit 3; fi\n: > '" << dir
                        << "/started'\nexec '" FUTOLAB_CLI "' \"$@\"\n";
    fs::permissions(once, fs::perms::owner_all);
    const auto r = run_cli("run -q " + cfg + " --build x=" + once);
    CHECK(r.exit_code == 0);
    const std::string csv = dir + "/out/ab.csv";
    const futolab::CsvTable t = futolab::read_csv_file(csv);
    REQUIRE(t.rows.size() == 2 * 2 * 2);
    for (const auto& row : t.rows) {
        CHECK(row[t.column("status", csv)] == "error");
        CHECK(has(row[t.column("message", csv)], "build x (" + once + "): exited with code 3 before its hello"));
    }
}

// The shards of an A/B sweep merge (review of this stop: the builds `run --build` gives are in
// the sidecar only, and merge read the run cells against a matrix without builds). A merge by
// another binary than the shards' does not make their instances again (its generators and ids
// may differ): it says so and keeps the row-against-row checks.
TEST_CASE("an A/B sweep's shards merge, and a merge by another binary says it did not remake the instances",
          "[builds][cli][merge]") {
    const std::string dir = scratch("ab-merge");
    const std::string cfg = config(dir);
    const std::string builds = " --build old=" FUTOLAB_CLI " --build new=" FUTOLAB_CLI;
    for (const char* shard : {"0/2", "1/2"})
        REQUIRE(run_cli("run -q " + cfg + builds + " --shard " + shard + " --out " + dir + "/sh").exit_code == 0);
    const std::string shards = dir + "/sh/ab.shard-0-of-2.csv " + dir + "/sh/ab.shard-1-of-2.csv";
    auto r = run_cli("merge " + shards + " --out " + dir + "/m.csv");
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "16 of 16 runs from 2 files"));
    CHECK(r.err.empty());
    // The shards' driver said to be another binary (its hash in both sidecars, as another build's would be).
    for (const char* name : {"/sh/ab.shard-0-of-2.csv.meta.yaml", "/sh/ab.shard-1-of-2.csv.meta.yaml"}) {
        std::string text = slurp(dir + name);
        const std::size_t at = text.find("  binary_hash: ");  // the first: the `futolab:` section, the driver
        REQUIRE(at != std::string::npos);
        text.replace(at + 15, 16, "0123456789abcdef");
        std::ofstream(dir + name, std::ios::trunc) << text;
    }
    r = run_cli("merge " + shards + " --out " + dir + "/m2.csv");
    CHECK(r.exit_code == 0);
    CHECK(has(r.err, "futolab: warning: the instances were not made again: this futolab is not the one that ran the shards"));
}
