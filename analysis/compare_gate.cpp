#include "analysis/compare_gate.hpp"

#include "analysis/text_table.hpp"
#include "core/counted.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace futolab {

std::vector<std::string> change_kinds() {
    std::vector<std::string> kinds{"status", "missing"};
    for (const std::string& c : counter_columns()) kinds.push_back(c);
    return kinds;
}

namespace {

std::string spec_mode_text(const std::string& spec, const std::string& mode) {
    return mode.empty() ? spec : spec + " " + mode;
}

// Nothing at all to gate on: no pair.
std::string nothing_paired(const ComparedInputs& c) {
    if (c.result.paired > 0) return "";
    return fmt::format("no run of {} pairs with a run of {} (by instance_hash, spec and mode)", c.new_label, c.base_label);
}

// No time to compare: a side where every run failed (its statuses still compare).
std::string nothing_timed(const ComparedInputs& c) {
    for (const auto& [side, label] : {std::pair{&c.drift.base, &c.base_label}, std::pair{&c.drift.next, &c.new_label}})
        if (side->runs == 0) return fmt::format("every run of {} failed (crash or error): no time was measured", *label);
    return "";
}

// Why a spec's spread across separate sweeps is not measured: too few clusters (replicate
// sweeps or worker sessions) on a side. Only runs a limit did not cut count in a cluster, so
// when every pair was cut that is the reason, not the number of sweeps given (round 14, B F14:
// "0 and 0 replicate sweeps … (--replicates R)" with --replicates 2, every run at its limit).
std::string too_few_clusters(const ComparedInputs& c, const SpecTimes& t, const std::string& what) {
    const std::string_view kind = c.clusters == Cluster::sweep ? "replicate sweeps" : "worker sessions";
    if (t.limited == t.instances)
        return fmt::format("--fail-if-slower: {}: all {} paired instance{} hit a limit on a side (a time a limit cut is a "
                           "bound, not a measurement), so the {} have no time to measure how far they differ; raise the limits",
                           what, t.instances, t.instances == 1 ? "" : "s", kind);
    if (c.drift.kind == DriftKind::same_sweep)
        return fmt::format("--fail-if-slower: {}: {} and {} worker sessions with a run not cut by a limit: in one A/B sweep "
                           "each build needs 2 or more, or its one worker's process (its address-space layout, the core it "
                           "ran on) is passed off as its code (a sweep starts a session every second and 50 runs per job: "
                           "a longer sweep, more repeats, or --jobs 2)",
                           what, t.clusters_base, t.clusters_new);
    return fmt::format("--fail-if-slower: {}: {} and {} {} with a run not cut by a limit: how far two separate sweeps differ "
                       "is measured only with 2 or more on each side ({}), or compare builds in one A/B sweep (--base)",
                       what, t.clusters_base, t.clusters_new, kind,
                       c.clusters == Cluster::sweep ? "--replicates R" : "a sweep starts a session every second and 50 runs per job");
}

void slower(const ComparedInputs& c, double percent, GateVerdict& out) {
    if (const std::string why = nothing_timed(c); !why.empty()) {
        out.unmeasured.push_back("--fail-if-slower: " + why);
        return;
    }
    if (c.drift.kind == DriftKind::refused) {
        out.unmeasured.push_back(fmt::format("--fail-if-slower: the two sweeps are not comparable ({}): a ratio could "
                                             "be the machine's; compare builds in one A/B sweep (futolab run --build, "
                                             "compare --base)",
                                             c.drift.why));
        return;
    }
    const double allowed = 1.0 + percent / 100.0;
    if (c.result.times.empty()) out.unmeasured.push_back("--fail-if-slower: no spec ran in both files");
    for (const SpecTimes& t : c.result.times) {
        const std::string what = spec_mode_text(t.spec, t.mode);
        if (t.instances == 0)
            out.unmeasured.push_back(fmt::format("--fail-if-slower: {}: no instance timed on both sides (every run "
                                                 "of one side failed)", what));
        // In one A/B sweep too (red-team round 31, H2: one session per build, -j1 and a sweep under
        // a second, read one binary 13-18 % slower than itself, exit 1): each build's runs there
        // come from one worker process, whose layout and core are not the code's.
        else if (t.clusters_base < 2 || t.clusters_new < 2)
            out.unmeasured.push_back(too_few_clusters(c, t, what));
        else if (t.low > allowed)
            out.violations.push_back(fmt::format("{}: NEW / BASE {} [{}, {}] over {}: slower than +{} % "
                                                 "over the whole 95 % interval",
                                                 what, number_text(t.ratio), number_text(t.low), number_text(t.high),
                                                 counted(t.instances, "instance"), number_text(percent)));
    }
}

std::size_t changes_of(const RunComparison& c, const std::string& kind) {
    if (kind == "status") return c.status_changes.size();
    if (kind == "missing")
        return c.only_base.size() + c.only_new.size() + c.specs_only_base.size() + c.specs_only_new.size();
    return static_cast<std::size_t>(std::count_if(c.counter_changes.begin(), c.counter_changes.end(),
                                                  [&](const RunChange& r) { return r.what == kind; }));
}

void change(const ComparedInputs& c, const std::string& kind, GateVerdict& out) {
    const RunComparison& r = c.result;
    const bool counter = kind != "status" && kind != "missing";
    if (counter) {
        for (const auto& [side, label] : {std::pair{&c.base_columns, &c.base_label}, std::pair{&c.new_columns, &c.new_label}})
            if (!side->count(kind)) {
                out.unmeasured.push_back(fmt::format("--fail-on-change {}: {} has no column '{}'", kind, *label, kind));
                return;
            }
        if (!r.nondeterministic_specs.empty())
            out.notes.push_back(fmt::format("--fail-on-change {}: not gated for {}: its counters are not deterministic "
                                            "(whichever member of a race answers first)",
                                            kind, fmt::join(r.nondeterministic_specs, ", ")));
        const auto compared = r.counters_compared.find(kind);
        if (compared == r.counters_compared.end() || compared->second == 0) {
            out.unmeasured.push_back(fmt::format("--fail-on-change {}: no paired run reports {} on both sides with the "
                                                 "same status and deterministic counters",
                                                 kind, kind));
            return;
        }
    }
    if (const std::size_t n = changes_of(r, kind))
        out.violations.push_back(kind == "missing"
                                     ? fmt::format("--fail-on-change missing: {} run{} or spec{} in one file only", n,
                                                   n == 1 ? "" : "s", n == 1 ? "" : "s")
                                     : fmt::format("--fail-on-change {}: changed in {} run{}", kind, n, n == 1 ? "" : "s"));
}

}  // namespace

GateVerdict gate_verdict(const ComparedInputs& c, const CompareThresholds& thresholds) {
    GateVerdict out;
    if (!thresholds.slower_percent && thresholds.fail_on.empty()) return out;
    if (const std::string why = nothing_paired(c); !why.empty()) {
        out.unmeasured.push_back(why);
        return out;
    }
    if (thresholds.slower_percent) slower(c, *thresholds.slower_percent, out);
    for (const std::string& kind : thresholds.fail_on) change(c, kind, out);
    return out;
}

}  // namespace futolab
