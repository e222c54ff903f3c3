#include "experiments/few_relations_record.hpp"

#include "core/error.hpp"
#include "core/live_writer.hpp"
#include "core/puzzle.hpp"
#include "records/build_identity.hpp"
#include "records/results_csv.hpp"

#include <fmt/format.h>

#include <set>
#include <string>

namespace futolab {
namespace {

using CountKey = critical::FewRelationsCountField;
constexpr const auto& kCounts = critical::kFewRelationsCounts;  // the record's keys are the shard file's

std::uint64_t whole_of(const Json& meta, const char* key) {
    const auto it = meta.find(key);
    if (it == meta.end()) throw InputError(fmt::format("a record without meta '{}'", key));
    if (!it->is_number_unsigned()) throw InputError(fmt::format("a record whose meta '{}' is not a whole number", key));
    return it->get<std::uint64_t>();
}

// A time as the shard file takes it: seconds from 0 to a year.
double seconds_of(const Json& meta, const char* key) {
    constexpr double kYear = 365.25 * 24 * 3600;
    const auto it = meta.find(key);
    if (it == meta.end() || !it->is_number()) throw InputError(fmt::format("a record without a number of seconds in meta '{}'", key));
    const double v = it->get<double>();
    if (!(v >= 0 && v <= kYear)) throw InputError(fmt::format("a record whose meta '{}' is not a number of seconds from 0 to a year", key));
    return v;
}

// The example's relations: k of them, each [r1, c1, r2, c2] of adjacent cells, a valid puzzle.
Instance example_of(const Json& relations, int n, int k) {
    if (!relations.is_array() || relations.size() != static_cast<std::size_t>(k))
        throw InputError(fmt::format("a record whose meta 'example' is not a list of its {} relations", k));
    Instance in;
    in.n = n;
    in.id = "few-relations";
    for (const Json& r : relations) {
        if (!r.is_array() || r.size() != 4 || !r[0].is_number_unsigned() || !r[1].is_number_unsigned() ||
            !r[2].is_number_unsigned() || !r[3].is_number_unsigned())
            throw InputError("a record whose meta 'example' holds a relation that is not [r1, c1, r2, c2]");
        in.lt.push_back({r[0].get<int>(), r[1].get<int>(), r[2].get<int>(), r[3].get<int>()});
    }
    std::string problem;
    try {
        problem = critical::few_relations_example_problem(Puzzle::compile(in));  // grid, adjacent, no cycle
    } catch (const InputError& e) {
        throw InputError(fmt::format("a record whose meta 'example' is no puzzle: {}", e.what()));
    }
    if (!problem.empty()) throw InputError(fmt::format("a record whose meta 'example' is {}", problem));
    return in;
}

// "FILE: …", "FILE:LINE: …" or "FILE:LINE:COLUMN: …" (core/error.cpp's format_location).
bool located_at(std::string_view message, const std::string& file) {
    if (!message.starts_with(file)) return false;
    message.remove_prefix(file.size());
    for (int part = 0; part < 2 && message.starts_with(':') && !message.starts_with(": "); ++part) {
        const std::size_t end = message.find_first_not_of("0123456789", 1);  // ":LINE" or ":COLUMN", digits
        if (end == 1 || end == std::string_view::npos) return false;
        message.remove_prefix(end);
    }
    return message.starts_with(": ");
}

void check_keys(const Json& meta) {
    std::set<std::string> known{"partition", "k", "shard", "shards", "seconds", "cpu_seconds", "example", "from"};
    for (const CountKey& c : kCounts) known.insert(c.key);
    for (const auto& [key, value] : meta.items())
        if (!known.contains(key)) throw InputError(fmt::format("a record with meta '{}', which the task does not write", key));
}

}  // namespace

std::string few_relations_producer() { return this_build().text(); }

critical::FewRelationsLimits few_relations_limits(const Limits& limits) {
    return {limit_ms(limits.time_seconds), limit_ms(limits.cpu_seconds)};
}

Instance few_relations_record(const critical::FewRelationsShard& s, bool from_checkpoint) {
    Instance in;
    in.n = s.n;
    in.id = critical::few_relations_shard_name(s.n, s.k, s.shard, s.shards);
    Json meta{{"partition", critical::kFewRelationsPartition}, {"k", s.k}, {"shard", s.shard}, {"shards", s.shards}};
    for (const CountKey& c : kCounts) meta[c.key] = s.count.*c.member;
    meta["seconds"] = s.count.seconds;
    meta["cpu_seconds"] = s.count.cpu_seconds;
    if (s.count.example) {
        Json relations = Json::array();
        for (const LessThan& r : s.count.example->lt) relations.push_back({r.r1, r.c1, r.r2, r.c2});
        meta["example"] = relations;
    }
    if (from_checkpoint) meta["from"] = kFromCheckpoint;
    in.meta = meta;
    return in;
}

FewRelationsRecord read_few_relations_record(const Instance& record) {
    const Json& meta = record.meta;
    if (!meta.is_object()) throw InputError("a record without the meta the task writes");
    check_keys(meta);
    if (whole_of(meta, "partition") != static_cast<std::uint64_t>(critical::kFewRelationsPartition))
        throw InputError(fmt::format("a record of another shard partition (this futolab writes {})", critical::kFewRelationsPartition));
    FewRelationsRecord r;
    r.shard.n = record.n;
    r.shard.k = static_cast<int>(std::min<std::uint64_t>(whole_of(meta, "k"), critical::kMaxFewRelations + 1));
    r.shard.shard = whole_of(meta, "shard");
    r.shard.shards = whole_of(meta, "shards");
    if (r.shard.k < 1 || r.shard.k > critical::kMaxFewRelations) throw InputError("a record whose meta 'k' is out of range");
    for (const CountKey& c : kCounts) r.shard.count.*c.member = whole_of(meta, c.key);
    r.shard.count.seconds = seconds_of(meta, "seconds");
    r.shard.count.cpu_seconds = seconds_of(meta, "cpu_seconds");
    if (meta.contains("example")) r.shard.count.example = example_of(meta["example"], record.n, r.shard.k);
    if (const std::string problem = critical::few_relations_count_problem(r.shard.count); !problem.empty()) throw InputError(problem);
    if (meta.contains("from")) {
        if (meta["from"] != kFromCheckpoint) throw InputError(fmt::format("a record whose meta 'from' is not \"{}\"", kFromCheckpoint));
        r.from_checkpoint = true;
    }
    return r;
}

bool names_shard_file(std::string_view message, const std::string& checkpoint, const std::string& path) {
    for (const std::string& file : {path, lock_path(path)})
        if (located_at(message, file) || message.starts_with("cannot write " + file + ": ")) return true;
    return message.starts_with("few_relations.checkpoint " + checkpoint + ": ");  // create_output_folder's
}

std::string shard_file_error(const std::string& why, const std::string& checkpoint, const std::string& path) {
    return names_shard_file(why, checkpoint, path) ? why : path + ": " + why;
}

}  // namespace futolab
