#include "experiments/few_relations_facts.hpp"

#include "core/formats/formats.hpp"
#include "core/status.hpp"
#include "experiments/few_relations_record.hpp"

#include <fmt/format.h>

#include <string>
#include <vector>

namespace futolab {
namespace {

// The one record of a counted row, read back as its run writes it.
FewRelationsRecord record_of(const RowCells& row, const Instance& record) {
    try {
        return read_few_relations_record(record);
    } catch (const InputError& e) {
        row.refuse("output", e.what());
    }
}

void check_board(const RowCells& row, const Instance& record) {
    if (!record.givens.empty() || !record.lt.empty() || !record.solution.empty())
        row.refuse("output", "a record that is not the empty board, which the task writes");
    if (!record.extra.is_null() && !record.extra.empty())
        row.refuse("output", fmt::format("a record with the key '{}', which the task does not write",
                                         message_text(record.extra.begin().key(), 100)));
}

}  // namespace

void check_few_relations_output(const RowCells& row) {
    const std::string& output = row.cell("output");
    if (status_named(row.cell("status")) != Status::counted) {
        if (!output.empty()) row.refuse("output", "a record, where a run that did not finish its count writes none");
        return;
    }
    const std::vector<Instance> records =
        parse_instances(output, fmt::format("{}:{}: column 'output'", row.path, row.t.lines[row.r]), Format::jsonl);
    if (records.size() != 1) row.refuse("output", fmt::format("{} records, where the task writes one", records.size()));
    const Instance& record = records.front();
    check_board(row, record);
    const critical::FewRelationsShard s = record_of(row, record).shard;
    const std::string shard = critical::few_relations_shard_name(s.n, s.k, s.shard, s.shards);
    if (s.shard >= s.shards || shard != row.cell("instance") || record.id != row.cell("instance"))
        row.refuse("output", fmt::format("a record of shard {} (id '{}'), where the row's run is {}", shard,
                                         message_text(record.id, 200), message_text(row.cell("instance"), 200)));
    if (row.whole("nodes") != s.count.puzzles)
        row.refuse("nodes", fmt::format("where its record counts {} puzzles", s.count.puzzles));
    if (!row.cell("message").empty()) row.refuse("message", "where a counted shard has none");
}

}  // namespace futolab
