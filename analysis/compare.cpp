#include "analysis/compare.hpp"

#include "analysis/paired.hpp"

#include <fmt/format.h>

#include <utility>

namespace futolab {
namespace {

using SpecMode = std::pair<std::string, std::string>;

SpecMode spec_mode(const RunKey& key) { return {key.spec, key.mode}; }

std::string cells_text(const std::set<std::string>& cells) {
    std::string out;
    for (const std::string& c : cells) out += (out.empty() ? "" : "|") + (c.empty() ? std::string("(empty)") : c);
    return out;
}

void add_changes(RunComparison& out, const RunKey& key, const RunGroup& b, const RunGroup& n) {
    if (b.status != n.status) {
        out.status_changes.push_back(
            {.key = key, .instance = b.instance, .what = "status", .base = b.status, .next = n.status});
        return;  // the counters of a run that ended differently differ by consequence
    }
    if (b.spec_nondeterministic || n.spec_nondeterministic) {
        out.nondeterministic_specs.insert(key.spec);
        return;
    }
    if (!b.deterministic || !n.deterministic) return;
    for (const auto& [counter, cells] : b.counters) {
        const auto other = n.counters.find(counter);
        if (other == n.counters.end()) continue;  // a column one file lacks is no change (the gate says so)
        if (!cells.count("") && !other->second.count("")) ++out.counters_compared[counter];
        if (other->second == cells) continue;
        out.counter_changes.push_back({.key = key,
                                       .instance = b.instance,
                                       .what = counter,
                                       .base = cells_text(cells),
                                       .next = cells_text(other->second)});
    }
}

// The groups of `mine` that `theirs` lacks: per instance where `theirs` has the (spec, mode),
// else counted per (spec, mode).
void one_side(const std::map<RunKey, RunGroup>& mine, const std::map<RunKey, RunGroup>& theirs,
              std::vector<OneSideRun>& runs, std::vector<OneSideSpec>& specs) {
    std::set<SpecMode> theirs_specs;
    for (const auto& [key, g] : theirs) theirs_specs.insert(spec_mode(key));
    std::map<SpecMode, std::size_t> missing_specs;
    for (const auto& [key, g] : mine) {
        if (theirs.count(key)) continue;
        if (theirs_specs.count(spec_mode(key))) runs.push_back({key, g.instance});
        else ++missing_specs[spec_mode(key)];
    }
    for (const auto& [sm, count] : missing_specs) specs.push_back({sm.first, sm.second, count});
}

SpecTimes spec_times(const SpecMode& sm, const std::vector<PairedInstance>& pairs, const BootstrapOptions& options) {
    const PairedComparison c = compare_pairs(pairs, options);
    SpecTimes t{sm.first, sm.second, c.instances, c.limited};
    if (c.instances > 0) {  // compare_pairs gives BASE / NEW: turned round, > 1 reads "NEW slower"
        t.ratio = 1.0 / c.geomean;
        t.low = 1.0 / c.high;
        t.high = 1.0 / c.low;
    }
    t.wins = c.wins;
    t.ties = c.ties;
    t.losses = c.losses;
    t.wilcoxon_p = c.wilcoxon_p;
    return t;
}

void add_options_changes(RunComparison& out, const std::map<RunKey, RunGroup>& base,
                         const std::map<RunKey, RunGroup>& next) {
    std::map<std::string, std::pair<std::set<std::string>, std::set<std::string>>> options;
    for (const auto& [key, g] : base) options[key.spec].first.insert(g.options.begin(), g.options.end());
    for (const auto& [key, g] : next) options[key.spec].second.insert(g.options.begin(), g.options.end());
    for (const auto& [spec, sides] : options)
        if (!sides.first.empty() && !sides.second.empty() && sides.first != sides.second)
            out.options_changes.push_back({spec, sides.first, sides.second});
}

}  // namespace

std::vector<SpecTimes> compare_times(const std::map<RunKey, RunGroup>& base, const std::map<RunKey, RunGroup>& next,
                                     const std::string& metric, const BootstrapOptions& options) {
    std::map<SpecMode, std::vector<PairedInstance>> pairs;
    std::set<SpecMode> both;
    for (const auto& [key, b] : base) {
        const auto n = next.find(key);
        if (n == next.end()) continue;
        both.insert(spec_mode(key));
        if (b.time && n->second.time)
            pairs[spec_mode(key)].push_back({key.instance_hash, shifted_metric(metric, *b.time),
                                             shifted_metric(metric, *n->second.time),
                                             b.time_censored || n->second.time_censored});
    }
    std::vector<SpecTimes> out;
    for (const SpecMode& sm : both) out.push_back(spec_times(sm, pairs[sm], options));
    return out;
}

RunComparison compare_runs(const std::map<RunKey, RunGroup>& base, const std::map<RunKey, RunGroup>& next,
                           const std::string& time_metric, const BootstrapOptions& options) {
    RunComparison out;
    for (const auto& [key, b] : base) {
        const auto n = next.find(key);
        if (n == next.end()) continue;
        ++out.paired;
        add_changes(out, key, b, n->second);
    }
    out.times = compare_times(base, next, time_metric, options);
    one_side(base, next, out.only_base, out.specs_only_base);
    one_side(next, base, out.only_new, out.specs_only_new);
    add_options_changes(out, base, next);
    return out;
}

}  // namespace futolab
