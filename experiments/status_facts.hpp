// A row's status against its own `solution`, `solutions` and `output` cells, as SPEC §4 and
// each task kind write them (issue #45, round 10, finding 15: a `unique` row edited to `unsat`,
// its solution kept, was resumed and merged; only `analyze --fail-on-disagreement` noticed).
// Checked by resume and merge through check_row_facts (row_facts.hpp). What is written:
//   - solve and count rows (mode `first`, `count:K`, `count:all`): a finished run's status is
//     completed_status (solvers/solver.hpp) of its mode and its solutions count: unsat for 0,
//     solved in mode first (or count:1), unique or multiple counting to K ≥ 2 (at most K
//     solutions), counted in count:all; its `solution` holds the first solution exactly when
//     the count is not 0. A run stopped by a limit (timeout, node_limit, memout) holds a
//     solution only with a count that is not 0; a crash holds none; `critical` is no solver's.
//   - generate, critical and exact rows (mode = the task): `solution` is the input square
//     whatever happened, so the output decides. The kind's success status (unique, critical,
//     solved) has an output of as many records as `solutions` says; multiple (critical, exact:
//     no set of the allowed clues determines the square), timeout, node_limit, memout and crash
//     have none, except where the kind's output_statuses (task_kinds.hpp) say a status carries
//     a record: exact-square's timeout holds its bounds record, or none if no set was found
//     (round 13, F1); no other status is written, but error, which may keep a record that
//     failed its verification. A row without a record has h = k = 0, and solutions 0 (or empty:
//     a run that died) where its status carries none. A counter the kind does not count is
//     empty (empty_counters; round 13, F9; round 14, B F7). A `grade` is empty where the kind
//     fills none (exact, exact-square, the order kinds) and where the run made no puzzle (its
//     status carries no record), error rows included (round 14, B F2); whether a `multiple`
//     is true of the square is output_facts.hpp's (B F1).
// An `error` row is the evidence of a failure (solution_is_evidence) and is not checked here.
#pragma once

#include "records/csv_reader.hpp"
#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace futolab {

// Throws InputError "PATH:LINE:COLUMN: column 'status' is 'unsat', … : `refusing`" (or names
// the solution, solutions or output cell) for row `r` of `t` whose status its cells contradict.
// A mode cell that is no mode and no task kind is left to the caller's cell checks.
void check_status_facts(const CsvTable& t, std::size_t r, const std::string& path, std::string_view refusing);

// A solve or count row's censored status names a limit its run had (round 11, F5: `timeout`
// and `node_limit` rows of a config without limits were resumed and merged): a timeout needs
// a wall or CPU limit (the runner writes no interrupted run, tasks/solve.cpp), a node_limit
// the config's node limit, or the spec's own budget: assign_limit (solvers/kit/static_order.hpp),
// not a portfolio's member budget, which only hands over. `limits` are the config's, `spec` the row's solver
// (or method). A finished row's message is one its run writes (is_finished_message,
// solvers/registry): none, or a portfolio's "answered by MEMBER" (red-team round 23, C F6).
// A memout row of any kind that writes one (solve and count; exact and exact-square in a process
// of their own) is held to its cause by one table of causes (status_facts.cpp, kMemoutCauses;
// red-team round 27, B F1 and its leftovers; read in run_solver, portfolio.cpp,
// sandbox/child_process.cpp, process_row.cpp and external/outcome.cpp, and seen in sweeps):
//   - "out of memory" (std::bad_alloc, in any isolation, no limit needed), a portfolio's
//     "portfolio: member M: out of memory" (race) or "memout by M[ after …]" (sequence);
//   - under limits.memory only: the sandbox's "out of memory: killed by SIGKILL (Killed) at a
//     peak of N kB" (N × 1024 ≥ 0.9 × the limit, how it tells an OOM kill; in fork isolation N
//     is the row's max_rss_kb: both are the child's wait4 peak), in process isolation only the
//     cgroup's "out of memory: the memory cgroup's OOM killer ended the run's process (…)" or
//     "… ended a process of the run (the run said S)", the peak rule's "peak resident memory …"
//     (censored_facts.hpp holds its figures), and a tool backend's "… ran out of memory (limit L
//     kB, the tool's peak resident set X kB)" or "…'s processes held T kB together (…), above the
//     memory limit (L kB): stopped", L the config's limit, T above it, and max_rss_kb, where
//     known, at least X or T (the run's process's peak plus the tool's).
// Where the run answered before the kill or the rule ("(the run said S)", the peak rule) its
// cells are what it said (a method kind's record dropped: limit_rule.hpp); any other memout lost
// its search: a solver's row keeps no solution, and counts nothing: every counter 0 where a
// solver's run caught the failed allocation itself (run_solver, a portfolio), else every one
// empty (its process died, or its tool was stopped; a method kind's row always). Then a solve or
// count row's nodes and a node_limit's message are held to the node limit (node_facts.hpp).
void check_censored_status(const CsvTable& t, std::size_t r, const std::string& path, const Limits& limits,
                           const SolverSpec& spec, std::string_view refusing);

}  // namespace futolab
