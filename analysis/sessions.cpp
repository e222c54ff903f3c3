#include "analysis/sessions.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <limits>
#include <cmath>
#include <vector>

namespace futolab {
namespace {

struct Timed {
    std::string instance, session;
    double log_value = 0;
};

double median_of(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The spread of one (spec, mode)'s runs.
SessionSpread spread_of(const std::vector<Timed>& runs) {
    std::map<std::string, std::vector<double>> by_instance;
    for (const Timed& t : runs) by_instance[t.instance].push_back(t.log_value);
    std::map<std::string, double> centre;
    for (auto& [instance, values] : by_instance) centre[instance] = median_of(values);
    std::map<std::string, std::vector<double>> residuals;  // by session
    for (const Timed& t : runs) residuals[t.session].push_back(t.log_value - centre[t.instance]);
    SessionSpread s;
    std::vector<double> offsets, noise;  // each session's mean, and the variance of that mean from its runs
    for (const auto& [session, r] : residuals) {
        double mean = 0;
        for (double x : r) mean += x;
        mean /= static_cast<double>(r.size());
        offsets.push_back(mean);
        if (r.size() < 2) continue;
        double ss = 0;
        for (double x : r) ss += (x - mean) * (x - mean);
        noise.push_back(ss / static_cast<double>(r.size() - 1) / static_cast<double>(r.size()));
    }
    s.sessions = offsets.size();
    if (offsets.size() < 2) return s;
    double mean = 0;
    for (double o : offsets) mean += o;
    mean /= static_cast<double>(offsets.size());
    double ss = 0;
    for (double o : offsets) ss += (o - mean) * (o - mean);
    double within = 0;
    for (double v : noise) within += v;
    if (!noise.empty()) within /= static_cast<double>(noise.size());
    s.between_variance = std::max(0.0, ss / static_cast<double>(offsets.size() - 1) - within);
    return s;
}

}  // namespace

std::map<std::pair<std::string, std::string>, SessionSpread> session_spreads(const ResultsTable& table,
                                                                            const std::string& metric, Cluster cluster) {
    std::map<std::pair<std::string, std::string>, std::vector<Timed>> runs;
    const bool has_mode = table.has_column("mode"), has_session = table.has_column("session");
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (!table.comparable(i) || table.censored(i)) continue;
        const std::optional<double> v = table.value(i, metric);
        if (!v) continue;
        const std::string session = cluster == Cluster::sweep ? std::to_string(table.source(i))
                                    : has_session           ? table.text(i, "session")
                                                            : "";
        runs[{table.text(i, "spec"), has_mode ? table.text(i, "mode") : ""}].push_back(
            {table.text(i, "instance_hash"), session, std::log(std::max(*v, 1e-9))});
    }
    std::map<std::pair<std::string, std::string>, SessionSpread> out;
    for (const auto& [key, list] : runs) {
        // Rows that name no session (older futolab) say nothing about it.
        const bool named = std::all_of(list.begin(), list.end(), [](const Timed& t) { return !t.session.empty(); });
        out[key] = named ? spread_of(list) : SessionSpread{};
    }
    return out;
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
