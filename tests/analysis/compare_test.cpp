#include "analysis/compare.hpp"
#include "analysis/compare_gate.hpp"
#include "analysis/compare_report.hpp"
#include "analysis/provenance.hpp"
#include "core/error.hpp"
#include "data.hpp"

#include <fmt/format.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace futolab;
using futolab::test::analysis_csv;

namespace {

std::string compare_csv(const std::string& name) { return analysis_csv("compare/" + name); }

std::map<RunKey, RunGroup> groups_of(const std::string& path) { return run_groups(ResultsTable::load({path})); }

RunComparison fixture_comparison() { return compare_runs(groups_of(compare_csv("base.csv")), groups_of(compare_csv("new.csv"))); }

const SpecTimes& times_of(const RunComparison& c, const std::string& spec) {
    for (const SpecTimes& t : c.times)
        if (t.spec == spec) return t;
    FAIL("no times for " << spec);
    return c.times.front();
}

// A comparison of two sides whose every run was measured in two sessions each (the drift of
// one sweep: none).
ComparedInputs measured(RunComparison c) {
    for (SpecTimes& t : c.times) t.clusters_base = t.clusters_new = 2;
    ComparedInputs in{"a", "b", {}, {}, "wall_ms", c, {}, {}, {}};
    in.drift.kind = DriftKind::same_sweep;
    in.drift.base.runs = in.drift.next.runs = 10;
    for (const std::string& counter : counter_columns()) in.base_columns.insert(counter), in.new_columns.insert(counter);
    return in;
}

std::vector<std::string> violations(const RunComparison& c, const CompareThresholds& t) {
    return gate_verdict(measured(c), t).violations;
}

std::string temp_csv(const std::string& name, const std::string& text) {
    const auto path = std::filesystem::temp_directory_path() / ("futolab-compare-" + name);
    std::ofstream(path) << text;
    return path.string();
}

}  // namespace

TEST_CASE("run groups: one per instance, spec and mode, over the repeats", "[compare]") {
    const auto groups = groups_of(compare_csv("base.csv"));
    CHECK(groups.size() == 12);  // 6 instances × 2 specs; the old CSV's fc:var=mrv reads as spec fc
    const RunGroup& g = groups.at({"0000000000000002", "fc", "count:2"});
    CHECK(g.instance == "i2");
    CHECK(g.runs == 2);
    CHECK(g.status == "unique");
    CHECK(g.counters.at("nodes") == std::set<std::string>{"6"});
    REQUIRE(g.time);
    CHECK(*g.time == Approx(2.0));  // 2 ms, both repeats
}

TEST_CASE("status_text: one status, or each with its count", "[compare]") {
    CHECK(status_text({"unique", "unique"}) == "unique");
    CHECK(status_text({"unique", "timeout", "unique"}) == "timeout×1, unique×2");
}

TEST_CASE("identical inputs: no change, every ratio 1", "[compare]") {
    const auto g = groups_of(compare_csv("base.csv"));
    const RunComparison c = compare_runs(g, g);
    CHECK(c.paired == 12);
    CHECK(c.status_changes.empty());
    CHECK(c.counter_changes.empty());
    CHECK(c.only_base.empty());
    CHECK(c.only_new.empty());
    CHECK(c.options_changes.empty());
    REQUIRE(c.times.size() == 2);
    for (const SpecTimes& t : c.times) {
        CHECK(t.ratio == Approx(1.0));
        CHECK(t.low == Approx(1.0));
        CHECK(t.high == Approx(1.0));
        CHECK(t.ties == 6);
        CHECK(t.wilcoxon_p == 1);
    }
    CHECK(violations(c, {0.0, change_kinds()}).empty());
}

TEST_CASE("status changes, counter changes and runs of one file only", "[compare]") {
    const RunComparison c = fixture_comparison();
    REQUIRE(c.status_changes.size() == 1);  // backtracking on i3: unique → timeout
    CHECK(c.status_changes[0].instance == "i3");
    CHECK(c.status_changes[0].key.spec == "backtracking");
    CHECK(c.status_changes[0].base == "unique");
    CHECK(c.status_changes[0].next == "timeout");
    REQUIRE(c.counter_changes.size() == 1);  // the planted node change: fc on i2
    CHECK(c.counter_changes[0].instance == "i2");
    CHECK(c.counter_changes[0].what == "nodes");
    CHECK(c.counter_changes[0].base == "6");
    CHECK(c.counter_changes[0].next == "7");
    REQUIRE(c.only_base.size() == 1);  // fc never ran i6 in NEW
    CHECK(c.only_base[0].instance == "i6");
    CHECK(c.only_new.empty());
    REQUIRE(c.specs_only_new.size() == 1);  // gac only in NEW: one line, not one per instance
    CHECK(c.specs_only_new[0].spec == "gac");
    CHECK(c.specs_only_new[0].instances == 2);
}

TEST_CASE("time ratios: NEW / BASE per spec with the bootstrap interval", "[compare]") {
    const RunComparison c = fixture_comparison();
    const SpecTimes& fc = times_of(c, "fc");
    CHECK(fc.instances == 5);
    CHECK(fc.ratio == Approx(2.0));  // NEW takes twice as long on every instance
    CHECK(fc.low == Approx(2.0));
    CHECK(fc.high == Approx(2.0));
    CHECK(fc.losses == 5);
    CHECK(fc.wins == 0);
    CHECK(fc.wilcoxon_p == Approx(0.0625));  // exact, 5 of 5 the same sign: 2 / 2^5
    const SpecTimes& bt = times_of(c, "backtracking");
    CHECK(bt.instances == 6);
    CHECK(bt.limited == 1);  // the timeout's time is a lower bound
    CHECK(bt.ratio == Approx(1.0));
}

TEST_CASE("counters are not compared where a limit stopped the search", "[compare]") {
    const std::string header = "instance,instance_hash,solver,options,mode,status,nodes,wall_ns,cpu_ns\n";
    const auto a = groups_of(temp_csv("limit-a.csv", header + "a,01,fc,,first,timeout,100,5,5\n"));
    const auto b = groups_of(temp_csv("limit-b.csv", header + "a,01,fc,,first,timeout,120,5,5\n"));
    CHECK(compare_runs(a, b).counter_changes.empty());
}

TEST_CASE("an empty counter cell is a value of its own", "[compare]") {
    const std::string header = "instance,instance_hash,solver,options,mode,status,nodes,wall_ns,cpu_ns\n";
    const auto a = groups_of(temp_csv("empty-a.csv", header + "a,01,fc,,first,solved,,5,5\n"));
    const auto b = groups_of(temp_csv("empty-b.csv", header + "a,01,fc,,first,solved,3,5,5\n"));
    const RunComparison c = compare_runs(a, b);
    REQUIRE(c.counter_changes.size() == 1);
    CHECK(c.counter_changes[0].base == "(empty)");
    CHECK(c.counter_changes[0].next == "3");
}

TEST_CASE("a spec whose options moved between the files is reported", "[compare]") {
    const std::string header = "instance,instance_hash,solver,options,spec,mode,status,nodes,wall_ns,cpu_ns\n";
    const auto a = groups_of(temp_csv("opts-a.csv", header + "a,01,gac,\"sac=all,var=mrv\",gac,first,solved,3,5,5\n"));
    const auto b = groups_of(temp_csv("opts-b.csv", header + "a,01,gac,\"sac=none,var=mrv\",gac,first,solved,3,5,5\n"));
    const RunComparison c = compare_runs(a, b);
    REQUIRE(c.options_changes.size() == 1);
    CHECK(c.options_changes[0].spec == "gac");
    CHECK(*c.options_changes[0].base.begin() == "sac=all,var=mrv");
    CHECK(*c.options_changes[0].next.begin() == "sac=none,var=mrv");
    // The warning names only the options that moved.
    const ComparedInputs compared{"a", "b", {}, {}, "wall_ms", c, {}, {}, {}};
    CHECK(compare_header(compared).find("warning: spec gac resolves to other options: sac=all → sac=none (a default "
                                        "changed?)\n") != std::string::npos);
}

TEST_CASE("the gate: --fail-if-slower looks at the whole interval, --fail-on-change at the kinds named", "[compare]") {
    const RunComparison c = fixture_comparison();
    CHECK(violations(c, {}).empty());
    CHECK(violations(c, {99.0, {}}).size() == 1);   // fc: [2, 2] > 1.99
    CHECK(violations(c, {100.0, {}}).empty());      // not above 2
    RunComparison noisy = c;
    noisy.times = {{"fc", "first", 10, 0, 1.3, 0.95, 1.7, 0, 0, 0, 1, 0, 0, 0}};  // slower on average, 1 in the interval
    CHECK(violations(noisy, {5.0, {}}).empty());
    CHECK(violations(c, {std::nullopt, {"nodes"}}).size() == 1);
    CHECK(violations(c, {std::nullopt, {"fails"}}).empty());
    CHECK(violations(c, {std::nullopt, {"status"}}).size() == 1);
    CHECK(violations(c, {std::nullopt, {"missing"}}).size() == 1);
    const auto kinds = change_kinds();
    CHECK(std::find(kinds.begin(), kinds.end(), "max_depth") != kinds.end());
}

TEST_CASE("provenance: what the sidecars state differently, and warnings for machine and limits", "[compare]") {
    const std::string base = compare_csv("base.csv"), next = compare_csv("new.csv");
    const Provenance a = read_provenance(base, ResultsTable::load({base}));
    const Provenance b = read_provenance(next, ResultsTable::load({next}));
    CHECK(a.has_sidecar);
    const auto diff = provenance_differences(a, b);
    REQUIRE(diff.size() == 2);
    CHECK(diff[0].fact == "commit");
    CHECK(diff[0].base == "aaaaaaaa");
    CHECK(diff[1].fact == "host");
    const auto same = provenance_agreements(a, b);
    CHECK(std::find(same.begin(), same.end(), "limits") != same.end());
    CHECK(a.facts[6].second == "nodes=1000, time=10s");
    const auto warnings = provenance_warnings(diff);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].find("the machines differ (host vm → ci-runner)") == 0);
    CHECK(provenance_warnings({{"limits", "time=10s", "time=60s"}}).size() == 1);
}

TEST_CASE("provenance without a sidecar: nothing known, nothing called a difference", "[compare]") {
    const std::string path = temp_csv("no-sidecar.csv", "instance_hash,solver,options,status,wall_ns,cpu_ns,host\n01,fc,,solved,1,1,box\n");
    std::filesystem::remove(path + ".meta.yaml");
    const Provenance p = read_provenance(path, ResultsTable::load({path}));
    CHECK_FALSE(p.has_sidecar);
    CHECK(p.facts[4].second == "box");  // the host column stands in
    CHECK(provenance_differences(p, read_provenance(compare_csv("base.csv"), ResultsTable::load({compare_csv("base.csv")}))).size() == 1);
}

TEST_CASE("a sidecar that is not YAML is an input error naming it", "[compare]") {
    const std::string path = temp_csv("bad-sidecar.csv", "instance_hash,solver,options,status,wall_ns,cpu_ns\n01,fc,,solved,1,1\n");
    std::ofstream(path + ".meta.yaml") << "experiment: [unclosed\n";
    try {
        read_provenance(path, ResultsTable::load({path}));
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()).find(path + ".meta.yaml") == 0);
    }
    std::filesystem::remove(path + ".meta.yaml");
}

TEST_CASE("compare tables: tidy rows for programs", "[compare]") {
    const std::string base = compare_csv("base.csv"), next = compare_csv("new.csv");
    const ComparedInputs c{"v1", "v2", read_provenance(base, ResultsTable::load({base})),
                           read_provenance(next, ResultsTable::load({next})), "wall_ms", fixture_comparison(), {}, {}, {}};
    const std::string times = table_csv(compare_times_table({c}));
    CHECK(times.find("base,new,spec,mode,instances,limited,ratio,ci_low,ci_high,wins,ties,losses,wilcoxon_p,clusters_base,"
                     "clusters_new,cluster_sd,drift,holm_p,metric\n") == 0);
    // holm_p over the two specs, by hand: fc 2 × 0.0625; backtracking max(0.125, 1 × 1) = 1.
    CHECK(times.find("\nv1,v2,backtracking,count:2,6,1,1,1,1,0,6,0,1,0,0,0,,1,wall_ms\n") != std::string::npos);
    CHECK(times.find("\nv1,v2,fc,count:2,5,0,2,2,2,0,0,5,0.0625,0,0,0,,0.125,wall_ms\n") != std::string::npos);
    // Each comparison's rows name its own metric (red-team round 26, C F8).
    ComparedInputs cpu = c;
    cpu.time_metric = "cpu_ms";
    cpu.new_label = "v3";
    const std::string both = table_csv(compare_times_table({c, cpu}));
    CHECK(both.find("\nv1,v2,fc,count:2,5,0,2,2,2,0,0,5,0.0625,0,0,0,,0.125,wall_ms\n") != std::string::npos);
    CHECK(both.find("\nv1,v3,fc,count:2,5,0,2,2,2,0,0,5,0.0625,0,0,0,,0.125,cpu_ms\n") != std::string::npos);
    const std::string changes = table_csv(compare_changes_table({c}));
    CHECK(changes.find("\nv1,v2,status,backtracking,count:2,i3,0000000000000003,status,unique,timeout\n") != std::string::npos);
    CHECK(changes.find("\nv1,v2,counter,fc,count:2,i2,0000000000000002,nodes,6,7\n") != std::string::npos);
    CHECK(changes.find("\nv1,v2,only_base,fc,count:2,i6,0000000000000006,,,\n") != std::string::npos);
    CHECK(changes.find("\nv1,v2,spec_only_new,gac,count:2,,,runs,,2\n") != std::string::npos);
    const std::string text = compare_text(c, 25);
    CHECK(text.find("- i3 [0000000000000003] backtracking count:2: unique → timeout\n") != std::string::npos);
    CHECK(text.find("- i2 [0000000000000002] fc count:2: nodes 6 → 7\n") != std::string::npos);
    CHECK(text.find("commit: aaaaaaaa → bbbbbbbb\n") != std::string::npos);
    CHECK(text.find("warning: the machines differ") != std::string::npos);
    CHECK(compare_text(c, 0) == text);  // every list is short
}

// Red-team round 14 (B F14): across replicate sweeps whose every run hit its limit, the gate
// said "0 and 0 replicate sweeps … with 2 or more on each side (--replicates R)", with two a
// side given; a time a limit cut is in no cluster, and that is the reason to name.
TEST_CASE("compare --fail-if-slower names limits, not too few sweeps, when every pair hit one", "[compare]") {
    RunComparison r;
    r.paired = 4;
    r.times.push_back(SpecTimes{.spec = "exact-square:objective=h", .mode = "", .instances = 4, .limited = 4});
    ComparedInputs in{"p", "q", {}, {}, "wall_ms", r, {}, {}, {}};
    in.drift.kind = DriftKind::comparable;
    in.drift.base.runs = in.drift.next.runs = 8;
    in.clusters = Cluster::sweep;
    const GateVerdict all_cut = gate_verdict(in, {.slower_percent = 0.0, .fail_on = {}});
    CHECK(all_cut.unmeasured ==
          std::vector<std::string>{"--fail-if-slower: exact-square:objective=h: all 4 paired instances hit a limit on a side "
                                   "(a time a limit cut is a bound, not a measurement), so the replicate sweeps have no time "
                                   "to measure how far they differ; raise the limits"});
    // One pair measured: then the count of sweeps with such a run is the reason.
    in.result.times[0].limited = 3;
    in.result.times[0].clusters_base = in.result.times[0].clusters_new = 1;
    const GateVerdict few = gate_verdict(in, {.slower_percent = 0.0, .fail_on = {}});
    REQUIRE(few.unmeasured.size() == 1);
    CHECK(few.unmeasured[0].find("1 and 1 replicate sweeps with a run not cut by a limit: how far two separate sweeps "
                                 "differ is measured only with 2 or more on each side (--replicates R)") != std::string::npos);
}

// Red-team round 31, H2: in one A/B sweep with one worker session per build (-j1, a sweep under
// a second), one binary read 13-18 % slower than itself, exit 1: each build's runs came from one
// worker process. One A/B sweep gates with 2 sessions or more per build, as across sweeps.
TEST_CASE("compare --base gates a build's time only with two worker sessions or more", "[compare]") {
    RunComparison r;
    r.paired = 10;
    r.times.push_back(SpecTimes{.spec = "fc", .mode = "count:2", .instances = 10, .ratio = 1.18, .low = 1.14, .high = 1.23});
    ComparedInputs in = measured(r);
    for (const std::size_t sessions : {std::size_t{0}, std::size_t{1}}) {
        in.result.times[0].clusters_base = sessions;
        in.result.times[0].clusters_new = 2;
        const GateVerdict one = gate_verdict(in, {.slower_percent = 0.0, .fail_on = {}});
        CHECK(one.violations.empty());
        REQUIRE(one.unmeasured.size() == 1);
        CHECK(one.unmeasured[0] ==
              fmt::format("--fail-if-slower: fc count:2: {} and 2 worker sessions with a run not cut by a limit: in one A/B "
                          "sweep each build needs 2 or more, or its one worker's process (its address-space layout, the core "
                          "it ran on) is passed off as its code (a sweep starts a session every second and 50 runs per job: "
                          "a longer sweep, more repeats, or --jobs 2)",
                          sessions));
    }
    in.result.times[0].clusters_base = 2;
    const GateVerdict two = gate_verdict(in, {.slower_percent = 0.0, .fail_on = {}});
    CHECK(two.unmeasured.empty());
    CHECK(two.violations.size() == 1);
}
