// Task exact (issue #15, configs/README.md "Task exact"): the exact minimum critical sets of
// critical/exact/exact.hpp as runs of `futolab run`, so shards, resume, process isolation, the CSV
// and SLURM apply. One run = one symmetry class (a `classes:` instance) × one objective (the
// method `exact:objective=…`). Each run finds the class's OWN minimum (solve_class without
// shared bounds, as `critical --exact --per-class`): a row does not depend on the order, the
// shard or the other rows, and the minimum over all classes is the minimum over the rows.
//
// The row (docs/critical.md, "Exact mode as experiment runs"): status solved (multiple: no
// set of the objective's clue kinds determines the square, e.g. objective k for a class its
// comparisons do not determine; error: a witness failed its verification); h and k of the
// witness; message "minimum 2h+3k = 8" (frontier: the class's min k for every h_max); output
// the witness as JSONL (frontier: one line per corner), verified critical by an independent
// backend in the run itself; counters solutions = witnesses, nodes = branch-and-bound nodes,
// checks = oracle queries (passes over the table of all squares); fails, propagations and
// max_depth have no meaning here and are empty.
#pragma once

#include "core/counters.hpp"
#include "critical/exact_squares.hpp"
#include "experiments/methods.hpp"
#include "experiments/run_matrix.hpp"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// Every Latin square of each order an exact experiment uses (critical::SquareTable), built
// once per `futolab run` before any run starts: the runs of all threads read it, and with
// process isolation each run's process shares it with futolab copy-on-write (a run that built
// its own would spend most of its time on that).
class SquareTables {
public:
    SquareTables() = default;
    explicit SquareTables(const RunMatrix& matrix);  // one table per order among the instances
    const critical::SquareTable& of(int n) const;    // std::logic_error if not built

private:
    std::vector<std::shared_ptr<const critical::SquareTable>> by_n_;
};

// Counters the exact searches (a class's, task exact; a square's, task exact-square) have no
// meaning for (SPEC §4: empty, never 0).
inline constexpr CounterMask kExactNotCounted = counter_bits({Counter::fails, Counter::propagations, Counter::max_depth});

// The message of a class whose objective's clue kinds do not determine it (status multiple).
inline constexpr std::string_view kNoSetMessage = "no set of the objective's clue kinds determines the square";

// What one class's search gives a row (the fields of ResultRow it sets).
struct ExactOutcome {
    Status status = Status::solved;  // solved | multiple | error | timeout
    int h = 0, k = 0;
    Counters counters;
    CounterMask unknown = 0;
    std::string message, output;
    std::int64_t wall_ns = 0, cpu_ns = 0;  // of the search and the verification
};

// The run on this thread: the class's minimum, its witnesses verified by method.verify.
// limits.time is checked cooperatively (before every hitting-set solve and oracle query): a
// class search past it is status timeout. limits.stop (the runner's interrupt) stops it too:
// it throws OracleStopped (solvers/run/oracle.hpp) then.
ExactOutcome solve_exact_class(const Puzzle& square, const ClassRef& ref, const ExactMethod& method,
                               const critical::SquareTable& table, const Limits& limits = {});

}  // namespace futolab
