#include "critical/greedy/greedy.hpp"
#include "critical/greedy/local_search.hpp"
#include "critical/oracle/oracle.hpp"
#include "critical/oracle/witness.hpp"
#include "../support.hpp"

#include <catch2/catch.hpp>

#include <optional>
#include <random>

using namespace futolab;
using namespace futolab::critical;

namespace {

// Every clue index of the universe, in random order: a greedy pass's questions.
std::vector<int> shuffled_clues(const ClueUniverse& u, std::mt19937_64& rng) {
    std::vector<int> order(static_cast<std::size_t>(u.size()));
    for (int i = 0; i < u.size(); ++i) order[static_cast<std::size_t>(i)] = i;
    std::shuffle(order.begin(), order.end(), rng);
    return order;
}

}  // namespace

// The greedy question "can clue i go from a set that determines L?" is answered by gac as a
// search for a solution breaking i; Gecode's count to 2 of the set without i must agree.
TEST_CASE("gac's breaking search agrees with gecode's count to 2 on every removal", "[critical][oracle]") {
    std::mt19937_64 rng(11);
    int removable = 0, kept = 0, relations_kept = 0, numbers_kept = 0;
    for (int n = 3; n <= 7; ++n)
        for (int s = 1; s <= 4; ++s) {
            const ClueUniverse u(n, test::test_square(n, static_cast<unsigned>(s)));
            UniquenessOracle breaking(kSearchOracle), counting("gecode");
            ClueSet set = u.full(ClueUse::both);
            const std::vector<int> order = shuffled_clues(u, rng);
            for (const int i : order) {  // a greedy pass, each answer checked against Gecode
                set[static_cast<std::size_t>(i)] = 0;
                const bool can_go = breaking.removable(u, set, i);
                REQUIRE(can_go == counting.unique(u, set));
                if (can_go) {
                    ++removable;
                    continue;
                }
                set[static_cast<std::size_t>(i)] = 1;
                ++kept;
                ++(u.clue(i).is_number ? numbers_kept : relations_kept);
                CHECK(is_witness(u, set, i, breaking.other_solution()));
            }
        }
    CHECK(removable > 100);
    CHECK(numbers_kept > 20);
    CHECK(relations_kept > 20);
}

// A question the breaking search leaves open within its node budget goes to the incremental
// SAT kernel (issue #28): with a budget of one node most non-trivial questions escalate, and
// every answer must still be Gecode's, every kept clue shown by a checked witness.
TEST_CASE("questions over the node budget go to the hard-question kernel and agree with gecode", "[critical][oracle]") {
    std::mt19937_64 rng(12);
    std::uint64_t hard = 0;
    int kept = 0;
    for (int n = 4; n <= 7; ++n)
        for (int s = 1; s <= 3; ++s) {
            const ClueUniverse u(n, test::test_square(n, static_cast<unsigned>(s)));
            UniquenessOracle budgeted(kSearchOracle, 1), counting("gecode");
            ClueSet set = u.full(ClueUse::both);
            const std::vector<int> order = shuffled_clues(u, rng);
            for (const int i : order) {
                set[static_cast<std::size_t>(i)] = 0;
                const bool can_go = budgeted.removable(u, set, i);
                REQUIRE(can_go == counting.unique(u, set));
                if (can_go) continue;
                set[static_cast<std::size_t>(i)] = 1;
                ++kept;
                CHECK(is_witness(u, set, i, budgeted.other_solution()));
            }
            hard += budgeted.hard_questions();
            CHECK(budgeted.hard_questions() <= budgeted.checks());
        }
    CHECK(hard > 50);
    CHECK(kept > 100);
}

// The oracle's pass (settle … end_pass): inside it the hard-question kernel holds the settled
// clues for good, so a kernel built mid-pass must get them too, and after end_pass a set
// without them (the next pass may remove them) must be answered as gecode answers it.
TEST_CASE("settled clues hold for one pass of the hard-question kernel only", "[critical][oracle]") {
    std::mt19937_64 rng(14);
    int asked = 0;
    for (int n = 5; n <= 7; ++n)
        for (int s = 1; s <= 2; ++s) {
            const ClueUniverse u(n, test::test_square(n, static_cast<unsigned>(s)));
            UniquenessOracle oracle(kSearchOracle), counting("gecode");
            for (int pass = 0; pass < 2; ++pass) {
                ClueSet set = u.full(ClueUse::both);
                for (const int i : shuffled_clues(u, rng)) {
                    set[static_cast<std::size_t>(i)] = 0;
                    const bool can_go = *oracle.removable_by_kernel(u, set, i, 0);
                    REQUIRE(can_go == counting.unique(u, set));
                    ++asked;
                    if (can_go) continue;
                    set[static_cast<std::size_t>(i)] = 1;
                    oracle.settle(u, i);
                }
                oracle.end_pass();
            }
        }
    CHECK(asked > 500);
}

TEST_CASE("a count-to-2 oracle keeps the second solution as a witness", "[critical][oracle]") {
    const ClueUniverse u(5, test::test_square(5, 2));
    UniquenessOracle oracle("gac");  // plain count to 2 through unique()
    ClueSet set = u.full(ClueUse::both);
    Witnesses witnesses(static_cast<std::size_t>(u.size()));
    std::vector<int> order(static_cast<std::size_t>(u.size()));
    for (int i = 0; i < u.size(); ++i) order[static_cast<std::size_t>(i)] = i;
    greedy_remove(u, set, order, oracle, &witnesses);
    for (int i = 0; i < u.size(); ++i)
        if (set[static_cast<std::size_t>(i)]) CHECK(is_witness(u, set, i, witnesses[static_cast<std::size_t>(i)]));
    ClueSet without = set;
    for (int i = 0; i < u.size(); ++i)
        if (set[static_cast<std::size_t>(i)]) {
            without[static_cast<std::size_t>(i)] = 0;
            CHECK_FALSE(oracle.unique(u, without));
            CHECK(is_witness(u, set, i, oracle.other_solution()));
            without[static_cast<std::size_t>(i)] = 1;
        }
}

// The easy-first pass (greedy.hpp) asks each question within a small node budget first: where
// removable_within decides, it must say what the full question says; where it cannot, it says
// so (never a guess). A count-to-2 oracle has no budget to run out of.
TEST_CASE("a budgeted question agrees with the full one wherever it decides", "[critical][oracle]") {
    std::mt19937_64 rng(13);
    int decided = 0, undecided = 0;
    for (int n = 6; n <= 9; ++n)
        for (int s = 1; s <= 2; ++s) {
            const ClueUniverse u(n, test::test_square(n, static_cast<unsigned>(s)));
            UniquenessOracle budgeted(kSearchOracle), full(kSearchOracle), counting("gecode");
            ClueSet set = u.full(ClueUse::both);
            const std::vector<int> order = shuffled_clues(u, rng);
            for (const int i : order) {
                set[static_cast<std::size_t>(i)] = 0;
                const bool can_go = full.removable(u, set, i);
                const std::optional<bool> quick = budgeted.removable_within(u, set, i, 1);
                const std::optional<bool> counted = counting.removable_within(u, set, i, 1);
                REQUIRE(counted);
                CHECK(*counted == can_go);
                if (quick) {
                    ++decided;
                    REQUIRE(*quick == can_go);
                    ClueSet with = set;
                    with[static_cast<std::size_t>(i)] = 1;
                    if (!*quick) CHECK(is_witness(u, with, i, budgeted.other_solution()));
                } else {
                    ++undecided;
                }
                if (!can_go) set[static_cast<std::size_t>(i)] = 1;
            }
        }
    CHECK(decided > 500);
    CHECK(undecided > 10);
}
