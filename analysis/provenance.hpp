// What made a results CSV, as `futolab compare` sets two of them side by side: read from its
// sidecar `<csv>.meta.yaml` (SPEC §5) and, where the CSV has them, from its columns.
//   commit, version   futolab.git_commit, futolab.version (compare --base: each build's)
//   config_hash       the experiment config's hash (the resume contract)
//   cpu, host         machine.cpu and machine.host; a merged CSV: every shard's, distinct,
//                     joined by " + "; without a sidecar, the CSV's `host` column
//   isolation         the distinct values of the CSV's `isolation` column, else run.isolation
//   limits            the config's `limits:` map as written ("memory=2GB, time=60s"; "none")
//   limit_columns     the distinct values of the columns time_limit_ms, cpu_limit_ms and
//                     memory_limit_kb where the CSV has them (newer CSVs)
//   build             the distinct `build` cells of its rows (name@commit:type:binary hash); where a
//                     cell of `self` names another commit or binary hash than the sidecar's
//                     `futolab` block, that block beside them ("… (contradicted by its sidecar's
//                     futolab block: git_commit C, binary_hash H)"), a difference even from
//                     itself (red-team round 27, B F9: compare said "same: … build")
// A fact that cannot be known (no sidecar, an older sidecar) is "", and is never called a
// difference: only what both files state and state differently is.
#pragma once

#include "analysis/results_table.hpp"

#include <yaml-cpp/yaml.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace futolab {

struct Provenance {
    std::string csv;
    bool has_sidecar = false;
    std::vector<std::pair<std::string, std::string>> facts;  // in the order above
};

// `table` is the CSV loaded on its own. Throws InputError naming the sidecar if it exists but
// does not read back whole (whole_sidecar).
Provenance read_provenance(const std::string& csv_path, const ResultsTable& table);

// The text of the sidecar of `csv_path` as YAML, if it reads back whole: every key futolab writes
// there that resume and merge need, in its form (records/sidecar.hpp, parse_sidecar). Throws
// InputError "X.meta.yaml:LINE:COL: key 'config_hash' is missing", or naming its syntax error.
// A sidecar that is no futolab sidecar (`foo: 1`), holds one key, or was torn mid-file was shown
// by report and compare as whole, without a warning (red-team round 23, C F2): now it is one
// that cannot be read, as a sidecar that is not YAML.
YAML::Node whole_sidecar(const std::string& text, const std::string& csv_path);

// "'a' and 'b'", "'a', 'b' and 'c'" (for messages naming experiments).
std::string quoted_list(const std::set<std::string>& items);

// What a sidecar says that its own CSV's rows contradict, as warnings (empty if nothing or if
// there is no sidecar; one that cannot be read is one warning saying why). A sidecar copied
// from another experiment (`experiment: gi` beside rows of `e`), or whose config text no
// longer hashes to its config_hash (edited), describes runs other than these: the page and
// the tables still show it as the text it is, with this note beside it.
// `experiments`: the distinct `experiment` cells of the CSV's rows; `rows`: how many there are.
// A sweep the sidecar says has not ended whole (running, live or killed; interrupted; failed;
// an incomplete merge) is a note too, with how many of its runs the CSV holds.
std::vector<std::string> sidecar_notes(const std::string& csv_path, const std::set<std::string>& experiments,
                                       std::size_t rows);

struct FactDifference {
    std::string fact, base, next;
};

std::vector<FactDifference> provenance_differences(const Provenance& base, const Provenance& next);
// The facts both files state alike (for "same: …").
std::vector<std::string> provenance_agreements(const Provenance& base, const Provenance& next);
// One line per reason the times or statuses are not comparable: the machine (cpu, host) or
// the limits (limits, limit_columns, isolation) differ.
std::vector<std::string> provenance_warnings(const std::vector<FactDifference>& differences);

}  // namespace futolab
