// The standard plots of solver comparisons, built from a results table:
//  cactus  instances finished (x) within a time (y), one line per solver spec — the plot of
//          SAT/CP competitions: further right and lower is better;
//  growth  the median of a metric against n, one line per solver spec;
//  scatter one run pair per point, baseline (x) against another spec (y) on the same
//          instance, log–log, with the diagonal y = x: points below it are instances where
//          the other spec used less. One plot per other spec.
#pragma once

#include "analysis/gnuplot.hpp"
#include "analysis/results_table.hpp"

#include <string>
#include <vector>

namespace futolab {

PlotSpec cactus_plot(const ResultsTable& table, const std::string& metric);
PlotSpec growth_plot(const ResultsTable& table, const std::string& metric);
// One plot per spec other than the baseline (pairing as in paired.hpp; counts shifted by 1).
std::vector<PlotSpec> scatter_plots(const ResultsTable& table, const std::string& baseline, const std::string& metric);

// A spec as a file-name part: letters, digits, '-' and '_' kept, the rest become '_'.
std::string file_stem(const std::string& text);

}  // namespace futolab
