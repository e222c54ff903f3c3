// Tests of `bitmask`: above all that it explores exactly the tree of `backtracking` (same
// nodes, fails, solutions, max_depth, status and first solution) on random instances, in every
// mode and value order, even when a node limit cuts the tree.
#include "tests/solvers/backtracking/solve_helpers.hpp"
#include "tests/support/random_instances.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace futolab;
using futolab::test::solve;

namespace {

// Everything the two backends must agree on; `checks` differ by definition.
void require_same_tree(const SolveResult& bt, const SolveResult& bm) {
    REQUIRE(bt.status != Status::error);
    REQUIRE(bm.status == bt.status);
    REQUIRE(bm.counters.nodes == bt.counters.nodes);
    REQUIRE(bm.counters.fails == bt.counters.fails);
    REQUIRE(bm.counters.solutions == bt.counters.solutions);
    REQUIRE(bm.counters.max_depth == bt.counters.max_depth);
    REQUIRE(bm.counters.propagations == 0);
    REQUIRE(bm.solution == bt.solution);
}

}  // namespace

TEST_CASE("bitmask counts the Latin squares of order 3, 4 and 5", "[bitmask]") {
    const auto [n, squares] = GENERATE(std::pair{3, 12u}, std::pair{4, 576u}, std::pair{5, 161280u});
    for (const char* spec : {"bitmask", "bitmask:val=max"}) {
        const SolveResult r = solve(spec, test::empty_puzzle(n), Mode::count_all());
        CHECK(r.status == Status::counted);
        CHECK(r.counters.solutions == squares);
        CHECK(r.counters.checks == r.counters.nodes);  // one mask test per node, no givens
    }
}

TEST_CASE("bitmask visits exactly the tree of backtracking", "[bitmask]") {
    // 360 instances, n = 3..6, from sparse to dense clues; every third has one given changed,
    // which makes many unsatisfiable. Each runs in 3 modes x 2 value orders under a node limit
    // (varied, so it falls anywhere in a run of failing values) that cuts the larger trees:
    // the comparison also covers the node_limit path.
    int instances = 0, unsat = 0, limited = 0;
    for (std::uint64_t seed = 1; seed <= 360; ++seed) {
        const Puzzle puzzle = Puzzle::compile(test::random_instance(test::mixed_spec(seed), seed));
        ++instances;
        for (const Mode mode : {Mode::first(), Mode::count_to(2), Mode::count_all()}) {
            for (const std::string val : {"min", "max"}) {
                INFO("seed " << seed << ", mode " << mode.name() << ", val=" << val);
                const Limits limits{0, 1000 + seed * 7919 % 20000};
                const SolveResult bt = solve("backtracking:val=" + val, puzzle, mode, limits);
                const SolveResult bm = solve("bitmask:val=" + val, puzzle, mode, limits);
                require_same_tree(bt, bm);
                unsat += bt.status == Status::unsat;
                limited += bt.status == Status::node_limit;
            }
        }
    }
    CHECK(instances == 360);
    CHECK(unsat > 100);   // the mix really has unsatisfiable instances
    CHECK(limited > 10);  // and trees cut by the limit
}

TEST_CASE("bitmask visits the tree of backtracking at n = 64", "[bitmask]") {
    for (const int every : {5, 7}) {
        const Puzzle puzzle = test::holey_cyclic(64, every);
        for (const std::string val : {"min", "max"}) {
            INFO("every " << every << ", val=" << val);
            const Limits limits{0, 300000};
            const SolveResult bt = solve("backtracking:val=" + val, puzzle, Mode::count_to(2), limits);
            const SolveResult bm = solve("bitmask:val=" + val, puzzle, Mode::count_to(2), limits);
            require_same_tree(bt, bm);
            if (every == 7) CHECK(bm.status == Status::unique);
        }
    }
}

TEST_CASE("bitmask counters on the empty 2x2 match backtracking's by hand", "[bitmask]") {
    const SolveResult r = solve("bitmask", test::empty_puzzle(2), Mode::count_all());
    CHECK(r.counters.solutions == 2);
    CHECK(r.counters.nodes == 14);
    CHECK(r.counters.fails == 6);
    CHECK(r.counters.checks == 14);
    CHECK(r.counters.max_depth == 4);
}

TEST_CASE("bitmask solves the Conjure tutorial instance uniquely", "[bitmask]") {
    for (const char* spec : {"bitmask", "bitmask:val=max"}) {
        const SolveResult r = solve(spec, test::conjure_tutorial(), Mode::count_to(2));
        CHECK(r.status == Status::unique);
        CHECK(r.solution == test::kConjureSolution);
        CHECK(r.counters.checks == r.counters.nodes + 2);  // + the root test of the 2 givens
    }
}

TEST_CASE("bitmask reports unsat instances", "[bitmask]") {
    SECTION("two equal givens in a row: the root check of the givens") {
        const SolveResult r = solve("bitmask", test::equal_givens_in_row(4), Mode::first());
        CHECK(r.status == Status::unsat);
        CHECK(r.counters.fails == 1);
        CHECK(r.counters.nodes == 0);
        CHECK(r.counters.checks == 2);  // the first given passes, the second fails
    }
    SECTION("a given 1 that must exceed its empty neighbour: found in search, as backtracking") {
        const SolveResult r = solve("bitmask", test::one_greater_than_neighbour(3), Mode::first());
        CHECK(r.status == Status::unsat);
        CHECK(r.counters.nodes == 3);
        CHECK(r.counters.fails == 3);
    }
    SECTION("a full consistent grid") {
        const SolveResult r = solve("bitmask", test::full_grid(5), Mode::count_all());
        CHECK(r.status == Status::counted);
        CHECK(r.counters.solutions == 1);
        CHECK(r.counters.nodes == 0);
    }
}

TEST_CASE("bitmask respects the limits", "[bitmask]") {
    const std::uint64_t limit = GENERATE(1u, 64u, 100000u);
    const SolveResult r = solve("bitmask", test::empty_puzzle(6), Mode::count_all(), {0, limit});
    CHECK(r.status == Status::node_limit);
    CHECK(r.counters.nodes == limit);
    const SolveResult t = solve("bitmask", test::empty_puzzle(7), Mode::count_all(), {0.2, 0});
    CHECK(t.status == Status::timeout);
}

TEST_CASE("bitmask is deterministic", "[bitmask]") {
    const SolveResult a = solve("bitmask:val=max", test::empty_puzzle(5), Mode::count_all());
    const SolveResult b = solve("bitmask:val=max", test::empty_puzzle(5), Mode::count_all());
    CHECK(a.counters == b.counters);
    CHECK(a.solution == b.solution);
}
