#include "experiments/class_search_facts.hpp"

#include "core/message_text.hpp"

#include <fmt/format.h>

namespace futolab {

void check_figure(const RowCells& row, const Json& meta, const char* key, bool time) {
    const auto it = meta.find(key);
    const bool ok = it != meta.end() && (time ? it->is_number() && it->get<double>() >= 0 : it->is_number_unsigned());
    if (!ok) row.refuse("output", fmt::format("a record whose meta '{}' is not {}, as the search writes it", key,
                                              time ? "a non-negative number" : "a whole number"));
}

void check_class_search_counters(const RowCells& row, const Json& meta, bool counts_nodes) {
    for (const char* key : {"hitting_set_calls", "oracle_queries", "unavoidable_sets"}) check_figure(row, meta, key);
    // engine=cadical counts no nodes: its record has no `nodes` (round 16, B F2: a 0 was written, and 5 kept).
    if (counts_nodes) check_figure(row, meta, "nodes");
    else if (meta.contains("nodes"))
        row.refuse("output", "a record with meta 'nodes', where engine=cadical counts none (its search writes no such key)");
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
        if (records[i].meta.value(key, Json()) != records.front().meta.value(key, Json()))
            row.refuse("output", fmt::format("a frontier point (line {}) whose meta '{}' is not line 1's: the points are of one search",
                                             i + 1, key));
}

}  // namespace futolab
