#include "critical/greedy/greedy.hpp"
#include "critical/greedy/local_search.hpp"
#include "critical/oracle/verify.hpp"
#include "critical/oracle/witness.hpp"
#include "../support.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using namespace futolab::critical;

namespace {

struct Found {
    ClueSet set;
    Witnesses witnesses;
};

Found greedy_with_witnesses(const ClueUniverse& u) {
    UniquenessOracle oracle(kSearchOracle);
    Found f{u.full(ClueUse::both), Witnesses(static_cast<std::size_t>(u.size()))};
    std::vector<int> order(static_cast<std::size_t>(u.size()));
    for (int i = 0; i < u.size(); ++i) order[static_cast<std::size_t>(i)] = u.size() - 1 - i;
    greedy_remove(u, f.set, order, oracle, &f.witnesses);
    return f;
}

int first_in(const ClueSet& set) {
    for (int i = 0; i < static_cast<int>(set.size()); ++i)
        if (set[static_cast<std::size_t>(i)]) return i;
    return -1;
}

}  // namespace

TEST_CASE("a witness is a Latin square other than L breaking exactly its clue", "[critical][witness]") {
    const ClueUniverse u(6, test::test_square(6, 4));
    const Found f = greedy_with_witnesses(u);
    const int i = first_in(f.set);
    REQUIRE(i >= 0);
    const std::vector<int>& m = f.witnesses[static_cast<std::size_t>(i)];
    CHECK(is_witness(u, f.set, i, m));
    CHECK_FALSE(is_witness(u, f.set, i, u.square()));  // L breaks nothing
    CHECK_FALSE(is_witness(u, f.set, i, {}));
    std::vector<int> not_latin = m;
    not_latin[0] = not_latin[1];
    CHECK_FALSE(is_witness(u, f.set, i, not_latin));
    // The witness of another clue breaks that clue, so it is no witness for i.
    int j = i + 1;
    while (!f.set[static_cast<std::size_t>(j)]) ++j;
    CHECK_FALSE(is_witness(u, f.set, i, f.witnesses[static_cast<std::size_t>(j)]));
    ClueSet without_i = f.set;
    without_i[static_cast<std::size_t>(i)] = 0;
    CHECK_FALSE(is_witness(u, without_i, i, m));  // a clue outside the set has no witness
}

TEST_CASE("verification takes checked witnesses and asks the backend the rest", "[critical][witness]") {
    for (int n = 4; n <= 7; ++n) {
        const ClueUniverse u(n, test::test_square(n, 9));
        const Found f = greedy_with_witnesses(u);
        const auto clues = static_cast<std::uint64_t>(std::count(f.set.begin(), f.set.end(), 1));
        const Verification v = verify_critical_set(u, f.set, "gecode", &f.witnesses);
        CHECK(v.critical);
        CHECK(v.witnesses == clues);
        CHECK(v.checks == 1);  // only the uniqueness of the set itself
        // Forged witnesses cannot make a non-critical set pass: add a redundant clue and give
        // it every witness we have; none checks out, so Gecode is asked and finds it redundant.
        ClueSet more = f.set;
        const int extra = static_cast<int>(std::find(more.begin(), more.end(), 0) - more.begin());
        more[static_cast<std::size_t>(extra)] = 1;
        Witnesses forged = f.witnesses;
        for (const auto& w : f.witnesses)
            if (!w.empty()) forged[static_cast<std::size_t>(extra)] = w;
        const Verification forged_v = verify_critical_set(u, more, "gecode", &forged);
        CHECK(forged_v.uniquely_completable);
        CHECK_FALSE(forged_v.critical);
        // A wrong witness for a real clue is not believed either: the backend is asked instead.
        Witnesses wrong = f.witnesses;
        wrong[static_cast<std::size_t>(first_in(f.set))] = u.square();
        const Verification w = verify_critical_set(u, f.set, "gecode", &wrong);
        CHECK(w.critical);
        CHECK(w.witnesses == clues - 1);
        CHECK(w.checks == 2);
        // sat: an incremental kernel for the whole universe only when it will be asked more
        // than the one uniqueness question (verify.cpp), else a plain count to 2.
        const Verification plain = verify_critical_set(u, f.set, "sat", &f.witnesses);
        CHECK(plain.critical);
        CHECK(plain.checks == 1);
        CHECK(plain.backend.rfind("sat:", 0) == 0);
        const Verification kernel = verify_critical_set(u, f.set, "sat", &wrong);
        CHECK(kernel.critical);
        CHECK(kernel.checks == 2);
        CHECK(kernel.backend == "sat (incremental)");
    }
}
