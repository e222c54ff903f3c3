// Tests of `backtracking`: Latin-square counts, known instances, counters worked out by hand,
// limits and determinism. Its equivalence with `bitmask` is tested in tests/solvers/bitmask.
#include "core/instance.hpp"
#include "tests/solvers/backtracking/solve_helpers.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using futolab::test::solve;

TEST_CASE("backtracking counts the Latin squares of order 3 and 4", "[backtracking]") {
    const auto [n, squares] = GENERATE(std::pair{3, 12u}, std::pair{4, 576u});
    for (const char* spec : {"backtracking", "backtracking:val=max"}) {
        const SolveResult r = solve(spec, test::empty_puzzle(n), Mode::count_all());
        CHECK(r.status == Status::counted);
        CHECK(r.counters.solutions == squares);
        CHECK(r.counters.max_depth == static_cast<std::uint64_t>(n * n));
    }
}

TEST_CASE("backtracking counts the 161280 Latin squares of order 5", "[backtracking]") {
    const SolveResult r = solve("backtracking", test::empty_puzzle(5), Mode::count_all());
    CHECK(r.status == Status::counted);
    CHECK(r.counters.solutions == 161280);
}

TEST_CASE("backtracking counters on the empty 2x2, worked out by hand", "[backtracking]") {
    // Per value of cell 0: cell 1 tries the equal value (1 check, fail) and the other (1 check);
    // cell 2 likewise against cell 0; cell 3 passes its row and column (2 checks), then fails
    // its row (1 check). 7 nodes, 3 fails, 7 checks, twice.
    const SolveResult r = solve("backtracking", test::empty_puzzle(2), Mode::count_all());
    CHECK(r.status == Status::counted);
    CHECK(r.counters.solutions == 2);
    CHECK(r.counters.nodes == 14);
    CHECK(r.counters.fails == 6);
    CHECK(r.counters.checks == 14);
    CHECK(r.counters.propagations == 0);
    CHECK(r.counters.max_depth == 4);
    CHECK(r.solution == std::vector<int>{1, 2, 2, 1});
    CHECK(solve("backtracking:val=max", test::empty_puzzle(2), Mode::first()).solution ==
          std::vector<int>{2, 1, 1, 2});
}

TEST_CASE("backtracking solves the Conjure tutorial instance uniquely", "[backtracking]") {
    for (const char* spec : {"backtracking", "backtracking:val=max"}) {
        const SolveResult unique = solve(spec, test::conjure_tutorial(), Mode::count_to(2));
        CHECK(unique.status == Status::unique);
        CHECK(unique.solution == test::kConjureSolution);
        const SolveResult first = solve(spec, test::conjure_tutorial(), Mode::first());
        CHECK(first.status == Status::solved);
        CHECK(first.solution == test::kConjureSolution);
    }
}

TEST_CASE("backtracking: the root check of the givens", "[backtracking]") {
    SECTION("two equal givens in a row") {
        const SolveResult r = solve("backtracking", test::equal_givens_in_row(4), Mode::count_to(2));
        CHECK(r.status == Status::unsat);
        CHECK(r.counters.fails == 1);
        CHECK(r.counters.nodes == 0);
        CHECK(r.counters.checks == 1);
        CHECK(r.solution.empty());
    }
    SECTION("a relation between two givens violated") {
        Instance in;
        in.n = 3;
        in.givens = {{0, 0, 2}, {0, 1, 1}};
        in.lt = {{0, 0, 0, 1}};
        const SolveResult r = solve("backtracking", Puzzle::compile(in), Mode::first());
        CHECK(r.status == Status::unsat);
        CHECK(r.counters.fails == 1);
        CHECK(r.counters.nodes == 0);
        CHECK(r.counters.checks == 2);  // 1 ≠ 2 passes, then 1 > 2 fails
    }
    SECTION("a full consistent grid is its own solution, without a node") {
        const SolveResult r = solve("backtracking", test::full_grid(4), Mode::count_to(2));
        CHECK(r.status == Status::unique);
        CHECK(r.counters.nodes == 0);
        CHECK(r.counters.solutions == 1);
        CHECK(r.solution == test::full_grid(4).givens());
    }
}

TEST_CASE("backtracking: a given 1 that must exceed its empty neighbour fails in search", "[backtracking]") {
    // The neighbour (0,1) is the first variable: value 1 fails ≠ (1 check); 2 and 3 pass ≠
    // and fail < 1 (2 checks each). No chain bounds, so this is found by search, not at the root.
    const SolveResult r = solve("backtracking", test::one_greater_than_neighbour(3), Mode::first());
    CHECK(r.status == Status::unsat);
    CHECK(r.counters.nodes == 3);
    CHECK(r.counters.fails == 3);
    CHECK(r.counters.checks == 5);
    CHECK(r.counters.max_depth == 1);
}

TEST_CASE("backtracking works at n = 64", "[backtracking]") {
    // Every 7th cell of the cyclic square of order 64 emptied: one completion, found in ~244k nodes.
    const Puzzle puzzle = test::holey_cyclic(64, 7);
    const SolveResult r = solve("backtracking:val=max", puzzle, Mode::count_to(2));
    CHECK(r.status == Status::unique);
    CHECK(r.counters.max_depth == static_cast<std::uint64_t>(puzzle.cells() - puzzle.num_givens()));
    CHECK(r.solution == test::full_grid(64).givens());
}

TEST_CASE("backtracking respects the node limit exactly", "[backtracking]") {
    const std::uint64_t limit = GENERATE(1u, 7u, 1000u);
    const SolveResult r = solve("backtracking", test::empty_puzzle(5), Mode::count_all(), {0, limit});
    CHECK(r.status == Status::node_limit);
    CHECK(r.counters.nodes == limit);
    // A limit the search does not reach changes nothing.
    const SolveResult free = solve("backtracking", test::empty_puzzle(3), Mode::count_all());
    const Limits exact{0, free.counters.nodes};
    const SolveResult roomy = solve("backtracking", test::empty_puzzle(3), Mode::count_all(), exact);
    CHECK(roomy.status == Status::counted);
    CHECK(roomy.counters == free.counters);
}

TEST_CASE("backtracking stops at the time limit", "[backtracking]") {
    const SolveResult r = solve("backtracking", test::empty_puzzle(7), Mode::count_all(), {0.2, 0});
    CHECK(r.status == Status::timeout);
    CHECK(r.counters.nodes > 0);
}

TEST_CASE("backtracking is deterministic", "[backtracking]") {
    const Puzzle p = test::conjure_tutorial();
    const SolveResult a = solve("backtracking:val=max", p, Mode::count_all());
    const SolveResult b = solve("backtracking:val=max", p, Mode::count_all());
    CHECK(a.counters == b.counters);
    CHECK(a.solution == b.solution);
    const SolveResult c = solve("backtracking", test::empty_puzzle(4), Mode::count_all(), {0, 5000});
    const SolveResult d = solve("backtracking", test::empty_puzzle(4), Mode::count_all(), {0, 5000});
    CHECK(c.counters == d.counters);
}
