#include "analysis/compare_inputs.hpp"

#include "analysis/metric_words.hpp"
#include "analysis/paired.hpp"
#include "analysis/plots.hpp"
#include "analysis/same_runs.hpp"
#include "analysis/sessions.hpp"
#include "analysis/summary.hpp"

#include "core/error.hpp"
#include "records/sidecar.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

namespace futolab {
namespace {

struct Loaded {
    ResultsTable table;
    Provenance provenance;
    std::optional<LoadFigure> load;
    std::string label;
    std::size_t sweeps = 1;  // replicate sweeps pooled in `table` (its sources)
    // A build of an A/B sweep: the rows of its whole file, which its sidecar's run counts are of
    // (round 32, K1: each build's half was warned of as a CSV cut short); 0 otherwise.
    std::size_t file_rows = 0;
};

// What the rows' `experiment` cells say against comparing a side as one experiment (rows
// appended from another experiment's CSV), and what each input's sidecar says against its
// rows (provenance.hpp, sidecar_notes): warnings, as the same-runs note is.
void experiment_warnings(const Loaded& side, std::vector<std::string>& warnings) {
    const ResultsTable& t = side.table;
    if (!t.has_column("experiment")) return;
    std::vector<std::set<std::string>> per_file(t.sources().size());
    std::vector<std::size_t> rows(t.sources().size());
    std::set<std::string> all;
    for (std::size_t i = 0; i < t.size(); ++i) {
        ++rows[t.source(i)];
        per_file[t.source(i)].insert(t.text(i, "experiment"));
        all.insert(t.text(i, "experiment"));
    }
    if (all.size() > 1)
        warnings.push_back(fmt::format("{} holds runs of the experiments {}: they are compared as one", side.label,
                                       quoted_list(all)));
    if (side.file_rows > 0) rows.assign(rows.size(), side.file_rows);  // (one file: the A/B sweep's)
    for (std::size_t f = 0; f < t.sources().size(); ++f)
        for (std::string& note : sidecar_notes(t.sources()[f], per_file[f], rows[f]))
            if (std::find(warnings.begin(), warnings.end(), note) == warnings.end()) warnings.push_back(std::move(note));
}

// The sidecar's load figure, if it has a readable one (an older or missing sidecar: none).
std::optional<LoadFigure> load_of(const std::string& path) {
    if (!std::filesystem::exists(sidecar_path(path))) return std::nullopt;
    try {
        return read_sidecar(path).load;
    } catch (const InputError&) {
        return std::nullopt;  // read_provenance has said what is wrong with it
    }
}

// The distinct build names of a table's rows, in order of first appearance ("" for rows
// without a build: older futolab).
std::vector<std::string> build_names(const ResultsTable& table) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < table.size(); ++i) {
        const std::string name = table.text(i, "build_name");
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
    return names;
}

// The other processes' load of several sweeps: their mean, if every one states it.
std::optional<LoadFigure> mean_load(const std::vector<std::string>& paths) {
    LoadFigure sum;
    for (const std::string& path : paths) {
        const std::optional<LoadFigure> l = load_of(path);
        if (!l) return std::nullopt;
        sum.other_cores += l->other_cores / static_cast<double>(paths.size());
        sum.own_cores += l->own_cores / static_cast<double>(paths.size());
        sum.seconds += l->seconds;
    }
    return sum;
}

// One side: a sweep, or replicate sweeps of one experiment pooled (compare --replicates).
Loaded load_input(const std::vector<std::string>& paths, const std::string& label, std::vector<std::string>& warnings,
                  const ResultsTable::FileCheck& check) {
    if (const std::string why = shared_replicates(paths); !why.empty())
        throw InputError(fmt::format("--replicates {}: {}: each replicate is a separate sweep of the experiment (the "
                                     "spread between them is what a verdict across sweeps rests on)",
                                     paths.size(), why));
    ResultsTable table = ResultsTable::load(paths, check);
    for (const std::string& w : table.warnings()) warnings.push_back(w);
    if (const auto names = build_names(table); names.size() > 1)
        throw InputError(fmt::format("{}: holds the runs of {} builds ({}): an A/B sweep; compare its builds with "
                                     "--base NAME (one of them)",
                                     paths.front(), names.size(), fmt::join(names, ", ")));
    Provenance provenance = read_provenance(paths.front(), table);
    // Replicates differ only by chance: any fact of what was measured and how (the config, the
    // build, the isolation, the limits) that differs would be pooled as spread between sweeps,
    // widening the interval until a gate passes what it did not measure (red-team round 32, K4:
    // a `--isolation fork` sweep beside process ones passed a 2.9x slowdown). Each fact is
    // looked at, not only the first that differs.
    static const std::set<std::string> kSetup{"config_hash", "commit", "build", "isolation", "limits", "limit_columns"};
    for (std::size_t i = 1; i < paths.size(); ++i)
        for (const auto& d : provenance_differences(provenance, read_provenance(paths[i], ResultsTable::load({paths[i]}))))
            if (kSetup.contains(d.fact))
                throw InputError(fmt::format("{}: a replicate of {} from another {} ({} → {}): replicates are sweeps of "
                                             "one build, one config, one isolation and one set of limits (a difference "
                                             "between them would be pooled as noise between sweeps)",
                                             paths[i], paths.front(), d.fact, d.base, d.next));
    return {std::move(table), std::move(provenance), mean_load(paths), label, paths.size()};
}

// compare --base: the builds of one A/B sweep, each a side of its own, BASE first. Their
// provenance is the sweep's, with the commit and version of each build.
std::vector<Loaded> load_builds(const std::string& path, const std::string& label, const std::string& base_build,
                                std::vector<std::string>& warnings, const ResultsTable::FileCheck& check) {
    const ResultsTable table = ResultsTable::load({path}, check);
    for (const std::string& w : table.warnings()) warnings.push_back(w);
    std::vector<std::string> names = build_names(table);
    const auto base = std::find(names.begin(), names.end(), base_build);
    if (base == names.end())
        throw InputError(fmt::format("{}: --base {}: no build of that name (its builds: {})", path, base_build,
                                     fmt::join(names, ", ")));
    if (names.size() < 2)
        throw InputError(fmt::format("{}: --base {}: the only build of this CSV; --base compares the builds of one "
                                     "A/B sweep (futolab run --build)", path, base_build));
    std::rotate(names.begin(), base, base + 1);
    std::vector<BuildIdentity> identities;
    if (std::filesystem::exists(sidecar_path(path))) identities = read_sidecar(path).builds;
    std::vector<Loaded> out;
    for (const std::string& name : names) {
        std::vector<std::size_t> rows;
        for (std::size_t i = 0; i < table.size(); ++i)
            if (table.text(i, "build_name") == name) rows.push_back(i);
        ResultsTable part = table.subset(rows);
        Provenance provenance = read_provenance(path, part);
        for (const BuildIdentity& b : identities)
            if (b.name == name)
                for (auto& [fact, value] : provenance.facts) {
                    if (fact == "commit") value = b.dirty ? b.commit + "-dirty" : b.commit;
                    if (fact == "version") value = b.version;
                }
        out.push_back({std::move(part), std::move(provenance), load_of(path), label + "@" + name, 1, table.size()});
    }
    return out;
}

// Each (spec, mode)'s clusters, and, across sweeps (`widen`), its interval with what the two
// sides' clusters add (sessions.hpp: the jackknife over clusters), at Student's t for the
// fewer clusters of the two sides.
void add_clusters(std::vector<SpecTimes>& times, const ResultsTable& base, const ResultsTable& next,
                  const std::string& metric, Cluster cluster, bool widen) {
    const auto b = clustered_runs(base, metric, cluster), n = clustered_runs(next, metric, cluster);
    for (SpecTimes& t : times) {
        const auto bs = b.find({t.spec, t.mode}), ns = n.find({t.spec, t.mode});
        if (bs == b.end() || ns == n.end()) continue;
        t.clusters_base = bs->second.clusters.size();
        t.clusters_new = ns->second.clusters.size();
        if (!widen) continue;
        t.cluster_sd = std::sqrt(jackknife_variance(bs->second, ns->second));
        const std::size_t fewer = std::min(t.clusters_base, t.clusters_new);
        if (t.instances > 0 && fewer >= 2)
            std::tie(t.low, t.high) = widen_interval(t.ratio, t.low, t.high, t.cluster_sd, t_quantile_95(fewer - 1));
    }
}

// One comparison: BASE against one NEW, the drift between them, the times with the sessions'
// variance in their intervals.
ComparedInputs compare_pair(const Loaded& base, const Loaded& next, const std::string& metric, bool same_sweep,
                            Cluster clusters) {
    ComparedInputs c{base.label, next.label, base.provenance, next.provenance, metric, {}, {}, {}, {}};
    c.drift = estimate_drift(side_machine(base.table, base.load), side_machine(next.table, next.load), base.label,
                             next.label, same_sweep);
    c.result = compare_runs(run_groups(base.table, metric), run_groups(next.table, metric), metric);
    // The builds of one sweep share its sessions and its moments: measured on the verdicts
    // sweep, the bootstrap over instances alone holds their ratio's variation from sweep to
    // sweep, so nothing is added. Across sweeps it held a fifth of it; the jackknife over each
    // side's sessions (or replicate sweeps) all of it (results/verdicts/REPORT.md).
    c.clusters = clusters;
    add_clusters(c.result.times, base.table, next.table, metric, c.clusters, !same_sweep);
    for (const std::string& counter : counter_columns()) {
        if (base.table.has_column(counter)) c.base_columns.insert(counter);
        if (next.table.has_column(counter)) c.new_columns.insert(counter);
    }
    return c;
}

// The larger of the two inputs' time limits as the metric shows it (shifted), if either has one.
std::optional<double> shared_cap(const Loaded& base, const Loaded& next, const std::string& metric) {
    std::optional<double> cap;
    for (const Loaded* l : {&base, &next})
        if (const auto c = metric_cap(l->table, metric)) cap = std::max(cap.value_or(*c), *c);
    if (cap) cap = shifted_metric(metric, *cap);
    return cap;
}

// Per (spec, mode) the instances both inputs measured: x = BASE's median, y = NEW's.
std::vector<PlotSpec> scatter_of(const Loaded& base, const Loaded& next, const std::string& metric, std::size_t index,
                                 const BackendLooks& looks) {
    std::map<std::pair<std::string, std::string>, std::vector<PairedInstance>> pairs;
    const auto base_groups = run_groups(base.table, metric), next_groups = run_groups(next.table, metric);
    for (const auto& [key, b] : base_groups) {
        const auto n = next_groups.find(key);
        if (n == next_groups.end() || !b.time || !n->second.time) continue;
        pairs[{key.spec, key.mode}].push_back({key.instance_hash, shifted_metric(metric, *b.time),
                                               shifted_metric(metric, *n->second.time),
                                               b.time_censored || n->second.time_censored});
    }
    std::vector<PlotSpec> plots;
    const std::optional<double> cap = shared_cap(base, next, metric);
    for (const auto& [spec_mode, points] : pairs) {
        const auto& [spec, mode] = spec_mode;
        const ScatterText text{
            fmt::format("compare-{}-{}-{}{}", index, metric, spec, mode.empty() ? "" : "-" + mode),
            fmt::format("{}, median over repeats, {} instances", capitalised(metric_words(metric, "per instance")),
                        points.size()),
            fmt::format("{}{}: {} (y) against {} (x)", spec, mode.empty() ? "" : " " + mode, next.label, base.label),
            scatter_axis(metric, base.label), scatter_axis(metric, next.label)};
        plots.push_back(scatter_figure(text, look_of(spec, looks), points, cap));
    }
    return plots;
}

}  // namespace

ComparedRun compare_inputs(const std::vector<std::string>& inputs, const std::vector<std::string>& labels,
                           const std::string& time_metric, const BackendLooks* plot_looks, const std::string& base_build,
                           std::size_t replicates, const std::vector<RowFilter>& filters,
                           const ResultsTable::FileCheck& check) {
    ComparedRun out;
    std::vector<Loaded> sides;
    const bool same_sweep = !base_build.empty();
    if (same_sweep) {
        if (inputs.size() != 1)
            throw InputError(fmt::format("--base {} compares the builds of one A/B sweep: give one CSV, not {}", base_build,
                                         inputs.size()));
        sides = load_builds(inputs.front(), labels.at(0), base_build, out.warnings, check);
    } else {
        if (replicates == 0 || inputs.size() % replicates != 0 || inputs.size() < 2 * replicates)
            throw InputError(fmt::format("--replicates {}: {} inputs are not two groups or more of {} (BASE's replicate "
                                         "sweeps first, then each NEW's)",
                                         replicates, inputs.size(), replicates));
        for (std::size_t i = 0; i < inputs.size(); i += replicates)
            sides.push_back(load_input({inputs.begin() + static_cast<std::ptrdiff_t>(i),
                                        inputs.begin() + static_cast<std::ptrdiff_t>(i + replicates)},
                                       labels.at(i / replicates), out.warnings, check));
        // Two inputs holding the same runs compare them with themselves: said, not refused.
        for (std::string& w : same_runs_warnings(inputs, inputs)) out.warnings.push_back(std::move(w));
    }
    for (const Loaded& side : sides) experiment_warnings(side, out.warnings);
    // --where filtered the report's tables but not this section (issue #45): now both.
    if (!filters.empty())
        for (Loaded& side : sides) side.table = filter_rows(side.table, filters);
    for (std::size_t i = 1; i < sides.size(); ++i) {
        out.comparisons.push_back(compare_pair(sides.front(), sides[i], time_metric, same_sweep,
                                               replicates > 1 ? Cluster::sweep : Cluster::session));
        if (plot_looks)
            for (PlotSpec& p : scatter_of(sides.front(), sides[i], time_metric, i, *plot_looks)) out.plots.push_back(std::move(p));
    }
    return out;
}

}  // namespace futolab
