// The backend interface (SPEC §3–§4). A Solver is built from a validated SolverSpec (its
// options are fixed then, as Gecode fixes a propagator's consistency level when it is posted)
// and solves one puzzle per call. One virtual call per solve, never per node.
//
// Contract for a backend (check every item when adding one):
//  1. solve() is re-entrant: no global or static mutable state; each call may run on its own
//     thread with its own Solver object. Allocate before search, never inside it.
//  2. Count the SPEC §4 counters exactly as defined in core/counters.hpp.
//  3. Call SearchControl::at_node() just before counting each node; stop when it says so
//     (without counting that node), and report the counters so far with
//     SearchControl::status(). A node limit N thus allows exactly N nodes.
//  4. Report a solution as n*n values row-major (the first one found) in SolveResult::solution
//     (and, optionally, the second one of a count in SolveResult::second). Do not verify them:
//     run_solver() (run.hpp) verifies every solution independently.
//  4b. A counter the backend cannot know (an external tool that does not report it) goes in
//     SolveResult::unknown, never reported as 0 (SPEC §4).
//  4c. A status that is an external tool's word, not futolab's own search, names the tool in
//     SolveResult::claimed_by: run_solver re-checks its claim of a complete search (SPEC §4).
//  5. Same puzzle + options + seed → same counters on every run and machine.
#pragma once

#include "core/puzzle.hpp"
#include "core/status.hpp"
#include "core/vocabulary.hpp"
#include "core/counters.hpp"

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// What to search for: the first solution, or count solutions up to `limit` (0 = all).
struct Mode {
    enum class Kind { first, count } kind = Kind::first;
    std::uint64_t limit = 1;

    static Mode first() { return {Kind::first, 1}; }
    static Mode count_to(std::uint64_t k) { return {Kind::count, k}; }
    static Mode count_all() { return {Kind::count, 0}; }
    // Stop searching once this many solutions are found (0 = never).
    std::uint64_t stop_after() const { return kind == Kind::first ? 1 : limit; }
    std::string name() const;  // "first", "count:2", "count:all"
};

// Parses "first", "1", "2", "K", "all" (the --count / YAML forms). Throws InputError.
Mode parse_mode(std::string_view text);

struct Limits {
    double time_seconds = 0;        // wall time, 0 = none
    std::uint64_t nodes = 0;        // at most this many nodes, 0 = none
    std::uint64_t memory_bytes = 0; // peak resident set of the run's process, 0 = none
    // Not a budget but an outside stop (SIGINT/SIGTERM in thread isolation): when set and
    // true, the search stops as at a time limit (SearchControl polls it with the clock). Null
    // in the configs; the experiment runner points it at its interrupt flag.
    const std::atomic<bool>* stop = nullptr;
    // CPU time of the run (its search thread and every process it started), 0 = none. Last, so
    // the positional initialisers {time, nodes} in use stay what they were.
    double cpu_seconds = 0;
};

struct SolveRequest {
    Mode mode;
    Limits limits;
    std::uint64_t seed = 0;
};

struct SolveResult {
    Status status = Status::error;
    Counters counters;
    std::vector<int> solution;  // first solution, row-major n*n; empty if none
    std::vector<int> second;    // count mode: the second solution, where the backend keeps it (gac); else empty
    std::string message;        // why, for Status::error
    CounterMask unknown = 0;    // counters the backend cannot know (external tools): empty in the CSV
    std::int64_t tool_cpu_ns = 0;      // CPU time of the processes the solve started and waited for (wait4)
    std::int64_t tool_max_rss_kb = -1; // the largest peak resident set among them; -1: none started
    // The external tool whose word a finished status is (its program: "minizinc"), set by the
    // tool kit (solvers/external/outcome.hpp); empty for a search futolab ran itself. A tool's
    // claim that its search was complete is re-checked by run_solver (solvers/run/claim_check.hpp).
    std::string claimed_by;
};

// The status of a search that ran to completion (no limit hit).
Status completed_status(const Mode& mode, std::uint64_t solutions);

class Solver {
public:
    virtual ~Solver() = default;
    virtual SolveResult solve(const Puzzle& puzzle, const SolveRequest& request) = 0;
};

}  // namespace futolab
