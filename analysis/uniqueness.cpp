#include "analysis/uniqueness.hpp"

#include "analysis/palette.hpp"
#include "analysis/phase.hpp"
#include "core/error.hpp"
#include "core/status.hpp"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <utility>

namespace futolab {

Proportion wilson_interval(std::size_t successes, std::size_t trials) {
    if (trials == 0) return {0, 0, 1};
    constexpr double z = 1.959963984540054;  // the 97.5th percentile of the standard normal
    const double n = static_cast<double>(trials), p = static_cast<double>(successes) / n;
    const double denominator = 1 + z * z / n;
    const double centre = (p + z * z / (2 * n)) / denominator;
    const double half = z / denominator * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
    // At p = 0 (p = 1) the lower (upper) end is exactly 0 (1); the closed form leaves rounding dust.
    return {p, successes == 0 ? 0.0 : std::max(0.0, centre - half), successes == trials ? 1.0 : std::min(1.0, centre + half)};
}

std::string uniqueness_axis(const ResultsTable& table) {
    return table.has_column("param_relations") ? "param_relations" : "givens_frac";
}

std::vector<UniquenessPoint> uniqueness_points(const ResultsTable& table, const std::string& spec) {
    for (const char* c : {"n", "status"})
        if (!table.has_column(c)) throw InputError(table.missing_column(c) + " (--plot uniqueness needs it)");
    const std::string axis = uniqueness_axis(table);
    std::map<std::pair<int, double>, UniquenessPoint> cells;
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (table.text(i, "spec") != spec) continue;
        const auto x = table.value(i, axis);
        if (!x) continue;  // a file instance in a sweep: no sweep value
        const int n = static_cast<int>(table.number(i, "n"));
        const double at = axis == "givens_frac" ? phase_bin(*x) : *x;
        UniquenessPoint& c = cells[{n, at}];
        c.n = n;
        c.x = at;
        const Status status = table.status(i);
        if (is_verdict(status)) ++c.decided;
        else ++c.undecided;
        if (status == Status::unique) ++c.unique;
    }
    if (cells.empty()) throw InputError(fmt::format("--plot uniqueness: no runs of '{}' with a value of {}", spec, axis));
    std::vector<UniquenessPoint> out;
    for (auto& [key, c] : cells) {
        c.share = wilson_interval(c.unique, c.decided);
        out.push_back(c);
    }
    return out;
}

PlotSpec uniqueness_plot(const ResultsTable& table, const std::string& spec) {
    const std::vector<UniquenessPoint> points = uniqueness_points(table, spec);
    const std::string axis = uniqueness_axis(table);
    PlotSpec plot;
    plot.name = "uniqueness";
    plot.title = fmt::format("P(unique) by {}: share of decided runs, 95% Wilson intervals", spec);
    plot.xlabel = axis == "param_relations" ? "fraction of relations kept (param_relations)" : "fraction of cells given";
    plot.ylabel = "P(unique)";
    plot.extra_commands = {"set yrange [-0.02:1.02]", "set key below"};
    std::map<int, std::size_t> series_of;
    for (const UniquenessPoint& p : points) {
        auto [it, added] = series_of.emplace(p.n, plot.series.size());
        if (added) {
            const std::string colour = palette_colour(it->second);
            plot.series.push_back({fmt::format("n={}", p.n), {},
                                   fmt::format("yerrorlines lc rgb '{}' pt 7 ps 0.6 lw 2", colour), false, {}, "1:2:3:4"});
        }
        if (p.decided > 0) plot.series[it->second].rows.push_back({p.x, p.share.p, p.share.low, p.share.high});
    }
    return plot;
}

}  // namespace futolab
