#include "experiments/class_search_facts.hpp"

#include "core/json_read.hpp"
#include "core/message_text.hpp"
#include "critical/exact/cycle_switches.hpp"
#include "critical/objective.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

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

}  // namespace

void check_exact_class_effort(const RowCells& row, const std::vector<Instance>& records, const critical::ExactOptions& search,
                              critical::ExactObjective objective, const std::vector<int>& square) {
    const Json& meta = records.front().meta;
    const auto figure = [&meta](const char* key) { return meta[key].get<std::uint64_t>(); };
    const std::uint64_t calls = figure("hitting_set_calls"), queries = figure("oracle_queries"), sets = figure("unavoidable_sets");
    const std::uint64_t seeds = most_seeds(search, records.front().n, square);
    if (sets > seeds + queries)
        row.refuse("output", fmt::format("a record whose meta 'unavoidable_sets' is {}, more than the {} seeds its pool starts with "
                                         "at most and one set per oracle query ({}) add", sets, seeds, queries));
    // The cost the search climbs to from 0, one call per cost, and the most a pool set adds to it.
    std::uint64_t climbed = 0;
    int weight = 1;
    if (objective == critical::ExactObjective::frontier) {
        for (const Instance& record : records) climbed = std::max(climbed, record.meta["h_max"].get<std::uint64_t>());
    } else {
        climbed = figure("minimum");
        const critical::Weights w = critical::objective_weights(objective);
        weight = std::max(w.number, w.relation);
    }
    if (calls <= climbed || (objective != critical::ExactObjective::frontier && calls - climbed > queries))
        row.refuse("output", fmt::format("a record whose meta 'hitting_set_calls' is {}, where a search that reached cost {} made one "
                                         "call per cost from 0 and one per candidate its {} oracle queries refuted", calls, climbed,
                                         queries));
    const std::uint64_t refuted = objective == critical::ExactObjective::frontier ? 0 : calls - climbed - 1;
    if (sets * static_cast<std::uint64_t>(weight) < climbed || sets < refuted)
        row.refuse("output", fmt::format("a record whose meta 'unavoidable_sets' is {}, too few for a pool that needs cost {} to hit "
                                         "(at most {} a set) and gained a set for each of {} refuted candidates", sets, climbed,
                                         weight, refuted));
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
