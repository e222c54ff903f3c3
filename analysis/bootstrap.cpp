#include "analysis/bootstrap.hpp"

#include "analysis/summary.hpp"
#include "core/random.hpp"

#include <algorithm>
#include <numeric>

namespace futolab {
namespace {

double mean_of(const std::vector<double>& v) {
    return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

}  // namespace

BootstrapCI bootstrap_mean(const std::vector<double>& values, const BootstrapOptions& options) {
    if (values.empty()) return {};
    std::mt19937_64 rng(options.seed);
    std::vector<double> means(options.resamples);
    std::vector<double> sample(values.size());
    for (double& m : means) {
        for (double& s : sample) s = values[scaled_index(rng, values.size())];
        m = mean_of(sample);
    }
    std::sort(means.begin(), means.end());
    const double alpha = 1.0 - options.level;
    return {mean_of(values), percentile(means, alpha / 2), percentile(means, 1.0 - alpha / 2)};
}

}  // namespace futolab
