// SPEC §4 "Nothing on trust": an external tool's word that its search was complete is
// re-checked inside futolab before the run's status stands. Every solution a tool prints is
// already verified and must differ from the others (solvers/external/solutions.hpp), so
// `solved` and a count that reached K are proven by the solutions themselves; what a tool can
// still get wrong is the end of its search: that no solution, or no further one, exists. The
// claims, and the question kClaimCheckSpec (solvers/run/oracle.hpp: the default gac, which the
// test suite checks against brute force) answers in the run's own mode:
//   unsat    (any mode: no solution)               gac finds none
//   unique   (count to K: one solution)            gac finds exactly one, the tool's
//   counted  (count all: S solutions)              gac finds exactly S
//   multiple (count to K ≥ 3: S < K solutions)     gac finds exactly S
// run_solver (run.hpp) asks after its timed window, so the check's time is in neither wall_ns
// nor cpu_ns. The check runs under what the run left of its time and CPU limits (a run and
// its check together stay within the limits the isolation's watchdogs enforce), under its
// memory limit and outside stop, and without a node limit (the tools refuse one anyway).
#pragma once

#include "core/puzzle.hpp"
#include "solvers/solver.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace futolab {

// True when `result` is a tool's claim to be re-checked: it names a tool (claimed_by), its
// status is finished (not a limit or a failure), and it found fewer solutions than `mode`
// asked for (any number, in count-all), i.e. the tool says its search space is exhausted.
bool claims_complete_search(const SolveResult& result, const Mode& mode);

// Re-checks the claim in `result` with kClaimCheckSpec in `mode`, under `budget` (its node limit
// is ignored). nullopt: the check agrees. Otherwise the message of the error row:
//   "wrong answer: minizinc claimed unique (1 solution), futolab's check (gac) found 2 solutions"
//     (also "… found at least N solutions before it stopped (…)" when the check stopped at a
//     limit having already found more solutions than the tool claimed: the answer is wrong
//     whatever the rest of the search would find)
//   "claim not re-checked: minizinc claimed unique (1 solution); futolab's check (gac) could
//     not finish within the run's limits (gac: timeout, wall time limit (…))"
std::optional<std::string> check_claim(const Puzzle& puzzle, const Mode& mode, const SolveResult& result,
                                       const Limits& budget, std::uint64_t seed);

// What a run that used `wall_ns` and `cpu_ns` leaves of `limits` for its check: the time and
// CPU limits less what was used (an exhausted one becomes 1 µs, since 0 means none), no node
// limit, the memory limit and outside stop as they were.
Limits limits_left(const Limits& limits, std::int64_t wall_ns, std::int64_t cpu_ns);

}  // namespace futolab
