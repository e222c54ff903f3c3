// Critical-set analysis counts only sets (issue #24 §5), on critical-k.csv: objective=k records
// of which many are `multiple` (no relations-only set exists, h = k = 0) and one a timeout.
#include "analysis/critical_plot.hpp"
#include "analysis/set_table.hpp"
#include "analysis/summary.hpp"
#include "data.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using futolab::test::analysis_csv;

TEST_CASE("set records: only finished records that are not multiple or unsat hold a set", "[sets]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("critical-k.csv")});
    std::size_t records = 0, sets = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        records += t.set_record(i);
        sets += t.critical_set(i);
    }
    CHECK(records == 11);
    CHECK(sets == 5);
    const ResultsTable solver_runs = ResultsTable::load({analysis_csv("paired.csv")});
    CHECK_FALSE(solver_runs.set_record(0));  // a count:2 run: its h and k are the instance's
}

TEST_CASE("h, k, score and slack statistics leave out the records without a set", "[sets]") {
    const ResultsTable t = ResultsTable::load({analysis_csv("critical-k.csv")});
    const auto groups = summarize(t, {"n"}, {"slack", "k", "nodes"});
    REQUIRE(groups.size() == 2);
    const GroupSummary& n4 = groups[0];
    CHECK(n4.key == std::vector<std::string>{"4"});
    CHECK(n4.runs == 5);                     // every record is counted as a run
    CHECK(n4.metrics[0].count == 3);         // slack: the three sets only
    CHECK(n4.metrics[0].min == Approx(9));   // 3·5 − 2·3, not −6 from a `multiple` row
    CHECK(n4.metrics[1].min == Approx(5));   // k
    CHECK(n4.metrics[2].count == 5);         // nodes is no set metric: every finished record
    CHECK(groups[1].metrics[0].count == 2);  // n = 5: 2 sets of 6 records
    // Solver runs keep their h and k: the instance's clues.
    const auto solver = summarize(ResultsTable::load({analysis_csv("paired.csv")}), {"spec"}, {"h"});
    CHECK(solver[0].metrics[0].count == solver[0].runs - solver[0].failed);
}

TEST_CASE("the sets table counts records, sets and the rest per method and n", "[sets]") {
    const auto t = set_table(ResultsTable::load({analysis_csv("critical-k.csv")}));
    REQUIRE(t);
    CHECK(t->header == std::vector<std::string>{"spec", "n", "records", "sets", "no_set", "limit_hit", "failed", "min_score",
                                                "exact_min_score", "min_slack", "median_slack"});
    // exact_min_score: the proved minimum of 2h + 3k (results/critical/exact), beside the study's own.
    CHECK(table_csv(*t) ==
          "spec,n,records,sets,no_set,limit_hit,failed,min_score,exact_min_score,min_slack,median_slack\n"
          "critical:objective=k,4,5,3,2,0,0,15,8 (exact),9,12\n"
          "critical:objective=k,5,6,2,3,1,0,21,12 (exact),13,14.5\n");
    CHECK_FALSE(set_table(ResultsTable::load({analysis_csv("paired.csv")})));
}

TEST_CASE("the critical plot draws and counts sets only", "[sets]") {
    const PlotSpec p = critical_plot(ResultsTable::load({analysis_csv("critical-k.csv")}));
    REQUIRE(p.panels.size() == 3);
    const PlotSeries& cloud = p.panels[0].series.front();
    CHECK(cloud.label == "critical sets (5 sets)");  // not 11
    CHECK(cloud.points.size() == 5);
    for (const auto& [n, score] : cloud.points) CHECK(score > 2 * (n - 1));  // nothing below the bound
    CHECK(p.panels[0].title.find("; 6 records without a set left out") != std::string::npos);
    CHECK(p.panels[1].series.front().rows.size() == 2);  // a median slack per n
}
