// What the records of an exact class search (critical/exact/exact.hpp solve_class: task
// exact's one class, exact_task.cpp's run_meta; each class of exact-sample's sample,
// exact_report.cpp) say of that search, held to the row by resume and merge for both kinds
// alike (output_facts.hpp, order_outputs.hpp):
//   - its counters are whole numbers: hitting_set_calls, oracle_queries, unavoidable_sets, and
//     nodes exactly where the hitting-set engine counts nodes (bb; CaDiCaL's record has none);
//   - the row's nodes and checks are that search's nodes and oracle queries, as the run copies
//     them (an empty nodes of a bb row is refused there as no whole number);
//   - the record has no meta key beyond what its run writes: those rebuilt from the method, the
//     class and the set, and the search's own figures the caller checks;
//   - the records of one row (a frontier's corners) are of one search and share its figures.
// How many calls, sets or nodes a search took only the search itself can tell: these are not
// searched again. So a `multiple` row (no set of the objective's clues: no record) is held to its
// counters' form only, nodes (bb) and checks present (error_rows.hpp): the seeded pool and the
// bounds it walks before a set no allowed clue hits depend on the square, the oracle and the
// seeds, and a counterexample found on the way adds queries.
#pragma once

#include "core/instance.hpp"
#include "critical/exact/exact.hpp"
#include "experiments/row_cells.hpp"

#include <cstddef>
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// A figure the search counted, in `meta`: a whole number, or the row's output is refused.
void check_figure(const RowCells& row, const Json& meta, const char* key);

// The search's time in milliseconds (meta `time_ms`, record `line` from 1): a finite number from 0
// to the row's wall_ns, within which its run measured it on the same clock (the search is one
// part of the run: tasks/square_row.hpp, Stopwatch), give or take 1 µs of rounding. A time
// past the run's own was resumed and merged (found in red-team round 22; checked for form only).
void check_search_ms(const RowCells& row, const Json& meta, std::size_t line);

// A time of the record's meta `key`, `seconds`, measured inside the run on the clock its row's
// `column` (wall_ns, cpu_ns) holds: at most that, give or take 1 µs of rounding. A few-relations
// count's seconds of 3e7 in a 0.18 s run, or an exact-square search's cpu_seconds past the row's
// cpu_ns, were resumed and merged (found in red-team round 24).
void check_seconds_within(const RowCells& row, double seconds, std::string_view key, std::string_view column);

// The class search's counters in one record's meta (see the header).
void check_class_search_counters(const RowCells& row, const Json& meta, bool counts_nodes);

// What task exact's class search of `square` (options `search`, objective `objective`) can have
// counted to reach its records (critical/exact/exact.cpp minimise and class_frontier,
// lazy_search.cpp; red-team round 25, B F12: hitting_set_calls 0 or 1000 and unavoidable_sets 0
// or 1000000 of a class were resumed and summed into the published record):
//   - the search solves one hitting set per cost from 0 up to the minimum it finds, and one more
//     for each candidate the oracle refuted on the way, each refutation an oracle query:
//     hitting_set_calls minus the minimum is from 1 to oracle_queries (a frontier's first search,
//     numbers only, reaches its last corner's h_max: at least that plus one call);
//   - its pool (unavoidable_sets) holds the seeds (the table's seed_sets smallest sets at most,
//     or the square's cycle switches) and at most one set per oracle query, at least one per
//     refuted candidate, and enough sets to need the minimum: a hitting set of the pool costs at
//     most the objective's largest weight per set.
void check_exact_class_effort(const RowCells& row, const std::vector<Instance>& records, const critical::ExactOptions& search,
                              critical::ExactObjective objective, const std::vector<int>& square);

// The row's nodes (where the engine counts them) and checks: the search's of `meta`.
void check_class_search_cells(const RowCells& row, const Json& meta, bool counts_nodes);

// Record `line` (from 1) has no meta key but those of `made` (what its run writes, rebuilt) and
// `figures` (the search's own, checked by the caller).
void check_written_keys(const RowCells& row, const Json& meta, const Json& made, const std::set<std::string>& figures,
                        std::size_t line);

// Record i of a row's `records` (a frontier's corners) carries the first record's `keys`: the
// figures of the one search they are all of.
void check_one_search(const RowCells& row, const std::vector<Instance>& records, std::size_t i,
                      std::initializer_list<const char*> keys);

}  // namespace futolab
