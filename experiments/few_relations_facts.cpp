#include "experiments/few_relations_facts.hpp"

#include "core/formats/formats.hpp"
#include "core/status.hpp"
#include "experiments/class_search_facts.hpp"
#include "experiments/error_rows.hpp"
#include "experiments/few_relations_record.hpp"
#include "experiments/limit_watch.hpp"

#include <fmt/format.h>

#include <charconv>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {
namespace {

using CountKey = critical::FewRelationsCountField;
constexpr const auto& kCounts = critical::kFewRelationsCounts;  // the record's keys are the shard file's

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

// The shard a row's instance names, of a few_relations source of its config.
struct RowShard {
    const FewRelationsSource* source = nullptr;  // none: not a shard of the config (the run cells' check refuses it)
    std::uint64_t shard = 0;

    std::string checkpoint() const { return source != nullptr ? source->checkpoint : ""; }
    // The shard's checkpoint file, as the run names it ("" without a checkpoint).
    std::string file() const {
        if (checkpoint().empty()) return "";
        return critical::few_relations_shard_path(source->checkpoint, source->n, source->k, shard, source->shards);
    }
};

// The few_relations source of `config` whose shards include the one named `id`, if any (ids are
// unique in an experiment: one at most).
RowShard source_of(const ExperimentConfig& config, std::string_view id) {
    for (const InstanceSource& source : config.instances) {
        if (source.kind != InstanceSource::Kind::few_relations) continue;
        const FewRelationsSource& f = source.few_relations;
        const std::string head = fmt::format("n{}-k{}-shard-", f.n, f.k);
        std::uint64_t shard = 0;
        if (!id.starts_with(head) || std::from_chars(id.data() + head.size(), id.data() + id.size(), shard).ec != std::errc())
            continue;
        const bool selected = shard >= f.first && shard < f.shards && (shard - f.first) % f.stride == 0 &&
                              (f.count == 0 || (shard - f.first) / f.stride < f.count);
        if (selected && critical::few_relations_shard_name(f.n, f.k, shard, f.shards) == id) return {&f, shard};
    }
    return {};
}

// The row's one record, or none where check_few_relations_output refuses the cell (empty, or not one record).
std::optional<Instance> one_record(const RowCells& row) {
    if (row.cell("output").empty()) return std::nullopt;
    std::vector<Instance> records =
        parse_instances(row.cell("output"), fmt::format("{}:{}: column 'output'", row.path, row.t.lines[row.r]), Format::jsonl);
    if (records.size() != 1) return std::nullopt;
    return std::move(records.front());
}

// The shard's checkpoint file as the run reads it, where it is there and reads back whole.
std::optional<critical::FewRelationsShard> whole_file(const RowShard& at) {
    try {
        const FewRelationsSource& f = *at.source;
        return critical::read_few_relations_shard(at.file(), f.n, f.k, at.shard, f.shards);
    } catch (const std::exception&) {
        return std::nullopt;  // not whole: nothing to hold the row to (configs/README.md)
    }
}

std::string relations_text(const std::optional<Instance>& example) {
    if (!example) return "none";
    std::string text;
    for (const LessThan& r : example->lt)
        text += fmt::format("{}[{},{},{},{}]", text.empty() ? "[" : ",", r.r1, r.c1, r.r2, r.c2);
    return text.empty() ? "[]" : text + "]";
}

// A counted row of a source with a checkpoint holds what its shard's file there says: the run took
// every count and the example from that file, or wrote the file with them, and a count draws
// nothing at random, so a file counted again says the same (red-team round 21, B F1: rows saying
// unique 0 over files saying 43 were resumed and merged). Only the times may differ (a file
// counted again after the row). A file that is gone or does not read back whole cannot be
// checked: the row is taken.
void check_against_file(const RowCells& row, const RowShard& at) {
    if (at.checkpoint().empty()) return;
    const std::optional<Instance> record = one_record(row);
    if (!record) return;
    const std::optional<critical::FewRelationsShard> file = whole_file(at);
    if (!file) return;
    const critical::FewRelationsCount& said = record_of(row, *record).shard.count;
    const critical::FewRelationsCount& counted = file->count;
    const std::string where = fmt::format("where its shard's checkpoint file {} says", message_text(at.file(), 200));
    for (const CountKey& c : kCounts)
        if (said.*c.member != counted.*c.member)
            row.refuse("output",
                       fmt::format("a record whose meta '{}' is {}, {} {}", c.key, said.*c.member, where, counted.*c.member));
    if (relations_text(said.example) != relations_text(counted.example))
        row.refuse("output", fmt::format("a record whose meta 'example' is {}, {} {}", relations_text(said.example), where,
                                         relations_text(counted.example)));
    if (row.whole("nodes") != counted.puzzles) row.refuse("nodes", fmt::format("{} {} puzzles", where, counted.puzzles));
}

// A counted row's record says where its counts came from: the shard's file only with a checkpoint.
void check_from(const RowCells& row, const std::string& checkpoint) {
    if (checkpoint.empty())
        if (const std::optional<Instance> record = one_record(row);
            record && record->meta.is_object() && record->meta.contains("from"))
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

// An error's: only about the shard's checkpoint file, naming it at its start as the run writes it
// (few_relations_record.hpp: the file or its lock, or the folder at its key).
void check_error_message(const RowCells& row, const RowShard& at) {
    if (at.checkpoint().empty())
        row.refuse("status", "where the run writes error only for its shard's checkpoint file, and the row's few_relations "
                             "source has no checkpoint");
    if (!names_shard_file(row.cell("message"), at.checkpoint(), at.file())) {
        const std::string file = message_text(at.file(), 200);
        row.refuse("message", fmt::format("where the run writes error only for its shard's checkpoint file, its message naming "
                                          "it first ('{}: …', '{}:LINE:COLUMN: …', 'cannot write {}: …', or the same of its "
                                          "lock) or the folder ('few_relations.checkpoint {}: …')",
                                          file, file, file, message_text(at.checkpoint(), 200)));
    }
}

// A shard this run counted (not taken from its checkpoint file, whose times are the run's that
// wrote it, under limits the file does not say) within each limit of the config plus 0.5 s, by
// the count's own clocks (meta seconds, cpu_seconds; the row's also hold the pool's building and
// the file's reading and writing, which no limit stops): the count looks at a flag once per pair
// set, which its watch sets within a poll of 20 ms of a limit (limit_watch.hpp); past a 30 ms
// limit counts ended at most 19 ms late on a loaded machine, and 0.5 s is the grace the sandbox
// gives any run before it kills it.
void check_count_time(const RowCells& row, const Limits& limits) {
    const std::optional<Instance> record = one_record(row);
    if (!record) return;
    FewRelationsRecord said;
    try {
        said = read_few_relations_record(*record);
    } catch (const InputError&) {
        return;  // not a record its run writes: check_few_relations_output refuses it, in its words
    }
    if (said.from_checkpoint) return;
    constexpr double kMarginSeconds = 0.5;
    constexpr std::string_view why = "it stops at a flag its watch sets within 20 ms of a limit, looked at once per pair set";
    check_finished_by(row, "output", "a record whose meta 'seconds' says its count took", said.shard.count.seconds,
                      limits.time_seconds, "limits.time", kMarginSeconds, why);
    check_finished_by(row, "output", "a record whose meta 'cpu_seconds' says its count took", said.shard.count.cpu_seconds,
                      limits.cpu_seconds, "limits.cpu", kMarginSeconds, why);
}

}  // namespace

void check_few_relations_row(const RowCells& row, const ExperimentConfig& config) {
    const std::optional<Status> status = status_named(row.cell("status"));
    if (!status) return;  // the cell checks refuse it
    const RowShard at = source_of(config, row.cell("instance"));
    if (*status == Status::counted) {
        check_from(row, at.checkpoint());
        check_count_time(row, config.limits);
        return check_against_file(row, at);
    }
    if (*status != Status::timeout && *status != Status::error) return;  // a status it never writes: status_facts' and censored_facts'
    check_nothing_counted(row, fmt::format("where a run of task few-relations that ended '{}' counted nothing", status_name(*status)));
    if (*status == Status::timeout) check_timeout_message(row, config.limits);
    if (*status == Status::error) check_error_message(row, at);
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
    const FewRelationsRecord said = record_of(row, record);
    const critical::FewRelationsShard& s = said.shard;
    if (!said.from_checkpoint) {  // counted in this run, inside its clocks; a file's times are another run's
        check_seconds_within(row, s.count.seconds, "seconds", "wall_ns");
        check_seconds_within(row, s.count.cpu_seconds, "cpu_seconds", "cpu_ns");
    }
    const std::string shard = critical::few_relations_shard_name(s.n, s.k, s.shard, s.shards);
    if (s.shard >= s.shards || shard != row.cell("instance") || record.id != row.cell("instance"))
        row.refuse("output", fmt::format("a record of shard {} (id '{}'), where the row's run is {}", shard,
                                         message_text(record.id, 200), message_text(row.cell("instance"), 200)));
    if (row.whole("nodes") != s.count.puzzles)
        row.refuse("nodes", fmt::format("where its record counts {} puzzles", s.count.puzzles));
    if (!row.cell("message").empty()) row.refuse("message", "where a counted shard has none");
}

}  // namespace futolab
