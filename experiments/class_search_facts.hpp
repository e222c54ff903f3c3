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
#include "generators/latin/symmetry.hpp"
#include "solvers/solver.hpp"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
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

// A search that keeps a run's limits itself (task exact, exact-square, few-relations: the
// runner does not relabel what it finished, limit_rule.hpp) stops only when it next looks at
// its clock, so it may finish past a limit, but only by what it does between two looks (and,
// for task exact, its witnesses' verification). One refusal for all three: `spent` seconds on
// the clock of `key` (limits.time, limits.cpu; `limit` 0 or from 1e9 s: none, as the searches
// read it), said in the row's `column` (`said`: "the class search and its verification took"),
// more than `limit` + `margin` is refused, `why` saying how far past a limit that search can
// finish (left open by red-team rounds 25 and 26: such rows were resumed and merged).
void check_finished_by(const RowCells& row, std::string_view column, std::string_view said, double spent, double limit,
                       std::string_view key, double margin, std::string_view why);

// Task exact (exact_task.cpp): a row whose class search finished (solved, multiple, an error
// row whose witness failed its verification: one with a record) within 0.5 s of each limit on
// the row's clocks, which hold the search and the verification: the search looks at its
// limits before every hitting-set solve and oracle query, a step of milliseconds at n <= 5
// (a whole class took at most 0.16 s of CPU in a sample of 765 runs; past a 20 or 60 ms limit
// rows finished at most 17 ms of CPU and 90 ms of wall time late on a loaded machine), and a
// wall limit is kept by process isolation, whose sandbox kills a run 0.5 s past it.
void check_class_search_time(const RowCells& row, const Limits& limits);

// Exact-square (tasks/exact_square.cpp): its record's own times (meta time_ms, cpu_seconds,
// the search alone) within each limit plus 10 s and the limit again: the search looks at its
// deadlines every 256 branch-and-bound nodes and once per bound, but a candidate it meets is
// completed and stripped to a critical set (oracle queries that do not look), and a search
// stopped at a limit without a set completes the empty set: at n = 9 past limits of 0.1 to
// 0.4 s records ended up to 0.8 s of CPU and 1.6 s of wall time late on a loaded machine, and
// a longer search's pool makes each step longer. Proved and stopped records alike.
void check_square_search_time(const RowCells& row, const Json& meta, const Limits& limits);

// The class search's counters in one record's meta (see the header).
void check_class_search_counters(const RowCells& row, const Json& meta, bool counts_nodes);

// What the class searches whose counters a record's meta sums reached (one class for task exact;
// every class of the sample for exact-sample, whose run_meta sums them): what those counters are
// held to, by one rule (check_class_effort).
struct ClassReach {
    // The searches whose hitting-set calls are counted: each makes one at least (0 for
    // exact-sample with engine=cadical and below, whose pruned branch and bound is not the engine
    // it counts: its calls are 0).
    std::uint64_t searches = 1;
    std::uint64_t seeds = 0;    // the most sets their pools start with before a query, together
    std::uint64_t climbed = 0;  // the costs they climbed from 0, together: one call per cost each
    std::uint64_t weight = 1;   // the most one pool set adds to a hitting set's cost
    // The calls they may make, together, that neither climb a cost nor follow a refuted candidate
    // (a class left without a set tries costs up to its clues' total; a search pruned below a
    // bound ends on a call that finds none, after a call per better set found); nullopt: past
    // their climb, their calls are not bounded by their queries (a frontier's many searches).
    std::optional<std::uint64_t> idle = 0;
};

// A record's hitting_set_calls, oracle_queries and unavoidable_sets (whole numbers: checked
// first) held to what searches of `reach` count (critical/exact/exact.cpp minimise,
// minimise_below and class_frontier, lazy_search.cpp; red-team round 25, B F12: hitting_set_calls
// 0 or 1000 and unavoidable_sets 0 or 1000000 of a class were resumed and summed into the
// published record, and exact-sample's sums were held to nothing):
//   - a search solves one hitting set per cost from 0 up to the cost it climbs to, and one more
//     for each candidate the oracle refuted on the way, each refutation an oracle query:
//     hitting_set_calls is at least climbed plus one per search, and at most climbed plus idle
//     plus oracle_queries;
//   - its pool (unavoidable_sets) holds the seeds and at most one set per oracle query, at least
//     one per refuted candidate (the calls past climbed, one per search and idle), and enough
//     sets to need the cost climbed: a hitting set of the pool costs at most `weight` per set.
void check_class_effort(const RowCells& row, const Json& meta, const ClassReach& reach);

// Task exact's one class search of `square` (options `search`, objective `objective`): it climbs
// to the minimum of its record (a frontier's first search, numbers only, to its last corner's
// h_max), seeded by the table's seed_sets smallest sets at most, or the square's cycle switches.
void check_exact_class_effort(const RowCells& row, const std::vector<Instance>& records, const critical::ExactOptions& search,
                              critical::ExactObjective objective, const std::vector<int>& square);

// Exact-sample's searches of the sample's `classes` (critical/exact/exact.cpp exact_sample, the
// solver oracle: seeded by each square's cycle switches): without below each climbs to its own
// minimum (meta class_minima; a class without a set, objective k, may try every cost up to its
// clues' total); a frontier's each to its h_min, at least the last corner's h_max; with below
// each climbs nothing, and makes one call more than its refuted candidates and better sets.
void check_sample_class_effort(const RowCells& row, const std::vector<Instance>& records, const critical::ExactOptions& search,
                               critical::ExactObjective objective, const std::vector<SquareClass>& classes);

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
