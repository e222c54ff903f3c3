#include "experiments/task_fns.hpp"

#include "core/status.hpp"
#include "critical/cell_pairs.hpp"
#include "critical/greedy/pipeline.hpp"
#include "experiments/methods.hpp"
#include "experiments/order_outputs.hpp"
#include "experiments/task_kinds.hpp"
#include "experiments/tasks/square_row.hpp"
#include "sandbox/interrupt.hpp"

#include <fmt/format.h>

#include <optional>
#include <string>

namespace futolab::tasks {

namespace {

// The start puzzle's relations as the search's orientation of the adjacent pairs (1: the
// pair's first cell is the smaller, -1: the larger, 0: no relation).
critical::Orientation orientation_of(const Puzzle& start) {
    const std::vector<critical::CellPair> pairs = critical::adjacent_pairs(start.n());
    critical::Orientation o(pairs.size(), 0);
    for (const Relation& r : start.relations())
        for (std::size_t p = 0; p < pairs.size(); ++p)
            if ((pairs[p].a == r.lo && pairs[p].b == r.hi) || (pairs[p].a == r.hi && pairs[p].b == r.lo))
                o[p] = pairs[p].a == r.lo ? 1 : -1;
    return o;
}

}  // namespace

// The zero-given search with the solution free to change (critical/zero_given/zero_given.hpp):
// from the empty board of the row's order, or from the row's instance, a start puzzle of a
// critical_orders: file (free_square_from_empty tells them apart by the instance's name, which
// is the record's id). The record is written as `futolab critical --free-square` always wrote it,
// its time_ms included (the command prints it). A budget spent without a puzzle: `timeout`
// (censored: its k is unknown) with kFreeSquareNothingFound; a set that failed its verification:
// `error`, its reason in the message and no record (an order row has no square to hold it to).
ResultRow run_free_square(TaskContext& t, const PlannedRun& run) {
    ResultRow row = order_row(t, run);
    FreeSquareMethod method = free_square_method(t.matrix.solvers[run.solver]);
    if (t.interrupt != nullptr) method.search.stop = t.interrupt->flag();  // TaskRunner::run takes the stop
    const Puzzle& instance = t.matrix.instances[run.instance];
    const std::optional<critical::Orientation> start =
        free_square_from_empty(row.instance, row.n, run.seed) ? std::nullopt : std::optional(orientation_of(instance));
    const Stopwatch clock;
    const critical::PipelineOutput out = critical::zero_given_set(row.n, method.search, method.verify, run.seed, row.instance, start);
    clock.stop(row);
    // The search's checks are reported with its record only: none without one (a budget spent,
    // a set that failed its verification).
    if (!out.record || !out.verified) row.unknown_counters = task_info(Task::free_square).empty_counters | counter_bit(Counter::nodes);
    if (!out.record) {
        row.status = Status::timeout;
        row.message = std::string(kFreeSquareNothingFound);
        return row;
    }
    if (!out.verified) {
        row.status = Status::error;
        row.message = fmt::format("{}{}", kFreeSquareUnverified, out.why);
        return row;
    }
    row.status = Status::critical;
    row.h = 0;
    row.k = static_cast<int>(out.record->lt.size());
    row.counters.solutions = 1;
    row.counters.nodes = out.record->meta.value("checks", std::uint64_t{0});
    row.output = jsonl_line(*out.record);
    return row;
}

}  // namespace futolab::tasks
