// The `sat` backend (solvers/sat/sat.hpp): counts, answers against other backends, limits and
// the counter mapping. Every solution passes run_solver's independent verification.
#include "../../support/puzzles.hpp"
#include "core/formats/formats.hpp"
#include "solvers/options.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/run/run.hpp"
#include "../../support/random_instances.hpp"

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <atomic>

using namespace futolab;

namespace {

SolveResult solve(const std::string& spec, const Puzzle& p, Mode mode, Limits limits = {}, std::uint64_t seed = 0) {
    const auto solver = make_solver(parse_solver_spec(spec));
    return run_solver(*solver, p, SolveRequest{mode, limits, seed}).result;
}

Puzzle empty(int n) { return test::empty_puzzle(n); }

}  // namespace

TEST_CASE("sat counts the Latin squares: L(3)=12, L(4)=576, L(5)=161280", "[sat][heavy]") {
    for (const std::string spec : {"sat", "sat:amo=sequential"}) {
        INFO(spec);
        CHECK(solve(spec, empty(3), Mode::count_all()).counters.solutions == 12);
        const SolveResult l4 = solve(spec, empty(4), Mode::count_all());
        CHECK(l4.status == Status::counted);
        CHECK(l4.counters.solutions == 576);
    }
    // 161 280 solutions: the enumeration splits into cubes several levels deep.
    const SolveResult l5 = solve("sat", empty(5), Mode::count_all());
    CHECK(l5.status == Status::counted);
    CHECK(l5.counters.solutions == 161280);
    CHECK(solve("sat", empty(5), Mode::count_to(1000)).counters.solutions == 1000);
}

TEST_CASE("sat agrees with gac and bitmask on random instances", "[sat]") {
    int unsat = 0, multiple = 0, relations = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        const test::RandomInstanceSpec spec = test::mixed_spec(seed);
        const Puzzle p = Puzzle::compile(test::random_instance(spec, seed));
        // Counting all: bitmask is plain backtracking, the brute-force reference (n <= 5).
        const Mode mode = p.n() <= 4 ? Mode::count_all() : Mode::count_to(3);
        const SolveResult ref = solve(p.n() <= 5 ? "bitmask" : "gac", p, mode);
        for (const std::string s : {"sat", "sat:amo=sequential", "sat:config=sat", "sat:config=unsat"}) {
            const SolveResult r = solve(s, p, mode, {}, seed);
            INFO(s << " on " << p.id() << " " << mode.name());
            CHECK(r.status == ref.status);
            CHECK(r.counters.solutions == ref.counters.solutions);
        }
        unsat += ref.status == Status::unsat;
        multiple += ref.counters.solutions >= 2;
        relations += p.num_relations() > 0;
    }
    CHECK(unsat > 30);
    CHECK(multiple > 30);
    CHECK(relations > 150);
}

TEST_CASE("sat calls every Tatham puzzle unique", "[sat][tatham][heavy]") {
    int puzzles = 0;
    for (int n = 4; n <= 12; ++n) {
        for (const Instance& in : read_instances(fmt::format("{}/tatham-dev/n{:02}.tatham", FUTOLAB_DATA_DIR, n))) {
            const Puzzle p = Puzzle::compile(in);
            const SolveResult r = solve("sat", p, Mode::count_to(2));
            INFO(p.id());
            CHECK(r.status == Status::unique);
            ++puzzles;
        }
    }
    CHECK(puzzles == 615);
}

TEST_CASE("sat solves the Conjure 4x4 and reports unsat", "[sat]") {
    Instance in;
    in.id = "conjure";
    in.n = 4;
    in.givens = {{0, 0, 2}, {1, 1, 2}};
    in.lt = {{0, 0, 1, 0}, {3, 1, 2, 1}, {2, 2, 2, 3}, {2, 3, 3, 3}};
    const SolveResult r = solve("sat", Puzzle::compile(in), Mode::count_to(2));
    CHECK(r.status == Status::unique);
    CHECK(r.solution == std::vector<int>{2, 1, 4, 3, 4, 2, 3, 1, 3, 4, 1, 2, 1, 3, 2, 4});
    CHECK(solve("sat", Puzzle::compile(in), Mode::first()).status == Status::solved);

    SECTION("two equal givens in a row: unsat with 1 fail") {
        Instance bad;
        bad.n = 4;
        bad.givens = {{0, 0, 3}, {0, 3, 3}};
        const SolveResult u = solve("sat", Puzzle::compile(bad), Mode::count_to(2));
        CHECK(u.status == Status::unsat);
        CHECK(u.solution.empty());
        CHECK(u.counters.fails >= 1);
        CHECK((u.unknown & counter_bit(Counter::nodes)) != 0);
    }
}

TEST_CASE("sat honours the time limit and the stop flag: timeout, never a wrong answer", "[sat][limits]") {
    // L(9) = 5 524 751 496 156 892 842 531 225 600: counting all cannot finish in 0.2 s.
    const SolveResult r = solve("sat", empty(9), Mode::count_all(), {0.2, 0});
    CHECK(r.status == Status::timeout);
    CHECK(r.counters.solutions > 0);
    std::atomic<bool> stop{true};
    Limits stopped;
    stopped.stop = &stop;
    const SolveResult s = solve("sat", empty(9), Mode::count_all(), stopped);
    CHECK(s.status == Status::timeout);
}

TEST_CASE("sat node limit is CaDiCaL's decision limit", "[sat][limits]") {
    // A 20x20 first solution needs many decisions: one is not enough.
    const SolveResult r = solve("sat", empty(20), Mode::first(), {0, 1});
    CHECK(r.status == Status::node_limit);
    CHECK(r.solution.empty());
    CHECK(solve("sat", empty(20), Mode::first(), {0, 100000}).status == Status::solved);
}

TEST_CASE("sat counters: conflicts as fails, deterministic for a seed", "[sat]") {
    // Counting all of L(4) and to 3 on random 6x6: the blocking clauses cause conflicts.
    std::vector<Puzzle> puzzles{empty(4)};
    for (std::uint64_t seed = 1; seed <= 5; ++seed)
        puzzles.push_back(Puzzle::compile(test::random_instance({6, 0.2, 0.2, false}, seed)));
    std::uint64_t total_fails = 0;
    for (const Puzzle& p : puzzles) {
        const Mode mode = p.n() == 4 ? Mode::count_all() : Mode::count_to(3);
        const SolveResult a = solve("sat", p, mode, {}, 3);
        const SolveResult b = solve("sat", p, mode, {}, 3);
        INFO(p.id());
        CHECK(a.counters == b.counters);
        CHECK(a.unknown == counter_bits({Counter::nodes, Counter::checks, Counter::propagations, Counter::max_depth}));
        CHECK((a.unknown & counter_bit(Counter::fails)) == 0);  // conflicts are counted
        total_fails += a.counters.fails;
    }
    CHECK(total_fails > 0);
}

TEST_CASE("sat: the encoding checks the clock, so a 64x64 run stops near its limit", "[sat][limits]") {
    // Encoding an empty 64x64 grid (pairwise at-most-one: ~25 million clauses) took seconds
    // before the encoder asked the clock; a 0.1 s limit must end the run long before that.
    Limits limits;
    limits.time_seconds = 0.1;
    const RunResult r = run_solver(*make_solver(parse_solver_spec("sat")), empty(64), {Mode::count_to(2), limits, 0});
    CHECK(r.result.status == Status::timeout);
    CHECK(r.wall_ns < 1'000'000'000);
}
