#include "experiments/limit_rule.hpp"

#include "core/status.hpp"

#include <fmt/format.h>

#include <string>

namespace futolab {
namespace {

void enforce_time_limits(ResultRow& row, const Limits& limits, const TaskInfo& kind) {
    if (outcome_of(row.status) != RunOutcome::finished || !relabels_past_limits(kind)) return;
    const bool wall = past_limit(static_cast<double>(row.wall_ns), limits.time_seconds),
               cpu = past_limit(static_cast<double>(row.cpu_ns), limits.cpu_seconds);
    if (!wall && !cpu) return;
    row.message = fmt::format("{} time limit ({:g} s): the run took {:.1f} ms{}", wall ? "wall" : "cpu",
                              wall ? limits.time_seconds : limits.cpu_seconds,
                              static_cast<double>(wall ? row.wall_ns : row.cpu_ns) / 1e6,
                              " (it said " + std::string(status_name(row.status)) + ")");
    row.status = Status::timeout;
}

// A censored row (memout: the sandbox's relabel) whose status carries no record in this kind.
// An error keeps its record as evidence.
void drop_uncarried_record(ResultRow& row, const TaskInfo& kind) {
    if (row.output.empty() || row.status == Status::error || carries_output(kind, row.status)) return;
    if (outcome_of(row.status) == RunOutcome::finished) return;  // the checkers' business (a writer's bug)
    row.output.clear();
    row.h = row.k = 0;
    row.counters.solutions = 0;
    row.grade.reset();
}

}  // namespace

// A kind whose record is the answer of a search that kept the limits itself is not relabelled.
bool relabels_past_limits(const TaskInfo& kind) { return !fills(kind, TaskColumn::output); }

bool past_limit(double ns, double seconds) { return seconds > 0 && ns > seconds * 1e9; }

void apply_limit_rule(ResultRow& row, const Limits& limits, const TaskInfo& kind) {
    enforce_time_limits(row, limits, kind);
    drop_uncarried_record(row, kind);
}

}  // namespace futolab
