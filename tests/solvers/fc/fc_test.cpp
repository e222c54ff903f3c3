// Tests of `fc`: Latin-square counts, agreement with `bitmask` on solution counts over random
// instances (every reported solution verified by run_solver), counters worked out by hand,
// root wipe-outs, limits and determinism, for both variable orders.
#include "core/instance.hpp"
#include "tests/solvers/backtracking/solve_helpers.hpp"
#include "tests/support/random_instances.hpp"
#include "solvers/registry/registry.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace futolab;
using futolab::test::solve;

namespace {
const char* const kSpecs[] = {"fc:var=static", "fc:var=mrv", "fc:var=static,val=max", "fc:var=mrv,val=max"};
}

TEST_CASE("fc counts the Latin squares of order 3, 4 and 5", "[fc]") {
    const auto [n, squares] = GENERATE(std::pair{3, 12u}, std::pair{4, 576u}, std::pair{5, 161280u});
    for (const char* spec : kSpecs) {
        INFO(spec);
        const SolveResult r = solve(spec, test::empty_puzzle(n), Mode::count_all());
        CHECK(r.status == Status::counted);
        CHECK(r.counters.solutions == squares);
        CHECK(r.counters.max_depth == static_cast<std::uint64_t>(n * n));
    }
}

TEST_CASE("fc agrees with bitmask on solution counts", "[fc]") {
    // 400 instances, n = 3..6, sparse to dense clues, every third with one given changed.
    int instances = 0, unsat = 0, multiple = 0;
    for (std::uint64_t seed = 1000; seed < 1400; ++seed) {
        const Puzzle puzzle = Puzzle::compile(test::random_instance(test::mixed_spec(seed), seed));
        ++instances;
        const SolveResult reference = solve("bitmask", puzzle, Mode::count_to(3));
        const SolveResult reference_max = solve("bitmask:val=max", puzzle, Mode::count_to(3));
        REQUIRE(reference.status != Status::error);
        unsat += reference.status == Status::unsat;
        multiple += reference.counters.solutions > 1;
        for (const char* fc : kSpecs) {
            INFO("seed " << seed << ", " << fc);
            const SolveResult r = solve(fc, puzzle, Mode::count_to(3));
            REQUIRE(r.status == reference.status);  // never error: every solution verified
            REQUIRE(r.counters.solutions == reference.counters.solutions);
            REQUIRE(r.solution.empty() == reference.solution.empty());
            // In the same static order FC's tree is a subtree of BT's (Kondrak & van Beek 1997).
            const std::string name = fc;
            if (name == "fc:var=static") REQUIRE(r.counters.nodes <= reference.counters.nodes);
            if (name == "fc:var=static,val=max") REQUIRE(r.counters.nodes <= reference_max.counters.nodes);
        }
    }
    CHECK(instances == 400);
    CHECK(unsat > 50);
    CHECK(multiple > 50);
}

TEST_CASE("fc counters on the empty 2x2, worked out by hand", "[fc]") {
    // Per value of cell 0: it revises cells 1 and 2 (2 checks, 2 removals); cell 1 (one value
    // left) revises cell 3 (1 check, 1 removal); cell 2 revises cell 3 (1 check, nothing left
    // to remove); cell 3 has no unassigned peer. 4 nodes, 4 checks, 3 removals, twice. MRV
    // picks the same cells (ties go to the smallest index).
    for (const char* spec : {"fc:var=static", "fc:var=mrv"}) {
        INFO(spec);
        const SolveResult r = solve(spec, test::empty_puzzle(2), Mode::count_all());
        CHECK(r.status == Status::counted);
        CHECK(r.counters.solutions == 2);
        CHECK(r.counters.nodes == 8);
        CHECK(r.counters.fails == 0);
        CHECK(r.counters.checks == 8);
        CHECK(r.counters.propagations == 6);
        CHECK(r.counters.max_depth == 4);
        CHECK(r.solution == std::vector<int>{1, 2, 2, 1});
    }
}

TEST_CASE("fc solves the Conjure tutorial instance uniquely", "[fc]") {
    for (const char* spec : kSpecs) {
        INFO(spec);
        const SolveResult r = solve(spec, test::conjure_tutorial(), Mode::count_to(2));
        CHECK(r.status == Status::unique);
        CHECK(r.solution == test::kConjureSolution);
    }
}

TEST_CASE("fc: root wipe-outs are unsat with one fail and no node", "[fc]") {
    auto check_root_fail = [](const Puzzle& p) {
        for (const char* spec : kSpecs) {
            INFO(spec);
            const SolveResult r = solve(spec, p, Mode::count_to(2));
            CHECK(r.status == Status::unsat);
            CHECK(r.counters.fails == 1);
            CHECK(r.counters.nodes == 0);
            CHECK(r.solution.empty());
        }
    };
    SECTION("two equal givens in a row") { check_root_fail(test::equal_givens_in_row(4)); }
    SECTION("a given 1 that must exceed a neighbour (outside its chain bounds)") {
        check_root_fail(test::one_greater_than_neighbour(4));
    }
    SECTION("a chain of relations longer than n") {
        Instance in;
        in.n = 3;
        in.lt = {{0, 0, 0, 1}, {0, 1, 0, 2}, {0, 2, 1, 2}};  // 4 cells in increasing order
        check_root_fail(Puzzle::compile(in));
    }
    SECTION("a given removed by forward checking an earlier given") {
        Instance in;
        in.n = 4;
        in.givens = {{0, 0, 3}, {1, 0, 2}};
        in.lt = {{0, 0, 1, 0}};  // 3 < 2 is false; chain bounds alone allow both
        check_root_fail(Puzzle::compile(in));
    }
}

TEST_CASE("fc works at n = 64", "[fc]") {
    for (const int every : {3, 5, 7}) {
        const Puzzle puzzle = test::holey_cyclic(64, every);
        for (const char* spec : kSpecs) {
            INFO("every " << every << ", " << spec);
            const SolveResult r = solve(spec, puzzle, Mode::count_to(2), {0, 1000000});
            CHECK(r.status == Status::unique);
            CHECK(r.solution == test::full_grid(64).givens());
        }
    }
}

TEST_CASE("fc: a full consistent grid is solved at the root", "[fc]") {
    const SolveResult r = solve("fc", test::full_grid(6), Mode::count_to(2));
    CHECK(r.status == Status::unique);
    CHECK(r.counters.nodes == 0);
    CHECK(r.counters.solutions == 1);
}

TEST_CASE("fc respects the limits", "[fc]") {
    const std::uint64_t limit = GENERATE(1u, 64u, 100000u);
    for (const char* spec : kSpecs) {
        INFO(spec);
        const SolveResult r = solve(spec, test::empty_puzzle(6), Mode::count_all(), {0, limit});
        CHECK(r.status == Status::node_limit);
        CHECK(r.counters.nodes == limit);
    }
    const SolveResult t = solve("fc", test::empty_puzzle(7), Mode::count_all(), {0.2, 0});
    CHECK(t.status == Status::timeout);
}

TEST_CASE("fc is deterministic", "[fc]") {
    const Puzzle p = Puzzle::compile(test::random_instance({6, 0.2, 0.3, false}, 7));
    for (const char* spec : kSpecs) {
        const SolveResult a = solve(spec, p, Mode::count_all(), {0, 200000});
        const SolveResult b = solve(spec, p, Mode::count_all(), {0, 200000});
        CHECK(a.counters == b.counters);
        CHECK(a.solution == b.solution);
    }
}

TEST_CASE("fc options: var=mrv and val=min by default", "[fc]") {
    CHECK(parse_solver_spec("fc").text() == "fc:val=min,var=mrv");
}
