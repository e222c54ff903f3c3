#include "experiments/noise.hpp"

namespace futolab {

std::vector<RepeatGroup> repeat_groups(const RunMatrix& matrix, std::span<const std::int64_t> wall_ns) {
    std::vector<RepeatGroup> out;
    const PlannedRun* previous = nullptr;
    for (const PlannedRun& run : matrix.runs) {
        if (!previous || run.instance != previous->instance || run.solver != previous->solver ||
            run.build != previous->build) {
            std::string spec = matrix.specs.at(static_cast<std::size_t>(run.solver));
            if (matrix.build_names.size() > 1) spec += " @ " + matrix.build_names.at(static_cast<std::size_t>(run.build));
            out.push_back({std::move(spec), {}});
        }
        previous = &run;
        if (run.index < wall_ns.size() && wall_ns[run.index] >= 0)
            out.back().values.push_back(static_cast<double>(wall_ns[run.index]));
    }
    return out;
}

}  // namespace futolab
