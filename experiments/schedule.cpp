#include "experiments/schedule.hpp"

#include <algorithm>
#include <tuple>

namespace futolab {
namespace {

// A stop requested while the runs are ordered: schedule_runs gives up (and returns none).
struct Stopped {};

void poll(const std::atomic<bool>* stop) {
    if (stop != nullptr && stop->load(std::memory_order_relaxed)) throw Stopped{};
}

// `less` that polls `stop` first: a sort of 10^7 runs takes seconds, so each comparison asks
// (a comparison that throws leaves the range valid, and it is thrown away).
template <class Less>
auto polling(const Less& less, const std::atomic<bool>* stop) {
    return [&less, stop](const auto& a, const auto& b) {
        poll(stop);
        return less(a, b);
    };
}

// Warm-up copies of the first run of each pair: todo is in matrix order, where the runs of
// one (instance, solver, build) are neighbours.
std::vector<PlannedRun> warmups(const std::vector<PlannedRun>& todo, int count, const std::atomic<bool>* stop) {
    std::vector<PlannedRun> out;
    if (count <= 0) return out;
    for (std::size_t i = 0; i < todo.size(); ++i) {
        poll(stop);
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

void order_runs(std::vector<PlannedRun>& runs, const ExperimentConfig& config, const std::atomic<bool>* stop) {
    switch (config.order) {
        case RunOrder::sequential: {
            const auto less = [](const PlannedRun& a, const PlannedRun& b) {
                return std::tie(a.index, a.repeat) < std::tie(b.index, b.repeat);
            };
            std::stable_sort(runs.begin(), runs.end(), polling(less, stop));
            return;
        }
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
            const auto less = [&key](const PlannedRun& a, const PlannedRun& b) {
                return std::make_tuple(a.repeat, a.instance, key(a), a.index) < std::make_tuple(b.repeat, b.instance, key(b), b.index);
            };
            std::stable_sort(runs.begin(), runs.end(), polling(less, stop));
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
            for (const PlannedRun& r : runs) {
                poll(stop);
                keyed.emplace_back(key(r), r);
            }
            const auto less = [](const auto& a, const auto& b) { return a.first < b.first; };
            std::sort(keyed.begin(), keyed.end(), polling(less, stop));
            for (std::size_t i = 0; i < runs.size(); ++i) runs[i] = keyed[i].second;
            return;
        }
    }
}

}  // namespace

std::vector<PlannedRun> schedule_runs(const std::vector<PlannedRun>& todo, const ExperimentConfig& config,
                                      const std::atomic<bool>* stop) {
    try {
        std::vector<PlannedRun> out = warmups(todo, config.warmup, stop);
        order_runs(out, config, stop);
        std::vector<PlannedRun> recorded = todo;
        order_runs(recorded, config, stop);
        poll(stop);  // a stop before the first comparison (or with nothing to sort) is one too
        out.insert(out.end(), recorded.begin(), recorded.end());
        return out;
    } catch (const Stopped&) {
        return {};
    }
}

}  // namespace futolab
