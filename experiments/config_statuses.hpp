// The statuses the runs of one config can write (SPEC §4), from its task kind, the isolation its
// rows say, its limits, its mode and its solvers. Round 16 listed them for the order kinds only
// (task_kinds.hpp, run_statuses); a run of task exact in thread isolation, or any exact run,
// was then asked to `--redo memout` or `--redo node_limit` and "took out 0 rows" (red-team
// round 17, B F5). What a run can write:
//   - an order kind: its run_statuses (it takes neither limits nor isolation);
//   - every other kind: `error` (a failed verification, a backend's wrong answer, an exception),
//     few-relations only where a source has a checkpoint (its shard file's error, nothing else);
//     its finished statuses: solve and count those completed_status gives in the config's mode
//     (mode first: solved, unsat), a square kind its success status, and `multiple` but for
//     generate (status_facts.hpp);
//   - `timeout` under a wall or CPU limit (the search's deadline, a tool's, the runner's limit
//     rule, the kill of a run that overran), and no other way: an interrupted run is not written;
//   - `node_limit`: solve and count under limits.nodes, or a spec with a budget of its own
//     (has_own_node_budget: assign_limit, not a portfolio's presolve_nodes); no method kind
//     takes limits.nodes;
//   - `memout` and `crash` where a run has a process of its own (isolation process or fork), and
//     for solve and count in any isolation (a search's failed allocation is memout,
//     solvers/run/run.cpp; a command's tool killed by a signal is crash);
//   - `critical` is a set record's (critical, greedy, construct, free-square), never a solver's.
#pragma once

#include "core/isolation.hpp"
#include "core/status.hpp"
#include "experiments/config.hpp"

#include <string>

namespace futolab {

// Whether a spec stops at a node budget of its own where the config sets no limits.nodes:
// assign_limit (solvers/kit/static_order.hpp). A portfolio's member budgets (presolve_nodes)
// are not one: they hand over to the next member, and the last runs without a node limit.
bool has_own_node_budget(const SolverSpec& spec);

// Whether a run of `config` in isolation `where` (isolation_written for the config's own:
// thread for a kind without the key) can write `status` (see above).
bool config_writes_status(const ExperimentConfig& config, Isolation where, Status status);

// For a message: "it runs without limits, on the runner's threads; its statuses: error,
// critical" (the statuses in core/status.hpp's order; the limits it runs under by key).
std::string written_statuses_text(const ExperimentConfig& config, Isolation where);

}  // namespace futolab
