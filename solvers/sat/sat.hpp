// Backend `sat`: the puzzle as CNF (encode.hpp: direct encoding with the extended Latin
// square constraints, order encoding for relations) solved by CaDiCaL (Biere et al., "CaDiCaL,
// Kissat, Paracooba, Plingeling and Treengeling entering the SAT Competition 2020"), the
// Debian 12 package libcadical-dev 1.5.3. One CaDiCaL::Solver per solve() call: no shared
// state. CaDiCaL's options are its defaults except `seed` (from SolveRequest::seed), `quiet`
// (it never prints), `terminateint` (below) and, when counting, `lucky` = 0 (the lucky phase
// before each incremental call never finds a model of a blocked formula, and cost 2.6× in
// counting L(4)). amo=pairwise is the default: at n = 35 the sequential counter's formula is
// 6× smaller but CaDiCaL got through 8× fewer conflicts in the same 10 s.
//
// Modes: the first solution is one solve(). Counting to K (or all) is incremental with
// blocking clauses: after each solution, a clause saying "one of the free cells takes another
// value" is added and solve() is called again, until K solutions or unsat. One blocking
// clause per solution makes each call slower than the last (all of them are watched):
// counting L(5) = 161 280 that way took 176 s (loaded machine, load 13 on 2 cores). So the
// enumeration runs in cubes (sat.cpp, Enumerator): the blocking clauses of a cube carry its
// activation literal (an assumption); after 256 solutions a cube is split on its next free
// cell (one sub-cube per value, the values as assumptions), and a finished cube is retired by
// a unit ¬activation, which satisfies its blocking clauses for good. Every solution is still
// found exactly once, the database holds at most depth × 256 live blocking clauses, and
// counting S solutions costs about S + (number of cubes) solver calls: L(5) took 20 s on the
// same machine, uniqueness (K = 2) is two or three calls in one cube. Counts in the millions
// are not what this backend is for.
//
// Counters (SPEC §4). CaDiCaL 1.5.3 prints its statistics but has no API to read them (the
// `get_statistic_value` of later versions is missing), so only what the public API lets us
// observe is reported; the rest is unknown (SolveResult::unknown: empty in the CSV):
//   solutions     solutions found.
//   fails         conflicts: the clauses CaDiCaL learns in conflict analysis, counted through
//                 its Learner interface (each conflict analysis learns one clause, a unit or
//                 the empty clause included; the conflicts that chronological backtracking
//                 resolves without learning are not seen). Summed over the incremental calls.
//                 A formula found unsat while its clauses are added (conflicting givens) has
//                 fails = 1, like a failing root in the other backends.
//   nodes         unknown (empty in the CSV, SPEC §4): decisions are not readable (CaDiCaL
//                 counts them internally). Reported as 0 until the throughput ladder showed
//                 "100 % decided without search" for sat, which a 0 cannot mean here.
//   checks, propagations, max_depth   unknown too (a CDCL solver has no search tree depth in
//                 the sense of SPEC §4 anyway: it backjumps and restarts).
// Determinism: CaDiCaL is deterministic for a given formula, options and seed, and the limits
// below only decide when it stops, so the same puzzle, options and seed give the same counters.
//
// Limits: the time limit and the external stop flag (Limits::stop) through a
// CaDiCaL::Terminator that asks SearchControl::out_of_time(); CaDiCaL polls it in its search
// loop and in its inprocessing, at every poll (`terminateint` = 0, instead of every 10th).
// Adding the formula polls every 64 Ki literals; encoding it is not interruptible (tens of ms
// at n = 35). The node limit N is CaDiCaL's decision limit
// (`limit("decisions", N)`), which bounds the decisions of each solve() call: in count mode
// every incremental call gets N again, so a run may make more than N decisions in all.
//
// Options: amo=pairwise|sequential (encode.hpp); config=default|sat|unsat, CaDiCaL's own
// option configurations (`sat`: stable mode only, less elimination and subsumption effort;
// on the five hardest planted n = 35 instances of configs/portfolio-planted.yaml it needed
// 2.6–17× fewer conflicts than `default`).
#pragma once

#include "solvers/kernel.hpp"
#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <memory>
#include <span>
#include <vector>

namespace futolab::sat {

std::span<const OptionSpec> options();
std::unique_ptr<Solver> make(const SolverSpec& spec);
// The registry row's clue kernel (clue_kernel.hpp) for amo=pairwise (the encoding it reuses),
// with the spec's CaDiCaL configuration; null for amo=sequential, whose questions then go to make().
std::unique_ptr<ClueKernel> make_clue_kernel(const SolverSpec& spec, int n, const std::vector<int>& square,
                                             std::span<const SquareClue> clues);

}  // namespace futolab::sat
