#include "critical/greedy/greedy.hpp"
#include "critical/oracle/incremental.hpp"
#include "critical/oracle/oracle.hpp"
#include "critical/oracle/verify.hpp"
#include "../support.hpp"

#include <catch2/catch.hpp>

#include <optional>
#include <random>

using namespace futolab;
using namespace futolab::critical;

namespace {

// A random clue set keeping each clue with probability p.
ClueSet random_set(const ClueUniverse& u, double p, std::mt19937_64& rng) {
    std::bernoulli_distribution keep(p);
    ClueSet set(static_cast<std::size_t>(u.size()), 0);
    for (auto& c : set) c = keep(rng) ? 1 : 0;
    return set;
}

}  // namespace

TEST_CASE("the incremental SAT oracle agrees with gac's count to 2 on random clue sets", "[critical][sat]") {
    std::mt19937_64 rng(7);
    int unique = 0, multiple = 0;
    for (int n = 2; n <= 7; ++n)
        for (int s = 0; s < 6; ++s) {
            const ClueUniverse u(n, test::test_square(n, static_cast<unsigned>(s + 1)));
            std::optional<IncrementalOracle> sat = IncrementalOracle::of("sat", u);  // one solver for all the sets
            REQUIRE(sat);
            UniquenessOracle gac("gac");
            for (const double p : {0.1, 0.25, 0.4, 0.6, 0.9}) {
                const ClueSet set = random_set(u, p, rng);
                const bool expected = gac.unique(u, set);
                CHECK(sat->unique(set) == expected);
                (expected ? unique : multiple) += 1;
            }
        }
    CHECK(unique > 20);  // both answers are exercised
    CHECK(multiple > 20);
}

// The easy-first pass asks CaDiCaL within a conflict limit first (greedy.hpp): wherever the
// limited question decides, it must give the unlimited answer (a second solution checked as
// always); with two conflicts some questions must stay open. Its own learnt clauses carry over,
// so the limited kernel is a fresh one, asked the same sets in the same order.
TEST_CASE("a conflict-limited SAT question agrees with the full one wherever it decides", "[critical][sat]") {
    std::mt19937_64 rng(8);
    int decided = 0, open = 0;
    for (int n = 6; n <= 9; ++n)
        for (int s = 0; s < 3; ++s) {
            const ClueUniverse u(n, test::test_square(n, static_cast<unsigned>(s + 1)));
            std::optional<IncrementalOracle> limited = IncrementalOracle::of("sat", u), full = IncrementalOracle::of("sat", u);
            REQUIRE(limited);
            REQUIRE(full);
            for (const double p : {0.15, 0.25, 0.35, 0.5}) {
                const ClueSet set = random_set(u, p, rng);
                const bool expected = full->unique(set);
                const std::optional<bool> quick = limited->unique_within(set, 2);
                if (!quick) {
                    ++open;
                    continue;
                }
                ++decided;
                CHECK(*quick == expected);
            }
        }
    CHECK(decided > 10);
    CHECK(open > 3);
}

TEST_CASE("verification by incremental SAT accepts greedy critical sets and finds a redundant clue", "[critical][sat]") {
    for (int n = 4; n <= 8; ++n) {
        const ClueUniverse u(n, test::test_square(n, 5));
        UniquenessOracle oracle("gac");
        ClueSet set = u.full(ClueUse::both);
        std::vector<int> order(static_cast<std::size_t>(u.size()));
        for (int i = 0; i < u.size(); ++i) order[static_cast<std::size_t>(i)] = u.size() - 1 - i;
        greedy_remove(u, set, order, oracle);
        const Verification v = verify_critical_set(u, set, "sat");
        CHECK(v.uniquely_completable);
        CHECK(v.critical);
        CHECK(v.backend == "sat (incremental)");
        CHECK(v.checks == static_cast<std::uint64_t>(1 + std::count(set.begin(), set.end(), 1)));
        // One clue more than a critical set: still unique, no longer critical.
        ClueSet more = set;
        for (auto& c : more)
            if (!c) { c = 1; break; }
        const Verification w = verify_critical_set(u, more, "sat");
        CHECK(w.uniquely_completable);
        CHECK_FALSE(w.critical);
        // One clue fewer: not unique (the set was critical).
        ClueSet fewer = set;
        for (auto& c : fewer)
            if (c) { c = 0; break; }
        CHECK_FALSE(verify_critical_set(u, fewer, "sat").uniquely_completable);
    }
}

TEST_CASE("the incremental strategy is chosen by the backend's clue kernel, not by its name", "[critical][sat]") {
    const ClueUniverse u(4, test::test_square(4, 3));
    CHECK(IncrementalOracle::of("sat", u));
    CHECK(IncrementalOracle::of("sat:amo=pairwise", u));  // the default options spelt out
    // Options the kernel's encoding does not use: counted to 2 by the sat backend instead.
    CHECK_FALSE(IncrementalOracle::of("sat:amo=sequential", u));
    // CaDiCaL's configuration is the kernel's too, and its label says which.
    REQUIRE(IncrementalOracle::of("sat:config=unsat", u));
    CHECK(IncrementalOracle::of("sat:config=unsat", u)->label() == "sat (incremental, config=unsat)");
    CHECK(IncrementalOracle::of("sat", u)->label() == "sat (incremental)");
    for (const char* spec : {"gac", "gecode", "fc"}) CHECK_FALSE(IncrementalOracle::of(spec, u));
    const ClueSet all = u.full(ClueUse::both);
    CHECK(verify_critical_set(u, all, "sat:amo=sequential").backend == "sat:amo=sequential,config=default");
}

// A greedy pass settles the clues it keeps (ClueKernel::settle): CaDiCaL then holds them as
// unit clauses. Every later question that keeps them on must get the answer gac's count to 2
// gives, also when the settled clues alone determine L (the formula is then unsatisfiable at
// its root); a question that switches a settled clue off is refused, never answered.
TEST_CASE("a settled clue becomes permanent: answers stay right, a set without it is refused", "[critical][sat]") {
    std::mt19937_64 rng(9);
    int unique = 0, multiple = 0;
    for (int n = 4; n <= 8; ++n)
        for (int s = 0; s < 3; ++s) {
            const ClueUniverse u(n, test::test_square(n, static_cast<unsigned>(s + 1)));
            std::optional<IncrementalOracle> sat = IncrementalOracle::of("sat", u);
            REQUIRE(sat);
            UniquenessOracle gac("gac");
            ClueSet settled(static_cast<std::size_t>(u.size()), 0);
            for (const double p : {0.05, 0.1, 0.15, 0.2, 0.3}) {
                for (int i = 0; i < u.size(); ++i)
                    if (!settled[static_cast<std::size_t>(i)] && std::bernoulli_distribution(p / 2)(rng)) {
                        settled[static_cast<std::size_t>(i)] = 1;
                        sat->settle(i);
                    }
                ClueSet set = random_set(u, p, rng);
                for (std::size_t i = 0; i < set.size(); ++i) set[i] = set[i] || settled[i];
                const bool expected = gac.unique(u, set);
                CHECK(sat->unique(set) == expected);
                (expected ? unique : multiple) += 1;
            }
            for (int i = 0; i < u.size(); ++i) sat->settle(i);  // all: L is forced at the root
            CHECK(sat->unique(u.full(ClueUse::both)));
            ClueSet without = u.full(ClueUse::both);
            without[0] = 0;
            CHECK_THROWS_AS(sat->unique(without), std::logic_error);
        }
    CHECK(unique > 10);
    CHECK(multiple > 10);
}
