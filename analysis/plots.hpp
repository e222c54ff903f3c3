// The standard plots of solver comparisons, built from a results table:
//  cactus  instances finished (x) within a time (y), one line per solver spec — the plot of
//          SAT/CP competitions: further right and lower is better;
//  growth  the median of a metric against n, one line per solver spec.
#pragma once

#include "analysis/gnuplot.hpp"
#include "analysis/results_table.hpp"

#include <string>

namespace futolab {

PlotSpec cactus_plot(const ResultsTable& table, const std::string& metric);
PlotSpec growth_plot(const ResultsTable& table, const std::string& metric);

}  // namespace futolab
