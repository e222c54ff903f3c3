// The looks app/ hands to analysis/ are the registry rows' own: a backend gets its look in
// every figure from its row alone, and sat and portfolio (once missing from a hard-coded list)
// are drawn in theirs.
#include "app/backend_looks.hpp"
#include "solvers/registry/registry.hpp"

#include <catch2/catch.hpp>

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
