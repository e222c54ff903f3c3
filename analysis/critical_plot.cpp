#include "analysis/critical_plot.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

#include <map>
#include <random>

namespace futolab {
namespace {

constexpr double kJitter = 0.2;  // less than half the unit grid: a point stays nearest its (h, k)

// Uniform in [−kJitter, kJitter) from 53 random bits: std::uniform_real_distribution's
// algorithm is implementation-defined, and the picture should be the same everywhere.
double jitter(std::mt19937_64& rng) { return (static_cast<double>(rng() >> 11) * 0x1p-53 * 2.0 - 1.0) * kJitter; }

// Points (h, k) of the critical rows, per n.
std::map<int, std::vector<std::pair<double, double>>> critical_sets(const ResultsTable& table) {
    for (const char* c : {"mode", "n", "h", "k"})
        if (!table.has_column(c)) throw InputError(fmt::format("--plot critical needs the column '{}'", c));
    std::map<int, std::vector<std::pair<double, double>>> sets;
    for (std::size_t i = 0; i < table.size(); ++i)
        if (table.text(i, "mode") == "critical")
            sets[static_cast<int>(table.number(i, "n"))].emplace_back(table.number(i, "h"), table.number(i, "k"));
    if (sets.empty()) throw InputError("--plot critical: no rows with mode 'critical' in the results");
    return sets;
}

// 2h + 3k = 2(n − 1) from k's axis (h = 0) to h's axis (k = 0).
PlotSeries bound_line(int n, int colour) {
    const double rhs = 2.0 * (n - 1);
    return {fmt::format("2h+3k=2(n-1), n={}", n), {{0.0, rhs / 3.0}, {rhs / 2.0, 0.0}},
            fmt::format("lines lt {} dt 2 lw 2", colour)};
}

}  // namespace

PlotSpec critical_plot(const ResultsTable& table) {
    PlotSpec plot;
    plot.name = "critical";
    plot.title = "Critical sets: givens h against relations k (points jittered by up to 0.2)";
    plot.xlabel = "h (givens in the set)";
    plot.ylabel = "k (relations in the set)";
    plot.lines = false;
    std::mt19937_64 rng(20260601);  // fixed: the same CSV gives the same picture
    int colour = 1;
    for (const auto& [n, points] : critical_sets(table)) {
        PlotSeries s{fmt::format("n={} ({} sets)", n, points.size()), {}, fmt::format("points lt {} pt 7 ps 0.6", colour)};
        for (const auto& [h, k] : points) s.points.emplace_back(h + jitter(rng), k + jitter(rng));
        plot.series.push_back(std::move(s));
        plot.series.push_back(bound_line(n, colour));
        ++colour;
    }
    plot.extra_commands = {"set xrange [-0.5:*]", "set yrange [-0.5:*]"};
    return plot;
}

}  // namespace futolab
