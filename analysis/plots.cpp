#include "analysis/plots.hpp"

#include "analysis/metric_words.hpp"
#include "analysis/paired.hpp"
#include "analysis/palette.hpp"
#include "analysis/summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>

namespace futolab {
namespace {

// Lines drawn earlier are wider, so a later line on top of an earlier one (two specs with
// the same values) leaves the earlier one's edges visible.
std::string width(std::size_t k) { return fmt::format("lw {:.2f}", std::max(1.2, 2.4 - 0.2 * static_cast<double>(k))); }

// A line with the spec's point type every few points (about 12 per line): two specs with the
// same values (backtracking and bitmask count the same nodes) show both markers, as the
// interval differs by the series' place k, so markers rarely fall on the same point.
std::string marked_line(const SeriesLook& look, std::size_t k, std::size_t points) {
    return fmt::format("linespoints {} ps 1.5 pi {} {}", look_style(look), std::max<std::size_t>(1, points / 12) + k,
                       width(k));
}

std::string line_style(const SeriesLook& look, std::size_t k) {
    return "linespoints " + look_style(look) + " ps 1.3 " + width(k);
}

// A limited value: the spec's marker and colour, no line; the ring around it says "at a limit"
// (kLimitRing, a point type no spec has).
std::string limited_marker(const SeriesLook& look) { return fmt::format("points {} ps 1.3", look_style(look)); }
std::string limit_ring(const SeriesLook& look) {
    return fmt::format("points lc rgb '{}' pt {} ps 2.6 lw 1.5", look.colour, kLimitRing);
}
std::string limit_ring_key() { return fmt::format("points lc rgb 'black' pt {} ps 2.6 lw 1.5", kLimitRing); }

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

// A log axis for data spanning decades. Counts of 0 (solved without search) cannot be shown
// on one: then every value is shifted by 1 and the label says so. Returns the shift.
double log_axis(PlotSpec& plot, bool y_axis) {
    if (spans_decades(plot.series, y_axis)) {
        (y_axis ? plot.logy : plot.logx) = true;
        return 0;
    }
    std::vector<PlotSeries> shifted = plot.series;
    for (PlotSeries& s : shifted)
        for (auto& [x, y] : s.points) (y_axis ? y : x) += 1;
    if (!spans_decades(shifted, y_axis)) return 0;
    plot.series = std::move(shifted);
    (y_axis ? plot.logy : plot.logx) = true;
    (y_axis ? plot.ylabel : plot.xlabel) += " + 1";
    return 1;
}

}  // namespace

PlotSpec cactus_plot(const ResultsTable& table, const std::string& metric, const BackendLooks& looks) {
    const auto by_spec = finished_values(table, metric);
    PlotSpec plot{.name = "cactus-" + metric,
                  .title = "Cactus plot: runs finished within a budget of " + metric_words(metric, "per run") +
                           "; runs at a limit not counted",
                  .xlabel = "runs finished",
                  .ylabel = metric_words(metric, "per run"),
                  .logx = false,
                  .logy = false,
                  .lines = true};
    const auto order = legend_order(table);
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::string& spec = order[k];
        const auto it = by_spec.find(spec);
        if (it == by_spec.end()) continue;
        PlotSeries s{spec, {}, marked_line(look_of(spec, looks), k, it->second.size())};
        for (std::size_t r = 0; r < it->second.size(); ++r) s.points.emplace_back(static_cast<double>(r + 1), it->second[r]);
        plot.series.push_back(std::move(s));
    }
    const double shift = log_axis(plot, true);
    if (const auto cap = metric_cap(table, metric)) plot.extra_commands.push_back(cap_line(*cap + shift, true));
    return plot;
}

PlotSpec ecdf_plot(const ResultsTable& table, const std::string& metric, const BackendLooks& looks) {
    std::map<std::string, std::size_t> runs;
    const auto by_spec = finished_values(table, metric, &runs);
    PlotSpec plot{.name = "ecdf-" + metric,
                  .title = "Fraction of each spec's runs finished within a budget of " + metric_words(metric, "per run"),
                  .xlabel = "budget: " + metric_words(metric, "per run"),
                  .ylabel = "fraction of the spec's runs finished",
                  .logx = false,
                  .logy = false,
                  .lines = true};
    const auto order = legend_order(table);
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::string& spec = order[k];
        const auto it = by_spec.find(spec);
        if (it == by_spec.end()) continue;
        PlotSeries s{fmt::format("{} ({} of {})", spec, it->second.size(), runs[spec]), {},
                     marked_line(look_of(spec, looks), k, 2 * it->second.size())};
        // A step function drawn as a line through both corners of each step.
        const double total = static_cast<double>(runs[spec]);
        for (std::size_t r = 0; r < it->second.size(); ++r) {
            s.points.emplace_back(it->second[r], static_cast<double>(r) / total);
            s.points.emplace_back(it->second[r], static_cast<double>(r + 1) / total);
        }
        plot.series.push_back(std::move(s));
    }
    const double shift = log_axis(plot, false);
    plot.extra_commands.push_back("set yrange [0:1.02]");
    if (const auto cap = metric_cap(table, metric)) plot.extra_commands.push_back(cap_line(*cap + shift, false));
    return plot;
}

PlotSpec growth_plot(const ResultsTable& table, const std::string& metric, const BackendLooks& looks) {
    const auto groups = summarize(table, {"spec", "n"}, {metric});
    PlotSpec plot{.name = "growth-" + metric,
                  .title = "Median " + metric_words(metric, "per run") +
                           " by board size n (ringed: a median at a limit, a lower bound)",
                  .xlabel = metric_words("n"),
                  .ylabel = "median " + metric_words(metric, "per run"),
                  .logx = false,
                  .logy = false,
                  .lines = true};
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
        // Sideways offset in n: ±0.2 at most, so overlapping series stay apart.
        const double dx = order.size() > 1 ? 0.4 * (static_cast<double>(k) / static_cast<double>(order.size() - 1) - 0.5) : 0;
        const SeriesLook look = look_of(spec, looks);
        PlotSeries line{spec, {}, line_style(look, k)};
        // A median at a limit keeps the spec's own marker, unjoined, and gets a ring: no
        // marker stands for both a spec and "at a limit".
        PlotSeries limited{"", {}, limited_marker(look)};
        PlotSeries ring{"", {}, limit_ring(look)};
        for (const GroupSummary& g : groups) {
            if (g.key[0] != spec || g.metrics[0].count == 0) continue;
            const auto n = parse_number(g.key[1]);
            if (!n) continue;
            const std::pair<double, double> point{*n + dx, g.metrics[0].median + shift_used};
            if (!g.metrics[0].median_censored) {
                line.points.push_back(point);
                continue;
            }
            limited.points.push_back(point);
            ring.points.push_back(point);
        }
        for (PlotSeries* s : {&line, &limited, &ring})
            if (!s->points.empty()) plot.series.push_back(std::move(*s));
    }
    PlotSeries key{"ringed: median at a limit (lower bound)", {}, limit_ring_key()};
    key.key_only = true;
    plot.series.push_back(std::move(key));
    if (!plot.logy) plot.extra_commands.push_back("set yrange [0:*]");
    plot.extra_commands.push_back("set xtics 1");  // board sizes are whole numbers
    plot.extra_commands.push_back("set offsets 0.4, 0.4, 0, 0");
    return plot;
}

namespace {

// Both axes log over one range, the one both specs' points share (and the limit), so y = x is
// the 45° diagonal; the limits as dotted lines on both axes.
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
    const double a = lo / 1.5, b = hi * 1.5;
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

}  // namespace

PlotSpec scatter_figure(const ScatterText& text, const SeriesLook& look, const std::vector<PairedInstance>& pairs,
                        std::optional<double> cap) {
    PlotSeries finished{"both medians finished", {}, limited_marker(look)};
    PlotSeries limited{"", {}, limited_marker(look)};
    PlotSeries ring{"ringed: a median at a limit (lower bound)", {}, limit_ring(look)};
    for (const PairedInstance& p : pairs) {
        (p.limited ? limited : finished).points.emplace_back(p.base, p.other);
        if (p.limited) ring.points.emplace_back(p.base, p.other);
    }
    PlotSpec plot{.name = text.name,
                  .title = text.title,
                  .xlabel = text.xlabel,
                  .ylabel = text.ylabel,
                  .logx = true,
                  .logy = true,
                  .lines = false,
                  .subtitle = text.subtitle};
    for (PlotSeries* s : {&finished, &limited, &ring})
        if (!s->points.empty()) plot.series.push_back(std::move(*s));
    add_diagonal(plot, cap);
    return plot;
}

std::string capitalised(std::string text) {
    if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    return text;
}

std::string scatter_axis(const std::string& metric, const std::string& who) {
    constexpr std::size_t kMaxAxisSpec = 40;  // a long spec would be clipped on the vertical axis; the title has it
    const std::string what = metric_words(metric, "per instance") + (is_time_metric(metric) ? "" : " + 1");
    return who.size() <= kMaxAxisSpec ? who + ": " + what : what + " (named in the title)";
}

std::vector<PlotSpec> scatter_plots(const ResultsTable& table, const std::string& baseline, const std::string& metric,
                                    const BackendLooks& looks) {
    std::vector<PlotSpec> plots;
    const auto cap = metric_cap(table, metric);
    const std::optional<double> shown_cap = cap ? std::optional<double>(shifted_metric(metric, *cap)) : std::nullopt;
    for (const std::string& spec : legend_order(table)) {
        if (spec == baseline || spec == kVirtualBest) continue;
        const auto pairs = pair_instances(table, baseline, spec, metric);
        const ScatterText text{"scatter-" + metric + "-" + spec,
                               fmt::format("{}, median over repeats, {} instances",
                                           capitalised(metric_words(metric, "per instance")), pairs.size()),
                               fmt::format("{} (y) against the baseline {} (x)", spec, baseline),
                               scatter_axis(metric, baseline), scatter_axis(metric, spec)};
        plots.push_back(scatter_figure(text, look_of(spec, looks), pairs, shown_cap));
    }
    return plots;
}

}  // namespace futolab
