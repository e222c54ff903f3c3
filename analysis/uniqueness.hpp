// P(unique) against a sweep parameter: for one solver spec, the fraction of decided runs
// (unique, multiple, unsat; runs that hit a limit or failed are left out and counted) that
// found their instance uniquely solvable, per n and per value of the sweep column, with a
// 95 % Wilson score interval (Wilson, JASA 22, 1927: unlike the normal approximation it stays
// inside [0, 1] and is usable at p = 0 or 1 and small samples; Brown, Cai & DasGupta,
// Statistical Science 16, 2001, recommend it). The plot `uniqueness` draws one line per n
// with the intervals as error bars; with the column `param_relations` of a zero-given sweep
// it is the curve P(unique) against the fraction of relations kept (issue #15), whose value
// at 1 is P(U): a random Latin square determined by all its 2n(n − 1) relations.
#pragma once

#include "analysis/gnuplot.hpp"
#include "analysis/results_table.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace futolab {

struct Proportion {
    double p = 0, low = 0, high = 0;  // estimate and 95 % Wilson interval
};
Proportion wilson_interval(std::size_t successes, std::size_t trials);

struct UniquenessPoint {
    int n = 0;
    double x = 0;            // the sweep column's value
    std::size_t decided = 0, unique = 0, undecided = 0;  // undecided: censored or failed runs
    Proportion share;        // unique / decided
};

// The sweep column of the uniqueness plot: param_relations if the table has it, else
// givens_frac (binned like the phase plot).
std::string uniqueness_axis(const ResultsTable& table);

// Sorted by n, then x. Throws InputError if the table lacks n or status, or has no runs of spec.
std::vector<UniquenessPoint> uniqueness_points(const ResultsTable& table, const std::string& spec);

PlotSpec uniqueness_plot(const ResultsTable& table, const std::string& spec);

}  // namespace futolab
