// A solve or count row's status, `nodes` and message held to the node limit its run had (SPEC
// §4: "Hitting one gives status … node_limit … with the counters so far"; red-team round 26,
// B F8: a node_limit row of 99 999 or 2^64 − 1 nodes under a 100 000-node limit, a unique or a
// timeout row of 100 001, a node_limit row with the message 'x' were resumed and merged, and
// analyze counts node_limit rows as limit hits). What the runs write, read in each backend's
// search and seen in sweeps of every backend in the binary (limits.nodes 1, 7, 50 and 1 000;
// modes first, count:2, count:all; thread and process isolation):
//   - the counter limited is `nodes`. futolab's searches ask SearchControl::at_node
//     (solvers/search_control.hpp) before they count a node and stop at nodes == limits.nodes
//     without counting another (backtracking, fc, gac; bitmask counts a run of values up to the
//     limit, then asks; gecode's Stop asks with the nodes below the root). So no row of theirs
//     has nodes past limits.nodes, whatever its status (a search may finish at exactly the
//     limit, and a timeout stopped before it), and a node_limit row has nodes == limits.nodes;
//   - but an assign_limit spec (backtracking, bitmask: solvers/kit/static_order.hpp) may stop
//     first at its cap on values that passed the test: nodes − fails == assign_limit, with or
//     without limits.nodes (and then at most limits.nodes nodes);
//   - sat writes no nodes (CaDiCaL's decisions, which it limits per call, are not written): its
//     empty cell holds nothing to check. A portfolio writes a member's counters, and the member
//     that stopped at node_limit ran under limits.nodes: a member's own budget (presolve_nodes)
//     only hands over to the next member and applies only below limits.nodes, so the same rule
//     holds, and without limits.nodes a portfolio writes no node_limit at all (its last member
//     runs without one: has_own_node_budget is assign_limit alone);
//   - a node_limit row's message is empty: nothing names that limit (solvers/run/run.cpp names
//     a timeout's only). A portfolio's names its members as Sequence::label and verdict write
//     it: a sequence's "node_limit by MEMBER[ after FIRST at N nodes, …]" (its answers' "answered
//     by …" form), a race's "no member answered (M1: node_limit; M2: node_limit)", or none where
//     the presolve's node_limit left the race no time;
//   - the backends that run a tool (minizinc, clpfd, ilp, command) count with the tool's own
//     counters and cannot stop it at a node count, so their counters are not held to the limit;
//     what their run guarantees is that under limits.nodes it is refused before the tool starts
//     (external::refuse_node_limit: status error), so no finished or node_limit row of theirs is
//     written then (a worker's death or peak may still make one crash, memout or timeout).
// An `error` row's cells are the evidence of a failure: not read here. A `nodes` or `fails` cell
// that is not a whole number is left to the cell checks, which refuse it in their words.
#pragma once

#include "records/csv_reader.hpp"
#include "solvers/options.hpp"
#include "solvers/solver.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace futolab {

// Throws InputError "PATH:LINE:COLUMN: column 'nodes' is 'X', WHY: `refusing`" (or names the
// status or message) for solve or count row `r` of `t`, a run of `spec` under the config's
// `limits`, that breaks the rules above. Called by check_censored_status (status_facts.hpp).
void check_node_limit(const CsvTable& t, std::size_t r, const std::string& path, const Limits& limits,
                      const SolverSpec& spec, std::string_view refusing);

}  // namespace futolab
