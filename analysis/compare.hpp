// `futolab compare`: what changed between two results CSVs (BASE and NEW), run by run.
//
// Runs pair by (instance_hash, spec, mode) over their repeats (run_groups.hpp). For each pair:
//   - a status change when the groups' statuses differ ("unique → timeout");
//   - a counter change when both groups are deterministic with the same status and a counter
//     differs (nodes, fails, …: SPEC §4 makes them identical on every run, so a change is a
//     change of behaviour, listed even when the time did not move); a spec whose rows say its
//     counters are not deterministic (a racing portfolio) is named instead, never compared;
//   - the time: per (spec, mode), over the instances both measured, the geometric mean of
//     NEW / BASE of the per-instance medians with its 95 % bootstrap interval, the Wilcoxon
//     signed-rank p and wins/ties/losses for NEW (a win: NEW at least 1 % faster), computed
//     by paired.hpp's compare_pairs, so `compare` and `analyze --baseline` agree.
// Runs of one file only are listed; a (spec, mode) that one file lacks altogether is one
// line, not one per instance. A spec whose `options` differ between the files (a default
// changed between commits) is reported too: its label pairs, its meaning moved.
#pragma once

#include "analysis/bootstrap.hpp"
#include "analysis/run_groups.hpp"

#include <set>
#include <string>
#include <vector>

namespace futolab {

struct SpecTimes {
    std::string spec, mode;
    std::size_t instances = 0, limited = 0;  // paired; of them with a lower-bound median
    double ratio = 1, low = 1, high = 1;     // geometric mean NEW / BASE and its interval
    std::size_t wins = 0, ties = 0, losses = 0;  // for NEW
    double wilcoxon_p = 1;
    // The clusters of each side's timed runs (sessions.hpp: worker sessions of one sweep, or
    // replicate sweeps) and the standard deviation of the log ratio they add: [low, high]
    // holds it (compare_inputs.cpp widens the interval).
    std::size_t clusters_base = 0, clusters_new = 0;
    double cluster_sd = 0;
};

struct RunChange {
    RunKey key;
    std::string instance;
    std::string what;        // "status" or a counter name
    std::string base, next;  // as the files show them
};

struct OneSideRun {
    RunKey key;
    std::string instance;
};

struct OneSideSpec {
    std::string spec, mode;
    std::size_t instances = 0;
};

struct OptionsChange {
    std::string spec;
    std::set<std::string> base, next;
};

struct RunComparison {
    std::vector<SpecTimes> times;
    std::vector<RunChange> status_changes, counter_changes;
    std::vector<OneSideRun> only_base, only_new;     // of (spec, mode)s both files have
    std::vector<OneSideSpec> specs_only_base, specs_only_new;
    std::vector<OptionsChange> options_changes;
    std::set<std::string> nondeterministic_specs;  // paired specs whose counters vary by design: not compared
    std::map<std::string, std::size_t> counters_compared;  // counter → paired groups where both sides had it
    std::size_t paired = 0;  // run groups in both files
};

RunComparison compare_runs(const std::map<RunKey, RunGroup>& base, const std::map<RunKey, RunGroup>& next,
                           const std::string& time_metric = "wall_ms", const BootstrapOptions& options = {});

// The time table alone, per (spec, mode) over the instances both measured on `metric`.
std::vector<SpecTimes> compare_times(const std::map<RunKey, RunGroup>& base, const std::map<RunKey, RunGroup>& next,
                                     const std::string& metric, const BootstrapOptions& options = {});

}  // namespace futolab
