// The CNF encoding (solvers/sat/encode.hpp) against the puzzle's own definition: for every
// grid of values of a 3×3 instance, the formula with the grid's direct literals assumed is
// satisfiable exactly when core/verify.hpp accepts the grid. CaDiCaL decides each case; the
// auxiliary (order, sequential) variables are left to it, so both their definitions and the
// clauses that use them are checked.
#include "core/puzzle.hpp"
#include "core/verify.hpp"
#include "solvers/sat/encode.hpp"
#include "../../support/random_instances.hpp"

#include <catch2/catch.hpp>

#include <cadical.hpp>

using namespace futolab;

namespace {

// Number of grids (of n^(n²)) on which the formula and verify_solution disagree.
int disagreements(const Puzzle& p, sat::Amo amo, int& solutions) {
    const int n = p.n(), cells = p.cells();
    CaDiCaL::Solver s;
    s.set("quiet", 1);
    for (const int lit : sat::encode(p, amo).literals) s.add(lit);
    std::vector<int> grid(static_cast<std::size_t>(cells), 1);
    int wrong = 0;
    for (bool more = true; more;) {
        for (int c = 0; c < cells; ++c)
            for (int v = 1; v <= n; ++v) s.assume(grid[c] == v ? sat::cell_var(n, c, v) : -sat::cell_var(n, c, v));
        const bool sat = s.solve() == 10;
        const bool valid = !verify_solution(p, grid).has_value();
        wrong += sat != valid;
        solutions += valid;
        more = false;  // next grid, odometer order
        for (int c = 0; c < cells && !more; ++c) {
            if (grid[c] < n) {
                ++grid[c];
                more = true;
            } else {
                grid[c] = 1;
            }
        }
    }
    return wrong;
}

}  // namespace

TEST_CASE("sat encoding: satisfiable with a grid assumed iff the grid solves the puzzle", "[sat][long]") {
    int total_solutions = 0, with_relations = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const test::RandomInstanceSpec spec{3, 0.15 * static_cast<double>(seed % 3), 0.3 + 0.1 * static_cast<double>(seed % 4),
                                            seed % 4 == 0};
        const Puzzle p = Puzzle::compile(test::random_instance(spec, seed));
        with_relations += p.num_relations() > 0;
        for (const sat::Amo amo : {sat::Amo::pairwise, sat::Amo::sequential}) {
            INFO(p.id() << (amo == sat::Amo::pairwise ? " pairwise" : " sequential"));
            int solutions = 0;
            CHECK(disagreements(p, amo, solutions) == 0);
            total_solutions += solutions;
        }
    }
    CHECK(with_relations >= 10);
    CHECK(total_solutions > 0);
}

TEST_CASE("sat encoding: sizes of the pairwise and sequential at-most-one", "[sat]") {
    Instance in;
    in.n = 4;
    const Puzzle p = Puzzle::compile(in);
    // 3 families × 16 groups of 4 literals: ALO 1 clause each; pairwise AMO 6, sequential 3·4 − 4 = 8.
    CHECK(sat::encode(p, sat::Amo::pairwise).clauses == 48 * (1 + 6));
    CHECK(sat::encode(p, sat::Amo::pairwise).variables == 64);
    CHECK(sat::encode(p, sat::Amo::sequential).clauses == 48 * (1 + 8));
    CHECK(sat::encode(p, sat::Amo::sequential).variables == 64 + 48 * 3);
}

TEST_CASE("sat blocking clause: the negated values of the non-given cells", "[sat]") {
    Instance in;
    in.n = 2;
    in.givens = {{0, 0, 1}};
    const Puzzle p = Puzzle::compile(in);
    // cells 1, 2, 3 hold 2, 2, 1: variables cell·2 + value.
    CHECK(sat::blocking_clause(p, {1, 2, 2, 1}) == std::vector<int>{-4, -6, -7});
}
