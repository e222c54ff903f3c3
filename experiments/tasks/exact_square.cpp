#include "experiments/task_fns.hpp"

#include "core/error.hpp"
#include "core/status.hpp"
#include "critical/exact/exact_report.hpp"
#include "critical/exact/exact_square.hpp"
#include "critical/exact/square_certificate.hpp"
#include "experiments/exact_task.hpp"
#include "experiments/methods.hpp"
#include "experiments/tasks/square_row.hpp"
#include "sandbox/interrupt.hpp"

#include <fmt/format.h>

#include <sstream>

namespace futolab::tasks {

namespace {

// The run's limits as the search's own deadlines (it checks them every 256 branch-and-bound
// nodes and before each oracle query), counted from its own start, where its record's time_ms
// and cpu_seconds start (a timeout's record is held to them: output_facts.hpp); the runner's
// interrupt as its outside stop.
critical::ExactOptions search_options(const TaskContext& t, const ExactSquareMethod& method) {
    critical::ExactOptions options = method.search;
    options.time_limit_seconds = t.config.limits.time_seconds;
    options.cpu_limit_seconds = t.config.limits.cpu_seconds;
    if (t.interrupt != nullptr) options.stop = t.interrupt->flag();
    return options;
}

// certificate=yes: the proved minimum's certificate (square_certificate.hpp), one JSON value per
// line of its file, in the record's meta.certificate; `futolab critical --certificate` writes
// the lines out. A search that stopped at bounds proves nothing and carries none.
Json certificate_lines(const critical::SquareOptimum& r) {
    std::ostringstream text;
    critical::write_square_certificate(text, r);
    return json_lines(text.str());
}

// The status of a finished search: the minimum (solved), no set at all (multiple: the
// objective's clues do not determine the square, as task greedy says it), or the limit it
// stopped at (timeout, with the bounds reached in the record).
Status status_of(const critical::SquareOptimum& r, const TaskContext& t) {
    if (r.exact) return r.feasible ? Status::solved : Status::multiple;
    return t.interrupt != nullptr && t.interrupt->requested() ? Status::error : Status::timeout;
}

}  // namespace

// One given square's minimum (critical/exact/exact_square.hpp). The record is the one `futolab
// critical --exact --square` has always written, with the search's own times (meta.cpu_seconds,
// time_ms: the search alone, where the row's cpu_ns and wall_ns include the verification).
ResultRow run_exact_square(TaskContext& t, const PlannedRun& run) {
    ResultRow row = square_row(t, run);
    const ExactSquareMethod method = exact_square_method(t.matrix.solvers[run.solver]);
    const Stopwatch clock;
    const critical::SquareOptimum r =
        critical::exact_square(row.n, square_of(t.matrix.instances[run.instance]), method.objective, search_options(t, method));
    row.status = status_of(r, t);
    row.counters.nodes = r.nodes;
    row.counters.checks = r.oracle_queries;
    if (row.status == Status::error) row.message = "interrupted";
    else if (row.status == Status::timeout)
        row.message = r.feasible ? fmt::format("bounds [{}, {}]", r.lower, r.cost) : fmt::format("no set found, lower bound {}", r.lower);
    if (!r.feasible) {
        clock.stop(row);
        return row;
    }
    Json extra = Json::object();
    if (t.config.limits.time_seconds > 0) extra["time_limit_s"] = t.config.limits.time_seconds;
    if (t.config.limits.cpu_seconds > 0) extra["cpu_limit_s"] = t.config.limits.cpu_seconds;
    bool verified = false;
    Instance record = critical::square_record(
        r, fmt::format("{}:exact-{}", row.instance, critical::exact_objective_name(method.objective)), method.verify, extra, verified);
    if (method.certificate && r.exact) record.meta["certificate"] = certificate_lines(r);
    clock.stop(row);
    if (!verified) {
        row.status = Status::error;
        row.message = "the set failed its verification";
    }
    row.counters.solutions = 1;  // the set's square, uniquely (verified)
    row.h = record.meta["h"].get<int>();
    row.k = record.meta["k"].get<int>();
    row.output = jsonl_line(record);
    return row;
}

}  // namespace futolab::tasks
