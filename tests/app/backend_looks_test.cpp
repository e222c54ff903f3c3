// The looks app/ hands to analysis/ are the registry rows' own: a backend gets its look in
// every figure from its row alone, and sat and portfolio (once missing from a hard-coded list)
// are drawn in theirs.
#include "app/backend_looks.hpp"
#include "solvers/registry/registry.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace futolab;

TEST_CASE("every registered backend is drawn in its row's look", "[palette]") {
    const BackendLooks looks = app::backend_looks();
    REQUIRE(looks.size() == backend_table().size());
    for (const BackendInfo& row : backend_table()) {
        INFO(row.name);
        const SeriesLook look = look_of(std::string(row.name), looks);
        CHECK(look.colour == row.look.colour);
        CHECK(look.point == row.look.point);
        CHECK(look.dash == 1);
    }
    CHECK(look_of("sat", looks).colour == backend_info("sat").look.colour);
    CHECK(look_of("portfolio", looks).point == backend_info("portfolio").look.point);
}

// An A/B sweep's series "SPEC @ BUILD": the spec's colour, and no two series of the sweep alike
// (spot check of round 31, J8: "fc @ b" drew in the colour and marker of "backtracking @ a").
TEST_CASE("an A/B sweep's series keep their spec's colour and never look alike", "[plots][looks]") {
    const std::vector<std::string> specs{"backtracking", "bitmask", "fc", "gac", "gecode", "sat", "fc:var=static"};
    for (const auto& [a, b] : std::vector<std::pair<std::string, std::string>>{
             {"a", "b"}, {"main", "new"}, {"old", "new"}, {"base", "new"}, {"release", "debug"}, {"before", "after"}, {"ref", "new"}}) {
        BackendLooks looks = app::backend_looks();  // with the sweep's builds, as a study hands them in
        looks.push_back({std::string(kBuildPrefix) + a, "", 0});
        looks.push_back({std::string(kBuildPrefix) + b, "", 0});
        std::set<std::tuple<std::string, int, int>> seen;
        for (const std::string& spec : specs)
            for (const std::string& build : {a, b}) {
                INFO(spec << " @ " << build);
                const SeriesLook look = look_of(spec + " @ " + build, looks);
                CHECK(look.colour == look_of(spec, looks).colour);
                CHECK(seen.insert({look.colour, look.point, look.dash}).second);
            }
    }
}
