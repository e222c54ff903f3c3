#include "core/relation_graph.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <random>

using namespace futolab;

TEST_CASE("find_cycle returns the arcs of a directed cycle in order", "[relation_graph]") {
    // 0 → 1 → 3 → 2 → 0 on a 2x2 board, plus a chord-free extra arc.
    const std::vector<Relation> arcs{{0, 1}, {1, 3}, {3, 2}, {2, 0}};
    const auto cycle = find_cycle(4, arcs);
    REQUIRE(cycle);
    REQUIRE(cycle->size() == 4);
    for (std::size_t i = 0; i < cycle->size(); ++i)  // consecutive arcs chain up and close
        CHECK(arcs[(*cycle)[i]].hi == arcs[(*cycle)[(i + 1) % cycle->size()]].lo);
}

TEST_CASE("find_cycle accepts a DAG", "[relation_graph]") {
    CHECK_FALSE(find_cycle(4, {{0, 1}, {1, 3}, {0, 2}, {2, 3}}));
    CHECK_FALSE(find_cycle(4, {}));
}

TEST_CASE("chain_lengths are longest paths below and above", "[relation_graph]") {
    // A diamond 0 → 1 → 3, 0 → 2 → 3 and a longer path 4 → 0 on a 3x3 index space.
    const std::optional<ChainLengths> chains = chain_lengths(9, {{0, 1}, {1, 3}, {0, 2}, {2, 3}, {4, 0}});
    REQUIRE(chains);
    const ChainLengths& c = *chains;
    CHECK(c.below[4] == 0);
    CHECK(c.below[0] == 1);
    CHECK(c.below[3] == 3);
    CHECK(c.above[4] == 3);
    CHECK(c.above[3] == 0);
    CHECK(c.above[8] == 0);
    CHECK(c.below[8] == 0);
}

TEST_CASE("chain_lengths says a cyclic graph has none, and no relation means chains of one", "[relation_graph]") {
    CHECK_FALSE(chain_lengths(4, {{0, 1}, {1, 3}, {3, 2}, {2, 0}}));
    CHECK_FALSE(chain_lengths(9, {{4, 0}, {0, 1}, {1, 0}}));
    const std::optional<ChainLengths> none = chain_lengths(4, {});
    REQUIRE(none);
    CHECK(none->below == std::vector<int>(4, 0));
    CHECK(none->above == std::vector<int>(4, 0));
}

// Longest paths by brute force: relax every arc n times (Bellman–Ford on a DAG), against the
// sort over the related cells only (relation_graph.cpp).
TEST_CASE("chain_lengths equal brute-force longest paths on random DAGs", "[relation_graph]") {
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 300; ++trial) {
        const int cells = 2 + static_cast<int>(rng() % 40);
        // Arcs from a lower to a higher rank of a random permutation: always acyclic.
        std::vector<int> rank(static_cast<std::size_t>(cells));
        std::iota(rank.begin(), rank.end(), 0);
        std::shuffle(rank.begin(), rank.end(), rng);
        std::vector<Relation> arcs;
        const int k = static_cast<int>(rng() % static_cast<std::uint64_t>(2 * cells));
        for (int i = 0; i < k; ++i) {
            const int a = static_cast<int>(rng() % static_cast<std::uint64_t>(cells));
            const int b = static_cast<int>(rng() % static_cast<std::uint64_t>(cells));
            if (a == b) continue;
            arcs.push_back(rank[a] < rank[b] ? Relation{a, b} : Relation{b, a});
        }
        std::vector<int> below(static_cast<std::size_t>(cells), 0), above(static_cast<std::size_t>(cells), 0);
        for (int round = 0; round < cells; ++round)
            for (const Relation& r : arcs) {
                below[r.hi] = std::max(below[r.hi], below[r.lo] + 1);
                above[r.lo] = std::max(above[r.lo], above[r.hi] + 1);
            }
        const std::optional<ChainLengths> chains = chain_lengths(cells, arcs);
        REQUIRE(chains);
        CHECK(chains->below == below);
        CHECK(chains->above == above);
        if (!arcs.empty()) {  // closing a path back on itself makes a cycle
            std::vector<Relation> cyclic = arcs;
            cyclic.push_back({arcs.front().hi, arcs.front().lo});
            CHECK_FALSE(chain_lengths(cells, cyclic));
        }
    }
}
