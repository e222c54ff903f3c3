// One measured, verified run: the door every caller (CLI, experiment driver, benchmarks,
// tests) goes through. Measures wall and thread CPU time and re-verifies every solution
// independently of the backend (core/verify.hpp): a wrong solution becomes Status::error.
// An external tool's claim of a complete search (unique, unsat, counted) is re-checked after
// the measured window (claim_check.hpp): a claim futolab's check does not confirm is an error.
#pragma once

#include "solvers/solver.hpp"

#include <cstdint>

namespace futolab {

struct RunResult {
    SolveResult result;
    std::int64_t wall_ns = 0;
    std::int64_t cpu_ns = 0;  // this thread's CPU time
    std::int64_t max_rss_kb = -1;  // peak resident set of the run's own process; -1 = unknown (thread isolation)
};

// CPU time consumed by the calling thread (CLOCK_THREAD_CPUTIME_ID), in ns.
std::int64_t thread_cpu_ns();

RunResult run_solver(Solver& solver, const Puzzle& puzzle, const SolveRequest& request);

}  // namespace futolab
