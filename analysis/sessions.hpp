// How much whole clusters of runs move a comparison (issue #41 §2, SPEC §5a). Every run of a
// worker session shares that session's processes (their address-space layout, their heap,
// their cold start) and the machine's state of that moment; two sessions of one binary can
// differ by several per cent although nothing changed (Mytkowicz et al., "Producing wrong data
// without doing anything obviously wrong!", ASPLOS 2009). An interval that resamples only
// instances treats those runs as independent and shrinks far below what a second sweep would
// show: 3e-29 for a change that was never made.
//
// The statistic compare reports, per (spec, mode), is L = the mean over the paired instances of
// log(NEW's median) − log(BASE's median). Its jackknife over clusters (Efron & Tibshirani 1993,
// ch. 11): L again with each cluster of BASE left out, then each of NEW; the variance is
// (S−1)/S Σ (L₋ₛ − L̄)² for each side, summed. It measures how much L rests on single clusters,
// through the same medians L uses (a cold first run of a session moves a mean of residuals,
// hardly a median), and compare adds it to the half-widths of its bootstrap interval at
// Student's t with min(S) − 1 degrees of freedom (widen_interval).
//
// The clusters are the worker sessions of one sweep, or, for a side made of several sweeps of
// one experiment (compare --replicates), the sweeps. compare uses this across separate sweeps
// only: measured on 20 pairs of sweeps under load (results/verdicts/REPORT.md), it predicted
// the sweep-to-sweep variation of the ratio (gac sd 0.040 for 0.034 seen, fc 0.018 for 0.017)
// where the instance bootstrap gave a fifth of it. Within one A/B sweep the builds share the
// sessions, and the instance bootstrap alone held the variation (this over-stated it 2-4x).
#pragma once

#include "analysis/results_table.hpp"

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace futolab {

// What a cluster is: a worker session of the sweep, or an input file (a replicate sweep).
enum class Cluster { session, sweep };

// One side's timed runs of one (spec, mode): per instance hash, (cluster, log time) of each.
struct ClusteredRuns {
    std::map<std::string, std::vector<std::pair<std::string, double>>> by_instance;
    std::vector<std::string> clusters;  // distinct, sorted; empty when the rows name none (older futolab)
};

// (spec, mode) → the clustered runs of `metric` (finished runs only; limits and failures out).
std::map<std::pair<std::string, std::string>, ClusteredRuns> clustered_runs(const ResultsTable& table,
                                                                          const std::string& metric, Cluster cluster);

// The jackknife variance over the clusters of both sides of L (see above); 0 when a side has
// fewer than two clusters.
double jackknife_variance(const ClusteredRuns& base, const ClusteredRuns& next);

// The median of `values` (the mean of the middle two if their number is even); non-empty.
double median_of(std::vector<double> values);

// The two-sided 95 % quantile of Student's t with `df` degrees of freedom (1.96 for large df).
double t_quantile_95(std::size_t df);

// The interval [low, high] around `ratio`, each half-width (in logs) combined with `quantile`
// times the standard deviation `extra_sd` of the log ratio that the clusters add.
std::pair<double, double> widen_interval(double ratio, double low, double high, double extra_sd, double quantile);

}  // namespace futolab
