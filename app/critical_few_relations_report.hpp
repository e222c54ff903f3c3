// What `futolab critical --few-relations` says of the rows of its experiment (task
// few-relations, one run per shard; app/critical_experiment.hpp): each shard's line on standard
// error as it has always been printed, and the shards themselves, read back from the rows'
// records (experiments/few_relations_record.hpp), from which the command makes the per-shard
// table, the count line, the claim and --out exactly as it made them from the shard files.
#pragma once

#include "app/critical_experiment.hpp"
#include "critical/zero_given/few_relations_shards.hpp"

#include <optional>
#include <string>
#include <vector>

namespace futolab::app {

struct FewRelationsReport {
    std::vector<critical::FewRelationsShard> shards;  // the counted shards, in shard order
    std::size_t from_files = 0;  // of them, those read from their checkpoint files (not counted now)

    // A RowReport: true when the row failed (a limit, an error: named with its message).
    bool row(const CriticalRow& row, std::string& records);
};

// Before a --checkpoint count goes on: each shard file of `files` (read whole from the folder
// `dir`, those there) says what the counted rows of its shard in `csv` say, the results CSV an
// earlier command made in the folder and this one makes again: the eight counts and the
// example. A file edited after its
// row was written (red-team round 25, B F10: every unique puzzle made multiple, and a false
// "proved" printed over the CSV's 45 unique ones) is refused naming it, the count and the CSV's
// line (InputError: exit 2), as resume holds a row to its file. A CSV futolab critical did not
// make, or none, is not read here (the driver keeps or makes it); a record there that does not
// read back is refused naming the CSV's line.
void check_files_against_csv(const std::string& csv, const std::string& dir,
                             const std::vector<std::optional<critical::FewRelationsShard>>& files);

}  // namespace futolab::app
