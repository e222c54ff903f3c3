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
