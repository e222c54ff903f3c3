// The few-relations enumeration (critical/zero_given/few_relations.*) against the exact zero-given
// minima: at n = 4 the minimum is 4 (exhaustive and exact modes), so no 3-relation puzzle is
// unique and some 4-relation puzzle is; its unique solution is then a square of min k = 4.
// At n = 5 (minimum 6) no 4-relation puzzle is unique, most certified by the square pool.
#include "critical/zero_given/few_relations.hpp"
#include "core/puzzle.hpp"
#include "solvers/run/oracle.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using namespace futolab::critical;

TEST_CASE("few relations: none unique below the exact minimum, some at it (n = 3, 4)", "[critical][exact]") {
    // n = 3: the zero-given minimum is 2 (the exact tables); n = 4: 4.
    for (auto [n, minimum] : {std::pair{3, 2}, std::pair{4, 4}}) {
        const FewRelationsCount below = few_relations(n, minimum - 1);
        REQUIRE(below.unique == 0);
        REQUIRE(below.puzzles + below.swap_skipped > 0);
        const FewRelationsCount at = few_relations(n, minimum);
        REQUIRE(at.unique > 0);
        REQUIRE(at.example);
        futolab::CountOracle oracle("fc");  // another backend confirms the example
        REQUIRE(oracle.count_to_two(futolab::Puzzle::compile(*at.example)).status == futolab::Status::unique);
    }
    // n = 5 (min k = 6) with the pool of random squares: most puzzles need no search.
    const FewRelationsCount five = few_relations(5, 4);
    REQUIRE(five.unique == 0);
    REQUIRE(five.pool > 0);
    REQUIRE(five.pool <= five.multiple);
    REQUIRE(five.multiple + five.cyclic + five.unsat == five.puzzles);
    REQUIRE_THROWS(few_relations(7, 3));
}

TEST_CASE("few relations: shards split the canonical sets and add up to the whole", "[critical][exact]") {
    const FewRelationsCount whole = few_relations(4, 4);
    FewRelationsCount sum;
    for (std::size_t s = 0; s < 3; ++s) {
        const FewRelationsCount part = few_relations(4, 4, s, 3);
        sum.pair_sets += part.pair_sets;
        sum.puzzles += part.puzzles;
        sum.unique += part.unique;
    }
    CHECK(sum.pair_sets == whole.pair_sets);
    CHECK(sum.puzzles == whole.puzzles);
    CHECK(sum.unique == whole.unique);
    CHECK(whole.unique > 0);  // n = 4 has zero-given unique puzzles with 4 relations
    CHECK_THROWS(few_relations(4, 4, 3, 3));
}
