#include "analysis/wilcoxon.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace futolab {
namespace {

struct Ranked {
    std::vector<double> ranks;  // midranks of |d|, in the order of the nonzero differences
    std::vector<bool> positive;
    double tie_term = 0;  // Σ(t³ − t) over groups of tied |d|
};

Ranked rank_nonzero(const std::vector<double>& differences) {
    std::vector<double> d;
    for (double x : differences)
        if (x != 0) d.push_back(x);
    std::vector<std::size_t> order(d.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return std::fabs(d[a]) < std::fabs(d[b]); });
    Ranked r{std::vector<double>(d.size()), std::vector<bool>(d.size()), 0};
    for (std::size_t i = 0; i < d.size(); ++i) r.positive[i] = d[i] > 0;
    for (std::size_t start = 0; start < order.size();) {
        std::size_t end = start;
        while (end < order.size() && std::fabs(d[order[end]]) == std::fabs(d[order[start]])) ++end;
        const double mid = (static_cast<double>(start + 1) + static_cast<double>(end)) / 2;  // ranks start..end-1, 1-based
        for (std::size_t k = start; k < end; ++k) r.ranks[order[k]] = mid;
        const double t = static_cast<double>(end - start);
        r.tie_term += t * t * t - t;
        start = end;
    }
    return r;
}

// P(W+ ≤ w) and P(W+ ≥ w) under H0, counted over the 2^m sign patterns. Ranks are doubled so
// midranks (k + ½) are whole; counts are doubles, exact up to 2^53 > 2^50.
double exact_two_sided(const std::vector<double>& ranks, double w_plus) {
    std::vector<long> doubled;
    long total = 0;
    for (double r : ranks) {
        doubled.push_back(std::lround(2 * r));
        total += doubled.back();
    }
    std::vector<double> count(static_cast<std::size_t>(total) + 1, 0.0);
    count[0] = 1;
    long reach = 0;
    for (long r : doubled) {
        for (long s = reach; s >= 0; --s) count[static_cast<std::size_t>(s + r)] += count[static_cast<std::size_t>(s)];
        reach += r;
    }
    const long w = std::lround(2 * w_plus);
    double below = 0, above = 0, all = 0;
    for (long s = 0; s <= total; ++s) {
        const double c = count[static_cast<std::size_t>(s)];
        all += c;
        if (s <= w) below += c;
        if (s >= w) above += c;
    }
    return std::min(1.0, 2 * std::min(below, above) / all);
}

double normal_two_sided(double m, double w_plus, double tie_term) {
    const double mean = m * (m + 1) / 4;
    const double var = m * (m + 1) * (2 * m + 1) / 24 - tie_term / 48;
    if (var <= 0) return 1;
    const double dev = std::max(0.0, std::fabs(w_plus - mean) - 0.5);  // continuity correction
    return std::min(1.0, std::erfc(dev / std::sqrt(var) / std::sqrt(2.0)));
}

}  // namespace

WilcoxonResult wilcoxon_signed_rank(const std::vector<double>& differences) {
    const Ranked r = rank_nonzero(differences);
    WilcoxonResult out;
    out.nonzero = r.ranks.size();
    for (std::size_t i = 0; i < r.ranks.size(); ++i)
        if (r.positive[i]) out.w_plus += r.ranks[i];
    if (out.nonzero == 0) return out;
    out.exact = out.nonzero <= kWilcoxonExactMax;
    out.p = out.exact ? exact_two_sided(r.ranks, out.w_plus)
                      : normal_two_sided(static_cast<double>(out.nonzero), out.w_plus, r.tie_term);
    return out;
}

}  // namespace futolab
