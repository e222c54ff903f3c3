// SearchControl's deadline (issue #18): a time limit too large for the clock means "no
// limit". It used to overflow past 2^63 ns and wrap into the past, so `1e10` s timed every
// run out after the first clock check.
#include "core/formats/formats.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/run/run.hpp"
#include "solvers/search_control.hpp"

#include <catch2/catch.hpp>

#include <cfloat>
#include <cmath>

using namespace futolab;

TEST_CASE("a time limit beyond the clock's range is no limit, never an instant timeout", "[search_control]") {
    for (double seconds : {9.2e9, 1e10, 1e300, DBL_MAX, HUGE_VAL, std::nan(""), -1.0, 0.0}) {
        INFO(seconds);
        SearchControl control(Limits{seconds, 0, 0}, Mode::first());
        CHECK_FALSE(control.out_of_time());
        Counters c;
        for (int node = 0; node < 1000; ++node) {  // crosses the clock check (every 64 nodes)
            REQUIRE_FALSE(control.at_node(c));
            ++c.nodes;
        }
        CHECK(control.status(1) == Status::solved);
    }
}

TEST_CASE("every backend solves under a huge time limit", "[search_control][long]") {
    const Puzzle p = Puzzle::compile(
        parse_instances("{\"n\": 4, \"givens\": [[0,0,2],[1,1,2]], \"lt\": [[0,0,1,0]]}\n", "t.jsonl", Format::jsonl).front());
    for (const BackendInfo& b : backend_table()) {
        if (b.declared) continue;  // its name alone runs nothing (tests/solvers/command runs a declared one)
        INFO(b.name);
        const RunResult r = run_solver(*make_solver(parse_solver_spec(b.name)), p, {Mode::count_all(), {1e10, 0, 0}, 0});
        CHECK(r.result.status == Status::counted);
    }
}

TEST_CASE("the CPU limit stops a search, and the message names it", "[search_control][cpu]") {
    // Counting every 12x12 Latin square never ends: only a limit stops it.
    const Puzzle p = Puzzle::compile(parse_instances("{\"n\": 12, \"givens\": [], \"lt\": []}\n", "t.jsonl", Format::jsonl).front());
    for (const char* spec : {"fc", "gac", "bitmask"}) {
        INFO(spec);
        Limits cpu;
        cpu.cpu_seconds = 0.1;
        const RunResult r = run_solver(*make_solver(parse_solver_spec(spec)), p, {Mode::count_all(), cpu, 0});
        CHECK(r.result.status == Status::timeout);
        CHECK(r.result.message.find("cpu time limit") != std::string::npos);
        CHECK(r.cpu_ns >= 100'000'000);
        CHECK(r.cpu_ns < 2'000'000'000);
        Limits wall;
        wall.time_seconds = 0.1;
        const RunResult w = run_solver(*make_solver(parse_solver_spec(spec)), p, {Mode::count_all(), wall, 0});
        CHECK(w.result.status == Status::timeout);
        CHECK(w.result.message.find("wall time limit") != std::string::npos);
    }
}
