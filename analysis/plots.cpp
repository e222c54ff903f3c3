#include "analysis/plots.hpp"

#include "analysis/paired.hpp"
#include "analysis/palette.hpp"
#include "analysis/summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>

namespace futolab {
namespace {

std::string line_style(const std::string& spec) { return "linespoints " + look_style(look_of(spec)) + " ps 0.8 lw 2"; }

// Specs sorted by name, the virtual best last: the legend order is the same in every figure.
std::vector<std::string> legend_order(const ResultsTable& table) {
    auto specs = solver_specs(table);
    std::sort(specs.begin(), specs.end(), [](const std::string& a, const std::string& b) {
        return std::make_pair(a == kVirtualBest, a) < std::make_pair(b == kVirtualBest, b);
    });
    return specs;
}

// Each finished run's value, per spec.
std::map<std::string, std::vector<double>> finished_values(const ResultsTable& table, const std::string& metric,
                                                           std::map<std::string, std::size_t>* runs = nullptr) {
    std::map<std::string, std::vector<double>> by_spec;
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (!table.comparable(i)) continue;
        const std::string spec = table.text(i, "spec");
        if (runs) ++(*runs)[spec];
        if (table.finished(i))
            if (const auto v = table.value(i, metric)) by_spec[spec].push_back(*v);
    }
    for (auto& [spec, values] : by_spec) std::sort(values.begin(), values.end());
    return by_spec;
}

std::string cap_line(double cap, bool horizontal) {
    return horizontal ? fmt::format("set arrow from graph 0, first {0} to graph 1, first {0} nohead dt 2 lw 1.5 lc rgb 'gray30' front\n"
                                    "set label 'limit' at graph 0.01, first {0} offset 0,0.6 tc rgb 'gray30'",
                                    exact_text(cap))
                      : fmt::format("set arrow from first {0}, graph 0 to first {0}, graph 1 nohead dt 2 lw 1.5 lc rgb 'gray30' front\n"
                                    "set label 'limit' at first {0}, graph 0.97 right offset -0.5,0 tc rgb 'gray30'",
                                    exact_text(cap));
}

}  // namespace

PlotSpec cactus_plot(const ResultsTable& table, const std::string& metric) {
    const auto by_spec = finished_values(table, metric);
    PlotSpec plot{"cactus-" + metric, "Runs finished within a budget of " + metric + " (limited runs not counted)",
                  "runs finished", metric + " (per run)", false, false, true, {}, {}};
    for (const std::string& spec : legend_order(table)) {
        const auto it = by_spec.find(spec);
        if (it == by_spec.end()) continue;
        PlotSeries s{spec, {}, "lines " + look_style(look_of(spec)) + " lw 2.5"};
        for (std::size_t k = 0; k < it->second.size(); ++k) s.points.emplace_back(static_cast<double>(k + 1), it->second[k]);
        plot.series.push_back(std::move(s));
    }
    plot.logy = spans_decades(plot.series, true);
    if (const auto cap = metric_cap(table, metric)) plot.extra_commands.push_back(cap_line(*cap, true));
    return plot;
}

PlotSpec ecdf_plot(const ResultsTable& table, const std::string& metric) {
    std::map<std::string, std::size_t> runs;
    const auto by_spec = finished_values(table, metric, &runs);
    PlotSpec plot{"ecdf-" + metric, "Fraction of runs finished within a budget of " + metric, metric + " (budget)",
                  "fraction of the spec's runs finished", false, false, true, {}, {}};
    for (const std::string& spec : legend_order(table)) {
        const auto it = by_spec.find(spec);
        if (it == by_spec.end()) continue;
        PlotSeries s{fmt::format("{} ({} of {})", spec, it->second.size(), runs[spec]), {},
                     "steps " + look_style(look_of(spec)) + " lw 2.5"};
        for (std::size_t k = 0; k < it->second.size(); ++k)
            s.points.emplace_back(it->second[k], static_cast<double>(k + 1) / static_cast<double>(runs[spec]));
        plot.series.push_back(std::move(s));
    }
    plot.logx = spans_decades(plot.series, false);
    plot.extra_commands.push_back("set yrange [0:1.02]");
    if (const auto cap = metric_cap(table, metric)) plot.extra_commands.push_back(cap_line(*cap, false));
    return plot;
}

PlotSpec growth_plot(const ResultsTable& table, const std::string& metric) {
    const auto groups = summarize(table, {"spec", "n"}, {metric});
    PlotSpec plot{"growth-" + metric, "Median " + metric + " by board size (open circle: median at a limit, a lower bound)",
                  "n", "median " + metric, false, false, true, {}, {}};
    const auto order = legend_order(table);
    // Medians of 0 (solved without search) cannot be shown on a log axis: then every value is
    // shifted by 1, and the label says so.
    bool zero = false;
    double lo = 0, hi = 0;
    for (const GroupSummary& g : groups) {
        zero = zero || g.metrics[0].median <= 0;
        lo = lo == 0 ? g.metrics[0].median : std::min(lo, g.metrics[0].median);
        hi = std::max(hi, g.metrics[0].median);
    }
    const double shift = zero ? 1.0 : 0.0;
    plot.logy = (hi + shift) / (lo + shift) > 100.0 || (zero && hi > 100.0);
    if (plot.logy && zero) plot.ylabel += " + 1";
    const double shift_used = plot.logy ? shift : 0.0;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::string& spec = order[k];
        // Sideways offset in n: ±0.15 at most, so overlapping series stay apart.
        const double dx = order.size() > 1 ? 0.3 * (static_cast<double>(k) / static_cast<double>(order.size() - 1) - 0.5) : 0;
        PlotSeries line{spec, {}, line_style(spec)};
        const SeriesLook look = look_of(spec);
        PlotSeries open{"", {}, fmt::format("points lc rgb '{}' pt 6 ps 2.2 lw 2", look.colour)};
        for (const GroupSummary& g : groups) {
            if (g.key[0] != spec || g.metrics[0].count == 0) continue;
            const auto n = parse_number(g.key[1]);
            if (!n) continue;
            (g.metrics[0].median_censored ? open : line).points.emplace_back(*n + dx, g.metrics[0].median + shift_used);
        }
        if (!line.points.empty()) plot.series.push_back(std::move(line));
        if (!open.points.empty()) plot.series.push_back(std::move(open));
    }
    PlotSeries key{"median at a limit (lower bound)", {}, "points lc rgb 'black' pt 6 ps 2.2 lw 2"};
    key.key_only = true;
    plot.series.push_back(std::move(key));
    if (!plot.logy) plot.extra_commands.push_back("set yrange [0:*]");
    plot.extra_commands.push_back("set xtics 1");  // board sizes are whole numbers
    plot.extra_commands.push_back("set offsets 0.4, 0.4, 0, 0");
    return plot;
}

std::string file_stem(const std::string& text) {
    std::string out = text;
    for (char& ch : out)
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '_';
    return out;
}

namespace {

// The diagonal over the range of all points, on both axes alike so that y = x is at 45°.
void add_diagonal(PlotSpec& plot, std::optional<double> cap) {
    double lo = 0, hi = 0;
    bool any = false;
    for (const PlotSeries& s : plot.series)
        for (const auto& [x, y] : s.points) {
            lo = any ? std::min({lo, x, y}) : std::min(x, y);
            hi = any ? std::max({hi, x, y}) : std::max(x, y);
            any = true;
        }
    if (!any) return;
    if (cap) hi = std::max(hi, *cap);
    const bool log = plot.logx;
    const double a = log ? lo / 1.5 : lo - 0.05 * (hi - lo), b = log ? hi * 1.5 : hi + 0.05 * (hi - lo) + 1e-9;
    plot.series.push_back({"y = x (below: y used less)", {{a, a}, {b, b}}, "lines dt 2 lw 1.5 lc rgb 'gray40'"});
    plot.extra_commands.push_back(fmt::format("set xrange [{}:{}]\nset yrange [{}:{}]\nset size ratio -1", exact_text(a),
                                              exact_text(b), exact_text(a), exact_text(b)));
    if (cap)
        plot.extra_commands.push_back(fmt::format(
            "set arrow from {0}, graph 0 to {0}, graph 1 nohead dt 3 lw 1.5 lc rgb 'gray30' front\n"
            "set arrow from graph 0, first {0} to graph 1, first {0} nohead dt 3 lw 1.5 lc rgb 'gray30' front\n"
            "set label 'limit' at first {0}, graph 0.03 left offset 0.5,0 tc rgb 'gray30'",
            exact_text(*cap)));
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
    const auto cap = metric_cap(table, metric);
    const std::optional<double> shown_cap = cap ? std::optional<double>(shifted_metric(metric, *cap)) : std::nullopt;
    for (const std::string& spec : legend_order(table)) {
        if (spec == baseline || spec == kVirtualBest) continue;
        const auto pairs = pair_instances(table, baseline, spec, metric);
        const SeriesLook look = look_of(spec);
        PlotSeries finished{"both medians finished", {}, fmt::format("points pt {} ps 0.9 lc rgb '{}'", look.point, look.colour)};
        PlotSeries limited{"a median at a limit (lower bound)", {}, fmt::format("points pt 6 ps 1.6 lw 1.5 lc rgb '{}'", look.colour)};
        for (const PairedInstance& p : pairs) (p.limited ? limited : finished).points.emplace_back(p.base, p.other);
        PlotSpec plot{"scatter-" + metric + "-" + file_stem(spec),
                      fmt::format("{} per instance ({} instances, median over repeats), y: {}\nx (baseline): {}", metric,
                                  pairs.size(), spec, baseline),
                      axis_label(unit, baseline), axis_label(unit, spec), false, false, false, {}, {}};
        for (PlotSeries* s : {&finished, &limited})
            if (!s->points.empty()) plot.series.push_back(std::move(*s));
        plot.logx = plot.logy = spans_decades(plot.series, true) || spans_decades(plot.series, false);
        add_diagonal(plot, shown_cap);
        plots.push_back(std::move(plot));
    }
    return plots;
}

}  // namespace futolab
