#include "analysis/bootstrap.hpp"

#include "analysis/summary.hpp"

#include <algorithm>
#include <numeric>
#include <random>

namespace futolab {
namespace {

double mean_of(const std::vector<double>& v) {
    return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

// An index in [0, n) from 53 random bits. Not std::uniform_int_distribution: its algorithm
// differs between standard libraries, and the interval must be the same everywhere
// (std::mt19937_64's sequence is fixed by the standard).
std::size_t draw_index(std::mt19937_64& rng, std::size_t n) {
    const double unit = static_cast<double>(rng() >> 11) * 0x1p-53;  // in [0, 1)
    return std::min(n - 1, static_cast<std::size_t>(unit * static_cast<double>(n)));
}

}  // namespace

BootstrapCI bootstrap_mean(const std::vector<double>& values, const BootstrapOptions& options) {
    if (values.empty()) return {};
    std::mt19937_64 rng(options.seed);
    std::vector<double> means(options.resamples);
    std::vector<double> sample(values.size());
    for (double& m : means) {
        for (double& s : sample) s = values[draw_index(rng, values.size())];
        m = mean_of(sample);
    }
    std::sort(means.begin(), means.end());
    const double alpha = 1.0 - options.level;
    return {mean_of(values), percentile(means, alpha / 2), percentile(means, 1.0 - alpha / 2)};
}

}  // namespace futolab
