// gac:alldiff=regin,branch=binary,var=mrv,val=min,sac=none builds Gecode's search tree: equal solutions,
// nodes (below the root) and fails, on random instances and on the Tatham development set;
// with cube=yes, the tree of a Gecode model that also holds the cube's third face.
#include "core/formats/formats.hpp"
#include "gac_test_helpers.hpp"
#include "gecode_oracle.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/run/run.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <string>

namespace futolab::gac {
namespace {

constexpr const char* kGecodeLike = "gac:alldiff=regin,branch=binary,var=mrv,val=min,sac=none";

void check_same_tree(const Puzzle& p, std::uint64_t limit, bool cube = false) {
    const auto solver = make_solver(parse_solver_spec(std::string(kGecodeLike) + (cube ? ",cube=yes" : "")));
    const SolveResult ours = run_solver(*solver, p, {Mode::count_to(limit), {}, 0}).result;
    const test::GecodeCount theirs = test::gecode_count(p, limit, cube);
    REQUIRE(ours.status != Status::error);
    CHECK(ours.counters.solutions == theirs.solutions);
    CHECK(ours.counters.fails == theirs.fails);
    CHECK(ours.counters.nodes == theirs.nodes);
}

std::vector<Puzzle> tatham(int n) {
    const std::string path = std::string(FUTOLAB_DATA_DIR) + "/tatham-dev/n" + (n < 10 ? "0" : "") +
                             std::to_string(n) + ".tatham";
    std::vector<Puzzle> out;
    for (const Instance& in : read_instances(path)) out.push_back(Puzzle::compile(in));
    return out;
}

}  // namespace

TEST_CASE("gac in its Gecode mode explores Gecode's tree on random instances", "[gac][gecode]") {
    std::mt19937_64 rng(4242);
    for (int round = 0; round < 400; ++round) {
        const int n = 4 + round % 5;
        const Puzzle p = test::random_puzzle(rng, n, 0.1 + 0.05 * (round % 5), 0.1 + 0.1 * (round % 3), round % 3 == 0);
        INFO("round " << round);
        check_same_tree(p, 2);
    }
}

TEST_CASE("gac in its Gecode mode explores Gecode's tree on tatham-dev n = 4..8", "[gac][gecode]") {
    for (int n = 4; n <= 8; ++n)
        for (const Puzzle& p : tatham(n)) {
            INFO(p.id());
            check_same_tree(p, 2);
        }
}

TEST_CASE("with cube=yes, gac in its Gecode mode explores the tree of Gecode with the cube's third face",
          "[gac][gecode][cube]") {
    // The cube (Engine::set_cube) changes the tree of 50 of these 375 Tatham puzzles (nodes
    // 20 032 → 17 750 in all); Gecode, given each value's columns as variables kept distinct,
    // must change it the same way, node for node.
    std::mt19937_64 rng(4343);
    for (int round = 0; round < 200; ++round) {
        const int n = 4 + round % 5;
        const Puzzle p = test::random_puzzle(rng, n, 0.05 + 0.05 * (round % 5), 0.1 + 0.1 * (round % 3), round % 4 == 0);
        INFO("round " << round);
        check_same_tree(p, 2, true);
    }
    const auto plain = make_solver(parse_solver_spec(kGecodeLike));
    const auto cube = make_solver(parse_solver_spec(std::string(kGecodeLike) + ",cube=yes"));
    int changed = 0;
    for (int n = 4; n <= 8; ++n)
        for (const Puzzle& p : tatham(n)) {
            INFO(p.id());
            check_same_tree(p, 2, true);
            const Mode two = Mode::count_to(2);
            changed += run_solver(*plain, p, {two, {}, 0}).result.counters.nodes !=
                       run_solver(*cube, p, {two, {}, 0}).result.counters.nodes;
        }
    CHECK(changed == 50);  // (the cube is not idle)
}

// Slow (the n = 11, 12 extremes take Gecode seconds each): run by hand with "[.slow]".
TEST_CASE("gac in its Gecode mode explores Gecode's tree on tatham-dev n = 9..12", "[.slow][gac][gecode]") {
    for (int n = 9; n <= 12; ++n)
        for (const Puzzle& p : tatham(n)) {
            INFO(p.id());
            check_same_tree(p, 2);
        }
}

}  // namespace futolab::gac
