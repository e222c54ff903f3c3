// The per-square search's hitting-set engines (issue #42 item 4) against the plain branch and
// bound of hitting_set_bb.hpp on random weighted problems: the Lagrangian branch and bound must
// answer "a hitting set costing at most B?" exactly as it does, at both mask widths, and every
// set either engine returns (the local search's too) must hit every set within the bound.
#include "critical/exact/hitting_set_bb.hpp"
#include "critical/exact/hitting_set_lagrange.hpp"
#include "critical/exact/hitting_set_local.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace futolab::critical;

namespace {

template <class Mask>
BasicHittingProblem<Mask> random_problem(std::mt19937_64& rng, int clues, int sets, int max_weight) {
    BasicHittingProblem<Mask> p;
    std::uniform_int_distribution<int> clue(0, clues - 1), size(2, 6), weight(1, max_weight);
    p.weight.assign(Mask::kBits, 0);
    for (int i = 0; i < clues; ++i) {
        p.weight[i] = weight(rng);
        if (rng() % 8 != 0) p.allowed.set(i);  // a few clues the objective may not use
    }
    for (int j = 0; j < sets; ++j) {
        Mask s;
        for (int k = size(rng); k > 0; --k) s.set(clue(rng));
        p.sets.push_back(s);
    }
    return p;
}

template <class Mask>
bool hits_within(const BasicHittingProblem<Mask>& p, const Mask& set, int bound) {
    int cost = 0;
    for (int i : set.indices()) cost += p.weight[i];
    if (cost > bound || set.minus(p.allowed).count() > 0) return false;
    for (const Mask& s : p.sets)
        if (!s.intersects(set)) return false;
    return true;
}

template <class Mask>
void agree_on_random_problems(int max_weight) {
    std::mt19937_64 rng(42);
    for (int trial = 0; trial < 60; ++trial) {
        const BasicHittingProblem<Mask> p = random_problem<Mask>(rng, 24, 10 + trial % 30, max_weight);
        const BasicHittingSolution<Mask> best = min_hitting_set(p, 0, 1 << 20);
        const int minimum = best.found ? best.cost : 1 << 20;
        for (int bound = std::max(0, minimum - 3); bound <= minimum + 1 && bound < 200; ++bound) {
            INFO("trial " << trial << " bound " << bound << " minimum " << minimum);
            const BasicHittingSolution<Mask> got = lagrange_hitting_set(p, bound);
            REQUIRE_FALSE(got.timed_out);
            REQUIRE(got.found == (bound >= minimum));
            if (got.found) REQUIRE(hits_within(p, got.set, bound));
            if (const auto local = local_hitting_set(p.sets, p.allowed, p.weight, bound, Mask{}, 500))
                REQUIRE(hits_within(p, *local, bound));
        }
    }
}

}  // namespace

TEST_CASE("lagrange hitting sets: the same answers as the plain branch and bound", "[critical][exact][hitting-set][long]") {
    agree_on_random_problems<ClueMask>(1);
    agree_on_random_problems<ClueMask>(3);
    agree_on_random_problems<WideClueMask>(3);
}

TEST_CASE("lagrange hitting sets: the refutation marks a core that refutes alone", "[critical][exact][hitting-set]") {
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 20; ++trial) {
        BasicHittingProblem<ClueMask> p = random_problem<ClueMask>(rng, 20, 30, 2);
        const BasicHittingSolution<ClueMask> best = min_hitting_set(p, 0, 1 << 20);
        if (!best.found || best.cost == 0) continue;
        std::vector<std::uint8_t> used(p.sets.size(), 0);
        p.used = &used;
        REQUIRE_FALSE(lagrange_hitting_set(p, best.cost - 1).found);
        BasicHittingProblem<ClueMask> core = p;
        core.used = nullptr;
        core.sets.clear();
        for (std::size_t j = 0; j < p.sets.size(); ++j)
            if (used[j]) core.sets.push_back(p.sets[j]);
        REQUIRE_FALSE(min_hitting_set(core, 0, best.cost - 1).found);
    }
}
