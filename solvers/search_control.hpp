// Budgets checked inside search (SPEC §4): a node limit and a wall-time limit, plus an outside
// stop flag (Limits::stop: a SIGINT/SIGTERM of `futolab run` in thread isolation) polled with
// the clock, so a run without a time limit still stops within milliseconds of a signal. Kept apart from
// the search engines as Gecode keeps its Stop objects apart: a backend calls at_node() before
// each node and stops when it returns true. Inline and branch-light: it runs at every node.
#pragma once

#include "solvers/solver.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <ctime>

namespace futolab {

class SearchControl {
public:
    SearchControl(const Limits& limits, const Mode& mode)
        : node_limit_(limits.nodes), stop_after_(mode.stop_after()), mode_(mode),
          deadline_(deadline_after(limits.time_seconds)), timed_(deadline_ != Clock::time_point::max()),
          cpu_budget_ns_(cpu_budget_of(limits.cpu_seconds)), cpu0_ns_(cpu_budget_ns_ ? thread_cpu_now() : 0),
          outside_(limits.stop), polled_(timed_ || cpu_budget_ns_ != 0 || outside_ != nullptr) {}

    // Call just before counting a new node in counters.nodes. True: stop now, without counting
    // or exploring that node (so a run never reports more than the node limit).
    bool at_node(const Counters& c) {
        if (stopped()) return true;  // out_of_time() fired during propagation
        if (node_limit_ != 0 && c.nodes >= node_limit_) return stop(Status::node_limit);
        if (polled_ && --countdown_ == 0) {
            countdown_ = kClockEvery;
            return out_of_time();
        }
        return false;
    }

    // For work between nodes that can be long (e.g. propagation at n = 64): checks the clock
    // and the outside stop. An outside stop reports timeout: such a run is not recorded.
    bool out_of_time() {
        if (outside_ != nullptr && outside_->load(std::memory_order_relaxed)) return stop(Status::timeout);
        if (timed_ && Clock::now() >= deadline_) return stop(Status::timeout);
        // The CPU clock of a thread is a system call (~0.3 µs, no vDSO): read only when a CPU
        // limit is set, and then only as often as the wall clock.
        if (cpu_budget_ns_ != 0 && thread_cpu_now() - cpu0_ns_ >= cpu_budget_ns_) return stop(Status::timeout);
        return false;
    }

    // An optional cap on assignments (values that passed the test, counted by the backend):
    // 0 = none. Only `backtracking` and `bitmask` have it (their option assign_limit).
    void set_assignment_limit(std::uint64_t limit) { assign_limit_ = limit; }

    // Call after an assignment has been made (and, at the last variable, its solution
    // counted). True: the cap is reached, stop with status node_limit. The assignment that
    // reaches the cap is still made, so a solution it completes is found.
    bool at_assignment(std::uint64_t assignments) {
        return assign_limit_ != 0 && assignments >= assign_limit_ && stop(Status::node_limit);
    }

    // Call after counting a solution. True: enough solutions, stop searching.
    bool enough(std::uint64_t solutions) const { return stop_after_ != 0 && solutions >= stop_after_; }

    bool stopped() const { return stopped_ != Status::error; }
    // The final status: the limit that stopped the search, else the completed status.
    Status status(std::uint64_t solutions) const {
        return stopped() ? stopped_ : completed_status(mode_, solutions);
    }

private:
    using Clock = std::chrono::steady_clock;
    // Reading the clock costs ~20 ns; every 64 nodes keeps it under 1 % of the cheapest node
    // while a 1 s limit is still met within a few milliseconds even at ~50 µs per node.
    static constexpr int kClockEvery = 64;

    // now + seconds, or time_point::max() (no deadline) for 0, a negative or NaN limit, and for
    // a limit beyond what the clock can hold: a steady_clock counts int64 nanoseconds, so
    // now + 1e10 s would overflow past 2^63 ns and wrap into the past (every run a timeout).
    // Such a limit means "effectively none", and is treated so here, whatever the caller.
    static Clock::time_point deadline_after(double seconds) {
        if (!(seconds > 0)) return Clock::time_point::max();
        const Clock::time_point now = Clock::now();
        const double room = std::chrono::duration<double>(Clock::time_point::max() - now).count();
        if (!(seconds < room / 2)) return Clock::time_point::max();  // halved: no rounding at the edge
        return now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    }

    // CPU time of this thread (the search's), in ns.
    static std::int64_t thread_cpu_now() {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
    }
    // limits.cpu in ns; 0 (none) for 0, negative, NaN or beyond ~290 years.
    static std::int64_t cpu_budget_of(double seconds) {
        if (!(seconds > 0) || !(seconds < 9e9)) return 0;
        return static_cast<std::int64_t>(seconds * 1e9);
    }

    bool stop(Status why) {
        stopped_ = why;
        return true;
    }

    std::uint64_t node_limit_;
    std::uint64_t assign_limit_ = 0;
    std::uint64_t stop_after_;
    Mode mode_;
    Clock::time_point deadline_;
    bool timed_;
    std::int64_t cpu_budget_ns_;  // 0 = no CPU limit
    std::int64_t cpu0_ns_;        // the thread's CPU time when the search started
    const std::atomic<bool>* outside_;
    bool polled_;
    int countdown_ = kClockEvery;
    Status stopped_ = Status::error;  // error = not stopped
};

}  // namespace futolab
