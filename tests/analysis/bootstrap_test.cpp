#include "analysis/bootstrap.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace futolab;

TEST_CASE("a constant sample has a zero-width interval at its value", "[bootstrap]") {
    const std::vector<double> logs(20, std::log(2.0));
    const BootstrapCI ci = bootstrap_mean(logs);
    CHECK(std::exp(ci.mean) == Approx(2.0));
    CHECK(std::exp(ci.low) == Approx(2.0));
    CHECK(std::exp(ci.high) == Approx(2.0));
}

TEST_CASE("the interval is reproducible and contains the mean", "[bootstrap]") {
    std::vector<double> v;
    for (int i = 0; i < 50; ++i) v.push_back(std::sin(i * 1.7) + 0.3);  // deterministic, spread out
    const BootstrapCI a = bootstrap_mean(v), b = bootstrap_mean(v);
    CHECK(a.low == b.low);
    CHECK(a.high == b.high);
    CHECK(a.low < a.mean);
    CHECK(a.mean < a.high);
    // Close to the normal-theory interval mean ± 1.96 s / sqrt(n) for a sample this size.
    double ss = 0;
    for (double x : v) ss += (x - a.mean) * (x - a.mean);
    const double se = std::sqrt(ss / (v.size() - 1) / v.size());
    CHECK(a.high - a.low == Approx(2 * 1.96 * se).epsilon(0.15));
    BootstrapOptions other;
    other.seed = 7;
    CHECK(bootstrap_mean(v, other).low != a.low);
}

TEST_CASE("empty and single samples", "[bootstrap]") {
    CHECK(bootstrap_mean({}).mean == 0);
    const BootstrapCI one = bootstrap_mean({1.5});
    CHECK(one.low == 1.5);
    CHECK(one.high == 1.5);
}

TEST_CASE("two-stage: repeats alike on both sides give exactly the instance bootstrap", "[bootstrap]") {
    // Deterministic counters: every repeat of an instance equal. No repeat is drawn, so the
    // random stream and the interval are those of bootstrap_mean over the log ratios.
    std::vector<RepeatedPair> pairs;
    std::vector<double> logs;
    for (int i = 0; i < 12; ++i) {
        const double base = 10 + 3 * i, other = 4 + (i % 5);
        pairs.push_back({{base, base, base}, {other, other}});
        logs.push_back(std::log(base / other));
    }
    const BootstrapCI two = bootstrap_log_ratio(pairs), one = bootstrap_mean(logs);
    CHECK(two.mean == one.mean);
    CHECK(two.low == one.low);
    CHECK(two.high == one.high);
    CHECK(bootstrap_log_ratio({}).mean == 0);
}

TEST_CASE("two-stage: repeats that vary widen the interval the instance bootstrap gives", "[bootstrap]") {
    // Five instances with the same structure: the baseline's repeats 10, 20, 40 (median 20),
    // the other spec's 10, 10, 10. Every instance's median ratio is exactly 2, so resampling
    // instances alone gives [2, 2]; the repeats' spread is invisible to it.
    const std::vector<RepeatedPair> pairs(5, RepeatedPair{{10, 20, 40}, {10, 10, 10}});
    const std::vector<double> logs(5, std::log(2.0));
    const BootstrapCI instances_only = bootstrap_mean(logs);
    CHECK(std::exp(instances_only.low) == Approx(2.0));
    CHECK(std::exp(instances_only.high) == Approx(2.0));
    const BootstrapCI two = bootstrap_log_ratio(pairs);
    CHECK(std::exp(two.mean) == Approx(2.0));  // the statistic on the data is unchanged
    // A resampled median of {10, 20, 40} is 10 with probability 7/27, 40 with 7/27, else 20:
    // the mean of five log ratios then spreads over [log 1, log 4]. With 5 draws, the 2.5 %
    // and 97.5 % points lie strictly inside and well away from 2.
    CHECK(std::exp(two.low) < 1.6);
    CHECK(std::exp(two.low) > 1.0);
    CHECK(std::exp(two.high) > 2.5);
    CHECK(std::exp(two.high) < 4.0);
    // Reproducible: a fixed seed.
    const BootstrapCI again = bootstrap_log_ratio(pairs);
    CHECK(again.low == two.low);
    CHECK(again.high == two.high);
}

TEST_CASE("two-stage: an odd count draws its median from the exact distribution", "[bootstrap]") {
    // One instance, 10, 20, 40 against 10: the median of three draws is 10 with probability
    // 7/27, 40 with 7/27, else 20; both tails hold far more than 2.5 %, so the interval is
    // the whole support [1, 4], and the statistic on the data is 2.
    const BootstrapCI one = bootstrap_log_ratio({{{40, 10, 20}, {10}}});
    CHECK(std::exp(one.mean) == Approx(2.0));
    CHECK(std::exp(one.low) == Approx(1.0));
    CHECK(std::exp(one.high) == Approx(4.0));
}

TEST_CASE("two-stage: the median of each side's repeats, side by side, not paired", "[bootstrap]") {
    // One instance: the statistic is log(median(base) / median(other)) with medians of type 7
    // (an even count averages the middle two): (3 + 5) / 2 = 4 over 2.
    const BootstrapCI one = bootstrap_log_ratio({{{1, 3, 5, 9}, {2}}});
    CHECK(std::exp(one.mean) == Approx(2.0));
    // Its interval spans what medians of four draws from {1, 3, 5, 9} can be, over 2.
    CHECK(std::exp(one.low) >= 0.5);
    CHECK(std::exp(one.high) <= 4.5);
    CHECK(one.low < one.mean);
    CHECK(one.mean < one.high);
}
