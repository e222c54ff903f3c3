// The Wilcoxon signed-rank test against published values and against brute force.
#include "analysis/wilcoxon.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace futolab;

namespace {

// Independent oracle: enumerate every sign pattern of the ranks (ranks recomputed here by
// counting, not by sorting) and count those as extreme as the observed W+.
double brute_force_p(const std::vector<double>& d) {
    std::vector<double> nz;
    for (double x : d)
        if (x != 0) nz.push_back(x);
    std::vector<double> rank(nz.size());
    for (std::size_t i = 0; i < nz.size(); ++i) {
        double less = 0, equal = 0;
        for (double y : nz) {
            less += std::fabs(y) < std::fabs(nz[i]);
            equal += std::fabs(y) == std::fabs(nz[i]);
        }
        rank[i] = less + (equal + 1) / 2;
    }
    double w = 0;
    for (std::size_t i = 0; i < nz.size(); ++i) w += nz[i] > 0 ? rank[i] : 0;
    double below = 0, above = 0;
    const std::size_t patterns = std::size_t{1} << nz.size();
    for (std::size_t mask = 0; mask < patterns; ++mask) {
        double s = 0;
        for (std::size_t i = 0; i < nz.size(); ++i) s += (mask >> i & 1) ? rank[i] : 0;
        below += s <= w + 1e-9;
        above += s >= w - 1e-9;
    }
    return std::min(1.0, 2 * std::min(below, above) / static_cast<double>(patterns));
}

}  // namespace

TEST_CASE("Wilcoxon: Darwin's maize data as in SciPy's documentation", "[wilcoxon]") {
    // scipy.stats.wilcoxon(d) on these 15 differences: statistic 24, p = 0.041259765625 (exact).
    const std::vector<double> d{6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75};
    const WilcoxonResult r = wilcoxon_signed_rank(d);
    CHECK(r.exact);
    CHECK(r.nonzero == 15);
    CHECK(r.w_plus == 120 - 24);
    CHECK(r.p == Approx(0.041259765625).epsilon(1e-12));
}

TEST_CASE("Wilcoxon: all of five positive gives 2/32", "[wilcoxon]") {
    CHECK(wilcoxon_signed_rank({1, 2, 3, 4, 5}).p == Approx(0.0625));
    CHECK(wilcoxon_signed_rank({0, 0, 0}).p == 1);  // no nonzero difference
    CHECK(wilcoxon_signed_rank({0, 0, 0}).nonzero == 0);
}

TEST_CASE("Wilcoxon exact with ties and zeros equals brute-force enumeration", "[wilcoxon]") {
    for (const auto& d : std::vector<std::vector<double>>{{1, 1, -1, 2, 2, -3, 0, 4},
                                                          {0.5, -0.5, 0.5, 1.5, -2, 2, 2, 0, 0, 3, -3, 1},
                                                          {-1, -2, -2, -3, 4, -5, -5, -5, 6}}) {
        const WilcoxonResult r = wilcoxon_signed_rank(d);
        CHECK(r.exact);
        CHECK(r.p == Approx(brute_force_p(d)).epsilon(1e-12));
    }
}

TEST_CASE("Wilcoxon: normal approximation with tie correction above 50", "[wilcoxon]") {
    // 60 differences: ranks 1..30 each twice (|d| = 1..30, each once positive, once negative)
    // plus an excess: d = k for k = 1..30, d = -k for k = 1..20, and d = k for k = 21..30.
    std::vector<double> d;
    for (int k = 1; k <= 30; ++k) d.push_back(k);
    for (int k = 1; k <= 30; ++k) d.push_back(k <= 20 ? -k : k);
    const WilcoxonResult r = wilcoxon_signed_rank(d);
    CHECK_FALSE(r.exact);
    // Midranks: |d| = k occupies ranks 2k-1, 2k → 2k - 0.5 each. W+ = Σ_{k≤30}(2k-½) + Σ_{21..30}(2k-½).
    double w = 0;
    for (int k = 1; k <= 30; ++k) w += 2 * k - 0.5;
    for (int k = 21; k <= 30; ++k) w += 2 * k - 0.5;
    CHECK(r.w_plus == Approx(w));
    const double m = 60, var = m * (m + 1) * (2 * m + 1) / 24 - 30 * (8 - 2) / 48.0;
    const double z = (std::fabs(w - m * (m + 1) / 4) - 0.5) / std::sqrt(var);
    CHECK(r.p == Approx(std::erfc(z / std::sqrt(2.0))).epsilon(1e-12));
    CHECK(r.p < 0.01);
}
