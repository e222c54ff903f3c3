#include "analysis/plots.hpp"

#include "solvers/options.hpp"
#include "analysis/paired.hpp"
#include "analysis/summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>

namespace futolab {

PlotSpec cactus_plot(const ResultsTable& table, const std::string& metric) {
    std::map<std::string, std::vector<double>> by_spec;
    for (std::size_t i = 0; i < table.size(); ++i)
        if (table.finished(i)) by_spec[table.text(i, "spec")].push_back(table.number(i, metric));
    PlotSpec plot{"cactus-" + metric, "Runs finished within a budget of " + metric,
                  "runs finished", metric + " (per run)", false, false, true, {}, {}};
    for (auto& [spec, values] : by_spec) {
        std::sort(values.begin(), values.end());
        PlotSeries s{short_spec(spec), {}};
        for (std::size_t k = 0; k < values.size(); ++k) s.points.emplace_back(static_cast<double>(k + 1), values[k]);
        plot.series.push_back(std::move(s));
    }
    plot.logy = spans_decades(plot.series, true);
    return plot;
}

PlotSpec growth_plot(const ResultsTable& table, const std::string& metric) {
    const auto groups = summarize(table, {"spec", "n"}, {metric});
    PlotSpec plot{"growth-" + metric, "Median " + metric + " by board size", "n", "median " + metric,
                  false, false, true, {}, {}};
    std::string last;
    for (const GroupSummary& g : groups) {
        if (plot.series.empty() || last != g.key[0]) plot.series.push_back({short_spec(g.key[0]), {}});
        last = g.key[0];
        plot.series.back().points.emplace_back(std::stod(g.key[1]), g.metrics[0].median);
    }
    // Medians that span decades read on a log axis; medians of 0 (solved without search)
    // cannot be shown there, so then every value is shifted by 1, and the label says so.
    plot.logy = spans_decades(plot.series, true);
    if (!plot.logy) {
        std::vector<PlotSeries> shifted = plot.series;
        for (PlotSeries& s : shifted)
            for (auto& point : s.points) point.second += 1;
        if (spans_decades(shifted, true)) {
            plot.series = std::move(shifted);
            plot.logy = true;
            plot.ylabel += " + 1";
        }
    }
    if (!plot.logy) plot.extra_commands.push_back("set yrange [0:*]");
    plot.extra_commands.push_back("set xtics 1");  // board sizes are whole numbers
    return plot;
}

std::string file_stem(const std::string& text) {
    std::string out = text;
    for (char& ch : out)
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '_';
    return out;
}

namespace {

// Finished pairs and pairs with a limit hit as separate series, so censored points stand out.
std::vector<PlotSeries> scatter_series(const std::vector<PairedRun>& pairs) {
    PlotSeries finished{"both finished", {}, "points pt 7 ps 0.6 lc rgb '#1f77b4'"};
    PlotSeries limited{"a limit hit (value reached)", {}, "points pt 6 ps 0.9 lc rgb '#d62728'"};
    for (const PairedRun& p : pairs) (p.limited ? limited : finished).points.emplace_back(p.base, p.other);
    std::vector<PlotSeries> out;
    for (PlotSeries* s : {&finished, &limited})
        if (!s->points.empty()) out.push_back(std::move(*s));
    return out;
}

// The diagonal over the range of all points, on both axes alike so that y = x is at 45°.
void add_diagonal(PlotSpec& plot) {
    double lo = 0, hi = 0;
    bool any = false;
    for (const PlotSeries& s : plot.series)
        for (const auto& [x, y] : s.points) {
            lo = any ? std::min({lo, x, y}) : std::min(x, y);
            hi = any ? std::max({hi, x, y}) : std::max(x, y);
            any = true;
        }
    if (!any) return;
    const bool log = plot.logx;
    const double a = log ? lo / 1.5 : lo - 0.05 * (hi - lo), b = log ? hi * 1.5 : hi + 0.05 * (hi - lo) + 1e-9;
    plot.series.push_back({"y = x (below: y used less)", {{a, a}, {b, b}}, "lines dt 2 lw 1.5 lc rgb 'gray40'"});
    plot.extra_commands.push_back(fmt::format("set xrange [{}:{}]\nset yrange [{}:{}]\nset size ratio -1", a, b, a, b));
}

// A long spec (gac with all its options) would be clipped on a vertical axis; the title has it.
std::string axis_label(const std::string& unit, const std::string& spec) {
    constexpr std::size_t kMaxAxisSpec = 40;
    return spec.size() <= kMaxAxisSpec ? unit + ", " + spec : unit + " (spec in the title)";
}

}  // namespace

std::vector<PlotSpec> scatter_plots(const ResultsTable& table, const std::string& baseline, const std::string& metric) {
    std::vector<PlotSpec> plots;
    const std::string unit = is_time_metric(metric) ? metric : metric + " + 1";
    for (const std::string& spec : solver_specs(table)) {
        if (spec == baseline) continue;
        PlotSpec plot{"scatter-" + metric + "-" + file_stem(spec),
                      fmt::format("{} per instance, y: {}\nx (baseline): {}", metric, short_spec(spec), short_spec(baseline)),
                      axis_label(unit, short_spec(baseline)), axis_label(unit, short_spec(spec)), false, false, false,
                      scatter_series(pair_runs(table, baseline, spec, metric)), {}};
        plot.logx = plot.logy = spans_decades(plot.series, true) || spans_decades(plot.series, false);
        add_diagonal(plot);
        plots.push_back(std::move(plot));
    }
    return plots;
}

}  // namespace futolab
