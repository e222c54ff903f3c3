#include "critical/greedy/pipeline.hpp"
#include "critical/oracle/verify.hpp"
#include "critical/zero_given/zero_given.hpp"
#include "generators/latin/square.hpp"
#include "../support.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using namespace futolab::critical;

namespace {

// The orientation of every pair in a solved square (row-major n*n values): its full relation set.
Orientation orientation_of(int n, const std::vector<int>& square) {
    Orientation o;
    for (const CellPair& p : adjacent_pairs(n)) o.push_back(square[p.a] < square[p.b] ? 1 : -1);
    return o;
}

// The set of a search result as a clue set of its square, verified by `fc` (the search uses gac).
Verification verify_result(int n, const ZeroGivenResult& r) {
    const ClueUniverse u(n, r.square);
    return verify_critical_set(u, clue_set_of(u, r.relations), "fc");
}

}  // namespace

TEST_CASE("adjacent pairs follow the universe's relation order", "[critical]") {
    const int n = 5;
    const std::vector<int> sq = test::test_square(n, 3);
    const ClueUniverse u(n, sq);
    const std::vector<CellPair> pairs = adjacent_pairs(n);
    REQUIRE(static_cast<int>(pairs.size()) == 2 * n * (n - 1));
    const Orientation o = orientation_of(n, sq);
    for (std::size_t p = 0; p < pairs.size(); ++p) {
        const Clue& c = u.clue(n * n + static_cast<int>(p));
        CHECK_FALSE(c.is_number);
        CHECK(c.cell == (o[p] > 0 ? pairs[p].a : pairs[p].b));
        CHECK(c.other == (o[p] > 0 ? pairs[p].b : pairs[p].a));
    }
    CHECK(relation_count(o) == 2 * n * (n - 1));
    CHECK(count_clues(u, clue_set_of(u, o)).k == 2 * n * (n - 1));
}

TEST_CASE("zero-given results are unique and critical (independent check), n = 3..6", "[critical]") {
    for (int n = 3; n <= 6; ++n) {
        ZeroGivenOptions opt;
        opt.iterations = 20;
        const ZeroGivenResult r = search_zero_given(n, opt, 7);
        REQUIRE(r.found);
        CHECK(is_latin_square(n, r.square));
        const Verification v = verify_result(n, r);
        INFO("n = " << n << ": " << v.why);
        CHECK(v.uniquely_completable);
        CHECK(v.critical);
        CHECK(r.moves == 20);
    }
}

TEST_CASE("n = 4 reaches the exact minimum k = 4 from a fixed seed", "[critical]") {
    ZeroGivenOptions opt;
    opt.iterations = 300;
    const ZeroGivenResult r = search_zero_given(4, opt, 1);
    REQUIRE(r.found);
    CHECK(relation_count(r.relations) == 4);  // exhaustive mode: no zero-given n = 4 puzzle has k < 4
    CHECK(verify_result(4, r).critical);
}

TEST_CASE("zero-given search is deterministic per seed", "[critical]") {
    ZeroGivenOptions opt;
    opt.iterations = 25;
    const ZeroGivenResult a = search_zero_given(5, opt, 11), b = search_zero_given(5, opt, 11);
    CHECK(a.relations == b.relations);
    CHECK(a.square == b.square);
    CHECK(a.checks == b.checks);
    CHECK(a.accepted == b.accepted);
}

TEST_CASE("a start puzzle is repaired and stripped, moves never grow k without annealing", "[critical]") {
    // The full comparison set of a square need not determine it, nor be critical; the search
    // must end critical either way, here with annealing off so k can only shrink.
    const int n = 5;
    const Orientation full = orientation_of(n, test::test_square(n, 4));
    ZeroGivenOptions opt;
    opt.temperature = 0;
    opt.patience = 1000;  // no restart: the result descends from the start
    opt.iterations = 1;
    const ZeroGivenResult one = search_zero_given(n, opt, 2, full);
    opt.iterations = 40;
    const ZeroGivenResult many = search_zero_given(n, opt, 2, full);
    REQUIRE(one.found);
    REQUIRE(many.found);
    CHECK(many.restarts == 0);
    CHECK(relation_count(many.relations) <= relation_count(one.relations));
    CHECK(verify_result(n, one).critical);
    CHECK(verify_result(n, many).critical);
}

TEST_CASE("zero_given_set writes a verified record", "[critical]") {
    ZeroGivenOptions opt;
    opt.iterations = 10;
    const PipelineOutput o = zero_given_set(5, opt, "gecode", 3, "t");
    REQUIRE(o.record);
    CHECK(o.verified);
    CHECK(o.record->givens.empty());
    CHECK(o.record->meta["h"] == 0);
    CHECK(o.record->meta["critical"] == true);
    CHECK(o.record->meta["mode"] == "free-square");
    CHECK(static_cast<int>(o.record->lt.size()) == o.record->meta["k"].get<int>());
}

TEST_CASE("a tight node limit drops undecided starts and moves but never returns an unchecked set", "[critical]") {
    ZeroGivenOptions opt;
    opt.iterations = 30;
    opt.node_limit = 20;  // far too few for most count-to-2 proofs at n = 6
    const ZeroGivenResult r = search_zero_given(6, opt, 5);
    CHECK(r.undecided > 0);
    if (r.found) CHECK(verify_result(6, r).critical);
}

TEST_CASE("a time limit that has passed stops the search at its first question, with nothing found", "[critical]") {
    // The start is repaired and stripped before the first check of the budget: without the
    // deadline on each question it ran whole and came back found, with checks made.
    const int n = 6;
    ZeroGivenOptions opt;
    opt.time_limit = 1e-9;
    const ZeroGivenResult r = search_zero_given(n, opt, 3, orientation_of(n, test::test_square(n, 2)));
    CHECK_FALSE(r.found);
    CHECK(r.checks == 0);
    CHECK(r.moves == 0);
}
