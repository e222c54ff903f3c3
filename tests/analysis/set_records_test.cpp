// Which rows hold critical-set records (ResultsTable::set_record): every task kind that writes
// them, read from the experiment driver's own table of kinds. Red-team round 12, finding 13:
// `analyze --table sets` said "not computed" for the CSV of `futolab critical` (task greedy),
// while the same sets from task critical were counted.
#include "analysis/results_table.hpp"
#include "analysis/set_table.hpp"
#include "core/status.hpp"
#include "data.hpp"
#include "experiments/task_kinds.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <string>

using namespace futolab;
using futolab::test::temp_csv;

namespace {

// The kinds whose method makes a critical set per run: critical and greedy (method critical),
// exact (a class's minimum) and exact-square (a square's minimum); not generate's puzzles.
bool writes_sets(const TaskInfo& kind) {
    return kind.method == "critical" || kind.method == "exact" || kind.method == "exact-square";
}

}  // namespace

TEST_CASE("every task kind that writes critical-set records has its rows read as set records", "[sets][kinds]") {
    std::string text = "solver,options,spec,mode,status,n,h,k,wall_ns,cpu_ns\n";
    for (const TaskInfo& kind : kTasks)
        text += fmt::format("m,,m,{},{},4,1,2,1,1\n", kind.name, status_name(kind.success));
    const ResultsTable t = ResultsTable::load({temp_csv("set-records-kinds.csv", text)});
    REQUIRE(t.size() == kTasks.size());
    for (std::size_t i = 0; i < kTasks.size(); ++i) {
        INFO(kTasks[i].name);
        CHECK(t.set_record(i) == writes_sets(kTasks[i]));
        CHECK(t.critical_set(i) == writes_sets(kTasks[i]));  // each kind's success holds a set
    }
}

// Task greedy (what `futolab critical` writes) counts as task critical does; exact-square's
// records are sets too (meta.minimum): a proved minimum counts as a set, a search a limit
// stopped (`timeout`, with the best set it found) as limit_hit, as every censored record does.
TEST_CASE("the sets table counts task greedy and exact-square rows", "[sets][kinds]") {
    const std::string path = temp_csv("set-records-greedy.csv",
                                       "solver,options,spec,mode,status,n,h,k,wall_ns,cpu_ns\n"
                                       "critical,,critical,greedy,critical,4,2,4,1,1\n"
                                       "critical,,critical,greedy,critical,4,3,1,1,1\n"
                                       "critical,,critical,greedy,multiple,4,0,0,1,1\n"
                                       "exact-square,,exact-square,exact-square,solved,4,1,2,1,1\n"
                                       "exact-square,,exact-square,exact-square,timeout,4,2,3,1,1\n");
    const auto t = set_table(ResultsTable::load({path}));
    REQUIRE(t);
    CHECK(table_csv(*t) == "spec,n,records,sets,no_set,limit_hit,failed,min_score,exact_min_score,min_slack,median_slack\n"
                           "critical,4,3,2,1,0,0,9,8 (exact),3,6.5\n"
                           "exact-square,4,2,1,0,1,0,8,8 (exact),2,2\n");
}
