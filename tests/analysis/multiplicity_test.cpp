#include "analysis/multiplicity.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace futolab;

TEST_CASE("Holm: adjusted p-values of a fixed vector, by hand", "[holm]") {
    // Sorted: 0.005 (×4 = 0.02), 0.01 (×3 = 0.03), 0.03 (×2 = 0.06), 0.04 (×1 = 0.04, raised
    // to 0.06 by the max over the smaller ones). Returned in the order given.
    const std::vector<double> adjusted = holm_adjust({0.01, 0.04, 0.03, 0.005});
    REQUIRE(adjusted.size() == 4);
    CHECK(adjusted[0] == Approx(0.03));
    CHECK(adjusted[1] == Approx(0.06));
    CHECK(adjusted[2] == Approx(0.06));
    CHECK(adjusted[3] == Approx(0.02));
    // At α = 0.05 Holm rejects 0.005 and 0.01 and stops at 0.03 (> 0.05 / 2); Bonferroni
    // (×4) would reject 0.005 only.
}

TEST_CASE("Holm: capped at 1, one test unchanged, no test left out of m", "[holm]") {
    const std::vector<double> capped = holm_adjust({0.6, 0.7});
    CHECK(capped[0] == 1);  // 2 × 0.6
    CHECK(capped[1] == 1);  // max(1, 0.7)
    CHECK(holm_adjust({0.02}) == std::vector<double>{0.02});
    CHECK(holm_adjust({}).empty());
    // A row with nothing paired has no p: it stays NaN and m counts the two real tests.
    const std::vector<double> with_gap = holm_adjust({std::nan(""), 0.5, 0.2});
    CHECK(std::isnan(with_gap[0]));
    CHECK(with_gap[1] == Approx(0.5));
    CHECK(with_gap[2] == Approx(0.4));
    // Equal p-values get equal adjusted values.
    const std::vector<double> ties = holm_adjust({0.01, 0.01, 0.01});
    CHECK(ties[0] == Approx(0.03));
    CHECK(ties[1] == Approx(0.03));
    CHECK(ties[2] == Approx(0.03));
}
