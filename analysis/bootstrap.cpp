#include "analysis/bootstrap.hpp"

#include "analysis/summary.hpp"
#include "core/random.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace futolab {
namespace {

double mean_of(const std::vector<double>& v) {
    return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

// One side of an instance as the second stage resamples it.
//   - all repeats equal (a deterministic counter, or one repeat): nothing to draw;
//   - an odd count r ≤ kExactMedianMax: the resample's median is one of the values, the
//     (r+1)/2-th smallest of r draws, so one uniform draw through its distribution replaces r
//     draws and a sort: P(median ≤ v(j)) = P(at least (r+1)/2 of r draws are among the j
//     smallest) = Σ_{k ≥ (r+1)/2} C(r, k) (j/r)^k (1 − j/r)^(r−k). Same distribution;
//     `analyze --baseline gecode --metric wall_ms` of results/oracle/root-ab-check.csv (1230
//     instances × 5 repeats, two specs) took 6.5 s drawing repeats, 1.7 s so;
//   - otherwise (an even count averages two middle draws): draw the r repeats.
constexpr std::size_t kExactMedianMax = 25;  // C(25, 12) ≈ 5·10^6: exact in a double

struct Side {
    std::vector<double> sorted;
    std::vector<double> cdf;  // odd counts: P(median ≤ sorted[j]); empty: draw the repeats
    double median = 0;  // of the data
    bool fixed = false;
};

std::vector<double> median_cdf(std::size_t r) {
    std::vector<double> cdf;
    for (std::size_t j = 1; j <= r; ++j) {
        const double p = static_cast<double>(j) / static_cast<double>(r);
        double tail = 0, choose = 1;  // C(r, k), built up from C(r, 0)
        for (std::size_t k = 0; k <= r; ++k) {
            if (k > 0) choose = choose * static_cast<double>(r - k + 1) / static_cast<double>(k);
            if (2 * k >= r + 1)
                tail += choose * std::pow(p, static_cast<double>(k)) * std::pow(1 - p, static_cast<double>(r - k));
        }
        cdf.push_back(tail);
    }
    cdf.back() = 1;  // rounding: the largest value is always at or above the median
    return cdf;
}

Side side_of(std::vector<double> values) {
    Side s;
    std::sort(values.begin(), values.end());
    s.median = percentile(values, 0.5);
    s.fixed = values.front() == values.back();
    if (!s.fixed && values.size() % 2 == 1 && values.size() <= kExactMedianMax) s.cdf = median_cdf(values.size());
    s.sorted = std::move(values);
    return s;
}

// The median of one resample of the side.
double resampled_median(const Side& side, std::vector<double>& scratch, std::mt19937_64& rng) {
    if (side.fixed) return side.median;
    if (!side.cdf.empty()) {
        const double u = uniform01(rng);
        const auto at = std::upper_bound(side.cdf.begin(), side.cdf.end(), u) - side.cdf.begin();
        return side.sorted[std::min<std::size_t>(static_cast<std::size_t>(at), side.sorted.size() - 1)];
    }
    scratch.resize(side.sorted.size());
    for (double& x : scratch) x = side.sorted[scaled_index(rng, side.sorted.size())];
    std::sort(scratch.begin(), scratch.end());
    return percentile(scratch, 0.5);
}

BootstrapCI interval(double mean, std::vector<double>& statistics, double level) {
    std::sort(statistics.begin(), statistics.end());
    const double alpha = 1.0 - level;
    return {mean, percentile(statistics, alpha / 2), percentile(statistics, 1.0 - alpha / 2)};
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
    return interval(mean_of(values), means, options.level);
}

BootstrapCI bootstrap_log_ratio(const std::vector<RepeatedPair>& instances, const BootstrapOptions& options) {
    if (instances.empty()) return {};
    std::vector<std::pair<Side, Side>> sides;
    std::vector<double> logs;  // per instance on the data
    for (const RepeatedPair& p : instances) {
        sides.emplace_back(side_of(p.base), side_of(p.other));
        logs.push_back(std::log(sides.back().first.median / sides.back().second.median));
    }
    std::mt19937_64 rng(options.seed);
    std::vector<double> means(options.resamples), scratch;
    for (double& m : means) {
        double sum = 0;
        for (std::size_t k = 0; k < instances.size(); ++k) {
            const std::size_t i = scaled_index(rng, instances.size());
            const auto& [base, other] = sides[i];
            // Both sides fixed: the log ratio as on the data, to the last bit (no draw).
            if (base.fixed && other.fixed) {
                sum += logs[i];
                continue;
            }
            const double b = resampled_median(base, scratch, rng);
            sum += std::log(b / resampled_median(other, scratch, rng));
        }
        m = sum / static_cast<double>(instances.size());
    }
    return interval(mean_of(logs), means, options.level);
}

}  // namespace futolab
