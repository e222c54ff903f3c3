// The record of a few-relations row (task few-relations, its `output` column): one shard's
// counts as its checkpoint file holds them (critical/zero_given/few_relations_shards.hpp), as a
// JSONL instance, the empty board of the order named as the shard. Its meta: partition, k, shard,
// shards, the eight counts (pair_sets, swap_skipped, puzzles, cyclic, multiple, pool, unsat,
// unique), seconds and cpu_seconds (the count's wall and thread CPU, however the row was made),
// example (the first unique puzzle's relations [r1, c1, r2, c2], exactly when unique is not 0),
// and from: "checkpoint" where the run took the counts from the shard's file instead of counting.
// `futolab critical --few-relations` makes its table, its claim and --out from these records;
// resume and merge read them back with the same reader (few_relations_facts.hpp).
#pragma once

#include "core/instance.hpp"
#include "critical/zero_given/few_relations_shards.hpp"
#include "solvers/solver.hpp"

#include <string>
#include <string_view>

namespace futolab {

// The value of meta.from of a row whose counts came from the shard's checkpoint file.
inline constexpr const char* kFromCheckpoint = "checkpoint";

// This build as a shard file's `producer` names it (records/build_identity.hpp's text: version,
// commit, build type and binary hash), the one a run takes shard files of: a file another build
// counted is refused as resume refuses rows of another build (red-team round 25, B F10).
std::string few_relations_producer();

// The limits of a run as a shard file records them (critical::FewRelationsLimits): its wall and
// CPU time limits in milliseconds as its row's time_limit_ms and cpu_limit_ms (limit_ms), 0 for
// none. A run takes only a shard file counted under its own limits, or one recording none.
critical::FewRelationsLimits few_relations_limits(const Limits& limits);

Instance few_relations_record(const critical::FewRelationsShard& s, bool from_checkpoint);

struct FewRelationsRecord {
    critical::FewRelationsShard shard;
    bool from_checkpoint = false;
};

// The shard a record holds. Throws InputError saying what is wrong (no file or line: the caller
// names where the record is): a key missing, unknown or of the wrong type, another partition,
// an example that is not k relations of adjacent cells, counts that do not add up.
FewRelationsRecord read_few_relations_record(const Instance& record);

// The message of an error row: a failure on the shard's checkpoint file `path` (in the folder
// `checkpoint`, the few_relations source's, as written), naming it at its start in one of these
// forms: "PATH: …", "PATH:LINE: …" or "PATH:LINE:COLUMN: …" of the file or its lock,
// "cannot write PATH: …" of either, or "few_relations.checkpoint DIR: …" of the folder. The run
// writes `why` where it has one of them, else "PATH: why"; resume and merge take no other
// (red-team round 21, B F4: a message holding the file's name anywhere, as "PATHx: …" or
// "ck2/NAME: …", was taken).
bool names_shard_file(std::string_view message, const std::string& checkpoint, const std::string& path);
std::string shard_file_error(const std::string& why, const std::string& checkpoint, const std::string& path);

}  // namespace futolab
