#include "analysis/paired.hpp"
#include "core/error.hpp"
#include "data.hpp"

#include <catch2/catch.hpp>

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

}  // namespace

TEST_CASE("counts are shifted by one, times are not", "[paired]") {
    CHECK(shifted_metric("nodes", 0) == 1);
    CHECK(shifted_metric("wall_ms", 2.5) == 2.5);
    CHECK(shifted_metric("wall_ms", 0) > 0);
}

TEST_CASE("an exact 2x speed-up gives geomean 2 with a narrow interval around it", "[paired]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("paired.csv")});
    const auto rows = compare_to_baseline(t, "backtracking", {"nodes", "wall_ms"});
    REQUIRE(rows.size() == 4);  // fc:var=mrv and gac, two metrics each
    for (const char* metric : {"nodes", "wall_ms"}) {
        INFO(metric);
        const PairedComparison& fc = find(rows, "fc:var=mrv", metric);
        CHECK(fc.pairs == 8);  // instance 9 only the baseline ran
        CHECK(fc.instances == 8);
        CHECK(fc.limited == 1);  // fc's run of instance 8 timed out (PAR1: its value counts)
        CHECK(fc.geomean == Approx(2.0));
        CHECK(fc.low == Approx(2.0));
        CHECK(fc.high == Approx(2.0));
        CHECK(fc.wins == 8);
        CHECK(fc.ties + fc.losses == 0);
        const PairedComparison& gac = find(rows, "gac", metric);
        CHECK(gac.geomean == Approx(1.0));
        CHECK(gac.ties == 8);
    }
}

TEST_CASE("paired output is deterministic", "[paired]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("paired.csv")});
    const std::string a = table_markdown(paired_table(compare_to_baseline(t, "gac", {"nodes"})));
    const std::string b = table_markdown(paired_table(compare_to_baseline(t, "gac", {"nodes"})));
    CHECK(a == b);
    CHECK(a.find("| fc:var=mrv | nodes | 8 | 8 | 1 | 2 | 2 | 2 | 8 | 0 | 0 |") != std::string::npos);
}

TEST_CASE("wins, ties and losses use a 1 % band", "[paired]") {
    const std::vector<PairedRun> pairs{{"a", 100, 100, false}, {"b", 100.5, 100, false}, {"c", 102, 100, false},
                                       {"d", 98, 100, true}};
    const PairedComparison c = compare_pairs(pairs);
    CHECK(c.ties == 2);
    CHECK(c.wins == 1);
    CHECK(c.losses == 1);
    CHECK(c.limited == 1);
}

TEST_CASE("repeats of an instance count as one instance in the bootstrap", "[paired]") {
    const std::vector<PairedRun> pairs{{"a", 4, 1, false}, {"a", 1, 1, false}, {"b", 2, 1, false}};
    const PairedComparison c = compare_pairs(pairs);
    CHECK(c.pairs == 3);
    CHECK(c.instances == 2);
    CHECK(c.geomean == Approx(2.0));  // a: mean log of 4 and 1 = log 2; b: log 2
}

TEST_CASE("a baseline that is not in the results is an input error", "[paired]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("paired.csv")});
    CHECK_THROWS_AS(compare_to_baseline(t, "gecode", {"nodes"}), InputError);
}

TEST_CASE("specs on the command line may leave out default options", "[paired]") {
    const std::vector<std::string> specs{"backtracking:val=min", "fc:val=min,var=mrv", "fc:val=min,var=static"};
    CHECK(resolve_spec(specs, "backtracking", "--baseline") == "backtracking:val=min");
    CHECK(resolve_spec(specs, "fc:var=mrv", "--baseline") == "fc:val=min,var=mrv");
    CHECK(resolve_spec(specs, "fc:val=min,var=static", "--baseline") == "fc:val=min,var=static");
    CHECK_THROWS_AS(resolve_spec(specs, "fc", "--baseline"), InputError);  // ambiguous
    CHECK_THROWS_AS(resolve_spec(specs, "gac", "--baseline"), InputError);
}
