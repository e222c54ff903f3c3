#include "experiments/few_relations_facts.hpp"

#include "core/formats/formats.hpp"
#include "core/status.hpp"
#include "experiments/error_rows.hpp"
#include "experiments/few_relations_record.hpp"
#include "experiments/limit_watch.hpp"

#include <fmt/format.h>

#include <charconv>
#include <string>
#include <string_view>
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

// The few_relations source of `config` whose shards include the one named `id`, if any (ids are
// unique in an experiment: one at most).
const FewRelationsSource* source_of(const ExperimentConfig& config, std::string_view id) {
    for (const InstanceSource& source : config.instances) {
        if (source.kind != InstanceSource::Kind::few_relations) continue;
        const FewRelationsSource& f = source.few_relations;
        const std::string head = fmt::format("n{}-k{}-shard-", f.n, f.k);
        std::uint64_t shard = 0;
        if (!id.starts_with(head) || std::from_chars(id.data() + head.size(), id.data() + id.size(), shard).ec != std::errc())
            continue;
        const bool selected = shard >= f.first && shard < f.shards && (shard - f.first) % f.stride == 0 &&
                              (f.count == 0 || (shard - f.first) / f.stride < f.count);
        if (selected && critical::few_relations_shard_name(f.n, f.k, shard, f.shards) == id) return &f;
    }
    return nullptr;
}

// A counted row's record says where its counts came from: the shard's file only with a checkpoint.
void check_from(const RowCells& row, const std::string& checkpoint) {
    if (!checkpoint.empty() || row.cell("output").empty()) return;  // an empty one: check_few_relations_output's
    const std::vector<Instance> records =
        parse_instances(row.cell("output"), fmt::format("{}:{}: column 'output'", row.path, row.t.lines[row.r]), Format::jsonl);
    if (records.size() == 1 && records.front().meta.is_object() && records.front().meta.contains("from"))
        row.refuse("output", "a record whose counts came from a checkpoint file (meta 'from'), where the row's "
                             "few_relations source has no checkpoint");
}

// A timeout's message: a limit the config sets, as the count's watch writes it.
void check_timeout_message(const RowCells& row, const Limits& limits) {
    const std::string& m = row.cell("message");
    const bool wall = limits.time_seconds > 0 && m == time_limit_message("wall", limits.time_seconds);
    const bool cpu = limits.cpu_seconds > 0 && m == time_limit_message("cpu", limits.cpu_seconds);
    if (wall || cpu) return;
    std::string want;
    if (limits.time_seconds > 0) want = fmt::format("'{}'", time_limit_message("wall", limits.time_seconds));
    if (limits.cpu_seconds > 0)
        want += fmt::format("{}'{}'", want.empty() ? "" : " or ", time_limit_message("cpu", limits.cpu_seconds));
    row.refuse("message", want.empty() ? "where the config sets no time limit"
                                       : fmt::format("where the count stopped at a limit of the config writes {}", want));
}

// An error's: only about the shard's checkpoint file, naming it (its lock's name holds its name)
// or, for the folder, the key.
void check_error_message(const RowCells& row, const std::string& checkpoint) {
    if (checkpoint.empty())
        row.refuse("status", "where the run writes error only for its shard's checkpoint file, and the row's few_relations "
                             "source has no checkpoint");
    const std::string file = row.cell("instance") + ".yaml";
    constexpr std::string_view kKey = "few_relations.checkpoint ";
    const std::string& m = row.cell("message");
    if (m.find(file) == std::string::npos && !m.starts_with(kKey))
        row.refuse("message", fmt::format("where the run writes error only for its shard's checkpoint file, naming it ('{}') "
                                          "or its folder ('{}…')", message_text(file, 200), kKey));
}

}  // namespace

void check_few_relations_row(const RowCells& row, const ExperimentConfig& config) {
    const std::optional<Status> status = status_named(row.cell("status"));
    if (!status) return;  // the cell checks refuse it
    const FewRelationsSource* source = source_of(config, row.cell("instance"));
    const std::string checkpoint = source != nullptr ? source->checkpoint : "";
    if (*status == Status::counted) return check_from(row, checkpoint);
    if (*status != Status::timeout && *status != Status::error) return;  // a status it never writes: status_facts' and censored_facts'
    check_nothing_counted(row, fmt::format("where a run of task few-relations that ended '{}' counted nothing", status_name(*status)));
    if (*status == Status::timeout) check_timeout_message(row, config.limits);
    if (*status == Status::error) check_error_message(row, checkpoint);
}

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
