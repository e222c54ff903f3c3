#include "core/instance.hpp"
#include "critical/clue_universe.hpp"
#include "generators/latin/square.hpp"
#include "support.hpp"

#include "core/error.hpp"
#include "core/puzzle.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using namespace futolab::critical;

TEST_CASE("clue universe has n^2 numbers and 2n(n-1) relations oriented by L", "[critical]") {
    for (int n = 2; n <= 9; ++n) {
        const ClueUniverse u(n, test::test_square(n, 7 + n));
        REQUIRE(u.size() == n * n + 2 * n * (n - 1));
        const ClueCounts all = count_clues(u, u.full(ClueUse::both));
        CHECK(all.h == n * n);
        CHECK(all.k == 2 * n * (n - 1));
        CHECK(count_clues(u, u.full(ClueUse::numbers)).k == 0);
        CHECK(count_clues(u, u.full(ClueUse::relations)).h == 0);
        for (int i = 0; i < u.size(); ++i) {
            const Clue& c = u.clue(i);
            if (c.is_number) continue;
            CHECK(u.square()[c.cell] < u.square()[c.other]);
            const int dr = std::abs(c.cell / n - c.other / n), dc = std::abs(c.cell % n - c.other % n);
            CHECK(dr + dc == 1);
        }
    }
}

TEST_CASE("a clue set converts to a valid instance solved by L", "[critical]") {
    const ClueUniverse u(4, test::test_square(4, 1));
    const Instance in = u.to_instance(u.full(ClueUse::both), "x");
    CHECK(in.givens.size() == 16);
    CHECK(in.lt.size() == 24);
    REQUIRE(in.solution.size() == 4);
    const Puzzle p = Puzzle::compile(in);  // no cycle, every relation between neighbours
    CHECK(p.num_relations() == 24);
}

TEST_CASE("squares: cyclic, isotopes and parsing", "[critical]") {
    CHECK(is_latin_square(5, cyclic_square(5)));
    for (std::uint64_t s = 0; s < 20; ++s) CHECK(is_latin_square(6, test::test_square(6, s)));
    int n = 0;
    CHECK(parse_square("2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4", n) == std::vector<int>{2, 1, 4, 3, 4, 2, 3, 1, 3, 4, 1, 2, 1, 3, 2, 4});
    CHECK(n == 4);
    CHECK_THROWS_AS(parse_square("1 2/1 2", n), InputError);
    CHECK_THROWS_AS(parse_square("1 2 3/2 3", n), InputError);
}
