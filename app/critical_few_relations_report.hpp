// What `futolab critical --few-relations` says of the rows of its experiment (task
// few-relations, one run per shard; app/critical_experiment.hpp): each shard's line on standard
// error as it has always been printed, and the shards themselves, read back from the rows'
// records (experiments/few_relations_record.hpp), from which the command makes the per-shard
// table, the count line, the claim and --out exactly as it made them from the shard files.
#pragma once

#include "app/critical_experiment.hpp"
#include "critical/zero_given/few_relations_shards.hpp"

#include <string>
#include <vector>

namespace futolab::app {

struct FewRelationsReport {
    std::vector<critical::FewRelationsShard> shards;  // the counted shards, in shard order
    std::size_t from_files = 0;  // of them, those read from their checkpoint files (not counted now)

    // A RowReport: true when the row failed (a limit, an error: named with its message).
    bool row(const CriticalRow& row, std::string& records);
};

}  // namespace futolab::app
