#include "analysis/compare_inputs.hpp"

#include "analysis/metric_words.hpp"
#include "analysis/paired.hpp"
#include "analysis/plots.hpp"
#include "analysis/summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

namespace futolab {
namespace {

struct Loaded {
    ResultsTable table;
    Provenance provenance;
    std::map<RunKey, RunGroup> groups;
};

Loaded load_input(const std::string& path, const std::string& metric, std::vector<std::string>& warnings) {
    ResultsTable table = ResultsTable::load({path});
    for (const std::string& w : table.warnings()) warnings.push_back(w);
    Provenance provenance = read_provenance(path, table);
    auto groups = run_groups(table, metric);
    return {std::move(table), std::move(provenance), std::move(groups)};
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
std::vector<PlotSpec> scatter_of(const Loaded& base, const Loaded& next, const std::string& base_label,
                                 const std::string& new_label, const std::string& metric, std::size_t index) {
    std::map<std::pair<std::string, std::string>, std::vector<PairedInstance>> pairs;
    for (const auto& [key, b] : base.groups) {
        const auto n = next.groups.find(key);
        if (n == next.groups.end() || !b.time || !n->second.time) continue;
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
            fmt::format("{}, median over repeats, {} instances\n{}{}: {} (y) against {} (x)",
                        capitalised(metric_words(metric, "per instance")), points.size(), spec,
                        mode.empty() ? "" : " " + mode, new_label, base_label),
            scatter_axis(metric, base_label), scatter_axis(metric, new_label)};
        plots.push_back(scatter_figure(text, spec, points, cap));
    }
    return plots;
}

}  // namespace

ComparedRun compare_inputs(const std::vector<std::string>& inputs, const std::vector<std::string>& labels,
                           const std::string& time_metric, bool with_plots) {
    ComparedRun out;
    const Loaded base = load_input(inputs.at(0), time_metric, out.warnings);
    for (std::size_t i = 1; i < inputs.size(); ++i) {
        const Loaded next = load_input(inputs[i], time_metric, out.warnings);
        out.comparisons.push_back({labels.at(0), labels.at(i), base.provenance, next.provenance, time_metric,
                                   compare_runs(base.groups, next.groups, time_metric)});
        if (with_plots)
            for (PlotSpec& p : scatter_of(base, next, labels[0], labels[i], time_metric, i))
                out.plots.push_back(std::move(p));
    }
    return out;
}

}  // namespace futolab
