// The exact search (issue #15) against brute force: symmetry classes, violation masks, the
// hitting-set engines, and the minima over all clue subsets of small size.
#include "critical/exact/exact.hpp"
#include "critical/exact/exhaustive.hpp"
#include "critical/exact/hitting_set_bb.hpp"
#include "generators/latin/square.hpp"
#include "generators/latin/enumerate.hpp"
#include "generators/latin/symmetry.hpp"

#include <catch2/catch.hpp>

#include <optional>
#include <random>

using namespace futolab::critical;
using futolab::square_classes;
using futolab::SquareClass;

namespace {

// The unique-completability test of the definition: no other square avoids every clue of S.
bool unique_by_masks(const std::vector<ClueMask>& violations, const ClueMask& s) {
    for (const ClueMask& v : violations)
        if (!v.empty() && !v.intersects(s)) return false;
    return true;
}

// Brute force: the cheapest uniquely completable subset of at most max_size clues of
// `allowed` with at most h_max numbers (h_max < 0: any), or nullopt.
std::optional<int> brute_minimum(int n, const std::vector<ClueMask>& violations, const CostModel& cost,
                                 const ClueMask& allowed, int max_size, int h_max = -1) {
    const std::vector<int> clues = allowed.indices();
    std::optional<int> best;
    ClueMask s;
    auto rec = [&](auto&& self, std::size_t from, int size, int c, int h) -> void {
        if (best && c >= *best) return;
        if (unique_by_masks(violations, s)) {
            best = c;
            return;
        }
        if (size == max_size) return;
        for (std::size_t i = from; i < clues.size(); ++i) {
            const bool number = clues[i] < n * n;
            if (number && h_max >= 0 && h == h_max) continue;
            s.set(clues[i]);
            self(self, i + 1, size + 1, c + cost.weight[clues[i]], h + (number ? 1 : 0));
            s.reset(clues[i]);
        }
    };
    rec(rec, 0, 0, 0, 0);
    return best;
}

// The brute force sees subsets of at most kMaxSize clues: it must never beat the exact
// optimum, and must equal it when the optimal set is that small.
constexpr int kMaxSize = 5;
void agrees(const Optimum& exact, const std::optional<int>& brute, const CostModel& cost) {
    if (brute) {
        REQUIRE(exact.feasible);
        REQUIRE(*brute >= exact.cost);
    }
    if (exact.feasible) {
        REQUIRE(cost_of(cost, exact.set) == exact.cost);
        if (exact.set.count() <= kMaxSize) REQUIRE(brute == exact.cost);
    }
}

std::vector<ClueMask> violations_of(const SquareTable& table, const std::vector<int>& L) { return table.violations(L); }

}  // namespace

TEST_CASE("exact: the table's violation masks are the clues each square violates", "[critical][exact]") {
    const SquareTable table(4);
    const std::vector<int> L = table.square(123);
    const std::vector<ClueMask> v = table.violations(L);
    const ClueUniverse u(4, L);
    for (std::size_t i = 0; i < table.size(); i += 7) {
        const std::vector<int>& M = table.square(i);
        REQUIRE(v[i] == violation_mask(4, L, M));
        for (int c = 0; c < u.size(); ++c) {
            const Clue& clue = u.clue(c);
            const bool violated = clue.is_number ? M[clue.cell] != L[clue.cell] : M[clue.cell] > M[clue.other];
            REQUIRE(v[i].test(c) == violated);
        }
    }
    REQUIRE(v[123].empty());
}

TEST_CASE("exact: squares determined by their comparisons, against a pairwise scan", "[critical][exact]") {
    for (int n = 2; n <= 4; ++n) {
        const SquareTable table(n);
        std::size_t unique = 0;
        const int cells = n * n;
        for (std::size_t i = 0; i < table.size(); ++i) {
            bool alone = true;
            for (std::size_t j = 0; j < table.size() && alone; ++j) {
                if (j == i) continue;
                const ClueMask v = violation_mask(n, table.square(i), table.square(j));
                bool relations_differ = false;
                for (int c = cells; c < cells + 2 * n * (n - 1); ++c) relations_differ = relations_differ || v.test(c);
                alone = relations_differ;
            }
            unique += alone ? 1 : 0;
        }
        REQUIRE(table.determined_by_relations() == unique);
    }
}

TEST_CASE("exact: both hitting-set engines give the brute-force minimum on random instances", "[critical][exact]") {
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 200; ++trial) {
        const int clues = 12;
        HittingProblem p;
        p.allowed = ClueMask::prefix(clues);
        for (int i = 0; i < clues; ++i) p.weight.push_back(1 + static_cast<int>(rng() % 3));
        const int sets = 3 + static_cast<int>(rng() % 8);
        HittingSetModel sat(clues);
        for (int j = 0; j < sets; ++j) {
            ClueMask s;
            for (int i = 0; i < clues; ++i)
                if (rng() % 4 == 0) s.set(i);
            if (s.empty()) s.set(static_cast<int>(rng() % clues));
            p.sets.push_back(s);
            sat.add_set(s);
        }
        // A few clues not allowed: some sets may then be unhittable (no hitting set at all).
        for (int i = 0; i < clues; ++i)
            if (rng() % 6 == 0) p.allowed.reset(i);
        int brute = 1 << 20;
        for (std::uint32_t m = 0; m < (1U << clues); ++m) {
            ClueMask s{m, 0};
            if ((s & p.allowed) != s) continue;
            bool hits = true;
            for (const ClueMask& t : p.sets) hits = hits && t.intersects(s);
            int cost = 0;
            for (int i : s.indices()) cost += p.weight[i];
            if (hits) brute = std::min(brute, cost);
        }
        const HittingSolution bb = min_hitting_set(p, 0, 1 << 20);
        REQUIRE(bb.found == (brute < (1 << 20)));
        if (!bb.found) {
            REQUIRE_FALSE(sat.solve(p.allowed, {}));
            continue;
        }
        REQUIRE(bb.cost == brute);
        // CaDiCaL with the totalizer: SAT at the minimum, UNSAT just below.
        REQUIRE(sat.solve(p.allowed, {{p.weight, brute}}));
        REQUIRE_FALSE(sat.solve(p.allowed, {{p.weight, brute - 1}}));
        // The certificate formula agrees.
        REQUIRE(refute(hitting_set_cnf(clues, p.allowed, p.sets, {{p.weight, brute - 1}})));
        REQUIRE_FALSE(refute(hitting_set_cnf(clues, p.allowed, p.sets, {{p.weight, brute}})));
    }
}

TEST_CASE("exact: per-class minima equal brute force over all small clue subsets (n = 3, 4)", "[critical][exact]") {
    for (int n : {3, 4}) {
        const SquareTable table(n);
        const auto classes = square_classes(n);
        ExactOptions per_class;
        per_class.prune = false;
        const std::size_t step = n == 3 ? 1 : 17;  // every class of order 3, five of order 4
        for (std::size_t ci = 0; ci < classes.size(); ci += step) {
            const SquareClass& c = classes[ci];
            const std::vector<ClueMask> v = violations_of(table, c.square);
            for (auto objective : {ExactObjective::two_h_three_k, ExactObjective::h_plus_k, ExactObjective::k_only,
                                   ExactObjective::h_only}) {
                const CostModel cost = cost_model(n, objective);
                const ClassResult r = solve_class(n, c, ci, objective, table, per_class);
                const std::optional<int> brute = brute_minimum(n, v, cost, cost.allowed, kMaxSize);
                INFO("n=" << n << " class " << ci << " objective " << exact_objective_name(objective));
                agrees(r.optimum, brute, cost);
                if (r.optimum.feasible) REQUIRE(unique_by_masks(v, r.optimum.set));
            }
            const ClassResult f = solve_class(n, c, ci, ExactObjective::frontier, table, per_class);
            const CostModel k = relations_cost(n);
            const ClueMask all = ClueMask::prefix(n * n + 2 * n * (n - 1));
            for (const FrontierPoint& p : f.frontier) {
                const std::optional<int> brute = brute_minimum(n, v, k, all, kMaxSize, p.h_max);
                INFO("n=" << n << " class " << ci << " frontier h_max " << p.h_max);
                agrees(p.k, brute, k);
                if (p.k.feasible) REQUIRE((p.k.set & ClueMask::prefix(n * n)).count() <= p.h_max);
            }
        }
    }
}

TEST_CASE("exact: global minima agree with the exhaustive set cover and with brute force", "[critical][exact]") {
    // n = 3: brute force over every square (all 12) and every subset of ≤ 4 clues.
    {
        const SquareTable table(3);
        for (auto objective : {ExactObjective::two_h_three_k, ExactObjective::h_plus_k, ExactObjective::k_only,
                               ExactObjective::h_only}) {
            const CostModel cost = cost_model(3, objective);
            std::optional<int> brute;
            for (std::size_t i = 0; i < table.size(); ++i) {
                const auto b = brute_minimum(3, table.violations(table.square(i)), cost, cost.allowed, 4);
                if (b && (!brute || *b < *brute)) brute = b;
            }
            const ExactResult r = exact_minimum(3, objective);
            REQUIRE(brute);
            REQUIRE(r.best.optimum.cost == *brute);
        }
    }
    // n = 4: the independent exhaustive set cover of issue #4 (all 575 other squares per class).
    const ExhaustiveResult e = exhaustive_minimum(4);
    REQUIRE(exact_minimum(4, ExactObjective::two_h_three_k).best.optimum.cost == e.weighted.cost);
    REQUIRE(exact_minimum(4, ExactObjective::k_only).best.optimum.cost == e.relations.cost);
    ExactOptions two;
    two.threads = 2;
    REQUIRE(exact_minimum(4, ExactObjective::h_plus_k, two).best.optimum.cost == 4);
    REQUIRE(exact_minimum(4, ExactObjective::h_only, two).best.optimum.cost == 4);
    // The frontier of order 4: k = 4, 3, 2, 1, 0 for h_max = 0..4 (brute force per class above).
    const ExactResult f = exact_minimum(4, ExactObjective::frontier);
    REQUIRE(f.frontier.size() == 5);
    for (int H = 0; H <= 4; ++H) REQUIRE(f.frontier[H].optimum.cost == 4 - H);
}
