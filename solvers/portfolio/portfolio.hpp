// Backend `portfolio`: runs complementary backends ("members") on the same puzzle, each on
// its own thread with its own Solver object; the first member with a definitive answer
// (solved, unique, multiple, unsat, counted) wins and the others are stopped through
// Limits::stop (SearchControl / CaDiCaL's Terminator). Gomes & Selman, "Algorithm
// portfolios", Artificial Intelligence 2001: members whose run times are badly correlated
// (dom/wdeg search with Luby restarts, Luby et al. 1993, against CDCL) make the portfolio's
// time the minimum of theirs, at the cost of one core per member.
//
// Members (option members):
//   auto        (default) first solution: gac:var=domwdeg,restarts=luby and sat:config=sat
//               (CaDiCaL tuned for satisfiable formulas); counting (gac's Luby restarts only
//               support first-solution search): gac and sat
//   luby+sat    gac:var=domwdeg,restarts=luby and sat:config=sat in every mode (counting →
//               error: no silent change of members)
//   gac+sat     gac and sat in every mode
//   gecode+sat  gecode:var=afcsize and sat (sat:config=sat for a first solution) in every
//               mode, the sequence's counts included: two backends that share no code with
//               gac, a second opinion (e.g. critical sets' `--verify-with`; measured in
//               results/oracle/REPORT.md, issue #28 round 6, and not made their default)
// The built-in member specs are parsed once per program; a member's solver is made the first
// time the member runs (a sequence whose first member answers never builds the second; the
// experiment driver makes a solver per run). make_of() builds a portfolio of any members (for
// library users and tests).
// Presolving (option presolve_ms, default 20): the first member runs alone on the calling
// thread under that time limit; only if it has no answer by then do all members race (the
// first one again from scratch). A pre-solver schedule as in SATzilla (Xu, Hutter, Hoos &
// Leyton-Brown, JAIR 2008): most instances are easy and are answered without starting a
// thread or building the CNF, which costs more than solving them (≈ 0.2 s at n = 35); a hard
// instance loses at most presolve_ms (the race gets what is left of the time limit; the
// counters reported are those of the winner's run in the race).
//
// Schedule (option schedule): race (above), or sequence — the members one after the other on
// the calling thread, each but the last under a node budget (option presolve_nodes, default
// 1 000), the next one starting with what is left of the time limit. Deterministic (a budget
// in nodes, not ms) and one core. A count runs the counting members the same way, which for
// auto, luby+sat and gac+sat is the first alone (a SAT count of many solutions with blocking
// clauses cannot afford it) and for gecode+sat Gecode, then sat. Members for
// auto: the default gac, then sat:config=sat; counting: gac. `portfolio:schedule=sequence` is
// `futolab solve`'s default (issue #28: a default that is robust on hard random instances).
// Result: the winner's status, solution and counters, with SolveResult::message "answered by
// <member spec>" (the CSV's message column). If a member reports an error (e.g. a mode it
// cannot do), the portfolio reports that error, whatever the others did, so the answer does
// not depend on timing. With no answer (every member hit a limit) the status is timeout if
// any member timed out, else node_limit, with the first member's counters and a message
// listing each member's status. Limits: the time limit and node limit apply to each member
// as given; an external Limits::stop of the portfolio's own request is forwarded to them.
//
// Not deterministic in one respect: which member answers first depends on timing (the
// winner's counters are those of that member run alone, which are deterministic). The CSV's
// cpu_ns is the calling thread's CPU, which runs the first member only; the others' CPU is
// not counted (a portfolio of k members uses up to k cores for its wall time).
#pragma once

#include "solvers/factory.hpp"
#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace futolab::portfolio {

std::span<const OptionSpec> options();
// `factory` parses and makes the members (the registry's functions, solvers/factory.hpp).
std::unique_ptr<Solver> make(const SolverSpec& spec, const SolverFactory& factory);
// Whether a run's counters are the same on every run (SPEC §4): with schedule=sequence; a race's
// counters are whichever member answered first.
bool deterministic(const SolverSpec& spec);

// Whether `message` is one a definitive answer (solved, unique, multiple, unsat, counted) of
// portfolio `spec` writes: "answered by MEMBER", MEMBER one of its members (either mode's),
// and with schedule=sequence, a later member's "answered by MEMBER after FIRST at N nodes, …"
// naming every member before it in its list. Resume and merge hold a row's message to it
// (red-team round 23, C F6: "answered by minizinc" was taken).
bool is_answer_message(const SolverSpec& spec, std::string_view message, const SolverFactory& factory);

// A portfolio of `first` in first-solution mode and `count` in counting modes (InputError if
// either is empty).
std::unique_ptr<Solver> make_of(const std::vector<SolverSpec>& first, const std::vector<SolverSpec>& count,
                                const SolverFactory& factory, unsigned presolve_ms = 0);

}  // namespace futolab::portfolio
