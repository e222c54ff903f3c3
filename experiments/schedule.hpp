// The order a shard's runs are executed in (SPEC §6, config `order` and `warmup`). The run
// matrix, its `run` indices and seeds never change: only when each run happens does, so a
// shuffled and a sequential run of one config give the same rows apart from time columns.
#pragma once

#include "experiments/config.hpp"
#include "experiments/run_matrix.hpp"

#include <atomic>
#include <vector>

namespace futolab {

// `todo` (runs in matrix order, e.g. a shard minus the runs already done) in execution order:
// first config.warmup warm-up runs (PlannedRun::warmup, not recorded) of every (instance,
// solver) pair that has a run in `todo`, each a copy of the pair's first run (same seed, same
// work), then the recorded runs. Both parts follow config.order:
//   sequential   matrix order (instance, solver, repeat): repeats back to back;
//   interleaved  repeat-major: every pair's repeat 1, then every pair's repeat 2, …; within a
//                repeat instance by instance, each instance's solvers in an order seeded by
//                (config seed, instance, repeat), so no spec always runs right after another
//                on the same instance (whose caches it would find warm);
//   shuffled     sorted by a hash of (config seed, run index, repeat): a permutation that is
//                the same on every machine and resume (no std::shuffle, whose algorithm is
//                the library's choice), and in which a resumed run keeps its relative order.
// `stop` (may be null; Interrupt::flag()): polled before each run and by each comparison of
// the sorts (10^7 runs take seconds to order); once it is set the result is empty (no run is
// taken after a stop).
std::vector<PlannedRun> schedule_runs(const std::vector<PlannedRun>& todo, const ExperimentConfig& config,
                                      const std::atomic<bool>* stop = nullptr);

}  // namespace futolab
