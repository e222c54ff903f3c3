// The other propagators and the engine's fixpoint, each against brute force.
#include "gac_test_helpers.hpp"
#include "solvers/gac/engine.hpp"
#include "solvers/gac/less.hpp"
#include "solvers/gac/neq.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <optional>
#include <random>
#include <utility>

namespace futolab::gac {
namespace {

using test::Domains;

bool in(std::uint64_t d, int v) { return (d >> v) & 1; }

// Arc consistency of pairwise ≠ by naive iteration (no queue): a value of x stays iff every
// other variable has some different value.
std::optional<Domains> naive_neq(Domains d) {
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t x = 0; x < d.size(); ++x)
            for (std::size_t y = 0; y < d.size(); ++y)
                for (int a = 0; x != y && a < 64; ++a)
                    if (in(d[x], a) && (d[y] & ~(std::uint64_t{1} << a)) == 0) {
                        d[x] &= ~(std::uint64_t{1} << a);
                        changed = true;
                    }
    }
    for (const auto x : d)
        if (x == 0) return std::nullopt;
    return d;
}

Domains random_domains(std::mt19937_64& rng, int vars, int values) {
    Domains d(static_cast<std::size_t>(vars));
    for (auto& x : d) {
        x = rng() & ((std::uint64_t{1} << values) - 1);
        if (rng() % 3 == 0) x &= ~x + 1;  // often a singleton (the lowest value)
    }
    return d;
}

// The engine's domains as a vector.
Domains domains_of(const Engine& e) { return {e.domains().begin(), e.domains().end()}; }

// The root's starting domains for the reference: full 1..n (no chain bounds, which the
// fixpoint must imply) with givens fixed.
Domains start_domains(const Puzzle& p) {
    Domains d(static_cast<std::size_t>(p.cells()), (std::uint64_t{1} << p.n()) - 1);
    for (int c = 0; c < p.cells(); ++c)
        if (p.given(c) != 0) d[c] = std::uint64_t{1} << (p.given(c) - 1);
    return d;
}

// A random decision on an open cell of the engine — x = v (left) or x ≠ v, v any value of
// x — made on the engine and on a copy of its domains; nullopt if every cell is assigned.
// Returns the copy, for the reference fixpoint.
std::optional<Domains> decide_at_random(std::mt19937_64& rng, Engine& e) {
    std::vector<int> open;
    for (int c = 0; c < e.cells(); ++c)
        if (std::popcount(e.dom(c)) > 1) open.push_back(c);
    if (open.empty()) return std::nullopt;
    const int x = open[rng() % open.size()];
    std::uint64_t values = e.dom(x);
    for (auto k = rng() % static_cast<unsigned>(std::popcount(values)); k > 0; --k) values &= values - 1;
    const int v = std::countr_zero(values);
    const bool left = rng() % 2 == 0;
    Domains d = domains_of(e);
    d[x] = left ? std::uint64_t{1} << v : d[x] & ~(std::uint64_t{1} << v);
    left ? e.assign(x, v) : e.remove(x, v);
    return d;
}

}  // namespace

TEST_CASE("AC-3 on pairwise != reaches the arc-consistent fixpoint", "[gac][neq]") {
    std::mt19937_64 rng(3);
    int wipeouts = 0;
    for (int round = 0; round < 5000; ++round) {
        Domains d = random_domains(rng, 1 + round % 7, 6);
        const auto expected = naive_neq(d);
        std::uint64_t checks = 0;
        const bool ok = ac3_alldiff(d, checks);
        INFO("round " << round);
        REQUIRE(ok == expected.has_value());
        if (ok) REQUIRE(d == *expected);
        wipeouts += !ok;
    }
    CHECK(wipeouts > 300);
}

TEST_CASE("bounds revision of < keeps exactly the supported values", "[gac][less]") {
    for (std::uint64_t a = 1; a < 64; ++a)
        for (std::uint64_t b = 1; b < 64; ++b) {
            std::uint64_t lo = 0, hi = 0;
            for (int x = 0; x < 6; ++x)
                for (int y = x + 1; y < 6; ++y)
                    if (in(a, x) && in(b, y)) {
                        lo |= std::uint64_t{1} << x;
                        hi |= std::uint64_t{1} << y;
                    }
            REQUIRE(revise_smaller(a, b) == lo);
            REQUIRE(revise_greater(b, a) == hi);
        }
    CHECK(revise_greater(~std::uint64_t{0}, std::uint64_t{1} << 63) == 0);  // the top of the word
}

TEST_CASE("the engine's fixpoint is GAC on lines and relations, at the root and after decisions",
          "[gac][engine]") {
    std::mt19937_64 rng(11);
    int root_fails = 0, checked = 0;
    for (int round = 0; round < 2000; ++round) {
        const int n = 3 + round % 4;
        const Puzzle p = test::random_puzzle(rng, n, 0.15 + 0.05 * (round % 4), 0.3, round % 2 == 1);
        const bool regin = round % 4 < 2;
        Counters counters;
        Engine e(p, regin ? Alldiff::regin : Alldiff::binary, counters);
        const auto expected = test::naive_fixpoint(p, start_domains(p), regin);
        INFO("round " << round << " regin " << regin);
        REQUIRE(e.root() == expected.has_value());
        if (!expected) {
            ++root_fails;
            continue;
        }
        REQUIRE(domains_of(e) == *expected);
        // A random walk of decisions (x = v, or x != v), each checked against the reference.
        for (int step = 0; step < 12; ++step) {
            const std::optional<Domains> d = decide_at_random(rng, e);
            if (!d) break;
            const auto want = test::naive_fixpoint(p, *d, regin);
            REQUIRE(e.propagate() == want.has_value());
            ++checked;
            if (!want) break;
            REQUIRE(domains_of(e) == *want);
        }
    }
    CHECK(root_fails > 20);
    CHECK(checked > 1000);
}

TEST_CASE("the fixpoint stays right through decisions and undos", "[gac][engine][heavy]") {
    // alldiff=regin keeps per line and value the positions that still hold it (stage 1 reads
    // hidden singles off them, the ≠ pass its holders): undo must restore them with the
    // domains, or a later fixpoint goes wrong. A random walk down and back up the tree.
    std::mt19937_64 rng(23);
    int undos = 0, checked = 0;
    for (int round = 0; round < 400; ++round) {
        const int n = 4 + round % 3;
        const Puzzle p = test::random_puzzle(rng, n, 0.1 + 0.05 * (round % 3), 0.25, false);
        Counters counters;
        Engine e(p, Alldiff::regin, counters);
        if (!e.root()) continue;
        std::vector<std::pair<std::size_t, Domains>> stack;  // marks and their domains
        for (int step = 0; step < 40; ++step) {
            const bool all_assigned = std::all_of(e.domains().begin(), e.domains().end(), [](std::uint64_t x) { return std::popcount(x) == 1; });
            if (all_assigned || (!stack.empty() && rng() % 3 == 0)) {
                if (stack.empty()) break;
                const std::size_t back = rng() % stack.size();  // up one or more levels
                e.undo(stack[back].first);
                INFO("round " << round << " step " << step);
                REQUIRE(domains_of(e) == stack[back].second);
                stack.resize(back);
                ++undos;
                continue;
            }
            stack.emplace_back(e.mark(), domains_of(e));
            const auto want = test::naive_fixpoint(p, *decide_at_random(rng, e), true);
            INFO("round " << round << " step " << step);
            REQUIRE(e.propagate() == want.has_value());
            ++checked;
            if (want) REQUIRE(domains_of(e) == *want);
            else {  // back to the state before the decision
                e.undo(stack.back().first);
                stack.pop_back();
            }
        }
    }
    CHECK(undos > 1000);
    CHECK(checked > 3000);
}

TEST_CASE("with the cube, the fixpoint is also GAC on every value's rows-to-columns alldifferent",
          "[gac][engine][cube][heavy]") {
    // Stage 2b (Engine::set_cube) against the reference that enumerates each value's
    // permutations of rows to columns: at the root, after random decisions, and after undos
    // (its matchings and dirty values must survive both). Some roots must narrow beyond GAC
    // on the lines, or the stage is not doing anything.
    std::mt19937_64 rng(41);
    int stronger = 0, checked = 0, undos = 0, root_fails = 0;
    for (int round = 0; round < 600; ++round) {
        const int n = 4 + round % 3;
        const Puzzle p = test::random_puzzle(rng, n, 0.1 + 0.05 * (round % 3), 0.25, round % 4 == 3);
        Counters counters;
        Engine e(p, Alldiff::regin, counters);
        e.set_cube(Engine::Cube::on);
        const auto expected = test::naive_fixpoint(p, start_domains(p), true, true);
        INFO("round " << round);
        REQUIRE(e.root() == expected.has_value());
        if (!expected) {
            ++root_fails;
            continue;
        }
        REQUIRE(domains_of(e) == *expected);
        stronger += *expected != test::naive_fixpoint(p, start_domains(p), true, false);
        std::vector<std::pair<std::size_t, Domains>> stack;  // marks and their domains
        for (int step = 0; step < 30; ++step) {
            const bool all_assigned = std::all_of(e.domains().begin(), e.domains().end(), [](std::uint64_t x) { return std::popcount(x) == 1; });
            if (all_assigned || (!stack.empty() && rng() % 3 == 0)) {
                if (stack.empty()) break;
                const std::size_t back = rng() % stack.size();
                e.undo(stack[back].first);
                REQUIRE(domains_of(e) == stack[back].second);
                stack.resize(back);
                ++undos;
                continue;
            }
            stack.emplace_back(e.mark(), domains_of(e));
            const auto want = test::naive_fixpoint(p, *decide_at_random(rng, e), true, true);
            INFO("step " << step);
            REQUIRE(e.propagate() == want.has_value());
            ++checked;
            if (want) {
                REQUIRE(domains_of(e) == *want);
            } else {
                e.undo(stack.back().first);
                stack.pop_back();
            }
        }
    }
    CHECK(root_fails > 10);
    CHECK(stronger > 5);
    CHECK(checked > 2000);
    CHECK(undos > 500);
}

TEST_CASE("light SAC at the root is the SAC fixpoint of the light propagation", "[gac][engine][sac][long]") {
    // A light probe runs stages 0–1 only (≠, bounds, hidden singles), so this is where stage 1
    // shows: with Régin outside the probes, a hidden single missed or wrongly taken inside a
    // probe changes which values survive. Reference: naive iteration of the rule itself.
    std::mt19937_64 rng(31);
    int narrowed = 0, checked = 0;
    for (int round = 0; round < 150; ++round) {
        const int n = 4 + round % 3;
        const Puzzle p = test::random_puzzle(rng, n, 0.1 + 0.05 * (round % 3), 0.3, round % 5 == 0);
        Counters counters;
        ProbeOptions light{.where = ProbeOptions::Where::root, .light = true};
        Engine e(p, Alldiff::regin, counters, light);
        const auto want = test::naive_light_sac(p, start_domains(p));
        INFO("round " << round);
        REQUIRE(e.root() == want.has_value());
        if (!want) continue;
        REQUIRE(domains_of(e) == *want);
        ++checked;
        narrowed += *want != test::naive_fixpoint(p, start_domains(p), true);
    }
    CHECK(checked > 100);
    CHECK(narrowed > 10);  // probing prunes beyond GAC on some of them
}

TEST_CASE("undo restores the domains of the mark", "[gac][engine]") {
    std::mt19937_64 rng(5);
    const Puzzle p = test::random_puzzle(rng, 6, 0.2, 0.2, false);
    Counters counters;
    Engine e(p, Alldiff::regin, counters);
    REQUIRE(e.root());
    const Domains before = domains_of(e);
    const std::size_t mark = e.mark();
    int x = 0;
    while (std::popcount(e.dom(x)) < 2) ++x;
    e.assign(x, std::countr_zero(e.dom(x)));
    e.propagate();
    e.undo(mark);
    CHECK(domains_of(e) == before);
}

}  // namespace futolab::gac
