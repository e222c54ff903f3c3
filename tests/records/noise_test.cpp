// The noise figure: median coefficient of variation of wall time across repeats, per spec.
#include "records/noise.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

using namespace futolab;

TEST_CASE("coefficient of variation: sample standard deviation over the mean", "[noise]") {
    CHECK(*coefficient_of_variation(std::vector<double>{5, 5, 5}) == 0);
    CHECK(*coefficient_of_variation(std::vector<double>{1, 3}) == Approx(std::sqrt(2.0) / 2));
    CHECK(*coefficient_of_variation(std::vector<double>{2, 4, 6}) == Approx(0.5));
    CHECK_FALSE(coefficient_of_variation(std::vector<double>{7}));
    CHECK_FALSE(coefficient_of_variation(std::vector<double>{}));
    CHECK_FALSE(coefficient_of_variation(std::vector<double>{0, 0}));
}

TEST_CASE("noise per spec is the median over its pairs", "[noise]") {
    const std::vector<RepeatGroup> groups{{"gac", {2, 4, 6}},  // 0.5
                                          {"gac", {5, 5, 5}},  // 0
                                          {"gac", {1, 3}},     // 0.707
                                          {"fc", {10, 10}},    // 0
                                          {"fc", {2, 4, 6}},   // 0.5
                                          {"fc", {9}},         // one repeat: no CV
                                          {"bt", {9}}};
    const auto figures = noise_by_spec(groups);
    REQUIRE(figures.size() == 2);
    CHECK(figures[0].spec == "fc");
    CHECK(figures[0].median_cv == Approx(0.25));  // even: the mean of the middle two
    CHECK(figures[0].pairs == 2);
    CHECK(figures[1].spec == "gac");
    CHECK(figures[1].median_cv == Approx(0.5));
    CHECK(figures[1].pairs == 3);
    CHECK(format_noise(figures) == "fc 25.0 % (2 pairs), gac 50.0 % (3 pairs)");
}
