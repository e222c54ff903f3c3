// When a search must stop: a wall-clock time point and a CPU time of the calling thread
// (thread_cpu_ns, solvers/run/run.hpp), either or both. On a shared machine the CPU limit is the
// fair one: a run at low priority under load gets a fraction of the wall time it waits. And an
// outside stop (the experiment runner's interrupt flag, Limits::stop): when set, it has passed.
#pragma once

#include "solvers/run/run.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>

namespace futolab::critical {

struct Deadline {
    std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::time_point::max();
    std::int64_t cpu_ns = std::numeric_limits<std::int64_t>::max();  // thread CPU time
    const std::atomic<bool>* stop = nullptr;

    Deadline() = default;  // none
    Deadline(std::chrono::steady_clock::time_point w, std::int64_t cpu, const std::atomic<bool>* s = nullptr)
        : wall(w), cpu_ns(cpu), stop(s) {}

    bool none() const {
        return wall == std::chrono::steady_clock::time_point::max() && cpu_ns == std::numeric_limits<std::int64_t>::max() &&
               stop == nullptr;
    }
    bool passed() const {
        if (none()) return false;
        if (stop != nullptr && stop->load(std::memory_order_relaxed)) return true;
        return std::chrono::steady_clock::now() >= wall || thread_cpu_ns() >= cpu_ns;
    }
};

}  // namespace futolab::critical
