#include "analysis/phase.hpp"

#include "analysis/metric_words.hpp"

#include "analysis/palette.hpp"
#include "analysis/summary.hpp"
#include "analysis/text_table.hpp"
#include "core/error.hpp"
#include "core/status.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace futolab {
namespace {

struct BinRuns {
    std::vector<Sample> samples;
    std::size_t decided = 0, unique = 0;
};

using BinKey = std::tuple<std::string, int, long>;  // level, n, bin index (not the double: equal bins meet)

PlotSpec panel(const std::string& title, const std::string& ylabel, bool logy) {
    PlotSpec p;
    p.title = title;
    p.xlabel = "fraction of cells given, h / n² (bins of 0.05)";
    p.ylabel = ylabel;
    p.logy = logy;
    p.extra_commands = {"set xrange [-0.02:*]", "set xtics 0.1", "unset key"};
    return p;
}

std::map<int, std::string> colours_by_n(const std::vector<PhasePoint>& points) {
    std::set<int> ns;
    for (const PhasePoint& p : points) ns.insert(p.n);
    std::map<int, std::string> out;
    for (int n : ns) out[n] = palette_colour(out.size());
    return out;
}

// The three panels of one relations level.
std::vector<PlotSpec> level_panels(const std::vector<PhasePoint>& points, const std::string& level,
                                   const std::string& metric, double shift, bool with_key) {
    const auto colours = colours_by_n(points);
    PlotSpec cost = panel(level + " — band: 25–75 % of the runs",
                          "median " + metric_words(metric, "per run") + (shift > 0 ? " + 1" : ""), true);
    PlotSpec uniq = panel("", "fraction unique of decided runs", false);
    PlotSpec runs = panel("", "runs in the bin", false);
    uniq.extra_commands.push_back("set yrange [0:1.05]");
    runs.extra_commands.push_back("set yrange [0:*]");
    // One legend, inside the first uniqueness panel, whose upper left corner is empty (few
    // instances are unique with few givens): a legend below would squeeze the cost panel.
    if (with_key) uniq.extra_commands.push_back("set key top left inside maxcols 1 samplen 1.2 spacing 0.8 width -2 box opaque font ',10'");
    for (const auto& [n, colour] : colours) {
        PlotSeries band{"", {}, fmt::format("filledcurves lc rgb '{}' fs transparent solid 0.18 noborder", colour)};
        band.columns = "1:2:3";
        PlotSeries median{"", {}, fmt::format("linespoints lc rgb '{}' pt 7 ps 0.6 lw 2", colour)};
        PlotSeries capped{"", {}, fmt::format("points lc rgb '{}' pt 6 ps 1.8 lw 1.5", colour)};
        PlotSeries unique{fmt::format("n={}", n), {}, fmt::format("linespoints lc rgb '{}' pt 7 ps 0.5 lw 2", colour)};
        PlotSeries count{"", {}, fmt::format("linespoints lc rgb '{}' pt 7 ps 0.5 lw 1.5", colour)};
        for (const PhasePoint& p : points) {
            if (p.n != n || p.level != level) continue;
            band.rows.push_back({p.frac, p.q1 + shift, p.q3 + shift});
            median.points.emplace_back(p.frac, p.median + shift);
            if (p.median_censored) capped.points.emplace_back(p.frac, p.median + shift);
            if (p.decided > 0) unique.points.emplace_back(p.frac, p.unique_fraction());
            count.points.emplace_back(p.frac, static_cast<double>(p.runs));
        }
        if (median.points.empty()) continue;
        cost.series.push_back(std::move(band));
        cost.series.push_back(std::move(median));
        if (!capped.points.empty()) cost.series.push_back(std::move(capped));
        uniq.series.push_back(std::move(unique));
        runs.series.push_back(std::move(count));
    }
    PlotSeries key{"median at the cap (top)", {}, "points lc rgb 'black' pt 6 ps 1.8 lw 1.5"};
    key.key_only = true;
    uniq.series.push_back(std::move(key));
    return {cost, uniq, runs};
}

}  // namespace

double phase_bin(double givens_frac) { return std::round(givens_frac / kPhaseBin) * kPhaseBin; }

std::string relations_level(const ResultsTable& table, std::size_t row) {
    if (table.has_column("param_relations") && !table.text(row, "param_relations").empty())
        return "relations p=" + table.text(row, "param_relations");
    return table.number(row, "k") > 0 ? "with relations (k > 0)" : "no relations (k = 0)";
}

std::vector<PhasePoint> phase_points(const ResultsTable& table, const std::string& spec, const std::string& metric) {
    for (const char* c : {"n", "h", "k"})
        if (!table.has_column(c)) throw InputError(table.missing_column(c) + " (--plot phase needs it)");
    std::map<BinKey, BinRuns> bins;
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (!table.comparable(i) || table.text(i, "spec") != spec) continue;
        const auto v = table.value(i, metric);
        if (!v) continue;
        BinRuns& b = bins[{relations_level(table, i), static_cast<int>(table.number(i, "n")),
                           std::lround(phase_bin(table.number(i, "givens_frac")) / kPhaseBin)}];
        b.samples.push_back({*v, table.censored(i)});
        const Status status = table.status(i);
        if (is_verdict(status)) ++b.decided;
        if (status == Status::unique) ++b.unique;
    }
    std::vector<PhasePoint> out;
    for (const auto& [key, b] : bins) {
        const MetricStats s = describe(b.samples);
        std::vector<double> sorted;
        for (const Sample& x : b.samples) sorted.push_back(x.value);
        std::sort(sorted.begin(), sorted.end());
        out.push_back({std::get<0>(key), std::get<1>(key), static_cast<double>(std::get<2>(key)) * kPhaseBin,
                       b.samples.size(), s.median, percentile(sorted, 0.25), percentile(sorted, 0.75),
                       s.median_censored, b.decided, b.unique});
    }
    return out;
}

PlotSpec phase_plot(const ResultsTable& table, const std::string& spec, const std::string& metric) {
    const auto points = phase_points(table, spec, metric);
    if (points.empty()) throw InputError(fmt::format("--plot phase: no runs of '{}'", spec));
    // A log axis cannot show a quartile of 0 nodes: then counts are shown shifted by one.
    const bool zero = std::any_of(points.begin(), points.end(), [](const PhasePoint& p) { return p.q1 <= 0; });
    const double shift = zero ? 1.0 : 0.0;
    std::vector<std::string> levels;
    for (const PhasePoint& p : points)
        if (std::find(levels.begin(), levels.end(), p.level) == levels.end()) levels.push_back(p.level);
    PlotSpec plot;
    plot.name = "phase-" + metric;
    plot.title = fmt::format("Phase transition of {}: cost, uniqueness and sample size against the givens", spec);
    plot.rows = 3;
    plot.cols = static_cast<int>(levels.size());
    plot.width = 640 * plot.cols + 80;
    plot.height = 1100;
    // multiplot fills row by row: cost panels of every level, then uniqueness, then runs.
    std::vector<std::vector<PlotSpec>> columns;
    for (std::size_t l = 0; l < levels.size(); ++l) columns.push_back(level_panels(points, levels[l], metric, shift, l == 0));
    for (std::size_t row = 0; row < 3; ++row)
        for (const auto& column : columns) plot.panels.push_back(column[row]);
    return plot;
}

}  // namespace futolab
