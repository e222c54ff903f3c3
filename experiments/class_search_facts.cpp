#include "experiments/class_search_facts.hpp"

#include "core/json_read.hpp"
#include "core/message_text.hpp"
#include "core/status.hpp"
#include "critical/exact/cycle_switches.hpp"
#include "critical/objective.hpp"
#include "sandbox/child_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

namespace futolab {

void check_figure(const RowCells& row, const Json& meta, const char* key) {
    const auto it = meta.find(key);
    if (it == meta.end() || !it->is_number_unsigned())
        row.refuse("output", fmt::format("a record whose meta '{}' is not a whole number, as the search writes it", key));
}

void check_search_ms(const RowCells& row, const Json& meta, std::size_t line) {
    const auto it = meta.find("time_ms");
    const double ms = it != meta.end() && it->is_number() ? it->get<double>() : -1;
    if (!std::isfinite(ms) || ms < 0)
        row.refuse("output", fmt::format("a record (line {}) whose meta 'time_ms' is not a time of at least 0 (a finite "
                                         "number of milliseconds), as the search writes it", line));
    constexpr double kRoundingNs = 1000;  // the double's milliseconds against the clock's whole nanoseconds
    const double wall_ns = static_cast<double>(row.whole("wall_ns"));
    if (ms * 1e6 > wall_ns + kRoundingNs)
        row.refuse("output", fmt::format("a record (line {}) whose meta 'time_ms' is {} ms, more than the run's wall_ns of {} "
                                         "ms (which holds the search)", line, it->dump(), wall_ns / 1e6));
}

void check_seconds_within(const RowCells& row, double seconds, std::string_view key, std::string_view column) {
    constexpr double kRoundingNs = 1000;  // the double's seconds against the clock's whole nanoseconds
    const double held_ns = static_cast<double>(row.whole(column));
    if (seconds * 1e9 > held_ns + kRoundingNs)
        row.refuse("output", fmt::format("a record whose meta '{}' is {:g} s, more than the run's {} of {:g} s (which holds it)",
                                         key, seconds, column, held_ns / 1e9));
}

void check_finished_by(const RowCells& row, std::string_view column, std::string_view said, double spent, double limit,
                       std::string_view key, double margin, std::string_view why) {
    constexpr double kNone = 1e9;  // the searches' own reading: a limit from 31 years is none
    if (!(limit > 0) || limit >= kNone || !(spent > limit + margin)) return;
    row.refuse(column, fmt::format("{} {:g} s, more than {} ({:g} s) and {:g} s past it, where a search that keeps its limits "
                                   "itself finishes no later ({}): one that ran so long would have stopped at the limit",
                                   said, spent, key, limit, margin, why));
}

namespace {

// Kept to the sandbox's kill grace (sandbox/child_run.hpp), which a time limit of task exact
// needs as its process isolation; the CPU limit's step is the same search's.
constexpr std::string_view kClassSearchWhy =
    "it looks at them before every hitting-set solve and oracle query, then verifies its witnesses, and the sandbox kills "
    "a run 0.5 s past its time limit";
constexpr std::string_view kSquareSearchWhy =
    "it looks at them every 256 branch-and-bound nodes and once per bound, and completes a candidate it meets to a critical "
    "set without looking: up to 0.8 s of CPU and 1.6 s of wall time measured at n = 9";

}  // namespace

void check_class_search_time(const RowCells& row, const Limits& limits) {
    const std::optional<Status> status = status_named(row.cell("status"));
    const bool finished = status == Status::solved || status == Status::multiple ||
                          (status == Status::error && !row.cell("output").empty());
    if (!finished) return;  // a timeout, or a run the sandbox lost: their clocks are censored_facts'
    const double grace = kill_grace_seconds(limits.time_seconds);
    const auto clock = [&](const char* column, double limit, const char* key) {
        if (!row.has(column) || row.cell(column).empty()) return;  // unknown: the cell checks' to refuse
        check_finished_by(row, column, "the class search and its verification took", static_cast<double>(row.whole(column)) / 1e9,
                          limit, key, grace, kClassSearchWhy);
    };
    clock("wall_ns", limits.time_seconds, "limits.time");
    clock("cpu_ns", limits.cpu_seconds, "limits.cpu");
}

void check_square_search_time(const RowCells& row, const Json& meta, const Limits& limits) {
    constexpr double kStepSeconds = 10;  // 6x the longest step measured (the header)
    const double wall = meta["time_ms"].get<double>() / 1e3, cpu = meta["cpu_seconds"].get<double>();
    check_finished_by(row, "output", "a record whose meta 'time_ms' says its search took", wall, limits.time_seconds,
                      "limits.time", kStepSeconds + limits.time_seconds, kSquareSearchWhy);
    check_finished_by(row, "output", "a record whose meta 'cpu_seconds' says its search took", cpu, limits.cpu_seconds,
                      "limits.cpu", kStepSeconds + limits.cpu_seconds, kSquareSearchWhy);
}

void check_class_search_counters(const RowCells& row, const Json& meta, bool counts_nodes) {
    for (const char* key : {"hitting_set_calls", "oracle_queries", "unavoidable_sets"}) check_figure(row, meta, key);
    // engine=cadical counts no nodes: its record has no `nodes` (round 16, B F2: a 0 was written, and 5 kept).
    if (counts_nodes) check_figure(row, meta, "nodes");
    else if (meta.contains("nodes"))
        row.refuse("output", "a record with meta 'nodes', where engine=cadical counts none (its search writes no such key)");
}

namespace {

// The most sets a class search seeds its pool with before its first query (lazy_search.cpp,
// LazyOracle::seeds): the table's smallest, or the square's cycle switches (shrunk and deduplicated,
// never more; probe_seeds' sets come from queries).
std::uint64_t most_seeds(const critical::ExactOptions& search, int n, const std::vector<int>& square) {
    if (search.oracle == critical::ExactOracle::table) return search.seed_sets;
    return search.cycle_seeds ? critical::cycle_switches_as<critical::ClueMask>(n, square).size() : 0;
}

// Sums and products that stop at the largest count instead of wrapping: a figure edited to near
// 2^64 must not wrap a bound round to a small one.
std::uint64_t plus(std::uint64_t a, std::uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }
std::uint64_t times(std::uint64_t a, std::uint64_t b) { return b != 0 && a > UINT64_MAX / b ? UINT64_MAX : a * b; }

// "a search that reached cost 5" (task exact's one class), or "the 3 class searches that reached
// costs 12 together" (a sample's).
std::string searches_words(const ClassReach& reach) {
    return reach.searches == 1 ? fmt::format("a search that reached cost {}", reach.climbed)
                               : fmt::format("the {} class searches that reached costs {} together", reach.searches, reach.climbed);
}

// The cost a class search of `objective` over n's clues can try at most: every clue it may take,
// at the weight its cost model gives (objective k: the relations alone, numbers not allowed).
std::uint64_t clue_total(int n, critical::ExactObjective objective) {
    std::uint64_t total = 0;
    for (const int w : critical::cost_model(n, objective).weight) total += static_cast<std::uint64_t>(w);
    return total;
}

// The class minima of class_minima (check_class_minima has held it: cost keys, whole counts)
// climbed together, and the classes it counts without a set ("none").
std::pair<std::uint64_t, std::uint64_t> minima_climbed(const Json& meta) {
    std::uint64_t climbed = 0, none = 0;
    for (const auto& [key, count] : meta["class_minima"].items()) {
        if (key == "none") none = count.get<std::uint64_t>();
        else climbed = plus(climbed, times(std::stoull(key), count.get<std::uint64_t>()));
    }
    return {climbed, none};
}

}  // namespace

void check_class_effort(const RowCells& row, const Json& meta, const ClassReach& reach) {
    const auto figure = [&meta](const char* key) { return meta[key].get<std::uint64_t>(); };
    const std::uint64_t calls = figure("hitting_set_calls"), queries = figure("oracle_queries"), sets = figure("unavoidable_sets");
    const bool one = reach.searches == 1;
    if (sets > plus(reach.seeds, queries))
        row.refuse("output", fmt::format("a record whose meta 'unavoidable_sets' is {}, more than the {} seeds {} with at most and one "
                                         "set per oracle query ({}) add", sets, reach.seeds, one ? "its pool starts" : "their pools start",
                                         queries));
    const std::uint64_t least = plus(reach.climbed, reach.searches);
    const std::uint64_t idle = reach.idle.value_or(0);
    if (reach.searches == 0 && calls != 0)
        row.refuse("output", fmt::format("a record whose meta 'hitting_set_calls' is {}, where its searches call no engine it counts "
                                         "(with below, engine=cadical's branch and bound is not CaDiCaL, whose calls it counts)", calls));
    if (calls < least || (reach.idle && calls > plus(plus(reach.climbed, idle), queries)))
        row.refuse("output", fmt::format("a record whose meta 'hitting_set_calls' is {}, where {} made one call per cost from 0{} and one "
                                         "per candidate {} {} oracle queries refuted{}", calls, searches_words(reach), one ? "" : " each",
                                         one ? "its" : "their", queries,
                                         idle > 0 ? fmt::format(", with {} calls more at most that neither climb nor refute", idle) : ""));
    const std::uint64_t refuted = reach.idle && calls > plus(least, idle) ? calls - plus(least, idle) : 0;
    if (times(sets, reach.weight) < reach.climbed || sets < refuted)
        row.refuse("output", fmt::format("a record whose meta 'unavoidable_sets' is {}, too few for {} that need{} cost{} {} to hit "
                                         "(at most {} a set) and gained a set for each of {} refuted candidates", sets,
                                         one ? "a pool" : "pools", one ? "s" : "", one ? "" : "s", reach.climbed, reach.weight, refuted));
}

void check_exact_class_effort(const RowCells& row, const std::vector<Instance>& records, const critical::ExactOptions& search,
                              critical::ExactObjective objective, const std::vector<int>& square) {
    const Json& meta = records.front().meta;
    ClassReach reach;
    reach.seeds = most_seeds(search, records.front().n, square);
    if (objective == critical::ExactObjective::frontier) {
        for (const Instance& record : records) reach.climbed = std::max(reach.climbed, record.meta["h_max"].get<std::uint64_t>());
        reach.idle = std::nullopt;
    } else {
        reach.climbed = meta["minimum"].get<std::uint64_t>();
        const critical::Weights w = critical::objective_weights(objective);
        reach.weight = static_cast<std::uint64_t>(std::max(w.number, w.relation));
    }
    check_class_effort(row, meta, reach);
}

void check_sample_class_effort(const RowCells& row, const std::vector<Instance>& records, const critical::ExactOptions& search,
                               critical::ExactObjective objective, const std::vector<SquareClass>& classes) {
    const Json& meta = records.front().meta;
    const int n = records.front().n;
    ClassReach reach;
    reach.searches = classes.size();
    for (const SquareClass& c : classes) reach.seeds = plus(reach.seeds, most_seeds(search, n, c.square));
    if (objective == critical::ExactObjective::frontier) {
        // Every class's frontier runs to its own h_min, and the sample's ends at the least of them.
        std::uint64_t h_max = 0;
        for (const Instance& record : records) h_max = std::max(h_max, record.meta["h_max"].get<std::uint64_t>());
        reach.climbed = times(h_max, classes.size());
        reach.idle = std::nullopt;
        return check_class_effort(row, meta, reach);
    }
    const critical::Weights w = critical::objective_weights(objective);
    reach.weight = static_cast<std::uint64_t>(std::max(w.number, w.relation));
    if (search.below > 0) {  // minimise_below: the branch and bound alone, whatever the engine
        const auto below = static_cast<std::uint64_t>(search.below);
        if (search.engine == critical::HittingEngine::cadical) reach.searches = 0;  // counts CaDiCaL's calls: none made
        reach.idle = times(reach.searches, plus(1, below));  // the last call, and one per better set (each cheaper than below)
        return check_class_effort(row, meta, reach);
    }
    const auto [climbed, none] = minima_climbed(meta);
    reach.climbed = climbed;
    reach.idle = times(none, plus(clue_total(n, objective), 1));
    check_class_effort(row, meta, reach);
}

// The run copies the search's counters into the row (exact_task.cpp, tasks/exact_sample.cpp):
// an edited cell, or one emptied where bb counts nodes, is not what it wrote (round 17, B F1:
// task exact took both).
void check_class_search_cells(const RowCells& row, const Json& meta, bool counts_nodes) {
    if (counts_nodes) {
        const std::uint64_t nodes = meta["nodes"].get<std::uint64_t>();
        if (row.whole("nodes") != nodes) row.refuse("nodes", fmt::format("where its record's search counts {}", nodes));
    }
    const std::uint64_t queries = meta["oracle_queries"].get<std::uint64_t>();
    if (row.whole("checks") != queries) row.refuse("checks", fmt::format("where its record's search asks {} oracle queries", queries));
}

void check_written_keys(const RowCells& row, const Json& meta, const Json& made, const std::set<std::string>& figures,
                        std::size_t line) {
    for (const auto& [key, value] : meta.items())
        if (!made.contains(key) && !figures.contains(key))
            row.refuse("output", fmt::format("a record (line {}) with meta '{}', which the search does not write", line,
                                             message_text(key, 100)));
}

void check_one_search(const RowCells& row, const std::vector<Instance>& records, std::size_t i,
                      std::initializer_list<const char*> keys) {
    if (i == 0) return;
    for (const char* key : keys)
        if (!written_alike(records[i].meta.value(key, Json()), records.front().meta.value(key, Json())))
            row.refuse("output", fmt::format("a frontier point (line {}) whose meta '{}' is not line 1's: the points are of one search",
                                             i + 1, key));
}

}  // namespace futolab
