#include "critical/exact/exhaustive.hpp"
#include "critical/oracle/verify.hpp"

#include "core/error.hpp"
#include "generators/latin/enumerate.hpp"
#include "generators/latin/symmetry.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace futolab;
using namespace futolab::critical;

namespace {

// Brute force: is S uniquely completable, by scanning every Latin square of order n?
bool unique_by_scan(const ClueUniverse& u, const ClueSet& s, const std::vector<std::vector<int>>& all) {
    int solutions = 0;
    for (const auto& M : all) {
        bool ok = true;
        for (int i = 0; i < u.size() && ok; ++i) {
            if (!s[i]) continue;
            const Clue& c = u.clue(i);
            ok = c.is_number ? M[c.cell] == u.square()[c.cell] : M[c.cell] < M[c.other];
        }
        solutions += ok ? 1 : 0;
    }
    return solutions == 1;
}

// Minimum weighted cost over all subsets of at most max_size allowed clues of every square.
int brute_minimum(int n, int wn, int wr, int max_size) {
    const auto all = all_latin_squares(n);
    int best = 1 << 30;
    for (const auto& L : all) {
        const ClueUniverse u(n, L);
        std::vector<int> allowed;
        for (int i = 0; i < u.size(); ++i)
            if ((u.clue(i).is_number ? wn : wr) > 0) allowed.push_back(i);
        const int m = static_cast<int>(allowed.size());
        for (std::uint32_t mask = 0; mask < (1U << m); ++mask) {
            if (std::popcount(mask) > max_size) continue;
            ClueSet s(u.size(), 0);
            int cost = 0;
            for (int b = 0; b < m; ++b)
                if (mask >> b & 1U) s[allowed[b]] = 1, cost += u.clue(allowed[b]).is_number ? wn : wr;
            if (cost < best && unique_by_scan(u, s, all)) best = cost;
        }
    }
    return best;
}

}  // namespace

TEST_CASE("exhaustive n = 2: one given, one relation", "[critical]") {
    const ExhaustiveResult r = exhaustive_minimum(2);
    CHECK(r.squares == 2);
    CHECK(r.classes == 1);
    REQUIRE(r.weighted.found);
    CHECK(r.weighted.cost == 2);  // one given fixes a 2x2 square; bound 2(n-1) = 2 is tight
    REQUIRE(r.relations.found);
    CHECK(r.relations.cost == 1);
}

TEST_CASE("exhaustive n = 3 matches brute force over small subsets", "[critical]") {
    const ExhaustiveResult r = exhaustive_minimum(3);
    CHECK(r.squares == 12);
    REQUIRE(r.weighted.found);
    // Subsets of at most 3 clues cover every set of weight < 6 (four clues weigh >= 8).
    const int brute = brute_minimum(3, 2, 3, 3);
    CHECK(brute < 6);
    CHECK(r.weighted.cost == brute);
    REQUIRE(r.relations.found);
    CHECK(r.relations.cost == brute_minimum(3, 0, 1, 12));  // all 2^12 relation subsets
    const ClueUniverse u(3, r.weighted.square);
    const Verification v = verify_critical_set(u, r.weighted.set, "fc");
    CHECK(v.uniquely_completable);
    CHECK(v.critical);
}

TEST_CASE("exhaustive n = 4: optimal sets verify as critical", "[critical]") {
    const ExhaustiveResult r = exhaustive_minimum(4);
    CHECK(r.squares == 576);
    for (const ExactMinimum* m : {&r.weighted, &r.relations}) {
        REQUIRE(m->found);
        const ClueUniverse u(4, m->square);
        const Verification v = verify_critical_set(u, m->set, "fc");
        CHECK(v.uniquely_completable);
        CHECK(v.critical);
    }
    CHECK(r.weighted.cost >= 2 * (4 - 1));
}

TEST_CASE("exhaustive rejects orders it cannot finish", "[critical]") {
    CHECK_THROWS_AS(exhaustive_minimum(5), InputError);
    CHECK_THROWS_AS(exhaustive_minimum(1), InputError);
}
