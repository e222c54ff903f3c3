// The noise figure of a run matrix: its repeats grouped by (instance, solver) (the figure
// itself: tests/records/noise_test.cpp).
#include "experiments/noise.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace futolab;

TEST_CASE("a matrix's repeats are grouped by (instance, solver), runs not made are left out", "[noise]") {
    RunMatrix m;
    m.specs = {"fc", "gac"};
    for (int i = 0; i < 2; ++i)
        for (int s = 0; s < 2; ++s)
            for (int r = 1; r <= 2; ++r) m.runs.push_back({m.runs.size(), i, s, r, 0, false});
    const std::vector<std::int64_t> walls{10, 30, 5, 5, 7, -1, 1, 3};
    const auto groups = repeat_groups(m, walls);
    REQUIRE(groups.size() == 4);
    CHECK(groups[0].spec == "fc");
    CHECK(groups[0].values == std::vector<double>{10, 30});
    CHECK(groups[1].spec == "gac");
    CHECK(groups[2].values == std::vector<double>{7});
    CHECK(groups[3].values == std::vector<double>{1, 3});
}
