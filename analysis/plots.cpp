#include "analysis/plots.hpp"

#include "analysis/summary.hpp"

#include <algorithm>
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
        PlotSeries s{spec, {}};
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
    for (const GroupSummary& g : groups) {
        if (plot.series.empty() || plot.series.back().label != g.key[0]) plot.series.push_back({g.key[0], {}});
        plot.series.back().points.emplace_back(std::stod(g.key[1]), g.metrics[0].median);
    }
    plot.logy = spans_decades(plot.series, true);
    if (!plot.logy) plot.extra_commands.push_back("set yrange [0:*]");
    plot.extra_commands.push_back("set xtics 1");  // board sizes are whole numbers
    return plot;
}

}  // namespace futolab
