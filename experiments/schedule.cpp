#include "experiments/schedule.hpp"

#include <algorithm>
#include <tuple>

namespace futolab {
namespace {

// Warm-up copies of the first run of each pair: todo is in matrix order, where the runs of
// one (instance, solver, build) are neighbours.
std::vector<PlannedRun> warmups(const std::vector<PlannedRun>& todo, int count) {
    std::vector<PlannedRun> out;
    if (count <= 0) return out;
    for (std::size_t i = 0; i < todo.size(); ++i) {
        if (i > 0 && todo[i].instance == todo[i - 1].instance && todo[i].solver == todo[i - 1].solver &&
            todo[i].build == todo[i - 1].build)
            continue;
        for (int w = 1; w <= count; ++w) {
            PlannedRun run = todo[i];
            run.repeat = w;
            run.warmup = true;
            out.push_back(run);
        }
    }
    return out;
}

void order_runs(std::vector<PlannedRun>& runs, const ExperimentConfig& config) {
    switch (config.order) {
        case RunOrder::sequential:
            std::stable_sort(runs.begin(), runs.end(), [](const PlannedRun& a, const PlannedRun& b) {
                return std::tie(a.index, a.repeat) < std::tie(b.index, b.repeat);
            });
            return;
        case RunOrder::interleaved: {
            // Within a repeat, instance by instance; an instance's solvers in a seeded order that
            // changes with the repeat. A fixed order biased µs-scale comparisons: a spec run
            // right after another on the same instance finds the puzzle and the thread's
            // buffers in cache — `gac:root=planes` after `gac:root=queue` read 0.79× its
            // time, before it 1.06× (results/oracle/REPORT.md, round 8).
            const std::uint64_t salt = derive_seed(config.seed, "interleave");
            // The builds of an A/B sweep take part in the shuffle as solvers do (build 0 leaves
            // the key, and so the order of a sweep without builds, as it was).
            const auto key = [salt](const PlannedRun& r) {
                const std::uint64_t build = r.build == 0 ? 0 : splitmix64(~static_cast<std::uint64_t>(r.build));
                return splitmix64(splitmix64(salt ^ static_cast<std::uint64_t>(r.instance)) ^ static_cast<std::uint64_t>(r.repeat)) ^
                       splitmix64(static_cast<std::uint64_t>(r.solver) + 1) ^ build;
            };
            std::stable_sort(runs.begin(), runs.end(), [&key](const PlannedRun& a, const PlannedRun& b) {
                return std::make_tuple(a.repeat, a.instance, key(a), a.index) < std::make_tuple(b.repeat, b.instance, key(b), b.index);
            });
            return;
        }
        case RunOrder::shuffled: {
            // splitmix64 is a bijection: distinct (index, repeat) give distinct keys, so the
            // order is total and does not depend on the sort algorithm.
            const std::uint64_t salt = derive_seed(config.seed, "order");
            const auto key = [salt](const PlannedRun& r) {
                return splitmix64(splitmix64(salt ^ r.index) ^ static_cast<std::uint64_t>(r.repeat));
            };
            std::vector<std::pair<std::uint64_t, PlannedRun>> keyed;
            keyed.reserve(runs.size());
            for (const PlannedRun& r : runs) keyed.emplace_back(key(r), r);
            std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
            for (std::size_t i = 0; i < runs.size(); ++i) runs[i] = keyed[i].second;
            return;
        }
    }
}

}  // namespace

std::vector<PlannedRun> schedule_runs(const std::vector<PlannedRun>& todo, const ExperimentConfig& config) {
    std::vector<PlannedRun> out = warmups(todo, config.warmup);
    order_runs(out, config);
    std::vector<PlannedRun> recorded = todo;
    order_runs(recorded, config);
    out.insert(out.end(), recorded.begin(), recorded.end());
    return out;
}

}  // namespace futolab
