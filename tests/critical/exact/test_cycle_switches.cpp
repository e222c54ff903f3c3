// Cycle switches (critical/exact/cycle_switches.*): every seeded set is the violated set of a real
// Latin square ≠ L, so removing its clues leaves L not unique (checked by brute force against
// the table at n = 4 and by count-to-2 with gac); and the adjacent-symbol cycle bound never
// exceeds a class's exact zero-given minimum (n = 4 all classes, n = 5 a sample).
#include "critical/exact/cycle_switches.hpp"
#include "critical/exact/exact.hpp"
#include "critical/oracle/oracle.hpp"
#include "generators/latin/square.hpp"
#include "../support.hpp"
#include "../../support/sanitized.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using namespace futolab::critical;

TEST_CASE("cycle switches: real trades, really unavoidable", "[critical][exact]") {
    for (int n : {4, 5}) {
        std::unique_ptr<SquareTable> table = n == 4 ? std::make_unique<SquareTable>(n) : nullptr;
        UniquenessOracle oracle("gac");
        for (std::uint64_t seed = 1; seed <= 5; ++seed) {
            const std::vector<int> L = critical::test::test_square(n, seed);
            const ClueUniverse u(n, L);
            const std::vector<Counterexample> sets = cycle_switches(n, L);
            REQUIRE_FALSE(sets.empty());
            for (const Counterexample& m : sets) {
                REQUIRE(is_latin_square(n, m.square));
                REQUIRE(m.square != L);
                REQUIRE(m.violated == violation_mask(n, L, m.square));
                ClueSet rest = u.full(ClueUse::both);  // every clue but the set's
                for (int i : m.violated.indices()) rest[i] = 0;
                REQUIRE_FALSE(oracle.unique(u, rest));
                if (!table) continue;
                bool superset = false;  // brute force: some other square violates a subset
                for (const ClueMask& v : table->violations(L))
                    superset = superset || (!v.empty() && (v & m.violated) == v);
                REQUIRE(superset);
            }
        }
    }
}

TEST_CASE("cycle switches: intercalates and whole-symbol swaps are found", "[critical][exact]") {
    // The cyclic square of order 4 (Z4) has 2x2 subsquares; every set is a 2-symbol trade.
    const std::vector<int> L = cyclic_square(4);
    std::size_t four_cells = 0;
    for (const Counterexample& m : cycle_switches(4, L)) {
        int cells = 0;
        for (int i : m.violated.indices()) cells += i < 16 ? 1 : 0;
        four_cells += cells == 4 ? 1 : 0;
    }
    REQUIRE(four_cells > 0);
    // The symbol cycles of (v, v+1) partition its cells: 2n cells over the cycles.
    for (int v = 1; v < 4; ++v) {
        int cells = 0;
        for (const std::vector<int>& M : symbol_cycle_switches(4, L, v, v + 1))
            for (int c = 0; c < 16; ++c) cells += M[c] != L[c] ? 1 : 0;
        REQUIRE(cells == 8);
    }
}

TEST_CASE("adjacent-symbol cycle bound: at most the exact zero-given minimum", "[critical][exact][long]") {
    for (int n : {3, 4, 5}) {
        const SquareTable table(n);
        const auto classes = square_classes(n);
        // A spread of order 5's classes, every 97th (every 283rd under a sanitizer): each a search without pruning.
        const std::size_t step = n < 5 ? 1 : futolab::test::kSanitized ? 283 : 97;
        ExactOptions per_class;
        per_class.prune = false;
        for (std::size_t i = 0; i < classes.size(); i += step) {
            const std::optional<int> bound = adjacent_symbol_cycle_bound(n, classes[i].square);
            const ClassResult r = solve_class(n, classes[i], i, ExactObjective::k_only, table, per_class);
            INFO("n=" << n << " class " << i);
            if (!bound) REQUIRE_FALSE(r.optimum.feasible);
            if (r.optimum.feasible) {
                REQUIRE(bound.has_value());
                REQUIRE(*bound >= n - 1);
                REQUIRE(*bound <= r.optimum.cost);
            }
        }
    }
}
