// The assign_limit option of `backtracking` and `bitmask` (order.hpp): a cap on assignments,
// i.e. nodes that passed the test (nodes − fails), as the USP course report counts them.
#include "tests/solvers/backtracking/solve_helpers.hpp"
#include "solvers/registry/registry.hpp"

#include <catch2/catch.hpp>

using namespace futolab;
using futolab::test::solve;

TEST_CASE("assign_limit is in the option table with default 0 (no limit)", "[backtracking][assign_limit]") {
    CHECK(parse_solver_spec("backtracking").canonical_options() == "assign_limit=0,val=min");
    CHECK(parse_solver_spec("bitmask:assign_limit=7").canonical_options() == "assign_limit=7,val=min");
}

TEST_CASE("assign_limit: the assignment that reaches the cap is made, and counts if it solves",
          "[backtracking][assign_limit]") {
    // Empty 2x2, values 1..2: (0,0)=1; (0,1) fails 1, takes 2; (1,0) fails 1, takes 2;
    // (1,1) takes 1 and completes the square: 6 nodes, 2 fails, 4 assignments.
    for (const char* name : {"backtracking", "bitmask"}) {
        INFO(name);
        const std::string base = std::string(name) + ":assign_limit=";
        const SolveResult at_cap = solve(base + "4", test::empty_puzzle(2), Mode::first());
        CHECK(at_cap.status == Status::solved);
        CHECK(at_cap.counters.nodes - at_cap.counters.fails == 4);
        const SolveResult below = solve(base + "3", test::empty_puzzle(2), Mode::first());
        CHECK(below.status == Status::node_limit);
        CHECK(below.counters.nodes == 5);
        CHECK(below.counters.fails == 2);
        CHECK(below.solution.empty());
        // Counting all solutions, the cap stops the search after the solution it completes.
        const SolveResult all = solve(base + "4", test::empty_puzzle(2), Mode::count_all());
        CHECK(all.status == Status::node_limit);
        CHECK(all.counters.solutions == 1);
        // No cap: the default tree, unchanged.
        CHECK(solve(base + "0", test::empty_puzzle(2), Mode::count_all()).counters ==
              solve(name, test::empty_puzzle(2), Mode::count_all()).counters);
    }
}
