// The solver oracle (critical/oracle/solver_counterexample.*) against the table of all squares: the
// same yes/no answer on every query, only real counterexamples, inclusion-minimal sets after
// shrinking, and the same per-class minima in the lazy search (n = 4: every class; n = 5: a
// sample of classes), for the zero-given objective k and for 2h+3k.
#include "critical/oracle/solver_counterexample.hpp"
#include "critical/exact/exact.hpp"
#include "generators/latin/square.hpp"
#include "../support.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace futolab;
using namespace futolab::critical;

namespace {

ClueMask random_subset(int clues, double p, std::mt19937_64& rng) {
    std::bernoulli_distribution keep(p);
    ClueMask m;
    for (int i = 0; i < clues; ++i)
        if (keep(rng)) m.set(i);
    return m;
}

// True if no non-empty table mask lies strictly inside `set` (inclusion-minimal unavoidable).
bool minimal(const std::vector<ClueMask>& violations, const ClueMask& set) {
    for (const ClueMask& v : violations)
        if (!v.empty() && v != set && (v & set) == v) return false;
    return true;
}

void same_minima(int n, const SquareTable& table, const SquareClass& c, std::size_t index, ExactObjective objective) {
    ExactOptions table_options, solver_options;
    table_options.prune = solver_options.prune = false;
    solver_options.oracle = ExactOracle::solver;
    const ClassResult t = solve_class(n, c, index, objective, table, table_options);
    const ClassResult s = solve_class(n, c, index, objective, table, solver_options);
    INFO("n=" << n << " class " << index << " objective " << exact_objective_name(objective));
    REQUIRE(s.optimum.feasible == t.optimum.feasible);
    if (!t.optimum.feasible) return;
    REQUIRE(s.optimum.cost == t.optimum.cost);
    // The solver's witness is uniquely completable by the table's definition.
    for (const ClueMask& v : table.violations(c.square))
        if (!v.empty()) REQUIRE(v.intersects(s.optimum.set));
}

}  // namespace

TEST_CASE("solver oracle: same answers as the table, real and minimal counterexamples", "[critical][exact]") {
    for (int n : {3, 4, 5}) {
        const SquareTable table(n);
        const int clues = n * n + 2 * n * (n - 1);
        std::mt19937_64 rng(40 + n);
        for (std::uint64_t seed = 1; seed <= 4; ++seed) {
            const std::vector<int> L = test::test_square(n, seed * 7 + n);
            TableOracle by_table(table, L);
            SolverOracle by_solver(n, L), unshrunk(n, L, false);
            const std::vector<ClueMask> violations = table.violations(L);
            for (int q = 0; q < 40; ++q) {
                const ClueMask S = random_subset(clues, 0.05 + 0.02 * q, rng);
                const auto t = by_table.find(S);
                const auto s = by_solver.find(S);
                const auto raw = unshrunk.find(S);
                REQUIRE(s.has_value() == t.has_value());
                REQUIRE(raw.has_value() == t.has_value());
                if (!s) continue;
                REQUIRE(is_latin_square(n, s->square));
                REQUIRE(s->square != L);
                REQUIRE(s->violated == violation_mask(n, L, s->square));
                REQUIRE_FALSE(s->violated.intersects(S));
                REQUIRE(minimal(violations, s->violated));
                REQUIRE((s->violated & raw->violated) == s->violated);  // shrinking never grows
            }
        }
    }
}

TEST_CASE("solver oracle: per-class minima of k and 2h+3k equal the table's (n = 4 all, n = 5 sample)",
          "[critical][exact][heavy]") {
    for (int n : {4, 5}) {
        const SquareTable table(n);
        const auto classes = square_classes(n);
        const std::size_t step = n == 4 ? 1 : 731;  // n = 5: 14 of the 10 192 classes, spread out
        for (std::size_t i = 0; i < classes.size(); i += step)
            for (ExactObjective objective : {ExactObjective::k_only, ExactObjective::two_h_three_k})
                same_minima(n, table, classes[i], i, objective);
    }
}

TEST_CASE("solver oracle: minima do not depend on seeds or shrinking", "[critical][exact]") {
    const int n = 4;
    const SquareTable table(n);
    const auto classes = square_classes(n);
    for (std::size_t i = 0; i < classes.size(); i += 7) {
        ExactOptions plain;
        plain.prune = false;
        plain.oracle = ExactOracle::solver;
        plain.cycle_seeds = false;
        plain.shrink = false;
        ExactOptions seeded;
        seeded.prune = false;
        seeded.oracle = ExactOracle::solver;
        const ClassResult a = solve_class(n, classes[i], i, ExactObjective::two_h_three_k, table, plain);
        const ClassResult b = solve_class(n, classes[i], i, ExactObjective::two_h_three_k, table, seeded);
        REQUIRE(a.optimum.cost == b.optimum.cost);
    }
}

TEST_CASE("exact sample: classes of random squares, an upper bound at n = 6", "[critical][exact]") {
    ExactOptions options;
    const ExactResult r = exact_sample(5, ExactObjective::k_only, 6, 11, options);
    REQUIRE(r.sample);
    REQUIRE(r.squares == 6);
    REQUIRE_FALSE(r.classes.empty());
    REQUIRE(r.classes.size() <= 6);
    if (r.best.optimum.feasible) REQUIRE(r.best.optimum.cost >= 6);  // the exact n = 5 minimum of k
    REQUIRE_THROWS(exact_sample(7, ExactObjective::k_only, 1, 1, options));
}
