// The runs of one results CSV grouped for `futolab compare`: one group per (instance_hash,
// spec, mode), holding the repeats of that run (SPEC §3: runs pair by instance hash, spec and
// mode). Per group what a comparison needs:
//   status     the status of its runs: "unique" when every repeat agrees, else each status
//              with its count ("timeout×1, unique×2"), so a flaky run shows as a change;
//   counters   per counter (FUTOLAB_COUNTERS), the distinct cells of its deterministic runs
//              (SPEC §4: identical on every run), "" for an empty cell (not reported);
//   time       the median of the time metric over its measured runs (failed runs and
//              critical-set records left out), and whether it is only a lower bound.
// Counters are kept only from runs whose end is determined by the search itself: a finished
// run or a node limit. A timeout, memout, crash or error stops the search wherever the clock
// or the kernel did, so its counters differ from run to run by nature.
#pragma once

#include "analysis/results_table.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace futolab {

struct RunKey {
    std::string instance_hash, spec, mode;
    friend auto operator<=>(const RunKey&, const RunKey&) = default;
};

struct RunGroup {
    std::string instance;  // its instance_hash's ids, for people (instance_labels.hpp: "a, b" for one puzzle under two)
    std::size_t runs = 0;
    std::string status;
    bool deterministic = true;  // every run finished or hit the node limit: counters comparable
    bool spec_nondeterministic = false;  // the spec's counters vary by design (row `deterministic` 0)
    std::map<std::string, std::set<std::string>> counters;  // counter → distinct cells
    std::optional<double> time;  // median of the time metric; none: no measured run
    bool time_censored = false;
    std::set<std::string> options;  // the `options` cells: what the spec resolved to
};

// The counter columns, in CSV order.
const std::vector<std::string>& counter_columns();

// Groups every row of `table`. Throws InputError naming the file if it has no instance_hash.
std::map<RunKey, RunGroup> run_groups(const ResultsTable& table, const std::string& time_metric = "wall_ms");

// "unique" or "timeout×1, unique×2" (statuses sorted): how a group's statuses read.
std::string status_text(const std::vector<std::string>& statuses);

}  // namespace futolab
