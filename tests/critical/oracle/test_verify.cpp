#include "critical/greedy/greedy.hpp"
#include "critical/oracle/oracle.hpp"
#include "critical/oracle/verify.hpp"
#include "../support.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using namespace futolab::critical;

TEST_CASE("verification accepts a critical set and rejects a non-critical one", "[critical]") {
    const ClueUniverse u(5, test::test_square(5, 3));
    ClueSet full = u.full(ClueUse::both);
    const Verification v_full = verify_critical_set(u, full);
    CHECK(v_full.uniquely_completable);
    CHECK_FALSE(v_full.critical);
    CHECK_FALSE(v_full.why.empty());

    UniquenessOracle oracle("gac");
    ClueSet set = full;
    std::vector<int> order(u.size());
    for (int i = 0; i < u.size(); ++i) order[i] = i;
    greedy_remove(u, set, order, oracle);
    const Verification v = verify_critical_set(u, set, "fc");
    CHECK(v.uniquely_completable);
    CHECK(v.critical);
    CHECK(v.backend.rfind("fc", 0) == 0);  // verified by a different backend than the search
}

TEST_CASE("verification rejects a set that is not uniquely completable", "[critical]") {
    const ClueUniverse u(4, test::test_square(4, 8));
    ClueSet empty(u.size(), 0);
    const Verification v = verify_critical_set(u, empty);
    CHECK_FALSE(v.uniquely_completable);
    CHECK_FALSE(v.critical);
    ClueSet one = empty;
    one[0] = 1;
    CHECK_FALSE(verify_critical_set(u, one, "gecode").uniquely_completable);
}

#include "critical/greedy/pipeline.hpp"

TEST_CASE("pipeline writes a verified record with the bound and the slack", "[critical]") {
    PipelineOptions opt;
    opt.search.objective = Objective::two_h_three_k;
    opt.search.iterations = 10;
    const PipelineOutput o = critical_set_of(5, test::test_square(5, 4), opt, 17, "x");
    REQUIRE(o.record);
    CHECK(o.verified);
    const Json& m = o.record->meta;
    CHECK(m["2h+3k"].get<int>() == 2 * m["h"].get<int>() + 3 * m["k"].get<int>());
    CHECK(m["bound"] == 8);
    CHECK(m["slack"].get<int>() == m["2h+3k"].get<int>() - 8);
    CHECK(m["critical"] == true);
    // The default verification: Gecode with its AFC order (solvers/run/oracle.hpp, kCriticalVerifySpec).
    CHECK(m["verified_by"] == "gecode:alldiff=dom,cube=yes,val=min,var=afcsize");
    CHECK(m["seed"] == 17);
    CHECK(o.record->givens.size() == m["h"].get<std::size_t>());
    CHECK(o.record->solution.size() == 5);
}

TEST_CASE("exhaustive records are verified", "[critical]") {
    bool ok = false;
    const auto recs = exhaustive_records(exhaustive_minimum(3), "fc", ok);
    CHECK(ok);
    REQUIRE(recs.size() == 2);
    CHECK(recs[0].meta["objective"] == "2h+3k");
    CHECK(recs[1].meta["h"] == 0);
}
