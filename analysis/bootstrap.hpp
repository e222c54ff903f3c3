// Percentile bootstrap confidence interval of a mean (Efron & Tibshirani, "An Introduction to
// the Bootstrap", Chapman & Hall 1993, ch. 13): resample the values with replacement B times,
// take the mean of each resample, and report the alpha/2 and 1 − alpha/2 percentiles of those
// means. Used on per-instance log ratios, so exp() of the interval is an interval of the
// geometric-mean speed-up.
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

}  // namespace futolab
