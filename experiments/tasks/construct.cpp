#include "experiments/task_fns.hpp"

#include "core/error.hpp"
#include "core/status.hpp"
#include "critical/construction/chain_construction.hpp"
#include "critical/construction/construction_record.hpp"
#include "experiments/methods.hpp"
#include "experiments/order_outputs.hpp"
#include "experiments/task_kinds.hpp"
#include "experiments/tasks/square_row.hpp"

#include <string>

namespace futolab::tasks {

// The chain construction of the row's order (docs/critical.md): a zero-given puzzle with
// floor(n^2/4) relations at the balanced split, uniquely completable and critical for every n,
// verified here like every set futolab writes (uniqueness by the method's backend, each relation
// by its exchange witness). A split the order cannot take, or a certificate past
// kMaxCnfOrder, is the run's error (`futolab critical --construct` refuses both up front).
ResultRow run_construct(TaskContext& t, const PlannedRun& run) {
    ResultRow row = order_row(t, run);
    const ConstructMethod method = construct_method(t.matrix.solvers[run.solver]);
    const Stopwatch clock;
    const int split = method.split == kBalancedSplit ? critical::balanced_split(row.n) : method.split;
    if (std::string why = construct_failure(method, row.n); !why.empty()) {
        clock.stop(row);
        row.status = Status::error;
        row.message = std::move(why);
        return row;
    }
    const critical::ChainConstruction c = critical::chain_construction(row.n, split);
    bool verified = false;
    Instance record = critical::construction_record(c, method.verify, verified);
    if (method.certificate) record.meta["certificate"] = construct_certificate(c);
    clock.stop(row);
    row.status = verified ? Status::critical : Status::error;
    if (!verified) row.message = kConstructUnverified;
    row.counters.solutions = 1;
    row.unknown_counters = task_info(Task::construct).empty_counters;  // it searches nothing
    row.h = 0;
    row.k = static_cast<int>(c.relations.size());
    row.output = jsonl_line(record);
    return row;
}

}  // namespace futolab::tasks
