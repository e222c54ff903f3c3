// The phase-transition plot: how cost and uniqueness change with the fraction of cells given.
// For one solver spec, runs are binned by givens_frac = h / n² to the nearest 0.05. One
// column of panels per relations level (the `param_relations` column where present, else
// k = 0 against k > 0), and in each column, per n:
//   top     the median of a metric per bin (log axis) with its interquartile band (25th to
//           75th percentile); a median that is only a lower bound (runs at the node cap) is
//           an open circle;
//   middle  the fraction of decided runs that found the instance unique,
//           #unique / #(unique + multiple + unsat), runs that hit a limit left out;
//   bottom  the number of runs in the bin, the sample behind each median.
// Cost peaks near where the unique fraction rises, as in Latin square completion
// (Achlioptas, Gomes, Kautz & Selman, AAAI 2000).
#pragma once

#include "analysis/gnuplot.hpp"
#include "analysis/results_table.hpp"

#include <string>
#include <vector>

namespace futolab {

constexpr double kPhaseBin = 0.05;

// givens_frac rounded to the nearest multiple of kPhaseBin.
double phase_bin(double givens_frac);

// The relations level of a row: "relations p=0.1" from param_relations, else "k = 0" / "k > 0".
std::string relations_level(const ResultsTable& table, std::size_t row);

struct PhasePoint {
    std::string level;     // relations level
    int n = 0;
    double frac = 0;       // the bin
    std::size_t runs = 0;  // runs of the spec in the bin with a value (the median's sample)
    double median = 0, q1 = 0, q3 = 0;  // of the metric, PAR1
    bool median_censored = false;
    std::size_t decided = 0, unique = 0;
    double unique_fraction() const { return decided ? static_cast<double>(unique) / static_cast<double>(decided) : 0; }
};

// Sorted by level, n, then bin. Needs the columns n, h, k, status; throws InputError without them.
std::vector<PhasePoint> phase_points(const ResultsTable& table, const std::string& spec, const std::string& metric);

PlotSpec phase_plot(const ResultsTable& table, const std::string& spec, const std::string& metric);

}  // namespace futolab
