// Conformance of an external backend with `gac` (header-only, shared by the tests of
// minizinc, clpfd and ilp): the same status and solution count on random instances (n <= 5),
// on Tatham puzzles (unique), and on empty squares (the Latin square counts). run_solver
// re-verifies every first solution, and the backends verify every solution the tool prints.
#pragma once

#include "../../support/puzzles.hpp"
#include "core/formats/formats.hpp"
#include "solvers/registry/registry.hpp"
#include "solvers/run/run.hpp"
#include "../../support/random_instances.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <string>

namespace futolab::test {

inline RunResult run_spec(const std::string& spec, const Puzzle& p, Mode mode, Limits limits = {}) {
    auto solver = make_solver(parse_solver_spec(spec));
    return run_solver(*solver, p, {mode, limits, 1});
}

// The first `count` random instances with n <= 5 (mixed_spec: unsat, unique and multiple).
inline void agrees_on_random(const std::string& spec, int count, Mode mode = Mode::count_to(3)) {
    int done = 0;
    for (std::uint64_t seed = 1; done < count; ++seed) {
        const RandomInstanceSpec rs = mixed_spec(seed);
        if (rs.n > 5) continue;
        const Puzzle p = Puzzle::compile(random_instance(rs, seed));
        const RunResult want = run_spec("gac", p, mode), got = run_spec(spec, p, mode);
        INFO(spec << " on " << p.id() << ": " << got.result.message);
        REQUIRE(got.result.status == want.result.status);
        CHECK(got.result.counters.solutions == want.result.counters.solutions);
        ++done;
    }
}

// The first `per_n` puzzles of corpora/tatham-dev/nNN.tatham for n = 4..max_n: unique.
inline void unique_on_tatham(const std::string& spec, int max_n, int per_n) {
    for (int n = 4; n <= max_n; ++n) {
        const auto instances = read_instances(fmt::format("{}/tatham-dev/n{:02}.tatham", FUTOLAB_DATA_DIR, n));
        for (int i = 0; i < per_n && i < static_cast<int>(instances.size()); ++i) {
            const Puzzle p = Puzzle::compile(instances[static_cast<std::size_t>(i)]);
            const RunResult r = run_spec(spec, p, Mode::count_to(2));
            INFO(spec << " on " << p.id() << ": " << r.result.message);
            CHECK(r.result.status == Status::unique);
        }
    }
}

inline Puzzle empty_square(int n) { return empty_puzzle(n); }

}  // namespace futolab::test
