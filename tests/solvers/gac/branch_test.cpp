// The variable orders of `gac` (solvers/gac/branch.cpp) against their definitions computed the
// slow way, cell by cell, on engine states reached by random assignments.
#include "../../support/random_instances.hpp"
#include "core/puzzle.hpp"
#include "solvers/gac/branch.hpp"
#include "solvers/gac/engine.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <vector>

namespace futolab::gac {
namespace {

// branch.hpp: deg(x) = Σ over the open cells y ≠ x of x's row (weight of the row), of its
// column (weight of the column), and over x's open related neighbours (weight of the
// relation); the smallest |D(x)| / deg(x), ties to the smallest index. All weights 1 if none.
int reference_ratio(const Engine& e, const std::vector<std::uint64_t>& weights) {
    const int n = e.n();
    const auto w = [&](int id) { return weights.empty() ? std::uint64_t{1} : weights[static_cast<std::size_t>(id)]; };
    const auto open = [&](int c) { return !is_singleton(e.dom(c)); };
    int best = -1;
    std::uint64_t best_size = 0, best_deg = 0;
    for (int c = 0; c < e.cells(); ++c) {
        if (!open(c)) continue;
        const int r = c / n, k = c % n;
        std::uint64_t deg = 0;
        for (int j = 0; j < n; ++j) {
            if (j != k && open(r * n + j)) deg += w(r);
            if (j != r && open(j * n + k)) deg += w(n + k);
        }
        for (const Arc& a : e.arcs(c).greater_arcs()) deg += open(a.cell) ? w(a.constraint) : 0;
        for (const Arc& a : e.arcs(c).smaller_arcs()) deg += open(a.cell) ? w(a.constraint) : 0;
        if (deg == 0) deg = 1;
        const auto s = static_cast<std::uint64_t>(size(e.dom(c)));
        if (best < 0 || s * best_deg < best_size * deg) {
            best = c;
            best_size = s;
            best_deg = deg;
        }
    }
    return best;
}

}  // namespace

TEST_CASE("dom/deg and dom/wdeg choose the cell their definition does", "[gac][branch]") {
    std::mt19937_64 rng(11);
    int states = 0;
    for (std::uint64_t seed = 1; seed <= 80; ++seed) {
        const Puzzle p = Puzzle::compile(test::random_instance(test::mixed_spec(seed), seed));
        Counters counters;
        Engine e(p, Alldiff::regin, counters);
        if (!e.root()) continue;
        std::vector<std::uint64_t> weights(static_cast<std::size_t>(e.num_constraints()));
        for (int step = 0; step < 6; ++step) {
            for (auto& x : weights) x = 1 + rng() % 9;
            INFO(p.id() << " step " << step);
            CHECK(select_var(e, VarOrder::domdeg, {}) == reference_ratio(e, {}));
            CHECK(select_var(e, VarOrder::domwdeg, weights) == reference_ratio(e, weights));
            CHECK(select_var(e, VarOrder::domwdeg, {}) == reference_ratio(e, {}));
            ++states;
            // One more random decision, kept if it propagates without failure.
            const int x = select_var(e, VarOrder::mrv, {});
            if (x < 0) break;
            const std::size_t mark = e.mark();
            const Dom d = e.dom(x);
            e.assign(x, nth(d, static_cast<int>(rng() % static_cast<std::uint64_t>(size(d)))));
            if (!e.propagate()) e.undo(mark);
        }
    }
    CHECK(states > 100);
}

}  // namespace futolab::gac
