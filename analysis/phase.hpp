// The phase-transition plot: how cost and uniqueness change with the fraction of cells given.
// For one solver spec, runs are binned by givens_frac = h / n² to the nearest 0.05; per n and
// bin the plot shows the median of a metric (left axis, log) and the fraction of decided runs
// that found the instance unique (right axis): #unique / #(unique + multiple + unsat), runs
// that hit a limit left out of that fraction. Cost peaks near where the unique fraction
// rises, as in Latin square completion (Achlioptas, Gomes, Kautz & Selman, AAAI 2000).
#pragma once

#include "analysis/gnuplot.hpp"
#include "analysis/results_table.hpp"

#include <string>
#include <vector>

namespace futolab {

constexpr double kPhaseBin = 0.05;

// givens_frac rounded to the nearest multiple of kPhaseBin.
double phase_bin(double givens_frac);

struct PhasePoint {
    int n = 0;
    double frac = 0;       // the bin
    std::size_t runs = 0;  // all runs of the spec in the bin (the median's sample)
    double median = 0;     // of the metric, PAR1
    std::size_t decided = 0, unique = 0;
    double unique_fraction() const { return decided ? static_cast<double>(unique) / static_cast<double>(decided) : 0; }
};

// Sorted by n, then bin. Needs the columns n, h, status; throws InputError without them.
std::vector<PhasePoint> phase_points(const ResultsTable& table, const std::string& spec, const std::string& metric);

PlotSpec phase_plot(const ResultsTable& table, const std::string& spec, const std::string& metric);

}  // namespace futolab
