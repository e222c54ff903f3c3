// The whole `gac` backend through the registry and run_solver (which re-verifies every
// solution): known counts, random instances against brute force and across every option
// combination, limits, determinism and restarts.
#include "gac_test_helpers.hpp"
#include "solvers/gac/gac.hpp"
#include "solvers/options.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/run/run.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace futolab::gac {
namespace {

SolveResult solve(const std::string& spec, const Puzzle& p, Mode mode, Limits limits = {}, std::uint64_t seed = 0) {
    const auto solver = make_solver(parse_solver_spec(spec));
    return run_solver(*solver, p, {mode, limits, seed}).result;
}

Puzzle empty_square(int n) { return Puzzle::compile(test::make_instance(n, {}, {})); }

// Every combination of var × branch × alldiff × val, and with alldiff=regin the cube on too.
std::vector<std::string> all_specs() {
    std::vector<std::string> out;
    for (const char* var : {"static", "mrv", "domdeg", "domwdeg"})
        for (const char* branch : {"dway", "binary"})
            for (const char* alldiff : {"regin", "binary"})
                for (const char* val : {"min", "random"}) {
                    out.push_back(std::string("gac:var=") + var + ",branch=" + branch + ",alldiff=" + alldiff +
                                  ",val=" + val);
                    if (std::string(alldiff) == "regin") out.push_back(out.back() + ",cube=yes");
                }
    return out;
}

Status count3_status(std::uint64_t solutions) {
    return solutions == 0 ? Status::unsat : solutions == 1 ? Status::unique : Status::multiple;
}

}  // namespace

TEST_CASE("gac counts the Latin squares of order 3, 4 and 5", "[gac][heavy]") {
    for (const char* spec : {"gac", "gac:alldiff=binary,var=static", "gac:branch=binary", "gac:var=domwdeg",
                             "gac:var=domdeg,branch=binary,alldiff=binary", "gac:cube=yes", "gac:cube=sac,sac_after=0"}) {
        INFO(spec);
        for (const auto& [n, count] : {std::pair{3, 12}, {4, 576}, {5, 161280}}) {
            const SolveResult r = solve(spec, empty_square(n), Mode::count_all());
            CHECK(r.status == Status::counted);
            CHECK(r.counters.solutions == static_cast<std::uint64_t>(count));
        }
    }
}

TEST_CASE("gac solves the Conjure 4x4 uniquely", "[gac]") {
    const Puzzle p = Puzzle::compile(
        test::make_instance(4, {{0, 0, 2}, {1, 1, 2}}, {{0, 0, 1, 0}, {3, 1, 2, 1}, {2, 2, 2, 3}, {2, 3, 3, 3}}));
    for (const std::string& spec : all_specs()) {
        INFO(spec);
        const SolveResult r = solve(spec, p, Mode::count_to(2));
        CHECK(r.status == Status::unique);
        CHECK(r.solution == std::vector<int>{2, 1, 4, 3, 4, 2, 3, 1, 3, 4, 1, 2, 1, 3, 2, 4});
    }
}

TEST_CASE("gac agrees with a brute-force counter on random small instances", "[gac]") {
    std::mt19937_64 rng(2024);
    int unsat = 0, unique = 0, multiple = 0;
    for (int round = 0; round < 240; ++round) {
        const int n = 3 + round % 2;
        const Puzzle p = test::random_puzzle(rng, n, 0.1 + 0.1 * (round % 4), 0.1 + 0.1 * (round % 3), round % 3 == 0);
        const std::uint64_t expected = test::brute_force_count(p, 3);
        unsat += expected == 0;
        unique += expected == 1;
        multiple += expected > 1;
        for (const std::string& spec : all_specs()) {
            INFO("round " << round << " " << spec);
            const SolveResult r = solve(spec, p, Mode::count_to(3), {}, round);
            REQUIRE(r.status == count3_status(expected));
            REQUIRE(r.counters.solutions == expected);
        }
    }
    CHECK(unsat > 10);
    CHECK(unique > 20);
    CHECK(multiple > 20);
}

TEST_CASE("every option combination gives the same count on random instances up to 6x6", "[gac]") {
    std::mt19937_64 rng(77);
    const auto specs = all_specs();
    int unsat = 0, unique = 0;
    for (int round = 0; round < 300; ++round) {
        const int n = 3 + round % 4;
        const Puzzle p = test::random_puzzle(rng, n, 0.15 + 0.1 * (round % 4), 0.1 + 0.15 * (round % 3), round % 4 == 0);
        const SolveResult first = solve(specs[0], p, Mode::count_to(3));
        REQUIRE(first.status != Status::error);
        unsat += first.counters.solutions == 0;
        unique += first.counters.solutions == 1;
        for (const std::string& spec : specs) {
            INFO("round " << round << " " << spec);
            const SolveResult r = solve(spec, p, Mode::count_to(3), {}, round);
            REQUIRE(r.status == first.status);
            REQUIRE(r.counters.solutions == first.counters.solutions);
        }
    }
    CHECK(unsat > 20);
    CHECK(unique > 20);
}

TEST_CASE("a reused engine gives what a fresh one gives, whatever was solved before", "[gac]") {
    // `gac` keeps one engine per thread and resets it for each solve (gac.cpp, EngineLease):
    // state left over from a larger, smaller or failed puzzle must not leak into the next.
    std::mt19937_64 rng(41);
    std::vector<Puzzle> puzzles;
    for (int k = 0; k < 60; ++k)
        puzzles.push_back(test::random_puzzle(rng, 3 + static_cast<int>(rng() % 7), 0.2, 0.2, k % 3 == 0));
    std::vector<SolveResult> first;
    for (const Puzzle& p : puzzles) first.push_back(solve("gac", p, Mode::count_to(2)));
    for (int round = 0; round < 3; ++round)
        for (std::size_t k = 0; k < puzzles.size(); ++k) {
            const std::size_t i = (k * 7 + static_cast<std::size_t>(round) * 13) % puzzles.size();  // another order
            const SolveResult again = solve(round == 1 ? "gac:sac=all,sac_after=0" : "gac", puzzles[i], Mode::count_to(2));
            INFO("puzzle " << i << " round " << round);
            CHECK(again.status == first[i].status);
            CHECK(again.counters.solutions == first[i].counters.solutions);
            if (round != 1) {
                CHECK(again.counters.nodes == first[i].counters.nodes);
                CHECK(again.counters.propagations == first[i].counters.propagations);
                CHECK(again.solution == first[i].solution);
            }
        }
}

TEST_CASE("gac handles the largest size, n = 64 (the whole 64-bit word)", "[gac]") {
    std::mt19937_64 rng(64);
    const Puzzle p = test::random_puzzle(rng, 64, 0.8, 0.05, false);
    for (const char* spec : {"gac", "gac:branch=binary", "gac:alldiff=binary,var=domwdeg"}) {
        INFO(spec);
        const SolveResult r = solve(spec, p, Mode::count_to(2));
        CHECK((r.status == Status::unique || r.status == Status::multiple));  // planted: satisfiable
        CHECK(r.solution.size() == 64u * 64u);
        const SolveResult e = solve(spec, empty_square(64), Mode::first(), {0, 30});
        CHECK(e.status == Status::node_limit);
        CHECK(e.counters.nodes == 30);
    }
}

TEST_CASE("gac reports a root failure as unsat with one fail and no node", "[gac]") {
    // Two equal givens in a row.
    const Puzzle p = Puzzle::compile(test::make_instance(4, {{0, 0, 3}, {0, 2, 3}}, {}));
    for (const char* spec : {"gac", "gac:alldiff=binary"}) {
        const SolveResult r = solve(spec, p, Mode::count_to(2));
        CHECK(r.status == Status::unsat);
        CHECK(r.counters.fails == 1);
        CHECK(r.counters.nodes == 0);
    }
    // A given outside its chain bounds: 1 > x.
    const Puzzle q = Puzzle::compile(test::make_instance(3, {{0, 0, 1}}, {{0, 1, 0, 0}}));
    CHECK(solve("gac", q, Mode::first()).status == Status::unsat);
}

TEST_CASE("gac stops at the node limit and at the time limit", "[gac]") {
    const Puzzle p = empty_square(7);
    for (const char* spec : {"gac", "gac:branch=binary", "gac:alldiff=binary,var=domwdeg"}) {
        INFO(spec);
        const SolveResult r = solve(spec, p, Mode::count_all(), {0, 1000});
        CHECK(r.status == Status::node_limit);
        CHECK(r.counters.nodes == 1000);
        const SolveResult t = solve(spec, p, Mode::count_all(), {0.05, 0});
        CHECK(t.status == Status::timeout);
    }
}

TEST_CASE("gac is deterministic for a seed", "[gac]") {
    std::mt19937_64 rng(8);
    for (int round = 0; round < 20; ++round) {
        const Puzzle p = test::random_puzzle(rng, 6, 0.2, 0.2, false);
        for (const char* spec : {"gac:val=random", "gac:val=random,branch=binary,var=domwdeg,restarts=luby,restart_base=2"}) {
            const SolveResult a = solve(spec, p, Mode::first(), {}, 42);
            const SolveResult b = solve(spec, p, Mode::first(), {}, 42);
            CHECK(a.counters == b.counters);
            CHECK(a.solution == b.solution);
        }
    }
}

TEST_CASE("gac with Luby restarts finds solutions and proves unsat", "[gac]") {
    std::mt19937_64 rng(31);
    int restarted = 0;
    for (int round = 0; round < 150; ++round) {
        const int n = 5 + round % 4;
        const Puzzle p = test::random_puzzle(rng, n, 0.2, 0.3, round % 2 == 0);
        const SolveResult plain = solve("gac", p, Mode::first());
        for (const char* spec : {"gac:restarts=luby,restart_base=1,var=domwdeg", "gac:restarts=luby,restart_base=1,val=random",
                                 "gac:restarts=luby,restart_base=1,branch=binary,var=domwdeg,val=random"}) {
            INFO("round " << round << " " << spec);
            const SolveResult r = solve(spec, p, Mode::first(), {}, round);
            REQUIRE(r.status == plain.status);  // solved or unsat, never error: run_solver verified it
            restarted += r.counters.fails > 1;  // base 1: a second fail means a second run
        }
    }
    CHECK(restarted > 10);
}

TEST_CASE("gac refuses restarts when counting", "[gac]") {
    const SolveResult r = solve("gac:restarts=luby", empty_square(4), Mode::count_to(2));
    CHECK(r.status == Status::error);
    CHECK(r.message.find("restarts") != std::string::npos);
    CHECK(solve("gac:restarts=luby", empty_square(4), Mode::count_to(1)).status == Status::solved);
}

TEST_CASE("gac options are validated and canonical", "[gac]") {
    CHECK(parse_solver_spec("gac").text() ==
          "gac:adapt=yes,alldiff=regin,branch=dway,cube=sac,restart_base=100,restarts=none,root=planes,sac=all,sac_after=5,sac_incremental=no,sac_probe=light,"
          "sac_restart=yes,sac_size=0,sac_sweeps=1,val=min,var=mrv");
    CHECK_THROWS(parse_solver_spec("gac:var=dom"));
    CHECK_THROWS(make_solver(parse_solver_spec("gac:restart_base=0")));
}

}  // namespace futolab::gac

namespace futolab::gac {
namespace {

// The puzzle with one more given (cell = value), as an Instance (relations kept).
Puzzle with_given(const Puzzle& p, int cell, int value) {
    Instance in = p.to_instance();
    in.givens.push_back({cell / p.n(), cell % p.n(), value});
    return Puzzle::compile(in);
}

}  // namespace

TEST_CASE("gac with an excluded value counts what brute force counts over the other values", "[gac]") {
    std::mt19937_64 rng(77);
    int none = 0, some = 0;
    for (int round = 0; round < 120; ++round) {
        const int n = 3 + round % 2;
        const Puzzle p = test::random_puzzle(rng, n, 0.15, 0.2, false);
        const int cell = static_cast<int>(rng() % static_cast<std::uint64_t>(p.cells()));
        if (p.given(cell) != 0) continue;
        const int value = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(n));
        // Independent: the solutions with cell ≠ value are those with cell = w for some w ≠ value.
        std::uint64_t expected = 0;
        for (int w = 1; w <= n; ++w)
            if (w != value) expected += test::brute_force_count(with_given(p, cell, w), 1000);
        const auto kernel = make_search_kernel(parse_solver_spec("gac"));  // the registry row's kernel
        REQUIRE(kernel);
        const Exclusion excluded[] = {{cell, value}};
        const SolveResult r = kernel->solve_excluding(p, {Mode::count_all(), {}, 0}, excluded, {});
        INFO("round " << round);
        CHECK(r.counters.solutions == expected);
        if (!r.solution.empty()) CHECK(r.solution[static_cast<std::size_t>(cell)] != value);
        (expected == 0 ? none : some) += 1;
    }
    CHECK(none > 5);
    CHECK(some > 20);
}

TEST_CASE("gac with every value of a cell excluded is unsat at the root", "[gac]") {
    const Puzzle p = empty_square(4);
    std::vector<Exclusion> all;
    for (int v = 1; v <= 4; ++v) all.push_back({5, v});
    const auto kernel = make_kernel(parse_solver_spec("gac"));
    const SolveResult r = kernel->solve_excluding(p, {Mode::first(), {}, 0}, all, {});
    CHECK(r.status == Status::unsat);
    all.pop_back();  // value 4 left for cell 5
    const SolveResult s = kernel->solve_excluding(p, {Mode::first(), {}, 0}, all, {});
    REQUIRE(s.status == Status::solved);
    CHECK(s.solution[5] == 4);
    CHECK_THROWS(kernel->solve_excluding(p, {Mode::first(), {}, 0}, std::vector<Exclusion>{{16, 1}}, {}));
}

// Solution-guided search (SearchKernel::solve_excluding's `prefer`): the preferred square, if it
// is a solution, is the first one found, without a fail, in both branchings and with probing;
// and a complete d-way search explores the same tree whatever it prefers.
TEST_CASE("gac's preferred square is found first, and a complete d-way tree does not change", "[gac]") {
    std::mt19937_64 rng(2028);
    int tried = 0;
    for (int round = 0; round < 60; ++round) {
        const int n = 4 + round % 2;
        const Puzzle p = test::random_puzzle(rng, n, 0.1, 0.1, false);
        const auto plain = make_kernel(parse_solver_spec("gac:sac=none"));
        std::vector<std::vector<int>> all;
        std::uint64_t nodes = 0;
        plain->enumerate(p, {}, nodes, [&](const std::vector<int>& s) { all.push_back(s); return all.size() == 50; });
        if (all.size() < 2) continue;
        ++tried;
        const std::vector<int>& last = all.back();  // not the square val=min reaches first
        INFO("round " << round);
        for (const char* spec : {"gac:sac=none", "gac:sac=none,branch=binary", "gac:sac=all,sac_after=0"}) {
            const auto kernel = make_kernel(parse_solver_spec(spec));
            const SolveResult r = kernel->solve_excluding(p, {Mode::first(), {}, 0}, {}, last);
            INFO(spec);
            CHECK(r.solution == last);
            CHECK(r.counters.fails == 0);
        }
        const SolveResult guided = plain->solve_excluding(p, {Mode::count_all(), {}, 0}, {}, last);
        const SolveResult min_first = plain->solve_excluding(p, {Mode::count_all(), {}, 0}, {}, {});
        CHECK(guided.counters.solutions == min_first.counters.solutions);
        CHECK(guided.counters.nodes == min_first.counters.nodes);
        CHECK(guided.counters.fails == min_first.counters.fails);
        // Excluding the preferred square's value of a cell: still a solution, never that value.
        const Exclusion away[] = {{0, last[0]}};
        const SolveResult other = plain->solve_excluding(p, {Mode::first(), {}, 0}, away, last);
        if (other.status == Status::solved) CHECK(other.solution[0] != last[0]);
    }
    CHECK(tried > 20);
    const auto kernel = make_kernel(parse_solver_spec("gac"));
    CHECK_THROWS_AS(kernel->solve_excluding(empty_square(4), {Mode::first(), {}, 0}, {}, std::vector<int>(15, 1)),
                    std::invalid_argument);
}

TEST_CASE("gac's kernel enumerates every solution once, the preferred square first", "[gac]") {
    const Puzzle p = empty_square(4);
    const auto kernel = make_kernel(parse_solver_spec("gac"));
    std::vector<int> prefer{2, 1, 4, 3, 4, 3, 2, 1, 3, 4, 1, 2, 1, 2, 3, 4};
    std::vector<std::vector<int>> seen;
    std::uint64_t nodes = 0;
    CHECK(kernel->enumerate(p, prefer, nodes, [&](const std::vector<int>& s) {
        seen.push_back(s);
        return false;
    }));
    CHECK(seen.size() == 576);  // L(4)
    REQUIRE(!seen.empty());
    CHECK(seen.front() == prefer);
    std::sort(seen.begin(), seen.end());
    CHECK(std::adjacent_find(seen.begin(), seen.end()) == seen.end());
    CHECK(nodes > 0);
    std::size_t visits = 0;  // `visit` returning true stops at once
    kernel->enumerate(p, {}, nodes, [&](const std::vector<int>&) { return ++visits == 1; });
    CHECK(visits == 1);
}

TEST_CASE("only the registry rows that declare a kernel give one", "[gac]") {
    for (const BackendInfo& row : backend_table()) {
        INFO(row.name);
        if (row.external) continue;  // a tool run as a child process: no engine in this binary
        CHECK((make_search_kernel(parse_solver_spec(row.name)) != nullptr) == (row.make_kernel != nullptr));
    }
    CHECK(make_search_kernel(parse_solver_spec("gac")) != nullptr);
    CHECK(make_search_kernel(parse_solver_spec("gecode")) == nullptr);
}

}  // namespace futolab::gac
