// The counters a run of one method counts none of. The kind's empty_counters (task_kinds.hpp)
// say most; a method option can take one more away: the hitting-set engine CaDiCaL (exact,
// exact-sample: engine=cadical) reports no branch-and-bound nodes, so `nodes` is empty there,
// not 0 (SPEC §4: a 0 let `compare --fail-on-change nodes` pass on a counter never measured).
#pragma once

#include "core/counters.hpp"
#include "experiments/task_kinds.hpp"
#include "solvers/options.hpp"

namespace futolab {

// The counters a run of `method` (a method of `task`) writes empty, whatever its status: the
// kind's empty_counters, with `nodes` for a CaDiCaL engine. The run writes them so
// (tasks/square_row.cpp, exact_task.cpp) and resume and merge hold its row to it (output_facts.hpp).
CounterMask method_uncounted(Task task, const SolverSpec& method);

// Whether the hitting-set engine of `method` counts branch-and-bound nodes (false: CaDiCaL);
// true for a kind without an engine option.
bool method_counts_nodes(Task task, const SolverSpec& method);

}  // namespace futolab
