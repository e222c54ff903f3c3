// The noise figure of a `futolab run` (records/noise.hpp) from its run matrix: the wall times
// of each (instance, solver) pair's repeats.
#pragma once

#include "experiments/run_matrix.hpp"
#include "records/noise.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace futolab {

// The groups of a run matrix from its runs' wall times (`wall_ns[run index]`, negative: not
// run): the repeats of a pair are neighbours in matrix order.
std::vector<RepeatGroup> repeat_groups(const RunMatrix& matrix, std::span<const std::int64_t> wall_ns);

}  // namespace futolab
