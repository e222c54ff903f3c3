// futolab compare end to end: the fixtures of tests/data/analysis/compare (BASE in the old
// column layout, NEW with `spec`, a planted node change, a status change, runs of one file
// only; see tests/data/README.md) and the committed results/.
#include "cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

using futolab::test::run_cli;
using futolab::test::slurp;
namespace fs = std::filesystem;

using futolab::test::has;
using futolab::test::without_self_compare_notes;

namespace {

const std::string kBase = "analysis/compare/base.csv";
const std::string kNew = "analysis/compare/new.csv";
// The same runs with a calibration timing on every row (tests/data/README.md): BASE and NEW at
// the reference speed, and BASE again on a machine 25 % slower (times and calibration × 1.25).
const std::string kCalBase = "analysis/compare/cal-base.csv";
const std::string kCalNew = "analysis/compare/cal-new.csv";
const std::string kCalDrift = "analysis/compare/cal-drift.csv";

fs::path fresh_dir(const std::string& name) { return futolab::test::fresh_dir("compare-cli", name); }

// A copy of a fixture with `edit` applied to every data line (the header stays).
std::string edited_copy(const fs::path& dir, const std::string& fixture, const std::string& name,
                        const std::function<std::string(const std::string&)>& edit) {
    std::istringstream in(slurp(std::string(FUTOLAB_SOURCE_DIR "/tests/data/") + fixture));
    std::string line, text;
    std::getline(in, line);
    text = line + "\n";
    while (std::getline(in, line)) text += edit(line) + "\n";
    const std::string path = (dir / name).string();
    std::ofstream(path) << text;
    fs::copy_file(std::string(FUTOLAB_SOURCE_DIR "/tests/data/") + fixture + ".meta.yaml", path + ".meta.yaml");
    return path;
}

// A second replicate sweep of `fixture` (in `dir`): its runs and times the same, its worker
// sessions `first` and the one after where the fixture's are 0 and 1 (the last cell) — another
// sweep, not a copy, which --replicates refuses (red-team round 31, H3).
std::string twin_of(const fs::path& dir, const std::string& fixture, const std::string& name, char first = '2') {
    return edited_copy(dir, fixture, name, [first](std::string line) {
        line.back() = static_cast<char>(first + (line.back() - '0'));
        return line;
    });
}

}  // namespace

TEST_CASE("compare: identical inputs exit 0 with every ratio 1", "[cli][compare]") {
    // Two replicate sweeps a side (the same two on both sides): the time gate can measure.
    const std::string twin = twin_of(fresh_dir("identical"), kCalBase, "twin.csv");
    auto r = run_cli("compare " + kCalBase + " " + twin + " " + kCalBase + " " + twin +
                     " --replicates 2 --fail-if-slower 0 --fail-on-change status,nodes,missing");
    CHECK(r.exit_code == 0);
    CHECK(has(r.err, "are one file"));  // said since issue #45
    CHECK(without_self_compare_notes(r.err).empty());
    CHECK(has(r.out, "# BASE " + kCalBase + "+1 → NEW " + kCalBase + "+1\n"));
    CHECK(has(r.out, "runs paired by (instance_hash, spec, mode): 12; status changes 0; counter changes 0; only in BASE 0; only in NEW 0"));
    CHECK(has(r.out, "| backtracking | count:2 | 6 | 0 | 1 | 1 | 1 | 0 | 6 | 0 | 1 | 2 | 2 | 0 | 1 |"));
    CHECK(has(r.out, "| fc | count:2 | 6 | 0 | 1 | 1 | 1 | 0 | 6 | 0 | 1 | 2 | 2 | 0 | 1 |"));
    CHECK(has(r.out, "same: commit, version, config_hash, cpu, host, isolation, limits"));
    // One sweep a side: its two worker sessions measure how far two sweeps differ.
    r = run_cli("compare " + kCalBase + " " + kCalBase + " --fail-if-slower 5");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "| fc | count:2 | 6 | 0 | 1 | 1 | 1 | 0 | 6 | 0 | 1 | 2 | 2 | 0 | 1 |"));
    // One session a side: nothing measures it: refused.
    const fs::path dir = fresh_dir("one-session");
    std::string one = slurp(std::string(FUTOLAB_SOURCE_DIR "/tests/data/") + kCalBase);
    for (std::size_t at = one.find(",1\n"); at != std::string::npos; at = one.find(",1\n", at)) one.replace(at, 3, ",0\n");
    const std::string single = (dir / "single.csv").string();
    std::ofstream(single) << one;
    fs::copy_file(std::string(FUTOLAB_SOURCE_DIR "/tests/data/") + kCalBase + ".meta.yaml", single + ".meta.yaml");
    r = run_cli("compare " + single + " " + single + " --fail-if-slower 5");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "not measured: --fail-if-slower: backtracking count:2: 1 and 1 worker sessions with a run not cut by a limit: how far two separate "
                     "sweeps differ is measured only with 2 or more on each side"));
    // Without calibration the counters and statuses gate as before; the time gate is refused.
    r = run_cli("compare " + kBase + " " + kBase + " --fail-on-change status,nodes,missing");
    CHECK(r.exit_code == 0);
    CHECK(without_self_compare_notes(r.err).empty());
    // Replicates that are not: another config's sweep as a replicate is refused.
    CHECK(run_cli("compare " + kBase + " " + kNew + " " + kBase + " " + kBase + " --replicates 2").exit_code == 2);
    CHECK(run_cli("compare " + kBase + " " + kNew + " " + kBase + " --replicates 2").exit_code == 2);
}

TEST_CASE("compare: two sweeps are gated only when their machine ran alike", "[cli][compare]") {
    // BASE ran on a machine 25 % slower (its calibration too): the ratio is shown, the gate refused.
    auto r = run_cli("compare " + kCalDrift + " " + kCalBase + " --fail-if-slower 5");
    CHECK(r.exit_code == 2);
    CHECK(has(r.out, "drift: not comparable: the calibration workload took 0.800x as long in " + kCalBase + " as in " +
                         kCalDrift + ": the machine ran at another speed (beyond ±10 %)"));
    CHECK(has(r.out, "| fc | count:2 | 6 | 0 | 0.800 | 0.800 | 0.800 | 6 | 0 | 0 | 0.0312 | 2 | 2 | 0 | 0.800 |"));
    CHECK(has(r.err, "not measured: --fail-if-slower: the two sweeps are not comparable"));
    // The other way round: NEW 1.25x slower, all of it the machine's: refused, not a regression.
    r = run_cli("compare " + kCalBase + " " + kCalDrift + " --fail-if-slower 5");
    CHECK(r.exit_code == 2);
    CHECK_FALSE(has(r.err, "slower than +5 %"));
    // Status and counter gates do not depend on the machine's speed.
    CHECK(run_cli("compare " + kCalBase + " " + kCalDrift + " --fail-on-change status,nodes").exit_code == 0);
    // Uncalibrated (rows of a futolab before calibration): the ratio is shown, the gate refused.
    r = run_cli("compare " + kBase + " " + kNew + " --fail-if-slower 5");
    CHECK(r.exit_code == 2);
    CHECK(has(r.out, "drift: not comparable: analysis/compare/base.csv has no calibration timings for 24 of its 24 timed runs"));
    CHECK(has(r.err, "not measured: --fail-if-slower: the two sweeps are not comparable"));
}

TEST_CASE("compare: a gate with nothing to measure exits 2, never 0", "[cli][compare][gate]") {
    const fs::path dir = fresh_dir("closed");
    const std::string two_base = kCalBase + " " + twin_of(dir, kCalBase, "twin.csv") + " ";
    // Every NEW run failed: the statuses changed (exit 1), but no time was measured (exit 2).
    const std::string errors = edited_copy(dir, kCalBase, "errors.csv", [](std::string line) {
        return line.replace(line.find(",unique,"), 8, ",error,");
    });
    const std::string two_errors = errors + " " + edited_copy(dir, kCalBase, "errors-twin.csv", [](std::string line) {
        line.back() = line.back() == '0' ? '2' : '3';  // (as twin_of)
        return line.replace(line.find(",unique,"), 8, ",error,");
    });
    auto r = run_cli("compare " + two_base + two_errors + " --replicates 2 --fail-if-slower 5");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "not measured: --fail-if-slower: every run of " + errors + "+1 failed (crash or error)"));
    CHECK(run_cli("compare " + two_base + two_errors + " --replicates 2 --fail-on-change status").exit_code == 1);
    // Nothing pairs (other instances): every gate is unmeasured.
    const std::string others = edited_copy(dir, kCalBase, "others.csv", [](std::string line) {
        return line.replace(line.find(",00000000000000"), 15, ",99999999999999");
    });
    r = run_cli("compare " + kCalBase + " " + others + " --fail-on-change status,missing");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "not measured: no run of " + others + " pairs with a run of " + kCalBase));
    // A gated counter that NEW does not have: not measured, not "no change".
    const std::string no_nodes = (dir / "no-nodes.csv").string();
    {
        std::istringstream in(slurp(std::string(FUTOLAB_SOURCE_DIR "/tests/data/") + kCalBase));
        std::ofstream out(no_nodes);
        for (std::string line; std::getline(in, line);) {  // drop the 14th field (nodes)
            std::size_t at = 0;
            for (int i = 0; i < 13; ++i) at = line.find(',', at) + 1;
            out << line.erase(at, line.find(',', at) + 1 - at) << "\n";
        }
    }
    r = run_cli("compare " + kCalBase + " " + no_nodes + " --fail-on-change nodes");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "not measured: --fail-on-change nodes: " + no_nodes + " has no column 'nodes'"));
    CHECK(run_cli("compare " + kCalBase + " " + no_nodes + " --fail-on-change fails").exit_code == 0);
    // A racing portfolio's counters (its rows say deterministic 0) are named, not gated; with
    // nothing else to gate, the gate has nothing to measure.
    const auto racing = [](std::string line) { return line + ",0"; };
    const std::string race_a = edited_copy(dir, kCalBase, "race-a.csv", racing);
    const std::string race_b = edited_copy(dir, kCalNew, "race-b.csv", racing);
    for (const std::string& f : {race_a, race_b}) {  // the header gets the column too
        std::string text = slurp(f);
        text.insert(text.find('\n'), ",deterministic");
        std::ofstream(f) << text;
    }
    r = run_cli("compare " + race_a + " " + race_b + " --fail-on-change nodes");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "note: --fail-on-change nodes: not gated for backtracking, fc: its counters are not deterministic"));
    CHECK(has(r.out, "Counters not compared for backtracking, fc: not deterministic"));
    CHECK_FALSE(has(r.out, "nodes 6 → 7"));  // the planted node change is noise here
    fs::remove_all(dir);
}

TEST_CASE("compare: status and counter changes, runs of one file only, sidecar differences", "[cli][compare]") {
    const auto r = run_cli("compare " + kBase + " " + kNew + " --label v1,v2");
    CHECK(r.exit_code == 0);  // no threshold given: a report, not a gate
    CHECK(has(r.out, "# BASE v1 → NEW v2\n"));
    CHECK(has(r.out, "runs paired by (instance_hash, spec, mode): 11; status changes 1; counter changes 1; only in BASE 1; "
                     "only in NEW 1 spec + 0\n"));
    CHECK(has(r.out, "commit: aaaaaaaa → bbbbbbbb\n"));
    CHECK(has(r.out, "warning: the machines differ (host vm → ci-runner)"));
    CHECK(has(r.out, "## Status changes (1)\n\n- i3 [0000000000000003] backtracking count:2: unique → timeout\n"));
    CHECK(has(r.out, "- i2 [0000000000000002] fc count:2: nodes 6 → 7\n"));
    CHECK(has(r.out, "## Only in BASE (1)\n\n- i6 [0000000000000006] fc count:2\n"));
    CHECK(has(r.out, "## Only in NEW (1)\n\n- spec gac count:2: 2 instances (the spec is not in BASE)\n"));
    CHECK(has(r.out, "| fc | count:2 | 5 | 0 | 2 | 2 | 2 | 0 | 0 | 5 | 0.0625 | 0 | 0 | 0 | - |"));
}

// Round 20 left open: the change lists printed labels from the data as they were, so an instance
// or spec with '|', '*x*' or '`' was read as markup by a Markdown viewer. Every piece of data in
// compare's text is escaped as a Markdown table's cell is (markdown_text).
TEST_CASE("compare: the change lists and title escape labels from the data as Markdown", "[cli][compare][escaping]") {
    const fs::path dir = fresh_dir("markdown-labels");
    // "i3|b", a line break, "*x*" and U+202E: one instance name (a quoted CSV cell).
    auto evil = [](const std::string& name) { return name + "|b\n*x*\xe2\x80\xae"; };
    auto shown = [](const std::string& name) { return name + "\\|b<U+000A>\\*x\\*<U+202E>"; };
    for (const std::string& side : {kBase, kNew}) {
        std::string text = slurp(std::string(FUTOLAB_SOURCE_DIR "/tests/data/") + side);
        for (const std::string i : {"i2", "i3", "i6"})
            for (std::size_t at = 0; (at = text.find("," + i + ",", at)) != std::string::npos; ++at)
                text.replace(at, i.size() + 2, ",\"" + evil(i) + "\",");
        for (std::size_t at = 0; (at = text.find(",gac\n", at)) != std::string::npos; ++at)
            text.replace(at, 5, ",\"" + evil("g`c") + "\"\n");  // NEW's spec column: a spec of NEW only
        std::ofstream(dir / fs::path(side).filename(), std::ios::binary) << text;
    }
    const auto r = run_cli("compare base.csv new.csv --label 'v|1*' --label '[v2](x)'", dir.string());
    INFO(r.out);
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "# BASE v\\|1\\* → NEW \\[v2\\](x)\n"));
    CHECK(has(r.out, "## Status changes (1)\n\n- " + shown("i3") + " [0000000000000003] backtracking count:2: unique → timeout\n"));
    CHECK(has(r.out, "## Counter changes (1)\n\nThe counters are deterministic (SPEC §4): each change is a change of "
                     "behaviour.\n\n- " + shown("i2") + " [0000000000000002] fc count:2: nodes 6 → 7\n"));
    CHECK(has(r.out, "## Only in BASE (1)\n\n- " + shown("i6") + " [0000000000000006] fc count:2\n"));
    CHECK(has(r.out, "## Only in NEW (1)\n\n- spec " + shown("g\\`c") + " count:2: 2 instances (the spec is not in BASE)\n"));
    // Nothing of the data is raw: no bidi control, no line starting with its "*x*", no bare '|'.
    CHECK_FALSE(has(r.out, "\xe2\x80\xae"));
    CHECK_FALSE(has(r.out, "\n*x*"));
    CHECK_FALSE(has(r.out, "i3|b"));
}

TEST_CASE("compare: a planted node change fails --fail-on-change nodes", "[cli][compare]") {
    const fs::path dir = fresh_dir("planted");
    // BASE with one nodes cell edited: fc on i4, repeat 1, 8 → 9.
    std::string text = slurp(std::string(FUTOLAB_SOURCE_DIR "/tests/data/") + kBase);
    const std::string row = "t,i4,0000000000000004,4,6,3,fc,var=mrv,41,1,count:2,unique,1,8,";
    const std::size_t at = text.find(row);
    REQUIRE(at != std::string::npos);
    text.replace(at, row.size(), "t,i4,0000000000000004,4,6,3,fc,var=mrv,41,1,count:2,unique,1,9,");
    const std::string planted = (dir / "planted.csv").string();
    std::ofstream(planted) << text;
    auto r = run_cli("compare " + kBase + " " + planted + " --fail-on-change nodes");
    CHECK(r.exit_code == 1);
    CHECK(has(r.out, "- i4 [0000000000000004] fc count:2: nodes 8 → 8\\|9\n"));  // one repeat of two moved (Markdown: 8|9)
    CHECK(has(r.err, "--fail-on-change nodes: changed in 1 run"));
    r = run_cli("compare " + kBase + " " + planted + " --fail-on-change status,fails");
    CHECK(r.exit_code == 0);  // the change is in nodes only
    fs::remove_all(dir);
}

TEST_CASE("compare: --fail-if-slower uses the whole interval of the geometric-mean ratio", "[cli][compare]") {
    const fs::path dir = fresh_dir("whole-interval");
    const std::string two_each = kCalBase + " " + twin_of(dir, kCalBase, "base-twin.csv") + " " + kCalNew + " " +
                                 twin_of(dir, kCalNew, "new-twin.csv") + " --replicates 2";
    auto r = run_cli("compare " + two_each + " --fail-if-slower 50");
    CHECK(r.exit_code == 1);  // fc takes twice as long on every instance
    CHECK(has(r.err, "fc count:2: NEW / BASE 2 [2, 2] over 5 instances: slower than +50 %"));
    CHECK(run_cli("compare " + two_each + " --fail-if-slower 100").exit_code == 0);
    CHECK(run_cli("compare " + kBase + " " + kNew + " --fail-on-change missing").exit_code == 1);
    CHECK(run_cli("compare " + kBase + " " + kNew + " --fail-on-change status").exit_code == 1);
}

TEST_CASE("compare --format csv: one tidy table", "[cli][compare]") {
    auto r = run_cli("compare " + kBase + " " + kNew + " --format csv --table times");
    CHECK(r.exit_code == 0);
    CHECK(r.out == "base,new,spec,mode,instances,limited,ratio,ci_low,ci_high,wins,ties,losses,wilcoxon_p,clusters_base,"
                   "clusters_new,cluster_sd,drift,holm_p,metric\n"
                   "analysis/compare/base.csv,analysis/compare/new.csv,backtracking,count:2,6,1,1,1,1,0,6,0,1,0,0,0,,1,wall_ms\n"
                   "analysis/compare/base.csv,analysis/compare/new.csv,fc,count:2,5,0,2,2,2,0,0,5,0.0625,0,0,0,,0.125,wall_ms\n");
    r = run_cli("compare " + kBase + " " + kNew + " --format csv --table changes --label a,b");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "\na,b,status,backtracking,count:2,i3,0000000000000003,status,unique,timeout\n"));
    // More than two inputs: each against the first.
    r = run_cli("compare " + kBase + " " + kNew + " " + kBase + " --format csv --table times --label a,b,c");
    CHECK(has(r.out, "\na,b,fc,count:2,5,"));
    CHECK(has(r.out, "\na,c,fc,count:2,6,0,1,1,1,0,6,0,1,0,0,0,,1,wall_ms\n"));
}

// The times table says which time its ratios are of: --metric cpu_ms and the default wall_ms
// gave byte-identical headers and rows (red-team round 26, C F8).
TEST_CASE("compare --format csv --table times: the metric column names the time compared", "[cli][compare]") {
    for (const std::string metric : {"", "wall_ms", "cpu_ms"}) {
        INFO(metric);
        const std::string option = metric.empty() ? "" : " --metric " + metric;
        const std::string shown = metric.empty() ? "wall_ms" : metric;
        // Two specs a comparison; three inputs are two comparisons.
        for (const auto& [inputs, rows_wanted] : {std::pair{kBase + " " + kNew, 2u}, std::pair{kBase + " " + kNew + " " + kBase, 4u}}) {
            const auto r = run_cli("compare " + inputs + option + " --format csv --table times");
            INFO(r.err);
            REQUIRE(r.exit_code == 0);
            std::istringstream lines(r.out);
            std::string line;
            std::getline(lines, line);
            CHECK(line.size() > 7);
            CHECK(line.substr(line.size() - 7) == ",metric");  // last: columns read by position stay where they were
            std::size_t rows = 0;
            for (; std::getline(lines, line); ++rows) CHECK(line.substr(line.rfind(',')) == "," + shown);
            CHECK(rows == rows_wanted);
        }
        // The text says it in its heading, its table has no such column.
        const auto text = run_cli("compare " + kBase + " " + kNew + option);
        CHECK(has(text.out, "## Time: " + shown + " per instance"));
        CHECK_FALSE(has(text.out, "| metric |"));
    }
    // The changes table holds no time: no metric column (and --metric is refused with it).
    const auto changes = run_cli("compare " + kBase + " " + kNew + " --format csv --table changes");
    CHECK(changes.out.rfind("base,new,kind,spec,mode,instance,instance_hash,what,base_value,new_value\n", 0) == 0);
}

TEST_CASE("compare: bad input exits 2 with one line", "[cli][compare]") {
    const fs::path dir = fresh_dir("bad");
    auto r = run_cli("compare " + kBase);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "compare needs two results CSVs or more"));
    r = run_cli("compare " + kBase + " no-such.csv");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "no-such.csv"));
    r = run_cli("compare " + kBase + " " + kNew + " --label only-one");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--label: 1 label for 2 inputs"));  // not "1 labels" (red-team round 28, C F9)
    r = run_cli("compare " + kBase + " " + kNew + " --label a --label b --label c");
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--label: 3 labels for 2 inputs"));
    CHECK(run_cli("compare " + kBase + " " + kNew + " --fail-on-change colour").exit_code == 2);
    CHECK(run_cli("compare " + kBase + " " + kNew + " --fail-if-slower -5").exit_code == 2);
    CHECK(run_cli("compare " + kBase + " " + kNew + " --format csv").exit_code == 2);  // which table?
    const std::string bad = (dir / "bad.csv").string();
    std::ofstream(bad) << "instance_hash,solver,options,status,wall_ns,cpu_ns\n01,fc,,solved,abc,1\n";
    r = run_cli("compare " + kBase + " " + bad);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, bad + ":2:5: wall_ns: 'abc' is not a number"));
    const std::string no_hash = (dir / "no-hash.csv").string();
    std::ofstream(no_hash) << "instance,solver,options,status,wall_ns,cpu_ns\na,fc,,solved,1,1\n";
    r = run_cli("compare " + kBase + " " + no_hash);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, no_hash + ": no column 'instance_hash'"));
    const std::string bad_meta = (dir / "meta.csv").string();
    fs::copy_file(std::string(FUTOLAB_SOURCE_DIR "/tests/data/") + kNew, bad_meta);
    std::ofstream(bad_meta + ".meta.yaml") << "config: [unclosed\n";
    r = run_cli("compare " + kBase + " " + bad_meta);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, bad_meta + ".meta.yaml"));
    fs::remove_all(dir);
}

TEST_CASE("compare: the committed results pair (old layout and new)", "[cli][compare]") {
    for (const char* csv : {"results/oracle/oracle-planted.csv", "results/oracle/gac-default.csv"}) {
        INFO(csv);
        const auto r = run_cli(std::string("compare ") + csv + " " + csv + " --fail-on-change status,nodes,missing",
                               FUTOLAB_SOURCE_DIR);
        CHECK(r.exit_code == 0);
        CHECK(has(r.out, "status changes 0; counter changes 0; only in BASE 0; only in NEW 0"));
    }
}

TEST_CASE("report --compare: compare's header, tables and a scatter per spec in the page", "[cli][compare][report]") {
    const fs::path dir = fresh_dir("report");
    const std::string html = (dir / "c.html").string();
    auto r = run_cli("report " + kBase + " " + kNew + " --compare --out " + html);
    REQUIRE(r.exit_code == 0);
    const std::string page = slurp(html);
    CHECK(has(page, "<h2 id=\"compare-section\">What changed</h2>"));
    CHECK(has(page, "<h3>" + kBase + " → " + kNew + "</h3>"));
    CHECK(has(page, "commit: aaaaaaaa → bbbbbbbb\n"));  // the sidecar differences, as compare prints them
    CHECK(has(page, "<table class=\"data\" id=\"compare-times\">"));
    CHECK(has(page, "<h3>Changes run by run (4)</h3>"));
    CHECK(has(page, "<td>status</td><td>backtracking</td><td>count:2</td><td>i3</td>"));
    CHECK(has(page, "<td>unique</td><td>timeout</td>"));
    CHECK(has(page, "<td>counter</td><td>fc</td>"));
    // The summary is per input: nothing pooled, no virtual best.
    CHECK(has(page, "<table class=\"data\" id=\"summary\"><thead><tr><th>source</th><th>spec</th>"));
    CHECK_FALSE(has(page, "<td>virtual-best</td>"));
    // One scatter figure per spec both files have, captioned with what it shows.
    CHECK(has(page, "<figcaption>Wall time per instance (ms), median over repeats, 6 instances; backtracking count:2: " + kNew +
                        " (y) against " + kBase + " (x)"));
    CHECK(has(page, "instances; fc count:2: "));  // the title's two lines joined by "; "

    // Bad usage: exit 2, nothing written.
    const std::string bad = (dir / "bad.html").string();
    r = run_cli("report " + kBase + " --compare --out " + bad);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--compare needs two results CSVs or more"));
    r = run_cli("report " + kBase + " " + kNew + " --compare --fit exp --out " + bad);
    CHECK(r.exit_code == 2);
    CHECK(has(r.err, "--compare compares inputs, not specs"));
    CHECK_FALSE(fs::exists(bad));
    // Without --compare the two versions are still refused (no silent pooling).
    CHECK(run_cli("report " + kBase + " " + kNew + " --out " + bad).exit_code == 2);
    fs::remove_all(dir);
}

TEST_CASE("report --by and --fit as analyze has them", "[cli][report]") {
    const fs::path dir = fresh_dir("report-by");
    const std::string html = (dir / "r.html").string();
    REQUIRE(run_cli("report analysis/growth.csv --by spec,n --fit exp,power --out " + html).exit_code == 0);
    const std::string page = slurp(html);
    CHECK(has(page, "<table class=\"data\" id=\"summary\"><thead><tr><th>spec</th><th>n</th><th>metric</th>"));
    CHECK(has(page, "<h2>Growth fits</h2>"));
    CHECK(has(page, "<table class=\"data\" id=\"fits\">"));
    // The default stays one row per spec.
    REQUIRE(run_cli("report analysis/growth.csv --out " + html).exit_code == 0);
    CHECK(has(slurp(html), "<table class=\"data\" id=\"summary\"><thead><tr><th>spec</th><th>metric</th>"));
    CHECK(run_cli("report analysis/growth.csv --by nosuch --out " + html).exit_code == 2);
    fs::remove_all(dir);
}

// Red-team round 31, H3: one sweep given twice as replicates (one file under two names, or a byte
// copy) was pooled as two sweeps: the spread between them read 0, the gate turned on and failed an
// A/A comparison. Replicates of one side that hold one sweep's runs are refused; the same sweep
// on both sides stays a comparison with itself, noted.
TEST_CASE("compare --replicates refuses one sweep given twice on a side", "[cli][compare]") {
    const fs::path dir = fresh_dir("shared-replicates");
    const std::string data = std::string(FUTOLAB_SOURCE_DIR "/tests/data/");
    const std::string base = (dir / "b.csv").string(), copy = (dir / "copy.csv").string();
    for (const std::string& to : {base, copy}) {
        fs::copy_file(data + kCalBase, to);
        fs::copy_file(data + kCalBase + ".meta.yaml", to + ".meta.yaml");
    }
    fs::create_symlink("b.csv", dir / "link.csv");
    const std::string twin = twin_of(dir, kCalBase, "twin.csv"), other = twin_of(dir, kCalBase, "other.csv", '4');
    const std::string part = edited_copy(dir, kCalBase, "part.csv", [](const std::string& line) { return line; });
    // (part.csv: the same rows; cut to its first 6 runs below: a shard beside its merge)
    {
        std::istringstream in(slurp(part));
        std::string text, line;
        for (int i = 0; i < 7 && std::getline(in, line); ++i) text += line + "\n";
        std::ofstream(part) << text;
    }
    int edits = 0;
    const std::string edited = edited_copy(dir, kCalBase, "edited.csv", [&edits](std::string line) {
        if (edits++ == 0) line.back() = '7';  // the first row's session
        return line;
    });
    struct Case {
        std::string pair, why;
    };
    for (const Case& c : {Case{base + " " + base, base + " and " + base + " are one file"},
                          Case{base + " " + (dir / "link.csv").string(), base + " and " + (dir / "link.csv").string() + " are one file"},
                          Case{base + " " + (dir / "." / "b.csv").string(), " are one file"},
                          Case{base + " " + copy, base + " and " + copy + " hold the same 24 runs, measurements included (a copy?)"},
                          Case{part + " " + base, "every run of " + part + " is a row of " + base},
                          // One cell edited: 23 of its 24 runs still the same, to the nanosecond (round 31 spot check, J1).
                          Case{edited + " " + base, edited + " and " + base + " share 23 of " + edited +
                                                        "'s 24 runs, measurements included (a copy resumed, redone or edited?)"}}) {
        for (const std::string& sides : {c.pair + " " + twin + " " + other, twin + " " + other + " " + c.pair}) {
            const auto r = run_cli("compare " + sides + " --replicates 2 --fail-if-slower 0");
            INFO(sides + ": " + r.err);
            CHECK(r.exit_code == 2);
            CHECK(has(r.err, "futolab: --replicates 2: "));
            CHECK(has(r.err, c.why));
            CHECK(has(r.err, ": each replicate is a separate sweep of the experiment"));
            CHECK_FALSE(has(r.err, "compared with itself"));
            CHECK(r.out.empty());
        }
    }
    // Two sweeps a side, the same two on both: measured, every ratio 1.
    CHECK(run_cli("compare " + base + " " + twin + " " + base + " " + twin + " --replicates 2 --fail-if-slower 0").exit_code == 0);
}

// Red-team round 32, K4: a `--isolation fork` sweep pooled with process sweeps as replicates;
// the gap between the two ways of measuring was read as noise between sweeps, the interval
// widened to [7e-05, 113035], and --fail-if-slower 0 passed a 2.9x slowdown. Replicates of
// another isolation are refused on either side, as those of another config are.
TEST_CASE("compare --replicates refuses a replicate measured under another isolation", "[cli][compare]") {
    const fs::path dir = fresh_dir("replicate-isolation");
    const std::string twin = twin_of(dir, kCalBase, "twin.csv"), other = twin_of(dir, kCalBase, "other.csv", '4');
    const std::string fork = twin_of(dir, kCalBase, "fork.csv", '6');
    std::string sidecar = slurp(fork + ".meta.yaml");
    REQUIRE(has(sidecar, "isolation: process"));
    sidecar.replace(sidecar.find("isolation: process"), 18, "isolation: fork");
    std::ofstream(fork + ".meta.yaml") << sidecar;
    for (const std::string& sides : {twin + " " + other + " " + twin + " " + fork, twin + " " + fork + " " + twin + " " + other}) {
        const auto r = run_cli("compare " + sides + " --replicates 2 --fail-if-slower 0");
        INFO(sides + ": " + r.err);
        CHECK(r.exit_code == 2);
        CHECK(has(r.err, fork + ": a replicate of " + twin + " from another isolation (process → fork): replicates are sweeps "
                                "of one build, one config, one isolation and one set of limits"));
        CHECK(r.out.empty());
    }
    // One sweep a side: compared, the difference said as the isolation's, not as a limit's.
    const auto plain = run_cli("compare " + twin + " " + fork);
    CHECK(plain.exit_code == 0);
    CHECK(has(plain.out, "warning: the isolation differs (isolation process → fork): time ratios measure how the runs "
                         "were isolated as well as the code"));
    CHECK_FALSE(has(plain.out, "the limits differ"));
    // Alike, the same files are replicates (the edit alone is refused, not the files).
    CHECK(run_cli("compare " + twin + " " + other + " " + twin + " " + other + " --replicates 2 --fail-if-slower 0").exit_code == 0);
}
