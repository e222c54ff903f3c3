// The row of a run that ran in a process of its own (warm_workers.cpp, fork_per_run.cpp): the
// row the process sent back, or the run's ending; then what only the process's owner knows
// and the memory rule of SPEC §4. One function, so the two modes cannot drift apart.
#pragma once

#include "sandbox/warm_worker.hpp"
#include "sandbox/sandbox.hpp"

namespace futolab {

ResultRow row_from_process(const SandboxRun& run, const WorkerAnswer& answer, const Limits& limits);

}  // namespace futolab
