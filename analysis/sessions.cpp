#include "analysis/sessions.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>

namespace futolab {
namespace {

// Per instance, the median log time of its runs outside cluster `left_out` ("": none); an
// instance whose runs are all in it has none.
std::map<std::string, double> medians_without(const ClusteredRuns& side, const std::string& left_out) {
    std::map<std::string, double> out;
    std::vector<double> values;
    for (const auto& [instance, runs] : side.by_instance) {
        values.clear();
        for (const auto& [cluster, v] : runs)
            if (left_out.empty() || cluster != left_out) values.push_back(v);
        if (!values.empty()) out[instance] = median_of(values);
    }
    return out;
}

// L: the mean over the instances both have of NEW's log median − BASE's.
std::optional<double> mean_log_ratio(const std::map<std::string, double>& base, const std::map<std::string, double>& next) {
    double sum = 0;
    std::size_t n = 0;
    for (const auto& [instance, b] : base)
        if (const auto it = next.find(instance); it != next.end()) {
            sum += it->second - b;
            ++n;
        }
    if (n == 0) return std::nullopt;
    return sum / static_cast<double>(n);
}

// (S−1)/S Σ (L₋ₛ − L̄)² over the clusters of `varied`, the other side whole.
double side_variance(const ClusteredRuns& varied, const std::map<std::string, double>& other, bool varied_is_base) {
    const std::size_t s = varied.clusters.size();
    if (s < 2) return 0;
    std::vector<double> estimates;
    for (const std::string& cluster : varied.clusters) {
        const std::map<std::string, double> without = medians_without(varied, cluster);
        const auto l = varied_is_base ? mean_log_ratio(without, other) : mean_log_ratio(other, without);
        if (l) estimates.push_back(*l);
    }
    if (estimates.size() < 2) return 0;
    double mean = 0;
    for (double e : estimates) mean += e;
    mean /= static_cast<double>(estimates.size());
    double ss = 0;
    for (double e : estimates) ss += (e - mean) * (e - mean);
    const double k = static_cast<double>(estimates.size());
    return (k - 1) / k * ss;
}

}  // namespace

double median_of(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::map<std::pair<std::string, std::string>, ClusteredRuns> clustered_runs(const ResultsTable& table,
                                                                          const std::string& metric, Cluster cluster) {
    std::map<std::pair<std::string, std::string>, ClusteredRuns> out;
    const bool has_mode = table.has_column("mode"), has_session = table.has_column("session");
    std::map<std::pair<std::string, std::string>, std::set<std::string>> clusters;
    std::set<std::pair<std::string, std::string>> unnamed;  // (spec, mode) with a row that names no session
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (!table.comparable(i) || table.censored(i)) continue;
        const std::optional<double> v = table.value(i, metric);
        if (!v) continue;
        const std::pair<std::string, std::string> key{table.text(i, "spec"), has_mode ? table.text(i, "mode") : ""};
        const std::string name = cluster == Cluster::sweep ? std::to_string(table.source(i))
                                 : has_session           ? table.text(i, "session")
                                                         : "";
        if (name.empty()) unnamed.insert(key);
        out[key].by_instance[table.text(i, "instance_hash")].emplace_back(name, std::log(std::max(*v, 1e-9)));
        clusters[key].insert(name);
    }
    for (auto& [key, runs] : out)
        if (!unnamed.count(key)) runs.clusters.assign(clusters[key].begin(), clusters[key].end());
    return out;
}

double jackknife_variance(const ClusteredRuns& base, const ClusteredRuns& next) {
    if (base.clusters.size() < 2 || next.clusters.size() < 2) return 0;
    const std::map<std::string, double> base_all = medians_without(base, ""), next_all = medians_without(next, "");
    return side_variance(base, next_all, true) + side_variance(next, base_all, false);
}

double t_quantile_95(std::size_t df) {
    if (df == 0) return std::numeric_limits<double>::infinity();
    return boost::math::quantile(boost::math::students_t(static_cast<double>(df)), 0.975);
}

std::pair<double, double> widen_interval(double ratio, double low, double high, double extra_sd, double quantile) {
    if (!(ratio > 0) || !(low > 0) || !(high > 0) || extra_sd <= 0) return {low, high};
    const double c = std::log(ratio), extra = quantile * extra_sd;
    const double below = c - std::log(low), above = std::log(high) - c;
    return {std::exp(c - std::sqrt(below * below + extra * extra)), std::exp(c + std::sqrt(above * above + extra * extra))};
}

}  // namespace futolab
