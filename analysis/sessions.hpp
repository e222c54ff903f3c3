// How much whole worker sessions of one side differ from one another (issue #41 §2, SPEC §5a).
// Every run of a session shares that session's worker processes (their address-space layout,
// their heap) and the machine's state of that moment; two sessions of one binary can differ
// by several per cent although nothing changed (Mytkowicz et al., "Producing wrong data
// without doing anything obviously wrong!", ASPLOS 2009). An interval that resamples only
// instances treats those runs as independent and shrinks far below what a second sweep
// would show: 3e-29 for a change that was never made.
//
// Per (spec, mode) of one side: each timed run's log time minus the log median of its
// instance on that side is its residual; a cluster's offset is the mean residual of its runs;
// the between-cluster variance is the sample variance of the offsets over the S clusters, less
// what the runs' own noise puts into a mean of n runs (never below 0). The geometric mean over
// instances then varies by about that variance / S from the clusters alone: compare adds it,
// for both sides, to the half-widths of its bootstrap interval (widen_interval, with Student's
// t for the few clusters it rests on).
//
// The clusters are the worker sessions of one sweep, or, for a side made of several sweeps of
// one experiment (compare --replicates), the sweeps: two sweeps of one build differ by more
// than two sessions of one sweep do (their futolab processes, the machine's state then:
// measured in results/verdicts/REPORT.md), so across sweeps only replicate sweeps measure it.
#pragma once

#include "analysis/results_table.hpp"

#include <cstddef>
#include <map>
#include <string>
#include <utility>

namespace futolab {

struct SessionSpread {
    std::size_t sessions = 0;  // sessions with timed runs (0: the rows name none: older futolab)
    double between_variance = 0;  // of one session's offset (log time squared)
    double mean_variance() const { return sessions > 0 ? between_variance / static_cast<double>(sessions) : 0; }
};

// What a cluster is: a worker session of the sweep, or an input file (a replicate sweep).
enum class Cluster { session, sweep };

// (spec, mode) → the spread of `metric` over the table's clusters.
std::map<std::pair<std::string, std::string>, SessionSpread> session_spreads(const ResultsTable& table,
                                                                            const std::string& metric,
                                                                            Cluster cluster = Cluster::session);

// The two-sided 95 % quantile of Student's t with `df` degrees of freedom (1.96 for large df).
double t_quantile_95(std::size_t df);

// The interval [low, high] around `ratio`, each half-width (in logs) combined with `quantile`
// times the standard deviation `extra_sd` of the log ratio that the clusters add.
std::pair<double, double> widen_interval(double ratio, double low, double high, double extra_sd, double quantile);

}  // namespace futolab
