#include "analysis/phase.hpp"

#include "solvers/options.hpp"

#include "analysis/summary.hpp"
#include "core/error.hpp"

#include <fmt/format.h>

#include <cmath>
#include <map>

namespace futolab {
namespace {

struct BinRuns {
    std::vector<double> values;
    std::size_t decided = 0, unique = 0;
};

bool any_non_positive(const std::vector<PhasePoint>& points) {
    for (const PhasePoint& p : points)
        if (p.median <= 0) return true;
    return false;
}

}  // namespace

double phase_bin(double givens_frac) { return std::round(givens_frac / kPhaseBin) * kPhaseBin; }

std::vector<PhasePoint> phase_points(const ResultsTable& table, const std::string& spec, const std::string& metric) {
    for (const char* c : {"n", "h"})
        if (!table.has_column(c)) throw InputError(fmt::format("--plot phase needs the column '{}'", c));
    // Keyed by the bin's index, not the double, so equal bins always meet.
    std::map<std::pair<int, long>, BinRuns> bins;
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (!table.comparable(i) || table.text(i, "spec") != spec) continue;
        BinRuns& b = bins[{static_cast<int>(table.number(i, "n")),
                           std::lround(phase_bin(table.number(i, "givens_frac")) / kPhaseBin)}];
        b.values.push_back(table.number(i, metric));
        const std::string status = table.text(i, "status");
        if (status == "unique" || status == "multiple" || status == "unsat") ++b.decided;
        if (status == "unique") ++b.unique;
    }
    std::vector<PhasePoint> out;
    for (const auto& [key, b] : bins)
        out.push_back({key.first, static_cast<double>(key.second) * kPhaseBin, b.values.size(), describe(b.values).median,
                       b.decided, b.unique});
    return out;
}

PlotSpec phase_plot(const ResultsTable& table, const std::string& spec, const std::string& metric) {
    const auto points = phase_points(table, spec, metric);
    if (points.empty()) throw InputError(fmt::format("--plot phase: no runs of '{}'", spec));
    // A log axis cannot show a median of 0 nodes: then counts are shown shifted by one.
    const double shift = any_non_positive(points) ? 1.0 : 0.0;
    PlotSpec plot;
    plot.name = "phase-" + metric;
    plot.logy = true;
    plot.title = fmt::format("Phase transition of {}: cost and uniqueness against the givens", short_spec(spec));
    plot.xlabel = "fraction of cells given, h / n² (bins of 0.05)";
    plot.ylabel = fmt::format("median {}{} (solid)", metric, shift > 0 ? " + 1" : "");
    plot.y2label = "fraction unique of decided runs (dashed)";
    std::map<int, std::pair<PlotSeries, PlotSeries>> per_n;
    for (const PhasePoint& p : points) {
        auto& [cost, uniq] = per_n[p.n];
        cost.points.emplace_back(p.frac, p.median + shift);
        if (p.decided > 0) uniq.points.emplace_back(p.frac, p.unique_fraction());
    }
    int colour = 1;
    for (auto& [n, pair] : per_n) {
        auto& [cost, uniq] = pair;
        cost.label = fmt::format("n={} median", n);
        cost.style = fmt::format("linespoints lt {} pt 7 ps 0.7 lw 2", colour);
        uniq.label = fmt::format("n={} unique", n);
        uniq.style = fmt::format("linespoints lt {} pt 6 ps 0.7 lw 2 dt 2", colour);
        uniq.y2 = true;
        plot.series.push_back(std::move(cost));
        plot.series.push_back(std::move(uniq));
        ++colour;
    }
    plot.extra_commands = {"set y2range [0:1.05]", "set xrange [0:*]", "set xtics 0.1"};
    return plot;
}

}  // namespace futolab
