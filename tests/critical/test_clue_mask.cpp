// The clue masks of both widths (critical/clue_mask.hpp): bit operations across the word
// boundaries, the round trip through clue indices and between widths, and the violation mask
// of the 256-bit width at n = 7..9 against a brute-force recount of the definition.
#include "critical/clue_mask.hpp"
#include "critical/exact/cycle_switches.hpp"
#include "critical/exact_squares.hpp"
#include "critical/exact/hitting_set_bb.hpp"
#include "critical/oracle/solver_counterexample.hpp"
#include "generators/latin/square.hpp"
#include "critical/zero_given/zero_given.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

using namespace futolab;
using namespace futolab::critical;

namespace {

int clue_count(int n) { return n * n + 2 * n * (n - 1); }

// The clues of L that M violates, straight from the definition: the cells where they differ,
// then every adjacent pair (row-major horizontal pairs, then vertical) they order differently.
std::vector<int> violated_by_definition(int n, const std::vector<int>& L, const std::vector<int>& M) {
    std::vector<int> out;
    for (int c = 0; c < n * n; ++c)
        if (L[c] != M[c]) out.push_back(c);
    int index = n * n;
    auto pair = [&](int a, int b) {
        if ((L[a] < L[b]) != (M[a] < M[b])) out.push_back(index);
        ++index;
    };
    for (int r = 0; r < n; ++r)
        for (int c = 0; c + 1 < n; ++c) pair(r * n + c, r * n + c + 1);
    for (int r = 0; r + 1 < n; ++r)
        for (int c = 0; c < n; ++c) pair(r * n + c, (r + 1) * n + c);
    return out;
}

template <class Mask>
Mask random_mask(int bits, double p, std::mt19937_64& rng) {
    std::bernoulli_distribution keep(p);
    Mask m;
    for (int i = 0; i < bits; ++i)
        if (keep(rng)) m.set(i);
    return m;
}

}  // namespace

TEST_CASE("wide clue masks: bits across the words, round trips", "[critical][mask]") {
    REQUIRE(WideClueMask::kBits >= clue_count(kMaxWideN));
    REQUIRE(ClueMask::kBits >= clue_count(kMaxExactN));
    REQUIRE(WideClueMask::prefix(225).count() == 225);
    REQUIRE(WideClueMask::prefix(225).indices().back() == 224);
    WideClueMask m;
    const std::vector<int> edges{0, 63, 64, 127, 128, 191, 192, 224, 255};
    for (int i : edges) m.set(i);
    REQUIRE(m.indices() == edges);
    REQUIRE(m.count() == static_cast<int>(edges.size()));
    for (int i : edges) REQUIRE(m.test(i));
    REQUIRE_FALSE(m.test(129));
    m.reset(128);
    REQUIRE_FALSE(m.test(128));
    REQUIRE(m.count() == static_cast<int>(edges.size()) - 1);
    WideClueMask only_top;
    only_top.set(200);
    REQUIRE_FALSE(only_top.empty());
    REQUIRE(only_top.intersects(WideClueMask::of({200})));
    REQUIRE_FALSE(only_top.intersects(WideClueMask::prefix(200)));
    std::mt19937_64 rng(7);
    for (int t = 0; t < 200; ++t) {
        const auto a = random_mask<WideClueMask>(225, 0.3, rng), b = random_mask<WideClueMask>(225, 0.3, rng);
        REQUIRE(WideClueMask::of(a.indices()) == a);
        REQUIRE((a.minus(b) | (a & b)) == a);
        REQUIRE_FALSE(a.minus(b).intersects(b));
        REQUIRE((a | b).count() == a.count() + b.count() - (a & b).count());
        // Narrow ↔ wide keeps the clues below 128.
        const auto narrow = random_mask<ClueMask>(128, 0.4, rng);
        REQUIRE(narrow.as<WideClueMask>().indices() == narrow.indices());
        REQUIRE(narrow.as<WideClueMask>().as<ClueMask>() == narrow);
    }
}

TEST_CASE("wide violation masks at n = 7..9 match the definition", "[critical][mask]") {
    for (int n : {7, 8, 9}) {
        for (std::uint64_t seed = 1; seed <= 12; ++seed) {
            const std::vector<int> L = test::test_square(n, 100 * n + seed);
            const std::vector<int> M = test::test_square(n, 100 * n + seed + 50);
            INFO("n=" << n << " seed " << seed);
            REQUIRE(violation_mask_as<WideClueMask>(n, L, M).indices() == violated_by_definition(n, L, M));
            REQUIRE(violation_mask_as<WideClueMask>(n, L, L).empty());
        }
        // The cycle switches are real trades with their sets recounted by the definition.
        const std::vector<int> L = cyclic_square(n);
        const auto switches = cycle_switches_as<WideClueMask>(n, L);
        REQUIRE_FALSE(switches.empty());
        for (const auto& s : switches) {
            REQUIRE(is_latin_square(n, s.square));
            REQUIRE(s.violated.indices() == violated_by_definition(n, L, s.square));
        }
    }
    // At n ≤ 6 both widths give the same clues.
    for (int n : {4, 5, 6})
        for (std::uint64_t seed = 1; seed <= 5; ++seed) {
            const std::vector<int> L = test::test_square(n, seed), M = test::test_square(n, seed + 9);
            REQUIRE(violation_mask_as<WideClueMask>(n, L, M).indices() == violation_mask(n, L, M).indices());
        }
}

TEST_CASE("the wide solver oracle returns real counterexamples at n = 7..9", "[critical][mask][exact]") {
    std::mt19937_64 rng(99);
    for (int n : {7, 8, 9}) {
        const std::vector<int> L = test::test_square(n, 7 * n);
        BasicSolverOracle<WideClueMask> oracle(n, L);
        for (int q = 0; q < 6; ++q) {
            const WideClueMask S = random_mask<WideClueMask>(clue_count(n), 0.05 + 0.05 * q, rng);
            const auto m = oracle.find(S);
            if (!m) continue;  // S determines L
            REQUIRE(is_latin_square(n, m->square));
            REQUIRE(m->square != L);
            REQUIRE(m->violated.indices() == violated_by_definition(n, L, m->square));
            REQUIRE_FALSE(m->violated.intersects(S));
        }
        // All of L's clues determine it.
        REQUIRE_FALSE(oracle.find(WideClueMask::prefix(clue_count(n))).has_value());
    }
}

TEST_CASE("the branch and bound gives the same answer and nodes at both widths", "[critical][mask][exact]") {
    // The same hitting-set problem in 128 and 256 bits: the width must not change the search.
    const int n = 5, clues = clue_count(n);
    const std::vector<int> L = cyclic_square(n);
    std::vector<ClueMask> sets;
    for (const Counterexample& c : cycle_switches(n, L)) sets.push_back(c.violated);
    std::sort(sets.begin(), sets.end(), [](const ClueMask& a, const ClueMask& b) { return a.count() < b.count(); });
    HittingProblem narrow;
    narrow.sets = sets;
    narrow.allowed = ClueMask::prefix(clues);
    narrow.weight.assign(static_cast<std::size_t>(clues), 3);
    for (int i = 0; i < n * n; ++i) narrow.weight[i] = 2;
    BasicHittingProblem<WideClueMask> wide;
    wide.allowed = narrow.allowed.as<WideClueMask>();
    wide.weight = narrow.weight;
    for (const ClueMask& s : sets) wide.sets.push_back(s.as<WideClueMask>());
    for (int bound = 0; bound <= 12; ++bound) {
        const HittingSolution a = min_hitting_set(narrow, bound, bound);
        const auto b = min_hitting_set(wide, bound, bound);
        REQUIRE(a.found == b.found);
        REQUIRE(a.nodes == b.nodes);
        if (a.found) REQUIRE(a.set.indices() == b.set.indices());
    }
}
