// What a run's limits make of its finished row, once the runner has it back (SPEC §4; the
// rules in docs/experiments.md, "limits", and docs/isolation.md, "CPU"). One function for every
// kind, so that a row the runner writes is one its resume and merge take back
// (status_facts.hpp, output_facts.hpp: a status agrees with the record in `output`).
#pragma once

#include "experiments/task_kinds.hpp"
#include "records/results_csv.hpp"
#include "solvers/solver.hpp"

namespace futolab {

// Applied by the runner to each row of a run of `kind` under `limits`:
//   - time (limits.time, limits.cpu): a run of a kind without a record (solve, count) that
//     answered but took longer than a limit did not finish within it, whatever it answered
//     (BenchExec's reading: a solver that checks its clock between long steps can overrun):
//     `timeout`, its message keeping the answer ("… (it said solved)"). A kind whose run writes
//     a record (exact, exact-square: the others take no limits) checks the limits in its search
//     (its deadlines), and its record is what that search proved: the limit governs the search,
//     and the row keeps the search's status even where the record's verification afterwards
//     took the row's cpu_ns or wall_ns past the limit (the times still say what was spent). A
//     `timeout` carrying a proved record was refused by resume and merge (its meta 'exact' is
//     true), which left the experiment stuck.
//   - memory (the sandbox's rule, sandbox/process_row.cpp: a peak above limits.memory, or the
//     cgroup's OOM killer, is `memout` whatever the run said): a memout row carries no record
//     of any kind, so one the run made is dropped with what counts it (h, k, solutions, grade);
//     the message keeps what the run said.
void apply_limit_rule(ResultRow& row, const Limits& limits, const TaskInfo& kind);

// Whether the rule relabels a finished row of `kind` past a limit (solve and count: kinds whose
// run writes no record), and whether a clock's `ns` is past a limit of `seconds` (0: none) as the
// rule reads it. Resume and merge hold the rows to the same reading (censored_facts.hpp).
bool relabels_past_limits(const TaskInfo& kind);
bool past_limit(double ns, double seconds);

}  // namespace futolab
