// The chain construction (critical/construction/chain_construction.hpp): for every order and
// split the set has m(m+1)/2 + p(p+1)/2 of L's relations, the balanced split has floor(n²/4) and
// is the fewest, every exchange witness breaks exactly its relation (the doc's criticality
// lemma), and the set is uniquely completable and critical by a backend asked clue by clue,
// without the witnesses.
#include "critical/construction/chain_construction.hpp"
#include "critical/construction/construction_record.hpp"

#include "core/error.hpp"
#include "critical/clue_universe.hpp"
#include "critical/oracle/verify.hpp"
#include "generators/latin/square.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>

using namespace futolab;
using namespace futolab::critical;

namespace {

int value(const ChainConstruction& c, const std::vector<int>& sq, int r, int col) { return sq[static_cast<std::size_t>(r * c.n + col)]; }

bool holds(const ChainConstruction& c, const std::vector<int>& sq, const LessThan& lt) {
    return value(c, sq, lt.r1, lt.c1) < value(c, sq, lt.r2, lt.c2);
}

// The construction's set as a clue set of its square's universe.
ClueSet clue_set(const ClueUniverse& u, const ChainConstruction& c) {
    ClueSet set(static_cast<std::size_t>(u.size()), 0);
    for (const LessThan& lt : c.relations)
        for (int i = 0; i < u.size(); ++i)
            if (!u.clue(i).is_number && u.clue(i).cell == lt.r1 * c.n + lt.c1 && u.clue(i).other == lt.r2 * c.n + lt.c2) set[static_cast<std::size_t>(i)] = 1;
    return set;
}

// The first relation a witness of c gets wrong ("" if none): breaks another, or keeps its own.
std::string first_wrong_witness(const ChainConstruction& c) {
    for (std::size_t i = 0; i < c.relations.size(); ++i) {
        const std::vector<int> w = transposed(c.n, c.square, c.witnesses[i]);
        if (!is_latin_square(c.n, w)) return "witness " + std::to_string(i) + " is not Latin";
        for (std::size_t j = 0; j < c.relations.size(); ++j)
            if (holds(c, w, c.relations[j]) != (i != j)) return "witness " + std::to_string(i) + ", relation " + std::to_string(j);
    }
    return "";
}

}  // namespace

TEST_CASE("chain construction: L's relations, as many as the formula, floor(n^2/4) when balanced", "[critical][construction]") {
    for (int n = 1; n <= 64; ++n) {
        long long fewest = -1;
        for (int m = 0; m < n; ++m) {
            const ChainConstruction c = chain_construction(n, m);
            INFO("n=" << n << " m=" << m);
            REQUIRE(is_latin_square(n, c.square));
            REQUIRE(static_cast<long long>(c.relations.size()) == chain_relations(n, m));
            REQUIRE(c.witnesses.size() == c.relations.size());
            const auto of_l = [&](const LessThan& lt) {
                return std::abs(lt.r1 - lt.r2) + std::abs(lt.c1 - lt.c2) == 1 && holds(c, c.square, lt);
            };
            REQUIRE(std::all_of(c.relations.begin(), c.relations.end(), of_l));
            fewest = fewest < 0 ? chain_relations(n, m) : std::min(fewest, chain_relations(n, m));
        }
        REQUIRE(chain_relations(n, balanced_split(n)) == n * n / 4);
        REQUIRE(fewest == n * n / 4);
    }
}

TEST_CASE("chain construction: each exchange breaks its own relation and keeps every other", "[critical][construction]") {
    for (int n = 2; n <= 20; ++n)  // every split
        for (int m = 0; m < n; ++m) {
            INFO("n=" << n << " m=" << m);
            REQUIRE(first_wrong_witness(chain_construction(n, m)) == "");
        }
    for (int n = 21; n <= 64; ++n) {  // the balanced split, up to the largest order
        INFO("n=" << n);
        REQUIRE(first_wrong_witness(chain_construction(n, balanced_split(n))) == "");
    }
}

TEST_CASE("chain construction: unique and critical by gac asked clue by clue, no witnesses (n <= 9, every split)", "[critical][construction]") {
    for (int n = 2; n <= 9; ++n)
        for (int m = 0; m < n; ++m) {
            const ChainConstruction c = chain_construction(n, m);
            const ClueUniverse u(n, c.square);
            const Verification v = verify_critical_set(u, clue_set(u, c), "gac");
            INFO("n=" << n << " m=" << m << ": " << v.why);
            REQUIRE(v.uniquely_completable);
            REQUIRE(v.critical);
            REQUIRE(v.witnesses == 0);
        }
}

TEST_CASE("chain construction: the record is verified with the exchange witnesses (n = 4..30)", "[critical][construction]") {
    for (int n = 4; n <= 30; ++n) {
        bool verified = false;
        const Instance rec = construction_record(chain_construction(n, balanced_split(n)), "gac", verified);
        INFO("n=" << n);
        REQUIRE(verified);
        REQUIRE(rec.givens.empty());
        REQUIRE(rec.meta["k"] == n * n / 4);
        REQUIRE(rec.meta["law"] == n * n / 4);
        REQUIRE(rec.meta["verified_witnesses"] == n * n / 4);
        REQUIRE(rec.meta["critical"] == true);
    }
}

TEST_CASE("chain construction: a relation dropped from the set leaves it not unique (the record says so)", "[critical][construction]") {
    ChainConstruction c = chain_construction(8, balanced_split(8));
    c.relations.erase(c.relations.begin() + 3);
    c.witnesses.erase(c.witnesses.begin() + 3);
    bool verified = true;
    const Instance rec = construction_record(c, "gac", verified);
    REQUIRE_FALSE(verified);
    REQUIRE(rec.meta["uniquely_completable"] == false);
}

TEST_CASE("chain construction: orders and splits out of range are refused", "[critical][construction]") {
    REQUIRE_THROWS_AS(chain_construction(0, 0), InputError);
    REQUIRE_THROWS_AS(chain_construction(65, 0), InputError);
    REQUIRE_THROWS_AS(chain_construction(6, 6), InputError);
    REQUIRE_THROWS_AS(chain_construction(6, -1), InputError);
}
