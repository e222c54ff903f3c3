// The grade level `ac` (generators/grade.cpp: AC-3 on every pairwise ≠ and bounds on every
// relation, written there on its own so the level does exactly what docs/generators.md says)
// against the one reference of the ≠/< rules, naive_fixpoint without Régin
// (gac_test_helpers.hpp; docs/solvers.md, "The ≠ and < rules"): on random puzzles, noisy ones
// included, the level solves a puzzle exactly when the reference's fixpoint from the same
// domains (givens fixed, every other cell 1..n) leaves one value per cell.
#include "gac_test_helpers.hpp"
#include "generators/grade.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

namespace futolab::gac {

TEST_CASE("grade level ac solves exactly what the reference fixpoint of pairwise != and < solves", "[gac][grade]") {
    std::mt19937_64 rng(4343);
    int solved = 0, open = 0;
    for (int round = 0; round < 3000; ++round) {
        const int n = 2 + static_cast<int>(rng() % 8);
        const double p_given = 0.1 + 0.5 * static_cast<double>(rng() % 100) / 100.0;
        const double p_rel = 0.6 * static_cast<double>(rng() % 100) / 100.0;
        const Puzzle p = test::random_puzzle(rng, n, p_given, p_rel, round % 4 == 0);
        test::Domains d(static_cast<std::size_t>(p.cells()), (std::uint64_t{1} << n) - 1);
        for (int c = 0; c < p.cells(); ++c)
            if (p.given(c) != 0) d[static_cast<std::size_t>(c)] = std::uint64_t{1} << (p.given(c) - 1);
        const auto reference = test::naive_fixpoint(p, d, false);
        const bool want = reference && std::all_of(reference->begin(), reference->end(),
                                                   [](std::uint64_t x) { return x != 0 && (x & (x - 1)) == 0; });
        INFO("round " << round << ", n = " << n);
        CHECK(solved_by_arc_consistency(p) == want);
        (want ? solved : open) += 1;
    }
    // Both answers are exercised often.
    CHECK(solved > 300);
    CHECK(open > 300);
}

}  // namespace futolab::gac
