#include "analysis/paired.hpp"
#include "analysis/summary.hpp"
#include "core/error.hpp"
#include "data.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace futolab;
using futolab::test::analysis_csv;

namespace {

const PairedComparison& find(const std::vector<PairedComparison>& rows, const std::string& spec,
                             const std::string& metric) {
    for (const auto& r : rows)
        if (r.spec == spec && r.metric == metric) return r;
    FAIL("no row " << spec << " " << metric);
    return rows.front();
}

// Instance a: three repeats per spec, instance b: one. Nodes only.
ResultsTable repeats_table() {
    const std::string path = (std::filesystem::temp_directory_path() / "futolab-paired-repeats.csv").string();
    std::ofstream(path) << "instance,instance_hash,n,solver,options,repeat,status,nodes,wall_ns,cpu_ns\n"
                           "a,000a,4,backtracking,,1,solved,3,1,1\n"
                           "a,000a,4,backtracking,,2,solved,100,1,1\n"
                           "a,000a,4,backtracking,,3,solved,5,1,1\n"
                           "a,000a,4,fc,,1,solved,1,1,1\n"
                           "a,000a,4,fc,,2,solved,1,1,1\n"
                           "a,000a,4,fc,,3,node_limit,2,1,1\n"
                           "b,000b,5,backtracking,,1,solved,1,1,1\n"
                           "b,000b,5,fc,,1,solved,1,1,1\n"
                           "b,000b,5,gac,,1,solved,0,1,1\n";
    return ResultsTable::load({path});
}

}  // namespace

TEST_CASE("counts are shifted by one, times are not", "[paired]") {
    CHECK(shifted_metric("nodes", 0) == 1);
    CHECK(shifted_metric("wall_ms", 2.5) == 2.5);
    CHECK(shifted_metric("wall_ms", 0) > 0);
}

TEST_CASE("an exact 2x speed-up gives geomean 2 with a narrow interval around it", "[paired]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("paired.csv")});
    const auto rows = compare_to_baseline(t, "backtracking", {"nodes", "wall_ms"});
    REQUIRE(rows.size() == 4);  // fc and gac, two metrics each
    for (const char* metric : {"nodes", "wall_ms"}) {
        INFO(metric);
        const PairedComparison& fc = find(rows, "fc", metric);
        CHECK(fc.instances == 8);  // instance 9 only the baseline ran
        CHECK(fc.limited == 1);    // fc's run of instance 8 timed out (PAR1: its value counts)
        CHECK(fc.geomean == Approx(2.0));
        CHECK(fc.low == Approx(2.0));
        CHECK(fc.high == Approx(2.0));
        CHECK(fc.wins == 8);
        CHECK(fc.ties + fc.losses == 0);
        CHECK(fc.wilcoxon_p == Approx(2.0 / 256));  // 8 of 8 positive, exact
        const PairedComparison& gac = find(rows, "gac", metric);
        CHECK(gac.geomean == Approx(1.0));
        CHECK(gac.ties == 8);
        CHECK(gac.wilcoxon_p == 1);
    }
}

TEST_CASE("paired output is deterministic", "[paired]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("paired.csv")});
    const std::string a = table_markdown(paired_table(compare_to_baseline(t, "gac", {"nodes"})));
    const std::string b = table_markdown(paired_table(compare_to_baseline(t, "gac", {"nodes"})));
    CHECK(a == b);
    CHECK(a.find("| fc | nodes | 8 | 1 | 2 | 2 | 2 | 8 | 0 | 0 | 0.00781 |") != std::string::npos);
}

TEST_CASE("wins, ties and losses use a 1 % band", "[paired]") {
    const std::vector<PairedInstance> pairs{{"a", 100, 100, false}, {"b", 100.5, 100, false}, {"c", 102, 100, false},
                                            {"d", 98, 100, true}};
    const PairedComparison c = compare_pairs(pairs);
    CHECK(c.ties == 2);
    CHECK(c.wins == 1);
    CHECK(c.losses == 1);
    CHECK(c.limited == 1);
}

TEST_CASE("repeats are reduced to their median per instance first", "[paired]") {
    const ResultsTable t = repeats_table();
    const auto medians = instance_medians(t, "backtracking", "nodes");
    CHECK(medians.at("000a").value == 5);
    CHECK(medians.at("000a").runs == 3);
    const auto fc = instance_medians(t, "fc", "nodes");
    CHECK(fc.at("000a").value == 1);
    CHECK_FALSE(fc.at("000a").censored);  // the limited repeat is above the median
    const PairedComparison c = compare_pairs(pair_instances(t, "backtracking", "fc", "nodes"));
    CHECK(c.instances == 2);
    CHECK(c.wins == 1);  // instance a: (5 + 1) / (1 + 1) = 3
    CHECK(c.ties == 1);  // instance b
    CHECK(c.losses == 0);
    CHECK(c.geomean == Approx(std::sqrt(3.0)));
}

TEST_CASE("pairs carry each side's runs for the two-stage bootstrap", "[paired][bootstrap]") {
    const ResultsTable t = repeats_table();
    const auto pairs = pair_instances(t, "backtracking", "fc", "nodes");
    REQUIRE(pairs.size() == 2);
    // Instance a, shifted by one: backtracking 3, 100, 5 → 4, 101, 6; fc 1, 1, 2 (its limited
    // repeat with the value reached) → 2, 2, 3.
    std::vector<double> base = pairs[0].base_runs, other = pairs[0].other_runs;
    std::sort(base.begin(), base.end());
    std::sort(other.begin(), other.end());
    CHECK(base == std::vector<double>{4, 6, 101});
    CHECK(other == std::vector<double>{2, 2, 3});
    CHECK(pairs[1].base_runs == std::vector<double>{2});
    // The repeats of a vary: its interval is wider than the instances' alone, which see only
    // the medians (3 and 1 on a and b).
    const PairedComparison two_stage = compare_pairs(pairs);
    auto medians_only = pairs;
    for (PairedInstance& p : medians_only) p.base_runs = p.other_runs = {};
    const PairedComparison instances_only = compare_pairs(medians_only);
    CHECK(two_stage.geomean == instances_only.geomean);  // the same point estimate
    CHECK(two_stage.high - two_stage.low > instances_only.high - instances_only.low);
}

TEST_CASE("holm_p adjusts wilcoxon_p over the specs compared on one metric", "[paired][holm]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("paired.csv")});
    const auto rows = compare_to_baseline(t, "backtracking", {"nodes", "wall_ms"});
    // Per metric two specs: fc (p = 2/256) and gac (p = 1, no nonzero difference). Holm:
    // fc's p doubled, gac's max(1, …) = 1; the other metric is a family of its own.
    for (const char* metric : {"nodes", "wall_ms"}) {
        INFO(metric);
        CHECK(find(rows, "fc", metric).holm_p == Approx(4.0 / 256));
        CHECK(find(rows, "gac", metric).holm_p == 1);
    }
    const TextTable table = paired_table(rows);
    CHECK(table.header.back() == "holm_p");
    CHECK(table_csv(table).find("\nfc,nodes,8,1,2,2,2,8,0,0,0.0078125,0.015625\n") != std::string::npos);
}

TEST_CASE("the virtual best solver takes per instance the best spec's runs", "[paired]") {
    const ResultsTable t = with_virtual_best(repeats_table(), "nodes");
    const auto vbs = instance_medians(t, kVirtualBest, "nodes");
    REQUIRE(vbs.size() == 2);
    CHECK(vbs.at("000a").value == 1);  // fc
    CHECK(vbs.at("000a").runs == 3);
    CHECK(vbs.at("000b").value == 0);  // gac
    const auto groups = summarize(t, {"spec"}, {"nodes"});
    CHECK(groups.back().key[0] == kVirtualBest);
    CHECK(groups.back().runs == 4);
    // It is never compared against a baseline.
    for (const auto& row : compare_to_baseline(t, "backtracking", {"nodes"})) CHECK(row.spec != kVirtualBest);
}

TEST_CASE("a baseline that is not in the results is an input error", "[paired]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("paired.csv")});
    CHECK_THROWS_AS(compare_to_baseline(t, "gecode", {"nodes"}), InputError);
}

TEST_CASE("specs on the command line: a label, part of one, or the options a label ran with", "[paired]") {
    const std::string path = (std::filesystem::temp_directory_path() / "futolab-paired-resolve.csv").string();
    std::ofstream(path) << "instance_hash,solver,options,spec,status,wall_ns,cpu_ns\n"
                           "1,backtracking,\"assign_limit=0,val=min\",backtracking,unique,1,1\n"
                           "1,fc,\"val=min,var=mrv\",fc,unique,1,1\n"
                           "1,fc,\"val=min,var=static\",fc:var=static,unique,1,1\n"
                           "1,gac,\"sac=all,var=domwdeg\",\"gac:sac=all,var=domwdeg\",unique,1,1\n";
    const ResultsTable t = ResultsTable::load({path});
    CHECK(resolve_spec(t, "backtracking", "--baseline") == "backtracking");
    CHECK(resolve_spec(t, "fc:var=static", "--baseline") == "fc:var=static");
    CHECK(resolve_spec(t, "gac:sac=all", "--baseline") == "gac:sac=all,var=domwdeg");  // part of a label
    // Not a label: found by the options the rows ran with (their `options` cells), not by
    // today's defaults.
    CHECK(resolve_spec(t, "fc:var=mrv", "--baseline") == "fc");
    CHECK(resolve_spec(t, "fc:val=min,var=static", "--baseline") == "fc:var=static");
    CHECK_THROWS_WITH(resolve_spec(t, "fc:val=min", "--baseline"), Catch::Contains("ambiguous (matches: fc, fc:var=static)"));
    CHECK_THROWS_AS(resolve_spec(t, "gecode", "--baseline"), InputError);
    std::filesystem::remove(path);
}
