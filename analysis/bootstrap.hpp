// Percentile bootstrap confidence intervals (Efron & Tibshirani, "An Introduction to the
// Bootstrap", Chapman & Hall 1993, ch. 13): resample B times with replacement, compute the
// statistic of each resample, and report the alpha/2 and 1 − alpha/2 percentiles of those.
//
// bootstrap_mean resamples values: the mean of per-instance log ratios, so exp() of the
// interval is an interval of the geometric-mean speed-up.
//
// bootstrap_log_ratio is two-stage (hierarchical): instances, then repeats within each drawn
// instance. Per resample, n instances are drawn with replacement; for each, the baseline's
// repeats and the other spec's repeats are resampled with replacement (each side apart: the
// repeats of two specs are not paired) and the log of the ratio of their medians is taken;
// the statistic is the mean over the n instances. This is the multi-stage bootstrap of
// Davison & Hinkley ("Bootstrap Methods and their Application", Cambridge 1997, §3.8,
// resampling at both stages). Resampling instances alone (the cluster bootstrap) sees the
// repeats' noise only through each instance's one median; with few repeats and instances that
// happen to agree it can print a zero-width interval while the runs vary. Resampling both
// stages counts the repeats' variance once more: for a balanced design it overstates the
// variance of the mean by about σ²_within / (n·r) (Davison & Hinkley §3.8; Ren et al.,
// "Nonparametric bootstrapping for hierarchical data", J. Applied Statistics 37(9), 2010,
// found resampling with replacement only at the top level the least biased). The interval is
// the cautious one, never narrowed by repeats that happen to agree in their median.
// An instance whose repeats are all equal on both sides (a deterministic counter) draws no
// repeats: with every instance so, the random stream and so the interval are exactly those of
// bootstrap_mean over the instances' log ratios.
#pragma once

#include <cstdint>
#include <vector>

namespace futolab {

struct BootstrapCI {
    double mean = 0, low = 0, high = 0;
};

struct BootstrapOptions {
    std::size_t resamples = 10000;   // B
    std::uint64_t seed = 20260601;   // fixed, so the same input always prints the same interval
    double level = 0.95;
};

// Empty input gives all zeros; one value gives a zero-width interval.
BootstrapCI bootstrap_mean(const std::vector<double>& values, const BootstrapOptions& options = {});

// One instance of a paired comparison: the measured repeats of each side (positive values,
// shifted as paired.hpp says; neither empty).
struct RepeatedPair {
    std::vector<double> base, other;
};

// The two-stage interval of mean over instances of log(median(base) / median(other)).
// mean is that statistic on the data. Empty input gives all zeros.
BootstrapCI bootstrap_log_ratio(const std::vector<RepeatedPair>& instances, const BootstrapOptions& options = {});

}  // namespace futolab
